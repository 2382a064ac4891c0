package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/operator"
)

// Operator links (docs/decisions/operators.md, "Operator links"; paths and payloads from docs/spec/DECISIONS.md
// "Certificates, operators, library admission: the contract"). Each route
// belongs to one side: the service refuses an account of the other type,
// and a link the caller is not a party of answers 404 like an unknown one.
// The other party is only ever named by a search's candidate token.

// operatorLinkJSON is one row of the operator list of either side.
type operatorLinkJSON struct {
	ID           int64   `json:"id"`
	HandleType   int     `json:"handleType"`
	State        string  `json:"state"`
	Period       *string `json:"period"`
	OperateStart string  `json:"operateStart"`
	OperateEnd   string  `json:"operateEnd"`
	Account      string  `json:"account"`
	Name         string  `json:"name"`
	CertNum      string  `json:"certNum"`
	AuthState    int     `json:"authState"`
}

// operatorCandidateJSON is one search result.
type operatorCandidateJSON struct {
	Candidate string `json:"candidate"`
	Account   string `json:"account"`
	Name      string `json:"name"`
	CertNum   string `json:"certNum"`
	AuthState int    `json:"authState"`
}

// activeLinkJSON is a link in force today, for the platform's other
// systems: the other party by account id, login name and verified name.
type activeLinkJSON struct {
	ID           int64  `json:"id"`
	AccountID    int64  `json:"accountId"`
	Account      string `json:"account"`
	Name         string `json:"name"`
	CertNum      string `json:"certNum"`
	OperateStart string `json:"operateStart"`
	OperateEnd   string `json:"operateEnd"`
}

// operatorSearchRequest is both searches' body: the enterprise sends
// certNum, the person creditCode.
type operatorSearchRequest struct {
	accountRef
	Account    flexString `json:"account"`
	Name       flexString `json:"name"`
	CertNum    flexString `json:"certNum"`
	CreditCode flexString `json:"creditCode"`
}

// operatorPeriodRequest carries an authorised period. The spec's client
// also sends the link's id as `id`; the path's id is the one used.
type operatorPeriodRequest struct {
	OperateStart string `json:"operateStart"`
	OperateEnd   string `json:"operateEnd"`
}

// operatorInviteRequest is the enterprise's invitation: the person only by
// the search's candidate token.
type operatorInviteRequest struct {
	accountRef
	operatorPeriodRequest
	Candidate string `json:"candidate"`
}

// operatorAnswerRequest is the person's answer to an invitation: A1
// accepts, A0 refuses.
type operatorAnswerRequest struct {
	Action string `json:"action"`
}

var errAnswer = apperr.Field("action", "请选择同意或拒绝")

func handleOperatorLinks(d Deps, side operator.Side) http.Handler {
	links := func(ctx context.Context, self int64, page, size int) ([]operator.View, int64, error) {
		return d.Operators.Links(ctx, self, side, page, size)
	}
	return ownPage(links, func(v operator.View) operatorLinkJSON {
		row := operatorLinkJSON{ID: v.ID, HandleType: int(v.HandleType), State: string(v.State),
			OperateStart: v.OperateStart, OperateEnd: v.OperateEnd,
			Account: v.Other.Account, Name: v.Other.Name, CertNum: v.Other.CertNum, AuthState: int(v.Other.AuthState)}
		if v.Period != operator.NoPeriod {
			s := string(v.Period)
			row.Period = &s
		}
		return row
	})
}

func handleOperatorSearch(d Deps, side operator.Side) http.Handler {
	svc := d.Operators
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		var req operatorSearchRequest
		if err := decodeActing(w, r, &req); err != nil {
			respondError(w, r, err)
			return
		}
		q := operator.Query{Account: req.Account.v, Name: req.Name.v, CertNum: req.CertNum.v}
		find := svc.FindPerson
		if side == operator.PersonSide {
			q.CertNum, find = req.CreditCode.v, svc.FindEnterprise
		}
		cs, err := find(r.Context(), p.ID, q)
		if err != nil {
			respondError(w, r, err)
			return
		}
		out := make([]operatorCandidateJSON, 0, len(cs))
		for _, c := range cs {
			out = append(out, operatorCandidateJSON{Candidate: c.Token, Account: c.Account, Name: c.Name, CertNum: c.CertNum, AuthState: int(c.AuthState)})
		}
		respondList(w, out, int64(len(out)))
	})
}

func handleInvite(d Deps) http.Handler {
	svc := d.Operators
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		var req operatorInviteRequest
		if err := decodeActing(w, r, &req); err != nil {
			respondError(w, r, err)
			return
		}
		if err := svc.Invite(r.Context(), p.ID, req.Candidate, req.OperateStart, req.OperateEnd); err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "邀请已发送", nil)
	})
}

func handleApply(d Deps) http.Handler {
	svc := d.Operators
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		// The path's {id} is the candidate token here (one parameter name
		// per path: DELETE on the same path takes a link id).
		if err := svc.Apply(r.Context(), p.ID, r.PathValue("id")); err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "申请已提交", nil)
	})
}

// linkID reads the link id of the path; a malformed one is as unknown as
// a link of someone else.
func linkID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil {
		return 0, operator.ErrNotFound
	}
	return id, nil
}

// handleLinkAction serves the bodiless actions: cancel, refuse an
// application, unbind.
func handleLinkAction(d Deps, side operator.Side, act operator.Action) http.Handler {
	svc := d.Operators
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		actOnLink(w, r, svc, side, act, "", "")
	})
}

func actOnLink(w http.ResponseWriter, r *http.Request, svc *operator.Service, side operator.Side, act operator.Action, start, end string) {
	id, err := linkID(r)
	if err == nil {
		err = svc.Act(r.Context(), principalFrom(r.Context()).ID, side, id, act, start, end)
	}
	if err != nil {
		respondError(w, r, err)
		return
	}
	respond(w, nil)
}

func handleAnswerInvitation(d Deps) http.Handler {
	svc := d.Operators
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req operatorAnswerRequest
		if err := decode(w, r, &req); err != nil {
			respondError(w, r, err)
			return
		}
		act := operator.Accept
		switch operator.State(req.Action) {
		case operator.Bound:
		case operator.Pending:
			act = operator.Refuse
		default:
			respondError(w, r, errAnswer)
			return
		}
		actOnLink(w, r, svc, operator.PersonSide, act, "", "")
	})
}

func handleAcceptApplication(d Deps) http.Handler {
	svc := d.Operators
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req operatorPeriodRequest
		if err := decode(w, r, &req); err != nil {
			respondError(w, r, err)
			return
		}
		actOnLink(w, r, svc, operator.EnterpriseSide, operator.Accept, req.OperateStart, req.OperateEnd)
	})
}

func handleActiveLinks(d Deps) http.Handler {
	svc := d.Operators
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		vs, err := svc.ActiveLinks(r.Context(), p.ID)
		if err != nil {
			respondError(w, r, err)
			return
		}
		out := make([]activeLinkJSON, 0, len(vs))
		for _, v := range vs {
			out = append(out, activeLinkJSON{ID: v.ID, AccountID: v.Other.AccountID, Account: v.Other.Account, Name: v.Other.Name,
				CertNum: v.Other.CertNum, OperateStart: v.OperateStart, OperateEnd: v.OperateEnd})
		}
		respond(w, out)
	})
}

// blockedEnterpriseJSON is one row of the person's 已屏蔽的企业: id names
// the block for DELETE /api/account/operator/blocks/{id}.
type blockedEnterpriseJSON struct {
	ID         int64     `json:"id"`
	Account    string    `json:"account"`
	Name       string    `json:"name"`
	CreditCode string    `json:"creditCode"`
	BlockedAt  time.Time `json:"blockedAt"`
}

// handleBlock is the person's 屏蔽该企业 on one of its links ({id}: the
// link), which refuses a pending invitation of that enterprise.
func handleBlock(d Deps) http.Handler {
	svc := d.Operators
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := linkID(r)
		if err == nil {
			err = svc.Block(r.Context(), principalFrom(r.Context()).ID, id)
		}
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "已屏蔽该企业", nil)
	})
}

func handleBlocks(d Deps) http.Handler {
	svc := d.Operators
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		bs, err := svc.Blocks(r.Context(), principalFrom(r.Context()).ID)
		if err != nil {
			respondError(w, r, err)
			return
		}
		out := make([]blockedEnterpriseJSON, 0, len(bs))
		for _, b := range bs {
			out = append(out, blockedEnterpriseJSON{ID: b.PairID, Account: b.Other.Account, Name: b.Other.Name, CreditCode: b.Other.CertNum, BlockedAt: b.BlockedAt})
		}
		respond(w, out)
	})
}

func handleUnblock(d Deps) http.Handler {
	svc := d.Operators
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
		if err != nil {
			respondError(w, r, operator.ErrBlockMissing)
			return
		}
		if err := svc.Unblock(r.Context(), principalFrom(r.Context()).ID, id); err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "已解除屏蔽", nil)
	})
}
