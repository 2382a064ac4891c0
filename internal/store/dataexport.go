package store

import (
	"context"
	"database/sql"

	"bidpass/internal/files"
	"bidpass/internal/session"
)

// FilesOwnedBy lists every file the account uploaded, oldest first (the
// data export).
func (db *DB) FilesOwnedBy(ctx context.Context, owner int64) ([]files.File, error) {
	fs, err := list(ctx, db, scanFile, `SELECT `+fileColumns+` FROM files WHERE owner_id = ? ORDER BY created_at, id`, owner)
	return nonNil(fs), err
}

// SessionsOf lists a subject's sessions, newest first (the data export's
// sign-in records). Sessions are deleted a day after they end.
func (db *DB) SessionsOf(ctx context.Context, kind session.Kind, subjectID int64) ([]session.Record, error) {
	rs, err := list(ctx, db, func(row rowScanner) (session.Record, error) {
		r := session.Record{Kind: kind, SubjectID: subjectID}
		var revoked sql.NullTime
		if err := row.Scan(&r.CreatedAt, &r.LastSeenAt, &r.ExpiresAt, &revoked, &r.ClientAddr, &r.UserAgent); err != nil {
			return r, err
		}
		if revoked.Valid {
			t := revoked.Time.UTC()
			r.RevokedAt = &t
		}
		return r, nil
	}, `SELECT created_at, last_seen_at, expires_at, revoked_at, client_addr, user_agent
		FROM sessions WHERE subject_kind = ? AND subject_id = ? ORDER BY created_at DESC`, string(kind), subjectID)
	return nonNil(rs), err
}
