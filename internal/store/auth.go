package store

import (
	"context"
	"time"

	"bidpass/internal/account"
)

// SetAccountPassword implements auth.Accounts: it replaces the stored
// password hash and nothing else, so a rehash at sign-in cannot overwrite
// a concurrent profile change.
func (db *DB) SetAccountPassword(ctx context.Context, id int64, hash string, at time.Time) error {
	res, err := db.exec(ctx, `UPDATE accounts SET password_hash = ?, updated_at = ? WHERE id = ?`, hash, at.UTC(), id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return account.ErrNotFound
	}
	return nil
}

// AccountsByEmail implements recovery.Accounts: the account whose verified
// e-mail address is email (compared case-insensitively). An address typed
// at registration and never confirmed finds nothing: whoever holds it did
// not put it there (docs/decisions/sign-in.md, "E-mail binding").
func (db *DB) AccountsByEmail(ctx context.Context, email string) ([]account.Account, error) {
	return list(ctx, db, scanAccount, `SELECT `+accountColumns+` FROM accounts WHERE lower(email) = lower(?) AND email <> '' AND email_verified_at IS NOT NULL ORDER BY id`, email)
}

// ExpireSession implements auth.SessionExpirer (development mode only): it
// moves a session's absolute expiry to at, so an end-to-end test can see
// what a user sees when a session times out without waiting two hours.
func (db *DB) ExpireSession(ctx context.Context, tokenHash string, at time.Time) error {
	_, err := db.exec(ctx, `UPDATE sessions SET expires_at = ? WHERE token_hash = ?`, at.UTC(), tokenHash)
	return err
}
