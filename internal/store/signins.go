package store

import (
	"context"
	"strings"
	"time"

	"bidpass/internal/devices"
	"bidpass/internal/session"
)

// AddSignInEvent implements devices.HistoryStore.
func (db *DB) AddSignInEvent(ctx context.Context, kind session.Kind, subjectID int64, e devices.Event) error {
	_, err := db.exec(ctx, `INSERT INTO sign_in_events (subject_kind, subject_id, at, methods, result, user_agent, address, new_device)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, string(kind), subjectID, e.At.UTC(), strings.Join(e.Methods, " "), e.Result, e.UserAgent, e.Address, e.NewDevice)
	return err
}

// SignInEvents implements devices.HistoryStore.
func (db *DB) SignInEvents(ctx context.Context, kind session.Kind, subjectID int64, since time.Time, offset, limit int) ([]devices.Event, int, error) {
	var total int
	if err := db.queryRow(ctx, `SELECT COUNT(*) FROM sign_in_events WHERE subject_kind = ? AND subject_id = ? AND at >= ?`,
		string(kind), subjectID, since.UTC()).Scan(&total); err != nil {
		return nil, 0, err
	}
	events, err := list(ctx, db, func(r rowScanner) (e devices.Event, err error) {
		var methods string
		err = r.Scan(&e.ID, &e.At, &methods, &e.Result, &e.UserAgent, &e.Address, &e.NewDevice)
		e.Methods = strings.Fields(methods)
		return e, err
	}, `SELECT id, at, methods, result, user_agent, address, new_device FROM sign_in_events
		WHERE subject_kind = ? AND subject_id = ? AND at >= ? ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`,
		string(kind), subjectID, since.UTC(), limit, offset)
	return events, total, err
}

// SeeSignInDevice implements devices.HistoryStore in one statement: the
// row is created or updated under its key's lock (PostgreSQL's ON CONFLICT,
// SQLite's single writer), and the SET's expressions read the row as it was,
// so of sign-ins racing from one device only the first finds it unseen and
// writes its claim; the others read that claim back, not theirs.
func (db *DB) SeeSignInDevice(ctx context.Context, kind session.Kind, subjectID int64, device string, c devices.Sighting) (bool, error) {
	const due = `(sign_in_devices.last_seen < ? AND (sign_in_devices.noticed_at IS NULL OR sign_in_devices.noticed_at < ?))`
	var claimed string
	err := db.queryRow(ctx, `INSERT INTO sign_in_devices (subject_kind, subject_id, device, last_seen, noticed_at, notice_id)
		VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (subject_kind, subject_id, device) DO UPDATE SET
			noticed_at = CASE WHEN `+due+` THEN excluded.noticed_at ELSE sign_in_devices.noticed_at END,
			notice_id = CASE WHEN `+due+` THEN excluded.notice_id ELSE sign_in_devices.notice_id END,
			last_seen = excluded.last_seen
		RETURNING notice_id`,
		string(kind), subjectID, device, c.At.UTC(), c.At.UTC(), c.Claim,
		c.UnseenSince.UTC(), c.NoticedSince.UTC(), c.UnseenSince.UTC(), c.NoticedSince.UTC()).Scan(&claimed)
	return err == nil && claimed == c.Claim, err
}
