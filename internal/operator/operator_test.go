package operator_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
	"bidpass/internal/identity"
	"bidpass/internal/operator"
	"bidpass/internal/profile"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// env is a real operator service on a real database, with a fake clock
// standing at 2026-11-21 10:00 in China.
type env struct {
	db  *store.DB
	clk *clock.Fake
	svc *operator.Service
	n   int
}

func newEnv(t *testing.T, db *store.DB) *env {
	t.Helper()
	clk := clock.NewFake(time.Date(2026, 11, 21, 2, 0, 0, 0, time.UTC))
	records := profile.NewService(profile.Deps{Store: db, Clock: clk})
	svc := operator.New(operator.Deps{Tx: db, Store: db, Records: records, Ephemeral: ephemeral.NewMemory(clk), Clock: clk})
	return &env{db: db, clk: clk, svc: svc}
}

const (
	personCert = "11010519491231002X"
	creditCode = "91350100M000100Y43"
)

// party creates an account of type typ in state st with a verified name.
func (e *env) party(t *testing.T, typ account.Type, st account.AuthState) account.Account {
	t.Helper()
	ctx := context.Background()
	e.n++
	now := e.clk.Now()
	a := account.Account{Name: fmt.Sprintf("acct%03d", e.n), Type: typ, PasswordHash: "x", AuthState: st, CreatedAt: now, UpdatedAt: now}
	if err := e.db.CreateAccount(ctx, &a); err != nil {
		t.Fatal(err)
	}
	var err error
	if typ == account.Person {
		_, err = e.db.SavePersonProfile(ctx, account.PersonProfile{AccountID: a.ID, UpdatedAt: now,
			Person: identity.Person{RealName: fmt.Sprintf("张三%d", e.n), CertType: "1", CertNum: personCert}})
	} else {
		_, err = e.db.SaveEnterpriseProfile(ctx, account.EnterpriseProfile{AccountID: a.ID, UpdatedAt: now,
			Enterprise: identity.Enterprise{Type: "A1", Name: fmt.Sprintf("测试企业%d", e.n), CertType: "1", CertNum: creditCode}})
	}
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func (e *env) person(t *testing.T) account.Account {
	return e.party(t, account.Person, account.Authenticated)
}

func (e *env) enterprise(t *testing.T) account.Account {
	return e.party(t, account.Enterprise, account.Authenticated)
}

// nameOf is the verified name party gave a.
func (e *env) query(t *testing.T, a account.Account) operator.Query {
	t.Helper()
	ctx := context.Background()
	if a.Type == account.Person {
		p, err := e.db.PersonProfile(ctx, a.ID)
		if err != nil {
			t.Fatal(err)
		}
		return operator.Query{Account: a.Name, Name: p.RealName, CertNum: p.CertNum}
	}
	p, err := e.db.EnterpriseProfile(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	return operator.Query{Account: a.Name, Name: p.Name, CertNum: p.CertNum}
}

// candidate searches from searcher for target and returns the one token.
func (e *env) candidate(t *testing.T, searcher, target account.Account) string {
	t.Helper()
	ctx := context.Background()
	find := e.svc.FindPerson
	if searcher.Type == account.Person {
		find = e.svc.FindEnterprise
	}
	cs, err := find(ctx, searcher.ID, e.query(t, target))
	if err != nil || len(cs) != 1 {
		t.Fatalf("search for %s: %v %v", target.Name, cs, err)
	}
	return cs[0].Token
}

func (e *env) invite(t *testing.T, ent, per account.Account, start, end string) error {
	t.Helper()
	return e.svc.Invite(context.Background(), ent.ID, e.candidate(t, ent, per), start, end)
}

func (e *env) apply(t *testing.T, per, ent account.Account) error {
	t.Helper()
	return e.svc.Apply(context.Background(), per.ID, e.candidate(t, per, ent))
}

// only returns the one link of ent (fails otherwise).
func (e *env) only(t *testing.T, ent account.Account) operator.View {
	t.Helper()
	vs, n, err := e.svc.Links(context.Background(), ent.ID, operator.EnterpriseSide, 1, 10)
	if err != nil || n != 1 || len(vs) != 1 {
		t.Fatalf("links of %s: %v n=%d err=%v", ent.Name, vs, n, err)
	}
	return vs[0]
}

func (e *env) records(t *testing.T, a account.Account) []profile.OperationRecord {
	t.Helper()
	rs, _, err := e.db.OperationRecords(context.Background(), a.ID, 0, 100)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func msgOf(err error) string {
	if e, ok := apperr.As(err); ok {
		return e.Msg
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

func TestInvitationAcceptedThenUnbound(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		ent, per := e.enterprise(t), e.person(t)
		if err := e.invite(t, ent, per, "2026-11-21", "2027-11-20"); err != nil {
			t.Fatal(err)
		}
		l := e.only(t, ent)
		if l.State != operator.Pending || l.HandleType != operator.Invitation || l.Period != operator.NoPeriod ||
			l.Other.Account != per.Name || l.Other.CertNum != "1101**********002X" || l.Other.AuthState != account.Authenticated {
			t.Fatalf("pending invitation = %+v", l)
		}
		if err := e.svc.Act(ctx, per.ID, operator.PersonSide, l.ID, operator.Accept, "", ""); err != nil {
			t.Fatal(err)
		}
		vs, _, err := e.svc.Links(ctx, per.ID, operator.PersonSide, 1, 10)
		if err != nil || len(vs) != 1 {
			t.Fatal(vs, err)
		}
		if v := vs[0]; v.State != operator.Bound || v.Period != operator.Active || v.OperateStart != "2026-11-21" ||
			v.OperateEnd != "2027-11-20" || v.Other.Name != e.query(t, ent).Name || v.Other.CertNum != "9135**********0Y43" {
			t.Fatalf("person's view = %+v", v)
		}
		if err := e.svc.Act(ctx, ent.ID, operator.EnterpriseSide, l.ID, operator.Unbind, "", ""); err != nil {
			t.Fatal(err)
		}
		if got := e.only(t, ent); got.State != operator.Unbound {
			t.Fatalf("after unbind: %+v", got)
		}
		// Both accounts hold the three transitions in their records.
		for _, a := range []account.Account{ent, per} {
			rs := e.records(t, a)
			if len(rs) != 3 {
				t.Fatalf("%s has %d records: %+v", a.Name, len(rs), rs)
			}
			if rs[0].OperationType != operator.OpOperator || rs[0].Remarks[0].AfterValue != "解绑" || rs[0].ActorName != ent.Name ||
				rs[1].Remarks[0].AfterValue != "同意邀请" || rs[1].ActorName != per.Name || rs[2].Remarks[0].AfterValue != "发出邀请" {
				t.Fatalf("records of %s: %+v", a.Name, rs)
			}
		}
	})
}

func TestApplicationAcceptedWithPeriod(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		ent, per := e.enterprise(t), e.person(t)
		if err := e.apply(t, per, ent); err != nil {
			t.Fatal(err)
		}
		l := e.only(t, ent)
		if l.HandleType != operator.Application || l.State != operator.Pending || l.OperateStart != "" {
			t.Fatalf("application = %+v", l)
		}
		// The enterprise must send a period when it accepts.
		err := e.svc.Act(ctx, ent.ID, operator.EnterpriseSide, l.ID, operator.Accept, "", "")
		if msgOf(err) != "请选择授权期限" || apperr.KindOf(err) != apperr.Invalid {
			t.Fatalf("accept without a period: %v", err)
		}
		for _, c := range [][2]string{{"2026-12-01", "2026-11-30"}, {"2026-11-01", "2026-11-20"}, {"2026/11/21", "2026-12-01"}, {"2026-02-30", "2026-12-01"}} {
			if err := e.svc.Act(ctx, ent.ID, operator.EnterpriseSide, l.ID, operator.Accept, c[0], c[1]); apperr.KindOf(err) != apperr.Invalid {
				t.Fatalf("period %v accepted: %v", c, err)
			}
		}
		if err := e.svc.Act(ctx, ent.ID, operator.EnterpriseSide, l.ID, operator.Accept, "2026-12-01", "2027-01-31"); err != nil {
			t.Fatal(err)
		}
		if got := e.only(t, ent); got.State != operator.Bound || got.Period != operator.NotStarted {
			t.Fatalf("accepted application: %+v", got)
		}
		// Not started is bound but not yet in force for other systems.
		if act, err := e.svc.ActiveLinks(ctx, per.ID); err != nil || len(act) != 0 {
			t.Fatalf("active before the start: %v %v", act, err)
		}
		e.clk.Advance(10 * 24 * time.Hour)
		if act, err := e.svc.ActiveLinks(ctx, per.ID); err != nil || len(act) != 1 || act[0].Other.AccountID != ent.ID {
			t.Fatalf("active after the start: %v %v", act, err)
		}
	})
}

// TestExpiryByTheClock: a bound link's period ends by the dates alone; from
// the next day (China time) it is expired, out of the active list, and no
// longer ties the pair.
func TestExpiryByTheClock(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		ent, per := e.enterprise(t), e.person(t)
		if err := e.invite(t, ent, per, "2026-11-21", "2026-11-22"); err != nil {
			t.Fatal(err)
		}
		l := e.only(t, ent)
		if err := e.svc.Act(ctx, per.ID, operator.PersonSide, l.ID, operator.Accept, "", ""); err != nil {
			t.Fatal(err)
		}
		// 2026-11-22 23:59 in China: the last day, still active.
		e.clk.Advance(time.Duration(37*60+59) * time.Minute)
		if got := e.only(t, ent); got.Period != operator.Active {
			t.Fatalf("on the last day: %+v", got)
		}
		if err := e.invite(t, ent, per, "2026-11-23", "2026-12-31"); msgOf(err) != "双方已绑定，无需重复关联" {
			t.Fatalf("second invitation while bound: %v", err)
		}
		// One minute later it is 2026-11-23 in China.
		e.clk.Advance(time.Minute)
		if got := e.only(t, ent); got.State != operator.Bound || got.Period != operator.Expired {
			t.Fatalf("after the end: %+v", got)
		}
		if act, err := e.svc.ActiveLinks(ctx, ent.ID); err != nil || len(act) != 0 {
			t.Fatalf("active after the end: %v %v", act, err)
		}
		// Expired counts as not bound: a new invitation may be sent, and the
		// expired link stays in the list as history.
		if err := e.invite(t, ent, per, "2026-11-23", "2026-12-31"); err != nil {
			t.Fatal(err)
		}
		vs, n, err := e.svc.Links(ctx, ent.ID, operator.EnterpriseSide, 1, 10)
		if err != nil || n != 2 || vs[0].State != operator.Pending || vs[1].Period != operator.Expired {
			t.Fatalf("list after re-inviting: %+v n=%d %v", vs, n, err)
		}
	})
}

// TestCrossingRequestsBind: an invitation to a person who has applied
// accepts the application, and the other way round.
func TestCrossingRequestsBind(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ent, per := e.enterprise(t), e.person(t)
		if err := e.apply(t, per, ent); err != nil {
			t.Fatal(err)
		}
		if err := e.invite(t, ent, per, "2026-11-21", "2027-01-01"); err != nil {
			t.Fatal(err)
		}
		if got := e.only(t, ent); got.State != operator.Bound || got.HandleType != operator.Application || got.OperateEnd != "2027-01-01" {
			t.Fatalf("application crossed by an invitation: %+v", got)
		}

		ent2, per2 := e.enterprise(t), e.person(t)
		if err := e.invite(t, ent2, per2, "2026-11-25", "2027-02-01"); err != nil {
			t.Fatal(err)
		}
		if err := e.apply(t, per2, ent2); err != nil {
			t.Fatal(err)
		}
		if got := e.only(t, ent2); got.State != operator.Bound || got.HandleType != operator.Invitation || got.OperateStart != "2026-11-25" {
			t.Fatalf("invitation crossed by an application: %+v", got)
		}
		// Repeating one's own request is refused, once per pair.
		ent3, per3 := e.enterprise(t), e.person(t)
		if err := e.invite(t, ent3, per3, "2026-11-21", "2027-01-01"); err != nil {
			t.Fatal(err)
		}
		if err := e.invite(t, ent3, per3, "2026-11-21", "2027-01-01"); msgOf(err) != "已邀请该经办人，请等待对方处理" {
			t.Fatalf("second invitation: %v", err)
		}
		ent4, per4 := e.enterprise(t), e.person(t)
		if err := e.apply(t, per4, ent4); err != nil {
			t.Fatal(err)
		}
		if err := e.apply(t, per4, ent4); msgOf(err) != "已向该企业提交申请，请等待企业处理" {
			t.Fatalf("second application: %v", err)
		}
	})
}

// TestOnlyAuthenticatedLink: an account that is not authenticated (0, 2,
// 99) cannot search or be found, and a party that lost its state meanwhile
// cannot be invited.
func TestOnlyAuthenticatedLink(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		ent := e.enterprise(t)
		for _, st := range []account.AuthState{account.NotAuthenticated, account.NotPassed, account.Verifying} {
			per := e.party(t, account.Person, st)
			if cs, err := e.svc.FindPerson(ctx, ent.ID, e.query(t, per)); err != nil || len(cs) != 0 {
				t.Fatalf("authState %d found: %v %v", st, cs, err)
			}
			if _, err := e.svc.FindEnterprise(ctx, per.ID, e.query(t, ent)); !errors.Is(err, operator.ErrNotAuthed) {
				t.Fatalf("authState %d searched: %v", st, err)
			}
		}
		per := e.person(t)
		tok := e.candidate(t, ent, per)
		if err := storetest.SetAuthState(ctx, db, per.ID, account.NotPassed); err != nil {
			t.Fatal(err)
		}
		if err := e.svc.Invite(ctx, ent.ID, tok, "2026-11-21", "2027-01-01"); !errors.Is(err, operator.ErrOtherNotAuthed) {
			t.Fatalf("invited a person no longer authenticated: %v", err)
		}
	})
}

func TestSearchIsExact(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		ent, per := e.enterprise(t), e.person(t)
		q := e.query(t, per)
		// Spaces are stripped and a lower-case x is the same number.
		loose := operator.Query{Account: " " + q.Account + " ", Name: q.Name + " ", CertNum: "110105 19491231002x"}
		cs, err := e.svc.FindPerson(ctx, ent.ID, loose)
		if err != nil || len(cs) != 1 || cs[0].Account != per.Name || cs[0].CertNum != "1101**********002X" || cs[0].Token == "" {
			t.Fatalf("exact search: %+v %v", cs, err)
		}
		for name, wrong := range map[string]operator.Query{
			"account": {Account: "nobody", Name: q.Name, CertNum: q.CertNum},
			"name":    {Account: q.Account, Name: "李四", CertNum: q.CertNum},
			"number":  {Account: q.Account, Name: q.Name, CertNum: "110105194912310038"},
			"kind":    e.query(t, e.enterprise(t)), // an enterprise is not a person
		} {
			if cs, err := e.svc.FindPerson(ctx, ent.ID, wrong); err != nil || len(cs) != 0 {
				t.Errorf("wrong %s found %+v %v", name, cs, err)
			}
		}
		_, err = e.svc.FindPerson(ctx, ent.ID, operator.Query{Name: q.Name})
		if ae, ok := apperr.As(err); !ok || ae.Msg != "请输入账号" || ae.Fields["account"] != "请输入账号" || ae.Fields["certNum"] != "请输入证件号码" || ae.Fields["name"] != "" {
			t.Fatalf("required fields: %+v", err)
		}
		_, err = e.svc.FindEnterprise(ctx, per.ID, operator.Query{Account: "a", Name: "b"})
		if ae, ok := apperr.As(err); !ok || ae.Fields["creditCode"] != "请输入证件号码" {
			t.Fatalf("required credit code: %+v", err)
		}
		// The token is the searcher's alone and lasts 10 minutes.
		other := e.enterprise(t)
		if err := e.svc.Invite(ctx, other.ID, cs[0].Token, "2026-11-21", "2027-01-01"); !errors.Is(err, operator.ErrCandidate) {
			t.Fatalf("another account used the token: %v", err)
		}
		if err := e.svc.Invite(ctx, ent.ID, "made-up", "2026-11-21", "2027-01-01"); !errors.Is(err, operator.ErrCandidate) {
			t.Fatalf("made-up token: %v", err)
		}
		e.clk.Advance(10*time.Minute + time.Second)
		if err := e.svc.Invite(ctx, ent.ID, cs[0].Token, "2026-11-21", "2027-01-01"); !errors.Is(err, operator.ErrCandidate) {
			t.Fatalf("expired token: %v", err)
		}
	})
}

func TestSearchIsRateLimited(t *testing.T) {
	e := newEnv(t, storetest.SQLite(t))
	ctx := context.Background()
	ent := e.enterprise(t)
	q := operator.Query{Account: "nobody", Name: "无", CertNum: "1"}
	for i := range 20 {
		if _, err := e.svc.FindPerson(ctx, ent.ID, q); err != nil {
			t.Fatalf("search %d: %v", i+1, err)
		}
	}
	if _, err := e.svc.FindPerson(ctx, ent.ID, q); apperr.KindOf(err) != apperr.TooMany {
		t.Fatalf("21st search: %v", err)
	}
	// Another account has its own allowance; the window ends.
	if _, err := e.svc.FindPerson(ctx, e.enterprise(t).ID, q); err != nil {
		t.Fatal(err)
	}
	e.clk.Advance(10 * time.Minute)
	if _, err := e.svc.FindPerson(ctx, ent.ID, q); err != nil {
		t.Fatalf("after the window: %v", err)
	}
}

// TestStrangersCannotSeeOrAct: a third enterprise or person is told a link
// does not exist, whatever it tries, and never sees it listed.
func TestStrangersCannotSeeOrAct(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		ent, per := e.enterprise(t), e.person(t)
		if err := e.invite(t, ent, per, "2026-11-21", "2027-01-01"); err != nil {
			t.Fatal(err)
		}
		l := e.only(t, ent)
		ent3, per3 := e.enterprise(t), e.person(t)
		for _, act := range []operator.Action{operator.Accept, operator.Refuse, operator.Cancel, operator.Unbind} {
			if err := e.svc.Act(ctx, ent3.ID, operator.EnterpriseSide, l.ID, act, "2026-11-21", "2027-01-01"); !errors.Is(err, operator.ErrNotFound) {
				t.Errorf("third enterprise, action %d: %v", act, err)
			}
			if err := e.svc.Act(ctx, per3.ID, operator.PersonSide, l.ID, act, "", ""); !errors.Is(err, operator.ErrNotFound) {
				t.Errorf("third person, action %d: %v", act, err)
			}
		}
		// A party on the wrong side's route is refused by type.
		if err := e.svc.Act(ctx, per.ID, operator.EnterpriseSide, l.ID, operator.Cancel, "", ""); !errors.Is(err, operator.ErrWrongType) {
			t.Errorf("person on the enterprise's route: %v", err)
		}
		for _, a := range []struct {
			id   int64
			side operator.Side
		}{{ent3.ID, operator.EnterpriseSide}, {per3.ID, operator.PersonSide}} {
			if vs, n, err := e.svc.Links(ctx, a.id, a.side, 1, 10); err != nil || n != 0 || len(vs) != 0 {
				t.Errorf("stranger lists %+v", vs)
			}
		}
		if got := e.only(t, ent); got.State != operator.Pending {
			t.Fatalf("link moved: %+v", got)
		}
	})
}

// TestAcceptRacesCancel: the person accepts an invitation while the
// enterprise cancels it; exactly one of the two lands, every time.
func TestAcceptRacesCancel(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		for round := range 15 {
			ent, per := e.enterprise(t), e.person(t)
			if err := e.invite(t, ent, per, "2026-11-21", "2027-01-01"); err != nil {
				t.Fatal(err)
			}
			l := e.only(t, ent)
			var wg sync.WaitGroup
			var start sync.WaitGroup
			start.Add(1)
			errs := make([]error, 2)
			for i, run := range []func() error{
				func() error { return e.svc.Act(ctx, per.ID, operator.PersonSide, l.ID, operator.Accept, "", "") },
				func() error { return e.svc.Act(ctx, ent.ID, operator.EnterpriseSide, l.ID, operator.Cancel, "", "") },
			} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					start.Wait()
					errs[i] = run()
				}()
			}
			start.Done()
			wg.Wait()
			won := 0
			for _, err := range errs {
				if err == nil {
					won++
				} else if apperr.KindOf(err) != apperr.Conflict {
					t.Fatalf("round %d: loser got %v", round, err)
				}
			}
			got := e.only(t, ent)
			want := operator.Bound
			if errs[0] != nil {
				want = operator.Cancelled
			}
			if won != 1 || got.State != want {
				t.Fatalf("round %d: %d won (%v), state %s", round, won, errs, got.State)
			}
			// The loser wrote no record: invitation + the winner's move.
			if rs := e.records(t, per); len(rs) != 2 {
				t.Fatalf("round %d: %d records", round, len(rs))
			}
		}
	})
}

func TestListPaging(t *testing.T) {
	e := newEnv(t, storetest.SQLite(t))
	ctx := context.Background()
	ent := e.enterprise(t)
	for range 12 {
		if err := e.invite(t, ent, e.person(t), "2026-11-21", "2027-01-01"); err != nil {
			t.Fatal(err)
		}
	}
	vs, n, err := e.svc.Links(ctx, ent.ID, operator.EnterpriseSide, 2, 7) // 7 is not a size: 10
	if err != nil || n != 12 || len(vs) != 2 {
		t.Fatalf("page 2 of size 10: %d of %d, %v", len(vs), n, err)
	}
	vs, _, _ = e.svc.Links(ctx, ent.ID, operator.EnterpriseSide, 1, 20)
	if len(vs) != 12 || vs[0].ID < vs[11].ID {
		t.Fatalf("size 20: %d, newest first %v", len(vs), vs[0].ID > vs[11].ID)
	}
	if _, _, err := e.svc.Links(ctx, ent.ID, operator.PersonSide, 1, 10); !errors.Is(err, operator.ErrWrongType) {
		t.Fatalf("enterprise on the person's list: %v", err)
	}
}
