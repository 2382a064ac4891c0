package store_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/sso"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

func TestOIDCStore(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC)
		a := &account.Account{Name: "sso01", Type: account.Person, PasswordHash: "h", CreatedAt: now, UpdatedAt: now}
		if err := db.CreateAccount(ctx, a); err != nil {
			t.Fatal(err)
		}
		c := sso.Client{ID: "tender", Name: "招标系统", SecretHash: "x", RedirectURIs: []string{"https://t.example/cb"},
			Scopes: []string{"openid", "profile"}, RequireRealName: true, CreatedAt: now, UpdatedAt: now}
		if err := db.CreateOIDCClient(ctx, c); err != nil {
			t.Fatal(err)
		}
		if err := db.CreateOIDCClient(ctx, c); !errors.Is(err, sso.ErrClientExists) {
			t.Fatalf("duplicate client: %v", err)
		}
		got, err := db.OIDCClient(ctx, "tender")
		if err != nil || !got.RequireRealName || got.Public || got.RedirectURIs[0] != "https://t.example/cb" || len(got.PostLogoutURIs) != 0 {
			t.Fatalf("client: %v %+v", err, got)
		}
		if _, err := db.OIDCClient(ctx, "nope"); !errors.Is(err, sso.ErrNotFound) {
			t.Fatalf("unknown client: %v", err)
		}

		// A code is claimed once, and not after it expires.
		r := sso.StoredRequest{ID: "r1", ClientID: "tender", Request: []byte(`{}`), CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		if err := db.CreateOIDCAuthRequest(ctx, r); err != nil {
			t.Fatal(err)
		}
		if err := db.SaveOIDCAuthCode(ctx, "r1", "h1", now.Add(time.Minute)); !errors.Is(err, sso.ErrNotFound) {
			t.Fatalf("code before sign-in: %v", err)
		}
		// Once an account claims the request, another cannot complete it.
		if ok, err := db.ClaimOIDCAuthRequest(ctx, "r1", a.ID, now); err != nil || !ok {
			t.Fatalf("claim the request: %v %v", ok, err)
		}
		if ok, err := db.ClaimOIDCAuthRequest(ctx, "r1", a.ID+1000, now); err != nil || ok {
			t.Fatalf("another account claimed it: %v %v", ok, err)
		}
		if ok, err := db.CompleteOIDCAuthRequest(ctx, "r1", a.ID+1000, now, nil, now); err != nil || ok {
			t.Fatalf("another account completed it: %v %v", ok, err)
		}
		if ok, err := db.CompleteOIDCAuthRequest(ctx, "r1", a.ID, now, []string{"hwk"}, now); err != nil || !ok {
			t.Fatalf("complete: %v %v", ok, err)
		}
		if err := db.SaveOIDCAuthCode(ctx, "r1", "h1", now.Add(time.Minute)); err != nil {
			t.Fatal(err)
		}
		if _, err := db.ClaimOIDCAuthCode(ctx, "h1", now.Add(2*time.Minute)); !errors.Is(err, sso.ErrNotFound) {
			t.Fatalf("expired code: %v", err)
		}
		claimed, err := db.ClaimOIDCAuthCode(ctx, "h1", now)
		if err != nil || claimed.AccountID != a.ID || !claimed.Done || len(claimed.AMR) != 1 || claimed.AMR[0] != "hwk" {
			t.Fatalf("claim: %v %+v", err, claimed)
		}
		if _, err := db.ClaimOIDCAuthCode(ctx, "h1", now); !errors.Is(err, sso.ErrNotFound) {
			t.Fatalf("second claim: %v", err)
		}

		// Families: a refresh token is used once; revoking returns what it revoked.
		f := sso.Family{ID: "f1", AccountID: a.ID, ClientID: "tender", Scopes: []string{"openid"}, AuthTime: now, CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		if err := db.CreateOIDCFamily(ctx, f); err != nil {
			t.Fatal(err)
		}
		if err := db.CreateOIDCRefreshToken(ctx, "rt1", "f1", now, now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if ok, err := db.UseOIDCRefreshToken(ctx, "rt1", now); err != nil || !ok {
			t.Fatalf("use: %v %v", ok, err)
		}
		if ok, _ := db.UseOIDCRefreshToken(ctx, "rt1", now); ok {
			t.Fatal("refresh token used twice")
		}
		if rt, err := db.OIDCRefreshToken(ctx, "rt1"); err != nil || rt.UsedAt == nil || rt.FamilyID != "f1" {
			t.Fatalf("refresh token: %v %+v", err, rt)
		}
		if err := db.CreateOIDCAccessToken(ctx, sso.AccessToken{ID: "at1", FamilyID: "f1", ExpiresAt: now.Add(time.Minute)}); err != nil {
			t.Fatal(err)
		}
		revoked, err := db.RevokeOIDCFamilies(ctx, a.ID, "", "", now)
		if err != nil || len(revoked) != 1 || revoked[0].ID != "f1" {
			t.Fatalf("revoke: %v %+v", err, revoked)
		}
		if again, _ := db.RevokeOIDCFamilies(ctx, a.ID, "", "", now); len(again) != 0 {
			t.Fatalf("revoked twice: %+v", again)
		}

		// Keys: a retirement only ever moves earlier; a retired key stays
		// published until verify_until.
		for i, id := range []string{"k1", "k2"} {
			if err := db.CreateOIDCKey(ctx, sso.KeyRow{ID: id, Algorithm: "RS256", PrivateSealed: "sealed:" + id,
				CreatedAt: now.Add(time.Duration(i) * time.Second), SignsFrom: now.Add(time.Duration(i) * time.Minute)}); err != nil {
				t.Fatal(err)
			}
		}
		for _, at := range []time.Duration{10 * time.Minute, time.Minute, 5 * time.Minute} {
			if err := db.RetireOIDCKey(ctx, "k1", now.Add(at), now.Add(at+time.Hour)); err != nil {
				t.Fatal(err)
			}
		}
		keys, err := db.OIDCKeys(ctx, now)
		if err != nil || len(keys) != 2 || keys[0].ID != "k2" || keys[0].RetiredAt != nil ||
			!keys[1].RetiredAt.Equal(now.Add(time.Minute)) || !keys[1].VerifyUntil.Equal(now.Add(time.Minute+time.Hour)) {
			t.Fatalf("keys: %v %+v", err, keys)
		}
		if err := db.DeleteExpiredOIDC(ctx, now.Add(2*time.Hour)); err != nil {
			t.Fatal(err)
		}
		if keys, _ := db.OIDCKeys(ctx, now.Add(2*time.Hour)); len(keys) != 1 || keys[0].ID != "k2" {
			t.Fatalf("after expiry: %+v", keys)
		}
	})
}

// TestOIDCCodeClaimedOnceUnderConcurrency: many redemptions of one code
// at once, on each database; exactly one gets the request.
func TestOIDCCodeClaimedOnceUnderConcurrency(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Now().UTC()
		a := &account.Account{Name: "race01", Type: account.Person, PasswordHash: "h", CreatedAt: now, UpdatedAt: now}
		if err := db.CreateAccount(ctx, a); err != nil {
			t.Fatal(err)
		}
		if err := db.CreateOIDCClient(ctx, sso.Client{ID: "c", Name: "c", RedirectURIs: []string{"https://c/cb"}, Scopes: []string{"openid"}, CreatedAt: now, UpdatedAt: now}); err != nil {
			t.Fatal(err)
		}
		for round := range 5 {
			id := "req" + string(rune('a'+round))
			if err := db.CreateOIDCAuthRequest(ctx, sso.StoredRequest{ID: id, ClientID: "c", Request: []byte(`{}`), CreatedAt: now, ExpiresAt: now.Add(time.Hour)}); err != nil {
				t.Fatal(err)
			}
			if _, err := db.CompleteOIDCAuthRequest(ctx, id, a.ID, now, nil, now); err != nil {
				t.Fatal(err)
			}
			if err := db.SaveOIDCAuthCode(ctx, id, "code-"+id, now.Add(time.Minute)); err != nil {
				t.Fatal(err)
			}
			var wins, misses atomic.Int32
			var wg sync.WaitGroup
			for range 16 {
				wg.Go(func() {
					_, err := db.ClaimOIDCAuthCode(ctx, "code-"+id, now)
					switch {
					case err == nil:
						wins.Add(1)
					case errors.Is(err, sso.ErrNotFound):
						misses.Add(1)
					default:
						t.Error(err)
					}
				})
			}
			wg.Wait()
			if wins.Load() != 1 || misses.Load() != 15 {
				t.Fatalf("round %d: %d successes, %d refusals", round, wins.Load(), misses.Load())
			}
		}
	})
}

// TestOIDCClientChangesKeepEachOther: the console's edit of a client's
// settings, its disabling and a new secret each write only their own
// columns. Fired together (an administrator disables a leaked client and
// replaces its secret while another saves an edit made from the page read
// before), every round ends disabled, with the new secret and the new
// settings: none puts back what another changed.
func TestOIDCClientChangesKeepEachOther(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC)
		// In sequence: the edit saved last, from a copy read before the other two.
		stale := sso.Client{ID: "seq", Name: "旧名称", SecretHash: "old", RedirectURIs: []string{"https://t.example/cb"},
			Scopes: []string{"openid"}, CreatedAt: now, UpdatedAt: now}
		if err := db.CreateOIDCClient(ctx, stale); err != nil {
			t.Fatal(err)
		}
		if err := errors.Join(db.SetOIDCClientDisabled(ctx, "seq", true, now), db.SetOIDCClientSecret(ctx, "seq", "new", now)); err != nil {
			t.Fatal(err)
		}
		stale.Name = "新名称"
		if err := db.UpdateOIDCClientSettings(ctx, stale); err != nil {
			t.Fatal(err)
		}
		if got, err := db.OIDCClient(ctx, "seq"); err != nil || !got.Disabled || got.SecretHash != "new" || got.Name != "新名称" {
			t.Fatalf("edit after disable and new secret: %v %+v", err, got)
		}
		for round := range 10 {
			id := "leaked" + string(rune('a'+round))
			read := sso.Client{ID: id, Name: "旧名称", SecretHash: "old", RedirectURIs: []string{"https://t.example/cb"},
				Scopes: []string{"openid"}, CreatedAt: now, UpdatedAt: now}
			if err := db.CreateOIDCClient(ctx, read); err != nil {
				t.Fatal(err)
			}
			edited := read // the page's copy: enabled, the old secret
			edited.Name, edited.RedirectURIs = "新名称", []string{"https://t.example/cb2"}
			var wg sync.WaitGroup
			errs := make([]error, 3)
			wg.Go(func() { errs[0] = db.UpdateOIDCClientSettings(ctx, edited) })
			wg.Go(func() { errs[1] = db.SetOIDCClientDisabled(ctx, id, true, now) })
			wg.Go(func() { errs[2] = db.SetOIDCClientSecret(ctx, id, "new", now) })
			wg.Wait()
			if err := errors.Join(errs...); err != nil {
				t.Fatal(err)
			}
			got, err := db.OIDCClient(ctx, id)
			if err != nil || !got.Disabled || got.SecretHash != "new" || got.Name != "新名称" || got.RedirectURIs[0] != "https://t.example/cb2" {
				t.Fatalf("round %d: %v %+v", round, err, got)
			}
		}
		if err := db.SetOIDCClientSecret(ctx, "nope", "x", now); !errors.Is(err, sso.ErrNotFound) {
			t.Fatalf("unknown client: %v", err)
		}
		pub := sso.Client{ID: "pub", Name: "公开", Public: true, RedirectURIs: []string{"https://p/cb"}, Scopes: []string{"openid"}, CreatedAt: now, UpdatedAt: now}
		if err := db.CreateOIDCClient(ctx, pub); err != nil {
			t.Fatal(err)
		}
		if err := db.SetOIDCClientSecret(ctx, "pub", "x", now); !errors.Is(err, sso.ErrNotFound) {
			t.Fatalf("a public client got a secret: %v", err)
		}
	})
}
