package store

import "bidpass/internal/keyset"

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
