package operator_test

import (
	"context"
	"testing"
	"time"

	"bidpass/internal/operator"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestInvitationsPerPairAreLimited: 3 invitations a Beijing day per pair
// (cancelled ones count), none for 7 days after the person refused one, and
// the next day counts afresh; a refused attempt writes no link.
func TestInvitationsPerPairAreLimited(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		ent, per := e.enterprise(t), e.person(t)
		links := func() int64 {
			_, n, err := e.svc.Links(ctx, ent.ID, operator.EnterpriseSide, 1, 10)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		for i := range 3 {
			if err := e.invite(t, ent, per, "2026-11-21", "2027-11-20"); err != nil {
				t.Fatalf("invitation %d: %v", i+1, err)
			}
			l, _, _ := e.svc.Links(ctx, ent.ID, operator.EnterpriseSide, 1, 1)
			if err := e.svc.Act(ctx, ent.ID, operator.EnterpriseSide, l[0].ID, operator.Cancel, "", ""); err != nil {
				t.Fatal(err)
			}
		}
		if err := e.invite(t, ent, per, "2026-11-21", "2027-11-20"); msgOf(err) != "今日向该经办人发出的邀请已达上限，请明天再试" {
			t.Fatalf("4th invitation of the day: %v", err)
		}
		if n := links(); n != 3 {
			t.Fatalf("%d links after 3 invitations and a refused one", n)
		}
		// The next Beijing day: the person refuses; 7 days of cooling follow.
		e.clk.Advance(24 * time.Hour)
		if err := e.invite(t, ent, per, "2026-11-22", "2027-11-20"); err != nil {
			t.Fatal(err)
		}
		l, _, _ := e.svc.Links(ctx, per.ID, operator.PersonSide, 1, 1)
		if err := e.svc.Act(ctx, per.ID, operator.PersonSide, l[0].ID, operator.Refuse, "", ""); err != nil {
			t.Fatal(err)
		}
		e.clk.Advance(7*24*time.Hour - time.Minute)
		if err := e.invite(t, ent, per, "2026-11-29", "2027-11-20"); msgOf(err) != "对方已拒绝贵企业的邀请，请于2026-11-29 10:00后再邀请" {
			t.Fatalf("invitation within the cooling period: %v", err)
		}
		e.clk.Advance(time.Minute)
		if err := e.invite(t, ent, per, "2026-11-29", "2027-11-20"); err != nil {
			t.Fatalf("invitation after the cooling period: %v", err)
		}
		if n := links(); n != 5 {
			t.Fatalf("%d links, want 5", n)
		}
	})
}

// TestPersonBlocksAndUnblocks: 拒绝并屏蔽 refuses the pending invitation and
// refuses the enterprise's next ones with 对方暂不接受贵企业的邀请; the person
// sees the block, nobody else can lift it, and once lifted the enterprise
// invites at once (the refusal's cooling ends with the block).
func TestPersonBlocksAndUnblocks(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		ent, per, other := e.enterprise(t), e.person(t), e.person(t)
		if err := e.invite(t, ent, per, "2026-11-21", "2027-11-20"); err != nil {
			t.Fatal(err)
		}
		l := e.only(t, ent)
		if err := e.svc.Block(ctx, other.ID, l.ID); err != operator.ErrNotFound {
			t.Fatalf("another person blocks: %v", err)
		}
		if err := e.svc.Block(ctx, ent.ID, l.ID); err != operator.ErrWrongType {
			t.Fatalf("the enterprise blocks: %v", err)
		}
		if err := e.svc.Block(ctx, per.ID, l.ID); err != nil {
			t.Fatal(err)
		}
		if err := e.svc.Block(ctx, per.ID, l.ID); err != nil {
			t.Fatalf("blocking twice: %v", err)
		}
		if got := e.only(t, ent); got.State != operator.Refused {
			t.Fatalf("the pending invitation after the block: %s", got.State)
		}
		if err := e.invite(t, ent, per, "2026-11-21", "2027-11-20"); msgOf(err) != "对方暂不接受贵企业的邀请" {
			t.Fatalf("invitation to a person who blocks: %v", err)
		}
		if err := e.apply(t, per, ent); msgOf(err) != "您已屏蔽该企业，请先在“已屏蔽的企业”中解除屏蔽" {
			t.Fatalf("application to a blocked enterprise: %v", err)
		}
		bs, err := e.svc.Blocks(ctx, per.ID)
		if err != nil || len(bs) != 1 || bs[0].Other.Account != ent.Name || bs[0].Other.CertNum != "9135**********0Y43" {
			t.Fatalf("blocks = %+v, %v", bs, err)
		}
		if bs, _ := e.svc.Blocks(ctx, other.ID); len(bs) != 0 {
			t.Fatalf("another person's blocks: %+v", bs)
		}
		if err := e.svc.Unblock(ctx, other.ID, bs[0].PairID); err != operator.ErrBlockMissing {
			t.Fatalf("another person unblocks: %v", err)
		}
		if err := e.svc.Unblock(ctx, per.ID, bs[0].PairID); err != nil {
			t.Fatal(err)
		}
		if err := e.svc.Unblock(ctx, per.ID, bs[0].PairID); err != operator.ErrBlockMissing {
			t.Fatalf("unblocking twice: %v", err)
		}
		if err := e.invite(t, ent, per, "2026-11-21", "2027-11-20"); err != nil {
			t.Fatalf("invitation after the unblock: %v", err)
		}
		// The enterprise's records say only that its invitation was refused.
		for _, r := range e.records(t, ent) {
			if v := r.Remarks[0].AfterValue; v == "屏蔽企业" || v == "解除屏蔽" {
				t.Fatalf("the enterprise's records tell of the block: %+v", r)
			}
		}
		var said []string
		for _, r := range e.records(t, per) {
			said = append(said, r.Remarks[0].AfterValue)
		}
		if len(said) < 4 || said[1] != "解除屏蔽" || said[2] != "屏蔽企业" || said[3] != "拒绝邀请" {
			t.Fatalf("the person's records: %v", said)
		}
	})
}
