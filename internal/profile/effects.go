package profile

import (
	"context"
	"encoding/json"
	"fmt"

	"bidpass/internal/account"
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

// realNamePayload is the part of a real-name submission (written by
// registration) that is applied on approval. Keys not present are left
// alone; both the person and the enterprise spellings of the spec are read.
type realNamePayload struct {
	CertFrontID    string `json:"certFrontId"`
	CertBackID     string `json:"certBackId"`
	CertTakeID     string `json:"certTakeId"`
	CertDetailAddr string `json:"certDetailAddr"`
	EnterpriseID   string `json:"enterpriseId"` // the licence image
	LicenseID      string `json:"licenseId"`
	PersonFrontID  string `json:"personFrontId"`
	PersonBackID   string `json:"personBackId"`
}

// Approve applies an approved item inside the decision's transaction:
// a real-name item authenticates the account (with the submitted photos);
// a change item applies the submitted values, makes its modification
// records effective (authState 1) and returns the account to its state
// before the change. Both write a type-3 operation record (S1, or T1 with
// the field changes). Admission items do not concern the account centre.
func (s *Service) Approve(ctx context.Context, d Decision) error {
	now := s.now()
	a, err := s.loadAccount(ctx, d.AccountID)
	if err != nil {
		return err
	}
	switch d.Kind {
	case "realname":
		var rp realNamePayload
		if len(d.Payload) > 0 {
			if err := json.Unmarshal(d.Payload, &rp); err != nil {
				return fmt.Errorf("realname payload: %w", err)
			}
		}
		if err := s.applyRealName(ctx, a, rp); err != nil {
			return err
		}
		a.AuthState, a.UpdatedAt = account.Authenticated, now
		if err := s.d.Store.UpdateAccount(ctx, a); err != nil {
			return err
		}
		return s.RecordOperation(ctx, OperationRecord{AccountID: a.ID, ActorName: d.ReviewerName,
			OperationType: OpReview, AuthType: AuthPassed, Appendix: d.Files, CreatedAt: now})
	case "change":
		var cp ChangePayload
		if err := json.Unmarshal(d.Payload, &cp); err != nil {
			return fmt.Errorf("change payload: %w", err)
		}
		var remarks []FieldChange
		switch cp.Subject {
		case "person":
			p, err := s.personProfile(ctx, a.ID)
			if err != nil {
				return err
			}
			for _, c := range cp.Changes {
				setPerson(&p, c.Key, c.AfterValue)
				remarks = append(remarks, s.remark(personFields, c))
			}
			p.AccountID, p.UpdatedAt = a.ID, now
			if err := s.d.Store.SavePersonProfile(ctx, p); err != nil {
				return err
			}
		case "enterprise":
			p, err := s.enterpriseProfile(ctx, a.ID)
			if err != nil {
				return err
			}
			for _, c := range cp.Changes {
				setEnterprise(&p, c.Key, c.AfterValue)
				remarks = append(remarks, s.remark(enterpriseFields, c))
			}
			p.AccountID, p.UpdatedAt = a.ID, now
			if err := s.d.Store.SaveEnterpriseProfile(ctx, p); err != nil {
				return err
			}
		default:
			return fmt.Errorf("change payload: unknown subject %q", cp.Subject)
		}
		if err := s.d.Store.SettleModificationRecords(ctx, d.ReviewID, Effective, int(account.Authenticated), now); err != nil {
			return err
		}
		a.AuthState, a.UpdatedAt = account.AuthState(cp.PrevAuthState), now
		if err := s.d.Store.UpdateAccount(ctx, a); err != nil {
			return err
		}
		return s.RecordOperation(ctx, OperationRecord{AccountID: a.ID, ActorName: d.ReviewerName,
			OperationType: OpReview, AuthType: AuthFieldChanges, Remarks: remarks, Appendix: d.Files, CreatedAt: now})
	}
	return nil
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
	switch d.Kind {
	case "realname":
		a.AuthState = account.NotPassed
	case "change":
		var cp ChangePayload
		if err := json.Unmarshal(d.Payload, &cp); err != nil {
			return fmt.Errorf("change payload: %w", err)
		}
		if err := s.d.Store.SettleModificationRecords(ctx, d.ReviewID, NotEffective, int(account.NotPassed), now); err != nil {
			return err
		}
		a.AuthState = account.AuthState(cp.PrevAuthState)
	default:
		return nil
	}
	a.UpdatedAt = now
	if err := s.d.Store.UpdateAccount(ctx, a); err != nil {
		return err
	}
	return s.RecordOperation(ctx, OperationRecord{AccountID: a.ID, ActorName: d.ReviewerName,
		OperationType: OpReview, AuthType: AuthNotPassed, NoPassReason: reason, Appendix: d.Files, CreatedAt: now})
}

// remark is the display form of a payload change for the operation record.
func (s *Service) remark(defs []fieldDef, c FieldChange) FieldChange {
	for _, d := range defs {
		if d.key == c.Key {
			return FieldChange{FieldName: d.label, BeforeValue: s.display(d, c.BeforeValue), AfterValue: s.display(d, c.AfterValue)}
		}
	}
	return FieldChange{FieldName: c.FieldName}
}

// applyRealName stores the photos and address of an approved real-name
// submission, when registration did not store them already.
func (s *Service) applyRealName(ctx context.Context, a account.Account, rp realNamePayload) error {
	now := s.now()
	if a.Type == account.Person {
		p, err := s.personProfile(ctx, a.ID)
		if err != nil {
			return err
		}
		setIf(&p.CertFrontID, rp.CertFrontID)
		setIf(&p.CertBackID, rp.CertBackID)
		setIf(&p.CertTakeID, rp.CertTakeID)
		setIf(&p.CertAddress, rp.CertDetailAddr)
		p.AccountID, p.UpdatedAt = a.ID, now
		return s.d.Store.SavePersonProfile(ctx, p)
	}
	p, err := s.enterpriseProfile(ctx, a.ID)
	if err != nil {
		return err
	}
	setIf(&p.LicenseFileID, rp.EnterpriseID)
	setIf(&p.LicenseFileID, rp.LicenseID)
	setIf(&p.LegalFrontID, rp.PersonFrontID)
	setIf(&p.LegalBackID, rp.PersonBackID)
	p.AccountID, p.UpdatedAt = a.ID, now
	return s.d.Store.SaveEnterpriseProfile(ctx, p)
}

func setIf(dst *string, v string) {
	if v != "" {
		*dst = v
	}
}

// Effects returns the account centre's side of review decisions, to be
// installed with (*review.Service).SetEffects.
func (s *Service) Effects() review.Effects { return reviewEffects{s} }

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
