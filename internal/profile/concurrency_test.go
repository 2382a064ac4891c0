package profile_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"bidpass/internal/account"
	"bidpass/internal/password"
	"bidpass/internal/profile"
	"bidpass/internal/review"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// These tests fire requests that change one account at the same moment.
// SQLite serialises writes and would pass them by luck; they matter on
// PostgreSQL (BIDPASS_TEST_POSTGRES), whose READ COMMITTED let the old
// whole-row writes overwrite each other.

// parallel runs fn(i) for i in [0, n) at once and returns the errors.
func parallel(n int, fn func(i int) error) []error {
	errs := make([]error, n)
	var start, wg sync.WaitGroup
	start.Add(1)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			start.Wait()
			errs[i] = fn(i)
		}()
	}
	start.Done()
	wg.Wait()
	return errs
}

// TestParallelRenamesOneWins: 50 renames of one account at once; the name
// may change once, so exactly one succeeds and the others are told so.
func TestParallelRenamesOneWins(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.person(t, "racer0", account.Authenticated)
		const n = 50
		errs := parallel(n, func(i int) error { return e.svc.Rename(ctx, a.ID, fmt.Sprintf("Racer%02d", i+1)) })
		won := -1
		for i, err := range errs {
			switch {
			case err == nil:
				if won >= 0 {
					t.Fatalf("renames %d and %d both succeeded", won, i)
				}
				won = i
			case !errors.Is(err, profile.ErrRenamed) && !errors.Is(err, account.ErrStale):
				t.Errorf("rename %d: unexpected %v", i, err)
			}
		}
		if won < 0 {
			t.Fatal("no rename succeeded")
		}
		got, err := db.AccountByID(ctx, a.ID)
		if err != nil || got.Name != fmt.Sprintf("Racer%02d", won+1) || !got.Renamed {
			t.Fatalf("account after the race: %+v %v (winner %d)", got, err, won)
		}
		recs, count, err := e.svc.ModificationRecords(ctx, a.ID, 1, 100)
		if err != nil || count != 1 {
			t.Fatalf("one modification record expected, got %d %v %+v", count, err, recs)
		}
	})
}

// TestApprovalAndRenameBothStand: a reviewer approves a name change while
// the holder renames the login; both changes are there afterwards.
func TestApprovalAndRenameBothStand(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		for round := range 5 { // several rounds: the race must not depend on who goes first
			a := e.person(t, fmt.Sprintf("both%d", round), account.Authenticated)
			res, err := e.svc.EditPerson(ctx, a.ID, profile.PersonEdit{Name: ptr("李四")})
			if err != nil || !res.Waiting {
				t.Fatalf("name change: %+v %v", res, err)
			}
			login := fmt.Sprintf("Renamed%d", round)
			errs := parallel(2, func(i int) error {
				if i == 0 {
					_, err := e.reviews.Decide(ctx, e.reviewer, res.ReviewID, review.Decision{Action: review.Pass})
					return err
				}
				return e.svc.Rename(ctx, a.ID, login)
			})
			if errs[0] != nil || errs[1] != nil {
				t.Fatalf("round %d: approve %v, rename %v", round, errs[0], errs[1])
			}
			got, _ := db.AccountByID(ctx, a.ID)
			p, _ := db.PersonProfile(ctx, a.ID)
			if got.Name != login || got.AuthState != account.Authenticated || p.RealName != "李四" {
				t.Fatalf("round %d: account %+v, real name %q", round, got, p.RealName)
			}
		}
	})
}

// TestPasswordChangeAndDecisionBothStand: the holder changes the password
// while a reviewer approves a pending real-name submission.
func TestPasswordChangeAndDecisionBothStand(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.person(t, "pwrace1", account.Verifying)
		id, err := e.reviews.Submit(ctx, review.Submission{Kind: review.KindRealName, AccountID: a.ID, Subject: review.SubjectPerson, Payload: map[string]string{}})
		if err != nil {
			t.Fatal(err)
		}
		e.codes.give("password", a.Phone, "s1", "111111")
		req := profile.PasswordChange{KeyID: "k1", OldPassword: "enc:abc12345", NewPassword: "enc:newpass99", CheckCode: "111111", CheckCodeID: "s1"}
		errs := parallel(2, func(i int) error {
			if i == 0 {
				_, err := e.reviews.Decide(ctx, e.reviewer, id, review.Decision{Action: review.Pass})
				return err
			}
			return e.svc.ChangePassword(ctx, a.ID, "", req)
		})
		if errs[0] != nil || errs[1] != nil {
			t.Fatalf("approve %v, password %v", errs[0], errs[1])
		}
		got, _ := db.AccountByID(ctx, a.ID)
		if ok, _, _ := password.Verify(got.PasswordHash, "newpass99"); !ok || got.AuthState != account.Authenticated {
			t.Fatalf("after both: authState %d, new password taken %v", got.AuthState, ok)
		}
	})
}

// TestParallelEditsLoseNothing: two direct edits of different fields at
// once either both land or the later one is refused with a 409; neither
// is silently undone by the other.
func TestParallelEditsLoseNothing(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.enterprise(t, "edits01", account.Authenticated)
		errs := parallel(2, func(i int) error {
			var err error
			if i == 0 {
				_, err = e.svc.EditEnterprise(ctx, a.ID, profile.EnterpriseEdit{DetailAddr: ptr("新地址88号")})
			} else {
				_, err = e.svc.EditEnterprise(ctx, a.ID, profile.EnterpriseEdit{Capital: ptr("2000")})
			}
			return err
		})
		p, _ := db.EnterpriseProfile(ctx, a.ID)
		for i, want := range []bool{p.DetailAddr == "新地址88号", p.Capital == "2000"} {
			switch {
			case errs[i] == nil && !want:
				t.Errorf("edit %d succeeded but was lost: %+v", i, p)
			case errs[i] != nil && !errors.Is(errs[i], account.ErrStale):
				t.Errorf("edit %d: %v", i, errs[i])
			}
		}
	})
}

// TestParallelNameEditsOneReview: ten name edits at once put the account
// in verification once, with one open change request; the others are
// refused (they would each have queued a request the holder cannot see).
func TestParallelNameEditsOneReview(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.person(t, "tenedit", account.Authenticated)
		errs := parallel(10, func(i int) error {
			_, err := e.svc.EditPerson(ctx, a.ID, profile.PersonEdit{Name: ptr(fmt.Sprintf("王%c", '一'+rune(i)))})
			return err
		})
		ok := 0
		for i, err := range errs {
			switch {
			case err == nil:
				ok++
			case !errors.Is(err, account.ErrStale) && !errors.Is(err, profile.ErrVerifying):
				t.Errorf("edit %d: %v", i, err)
			}
		}
		items, err := db.ReviewsOfAccount(ctx, a.ID)
		if err != nil || ok != 1 || len(items) != 1 {
			t.Fatalf("%d edits succeeded, %d items queued (%v)", ok, len(items), err)
		}
		// Withdrawing the one request leaves nothing in the queue.
		if err := e.svc.CancelVerification(ctx, a.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := db.OpenReviewOf(ctx, a.ID, review.KindChange); !errors.Is(err, review.ErrNotFound) {
			t.Fatalf("open item after cancel: %v", err)
		}
	})
}
