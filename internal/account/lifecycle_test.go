package account_test

import (
	"errors"
	"fmt"
	"testing"

	"bidpass/internal/account"
)

// TestLifecycleTable runs every transition from every stage an account can
// be in and compares the outcome with the table: the stage it moves to, or
// the refusal. A new transition or stage fails here until it is written in.
func TestLifecycleTable(t *testing.T) {
	reg := func(step int) account.Stage { return account.Stage{RegisterProcess: 1, RegisterStep: step} }
	done := func(st account.AuthState) account.Stage {
		return account.Stage{RegisterStep: account.StepDone, AuthState: st}
	}
	stages := []account.Stage{
		reg(account.StepInfo), reg(account.StepAuth),
		done(account.NotAuthenticated), done(account.Verifying), done(account.Authenticated), done(account.NotPassed),
	}
	transitions := []struct {
		name string
		t    account.Transition
	}{
		{"SaveInfo", account.Stage.SaveInfo},
		{"FinishUnverified", account.Stage.FinishUnverified},
		{"SubmitRealName", account.Stage.SubmitRealName},
		{"ApproveRealName", account.Stage.ApproveRealName},
		{"RejectRealName", account.Stage.RejectRealName},
		{"WithdrawRealName", account.Stage.WithdrawRealName},
		{"SubmitChange", account.Stage.SubmitChange},
		{"EditDirect", account.Stage.EditDirect},
		{"SettleChange(1)", func(s account.Stage) (account.Stage, error) { return s.SettleChange(account.Authenticated) }},
		{"SettleChange(0)", func(s account.Stage) (account.Stage, error) { return s.SettleChange(account.NotAuthenticated) }},
	}
	// want[transition][stage index]: the stage reached, or the error.
	type outcome struct {
		to  account.Stage
		err error
	}
	ok := func(s account.Stage) outcome { return outcome{to: s} }
	no := func(err error) outcome { return outcome{err: err} }
	want := map[string][6]outcome{
		"SaveInfo": {ok(reg(account.StepAuth)), ok(reg(account.StepAuth)),
			no(account.ErrRegistrationFinished), no(account.ErrRegistrationFinished), no(account.ErrRegistrationFinished), no(account.ErrRegistrationFinished)},
		"FinishUnverified": {ok(done(account.NotAuthenticated)), ok(done(account.NotAuthenticated)),
			no(account.ErrRegistrationFinished), no(account.ErrRegistrationFinished), no(account.ErrRegistrationFinished), no(account.ErrRegistrationFinished)},
		"SubmitRealName": {no(account.ErrInfoFirst), ok(done(account.Verifying)),
			ok(done(account.Verifying)), no(account.ErrVerifying), no(account.ErrAuthenticated), ok(done(account.Verifying))},
		"ApproveRealName": {no(account.ErrNotVerifying), no(account.ErrNotVerifying),
			no(account.ErrNotVerifying), ok(done(account.Authenticated)), no(account.ErrNotVerifying), no(account.ErrNotVerifying)},
		"RejectRealName": {no(account.ErrNotVerifying), no(account.ErrNotVerifying),
			no(account.ErrNotVerifying), ok(done(account.NotPassed)), no(account.ErrNotVerifying), no(account.ErrNotVerifying)},
		"WithdrawRealName": {no(account.ErrNotVerifying), no(account.ErrNotVerifying),
			no(account.ErrNotVerifying), ok(done(account.NotAuthenticated)), no(account.ErrNotVerifying), no(account.ErrNotVerifying)},
		"SubmitChange": {no(account.ErrStillRegistering), no(account.ErrStillRegistering),
			ok(done(account.Verifying)), no(account.ErrEditWhileVerifying), ok(done(account.Verifying)), ok(done(account.Verifying))},
		"EditDirect": {no(account.ErrStillRegistering), no(account.ErrStillRegistering),
			ok(done(account.NotAuthenticated)), no(account.ErrEditWhileVerifying), ok(done(account.Authenticated)), ok(done(account.NotPassed))},
		"SettleChange(1)": {no(account.ErrNotVerifying), no(account.ErrNotVerifying),
			no(account.ErrNotVerifying), ok(done(account.Authenticated)), no(account.ErrNotVerifying), no(account.ErrNotVerifying)},
		"SettleChange(0)": {no(account.ErrNotVerifying), no(account.ErrNotVerifying),
			no(account.ErrNotVerifying), ok(done(account.NotAuthenticated)), no(account.ErrNotVerifying), no(account.ErrNotVerifying)},
	}
	if len(want) != len(transitions) {
		t.Fatalf("table has %d rows for %d transitions", len(want), len(transitions))
	}
	for _, tr := range transitions {
		for i, from := range stages {
			w := want[tr.name][i]
			got, err := tr.t(from)
			name := fmt.Sprintf("%s from %+v", tr.name, from)
			switch {
			case w.err != nil && !errors.Is(err, w.err):
				t.Errorf("%s: want %v, got %+v %v", name, w.err, got, err)
			case w.err == nil && (err != nil || got != w.to):
				t.Errorf("%s: want %+v, got %+v %v", name, w.to, got, err)
			}
		}
	}
}
