package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// TestCrashRound is the brief version of `make crash` that `make test`
// runs: one round of the mix against the real binary, kill -9 mid-mix,
// restart, and the checks (acknowledged writes lost = 0, half-made rows =
// 0, orphan files = 0), on SQLite and, when BIDPASS_TEST_POSTGRES is set,
// on PostgreSQL (with Redis when BIDPASS_TEST_REDIS is set).
func TestCrashRound(t *testing.T) {
	bin := buildBinary(t, "crash round", t.TempDir())
	dbs := map[string]string{"sqlite": ""}
	if u := os.Getenv("BIDPASS_TEST_POSTGRES"); u != "" {
		dbs["postgres"] = u
	} else {
		t.Log("SKIP crash round on postgres: BIDPASS_TEST_POSTGRES not set")
	}
	for name, pg := range dbs {
		t.Run(name, func(t *testing.T) {
			var out bytes.Buffer
			o := options{mode: "crash", bin: bin, rate: 20, rounds: 1, postgres: pg,
				killAfter: [2]time.Duration{time.Second, 4 * time.Second}}
			if pg != "" {
				o.redis = os.Getenv("BIDPASS_TEST_REDIS")
			}
			err := run(context.Background(), o, &out)
			t.Log("\n" + out.String())
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// buildBinary builds the real bidpass binary into dir for a test that runs
// it, named what in its skip lines: skipped under -short, and where the
// binary cannot be built.
func buildBinary(t *testing.T, what, dir string) string {
	t.Helper()
	if testing.Short() {
		t.Skipf("SKIP %s: -short", what)
	}
	bin := filepath.Join(dir, "bidpass")
	if msg, err := exec.Command("go", "build", "-o", bin, "bidpass/cmd/bidpass").CombinedOutput(); err != nil {
		t.Skipf("SKIP %s: cannot build the binary: %v\n%s", what, err, msg)
	}
	return bin
}

// TestUploadsKilledThenSwept: kill -9 amid 8 streaming uploads leaves 8
// temporary files; the sweep a day later removes them all and keeps a
// younger one (uploads.go), on SQLite and PostgreSQL.
func TestUploadsKilledThenSwept(t *testing.T) {
	bin := buildBinary(t, "uploads kill", t.TempDir())
	for name, pg := range soakDatabases(t) {
		t.Run(name, func(t *testing.T) {
			var out bytes.Buffer
			err := run(context.Background(), options{mode: "uploads", bin: bin, uploads: 8, postgres: pg}, &out)
			t.Log("\n" + out.String())
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// TestExportMemory is the brief version of `make soak-export`: 8 accounts
// of 24 MB download their data at once from the real binary; the server's
// RSS grows by less than 64 MB (a buffered zip would hold 8 × 24 MB) and
// every zip is whole (export.go).
func TestExportMemory(t *testing.T) {
	bin := buildBinary(t, "export memory", t.TempDir())
	for name, pg := range soakDatabases(t) {
		t.Run(name, func(t *testing.T) {
			var out bytes.Buffer
			err := run(context.Background(), options{mode: "export", bin: bin, postgres: pg,
				export: exportOptions{accounts: 8, mb: 24, rssLimitMB: 64}}, &out)
			t.Log("\n" + out.String())
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// soakDatabases is SQLite, and PostgreSQL when BIDPASS_TEST_POSTGRES is set.
func soakDatabases(t *testing.T) map[string]string {
	dbs := map[string]string{"sqlite": ""}
	if u := os.Getenv("BIDPASS_TEST_POSTGRES"); u != "" {
		dbs["postgres"] = u
	} else {
		t.Log("SKIP postgres: BIDPASS_TEST_POSTGRES not set")
	}
	return dbs
}
