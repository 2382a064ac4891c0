package operator

import (
	"context"
	"errors"
	"slices"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/certno"
	"bidpass/internal/profile"
)

// ErrInvitationEnded refuses accepting an invitation whose period is over:
// the link would be expired the moment it was bound.
var ErrInvitationEnded = apperr.New(apperr.Conflict, "operator.invitation_ended", "该邀请的授权期限已结束，无法同意")

// Invite sends an invitation from the enterprise actorID to the person the
// candidate token names, for the period start–end. When the person has
// already applied to this enterprise, the invitation accepts that
// application with the period instead (the requests crossed).
func (s *Service) Invite(ctx context.Context, actorID int64, token, start, end string) error {
	start, end, err := checkPeriod(start, end, s.today())
	if err != nil {
		return err
	}
	return s.request(ctx, actorID, EnterpriseSide, token, start, end)
}

// Apply sends an application from the person actorID to the enterprise the
// candidate token names; the enterprise sets the period when it accepts.
// When the enterprise has already invited this person, the application
// accepts that invitation instead.
func (s *Service) Apply(ctx context.Context, actorID int64, token string) error {
	return s.request(ctx, actorID, PersonSide, token, "", "")
}

// request opens a link from side (an invitation from the enterprise, an
// application from the person) unless the pair is tied already.
func (s *Service) request(ctx context.Context, actorID int64, side Side, token, start, end string) error {
	return s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		me, err := s.actor(ctx, actorID, side)
		if err != nil {
			return err
		}
		if me.AuthState != account.Authenticated {
			return ErrNotAuthed
		}
		otherID, err := s.redeem(ctx, actorID, token)
		if err != nil {
			return err
		}
		other, err := s.d.Store.AccountByID(ctx, otherID)
		if errors.Is(err, account.ErrNotFound) {
			return ErrCandidate
		}
		if err != nil {
			return err
		}
		if other.AuthState != account.Authenticated || other.Disabled {
			return ErrOtherNotAuthed
		}
		l := Link{HandleType: Invitation, State: Pending, OperateStart: start, OperateEnd: end, EnterpriseID: me.ID, PersonID: other.ID}
		if side == PersonSide {
			l.HandleType, l.EnterpriseID, l.PersonID = Application, other.ID, me.ID
		}
		// The pair's lock orders this request after any block, answer or
		// request of the pair committed before it, and before any after.
		pair, err := s.lockPair(ctx, l.EnterpriseID, l.PersonID)
		if err != nil {
			return err
		}
		if err := mayAsk(pair, side); err != nil {
			return err
		}
		today := s.today()
		links, err := s.d.Store.OpenOperatorLinks(ctx, l.EnterpriseID, l.PersonID)
		if err != nil {
			return err
		}
		for _, o := range links {
			switch {
			case o.State == Bound && !open(o, today):
				// An expired link gives up the pair's one open link to
				// this request (docs/decisions/races-and-denial.md).
				if err := s.d.Store.SupersedeOperatorLink(ctx, o.ID, s.now()); err != nil {
					return err
				}
				continue
			case !open(o, today):
				continue
			case o.State == Bound:
				return ErrAlreadyBound
			case o.HandleType == l.HandleType && side == EnterpriseSide:
				return ErrInvited
			case o.HandleType == l.HandleType:
				return ErrApplied
			}
			// The other side asked first: this request is its acceptance.
			return s.move(ctx, me, o, side, Accept, start, end, &pair)
		}
		if side == EnterpriseSide {
			if err := s.countInvitation(ctx, &pair); err != nil {
				return err
			}
		}
		l.CreatedAt, l.UpdatedAt = s.now(), s.now()
		// A request crossing this one (the other side's, accepted or not
		// yet committed) holds the pair's one open link: the database's
		// index refuses this insert, and the caller reads the list again.
		if err := s.d.Store.CreateOperatorLink(ctx, &l); errors.Is(err, ErrOpenLink) {
			return ErrStale
		} else if err != nil {
			return err
		}
		return s.recordBoth(ctx, me, l, "", Pending, requestName(side))
	})
}

// Act is a party's answer to a link: accept (the enterprise sends the
// period when accepting an application), refuse, cancel or unbind. The
// acting account must be on side (each route belongs to one side) and a
// party of the link; anyone else is told the link does not exist.
func (s *Service) Act(ctx context.Context, actorID int64, side Side, linkID int64, act Action, start, end string) error {
	return s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		me, err := s.actor(ctx, actorID, side)
		if err != nil {
			return err
		}
		l, err := s.d.Store.OperatorLink(ctx, linkID)
		if errors.Is(err, ErrLinkNotFound) || (err == nil && !partyOf(l, side, actorID)) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		// The pair first, then the link, as every request does (no two
		// transactions wait for each other); the move is guarded by the
		// state read, so a link moved on meanwhile answers 409.
		pair, err := s.lockPair(ctx, l.EnterpriseID, l.PersonID)
		if err != nil {
			return err
		}
		return s.move(ctx, me, l, side, act, start, end, &pair)
	})
}

func partyOf(l Link, side Side, id int64) bool {
	if side == EnterpriseSide {
		return l.EnterpriseID == id
	}
	return l.PersonID == id
}

// move applies one transition of the table to l, guarded by the state l was
// read in, and records it on both accounts. pair is l's pair, locked by the
// caller: a refused invitation starts its cooling period there.
func (s *Service) move(ctx context.Context, me account.Account, l Link, side Side, act Action, start, end string, pair *Pair) error {
	to, err := Next(l.State, l.HandleType, side, act)
	if err != nil {
		return err
	}
	if to == Bound {
		if me.AuthState != account.Authenticated {
			return ErrNotAuthed
		}
		today := s.today()
		if l.HandleType == Application {
			// The enterprise sets the period of an application it accepts.
			if start, end, err = checkPeriod(start, end, today); err != nil {
				return err
			}
		} else {
			start, end = l.OperateStart, l.OperateEnd
			if end < today {
				return ErrInvitationEnded
			}
		}
	} else {
		start, end = l.OperateStart, l.OperateEnd
	}
	ok, err := s.d.Store.MoveOperatorLink(ctx, l.ID, l.State, to, start, end, s.now())
	if err != nil {
		return err
	}
	if !ok {
		return ErrStale
	}
	if to == Refused && l.HandleType == Invitation {
		pair.RefusedAt = s.now()
		if err := s.d.Store.SaveOperatorPair(ctx, pair, s.now()); err != nil {
			return err
		}
	}
	from := l.State
	l.State, l.OperateStart, l.OperateEnd = to, start, end
	return s.recordBoth(ctx, me, l, from, to, actionName(act, l.HandleType))
}

func requestName(side Side) string {
	if side == EnterpriseSide {
		return "发出邀请"
	}
	return "提交申请"
}

// actionName labels an action in the records: 同意邀请, 撤销申请, 解绑.
func actionName(act Action, h HandleType) string {
	if act == Unbind {
		return actionNames[act]
	}
	return actionNames[act] + kindName(h)
}

// recordBoth writes the transition into the operation records of both
// accounts, in the transition's transaction: who acted, on whom, the
// state before and after, and the period.
func (s *Service) recordBoth(ctx context.Context, me account.Account, l Link, from, to State, what string) error {
	ent, err := s.partyByID(ctx, l.EnterpriseID)
	if err != nil {
		return err
	}
	per, err := s.partyByID(ctx, l.PersonID)
	if err != nil {
		return err
	}
	period := ""
	if l.OperateStart != "" {
		period = l.OperateStart + " 至 " + l.OperateEnd
	}
	for _, r := range []struct {
		id          int64
		label       string
		counterpart Party
	}{{l.EnterpriseID, "经办人", per}, {l.PersonID, "企业", ent}} {
		remarks := []profile.FieldChange{
			{FieldName: "操作", AfterValue: what},
			{FieldName: r.label, AfterValue: r.counterpart.Name + "（" + r.counterpart.Account + "）"},
			{FieldName: "状态", BeforeValue: stateNames[from], AfterValue: stateNames[to]},
		}
		if period != "" {
			remarks = append(remarks, profile.FieldChange{FieldName: "授权期限", AfterValue: period})
		}
		if err := s.d.Records.RecordOperation(ctx, profile.OperationRecord{AccountID: r.id, ActorName: me.Name,
			OperationType: OpOperator, Remarks: remarks, CreatedAt: s.now()}); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) partyByID(ctx context.Context, id int64) (Party, error) {
	a, err := s.d.Store.AccountByID(ctx, id)
	if err != nil {
		return Party{}, err
	}
	p, err := s.party(ctx, a)
	if errors.Is(err, account.ErrNotFound) {
		// A party without a profile (impossible for authenticated accounts)
		// is still named by its login name.
		return p, nil
	}
	return p, err
}

// pageSizes are the operator list's page sizes (02 §9); the first is the
// default.
var pageSizes = []int{10, 20, 30, 40, 50, 100}

// Links returns a page of the caller's links on side (the enterprise's
// operators, or the person's enterprises), the other party's number masked
// and each bound link's period computed for today, with the total count.
func (s *Service) Links(ctx context.Context, actorID int64, side Side, page, size int) ([]View, int64, error) {
	if _, err := s.actor(ctx, actorID, side); err != nil {
		return nil, 0, err
	}
	if !slices.Contains(pageSizes, size) {
		size = pageSizes[0]
	}
	page = max(page, 1)
	es, n, err := s.d.Store.OperatorLinks(ctx, side, actorID, (page-1)*size, size)
	if err != nil {
		return nil, 0, err
	}
	return s.views(es), n, nil
}

// ActiveLinks returns the caller's links in force today, for the
// platform's other systems: for a person, the enterprises it may act for;
// for an enterprise, the persons who may act for it.
func (s *Service) ActiveLinks(ctx context.Context, actorID int64) ([]View, error) {
	a, err := s.d.Store.AccountByID(ctx, actorID)
	if errors.Is(err, account.ErrNotFound) {
		return nil, apperr.ErrUnauthenticated
	}
	if err != nil {
		return nil, err
	}
	side, ok := sideOf(a.Type)
	if !ok {
		return nil, ErrWrongType
	}
	es, err := s.d.Store.ActiveOperatorLinks(ctx, side, actorID, s.today())
	if err != nil {
		return nil, err
	}
	return s.views(es), nil
}

func (s *Service) views(es []Entry) []View {
	today := s.today()
	out := make([]View, 0, len(es))
	for _, e := range es {
		e.Other.CertNum = certno.Mask(e.Other.CertNum)
		out = append(out, View{Entry: e, Period: PeriodOf(e.Link, today)})
	}
	return out
}
