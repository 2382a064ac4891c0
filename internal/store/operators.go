package store

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"bidpass/internal/operator"
)

// Operator links (docs/decisions/operators.md, "Operator links"). Transitions are single guarded UPDATEs: a link
// moves only from the state its writer read, so an accept racing a cancel
// lands once. A pair has at most one open (pending or bound, not
// superseded) link: migration 00240's unique index, which a crossing
// request's insert runs into.

const linkColumns = `l.id, l.enterprise_id, l.person_id, l.handle_type, l.state, l.operate_start, l.operate_end, l.created_at, l.updated_at, l.superseded`

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
	err := r.Scan(append([]any{&l.ID, &l.EnterpriseID, &l.PersonID, &l.HandleType, &l.State, &l.OperateStart, &l.OperateEnd, &l.CreatedAt, &l.UpdatedAt, &l.Superseded}, extra...)...)
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
		WHERE l.enterprise_id = ? AND l.person_id = ? AND l.state IN ('A0', 'A1') AND NOT l.superseded ORDER BY l.id DESC`, enterpriseID, personID)
}

// SupersedeOperatorLink implements operator.Store: the guarded write that
// takes an expired bound link out of migration 00240's one-open-link index.
func (db *DB) SupersedeOperatorLink(ctx context.Context, id int64, at time.Time) error {
	_, err := db.exec(ctx, `UPDATE operator_links SET superseded = TRUE, updated_at = ? WHERE id = ? AND state = 'A1'`, at.UTC(), id)
	return err
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
		WHERE `+mine+` = ? AND l.state = 'A1' AND NOT l.superseded AND l.operate_start <= ? AND l.operate_end >= ? ORDER BY l.id DESC`,
		accountID, today, today)
}

// Operator pairs (migration 00250): one row per enterprise and person, the
// lock every request, answer and block of the pair takes first, and its
// invitation count, refusal and block (docs/decisions/races-and-denial.md,
// "Invitations are limited, and a person can block an enterprise").

const pairColumns = `id, enterprise_id, person_id, invite_day, invites_on_day, refused_at, blocked_at, version`

func scanPair(r rowScanner) (operator.Pair, error) {
	var p operator.Pair
	var refused, blocked sql.NullTime
	err := r.Scan(&p.ID, &p.EnterpriseID, &p.PersonID, &p.InviteDay, &p.InvitesOnDay, &refused, &blocked, &p.Version)
	if refused.Valid {
		p.RefusedAt = refused.Time.UTC()
	}
	if blocked.Valid {
		p.BlockedAt = blocked.Time.UTC()
	}
	return p, err
}

// pairTime is t for a nullable column: the zero time is NULL.
func pairTime(t time.Time) sql.NullTime {
	if t.IsZero() {
		return sql.NullTime{}
	}
	return sql.NullTime{Time: t.UTC(), Valid: true}
}

// LockOperatorPair implements operator.Store. One statement creates or
// locks the row: ON CONFLICT DO UPDATE takes PostgreSQL's row lock and
// returns the newest committed version (a plain SELECT under READ
// COMMITTED could read one a waiting writer is about to replace); on
// SQLite the write takes the database's one write lock.
func (db *DB) LockOperatorPair(ctx context.Context, enterpriseID, personID int64, at time.Time) (operator.Pair, error) {
	return scanPair(db.queryRow(ctx, `INSERT INTO operator_pairs (enterprise_id, person_id, created_at, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (enterprise_id, person_id) DO UPDATE SET enterprise_id = excluded.enterprise_id
		RETURNING `+pairColumns, enterpriseID, personID, at.UTC(), at.UTC()))
}

// SaveOperatorPair implements operator.Store: the write names the version
// read, so one made from a stale read changes no row.
func (db *DB) SaveOperatorPair(ctx context.Context, p *operator.Pair, at time.Time) error {
	res, err := db.exec(ctx, `UPDATE operator_pairs SET invite_day = ?, invites_on_day = ?, refused_at = ?, blocked_at = ?, updated_at = ?, version = version + 1
		WHERE id = ? AND version = ?`,
		p.InviteDay, p.InvitesOnDay, pairTime(p.RefusedAt), pairTime(p.BlockedAt), at.UTC(), p.ID, p.Version)
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil {
		return err
	} else if n != 1 {
		return operator.ErrPairChanged
	}
	p.Version++
	return nil
}

// OperatorPair implements operator.Store.
func (db *DB) OperatorPair(ctx context.Context, id int64) (operator.Pair, error) {
	p, err := scanPair(db.queryRow(ctx, `SELECT `+pairColumns+` FROM operator_pairs WHERE id = ?`, id))
	if errors.Is(notFound(err), ErrNotFound) {
		return p, operator.ErrLinkNotFound
	}
	return p, err
}

// BlockedEnterprises implements operator.Store.
func (db *DB) BlockedEnterprises(ctx context.Context, personID int64) ([]operator.Blocked, error) {
	rows, err := db.query(ctx, `SELECT o.id, o.blocked_at, a.id, a.account_name, a.auth_state, COALESCE(e.name, ''), COALESCE(e.cert_num, '')
		FROM operator_pairs o JOIN accounts a ON a.id = o.enterprise_id LEFT JOIN enterprise_profiles e ON e.account_id = o.enterprise_id
		WHERE o.person_id = ? AND o.blocked_at IS NOT NULL ORDER BY o.blocked_at DESC, o.id DESC`, personID)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := []operator.Blocked{}
	for rows.Next() {
		var b operator.Blocked
		if err := rows.Scan(&b.PairID, &b.BlockedAt, &b.Other.AccountID, &b.Other.Account, &b.Other.AuthState, &b.Other.Name,
			db.opened(&b.Other.CertNum, "enterprise_profiles", "cert_num")); err != nil {
			return nil, err
		}
		b.BlockedAt = b.BlockedAt.UTC()
		out = append(out, b)
	}
	return out, rows.Err()
}
