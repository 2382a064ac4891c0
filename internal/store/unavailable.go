package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/pressly/goose/v3"

	"bidpass/internal/apperr"
)

// ErrUnavailable is what a statement answers when the database cannot
// serve it: unreachable, dropped, or without bidpass's tables (recreated
// empty, or a SQLite file replaced). The API answers 503 with the reason
// Redis's outage has (store.unavailable), not 500: the request was fine,
// the service is down (docs/operations.md, Readiness).
var ErrUnavailable = apperr.New(apperr.Unavailable, "store.unavailable", "服务不可用")

// availability wraps an outage's error in ErrUnavailable and leaves every
// other error (and nil) as it is, so callers' errors.Is checks still work.
func availability(err error) error {
	if err == nil || !outage(err) {
		return err
	}
	return ErrUnavailable.Wrap(err)
}

// outage tells the errors of a database that cannot serve from those of a
// statement: the connection and server-state classes of SQLSTATE, a schema
// that is not there, and SQLite's file errors.
func outage(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, sql.ErrNoRows) {
		return false
	}
	if errors.Is(err, driver.ErrBadConn) || errors.Is(err, sql.ErrConnDone) || errors.Is(err, io.ErrUnexpectedEOF) {
		return true
	}
	var connect *pgconn.ConnectError
	var netErr net.Error
	if errors.As(err, &connect) || errors.As(err, &netErr) {
		return true
	}
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		switch {
		case strings.HasPrefix(pg.Code, "08"), // connection exception
			pg.Code == "57P01", pg.Code == "57P02", pg.Code == "57P03", // shutdown, cannot connect now
			pg.Code == "3D000", // the database does not exist
			pg.Code == "42P01", // a table does not exist: the schema is gone
			pg.Code == "53300": // too many connections
			return true
		}
		return false
	}
	var lite interface{ Code() int }
	if errors.As(err, &lite) {
		switch lite.Code() & 0xff { // the primary result code
		case 10, 11, 14, 26: // SQLITE_IOERR, SQLITE_CORRUPT, SQLITE_CANTOPEN, SQLITE_NOTADB
			return true
		case 1: // SQLITE_ERROR: only a missing table says the schema is gone
			return strings.Contains(err.Error(), "no such table")
		}
		return lite.Code() == 1032 // SQLITE_READONLY_DBMOVED: the file was replaced
	}
	return false
}

// CheckSchema reports whether the database is at the newest migration
// this binary embeds (the /readyz probe): an instance on a database that
// was recreated empty, or that an older binary migrated, is not ready.
func (db *DB) CheckSchema(ctx context.Context) error {
	fsys, err := MigrationsFS(db.dialect)
	if err != nil {
		return err
	}
	gd := goose.DialectSQLite3
	if db.dialect == Postgres {
		gd = goose.DialectPostgres
	}
	p, err := goose.NewProvider(gd, db.sql, fsys)
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	current, target, err := p.GetVersions(ctx)
	if err != nil {
		return availability(fmt.Errorf("schema version: %w", err))
	}
	if current != target {
		return fmt.Errorf("schema at migration %d, this binary needs %d", current, target)
	}
	return nil
}
