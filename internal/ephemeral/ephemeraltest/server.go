package ephemeraltest

import (
	"context"
	"fmt"
	"net"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"
)

// Server is a redis-server of a test's own on a free loopback port, which
// the test may stop and start again to see what an outage does. Nothing is
// persisted: a restart comes back empty, as a Redis without persistence
// would.
type Server struct {
	t    testing.TB
	port int
	cmd  *exec.Cmd
}

// StartRedis starts a redis-server (skipping the test when the binary is
// missing) and stops it when the test ends.
func StartRedis(t testing.TB) *Server {
	t.Helper()
	if _, err := exec.LookPath("redis-server"); err != nil {
		t.Skip("SKIP redis-server not installed")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	_ = l.Close()
	s := &Server{t: t, port: port}
	s.Start()
	t.Cleanup(s.Stop)
	return s
}

// URL is the server's redis:// address.
func (s *Server) URL() string { return fmt.Sprintf("redis://127.0.0.1:%d/0", s.port) }

// Start (re)starts the server on its port and waits until it answers.
func (s *Server) Start() {
	s.t.Helper()
	s.cmd = exec.Command("redis-server", "--port", strconv.Itoa(s.port), "--bind", "127.0.0.1",
		"--save", "", "--appendonly", "no", "--dir", s.t.TempDir())
	if err := s.cmd.Start(); err != nil {
		s.t.Fatal(err)
	}
	c := redis.NewClient(&redis.Options{Addr: fmt.Sprintf("127.0.0.1:%d", s.port)})
	defer c.Close()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if c.Ping(context.Background()).Err() == nil {
			return
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("redis-server on port %d did not start", s.port)
		}
	}
}

// Stop kills the server, as a crash would, and waits until it is gone.
func (s *Server) Stop() {
	if s.cmd == nil || s.cmd.Process == nil {
		return
	}
	_ = s.cmd.Process.Kill()
	_ = s.cmd.Wait()
	s.cmd = nil
}
