package store

import (
	"context"
	"database/sql"
	"strconv"
	"sync"
	"time"

	"bidpass/internal/keyset"
)

// The action log's counts are taken with a capped count: up to
// keyset.CountCap+1 index entries. (The review queues' are read from
// tallies, reviewCount in reviews.go: their filters are a few fixed values,
// the log's action filter is free text, which no tally can key.) Taken on
// every first page, a long list's count cost more than the page itself
// (docs/decisions/scale.md, "Flat first pages and numbered pages at a million accounts": 16 ms of a 17 ms first page at 1 M accounts).
// So a count at or above CountExactBelow is kept for CountLag and answered
// from memory meanwhile; a shorter list (one member's recent actions, a
// rare action) is counted on every request and is
// always exact. docs/spec/DECISIONS.md's `count` therefore may lag CountLag on lists
// of CountExactBelow items or more; below it, it never lags.
const (
	// CountExactBelow is the count under which a list is counted afresh on
	// every request: counting that many index entries costs about what
	// reading the page does (well under a millisecond on PostgreSQL), so
	// the pages a pager numbers (keyset.PageReach, within it) always have
	// an exact count.
	CountExactBelow = 1000
	// CountLag is how long a long list's count may be served after it was
	// taken: a write within it shows in the rows at once and in the count
	// (a number ≥ 1,000, or 10000+) at most this much later.
	CountLag = 30 * time.Second
	// countCacheMax bounds the filters remembered (the action filter is
	// free text from the console); past it, long counts are not kept.
	countCacheMax = 4096
)

type countEntry struct {
	n     int64
	taken time.Time
}

// countCache is per process: each instance counts a long list at most once
// per CountLag, which bounds the lag the same as a shared cache would,
// without a round trip to the ephemeral store on every page.
type countCache struct {
	mu  sync.Mutex
	m   map[string]countEntry
	now func() time.Time
}

func (c *countCache) clock() time.Time {
	if c.now != nil {
		return c.now()
	}
	return time.Now()
}

func (c *countCache) get(key string) (int64, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[key]
	if !ok || c.clock().Sub(e.taken) >= CountLag {
		return 0, false
	}
	return e.n, true
}

func (c *countCache) put(key string, n int64, taken time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[string]countEntry{}
	}
	if _, ok := c.m[key]; !ok && len(c.m) >= countCacheMax {
		now := c.clock()
		for k, e := range c.m {
			if now.Sub(e.taken) >= CountLag {
				delete(c.m, k)
			}
		}
		if len(c.m) >= countCacheMax {
			return
		}
	}
	c.m[key] = countEntry{n, taken}
}

// SetCountClockForTest sets the clock the count cache ages its entries by
// (nil: the wall clock), so a test can pass CountLag without sleeping.
func (db *DB) SetCountClockForTest(now func() time.Time) {
	db.counts.mu.Lock()
	defer db.counts.mu.Unlock()
	db.counts.now = now
}

// ForgetCounts drops the kept counts, so the next first page of each list
// counts again: the scale benchmark times that request too.
func (db *DB) ForgetCounts() {
	db.counts.mu.Lock()
	defer db.counts.mu.Unlock()
	clear(db.counts.m)
}

// cappedCount counts the rows of from+where, stopping at
// keyset.CountCap+1, so a count never scans more than that many index
// entries whatever the table's size. key names the list and its filter
// (not the time arguments, which change on every request): a count of
// CountExactBelow or more is kept under it for CountLag. Inside a
// transaction the count is always taken, and not kept, so a caller that
// wrote in it sees its own writes.
func (db *DB) cappedCount(ctx context.Context, key, fromWhere string, args ...any) (int64, error) {
	_, inTx := ctx.Value(txKey{}).(*sql.Tx)
	if !inTx {
		if n, ok := db.counts.get(key); ok {
			return n, nil
		}
	}
	taken := db.counts.clock()
	var n int64
	err := db.queryRow(ctx, `SELECT count(*) FROM (SELECT 1 FROM `+fromWhere+` LIMIT `+strconv.Itoa(keyset.CountCap+1)+`) c`, args...).Scan(&n)
	if err == nil && !inTx && n >= CountExactBelow {
		// Aged from before the count was taken: a write the count missed
		// is no older than this.
		db.counts.put(key, n, taken)
	}
	return n, err
}

// countUnlessAfter is count()'s answer on a list's first or numbered page
// and -1 on a page by cursor: the client has the count from the page it
// started at (docs/spec/DECISIONS.md: absent there), and a deep page should not pay
// for it again (a capped count reads up to ten thousand index entries).
func countUnlessAfter(after *keyset.Cursor, count func() (int64, error)) (int64, error) {
	if after != nil {
		return -1, nil
	}
	return count()
}
