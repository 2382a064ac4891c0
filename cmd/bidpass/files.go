package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"
)

func init() { commands["files"] = filesCommand }

// filesCommand implements `bidpass files sweep`: the upload sweep of the
// maintenance job run once, now, whoever holds the job's lease (after a
// crash, or to check a deployment): unattached uploads and the temporary
// files of uploads cut short, a day old (docs/operations.md).
func filesCommand(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "sweep" {
		return errors.New("usage: bidpass files sweep [config flags]")
	}
	a, err := openApp(ctx, args[1:], getenv, stderr)
	if err != nil {
		return err
	}
	defer a.Close()
	n, err := a.Files.Sweep(ctx, 24*time.Hour)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "removed %d unattached uploads and cut-short temporary files\n", n)
	return nil
}
