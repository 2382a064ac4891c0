package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/profile"
)

const modRecordColumns = `id, account_id, info_item, before_value, after_value, operation_time, is_valid, auth_method, auth_state, auth_time, review_id`

func (db *DB) scanModRecord(row interface{ Scan(...any) error }) (profile.ModificationRecord, error) {
	var r profile.ModificationRecord
	var authTime sql.NullTime
	var reviewID sql.NullInt64
	err := row.Scan(&r.ID, &r.AccountID, &r.InfoItem,
		db.opened(&r.BeforeValue, "modification_records", "before_value"), db.opened(&r.AfterValue, "modification_records", "after_value"), &r.OperationTime,
		&r.IsValid, &r.AuthMethod, &r.AuthState, &authTime, &reviewID)
	if errors.Is(notFound(err), ErrNotFound) {
		return r, account.ErrNotFound
	}
	if authTime.Valid {
		t := authTime.Time.UTC()
		r.AuthTime = &t
	}
	if reviewID.Valid {
		id := reviewID.Int64
		r.ReviewID = &id
	}
	r.OperationTime = r.OperationTime.UTC()
	return r, err
}

// AddModificationRecord implements profile.Store.
func (db *DB) AddModificationRecord(ctx context.Context, r *profile.ModificationRecord) error {
	var authTime any
	if r.AuthTime != nil {
		authTime = r.AuthTime.UTC()
	}
	var reviewID any
	if r.ReviewID != nil {
		reviewID = *r.ReviewID
	}
	id, err := db.insertID(ctx, `INSERT INTO modification_records (account_id, info_item, before_value, after_value, operation_time, is_valid, auth_method, auth_state, auth_time, review_id)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		r.AccountID, r.InfoItem, db.sealArg(r.BeforeValue, "modification_records", "before_value"),
		db.sealArg(r.AfterValue, "modification_records", "after_value"), r.OperationTime.UTC(), r.IsValid, r.AuthMethod, r.AuthState, authTime, reviewID)
	if err != nil {
		return err
	}
	r.ID = id
	return nil
}

// ModificationRecords implements profile.Store.
func (db *DB) ModificationRecords(ctx context.Context, accountID int64, offset, limit int) ([]profile.ModificationRecord, int64, error) {
	var n int64
	if err := db.queryRow(ctx, `SELECT count(*) FROM modification_records WHERE account_id = ?`, accountID).Scan(&n); err != nil {
		return nil, 0, err
	}
	out, err := list(ctx, db, db.scanModRecord, `SELECT `+modRecordColumns+` FROM modification_records WHERE account_id = ?
		ORDER BY operation_time DESC, id DESC`+limitOffset(limit, offset), accountID)
	if err != nil {
		return nil, 0, err
	}
	return nonNil(out), n, nil
}

// ModificationRecord implements profile.Store.
func (db *DB) ModificationRecord(ctx context.Context, id int64) (profile.ModificationRecord, error) {
	return db.scanModRecord(db.queryRow(ctx, `SELECT `+modRecordColumns+` FROM modification_records WHERE id = ?`, id))
}

// SettleModificationRecords implements profile.Store.
func (db *DB) SettleModificationRecords(ctx context.Context, reviewID int64, isValid, authState int, authTime time.Time) error {
	_, err := db.exec(ctx, `UPDATE modification_records SET is_valid = ?, auth_state = ?, auth_time = ? WHERE review_id = ?`,
		isValid, authState, authTime.UTC(), reviewID)
	return err
}

// AddOperationRecord implements profile.Store.
func (db *DB) AddOperationRecord(ctx context.Context, r profile.OperationRecord) error {
	remarks, err := json.Marshal(nonNil(r.Remarks))
	if err != nil {
		return err
	}
	appendix, err := json.Marshal(nonNil(r.Appendix))
	if err != nil {
		return err
	}
	_, err = db.exec(ctx, `INSERT INTO operation_records (account_id, actor_name, operation_type, auth_type, remarks, no_pass_reason, appendix, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		r.AccountID, r.ActorName, r.OperationType, r.AuthType, db.sealArg(string(remarks), "operation_records", "remarks"), r.NoPassReason, string(appendix), r.CreatedAt.UTC())
	return err
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// OperationRecords implements profile.Store.
func (db *DB) OperationRecords(ctx context.Context, accountID int64, offset, limit int) ([]profile.OperationRecord, int64, error) {
	var n int64
	if err := db.queryRow(ctx, `SELECT count(*) FROM operation_records WHERE account_id = ?`, accountID).Scan(&n); err != nil {
		return nil, 0, err
	}
	rows, err := db.query(ctx, `SELECT id, account_id, actor_name, operation_type, auth_type, remarks, no_pass_reason, appendix, created_at
		FROM operation_records WHERE account_id = ? ORDER BY created_at DESC, id DESC`+limitOffset(limit, offset), accountID)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	out := []profile.OperationRecord{}
	for rows.Next() {
		var r profile.OperationRecord
		var remarks, appendix string
		if err := rows.Scan(&r.ID, &r.AccountID, &r.ActorName, &r.OperationType, &r.AuthType,
			db.opened(&remarks, "operation_records", "remarks"), &r.NoPassReason, &appendix, &r.CreatedAt); err != nil {
			return nil, 0, err
		}
		if err := json.Unmarshal([]byte(remarks), &r.Remarks); err != nil {
			return nil, 0, err
		}
		if err := json.Unmarshal([]byte(appendix), &r.Appendix); err != nil {
			return nil, 0, err
		}
		r.CreatedAt = r.CreatedAt.UTC()
		out = append(out, r)
	}
	return out, n, rows.Err()
}

// PendingReview implements profile.Store. It reads the review table that
// the review capability writes; the account centre only needs to know
// which item it may withdraw.
func (db *DB) PendingReview(ctx context.Context, accountID int64) (profile.PendingReview, error) {
	var p profile.PendingReview
	var payload string
	err := db.queryRow(ctx, `SELECT id, kind, payload FROM reviews WHERE account_id = ? AND kind IN ('realname', 'change')
		AND state IN ('pending', 'claimed') ORDER BY id DESC LIMIT 1`, accountID).Scan(&p.ID, &p.Kind, db.opened(&payload, "reviews", "payload"))
	if errors.Is(notFound(err), ErrNotFound) {
		return p, account.ErrNotFound
	}
	p.Payload = json.RawMessage(payload)
	return p, err
}

var _ profile.Store = (*DB)(nil)
