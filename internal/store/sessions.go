package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"bidpass/internal/session"
)

// CreateSession implements session.Store.
func (db *DB) CreateSession(ctx context.Context, r session.Record) error {
	_, err := db.exec(ctx, `INSERT INTO sessions (token_hash, public_id, subject_kind, subject_id, created_at, last_seen_at, expires_at, client_addr, user_agent, amr)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.TokenHash, r.ID, string(r.Kind), r.SubjectID, r.CreatedAt, r.LastSeenAt, r.ExpiresAt, r.ClientAddr, r.UserAgent, strings.Join(r.Methods, " "))
	if err != nil || r.Kind != session.Portal {
		return err
	}
	// Every portal sign-in issues a session: the retention of abandoned
	// registrations counts from the last one.
	_, err = db.exec(ctx, `UPDATE accounts SET last_sign_in_at = ? WHERE id = ?`, r.CreatedAt, r.SubjectID)
	return err
}

const sessionCols = `token_hash, public_id, subject_kind, subject_id, created_at, last_seen_at, expires_at, revoked_at, client_addr, user_agent, amr`

func scanSession(sc rowScanner) (session.Record, error) {
	var r session.Record
	var kind string
	var revoked sql.NullTime
	var methods string
	err := sc.Scan(&r.TokenHash, &r.ID, &kind, &r.SubjectID, &r.CreatedAt, &r.LastSeenAt, &r.ExpiresAt, &revoked, &r.ClientAddr, &r.UserAgent, &methods)
	if err != nil {
		return r, err
	}
	r.Kind = session.Kind(kind)
	r.Methods = strings.Fields(methods)
	r.RevokedAt = timePtr(revoked)
	return r, nil
}

// GetSession implements session.Store.
func (db *DB) GetSession(ctx context.Context, tokenHash string) (session.Record, error) {
	r, err := scanSession(db.queryRow(ctx, `SELECT `+sessionCols+` FROM sessions WHERE token_hash = ?`, tokenHash))
	if errors.Is(err, sql.ErrNoRows) {
		return r, session.ErrNotFound
	}
	return r, err
}

// LiveSessions implements session.DeviceStore.
func (db *DB) LiveSessions(ctx context.Context, kind session.Kind, subjectID int64, now time.Time) ([]session.Record, error) {
	return list(ctx, db, scanSession, `SELECT `+sessionCols+` FROM sessions
		WHERE subject_kind = ? AND subject_id = ? AND revoked_at IS NULL AND expires_at > ?
		ORDER BY created_at DESC, token_hash`, string(kind), subjectID, now.UTC())
}

// RevokeSessionByID implements session.DeviceStore: the subject is part
// of the condition, so another account's id matches nothing.
func (db *DB) RevokeSessionByID(ctx context.Context, kind session.Kind, subjectID int64, id string, at time.Time) (string, bool, error) {
	var h string
	err := db.queryRow(ctx, `UPDATE sessions SET revoked_at = ?
		WHERE public_id = ? AND subject_kind = ? AND subject_id = ? AND revoked_at IS NULL AND expires_at > ?
		RETURNING token_hash`, at.UTC(), id, string(kind), subjectID, at.UTC()).Scan(&h)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return h, err == nil, err
}

// RevokeOtherSessions implements session.DeviceStore.
func (db *DB) RevokeOtherSessions(ctx context.Context, kind session.Kind, subjectID int64, keep string, at time.Time) ([]string, error) {
	return list(ctx, db, func(sc rowScanner) (string, error) {
		var h string
		return h, sc.Scan(&h)
	}, `UPDATE sessions SET revoked_at = ?
		WHERE subject_kind = ? AND subject_id = ? AND token_hash <> ? AND revoked_at IS NULL
		RETURNING token_hash`, at.UTC(), string(kind), subjectID, keep)
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
