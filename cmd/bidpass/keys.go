package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"bidpass/internal/sealed"
)

func init() { commands["keys"] = keysCommand }

const keysUsage = `Usage:
  bidpass keys new                  print a fresh data key (for BIDPASS_DATA_KEY)
  bidpass keys rotate [flags]       reseal every sealed value under the first configured key

Rotation: put the new key first and keep the old one after it
(BIDPASS_DATA_KEY=NEW,OLD, or two lines of BIDPASS_DATA_KEY_FILE), run
bidpass keys rotate, then remove the old key from the configuration. Every
start also reseals what it finds under an older key; rotate says when
nothing is left under one.
`

// keysCommand implements `bidpass keys new|rotate`.
func keysCommand(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, keysUsage)
		return errors.New("usage: bidpass keys new|rotate")
	}
	switch args[0] {
	case "new":
		fmt.Fprintln(stdout, sealed.NewKey())
		return nil
	case "rotate":
		// Opening the application reseals (app.openSealed); what is left
		// here is to prove nothing remains under another key.
		a, err := openApp(ctx, args[1:], getenv, stderr)
		if err != nil {
			return err
		}
		defer a.Close()
		left, err := a.DB.UnsealedValues(ctx)
		if err != nil {
			return err
		}
		if left != 0 {
			return fmt.Errorf("%d values are still not sealed under key %s", left, a.DataKeys.Current())
		}
		others := a.DataKeys.IDs()[1:]
		fmt.Fprintf(stdout, "every sealed value is under key %s", a.DataKeys.Current())
		if len(others) > 0 {
			fmt.Fprintf(stdout, "; keys %s may be removed from the configuration", strings.Join(others, ", "))
		}
		fmt.Fprintln(stdout)
		return nil
	}
	fmt.Fprint(stderr, keysUsage)
	return fmt.Errorf("unknown keys command %q", args[0])
}
