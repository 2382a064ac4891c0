package sso_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/zitadel/oidc/v3/pkg/oidc"

	"bidpass/internal/account"
	"bidpass/internal/clock"
	"bidpass/internal/sealed"
	"bidpass/internal/sso"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

func newTestService(t *testing.T, db *store.DB, clk clock.Clock) *sso.Service {
	t.Helper()
	return newTestServiceAt(t, db, clk, testRing(t), "http://127.0.0.1:1")
}

func testRing(t *testing.T) *sealed.Ring {
	t.Helper()
	ring, err := sealed.Parse(sealed.NewKey())
	if err != nil {
		t.Fatal(err)
	}
	return ring
}

func newTestServiceAt(t *testing.T, db *store.DB, clk clock.Clock, ring *sealed.Ring, issuer string) *sso.Service {
	t.Helper()
	s, err := sso.New(sso.Deps{Store: db, Accounts: db, Sealer: ring, Clock: clk, Issuer: issuer})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestExpiredCodeIsRefused: a code not redeemed within sso.CodeTTL is refused.
func TestExpiredCodeIsRefused(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clk := clock.NewFake(time.Now())
		s := newTestService(t, db, clk)
		now := clk.Now().UTC()
		a := &account.Account{Name: "expire01", Type: account.Person, PasswordHash: "h", AuthState: account.Authenticated, CreatedAt: now, UpdatedAt: now}
		if err := db.CreateAccount(ctx, a); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.Register(ctx, sso.NewClient{ID: "tender", Name: "招标", FirstParty: true, RedirectURIs: []string{"https://t.example/cb"}}); err != nil {
			t.Fatal(err)
		}
		browser := sso.NewSecret()
		issue := func() string {
			ar, err := s.OPStorage().CreateAuthRequest(sso.WithBrowser(ctx, browser), &oidc.AuthRequest{ClientID: "tender", RedirectURI: "https://t.example/cb",
				Scopes: oidc.SpaceDelimitedArray{"openid"}, ResponseType: oidc.ResponseTypeCode}, "")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Resume(ctx, sso.Resumer{AccountID: a.ID, SignedInAt: time.Now(), Browser: browser}, ar.GetID()); err != nil {
				t.Fatal(err)
			}
			code := sso.NewSecret()
			if err := s.OPStorage().SaveAuthCode(ctx, ar.GetID(), code); err != nil {
				t.Fatal(err)
			}
			return code
		}
		code := issue()
		clk.Advance(sso.CodeTTL + time.Second)
		if _, err := s.OPStorage().AuthRequestByCode(ctx, code); !errors.Is(err, sso.ErrNotFound) {
			t.Fatalf("expired code: %v", err)
		}
		code = issue()
		clk.Advance(sso.CodeTTL - time.Second)
		if r, err := s.OPStorage().AuthRequestByCode(ctx, code); err != nil || r.GetSubject() == "" {
			t.Fatalf("code within its time: %v", err)
		}
	})
}

// TestNoTokenDecrypts: op tries every presented token (at revocation,
// userinfo and introspection) as an encrypted opaque token before anything
// else. bidpass issues none, so a refresh token may not decrypt: op's
// default AES-CFB fallback "decrypted" every base64url string of 16 bytes or more, a
// refresh token included, into garbage that the revocation then looked up
// instead of the token (CI: a refresh token revoked with the hint
// access_token went on working).
func TestNoTokenDecrypts(t *testing.T) {
	db := storetest.SQLite(t)
	s := newTestService(t, db, clock.NewFake(time.Now()))
	for range 200 {
		refresh := sso.NewSecret()
		if got, err := s.TokenCrypto().Decrypt(refresh); err == nil {
			t.Fatalf("the refresh token %q decrypted to %q", refresh, got)
		}
	}
}
