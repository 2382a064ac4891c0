package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"time"

	"bidpass/internal/app"
	"bidpass/internal/config"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

const usage = `bidpass: the account and identity portal

Usage:
  bidpass serve [--dev] [flags]     start the server (flags and BIDPASS_* variables: docs/configuration.md)
  bidpass migrate [flags]           apply database migrations and exit
  bidpass files sweep [flags]       remove unattached uploads and cut-short temporary files a day old, now
  bidpass version                   print the version
  bidpass probe URL                 exit 0 if URL answers 2xx (container health checks: no curl in the image)
  bidpass config-doc                print the settings table (docs/configuration.md)
`

// run is the whole program; main only supplies the process's context,
// arguments, environment and output.
func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return errors.New("no command given")
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "serve":
		return serve(ctx, rest, getenv, stdout, stderr)
	case "migrate":
		return migrate(ctx, rest, getenv, stdout, stderr)
	case "version":
		fmt.Fprintln(stdout, "bidpass", buildVersion())
		return nil
	case "config-doc":
		return config.WriteDoc(stdout)
	case "probe":
		return probe(ctx, rest)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	if c, ok := commands[cmd]; ok {
		return c(ctx, rest, getenv, stdout, stderr)
	}
	fmt.Fprint(stderr, usage)
	return fmt.Errorf("unknown command %q", cmd)
}

// command is a subcommand added by a capability (account create, admin create).
type command func(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error

// commands holds the subcommands registered by other files of this package.
var commands = map[string]command{}

func buildVersion() string {
	if version != "dev" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				return "dev-" + s.Value[:12]
			}
		}
	}
	return version
}

func newLogger(cfg *config.Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: slog.LevelInfo}
	if cfg.JSONLogs() {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// openApp loads the configuration from args and the environment and opens
// the application (migrating the database).
func openApp(ctx context.Context, args []string, getenv func(string) string, stderr io.Writer) (*app.App, error) {
	cfg, err := config.Load(args, getenv)
	if err != nil {
		return nil, err
	}
	return app.Open(ctx, cfg, newLogger(cfg, stderr))
}

func migrate(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	a, err := openApp(ctx, args, getenv, stderr)
	if err != nil {
		return err
	}
	defer a.Close()
	fmt.Fprintln(stdout, "database migrated")
	return nil
}

func serve(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := config.Load(args, getenv)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	if cfg.Dev {
		// A newcomer can try certificate sign-in at once: `make run` makes the
		// development CA on first start instead of waiting for `bidpass ca init`.
		if err := ensureDevCA(cfg, stdout); err != nil {
			return err
		}
	}
	a, err := app.Open(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer a.Close()
	if cfg.Dev {
		a.Log.Warn("development mode: SMS and e-mail go to the outbox, /api/dev routes are on")
	}

	handler, err := wrapHandler(a, a.Handler())
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s (BIDPASS_ADDR): %w", cfg.Addr, err)
	}
	srv := &http.Server{
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       2 * time.Minute, // a 10 MB upload on a slow line
		WriteTimeout:      2 * time.Minute,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(a.Log.Handler(), slog.LevelWarn),
	}
	bg, stopBG := context.WithCancel(context.Background())
	defer stopBG()
	go a.RunMaintenance(bg, time.Hour)

	if cfg.MetricsAddr != "" {
		stop, err := serveMetrics(a, cfg.MetricsAddr)
		if err != nil {
			return err
		}
		defer stop()
	}
	fmt.Fprintf(stdout, "bidpass listening on http://%s\n", ln.Addr())
	a.Log.Info("listening", "addr", ln.Addr().String(), "database", string(a.DB.Dialect()), "version", buildVersion())

	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	a.Log.Info("shutting down: waiting for in-flight requests", "timeout", cfg.ShutdownTimeout)
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	a.Log.Info("stopped")
	return nil
}
