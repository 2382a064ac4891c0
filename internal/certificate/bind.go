package certificate

import (
	"context"
	"strconv"
	"strings"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/session"
)

func accountSubject(id int64) string { return "account-" + strconv.FormatInt(id, 10) }

// BindChallenge issues the challenge the account's key signs to bind its
// certificate (POST /api/certificate/add/prev). The account must be able
// to bind, so a refusal comes before the user is asked for a PIN.
func (s *Service) BindChallenge(ctx context.Context, accountID int64) (string, error) {
	if _, _, err := s.bindable(ctx, accountID); err != nil {
		return "", err
	}
	return s.challenges.Issue(ctx, ForBinding, accountSubject(accountID))
}

// bindable returns the account and its verified name when it may bind a
// certificate: authenticated (authState 1) and holding none.
func (s *Service) bindable(ctx context.Context, accountID int64) (account.Account, string, error) {
	a, err := s.cfg.Accounts.AccountByID(ctx, accountID)
	if err != nil {
		return account.Account{}, "", err
	}
	if a.AuthState != account.Authenticated {
		return account.Account{}, "", ErrNotAuthed
	}
	held, err := s.cfg.Store.BoundCertificatesOf(ctx, session.Portal, accountID)
	if err != nil {
		return account.Account{}, "", err
	}
	if len(held) > 0 {
		return account.Account{}, "", ErrAlreadyHolding
	}
	name, err := s.verifiedName(ctx, a)
	return a, name, err
}

// verifiedName is the person's real name or the enterprise's name, the
// name a certificate's owner must carry.
func (s *Service) verifiedName(ctx context.Context, a account.Account) (string, error) {
	if a.Type == account.Enterprise {
		p, err := s.cfg.Accounts.EnterpriseProfile(ctx, a.ID)
		return p.Name, err
	}
	p, err := s.cfg.Accounts.PersonProfile(ctx, a.ID)
	return p.RealName, err
}

// Bind binds the certificate whose key signed the account's binding
// challenge. Serial, names, validity and public key are read from the
// certificate (sent in the PKCS#7 or beside a raw signature). Refusals, in
// the order checked: not authenticated or already holding one, the
// signature and the certificate (expired, untrusted, revoked…), the owner
// name, bound to another account.
func (s *Service) Bind(ctx context.Context, accountID int64, sig Signed) (Binding, error) {
	_, name, err := s.bindable(ctx, accountID)
	if err != nil {
		return Binding{}, err
	}
	pending, err := s.challenges.Outstanding(ctx, ForBinding, accountSubject(accountID))
	if err != nil {
		return Binding{}, err
	}
	now := s.cfg.Clock.Now()
	v, err := s.cfg.Trust.Verify(sig, Contents(pending), nil, now)
	if err != nil {
		return Binding{}, err
	}
	b := BindingOf(v.Cert)
	if !ownerMatches(v.Cert.Subject.CommonName, v.Cert.Subject.Organization, name) {
		return Binding{}, ErrNameMismatch
	}
	if err := s.challenges.Use(ctx, pending[v.Content]); err != nil {
		return Binding{}, err
	}
	b.Realm, b.SubjectID, b.BoundAt = session.Portal, accountID, now.UTC()
	err = s.cfg.Tx.InTx(ctx, func(ctx context.Context) error {
		if err := s.cfg.Store.BindCertificate(ctx, &b); err != nil {
			return err
		}
		return s.cfg.Store.AddCertificateLog(ctx, logOf(b, HandleBind, b.BoundAt))
	})
	if err != nil {
		return Binding{}, err
	}
	s.cfg.Log.Info("audit: certificate bound", "account", accountID, "serial", b.Serial, "issuer", b.IssuerDN)
	return b, nil
}

// ownerMatches compares the certificate's owner (common name; an
// enterprise certificate may carry the name as organisation instead) with
// the account's verified name, ignoring surrounding spaces and the
// full-width/half-width difference of brackets that names often differ in.
func ownerMatches(cn string, orgs []string, name string) bool {
	want := foldName(name)
	if want == "" {
		return false
	}
	if foldName(cn) == want {
		return true
	}
	for _, o := range orgs {
		if foldName(o) == want {
			return true
		}
	}
	return false
}

var nameFolder = strings.NewReplacer("（", "(", "）", ")", "　", "", " ", "")

func foldName(s string) string { return nameFolder.Replace(strings.TrimSpace(s)) }

func logOf(b Binding, handle int, at time.Time) LogEntry {
	return LogEntry{Realm: b.Realm, SubjectID: b.SubjectID, HandleType: handle, Serial: b.Serial, SubjectDN: b.SubjectDN,
		ValidStart: b.ValidStart, ValidEnd: b.ValidEnd, HandledAt: at.UTC()}
}

// Bound lists the account's bound certificates (GET /api/certificate/list).
func (s *Service) Bound(ctx context.Context, accountID int64) ([]Binding, error) {
	return s.cfg.Store.BoundCertificatesOf(ctx, session.Portal, accountID)
}

// Log returns page (from 1; 10 rows unless size says otherwise, at most
// 100) of the account's bind/unbind record, newest first, and the count.
func (s *Service) Log(ctx context.Context, accountID int64, page, size int) ([]LogEntry, int64, error) {
	if page < 1 {
		page = 1
	}
	if size < 1 {
		size = 10
	}
	size = min(size, 100)
	return s.cfg.Store.CertificateLog(ctx, session.Portal, accountID, (page-1)*size, size)
}

// Unbind ends the account's binding and records it.
func (s *Service) Unbind(ctx context.Context, accountID int64) error {
	now := s.cfg.Clock.Now().UTC()
	var b Binding
	err := s.cfg.Tx.InTx(ctx, func(ctx context.Context) error {
		var err error
		if b, err = s.cfg.Store.UnbindCertificate(ctx, session.Portal, accountID, now); err != nil {
			return err
		}
		return s.cfg.Store.AddCertificateLog(ctx, logOf(b, HandleUnbind, now))
	})
	if err != nil {
		return err
	}
	s.cfg.Log.Info("audit: certificate unbound", "account", accountID, "serial", b.Serial, "issuer", b.IssuerDN)
	return nil
}
