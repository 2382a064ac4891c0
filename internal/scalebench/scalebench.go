// Package scalebench times the portal's and the console's reads and writes
// against a seeded database (store.Seed), so `make bench-scale` can set a
// small database beside a large one and show whether each operation stays
// flat (docs/decisions/scale.md, "The scale bench times requests as well as statements, on a realistic, sealed seed"). It times the store's statements, the part that grows
// with the data (RunPair), and the requests through the application's own
// handler, as a browser sends them (RunRequestsPair). The store given must
// hold the data key the seed sealed with.
package scalebench

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/identity"
	"bidpass/internal/keyset"
	"bidpass/internal/profile"
	"bidpass/internal/review"
	"bidpass/internal/session"
	"bidpass/internal/staff"
	"bidpass/internal/store"
)

// Result is one operation's latencies.
type Result struct {
	Name     string
	P50, P99 time.Duration
}

// op is one timed operation; i is the run's number (to vary ids).
type op struct {
	name string
	run  func(ctx context.Context, i int) error
}

// Sized is a database Seed filled with Accounts accounts and Reviews items.
type Sized struct {
	DB                *store.DB
	Accounts, Reviews int
}

// RunPair times every statement operation on the two databases (timePair).
func RunPair(ctx context.Context, small, large Sized, runs int) (s, l []Result, err error) {
	so, err := prepare(ctx, small.DB, small.Accounts, small.Reviews, runs)
	if err != nil {
		return nil, nil, err
	}
	lo, err := prepare(ctx, large.DB, large.Accounts, large.Reviews, runs)
	if err != nil {
		return nil, nil, err
	}
	return timePair(ctx, so, lo, runs)
}

// timePair times every operation runs times on each side (after a tenth
// as many unmeasured runs), alternating between them run by run, and in
// turn which goes first: this machine is shared, and timing the small
// database's operations minutes before the large one's let a neighbour's
// build land on one side only. Both sides see the same load this way.
// so and lo are the same operations, prepared on each side.
func timePair(ctx context.Context, so, lo []op, runs int) (s, l []Result, err error) {
	for k := range so {
		warm := runs / 10
		var ds [2][]time.Duration
		for i := range runs + warm {
			for j := range 2 {
				side := (i + j) % 2
				o := [2]op{so[k], lo[k]}[side]
				t0 := time.Now()
				if err := o.run(ctx, i); err != nil {
					return nil, nil, fmt.Errorf("%s: %w", o.name, err)
				}
				if i >= warm {
					ds[side] = append(ds[side], time.Since(t0))
				}
			}
		}
		for side, out := range []*[]Result{&s, &l} {
			slices.Sort(ds[side])
			*out = append(*out, Result{Name: so[k].name, P50: ds[side][len(ds[side])/2], P99: ds[side][len(ds[side])*99/100]})
		}
	}
	return s, l, nil
}

// prepare makes what the operations need on db (fresh items to claim and
// decide, the deep cursors) and returns the operations.
func prepare(ctx context.Context, db *store.DB, accounts, reviews, runs int) ([]op, error) {
	rng := rand.New(rand.NewPCG(1, 2))
	acct := func() int64 { return 1 + rng.Int64N(int64(accounts)) }
	person := func() int64 { return 2 * (1 + rng.Int64N(int64(max(accounts/2, 1)))) }
	now := time.Now().UTC()
	stale := now.Add(-review.ClaimTTL)
	reviewer := review.Reviewer{ID: 2, Name: "seedstaff2", Addr: "192.0.2.1"}

	openDeep, decidedDeep, actDeep, err := deepCursors(ctx, db, accounts, reviews, now)
	if err != nil {
		return nil, err
	}
	fresh, err := freshItems(ctx, db, accounts, runs+runs/10+1, now, false)
	if err != nil {
		return nil, err
	}
	list := func(f review.Filter) func(context.Context, int) error {
		return func(ctx context.Context, _ int) error { _, _, err := db.ListReviews(ctx, f, stale); return err }
	}
	// The action log's long count is kept for store.CountLag: its page 1
	// times what most requests pay, and a row of its own the request that
	// takes the count (once per CountLag, filter and instance). The review
	// queues' counts are tallied (migration 00170): every page 1 above
	// takes its count.
	lag := store.CountLag.String()
	actions := func(f staff.ActionFilter) func(context.Context, int) error {
		return func(ctx context.Context, _ int) error { _, _, err := db.ListStaffActions(ctx, f); return err }
	}
	ops := []op{
		{"portal: sign-in lookup by name", func(ctx context.Context, _ int) error {
			_, err := db.AccountByName(ctx, "seed"+strconv.FormatInt(acct(), 10))
			return err
		}},
		{"portal: account and person profile", func(ctx context.Context, _ int) error {
			id := person()
			if _, err := db.AccountByID(ctx, id); err != nil {
				return err
			}
			_, err := db.PersonProfile(ctx, id)
			return err
		}},
		{"portal: enterprise profile", func(ctx context.Context, _ int) error {
			_, err := db.EnterpriseProfile(ctx, person()-1)
			return err
		}},
		{"portal: name check", func(ctx context.Context, i int) error {
			_, err := db.AccountNameTaken(ctx, "free"+strconv.Itoa(i))
			return err
		}},
		{"portal: recovery by phone", func(ctx context.Context, _ int) error {
			_, err := db.AccountsByPhone(ctx, strconv.FormatInt(13900000000+acct(), 10))
			return err
		}},
		{"portal: session lookup", func(ctx context.Context, _ int) error {
			_, err := db.GetSession(ctx, "seed"+strconv.FormatInt(1+rng.Int64N(int64(max(accounts/10, 1))), 10))
			if err == session.ErrNotFound {
				err = nil
			}
			return err
		}},
		{"portal: modification records, page 1", func(ctx context.Context, _ int) error {
			_, _, err := db.ModificationRecords(ctx, acct(), 0, 10)
			return err
		}},
		{"portal: operation records, page 1", func(ctx context.Context, _ int) error {
			_, _, err := db.OperationRecords(ctx, acct(), 0, 5)
			return err
		}},
		{"portal: open review of the account", func(ctx context.Context, _ int) error {
			_, err := db.OpenReviewOf(ctx, acct(), review.KindRealName)
			if err == review.ErrNotFound {
				err = nil
			}
			return err
		}},
		{"portal write: sign-in session (create, touch)", func(ctx context.Context, i int) error {
			tok := fmt.Sprintf("bench%d-%d", now.UnixNano(), i)
			if err := db.CreateSession(ctx, session.Record{TokenHash: tok, Kind: session.Portal, SubjectID: acct(), CreatedAt: now,
				LastSeenAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
				return err
			}
			return db.TouchSession(ctx, tok, now)
		}},
		{"portal write: change submitted (item, record)", func(ctx context.Context, _ int) error {
			return db.InTx(ctx, func(ctx context.Context) error {
				a := person()
				id, err := db.CreateReview(ctx, review.Item{Kind: review.KindChange, AccountID: a, Subject: review.SubjectPerson,
					Payload: nameChange(a), State: review.StatePending, SubmittedAt: now})
				if err != nil {
					return err
				}
				if err := db.AddModificationRecord(ctx, &profile.ModificationRecord{AccountID: a, InfoItem: "联系人手机", OperationTime: now, IsValid: 2, AuthState: 99, ReviewID: &id}); err != nil {
					return err
				}
				_, err = db.RevokeReview(ctx, id, a)
				return err
			})
		}},
		{"console: queue, real-name pending, page 1", list(review.Filter{Kind: review.KindRealName, State: review.StatePending, Page: 1, PageSize: 10})},
		{"console: queue, no filter, page 1", list(review.Filter{Page: 1, PageSize: 10})},
		// The deepest numbered page (the last ten rows within keyset.PageReach); past it the console goes by cursor.
		{fmt.Sprintf("console: queue, pending, page %d (numbered, the deepest)", keyset.PageReach/10), list(review.Filter{State: review.StatePending, Page: keyset.PageReach / 10, PageSize: 10})},
		{"console: queue, pending, deep page by cursor", list(review.Filter{State: review.StatePending, PageSize: 10, After: &openDeep})},
		{"console: decided, page 1", list(review.Filter{State: review.StateDecided, Page: 1, PageSize: 10})},
		{"console: queue, pending, page 1 (with its count)", list(review.Filter{State: review.StatePending, Page: 1, PageSize: 10})},
		{"console: decided, page 1 (with its count)", list(review.Filter{State: review.StateDecided, Page: 1, PageSize: 10})},
		{"console: decided, deep page by cursor", list(review.Filter{State: review.StateDecided, PageSize: 10, After: &decidedDeep})},
		{"console: review detail (item, history, decisions)", func(ctx context.Context, _ int) error {
			it, err := db.Review(ctx, 1+rng.Int64N(int64(reviews)))
			if err != nil {
				return err
			}
			hist, err := db.ReviewsOfAccount(ctx, it.AccountID)
			if err != nil {
				return err
			}
			ids := make([]int64, 0, len(hist))
			for _, h := range hist {
				ids = append(ids, h.ID)
			}
			_, err = db.DecisionsOf(ctx, ids...)
			return err
		}},
		{"console write: claim", func(ctx context.Context, i int) error {
			_, err := db.ClaimReview(ctx, fresh[i], reviewer.ID, now, stale)
			return err
		}},
		{"console write: decision on a change item", func(ctx context.Context, i int) error {
			return db.InTx(ctx, func(ctx context.Context) error {
				ok, err := db.DecideReview(ctx, fresh[i], reviewer.ID, review.Pass, "", now, stale)
				if err != nil || !ok {
					return fmt.Errorf("decide %d: %v %v", fresh[i], ok, err)
				}
				if err := db.SettleModificationRecords(ctx, fresh[i], 1, 1, now); err != nil {
					return err
				}
				if _, err := db.CreateDecision(ctx, review.DecisionRecord{ReviewID: fresh[i], StaffID: reviewer.ID, StaffName: reviewer.Name,
					Action: review.Pass, DecidedAt: now}); err != nil {
					return err
				}
				return db.CreateStaffAction(ctx, staff.Action{StaffID: reviewer.ID, Action: "review.decide", Target: "review:" + strconv.FormatInt(fresh[i], 10),
					ClientAddr: reviewer.Addr, CreatedAt: now})
			})
		}},
		{"console: action log, page 1", actions(staff.ActionFilter{Page: 1, PageSize: 20})},
		{"console: action log of one member, page 1", actions(staff.ActionFilter{StaffID: 3, Page: 1, PageSize: 20})},
		{"console: action log of one action, page 1", actions(staff.ActionFilter{Action: "review.claim", Page: 1, PageSize: 20})},
		{"console: action log, page 1, count taken (1 in " + lag + ")", func(ctx context.Context, _ int) error {
			db.ForgetCounts()
			_, _, err := db.ListStaffActions(ctx, staff.ActionFilter{Page: 1, PageSize: 20})
			return err
		}},
		{"console: action log, deep page by cursor", actions(staff.ActionFilter{PageSize: 20, After: &actDeep})},
		{"maintenance: session clean-up", func(ctx context.Context, _ int) error {
			_, err := db.DeleteEndedSessions(ctx, now.Add(-30*24*time.Hour))
			return err
		}},
	}
	return ops, nil
}

// deepCursors are the cursors of the deep pages: the middle of the open
// and of the decided items, and of the action log.
func deepCursors(ctx context.Context, db *store.DB, accounts, reviews int, now time.Time) (open, decided, actions keyset.Cursor, err error) {
	mid, err := db.Review(ctx, int64(reviews/2/20*20+20)) // an open one (every 20th)
	if err != nil {
		return open, decided, actions, fmt.Errorf("open item of the seed: %w", err)
	}
	dec, err := db.Review(ctx, int64(reviews/2/20*20+3)) // a decided one
	if err != nil {
		return open, decided, actions, err
	}
	actions = keyset.Cursor{At: now.Add(-time.Duration(accounts/8) * time.Second), ID: int64(accounts / 8)}
	return review.Cursor(review.StatePending, mid), review.Cursor(review.StateDecided, dec), actions, nil
}

// freshItems makes n pending change items of persons (distinct ones while
// n is below half the accounts), each with two modification records for
// its decision to settle: the items the timed claims and decisions take,
// one per run. Each carries a change request as the account centre
// submits one, which a decision reads; verifying also puts the account
// under verification, as the submission does, which a decision through
// the service requires (it settles the account back to its former state).
func freshItems(ctx context.Context, db *store.DB, accounts, n int, now time.Time, verifying bool) ([]int64, error) {
	fresh := make([]int64, n)
	for i := range fresh {
		a := 2 * int64(1+(i*7919)%max(accounts/2, 1)) // the seed's persons are the even ids
		if verifying {
			acc, err := db.AccountByID(ctx, a)
			if err != nil {
				return nil, err
			}
			// An earlier run stopped before deciding may have left it so.
			if acc.AuthState != account.Verifying {
				if err := account.Move(ctx, db, &acc, account.Stage.SubmitChange, now); err != nil {
					return nil, fmt.Errorf("account %d under verification: %w", a, err)
				}
			}
		}
		id, err := db.CreateReview(ctx, review.Item{Kind: review.KindChange, AccountID: a, Subject: review.SubjectPerson,
			Payload: nameChange(a), State: review.StatePending, SubmittedAt: now})
		if err != nil {
			return nil, fmt.Errorf("fresh item: %w", err)
		}
		fresh[i] = id
		for range 2 {
			rid := id
			if err := db.AddModificationRecord(ctx, &profile.ModificationRecord{AccountID: a, InfoItem: "联系人手机", OperationTime: now, IsValid: 2, AuthMethod: "manual", AuthState: 99, ReviewID: &rid}); err != nil {
				return nil, err
			}
		}
	}
	return fresh, nil
}

// nameChange is the change request of person a's name, as the account
// centre submits one for review.
func nameChange(a int64) json.RawMessage {
	n := strconv.FormatInt(a, 10)
	b, _ := json.Marshal(identity.ChangeRequest{Subject: identity.SubjectPerson, Class: identity.ClassIdentity,
		Changes: []identity.FieldChange{{Key: "realName", FieldName: "姓名", BeforeValue: "张" + n, AfterValue: "章" + n}}, PrevAuthState: 1})
	return b
}

// WriteTable prints small beside large as a Markdown table with the
// ratios, and marks an operation past the goal (1.5× or p99 over 20 ms).
func WriteTable(w io.Writer, small, large []Result) {
	fmt.Fprintln(w, "| Operation | Small p50 | Small p99 | Large p50 | Large p99 | p50 ratio | p99 ratio | Goal |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
	for i, s := range small {
		l := large[i]
		r50, r99 := ratio(l.P50, s.P50), ratio(l.P99, s.P99)
		goal := "ok"
		if r50 > 1.5 || l.P99 > 20*time.Millisecond {
			goal = "**no**"
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %.2f× | %.2f× | %s |\n", s.Name, ms(s.P50), ms(s.P99), ms(l.P50), ms(l.P99), r50, r99, goal)
	}
}

func ratio(a, b time.Duration) float64 { return float64(a) / float64(max(b, time.Microsecond)) }

func ms(d time.Duration) string { return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond)) }
