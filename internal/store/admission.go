package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"bidpass/internal/admission"
)

// Library admission (docs/decisions/admission.md, "Library admission"): organisations, applications and drafts.
// A role's move is one guarded UPDATE (the application settles only while
// it is under review), and the partial unique index admission_one_open
// keeps one open application per role.

// Organisations implements admission.Store. A unit under a disabled one is
// left out with it (the tree drops what has no parent), so the check needs
// the same rule: an enabled unit counts only when its ancestors are enabled.
func (db *DB) Organisations(ctx context.Context, role admission.Role) ([]admission.Organisation, error) {
	all, err := db.organisations(ctx, `WHERE apply_type = ?`, int(role))
	if err != nil {
		return nil, err
	}
	off := map[int64]bool{}
	var out []admission.Organisation
	for _, o := range all { // by id: a parent comes before its children
		if o.Disabled || off[o.ParentID] {
			off[o.ID] = true
			continue
		}
		out = append(out, o)
	}
	return out, nil
}

// AllOrganisations implements admission.Store.
func (db *DB) AllOrganisations(ctx context.Context, role admission.Role) ([]admission.Organisation, error) {
	return db.organisations(ctx, `WHERE apply_type = ?`, int(role))
}

// UpdateOrganisation implements admission.Store.
func (db *DB) UpdateOrganisation(ctx context.Context, o admission.Organisation) error {
	_, err := db.exec(ctx, `UPDATE organisations SET name = ?, name_key = ?, disabled = ? WHERE id = ?`,
		o.Name, admission.NameKey(o.Name), o.Disabled, o.ID)
	if isUniqueViolation(err) {
		return admission.ErrDuplicateOrganisation
	}
	return err
}

func (db *DB) organisations(ctx context.Context, where string, args ...any) ([]admission.Organisation, error) {
	rows, err := db.query(ctx, `SELECT id, apply_type, COALESCE(parent_id, 0), name, disabled FROM organisations `+where+` ORDER BY id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []admission.Organisation
	for rows.Next() {
		var o admission.Organisation
		if err := rows.Scan(&o.ID, &o.Role, &o.ParentID, &o.Name, &o.Disabled); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, rows.Err()
}

// Organisation implements admission.Store.
func (db *DB) Organisation(ctx context.Context, id int64) (admission.Organisation, error) {
	var o admission.Organisation
	err := db.queryRow(ctx, `SELECT id, apply_type, COALESCE(parent_id, 0), name, disabled FROM organisations WHERE id = ?`, id).
		Scan(&o.ID, &o.Role, &o.ParentID, &o.Name, &o.Disabled)
	if errors.Is(err, sql.ErrNoRows) {
		return o, admission.ErrNotFound
	}
	return o, err
}

// CreateOrganisation implements admission.Store.
func (db *DB) CreateOrganisation(ctx context.Context, o *admission.Organisation) error {
	var parent any
	if o.ParentID > 0 {
		parent = o.ParentID
	}
	id, err := db.insertID(ctx, `INSERT INTO organisations (apply_type, parent_id, name, name_key, disabled) VALUES (?, ?, ?, ?, ?)`,
		int(o.Role), parent, o.Name, admission.NameKey(o.Name), o.Disabled)
	if isUniqueViolation(err) {
		return admission.ErrDuplicateOrganisation
	}
	if err != nil {
		return err
	}
	o.ID = id
	return nil
}

// CountOrganisations implements admission.Store.
func (db *DB) CountOrganisations(ctx context.Context) (int64, error) {
	var n int64
	err := db.queryRow(ctx, `SELECT COUNT(*) FROM organisations`).Scan(&n)
	return n, err
}

const applicationColumns = `id, account_id, apply_type, type, org_id, org_name, evidence, review_id, state, reason, created_at, decided_at`

func scanApplication(r rowScanner) (admission.Application, error) {
	var a admission.Application
	var decided sql.NullTime
	err := r.Scan(&a.ID, &a.AccountID, &a.Role, &a.Type, &a.OrgID, &a.OrgName, &a.Evidence, &a.ReviewID, &a.State, &a.Reason, &a.CreatedAt, &decided)
	if decided.Valid {
		t := decided.Time
		a.DecidedAt = &t
	}
	return a, err
}

// CreateApplication implements admission.Store.
func (db *DB) CreateApplication(ctx context.Context, a *admission.Application) error {
	id, err := db.insertID(ctx, `INSERT INTO admission_applications (account_id, apply_type, type, org_id, org_name, evidence, review_id, state, reason, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		a.AccountID, int(a.Role), int(a.Type), a.OrgID, a.OrgName, a.Evidence, a.ReviewID, int(a.State), a.Reason, a.CreatedAt.UTC())
	if isUniqueViolation(err) {
		return admission.ErrOpenApplication
	}
	if err != nil {
		return err
	}
	a.ID = id
	return nil
}

// Applications implements admission.Store.
func (db *DB) Applications(ctx context.Context, accountID int64) ([]admission.Application, error) {
	return list(ctx, db, scanApplication, `SELECT `+applicationColumns+` FROM admission_applications WHERE account_id = ? ORDER BY id DESC`, accountID)
}

// ApplicationOfReview implements admission.Store.
func (db *DB) ApplicationOfReview(ctx context.Context, reviewID int64) (admission.Application, error) {
	a, err := scanApplication(db.queryRow(ctx, `SELECT `+applicationColumns+` FROM admission_applications WHERE review_id = ?`, reviewID))
	if errors.Is(err, sql.ErrNoRows) {
		return a, admission.ErrNotFound
	}
	return a, err
}

// SettleApplication implements admission.Store.
func (db *DB) SettleApplication(ctx context.Context, reviewID int64, to admission.State, reason string, at time.Time) (bool, error) {
	res, err := db.exec(ctx, `UPDATE admission_applications SET state = ?, reason = ?, decided_at = ? WHERE review_id = ? AND state = ?`,
		int(to), reason, at.UTC(), reviewID, int(admission.UnderReview))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// SaveAdmissionDraft implements admission.Store.
func (db *DB) SaveAdmissionDraft(ctx context.Context, d admission.Draft) error {
	_, err := db.exec(ctx, `INSERT INTO admission_drafts (account_id, apply_type, org_id, org_name, evidence, updated_at) VALUES (?, ?, ?, ?, ?, ?)
		ON CONFLICT (account_id, apply_type) DO UPDATE SET org_id = excluded.org_id, org_name = excluded.org_name,
		evidence = excluded.evidence, updated_at = excluded.updated_at`,
		d.AccountID, int(d.Role), d.OrgID, d.OrgName, d.Evidence, d.UpdatedAt.UTC())
	return err
}

// AdmissionDraft implements admission.Store.
func (db *DB) AdmissionDraft(ctx context.Context, accountID int64, role admission.Role) (admission.Draft, error) {
	var d admission.Draft
	err := db.queryRow(ctx, `SELECT account_id, apply_type, org_id, org_name, evidence, updated_at FROM admission_drafts
		WHERE account_id = ? AND apply_type = ?`, accountID, int(role)).
		Scan(&d.AccountID, &d.Role, &d.OrgID, &d.OrgName, &d.Evidence, &d.UpdatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return d, admission.ErrNotFound
	}
	return d, err
}

// AdmissionDraftTimes implements admission.Store.
func (db *DB) AdmissionDraftTimes(ctx context.Context, accountID int64) (map[admission.Role]time.Time, error) {
	rows, err := db.query(ctx, `SELECT apply_type, updated_at FROM admission_drafts WHERE account_id = ?`, accountID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[admission.Role]time.Time{}
	for rows.Next() {
		var r admission.Role
		var at time.Time
		if err := rows.Scan(&r, &at); err != nil {
			return nil, err
		}
		out[r] = at
	}
	return out, rows.Err()
}

// DeleteAdmissionDraft implements admission.Store.
func (db *DB) DeleteAdmissionDraft(ctx context.Context, accountID int64, role admission.Role) error {
	_, err := db.exec(ctx, `DELETE FROM admission_drafts WHERE account_id = ? AND apply_type = ?`, accountID, int(role))
	return err
}
