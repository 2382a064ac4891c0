package store_test

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/admission"
	"bidpass/internal/keyset"
	"bidpass/internal/review"
	"bidpass/internal/staff"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestStaffQueriesUseIndexes fills PostgreSQL with enough rows for its
// planner to prefer indexes (tens of thousands, ANALYZEd), runs the staff
// side's list, count and decision methods with a trace, and explains every
// statement they ran: none may scan a big table sequentially. The 1 M-row
// timings live in `make bench-scale`; this test keeps the plans honest in
// `make test`.
func TestStaffQueriesUseIndexes(t *testing.T) {
	db := postgresForPlans(t)
	ctx := context.Background()
	seedForPlans(t, db)

	var mu sync.Mutex
	var stmts []traced
	db.SetTraceForTest(func(q string, args []any) {
		mu.Lock()
		defer mu.Unlock()
		stmts = append(stmts, traced{q, append([]any(nil), args...)})
	})
	now := time.Now().UTC()
	stale := now.Add(-review.ClaimTTL)
	// Deep pages by cursor: from the middle of the open items (submitted
	// an hour into the seed's spread) and of the decided ones.
	open := &keyset.Cursor{At: now.Add(-30000 * time.Minute), ID: 30000}
	decided := &keyset.Cursor{At: now.Add(-30001 * time.Minute), ID: 30001}
	for _, f := range []review.Filter{
		{State: review.StatePending, Page: 1, PageSize: 10},
		{Kind: review.KindRealName, State: review.StatePending, Page: 1, PageSize: 10},
		{Kind: review.KindRealName, Subject: review.SubjectPerson, State: review.StatePending, Page: 2, PageSize: 10},
		{Kind: review.KindChange, State: review.StateClaimed, Page: 1, PageSize: 10},
		{State: review.StateDecided, Page: 1, PageSize: 10},
		{Kind: review.KindChange, State: review.StateDecided, Page: 3, PageSize: 10},
		{Page: 1, PageSize: 10},
		// Numbered pages deep into the lists: their OFFSET must skip index
		// entries only (checked below).
		{State: review.StatePending, Page: 150, PageSize: 10},
		{Kind: review.KindChange, State: review.StatePending, Page: 40, PageSize: 10},
		{State: review.StateDecided, Page: 900, PageSize: 10},
		{Kind: review.KindRealName, Subject: review.SubjectEnterprise, State: review.StateDecided, Page: 400, PageSize: 10},
		{State: review.StatePending, PageSize: 10, After: open},
		{Kind: review.KindRealName, Subject: review.SubjectPerson, State: review.StatePending, PageSize: 10, After: open},
		{Kind: review.KindChange, PageSize: 10, After: open},
		{State: review.StateDecided, PageSize: 10, After: decided},
		{Kind: review.KindAdmission, State: review.StateDecided, PageSize: 10, After: decided},
	} {
		if _, _, err := db.ListReviews(ctx, f, stale); err != nil {
			t.Fatal(err)
		}
	}
	deep := &keyset.Cursor{At: now.Add(-30000 * time.Second), ID: 30000}
	for _, f := range []staff.ActionFilter{
		{Page: 1, PageSize: 20},
		{PageSize: 20, After: deep},
		{StaffID: 3, Page: 1, PageSize: 20},
		{StaffID: 3, PageSize: 20, After: deep},
		{Action: "auth.signin", Page: 1, PageSize: 20},
		{Action: "review.view", PageSize: 20, After: deep},
		{Page: 450, PageSize: 20},
		{StaffID: 3, Page: 100, PageSize: 20},
		{Action: "review.view", Page: 300, PageSize: 20},
	} {
		if _, _, err := db.ListStaffActions(ctx, f); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.OpenReviewOf(ctx, 5, review.KindRealName); err != nil && err != review.ErrNotFound {
		t.Fatal(err)
	}
	// The rest of a decision (docs/decisions/scale.md, "Flat first pages and numbered pages at a million accounts": every write flat): the reviewer's
	// detail and history, the claim, the verdict and its records, what
	// the effects read and settle, and the holder's record pages.
	if _, _, err := db.ModificationRecords(ctx, 5, 0, 10); err != nil {
		t.Fatal(err)
	}
	if _, _, err := db.OperationRecords(ctx, 5, 0, 5); err != nil {
		t.Fatal(err)
	}
	if _, err := db.PendingReview(ctx, 5); err != nil && !errors.Is(err, account.ErrNotFound) {
		t.Fatal(err)
	}
	if _, err := db.ReviewsOfAccount(ctx, 17); err != nil {
		t.Fatal(err)
	}
	if _, err := db.DecisionsOf(ctx, 17, 37); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ApplicationOfReview(ctx, 17); err != nil && !errors.Is(err, admission.ErrNotFound) {
		t.Fatal(err)
	}
	if err := db.InTx(ctx, func(ctx context.Context) error {
		if _, err := db.ClaimReview(ctx, 40, 1, now, stale); err != nil {
			return err
		}
		if _, err := db.DecideReview(ctx, 40, 1, review.Pass, "", now, stale); err != nil {
			return err
		}
		if _, err := db.SettleApplication(ctx, 40, admission.Admitted, "", now); err != nil {
			return err
		}
		if err := db.SettleModificationRecords(ctx, 17, 1, 1, now); err != nil {
			return err
		}
		_, err := db.DeleteEndedSessions(ctx, now.Add(-30*24*time.Hour))
		return err
	}); err != nil {
		t.Fatal(err)
	}
	db.SetTraceForTest(nil)

	pages := 0
	for _, s := range stmts {
		plan := explain(t, db, s)
		if table := unboundedSeqScan(plan); table != "" {
			t.Errorf("sequential scan of %s in\n%s\nplan:\n%s", table, s.query, plan)
		}
		// A list's page of ids (and so a numbered page's OFFSET) comes
		// from an index alone (migration 00150): the rows it passes over
		// are never read.
		if !idsOfPage.MatchString(s.query) {
			continue
		}
		pages++
		if !strings.Contains(plan, "Index Only Scan") {
			t.Errorf("the page's ids are not read from an index alone in\n%s\nplan:\n%s", s.query, plan)
		}
	}
	if pages != 25 { // every ListReviews and ListStaffActions call above
		t.Errorf("%d pages of ids traced, want 25", pages)
	}
	if len(stmts) < 10 {
		t.Fatalf("only %d statements traced", len(stmts))
	}
}

// idsOfPage is the subquery that picks a list's page of ids.
var idsOfPage = regexp.MustCompile(`\(SELECT (r|a)\.id FROM (reviews r|staff_actions a) WHERE .* LIMIT \d+ OFFSET \d+\) p`)

// bigTables grow with the number of accounts and reviews.
var bigTables = []string{"reviews", "modification_records", "staff_actions", "sessions", "accounts"}

// unboundedSeqScan returns the big table a plan scans sequentially without
// a Limit right above the scan, or "". A capped count (LIMIT 10001) may
// scan: it stops after a bounded number of rows whatever the table's size.
func unboundedSeqScan(plan string) string {
	lines := strings.Split(plan, "\n")
	for i, l := range lines {
		for _, table := range bigTables {
			if !strings.Contains(l, "Seq Scan on "+table+" ") {
				continue
			}
			if i > 0 && strings.Contains(lines[i-1], "Limit") {
				continue
			}
			return table
		}
	}
	return ""
}

type traced struct {
	query string
	args  []any
}

func explain(t *testing.T, db *store.DB, s traced) string {
	t.Helper()
	rows, err := db.SQLForTest().Query("EXPLAIN "+s.query, s.args...)
	if err != nil {
		t.Fatalf("explain %s: %v", s.query, err)
	}
	defer rows.Close()
	var b strings.Builder
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			t.Fatal(err)
		}
		b.WriteString(line + "\n")
	}
	return b.String()
}

// postgresForPlans opens a fresh migrated PostgreSQL database, or skips
// (the plans are PostgreSQL's; SQLite's planner is not the one that runs
// at scale).
func postgresForPlans(t *testing.T) *store.DB { return storetest.Postgres(t) }

// seedForPlans writes 20 k accounts, 60 k reviews (one in twenty open),
// 120 k modification records, 60 k staff actions and 40 k sessions with
// set-based INSERTs, then VACUUMs and ANALYZEs.
func seedForPlans(t *testing.T, db *store.DB) {
	t.Helper()
	stmts := []string{
		`INSERT INTO accounts (account_name, account_key, type, password_hash, created_at, updated_at)
		 SELECT 'acct' || g, 'acct' || g, 1 + g % 2, 'x', now(), now() FROM generate_series(1, 20000) g`,
		`INSERT INTO staff (account_name, account_key, role, password_hash, created_at, updated_at)
		 SELECT 'staff' || g, 'staff' || g, 'reviewer', 'x', now(), now() FROM generate_series(1, 20) g`,
		`INSERT INTO reviews (kind, account_id, subject, payload, state, claimed_by, claimed_at, decision, decided_by, decided_at, submitted_at)
		 SELECT (ARRAY['realname','change','admission'])[1 + g % 3], 1 + g % 20000, (ARRAY['person','enterprise'])[1 + g % 2], '{}',
		        CASE WHEN g % 20 = 0 THEN (CASE WHEN g % 40 = 0 THEN 'claimed' ELSE 'pending' END) ELSE 'decided' END,
		        CASE WHEN g % 20 = 0 AND g % 40 <> 0 THEN NULL ELSE 1 + g % 20 END,
		        CASE WHEN g % 20 = 0 AND g % 40 <> 0 THEN NULL ELSE now() - (g || ' minutes')::interval END,
		        CASE WHEN g % 20 = 0 THEN '' ELSE 'PASS' END,
		        CASE WHEN g % 20 = 0 THEN NULL ELSE 1 + g % 20 END,
		        CASE WHEN g % 20 = 0 THEN NULL ELSE now() - (g || ' minutes')::interval END,
		        now() - (g || ' minutes')::interval
		 FROM generate_series(1, 60000) g`,
		`INSERT INTO modification_records (account_id, info_item, before_value, after_value, operation_time, is_valid, auth_method, auth_state, review_id)
		 SELECT 1 + g % 20000, '姓名', 'a', 'b', now(), 1, 'manual', 1, CASE WHEN g % 2 = 0 THEN 1 + g % 60000 END FROM generate_series(1, 120000) g`,
		`INSERT INTO staff_actions (staff_id, action, target, detail, client_addr, created_at)
		 SELECT 1 + g % 20, 'review.view', 'review:' || g, '', '127.0.0.1', now() - (g || ' seconds')::interval FROM generate_series(1, 60000) g`,
		`INSERT INTO sessions (token_hash, subject_kind, subject_id, created_at, last_seen_at, expires_at, revoked_at)
		 SELECT md5(g::text), 'portal', 1 + g % 20000, now(), now(), now() + interval '1 hour', NULL FROM generate_series(1, 40000) g`,
		// VACUUM as autovacuum would after such a load: it sets the
		// visibility map, without which no plan reads an index alone.
		`VACUUM ANALYZE`,
	}
	for _, s := range stmts {
		if _, err := db.SQLForTest().Exec(s); err != nil {
			t.Fatalf("seed: %v\n%s", err, s)
		}
	}
}
