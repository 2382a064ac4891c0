// Package ephemeraltest opens the ephemeral stores tests run against: the
// memory store always, and Redis when BIDPASS_TEST_REDIS holds a server URL
// (redis://host:port/db), so that code relying on the store's atomicity is
// tested where several instances would share it.
package ephemeraltest

import (
	"context"
	"crypto/rand"
	"os"
	"testing"

	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
)

// EnvRedis names the variable holding the Redis server URL.
const EnvRedis = "BIDPASS_TEST_REDIS"

// Each runs fn as a subtest on every available store: "memory" on clk,
// and "redis" (which keeps its own time) when EnvRedis is set.
func Each(t *testing.T, clk clock.Clock, fn func(t *testing.T, s ephemeral.Store)) {
	t.Helper()
	t.Run("memory", func(t *testing.T) { fn(t, ephemeral.NewMemory(clk)) })
	t.Run("redis", func(t *testing.T) { fn(t, Redis(t)) })
}

// Redis returns a store on the server named by EnvRedis, with a key prefix
// of its own so that runs and tests never see each other's keys; it skips
// the test when the variable is unset.
func Redis(t testing.TB) *ephemeral.Redis {
	t.Helper()
	url := os.Getenv(EnvRedis)
	if url == "" {
		t.Skip("SKIP redis: " + EnvRedis + " not set")
	}
	r, err := ephemeral.NewRedis(url, "bidpass-test:"+rand.Text()[:12]+":")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Close() })
	if err := r.Ping(context.Background()); err != nil {
		t.Fatalf("redis at %s: %v", url, err)
	}
	return r
}
