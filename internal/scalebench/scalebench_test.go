package scalebench_test

import (
	"context"
	"io"
	"log/slog"
	"path/filepath"
	"testing"

	"bidpass/internal/app"
	"bidpass/internal/config"
	"bidpass/internal/scalebench"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestBothTablesRunOnSeededDatabases runs make bench-scale's two tables
// on two small seeded databases of each dialect, a few runs each: every
// statement succeeds and every request answers 200 (a run stops at the
// first that does not, as a seeded change item's detail once answered
// 500), so the bench cannot rot between its runs by hand.
func TestBothTablesRunOnSeededDatabases(t *testing.T) {
	const runs = 4 // each write commits: on SQLite a few milliseconds, under -race more
	for _, d := range []struct {
		name string
		url  func(t *testing.T, dir, side string) string
	}{
		{"sqlite", func(_ *testing.T, dir, side string) string { return "sqlite:" + filepath.Join(dir, side+".db") }},
		{"postgres", func(t *testing.T, _, _ string) string { return storetest.PostgresURL(t) }},
	} {
		t.Run(d.name, func(t *testing.T) {
			ctx := context.Background()
			dir := t.TempDir()
			var sides [2]scalebench.Served
			for i, size := range []store.SeedSize{{Accounts: 200, Reviews: 100}, {Accounts: 400, Reviews: 200}} {
				cfg, err := config.Load([]string{"--dev", "--data-dir", dir, "--database-url", d.url(t, dir, []string{"small", "large"}[i])},
					func(string) string { return "" })
				if err != nil {
					t.Fatal(err)
				}
				// Seeded as dev seed does: through the application, with its data key.
				a, err := app.Open(ctx, cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
				if err != nil {
					t.Fatal(err)
				}
				err = a.DB.Seed(ctx, size, func(string, int) {})
				a.Close()
				if err != nil {
					t.Fatal(err)
				}
				sv, stop, err := scalebench.Serve(ctx, cfg, io.Discard)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(stop)
				sides[i] = sv
			}
			small, large, err := scalebench.RunPair(ctx, sides[0].Sized, sides[1].Sized, runs)
			if err != nil {
				t.Fatal(err)
			}
			checkTable(t, small, large, 28)
			small, large, err = scalebench.RunRequestsPair(ctx, sides[0], sides[1], runs)
			if err != nil {
				t.Fatal(err)
			}
			checkTable(t, small, large, 21)
		})
	}
}

// checkTable: n operations timed on each side, the same ones.
func checkTable(t *testing.T, small, large []scalebench.Result, n int) {
	t.Helper()
	if len(small) != n || len(large) != n {
		t.Fatalf("%d and %d operations timed, want %d", len(small), len(large), n)
	}
	for i := range small {
		if small[i].Name != large[i].Name || small[i].P50 <= 0 || large[i].P50 <= 0 {
			t.Errorf("%+v against %+v", small[i], large[i])
		}
	}
}
