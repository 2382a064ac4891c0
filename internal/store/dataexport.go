package store

import (
	"context"
	"database/sql"

	"bidpass/internal/files"
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
