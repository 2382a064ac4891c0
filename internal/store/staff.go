package store

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"bidpass/internal/staff"
)

const staffColumns = `id, account_name, display_name, role, password_hash, disabled, created_at, updated_at`

func scanStaff(row interface{ Scan(...any) error }) (staff.Staff, error) {
	var s staff.Staff
	err := row.Scan(&s.ID, &s.Name, &s.DisplayName, &s.Role, &s.PasswordHash, &s.Disabled, &s.CreatedAt, &s.UpdatedAt)
	if errors.Is(notFound(err), ErrNotFound) {
		return s, staff.ErrNotFound
	}
	s.CreatedAt, s.UpdatedAt = s.CreatedAt.UTC(), s.UpdatedAt.UTC()
	return s, err
}

// CreateStaff implements staff.Store.
func (db *DB) CreateStaff(ctx context.Context, s *staff.Staff) error {
	id, err := db.insertID(ctx, `INSERT INTO staff (account_name, account_key, display_name, role, password_hash, disabled, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		s.Name, strings.ToLower(s.Name), s.DisplayName, s.Role, s.PasswordHash, s.Disabled, s.CreatedAt.UTC(), s.UpdatedAt.UTC())
	if isUniqueViolation(err) {
		return staff.ErrNameTaken
	}
	if err != nil {
		return err
	}
	s.ID = id
	return nil
}

// StaffByID implements staff.Store.
func (db *DB) StaffByID(ctx context.Context, id int64) (staff.Staff, error) {
	return scanStaff(db.queryRow(ctx, `SELECT `+staffColumns+` FROM staff WHERE id = ?`, id))
}

// StaffByName implements staff.Store.
func (db *DB) StaffByName(ctx context.Context, name string) (staff.Staff, error) {
	return scanStaff(db.queryRow(ctx, `SELECT `+staffColumns+` FROM staff WHERE account_key = ?`, strings.ToLower(name)))
}

// ListStaff implements staff.Store.
func (db *DB) ListStaff(ctx context.Context, page, pageSize int) ([]staff.Staff, int64, error) {
	var total int64
	if err := db.queryRow(ctx, `SELECT count(*) FROM staff`).Scan(&total); err != nil {
		return nil, 0, err
	}
	out, err := list(ctx, db, scanStaff, `SELECT `+staffColumns+` FROM staff ORDER BY id LIMIT ? OFFSET ?`, pageSize, (page-1)*pageSize)
	if err != nil {
		return nil, 0, err
	}
	return nonNil(out), total, nil
}

// UpdateStaff implements staff.Store.
func (db *DB) UpdateStaff(ctx context.Context, s staff.Staff) error {
	res, err := db.exec(ctx, `UPDATE staff SET display_name = ?, role = ?, password_hash = ?, disabled = ?, updated_at = ? WHERE id = ?`,
		s.DisplayName, s.Role, s.PasswordHash, s.Disabled, s.UpdatedAt.UTC(), s.ID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return staff.ErrNotFound
	}
	return nil
}

// CreateStaffAction implements staff.Store.
func (db *DB) CreateStaffAction(ctx context.Context, a staff.Action) error {
	_, err := db.exec(ctx, `INSERT INTO staff_actions (staff_id, action, target, detail, client_addr, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		a.StaffID, a.Action, a.Target, a.Detail, a.ClientAddr, a.CreatedAt.UTC())
	return err
}

// ListStaffActions implements staff.Store: newest first. The page's ids
// are chosen from an index alone (by time, by member or by action, each
// ending in created_at, id), so a numbered page's OFFSET skips index
// entries rather than rows; then only the page's rows are read.
func (db *DB) ListStaffActions(ctx context.Context, f staff.ActionFilter) ([]staff.Action, int64, error) {
	where := []string{"1 = 1"}
	var args []any
	if f.StaffID != 0 {
		where = append(where, "a.staff_id = ?")
		args = append(args, f.StaffID)
	}
	if f.Action != "" {
		where = append(where, "a.action = ?")
		args = append(args, f.Action)
	}
	total, err := countUnlessAfter(f.After, func() (int64, error) {
		return db.cappedCount(ctx, "staff_actions|"+strconv.FormatInt(f.StaffID, 10)+"|"+f.Action, `staff_actions a WHERE `+strings.Join(where, " AND "), args...)
	})
	if err != nil {
		return nil, 0, err
	}
	where, args = pageAfter(where, args, "a.created_at", "a.id", true, f.After)
	rows, err := db.query(ctx, `SELECT a.id, a.staff_id, COALESCE(s.account_name, ''), a.action, a.target, a.detail, a.client_addr, a.created_at
		FROM (SELECT a.id FROM staff_actions a WHERE `+strings.Join(where, " AND ")+` ORDER BY a.created_at DESC, a.id DESC`+limitOffset(f.PageSize, offsetOf(f.Page, f.PageSize, f.After))+`) p
		JOIN staff_actions a ON a.id = p.id LEFT JOIN staff s ON s.id = a.staff_id ORDER BY a.created_at DESC, a.id DESC`,
		args...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	out := []staff.Action{}
	for rows.Next() {
		var a staff.Action
		if err := rows.Scan(&a.ID, &a.StaffID, &a.StaffName, &a.Action, &a.Target, &a.Detail, &a.ClientAddr, &a.CreatedAt); err != nil {
			return nil, 0, err
		}
		a.CreatedAt = a.CreatedAt.UTC()
		out = append(out, a)
	}
	return out, total, rows.Err()
}

var _ staff.Store = (*DB)(nil)
