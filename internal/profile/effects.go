package profile

import (
	"context"
	"encoding/json"

	"bidpass/internal/account"
	"bidpass/internal/identity"
	"bidpass/internal/review"
)

// Decision is a reviewer's decision on a review item, as the account
// centre needs it to apply the outcome.
type Decision struct {
	ReviewID     int64
	Kind         string // realname, change, admission
	AccountID    int64
	Payload      json.RawMessage
	ReviewerName string
	Files        []FileRef
}

// Approve applies an approved item inside the decision's transaction:
// a real-name item authenticates the account (with the submitted photos);
// a change item applies the requested values, makes its modification
// records effective (authState 1) and returns the account to its state
// before the change. Both write a type-3 operation record (S1, or T1 with
// the field changes). Admission items do not concern the account centre.
func (s *Service) Approve(ctx context.Context, d Decision) error {
	now := s.now()
	a, err := s.loadAccount(ctx, d.AccountID)
	if err != nil {
		return err
	}
	switch review.Kind(d.Kind) {
	case review.KindRealName:
		if err := account.Move(ctx, s.d.Store, &a, account.Stage.ApproveRealName, now); err != nil {
			return err
		}
		if err := s.applyRealName(ctx, a, d.Payload); err != nil {
			return err
		}
		return s.RecordOperation(ctx, OperationRecord{AccountID: a.ID, ActorName: d.ReviewerName,
			OperationType: OpReview, AuthType: AuthPassed, Appendix: d.Files, CreatedAt: now})
	case review.KindChange:
		cr, err := identity.DecodeChangeRequest(d.Payload)
		if err != nil {
			return err
		}
		if err := account.Move(ctx, s.d.Store, &a, settle(account.AuthState(cr.PrevAuthState)), now); err != nil {
			return err
		}
		remarks, err := s.applyChange(ctx, a.ID, cr)
		if err != nil {
			return err
		}
		if err := s.d.Store.SettleModificationRecords(ctx, d.ReviewID, Effective, int(account.Authenticated), now); err != nil {
			return err
		}
		return s.RecordOperation(ctx, OperationRecord{AccountID: a.ID, ActorName: d.ReviewerName,
			OperationType: OpReview, AuthType: AuthFieldChanges, Remarks: remarks, Appendix: d.Files, CreatedAt: now})
	}
	return nil
}

// settle is the transition back to the state before a change request.
func settle(prev account.AuthState) account.Transition {
	return func(s account.Stage) (account.Stage, error) { return s.SettleChange(prev) }
}

// applyChange writes the requested values of cr into the profile and
// returns the display form of each change for the operation record.
func (s *Service) applyChange(ctx context.Context, accountID int64, cr identity.ChangeRequest) ([]FieldChange, error) {
	rec, err := s.loadEditable(ctx, accountID, cr.Subject, nil, nil)
	if err != nil {
		return nil, err
	}
	remarks := make([]FieldChange, 0, len(cr.Changes))
	for _, c := range cr.Changes {
		rec.rec.Set(identity.Key(c.Key), c.AfterValue)
		remarks = append(remarks, s.remark(cr.Subject, c))
	}
	return remarks, rec.save(ctx)
}

// Reject records a rejection inside the decision's transaction: a
// real-name item leaves the account not passed (2, it may resubmit); a
// change item's records become not effective (authState 2) and the account
// keeps its former data and state. Both write an S2 operation record with
// the reason.
func (s *Service) Reject(ctx context.Context, d Decision, reason string) error {
	now := s.now()
	a, err := s.loadAccount(ctx, d.AccountID)
	if err != nil {
		return err
	}
	switch review.Kind(d.Kind) {
	case review.KindRealName:
		if err := account.Move(ctx, s.d.Store, &a, account.Stage.RejectRealName, now); err != nil {
			return err
		}
	case review.KindChange:
		cr, err := identity.DecodeChangeRequest(d.Payload)
		if err != nil {
			return err
		}
		if err := account.Move(ctx, s.d.Store, &a, settle(account.AuthState(cr.PrevAuthState)), now); err != nil {
			return err
		}
		if err := s.d.Store.SettleModificationRecords(ctx, d.ReviewID, NotEffective, int(account.NotPassed), now); err != nil {
			return err
		}
	default:
		return nil
	}
	return s.RecordOperation(ctx, OperationRecord{AccountID: a.ID, ActorName: d.ReviewerName,
		OperationType: OpReview, AuthType: AuthNotPassed, NoPassReason: reason, Appendix: d.Files, CreatedAt: now})
}

// remark is the display form of a payload change for the operation record.
func (s *Service) remark(subject identity.Subject, c FieldChange) FieldChange {
	if f, ok := identity.Lookup(subject, identity.Key(c.Key)); ok {
		return FieldChange{FieldName: f.Label, BeforeValue: s.display(f, c.BeforeValue), AfterValue: s.display(f, c.AfterValue)}
	}
	return FieldChange{FieldName: c.FieldName}
}

// applyRealName stores the photos and certificate address of an approved
// real-name submission, where registration did not store them already.
func (s *Service) applyRealName(ctx context.Context, a account.Account, raw []byte) error {
	keep := func(dst *string, v string) {
		if v != "" {
			*dst = v
		}
	}
	now := s.now()
	if a.Type == account.Person {
		sub, err := identity.DecodePersonRealName(raw)
		if err != nil {
			return err
		}
		p, err := s.personProfile(ctx, a.ID)
		if err != nil {
			return err
		}
		keep(&p.CertFrontID, sub.CertFrontID)
		keep(&p.CertBackID, sub.CertBackID)
		keep(&p.CertTakeID, sub.CertTakeID)
		keep(&p.CertAddress, sub.CertAddress)
		p.AccountID, p.UpdatedAt = a.ID, now
		_, err = s.d.Store.SavePersonProfile(ctx, p)
		return err
	}
	sub, err := identity.DecodeEnterpriseRealName(raw)
	if err != nil {
		return err
	}
	p, err := s.enterpriseProfile(ctx, a.ID)
	if err != nil {
		return err
	}
	keep(&p.LicenseFileID, sub.LicenceID)
	keep(&p.LegalFrontID, sub.LegalFrontID)
	keep(&p.LegalBackID, sub.LegalBackID)
	p.AccountID, p.UpdatedAt = a.ID, now
	_, err = s.d.Store.SaveEnterpriseProfile(ctx, p)
	return err
}

// ReviewEffects returns the account centre's side of review decisions,
// handed to review.New. It is built from the same Deps as the service but
// never submits reviews itself, so it is made before the review service
// exists (d.Reviews may be nil) and the two need no setter to meet.
func ReviewEffects(d Deps) review.Effects { return reviewEffects{NewService(d)} }

type reviewEffects struct{ s *Service }

func decisionOf(it review.Item, by review.Reviewer) Decision {
	d := Decision{ReviewID: it.ID, Kind: string(it.Kind), AccountID: it.AccountID, Payload: it.Payload, ReviewerName: by.Name}
	// The reviewer's attachments become the type-3 record's appendixList.
	for _, f := range it.Attachments {
		d.Files = append(d.Files, FileRef{ID: f.ID, Name: f.Name})
	}
	return d
}

// Approve implements review.Effects.
func (e reviewEffects) Approve(ctx context.Context, it review.Item, by review.Reviewer) error {
	return e.s.Approve(ctx, decisionOf(it, by))
}

// Reject implements review.Effects.
func (e reviewEffects) Reject(ctx context.Context, it review.Item, by review.Reviewer, reason string) error {
	return e.s.Reject(ctx, decisionOf(it, by), reason)
}
