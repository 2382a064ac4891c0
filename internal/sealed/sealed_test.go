package sealed_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"bidpass/internal/sealed"
)

func ring(t *testing.T, keys ...string) *sealed.Ring {
	t.Helper()
	r, err := sealed.Parse(strings.Join(keys, ","))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestSealOpen(t *testing.T) {
	r := ring(t, sealed.NewKey())
	text, err := r.Seal([]byte("110105194912310021"), "person_profiles.cert_num")
	if err != nil {
		t.Fatal(err)
	}
	if !sealed.IsSealed(text) || strings.Contains(text, "110105194912310021") {
		t.Fatalf("sealed text %q", text)
	}
	if id, ok := sealed.KeyID(text); !ok || id != r.Current() {
		t.Fatalf("key id %q %v, current %q", id, ok, r.Current())
	}
	got, err := r.Open(text, "person_profiles.cert_num")
	if err != nil || string(got) != "110105194912310021" {
		t.Fatalf("open = %q, %v", got, err)
	}
	again, _ := r.Seal([]byte("110105194912310021"), "person_profiles.cert_num")
	if again == text {
		t.Fatal("two seals of one value are equal: the nonce is not fresh")
	}
	if _, err := r.Open(text, "enterprise_profiles.cert_num"); !errors.Is(err, sealed.ErrCorrupt) {
		t.Fatalf("opened under another purpose: %v", err)
	}
	tampered := text[:len(text)-2] + "AA"
	if tampered == text {
		tampered = text[:len(text)-2] + "BB"
	}
	if _, err := r.Open(tampered, "person_profiles.cert_num"); !errors.Is(err, sealed.ErrCorrupt) {
		t.Fatalf("tampered value opened: %v", err)
	}
	if _, err := r.Open("110105194912310021", "person_profiles.cert_num"); !errors.Is(err, sealed.ErrCorrupt) {
		t.Fatalf("clear value opened: %v", err)
	}
}

func TestRotation(t *testing.T) {
	k1, k2 := sealed.NewKey(), sealed.NewKey()
	old := ring(t, k1)
	text, _ := old.Seal([]byte("secret"), "p")
	both := ring(t, k2, k1)
	if !both.Stale(text) || old.Stale(text) || both.Stale("") || !both.Stale("clear") {
		t.Fatal("Stale answers wrongly")
	}
	plain, err := both.Open(text, "p")
	if err != nil || string(plain) != "secret" {
		t.Fatalf("old value under the rotating ring: %q %v", plain, err)
	}
	resealed, _ := both.Seal(plain, "p")
	onlyNew := ring(t, k2)
	if _, err := onlyNew.Open(text, "p"); !errors.Is(err, sealed.ErrUnknownKey) {
		t.Fatalf("value of a removed key: %v", err)
	}
	if plain, err := onlyNew.Open(resealed, "p"); err != nil || string(plain) != "secret" {
		t.Fatalf("resealed value after removing the old key: %q %v", plain, err)
	}
}

func TestBlindIndex(t *testing.T) {
	k := sealed.NewKey()
	a, b := ring(t, k), ring(t, k)
	x := a.BlindIndex("cert_num", []byte("91350100M000100Y43"))
	if x != b.BlindIndex("cert_num", []byte("91350100M000100Y43")) {
		t.Fatal("equal inputs, different indexes")
	}
	if x == a.BlindIndex("cert_num", []byte("91350100M000100Y44")) || x == a.BlindIndex("other", []byte("91350100M000100Y43")) {
		t.Fatal("different inputs or purposes, equal indexes")
	}
	if x == ring(t, sealed.NewKey()).BlindIndex("cert_num", []byte("91350100M000100Y43")) {
		t.Fatal("the index does not depend on the key")
	}
}

func TestParse(t *testing.T) {
	for _, bad := range []string{"", "# only a comment\n", "not base64!", "c2hvcnQ="} {
		if _, err := sealed.Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
	if _, err := sealed.Parse(""); !errors.Is(err, sealed.ErrNoKey) {
		t.Errorf("empty ring: %v", err)
	}
	k1, k2 := sealed.NewKey(), sealed.NewKey()
	r := ring(t, "# rotation\n"+k2+"\n"+k1+"\n"+k2)
	if ids := r.IDs(); len(ids) != 2 || ids[0] != r.Current() {
		t.Fatalf("ids %v", ids)
	}
}

func TestLoad(t *testing.T) {
	ctx := context.Background()
	k := sealed.NewKey()
	want := ring(t, k).Current()
	dir := t.TempDir()
	file := filepath.Join(dir, "key")
	if err := os.WriteFile(file, []byte(k+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, src := range map[string]sealed.Source{
		"key": {Key: k}, "file": {File: file}, "command": {Command: "cat " + file},
	} {
		r, err := sealed.Load(ctx, src)
		if err != nil || r.Current() != want {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := sealed.Load(ctx, sealed.Source{Command: "exit 3"}); err == nil {
		t.Error("a failing command gave a key")
	}
	if _, err := sealed.Load(ctx, sealed.Source{}); !errors.Is(err, sealed.ErrNoKey) {
		t.Errorf("no source: %v", err)
	}
}

// Dev mode makes one key in the data directory, kept across restarts, and
// processes starting together agree on it.
func TestDevKey(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	if _, err := sealed.DevRing(dir, false); !errors.Is(err, sealed.ErrNoKey) {
		t.Fatalf("no development key yet, not asked to make one: %v", err)
	}
	ids := make([]string, 8)
	var wg sync.WaitGroup
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r, err := sealed.DevRing(dir, true)
			if err != nil {
				t.Error(err)
				return
			}
			ids[i] = r.Current()
		}()
	}
	wg.Wait()
	for _, id := range ids {
		if id != ids[0] {
			t.Fatalf("dev keys differ: %v", ids)
		}
	}
	st, err := os.Stat(filepath.Join(dir, sealed.DevKeyFile))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("dev key file: %v %v", st, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("left-over files: %v", entries)
	}
	r, err := sealed.DevRing(dir, false)
	if err != nil || r.Current() != ids[0] {
		t.Fatal("dev key changed on restart")
	}
}
