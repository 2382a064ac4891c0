package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"bidpass/internal/sealed"
)

// testDataKey is the data key the command tests configure (outside dev
// mode a missing key stops every command).
var testDataKey = sealed.NewKey()

// TestKeysRotate: a database written under key 1 is resealed by keys
// rotate under key 2 (listed first, key 1 after it); then key 1 is
// removed and the accounts still open; without any key, a clear error.
func TestKeysRotate(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	key := testDataKey
	getenv := func(k string) string {
		switch k {
		case "BIDPASS_DATA_DIR":
			return dir
		case "BIDPASS_DATA_KEY":
			return key
		}
		return ""
	}
	var out bytes.Buffer
	if err := run(ctx, []string{"keys", "new"}, getenv, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	k2 := strings.TrimSpace(out.String())
	if _, err := sealed.Parse(k2); err != nil {
		t.Fatalf("keys new printed %q: %v", k2, err)
	}
	if err := run(ctx, []string{"account", "create", "--type", "person", "--account", "rotp01", "--password", "Passw0rd1",
		"--phone", "13800000031", "--name", "张三"}, getenv, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	key = k2 + "," + testDataKey
	out.Reset()
	if err := run(ctx, []string{"keys", "rotate"}, getenv, &out, io.Discard); err != nil || !strings.Contains(out.String(), "may be removed") {
		t.Fatalf("rotate: %q %v", out.String(), err)
	}
	key = k2
	out.Reset()
	if err := run(ctx, []string{"keys", "rotate"}, getenv, &out, io.Discard); err != nil || strings.Contains(out.String(), "may be removed") {
		t.Fatalf("after removing key 1: %q %v", out.String(), err)
	}
	key = ""
	err := run(ctx, []string{"migrate"}, getenv, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "BIDPASS_DATA_KEY") {
		t.Fatalf("no key outside dev mode: %v", err)
	}
	if _, err := filepath.Glob(filepath.Join(dir, sealed.DevKeyFile)); err != nil {
		t.Fatal(err)
	}
}
