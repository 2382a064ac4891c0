// Package keyset is the paging of lists that grow without bound (the
// review queues, the staff action log): a page after the last row seen,
// named by an opaque cursor, so a deep page costs what the first one does
// whatever the table's size (docs/decisions/scale.md, "Numbered pages reach 200 rows; deeper pages go by cursor"). OFFSET paging stays for the pages
// a pager can number, as far as PageReach.
package keyset

import (
	"encoding/base64"
	"errors"
	"strconv"
	"strings"
	"time"
)

// CountCap bounds the counts of unbounded lists (docs/spec/DECISIONS.md: counts may
// be capped at 10,000): a count stops at CountCap+1.
const CountCap = 10000

// PageReach is how far numbered pages (OFFSET) reach into an unbounded
// list: a page starting at row PageReach or later is refused, and deeper
// pages go by cursor. 200 rows is 20 pages of 10 (2 of 100): a review
// queue is worked from its oldest item and the action log read from its
// newest, so a page by number beyond that is a jump nobody makes where the
// rows shift under the reader with every claim and decision; 更多 walks on
// at any depth. OFFSET then walks at most 200 index entries, which keeps a
// numbered page's cost within what a first page costs at a million
// accounts (docs/decisions/scale.md, "Numbered pages reach 200 rows; deeper pages go by cursor": 1,000 rows, the fourth session's reach, made page
// 100 cost 2–3 times page 1 on PostgreSQL, most of it fetching the heap
// pages a recent write had left not all-visible).
const PageReach = 200

// Cursor is the sort key of the last row of a page: its time (submission,
// decision or action time, as the list orders) and its id, the tie-break.
type Cursor struct {
	At time.Time
	ID int64
}

// ErrMalformed is a cursor string that no page produced.
var ErrMalformed = errors.New("keyset: malformed cursor")

// Encode is the cursor as the opaque string the API hands out. Nanoseconds
// keep SQLite's times exact (PostgreSQL stores microseconds, which survive).
func (c Cursor) Encode() string {
	raw := strconv.FormatInt(c.At.UnixNano(), 36) + "." + strconv.FormatInt(c.ID, 36)
	return base64.RawURLEncoding.EncodeToString([]byte(raw))
}

// Decode reads a cursor made by Encode; "" is no cursor (nil, nil).
func Decode(s string) (*Cursor, error) {
	if s == "" {
		return nil, nil
	}
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || len(raw) > 40 {
		return nil, ErrMalformed
	}
	at, id, ok := strings.Cut(string(raw), ".")
	if !ok {
		return nil, ErrMalformed
	}
	ns, err1 := strconv.ParseInt(at, 36, 64)
	n, err2 := strconv.ParseInt(id, 36, 64)
	if err1 != nil || err2 != nil || n <= 0 {
		return nil, ErrMalformed
	}
	return &Cursor{At: time.Unix(0, ns).UTC(), ID: n}, nil
}

// PageSize is the page size a list uses for a requested one: 1..100, else
// def. Handlers and services share it, so "the page came back full" (there
// may be a next page) is judged on the size the store really used.
func PageSize(n, def int) int {
	if n < 1 || n > 100 {
		return def
	}
	return n
}
