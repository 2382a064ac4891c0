package store_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestKnownFiles: the sweep of blobs without a row asks which ids have
// one, many at a time, on both databases.
func TestKnownFiles(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s := db.Files()
		row := strings.Repeat("1a", 16)
		if err := s.CreateFile(ctx, photoFile(row, 7, time.Now().UTC())); err != nil {
			t.Fatal(err)
		}
		ids := []string{row}
		for i := 0; i < 499; i++ {
			ids = append(ids, fmt.Sprintf("%032x", i+1))
		}
		known, err := s.KnownFiles(ctx, ids)
		if err != nil || len(known) != 1 || !known[row] {
			t.Fatalf("known: %v %v", known, err)
		}
		if known, err := s.KnownFiles(ctx, nil); err != nil || len(known) != 0 {
			t.Fatalf("no ids: %v %v", known, err)
		}
	})
}
