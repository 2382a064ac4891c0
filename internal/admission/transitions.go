package admission

import "bidpass/internal/apperr"

// transition is one row of the table: a role in state meets event.
type transition struct {
	From  State
	Event Event
}

// transitions is every allowed move of a role (02 §4, docs/spec/DECISIONS.md): a role
// not applied for, or refused (2, or the old portal's 0), may be applied for;
// an application under review is passed or refused. An admitted role stays
// admitted. Anything not listed is refused by refusal.
var transitions = map[transition]State{
	{NotApplied, Submit}:      UnderReview,
	{NotPassed, Submit}:       UnderReview,
	{NotPassedLegacy, Submit}: UnderReview,
	{UnderReview, Approve}:    Admitted,
	{UnderReview, Reject}:     NotPassed,
}

// Errors of the table.
var (
	ErrUnderReview = apperr.New(apperr.Conflict, "admission.under_review", "该角色的入库申请正在审核中，请等待审核结果")
	ErrAdmitted    = apperr.New(apperr.Conflict, "admission.admitted", "该角色已入库，无需重复申请")
	ErrNotOpen     = apperr.New(apperr.Conflict, "admission.not_open", "该入库申请已审核")
)

// Next returns the state a role in from moves to on ev, or why it may not.
func Next(from State, ev Event) (State, error) {
	if to, ok := transitions[transition{from, ev}]; ok {
		return to, nil
	}
	switch {
	case ev != Submit:
		return 0, ErrNotOpen
	case from == UnderReview:
		return 0, ErrUnderReview
	case from == Admitted:
		return 0, ErrAdmitted
	}
	return 0, apperr.New(apperr.Conflict, "admission.state", "入库状态异常，无法申请")
}

// typeAfter is the type of an application submitted by a role in from: a
// re-application after a refusal, or the first.
func typeAfter(from State) Type {
	if from == NotPassed || from == NotPassedLegacy {
		return Reapplying
	}
	return First
}

// stateOf is a role's state given its applications, newest first.
func stateOf(apps []Application) RoleState {
	if len(apps) == 0 {
		return RoleState{State: NotApplied}
	}
	a := apps[0]
	rs := RoleState{Role: a.Role, State: a.State}
	if a.State == NotPassed || a.State == NotPassedLegacy {
		rs.Reason = a.Reason
	}
	return rs
}
