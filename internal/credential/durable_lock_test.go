package credential_test

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"bidpass/internal/clock"
	"bidpass/internal/credential"
	"bidpass/internal/ephemeral"
	"bidpass/internal/ephemeral/ephemeraltest"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestLockSurvivesEphemeralLoss: a name locked by five wrong passwords
// stays locked when the ephemeral store loses everything (Redis without
// persistence restarted: FLUSHDB of a database only this test uses; the memory
// store: a new process), because the lock is kept in the database (both
// dialects). The lock runs out after LockDuration as before, and a reset
// (Clear) lifts it at once.
func TestLockSurvivesEphemeralLoss(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clk := clock.NewFake(time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC))
		stores := map[string]func(t *testing.T) (ephemeral.Store, func()){
			"memory": func(t *testing.T) (ephemeral.Store, func()) {
				s := ephemeral.Store(ephemeral.NewMemory(clk))
				return s, func() {} // the restart makes a new one below
			},
		}
		if os.Getenv(ephemeraltest.EnvRedis) != "" {
			stores["redis"] = func(t *testing.T) (ephemeral.Store, func()) {
				// A database of its own: the restart empties all of it.
				u := ephemeraltest.FlushedURL(t, ephemeraltest.DBLockLoss)
				r, err := ephemeral.NewRedis(u, "bidpass-locktest:")
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { _ = r.Close() })
				opt, err := redis.ParseURL(u)
				if err != nil {
					t.Fatal(err)
				}
				return r, func() {
					c := redis.NewClient(opt)
					defer c.Close()
					if err := c.FlushDB(ctx).Err(); err != nil {
						t.Fatal(err)
					}
				}
			}
		} else {
			t.Log("SKIP redis: " + ephemeraltest.EnvRedis + " not set")
		}
		for name, open := range stores {
			t.Run(name, func(t *testing.T) {
				eph, lose := open(t)
				v, _ := newVerifier(eph)
				v.KeepLocksIn(db, clk)
				key := credential.Portal("durable-" + name)
				try := func(v *credential.Verifier, pw string) error {
					return v.Check(ctx, credential.Attempt{Key: key, Password: pw, Hash: hashOfRight(t)})
				}
				var err error
				for range credential.MaxFailures {
					err = try(v, "wrong-password")
				}
				if !isLock(err) {
					t.Fatalf("after %d wrong passwords: %v, want the lock", credential.MaxFailures, err)
				}
				lose()
				if name == "memory" {
					eph = ephemeral.NewMemory(clk)
				}
				v2, _ := newVerifier(eph)
				v2.KeepLocksIn(db, clk)
				if err := try(v2, right); !isLock(err) {
					t.Fatalf("the right password after the ephemeral store was lost: %v, want the lock still", err)
				}
				clk.Advance(credential.LockDuration + time.Second)
				if err := try(v2, right); err != nil {
					t.Fatalf("after the lock ran out: %v", err)
				}
				for range credential.MaxFailures {
					err = try(v2, "wrong-password")
				}
				if !isLock(err) {
					t.Fatalf("locking again: %v", err)
				}
				if err := v2.Clear(ctx, key); err != nil {
					t.Fatal(err)
				}
				if err := try(v2, right); err != nil {
					t.Fatalf("after Clear: %v", err)
				}
			})
		}
	})
}
