package review

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/files"
)

// Tx runs fn in a transaction (store.DB.InTx).
type Tx interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Files is what review needs of internal/files: attaching a reviewer's
// uploads to a decision and reading their names.
type Files interface {
	Attach(ctx context.Context, owner int64, ids ...string) error
	Open(ctx context.Context, actor files.Actor, id string) (files.File, io.ReadCloser, error)
}

// StaffFileOwner is the files owner id of a staff member's uploads. Staff
// ids and account ids are separate sequences, so a staff upload stored
// under the staff id would be downloadable by the portal account with the
// same number; a negative owner matches no account.
func StaffFileOwner(staffID int64) int64 { return -staffID }

// User-facing errors of review.
var (
	ErrItemNotFound   = apperr.New(apperr.NotFound, "review.not_found", "审核事项不存在")
	ErrAlreadyDecided = apperr.New(apperr.Conflict, "review.decided", "该事项已审核，不能重复审核")
	ErrRevoked        = apperr.New(apperr.Conflict, "review.revoked", "申请人已撤回该申请")
	ErrClaimedByOther = apperr.New(apperr.Conflict, "review.claimed", "该事项已被其他审核员领取")
	ErrAlreadyPending = apperr.New(apperr.Conflict, "review.pending", "已有待审核的申请，请等待审核结果")
	ErrNotRevocable   = apperr.New(apperr.Conflict, "review.not_revocable", "该申请已审核，不能撤回")
	ErrRemarkRequired = apperr.Field("remark", "请填写不通过原因")
	ErrRemarkTooLong  = apperr.Field("remark", "审核意见不能超过500个字")
	ErrAction         = apperr.Field("action", "请选择审核结果")
	ErrTooManyFiles   = apperr.Field("files", "附件不能超过5个")
)

// Service runs the review queues.
type Service struct {
	store    Store
	tx       Tx
	clock    clock.Clock
	accounts account.Store
	effects  Effects
	files    Files
	notifier Notifier
	auditor  Auditor
	log      *slog.Logger
}

// Deps are the collaborators of a Service. Effects, Files and Notifier may
// be nil while their owners have not wired them: deciding then fails
// (Effects), refuses attachments (Files) or sends no SMS (Notifier, logged).
type Deps struct {
	Store    Store
	Tx       Tx
	Clock    clock.Clock
	Accounts account.Store
	Effects  Effects
	Files    Files
	Notifier Notifier
	Auditor  Auditor
	Log      *slog.Logger
}

// NewService returns a review service.
func NewService(d Deps) *Service {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{store: d.Store, tx: d.Tx, clock: d.Clock, accounts: d.Accounts, effects: d.Effects,
		files: d.Files, notifier: d.Notifier, auditor: d.Auditor, log: d.Log}
}

// Submit queues an item and returns its id. It runs in the caller's
// transaction when ctx carries one. A second open real-name item of the same
// account is refused (Conflict): the holder revokes the first, or waits.
func (s *Service) Submit(ctx context.Context, sub Submission) (int64, error) {
	if !sub.Kind.Valid() {
		return 0, fmt.Errorf("review: unknown kind %q", sub.Kind)
	}
	if sub.Subject != SubjectPerson && sub.Subject != SubjectEnterprise {
		return 0, fmt.Errorf("review: unknown subject %q", sub.Subject)
	}
	if sub.AccountID <= 0 {
		return 0, errors.New("review: no account")
	}
	payload, err := json.Marshal(sub.Payload)
	if err != nil {
		return 0, fmt.Errorf("review: encode payload: %w", err)
	}
	var id int64
	err = s.tx.InTx(ctx, func(ctx context.Context) error {
		if sub.Kind == KindRealName {
			_, err := s.store.OpenReviewOf(ctx, sub.AccountID, sub.Kind)
			if err == nil {
				return ErrAlreadyPending
			}
			if !errors.Is(err, ErrNotFound) {
				return err
			}
		}
		id, err = s.store.CreateReview(ctx, Item{
			Kind: sub.Kind, AccountID: sub.AccountID, Subject: sub.Subject, Payload: payload,
			State: StatePending, SubmittedAt: s.clock.Now().UTC(),
		})
		return err
	})
	return id, err
}

// Revoke withdraws a pending (or claimed, not yet decided) item of the
// account. An item of another account is NotFound, like an unknown one.
// The caller undoes its own side (modification record, authState) in the
// same transaction.
func (s *Service) Revoke(ctx context.Context, accountID, reviewID int64) error {
	return s.tx.InTx(ctx, func(ctx context.Context) error {
		it, err := s.store.Review(ctx, reviewID)
		if errors.Is(err, ErrNotFound) || (err == nil && it.AccountID != accountID) {
			return ErrItemNotFound
		}
		if err != nil {
			return err
		}
		ok, err := s.store.RevokeReview(ctx, reviewID, accountID)
		if err != nil {
			return err
		}
		if !ok {
			return ErrNotRevocable
		}
		return nil
	})
}

// List returns a page of a queue and the total.
func (s *Service) List(ctx context.Context, f Filter) ([]QueueEntry, int64, error) {
	if f.Kind != "" && !f.Kind.Valid() {
		return nil, 0, apperr.Field("kind", "审核类型无效")
	}
	switch f.State {
	case "", StatePending, StateClaimed, StateDecided:
	default:
		return nil, 0, apperr.Field("state", "审核状态无效")
	}
	if f.Subject != "" && f.Subject != SubjectPerson && f.Subject != SubjectEnterprise {
		return nil, 0, apperr.Field("subject", "主体类型无效")
	}
	if f.Page < 1 {
		f.Page = 1
	}
	if f.PageSize < 1 || f.PageSize > 100 {
		f.PageSize = 10
	}
	return s.store.ListReviews(ctx, f, s.staleBefore())
}

func (s *Service) staleBefore() time.Time { return s.clock.Now().UTC().Add(-ClaimTTL) }

// Detail is what a reviewer sees of an item: the submission, the account
// as it is now, and its earlier items with their decisions.
type Detail struct {
	Item          Item
	Account       account.Account
	Person        *account.PersonProfile
	Enterprise    *account.EnterpriseProfile
	Decisions     []DecisionRecord // of this item
	History       []Item           // other items of the account, newest first
	HistoryByItem map[int64][]DecisionRecord
}

// Detail returns the item with the account's current data and history.
// Each view is logged as a staff action, because it shows personal data.
func (s *Service) Detail(ctx context.Context, by Reviewer, id int64) (Detail, error) {
	var d Detail
	it, err := s.store.Review(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return d, ErrItemNotFound
	}
	if err != nil {
		return d, err
	}
	d.Item = it
	if d.Account, err = s.accounts.AccountByID(ctx, it.AccountID); err != nil {
		return d, fmt.Errorf("review: account %d: %w", it.AccountID, err)
	}
	if d.Account.Type == account.Enterprise {
		p, err := s.accounts.EnterpriseProfile(ctx, it.AccountID)
		if err == nil {
			d.Enterprise = &p
		} else if !errors.Is(err, account.ErrNotFound) {
			return d, err
		}
	} else {
		p, err := s.accounts.PersonProfile(ctx, it.AccountID)
		if err == nil {
			d.Person = &p
		} else if !errors.Is(err, account.ErrNotFound) {
			return d, err
		}
	}
	all, err := s.store.ReviewsOfAccount(ctx, it.AccountID)
	if err != nil {
		return d, err
	}
	ids := make([]int64, 0, len(all))
	for _, o := range all {
		ids = append(ids, o.ID)
		if o.ID != it.ID {
			d.History = append(d.History, o)
		}
	}
	decs, err := s.store.DecisionsOf(ctx, ids...)
	if err != nil {
		return d, err
	}
	d.HistoryByItem = map[int64][]DecisionRecord{}
	for _, dr := range decs {
		if dr.ReviewID == it.ID {
			d.Decisions = append(d.Decisions, dr)
		} else {
			d.HistoryByItem[dr.ReviewID] = append(d.HistoryByItem[dr.ReviewID], dr)
		}
	}
	if err := s.audit(ctx, by, "review.view", it, "查看审核事项（账号 "+d.Account.Name+"）"); err != nil {
		return d, err
	}
	return d, nil
}

// Claim reserves the item for by for ClaimTTL. Claiming again renews it.
func (s *Service) Claim(ctx context.Context, by Reviewer, id int64) (Item, error) {
	var out Item
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		now := s.clock.Now().UTC()
		ok, err := s.store.ClaimReview(ctx, id, by.ID, now, now.Add(-ClaimTTL))
		if err != nil {
			return err
		}
		if !ok {
			return s.whyNot(ctx, id)
		}
		if out, err = s.store.Review(ctx, id); err != nil {
			return err
		}
		return s.audit(ctx, by, "review.claim", out, "领取审核事项")
	})
	return out, err
}

// Decision is a reviewer's verdict on an item.
type Decision struct {
	Action Action
	Remark string
	Files  []string // ids of files the reviewer uploaded
}

// Decide records the verdict, applies its effects in the same transaction,
// and then tells the account holder by SMS. The item must be pending, or
// claimed by by, or claimed by someone whose claim has expired; deciding
// an unclaimed item claims it in the same step.
func (s *Service) Decide(ctx context.Context, by Reviewer, id int64, dec Decision) (Item, error) {
	dec.Remark = strings.TrimSpace(dec.Remark)
	switch dec.Action {
	case Pass, NotPass:
	default:
		return Item{}, ErrAction
	}
	if dec.Action == NotPass && dec.Remark == "" {
		return Item{}, ErrRemarkRequired
	}
	if utf8.RuneCountInString(dec.Remark) > MaxRemark {
		return Item{}, ErrRemarkTooLong
	}
	if len(dec.Files) > MaxDecisionFiles {
		return Item{}, ErrTooManyFiles
	}
	if s.effects == nil {
		return Item{}, errors.New("review: no effects configured")
	}
	var it Item
	err := s.tx.InTx(ctx, func(ctx context.Context) error {
		now := s.clock.Now().UTC()
		ok, err := s.store.DecideReview(ctx, id, by.ID, dec.Action, dec.Remark, now, now.Add(-ClaimTTL))
		if err != nil {
			return err
		}
		if !ok {
			return s.whyNot(ctx, id)
		}
		if it, err = s.store.Review(ctx, id); err != nil {
			return err
		}
		refs, err := s.attach(ctx, by, dec.Files)
		if err != nil {
			return err
		}
		if _, err := s.store.CreateDecision(ctx, DecisionRecord{
			ReviewID: id, StaffID: by.ID, StaffName: by.Name, Action: dec.Action,
			Remark: dec.Remark, Files: refs, DecidedAt: now,
		}); err != nil {
			return err
		}
		it.Attachments = refs
		if dec.Action == Pass {
			err = s.effects.Approve(ctx, it, by)
		} else {
			err = s.effects.Reject(ctx, it, by, dec.Remark)
		}
		if err != nil {
			return err
		}
		verdict := "通过"
		if dec.Action == NotPass {
			verdict = "不通过"
		}
		return s.audit(ctx, by, "review.decide", it, strings.TrimSpace(verdict+" "+dec.Remark))
	})
	if err != nil {
		return Item{}, err
	}
	s.notify(ctx, it)
	return it, nil
}

// attach marks the reviewer's uploads as part of the decision and returns
// their names for the audit record.
func (s *Service) attach(ctx context.Context, by Reviewer, ids []string) ([]FileRef, error) {
	refs := []FileRef{}
	if len(ids) == 0 {
		return refs, nil
	}
	if s.files == nil {
		return nil, files.ErrNotOwned
	}
	if err := s.files.Attach(ctx, StaffFileOwner(by.ID), ids...); err != nil {
		return nil, err
	}
	for _, id := range ids {
		f, rc, err := s.files.Open(ctx, files.Actor{IsReviewer: true}, id)
		if err != nil {
			return nil, err
		}
		_ = rc.Close()
		refs = append(refs, FileRef{ID: f.ID, Name: f.DownloadName()})
	}
	return refs, nil
}

// whyNot explains why a claim or decision on id did not take.
func (s *Service) whyNot(ctx context.Context, id int64) error {
	it, err := s.store.Review(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return ErrItemNotFound
	}
	if err != nil {
		return err
	}
	switch it.State {
	case StateDecided:
		return ErrAlreadyDecided
	case StateRevoked:
		return ErrRevoked
	default:
		return ErrClaimedByOther
	}
}

// kindLabel is the Chinese name of a kind in SMS texts and logs.
func kindLabel(k Kind) string {
	switch k {
	case KindRealName:
		return "实名认证"
	case KindChange:
		return "信息变更"
	default:
		return "入库"
	}
}

// notify sends the outcome to the holder's phone. It runs after the commit
// and never fails the decision: the decision stands and the holder also
// sees it in the portal. In the server the notifier is the notice queue
// (internal/sms NoticeQueue): the SMS goes out in the background and is
// retried, so a slow or failing vendor never holds the reviewer's request.
func (s *Service) notify(ctx context.Context, it Item) {
	if s.notifier == nil {
		s.log.Warn("review: no SMS notifier; outcome not sent", "review", it.ID)
		return
	}
	a, err := s.accounts.AccountByID(ctx, it.AccountID)
	if err != nil || a.Phone == "" {
		s.log.Warn("review: no phone for outcome SMS", "review", it.ID, "err", err)
		return
	}
	err = s.notifier.NotifyScene(context.WithoutCancel(ctx), a.Phone, OutcomeScene(it.Kind), OutcomeText(it), OutcomeParams(it))
	if err != nil {
		s.log.Warn("review: outcome SMS failed", "review", it.ID, "err", err)
	}
}

// OutcomeScene is the SMS scene of a decided item's notice: each kind has
// its own, so a template-only SMS vendor sends each from its template.
func OutcomeScene(k Kind) string {
	switch k {
	case KindRealName:
		return "realname_result"
	case KindChange:
		return "change_result"
	default:
		return "admission_result"
	}
}

// OutcomeParams are the template parameters of a decided item's notice:
// what was decided (kind, with an admission's role), the result (通过 or
// 未通过) and the reviewer's reason (empty when passed). A vendor caps a
// parameter's length, so the reason is cut to 30 characters; the portal
// shows it whole.
func OutcomeParams(it Item) map[string]string {
	p := map[string]string{"kind": outcomeWhat(it), "result": "通过", "reason": ""}
	if it.Decision != Pass {
		p["result"] = "未通过"
		reason := []rune(it.Remark)
		if len(reason) > 30 {
			reason = append(reason[:29], '…')
		}
		p["reason"] = string(reason)
	}
	return p
}

// outcomeWhat names what was decided: 实名认证申请, 信息变更申请, or
// 入库申请（role）.
func outcomeWhat(it Item) string {
	what := kindLabel(it.Kind) + "申请"
	if it.Kind == KindAdmission {
		var p struct {
			RoleName string `json:"roleName"`
		}
		if json.Unmarshal(it.Payload, &p) == nil && p.RoleName != "" {
			what += "（" + p.RoleName + "）"
		}
	}
	return what
}

// OutcomeText is the SMS sent to the holder for a decided item. An
// admission names its role (the payload's roleName).
func OutcomeText(it Item) string {
	what := outcomeWhat(it)
	if it.Decision == Pass {
		return "您提交的" + what + "已审核通过。"
	}
	return "您提交的" + what + "未通过审核，原因：" + it.Remark + "。请登录后修改并重新提交。"
}

func (s *Service) audit(ctx context.Context, by Reviewer, action string, it Item, detail string) error {
	if s.auditor == nil {
		return nil
	}
	return s.auditor.Record(ctx, by.ID, action, "review:"+strconv.FormatInt(it.ID, 10), detail, by.Addr)
}

// AuditLog returns the decisions on an item of the account, for the
// holder's 审核记录 dialog; an item of another account is NotFound.
func (s *Service) AuditLog(ctx context.Context, accountID, reviewID int64) ([]DecisionRecord, error) {
	it, err := s.store.Review(ctx, reviewID)
	if errors.Is(err, ErrNotFound) || (err == nil && it.AccountID != accountID) {
		return nil, ErrItemNotFound
	}
	if err != nil {
		return nil, err
	}
	return s.store.DecisionsOf(ctx, reviewID)
}

// Item returns one item (for the account centre: the state of an item it
// submitted).
func (s *Service) Item(ctx context.Context, id int64) (Item, error) {
	it, err := s.store.Review(ctx, id)
	if errors.Is(err, ErrNotFound) {
		return it, ErrItemNotFound
	}
	return it, err
}

// LatestRealName returns the account's newest real-name item with its
// decisions, for the account centre's authentication card: the holder sees
// the outcome of their last manual authentication (result, reviewer, time,
// remark or reason) without knowing the item id. ErrItemNotFound when the
// account never submitted one.
func (s *Service) LatestRealName(ctx context.Context, accountID int64) (Item, []DecisionRecord, error) {
	all, err := s.store.ReviewsOfAccount(ctx, accountID)
	if err != nil {
		return Item{}, nil, err
	}
	for _, it := range all { // newest first
		if it.Kind != KindRealName {
			continue
		}
		ds, err := s.store.DecisionsOf(ctx, it.ID)
		return it, ds, err
	}
	return Item{}, nil, ErrItemNotFound
}
