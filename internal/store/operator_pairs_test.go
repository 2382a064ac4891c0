package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/operator"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestOperatorPairVersion: a pair's save names the version it read. Two
// saves from the same read (a caller that did not hold the lock) cannot
// both land: the second changes nothing and says so, on both databases.
func TestOperatorPairVersion(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 12, 2, 8, 0, 0, 0, time.UTC)
		ent := &account.Account{Name: "pairent", Type: account.Enterprise, PasswordHash: "h", CreatedAt: now, UpdatedAt: now}
		per := &account.Account{Name: "pairper", Type: account.Person, PasswordHash: "h", CreatedAt: now, UpdatedAt: now}
		for _, a := range []*account.Account{ent, per} {
			if err := db.CreateAccount(ctx, a); err != nil {
				t.Fatal(err)
			}
		}
		read, err := db.LockOperatorPair(ctx, ent.ID, per.ID, now)
		if err != nil {
			t.Fatal(err)
		}
		first, second := read, read
		first.InviteDay, first.InvitesOnDay = "2026-12-02", 1
		if err := db.SaveOperatorPair(ctx, &first, now); err != nil || first.Version != read.Version+1 {
			t.Fatalf("first save: %v, version %d", err, first.Version)
		}
		second.BlockedAt = now
		if err := db.SaveOperatorPair(ctx, &second, now); !errors.Is(err, operator.ErrPairChanged) {
			t.Fatalf("a save from a stale read: %v", err)
		}
		got, err := db.OperatorPair(ctx, read.ID)
		if err != nil || got.InvitesOnDay != 1 || !got.BlockedAt.IsZero() || got.Version != first.Version {
			t.Fatalf("after the stale save: %v %+v", err, got)
		}
		// A save after a fresh read under the lock lands.
		again, err := db.LockOperatorPair(ctx, ent.ID, per.ID, now)
		if err != nil {
			t.Fatal(err)
		}
		again.BlockedAt = now
		if err := db.SaveOperatorPair(ctx, &again, now); err != nil {
			t.Fatalf("save after a fresh read: %v", err)
		}
	})
}
