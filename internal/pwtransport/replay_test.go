package pwtransport_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
	"bidpass/internal/ephemeral/ephemeraltest"
	"bidpass/internal/pwtransport"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestReplayAfterRestart is docs/decisions/limits.md, "Limits and abuse paths" #8: a used ciphertext was accepted
// again after a restart of the server (memory store) or of Redis, within
// its five minutes. A restart is a new keyring over an empty ephemeral
// store and the same database: the replay is refused, on SQLite and
// PostgreSQL.
func TestReplayAfterRestart(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clk := clock.NewFake(time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC))
		before := pwtransport.New(db, ephemeral.NewMemory(clk), clk)
		id, pub, err := before.Current(ctx)
		if err != nil {
			t.Fatal(err)
		}
		ct, err := pwtransport.Encrypt(pub, "Secret123!", clk.Now(), "")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := before.Decrypt(ctx, id, ct); err != nil {
			t.Fatal(err)
		}
		clk.Advance(time.Minute)
		after := pwtransport.New(db, ephemeral.NewMemory(clk), clk)
		if _, err := after.Decrypt(ctx, id, ct); !errors.Is(err, pwtransport.ErrStale) {
			t.Fatalf("replay after a restart: %v, want ErrStale", err)
		}
		// A fresh value still goes through after the restart.
		ct2, _ := pwtransport.Encrypt(pub, "Secret123!", clk.Now(), "")
		if _, err := after.Decrypt(ctx, id, ct2); err != nil {
			t.Fatalf("fresh value after a restart: %v", err)
		}
		// Expired nonces are removed once no value using them can be
		// accepted; the ones still needed stay.
		clk.Advance(9*time.Minute + time.Second)
		n, err := db.DeleteExpiredNonces(ctx, clk.Now())
		if err != nil || n != 1 {
			t.Fatalf("DeleteExpiredNonces = %d, %v; want 1", n, err)
		}
	})
}

// TestReplayAcrossInstances: one ciphertext sent at once to instances that
// share the database but not an ephemeral store is accepted exactly once.
func TestReplayAcrossInstances(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clk := clock.NewFake(time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC))
		var rings []*pwtransport.Keyring
		for range 4 {
			rings = append(rings, pwtransport.New(db, ephemeral.NewMemory(clk), clk))
		}
		id, pub, err := rings[0].Current(ctx)
		if err != nil {
			t.Fatal(err)
		}
		ct, _ := pwtransport.Encrypt(pub, "Secret123!", clk.Now(), "")
		var ok atomic.Int32
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range 40 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, err := rings[i%len(rings)].Decrypt(ctx, id, ct)
				switch {
				case err == nil:
					ok.Add(1)
				case !errors.Is(err, pwtransport.ErrStale):
					t.Error(err)
				}
			}()
		}
		close(start)
		wg.Wait()
		if ok.Load() != 1 {
			t.Fatalf("accepted %d times, want once", ok.Load())
		}
	})
}

// TestReplayAfterRedisRestart: the same with a real Redis killed and
// started again (empty, as without persistence) between use and replay.
func TestReplayAfterRedisRestart(t *testing.T) {
	srv := ephemeraltest.StartRedis(t)
	eph, err := ephemeral.NewRedis(srv.URL(), "bidpass:")
	if err != nil {
		t.Fatal(err)
	}
	defer eph.Close()
	ctx := context.Background()
	clk := clock.NewFake(time.Now())
	k := pwtransport.New(storetest.SQLite(t), eph, clk)
	id, pub, err := k.Current(ctx)
	if err != nil {
		t.Fatal(err)
	}
	ct, _ := pwtransport.Encrypt(pub, "Secret123!", clk.Now(), "")
	if _, err := k.Decrypt(ctx, id, ct); err != nil {
		t.Fatal(err)
	}
	srv.Stop()
	srv.Start()
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, err = k.Decrypt(ctx, id, ct)
		if apperr.KindOf(err) != apperr.Unavailable || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !errors.Is(err, pwtransport.ErrStale) {
		t.Fatalf("replay after a Redis restart: %v, want ErrStale", err)
	}
}
