package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"bidpass/internal/session"
)

// CreateSession implements session.Store.
func (db *DB) CreateSession(ctx context.Context, r session.Record) error {
	_, err := db.exec(ctx, `INSERT INTO sessions (token_hash, subject_kind, subject_id, created_at, last_seen_at, expires_at, client_addr, user_agent)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		r.TokenHash, string(r.Kind), r.SubjectID, r.CreatedAt, r.LastSeenAt, r.ExpiresAt, r.ClientAddr, r.UserAgent)
	if err != nil || r.Kind != session.Portal {
		return err
	}
	// Every portal sign-in issues a session: the retention of abandoned
	// registrations counts from the last one.
	_, err = db.exec(ctx, `UPDATE accounts SET last_sign_in_at = ? WHERE id = ?`, r.CreatedAt, r.SubjectID)
	return err
}

// GetSession implements session.Store.
func (db *DB) GetSession(ctx context.Context, tokenHash string) (session.Record, error) {
	var r session.Record
	var kind string
	var revoked sql.NullTime
	err := db.queryRow(ctx, `SELECT token_hash, subject_kind, subject_id, created_at, last_seen_at, expires_at, revoked_at, client_addr, user_agent
		FROM sessions WHERE token_hash = ?`, tokenHash).
		Scan(&r.TokenHash, &kind, &r.SubjectID, &r.CreatedAt, &r.LastSeenAt, &r.ExpiresAt, &revoked, &r.ClientAddr, &r.UserAgent)
	if errors.Is(err, sql.ErrNoRows) {
		return r, session.ErrNotFound
	}
	if err != nil {
		return r, err
	}
	r.Kind = session.Kind(kind)
	if revoked.Valid {
		t := revoked.Time
		r.RevokedAt = &t
	}
	return r, nil
}

// TouchSession implements session.Store.
func (db *DB) TouchSession(ctx context.Context, tokenHash string, at time.Time) error {
	_, err := db.exec(ctx, `UPDATE sessions SET last_seen_at = ? WHERE token_hash = ?`, at, tokenHash)
	return err
}

// RevokeSession implements session.Store.
func (db *DB) RevokeSession(ctx context.Context, tokenHash string, at time.Time) error {
	_, err := db.exec(ctx, `UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL`, at, tokenHash)
	return err
}

// RevokeSessionsOf implements session.Store.
func (db *DB) RevokeSessionsOf(ctx context.Context, kind session.Kind, subjectID int64, keep string, at time.Time) error {
	_, err := db.exec(ctx, `UPDATE sessions SET revoked_at = ? WHERE subject_kind = ? AND subject_id = ? AND token_hash <> ? AND revoked_at IS NULL`,
		at, string(kind), subjectID, keep)
	return err
}

// DeleteEndedSessions removes sessions that ended before cutoff, so the
// table does not grow without bound.
func (db *DB) DeleteEndedSessions(ctx context.Context, cutoff time.Time) (int64, error) {
	res, err := db.exec(ctx, `DELETE FROM sessions WHERE expires_at < ? OR revoked_at < ?`, cutoff, cutoff)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
