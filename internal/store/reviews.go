package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"bidpass/internal/review"
)

const reviewColumns = `r.id, r.kind, r.account_id, r.subject, r.payload, r.state, r.claimed_by, r.claimed_at, r.decision, r.remark, r.decided_by, r.decided_at, r.submitted_at`

func (db *DB) scanReview(row interface{ Scan(...any) error }, extra ...any) (review.Item, error) {
	var it review.Item
	var payload string
	var claimedBy, decidedBy sql.NullInt64
	var claimedAt, decidedAt sql.NullTime
	dest := append([]any{&it.ID, &it.Kind, &it.AccountID, &it.Subject, db.opened(&payload, "reviews", "payload"), &it.State, &claimedBy, &claimedAt,
		&it.Decision, &it.Remark, &decidedBy, &decidedAt, &it.SubmittedAt}, extra...)
	if err := row.Scan(dest...); err != nil {
		if errors.Is(notFound(err), ErrNotFound) {
			return it, review.ErrNotFound
		}
		return it, err
	}
	it.Payload = json.RawMessage(payload)
	it.ClaimedBy = claimedBy.Int64
	it.DecidedBy = decidedBy.Int64
	if claimedAt.Valid {
		t := claimedAt.Time.UTC()
		it.ClaimedAt = &t
	}
	if decidedAt.Valid {
		t := decidedAt.Time.UTC()
		it.DecidedAt = &t
	}
	it.SubmittedAt = it.SubmittedAt.UTC()
	return it, nil
}

// CreateReview implements review.Store.
// A second open real-name item of the account is review.ErrAlreadyPending.
func (db *DB) CreateReview(ctx context.Context, it review.Item) (int64, error) {
	id, err := db.insertID(ctx, `INSERT INTO reviews (kind, account_id, subject, payload, state, submitted_at) VALUES (?, ?, ?, ?, ?, ?)`,
		it.Kind, it.AccountID, it.Subject, db.sealArg(string(it.Payload), "reviews", "payload"), it.State, it.SubmittedAt.UTC())
	if isUniqueViolation(err) {
		return 0, review.ErrAlreadyPending
	}
	return id, err
}

// Review implements review.Store.
func (db *DB) Review(ctx context.Context, id int64) (review.Item, error) {
	return db.scanReview(db.queryRow(ctx, `SELECT `+reviewColumns+` FROM reviews r WHERE r.id = ?`, id))
}

// OpenReviewOf implements review.Store.
func (db *DB) OpenReviewOf(ctx context.Context, accountID int64, kind review.Kind) (review.Item, error) {
	return db.scanReview(db.queryRow(ctx, `SELECT `+reviewColumns+` FROM reviews r
		WHERE r.account_id = ? AND r.kind = ? AND r.state IN ('pending', 'claimed') ORDER BY r.id DESC LIMIT 1`, accountID, kind))
}

// claimable is the condition under which a reviewer may take or decide an
// item: nobody holds it, they hold it, or the holder's claim went stale.
// The condition sits in the UPDATE itself, so two reviewers racing for one
// item cannot both succeed whatever the isolation level.
const claimable = `(state = 'pending' OR (state = 'claimed' AND (claimed_by = ? OR claimed_at < ?)))`

// ClaimReview implements review.Store.
func (db *DB) ClaimReview(ctx context.Context, id, by int64, at, staleBefore time.Time) (bool, error) {
	res, err := db.exec(ctx, `UPDATE reviews SET state = 'claimed', claimed_by = ?, claimed_at = ? WHERE id = ? AND `+claimable,
		by, at.UTC(), id, by, staleBefore.UTC())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// DecideReview implements review.Store.
func (db *DB) DecideReview(ctx context.Context, id, by int64, action review.Action, remark string, at, staleBefore time.Time) (bool, error) {
	res, err := db.exec(ctx, `UPDATE reviews SET state = 'decided', decision = ?, remark = ?, decided_by = ?, decided_at = ?,
		claimed_by = ?, claimed_at = COALESCE(claimed_at, ?) WHERE id = ? AND `+claimable,
		action, remark, by, at.UTC(), by, at.UTC(), id, by, staleBefore.UTC())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// RevokeReview implements review.Store.
func (db *DB) RevokeReview(ctx context.Context, id, accountID int64) (bool, error) {
	res, err := db.exec(ctx, `UPDATE reviews SET state = 'revoked' WHERE id = ? AND account_id = ? AND state IN ('pending', 'claimed')`, id, accountID)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// ListReviews implements review.Store. Pending means unclaimed or claimed
// longer ago than the claim lifetime; claimed means a live claim. Open
// queues list the oldest first (longest waiting); decided, newest first.
// Every state's condition names the state set of a partial index
// (migration 00061) so the page is read in order from it. The page of ids
// is chosen first, from the index alone (migration 00150 puts every column
// a condition reads into it), so a numbered page's OFFSET skips index
// entries, not rows; only the page's own rows are then read and the names
// joined; the payload is not read. LIMIT and OFFSET are in the text
// (limitOffset: the plan is reused). The count is exact (reviewCount) and
// -1 (not taken) on a page by cursor.
func (db *DB) ListReviews(ctx context.Context, f review.Filter, staleBefore time.Time) ([]review.QueueEntry, int64, error) {
	var where []string
	var args []any
	order, keyCol, desc := "r.submitted_at, r.id", "r.submitted_at", false
	switch f.State {
	case review.StatePending:
		where = append(where, "r.state IN ('pending', 'claimed') AND (r.state = 'pending' OR r.claimed_at < ?)")
		args = append(args, staleBefore.UTC())
	case review.StateClaimed:
		where = append(where, "r.state IN ('pending', 'claimed') AND r.state = 'claimed' AND r.claimed_at >= ?")
		args = append(args, staleBefore.UTC())
	case review.StateDecided:
		where = append(where, "r.state = 'decided'")
		order, keyCol, desc = "r.decided_at DESC, r.id DESC", "r.decided_at", true
	default:
		where = append(where, "r.state IN ('pending', 'claimed')")
	}
	if f.Kind != "" {
		where = append(where, "r.kind = ?")
		args = append(args, f.Kind)
	}
	if f.Subject != "" {
		where = append(where, "r.subject = ?")
		args = append(args, f.Subject)
	}
	total, err := countUnlessAfter(f.After, func() (int64, error) { return db.reviewCount(ctx, f, staleBefore) })
	if err != nil {
		return nil, 0, err
	}
	where, args = pageAfter(where, args, keyCol, "r.id", desc, f.After)
	cond := strings.Join(where, " AND ")
	rows, err := db.query(ctx, `SELECT `+reviewListColumns+`, a.account_name, COALESCE(c.account_name, ''), COALESCE(d.account_name, '')
		FROM (SELECT r.id FROM reviews r WHERE `+cond+` ORDER BY `+order+limitOffset(f.PageSize, offsetOf(f.Page, f.PageSize, f.After))+`) p
		JOIN reviews r ON r.id = p.id
		JOIN accounts a ON a.id = r.account_id
		LEFT JOIN staff c ON c.id = r.claimed_by LEFT JOIN staff d ON d.id = r.decided_by
		ORDER BY `+order, args...)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	out := []review.QueueEntry{}
	for rows.Next() {
		var e review.QueueEntry
		it, err := db.scanReview(rows, &e.AccountName, &e.ClaimedByName, &e.DecidedByName)
		if err != nil {
			return nil, 0, err
		}
		e.Item = it
		out = append(out, e)
	}
	return out, total, rows.Err()
}

// reviewCount is the exact length of a review list, read from the
// tallies the triggers of migration 00170 keep per kind, subject and state,
// so it costs the same at a million items as at ten, never lags a write and
// needs no cap. Only which open items are pending depends on the time (a
// claim goes stale after review.ClaimTTL): the live claims are counted by
// range on reviews_live_claims, and they are what reviewers hold right now,
// not what the table has grown to. Tally and claims are read in one
// statement, so from one snapshot.
func (db *DB) reviewCount(ctx context.Context, f review.Filter, staleBefore time.Time) (int64, error) {
	var filter string
	var fargs []any
	if f.Kind != "" {
		filter += " AND kind = ?"
		fargs = append(fargs, f.Kind)
	}
	if f.Subject != "" {
		filter += " AND subject = ?"
		fargs = append(fargs, f.Subject)
	}
	tally := func(states string) string {
		return `(SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) FROM review_tallies WHERE state IN (` + states + `)` + filter + `)`
	}
	live := `(SELECT count(*) FROM reviews WHERE state = 'claimed' AND claimed_at >= ?` + filter + `)`
	liveArgs := append([]any{staleBefore.UTC()}, fargs...)
	var q string
	var args []any
	switch f.State {
	case review.StatePending: // open, less the live claims
		q, args = tally(`'pending', 'claimed'`)+` - `+live, append(append([]any{}, fargs...), liveArgs...)
	case review.StateClaimed:
		q, args = live, liveArgs
	case review.StateDecided:
		q, args = tally(`'decided'`), fargs
	default: // every open item
		q, args = tally(`'pending', 'claimed'`), fargs
	}
	var n int64
	err := db.queryRow(ctx, `SELECT `+q, args...).Scan(&n)
	return n, err
}

// reviewListColumns are reviewColumns without the payload, which a queue
// line does not show (it can be large: a whole real-name submission).
var reviewListColumns = strings.Replace(reviewColumns, "r.payload", "'' AS payload", 1)

// ReviewsOfAccount implements review.Store.
func (db *DB) ReviewsOfAccount(ctx context.Context, accountID int64) ([]review.Item, error) {
	// scanReview takes extra columns (the queue's names); here there are none.
	return list(ctx, db, func(r rowScanner) (review.Item, error) { return db.scanReview(r) }, `SELECT `+reviewColumns+` FROM reviews r WHERE r.account_id = ? ORDER BY r.id DESC`, accountID)
}

// CreateDecision implements review.Store.
func (db *DB) CreateDecision(ctx context.Context, d review.DecisionRecord) (int64, error) {
	if d.Files == nil {
		d.Files = []review.FileRef{}
	}
	fj, err := json.Marshal(d.Files)
	if err != nil {
		return 0, err
	}
	return db.insertID(ctx, `INSERT INTO review_decisions (review_id, staff_id, staff_name, action, remark, files, decided_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		d.ReviewID, d.StaffID, d.StaffName, d.Action, d.Remark, string(fj), d.DecidedAt.UTC())
}

// DecisionsOf implements review.Store.
func (db *DB) DecisionsOf(ctx context.Context, reviewIDs ...int64) ([]review.DecisionRecord, error) {
	if len(reviewIDs) == 0 {
		return nil, nil
	}
	ph := strings.TrimSuffix(strings.Repeat("?, ", len(reviewIDs)), ", ")
	args := make([]any, len(reviewIDs))
	for i, id := range reviewIDs {
		args[i] = id
	}
	rows, err := db.query(ctx, `SELECT id, review_id, staff_id, staff_name, action, remark, files, decided_at
		FROM review_decisions WHERE review_id IN (`+ph+`) ORDER BY decided_at, id`, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []review.DecisionRecord
	for rows.Next() {
		var d review.DecisionRecord
		var fj string
		if err := rows.Scan(&d.ID, &d.ReviewID, &d.StaffID, &d.StaffName, &d.Action, &d.Remark, &fj, &d.DecidedAt); err != nil {
			return nil, err
		}
		d.DecidedAt = d.DecidedAt.UTC()
		if err := json.Unmarshal([]byte(fj), &d.Files); err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

var _ review.Store = (*DB)(nil)
