package keyset_test

import (
	"testing"

	"bidpass/internal/keyset"
	"bidpass/internal/webconst"
)

// TestConsoleNumbersAsFarAsTheServer keeps the console's numberedReach
// (web/src/features/admin/components/usePaging.ts) equal to PageReach: a
// console that numbered further would offer pages the server refuses, one
// that stopped short would send 更多 where a number still works.
func TestConsoleNumbersAsFarAsTheServer(t *testing.T) {
	if n := webconst.Int(t, "features/admin/components/usePaging.ts", "numberedReach"); n != keyset.PageReach {
		t.Errorf("console numberedReach %d, server keyset.PageReach %d", n, keyset.PageReach)
	}
}
