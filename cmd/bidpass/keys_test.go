package main

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"bidpass/internal/sealed"
	"bidpass/internal/sso"
	"bidpass/internal/store"
)

// testDataKey is the data key the command tests configure (outside dev
// mode a missing key stops every command).
var testDataKey = sealed.NewKey()

// TestKeysRotate: a database written under key 1 (an account and the OIDC
// signing key) is resealed by keys rotate under key 2 (listed first, key 1
// after it); then key 1 is removed and the accounts and the signing key
// still open; without any key, a clear error.
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
	// The OIDC provider's signing key, sealed under key 1 by the SSO package.
	a, err := openApp(ctx, nil, getenv, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.SSO.RotateKeys(ctx, 0); err != nil {
		t.Fatal(err)
	}
	kid := oidcKey(t, a.DB).ID
	a.Close()

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
	// Key 1 is gone: the signing key was resealed under key 2 and still
	// opens (the JWKS is built from the opened keys).
	a, err = openApp(ctx, nil, getenv, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if id, _ := sealed.KeyID(oidcKey(t, a.DB).PrivateSealed); id != a.DataKeys.Current() {
		t.Fatalf("signing key sealed under %q, want key 2 %q", id, a.DataKeys.Current())
	}
	rec := httptest.NewRecorder()
	a.SSO.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, sso.PathKeys, nil))
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), kid) {
		t.Fatalf("JWKS after rotation: %d %s", rec.Code, rec.Body.String())
	}
	a.Close()

	key = ""
	err = run(ctx, []string{"migrate"}, getenv, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "BIDPASS_DATA_KEY") {
		t.Fatalf("no key outside dev mode: %v", err)
	}
	if _, err := filepath.Glob(filepath.Join(dir, sealed.DevKeyFile)); err != nil {
		t.Fatal(err)
	}
}

// oidcKey is the one OIDC signing key row in db.
func oidcKey(t *testing.T, db *store.DB) sso.KeyRow {
	t.Helper()
	rows, err := db.OIDCKeys(context.Background(), time.Now())
	if err != nil || len(rows) != 1 {
		t.Fatalf("oidc keys: %d %v", len(rows), err)
	}
	return rows[0]
}
