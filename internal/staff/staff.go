// Package staff holds the people who run bidpass: reviewers, who decide
// review items, and administrators, who add, disable and reset reviewers
// and read the staff action log. Staff are not portal accounts: their own
// table, their own sign-in, and sessions of kind session.Staff, which no
// portal API accepts (nor the other way round). Every staff action, each
// view of personal data included, is recorded with who, when, what and
// from which address.
package staff

import (
	"context"
	"errors"
	"time"

	"bidpass/internal/keyset"
)

// Role is what a staff member may do.
type Role string

// The roles. They do not overlap: an administrator manages staff and reads
// the action log but does not decide reviews, so the person who watches the
// log is not the one being watched.
const (
	Reviewer      Role = "reviewer"
	Administrator Role = "administrator"
)

// Valid reports whether r is a known role.
func (r Role) Valid() bool { return r == Reviewer || r == Administrator }

// Staff is one staff member.
type Staff struct {
	ID           int64
	Name         string // sign-in name
	DisplayName  string // shown in audit records; the sign-in name when empty
	Role         Role
	PasswordHash string
	Disabled     bool
	CreatedAt    time.Time
	UpdatedAt    time.Time
}

// ShownName is the name shown to account holders in audit records.
func (s Staff) ShownName() string {
	if s.DisplayName != "" {
		return s.DisplayName
	}
	return s.Name
}

// Action is one entry of the staff action log.
type Action struct {
	ID         int64
	StaffID    int64
	StaffName  string // filled by listings
	Action     string // e.g. auth.signin, staff.create, review.view, review.decide, file.view
	Target     string // e.g. review:12, staff:3, file:ab12…
	Detail     string
	ClientAddr string
	CreatedAt  time.Time
}

// ActionFilter selects log entries.
type ActionFilter struct {
	StaffID  int64  // 0: everyone
	Action   string // exact action key; empty: all
	Page     int
	PageSize int
	// After, when set, is the page after that entry (keyset, newest
	// first; Page is then ignored).
	After *keyset.Cursor
}

// Store keeps staff and their action log. Methods run in the transaction
// carried by ctx, if any.
type Store interface {
	CreateStaff(ctx context.Context, s *Staff) error // sets ID; ErrNameTaken
	StaffByID(ctx context.Context, id int64) (Staff, error)
	StaffByName(ctx context.Context, name string) (Staff, error) // case-insensitive
	ListStaff(ctx context.Context, page, pageSize int) ([]Staff, int64, error)
	UpdateStaff(ctx context.Context, s Staff) error
	// UpgradeStaffPasswordHash replaces an outdated hash with hash, only
	// while the stored hash is still old (a reset in between wins).
	UpgradeStaffPasswordHash(ctx context.Context, id int64, old, hash string, at time.Time) error
	CreateStaffAction(ctx context.Context, a Action) error
	ListStaffActions(ctx context.Context, f ActionFilter) ([]Action, int64, error)
}

// Store errors.
var (
	ErrNotFound  = errors.New("staff: not found")
	ErrNameTaken = errors.New("staff: name taken")
)
