// Package storetest opens real databases for tests: SQLite in a temporary
// directory always, and PostgreSQL when BIDPASS_TEST_POSTGRES holds a server
// URL (a fresh database is created for each test and dropped after it).
package storetest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"io"
	"log/slog"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/sealed"
	"bidpass/internal/store"
)

// EnvPostgres names the variable holding the PostgreSQL server URL.
const EnvPostgres = "BIDPASS_TEST_POSTGRES"

// Ring is the data key of the test databases: one fresh key per test
// process, so sealed columns really are sealed in every storage test.
var Ring = func() *sealed.Ring {
	r, err := sealed.Parse(sealed.NewKey())
	if err != nil {
		panic(err)
	}
	return r
}()

// Each runs fn as a subtest on every available database, migrated.
func Each(t *testing.T, fn func(t *testing.T, db *store.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLite(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, Postgres(t)) })
}

// SQLite returns a migrated SQLite database in a temporary directory.
func SQLite(t testing.TB) *store.DB {
	t.Helper()
	db, err := store.Open(filepath.Join(t.TempDir(), "bidpass.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	db.UseRing(Ring)
	if _, err := db.Migrate(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
		t.Fatal(err)
	}
	return db
}

// PostgresURL creates a fresh database on the server named by
// BIDPASS_TEST_POSTGRES and returns its URL; it skips the test when the
// variable is unset. The database is dropped when the test ends.
func PostgresURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(EnvPostgres)
	if base == "" {
		t.Skip("SKIP postgres: " + EnvPostgres + " not set")
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	name := "bidpass_t_" + hex.EncodeToString(b)
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatalf("create test database: %v", err)
	}
	t.Cleanup(func() {
		admin, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer admin.Close()
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	return u.String()
}

// Postgres returns a migrated, fresh PostgreSQL database, or skips.
func Postgres(t testing.TB) *store.DB {
	t.Helper()
	db, err := store.Open(PostgresURL(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	db.UseRing(Ring)
	if _, err := db.Migrate(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
		t.Fatal(err)
	}
	return db
}

// SetAuthState puts an account in authState st (registration over) for a
// test's fixture, through the same guarded write the lifecycle uses; a
// test that needs a particular state should not have to replay every
// transition to get there.
func SetAuthState(ctx context.Context, db *store.DB, id int64, st account.AuthState) error {
	a, err := db.AccountByID(ctx, id)
	if err != nil {
		return err
	}
	to := account.Stage{RegisterStep: account.StepDone, AuthState: st}
	return db.MoveAccount(ctx, id, a.Stage(), to, time.Now())
}
