package operator_test

import (
	"context"
	"fmt"
	"testing"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/operator"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// outcome is what one (state, handleType, side, action) gives: the next
// state, or the refusal's message and kind.
type outcome struct {
	to   operator.State
	msg  string
	kind apperr.Kind
}

var (
	states  = []operator.State{operator.Pending, operator.Bound, operator.Refused, operator.Cancelled, operator.Unbound}
	types   = []operator.HandleType{operator.Invitation, operator.Application}
	sides   = []operator.Side{operator.PersonSide, operator.EnterpriseSide}
	actions = []operator.Action{operator.Accept, operator.Refuse, operator.Cancel, operator.Unbind}
	names   = map[any]string{
		operator.Invitation: "invitation", operator.Application: "application",
		operator.PersonSide: "person", operator.EnterpriseSide: "enterprise",
		operator.Accept: "accept", operator.Refuse: "refuse", operator.Cancel: "cancel", operator.Unbind: "unbind",
	}
)

// expected is the table of 02 §4 (first reading) written out case by case,
// independently of the service's table: every one of the 80 combinations.
func expected(st operator.State, h operator.HandleType, side operator.Side, act operator.Action) outcome {
	to := func(s operator.State) outcome { return outcome{to: s} }
	conflict := func(m string) outcome { return outcome{msg: m, kind: apperr.Conflict} }
	forbidden := func(m string) outcome { return outcome{msg: m, kind: apperr.Forbidden} }
	switch st {
	case operator.Refused:
		return conflict("该记录已拒绝，无法操作")
	case operator.Cancelled:
		return conflict("该记录已取消，无法操作")
	case operator.Unbound:
		return conflict("该记录已解绑，无法操作")
	case operator.Bound:
		if act == operator.Unbind {
			return to(operator.Unbound)
		}
		return conflict("双方已绑定，如需解除请解绑")
	}
	if act == operator.Unbind {
		return conflict("尚未绑定，无法解绑")
	}
	type k struct {
		h    operator.HandleType
		side operator.Side
		act  operator.Action
	}
	return map[k]outcome{
		{operator.Invitation, operator.PersonSide, operator.Accept}:      to(operator.Bound),
		{operator.Invitation, operator.PersonSide, operator.Refuse}:      to(operator.Refused),
		{operator.Invitation, operator.PersonSide, operator.Cancel}:      forbidden("只能撤销自己发出的邀请"),
		{operator.Invitation, operator.EnterpriseSide, operator.Accept}:  forbidden("不能处理自己发出的邀请"),
		{operator.Invitation, operator.EnterpriseSide, operator.Refuse}:  forbidden("不能处理自己发出的邀请"),
		{operator.Invitation, operator.EnterpriseSide, operator.Cancel}:  to(operator.Cancelled),
		{operator.Application, operator.PersonSide, operator.Accept}:     forbidden("不能处理自己发出的申请"),
		{operator.Application, operator.PersonSide, operator.Refuse}:     forbidden("不能处理自己发出的申请"),
		{operator.Application, operator.PersonSide, operator.Cancel}:     to(operator.Cancelled),
		{operator.Application, operator.EnterpriseSide, operator.Accept}: to(operator.Bound),
		{operator.Application, operator.EnterpriseSide, operator.Refuse}: to(operator.Refused),
		{operator.Application, operator.EnterpriseSide, operator.Cancel}: forbidden("只能撤销自己发出的申请"),
	}[k{h, side, act}]
}

func each(fn func(st operator.State, h operator.HandleType, side operator.Side, act operator.Action, want outcome)) int {
	n := 0
	for _, st := range states {
		for _, h := range types {
			for _, side := range sides {
				for _, act := range actions {
					fn(st, h, side, act, expected(st, h, side, act))
					n++
				}
			}
		}
	}
	return n
}

func check(t *testing.T, got operator.State, err error, want outcome) {
	t.Helper()
	if want.to != "" {
		if err != nil || got != want.to {
			t.Errorf("got %q, %v; want %s", got, err, want.to)
		}
		return
	}
	if apperr.KindOf(err) != want.kind || msgOf(err) != want.msg {
		t.Errorf("got %q, %v; want refusal %q (kind %d)", got, err, want.msg, want.kind)
	}
}

// TestTransitionTable checks the table itself for every combination.
func TestTransitionTable(t *testing.T) {
	n := each(func(st operator.State, h operator.HandleType, side operator.Side, act operator.Action, want outcome) {
		t.Run(fmt.Sprintf("%s/%s/%s/%s", st, names[h], names[side], names[act]), func(t *testing.T) {
			got, err := operator.Next(st, h, side, act)
			check(t, got, err, want)
		})
	})
	if n != 80 {
		t.Fatalf("%d combinations", n)
	}
}

// TestTransitionsOnDatabase drives every combination through the service
// on a real database: a link is brought to the state by the real calls,
// then the side tries the action; the stored state must be the table's.
func TestTransitionsOnDatabase(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		each(func(st operator.State, h operator.HandleType, side operator.Side, act operator.Action, want outcome) {
			t.Run(fmt.Sprintf("%s/%s/%s/%s", st, names[h], names[side], names[act]), func(t *testing.T) {
				ent, per := e.enterprise(t), e.person(t)
				id := e.linkIn(t, ent, per, st, h)
				actor := per
				if side == operator.EnterpriseSide {
					actor = ent
				}
				before := len(e.records(t, per))
				err := e.svc.Act(ctx, actor.ID, side, id, act, "2026-11-21", "2027-11-20")
				got := e.only(t, ent)
				check(t, got.State, err, want)
				if want.to == "" && got.State != st {
					t.Errorf("refused action moved the link to %s", got.State)
				}
				wantRecords := before
				if err == nil {
					wantRecords++
				}
				if n := len(e.records(t, per)); n != wantRecords || len(e.records(t, ent)) != n {
					t.Errorf("records: person %d, enterprise %d, want %d", n, len(e.records(t, ent)), wantRecords)
				}
			})
		})
	})
}

// linkIn brings a new link between ent and per to state st, opened as h,
// through the service's own calls.
func (e *env) linkIn(t *testing.T, ent, per account.Account, st operator.State, h operator.HandleType) int64 {
	t.Helper()
	ctx := context.Background()
	var err error
	if h == operator.Invitation {
		err = e.invite(t, ent, per, "2026-11-21", "2027-11-20")
	} else {
		err = e.apply(t, per, ent)
	}
	if err != nil {
		t.Fatal(err)
	}
	id := e.only(t, ent).ID
	sender, receiver := operator.PersonSide, operator.EnterpriseSide
	if h == operator.Invitation {
		sender, receiver = receiver, sender
	}
	by := func(side operator.Side, act operator.Action) {
		t.Helper()
		a := per
		if side == operator.EnterpriseSide {
			a = ent
		}
		if err := e.svc.Act(ctx, a.ID, side, id, act, "2026-11-21", "2027-11-20"); err != nil {
			t.Fatal(err)
		}
	}
	switch st {
	case operator.Bound:
		by(receiver, operator.Accept)
	case operator.Refused:
		by(receiver, operator.Refuse)
	case operator.Cancelled:
		by(sender, operator.Cancel)
	case operator.Unbound:
		by(receiver, operator.Accept)
		by(sender, operator.Unbind)
	}
	return id
}
