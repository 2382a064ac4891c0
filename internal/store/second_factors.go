package store

import (
	"context"
	"database/sql"
	"encoding/base64"
	"errors"
	"time"

	"bidpass/internal/mfa"
)

// The second factor's storage (docs/decisions/second-factor.md): every
// "once" is one guarded statement, so parallel requests cannot both win.

// SecondFactor returns the subject's factor, or mfa.ErrNotFound.
func (db *DB) SecondFactor(ctx context.Context, kind string, id int64) (mfa.Factor, error) {
	var f mfa.Factor
	var confirmed sql.NullTime
	err := db.queryRow(ctx, `SELECT secret_sealed, last_step, created_at, confirmed_at FROM second_factors
		WHERE subject_kind = ? AND subject_id = ?`, kind, id).
		Scan(db.opened(&f.Secret, "second_factors", "secret_sealed"), &f.LastStep, &f.CreatedAt, &confirmed)
	if errors.Is(err, sql.ErrNoRows) {
		return mfa.Factor{}, mfa.ErrNotFound
	}
	f.Confirmed = confirmed.Valid
	f.CreatedAt = f.CreatedAt.UTC()
	return f, err
}

// BeginSecondFactor stores a pending secret over a pending one; a
// confirmed factor stays (false).
func (db *DB) BeginSecondFactor(ctx context.Context, kind string, id int64, secret string, at time.Time) (bool, error) {
	res, err := db.exec(ctx, `INSERT INTO second_factors (subject_kind, subject_id, secret_sealed, last_step, created_at)
		VALUES (?, ?, ?, 0, ?)
		ON CONFLICT (subject_kind, subject_id) DO UPDATE SET secret_sealed = excluded.secret_sealed,
			last_step = 0, created_at = excluded.created_at
		WHERE second_factors.confirmed_at IS NULL`,
		kind, id, db.sealArg(secret, "second_factors", "secret_sealed"), at.UTC())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// AcceptStep moves last_step forward to step, only from an earlier one;
// with confirm it confirms a pending factor (and nothing else), without it
// it needs a confirmed one.
func (db *DB) AcceptStep(ctx context.Context, kind string, id int64, step int64, confirm bool, at time.Time) (bool, error) {
	q := `UPDATE second_factors SET last_step = ? WHERE subject_kind = ? AND subject_id = ? AND last_step < ? AND confirmed_at IS NOT NULL`
	args := []any{step, kind, id, step}
	if confirm {
		q = `UPDATE second_factors SET last_step = ?, confirmed_at = ? WHERE subject_kind = ? AND subject_id = ? AND last_step < ? AND confirmed_at IS NULL`
		args = []any{step, at.UTC(), kind, id, step}
	}
	res, err := db.exec(ctx, q, args...)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// DeleteSecondFactor removes the subject's factor and recovery codes.
func (db *DB) DeleteSecondFactor(ctx context.Context, kind string, id int64) error {
	if _, err := db.exec(ctx, `DELETE FROM recovery_codes WHERE subject_kind = ? AND subject_id = ?`, kind, id); err != nil {
		return err
	}
	_, err := db.exec(ctx, `DELETE FROM second_factors WHERE subject_kind = ? AND subject_id = ?`, kind, id)
	return err
}

// ReplaceRecoveryCodes drops the subject's codes and stores macs; the
// caller's transaction makes it one change.
func (db *DB) ReplaceRecoveryCodes(ctx context.Context, kind string, id int64, macs []string, at time.Time) error {
	if _, err := db.exec(ctx, `DELETE FROM recovery_codes WHERE subject_kind = ? AND subject_id = ?`, kind, id); err != nil {
		return err
	}
	for _, m := range macs {
		if _, err := db.exec(ctx, `INSERT INTO recovery_codes (subject_kind, subject_id, code_mac, created_at) VALUES (?, ?, ?, ?)`,
			kind, id, m, at.UTC()); err != nil {
			return err
		}
	}
	return nil
}

// UseRecoveryCode spends mac: one statement, so of parallel uses one wins.
func (db *DB) UseRecoveryCode(ctx context.Context, kind string, id int64, mac string, at time.Time) (bool, error) {
	res, err := db.exec(ctx, `UPDATE recovery_codes SET used_at = ?
		WHERE subject_kind = ? AND subject_id = ? AND code_mac = ? AND used_at IS NULL`, at.UTC(), kind, id, mac)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// RecoveryCodesLeft counts the subject's unused codes.
func (db *DB) RecoveryCodesLeft(ctx context.Context, kind string, id int64) (int, error) {
	var n int
	err := db.queryRow(ctx, `SELECT COUNT(*) FROM recovery_codes WHERE subject_kind = ? AND subject_id = ? AND used_at IS NULL`, kind, id).Scan(&n)
	return n, err
}

// ServerKey returns the server key name, storing fresh when there is none
// (sealed under the data key; of parallel first callers one stores it and
// all read it).
func (db *DB) ServerKey(ctx context.Context, name string, fresh []byte) ([]byte, error) {
	if _, err := db.exec(ctx, `INSERT INTO server_keys (name, value_sealed) VALUES (?, ?) ON CONFLICT (name) DO NOTHING`,
		name, db.sealArg(base64.StdEncoding.EncodeToString(fresh), "server_keys", "value_sealed")); err != nil {
		return nil, err
	}
	var v string
	if err := db.queryRow(ctx, `SELECT value_sealed FROM server_keys WHERE name = ?`, name).
		Scan(db.opened(&v, "server_keys", "value_sealed")); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(v)
}
