package store

import (
	"context"
	"time"
)

// The upgrade of an outdated password hash at sign-in (internal/credential)
// replaces the hash only while it is still the one that was verified: a
// password change or reset committed in between wins, instead of being
// overwritten by a fresh hash of the old password. No row changed is not
// an error; the next sign-in with the current password upgrades again if
// it still needs to.

// UpgradeAccountPasswordHash implements auth.Accounts.
func (db *DB) UpgradeAccountPasswordHash(ctx context.Context, id int64, old, hash string, at time.Time) error {
	_, err := db.exec(ctx, `UPDATE accounts SET password_hash = ?, updated_at = ? WHERE id = ? AND password_hash = ?`,
		hash, at.UTC(), id, old)
	return err
}

// UpgradeStaffPasswordHash implements staff.Store.
func (db *DB) UpgradeStaffPasswordHash(ctx context.Context, id int64, old, hash string, at time.Time) error {
	_, err := db.exec(ctx, `UPDATE staff SET password_hash = ?, updated_at = ? WHERE id = ? AND password_hash = ?`,
		hash, at.UTC(), id, old)
	return err
}
