package profile

import (
	"context"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/certno"
	"bidpass/internal/identity"
)

// An edit goes propose → diff → classify → apply on the catalogue's field
// keys (identity.Fields): the edit is laid over a copy of the stored
// profile, the fields whose value differs are the changes, the catalogue's
// class of each decides whether it takes effect at once or waits for
// review. The server decides every class; an updateType the client sends is
// never read.

// PersonEdit is a person edit; nil fields are left as they are.
type PersonEdit struct {
	Name, CertType, CertNum, CertStart, CertEnd *string
	LongTerm                                    *bool
	Province, City, Area                        *string
	DetailAddr                                  *string
	FrontID, BackID                             *string
}

// EnterpriseEdit is an enterprise edit; nil fields are left as they are.
// SMSCode/SMSCodeID prove the new contact phone when it changes.
type EnterpriseEdit struct {
	Type, Name, CertType, CertNum                   *string
	Province, City, Area, DetailAddr                *string
	Industry, Capital, CapitalUnit, CapitalCurrency *string
	LicenseID                                       *string
	LegalName, LegalCertType, LegalCertNum          *string
	LegalFrontID, LegalBackID                       *string
	ContactName, ContactPhone                       *string
	SMSCode, SMSCodeID                              string
}

// EditResult tells the caller what happened: Waiting when part of the edit
// waits for review (the message then says so).
type EditResult struct {
	Waiting  bool
	ReviewID int64
}

// Message is the success message of the edit (02 §4).
func (r EditResult) Message() string {
	if r.Waiting {
		return "修改成功，等待管理员审核"
	}
	return "修改成功"
}

// fields is a stored profile read and written by catalogue key
// (account.PersonProfile, account.EnterpriseProfile).
type fields interface {
	Value(identity.Key) string
	Set(identity.Key, string)
}

// sent is the typed value of one field an edit carries: as typed (spaces
// stripped, 02 §5), or a certificate number in its canonical form.
type sent struct {
	key identity.Key
	v   *string
}

func typed(k identity.Key, v *string) sent {
	if v != nil {
		s := identity.StripSpaces(*v)
		v = &s
	}
	return sent{k, v}
}

func number(k identity.Key, v *string) sent {
	if v != nil {
		s := certno.Normalize(*v)
		v = &s
	}
	return sent{k, v}
}

// propose lays the values sent over rec; a region keeps the parts not sent.
func propose(rec fields, vs []sent, province, city, area *string) {
	for _, s := range vs {
		if s.v != nil {
			rec.Set(s.key, *s.v)
		}
	}
	if province == nil && city == nil && area == nil {
		return
	}
	parts := [3]string{}
	parts[0], parts[1], parts[2] = identity.RegionParts(rec.Value(identity.KeyRegion))
	for i, v := range []*string{province, city, area} {
		if v != nil {
			parts[i] = identity.StripSpaces(*v)
		}
	}
	rec.Set(identity.KeyRegion, identity.Region(parts[0], parts[1], parts[2]))
}

func (e PersonEdit) proposeOn(p *account.PersonProfile) {
	propose(p, []sent{typed(identity.KeyName, e.Name), typed(identity.KeyCertType, e.CertType),
		number(identity.KeyCertNum, e.CertNum), typed(identity.KeyCertStart, e.CertStart), typed(identity.KeyCertEnd, e.CertEnd),
		typed(identity.KeyDetailAddr, e.DetailAddr), typed(identity.KeyPersonFront, e.FrontID), typed(identity.KeyPersonBack, e.BackID),
	}, e.Province, e.City, e.Area)
	if e.LongTerm != nil && *e.LongTerm {
		p.Set(identity.KeyCertEnd, identity.LongTermEnd)
	}
}

func (e EnterpriseEdit) proposeOn(p *account.EnterpriseProfile) {
	propose(p, []sent{typed(identity.KeyType, e.Type), typed(identity.KeyName, e.Name), typed(identity.KeyCertType, e.CertType),
		number(identity.KeyCertNum, e.CertNum), typed(identity.KeyLegalName, e.LegalName), typed(identity.KeyLegalCertType, e.LegalCertType),
		number(identity.KeyLegalCertNum, e.LegalCertNum), typed(identity.KeyLicence, e.LicenseID),
		typed(identity.KeyLegalFront, e.LegalFrontID), typed(identity.KeyLegalBack, e.LegalBackID),
		typed(identity.KeyDetailAddr, e.DetailAddr), typed(identity.KeyIndustry, e.Industry), typed(identity.KeyCapital, e.Capital),
		typed(identity.KeyCapitalUnit, e.CapitalUnit), typed(identity.KeyCapitalCurrency, e.CapitalCurrency),
		typed(identity.KeyContactName, e.ContactName), typed(identity.KeyContactPhone, e.ContactPhone),
	}, e.Province, e.City, e.Area)
}

// change is one field whose proposed value differs from the stored one.
type change struct {
	f             identity.Field
	before, after string
}

func diff(fs []identity.Field, cur, next fields) []change {
	var out []change
	for _, f := range fs {
		if b, a := cur.Value(f.Key), next.Value(f.Key); a != b {
			out = append(out, change{f: f, before: b, after: a})
		}
	}
	return out
}

// changed reports whether the field of key k, or one the rules check with
// it (the catalogue's group), is among the changes.
func changed(cs []change, f identity.Field) bool {
	for _, c := range cs {
		if c.f.Key == f.Key || (f.Group != "" && c.f.Group == f.Group) {
			return true
		}
	}
	return false
}

// reported keeps the problems of the changed fields, and the photos a
// change removes: the rules check the whole record as it would be after
// the edit, but a value stored before a rule tightened must not block an
// unrelated change.
func reported(p identity.Problems, fs []identity.Field, next fields, cs []change) identity.Problems {
	p = p.Only(func(problem string) bool {
		for _, f := range fs {
			if problem == string(f.Key) || (f.Kind == identity.KindRegion && problem == f.Rule) {
				return changed(cs, f)
			}
		}
		return false
	})
	for _, c := range cs {
		if c.f.Photo() && next.Value(c.f.Key) == "" {
			p.Add(string(c.f.Key), c.f.Required)
		}
	}
	return p
}

// edit applies an edit under the editing rules: direct fields change at
// once and are recorded as effective; identity fields and photos are
// recorded as waiting (authState 99) and submitted for review, the account
// verifying until a reviewer decides. Refused while the account verifies
// (account.Stage.EditDirect, 02 §4); the check is repeated as a guarded
// write when the edit is applied, so an edit racing a submission cannot
// slip past it. prove checks what the edit must prove besides (nil: none).
func (s *Service) edit(ctx context.Context, accountID int64, t account.Type, pe *PersonEdit, ee *EnterpriseEdit,
	prove func(ctx context.Context, next fields, cs []change) error) (EditResult, error) {
	subject := identity.SubjectEnterprise
	if t == account.Person {
		subject = identity.SubjectPerson
	}
	var res EditResult
	err := s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		a, err := s.loadAccount(ctx, accountID)
		if err != nil {
			return err
		}
		if a.Type != t {
			return ErrWrongType
		}
		if _, err := a.Stage().EditDirect(); err != nil {
			return err
		}
		rec, err := s.loadEditable(ctx, accountID, subject, pe, ee)
		if err != nil {
			return err
		}
		next, probs := rec.proposal()
		fs := identity.Fields(subject)
		cs := diff(fs, rec.rec, next)
		if len(cs) == 0 {
			return ErrNoChange
		}
		if err := reported(probs, fs, next, cs).Err(); err != nil {
			return err
		}
		if prove != nil {
			if err := prove(ctx, next, cs); err != nil {
				return err
			}
		}
		res, err = s.applyEdit(ctx, a, rec, cs)
		return err
	})
	return res, err
}

// EditPerson applies a person edit: the address changes at once; name,
// certificate, validity and photos wait for review (re-authentication).
func (s *Service) EditPerson(ctx context.Context, accountID int64, e PersonEdit) (EditResult, error) {
	return s.edit(ctx, accountID, account.Person, &e, nil, nil)
}

// EditEnterprise applies an enterprise edit: region, address, industry,
// capital and contact change at once (a new contact phone needs its SMS
// code, scene contact); enterprise identity and legal person fields wait
// for review as re-authentication; the licence and the legal-person photos
// wait for review too.
func (s *Service) EditEnterprise(ctx context.Context, accountID int64, e EnterpriseEdit) (EditResult, error) {
	return s.edit(ctx, accountID, account.Enterprise, nil, &e, func(ctx context.Context, next fields, cs []change) error {
		if phone, _ := identity.Lookup(identity.SubjectEnterprise, identity.KeyContactPhone); !changed(cs, phone) {
			return nil
		}
		if e.SMSCode == "" || e.SMSCodeID == "" {
			return apperr.Field("smsCode", identity.MsgContactCode)
		}
		return fieldOf("smsCode", s.d.Codes.Verify(ctx, "contact", next.Value(identity.KeyContactPhone), e.SMSCodeID, e.SMSCode))
	})
}

// LicenseEdit is the business-licence change dialog: the licence and the
// legal person's photos.
type LicenseEdit struct {
	LicenseID, FrontID, BackID *string
}

// ChangeLicense is the licence-change dialog of the enterprise page; every
// field it carries waits for review.
func (s *Service) ChangeLicense(ctx context.Context, accountID int64, e LicenseEdit) (EditResult, error) {
	return s.EditEnterprise(ctx, accountID, EnterpriseEdit{LicenseID: e.LicenseID, LegalFrontID: e.FrontID, LegalBackID: e.BackID})
}
