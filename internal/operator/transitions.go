package operator

import "bidpass/internal/apperr"

// transition is one row of the table: a party on side does action to a link
// in state with handleType.
type transition struct {
	State      State
	HandleType HandleType
	Side       Side
	Action     Action
}

// transitions is every allowed move (02 §4, first reading, as docs/spec/DECISIONS.md
// fixes it); anything not listed is refused by refusal.
var transitions = map[transition]State{
	// An invitation: the person answers, the enterprise may withdraw it.
	{Pending, Invitation, PersonSide, Accept}:     Bound,
	{Pending, Invitation, PersonSide, Refuse}:     Refused,
	{Pending, Invitation, EnterpriseSide, Cancel}: Cancelled,
	// An application: the enterprise answers, the person may withdraw it.
	{Pending, Application, EnterpriseSide, Accept}: Bound,
	{Pending, Application, EnterpriseSide, Refuse}: Refused,
	{Pending, Application, PersonSide, Cancel}:     Cancelled,
	// Either side unbinds a bound link, however it began.
	{Bound, Invitation, PersonSide, Unbind}:      Unbound,
	{Bound, Invitation, EnterpriseSide, Unbind}:  Unbound,
	{Bound, Application, PersonSide, Unbind}:     Unbound,
	{Bound, Application, EnterpriseSide, Unbind}: Unbound,
}

// stateNames are the dictionary's names (legalPersonHandlingStatus).
var stateNames = map[State]string{
	Pending: "待处理", Bound: "已绑定", Refused: "已拒绝", Cancelled: "已取消", Unbound: "已解绑",
}

// actionNames label the actions in operation records.
var actionNames = map[Action]string{Accept: "同意", Refuse: "拒绝", Cancel: "撤销", Unbind: "解绑"}

// Next returns the state a link moves to, or the refusal with its Chinese
// message (409 for a link that is past the action, 403 for a party the
// action does not belong to).
func Next(from State, h HandleType, side Side, a Action) (State, error) {
	t := transition{from, h, side, a}
	if to, ok := transitions[t]; ok {
		return to, nil
	}
	return "", refusal(t)
}

// kindName is what the link is to its reader: an invitation or an application.
func kindName(h HandleType) string {
	if h == Invitation {
		return "邀请"
	}
	return "申请"
}

// refusal explains why t is not allowed: first where the link stands, then
// whose turn it is.
func refusal(t transition) error {
	switch t.State {
	case Refused, Cancelled, Unbound:
		return apperr.New(apperr.Conflict, "operator.closed", "该记录"+stateNames[t.State]+"，无法操作")
	case Bound:
		return apperr.New(apperr.Conflict, "operator.bound", "双方已绑定，如需解除请解绑")
	}
	// Pending.
	sender := (t.HandleType == Invitation) == (t.Side == EnterpriseSide)
	switch {
	case t.Action == Unbind:
		return apperr.New(apperr.Conflict, "operator.not_bound", "尚未绑定，无法解绑")
	case t.Action == Cancel:
		return apperr.New(apperr.Forbidden, "operator.not_sender", "只能撤销自己发出的"+kindName(t.HandleType))
	case sender:
		return apperr.New(apperr.Forbidden, "operator.own_request", "不能处理自己发出的"+kindName(t.HandleType))
	}
	// Unreachable with the table above; kept so a table edit fails safe.
	return apperr.New(apperr.Forbidden, "operator.refused", "无权进行该操作")
}
