package store_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/sealed"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// seedClearRemarks inserts n operation records for accountID whose remarks
// are clear ("clear-<i>"), as rows written before sealing existed, in one
// set-based statement both dialects run.
func seedClearRemarks(tb testing.TB, db *store.DB, accountID int64, n int) {
	tb.Helper()
	if _, err := db.SQLForTest().ExecContext(context.Background(), `WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < `+strconv.Itoa(n)+`)
		INSERT INTO operation_records (account_id, actor_name, operation_type, remarks, created_at)
		SELECT `+itoa(accountID)+`, 'seed', '修改', 'clear-' || i, CURRENT_TIMESTAMP FROM seq`); err != nil {
		tb.Fatal(err)
	}
}

func sealSeedAccount(tb testing.TB, db *store.DB, name string) int64 {
	tb.Helper()
	now := time.Now().UTC()
	a := &account.Account{Name: name, Type: account.Person, PasswordHash: "h", CreatedAt: now, UpdatedAt: now}
	if err := db.CreateAccount(context.Background(), a); err != nil {
		tb.Fatal(err)
	}
	return a.ID
}

// TestResealWalksByKey (docs/decisions/personal-data.md, "Data protection"): a few thousand clear values, a batch
// boundary that is not a multiple of the step, values already under the
// current key and empty ones between them: the pass seals exactly the
// stale ones, each once, and a rotation to key 2 reseals every one of
// them, which then open under key 2 alone.
func TestResealWalksByKey(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		k1, k2 := sealed.NewKey(), sealed.NewKey()
		db.UseRing(ringOf(t, k1))
		id := sealSeedAccount(t, db, "reseal01")
		const clear = 3217
		seedClearRemarks(t, db, id, clear)
		// Empty values are absent, never sealed; some rows are already
		// sealed under key 1 (written by the application).
		if _, err := db.SQLForTest().ExecContext(ctx, `UPDATE operation_records SET remarks = '' WHERE remarks IN ('clear-7', 'clear-1500')`); err != nil {
			t.Fatal(err)
		}
		ring1 := ringOf(t, k1)
		for i := 0; i < 3; i++ {
			v, _ := ring1.Seal([]byte("sealed-"+strconv.Itoa(i)), "operation_records.remarks")
			if _, err := db.SQLForTest().ExecContext(ctx, `INSERT INTO operation_records (account_id, actor_name, operation_type, remarks, created_at)
				VALUES (`+itoa(id)+`, 'app', '修改', '`+v+`', CURRENT_TIMESTAMP)`); err != nil {
				t.Fatal(err)
			}
		}
		var steps int
		db.SetTraceForTest(func(q string, _ []any) {
			if strings.Contains(q, "SELECT id, remarks FROM operation_records") {
				steps++
				if strings.Contains(q, "CAST(") {
					t.Errorf("the walk compares a cast key (no index range): %s", q)
				}
			}
		})
		if n, err := db.Reseal(ctx); err != nil || n != clear-2 {
			t.Fatalf("first pass sealed %d (%v), want %d", n, err, clear-2)
		}
		// 3215 stale values in steps of 500: 7 steps, the last one short.
		if steps != 7 {
			t.Errorf("first pass took %d steps over operation_records, want 7", steps)
		}
		db.SetTraceForTest(nil)
		if n, err := db.UnsealedValues(ctx); err != nil || n != 0 {
			t.Fatalf("left after the first pass: %d %v", n, err)
		}

		db.UseRing(ringOf(t, k2, k1))
		if n, err := db.Reseal(ctx); err != nil || n != clear-2+3 {
			t.Fatalf("rotation resealed %d (%v), want %d", n, err, clear-2+3)
		}
		db.UseRing(ringOf(t, k2))
		ring2 := ringOf(t, k2)
		rows, err := db.SQLForTest().QueryContext(ctx, `SELECT remarks FROM operation_records WHERE account_id = `+itoa(id))
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		seen := map[string]bool{}
		for rows.Next() {
			var v string
			if err := rows.Scan(&v); err != nil {
				t.Fatal(err)
			}
			if v == "" {
				continue
			}
			plain, err := ring2.Open(v, "operation_records.remarks")
			if err != nil {
				t.Fatalf("a value does not open under key 2 alone: %v", err)
			}
			seen[string(plain)] = true
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		if len(seen) != clear-2+3 || !seen["clear-1"] || !seen["clear-3217"] || !seen["sealed-2"] || seen["clear-7"] {
			t.Fatalf("values after rotation: %d distinct", len(seen))
		}
	})
}

// BenchmarkReseal100k times a rotation of 100 000 sealed values (one
// column's rows; the pass is the same for every column): go test
// -run '^$' -bench Reseal100k -benchtime 1x ./internal/store, with
// BIDPASS_TEST_POSTGRES for PostgreSQL.
func BenchmarkReseal100k(b *testing.B) {
	for _, d := range []struct {
		name string
		open func(testing.TB) *store.DB
	}{{"sqlite", storetest.SQLite}, {"postgres", storetest.Postgres}} {
		b.Run(d.name, func(b *testing.B) {
			ctx := context.Background()
			db := d.open(b)
			k1 := sealed.NewKey()
			db.UseRing(ringOf(b, k1))
			seedClearRemarks(b, db, sealSeedAccount(b, db, "bench01"), 100_000)
			if n, err := db.Reseal(ctx); err != nil || n != 100_000 {
				b.Fatalf("seal: %d %v", n, err)
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				next := sealed.NewKey()
				db.UseRing(ringOf(b, next, k1))
				start := time.Now()
				n, err := db.Reseal(ctx)
				if err != nil || n != 100_000 {
					b.Fatalf("rotation: %d %v", n, err)
				}
				b.ReportMetric(float64(n)/time.Since(start).Seconds(), "values/s")
				k1 = next
			}
		})
	}
}
