package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"time"

	"bidpass/internal/config"
	"bidpass/internal/scalebench"
	"bidpass/internal/store"
)

func init() { commands["dev"] = devCommand }

const devUsage = `Usage:
  bidpass dev seed --accounts N --reviews M [settings flags]
  bidpass dev bench-scale --small URL --large URL [--runs 200] [settings flags]

seed fills an empty database (--database-url) with realistic data: N
accounts (half persons, half enterprises, with profiles), M review items
(M ≤ N) in every state with their decisions, 3N modification and 3N
operation records, N/4 staff actions, N/10 sessions and 20 staff. It is for
the scale benchmark; never run it on a real database.

bench-scale times the portal's and the console's reads and writes on two
seeded databases and prints two small-vs-large tables (p50, p99, ratio):
the store's statements, then the requests through the application's
handler on loopback (the settings flags must name the data key the seed
used, e.g. the same --dev --data-dir). The goal is every operation within
1.5× and p99 ≤ 20 ms (issue 19). It writes to both (sessions, review
items, decisions).
`

// devCommand implements `bidpass dev seed|bench-scale`.
func devCommand(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, devUsage)
		return errors.New("usage: bidpass dev seed|bench-scale …")
	}
	switch args[0] {
	case "seed":
		return devSeed(ctx, args[1:], getenv, stdout, stderr)
	case "bench-scale":
		return devBenchScale(ctx, args[1:], getenv, stdout, stderr)
	}
	fmt.Fprint(stderr, devUsage)
	return fmt.Errorf("unknown dev command %q", args[0])
}

func devSeed(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	own := map[string]string{"accounts": "", "reviews": "0"}
	rest, err := takeFlags(args, own)
	if err != nil {
		return err
	}
	n, err1 := strconv.Atoi(own["accounts"])
	m, err2 := strconv.Atoi(own["reviews"])
	if err1 != nil || err2 != nil {
		fmt.Fprint(stderr, devUsage)
		return errors.New("--accounts and --reviews must be numbers")
	}
	a, err := openApp(ctx, rest, getenv, stderr)
	if err != nil {
		return err
	}
	defer a.Close()
	start := time.Now()
	err = a.DB.Seed(ctx, store.SeedSize{Accounts: n, Reviews: m}, func(table string, rows int) {
		fmt.Fprintf(stdout, "%6.1fs  %-22s %d rows\n", time.Since(start).Seconds(), table, rows)
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "seeded %d accounts and %d review items in %.1fs\n", n, m, time.Since(start).Seconds())
	return nil
}

func devBenchScale(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	own := map[string]string{"small": "", "large": "", "runs": "200"}
	settings, err := takeFlags(args, own)
	if err != nil {
		return err
	}
	runs, err := strconv.Atoi(own["runs"])
	if err != nil || runs < 10 || own["small"] == "" || own["large"] == "" {
		fmt.Fprint(stderr, devUsage)
		return errors.New("--small and --large database URLs are needed, --runs ≥ 10")
	}
	// Both open at once: the operations alternate between them (RunPair).
	// The application opens on each (its start seals what the seed left
	// clear, once), and its store serves the statements' table too.
	var served [2]scalebench.Served
	for i, url := range []string{own["small"], own["large"]} {
		sv, stop, err := serveSeeded(ctx, url, settings, getenv, stderr)
		if err != nil {
			return err
		}
		defer stop()
		fmt.Fprintf(stderr, "timing %s: %d accounts, %d review items, %d runs each\n", sv.DB.Dialect(), sv.Accounts, sv.Reviews, runs)
		served[i] = sv
	}
	small, large, err := scalebench.RunPair(ctx, served[0].Sized, served[1].Sized, runs)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, "Statements (the store's, what grows with the data):")
	scalebench.WriteTable(stdout, small, large)

	small, large, err = scalebench.RunRequestsPair(ctx, served[0], served[1], runs)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, "Requests (the application's handler on loopback, as the browser calls it):")
	scalebench.WriteTable(stdout, small, large)
	return nil
}

// serveSeeded opens the application on the seeded database at url with
// the settings given, which must name the data key the seed used
// (scalebench.Serve).
func serveSeeded(ctx context.Context, url string, settings []string, getenv func(string) string, stderr io.Writer) (scalebench.Served, func(), error) {
	cfg, err := config.Load(append(slices.Clone(settings), "--database-url", url), getenv)
	if err != nil {
		return scalebench.Served{}, nil, err
	}
	return scalebench.Serve(ctx, cfg, stderr)
}
