// Package store is the only package that writes SQL. It opens SQLite
// (modernc.org/sqlite, the embedded default) or PostgreSQL (pgx), applies the
// embedded migrations of that dialect, and implements the store interfaces
// the capability packages declare. Queries are written once with `?`
// placeholders and rebound for PostgreSQL.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"bidpass/internal/sealed"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	_ "modernc.org/sqlite"             // registers the "sqlite" driver
)

// Dialect names a database family.
type Dialect string

// The supported dialects.
const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// ErrNotFound is returned by store methods when a row does not exist.
var ErrNotFound = errors.New("store: not found")

// DB is a database handle of either dialect.
type DB struct {
	sql     *sql.DB
	dialect Dialect
	// ring seals and opens the columns listed in sealing.go.
	ring *sealed.Ring
	// trace, when set (only by the query-plan tests), sees every statement
	// and its arguments, so the tests explain exactly what methods run.
	trace func(query string, args []any)
	// counts keeps long lists' capped counts for a short time (counts.go).
	counts countCache
}

// Open opens the database at url: `postgres://…` (or `postgresql://…`) for
// PostgreSQL, `sqlite:PATH` or a plain file path for SQLite. It does not
// migrate; call Migrate.
func Open(url string) (*DB, error) {
	if strings.HasPrefix(url, "postgres://") || strings.HasPrefix(url, "postgresql://") {
		db, err := sql.Open("pgx", url)
		if err != nil {
			return nil, err
		}
		db.SetMaxOpenConns(20)
		db.SetMaxIdleConns(10)
		// Renewed connections follow a failover's endpoint: none stays
		// pinned to a server demoted without a restart (docs/operations.md,
		// PostgreSQL high availability).
		db.SetConnMaxLifetime(30 * time.Minute)
		return &DB{sql: db, dialect: Postgres}, nil
	}
	path := strings.TrimPrefix(strings.TrimPrefix(url, "sqlite://"), "sqlite:")
	if path == "" {
		return nil, errors.New("empty SQLite path")
	}
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, err
		}
	}
	// WAL lets readers proceed while one writer writes; busy_timeout makes a
	// second writer wait instead of failing at once; foreign keys are off by
	// default in SQLite.
	dsn := "file:" + path + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_txlock=immediate"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	// SQLite allows one writer; a small pool keeps readers concurrent
	// without piling up writers waiting on the lock.
	db.SetMaxOpenConns(4)
	return &DB{sql: db, dialect: SQLite}, nil
}

// Dialect reports the database family.
func (db *DB) Dialect() Dialect { return db.dialect }

// Close closes the pool.
func (db *DB) Close() error { return db.sql.Close() }

// Ping checks that the database answers (the /readyz probe).
func (db *DB) Ping(ctx context.Context) error { return availability(db.sql.PingContext(ctx)) }

type txKey struct{}

// InTx runs fn in a transaction: store methods called with the context fn
// receives run inside it. fn's error rolls back; nil commits. Nested calls
// join the outer transaction. Services own transactions; the store never
// opens one on its own behalf except for single statements.
func (db *DB) InTx(ctx context.Context, fn func(ctx context.Context) error) (err error) {
	if _, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		return fn(ctx)
	}
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return availability(fmt.Errorf("begin: %w", err))
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	if err = fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		return err
	}
	return availability(tx.Commit())
}

// querier is what *sql.DB and *sql.Tx share.
type querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func (db *DB) q(ctx context.Context) querier {
	if tx, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		return tx
	}
	return db.sql
}

// rebind turns `?` placeholders into `$n` for PostgreSQL. Queries in this
// package never contain a literal question mark.
func (db *DB) rebind(query string) string {
	if db.dialect != Postgres {
		return query
	}
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// exec runs a statement in the context's transaction, if any.
func (db *DB) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	db.traced(query, args)
	res, err := db.q(ctx).ExecContext(ctx, db.rebind(query), args...)
	return res, availability(err)
}

// query runs a query in the context's transaction, if any.
func (db *DB) query(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	db.traced(query, args)
	rows, err := db.q(ctx).QueryContext(ctx, db.rebind(query), args...)
	return rows, availability(err)
}

// queryRow runs a one-row query in the context's transaction, if any.
func (db *DB) queryRow(ctx context.Context, query string, args ...any) row {
	db.traced(query, args)
	return row{db.q(ctx).QueryRowContext(ctx, db.rebind(query), args...)}
}

// row is a one-row result whose Scan reports an outage as ErrUnavailable.
type row struct{ r *sql.Row }

func (r row) Scan(dest ...any) error { return availability(r.r.Scan(dest...)) }

func (db *DB) traced(query string, args []any) {
	if db.trace != nil {
		db.trace(db.rebind(query), args)
	}
}

// insertID runs an INSERT … RETURNING id and returns the new id; both
// dialects support RETURNING.
func (db *DB) insertID(ctx context.Context, query string, args ...any) (int64, error) {
	var id int64
	err := db.queryRow(ctx, query+" RETURNING id", args...).Scan(&id)
	return id, err
}

// notFound maps sql.ErrNoRows to ErrNotFound.
func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

// isUniqueViolation reports whether err is a unique-constraint violation in
// either dialect.
func isUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	s := err.Error()
	return strings.Contains(s, "UNIQUE constraint failed") || strings.Contains(s, "SQLSTATE 23505")
}
