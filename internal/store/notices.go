package store

import (
	"context"
	"time"

	"bidpass/internal/sms"
)

// AddNotice implements sms.NoticeStore.
func (db *DB) AddNotice(ctx context.Context, n sms.Notice, now, lease time.Time) (int64, error) {
	ch := n.Channel
	if ch == "" {
		ch = sms.SMS
	}
	return db.insertID(ctx, `INSERT INTO sms_notices (channel, phone, scene, text, params, created_at, attempts, next_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`, string(ch), n.Phone, n.Scene, n.Text, sms.EncodeParams(n.Params), now.UTC(), n.Attempts, lease.UTC())
}

// ClaimDueNotices implements sms.NoticeStore. The candidates are read
// first, then each is claimed by an UPDATE guarded by "still due": of two
// instances racing for one notice, the second's guard no longer holds
// (the first moved next_at to its lease), so only one sends it.
func (db *DB) ClaimDueNotices(ctx context.Context, now, lease time.Time, limit int) ([]sms.Notice, error) {
	rows, err := db.query(ctx, `SELECT id, channel, phone, scene, text, params, attempts FROM sms_notices
		WHERE sent_at IS NULL AND failed_at IS NULL AND next_at <= ? ORDER BY next_at, id LIMIT ?`, now.UTC(), limit)
	if err != nil {
		return nil, err
	}
	var due []sms.Notice
	for rows.Next() {
		var n sms.Notice
		var params, ch string
		if err := rows.Scan(&n.ID, &ch, &n.Phone, &n.Scene, &n.Text, &params, &n.Attempts); err != nil {
			rows.Close()
			return nil, err
		}
		n.Channel, n.Params = sms.Channel(ch), sms.DecodeParams(params)
		due = append(due, n)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	claimed := due[:0]
	for _, n := range due {
		res, err := db.exec(ctx, `UPDATE sms_notices SET next_at = ?, attempts = attempts + 1
			WHERE id = ? AND sent_at IS NULL AND failed_at IS NULL AND next_at <= ?`, lease.UTC(), n.ID, now.UTC())
		if err != nil {
			return nil, err
		}
		if k, err := res.RowsAffected(); err != nil {
			return nil, err
		} else if k == 1 {
			n.Attempts++
			claimed = append(claimed, n)
		}
	}
	return claimed, nil
}

// NoticeSent implements sms.NoticeStore.
func (db *DB) NoticeSent(ctx context.Context, id int64, at time.Time) error {
	_, err := db.exec(ctx, `UPDATE sms_notices SET sent_at = ?, last_error = '' WHERE id = ?`, at.UTC(), id)
	return err
}

// NoticeFailed implements sms.NoticeStore.
func (db *DB) NoticeFailed(ctx context.Context, id int64, errText string, next time.Time, giveUp bool, at time.Time) error {
	errText = sms.Clip(errText, 500)
	if giveUp {
		_, err := db.exec(ctx, `UPDATE sms_notices SET failed_at = ?, last_error = ? WHERE id = ?`, at.UTC(), errText, id)
		return err
	}
	_, err := db.exec(ctx, `UPDATE sms_notices SET next_at = ?, last_error = ? WHERE id = ?`, next.UTC(), errText, id)
	return err
}

// DeleteSentNotices implements sms.NoticeStore.
func (db *DB) DeleteSentNotices(ctx context.Context, before time.Time) (int64, error) {
	res, err := db.exec(ctx, `DELETE FROM sms_notices WHERE (sent_at IS NOT NULL OR failed_at IS NOT NULL) AND created_at < ?`, before.UTC())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// QueueSizes implements metrics.Queues: the open review items and the SMS
// notices waiting for a try (both counts read their partial indexes).
func (db *DB) QueueSizes(ctx context.Context) (reviews, notices int64, err error) {
	if err = db.queryRow(ctx, `SELECT COUNT(*) FROM reviews WHERE state IN ('pending', 'claimed')`).Scan(&reviews); err != nil {
		return 0, 0, err
	}
	err = db.queryRow(ctx, `SELECT COUNT(*) FROM sms_notices WHERE sent_at IS NULL AND failed_at IS NULL`).Scan(&notices)
	return reviews, notices, err
}
