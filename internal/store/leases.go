package store

import (
	"context"
	"time"
)

// TryLease takes the lease of job name for holder until now+ttl when it is
// free, run out, or already holder's, and reports whether holder has it.
// One statement on both dialects: of instances asking at once, exactly one
// gets a free lease.
func (db *DB) TryLease(ctx context.Context, name, holder string, now time.Time, ttl time.Duration) (bool, error) {
	res, err := db.exec(ctx, `INSERT INTO job_leases (name, holder, until_at) VALUES (?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until_at = excluded.until_at
		WHERE job_leases.until_at <= ? OR job_leases.holder = excluded.holder`,
		name, holder, now.Add(ttl).UTC(), now.UTC())
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
