// Package profile is the signed-in account centre: reading the person and
// enterprise information (certificate numbers masked), editing it under the
// editing rules of docs/spec/DECISIONS.md (the server decides whether a change is
// direct or needs review from the fields that changed), the login-name
// rename, account security (password and phone), cancelling a pending
// verification, the modification and operation records, and the effects of
// a reviewer's decision on the account (Approve/Reject, called by review
// inside the decision's transaction).
package profile

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/credential"
	"bidpass/internal/files"
	"bidpass/internal/identity"
	"bidpass/internal/refdata"
	"bidpass/internal/review"
	"bidpass/internal/session"
)

// Store is what the account centre keeps. Lookups return account.ErrNotFound.
type Store interface {
	account.Store

	// AddModificationRecord inserts r and sets r.ID.
	AddModificationRecord(ctx context.Context, r *ModificationRecord) error
	// ModificationRecords returns a page of the account's records, newest
	// first, and the total count.
	ModificationRecords(ctx context.Context, accountID int64, offset, limit int) ([]ModificationRecord, int64, error)
	ModificationRecord(ctx context.Context, id int64) (ModificationRecord, error)
	// SettleModificationRecords sets validity, authentication state and
	// time of every record of a review item.
	SettleModificationRecords(ctx context.Context, reviewID int64, isValid, authState int, authTime time.Time) error

	AddOperationRecord(ctx context.Context, r OperationRecord) error
	// OperationRecords returns a page of the account's operation records,
	// newest first, and the total count.
	OperationRecords(ctx context.Context, accountID int64, offset, limit int) ([]OperationRecord, int64, error)

	// PendingReview returns the account's newest review item that is
	// still pending or claimed, or account.ErrNotFound.
	PendingReview(ctx context.Context, accountID int64) (PendingReview, error)
}

// Transactor runs fn in one transaction (store.DB.InTx).
type Transactor interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Reviews is the part of the review service the account centre uses: it
// submits change items and withdraws pending items. Both join the caller's
// transaction.
type Reviews interface {
	Submit(ctx context.Context, sub review.Submission) (int64, error)
	Revoke(ctx context.Context, accountID, reviewID int64) error
}

// Codes verifies SMS codes (sms.Service.Verify): it consumes the code on
// success and returns a user-facing error otherwise.
type Codes interface {
	Verify(ctx context.Context, scene, to, codeID, code string) error
}

// PasswordTransport decrypts a password sent under the transport key
// (pwtransport.Keyring.Decrypt).
type PasswordTransport interface {
	Decrypt(ctx context.Context, keyID, ciphertextB64 string) (string, error)
}

// Sessions ends sessions (session.Service.RevokeAll).
type Sessions interface {
	RevokeAll(ctx context.Context, kind session.Kind, subjectID int64, keep string) error
}

// Attacher marks uploaded files as used by a submission (files.Service.AttachAs).
type Attacher interface {
	AttachAs(ctx context.Context, owner int64, kind files.Kind, ids ...string) error
}

// PasswordChecker checks a password under the sign-in lockout
// (credential.Verifier, the one sign-in uses): a wrong current password in
// change-password counts towards the lock of the account's sign-in name.
type PasswordChecker interface {
	Check(ctx context.Context, a credential.Attempt) error
}

// Catalog names codes in the records (refdata.Catalog); the edits are
// checked by Rules.
type Catalog interface {
	AreaFullNameOf(province, city, area string) string
	IndustryPathName(path string) string
	// Config holds the coded lists (types, capital units, currencies) a
	// record shows by label.
	Config() refdata.Config
}

// Deps are what NewService needs.
type Deps struct {
	Tx        Transactor
	Store     Store
	Reviews   Reviews
	Codes     Codes
	Transport PasswordTransport
	// CheckPassword and HashPassword are package password's Check and Hash.
	CheckPassword func(t account.Type, pw string) error
	HashPassword  func(pw string) (string, error)
	// Passwords checks the current password in change-password.
	Passwords PasswordChecker
	Sessions  Sessions
	Files     Attacher
	Catalog   Catalog
	Rules     *identity.Rules
	Clock     clock.Clock
	// Log receives the audit lines of certificate-number reveals.
	Log *slog.Logger
}

// Service is the account centre.
type Service struct {
	d Deps
}

// NewService returns the account-centre service.
func NewService(d Deps) *Service {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{d: d}
}

// Validity of a modification record (modification_records.is_valid and the
// isValid dictionary).
const (
	NotEffective = 0
	Effective    = 1
	Waiting      = 2
)

// Authentication methods of a modification record (authMethod dictionary).
const (
	MethodDirect = "direct"
	MethodManual = "manual"
)

// Operation types and review results of operation records (02 §4).
const (
	OpRealNameSubmitted = "1"
	OpInfoModified      = "2"
	OpReview            = "3"
	AuthPassed          = "S1"
	AuthNotPassed       = "S2"
	AuthFieldChanges    = "T1"
)

// ModificationRecord is one changed information item (02 §3).
type ModificationRecord struct {
	ID            int64
	AccountID     int64
	InfoItem      string // label shown to the user, e.g. 姓名
	BeforeValue   string // display form; certificate numbers masked
	AfterValue    string
	OperationTime time.Time
	IsValid       int
	AuthMethod    string
	AuthState     int
	AuthTime      *time.Time
	ReviewID      *int64
}

// Revocable reports whether the holder may withdraw the record: a change
// still waiting for its review. The record list says it beside each record,
// so the page offers 撤销 exactly where RevertModification takes it (a
// direct change is effective at once and never is).
func (r ModificationRecord) Revocable() bool {
	return r.AuthMethod != MethodDirect && r.AuthState == int(account.Verifying) && r.ReviewID != nil
}

// FieldChange is one changed field in an operation record or a change
// request: the shape is identity's, so records and requests read alike.
type FieldChange = identity.FieldChange

// FileRef names an attached file.
type FileRef struct {
	ID   string
	Name string
}

// OperationRecord is one line of the operation record table (02 §3).
type OperationRecord struct {
	ID            int64
	AccountID     int64
	ActorName     string
	OperationType string // OpRealNameSubmitted, OpInfoModified, OpReview
	AuthType      string // AuthPassed, AuthNotPassed, AuthFieldChanges or empty
	Remarks       []FieldChange
	NoPassReason  string
	Appendix      []FileRef
	CreatedAt     time.Time
}

// PendingReview is a review item still waiting for a decision.
type PendingReview struct {
	ID      int64
	Kind    string // realname, change, admission
	Payload json.RawMessage
}

// User-facing errors; messages from the spec.
var (
	ErrVerifying      = account.ErrEditWhileVerifying
	ErrNoChange       = apperr.New(apperr.Invalid, "profile.no_change", "信息未修改")
	ErrNoPending      = account.ErrNotVerifying
	ErrNotRevocable   = apperr.New(apperr.Conflict, "profile.not_revocable", "该记录不在认证中，无法撤销")
	ErrRecordNotFound = apperr.New(apperr.NotFound, "profile.record_not_found", "记录不存在")
	ErrWrongType      = apperr.New(apperr.Forbidden, "profile.wrong_type", "账号类型不符")
)

// now is the clock's time in UTC.
func (s *Service) now() time.Time { return s.d.Clock.Now().UTC() }

// loadAccount returns the account or a 401-style error when it vanished.
func (s *Service) loadAccount(ctx context.Context, id int64) (account.Account, error) {
	a, err := s.d.Store.AccountByID(ctx, id)
	if errors.Is(err, account.ErrNotFound) {
		return a, apperr.ErrUnauthenticated
	}
	return a, err
}

// RecordOperation writes one operation record; registration (type 1) and
// review (type 3) call it, the account centre itself for type 2. It joins
// the caller's transaction.
func (s *Service) RecordOperation(ctx context.Context, r OperationRecord) error {
	if r.CreatedAt.IsZero() {
		r.CreatedAt = s.now()
	}
	return s.d.Store.AddOperationRecord(ctx, r)
}

// pageOf clamps page and size: size must be one of allowed (else the first).
func pageOf(page, size int, allowed []int) (offset, limit int) {
	ok := false
	for _, a := range allowed {
		if size == a {
			ok = true
		}
	}
	if !ok {
		size = allowed[0]
	}
	if page < 1 {
		page = 1
	}
	return (page - 1) * size, size
}
