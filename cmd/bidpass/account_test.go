package main

import (
	"bytes"
	"context"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"bidpass/internal/password"
	"bidpass/internal/store"
)

func TestAccountCreate(t *testing.T) {
	dbPath := filepath.Join(t.TempDir(), "x.db")
	getenv := func(k string) string {
		if k == "BIDPASS_DATA_KEY" {
			return testDataKey
		}
		if k == "BIDPASS_DATABASE_URL" {
			return dbPath
		}
		return ""
	}
	ctx := context.Background()
	var out bytes.Buffer
	args := []string{"account", "create", "--type", "person", "--account", "zhang01", "--password", "Passw0rd", "--phone", "13800000001", "--email=Zhang@Example.cn"}
	if err := run(ctx, args, getenv, &out, io.Discard); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "created person account zhang01") {
		t.Fatalf("output %q", out.String())
	}
	if err := run(ctx, args, getenv, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Fatalf("second create: %v", err)
	}
	bad := []string{"account", "create", "--type", "enterprise", "--account", "ent0001", "--password", "Passw0rd", "--phone", "13800000002"}
	if err := run(ctx, bad, getenv, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), password.MsgEnterprise) {
		t.Fatalf("enterprise with a person's password: %v", err)
	}

	db, err := store.Open(dbPath)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	a, err := db.AccountByName(ctx, "ZHANG01")
	if err != nil {
		t.Fatal(err)
	}
	if ok, _, _ := password.Verify(a.PasswordHash, "Passw0rd"); !ok || a.Type != 1 || a.Phone != "13800000001" || a.Email != "zhang@example.cn" {
		t.Fatalf("stored %+v", a)
	}
}
