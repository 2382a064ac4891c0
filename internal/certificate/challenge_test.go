package certificate_test

import (
	"context"
	"encoding/base64"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bidpass/internal/certificate"
	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
	"bidpass/internal/ephemeral/ephemeraltest"
)

func TestChallenges(t *testing.T) {
	ctx := context.Background()
	clk := clock.NewFake(time.Date(2026, 5, 1, 8, 0, 0, 0, time.UTC))
	ephemeraltest.Each(t, clk, func(t *testing.T, st ephemeral.Store) {
		c := certificate.NewChallenges(st)
		v, err := c.Issue(ctx, certificate.ForSignIn, "ABC1")
		if err != nil {
			t.Fatal(err)
		}
		if b, err := base64.RawURLEncoding.DecodeString(v); err != nil || len(b) < 16 {
			t.Fatalf("challenge %q: want ≥128 random bits, base64url", v)
		}
		// Bound to the serial and the purpose.
		for _, other := range []struct {
			p certificate.Purpose
			s string
		}{{certificate.ForSignIn, "ABC2"}, {certificate.ForRecovery, "ABC1"}} {
			ps, err := c.Outstanding(ctx, other.p, other.s)
			if err != nil || len(ps) != 0 {
				t.Fatalf("%v: %d outstanding, %v", other, len(ps), err)
			}
		}
		ps, err := c.Outstanding(ctx, certificate.ForSignIn, "ABC1")
		if err != nil || len(ps) != 1 || string(ps[0].Value) != v {
			t.Fatalf("outstanding %v, %v", ps, err)
		}
		if err := c.Use(ctx, ps[0]); err != nil {
			t.Fatal(err)
		}
		if err := c.Use(ctx, ps[0]); err == nil {
			t.Fatal("a challenge was used twice")
		}
	})
}

func TestChallengeExpires(t *testing.T) {
	ctx := context.Background()
	clk := clock.NewFake(time.Date(2026, 5, 1, 8, 0, 0, 0, time.UTC))
	c := certificate.NewChallenges(ephemeral.NewMemory(clk))
	if _, err := c.Issue(ctx, certificate.ForBinding, "account-1"); err != nil {
		t.Fatal(err)
	}
	clk.Advance(certificate.ChallengeTTL - time.Second)
	if ps, _ := c.Outstanding(ctx, certificate.ForBinding, "account-1"); len(ps) != 1 {
		t.Fatal("gone before two minutes")
	}
	clk.Advance(2 * time.Second)
	if ps, _ := c.Outstanding(ctx, certificate.ForBinding, "account-1"); len(ps) != 0 {
		t.Fatal("still there after two minutes")
	}
}

// TestChallengeUsedOnce: twenty parallel uses of one challenge, exactly one
// wins (on Redis too, where several instances would race).
func TestChallengeUsedOnce(t *testing.T) {
	ctx := context.Background()
	ephemeraltest.Each(t, clock.System{}, func(t *testing.T, st ephemeral.Store) {
		c := certificate.NewChallenges(st)
		if _, err := c.Issue(ctx, certificate.ForSignIn, "FF"); err != nil {
			t.Fatal(err)
		}
		ps, err := c.Outstanding(ctx, certificate.ForSignIn, "FF")
		if err != nil || len(ps) != 1 {
			t.Fatal(ps, err)
		}
		var wins atomic.Int32
		var wg sync.WaitGroup
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if c.Use(ctx, ps[0]) == nil {
					wins.Add(1)
				}
			}()
		}
		wg.Wait()
		if wins.Load() != 1 {
			t.Fatalf("%d uses succeeded, want 1", wins.Load())
		}
	})
}
