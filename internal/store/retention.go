package store

import (
	"context"
	"errors"
	"time"

	"bidpass/internal/retention"
)

// Retention is the store of the retention job.
func (db *DB) Retention() retention.Store { return retentionStore{db} }

type retentionStore struct{ db *DB }

// abandoned is the condition on accounts a that makes a registration
// abandoned at cutoff: never authenticated nor submitted for real-name
// review, no sign-in and no change since cutoff, and nothing that another
// party relies on (operator links, admission).
const abandoned = `a.auth_state = 0 AND COALESCE(a.last_sign_in_at, a.created_at) < ? AND a.updated_at < ?
	AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.account_id = a.id)
	AND NOT EXISTS (SELECT 1 FROM operator_links l WHERE l.enterprise_id = a.id OR l.person_id = a.id)
	AND NOT EXISTS (SELECT 1 FROM admission_applications x WHERE x.account_id = a.id)`

// AbandonedAccounts implements retention.Store.
func (s retentionStore) AbandonedAccounts(ctx context.Context, cutoff time.Time, limit int) ([]int64, error) {
	return list(ctx, s.db, func(r rowScanner) (id int64, err error) {
		err = r.Scan(&id)
		return id, err
	}, `SELECT a.id FROM accounts a WHERE `+abandoned+` ORDER BY a.id LIMIT ?`, cutoff.UTC(), cutoff.UTC(), limit)
}

// errNotAbandoned rolls a deletion back when the account changed since it
// was listed (signed in, submitted).
var errNotAbandoned = errors.New("store: no longer abandoned")

// DeleteAbandonedAccount implements retention.Store: in one transaction,
// the account's rows in every table that holds them, and the account only
// if it is still abandoned at cutoff (else nothing, ok false). It returns
// the ids of the deleted file rows, whose bytes the caller removes.
func (s retentionStore) DeleteAbandonedAccount(ctx context.Context, id int64, cutoff time.Time) (fileIDs []string, ok bool, err error) {
	err = s.db.InTx(ctx, func(ctx context.Context) error {
		// The row is locked until the end (SQLite's transactions take the
		// write lock at once), so a sign-in recording itself meanwhile
		// waits, and one that came first makes the check fail.
		lock := ""
		if s.db.dialect == Postgres {
			lock = " FOR UPDATE"
		}
		var got int64
		err := s.db.queryRow(ctx, `SELECT a.id FROM accounts a WHERE a.id = ? AND `+abandoned+lock, id, cutoff.UTC(), cutoff.UTC()).Scan(&got)
		if errors.Is(notFound(err), ErrNotFound) {
			return errNotAbandoned
		}
		if err != nil {
			return err
		}
		rows, err := s.db.query(ctx, `SELECT id FROM files WHERE owner_id = ?`, id)
		if err != nil {
			return err
		}
		for rows.Next() {
			var f string
			if err := rows.Scan(&f); err != nil {
				rows.Close()
				return err
			}
			fileIDs = append(fileIDs, f)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		for _, q := range []string{
			`DELETE FROM sessions WHERE subject_kind = 'portal' AND subject_id = ?`,
			`DELETE FROM sign_in_events WHERE subject_kind = 'portal' AND subject_id = ?`,
			`DELETE FROM sign_in_devices WHERE subject_kind = 'portal' AND subject_id = ?`,
			`DELETE FROM certificate_log WHERE realm = 'portal' AND subject_id = ?`,
			`DELETE FROM certificate_bindings WHERE realm = 'portal' AND subject_id = ?`,
			`DELETE FROM admission_drafts WHERE account_id = ?`,
			`DELETE FROM modification_records WHERE account_id = ?`,
			`DELETE FROM operation_records WHERE account_id = ?`,
			`DELETE FROM person_profiles WHERE account_id = ?`,
			`DELETE FROM enterprise_profiles WHERE account_id = ?`,
			`DELETE FROM files WHERE owner_id = ?`,
			`DELETE FROM accounts WHERE id = ?`,
		} {
			if _, err := s.db.exec(ctx, q, id); err != nil {
				return err
			}
		}
		return nil
	})
	if errors.Is(err, errNotAbandoned) {
		return nil, false, nil
	}
	return fileIDs, err == nil, err
}

// superseded is the condition on files f that makes a photo superseded at
// cutoff: attached once, no longer named by its owner's profile, whose
// profile has not changed since cutoff (so the photo was replaced before
// it), and no open review of the owner may still name it.
const superseded = `f.kind = 'photo' AND f.attached_at IS NOT NULL AND f.created_at < ?
	AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.account_id = f.owner_id AND r.state IN ('pending', 'claimed'))
	AND NOT EXISTS (SELECT 1 FROM person_profiles p WHERE p.account_id = f.owner_id
		AND (p.updated_at >= ? OR f.id IN (p.cert_front_id, p.cert_back_id, p.cert_take_id)))
	AND NOT EXISTS (SELECT 1 FROM enterprise_profiles e WHERE e.account_id = f.owner_id
		AND (e.updated_at >= ? OR f.id IN (e.license_file_id, e.legal_front_id, e.legal_back_id)))
	AND EXISTS (SELECT 1 FROM person_profiles p WHERE p.account_id = f.owner_id
		UNION ALL SELECT 1 FROM enterprise_profiles e WHERE e.account_id = f.owner_id)`

// SupersededPhotos implements retention.Store.
func (s retentionStore) SupersededPhotos(ctx context.Context, cutoff time.Time, limit int) ([]retention.Photo, error) {
	c := cutoff.UTC()
	return list(ctx, s.db, func(r rowScanner) (p retention.Photo, err error) {
		err = r.Scan(&p.ID, &p.Owner)
		return p, err
	}, `SELECT f.id, f.owner_id FROM files f WHERE `+superseded+` ORDER BY f.id LIMIT ?`, c, c, c, limit)
}

// DeleteSupersededPhoto implements retention.Store: the row goes only if
// the photo is still superseded at cutoff.
func (s retentionStore) DeleteSupersededPhoto(ctx context.Context, id string, cutoff time.Time) (bool, error) {
	c := cutoff.UTC()
	res, err := s.db.exec(ctx, `DELETE FROM files WHERE id = ? AND id IN (SELECT f.id FROM files f WHERE `+superseded+`)`, id, c, c, c)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// DeleteSignInHistory implements retention.Store.
func (s retentionStore) DeleteSignInHistory(ctx context.Context, cutoff time.Time) (int64, error) {
	var n int64
	for _, q := range []string{`DELETE FROM sign_in_events WHERE at < ?`, `DELETE FROM sign_in_devices WHERE last_seen < ?`} {
		res, err := s.db.exec(ctx, q, cutoff.UTC())
		if err != nil {
			return n, err
		}
		k, err := res.RowsAffected()
		if err != nil {
			return n, err
		}
		n += k
	}
	return n, nil
}
