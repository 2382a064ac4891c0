package registration

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"bidpass/internal/account"
	"bidpass/internal/files"
	"bidpass/internal/identity"
)

// Messages of the real-name forms that are not identity rules (01 §5).
const (
	msgCheckType   = "请选择核验方式"
	msgCertTake    = "请上传手持证件照片"
	msgCertAddress = "请填写证件地址"
)

// PersonRealInfo is the real-name information step (01 §3, real-name form).
// CheckType is nil when the client did not say which method it chose.
// DetailAddr is the form's certDetailAddr, LongTerm its certValid.
type PersonRealInfo struct {
	identity.Person
	CheckType *bool // manual verification chosen
}

// InfoResult tells the client where the wizard goes next.
type InfoResult struct {
	Step            int
	RegisterProcess int
}

// SavePersonRealInfo saves the real-name information of a person account in
// registration. With manual verification chosen the wizard goes on to the
// photos (step 2); without it the registration is complete with authState 0
// and the user may authenticate later in the account centre (docs/spec/DECISIONS.md).
// It may be submitted again (the wizard's Previous) until registration ends.
func (s *Service) SavePersonRealInfo(ctx context.Context, accountID int64, f PersonRealInfo) (InfoResult, error) {
	v, probs := s.d.Rules.Person(f.Person)
	probs = probs.Renamed(identity.Rename(map[string]string{"detailAddr": "certDetailAddr"}))
	if f.CheckType == nil {
		probs.Add("checkType", msgCheckType)
	}
	if err := probs.Err(); err != nil {
		return InfoResult{}, err
	}
	manual := *f.CheckType
	next := account.Stage.FinishUnverified
	if manual {
		next = account.Stage.SaveInfo
	}
	var res InfoResult
	err := s.d.DB.InTx(ctx, func(ctx context.Context) error {
		a, err := s.accountOfKind(ctx, accountID, account.Person)
		if err != nil {
			return err
		}
		now := s.d.Clock.Now().UTC()
		if err := account.Move(ctx, s.d.Accounts, &a, next, now); err != nil {
			return err
		}
		p, err := s.d.Accounts.PersonProfile(ctx, accountID)
		if err != nil && !errors.Is(err, account.ErrNotFound) {
			return err
		}
		p.AccountID = accountID
		p.RealName, p.CertType, p.CertNum = v.RealName, v.CertType, v.CertNum
		p.CertStart, p.CertEnd, p.LongTerm = v.CertStart, v.CertEnd, v.LongTerm
		p.Province, p.City, p.Area, p.DetailAddr = v.Province, v.City, v.Area, v.DetailAddr
		p.ManualCheck = manual
		p.UpdatedAt = now
		if _, err := s.d.Accounts.SavePersonProfile(ctx, p); err != nil {
			return err
		}
		res = InfoResult{Step: a.RegisterStep, RegisterProcess: a.RegisterProcess}
		return nil
	})
	return res, err
}

// PersonRealAuth is the authentication step: the certificate photos (file
// ids of uploads) and the address printed on the certificate.
type PersonRealAuth struct {
	CertFrontID string
	CertBackID  string
	CertTakeID  string
	CertAddress string // certDetailAddr of the authentication form
}

// SubmitPersonRealAuth attaches the photos (which must be this account's
// JPEG or PNG uploads), queues a real-name review, sets authState 99 and
// ends the registration, all in one transaction. The same call is the
// account centre's manual authentication (02 §7): an account whose
// registration is over may submit while its authState is 0 (it chose not
// to verify at registration) or 2 (not passed, resubmission); see
// realAuthAccount.
func (s *Service) SubmitPersonRealAuth(ctx context.Context, accountID int64, f PersonRealAuth) error {
	f.CertAddress = identity.StripSpaces(f.CertAddress)
	var fe identity.Problems
	for _, c := range []struct{ field, v, msg string }{
		{"certFrontId", f.CertFrontID, identity.MsgPhotoFront},
		{"certBackId", f.CertBackID, identity.MsgPhotoBack},
		{"certTakeId", f.CertTakeID, msgCertTake},
		{"certDetailAddr", f.CertAddress, msgCertAddress},
	} {
		if strings.TrimSpace(c.v) == "" {
			fe.Add(c.field, c.msg)
		}
	}
	if utf8.RuneCountInString(f.CertAddress) > identity.MaxAddress {
		fe.Add("certDetailAddr", identity.MsgTooLong)
	}
	if err := fe.Err(); err != nil {
		return err
	}
	return s.d.DB.InTx(ctx, func(ctx context.Context) error {
		a, src, err := s.submitRealName(ctx, accountID, account.Person)
		if err != nil {
			return err
		}
		p, err := s.d.Accounts.PersonProfile(ctx, accountID)
		if errors.Is(err, account.ErrNotFound) || (err == nil && (p.RealName == "" || p.CertNum == "")) {
			return ErrInfoFirst
		}
		if err != nil {
			return err
		}
		for _, c := range []struct{ field, id string }{
			{"certFrontId", f.CertFrontID}, {"certBackId", f.CertBackID}, {"certTakeId", f.CertTakeID},
		} {
			if err := s.d.Files.AttachAs(ctx, accountID, files.KindPhoto, c.id); err != nil {
				return withField(err, c.field)
			}
		}
		p.CertFrontID, p.CertBackID, p.CertTakeID, p.CertAddress = f.CertFrontID, f.CertBackID, f.CertTakeID, f.CertAddress
		p.ManualCheck, p.UpdatedAt = true, a.UpdatedAt
		if _, err := s.d.Accounts.SavePersonProfile(ctx, p); err != nil {
			return err
		}
		if _, err := s.d.SubmitReview(ctx, accountID, identity.SubjectPerson, p.RealNameSubmission(a, src)); err != nil {
			return fmt.Errorf("registration: submit review: %w", err)
		}
		return s.recordSubmission(ctx, a, f.CertFrontID, f.CertBackID, f.CertTakeID)
	})
}

func (s *Service) recordSubmission(ctx context.Context, a account.Account, ids ...string) error {
	if s.d.RecordSubmission == nil {
		return nil
	}
	if err := s.d.RecordSubmission(ctx, a.ID, a.Name, ids); err != nil {
		return fmt.Errorf("registration: operation record: %w", err)
	}
	return nil
}

// submitRealName loads the acting account of kind t and moves it to
// verifying (account.Stage.SubmitRealName: after the information step
// during registration, or later while not authenticated or not passed),
// first thing in the transaction: the guarded write makes a second
// submission racing this one fail instead of queueing a second item. It
// returns where the submission comes from.
func (s *Service) submitRealName(ctx context.Context, accountID int64, t account.Type) (account.Account, identity.Source, error) {
	a, err := s.accountOfKind(ctx, accountID, t)
	if err != nil {
		return a, "", err
	}
	src := identity.SourceAccountCentre
	if a.Stage().Registering() {
		src = identity.SourceRegistration
	}
	err = account.Move(ctx, s.d.Accounts, &a, account.Stage.SubmitRealName, s.d.Clock.Now().UTC())
	return a, src, err
}
