// Package certificate is the portal's second way in: CA digital
// certificates held on a USB key or as a soft certificate. It verifies what
// the key signed (PKCS#7/CMS attached or detached, or the raw signature of
// GM/T 0020 SOF_SignData; RSA, ECDSA and SM2), issues the one-time
// challenges a key signs, binds a certificate to an account (after the key
// proved itself), signs an account or a staff member in by certificate,
// proves an account for password recovery, and keeps the revocation lists
// of the configured CAs.
//
// The chain is always checked at the current time (pkcs7's
// VerifyWithChainAtTime; plain VerifyWithChain would trust the signer's own
// signingTime and accept an expired certificate with a back-dated
// signature). Serial numbers are unique only per issuer, so a certificate is
// named by issuer and serial.
package certificate

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"log/slog"
	"math/big"
	"os"
	"strings"
	"time"

	"github.com/emmansun/gmsm/smx509"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/auth"
	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
	"bidpass/internal/recovery"
	"bidpass/internal/session"
)

// Binding is a certificate bound to a portal account or a staff member.
// Every field is read from the certificate itself, never from the client.
type Binding struct {
	ID         int64
	Realm      session.Kind // portal or staff
	SubjectID  int64        // account id or staff id
	Serial     string       // upper-case hex, no leading zeros
	IssuerKey  string       // hex SHA-256 of the issuer's encoded name
	IssuerDN   string
	SubjectDN  string
	OwnerName  string // the subject's common name
	ValidStart time.Time
	ValidEnd   time.Time
	PublicKey  string // base64 SubjectPublicKeyInfo
	DER        []byte
	BoundAt    time.Time
}

// Handle types of the bind/unbind record (02 §3).
const (
	HandleBind   = 1
	HandleUnbind = 2
)

// LogEntry is one row of the bind/unbind record.
type LogEntry struct {
	ID         int64
	Realm      session.Kind
	SubjectID  int64
	HandleType int
	Serial     string
	SubjectDN  string
	ValidStart time.Time
	ValidEnd   time.Time
	HandledAt  time.Time
}

// Store keeps bindings and their record (internal/store).
type Store interface {
	// BoundCertificatesBySerial returns the live bindings of realm whose
	// certificate has this serial (of any issuer).
	BoundCertificatesBySerial(ctx context.Context, realm session.Kind, serial string) ([]Binding, error)
	// BoundCertificatesOf returns the live bindings of one subject.
	BoundCertificatesOf(ctx context.Context, realm session.Kind, subjectID int64) ([]Binding, error)
	// BindCertificate stores b and sets its ID. ErrBoundElsewhere when the
	// certificate (issuer, serial) is bound to anyone; ErrAlreadyHolding
	// when the subject holds a bound certificate.
	BindCertificate(ctx context.Context, b *Binding) error
	// UnbindCertificate ends the subject's live binding and returns it;
	// ErrNotBound when there is none (or another request ended it first).
	UnbindCertificate(ctx context.Context, realm session.Kind, subjectID int64, at time.Time) (Binding, error)
	AddCertificateLog(ctx context.Context, e LogEntry) error
	// CertificateLog returns a page of the subject's record, newest first,
	// and the total count.
	CertificateLog(ctx context.Context, realm session.Kind, subjectID int64, offset, limit int) ([]LogEntry, int64, error)
}

// Accounts is what binding and sign-in read about accounts (internal/store).
type Accounts interface {
	AccountByID(ctx context.Context, id int64) (account.Account, error)
	PersonProfile(ctx context.Context, accountID int64) (account.PersonProfile, error)
	EnterpriseProfile(ctx context.Context, accountID int64) (account.EnterpriseProfile, error)
}

// PortalSessions starts the session a password sign-in starts (internal/auth).
type PortalSessions interface {
	SignInAs(ctx context.Context, accountID int64, methods []string, clientAddr, userAgent string) (auth.SignInResult, error)
}

// Recovery issues the proof a verified phone gives, for the accounts a
// certificate proves (internal/recovery).
type Recovery interface {
	Vouch(ctx context.Context, accounts []account.Account) (recovery.FindResult, error)
}

// Tx runs fn in one transaction (store.DB.InTx).
type Tx interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Config builds a Service.
type Config struct {
	Store     Store
	Accounts  Accounts
	Tx        Tx
	Ephemeral ephemeral.Store
	Trust     *Trust
	Portal    PortalSessions
	Recovery  Recovery
	// Staff starts staff sessions and keeps the action log (internal/staff).
	Staff StaffSessions
	Clock clock.Clock
	Log   *slog.Logger
	// ApplyURL is where an authenticated account applies for a certificate
	// (GET /api/caBuy/params); DriverFile the CA driver offered for download.
	ApplyURL   string
	DriverFile string
	// ChallengesPerMinute bounds the sign-in and recovery challenges one
	// client address may ask for; 0 means DefaultChallengesPerMinute, a
	// negative value no limit.
	ChallengesPerMinute int
}

// Service runs certificate sign-in, binding and recovery.
type Service struct {
	cfg        Config
	challenges *Challenges
}

// New returns a certificate service.
func New(cfg Config) *Service {
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	return &Service{cfg: cfg, challenges: NewChallenges(cfg.Ephemeral)}
}

// Errors of binding (02 §2 lists the four refusals) and of the other calls.
var (
	ErrNameMismatch   = apperr.New(apperr.Conflict, "certificate.name", "证书持有者名称与账号的企业名称或个人姓名不一致")
	ErrBoundElsewhere = apperr.New(apperr.Conflict, "certificate.bound_elsewhere", "该证书已被其他账号绑定")
	ErrNotAuthed      = apperr.New(apperr.Conflict, "certificate.not_authenticated", "账号未完成实名认证，无法绑定证书")
	ErrAlreadyHolding = apperr.New(apperr.Conflict, "certificate.already_bound", "账号已绑定证书，请先解绑后再绑定")
	ErrNotBound       = apperr.New(apperr.NotFound, "certificate.not_bound", "账号未绑定证书")
	ErrUnknownCert    = apperr.New(apperr.Invalid, "certificate.unbound", "该证书未绑定账号，请使用账号密码登录后在账户中心绑定证书")
	ErrSerial         = apperr.Field("serialNumber", "请选择证书")
	ErrApplyNotAuthed = apperr.New(apperr.Conflict, "certificate.apply_not_authenticated", "账号未完成实名认证，无法申请！")
	ErrNoDriver       = apperr.New(apperr.NotFound, "certificate.driver_unconfigured", "证书驱动暂未提供下载，请联系客服")
)

// SerialHex writes a serial number's bytes the way bindings store it.
func SerialHex(b []byte) string {
	s := strings.TrimLeft(strings.ToUpper(hex.EncodeToString(b)), "0")
	if s == "" {
		return "0"
	}
	return s
}

// NormalizeSerial reads the serial a client sends (SOF_GetCertInfo type 2:
// hexadecimal, in either case, sometimes with spaces or colons and leading
// zeros) into the stored form; ok is false for anything else.
func NormalizeSerial(s string) (string, bool) {
	s = strings.Map(func(r rune) rune {
		if r == ' ' || r == ':' || r == '-' {
			return -1
		}
		return r
	}, strings.TrimSpace(s))
	if s == "" || len(s) > 128 {
		return "", false
	}
	n, ok := new(big.Int).SetString(s, 16)
	if !ok || n.Sign() < 0 {
		return "", false
	}
	return SerialHex(n.Bytes()), true
}

// BindingOf reads a binding's fields from the certificate.
func BindingOf(c *smx509.Certificate) Binding {
	sum := sha256.Sum256(c.RawIssuer)
	return Binding{
		Serial: SerialHex(c.SerialNumber.Bytes()), IssuerKey: hex.EncodeToString(sum[:]),
		IssuerDN: c.Issuer.String(), SubjectDN: c.Subject.String(), OwnerName: c.Subject.CommonName,
		ValidStart: c.NotBefore.UTC(), ValidEnd: c.NotAfter.UTC(),
		PublicKey: base64.StdEncoding.EncodeToString(c.RawSubjectPublicKeyInfo), DER: c.Raw,
	}
}

// Certificate parses the stored certificate of b.
func (b Binding) Certificate() (*smx509.Certificate, error) {
	return smx509.ParseCertificate(b.DER)
}

// MsgApplyMissing is the answer's message while no application address is
// configured (the address is then empty).
const MsgApplyMissing = "CA证书申请地址未配置，请联系客服"

// ApplyURL checks that the account may apply for a certificate (it must be
// authenticated) and returns the configured application address, empty
// while none is configured.
func (s *Service) ApplyURL(ctx context.Context, accountID int64) (string, error) {
	a, err := s.cfg.Accounts.AccountByID(ctx, accountID)
	if err != nil {
		return "", err
	}
	if a.AuthState != account.Authenticated {
		return "", ErrApplyNotAuthed
	}
	return s.cfg.ApplyURL, nil
}

// Driver opens the CA driver file for download; ErrNoDriver when none is
// configured or the file is missing.
func (s *Service) Driver() (*os.File, error) {
	if s.cfg.DriverFile == "" {
		return nil, ErrNoDriver
	}
	f, err := os.Open(s.cfg.DriverFile)
	if errors.Is(err, os.ErrNotExist) {
		s.cfg.Log.Warn("CA driver file missing", "file", s.cfg.DriverFile)
		return nil, ErrNoDriver
	}
	return f, err
}
