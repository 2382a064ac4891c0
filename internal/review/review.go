// Package review is the reviewers' side of real-name authentication,
// information changes and library admission. Capabilities that need a
// person's decision Submit an item (inside their own transaction); staff
// list the queues, claim an item so that two reviewers never work on it at
// once, and decide it PASS or NOT_PASS. A decision applies its outcome
// through Effects (implemented by the account centre) in the decision's
// transaction, is kept as an audit record, and is announced to the account
// holder by SMS.
package review

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"bidpass/internal/keyset"
)

// Kind is what an item asks a reviewer to decide.
type Kind string

// The kinds of review item.
const (
	// KindRealName is first real-name authentication (manual verification)
	// of a person or an enterprise.
	KindRealName Kind = "realname"
	// KindChange is a re-authentication edit: identity fields, licence or
	// legal-person photos (02 §4).
	KindChange Kind = "change"
	// KindAdmission is library admission of an enterprise.
	KindAdmission Kind = "admission"
)

// Valid reports whether k is one of the kinds.
func (k Kind) Valid() bool { return k == KindRealName || k == KindChange || k == KindAdmission }

// Subjects: whose identity an item is about.
const (
	SubjectPerson     = "person"
	SubjectEnterprise = "enterprise"
)

// State is where an item is in its life.
type State string

// The states of an item. A claim older than ClaimTTL counts as pending
// again (the reviewer walked away); the row keeps "claimed" until someone
// else claims or decides it.
const (
	StatePending State = "pending"
	StateClaimed State = "claimed"
	StateDecided State = "decided"
	StateRevoked State = "revoked"
)

// Action is a reviewer's verdict.
type Action string

// The verdicts (docs/spec/DECISIONS.md: decision {action: "PASS"|"NOT_PASS"}).
const (
	Pass    Action = "PASS"
	NotPass Action = "NOT_PASS"
)

// ClaimTTL is how long a claim keeps other reviewers off an item. Half an
// hour covers reading a submission and comparing its photos; after that an
// abandoned claim frees itself without an administrator.
const ClaimTTL = 30 * time.Minute

// MaxRemark bounds a decision's remark (runes).
const MaxRemark = 500

// MaxDecisionFiles bounds the attachments of one decision.
const MaxDecisionFiles = 5

// Submission is what a capability hands in for review.
type Submission struct {
	Kind      Kind
	AccountID int64
	Subject   string // SubjectPerson or SubjectEnterprise
	Payload   any    // JSON-encoded and shown to the reviewer as submitted
}

// Item is one stored review item.
type Item struct {
	ID          int64
	Kind        Kind
	AccountID   int64
	Subject     string
	Payload     json.RawMessage
	State       State
	ClaimedBy   int64 // 0 when never claimed
	ClaimedAt   *time.Time
	Decision    Action
	Remark      string
	DecidedBy   int64
	DecidedAt   *time.Time
	SubmittedAt time.Time
	// Attachments are the files of the decision being made, set only on
	// the item handed to Effects so the account centre can list them in
	// the holder's operation record (appendixList); the item row does not
	// store them (the decision record does).
	Attachments []FileRef
}

// ClaimLive reports whether the item is claimed and the claim has not
// expired at now.
func (it Item) ClaimLive(now time.Time) bool {
	return it.State == StateClaimed && it.ClaimedAt != nil && now.Before(it.ClaimedAt.Add(ClaimTTL))
}

// Reviewer is the staff member acting on an item; Addr is the client
// address recorded in the staff action log.
type Reviewer struct {
	ID   int64
	Name string
	Addr string
}

// FileRef names an attachment of a decision.
type FileRef struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

// DecisionRecord is the audit record of one decision (the 审核记录 of 02 §2).
type DecisionRecord struct {
	ID        int64
	ReviewID  int64
	StaffID   int64
	StaffName string
	Action    Action
	Remark    string
	Files     []FileRef
	DecidedAt time.Time
}

// Effects applies the outcome of a decision to the account: approval sets
// authState 1 or makes the modification record effective; rejection sets
// authState 2 or marks the record not effective, with the reason. It is
// called inside the decision's transaction (ctx carries it), so an error
// undoes the decision. The account centre (internal/profile) implements it.
type Effects interface {
	Approve(ctx context.Context, item Item, by Reviewer) error
	Reject(ctx context.Context, item Item, by Reviewer, reason string) error
}

// Notifier sends the account holder an SMS notice: the scene names the
// vendor's template, params fill it, and text is the message written out
// (internal/sms NotifyScene, or the notice queue in front of it).
type Notifier interface {
	NotifyScene(ctx context.Context, phone, scene, text string, params map[string]string) error
}

// Auditor records a staff action (internal/staff).
type Auditor interface {
	Record(ctx context.Context, staffID int64, action, target, detail, addr string) error
}

// Filter selects queue entries.
type Filter struct {
	Kind     Kind   // empty: every kind
	State    State  // pending, claimed or decided; empty: pending and claimed
	Subject  string // person or enterprise; empty: both
	Page     int    // from 1
	PageSize int    // 1..100
	// After, when set, is the page after that row (keyset; Page is then
	// ignored): deep pages of a queue cost what the first one does.
	After *keyset.Cursor
}

// Cursor is the sort key of an entry in the queue of state: the decision
// time for decided items, else the submission time; the id breaks ties.
func Cursor(state State, it Item) keyset.Cursor {
	if state == StateDecided && it.DecidedAt != nil {
		return keyset.Cursor{At: *it.DecidedAt, ID: it.ID}
	}
	return keyset.Cursor{At: it.SubmittedAt, ID: it.ID}
}

// QueueEntry is one line of a queue.
type QueueEntry struct {
	Item
	AccountName   string
	ClaimedByName string
	DecidedByName string
}

// Store keeps review items and decisions. Methods run inside the
// transaction carried by ctx, if any.
type Store interface {
	CreateReview(ctx context.Context, it Item) (int64, error)
	// Review returns the item or ErrNotFound.
	Review(ctx context.Context, id int64) (Item, error)
	// OpenReviewOf returns the newest pending or claimed item of the
	// account of that kind, or ErrNotFound.
	OpenReviewOf(ctx context.Context, accountID int64, kind Kind) (Item, error)
	// ClaimReview sets claimed_by/claimed_at when the item is pending, or
	// claimed by by, or its claim started before staleBefore; it reports
	// whether it did.
	ClaimReview(ctx context.Context, id, by int64, at, staleBefore time.Time) (bool, error)
	// DecideReview records the verdict under the same condition as
	// ClaimReview; it reports whether it did.
	DecideReview(ctx context.Context, id, by int64, action Action, remark string, at, staleBefore time.Time) (bool, error)
	// RevokeReview sets the state revoked when the item belongs to the
	// account and is pending or claimed; it reports whether it did.
	RevokeReview(ctx context.Context, id, accountID int64) (bool, error)
	// ListReviews returns a page of the queue and the total count. A
	// claim started before staleBefore counts as pending.
	ListReviews(ctx context.Context, f Filter, staleBefore time.Time) ([]QueueEntry, int64, error)
	// ReviewsOfAccount lists every item of the account, newest first.
	ReviewsOfAccount(ctx context.Context, accountID int64) ([]Item, error)
	CreateDecision(ctx context.Context, d DecisionRecord) (int64, error)
	// DecisionsOf lists the decisions of the given items, oldest first.
	DecisionsOf(ctx context.Context, reviewIDs ...int64) ([]DecisionRecord, error)
}

// ErrNotFound is what Store returns for an unknown item.
var ErrNotFound = errors.New("review: not found")
