// Package ephemeraltest opens the ephemeral stores tests run against: the
// memory store always, and Redis when BIDPASS_TEST_REDIS holds a server URL
// (redis://host:port/db), so that code relying on the store's atomicity is
// tested where several instances would share it.
package ephemeraltest

import (
	"context"
	"crypto/rand"
	"net/url"
	"os"
	"testing"

	"github.com/redis/go-redis/v9"

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
	addr := os.Getenv(EnvRedis)
	if addr == "" {
		t.Skip("SKIP redis: " + EnvRedis + " not set")
	}
	r, err := ephemeral.NewRedis(addr, "bidpass-test:"+rand.Text()[:12]+":")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = r.Close() })
	if err := r.Ping(context.Background()); err != nil {
		t.Fatalf("redis at %s: %v", addr, err)
	}
	return r
}

// The Redis databases that tests flush, one per test family. The database
// EnvRedis names is shared by every package's prefixed stores (Redis) while
// `go test` runs packages in parallel, so no test may flush it: a flush there
// once wiped another package's daily export counter mid-test.
const (
	DBSSOBinding = "1"  // internal/httpapi: the SSO backends
	DBLockLoss   = "12" // internal/credential: a Redis restart losing every key
	DBParallel   = "13" // internal/httpapi: the parallel-rule tests
	DBCluster    = "14" // internal/httpapi: several instances
	DBDevices    = "3"  // internal/httpapi: ending a device on two instances
	// 11 is scripts/bench-instances.sh's (make bench-brief in make test).
)

// FlushedURL is the server EnvRedis names with database db (one of the DB
// constants), emptied first, for tests that open whole
// applications on it (their keys carry no test prefix); it skips the test
// when the variable is unset. Tests that share a database number run one
// after another.
func FlushedURL(t testing.TB, db string) string {
	t.Helper()
	base := os.Getenv(EnvRedis)
	if base == "" {
		t.Skip("SKIP redis: " + EnvRedis + " not set")
	}
	u, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	if db != "" {
		u.Path = "/" + db
	}
	opt, err := redis.ParseURL(u.String())
	if err != nil {
		t.Fatal(err)
	}
	rc := redis.NewClient(opt)
	defer rc.Close()
	if err := rc.FlushDB(context.Background()).Err(); err != nil {
		t.Fatalf("redis at %s: %v", u, err)
	}
	return u.String()
}
