package store_test

import (
	"context"
	"io/fs"
	"log/slog"
	"slices"
	"testing"

	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestMigrationVersionsAgree keeps the two dialects in step: every version
// exists in both, with the same file name.
func TestMigrationVersionsAgree(t *testing.T) {
	names := func(d store.Dialect) []string {
		fsys, err := store.MigrationsFS(d)
		if err != nil {
			t.Fatal(err)
		}
		got, err := fs.Glob(fsys, "*.sql")
		if err != nil {
			t.Fatal(err)
		}
		slices.Sort(got)
		return got
	}
	lite, pg := names(store.SQLite), names(store.Postgres)
	if len(lite) == 0 {
		t.Fatal("no migrations")
	}
	if !slices.Equal(lite, pg) {
		t.Fatalf("migrations differ:\nsqlite:   %v\npostgres: %v", lite, pg)
	}
}

func TestMigrateIsIdempotent(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := db.Ping(ctx); err != nil {
			t.Fatal(err)
		}
		v1, err := db.Migrate(ctx, discard())
		if err != nil {
			t.Fatal(err)
		}
		v2, err := db.Migrate(ctx, discard())
		if err != nil || v1 != v2 || v1 < 1 {
			t.Fatalf("second migrate: v1=%d v2=%d err=%v", v1, v2, err)
		}
	})
}

func TestInTxRollsBack(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		boom := context.Canceled
		err := db.InTx(ctx, func(ctx context.Context) error {
			if _, err := db.CreateStaffForTest(ctx, "rollback"); err != nil {
				t.Fatal(err)
			}
			return boom
		})
		if err != boom {
			t.Fatalf("InTx error = %v", err)
		}
		if n := db.CountStaffForTest(ctx); n != 0 {
			t.Fatalf("rolled-back insert is visible: %d rows", n)
		}
	})
}

func discard() *slog.Logger { return store.DiscardLogger() }
