package admission

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/files"
	"bidpass/internal/review"
)

// Tx runs fn in a transaction (store.DB.InTx).
type Tx interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Files is what admission needs of internal/files: keeping the evidence
// (checked by its bytes' type) and reading its name.
type Files interface {
	AttachAs(ctx context.Context, owner int64, kind files.Kind, ids ...string) error
	Open(ctx context.Context, actor files.Actor, id string) (files.File, io.ReadCloser, error)
}

// Accounts reads the applying account.
type Accounts interface {
	AccountByID(ctx context.Context, id int64) (account.Account, error)
	EnterpriseProfile(ctx context.Context, accountID int64) (account.EnterpriseProfile, error)
}

// Deps are the collaborators of a Service.
type Deps struct {
	Tx       Tx
	Store    Store
	Accounts Accounts
	Files    Files
	// Submit queues a review item in the caller's transaction
	// (review.Service.Submit).
	Submit func(ctx context.Context, sub review.Submission) (int64, error)
	Clock  clock.Clock
}

// Service runs library admission for enterprises.
type Service struct{ d Deps }

// New returns a service.
func New(d Deps) *Service { return &Service{d: d} }

// User-facing errors.
var (
	ErrNotEnterprise   = apperr.New(apperr.Forbidden, "admission.not_enterprise", "仅企业账号可以申请入库")
	ErrRealNameMissing = apperr.New(apperr.Forbidden, "admission.realname_missing", "实名认证未完成，无法申请入库")
	ErrRealNameFailed  = apperr.New(apperr.Forbidden, "admission.realname_failed", "实名认证未通过！")
	ErrRole            = apperr.Field("applyType", "入库角色不能为空")
	ErrOrgName         = apperr.Field("orgName", "单位名称不能为空")
	ErrOrgID           = apperr.Field("orgId", "请选择单位")
	ErrOrgWrong        = apperr.Field("orgName", "输入单位有误，请核实后重新输入！")
	ErrEvidence        = apperr.Field("evidence", "请上传证明材料")
	ErrOrgNameTooLong  = apperr.Field("orgName", "单位名称不能超过100个字")
)

// maxOrgName bounds a typed unit name (runes); the longest real unit
// names are well under it.
const maxOrgName = 100

// Form is an application as the enterprise fills it in.
type Form struct {
	Role     Role
	OrgID    int64
	OrgName  string
	Evidence string
}

// Submission is the review item's payload: what the reviewer decides on.
type Submission struct {
	ApplyType      Role   `json:"applyType"`
	RoleName       string `json:"roleName"`
	Type           Type   `json:"type"`
	OrgID          int64  `json:"orgId"`
	OrgName        string `json:"orgName"`
	Evidence       string `json:"evidence"`
	EvidenceName   string `json:"evidenceName"`
	EnterpriseName string `json:"enterpriseName"`
}

// Tree returns the role's enabled organisations as the cascader's tree.
// An organisation whose parent is disabled is left out with its parent.
func (s *Service) Tree(ctx context.Context, role Role) ([]Node, error) {
	if !role.Valid() {
		return nil, ErrRole
	}
	orgs, err := s.d.Store.Organisations(ctx, role)
	if err != nil {
		return nil, err
	}
	return tree(orgs), nil
}

func tree(orgs []Organisation) []Node {
	kids := map[int64][]Organisation{}
	for _, o := range orgs {
		kids[o.ParentID] = append(kids[o.ParentID], o)
	}
	var build func(parent int64) []Node
	build = func(parent int64) []Node {
		out := []Node{}
		for _, o := range kids[parent] {
			out = append(out, Node{ID: o.ID, Name: o.Name, Children: build(o.ID)})
		}
		return out
	}
	return build(0)
}

// Check finds the role's enabled organisations named name, compared after
// trimming and turning full-width characters into half-width (docs/spec/DECISIONS.md
// "Library organisation check"). A miss is an empty list.
func (s *Service) Check(ctx context.Context, role Role, name string) ([]Organisation, error) {
	if !role.Valid() {
		return nil, ErrRole
	}
	key := NameKey(name)
	if key == "" {
		return nil, ErrOrgName
	}
	orgs, err := s.d.Store.Organisations(ctx, role)
	if err != nil {
		return nil, err
	}
	out := []Organisation{}
	for _, o := range orgs {
		if NameKey(o.Name) == key {
			out = append(out, o)
		}
	}
	return out, nil
}

// States returns the three roles' states of the enterprise.
func (s *Service) States(ctx context.Context, accountID int64) ([]RoleState, error) {
	if _, err := s.enterprise(ctx, accountID); err != nil {
		return nil, err
	}
	apps, err := s.d.Store.Applications(ctx, accountID)
	if err != nil {
		return nil, err
	}
	drafts, err := s.d.Store.AdmissionDraftTimes(ctx, accountID)
	if err != nil {
		return nil, err
	}
	out := make([]RoleState, 0, len(Roles))
	for _, r := range Roles {
		rs := stateOf(ofRole(apps, r))
		rs.Role, rs.DraftSavedAt = r, drafts[r]
		out = append(out, rs)
	}
	return out, nil
}

func ofRole(apps []Application, r Role) []Application {
	var out []Application
	for _, a := range apps {
		if a.Role == r {
			out = append(out, a)
		}
	}
	return out
}

// enterprise loads the account and refuses a person.
func (s *Service) enterprise(ctx context.Context, accountID int64) (account.Account, error) {
	a, err := s.d.Accounts.AccountByID(ctx, accountID)
	if err != nil {
		return a, err
	}
	if a.Type != account.Enterprise {
		return a, ErrNotEnterprise
	}
	return a, nil
}

// mayApply is the real-name rule (docs/spec/DECISIONS.md): only an authenticated
// enterprise applies.
func mayApply(a account.Account) error {
	switch a.AuthState {
	case account.Authenticated:
		return nil
	case account.NotPassed:
		return ErrRealNameFailed
	}
	return ErrRealNameMissing
}

// resolve checks the form's organisation and returns it: the platform for
// a supplier (whatever was sent), otherwise the offered organisation of the
// role with that id, whose name must be the one typed.
func (s *Service) resolve(ctx context.Context, f Form) (Organisation, error) {
	if f.Role == Supplier {
		orgs, err := s.d.Store.Organisations(ctx, Supplier)
		if err != nil {
			return Organisation{}, err
		}
		if len(orgs) == 0 {
			return Organisation{}, errors.New("admission: the platform organisation is missing")
		}
		return orgs[0], nil
	}
	if strings.TrimSpace(f.OrgName) == "" {
		return Organisation{}, ErrOrgName
	}
	if len([]rune(f.OrgName)) > maxOrgName {
		return Organisation{}, ErrOrgNameTooLong
	}
	if f.OrgID <= 0 {
		return Organisation{}, ErrOrgID
	}
	// Only a unit the cascader offers counts: of the role, enabled, under
	// enabled units.
	orgs, err := s.d.Store.Organisations(ctx, f.Role)
	if err != nil {
		return Organisation{}, err
	}
	for _, o := range orgs {
		if o.ID == f.OrgID && NameKey(o.Name) == NameKey(f.OrgName) {
			return o, nil
		}
	}
	return Organisation{}, ErrOrgWrong
}

// Apply submits the enterprise's application for f.Role and returns it.
// The role must be not applied or refused; the organisation is checked
// and the evidence kept (its type decided by its bytes); the type is
// computed from the role's state. The application and its review item are
// written in one transaction, and a concurrent second submit of the role
// fails on the one-open-application index (ErrOpenApplication).
func (s *Service) Apply(ctx context.Context, accountID int64, f Form) (Application, error) {
	var app Application
	a, err := s.enterprise(ctx, accountID)
	if err != nil {
		return app, err
	}
	if err := mayApply(a); err != nil {
		return app, err
	}
	if !f.Role.Valid() {
		return app, ErrRole
	}
	f.Evidence = strings.TrimSpace(f.Evidence)
	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		apps, err := s.d.Store.Applications(ctx, accountID)
		if err != nil {
			return err
		}
		from := stateOf(ofRole(apps, f.Role)).State
		to, err := Next(from, Submit)
		if err != nil {
			return err
		}
		org, err := s.resolve(ctx, f)
		if err != nil {
			return err
		}
		if f.Evidence == "" {
			return ErrEvidence
		}
		if err := s.d.Files.AttachAs(ctx, accountID, files.KindEvidence, f.Evidence); err != nil {
			return err
		}
		sub := Submission{ApplyType: f.Role, RoleName: f.Role.Name(), Type: typeAfter(from), OrgID: org.ID, OrgName: org.Name,
			Evidence: f.Evidence, EvidenceName: s.fileName(ctx, f.Evidence)}
		if p, err := s.d.Accounts.EnterpriseProfile(ctx, accountID); err == nil {
			sub.EnterpriseName = p.Enterprise.Name
		}
		reviewID, err := s.d.Submit(ctx, review.Submission{Kind: review.KindAdmission, AccountID: accountID,
			Subject: review.SubjectEnterprise, Payload: sub})
		if err != nil {
			return err
		}
		app = Application{AccountID: accountID, Role: f.Role, Type: sub.Type, OrgID: org.ID, OrgName: org.Name,
			Evidence: f.Evidence, ReviewID: reviewID, State: to, CreatedAt: s.d.Clock.Now().UTC()}
		if err := s.d.Store.CreateApplication(ctx, &app); err != nil {
			return err
		}
		return s.d.Store.DeleteAdmissionDraft(ctx, accountID, f.Role)
	})
	return app, err
}

// fileName is the evidence's name for the reviewer ("" when unreadable).
func (s *Service) fileName(ctx context.Context, id string) string {
	f, rc, err := s.d.Files.Open(ctx, files.Actor{IsReviewer: true}, id)
	if err != nil {
		return ""
	}
	_ = rc.Close()
	return f.DownloadName()
}

// DraftView is a saved draft with its evidence's name and upload time
// (putStorageShow's fileinfo).
type DraftView struct {
	Draft
	File *files.File
	// FromRejected says the form is the role's last application, refused
	// by a reviewer, offered again because no draft was saved since: the
	// holder corrects it rather than starting from an empty form.
	FromRejected bool
}

// SaveDraft keeps the form of a role for later. Nothing is required but
// the role; the evidence, if any, must be the enterprise's own upload of
// an allowed type (it is kept like a submitted file).
func (s *Service) SaveDraft(ctx context.Context, accountID int64, f Form) error {
	if _, err := s.enterprise(ctx, accountID); err != nil {
		return err
	}
	if !f.Role.Valid() {
		return ErrRole
	}
	if len([]rune(f.OrgName)) > maxOrgName {
		return ErrOrgNameTooLong
	}
	f.Evidence = strings.TrimSpace(f.Evidence)
	return s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		if f.Evidence != "" {
			if err := s.d.Files.AttachAs(ctx, accountID, files.KindEvidence, f.Evidence); err != nil {
				return err
			}
		}
		return s.d.Store.SaveAdmissionDraft(ctx, Draft{AccountID: accountID, Role: f.Role, OrgID: f.OrgID,
			OrgName: strings.TrimSpace(f.OrgName), Evidence: f.Evidence, UpdatedAt: s.d.Clock.Now().UTC()})
	})
}

// Draft returns the enterprise's draft of the role; ErrNotFound when none.
func (s *Service) Draft(ctx context.Context, accountID int64, role Role) (DraftView, error) {
	if _, err := s.enterprise(ctx, accountID); err != nil {
		return DraftView{}, err
	}
	if !role.Valid() {
		return DraftView{}, ErrRole
	}
	d, err := s.d.Store.AdmissionDraft(ctx, accountID, role)
	v := DraftView{Draft: d}
	if errors.Is(err, ErrNotFound) {
		if v, err = s.rejected(ctx, accountID, role); err != nil {
			return DraftView{}, err
		}
	} else if err != nil {
		return DraftView{}, err
	}
	if v.Evidence != "" {
		if f, rc, err := s.d.Files.Open(ctx, files.Actor{AccountID: accountID}, v.Evidence); err == nil {
			_ = rc.Close()
			v.File = &f
		} else if v.FromRejected {
			// The refused application's file is gone (retention): the form asks for a new one.
			v.Evidence = ""
		}
	}
	return v, nil
}

// rejected is the role's newest application as a form when a reviewer
// refused it; ErrNotFound otherwise (none, or one under review or admitted).
func (s *Service) rejected(ctx context.Context, accountID int64, role Role) (DraftView, error) {
	apps, err := s.d.Store.Applications(ctx, accountID)
	if err != nil {
		return DraftView{}, err
	}
	mine := ofRole(apps, role)
	if len(mine) == 0 || (mine[0].State != NotPassed && mine[0].State != NotPassedLegacy) {
		return DraftView{}, ErrNotFound
	}
	a := mine[0]
	at := a.CreatedAt
	if a.DecidedAt != nil {
		at = *a.DecidedAt
	}
	return DraftView{Draft: Draft{AccountID: accountID, Role: role, OrgID: a.OrgID, OrgName: a.OrgName, Evidence: a.Evidence, UpdatedAt: at}, FromRejected: true}, nil
}

// Effects applies reviewers' decisions on admission items (review.Effects).
type Effects struct {
	Store Store
}

// Approve admits the role of the decided application.
func (e Effects) Approve(ctx context.Context, it review.Item, by review.Reviewer) error {
	return e.settle(ctx, it, Approve, "")
}

// Reject refuses it with the reviewer's reason, shown on the role's card.
func (e Effects) Reject(ctx context.Context, it review.Item, by review.Reviewer, reason string) error {
	return e.settle(ctx, it, Reject, reason)
}

func (e Effects) settle(ctx context.Context, it review.Item, ev Event, reason string) error {
	if it.Kind != review.KindAdmission {
		return fmt.Errorf("admission: item %d is of kind %s", it.ID, it.Kind)
	}
	app, err := e.Store.ApplicationOfReview(ctx, it.ID)
	if err != nil {
		return fmt.Errorf("admission: application of review %d: %w", it.ID, err)
	}
	to, err := Next(app.State, ev)
	if err != nil {
		return err
	}
	at := it.SubmittedAt
	if it.DecidedAt != nil {
		at = *it.DecidedAt
	}
	ok, err := e.Store.SettleApplication(ctx, it.ID, to, reason, at)
	if err != nil {
		return err
	}
	if !ok {
		return ErrNotOpen
	}
	return nil
}
