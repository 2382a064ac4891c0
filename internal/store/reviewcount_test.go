package store_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/review"
	"bidpass/internal/staff"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// reviewFixture is a database with accounts and reviewers to write review
// items for.
type reviewFixture struct {
	db       *store.DB
	now      time.Time
	accounts []*account.Account
	staff    []*staff.Staff
}

func newReviewFixture(t *testing.T, db *store.DB, accounts, reviewers int) *reviewFixture {
	t.Helper()
	f := &reviewFixture{db: db, now: time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC)}
	err := db.InTx(context.Background(), func(ctx context.Context) error {
		for i := range accounts {
			a := &account.Account{Name: fmt.Sprintf("tally%02d", i), Type: account.Person, PasswordHash: "h", CreatedAt: f.now, UpdatedAt: f.now}
			if err := db.CreateAccount(ctx, a); err != nil {
				return err
			}
			f.accounts = append(f.accounts, a)
		}
		for i := range reviewers {
			s := &staff.Staff{Name: fmt.Sprintf("rev%02d", i), Role: staff.Reviewer, PasswordHash: "h", CreatedAt: f.now, UpdatedAt: f.now}
			if err := db.CreateStaff(ctx, s); err != nil {
				return err
			}
			f.staff = append(f.staff, s)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

var (
	reviewKinds    = []review.Kind{review.KindRealName, review.KindChange, review.KindAdmission}
	reviewSubjects = []string{review.SubjectPerson, review.SubjectEnterprise}
)

// kindOf and holderOf are item i's kind and account: real-name items (one
// open per account) on accounts of their own, change and admission items
// (any number open) spread over all.
func (f *reviewFixture) kindOf(i int) review.Kind {
	if i%5 == 0 {
		return review.KindRealName
	}
	return reviewKinds[1+i%2]
}

func (f *reviewFixture) holderOf(i int) int64 {
	if i%5 == 0 {
		return f.accounts[(i/5)%len(f.accounts)].ID
	}
	return f.accounts[i%len(f.accounts)].ID
}

func (f *reviewFixture) submit(ctx context.Context, i int) (int64, error) {
	return f.db.CreateReview(ctx, review.Item{Kind: f.kindOf(i), AccountID: f.holderOf(i),
		Subject: reviewSubjects[i%2], Payload: []byte(`{}`), State: review.StatePending, SubmittedAt: f.now.Add(time.Duration(i) * time.Second)})
}

// TestReviewCountsAreTheListsLength holds the queue's counts (tallied by
// migration 00170's triggers, store.reviewCount) to the length of the list
// they count, for every state, kind and subject, after each kind of write:
// submissions, live and stale claims, decisions, revocations, a deletion
// and a hand-made UPDATE of an item's kind. A count read from a tally has
// no lag: each check follows its write at once.
func TestReviewCountsAreTheListsLength(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newReviewFixture(t, db, 10, 3)
		stale := f.now.Add(-review.ClaimTTL)
		check := func(step string) {
			t.Helper()
			for _, state := range []review.State{"", review.StatePending, review.StateClaimed, review.StateDecided} {
				for _, kind := range append([]review.Kind{""}, reviewKinds...) {
					for _, subject := range append([]string{""}, reviewSubjects...) {
						filter := review.Filter{State: state, Kind: kind, Subject: subject, Page: 1, PageSize: 100}
						rows, n, err := db.ListReviews(ctx, filter, stale)
						if err != nil {
							t.Fatal(err)
						}
						if n != int64(len(rows)) {
							t.Errorf("%s: state %q kind %q subject %q: count %d, the list has %d", step, state, kind, subject, n, len(rows))
						}
					}
				}
			}
		}
		var ids []int64
		for i := range 40 {
			id, err := f.submit(ctx, i)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, id)
		}
		check("submitted")
		for i, id := range ids[:16] {
			at := f.now // live
			if i%2 == 0 {
				at = stale.Add(-time.Minute) // claimed long ago: pending again
			}
			if ok, err := db.ClaimReview(ctx, id, f.staff[i%3].ID, at, stale); err != nil || !ok {
				t.Fatalf("claim %d: %v %v", id, ok, err)
			}
		}
		check("claimed")
		// A stale claim taken over, a live one decided by its holder, a
		// pending item decided without a claim.
		if ok, err := db.ClaimReview(ctx, ids[0], f.staff[2].ID, f.now, stale); err != nil || !ok {
			t.Fatalf("take over: %v %v", ok, err)
		}
		for _, i := range []int{1, 3, 20, 21} {
			if ok, err := db.DecideReview(ctx, ids[i], f.staff[i%3].ID, review.Pass, "", f.now, stale); err != nil || !ok {
				t.Fatalf("decide %d: %v %v", i, ok, err)
			}
		}
		check("decided")
		for _, i := range []int{2, 5, 30} {
			if ok, err := db.RevokeReview(ctx, ids[i], f.holderOf(i)); err != nil || !ok {
				t.Fatalf("revoke %d: %v %v", i, ok, err)
			}
		}
		check("revoked")
		if _, err := db.SQLForTest().ExecContext(ctx, fmt.Sprintf(`DELETE FROM reviews WHERE id IN (%d, %d)`, ids[7], ids[21])); err != nil {
			t.Fatal(err)
		}
		check("deleted")
		if _, err := db.SQLForTest().ExecContext(ctx, fmt.Sprintf(`UPDATE reviews SET kind = 'change', subject = 'enterprise' WHERE id = %d`, ids[9])); err != nil {
			t.Fatal(err)
		}
		check("moved by hand")
		// Time alone moves the live claims into the pending count.
		stale = stale.Add(review.ClaimTTL + time.Minute)
		check("the claims gone stale")
		assertTalliesMatch(t, db)
	})
}

// TestReviewTalliesUnderParallelWrites fires 48 writers at once (on
// PostgreSQL: truly parallel; SQLite serialises them), each submitting an
// item and then racing the others to claim, decide and revoke items, and
// checks the tallies against the table and that no writer failed (a
// deadlock between two tally updates would fail one).
func TestReviewTalliesUnderParallelWrites(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := newReviewFixture(t, db, 24, 4)
		stale := f.now.Add(-review.ClaimTTL)
		const writers = 48
		ids := make([]int64, writers)
		var wg sync.WaitGroup
		errs := make(chan error, writers*4)
		for w := range writers {
			wg.Go(func() {
				err := db.InTx(ctx, func(ctx context.Context) error {
					id, err := f.submit(ctx, w+1) // item w is holderOf(w+1)'s
					ids[w] = id
					return err
				})
				if err != nil {
					errs <- fmt.Errorf("submit %d: %w", w, err)
				}
			})
		}
		wg.Wait()
		var decided atomic.Int32
		for w := range writers {
			wg.Go(func() {
				by := f.staff[w%len(f.staff)].ID
				j := (w / 2) % writers // two writers race for each of half the items
				ok, err := db.ClaimReview(ctx, ids[j], by, f.now, stale)
				if err == nil && ok {
					switch w % 3 {
					case 0:
						ok, err = db.DecideReview(ctx, ids[j], by, review.Pass, "", f.now, stale)
						if ok {
							decided.Add(1)
						}
					case 1: // the item's holder withdraws it under the reviewer
						_, err = db.RevokeReview(ctx, ids[j], f.holderOf(j+1))
					}
				}
				if err != nil {
					errs <- fmt.Errorf("writer %d: %w", w, err)
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		assertTalliesMatch(t, db)
		if decided.Load() == 0 {
			t.Error("no decision landed: the race tested nothing")
		}
	})
}

// assertTalliesMatch compares review_tallies with a count of the table.
func assertTalliesMatch(t *testing.T, db *store.DB) {
	t.Helper()
	read := func(q string) map[string]int64 {
		rows, err := db.SQLForTest().Query(q)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		m := map[string]int64{}
		for rows.Next() {
			var k, s, st string
			var n int64
			if err := rows.Scan(&k, &s, &st, &n); err != nil {
				t.Fatal(err)
			}
			if n != 0 {
				m[k+"/"+s+"/"+st] = n
			}
		}
		return m
	}
	tallied := read(`SELECT kind, subject, state, n FROM review_tallies`)
	counted := read(`SELECT kind, subject, state, count(*) FROM reviews GROUP BY kind, subject, state`)
	if fmt.Sprint(tallied) != fmt.Sprint(counted) {
		t.Errorf("tallies %v, the table %v", tallied, counted)
	}
	if len(counted) == 0 {
		t.Error("no items: nothing compared")
	}
}
