package operator

import (
	"context"
	"errors"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/certno"
	"bidpass/internal/clock"
	"bidpass/internal/profile"
)

// Invitations are limited per pair and a person can block an enterprise
// (docs/decisions/races-and-denial.md, "Invitations are limited, and a
// person can block an enterprise"). What is kept is one row per pair (Pair):
// counts and marks, never a row per refused attempt. Every request, answer
// and block of a pair locks that row first, so an invitation crossing a
// block, or parallel invitations, are ordered by the database on SQLite and
// on PostgreSQL alike.

// lockPair locks l's pair (see Store.LockOperatorPair).
func (s *Service) lockPair(ctx context.Context, enterpriseID, personID int64) (Pair, error) {
	return s.d.Store.LockOperatorPair(ctx, enterpriseID, personID, s.now())
}

// mayAsk refuses a request of side to a pair the person blocks: the
// enterprise learns only that the person does not take its invitations;
// the person is told to lift the block first.
func mayAsk(p Pair, side Side) error {
	if p.BlockedAt.IsZero() {
		return nil
	}
	if side == EnterpriseSide {
		return ErrDeclined
	}
	return ErrYouBlock
}

// countInvitation counts an invitation about to be sent to p's person:
// none within RefusalCooling of the person's last refusal, at most
// InvitesPerDay a Beijing day (cancelled and refused ones count too). The
// caller holds p's lock, so the count cannot be raced.
func (s *Service) countInvitation(ctx context.Context, p *Pair) error {
	if !p.RefusedAt.IsZero() {
		if until := p.RefusedAt.Add(s.d.RefusalCooling); s.now().Before(until) {
			return apperr.New(apperr.TooMany, "operator.refused_recently",
				"对方已拒绝贵企业的邀请，请于"+until.In(clock.China).Format("2006-01-02 15:04")+"后再邀请")
		}
	}
	if today := s.today(); p.InviteDay != today {
		p.InviteDay, p.InvitesOnDay = today, 0
	}
	if p.InvitesOnDay >= s.d.InvitesPerDay {
		return ErrInviteLimit
	}
	p.InvitesOnDay++
	return s.d.Store.SaveOperatorPair(ctx, p, s.now())
}

// Block is the person's 屏蔽该企业 on one of its links (the link names the
// enterprise; 拒绝并屏蔽 on a pending invitation): the enterprise's pending
// invitation, if any, is refused, and its invitations are refused until the
// person unblocks. Blocking a blocked enterprise changes nothing.
func (s *Service) Block(ctx context.Context, actorID, linkID int64) error {
	return s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		me, err := s.actor(ctx, actorID, PersonSide)
		if err != nil {
			return err
		}
		l, err := s.d.Store.OperatorLink(ctx, linkID)
		if errors.Is(err, ErrLinkNotFound) || (err == nil && l.PersonID != actorID) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		p, err := s.lockPair(ctx, l.EnterpriseID, l.PersonID)
		if err != nil {
			return err
		}
		// Read after the lock: an invitation committed before it is seen
		// and refused; one that waited for it finds the block.
		open, err := s.d.Store.OpenOperatorLinks(ctx, l.EnterpriseID, l.PersonID)
		if err != nil {
			return err
		}
		for _, o := range open {
			if o.State == Pending && o.HandleType == Invitation {
				if err := s.move(ctx, me, o, PersonSide, Refuse, "", "", &p); err != nil {
					return err
				}
			}
		}
		if !p.BlockedAt.IsZero() {
			return nil
		}
		p.BlockedAt = s.now()
		if err := s.d.Store.SaveOperatorPair(ctx, &p, s.now()); err != nil {
			return err
		}
		return s.recordBlock(ctx, me, p, "屏蔽企业")
	})
}

// Unblock lifts the person's block of the pair pairID (an id of its
// Blocks list). The refusal's cooling period ends with it: the person who
// unblocks takes the enterprise's invitations again. Another account's
// pair, or one that is not blocked, is not found.
func (s *Service) Unblock(ctx context.Context, actorID, pairID int64) error {
	return s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		me, err := s.actor(ctx, actorID, PersonSide)
		if err != nil {
			return err
		}
		p, err := s.d.Store.OperatorPair(ctx, pairID)
		if errors.Is(err, ErrLinkNotFound) || (err == nil && p.PersonID != actorID) {
			return ErrBlockMissing
		}
		if err != nil {
			return err
		}
		if p, err = s.lockPair(ctx, p.EnterpriseID, p.PersonID); err != nil {
			return err
		}
		if p.BlockedAt.IsZero() {
			return ErrBlockMissing
		}
		p.BlockedAt, p.RefusedAt = time.Time{}, time.Time{}
		if err := s.d.Store.SaveOperatorPair(ctx, &p, s.now()); err != nil {
			return err
		}
		return s.recordBlock(ctx, me, p, "解除屏蔽")
	})
}

// Blocks is the person's 已屏蔽的企业: each enterprise it blocks, its
// credit code masked, the latest block first.
func (s *Service) Blocks(ctx context.Context, actorID int64) ([]Blocked, error) {
	if _, err := s.actor(ctx, actorID, PersonSide); err != nil {
		return nil, err
	}
	bs, err := s.d.Store.BlockedEnterprises(ctx, actorID)
	if err != nil {
		return nil, err
	}
	for i := range bs {
		bs[i].Other.CertNum = certno.Mask(bs[i].Other.CertNum)
	}
	return bs, nil
}

// recordBlock writes a block or its lifting into the person's operation
// records only: the enterprise's records say no more than its list does
// (a refused invitation).
func (s *Service) recordBlock(ctx context.Context, me account.Account, p Pair, what string) error {
	ent, err := s.partyByID(ctx, p.EnterpriseID)
	if err != nil {
		return err
	}
	return s.d.Records.RecordOperation(ctx, profile.OperationRecord{AccountID: p.PersonID, ActorName: me.Name, OperationType: OpOperator,
		Remarks: []profile.FieldChange{
			{FieldName: "操作", AfterValue: what},
			{FieldName: "企业", AfterValue: ent.Name + "（" + ent.Account + "）"},
		}, CreatedAt: s.now()})
}
