// Package app is the composition root: it builds every service from the
// configuration and hands them to the HTTP layer. It is the only package
// that knows all the others.
package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"bidpass/internal/clock"
	"bidpass/internal/config"
	"bidpass/internal/ephemeral"
	"bidpass/internal/files"
	"bidpass/internal/httpapi"
	"bidpass/internal/refdata"
	"bidpass/internal/session"
	"bidpass/internal/store"
	"bidpass/web"
)

// App is a built bidpass.
type App struct {
	Config    *config.Config
	Log       *slog.Logger
	Clock     clock.Clock
	DB        *store.DB
	Ephemeral ephemeral.Store
	Sessions  *session.Service
	RefData   *refdata.Catalog
	Files     *files.Service

	closers []func() error
}

// Open connects to the database (migrating it) and the ephemeral store and
// builds the services.
func Open(ctx context.Context, cfg *config.Config, log *slog.Logger) (*App, error) {
	a := &App{Config: cfg, Log: log, Clock: clock.System{}}
	db, err := store.Open(cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("database: %w", err)
	}
	a.DB = db
	a.closers = append(a.closers, db.Close)
	if _, err := db.Migrate(ctx, log); err != nil {
		a.Close()
		return nil, err
	}
	if cfg.RedisURL != "" {
		r, err := ephemeral.NewRedis(cfg.RedisURL, "bidpass:")
		if err != nil {
			a.Close()
			return nil, fmt.Errorf("redis: %w", err)
		}
		if err := r.Ping(ctx); err != nil {
			a.Close()
			return nil, fmt.Errorf("redis: %w", err)
		}
		a.Ephemeral = r
		a.closers = append(a.closers, r.Close)
	} else {
		a.Ephemeral = ephemeral.NewMemory(a.Clock)
	}
	a.Sessions = session.NewService(db, a.Clock, cfg.SessionIdle, cfg.SessionAbsolute)
	if a.RefData, err = refdata.Load(refdata.Options{HelpPhone: cfg.HelpPhone}); err != nil {
		a.Close()
		return nil, fmt.Errorf("reference data: %w", err)
	}
	disk, err := files.NewDisk(cfg.FilesDir)
	if err != nil {
		a.Close()
		return nil, fmt.Errorf("file storage %s (BIDPASS_FILES_DIR): %w", cfg.FilesDir, err)
	}
	a.Files = files.NewService(db.Files(), disk, a.Clock, log)
	return a, nil
}

// Close releases connections.
func (a *App) Close() {
	for i := len(a.closers) - 1; i >= 0; i-- {
		_ = a.closers[i]()
	}
}

// Handler returns the HTTP handler.
func (a *App) Handler() http.Handler {
	dist, err := fs.Sub(web.Dist, "dist")
	if err != nil {
		dist = nil
	}
	ready := map[string]httpapi.Pinger{"database": a.DB}
	if r, ok := a.Ephemeral.(*ephemeral.Redis); ok {
		ready["redis"] = r
	}
	return httpapi.NewServer(httpapi.Deps{
		Log:            a.Log,
		Clock:          a.Clock,
		Dev:            a.Config.Dev,
		HTTPS:          a.Config.HTTPS(),
		TrustedProxies: a.Config.TrustedProxies,
		Ready:          ready,
		App:            dist,
		Runtime: httpapi.RuntimeConfig{
			Dev: a.Config.Dev, SiteTitle: a.Config.SiteTitle, HelpPhone: a.Config.HelpPhone, HelpQQ: a.Config.HelpQQ,
		},
		Sessions: a.Sessions,
		RefData:  a.RefData,
		Files:    a.Files,
	})
}

// RunMaintenance removes ended sessions (and, as capabilities add them,
// other expired rows) every interval until ctx ends.
func (a *App) RunMaintenance(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		a.maintain(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (a *App) maintain(ctx context.Context) {
	cutoff := a.Clock.Now().UTC().Add(-24 * time.Hour)
	if n, err := a.DB.DeleteEndedSessions(ctx, cutoff); err != nil && !errors.Is(err, context.Canceled) {
		a.Log.Warn("maintenance: sessions", "err", err)
	} else if n > 0 {
		a.Log.Info("maintenance: ended sessions removed", "count", n)
	}
	// Uploads never attached to a submission are removed after a day.
	if n, err := a.Files.Sweep(ctx, 24*time.Hour); err != nil && !errors.Is(err, context.Canceled) {
		a.Log.Warn("maintenance: files", "err", err)
	} else if n > 0 {
		a.Log.Info("maintenance: unattached uploads removed", "count", n)
	}
}
