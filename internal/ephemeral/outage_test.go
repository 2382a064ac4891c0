package ephemeral_test

import (
	"context"
	"testing"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/ephemeral"
	"bidpass/internal/ephemeral/ephemeraltest"
)

// TestRedisOutage is docs/decisions/limits.md, "Limits and abuse paths" #9 at the store: with Redis gone every
// operation fails quickly as 503 服务不可用 (never as "not found", which
// would let a limit or lockout pass), and the same store works again by
// itself once Redis is back.
func TestRedisOutage(t *testing.T) {
	srv := ephemeraltest.StartRedis(t)
	r, err := ephemeral.NewRedis(srv.URL(), "outage:")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	ctx := context.Background()
	if err := r.Set(ctx, "lock", []byte("1"), time.Minute); err != nil {
		t.Fatal(err)
	}

	srv.Stop()
	ops := map[string]func() error{
		"Set":   func() error { return r.Set(ctx, "k", []byte("v"), time.Minute) },
		"SetNX": func() error { _, err := r.SetNX(ctx, "k", []byte("v"), time.Minute); return err },
		"Get":   func() error { _, err := r.Get(ctx, "lock"); return err },
		"Take":  func() error { _, err := r.Take(ctx, "lock"); return err },
		"Del":   func() error { return r.Delete(ctx, "k") },
		"Incr":  func() error { _, err := r.Incr(ctx, "n", time.Minute); return err },
		"TTL":   func() error { _, err := r.TTL(ctx, "lock"); return err },
	}
	var slowest time.Duration
	for name, op := range ops {
		start := time.Now()
		err := op()
		e, ok := apperr.As(err)
		if !ok || e.Kind != apperr.Unavailable || e.Msg != "服务不可用" {
			t.Errorf("%s with Redis down: %v, want 503 服务不可用", name, err)
		}
		d := time.Since(start)
		slowest = max(slowest, d)
		if d > 3*time.Second {
			t.Errorf("%s took %v to fail", name, d)
		}
	}

	t.Logf("with Redis down each operation failed within %v", slowest)
	srv.Start()
	back := time.Now()
	deadline := back.Add(10 * time.Second)
	for {
		err := r.Set(ctx, "k", []byte("v"), time.Minute)
		if err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no recovery 10 s after Redis came back: %v", err)
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Logf("working again %v after Redis came back", time.Since(back).Round(time.Millisecond))
	if v, err := r.Get(ctx, "k"); err != nil || string(v) != "v" {
		t.Fatalf("after recovery: %q %v", v, err)
	}
}
