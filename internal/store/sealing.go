package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"bidpass/internal/sealed"
)

// The columns sealed under the data key (docs/decisions/personal-data.md, "Data protection"): every certificate
// number and every value that may repeat one (a submitted review payload,
// the before/after values of modification and operation records), and the
// private halves of the transport keys and of the OIDC signing keys (the
// SSO package seals those itself, under the purpose oidc_keys.private_sealed;
// listing the column here makes the start-up pass and `bidpass keys rotate`
// reseal them with the rest). Each column's name is its purpose, so a value
// copied into another column does not open there. textKey marks a primary
// key that is text rather than an integer (the rotation walks by it).
var sealedColumns = []struct {
	table, key, column string
	textKey            bool
}{
	{"person_profiles", "account_id", "cert_num", false},
	{"enterprise_profiles", "account_id", "cert_num", false},
	{"enterprise_profiles", "account_id", "legal_cert_num", false},
	{"transport_keys", "id", "private_pem", true},
	{"oidc_keys", "id", "private_sealed", true},
	{"reviews", "id", "payload", false},
	{"modification_records", "id", "before_value", false},
	{"modification_records", "id", "after_value", false},
	{"operation_records", "id", "remarks", false},
	{"second_factors", "subject_id", "secret_sealed", false},
	{"server_keys", "name", "value_sealed", true},
}

// errNoRing is the answer to any sealed read or write on a DB that was
// given no data key: nothing is ever written in clear by mistake.
var errNoRing = errors.New("store: no data key configured (UseRing)")

// UseRing sets the data keys that seal and open the sealed columns. Call it
// before using the DB; then call Reseal.
func (db *DB) UseRing(r *sealed.Ring) { db.ring = r }

// sealedArg is a statement argument sealed for its column when the
// statement runs. The empty string stays empty (an absent value).
type sealedArg struct {
	db      *DB
	plain   string
	purpose string
}

func (a sealedArg) Value() (driver.Value, error) {
	if a.plain == "" {
		return "", nil
	}
	if a.db.ring == nil {
		return nil, errNoRing
	}
	return a.db.ring.Seal([]byte(a.plain), a.purpose)
}

// sealArg wraps plain, bound for table.column, to be sealed on the way in.
func (db *DB) sealArg(plain, table, column string) sealedArg {
	return sealedArg{db: db, plain: plain, purpose: table + "." + column}
}

// openedDest is a Scan destination that opens a sealed column into dst. A
// clear value (written before sealing existed, and not yet resealed) is
// taken as it is.
type openedDest struct {
	db      *DB
	dst     *string
	purpose string
}

func (o openedDest) Scan(src any) error {
	var s string
	switch v := src.(type) {
	case nil:
	case string:
		s = v
	case []byte:
		s = string(v)
	default:
		return fmt.Errorf("store: sealed column %s holds %T", o.purpose, src)
	}
	if !sealed.IsSealed(s) {
		*o.dst = s
		return nil
	}
	if o.db.ring == nil {
		return errNoRing
	}
	plain, err := o.db.ring.Open(s, o.purpose)
	if err != nil {
		return fmt.Errorf("%s: %w", o.purpose, err)
	}
	*o.dst = string(plain)
	return nil
}

// opened is the Scan destination of table.column, opened into dst.
func (db *DB) opened(dst *string, table, column string) openedDest {
	return openedDest{db: db, dst: dst, purpose: table + "." + column}
}

// resealBatch is how many values one step of Reseal reads and rewrites in
// one transaction.
const resealBatch = 500

// Reseal seals, under the current data key, every value of the sealed
// columns that is clear (written before sealing existed) or sealed under
// another key, and reports how many it rewrote. It runs at every start
// (cheap when nothing is stale: one pass over each table comparing a
// prefix) and is the work of `bidpass keys rotate`.
//
// Each column is walked once in primary-key order (keyset: every step
// starts after the last key of the step before, an index range, and every
// rewrite finds its row by the key's index), so the pass is linear in the
// table; each step's rewrites commit together (resealBatch). A value is
// rewritten only if it is still the one read, so a concurrent write is
// never undone.
func (db *DB) Reseal(ctx context.Context) (int64, error) {
	if db.ring == nil {
		return 0, errNoRing
	}
	current := sealed.Prefix + db.ring.Current() + ":%"
	var total int64
	for _, c := range sealedColumns {
		purpose := c.table + "." + c.column
		var last any // nil before the first step
		for {
			batch, err := db.staleSealed(ctx, c.table, c.key, c.column, c.textKey, current, last)
			if err != nil {
				return total, fmt.Errorf("reseal %s: %w", purpose, err)
			}
			if len(batch) == 0 {
				break
			}
			n, err := db.resealBatch(ctx, c.table, c.key, c.column, c.textKey, batch)
			total += n
			if err != nil {
				return total, fmt.Errorf("reseal %s: %w", purpose, err)
			}
			last = batch[len(batch)-1].key
			if len(batch) < resealBatch {
				break
			}
		}
	}
	return total, nil
}

// resealBatch rewrites one step's values under the current key; it
// returns how many it rewrote. Each value is rewritten only where the row
// still holds the value read.
//
// On PostgreSQL a step is one statement, UPDATE … FROM a VALUES list of
// (key, value read, new value), so a step costs one round trip rather than
// one per value (100 000 values: 5.8 s instead of 16.7 s). The key is cast to
// its column's type because PostgreSQL types a bare VALUES parameter as text.
// SQLite runs in the process, where a statement per value inside one
// transaction is about three times faster than the joined UPDATE.
func (db *DB) resealBatch(ctx context.Context, table, key, column string, textKey bool, batch []staleValue) (int64, error) {
	purpose := table + "." + column
	fresh := make([]sealedArg, len(batch))
	for i, s := range batch {
		plain := s.value
		if sealed.IsSealed(s.value) {
			b, err := db.ring.Open(s.value, purpose)
			if err != nil {
				return 0, fmt.Errorf("%v: %w", s.key, err)
			}
			plain = string(b)
		}
		fresh[i] = sealedArg{db: db, plain: plain, purpose: purpose}
	}
	if db.dialect == Postgres {
		keyType := "BIGINT"
		if textKey {
			keyType = "TEXT"
		}
		rows := make([]string, len(batch))
		args := make([]any, 0, 3*len(batch))
		for i, s := range batch {
			rows[i] = "(CAST(? AS " + keyType + "), ?, ?)"
			args = append(args, s.key, s.value, fresh[i])
		}
		res, err := db.exec(ctx, `UPDATE `+table+` SET `+column+` = v.column3 FROM (VALUES `+strings.Join(rows, ", ")+`) AS v
			WHERE `+table+`.`+key+` = v.column1 AND `+table+`.`+column+` = v.column2`, args...)
		if err != nil {
			return 0, err
		}
		return res.RowsAffected()
	}
	var total int64
	err := db.InTx(ctx, func(ctx context.Context) error {
		for i, s := range batch {
			res, err := db.exec(ctx, `UPDATE `+table+` SET `+column+` = ? WHERE `+key+` = ? AND `+column+` = ?`, fresh[i], s.key, s.value)
			if err != nil {
				return fmt.Errorf("%v: %w", s.key, err)
			}
			n, _ := res.RowsAffected()
			total += n
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return total, nil
}

type staleValue struct {
	key   any // int64 or string, as the column's key
	value string
}

// staleSealed reads the next resealBatch values of table.column not
// sealed under the current key, in key order after last (from the start
// when last is nil).
func (db *DB) staleSealed(ctx context.Context, table, key, column string, textKey bool, current string, last any) ([]staleValue, error) {
	q := `SELECT ` + key + `, ` + column + ` FROM ` + table + ` WHERE ` + column + ` <> '' AND ` + column + ` NOT LIKE ?`
	args := []any{current}
	if last != nil {
		q += ` AND ` + key + ` > ?`
		args = append(args, last)
	}
	rows, err := db.query(ctx, q+` ORDER BY `+key+` LIMIT `+strconv.Itoa(resealBatch), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var batch []staleValue
	for rows.Next() {
		var s staleValue
		var ik int64
		var sk string
		dest := any(&ik)
		if textKey {
			dest = &sk
		}
		if err := rows.Scan(dest, &s.value); err != nil {
			return nil, err
		}
		s.key = ik
		if textKey {
			s.key = sk
		}
		batch = append(batch, s)
	}
	return batch, rows.Err()
}

// UnsealedValues counts the values of the sealed columns not sealed under
// the current key (what Reseal would rewrite): 0 after a rotation means
// the old key may be removed from the configuration.
func (db *DB) UnsealedValues(ctx context.Context) (int64, error) {
	if db.ring == nil {
		return 0, errNoRing
	}
	current := sealed.Prefix + db.ring.Current() + ":%"
	parts := make([]string, len(sealedColumns))
	args := make([]any, len(sealedColumns))
	for i, c := range sealedColumns {
		parts[i] = `(SELECT count(*) FROM ` + c.table + ` WHERE ` + c.column + ` <> '' AND ` + c.column + ` NOT LIKE ?)`
		args[i] = current
	}
	var n int64
	err := db.queryRow(ctx, `SELECT `+strings.Join(parts, " + "), args...).Scan(&n)
	return n, err
}
