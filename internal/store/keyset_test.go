package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/keyset"
	"bidpass/internal/review"
	"bidpass/internal/staff"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestKeysetPagesWalkEveryRowOnce walks the review queues (open, oldest
// first; decided, newest first) and the action log page by page with the
// cursor of each page's last row, over rows sharing their times three by
// three (the id must break the ties), and checks the walk is the numbered
// list in the same order: no row skipped, none twice.
func TestKeysetPagesWalkEveryRowOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		base := time.Date(2026, 11, 21, 8, 0, 0, 123456000, time.UTC)
		s := &staff.Staff{Name: "rev1", Role: staff.Reviewer, PasswordHash: "h", CreatedAt: base, UpdatedAt: base}
		if err := db.CreateStaff(ctx, s); err != nil {
			t.Fatal(err)
		}
		a := &account.Account{Name: "keyset01", Type: account.Person, PasswordHash: "h", CreatedAt: base, UpdatedAt: base}
		if err := db.CreateAccount(ctx, a); err != nil {
			t.Fatal(err)
		}
		for i := range 23 {
			at := base.Add(time.Duration(i/3) * time.Minute)
			id, err := db.CreateReview(ctx, review.Item{Kind: review.KindChange, AccountID: a.ID, Subject: review.SubjectPerson,
				Payload: []byte(`{}`), State: review.StatePending, SubmittedAt: at})
			if err != nil {
				t.Fatal(err)
			}
			if i%2 == 1 {
				if ok, err := db.DecideReview(ctx, id, s.ID, review.Pass, "", base.Add(time.Duration(i/6)*time.Hour), base); !ok || err != nil {
					t.Fatal(ok, err)
				}
			}
			if err := db.CreateStaffAction(ctx, staff.Action{StaffID: s.ID, Action: "review.view", Target: fmt.Sprint("review:", id),
				CreatedAt: at}); err != nil {
				t.Fatal(err)
			}
		}
		stale := base.Add(-time.Hour)
		for _, st := range []review.State{review.StatePending, review.StateDecided, ""} {
			all, n, err := db.ListReviews(ctx, review.Filter{Kind: review.KindChange, State: st, Page: 1, PageSize: 100}, stale)
			if err != nil || int(n) != len(all) || n == 0 {
				t.Fatalf("%q: all %d, count %d, %v", st, len(all), n, err)
			}
			var walked []int64
			var after *keyset.Cursor
			for n := range 20 {
				// A page by cursor ignores the page number.
				page, _, err := db.ListReviews(ctx, review.Filter{Kind: review.KindChange, State: st, Page: 1 + 98*n, PageSize: 4, After: after}, stale)
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range page {
					walked = append(walked, e.ID)
				}
				if len(page) < 4 {
					break
				}
				c := review.Cursor(st, page[len(page)-1].Item)
				after = &c
			}
			if fmt.Sprint(walked) != fmt.Sprint(ids(all)) {
				t.Errorf("%q: walked %v, numbered %v", st, walked, ids(all))
			}
		}
		all, _, err := db.ListStaffActions(ctx, staff.ActionFilter{Action: "review.view", Page: 1, PageSize: 100})
		if err != nil || len(all) != 23 {
			t.Fatalf("actions: %d %v", len(all), err)
		}
		var walked, want []int64
		var after *keyset.Cursor
		for n := range 20 {
			page, _, err := db.ListStaffActions(ctx, staff.ActionFilter{StaffID: s.ID, Page: 1 + 6*n, PageSize: 5, After: after})
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range page {
				walked = append(walked, e.ID)
			}
			if len(page) < 5 {
				break
			}
			after = &keyset.Cursor{At: page[len(page)-1].CreatedAt, ID: page[len(page)-1].ID}
		}
		for _, e := range all {
			want = append(want, e.ID)
		}
		if fmt.Sprint(walked) != fmt.Sprint(want) {
			t.Errorf("action log: walked %v, numbered %v", walked, want)
		}
	})
}

func ids(es []review.QueueEntry) []int64 {
	out := make([]int64, len(es))
	for i, e := range es {
		out[i] = e.ID
	}
	return out
}
