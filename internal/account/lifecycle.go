package account

import (
	"context"
	"time"

	"bidpass/internal/apperr"
)

// The registration steps stored in register_step: the step to do next.
// Both kinds use the numbers of their wizards (01 §2): 0 account, 1
// real-name information (person) or basic information (enterprise), 2
// authentication photos, 3 done.
const (
	StepAccount = 0
	StepInfo    = 1
	StepAuth    = 2
	StepDone    = 3
)

// Stage is where an account stands in its life: the three columns that
// registration and authentication move. Only the transitions below change
// it, and the store writes a new stage only over the stage it was computed
// from (MoveAccount), so two requests cannot both move one account.
//
//	registering (process 1) ──SaveInfo──▶ step 2 ──SubmitRealName──▶ done, 99
//	        └──FinishUnverified (person, no manual check)──▶ done, 0
//	done, 0 or 2 ──SubmitRealName──▶ 99 ──ApproveRealName──▶ 1
//	                                  99 ──RejectRealName───▶ 2
//	                                  99 ──WithdrawRealName─▶ 0
//	done, 0/1/2 ──SubmitChange──▶ 99 ──SettleChange(prev)──▶ prev
//	done, 0/1/2 ──EditDirect──▶ the same stage (a guard, not a move)
type Stage struct {
	RegisterProcess int // 1 while registering
	RegisterStep    int // StepAccount … StepDone
	AuthState       AuthState
}

// Stage returns the account's stage.
func (a Account) Stage() Stage {
	return Stage{RegisterProcess: a.RegisterProcess, RegisterStep: a.RegisterStep, AuthState: a.AuthState}
}

// Registering reports whether the registration wizard is unfinished.
func (s Stage) Registering() bool { return s.RegisterProcess == 1 }

// Refusals of illegal transitions (409). The reason keys are those the
// first release answered, so clients that switch on them keep working.
var (
	ErrRegistrationFinished = apperr.New(apperr.Conflict, "registration.finished", "注册已完成，请在账户中心修改信息")
	ErrInfoFirst            = apperr.New(apperr.Conflict, "registration.info_first", "请先填写并提交基本信息")
	ErrVerifying            = apperr.New(apperr.Conflict, "registration.auth_verifying", "认证中，请等待审核结果")
	ErrAuthenticated        = apperr.New(apperr.Conflict, "registration.auth_done", "已认证，无需重复提交")
	ErrEditWhileVerifying   = apperr.New(apperr.Conflict, "profile.verifying", "认证中，无法修改信息")
	ErrNotVerifying         = apperr.New(apperr.Conflict, "profile.no_pending", "当前没有待审核的认证")
	ErrStillRegistering     = apperr.New(apperr.Conflict, "account.registering", "请先完成注册")
	// ErrStale answers a write whose account or profile changed since it
	// was read (another request wrote first): nothing was written. The
	// store returns it from every guarded write.
	ErrStale = apperr.New(apperr.Conflict, "account.stale", "账户信息已变化，请刷新后重试")
)

// SaveInfo records the information step of the wizard: the account goes
// on to the authentication photos. The information may be saved again
// (the wizard's 上一步) until registration ends.
func (s Stage) SaveInfo() (Stage, error) {
	switch {
	case !s.Registering():
		return s, ErrRegistrationFinished
	case s.RegisterStep != StepInfo && s.RegisterStep != StepAuth:
		return s, ErrInfoFirst
	}
	return Stage{RegisterProcess: 1, RegisterStep: StepAuth, AuthState: NotAuthenticated}, nil
}

// FinishUnverified ends a person's registration without manual
// verification: authState 0, to be authenticated later (docs/spec/DECISIONS.md).
func (s Stage) FinishUnverified() (Stage, error) {
	switch {
	case !s.Registering():
		return s, ErrRegistrationFinished
	case s.RegisterStep != StepInfo && s.RegisterStep != StepAuth:
		return s, ErrInfoFirst
	}
	return Stage{RegisterStep: StepDone, AuthState: NotAuthenticated}, nil
}

var verifying = Stage{RegisterStep: StepDone, AuthState: Verifying}

// SubmitRealName queues the real-name review: at the end of registration
// (after the information step), or later from the account centre while not
// authenticated (0) or not passed (2).
func (s Stage) SubmitRealName() (Stage, error) {
	if s.Registering() {
		if s.RegisterStep != StepAuth {
			return s, ErrInfoFirst
		}
		return verifying, nil
	}
	switch s.AuthState {
	case NotAuthenticated, NotPassed:
		return verifying, nil
	case Verifying:
		return s, ErrVerifying
	default:
		return s, ErrAuthenticated
	}
}

// decided moves a verifying account to state to.
func (s Stage) decided(to AuthState) (Stage, error) {
	if s.Registering() || s.AuthState != Verifying {
		return s, ErrNotVerifying
	}
	return Stage{RegisterStep: s.RegisterStep, AuthState: to}, nil
}

// ApproveRealName authenticates a verifying account.
func (s Stage) ApproveRealName() (Stage, error) { return s.decided(Authenticated) }

// RejectRealName leaves a verifying account not passed (it may resubmit).
func (s Stage) RejectRealName() (Stage, error) { return s.decided(NotPassed) }

// WithdrawRealName returns a verifying account whose holder withdrew the
// submission to not authenticated.
func (s Stage) WithdrawRealName() (Stage, error) { return s.decided(NotAuthenticated) }

// SubmitChange puts an account whose identity edit waits for review into
// verification; edits are refused while it verifies (02 §4).
func (s Stage) SubmitChange() (Stage, error) {
	switch {
	case s.Registering():
		return s, ErrStillRegistering
	case s.AuthState == Verifying:
		return s, ErrEditWhileVerifying
	}
	return Stage{RegisterStep: s.RegisterStep, AuthState: Verifying}, nil
}

// EditDirect is the stage check of an edit that takes effect at once: the
// stage stays, but edits wait while a reviewer decides (02 §4) and until
// registration is over.
func (s Stage) EditDirect() (Stage, error) {
	switch {
	case s.Registering():
		return s, ErrStillRegistering
	case s.AuthState == Verifying:
		return s, ErrEditWhileVerifying
	}
	return s, nil
}

// SettleChange returns a verifying account to the state it had before the
// change (approval, rejection or withdrawal of a change request).
func (s Stage) SettleChange(prev AuthState) (Stage, error) {
	if prev == Verifying {
		prev = NotAuthenticated // a request never starts from 99; be safe
	}
	return s.decided(prev)
}

// Transition is one of the moves above, as a function of the stage.
type Transition func(Stage) (Stage, error)

// Mover writes a new stage over the expected one (Store.MoveAccount).
type Mover interface {
	MoveAccount(ctx context.Context, id int64, from, to Stage, at time.Time) error
}

// Move applies t to a's stage and stores the result, guarded by the stage
// a was read with: ErrStale when another request moved the account first.
// a is updated on success.
func Move(ctx context.Context, st Mover, a *Account, t Transition, at time.Time) error {
	to, err := t(a.Stage())
	if err != nil {
		return err
	}
	if err := st.MoveAccount(ctx, a.ID, a.Stage(), to, at); err != nil {
		return err
	}
	a.RegisterProcess, a.RegisterStep, a.AuthState, a.UpdatedAt = to.RegisterProcess, to.RegisterStep, to.AuthState, at
	return nil
}
