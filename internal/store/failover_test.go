package store_test

import (
	"context"
	"database/sql"
	"log/slog"
	neturl "net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestReconnectAfterServerDrop is what a PostgreSQL failover does to the
// pool (docs/decisions/deployment.md, "Several instances, metrics and deployment (lead)", docs/operations.md): every connection bidpass holds is
// closed by the server (pg_terminate_backend, as a demoted primary's
// restart or a proxy switching over does). The pool must recover by itself:
// a statement on a dropped connection may fail once, and the ones after it
// run on new connections; no restart needed.
func TestReconnectAfterServerDrop(t *testing.T) {
	url := storetest.PostgresURL(t)
	db, err := store.Open(url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	ctx := context.Background()
	if _, err := db.Migrate(ctx, slog.New(slog.DiscardHandler)); err != nil {
		t.Fatal(err)
	}
	// Fill the pool with several open connections.
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := db.Ping(ctx); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()

	admin, err := sql.Open("pgx", os.Getenv(storetest.EnvPostgres))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	u, err := neturl.Parse(url)
	if err != nil {
		t.Fatal(err)
	}
	var dropped int
	if err := admin.QueryRow(`SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE datname = $1`,
		strings.TrimPrefix(u.Path, "/")).Scan(&dropped); err != nil {
		t.Fatal(err)
	}
	if dropped < 2 {
		t.Fatalf("dropped %d connections; the pool held more", dropped)
	}
	failed := 0
	now := time.Now()
	for i := range 20 {
		if _, err := db.TryLease(ctx, "failover-test", "me", now.Add(time.Duration(i)*time.Second), time.Minute); err != nil {
			failed++
			t.Logf("statement %d after the drop: %v", i, err)
		}
	}
	if failed > 1 {
		t.Errorf("%d of 20 statements failed after the server dropped %d connections; want at most 1", failed, dropped)
	}
	t.Logf("server dropped %d connections; %d of 20 statements after it failed", dropped, failed)
}
