package store

import (
	"strconv"

	"bidpass/internal/keyset"
)

// pageAfter adds the keyset condition of a page after cursor c to where
// and args: rows past c in the order (col, idCol), ascending or descending.
// A row comparison is what both dialects' planners turn into an index
// range start, so the page reads only its own rows.
func pageAfter(where []string, args []any, col, idCol string, desc bool, c *keyset.Cursor) ([]string, []any) {
	if c == nil {
		return where, args
	}
	op := ">"
	if desc {
		op = "<"
	}
	return append(where, "("+col+", "+idCol+") "+op+" (?, ?)"), append(args, c.At.UTC(), c.ID)
}

// offsetOf is the OFFSET of a numbered page, 0 for a page by cursor.
func offsetOf(page, size int, after *keyset.Cursor) int {
	if after != nil {
		return 0
	}
	return (page - 1) * size
}

// limitOffset is a page's LIMIT and OFFSET written into the statement as
// numbers, not passed as parameters. The driver prepares each statement
// once per connection and PostgreSQL then reuses one generic plan when it
// costs no more than the plans made for the values; with LIMIT $n it costs
// the generic plan as if a tenth of the matching rows were read, which on
// a large table is far more than a page, so it planned the list's join
// afresh on every request (about 0.5 ms, the open queue's deep page 3×
// the small database's; docs/decisions/scale.md, "Numbered pages reach 200 rows; deeper pages go by cursor"). With the numbers in the text the
// generic plan is costed at its real size and reused. Both are ints
// bounded by the services, and the statements stay few (page sizes times
// the numbered pages within keyset.PageReach).
func limitOffset(limit, offset int) string {
	return " LIMIT " + strconv.Itoa(limit) + " OFFSET " + strconv.Itoa(offset)
}
