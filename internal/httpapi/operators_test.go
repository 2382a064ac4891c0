package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"bidpass/internal/account"
	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
	"bidpass/internal/identity"
	"bidpass/internal/operator"
	"bidpass/internal/profile"
	"bidpass/internal/session"
	"bidpass/internal/store"
)

// operatorFixture is the HTTP surface with the real operator service on
// SQLite, and signed-in accounts.
type operatorFixture struct {
	h   http.Handler
	db  *store.DB
	d   Deps
	n   int
	tok map[int64]string
}

func newOperatorFixture(t *testing.T) *operatorFixture {
	t.Helper()
	d := testDeps(t, false)
	db := d.Ready["database"].(*store.DB)
	clk := d.Clock.(*clock.Fake)
	d.Operators = operator.New(operator.Deps{Tx: db, Store: db, Records: profile.NewService(profile.Deps{Store: db, Clock: clk}),
		Ephemeral: ephemeral.NewMemory(clk), Clock: clk})
	return &operatorFixture{h: NewServer(d), db: db, d: d, tok: map[int64]string{}}
}

// account creates an authenticated account of typ with a verified name and
// a portal session.
func (f *operatorFixture) account(t *testing.T, typ account.Type) (account.Account, operator.Query) {
	t.Helper()
	ctx := context.Background()
	f.n++
	now := f.d.Clock.Now()
	a := account.Account{Name: fmt.Sprintf("op%03d", f.n), Type: typ, PasswordHash: "x", AuthState: account.Authenticated, CreatedAt: now, UpdatedAt: now}
	if err := f.db.CreateAccount(ctx, &a); err != nil {
		t.Fatal(err)
	}
	q := operator.Query{Account: a.Name, Name: fmt.Sprintf("名字%d", f.n), CertNum: "11010519491231002X"}
	var err error
	if typ == account.Person {
		_, err = f.db.SavePersonProfile(ctx, account.PersonProfile{AccountID: a.ID, UpdatedAt: now,
			Person: identity.Person{RealName: q.Name, CertType: "1", CertNum: q.CertNum}})
	} else {
		q.CertNum = "91350100M000100Y43"
		_, err = f.db.SaveEnterpriseProfile(ctx, account.EnterpriseProfile{AccountID: a.ID, UpdatedAt: now,
			Enterprise: identity.Enterprise{Type: "A1", Name: q.Name, CertType: "1", CertNum: q.CertNum}})
	}
	if err != nil {
		t.Fatal(err)
	}
	tok, err := f.d.Sessions.Issue(ctx, session.Portal, a.ID, "", "")
	if err != nil {
		t.Fatal(err)
	}
	f.tok[a.ID] = tok
	return a, q
}

// call sends body as a's request and returns the status and envelope.
func (f *operatorFixture) call(t *testing.T, a account.Account, method, path, body string) (int, envelope) {
	t.Helper()
	res := do(t, f.h, method, path, body, "Authorization", "Bearer "+f.tok[a.ID])
	return res.StatusCode, decodeEnvelope(t, res)
}

// callMalformed is call for a request that breaks the contract on purpose
// (the header is contract_test.go's markMalformed).
func (f *operatorFixture) callMalformed(t *testing.T, a account.Account, method, path, body string) (int, envelope) {
	t.Helper()
	res := do(t, f.h, method, path, body, "Authorization", "Bearer "+f.tok[a.ID], "X-Contract-Malformed", "on purpose")
	return res.StatusCode, decodeEnvelope(t, res)
}

// list returns a's operator list (the side's route by a's type).
func (f *operatorFixture) list(t *testing.T, a account.Account) []operatorLinkJSON {
	t.Helper()
	path := "/api/account/operate/enterprise?page=1&pageSize=10"
	if a.Type == account.Enterprise {
		path = "/api/account/enterprise/operator?page=1&pageSize=10"
	}
	st, env := f.call(t, a, "GET", path, "")
	if st != 200 {
		t.Fatalf("list: %d %s", st, env.Msg)
	}
	var rows []operatorLinkJSON
	remarshal(t, env.Data, &rows)
	return rows
}

func remarshal(t *testing.T, from, to any) {
	t.Helper()
	b, _ := json.Marshal(from)
	if err := json.Unmarshal(b, to); err != nil {
		t.Fatal(err)
	}
}

// search runs a's search for q and returns the candidates.
func (f *operatorFixture) search(t *testing.T, a account.Account, q operator.Query) []operatorCandidateJSON {
	t.Helper()
	path, body := "/api/account/enterprise/operatorInfo?page=1&pageSize=10", fmt.Sprintf(`{"account":%q,"name":%q,"certNum":%q}`, q.Account, q.Name, q.CertNum)
	if a.Type == account.Person {
		path, body = "/api/common/find/enterprise", fmt.Sprintf(`{"account":%q,"name":%q,"creditCode":%q}`, q.Account, q.Name, q.CertNum)
	}
	st, env := f.call(t, a, "POST", path, body)
	if st != 200 {
		t.Fatalf("search: %d %s", st, env.Msg)
	}
	var cs []operatorCandidateJSON
	remarshal(t, env.Data, &cs)
	return cs
}

// TestOperatorFlowOverHTTP: the enterprise finds and invites a person, the
// person accepts, both see A1 and the period, other systems see the link
// in force; the person applies to a second enterprise, it accepts with a
// period; either side unbinds.
func TestOperatorFlowOverHTTP(t *testing.T) {
	f := newOperatorFixture(t)
	ent, _ := f.account(t, account.Enterprise)
	per, perQ := f.account(t, account.Person)
	ent2, ent2Q := f.account(t, account.Enterprise)

	cs := f.search(t, ent, perQ)
	if len(cs) != 1 || cs[0].Account != per.Name || cs[0].CertNum != "1101**********002X" {
		t.Fatalf("search: %+v", cs)
	}
	if st, env := f.call(t, ent, "POST", "/api/account/operator/invite",
		fmt.Sprintf(`{"candidate":%q,"operateStart":"2026-11-21","operateEnd":"2027-11-20"}`, cs[0].Candidate)); st != 200 {
		t.Fatalf("invite: %d %s", st, env.Msg)
	}
	rows := f.list(t, per)
	if len(rows) != 1 || rows[0].State != "A0" || rows[0].HandleType != 1 || rows[0].Period != nil || rows[0].Account != ent.Name {
		t.Fatalf("person's list: %+v", rows)
	}
	id := rows[0].ID
	if st, env := f.callMalformed(t, per, "PUT", fmt.Sprintf("/api/account/operator/invite/%d", id), `{"action":"A2"}`); st != 400 || env.Fields["action"] == "" {
		t.Fatalf("unknown answer: %d %+v", st, env)
	}
	if st, env := f.call(t, per, "PUT", fmt.Sprintf("/api/account/operator/invite/%d", id), `{"action":"A1"}`); st != 200 {
		t.Fatalf("accept: %d %s", st, env.Msg)
	}
	for _, a := range []account.Account{ent, per} {
		rows := f.list(t, a)
		if len(rows) != 1 || rows[0].State != "A1" || rows[0].Period == nil || *rows[0].Period != "active" ||
			rows[0].OperateStart != "2026-11-21" || rows[0].OperateEnd != "2027-11-20" {
			t.Fatalf("%s's list after accepting: %+v", a.Name, rows)
		}
	}
	st, env := f.call(t, per, "GET", "/api/account/operator/active", "")
	var active []activeLinkJSON
	remarshal(t, env.Data, &active)
	if st != 200 || len(active) != 1 || active[0].AccountID != ent.ID || active[0].OperateEnd != "2027-11-20" {
		t.Fatalf("active: %d %+v", st, active)
	}

	// The person applies to a second enterprise, which accepts with a period.
	cs = f.search(t, per, ent2Q)
	if len(cs) != 1 {
		t.Fatalf("enterprise search: %+v", cs)
	}
	if st, env := f.call(t, per, "POST", "/api/account/operator/apply/"+cs[0].Candidate, ""); st != 200 {
		t.Fatalf("apply: %d %s", st, env.Msg)
	}
	app := f.list(t, ent2)[0]
	if app.State != "A0" || app.HandleType != 0 || app.Account != per.Name {
		t.Fatalf("application: %+v", app)
	}
	confirm := fmt.Sprintf("/api/account/operator/apply/confirm/%d", app.ID)
	if st, env := f.call(t, ent2, "PUT", confirm, `{"operateStart":"","operateEnd":""}`); st != 400 || env.Msg != "请选择授权期限" {
		t.Fatalf("accept without a period: %d %s", st, env.Msg)
	}
	if st, env := f.call(t, ent2, "PUT", confirm, fmt.Sprintf(`{"id":%d,"operateStart":"2026-11-21","operateEnd":"2026-12-31"}`, app.ID)); st != 200 {
		t.Fatalf("accept the application: %d %s", st, env.Msg)
	}
	if rows := f.list(t, per); len(rows) != 2 || rows[0].State != "A1" || rows[1].State != "A1" {
		t.Fatalf("person bound to two enterprises: %+v", rows)
	}
	// Either side unbinds.
	if st, env := f.call(t, ent, "DELETE", fmt.Sprintf("/api/account/operator/frOperator/%d", id), ""); st != 200 {
		t.Fatalf("enterprise unbinds: %d %s", st, env.Msg)
	}
	if st, env := f.call(t, per, "DELETE", fmt.Sprintf("/api/account/operator/%d", app.ID), ""); st != 200 {
		t.Fatalf("person unbinds: %d %s", st, env.Msg)
	}
	// A second unbind is refused: the link moved on.
	if st, env := f.call(t, per, "DELETE", fmt.Sprintf("/api/account/operator/%d", app.ID), ""); st != 409 || env.Msg != "该记录已解绑，无法操作" {
		t.Fatalf("second unbind: %d %s", st, env.Msg)
	}
	for _, row := range f.list(t, per) {
		if row.State != "A4" || row.Period != nil {
			t.Fatalf("after unbinding: %+v", row)
		}
	}
}

// TestOperatorCancelAndRefuseOverHTTP covers the remaining answers: the
// enterprise cancels an invitation, the person refuses one, the enterprise
// refuses an application and the person cancels one.
func TestOperatorCancelAndRefuseOverHTTP(t *testing.T) {
	f := newOperatorFixture(t)
	ent, entQ := f.account(t, account.Enterprise)
	per, perQ := f.account(t, account.Person)
	invite := func() int64 {
		cs := f.search(t, ent, perQ)
		if st, env := f.call(t, ent, "POST", "/api/account/operator/invite",
			fmt.Sprintf(`{"candidate":%q,"operateStart":"2026-11-21","operateEnd":"2027-11-20"}`, cs[0].Candidate)); st != 200 {
			t.Fatalf("invite: %d %s", st, env.Msg)
		}
		return f.list(t, ent)[0].ID
	}
	apply := func() int64 {
		cs := f.search(t, per, entQ)
		if st, env := f.call(t, per, "POST", "/api/account/operator/apply/"+cs[0].Candidate, ""); st != 200 {
			t.Fatalf("apply: %d %s", st, env.Msg)
		}
		return f.list(t, ent)[0].ID
	}
	steps := []struct {
		open func() int64
		who  account.Account
		meth string
		path string
		body string
		want string
	}{
		{invite, ent, "DELETE", "/api/account/operator/invite/%d", "", "A3"},
		{invite, per, "PUT", "/api/account/operator/invite/%d", `{"action":"A0"}`, "A2"},
		{apply, ent, "DELETE", "/api/account/operator/frApply/%d", "", "A2"},
		{apply, per, "DELETE", "/api/account/operator/apply/%d", "", "A3"},
	}
	for _, s := range steps {
		id := s.open()
		if st, env := f.call(t, s.who, s.meth, fmt.Sprintf(s.path, id), s.body); st != 200 {
			t.Fatalf("%s %s: %d %s", s.meth, s.path, st, env.Msg)
		}
		if got := f.list(t, ent)[0]; got.ID != id || got.State != s.want {
			t.Fatalf("%s %s: %+v, want %s", s.meth, s.path, got, s.want)
		}
	}
	if n := len(f.list(t, per)); n != 4 {
		t.Fatalf("history kept: %d rows", n)
	}
}

// TestOperatorAuthorisationMatrix: every operator route refuses no token
// and a staff token; each side's routes refuse the other account type; and
// a third enterprise or person can neither see nor act on a link.
func TestOperatorAuthorisationMatrix(t *testing.T) {
	f := newOperatorFixture(t)
	ent, _ := f.account(t, account.Enterprise)
	per, perQ := f.account(t, account.Person)
	ent3, _ := f.account(t, account.Enterprise)
	per3, _ := f.account(t, account.Person)
	cs := f.search(t, ent, perQ)
	if st, _ := f.call(t, ent, "POST", "/api/account/operator/invite",
		fmt.Sprintf(`{"candidate":%q,"operateStart":"2026-11-21","operateEnd":"2027-11-20"}`, cs[0].Candidate)); st != 200 {
		t.Fatal("invite")
	}
	id := f.list(t, ent)[0].ID
	staffTok, err := f.d.Sessions.Issue(context.Background(), session.Staff, ent.ID, "", "")
	if err != nil {
		t.Fatal(err)
	}
	period := `{"operateStart":"2026-11-21","operateEnd":"2027-11-20"}`
	routes := []struct {
		method, path, body string
		side               account.Type // the account type the route belongs to; 0 both
		link               bool         // acts on the link {id}
	}{
		{"GET", "/api/account/enterprise/operator", "", account.Enterprise, false},
		{"GET", "/api/account/operate/enterprise", "", account.Person, false},
		{"POST", "/api/account/enterprise/operatorInfo", `{"account":"a","name":"b","certNum":"c"}`, account.Enterprise, false},
		{"POST", "/api/common/find/enterprise", `{"account":"a","name":"b","creditCode":"c"}`, account.Person, false},
		{"POST", "/api/account/operator/invite", `{"candidate":"x","operateStart":"2026-11-21","operateEnd":"2027-11-20"}`, account.Enterprise, false},
		{"PUT", "/api/account/operator/invite/%d", `{"action":"A1"}`, account.Person, true},
		{"DELETE", "/api/account/operator/invite/%d", "", account.Enterprise, true},
		{"POST", "/api/account/operator/apply/x", "", account.Person, false},
		{"PUT", "/api/account/operator/apply/confirm/%d", period, account.Enterprise, true},
		{"DELETE", "/api/account/operator/frApply/%d", "", account.Enterprise, true},
		{"DELETE", "/api/account/operator/apply/%d", "", account.Person, true},
		{"DELETE", "/api/account/operator/frOperator/%d", "", account.Enterprise, true},
		{"DELETE", "/api/account/operator/%d", "", account.Person, true},
		{"GET", "/api/account/operator/active", "", 0, false},
	}
	for _, r := range routes {
		path := r.path
		if r.link {
			path = fmt.Sprintf(r.path, id)
		}
		if res := do(t, f.h, r.method, path, r.body); res.StatusCode != 401 {
			t.Errorf("%s %s without a token: %d", r.method, r.path, res.StatusCode)
		}
		if res := do(t, f.h, r.method, path, r.body, "Authorization", "Bearer "+staffTok); res.StatusCode != 401 {
			t.Errorf("%s %s with a staff token: %d", r.method, r.path, res.StatusCode)
		}
		if r.side != 0 {
			wrong := per3
			if r.side == account.Person {
				wrong = ent3
			}
			if st, env := f.call(t, wrong, r.method, path, r.body); st != 403 || env.Msg != "账号类型不符" {
				t.Errorf("%s %s by the other account type: %d %s", r.method, r.path, st, env.Msg)
			}
		}
		if r.link {
			third := ent3
			if r.side == account.Person {
				third = per3
			}
			if st, env := f.call(t, third, r.method, path, r.body); st != 404 || env.Msg != "记录不存在" {
				t.Errorf("%s %s by a third %s: %d %s", r.method, r.path, third.Name, st, env.Msg)
			}
		}
	}
	for _, third := range []account.Account{ent3, per3} {
		if rows := f.list(t, third); len(rows) != 0 {
			t.Errorf("a third account sees %+v", rows)
		}
	}
	if got := f.list(t, per); len(got) != 1 || got[0].State != "A0" {
		t.Fatalf("the link moved: %+v", got)
	}
}

// TestOperatorSearchMessagesOverHTTP: the required fields answer 400 with
// the spec's messages per field; a made-up candidate is refused.
func TestOperatorSearchMessagesOverHTTP(t *testing.T) {
	f := newOperatorFixture(t)
	ent, _ := f.account(t, account.Enterprise)
	per, _ := f.account(t, account.Person)
	st, env := f.call(t, ent, "POST", "/api/account/enterprise/operatorInfo", `{"account":" ","name":"","certNum":""}`)
	if st != 400 || env.Fields["account"] != "请输入账号" || env.Fields["name"] != "请输入姓名" || env.Fields["certNum"] != "请输入证件号码" {
		t.Fatalf("empty search: %d %+v", st, env)
	}
	st, env = f.callMalformed(t, per, "POST", "/api/common/find/enterprise", `{"account":"a","name":"b"}`)
	if st != 400 || env.Fields["creditCode"] != "请输入证件号码" {
		t.Fatalf("no credit code: %d %+v", st, env)
	}
	if st, env := f.call(t, per, "POST", "/api/account/operator/apply/made-up", ""); st != 400 || env.Msg != "查询结果已失效，请重新查询" {
		t.Fatalf("made-up candidate: %d %s", st, env.Msg)
	}
	// An id naming another account in the body is refused.
	if st, _ := f.callMalformed(t, ent, "POST", "/api/account/enterprise/operatorInfo", fmt.Sprintf(`{"accountId":%d,"account":"a","name":"b","certNum":"c"}`, per.ID)); st != 403 {
		t.Fatalf("search naming another account: %d", st)
	}
}

// TestOperatorBlockOverHTTP: the person refuses an invitation and blocks
// the enterprise, whose next invitation is refused without saying why;
// the block is listed, and once lifted the enterprise may invite again.
func TestOperatorBlockOverHTTP(t *testing.T) {
	f := newOperatorFixture(t)
	ent, _ := f.account(t, account.Enterprise)
	per, perQ := f.account(t, account.Person)
	invite := func() (int, envelope) {
		cs := f.search(t, ent, perQ)
		return f.call(t, ent, "POST", "/api/account/operator/invite",
			fmt.Sprintf(`{"candidate":%q,"operateStart":"2026-11-21","operateEnd":"2027-11-20"}`, cs[0].Candidate))
	}
	if st, env := invite(); st != 200 {
		t.Fatalf("invite: %d %s", st, env.Msg)
	}
	link := f.list(t, per)[0].ID
	if st, env := f.call(t, per, "POST", fmt.Sprintf("/api/account/operator/block/%d", link), ""); st != 200 {
		t.Fatalf("block: %d %s", st, env.Msg)
	}
	if got := f.list(t, ent)[0]; got.ID != link || got.State != "A2" {
		t.Fatalf("the blocked invitation: %+v, want refused (A2)", got)
	}
	if st, env := invite(); st != 403 || env.Msg != "对方暂不接受贵企业的邀请" {
		t.Fatalf("invite while blocked: %d %q", st, env.Msg)
	}
	st, env := f.call(t, per, "GET", "/api/account/operator/blocks", "")
	var blocks []struct {
		ID      int64
		Account string
	}
	remarshal(t, env.Data, &blocks)
	if st != 200 || len(blocks) != 1 || blocks[0].Account != ent.Name {
		t.Fatalf("blocks: %d %+v", st, blocks)
	}
	if st, env := f.call(t, per, "DELETE", fmt.Sprintf("/api/account/operator/blocks/%d", blocks[0].ID), ""); st != 200 {
		t.Fatalf("unblock: %d %s", st, env.Msg)
	}
	if st, env := invite(); st != 200 {
		t.Fatalf("invite after the unblock: %d %s", st, env.Msg)
	}
}
