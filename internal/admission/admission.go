// Package admission is library admission (入库, 01 §2–§5, 02 §2–§5,
// docs/spec/DECISIONS.md "Library role state", "Library calls"): an authenticated
// enterprise applies to be admitted to the platform's library as a
// supplier, a purchaser or an agency, naming the organisation that admits
// it (the platform for a supplier, a superior unit for a purchaser, a
// recommending unit for an agency) and uploading evidence. A reviewer
// decides the application in the console (review kind admission); the
// decision sets the role's state through Effects.
//
// Each role has its own state, read from the role's newest application
// (none: -1 not applied). Moves are decided by one table (Next); a second
// open application of a role is refused by a partial unique index, so a
// double submit opens one application whatever the timing.
package admission

import (
	"context"
	"errors"
	"time"

	"bidpass/internal/apperr"
)

// Role is a library role (applyType / enterpriseType).
type Role int

// The roles.
const (
	Supplier  Role = 1 // 供应商: admitted by the platform itself
	Purchaser Role = 2 // 采购人: admitted under a superior unit
	Agency    Role = 3 // 代理机构: recommended by a unit
)

// Roles lists every role in display order.
var Roles = []Role{Supplier, Purchaser, Agency}

// Valid reports whether r is a role.
func (r Role) Valid() bool { return r >= Supplier && r <= Agency }

// Name is the role's Chinese name.
func (r Role) Name() string {
	switch r {
	case Supplier:
		return "供应商"
	case Purchaser:
		return "采购人"
	case Agency:
		return "代理机构"
	}
	return ""
}

// State is a role's library state (docs/spec/DECISIONS.md "Library role state").
type State int

// The states. NotPassedLegacy (0) is what the old portal stored for a
// refusal; it reads like NotPassed and is never written.
const (
	NotApplied      State = -1
	NotPassedLegacy State = 0
	Admitted        State = 1
	NotPassed       State = 2
	UnderReview     State = 99
)

// Event is what happens to a role.
type Event int

// The events.
const (
	Submit  Event = iota // the enterprise applies
	Approve              // a reviewer passes the open application
	Reject               // a reviewer refuses it, with a reason
)

// Type is an application's type (docs/spec/DECISIONS.md "Library admission type"):
// computed by the server, never taken from the client.
type Type int

// The application types.
const (
	First      Type = 1 // the role's first application
	Reapplying Type = 2 // after a refusal
)

// Organisation is a unit an application names: the platform (the
// supplier's fixed target), a purchaser's superior unit or an agency's
// recommending unit. They form one tree per role.
type Organisation struct {
	ID       int64
	Role     Role
	ParentID int64 // 0 at the root
	Name     string
	Disabled bool
}

// Node is an organisation in the cascader's tree.
type Node struct {
	ID       int64
	Name     string
	Children []Node
}

// Application is one submitted application of a role.
type Application struct {
	ID        int64
	AccountID int64
	Role      Role
	Type      Type
	OrgID     int64
	OrgName   string
	Evidence  string // file id
	ReviewID  int64
	State     State // UnderReview, Admitted or NotPassed
	Reason    string
	CreatedAt time.Time
	DecidedAt *time.Time
}

// Draft is an unsent application form of a role, kept for the holder.
type Draft struct {
	AccountID int64
	Role      Role
	OrgID     int64
	OrgName   string
	Evidence  string
	UpdatedAt time.Time
}

// RoleState is a role's state as the account centre shows it.
type RoleState struct {
	Role   Role
	State  State
	Reason string // the refusal's reason when NotPassed
	// DraftSavedAt is when the holder last saved a draft of the role
	// (zero: none), so that the card can say one is waiting.
	DraftSavedAt time.Time
}

// Store keeps organisations, applications and drafts. Methods run inside
// the transaction carried by ctx, if any.
type Store interface {
	// Organisations lists the enabled organisations of a role, by id.
	Organisations(ctx context.Context, role Role) ([]Organisation, error)
	// Organisation returns one organisation or ErrNotFound.
	Organisation(ctx context.Context, id int64) (Organisation, error)
	// CreateOrganisation adds one; a name already used by the role
	// (compared by NameKey) is ErrDuplicateOrganisation.
	CreateOrganisation(ctx context.Context, o *Organisation) error
	// AllOrganisations lists the role's organisations, disabled ones too, by id.
	AllOrganisations(ctx context.Context, role Role) ([]Organisation, error)
	// UpdateOrganisation writes o's name and disabled flag; a name another
	// unit of the role has is ErrDuplicateOrganisation.
	UpdateOrganisation(ctx context.Context, o Organisation) error
	// CountOrganisations counts every organisation, disabled too.
	CountOrganisations(ctx context.Context) (int64, error)
	// CreateApplication stores a, setting its id; a second open
	// (UnderReview) application of the same account and role is
	// ErrOpenApplication.
	CreateApplication(ctx context.Context, a *Application) error
	// Applications lists the account's applications, newest first.
	Applications(ctx context.Context, accountID int64) ([]Application, error)
	// ApplicationOfReview returns the application a review item decides,
	// or ErrNotFound.
	ApplicationOfReview(ctx context.Context, reviewID int64) (Application, error)
	// SettleApplication moves the application of the review item from
	// UnderReview to to; it reports whether it did.
	SettleApplication(ctx context.Context, reviewID int64, to State, reason string, at time.Time) (bool, error)
	// SaveAdmissionDraft writes the account's draft of the role (one per role).
	SaveAdmissionDraft(ctx context.Context, d Draft) error
	// AdmissionDraft returns the account's draft of the role or ErrNotFound.
	AdmissionDraft(ctx context.Context, accountID int64, role Role) (Draft, error)
	// AdmissionDraftTimes returns when each role with a draft of the
	// account's was last saved (one read for the three cards).
	AdmissionDraftTimes(ctx context.Context, accountID int64) (map[Role]time.Time, error)
	// DeleteAdmissionDraft removes it (no error when there is none).
	DeleteAdmissionDraft(ctx context.Context, accountID int64, role Role) error
}

// Store errors.
var (
	ErrNotFound              = errors.New("admission: not found")
	ErrOpenApplication       = apperr.New(apperr.Conflict, "admission.open", "该角色的入库申请正在审核中，请等待审核结果")
	ErrDuplicateOrganisation = apperr.Field("name", "该单位已存在")
)
