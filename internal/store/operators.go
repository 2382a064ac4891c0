package store

import (
	"context"
	"errors"
	"time"

	"bidpass/internal/operator"
)

// Operator links (issue 14). Transitions are single guarded UPDATEs: a link
// moves only from the state its writer read, so an accept racing a cancel
// lands once.

const linkColumns = `l.id, l.enterprise_id, l.person_id, l.handle_type, l.state, l.operate_start, l.operate_end, l.created_at, l.updated_at`

// CreateOperatorLink implements operator.Store.
func (db *DB) CreateOperatorLink(ctx context.Context, l *operator.Link) error {
	id, err := db.insertID(ctx, `INSERT INTO operator_links (enterprise_id, person_id, handle_type, state, operate_start, operate_end, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		l.EnterpriseID, l.PersonID, int(l.HandleType), string(l.State), l.OperateStart, l.OperateEnd, l.CreatedAt.UTC(), l.UpdatedAt.UTC())
	if isUniqueViolation(err) {
		return operator.ErrOpenLink
	}
	if err != nil {
		return err
	}
	l.ID = id
	return nil
}

type rowScanner = interface{ Scan(dest ...any) error }

func scanLink(r rowScanner, extra ...any) (operator.Link, error) {
	var l operator.Link
	err := r.Scan(append([]any{&l.ID, &l.EnterpriseID, &l.PersonID, &l.HandleType, &l.State, &l.OperateStart, &l.OperateEnd, &l.CreatedAt, &l.UpdatedAt}, extra...)...)
	return l, err
}

// OperatorLink implements operator.Store.
func (db *DB) OperatorLink(ctx context.Context, id int64) (operator.Link, error) {
	l, err := scanLink(db.queryRow(ctx, `SELECT `+linkColumns+` FROM operator_links l WHERE l.id = ?`, id))
	if errors.Is(notFound(err), ErrNotFound) {
		return l, operator.ErrLinkNotFound
	}
	return l, err
}

// OpenOperatorLinks implements operator.Store.
func (db *DB) OpenOperatorLinks(ctx context.Context, enterpriseID, personID int64) ([]operator.Link, error) {
	return list(ctx, db, func(r rowScanner) (operator.Link, error) { return scanLink(r) }, `SELECT `+linkColumns+` FROM operator_links l
		WHERE l.enterprise_id = ? AND l.person_id = ? AND l.state IN ('A0', 'A1') ORDER BY l.id DESC`, enterpriseID, personID)
}

// MoveOperatorLink implements operator.Store.
func (db *DB) MoveOperatorLink(ctx context.Context, id int64, from, to operator.State, start, end string, at time.Time) (bool, error) {
	res, err := db.exec(ctx, `UPDATE operator_links SET state = ?, operate_start = ?, operate_end = ?, updated_at = ? WHERE id = ? AND state = ?`,
		string(to), start, end, at.UTC(), id, string(from))
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// otherParty is the join that names the other side of a link: the person
// (real name, identity number) for an enterprise, the enterprise (name,
// credit code) for a person. A missing profile reads as empty text.
func otherParty(side operator.Side) (mine, join string) {
	if side == operator.EnterpriseSide {
		return "l.enterprise_id", `JOIN accounts a ON a.id = l.person_id
			LEFT JOIN person_profiles p ON p.account_id = l.person_id`
	}
	return "l.person_id", `JOIN accounts a ON a.id = l.enterprise_id
		LEFT JOIN (SELECT account_id, name AS real_name, cert_num FROM enterprise_profiles) p ON p.account_id = l.enterprise_id`
}

const partyColumns = `, a.id, a.account_name, a.auth_state, COALESCE(p.real_name, ''), COALESCE(p.cert_num, '')`

func (db *DB) operatorEntries(ctx context.Context, side operator.Side, query string, args ...any) ([]operator.Entry, error) {
	other := "enterprise_profiles"
	if side == operator.EnterpriseSide {
		other = "person_profiles"
	}
	rows, err := db.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []operator.Entry{}
	for rows.Next() {
		var e operator.Entry
		l, err := scanLink(rows, &e.Other.AccountID, &e.Other.Account, &e.Other.AuthState, &e.Other.Name, db.opened(&e.Other.CertNum, other, "cert_num"))
		if err != nil {
			return nil, err
		}
		e.Link = l
		out = append(out, e)
	}
	return out, rows.Err()
}

// OperatorLinks implements operator.Store.
func (db *DB) OperatorLinks(ctx context.Context, side operator.Side, accountID int64, offset, limit int) ([]operator.Entry, int64, error) {
	mine, join := otherParty(side)
	var n int64
	if err := db.queryRow(ctx, `SELECT COUNT(*) FROM operator_links l WHERE `+mine+` = ?`, accountID).Scan(&n); err != nil {
		return nil, 0, err
	}
	es, err := db.operatorEntries(ctx, side, `SELECT `+linkColumns+partyColumns+` FROM operator_links l `+join+`
		WHERE `+mine+` = ? ORDER BY CASE WHEN l.state IN ('A0', 'A1') THEN 0 ELSE 1 END, l.id DESC LIMIT ? OFFSET ?`,
		accountID, limit, offset)
	return es, n, err
}

// ActiveOperatorLinks implements operator.Store. Dates are yyyy-MM-dd text,
// which compares in date order.
func (db *DB) ActiveOperatorLinks(ctx context.Context, side operator.Side, accountID int64, today string) ([]operator.Entry, error) {
	mine, join := otherParty(side)
	return db.operatorEntries(ctx, side, `SELECT `+linkColumns+partyColumns+` FROM operator_links l `+join+`
		WHERE `+mine+` = ? AND l.state = 'A1' AND l.operate_start <= ? AND l.operate_end >= ? ORDER BY l.id DESC`,
		accountID, today, today)
}
