package store

import (
	"context"
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
