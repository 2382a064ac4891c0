package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/files"
	"bidpass/internal/keyset"
	"bidpass/internal/review"
	staffsvc "bidpass/internal/staff"
)

// The staff API (DECISIONS.md, Staff API): staff sign-in, the review
// queues and decisions, staff management and the staff action log. Every
// route but sign-in needs a staff session (a portal token is refused with
// 401, as no token at all) and a role: reviewers review, administrators
// manage staff and read the log.

type staffKey struct{}

// staffFrom returns the staff member put in the context by staffRole.
func staffFrom(ctx context.Context) staffsvc.Staff {
	s, _ := ctx.Value(staffKey{}).(staffsvc.Staff)
	return s
}

// staffRole admits a staff session whose member is enabled and holds one of
// roles (any role when none is given).
func staffRole(d Deps, h http.Handler, roles ...staffsvc.Role) http.Handler {
	return staff(d, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		st, err := d.Staff.Authorize(r.Context(), principalFrom(r.Context()).ID, roles...)
		if err != nil {
			respondError(w, r, err)
			return
		}
		h.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), staffKey{}, st)))
	}))
}

func reviewer(d Deps, h http.Handler) http.Handler { return staffRole(d, h, staffsvc.Reviewer) }
func administrator(d Deps, h http.Handler) http.Handler {
	return staffRole(d, h, staffsvc.Administrator)
}

// actingReviewer is the review.Reviewer of the request.
func actingReviewer(r *http.Request) review.Reviewer {
	st := staffFrom(r.Context())
	return review.Reviewer{ID: st.ID, Name: st.ShownName(), Addr: clientFrom(r.Context()).Addr}
}

type staffJSON struct {
	ID          int64         `json:"id"`
	Account     string        `json:"account"`
	DisplayName string        `json:"displayName"`
	Role        staffsvc.Role `json:"role"`
	Disabled    bool          `json:"disabled"`
	CreatedAt   time.Time     `json:"createdAt"`
}

func staffOut(s staffsvc.Staff) staffJSON {
	return staffJSON{ID: s.ID, Account: s.Name, DisplayName: s.DisplayName, Role: s.Role, Disabled: s.Disabled, CreatedAt: s.CreatedAt}
}

// handleStaffSignIn serves PUT /api/admin/auth/authToken with the portal's
// sign-in payload; it answers a staff token.
func handleStaffSignIn(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in signInBody
		if err := decode(w, r, &in); err != nil {
			respondError(w, r, err)
			return
		}
		c := clientFrom(r.Context())
		tok, st, err := d.Staff.SignIn(r.Context(), staffsvc.SignInRequest{UserName: in.UserName, Password: in.Password, KeyID: in.KeyID,
			CodeID: in.CodeID, GraphicCode: in.GraphicCode, Captcha: in.Captcha, Addr: c.Addr, UserAgent: c.UserAgent})
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, staffSignedIn{AccessToken: tok, Staff: staffOut(st)})
	})
}

// handleStaffSignOut serves DELETE /api/admin/auth/authToken.
func handleStaffSignOut(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := d.Staff.SignOut(r.Context(), principalFrom(r.Context()), clientFrom(r.Context()).Addr); err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, nil)
	})
}

// handleStaffMe serves GET /api/admin/me: who the staff token belongs to.
func handleStaffMe(_ Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		respond(w, staffOut(staffFrom(r.Context())))
	})
}

func queryInt(r *http.Request, name string, def int) int {
	v, err := strconv.Atoi(r.URL.Query().Get(name))
	if err != nil {
		return def
	}
	return v
}

func pathID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, apperr.ErrNotFound
	}
	return id, nil
}

type decisionJSON struct {
	ID       int64             `json:"id"`
	UserName string            `json:"userName"`
	Time     time.Time         `json:"time"`
	Action   review.Action     `json:"action"`
	Remark   string            `json:"remark"`
	Files    []fileRefResponse `json:"files"`
	ReviewID int64             `json:"reviewId"`
	StaffID  int64             `json:"staffId,omitempty"`
}

func decisionsOut(ds []review.DecisionRecord, withStaffID bool) []decisionJSON {
	out := make([]decisionJSON, 0, len(ds))
	for _, d := range ds {
		j := decisionJSON{ID: d.ID, UserName: d.StaffName, Time: d.DecidedAt, Action: d.Action, Remark: d.Remark, ReviewID: d.ReviewID,
			Files: make([]fileRefResponse, 0, len(d.Files))}
		for _, f := range d.Files {
			j.Files = append(j.Files, fileRefResponse(f))
		}
		if withStaffID {
			j.StaffID = d.StaffID
		}
		out = append(out, j)
	}
	return out
}

type itemJSON struct {
	ID             int64           `json:"id"`
	Kind           review.Kind     `json:"kind"`
	Subject        string          `json:"subject"`
	AccountID      int64           `json:"accountId"`
	Account        string          `json:"account,omitempty"`
	State          review.State    `json:"state"`
	SubmittedAt    time.Time       `json:"submittedAt"`
	WaitingSeconds int64           `json:"waitingSeconds"`
	ClaimedBy      string          `json:"claimedBy,omitempty"`
	ClaimedByMe    bool            `json:"claimedByMe"`
	ClaimExpiresAt *time.Time      `json:"claimExpiresAt,omitempty"`
	Decision       review.Action   `json:"decision,omitempty"`
	Remark         string          `json:"remark,omitempty"`
	DecidedBy      string          `json:"decidedBy,omitempty"`
	DecidedAt      *time.Time      `json:"decidedAt,omitempty"`
	Payload        json.RawMessage `json:"payload,omitempty"`
}

// itemOut shows an item as the reviewer should see it at now: an expired
// claim is pending again, and the waiting time runs until the decision.
func itemOut(it review.Item, me int64, now time.Time) itemJSON {
	j := itemJSON{ID: it.ID, Kind: it.Kind, Subject: it.Subject, AccountID: it.AccountID, State: it.State,
		SubmittedAt: it.SubmittedAt, Decision: it.Decision, Remark: it.Remark, DecidedAt: it.DecidedAt}
	end := now
	if it.DecidedAt != nil {
		end = *it.DecidedAt
	}
	j.WaitingSeconds = int64(end.Sub(it.SubmittedAt) / time.Second)
	if it.State == review.StateClaimed {
		if it.ClaimLive(now) {
			exp := it.ClaimedAt.Add(review.ClaimTTL)
			j.ClaimExpiresAt = &exp
			j.ClaimedByMe = it.ClaimedBy == me
		} else {
			j.State = review.StatePending
		}
	}
	return j
}

// handleReviewList serves GET /api/admin/reviews?kind=&state=&subject=&page&pageSize&after.
func handleReviewList(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		p, err := deepPageOf(r, 10)
		if err != nil {
			respondError(w, r, err)
			return
		}
		state := review.State(q.Get("state"))
		entries, n, err := d.Reviews.List(r.Context(), review.Filter{Kind: review.Kind(q.Get("kind")), State: state,
			Subject: q.Get("subject"), Page: p.page, PageSize: p.size, After: p.after})
		if err != nil {
			respondError(w, r, err)
			return
		}
		me := staffFrom(r.Context()).ID
		now := d.Clock.Now().UTC()
		out := make([]itemJSON, 0, len(entries))
		for _, e := range entries {
			j := itemOut(e.Item, me, now)
			j.Account = e.AccountName
			if j.State == review.StateClaimed {
				j.ClaimedBy = e.ClaimedByName
			}
			j.DecidedBy = e.DecidedByName
			out = append(out, j)
		}
		respondDeepPage(w, p, out, len(entries), n, func(i int) keyset.Cursor { return review.Cursor(state, entries[i].Item) })
	})
}

// currentProfile is the account's data as it is now, under the keys the
// real-name submissions use, so the page can show them side by side.
func currentProfile(dt review.Detail) payloadFields {
	var m payloadFields
	switch {
	case dt.Person != nil:
		m = jsonMap(dt.Person.RealNameSubmission(dt.Account, ""))
	case dt.Enterprise != nil:
		m = jsonMap(dt.Enterprise.RealNameSubmission(dt.Account, ""))
	default:
		m = jsonMap(struct {
			Account string `json:"account"`
			Phone   string `json:"phone"`
		}{dt.Account.Name, dt.Account.Phone})
	}
	delete(m, "source")
	return m
}

// jsonMap is v's JSON object as a map: the current data under exactly the
// keys the stored submissions have.
func jsonMap(v any) payloadFields {
	b, _ := json.Marshal(v)
	return payloadMap(b)
}

// reviewDetailJSON is the review page's data.
type reviewDetailJSON struct {
	Item    itemJSON          `json:"item"`
	Account reviewAccountJSON `json:"account"`
	// Current is the account's data now under the keys of a real-name
	// payload, and Labels names its codes and the submission's.
	Current payloadFields                `json:"current"`
	Labels  map[string]map[string]string `json:"labels"`
	// Changes are the rows of a change item (absent for other kinds),
	// whose raw payload is not sent.
	Changes   []reviewChange      `json:"changes,omitempty"`
	Decisions []decisionJSON      `json:"decisions"`
	History   []reviewHistoryJSON `json:"history"`
}

// reviewAccountJSON is the account an item is about.
type reviewAccountJSON struct {
	ID        int64             `json:"id"`
	Account   string            `json:"account"`
	Type      account.Type      `json:"type"`
	Phone     string            `json:"phone"`
	AuthState account.AuthState `json:"authState"`
	CreatedAt time.Time         `json:"createdAt"`
	Disabled  bool              `json:"disabled"`
}

// reviewHistoryJSON is an earlier item of the account with its decisions.
type reviewHistoryJSON struct {
	Item      itemJSON        `json:"item"`
	Payload   json.RawMessage `json:"payload,omitempty"`
	Decisions []decisionJSON  `json:"decisions"`
}

// submittedPayload is an item's payload as the review page may see it: a
// real-name submission is what the applicant typed; a change request holds
// internal state too and is shown through changeRows instead.
func submittedPayload(it review.Item) json.RawMessage {
	if it.Kind == review.KindChange {
		return nil
	}
	return it.Payload
}

// handleReviewDetail serves GET /api/admin/reviews/{id}: the submission,
// the account as it is now and its history. The view is logged. A change
// item comes as its changed fields (changeRows), not as its payload.
func handleReviewDetail(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := pathID(r)
		if err != nil {
			respondError(w, r, err)
			return
		}
		by := actingReviewer(r)
		dt, err := d.Reviews.Detail(r.Context(), by, id)
		if err != nil {
			respondError(w, r, err)
			return
		}
		now := d.Clock.Now().UTC()
		out := reviewDetailJSON{
			Item: itemOut(dt.Item, by.ID, now),
			Account: reviewAccountJSON{ID: dt.Account.ID, Account: dt.Account.Name, Type: dt.Account.Type, Phone: dt.Account.Phone,
				AuthState: dt.Account.AuthState, CreatedAt: dt.Account.CreatedAt, Disabled: dt.Account.Disabled},
			Current:   currentProfile(dt),
			Decisions: decisionsOut(dt.Decisions, true),
			History:   make([]reviewHistoryJSON, 0, len(dt.History)),
		}
		out.Item.Account = dt.Account.Name
		out.Item.Payload = submittedPayload(dt.Item)
		out.Labels = reviewLabels(d.RefData, dt.Item.Subject, payloadMap(out.Item.Payload), out.Current)
		if dt.Item.Kind == review.KindChange {
			if out.Changes, err = changeRows(d.RefData, dt.Item.Subject, dt.Item.Payload); err != nil {
				respondError(w, r, err)
				return
			}
		}
		for _, h := range dt.History {
			out.History = append(out.History, reviewHistoryJSON{Item: itemOut(h, by.ID, now), Payload: submittedPayload(h),
				Decisions: decisionsOut(dt.HistoryByItem[h.ID], true)})
		}
		respond(w, out)
	})
}

// handleReviewClaim serves POST /api/admin/reviews/{id}/claim.
func handleReviewClaim(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := pathID(r)
		if err != nil {
			respondError(w, r, err)
			return
		}
		by := actingReviewer(r)
		it, err := d.Reviews.Claim(r.Context(), by, id)
		if err != nil {
			respondError(w, r, err)
			return
		}
		j := itemOut(it, by.ID, d.Clock.Now().UTC())
		j.ClaimedBy = by.Name
		respondMsg(w, "领取成功", j)
	})
}

// handleReviewDecision serves POST /api/admin/reviews/{id}/decision
// {action: PASS|NOT_PASS, remark, files}.
func handleReviewDecision(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := pathID(r)
		if err != nil {
			respondError(w, r, err)
			return
		}
		var in struct {
			Action string   `json:"action"`
			Remark string   `json:"remark"`
			Files  []string `json:"files"`
		}
		if err := decode(w, r, &in); err != nil {
			respondError(w, r, err)
			return
		}
		by := actingReviewer(r)
		it, err := d.Reviews.Decide(r.Context(), by, id, review.Decision{Action: review.Action(in.Action), Remark: in.Remark, Files: in.Files})
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "审核完成", itemOut(it, by.ID, d.Clock.Now().UTC()))
	})
}

// handleStaffFileUpload serves POST /api/admin/files: a reviewer uploads an
// attachment for a decision (evidence types). The file is owned by
// review.StaffFileOwner(staff id), which no portal account matches.
func handleStaffFileUpload(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		st := staffFrom(r.Context())
		kind := files.KindEvidence
		part, err := filePart(w, r, &kind, nil)
		if err != nil {
			respondError(w, r, err)
			return
		}
		f, err := d.Files.Upload(r.Context(), review.StaffFileOwner(st.ID), kind, part.FileName(), part)
		if err != nil {
			respondError(w, r, uploadReadError(kind, err))
			return
		}
		if err := d.Staff.Record(r.Context(), st.ID, "file.upload", "file:"+f.ID, f.DownloadName(), clientFrom(r.Context()).Addr); err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, fileRefResponse{ID: f.ID, Name: f.DownloadName()})
	})
}

// handleStaffFileDownload serves GET /api/admin/files/{id}: the staff way to
// see uploaded personal data (photos at full size, evidence). Each view is
// logged in the staff action log.
func handleStaffFileDownload(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		st := staffFrom(r.Context())
		f, rc, err := d.Files.Open(r.Context(), files.Actor{IsReviewer: true}, r.PathValue("id"))
		if err != nil {
			respondError(w, r, err)
			return
		}
		defer rc.Close()
		owner := "账号 " + strconv.FormatInt(f.OwnerID, 10)
		if f.OwnerID < 0 {
			owner = "工作人员附件"
		}
		if err := d.Staff.Record(r.Context(), st.ID, "file.view", "file:"+f.ID, owner+" "+f.DownloadName(), clientFrom(r.Context()).Addr); err != nil {
			respondError(w, r, err)
			return
		}
		serveFile(w, r, f, rc)
	})
}

// handleStaffList serves GET /api/admin/staff?page&pageSize.
func handleStaffList(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		list, n, err := d.Staff.List(r.Context(), staffFrom(r.Context()), queryInt(r, "page", 1), queryInt(r, "pageSize", 10))
		if err != nil {
			respondError(w, r, err)
			return
		}
		out := make([]staffJSON, 0, len(list))
		for _, s := range list {
			out = append(out, staffOut(s))
		}
		respondList(w, out, n)
	})
}

// handleStaffCreate serves POST /api/admin/staff {account, displayName,
// role, password, keyId} (password RSA-encrypted).
func handleStaffCreate(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Account     string `json:"account"`
			DisplayName string `json:"displayName"`
			Role        string `json:"role"`
			Password    string `json:"password"`
			KeyID       string `json:"keyId"`
		}
		if err := decode(w, r, &in); err != nil {
			respondError(w, r, err)
			return
		}
		st, err := d.Staff.Create(r.Context(), staffFrom(r.Context()), clientFrom(r.Context()).Addr,
			staffsvc.NewStaff{Name: in.Account, DisplayName: in.DisplayName, Role: staffsvc.Role(in.Role), Password: in.Password}, in.KeyID)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "新增成功", staffOut(st))
	})
}

// handleStaffDisabled serves PUT /api/admin/staff/{id}/disabled {disabled}.
func handleStaffDisabled(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := pathID(r)
		if err != nil {
			respondError(w, r, err)
			return
		}
		var in struct {
			Disabled bool `json:"disabled"`
		}
		if err := decode(w, r, &in); err != nil {
			respondError(w, r, err)
			return
		}
		st, err := d.Staff.SetDisabled(r.Context(), staffFrom(r.Context()), clientFrom(r.Context()).Addr, id, in.Disabled)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, staffOut(st))
	})
}

// handleStaffPassword serves PUT /api/admin/staff/{id}/password {password, keyId}.
func handleStaffPassword(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := pathID(r)
		if err != nil {
			respondError(w, r, err)
			return
		}
		var in struct {
			Password string `json:"password"`
			KeyID    string `json:"keyId"`
		}
		if err := decode(w, r, &in); err != nil {
			respondError(w, r, err)
			return
		}
		if err := d.Staff.ResetPassword(r.Context(), staffFrom(r.Context()), clientFrom(r.Context()).Addr, id, in.KeyID, in.Password); err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "密码已重置", nil)
	})
}

// handleStaffActions serves GET /api/admin/actions?staffId&action&page&pageSize&after.
func handleStaffActions(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, err := deepPageOf(r, 20)
		if err != nil {
			respondError(w, r, err)
			return
		}
		sid, _ := strconv.ParseInt(r.URL.Query().Get("staffId"), 10, 64)
		list, n, err := d.Staff.Actions(r.Context(), staffFrom(r.Context()), staffsvc.ActionFilter{StaffID: sid,
			Action: strings.TrimSpace(r.URL.Query().Get("action")), Page: p.page, PageSize: p.size, After: p.after})
		if err != nil {
			respondError(w, r, err)
			return
		}
		out := make([]staffActionResponse, 0, len(list))
		for _, a := range list {
			out = append(out, staffActionResponse{ID: a.ID, StaffID: a.StaffID, StaffName: a.StaffName, Action: a.Action,
				Target: a.Target, Detail: a.Detail, ClientAddr: a.ClientAddr, Time: a.CreatedAt})
		}
		respondDeepPage(w, p, out, len(list), n, func(i int) keyset.Cursor { return keyset.Cursor{At: list[i].CreatedAt, ID: list[i].ID} })
	})
}

// handleAuditLogs serves GET /api/manage/audit/entity/logs?id=applyId to
// the account holder (02 §2 审核记录): the decisions on one of their items.
// An item of another account answers 404, like an unknown one.
func handleAuditLogs(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := strconv.ParseInt(r.URL.Query().Get("id"), 10, 64)
		if err != nil || id <= 0 {
			respondError(w, r, apperr.Field("id", "审核事项不存在"))
			return
		}
		ds, err := d.Reviews.AuditLog(r.Context(), principalFrom(r.Context()).ID, id)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, decisionsOut(ds, false))
	})
}

// handleLatestRealNameAudit serves GET /api/manage/audit/realname/latest
// to the account holder: their newest real-name item (id, state) and its
// decisions, so the authentication card shows the last outcome and a
// rejection's reason. data is null when the account never submitted one.
// The account is the session's; there is no id to name another.
func handleLatestRealNameAudit(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		it, ds, err := d.Reviews.LatestRealName(r.Context(), principalFrom(r.Context()).ID)
		if errors.Is(err, review.ErrItemNotFound) {
			respond(w, nil)
			return
		}
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, latestRealNameResponse{ID: it.ID, State: it.State, SubmittedAt: it.SubmittedAt, Decisions: decisionsOut(ds, false)})
	})
}
