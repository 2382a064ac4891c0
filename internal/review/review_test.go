package review_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/identity"
	"bidpass/internal/review"
	"bidpass/internal/staff"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// effects stands in for the account centre: it sets authState as the real
// implementation does, and can be told to fail.
type effects struct {
	accounts account.Store
	fail     error
	calls    []string
}

func (e *effects) Approve(ctx context.Context, it review.Item, by review.Reviewer) error {
	if e.fail != nil {
		return e.fail
	}
	e.calls = append(e.calls, fmt.Sprintf("approve %d by %s", it.ID, by.Name))
	return e.set(ctx, it.AccountID, account.Authenticated)
}

func (e *effects) Reject(ctx context.Context, it review.Item, by review.Reviewer, reason string) error {
	if e.fail != nil {
		return e.fail
	}
	e.calls = append(e.calls, fmt.Sprintf("reject %d by %s: %s", it.ID, by.Name, reason))
	return e.set(ctx, it.AccountID, account.NotPassed)
}

func (e *effects) set(ctx context.Context, id int64, st account.AuthState) error {
	a, err := e.accounts.AccountByID(ctx, id)
	if err != nil {
		return err
	}
	to := a.Stage()
	to.AuthState = st
	return e.accounts.MoveAccount(ctx, id, a.Stage(), to, time.Now())
}

type notifier struct {
	mu   sync.Mutex
	sent []string
}

func (n *notifier) NotifyScene(_ context.Context, phone, _, text string, _ map[string]string) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.sent = append(n.sent, phone+": "+text)
	return nil
}

type fixture struct {
	db      *store.DB
	clk     *clock.Fake
	svc     *review.Service
	eff     *effects
	sms     *notifier
	staff   *staff.Service
	alice   review.Reviewer
	bob     review.Reviewer
	account account.Account
}

func setup(t *testing.T, db *store.DB) *fixture {
	t.Helper()
	ctx := context.Background()
	clk := clock.NewFake(time.Date(2025, 3, 1, 8, 0, 0, 0, time.UTC))
	f := &fixture{db: db, clk: clk, eff: &effects{accounts: db}, sms: &notifier{}}
	f.staff = staff.NewService(staff.Deps{Store: db, Tx: db, Clock: clk})
	f.svc = review.NewService(review.Deps{Store: db, Tx: db, Clock: clk, Accounts: db, Effects: f.eff,
		Notifier: f.sms, Auditor: f.staff, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	for i, name := range []string{"alice", "bobby"} {
		st, err := f.staff.Bootstrap(ctx, staff.NewStaff{Name: name, Role: staff.Reviewer, Password: "Reviewer#2025a"})
		if err != nil {
			t.Fatal(err)
		}
		r := review.Reviewer{ID: st.ID, Name: st.Name, Addr: "10.0.0." + fmt.Sprint(i+1)}
		if i == 0 {
			f.alice = r
		} else {
			f.bob = r
		}
	}
	f.account = newAccount(t, db, "zhangsan", clk.Now())
	return f
}

func newAccount(t *testing.T, db *store.DB, name string, now time.Time) account.Account {
	t.Helper()
	a := account.Account{Name: name, Type: account.Person, Phone: "13800000001", PasswordHash: "x",
		AuthState: account.Verifying, CreatedAt: now, UpdatedAt: now}
	if err := db.CreateAccount(context.Background(), &a); err != nil {
		t.Fatal(err)
	}
	if _, err := db.SavePersonProfile(context.Background(), account.PersonProfile{AccountID: a.ID, Person: identity.Person{RealName: "张三"}, UpdatedAt: now}); err != nil {
		t.Fatal(err)
	}
	return a
}

func (f *fixture) submit(t *testing.T) int64 {
	t.Helper()
	id, err := f.svc.Submit(context.Background(), review.Submission{Kind: review.KindRealName, AccountID: f.account.ID,
		Subject: review.SubjectPerson, Payload: map[string]string{"realName": "张三"}})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func wantReason(t *testing.T, err error, reason string) {
	t.Helper()
	e, ok := apperr.As(err)
	if !ok || e.Reason != reason {
		t.Fatalf("err = %v, want reason %s", err, reason)
	}
}

func TestClaimAndDecide(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		id := f.submit(t)

		// pending → claimed by alice
		it, err := f.svc.Claim(ctx, f.alice, id)
		if err != nil {
			t.Fatal(err)
		}
		if it.State != review.StateClaimed || it.ClaimedBy != f.alice.ID {
			t.Fatalf("claim: %+v", it)
		}
		// bob can neither claim nor decide alice's item
		_, err = f.svc.Claim(ctx, f.bob, id)
		wantReason(t, err, "review.claimed")
		_, err = f.svc.Decide(ctx, f.bob, id, review.Decision{Action: review.Pass})
		wantReason(t, err, "review.claimed")
		// alice claiming again renews her claim
		if _, err := f.svc.Claim(ctx, f.alice, id); err != nil {
			t.Fatal(err)
		}
		// alice decides
		it, err = f.svc.Decide(ctx, f.alice, id, review.Decision{Action: review.Pass, Remark: "证件清晰"})
		if err != nil {
			t.Fatal(err)
		}
		if it.State != review.StateDecided || it.Decision != review.Pass || it.DecidedBy != f.alice.ID {
			t.Fatalf("decide: %+v", it)
		}
		a, _ := db.AccountByID(ctx, f.account.ID)
		if a.AuthState != account.Authenticated {
			t.Fatalf("authState %d after PASS", a.AuthState)
		}
		// a decided item cannot be decided again, by anyone, nor claimed
		_, err = f.svc.Decide(ctx, f.alice, id, review.Decision{Action: review.NotPass, Remark: "x"})
		wantReason(t, err, "review.decided")
		_, err = f.svc.Decide(ctx, f.bob, id, review.Decision{Action: review.Pass})
		wantReason(t, err, "review.decided")
		_, err = f.svc.Claim(ctx, f.bob, id)
		wantReason(t, err, "review.decided")
		// the holder cannot revoke it any more
		wantReason(t, f.svc.Revoke(ctx, f.account.ID, id), "review.not_revocable")

		// audit record and SMS
		log, err := f.svc.AuditLog(ctx, f.account.ID, id)
		if err != nil || len(log) != 1 || log[0].StaffName != "alice" || log[0].Action != review.Pass || log[0].Remark != "证件清晰" {
			t.Fatalf("audit log %+v %v", log, err)
		}
		if len(f.sms.sent) != 1 || !strings.Contains(f.sms.sent[0], "审核通过") || !strings.HasPrefix(f.sms.sent[0], "13800000001") {
			t.Fatalf("sms %v", f.sms.sent)
		}
		// staff actions: claim, claim, decide (the failed attempts left nothing)
		acts, n, err := db.ListStaffActions(ctx, staff.ActionFilter{Page: 1, PageSize: 50})
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, a := range acts {
			keys = append(keys, a.Action+"@"+a.ClientAddr)
		}
		if n != 3 || strings.Join(keys, ",") != "review.decide@10.0.0.1,review.claim@10.0.0.1,review.claim@10.0.0.1" {
			t.Fatalf("actions %d %v", n, keys)
		}
	})
}

func TestRejectNeedsRemarkAndResubmit(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		id := f.submit(t)
		// a second open realname item is refused
		_, err := f.svc.Submit(ctx, review.Submission{Kind: review.KindRealName, AccountID: f.account.ID, Subject: review.SubjectPerson, Payload: 1})
		wantReason(t, err, "review.pending")

		_, err = f.svc.Decide(ctx, f.alice, id, review.Decision{Action: review.NotPass, Remark: "   "})
		if e, ok := apperr.As(err); !ok || e.Fields["remark"] != "请填写不通过原因" {
			t.Fatalf("NOT_PASS without remark: %v", err)
		}
		_, err = f.svc.Decide(ctx, f.alice, id, review.Decision{Action: "MAYBE"})
		if e, ok := apperr.As(err); !ok || e.Fields["action"] == "" {
			t.Fatalf("bad action: %v", err)
		}
		// deciding an unclaimed item claims it in the same step
		it, err := f.svc.Decide(ctx, f.alice, id, review.Decision{Action: review.NotPass, Remark: "照片模糊"})
		if err != nil {
			t.Fatal(err)
		}
		if it.ClaimedBy != f.alice.ID || it.Remark != "照片模糊" {
			t.Fatalf("%+v", it)
		}
		a, _ := db.AccountByID(ctx, f.account.ID)
		if a.AuthState != account.NotPassed {
			t.Fatalf("authState %d after NOT_PASS", a.AuthState)
		}
		if len(f.sms.sent) != 1 || !strings.Contains(f.sms.sent[0], "原因：照片模糊") {
			t.Fatalf("sms %v", f.sms.sent)
		}
		// the holder submits again: a new item, and the history keeps the old one
		id2 := f.submit(t)
		d, err := f.svc.Detail(ctx, f.bob, id2)
		if err != nil {
			t.Fatal(err)
		}
		if len(d.History) != 1 || d.History[0].ID != id || len(d.HistoryByItem[id]) != 1 || d.Person == nil || d.Person.RealName != "张三" {
			t.Fatalf("detail %+v", d)
		}
		acts, _, _ := db.ListStaffActions(ctx, staff.ActionFilter{Action: "review.view", Page: 1, PageSize: 10})
		if len(acts) != 1 || acts[0].StaffID != f.bob.ID {
			t.Fatalf("view not logged: %+v", acts)
		}
	})
}

func TestClaimExpires(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		id := f.submit(t)
		if _, err := f.svc.Claim(ctx, f.alice, id); err != nil {
			t.Fatal(err)
		}
		list := func(st review.State) int64 {
			_, n, err := f.svc.List(ctx, review.Filter{Kind: review.KindRealName, State: st})
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		if list(review.StatePending) != 0 || list(review.StateClaimed) != 1 {
			t.Fatal("a live claim is not in the claimed queue")
		}
		f.clk.Advance(review.ClaimTTL - time.Second)
		_, err := f.svc.Claim(ctx, f.bob, id)
		wantReason(t, err, "review.claimed")
		f.clk.Advance(2 * time.Second)
		if list(review.StatePending) != 1 || list(review.StateClaimed) != 0 {
			t.Fatal("an expired claim is not back in the pending queue")
		}
		it, err := f.svc.Claim(ctx, f.bob, id)
		if err != nil || it.ClaimedBy != f.bob.ID {
			t.Fatalf("bob after expiry: %+v %v", it, err)
		}
		// now alice's old claim no longer lets her decide
		_, err = f.svc.Decide(ctx, f.alice, id, review.Decision{Action: review.Pass})
		wantReason(t, err, "review.claimed")
	})
}

func TestEffectsFailureUndoesDecision(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		id := f.submit(t)
		f.eff.fail = errors.New("boom")
		if _, err := f.svc.Decide(ctx, f.alice, id, review.Decision{Action: review.Pass}); err == nil {
			t.Fatal("decision committed although effects failed")
		}
		it, _ := f.svc.Item(ctx, id)
		if it.State != review.StatePending {
			t.Fatalf("state %s after failed effects", it.State)
		}
		if log, _ := f.svc.AuditLog(ctx, f.account.ID, id); len(log) != 0 {
			t.Fatalf("audit record kept: %+v", log)
		}
		if len(f.sms.sent) != 0 {
			t.Fatal("SMS sent for an undone decision")
		}
		f.eff.fail = nil
		if _, err := f.svc.Decide(ctx, f.alice, id, review.Decision{Action: review.Pass}); err != nil {
			t.Fatal(err)
		}
	})
}

func TestRevokeAndOwnership(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		id := f.submit(t)
		other := newAccount(t, db, "lisi", f.clk.Now())
		wantReason(t, f.svc.Revoke(ctx, other.ID, id), "review.not_found")
		if _, err := f.svc.AuditLog(ctx, other.ID, id); err == nil {
			t.Fatal("another account read the audit log")
		}
		if err := f.svc.Revoke(ctx, f.account.ID, id); err != nil {
			t.Fatal(err)
		}
		_, err := f.svc.Decide(ctx, f.alice, id, review.Decision{Action: review.Pass})
		wantReason(t, err, "review.revoked")
		// after revoking, a new submission is allowed
		f.submit(t)
	})
}

func TestConcurrentClaimsOneWins(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		id := f.submit(t)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, r := range []review.Reviewer{f.alice, f.bob} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, errs[i] = f.svc.Decide(ctx, r, id, review.Decision{Action: review.Pass})
			}()
		}
		wg.Wait()
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
			} else if e, isApp := apperr.As(err); !isApp || e.Kind != apperr.Conflict {
				t.Fatalf("loser got %v", err)
			}
		}
		if ok != 1 {
			t.Fatalf("%d decisions succeeded: %v", ok, errs)
		}
		decs, _ := f.svc.AuditLog(ctx, f.account.ID, id)
		if len(decs) != 1 {
			t.Fatalf("%d decision records", len(decs))
		}
	})
}

func TestListFiltersAndPaging(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		for i := 0; i < 3; i++ {
			a := newAccount(t, db, fmt.Sprintf("person%d", i), f.clk.Now())
			if _, err := f.svc.Submit(ctx, review.Submission{Kind: review.KindRealName, AccountID: a.ID, Subject: review.SubjectPerson, Payload: i}); err != nil {
				t.Fatal(err)
			}
			f.clk.Advance(time.Minute)
		}
		e := newAccount(t, db, "company1", f.clk.Now())
		if _, err := f.svc.Submit(ctx, review.Submission{Kind: review.KindRealName, AccountID: e.ID, Subject: review.SubjectEnterprise, Payload: "e"}); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.Submit(ctx, review.Submission{Kind: review.KindChange, AccountID: e.ID, Subject: review.SubjectEnterprise, Payload: "c"}); err != nil {
			t.Fatal(err)
		}
		page, n, err := f.svc.List(ctx, review.Filter{Kind: review.KindRealName, Subject: review.SubjectPerson, State: review.StatePending, Page: 2, PageSize: 2})
		if err != nil {
			t.Fatal(err)
		}
		if n != 3 || len(page) != 1 || page[0].AccountName != "person2" {
			t.Fatalf("page 2: n=%d %+v", n, page)
		}
		page, _, _ = f.svc.List(ctx, review.Filter{Kind: review.KindRealName, State: review.StatePending, PageSize: 10})
		if len(page) != 4 || page[0].AccountName != "person0" {
			t.Fatalf("oldest first: %+v", page)
		}
		_, n, _ = f.svc.List(ctx, review.Filter{Kind: review.KindChange})
		if n != 1 {
			t.Fatalf("change queue %d", n)
		}
		if _, _, err := f.svc.List(ctx, review.Filter{Kind: "bogus"}); apperr.KindOf(err) != apperr.Invalid {
			t.Fatalf("bogus kind: %v", err)
		}
	})
}
