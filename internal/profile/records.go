package profile

import (
	"context"
	"errors"

	"bidpass/internal/account"
	"bidpass/internal/identity"
	"bidpass/internal/review"
)

// Page sizes (02 §9): modification records 10 by default, the operation
// record table 5 by default.
var (
	ModifyRecordSizes    = []int{10, 20, 30, 40, 50, 100}
	OperationRecordSizes = []int{5, 10, 20, 30, 40}
)

// ModificationRecords returns a page of the account's modification records.
func (s *Service) ModificationRecords(ctx context.Context, accountID int64, page, size int) ([]ModificationRecord, int64, error) {
	off, lim := pageOf(page, size, ModifyRecordSizes)
	return s.d.Store.ModificationRecords(ctx, accountID, off, lim)
}

// OperationRecords returns a page of the account's operation records.
func (s *Service) OperationRecords(ctx context.Context, accountID int64, page, size int) ([]OperationRecord, int64, error) {
	off, lim := pageOf(page, size, OperationRecordSizes)
	return s.d.Store.OperationRecords(ctx, accountID, off, lim)
}

// RevertModification withdraws the pending change a waiting modification
// record belongs to: the review item is revoked, every record of it becomes
// not effective, and the account returns to its state before the change.
func (s *Service) RevertModification(ctx context.Context, accountID, recordID int64) error {
	return s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		r, err := s.d.Store.ModificationRecord(ctx, recordID)
		if errors.Is(err, account.ErrNotFound) || (err == nil && r.AccountID != accountID) {
			return ErrRecordNotFound
		}
		if err != nil {
			return err
		}
		if !r.Revocable() {
			return ErrNotRevocable
		}
		p, err := s.d.Store.PendingReview(ctx, accountID)
		if errors.Is(err, account.ErrNotFound) || (err == nil && p.ID != *r.ReviewID) {
			return ErrNotRevocable
		}
		if err != nil {
			return err
		}
		return s.withdraw(ctx, accountID, p)
	})
}

// CancelVerification withdraws the account's pending verification (a
// real-name submission or a change waiting for review) and returns the
// account to the state it had before: 0 after a real-name submission.
func (s *Service) CancelVerification(ctx context.Context, accountID int64) error {
	return s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		a, err := s.loadAccount(ctx, accountID)
		if err != nil {
			return err
		}
		if a.AuthState != account.Verifying {
			return ErrNoPending
		}
		p, err := s.d.Store.PendingReview(ctx, accountID)
		if errors.Is(err, account.ErrNotFound) {
			// Verifying without an item (data from before review existed):
			// nothing to withdraw, the state alone goes back.
			return account.Move(ctx, s.d.Store, &a, account.Stage.WithdrawRealName, s.now())
		}
		if err != nil {
			return err
		}
		return s.withdraw(ctx, accountID, p)
	})
}

// withdraw revokes the pending item p and undoes its effect on the account.
func (s *Service) withdraw(ctx context.Context, accountID int64, p PendingReview) error {
	if err := s.d.Reviews.Revoke(ctx, accountID, p.ID); err != nil {
		return err
	}
	a, err := s.loadAccount(ctx, accountID)
	if err != nil {
		return err
	}
	now := s.now()
	if review.Kind(p.Kind) != review.KindChange {
		return account.Move(ctx, s.d.Store, &a, account.Stage.WithdrawRealName, now)
	}
	cr, err := identity.DecodeChangeRequest(p.Payload)
	if err != nil {
		return err
	}
	if err := s.d.Store.SettleModificationRecords(ctx, p.ID, NotEffective, int(account.NotAuthenticated), now); err != nil {
		return err
	}
	return account.Move(ctx, s.d.Store, &a, settle(account.AuthState(cr.PrevAuthState)), now)
}

// Names of the photos of a real-name submission, in the order registration
// passes them (person: front, back, hand-held; enterprise: licence, legal
// person's front and back). They label the appendix links of the operation
// record, whose download saves the file under that name.
var (
	personSubmissionFiles     = []string{"证件人像面", "证件国徽面", "手持证件照"}
	enterpriseSubmissionFiles = []string{"营业执照", "法定代表人证件人像面", "法定代表人证件国徽面"}
)

// RecordRealNameSubmission writes the type 1 operation record ("submitted
// real-name authentication for review") with the submitted photos as its
// appendix. Registration calls it (Deps.RecordSubmission) inside the
// submission's transaction, so the record exists exactly when the review
// item does.
func (s *Service) RecordRealNameSubmission(ctx context.Context, accountID int64, actorName string, fileIDs []string) error {
	a, err := s.loadAccount(ctx, accountID)
	if err != nil {
		return err
	}
	names := personSubmissionFiles
	if a.Type == account.Enterprise {
		names = enterpriseSubmissionFiles
	}
	var refs []FileRef
	for i, id := range fileIDs {
		if id == "" {
			continue
		}
		name := "附件"
		if i < len(names) {
			name = names[i]
		}
		refs = append(refs, FileRef{ID: id, Name: name})
	}
	return s.RecordOperation(ctx, OperationRecord{AccountID: accountID, ActorName: actorName,
		OperationType: OpRealNameSubmitted, Appendix: refs})
}
