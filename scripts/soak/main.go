// Command soak drives a realistic mix of requests (captcha get and check,
// password sign-in, registration with its SMS code, account reads,
// real-name submissions with photos, reviewers' decisions) against the
// real bidpass binary on loopback, with vegeta as the load library.
//
//	soak -mode soak -rate 60 -duration 5m      # make soak: requests, 5xx, p50/p99 per operation
//	soak -mode crash -rounds 3                  # make crash: kill -9 mid-mix, restart, check
//	soak -mode export -export-mb 200            # make soak-export: 8 exports at once, server RSS (export.go)
//	soak -mode uploads                          # kill -9 amid streaming uploads, then the sweep (uploads.go)
//
// Each run starts `bidpass serve --dev` on a fresh data directory (SQLite,
// or a fresh PostgreSQL database with -postgres, Redis with -redis), makes
// the accounts and the reviewer with the command line, and answers the
// graphic codes, slider captchas and SMS codes through the development
// endpoints. The crash mode kills the server with SIGKILL while the mix
// runs, restarts it, and checks that every write the server acknowledged
// is there, that no row is half made and that no file is orphaned
// (check.go). The exit status is 1 on any 5xx or finding.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"

	"bidpass/internal/devclient"
)

// options of a run.
type options struct {
	mode      string
	bin       string
	rate      int
	duration  time.Duration
	rounds    int
	postgres  string
	redis     string
	keep      bool
	killAfter [2]time.Duration // crash: the kill comes at a random moment in this span
	export    exportOptions
	uploads   int // uploads: streaming uploads cut by the kill
}

func main() {
	var o options
	flag.StringVar(&o.mode, "mode", "soak", "soak, crash, export or uploads")
	flag.StringVar(&o.bin, "bin", "bin/bidpass", "the bidpass binary (built into the work directory when missing)")
	flag.IntVar(&o.rate, "rate", 60, "timed requests per second")
	flag.DurationVar(&o.duration, "duration", 5*time.Minute, "soak: how long")
	flag.IntVar(&o.rounds, "rounds", 3, "crash: kill-restart-check rounds")
	flag.StringVar(&o.postgres, "postgres", "", "a PostgreSQL server URL: the run uses a fresh database on it (default SQLite)")
	flag.StringVar(&o.redis, "redis", "", "a Redis URL for the ephemeral store (default in memory)")
	flag.BoolVar(&o.keep, "keep", false, "keep the work directory")
	flag.IntVar(&o.export.accounts, "export-accounts", 8, "export: accounts downloading their data at once")
	flag.IntVar(&o.export.mb, "export-mb", 200, "export: megabytes of files per account")
	flag.IntVar(&o.export.rssLimitMB, "rss-limit-mb", 64, "export: the server's RSS growth allowed during the downloads")
	flag.IntVar(&o.uploads, "uploads", 8, "uploads: streaming uploads in flight at the kill")
	flag.Parse()
	o.killAfter = [2]time.Duration{2 * time.Second, 10 * time.Second}
	if err := run(context.Background(), o, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		os.Exit(1)
	}
}

// errFindings is returned when the run completed but found 5xx answers or
// crash damage.
var errFindings = errors.New("failed: see the RESULT lines")

func run(ctx context.Context, o options, out io.Writer) error {
	work, err := os.MkdirTemp("", "bidpass-soak-")
	if err != nil {
		return err
	}
	if o.keep {
		fmt.Fprintln(out, "work directory:", work)
	} else {
		defer os.RemoveAll(work)
	}
	b := backend{bin: o.bin, dataDir: filepath.Join(work, "data"), redisURL: o.redis}
	if _, err := os.Stat(b.bin); err != nil {
		b.bin = filepath.Join(work, "bidpass")
		if msg, err := exec.Command("go", "build", "-trimpath", "-o", b.bin, "bidpass/cmd/bidpass").CombinedOutput(); err != nil {
			return fmt.Errorf("building bidpass: %v\n%s", err, msg)
		}
	}
	if o.postgres != "" {
		u, drop, err := freshPostgres(o.postgres)
		if err != nil {
			return fmt.Errorf("fresh PostgreSQL database: %w", err)
		}
		defer drop()
		b.dbURL = u
	}
	if err := os.MkdirAll(b.dataDir, 0o750); err != nil {
		return err
	}
	switch o.mode {
	case "export":
		// Uploads of 10 MB files by the thousand, and as many exports at
		// once as accounts: the quotas stay out of the measurement.
		b.extraEnv = []string{"BIDPASS_UPLOAD_MB_PER_DAY=0", "BIDPASS_EXPORT_CONCURRENT=" + strconv.Itoa(o.export.accounts)}
		return runExport(ctx, b, o.export, out)
	case "uploads":
		return runUploadsKill(ctx, b, o.uploads, out)
	}
	users, err := setUp(b)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "bidpass soak: mode=%s database=%s redis=%v rate=%d/s\n", o.mode, b.dialect(), o.redis != "", o.rate)
	if o.mode == "crash" {
		return crash(ctx, o, b, users, out)
	}
	srv, err := b.start(ctx)
	if err != nil {
		return err
	}
	defer srv.kill()
	m, err := ready(srv.base, users, newLedger(), &devclient.StaffFactor{})
	if err != nil {
		return err
	}
	rep := m.attack(ctx, o.rate, o.duration, nil)
	rep.print(out)
	m.printPrepErrors(out)
	if err := srv.stop(); err != nil {
		return err
	}
	if rep.total5xx() > 0 {
		return errFindings
	}
	return nil
}

const reviewerName, reviewerPassword = "soakreviewer", "Reviewer#Soak2026"

// setUp makes, with the command line, the accounts that sign in and the
// reviewer.
func setUp(b backend) ([]string, error) {
	users := []string{"soakuser01", "soakuser02", "soakuser03", "soakuser04"}
	for i, u := range users {
		if err := b.cli("account", "create", "--type", "person", "--account", u, "--password", userPassword,
			"--phone", fmt.Sprintf("1390000%04d", i)); err != nil {
			return nil, err
		}
	}
	if err := b.cli("admin", "create", "--role", "reviewer", "--account", reviewerName, "--password", reviewerPassword); err != nil {
		return nil, err
	}
	return users, nil
}

// ready signs the reviewer (with the second factor in factor, enrolled
// at the first sign-in) and the users in on a started server and returns
// the mix with their sessions.
func ready(base string, users []string, l *ledger, factor *devclient.StaffFactor) (*mix, error) {
	dc := devclient.New(base)
	staffToken, err := dc.StaffSignIn(reviewerName, reviewerPassword, factor)
	if err != nil {
		return nil, fmt.Errorf("reviewer sign-in: %w", err)
	}
	m := newMix(base, staffToken, users, l)
	for _, u := range users {
		tok, err := dc.SignIn(u, userPassword)
		if err != nil {
			return nil, err
		}
		m.tokens.put(tok)
	}
	return m, nil
}

func (m *mix) printPrepErrors(out io.Writer) {
	m.prepErrs.Range(func(k, v any) bool {
		fmt.Fprintf(out, "  preparation refused (first of its kind): %s: %s\n", k, v)
		return true
	})
}

// crash runs rounds of: start (or restart), the mix, SIGKILL at a random
// moment, restart, check.
func crash(ctx context.Context, o options, b backend, users []string, out io.Writer) error {
	l := newLedger()
	var factor devclient.StaffFactor // enrolled in round 1, kept across restarts
	failed := false
	var sum findings
	for round := 1; round <= o.rounds; round++ {
		srv, err := b.start(ctx)
		if err != nil {
			return fmt.Errorf("round %d: start: %w", round, err)
		}
		m, err := ready(srv.base, users, l, &factor)
		if err != nil {
			srv.kill()
			return fmt.Errorf("round %d: %w", round, err)
		}
		span := o.killAfter[1] - o.killAfter[0]
		after := o.killAfter[0] + time.Duration(rand.Int64N(int64(span)))
		stop := make(chan struct{})
		before := l.writes()
		go func() {
			// The kill comes once this round has writes acknowledged (the
			// producers need a moment on a busy machine), at a random moment
			// after that, so some are always in flight.
			for i := 0; i < 600 && l.writes() == before; i++ {
				time.Sleep(100 * time.Millisecond)
			}
			time.Sleep(after)
			srv.kill() // SIGKILL with requests in flight
			close(stop)
		}()
		rep := m.attack(ctx, o.rate, time.Hour, stop)
		<-stop
		if rep.total5xx() > 0 {
			failed = true
		}
		// Restarting is part of the check: the server must come up on what
		// the kill left (migrations, WAL recovery), and the checks read
		// what it then serves.
		srv, err = b.start(ctx)
		if err != nil {
			return fmt.Errorf("round %d: restart after kill -9: %w", round, err)
		}
		f, err := check(b, l)
		stopErr := srv.stop()
		if err != nil {
			return fmt.Errorf("round %d: check: %w", round, err)
		}
		if stopErr != nil {
			return fmt.Errorf("round %d: %w", round, stopErr)
		}
		fmt.Fprintf(out, "round %d: killed %s after the round's first acknowledged write; %d writes acknowledged so far; 5xx before the kill: %d\n",
			round, after.Round(100*time.Millisecond), l.writes(), rep.total5xx())
		f.print(out, round)
		if !f.ok() {
			failed = true
		}
		sum = f
	}
	fmt.Fprintf(out, "RESULT crash rounds=%d database=%s acknowledged-writes=%d lost=%d half-made=%d orphan-files=%d\n",
		o.rounds, b.dialect(), sum.acked, len(sum.lost), len(sum.halfMade), len(sum.orphans))
	if failed {
		return errFindings
	}
	return nil
}
