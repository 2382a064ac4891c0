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
	"sync"
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
	path := filepath.Join(t.TempDir(), "bidpass.db")
	db, err := store.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	db.UseRing(Ring)
	if _, err := db.Migrate(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
		t.Fatal(err)
	}
	remember(t, db, "sqlite", "file:"+path+"?_pragma=busy_timeout(10000)")
	return db
}

// opened maps the test databases to their driver and data source, for
// RefuseInserts.
var opened sync.Map // *store.DB → [2]string{driver, dsn}

func remember(t testing.TB, db *store.DB, driver, dsn string) {
	opened.Store(db, [2]string{driver, dsn})
	t.Cleanup(func() { opened.Delete(db) })
}

// RefuseInserts makes every later insert into table of the test database
// db fail, as a full disk or a lost connection would, so that a test sees
// what a failed write leaves behind (a trigger, set over a connection of
// its own).
func RefuseInserts(t testing.TB, db *store.DB, table string) {
	t.Helper()
	v, ok := opened.Load(db)
	if !ok {
		t.Fatal("storetest: RefuseInserts needs a database opened by storetest")
	}
	src := v.([2]string)
	conn, err := sql.Open(src[0], src[1])
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	stmts := []string{"CREATE TRIGGER refuse_" + table + " BEFORE INSERT ON " + table +
		" BEGIN SELECT RAISE(ABORT, 'insert refused by the test'); END"}
	if src[0] == "pgx" {
		stmts = []string{
			`CREATE OR REPLACE FUNCTION refuse_insert() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'insert refused by the test'; END $$`,
			"CREATE TRIGGER refuse_" + table + " BEFORE INSERT ON " + table + " FOR EACH ROW EXECUTE FUNCTION refuse_insert()",
		}
	}
	for _, q := range stmts {
		if _, err := conn.Exec(q); err != nil {
			t.Fatalf("storetest: refuse inserts into %s: %v", table, err)
		}
	}
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
	u := PostgresURL(t)
	db, err := store.Open(u)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	db.UseRing(Ring)
	if _, err := db.Migrate(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil))); err != nil {
		t.Fatal(err)
	}
	remember(t, db, "pgx", u)
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
