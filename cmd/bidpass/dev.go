package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"bidpass/internal/scalebench"
	"bidpass/internal/store"
)

func init() { commands["dev"] = devCommand }

const devUsage = `Usage:
  bidpass dev seed --accounts N --reviews M [settings flags]
  bidpass dev bench-scale --small URL --large URL [--runs 200]

seed fills an empty database (--database-url) with realistic data: N
accounts (half persons, half enterprises, with profiles), M review items
(M ≤ N) in every state with their decisions, 3N modification and 3N
operation records, N/4 staff actions, N/10 sessions and 20 staff. It is for
the scale benchmark; never run it on a real database.

bench-scale times the portal's and the console's reads and writes on two
seeded databases and prints the small-vs-large table (p50, p99, ratio):
the goal is every operation within 1.5× and p99 ≤ 20 ms (issue 19). It
writes to both (sessions, review items, decisions).
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
	if _, err := takeFlags(args, own); err != nil {
		return err
	}
	runs, err := strconv.Atoi(own["runs"])
	if err != nil || runs < 10 || own["small"] == "" || own["large"] == "" {
		fmt.Fprint(stderr, devUsage)
		return errors.New("--small and --large database URLs are needed, --runs ≥ 10")
	}
	// Both open at once: the operations alternate between them (RunPair).
	var sides [2]scalebench.Sized
	for i, url := range []string{own["small"], own["large"]} {
		// The store alone, not the application: opening the application
		// would first seal every clear value the seed wrote, row by row.
		db, err := store.Open(url)
		if err != nil {
			return err
		}
		defer db.Close()
		// Not migrated here: dev seed did, and the two must time one schema.
		size, err := db.SeededSize(ctx)
		if err != nil {
			return err
		}
		fmt.Fprintf(stderr, "timing %s: %d accounts, %d review items, %d runs each\n", db.Dialect(), size.Accounts, size.Reviews, runs)
		sides[i] = scalebench.Sized{DB: db, Accounts: size.Accounts, Reviews: size.Reviews}
	}
	small, large, err := scalebench.RunPair(ctx, sides[0], sides[1], runs)
	if err != nil {
		return err
	}
	scalebench.WriteTable(stdout, small, large)
	return nil
}
