package profile

import (
	"context"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/certno"
	"bidpass/internal/files"
	"bidpass/internal/identity"
	"bidpass/internal/review"
)

// display is the value a modification record shows: certificate numbers
// and phones masked (the record table is not the place to reveal them),
// photos as a file reference the page can preview, regions, industries and
// coded values by name.
func (s *Service) display(f identity.Field, v string) string {
	switch {
	case v == "":
		return ""
	case f.Photo():
		return "file:" + v
	case f.Kind == identity.KindCertNum:
		return certno.Mask(v)
	case f.Kind == identity.KindPhone:
		return maskPhone(v)
	case f.Kind == identity.KindRegion || f.Kind == identity.KindIndustry:
		return f.Name(s.d.Catalog, v)
	case f.Kind == identity.KindCode:
		if n := f.Name(s.d.Catalog, v); n != "" {
			return n
		}
	}
	return v
}

// editable is one kind's stored profile as an edit or a review effect
// sees it: the record, a copy to propose on, and the guarded save.
type editable struct {
	subject identity.Subject
	rec     fields
	// proposal returns a copy of the record with the edit laid over it
	// and the rules' problems with that copy, keyed by field.
	proposal func() (fields, identity.Problems)
	save     func(ctx context.Context) error
}

// loadEditable loads the profile of the subject's kind; pe or ee is the
// edit laid over it by proposal (nil for a review's effect).
func (s *Service) loadEditable(ctx context.Context, accountID int64, subject identity.Subject, pe *PersonEdit, ee *EnterpriseEdit) (editable, error) {
	if subject == identity.SubjectPerson {
		p, err := s.personProfile(ctx, accountID)
		return editable{subject: subject, rec: &p,
			proposal: func() (fields, identity.Problems) {
				next := p
				pe.proposeOn(&next)
				_, probs := s.d.Rules.Person(next.Person)
				return &next, probs.Renamed(identity.RuleKeys(identity.PersonFields))
			},
			save: func(ctx context.Context) error {
				p.AccountID, p.UpdatedAt = accountID, s.now()
				_, err := s.d.Store.SavePersonProfile(ctx, p)
				return err
			}}, err
	}
	p, err := s.enterpriseProfile(ctx, accountID)
	return editable{subject: identity.SubjectEnterprise, rec: &p,
		proposal: func() (fields, identity.Problems) {
			next := p
			ee.proposeOn(&next)
			_, probs := s.d.Rules.Enterprise(next.Enterprise)
			_, lp := s.d.Rules.LegalPerson(next.Legal)
			probs.Append(lp.Renamed(identity.RuleKeys(identity.LegalFields)))
			_, cp := s.d.Rules.Contact(next.Contact)
			probs.Append(cp.Renamed(identity.RuleKeys(identity.ContactFields)))
			return &next, probs
		},
		save: func(ctx context.Context) error {
			p.AccountID, p.UpdatedAt = accountID, s.now()
			_, err := s.d.Store.SaveEnterpriseProfile(ctx, p)
			return err
		}}, err
}

// applyEdit classifies the changes by the catalogue's class, writes the
// direct ones at once (with effective records and an operation record) and
// submits the others for review (waiting records, account verifying).
func (s *Service) applyEdit(ctx context.Context, a account.Account, rec editable, cs []change) (EditResult, error) {
	now := s.now()
	var direct, pending []change
	class := identity.ClassLicence
	for _, c := range cs {
		switch c.f.Class {
		case identity.ClassDirect:
			direct = append(direct, c)
		case identity.ClassReAuth:
			class = identity.ClassIdentity
			pending = append(pending, c)
		default:
			pending = append(pending, c)
		}
	}
	// The stage moves first: the guarded write refuses an edit racing a
	// submission or another change, before anything else is written.
	move := account.Stage.EditDirect
	if len(pending) > 0 {
		move = account.Stage.SubmitChange
	}
	prev := a.AuthState
	if err := account.Move(ctx, s.d.Store, &a, move, now); err != nil {
		return EditResult{}, err
	}
	var photos []string
	for _, c := range cs {
		if c.f.Photo() && c.after != "" {
			photos = append(photos, c.after)
		}
	}
	if len(photos) > 0 {
		if err := s.d.Files.AttachAs(ctx, a.ID, files.KindPhoto, photos...); err != nil {
			return EditResult{}, err
		}
	}
	var res EditResult
	if len(direct) > 0 {
		var remarks []FieldChange
		for _, c := range direct {
			rec.rec.Set(c.f.Key, c.after)
			r := s.modification(a.ID, c, now)
			// The state the change was made under: a direct change beside a pending one
			// is not the pending one's (99), which would offer it for withdrawal.
			r.IsValid, r.AuthMethod, r.AuthState = Effective, MethodDirect, int(prev)
			if err := s.d.Store.AddModificationRecord(ctx, &r); err != nil {
				return res, err
			}
			remarks = append(remarks, FieldChange{FieldName: c.f.Label, BeforeValue: r.BeforeValue, AfterValue: r.AfterValue})
		}
		if err := rec.save(ctx); err != nil {
			return res, err
		}
		if err := s.RecordOperation(ctx, OperationRecord{AccountID: a.ID, ActorName: a.Name,
			OperationType: OpInfoModified, Remarks: remarks, CreatedAt: now}); err != nil {
			return res, err
		}
	}
	if len(pending) > 0 {
		payload := identity.ChangeRequest{Subject: rec.subject, Class: class, PrevAuthState: int(prev)}
		for _, c := range pending {
			payload.Changes = append(payload.Changes, FieldChange{Key: string(c.f.Key), FieldName: c.f.Label, BeforeValue: c.before, AfterValue: c.after})
		}
		id, err := s.d.Reviews.Submit(ctx, review.Submission{Kind: review.KindChange, AccountID: a.ID, Subject: string(rec.subject), Payload: payload})
		if err != nil {
			return res, err
		}
		for _, c := range pending {
			rid := id
			r := s.modification(a.ID, c, now)
			r.IsValid, r.AuthMethod, r.AuthState, r.ReviewID = Waiting, MethodManual, int(account.Verifying), &rid
			if err := s.d.Store.AddModificationRecord(ctx, &r); err != nil {
				return res, err
			}
		}
		res = EditResult{Waiting: true, ReviewID: id}
	}
	return res, nil
}

// modification is the record of change c, its values as shown.
func (s *Service) modification(accountID int64, c change, now time.Time) ModificationRecord {
	return ModificationRecord{AccountID: accountID, InfoItem: c.f.Label,
		BeforeValue: s.display(c.f, c.before), AfterValue: s.display(c.f, c.after), OperationTime: now}
}
