package store_test

import (
	"context"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/review"
	"bidpass/internal/staff"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestLongListCountsLagAtMostCountLag holds the rule of the action log's
// counts (docs/decisions/scale.md, "Flat first pages and numbered pages at a
// million accounts"): a list shorter than store.CountExactBelow is
// counted on every request, so a write shows in its count at once; a
// longer one's count may be served from memory, but a write shows in it
// once store.CountLag has passed, and not a moment later. The review
// queue, as long, is tallied and never lags (TestReviewCountsAreTheListsLength
// has the rest). The clock is injected, so nothing sleeps.
func TestLongListCountsLagAtMostCountLag(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
		db.SetCountClockForTest(func() time.Time { return now })
		long, short := &staff.Staff{Name: "busy", Role: staff.Reviewer, PasswordHash: "h", CreatedAt: now, UpdatedAt: now},
			&staff.Staff{Name: "quiet", Role: staff.Reviewer, PasswordHash: "h", CreatedAt: now, UpdatedAt: now}
		a := &account.Account{Name: "counts01", Type: account.Person, PasswordHash: "h", CreatedAt: now, UpdatedAt: now}
		submit := func(ctx context.Context) error {
			_, err := db.CreateReview(ctx, review.Item{Kind: review.KindChange, AccountID: a.ID, Subject: review.SubjectPerson,
				Payload: []byte(`{}`), State: review.StatePending, SubmittedAt: now})
			return err
		}
		act := func(ctx context.Context, s *staff.Staff) error {
			return db.CreateStaffAction(ctx, staff.Action{StaffID: s.ID, Action: "review.view", Target: "review:1", CreatedAt: now})
		}
		if err := db.InTx(ctx, func(ctx context.Context) error {
			for _, s := range []*staff.Staff{long, short} {
				if err := db.CreateStaff(ctx, s); err != nil {
					return err
				}
			}
			if err := db.CreateAccount(ctx, a); err != nil {
				return err
			}
			for range store.CountExactBelow {
				if err := submit(ctx); err != nil {
					return err
				}
				if err := act(ctx, long); err != nil {
					return err
				}
			}
			return act(ctx, short)
		}); err != nil {
			t.Fatal(err)
		}
		stale := now.Add(-review.ClaimTTL)
		queue := func() int64 {
			t.Helper()
			_, n, err := db.ListReviews(ctx, review.Filter{Kind: review.KindChange, State: review.StatePending, Page: 1, PageSize: 10}, stale)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		actions := func(s *staff.Staff) int64 {
			t.Helper()
			_, n, err := db.ListStaffActions(ctx, staff.ActionFilter{StaffID: s.ID, Page: 1, PageSize: 10})
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		check := func(what string, got, want int64) {
			t.Helper()
			if got != want {
				t.Errorf("%s: count %d, want %d", what, got, want)
			}
		}
		long1 := int64(store.CountExactBelow)
		check("long queue", queue(), long1)
		check("long member's log", actions(long), long1)
		check("short member's log", actions(short), 1)

		if err := submit(ctx); err != nil {
			t.Fatal(err)
		}
		if err := act(ctx, long); err != nil {
			t.Fatal(err)
		}
		if err := act(ctx, short); err != nil {
			t.Fatal(err)
		}
		// The short list and the tallied queue are exact at once; the long
		// log may still say what it said, up to the last instant of the lag…
		check("short member's log after a write", actions(short), 2)
		check("long queue after a write", queue(), long1+1)
		now = now.Add(store.CountLag - time.Nanosecond)
		check("long member's log within the lag", actions(long), long1)
		// …and no longer.
		now = now.Add(time.Nanosecond)
		check("long member's log after the lag", actions(long), long1+1)

		// A write that shortens the queue shows at once as well.
		if _, err := db.SQLForTest().ExecContext(ctx, `UPDATE reviews SET state = 'revoked' WHERE id IN (SELECT id FROM reviews WHERE state = 'pending' ORDER BY id LIMIT 2)`); err != nil {
			t.Fatal(err)
		}
		check("shortened queue", queue(), long1-1)
	})
}
