package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckCountsOrphans: the crash check's orphan count is real. On a
// database the binary migrated, a blob no row names, a row whose bytes are
// missing and a cut-short temporary upload are each found, and a clean
// directory gives none.
func TestCheckCountsOrphans(t *testing.T) {
	dir := t.TempDir()
	b := backend{bin: buildBinary(t, "check", dir), dataDir: filepath.Join(dir, "data")}
	if err := os.MkdirAll(b.dataDir, 0o750); err != nil {
		t.Fatal(err)
	}
	if err := b.cli("migrate"); err != nil {
		t.Fatal(err)
	}
	f, err := check(b, newLedger())
	if err != nil || !f.ok() || f.temp != 0 {
		t.Fatalf("clean: %+v %v", f, err)
	}

	noRow, noBytes := strings.Repeat("ab", 16), strings.Repeat("cd", 16)
	sub := filepath.Join(b.dataDir, "files", "ab")
	if err := os.MkdirAll(sub, 0o750); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{noRow, ".upload-123"} {
		if err := os.WriteFile(filepath.Join(sub, name), []byte("photo"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	db, err := b.openSQL()
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`INSERT INTO files (id, owner_id, kind, content_type, ext, size, original_name, created_at)
		VALUES ('` + noBytes + `', 1, 'photo', 'image/png', 'png', 5, 'a.png', CURRENT_TIMESTAMP)`); err != nil {
		t.Fatal(err)
	}
	f, err = check(b, newLedger())
	if err != nil {
		t.Fatal(err)
	}
	if len(f.orphans) != 2 || f.temp != 1 || f.ok() {
		t.Fatalf("planted a blob without a row, a row without bytes and a temp upload; found %+v", f)
	}
	joined := strings.Join(f.orphans, "\n")
	if !strings.Contains(joined, "bytes without a file row: "+noRow) || !strings.Contains(joined, "file row without bytes: "+noBytes) {
		t.Fatalf("orphans: %s", joined)
	}
}
