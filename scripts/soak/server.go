package main

import (
	"bufio"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the checker reads PostgreSQL
	_ "modernc.org/sqlite"             // and SQLite
)

// backend is where a run keeps its data: a data directory (files, and the
// SQLite database unless dbURL names a PostgreSQL one) and, optionally, a
// Redis for the ephemeral store.
type backend struct {
	bin      string // the bidpass binary
	dataDir  string
	dbURL    string // empty: SQLite in dataDir
	redisURL string
	extraEnv []string // settings of a mode of its own
}

// dialect is "sqlite" or "postgres".
func (b backend) dialect() string {
	if b.dbURL == "" {
		return "sqlite"
	}
	return "postgres"
}

// env is the server's environment: development mode (the answers of the
// graphic code and the captcha, the SMS outbox), 127.0.0.1 trusted as a
// proxy so that each simulated user's X-Forwarded-For is its address, and
// no per-address captcha limit (the preparation of sign-ins and checks
// comes from the load generator's own address).
func (b backend) env() []string {
	env := append(os.Environ(),
		"BIDPASS_DATA_DIR="+b.dataDir,
		// Development mode for the command line too: it then uses the
		// development data key the server makes in the data directory.
		"BIDPASS_DEV=true",
		"BIDPASS_TRUSTED_PROXIES=127.0.0.1/32",
		"BIDPASS_CAPTCHA_GET_PER_MINUTE=0",
		"BIDPASS_GRAPHIC_CODES_PER_MINUTE=0",
		"BIDPASS_CAPTCHA_CHECK_PER_MINUTE=0",
		"BIDPASS_UPLOAD_PER_MINUTE=0",
	)
	env = append(env, b.extraEnv...)
	if b.dbURL != "" {
		env = append(env, "BIDPASS_DATABASE_URL="+b.dbURL)
	}
	if b.redisURL != "" {
		env = append(env, "BIDPASS_REDIS_URL="+b.redisURL)
	}
	return env
}

// cli runs a bidpass subcommand against the backend.
func (b backend) cli(args ...string) error {
	cmd := exec.Command(b.bin, args...)
	cmd.Env = b.env()
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("bidpass %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return nil
}

// openSQL opens the backend's database for the checks.
func (b backend) openSQL() (*sql.DB, error) {
	if b.dbURL != "" {
		return sql.Open("pgx", b.dbURL)
	}
	return sql.Open("sqlite", "file:"+filepath.Join(b.dataDir, "bidpass.db")+"?_pragma=busy_timeout(10000)")
}

// server is a running `bidpass serve --dev`.
type server struct {
	cmd     *exec.Cmd
	base    string
	exited  chan struct{} // closed when the process has exited; waitErr is then set
	waitErr error
	errs    *os.File
}

// start starts the server and waits until it answers /readyz.
func (b backend) start(ctx context.Context) (*server, error) {
	cmd := exec.Command(b.bin, "serve", "--dev", "--addr", "127.0.0.1:0", "--log-format", "json")
	cmd.Env = b.env()
	errs, err := os.Create(filepath.Join(b.dataDir, "server.log"))
	if err != nil {
		return nil, err
	}
	cmd.Stderr = errs
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	s := &server{cmd: cmd, exited: make(chan struct{}), errs: errs}
	found := make(chan string, 1)
	go func() {
		lines := bufio.NewScanner(out)
		for lines.Scan() {
			if u, ok := strings.CutPrefix(lines.Text(), "bidpass listening on "); ok {
				found <- u
			}
		}
		_, _ = io.Copy(io.Discard, out)
	}()
	// A closed channel rather than one value: stop and the deferred kill
	// both wait for the exit (a value taken by stop left kill waiting forever).
	go func() {
		s.waitErr = cmd.Wait()
		close(s.exited)
	}()
	select {
	case s.base = <-found:
	case <-s.exited:
		return nil, fmt.Errorf("bidpass exited at start (%v); see %s", s.waitErr, errs.Name())
	case <-time.After(60 * time.Second):
		s.kill()
		return nil, fmt.Errorf("bidpass did not start within a minute; see %s", errs.Name())
	}
	for i := 0; ; i++ {
		res, err := http.Get(s.base + "/readyz")
		if err == nil {
			_ = res.Body.Close()
			if res.StatusCode == 200 {
				return s, nil
			}
		}
		if i == 100 || ctx.Err() != nil {
			s.kill()
			return nil, fmt.Errorf("bidpass not ready: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// kill ends the server at once (SIGKILL: no shutdown, no flush).
func (s *server) kill() {
	_ = s.cmd.Process.Signal(syscall.SIGKILL) // an error once it has exited
	<-s.exited
	_ = s.errs.Close()
}

// stop ends the server as an operator does (SIGTERM, graceful).
func (s *server) stop() error {
	_ = s.cmd.Process.Signal(syscall.SIGTERM)
	<-s.exited
	err := s.waitErr
	_ = s.errs.Close()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return fmt.Errorf("bidpass exited with %v", err)
	}
	return err
}

// freshPostgres makes an empty database on the server of base (a
// postgres:// URL) and returns its URL and a function dropping it.
func freshPostgres(base string) (string, func(), error) {
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	name := fmt.Sprintf("bidpass_soak_%d", time.Now().UnixNano())
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		_ = admin.Close()
		return "", nil, err
	}
	u, err := url.Parse(base)
	if err != nil {
		_ = admin.Close()
		return "", nil, err
	}
	u.Path = "/" + name
	drop := func() {
		_, _ = admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
		_ = admin.Close()
	}
	return u.String(), drop, nil
}
