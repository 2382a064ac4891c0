package s3test

import (
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// VersityGW is a versitygw process (github.com/versity/versitygw, the
// S3 gateway the issue names) serving a temporary directory over S3 on
// loopback, with one bucket, Bucket, and the test keys.
type VersityGW struct {
	URL string
	dir string
}

// StartVersityGW starts the versitygw binary named by
// BIDPASS_TEST_VERSITYGW (make test-go builds bin/versitygw at the version
// pinned in tools/versitygw/go.mod and sets it; see VersityGWBinary),
// stopped when t ends.
func StartVersityGW(t testing.TB) *VersityGW {
	t.Helper()
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, Bucket), 0o750); err != nil {
		t.Fatal(err)
	}
	addr := FreeAddr(t)
	RunVersityGW(t, addr, []string{"--port", addr, "--quiet", "posix", dir},
		[]string{"ROOT_ACCESS_KEY_ID=" + AccessKey, "ROOT_SECRET_ACCESS_KEY=" + SecretKey})
	return &VersityGW{URL: "http://" + addr, dir: dir}
}

// VersityGWBinary returns the versitygw binary named by
// BIDPASS_TEST_VERSITYGW, or skips t with a line saying so; in CI (CI set)
// it fails instead: there the real store must be tested.
func VersityGWBinary(t testing.TB) string {
	t.Helper()
	bin := os.Getenv("BIDPASS_TEST_VERSITYGW")
	if bin == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("BIDPASS_TEST_VERSITYGW is not set in CI: run the Go tests through make test-go, which builds versitygw")
		}
		t.Skip("SKIP versitygw: BIDPASS_TEST_VERSITYGW not set (make test-go builds bin/versitygw and sets it)")
	}
	return bin
}

// RunVersityGW runs versitygw with args and env (added to this process's)
// until t ends, and waits until it listens on addr.
func RunVersityGW(t testing.TB, addr string, args, env []string) {
	t.Helper()
	cmd := exec.Command(VersityGWBinary(t), args...)
	cmd.Env = append(os.Environ(), env...)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatalf("start versitygw: %v", err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
	})
	deadline := time.Now().Add(15 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", addr, 200*time.Millisecond)
		if err == nil {
			c.Close()
			break
		}
		select {
		case <-exited:
			t.Fatalf("versitygw exited: %s", out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("versitygw did not listen on %s within 15 s: %s", addr, out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// FreeAddr returns a loopback address with a port free a moment ago.
func FreeAddr(t testing.TB) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// Objects counts the objects in the bucket: the regular files of the
// bucket's directory, outside the gateway's own hidden directories
// (uploads in progress, metadata).
func (v *VersityGW) Objects(t testing.TB) int {
	t.Helper()
	n := 0
	root := filepath.Join(v.dir, Bucket)
	err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() && p != root && strings.HasPrefix(e.Name(), ".") {
			return filepath.SkipDir
		}
		if e.Type().IsRegular() {
			n++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}
