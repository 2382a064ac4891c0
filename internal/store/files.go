package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"time"

	"bidpass/internal/files"
)

// Files returns the files.Store of db.
func (db *DB) Files() files.Store { return filesStore{db} }

// filesStore implements files.Store; a named type because its method names
// (File, CreateFile …) are generic enough to clash with other capabilities'
// on *DB.
type filesStore struct{ db *DB }

const fileColumns = `id, owner_id, kind, content_type, ext, size, original_name, created_at, attached_at`

func (s filesStore) CreateFile(ctx context.Context, f files.File) error {
	_, err := s.db.exec(ctx, `INSERT INTO files (`+fileColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		f.ID, f.OwnerID, string(f.Kind), f.ContentType, f.Ext, f.Size, f.OriginalName, f.CreatedAt.UTC(), fileNullTime(f.AttachedAt))
	return err
}

func (s filesStore) File(ctx context.Context, id string) (files.File, error) {
	f, err := scanFile(s.db.queryRow(ctx, `SELECT `+fileColumns+` FROM files WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return f, files.ErrNotFound
	}
	return f, err
}

func (s filesStore) AttachFile(ctx context.Context, owner int64, id string, at time.Time) error {
	// COALESCE keeps the first attach time: a file referenced again by a
	// later submission was already kept.
	res, err := s.db.exec(ctx, `UPDATE files SET attached_at = COALESCE(attached_at, ?) WHERE id = ? AND owner_id = ?`, at.UTC(), id, owner)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return files.ErrNotFound
	}
	return nil
}

func (s filesStore) UnattachedBefore(ctx context.Context, t time.Time, limit int) ([]files.File, error) {
	return list(ctx, s.db, scanFile, `SELECT `+fileColumns+` FROM files WHERE attached_at IS NULL AND created_at < ? ORDER BY created_at, id LIMIT ?`, t.UTC(), limit)
}

func (s filesStore) DeleteUnattached(ctx context.Context, id string, t time.Time) (bool, error) {
	res, err := s.db.exec(ctx, `DELETE FROM files WHERE id = ? AND attached_at IS NULL AND created_at < ?`, id, t.UTC())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n > 0, err
}

// KnownFiles implements files.Store: which of ids have a row (the sweep of
// blobs without one).
func (s filesStore) KnownFiles(ctx context.Context, ids []string) (map[string]bool, error) {
	known := make(map[string]bool, len(ids))
	if len(ids) == 0 {
		return known, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := s.db.query(ctx, `SELECT id FROM files WHERE id IN (?`+strings.Repeat(", ?", len(ids)-1)+`)`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		known[id] = true
	}
	return known, rows.Err()
}

func scanFile(r rowScanner) (files.File, error) {
	var f files.File
	var kind string
	var attached sql.NullTime
	err := r.Scan(&f.ID, &f.OwnerID, &kind, &f.ContentType, &f.Ext, &f.Size, &f.OriginalName, &f.CreatedAt, &attached)
	if err != nil {
		return f, err
	}
	f.Kind = files.Kind(kind)
	f.CreatedAt = f.CreatedAt.UTC()
	if attached.Valid {
		t := attached.Time.UTC()
		f.AttachedAt = &t
	}
	return f, nil
}

func fileNullTime(t *time.Time) sql.NullTime {
	if t == nil {
		return sql.NullTime{}
	}
	return sql.NullTime{Time: t.UTC(), Valid: true}
}

// FileSharing returns the files.Sharing of db: a staff upload is shared
// with the holder of a review item whose decision lists it.
func (db *DB) FileSharing() files.Sharing { return fileSharing{db} }

type fileSharing struct{ db *DB }

// SharedWith implements files.Sharing. review_decisions.files is JSON in a
// TEXT column ([{id,name}]); a LIKE on the quoted id is exact because file
// ids are 32 hex digits (no LIKE wildcards, no quotes), which is checked
// here so that no other text can reach the pattern.
func (s fileSharing) SharedWith(ctx context.Context, fileID string, accountID int64) (bool, error) {
	if !hex32(fileID) {
		return false, nil
	}
	var n int
	err := s.db.queryRow(ctx, `SELECT COUNT(*) FROM review_decisions d JOIN reviews r ON r.id = d.review_id
		WHERE r.account_id = ? AND d.files LIKE ?`, accountID, `%"`+fileID+`"%`).Scan(&n)
	return n > 0, err
}

// hex32 reports whether s is 32 lower-case hex digits (a file id).
func hex32(s string) bool {
	if len(s) != 32 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}
