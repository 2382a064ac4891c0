// Package operator is the operator link (经办人, 02 §2–§5, docs/spec/DECISIONS.md
// "Operator link"): which natural persons may act for which enterprise, and
// from when until when. An enterprise invites a person it found by an exact
// search (handleType 1), or a person applies to an enterprise it found
// (handleType 0); the other side accepts or refuses, the sender cancels,
// either side unbinds a bound link. Links are never deleted: refused,
// cancelled, unbound and expired links stay as history.
//
// Every transition is one guarded write (the link moves only from the state
// it was read in), writes an operation record on both accounts, and is
// decided by one table (transitions.go).
package operator

import (
	"context"
	"errors"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
	"bidpass/internal/profile"
)

// State is a link's state (the legalPersonHandlingStatus dictionary).
type State string

// The link states. A0 and A1 are open; the others are history.
const (
	Pending   State = "A0" // 待处理
	Bound     State = "A1" // 已绑定
	Refused   State = "A2" // 已拒绝
	Cancelled State = "A3" // 已取消
	Unbound   State = "A4" // 已解绑
)

// HandleType says who sent the request that opened a link (docs/spec/DECISIONS.md,
// first reading of 02 §4).
type HandleType int

// The handle types.
const (
	Application HandleType = 0 // sent by the person to the enterprise
	Invitation  HandleType = 1 // sent by the enterprise to the person
)

// Side is which party of a link an account is.
type Side int

// The two sides.
const (
	PersonSide Side = iota
	EnterpriseSide
)

// Action is what a party does to a pending or bound link.
type Action int

// The actions.
const (
	Accept Action = iota
	Refuse
	Cancel
	Unbind
)

// Period is where today stands in a bound link's authorised period.
type Period string

// The periods; a link that is not bound has none.
const (
	NoPeriod   Period = ""
	Active     Period = "active"
	NotStarted Period = "not_started"
	Expired    Period = "expired"
)

// Link is one operator link between an enterprise and a person.
type Link struct {
	ID           int64
	EnterpriseID int64
	PersonID     int64
	HandleType   HandleType
	State        State
	OperateStart string // yyyy-MM-dd, China time, inclusive; empty until set
	OperateEnd   string // yyyy-MM-dd, inclusive
	CreatedAt    time.Time
	UpdatedAt    time.Time
	// Superseded marks a bound link whose period ended and which a later
	// request for the pair replaced: it no longer ties the pair (the
	// database's one-open-link index skips it) and is read as expired.
	Superseded bool
}

// Party is the other side of a link as the caller sees it: the verified
// name (person: real name; enterprise: enterprise name) and certificate
// number (person: identity number; enterprise: credit code), unmasked as
// stored; the service masks it.
type Party struct {
	AccountID int64
	Account   string // login name
	Name      string
	CertNum   string
	AuthState account.AuthState
}

// Entry is a link with the other party, for lists.
type Entry struct {
	Link
	Other Party
}

// View is an entry as shown to a side: the other party's number masked and
// the period computed for today.
type View struct {
	Entry
	Period Period
}

// Store keeps links. Lookups return ErrLinkNotFound when absent.
type Store interface {
	AccountByID(ctx context.Context, id int64) (account.Account, error)
	AccountByName(ctx context.Context, name string) (account.Account, error)
	PersonProfile(ctx context.Context, accountID int64) (account.PersonProfile, error)
	EnterpriseProfile(ctx context.Context, accountID int64) (account.EnterpriseProfile, error)

	// CreateOperatorLink inserts l and sets l.ID; ErrOpenLink when the pair
	// already has an open link, pending or bound, whichever side sent it
	// (the database keeps one per pair).
	CreateOperatorLink(ctx context.Context, l *Link) error
	OperatorLink(ctx context.Context, id int64) (Link, error)
	// OpenOperatorLinks returns the pair's pending and bound links that are
	// not superseded (bound ones may have expired), newest first.
	OpenOperatorLinks(ctx context.Context, enterpriseID, personID int64) ([]Link, error)
	// SupersedeOperatorLink marks the bound link id superseded, so that it
	// no longer holds the pair's one open link.
	SupersedeOperatorLink(ctx context.Context, id int64, at time.Time) error
	// MoveOperatorLink writes state to and the period to the link when it
	// is still in state from; it reports whether it did.
	MoveOperatorLink(ctx context.Context, id int64, from, to State, start, end string, at time.Time) (bool, error)
	// OperatorLinks returns a page of the account's links on side, open
	// ones first, then newest first, with the total count.
	OperatorLinks(ctx context.Context, side Side, accountID int64, offset, limit int) ([]Entry, int64, error)
	// ActiveOperatorLinks returns the account's bound links whose period
	// contains today (yyyy-MM-dd).
	ActiveOperatorLinks(ctx context.Context, side Side, accountID int64, today string) ([]Entry, error)

	// LockOperatorPair returns the pair's row, creating it when the two
	// never met, and holds it locked until the transaction ends: every
	// request, answer and block of a pair takes it first, so they are
	// ordered whatever the database's isolation.
	LockOperatorPair(ctx context.Context, enterpriseID, personID int64, at time.Time) (Pair, error)
	// SaveOperatorPair writes p's counts and marks if the row is still at
	// p.Version (the caller holds its lock), and raises p.Version;
	// otherwise ErrPairChanged and nothing is written.
	SaveOperatorPair(ctx context.Context, p *Pair, at time.Time) error
	// OperatorPair returns the pair p.ID; ErrLinkNotFound when absent.
	OperatorPair(ctx context.Context, id int64) (Pair, error)
	// BlockedEnterprises returns the enterprises the person blocks, the
	// latest block first.
	BlockedEnterprises(ctx context.Context, personID int64) ([]Blocked, error)
}

// Pair is what is kept of an enterprise and a person beyond their links:
// the invitations of one Beijing day, the person's last refusal of an
// invitation and the person's block (docs/decisions/races-and-denial.md,
// "Invitations are limited, and a person can block an enterprise").
type Pair struct {
	ID           int64
	EnterpriseID int64
	PersonID     int64
	InviteDay    string // yyyy-MM-dd, China time, of InvitesOnDay
	InvitesOnDay int
	RefusedAt    time.Time // zero: never refused
	BlockedAt    time.Time // zero: not blocked
	// Version is the row's version when read; a save names it and the
	// store raises it (ErrPairChanged when the row moved on meanwhile).
	Version int64
}

// ErrPairChanged is a save of a pair whose row was written since it was
// read: the caller did not hold the pair's lock, a programming error.
var ErrPairChanged = errors.New("operator: the pair changed since it was read (its lock was not held)")

// Blocked is an enterprise a person blocks, as the person sees it.
type Blocked struct {
	PairID    int64
	Other     Party // CertNum as stored; the service masks it
	BlockedAt time.Time
}

// ErrLinkNotFound is returned by Store lookups for an unknown link.
var ErrLinkNotFound = errors.New("operator: link not found")

// ErrOpenLink is returned by CreateOperatorLink when the pair already has an
// open link.
var ErrOpenLink = errors.New("operator: pair already has an open link")

// Transactor runs fn in one transaction (store.DB.InTx).
type Transactor interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Recorder writes an operation record in the caller's transaction
// (profile.Service.RecordOperation).
type Recorder interface {
	RecordOperation(ctx context.Context, r profile.OperationRecord) error
}

// Deps are what New needs.
type Deps struct {
	Tx        Transactor
	Store     Store
	Records   Recorder
	Ephemeral ephemeral.Store
	Clock     clock.Clock
	// SearchLimit searches are allowed per account in SearchWindow
	// (defaults 20 in 10 minutes).
	SearchLimit  int
	SearchWindow time.Duration
	// InvitesPerDay invitations may be sent to one person on a Beijing
	// day (default 3); RefusalCooling is how long after the person refused
	// one no other may be sent (default 7 days).
	InvitesPerDay  int
	RefusalCooling time.Duration
}

// Service runs operator links.
type Service struct {
	d Deps
}

// New returns the operator service.
func New(d Deps) *Service {
	if d.SearchLimit == 0 {
		d.SearchLimit = 20
	}
	if d.SearchWindow == 0 {
		d.SearchWindow = 10 * time.Minute
	}
	if d.InvitesPerDay == 0 {
		d.InvitesPerDay = 3
	}
	if d.RefusalCooling == 0 {
		d.RefusalCooling = 7 * 24 * time.Hour
	}
	return &Service{d: d}
}

// OpOperator is the operation-record type of link transitions (types 1–3
// are the account centre's, 02 §4).
const OpOperator = "4"

// User-facing errors other than the transition table's refusals.
var (
	ErrNotFound       = apperr.New(apperr.NotFound, "operator.not_found", "记录不存在")
	ErrWrongType      = apperr.New(apperr.Forbidden, "operator.wrong_type", "账号类型不符")
	ErrNotAuthed      = apperr.New(apperr.Conflict, "operator.not_authenticated", "账号未完成实名认证，无法关联")
	ErrOtherNotAuthed = apperr.New(apperr.Conflict, "operator.other_not_authenticated", "对方未完成实名认证，无法关联")
	ErrStale          = apperr.New(apperr.Conflict, "operator.stale", "该记录已变化，请刷新后重试")
	ErrCandidate      = apperr.New(apperr.Invalid, "operator.candidate", "查询结果已失效，请重新查询")
	ErrTooManySearch  = apperr.New(apperr.TooMany, "operator.search_limit", "查询过于频繁，请稍后再试")
	ErrInvited        = apperr.New(apperr.Conflict, "operator.already_invited", "已邀请该经办人，请等待对方处理")
	ErrApplied        = apperr.New(apperr.Conflict, "operator.already_applied", "已向该企业提交申请，请等待企业处理")
	ErrAlreadyBound   = apperr.New(apperr.Conflict, "operator.already_bound", "双方已绑定，无需重复关联")
	// ErrDeclined refuses an invitation to a person who blocks the
	// enterprise. It says no more than that the person does not take the
	// enterprise's invitations: not since when, nor whether it is a block.
	ErrDeclined     = apperr.New(apperr.Forbidden, "operator.declined", "对方暂不接受贵企业的邀请")
	ErrInviteLimit  = apperr.New(apperr.TooMany, "operator.invite_limit", "今日向该经办人发出的邀请已达上限，请明天再试")
	ErrYouBlock     = apperr.New(apperr.Conflict, "operator.you_block", "您已屏蔽该企业，请先在“已屏蔽的企业”中解除屏蔽")
	ErrBlockMissing = apperr.New(apperr.NotFound, "operator.block_not_found", "该企业未被屏蔽")
)

// now is the clock's time in UTC.
func (s *Service) now() time.Time { return s.d.Clock.Now().UTC() }

// sideOf is the side an account of type t takes.
func sideOf(t account.Type) (Side, bool) {
	switch t {
	case account.Person:
		return PersonSide, true
	case account.Enterprise:
		return EnterpriseSide, true
	}
	return 0, false
}

// actor loads the acting account and checks it is on side.
func (s *Service) actor(ctx context.Context, id int64, side Side) (account.Account, error) {
	a, err := s.d.Store.AccountByID(ctx, id)
	if errors.Is(err, account.ErrNotFound) {
		return a, apperr.ErrUnauthenticated
	}
	if err != nil {
		return a, err
	}
	if got, ok := sideOf(a.Type); !ok || got != side {
		return a, ErrWrongType
	}
	return a, nil
}
