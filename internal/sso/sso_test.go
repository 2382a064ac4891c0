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
	ring, err := sealed.Parse(sealed.NewKey())
	if err != nil {
		t.Fatal(err)
	}
	s, err := sso.New(sso.Deps{Store: db, Accounts: db, Sealer: ring, Clock: clk, Issuer: "http://127.0.0.1:1"})
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
		issue := func() string {
			ar, err := s.OPStorage().CreateAuthRequest(ctx, &oidc.AuthRequest{ClientID: "tender", RedirectURI: "https://t.example/cb",
				Scopes: oidc.SpaceDelimitedArray{"openid"}, ResponseType: oidc.ResponseTypeCode}, "")
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.Resume(ctx, a.ID, ar.GetID(), time.Now()); err != nil {
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

// TestKeyRotation: the signing key is sealed at rest; after a rotation the
// new key signs and the old one stays published until sso.KeyVerifyFor.
func TestKeyRotation(t *testing.T) {
	db := storetest.SQLite(t)
	ctx := context.Background()
	clk := clock.NewFake(time.Now())
	s := newTestService(t, db, clk)
	first, err := s.OPStorage().SigningKey(ctx)
	if err != nil {
		t.Fatal(err)
	}
	rows, _ := db.OIDCKeys(ctx, clk.Now())
	if len(rows) != 1 || !sealed.IsSealed(rows[0].PrivateSealed) {
		t.Fatalf("stored key not sealed: %+v", rows)
	}
	clk.Advance(sso.KeyRotateEvery + time.Hour)
	second, err := s.OPStorage().SigningKey(ctx)
	if err != nil || second.ID() == first.ID() {
		t.Fatalf("no rotation: %v", err)
	}
	keys, err := s.OPStorage().KeySet(ctx)
	if err != nil || len(keys) != 2 {
		t.Fatalf("JWKS after rotation: %v %d keys", err, len(keys))
	}
	clk.Advance(sso.KeyVerifyFor + sso.KeyCacheFor + time.Minute)
	keys, _ = s.OPStorage().KeySet(ctx)
	if len(keys) != 1 || keys[0].ID() != second.ID() {
		t.Fatalf("retired key still published after its time: %d keys", len(keys))
	}
}
