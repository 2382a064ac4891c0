package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"strings"

	"bidpass/internal/sealed"
)

// The columns sealed under the data key (issue 17): every certificate
// number and every value that may repeat one (a submitted review payload,
// the before/after values of modification and operation records), and the
// transport keys' private halves. Each column's name is its purpose, so a
// value copied into another column does not open there.
var sealedColumns = []struct{ table, key, column string }{
	{"person_profiles", "account_id", "cert_num"},
	{"enterprise_profiles", "account_id", "cert_num"},
	{"enterprise_profiles", "account_id", "legal_cert_num"},
	{"transport_keys", "id", "private_pem"},
	{"reviews", "id", "payload"},
	{"modification_records", "id", "before_value"},
	{"modification_records", "id", "after_value"},
	{"operation_records", "id", "remarks"},
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

// Reseal seals, under the current data key, every value of the sealed
// columns that is clear (written before sealing existed) or sealed under
// another key, and reports how many it rewrote. It runs at every start
// (cheap when nothing is stale: one indexed-free scan per column comparing
// a prefix) and is the work of `bidpass keys rotate`. Each value is
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
		last := ""
		for {
			// Keys are compared as text so one loop serves integer and
			// text keys alike; the order only has to be stable.
			rows, err := db.query(ctx, `SELECT CAST(`+c.key+` AS TEXT), `+c.column+` FROM `+c.table+`
				WHERE `+c.column+` <> '' AND `+c.column+` NOT LIKE ? AND CAST(`+c.key+` AS TEXT) > ?
				ORDER BY CAST(`+c.key+` AS TEXT) LIMIT 500`, current, last)
			if err != nil {
				return total, fmt.Errorf("reseal %s: %w", purpose, err)
			}
			type stale struct{ key, value string }
			var batch []stale
			for rows.Next() {
				var s stale
				if err := rows.Scan(&s.key, &s.value); err != nil {
					rows.Close()
					return total, err
				}
				batch = append(batch, s)
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return total, err
			}
			if len(batch) == 0 {
				break
			}
			for _, s := range batch {
				plain := s.value
				if sealed.IsSealed(s.value) {
					b, err := db.ring.Open(s.value, purpose)
					if err != nil {
						return total, fmt.Errorf("reseal %s %s: %w", purpose, s.key, err)
					}
					plain = string(b)
				}
				res, err := db.exec(ctx, `UPDATE `+c.table+` SET `+c.column+` = ? WHERE CAST(`+c.key+` AS TEXT) = ? AND `+c.column+` = ?`,
					sealedArg{db: db, plain: plain, purpose: purpose}, s.key, s.value)
				if err != nil {
					return total, fmt.Errorf("reseal %s %s: %w", purpose, s.key, err)
				}
				n, _ := res.RowsAffected()
				total += n
			}
			last = batch[len(batch)-1].key
		}
	}
	return total, nil
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
