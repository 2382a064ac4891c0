package store_test

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"testing"

	"bidpass/internal/apperr"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestEmptyDatabaseIsUnavailable: a database without bidpass's tables (a
// PostgreSQL database recreated empty, a SQLite file replaced by an empty
// one) answers statements with store.unavailable (503), not an internal
// error, and CheckSchema (the /readyz probe) fails until the migrations
// run; then it passes and the statements work.
func TestEmptyDatabaseIsUnavailable(t *testing.T) {
	urls := map[string]string{"sqlite": filepath.Join(t.TempDir(), "bidpass.db")}
	if os.Getenv(storetest.EnvPostgres) != "" {
		urls["postgres"] = storetest.PostgresURL(t)
	}
	for name, url := range urls {
		t.Run(name, func(t *testing.T) {
			db, err := store.Open(url)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			ctx := context.Background()
			if err := db.CheckSchema(ctx); err == nil {
				t.Error("CheckSchema passed on an empty database")
			}
			_, err = db.AccountByID(ctx, 1)
			if e, ok := apperr.As(err); !ok || e.Reason != "store.unavailable" || e.Kind != apperr.Unavailable {
				t.Errorf("a statement on an empty database: %v, want store.unavailable", err)
			}
			if _, err := db.Migrate(ctx, slog.New(slog.DiscardHandler)); err != nil {
				t.Fatal(err)
			}
			if err := db.CheckSchema(ctx); err != nil {
				t.Errorf("CheckSchema after the migrations: %v", err)
			}
			if _, err := db.AccountByID(ctx, 1); apperr.KindOf(err) == apperr.Unavailable {
				t.Errorf("a statement after the migrations: %v", err)
			}
		})
	}
}
