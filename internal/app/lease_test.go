package app_test

import (
	"context"
	"encoding/base64"
	"log/slog"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bidpass/internal/app"
	"bidpass/internal/config"
	"bidpass/internal/store/storetest"
)

// TestMaintenanceLease (docs/decisions/deployment.md, "Several instances, metrics and deployment (lead)"): two instances on one database each run
// their maintenance loop, many times at once; the jobs run once for the
// period, and again once it is over.
func TestMaintenanceLease(t *testing.T) {
	for _, dialect := range []string{"sqlite", "postgres"} {
		t.Run(dialect, func(t *testing.T) {
			dir := t.TempDir()
			dbURL := filepath.Join(dir, "bidpass.db")
			if dialect == "postgres" {
				dbURL = storetest.PostgresURL(t)
			}
			key := base64.StdEncoding.EncodeToString(make([]byte, 32))
			var apps []*app.App
			for i := 0; i < 2; i++ {
				cfg, err := config.Load([]string{"--data-dir", t.TempDir(), "--database-url", dbURL, "--files-dir", filepath.Join(dir, "files")},
					func(k string) string {
						if k == "BIDPASS_DATA_KEY" {
							return key
						}
						return ""
					})
				if err != nil {
					t.Fatal(err)
				}
				a, err := app.Open(context.Background(), cfg, slog.New(slog.DiscardHandler))
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(a.Close)
				apps = append(apps, a)
			}
			// round runs both instances' loops ten times at once and
			// counts the runs of each.
			round := func(period time.Duration) [2]int64 {
				var ran [2]atomic.Int64
				var wg sync.WaitGroup
				for i := 0; i < 10; i++ {
					for k, a := range apps {
						wg.Add(1)
						go func() {
							defer wg.Done()
							if a.MaintainOnce(context.Background(), period) {
								ran[k].Add(1)
							}
						}()
					}
				}
				wg.Wait()
				return [2]int64{ran[0].Load(), ran[1].Load()}
			}
			// Within the period only the instance holding the lease runs
			// the jobs (its own loop renews it; the other is refused).
			if n := round(time.Hour); (n[0] > 0) == (n[1] > 0) {
				t.Fatalf("runs per instance %v: want one instance only", n)
			}
			// A lease of a millisecond runs out at once: the jobs run again,
			// on whichever instance takes the lease.
			time.Sleep(5 * time.Millisecond)
			if n := round(time.Millisecond); n[0]+n[1] < 1 {
				t.Fatal("no run once the lease ran out")
			}
		})
	}
}
