package main

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// syncBuffer is a bytes.Buffer safe for the server goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// startServer runs `bidpass serve` in-process on a free port and returns its
// base URL and a function that stops it and returns run's error.
func startServer(t *testing.T, env map[string]string, args ...string) (string, func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	dir := t.TempDir()
	getenv := func(k string) string {
		if k == "BIDPASS_DATA_KEY" {
			return testDataKey
		}
		if v, ok := env[k]; ok {
			return v
		}
		if k == "BIDPASS_DATA_DIR" {
			return dir
		}
		return ""
	}
	pr, pw := io.Pipe()
	stderr := &syncBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- run(ctx, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...), getenv, pw, stderr)
		pw.Close()
	}()
	lines := bufio.NewScanner(pr)
	var base string
	for lines.Scan() {
		if u, ok := strings.CutPrefix(lines.Text(), "bidpass listening on "); ok {
			base = u
			break
		}
	}
	if base == "" {
		cancel()
		t.Fatalf("server did not start: %v\n%s", <-done, stderr.String())
	}
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	// Poll /healthz as a newcomer's script would.
	deadline := time.Now().Add(10 * time.Second)
	for {
		res, err := http.Get(base + "/healthz")
		if err == nil && res.StatusCode == 200 {
			res.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("healthz never answered: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	stopped := false
	stop := func() error {
		if stopped {
			return nil
		}
		stopped = true
		cancel()
		return <-done
	}
	t.Cleanup(func() { _ = stop() })
	return base, stop
}

func TestServeHealthAndShutdown(t *testing.T) {
	base, stop := startServer(t, nil, "--dev")
	res, err := http.Get(base + "/api/nowhere")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 404 || !strings.Contains(string(body), `"code":404`) {
		t.Fatalf("unknown api: %d %s", res.StatusCode, body)
	}
	res, err = http.Get(base + "/readyz")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("readyz: %v %v", err, res)
	}
	if err := stop(); err != nil {
		t.Fatalf("graceful stop: %v", err)
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Fatal("server still answers after shutdown")
	}
}

func TestInvalidConfigurationIsOneLine(t *testing.T) {
	err := run(context.Background(), []string{"serve"}, func(k string) string {
		if k == "BIDPASS_REDIS_URL" {
			return "localhost:6379"
		}
		return ""
	}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "BIDPASS_REDIS_URL") || strings.Contains(err.Error(), "\n") {
		t.Fatalf("want one line naming the setting, got %v", err)
	}
}

func TestMigrateAndVersion(t *testing.T) {
	var out bytes.Buffer
	dir := t.TempDir()
	getenv := func(k string) string {
		if k == "BIDPASS_DATA_KEY" {
			return testDataKey
		}
		if k == "BIDPASS_DATABASE_URL" {
			return filepath.Join(dir, "x.db")
		}
		return ""
	}
	if err := run(context.Background(), []string{"migrate"}, getenv, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), []string{"version"}, getenv, &out, io.Discard); err != nil || !strings.Contains(out.String(), "bidpass ") {
		t.Fatalf("version: %v %q", err, out.String())
	}
	if err := run(context.Background(), []string{"frobnicate"}, getenv, &out, io.Discard); err == nil {
		t.Fatal("unknown command accepted")
	}
}

// TestDevServeMakesDevelopmentCA: `make run` (serve --dev) makes the
// development CA on first start, so the certificate tab trusts its
// certificates without a `bidpass ca init` by hand; a second start keeps it.
func TestDevServeMakesDevelopmentCA(t *testing.T) {
	dir := t.TempDir()
	_, stop := startServer(t, map[string]string{"BIDPASS_DATA_DIR": dir}, "--dev")
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(dir, "devca", "rsa", "root.crt")
	first, err := os.ReadFile(root)
	if err != nil {
		t.Fatalf("no development CA after serve --dev: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "devca", "sm2", "root.crt")); err != nil {
		t.Fatalf("no SM2 development CA: %v", err)
	}
	_, stop = startServer(t, map[string]string{"BIDPASS_DATA_DIR": dir}, "--dev")
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(root); !bytes.Equal(first, again) {
		t.Fatal("a second start replaced the development CA")
	}
}
