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
	rows, err := db.query(ctx, `SELECT id, kind, content_type, ext, size, original_name, created_at, attached_at
		FROM files WHERE owner_id = ? ORDER BY created_at, id`, owner)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []files.File{}
	for rows.Next() {
		f := files.File{OwnerID: owner}
		var at sql.NullTime
		if err := rows.Scan(&f.ID, &f.Kind, &f.ContentType, &f.Ext, &f.Size, &f.OriginalName, &f.CreatedAt, &at); err != nil {
			return nil, err
		}
		if at.Valid {
			t := at.Time.UTC()
			f.AttachedAt = &t
		}
		out = append(out, f)
	}
	return out, rows.Err()
}

// SessionsOf lists a subject's sessions, newest first (the data export's
// sign-in records). Sessions are deleted a day after they end.
func (db *DB) SessionsOf(ctx context.Context, kind session.Kind, subjectID int64) ([]session.Record, error) {
	rows, err := db.query(ctx, `SELECT created_at, last_seen_at, expires_at, revoked_at, client_addr, user_agent
		FROM sessions WHERE subject_kind = ? AND subject_id = ? ORDER BY created_at DESC`, string(kind), subjectID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []session.Record{}
	for rows.Next() {
		r := session.Record{Kind: kind, SubjectID: subjectID}
		var revoked sql.NullTime
		if err := rows.Scan(&r.CreatedAt, &r.LastSeenAt, &r.ExpiresAt, &revoked, &r.ClientAddr, &r.UserAgent); err != nil {
			return nil, err
		}
		if revoked.Valid {
			t := revoked.Time.UTC()
			r.RevokedAt = &t
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
