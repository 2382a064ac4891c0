package registration

import (
	"context"
	"errors"
	"fmt"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/files"
	"bidpass/internal/identity"
)

// Messages of the enterprise forms that are not identity rules (01 §5).
const (
	fieldEnt       = "enterpriseDto."
	fieldLegal     = "legalPersonDto."
	fieldLinkName  = fieldLegal + "linkName"
	fieldLinkPhone = fieldLegal + "linkPhone"
)

// EnterpriseDto is the enterprise part of the basic-information step.
type EnterpriseDto struct {
	identity.Enterprise
	LicenceID string // enterpriseId: optional here, required at realAuth
}

// LegalPersonDto is the legal representative and contact part.
type LegalPersonDto struct {
	identity.LegalPerson
	Contact       identity.Contact // linkName, linkPhone
	PersonFrontID string           // optional here, required at realAuth
	PersonBackID  string
	CheckCodeID   string // SMS code id, scene contact
	CheckCode     string
}

// EnterpriseInfo is the basic-information step.
type EnterpriseInfo struct {
	Enterprise  EnterpriseDto
	LegalPerson LegalPersonDto
}

// SaveEnterpriseInfo checks and saves the basic information of an
// enterprise in registration and moves it to the authentication step. The
// contact phone's SMS code (scene contact) is required unless the phone is
// the one already verified by an earlier save, so going back from the
// authentication step does not cost a new code.
func (s *Service) SaveEnterpriseInfo(ctx context.Context, accountID int64, f EnterpriseInfo) (InfoResult, error) {
	e, l := f.Enterprise, f.LegalPerson
	ent, probs := s.d.Rules.Enterprise(e.Enterprise)
	probs = probs.Renamed(identity.Prefix(fieldEnt))
	legal, lp := s.d.Rules.LegalPerson(l.LegalPerson)
	probs.Append(lp.Renamed(identity.Prefix(fieldLegal)))
	contact, cp := s.d.Rules.Contact(l.Contact)
	probs.Append(cp.Renamed(identity.Rename(map[string]string{"name": fieldLinkName, "phone": fieldLinkPhone})))
	if err := probs.Err(); err != nil {
		return InfoResult{}, err
	}
	checkCode := identity.StripSpaces(l.CheckCode)

	var res InfoResult
	err := s.d.DB.InTx(ctx, func(ctx context.Context) error {
		a, err := s.accountOfKind(ctx, accountID, account.Enterprise)
		if err != nil {
			return err
		}
		now := s.d.Clock.Now().UTC()
		if err := account.Move(ctx, s.d.Accounts, &a, account.Stage.SaveInfo, now); err != nil {
			return err
		}
		p, err := s.d.Accounts.EnterpriseProfile(ctx, accountID)
		if err != nil && !errors.Is(err, account.ErrNotFound) {
			return err
		}
		// The contact phone needs its own code unless an earlier save of
		// this registration already proved it.
		if p.Contact.Phone == "" || p.Contact.Phone != contact.Phone {
			if checkCode == "" {
				return apperr.Field(fieldLegal+"checkCode", identity.MsgContactCode)
			}
			if err := s.d.SMS.Verify(ctx, SceneContact, contact.Phone, l.CheckCodeID, checkCode); err != nil {
				return withField(err, fieldLegal+"checkCode")
			}
		}
		// Photos sent early (the spec's step 1 may carry the licence) are
		// attached now; the authentication step requires them.
		for _, c := range []struct{ field, id string }{
			{fieldEnt + "enterpriseId", e.LicenceID},
			{fieldLegal + "personFrontId", l.PersonFrontID},
			{fieldLegal + "personBackId", l.PersonBackID},
		} {
			if c.id == "" {
				continue
			}
			if err := s.d.Files.AttachAs(ctx, accountID, files.KindPhoto, c.id); err != nil {
				return withField(err, c.field)
			}
		}
		p.AccountID = accountID
		p.Type, p.Name, p.CertType, p.CertNum = ent.Type, ent.Name, ent.CertType, ent.CertNum
		p.Province, p.City, p.Area, p.DetailAddr = ent.Province, ent.City, ent.Area, ent.DetailAddr
		p.Industry, p.Capital, p.CapitalUnit, p.CapitalCurrency = ent.Industry, ent.Capital, ent.CapitalUnit, ent.CapitalCurrency
		if e.LicenceID != "" {
			p.LicenseFileID = e.LicenceID
		}
		p.Legal.Name, p.Legal.CertType, p.Legal.CertNum = legal.Name, legal.CertType, legal.CertNum
		if l.PersonFrontID != "" {
			p.LegalFrontID = l.PersonFrontID
		}
		if l.PersonBackID != "" {
			p.LegalBackID = l.PersonBackID
		}
		p.Contact.Name, p.Contact.Phone = contact.Name, contact.Phone
		p.UpdatedAt = now
		if _, err := s.d.Accounts.SaveEnterpriseProfile(ctx, p); err != nil {
			return err
		}
		res = InfoResult{Step: a.RegisterStep, RegisterProcess: a.RegisterProcess}
		return nil
	})
	return res, err
}

// EnterpriseRealAuth is the enterprise authentication step. The upload
// mode the user must open first (01 §5: 请上传相关证件！) is a screen state;
// the server requires the photos themselves.
type EnterpriseRealAuth struct {
	LicenceID     string // enterpriseId; empty: the one saved with the basic information
	PersonFrontID string
	PersonBackID  string
}

// SubmitEnterpriseRealAuth attaches the licence and the legal person's
// certificate photos, queues a real-name review, sets authState 99 and ends
// the registration, in one transaction. After registration it is the
// account centre's manual authentication, under the same rules as the
// person's (realAuthAccount).
//
// The licence belongs to the basic-information step (01 §2): a body without
// one uses the licence saved there, and only when neither has one is it
// refused (请上传营业执照).
func (s *Service) SubmitEnterpriseRealAuth(ctx context.Context, accountID int64, f EnterpriseRealAuth) error {
	var fe identity.Problems
	if f.PersonFrontID == "" {
		fe.Add("personFrontId", identity.MsgPhotoFront)
	}
	if f.PersonBackID == "" {
		fe.Add("personBackId", identity.MsgPhotoBack)
	}
	if err := fe.Err(); err != nil {
		return err
	}
	return s.d.DB.InTx(ctx, func(ctx context.Context) error {
		a, src, err := s.submitRealName(ctx, accountID, account.Enterprise)
		if err != nil {
			return err
		}
		p, err := s.d.Accounts.EnterpriseProfile(ctx, accountID)
		if errors.Is(err, account.ErrNotFound) || (err == nil && (p.Name == "" || p.CertNum == "" || p.Legal.Name == "")) {
			return ErrInfoFirst
		}
		if err != nil {
			return err
		}
		if f.LicenceID == "" {
			f.LicenceID = p.LicenseFileID
		}
		if f.LicenceID == "" {
			return apperr.Field("enterpriseId", identity.MsgLicence)
		}
		for _, c := range []struct{ field, id string }{
			{"enterpriseId", f.LicenceID}, {"personFrontId", f.PersonFrontID}, {"personBackId", f.PersonBackID},
		} {
			if err := s.d.Files.AttachAs(ctx, accountID, files.KindPhoto, c.id); err != nil {
				return withField(err, c.field)
			}
		}
		p.LicenseFileID, p.LegalFrontID, p.LegalBackID, p.UpdatedAt = f.LicenceID, f.PersonFrontID, f.PersonBackID, a.UpdatedAt
		if _, err := s.d.Accounts.SaveEnterpriseProfile(ctx, p); err != nil {
			return err
		}
		if _, err := s.d.SubmitReview(ctx, accountID, identity.SubjectEnterprise, p.RealNameSubmission(a, src)); err != nil {
			return fmt.Errorf("registration: submit review: %w", err)
		}
		return s.recordSubmission(ctx, a, f.LicenceID, f.PersonFrontID, f.PersonBackID)
	})
}
