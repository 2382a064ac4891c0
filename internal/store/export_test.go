package store

import (
	"context"
	"database/sql"
	"io"
	"log/slog"
	"time"
)

func DiscardLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// CreateStaffForTest inserts a bare staff row (transaction tests only).
func (db *DB) CreateStaffForTest(ctx context.Context, name string) (int64, error) {
	now := time.Now().UTC()
	return db.insertID(ctx, `INSERT INTO staff (account_name, account_key, role, password_hash, created_at, updated_at) VALUES (?, ?, 'reviewer', 'x', ?, ?)`, name, name, now, now)
}

// CountStaffForTest counts staff rows (transaction tests only).
func (db *DB) CountStaffForTest(ctx context.Context) int {
	var n int
	_ = db.queryRow(ctx, `SELECT count(*) FROM staff`).Scan(&n)
	return n
}

// SetTraceForTest makes db report every statement it runs (query plans).
func (db *DB) SetTraceForTest(fn func(query string, args []any)) { db.trace = fn }

// SQLForTest is the underlying handle, for EXPLAIN and set-based seeding.
func (db *DB) SQLForTest() *sql.DB { return db.sql }
