package ephemeral_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
	"bidpass/internal/ephemeral/ephemeraltest"
)

// TestIncrBy: reservations and give-backs add up exactly under parallel
// use, and the window starts with the key.
func TestIncrBy(t *testing.T) {
	clk := clock.NewFake(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	ephemeraltest.Each(t, clk, func(t *testing.T, s ephemeral.Store) {
		ctx := context.Background()
		var wg sync.WaitGroup
		for range 100 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := s.IncrBy(ctx, "bytes", 10, time.Minute); err != nil {
					t.Error(err)
				}
				if _, err := s.IncrBy(ctx, "bytes", -3, time.Minute); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if n, err := s.IncrBy(ctx, "bytes", 0, time.Minute); err != nil || n != 700 {
			t.Fatalf("total = %d, %v; want 700", n, err)
		}
		if d, err := s.TTL(ctx, "bytes"); err != nil || d <= 0 || d > time.Minute {
			t.Fatalf("ttl = %v, %v", d, err)
		}
		if _, err := s.IncrBy(ctx, "x", 1, 0); err == nil {
			t.Fatal("ttl 0 accepted")
		}
	})
}
