package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"
	"time"

	"github.com/pressly/goose/v3"
)

//go:embed migrations
var migrations embed.FS

// MigrationsFS returns the migration files of one dialect.
func MigrationsFS(d Dialect) (fs.FS, error) {
	return fs.Sub(migrations, "migrations/"+string(d))
}

// Migrate applies every pending migration of the database's dialect and
// reports the version reached. Migrations are forward-only.
func (db *DB) Migrate(ctx context.Context, log *slog.Logger) (int64, error) {
	fsys, err := MigrationsFS(db.dialect)
	if err != nil {
		return 0, err
	}
	gd := goose.DialectSQLite3
	if db.dialect == Postgres {
		gd = goose.DialectPostgres
	}
	p, err := goose.NewProvider(gd, db.sql, fsys)
	if err != nil {
		return 0, fmt.Errorf("migrations: %w", err)
	}
	results, err := p.Up(ctx)
	if err != nil {
		return 0, fmt.Errorf("migrate: %w", err)
	}
	// One line at start (a newcomer's `make run` printed one per file before the
	// address); each file is still there at debug level.
	var took time.Duration
	for _, r := range results {
		log.Debug("migration applied", "version", r.Source.Version, "file", r.Source.Path, "duration", r.Duration)
		took += r.Duration
	}
	v, err := p.GetDBVersion(ctx)
	if err == nil && len(results) > 0 {
		log.Info("database migrated", "applied", len(results), "version", v, "duration", took)
	}
	return v, err
}
