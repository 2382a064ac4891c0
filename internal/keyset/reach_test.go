package keyset_test

import (
	"os"
	"regexp"
	"strconv"
	"testing"

	"bidpass/internal/keyset"
)

// TestConsoleNumbersAsFarAsTheServer keeps the console's numberedReach
// (web/src/features/admin/components/usePaging.ts) equal to PageReach: a
// console that numbered further would offer pages the server refuses, one
// that stopped short would send 更多 where a number still works.
func TestConsoleNumbersAsFarAsTheServer(t *testing.T) {
	src, err := os.ReadFile("../../web/src/features/admin/components/usePaging.ts")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`export const numberedReach = (\d+);`).FindSubmatch(src)
	if m == nil {
		t.Fatal("usePaging.ts: no numberedReach")
	}
	if n, _ := strconv.Atoi(string(m[1])); n != keyset.PageReach {
		t.Errorf("console numberedReach %d, server keyset.PageReach %d", n, keyset.PageReach)
	}
}
