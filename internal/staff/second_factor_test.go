package staff_test

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/credential"
	"bidpass/internal/ephemeral"
	"bidpass/internal/ephemeral/ephemeraltest"
	"bidpass/internal/mfa"
	"bidpass/internal/session"
	"bidpass/internal/staff"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// live counts the member's live staff sessions.
func live(t *testing.T, db *store.DB, f *fixture, id int64) int {
	t.Helper()
	l, err := db.LiveSessions(context.Background(), session.Staff, id, f.clk.Now())
	if err != nil {
		t.Fatal(err)
	}
	return len(l)
}

// A right password alone never opens the console: a member without a
// factor gets an enrolment ticket, which buys only the enrolment, from
// the browser that holds it; the first code opens the session with
// pwd otp mfa. The next sign-in asks the code, and its ticket buys no
// enrolment.
func TestStaffPasswordAloneOpensNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		f.n++
		res, err := f.svc.SignIn(ctx, f.request("alice", goodPW, f.n))
		if err != nil || !res.Enrol || res.Token != "" || res.Ticket.ID == "" {
			t.Fatalf("first sign-in: %+v %v", res, err)
		}
		if n := live(t, db, f, f.rev.ID); n != 0 {
			t.Fatalf("%d sessions after the password alone", n)
		}
		other := mfa.Ticket{ID: res.Ticket.ID, Secret: "another browser"}
		if _, err := f.svc.BeginEnrolment(ctx, other); !errors.Is(err, mfa.ErrTicket) {
			t.Fatalf("enrolment from another browser: %v", err)
		}
		if _, err := f.svc.CompleteSecondStep(ctx, res.Ticket, "123456", "", ""); !errors.Is(err, mfa.ErrTicket) {
			t.Fatalf("an enrolment ticket used as a second step: %v", err)
		}
		if _, err := f.factors.BeginEnrolment(ctx, session.Portal, res.Ticket); !errors.Is(err, mfa.ErrTicket) {
			t.Fatalf("a console ticket at the portal: %v", err)
		}
		en, err := f.svc.BeginEnrolment(ctx, res.Ticket)
		if err != nil || len(en.SecretGroups) == 0 || en.QRCode == "" {
			t.Fatalf("begin: %+v %v", en, err)
		}
		f.secrets["alice"] = en.Secret
		if _, err := f.svc.CompleteEnrolment(ctx, res.Ticket, "000000", "", ""); reason(err) != "mfa.wrong_code" {
			t.Fatalf("wrong first code: %v", err)
		}
		if _, err := f.svc.CompleteEnrolment(ctx, other, f.code("alice"), "", ""); !errors.Is(err, mfa.ErrTicket) {
			t.Fatalf("confirm from another browser: %v", err)
		}
		done, err := f.svc.CompleteEnrolment(ctx, res.Ticket, f.code("alice"), "192.0.2.7", "")
		if err != nil || done.Token == "" || len(done.RecoveryCodes) != mfa.RecoveryCodeCount {
			t.Fatalf("confirm: %+v %v", done, err)
		}
		p, err := f.sessions.Authenticate(ctx, session.Staff, done.Token)
		if err != nil || !slices.Equal(p.Methods, []string{session.MethodPassword, session.MethodOTP, session.MethodMFA}) {
			t.Fatalf("session after enrolment: %+v %v", p, err)
		}
		if _, err := f.svc.CompleteEnrolment(ctx, res.Ticket, f.code("alice"), "", ""); !errors.Is(err, mfa.ErrTicket) {
			t.Fatalf("a spent enrolment ticket: %v", err)
		}
		acts, _, _ := db.ListStaffActions(ctx, staff.ActionFilter{Action: "staff.factor_enrol", Page: 1, PageSize: 5})
		if len(acts) != 1 || acts[0].StaffID != f.rev.ID {
			t.Fatalf("enrolment not logged: %+v", acts)
		}

		f.n++
		res, err = f.svc.SignIn(ctx, f.request("alice", goodPW, f.n))
		if err != nil || res.Enrol || res.Ticket.ID == "" || res.Token != "" {
			t.Fatalf("second sign-in: %+v %v", res, err)
		}
		if _, err := f.svc.BeginEnrolment(ctx, res.Ticket); !errors.Is(err, mfa.ErrTicket) {
			t.Fatalf("a second step's ticket bought an enrolment: %v", err)
		}
		f.clk.Advance(mfa.Period * time.Second)
		done, err = f.svc.CompleteSecondStep(ctx, res.Ticket, f.code("alice"), "", "")
		if err != nil || done.Token == "" || done.RecoveryCodes != nil {
			t.Fatalf("second step: %+v %v", done, err)
		}
		if n := live(t, db, f, f.rev.ID); n != 2 {
			t.Fatalf("%d live sessions after two sign-ins", n)
		}
	})
}

// A member disabled before or between the steps gets no ticket and no
// session.
func TestDisabledStaffGetsNoTicket(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		f.n++
		res, err := f.svc.SignIn(ctx, f.request("alice", goodPW, f.n))
		if err != nil {
			t.Fatal(err)
		}
		en, _ := f.svc.BeginEnrolment(ctx, res.Ticket)
		f.secrets["alice"] = en.Secret
		if _, err := f.svc.SetDisabled(ctx, f.admin, "", f.rev.ID, true); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.CompleteEnrolment(ctx, res.Ticket, f.code("alice"), "", ""); reason(err) != "staff.disabled" {
			t.Fatalf("enrolment of a member disabled meanwhile: %v", err)
		}
		f.n++
		if _, err := f.svc.SignIn(ctx, f.request("alice", goodPW, f.n)); reason(err) != "staff.disabled" {
			t.Fatalf("disabled member's password: %v", err)
		}
		if n := live(t, db, f, f.rev.ID); n != 0 {
			t.Fatalf("%d sessions of a disabled member", n)
		}
	})
}

// Twenty parallel confirmations of one enrolment ticket, and twenty
// parallel second steps with the same code, on the stores several
// instances share: one session each time.
func TestParallelStaffStepsSignInOnce(t *testing.T) {
	clk := clock.NewFake(time.Date(2025, 3, 1, 8, 0, 0, 0, time.UTC))
	ephemeraltest.Each(t, clk, func(t *testing.T, eph ephemeral.Store) {
		storetest.Each(t, func(t *testing.T, db *store.DB) {
			ctx := context.Background()
			creds := credential.NewVerifier(eph, credential.NewArgon2(0), nil)
			f := setupWith(t, db, clk, eph, creds)
			// The losers' codes count as wrong ones (a replay is one) and
			// lock the name; each race starts unlocked, also on the Redis
			// the two databases' runs share.
			unlock := func() {
				if err := creds.Clear(ctx, credential.Staff("alice").SecondFactor()); err != nil {
					t.Fatal(err)
				}
			}
			const n = 20
			race := func(step func() (staff.SignInResult, error)) int {
				toks := make([]string, n)
				var wg sync.WaitGroup
				for i := range n {
					wg.Go(func() {
						if res, err := step(); err == nil {
							toks[i] = res.Token
						}
					})
				}
				wg.Wait()
				won := 0
				for _, tok := range toks {
					if tok != "" {
						won++
					}
				}
				return won
			}
			f.n++
			res, err := f.svc.SignIn(ctx, f.request("alice", goodPW, f.n))
			if err != nil {
				t.Fatal(err)
			}
			en, err := f.svc.BeginEnrolment(ctx, res.Ticket)
			if err != nil {
				t.Fatal(err)
			}
			f.secrets["alice"] = en.Secret
			code := f.code("alice")
			unlock()
			if won := race(func() (staff.SignInResult, error) { return f.svc.CompleteEnrolment(ctx, res.Ticket, code, "", "") }); won != 1 {
				t.Fatalf("%d of %d parallel enrolments signed in", won, n)
			}
			f.n++
			if res, err = f.svc.SignIn(ctx, f.request("alice", goodPW, f.n)); err != nil {
				t.Fatal(err)
			}
			clk.Advance(mfa.Period * time.Second)
			code = f.code("alice")
			unlock()
			if won := race(func() (staff.SignInResult, error) { return f.svc.CompleteSecondStep(ctx, res.Ticket, code, "", "") }); won != 1 {
				t.Fatalf("%d of %d parallel second steps signed in", won, n)
			}
			if l := live(t, db, f, f.rev.ID); l != 2 {
				t.Fatalf("%d live sessions", l)
			}
		})
	})
}

// An administrator resets another member's factor (a lost phone): the
// member's sessions end and the next sign-in enrols again. Nobody resets
// their own in the console; a reviewer resets nobody's; the operator's
// command resets the last administrator's.
func TestResetStaffSecondFactor(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		tok, err := f.signIn("alice", goodPW)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.svc.ResetSecondFactor(ctx, f.rev, "", f.admin.ID); !errors.Is(err, staff.ErrNotAllowed) {
			t.Fatalf("a reviewer reset an administrator's factor: %v", err)
		}
		if err := f.svc.ResetSecondFactor(ctx, f.admin, "", f.admin.ID); reason(err) != "staff.self_factor" {
			t.Fatalf("own reset: %v", err)
		}
		if err := f.svc.ResetSecondFactor(ctx, f.admin, "", 99999); reason(err) != "staff.not_found" {
			t.Fatalf("reset of nobody: %v", err)
		}
		if err := f.svc.ResetSecondFactor(ctx, f.admin, "192.0.2.9", f.rev.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := f.sessions.Authenticate(ctx, session.Staff, tok); apperr.KindOf(err) != apperr.Unauthenticated {
			t.Fatalf("session after the reset: %v", err)
		}
		on, _ := f.svc.SecondFactorOn(ctx, []staff.Staff{f.rev, f.admin})
		if on[f.rev.ID] {
			t.Fatal("factor still on after the reset")
		}
		f.n++
		if res, err := f.svc.SignIn(ctx, f.request("alice", goodPW, f.n)); err != nil || !res.Enrol {
			t.Fatalf("sign-in after the reset: %+v %v", res, err)
		}
		acts, _, _ := db.ListStaffActions(ctx, staff.ActionFilter{Action: "staff.factor_reset", Page: 1, PageSize: 5})
		if len(acts) != 1 || acts[0].StaffID != f.admin.ID || acts[0].Target != "staff:"+strconv.FormatInt(f.rev.ID, 10) || acts[0].ClientAddr != "192.0.2.9" {
			t.Fatalf("reset not logged: %+v", acts)
		}
		// The operator's command: the last administrator locked out.
		if _, err := f.signIn("root1", goodPW); err != nil {
			t.Fatal(err)
		}
		if st, err := f.svc.ResetSecondFactorByOperator(ctx, "ROOT1"); err != nil || st.ID != f.admin.ID {
			t.Fatalf("operator reset: %+v %v", st, err)
		}
		if on, _ := f.svc.SecondFactorOn(ctx, []staff.Staff{f.admin}); on[f.admin.ID] {
			t.Fatal("operator reset left the factor")
		}
	})
}
