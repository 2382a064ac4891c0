package store

import "context"

// list runs a query and reads every row with scan, closing the rows: the
// loop each of the store's lists would otherwise write again. Like a loop
// over a nil slice, it gives nil when nothing matches; a list the API
// shows as [] goes through nonNil.
func list[T any](ctx context.Context, db *DB, scan func(rowScanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := db.query(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, availability(rows.Err())
}
