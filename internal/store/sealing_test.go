package store_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/identity"
	"bidpass/internal/pwtransport"
	"bidpass/internal/sealed"
	"bidpass/internal/sso"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

func ringOf(t testing.TB, keys ...string) *sealed.Ring {
	t.Helper()
	r, err := sealed.Parse(strings.Join(keys, ","))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestSealedRotation (docs/decisions/personal-data.md, "Data protection"): values written clear before sealing
// existed are sealed by Reseal; data and the OIDC signing key written under
// key 1 read after a rotation to key 2, and key 1 can then be removed from
// the ring.
func TestSealedRotation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		k1, k2 := sealed.NewKey(), sealed.NewKey()
		db.UseRing(ringOf(t, k1))
		now := time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC)
		a := &account.Account{Name: "rot01", Type: account.Person, PasswordHash: "h", CreatedAt: now, UpdatedAt: now}
		if err := db.CreateAccount(ctx, a); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SavePersonProfile(ctx, account.PersonProfile{AccountID: a.ID,
			Person: identity.Person{RealName: "张三", CertType: "1", CertNum: "11010519491231002X"}, UpdatedAt: now}); err != nil {
			t.Fatal(err)
		}
		if err := db.CreateTransportKey(ctx, pwtransport.Key{ID: "k-rot", PrivatePEM: "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n", CreatedAt: now}); err != nil {
			t.Fatal(err)
		}
		// The OIDC signing key, sealed by the SSO package under key 1.
		signing := []byte("pkcs1 private key bytes")
		sealedKey, err := ringOf(t, k1).Seal(signing, "oidc_keys.private_sealed")
		if err != nil {
			t.Fatal(err)
		}
		if err := db.CreateOIDCKey(ctx, sso.KeyRow{ID: "kid-rot", Algorithm: "RS256", PrivateSealed: sealedKey, CreatedAt: now, SignsFrom: now}); err != nil {
			t.Fatal(err)
		}
		// A row from before sealing existed: clear in the column.
		e := &account.Account{Name: "rotcorp01", Type: account.Enterprise, PasswordHash: "h", CreatedAt: now, UpdatedAt: now}
		if err := db.CreateAccount(ctx, e); err != nil {
			t.Fatal(err)
		}
		if _, err := db.SQLForTest().ExecContext(ctx, `INSERT INTO enterprise_profiles (account_id, name, cert_num, legal_cert_num, updated_at)
			VALUES (`+itoa(e.ID)+`, '某公司', '91350100M000100Y43', '11010519491231002X', CURRENT_TIMESTAMP)`); err != nil {
			t.Fatal(err)
		}
		if n, err := db.UnsealedValues(ctx); err != nil || n != 2 {
			t.Fatalf("clear values before the first reseal: %d %v", n, err)
		}
		if n, err := db.Reseal(ctx); err != nil || n != 2 {
			t.Fatalf("first reseal: %d %v", n, err)
		}
		if got := rawColumn(t, db, "enterprise_profiles", "cert_num", e.ID); !strings.HasPrefix(got, sealed.Prefix) {
			t.Fatalf("clear value left: %q", got)
		}

		// Rotation: key 2 first, key 1 still listed.
		db.UseRing(ringOf(t, k2, k1))
		if n, _ := db.UnsealedValues(ctx); n != 5 {
			t.Fatalf("values under key 1 before rotating: %d", n)
		}
		if n, err := db.Reseal(ctx); err != nil || n != 5 {
			t.Fatalf("rotation: %d %v", n, err)
		}
		if n, err := db.Reseal(ctx); err != nil || n != 0 {
			t.Fatalf("second rotation run: %d %v", n, err)
		}

		// Key 1 removed: everything still reads.
		db.UseRing(ringOf(t, k2))
		if n, _ := db.UnsealedValues(ctx); n != 0 {
			t.Fatalf("left under key 1: %d", n)
		}
		p, err := db.PersonProfile(ctx, a.ID)
		if err != nil || p.CertNum != "11010519491231002X" {
			t.Fatalf("person after rotation: %q %v", p.CertNum, err)
		}
		ep, err := db.EnterpriseProfile(ctx, e.ID)
		if err != nil || ep.CertNum != "91350100M000100Y43" || ep.Legal.CertNum != "11010519491231002X" {
			t.Fatalf("enterprise after rotation: %+v %v", ep, err)
		}
		k, err := db.TransportKey(ctx, "k-rot")
		if err != nil || !strings.Contains(k.PrivatePEM, "AAAA") {
			t.Fatalf("transport key after rotation: %v", err)
		}
		keys, err := db.OIDCKeys(ctx, now)
		if err != nil || len(keys) != 1 {
			t.Fatalf("oidc keys after rotation: %v %v", keys, err)
		}
		if got, err := ringOf(t, k2).Open(keys[0].PrivateSealed, "oidc_keys.private_sealed"); err != nil || string(got) != string(signing) {
			t.Fatalf("oidc signing key after rotation, under key 2 alone: %q %v", got, err)
		}

		// Without the key that sealed it, a value does not open.
		db.UseRing(ringOf(t, k1))
		if _, err := db.PersonProfile(ctx, a.ID); !errors.Is(err, sealed.ErrUnknownKey) {
			t.Fatalf("read under the removed key alone: %v", err)
		}
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func rawColumn(t *testing.T, db *store.DB, table, column string, accountID int64) string {
	t.Helper()
	var s string
	if err := db.SQLForTest().QueryRow(`SELECT ` + column + ` FROM ` + table + ` WHERE account_id = ` + itoa(accountID)).Scan(&s); err != nil {
		t.Fatal(err)
	}
	return s
}
