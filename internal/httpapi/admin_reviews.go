package httpapi

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/keyset"
	"bidpass/internal/review"
)

// The review console (queues, an item's page, claims and decisions) and
// the account holder's view of the decisions on their own items.

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

// reviewDetailJSON is the review page's data.
type reviewDetailJSON struct {
	Item    itemJSON          `json:"item"`
	Account reviewAccountJSON `json:"account"`
	// Current is the account's data now under the keys of a real-name
	// payload, and Labels names its codes and the submission's.
	Current json.RawMessage              `json:"current"`
	Labels  map[string]map[string]string `json:"labels"`
	// Fields are the rows of a real-name item (absent for other kinds).
	Fields []realNameRow `json:"fields,omitempty"`
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
		out.Labels, out.Fields = reviewLabels(d.RefData, dt), realNameRows(d.RefData, dt)
		if dt.Item.Kind == review.KindChange {
			if out.Changes, err = changeRows(d.RefData, subjectOf(dt.Item), dt.Item.Payload); err != nil {
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
