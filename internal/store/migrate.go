package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"

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
	for _, r := range results {
		log.Info("migration applied", "version", r.Source.Version, "file", r.Source.Path, "duration", r.Duration)
	}
	return p.GetDBVersion(ctx)
}
