package store

import (
	"context"
	"database/sql"
	"errors"
	"time"
)

// ErrLockInTx is LockName called inside a transaction: a programming
// error, which the tests of every caller meet.
var ErrLockInTx = errors.New("store: a sign-in lock is not set inside a transaction")

// LockName locks key until until, unless a lock still in force at now
// holds it (the first lock's expiry is kept, as before): one statement,
// so of parallel lockers one sets it and the others keep it.
//
// It refuses to run in a caller's transaction: the lock is set by a
// refused password, the refusal rolls that transaction back, and the lock
// went with it (change-password checked the current password inside one,
// and sign-in after five wrong ones found no lock).
func (db *DB) LockName(ctx context.Context, key string, until, now time.Time) error {
	if _, ok := ctx.Value(txKey{}).(*sql.Tx); ok {
		return ErrLockInTx
	}
	_, err := db.exec(ctx, `INSERT INTO signin_locks (lock_key, until_at) VALUES (?, ?)
		ON CONFLICT (lock_key) DO UPDATE SET until_at = excluded.until_at
		WHERE signin_locks.until_at <= ?`, key, until.UTC(), now.UTC())
	return err
}

// LockedUntil returns the expiry of key's lock in force at now, or the
// zero time when there is none.
func (db *DB) LockedUntil(ctx context.Context, key string, now time.Time) (time.Time, error) {
	var until time.Time
	err := db.queryRow(ctx, `SELECT until_at FROM signin_locks WHERE lock_key = ? AND until_at > ?`, key, now.UTC()).Scan(&until)
	if errors.Is(notFound(err), ErrNotFound) {
		return time.Time{}, nil
	}
	return until.UTC(), err
}

// Unlock removes key's lock (a password reset).
func (db *DB) Unlock(ctx context.Context, key string) error {
	_, err := db.exec(ctx, `DELETE FROM signin_locks WHERE lock_key = ?`, key)
	return err
}

// DeleteExpiredLocks removes the locks run out before now (maintenance).
func (db *DB) DeleteExpiredLocks(ctx context.Context, now time.Time) (int64, error) {
	res, err := db.exec(ctx, `DELETE FROM signin_locks WHERE until_at <= ?`, now.UTC())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
