package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"bidpass/internal/store"
)

func TestOIDCClientAdd(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "x.db")
	getenv := func(k string) string {
		switch k {
		case "BIDPASS_DATA_KEY":
			return testDataKey
		case "BIDPASS_DATABASE_URL":
			return dbPath
		}
		return ""
	}
	ctx := context.Background()
	var out bytes.Buffer
	args := []string{"oidc", "client", "add", "--id", "tender", "--name", "招标系统", "--redirect-uri", "https://tender.example/cb",
		"--redirect-uri=https://tender.example/cb2", "--first-party", "--require-realname", "--scope", "profile", "--scope", "offline_access",
		"--backchannel-logout-uri", "https://tender.example/logout"}
	if err := run(ctx, args, getenv, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "registered confidential client tender") || !strings.Contains(out.String(), "client secret (shown once") {
		t.Fatalf("output %q", out.String())
	}
	if err := run(ctx, args, getenv, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "应用标识已被使用") {
		t.Fatalf("second add: %v", err)
	}
	out.Reset()
	pub := []string{"oidc", "client", "add", "--id", "spa", "--name", "移动端", "--redirect-uri", "https://app.example/cb", "--public"}
	if err := run(ctx, pub, getenv, &out, io.Discard); err != nil || strings.Contains(out.String(), "secret") {
		t.Fatalf("public: %v %q", err, out.String())
	}
	bad := []string{"oidc", "client", "add", "--id", "x1", "--name", "坏", "--redirect-uri", "ftp://x/cb"}
	if err := run(ctx, bad, getenv, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "redirectUris") {
		t.Fatalf("bad redirect: %v", err)
	}

	db, err := store.Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	c, err := db.OIDCClient(ctx, "tender")
	if err != nil || !c.FirstParty || !c.RequireRealName || c.Public || len(c.RedirectURIs) != 2 || c.SecretHash == "" ||
		strings.Join(c.Scopes, " ") != "openid profile offline_access" || c.BackchannelLogoutURI != "https://tender.example/logout" {
		t.Fatalf("stored: %v %+v", err, c)
	}
}

// TestOIDCKeysRotate: `bidpass oidc keys rotate` publishes the next key,
// which signs only after BIDPASS_OIDC_KEY_ROTATION_DELAY; the key in use
// keeps signing meanwhile; list shows both.
func TestOIDCKeysRotate(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "x.db")
	getenv := func(k string) string {
		switch k {
		case "BIDPASS_DATA_KEY":
			return testDataKey
		case "BIDPASS_DATABASE_URL":
			return dbPath
		case "BIDPASS_OIDC_KEY_ROTATION_DELAY":
			return "20m"
		}
		return ""
	}
	ctx := context.Background()
	var out bytes.Buffer
	// The first rotation on an empty database makes the key that signs.
	if err := run(ctx, []string{"oidc", "keys", "rotate"}, getenv, &out, io.Discard); err != nil || !strings.Contains(out.String(), "  signs\n") {
		t.Fatalf("first rotate: %q %v", out.String(), err)
	}
	out.Reset()
	if err := run(ctx, []string{"oidc", "keys", "rotate"}, getenv, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], "published now, signs from") || !strings.Contains(lines[1], "published, signs from") ||
		!strings.Contains(lines[2], "  signs until") {
		t.Fatalf("second rotate: %q", out.String())
	}
	db, err := store.Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rows, err := db.OIDCKeys(ctx, time.Now())
	if err != nil || len(rows) != 2 || rows[0].SignsFrom.Sub(rows[0].CreatedAt) != 20*time.Minute || rows[1].RetiredAt == nil ||
		!rows[1].RetiredAt.Equal(rows[0].SignsFrom) {
		t.Fatalf("rows: %v %+v", err, rows)
	}
}
