package store

import (
	"context"

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
	rs, err := list(ctx, db, scanSession, `SELECT `+sessionCols+`
		FROM sessions WHERE subject_kind = ? AND subject_id = ? ORDER BY created_at DESC`, string(kind), subjectID)
	return nonNil(rs), err
}
