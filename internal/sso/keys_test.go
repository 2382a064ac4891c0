package sso_test

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	gooidc "github.com/coreos/go-oidc/v3/oidc"
	"github.com/zitadel/oidc/v3/pkg/crypto"
	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"

	"bidpass/internal/clock"
	"bidpass/internal/sealed"
	"bidpass/internal/sso"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// keyWorld is two instances of the provider on one database (each with its
// own cache of the keys), the JWKS of the first served over HTTP, and a
// clock they share.
type keyWorld struct {
	t      *testing.T
	clk    *clock.Fake
	a, b   *sso.Service
	issuer string
}

func newKeyWorld(t *testing.T, db *store.DB) *keyWorld {
	clk := clock.NewFake(time.Now().UTC())
	ring := testRing(t)
	srv := httptest.NewUnstartedServer(nil)
	issuer := "http://" + srv.Listener.Addr().String()
	w := &keyWorld{t: t, clk: clk, issuer: issuer,
		a: newTestServiceAt(t, db, clk, ring, issuer), b: newTestServiceAt(t, db, clk, ring, issuer)}
	srv.Config.Handler = w.a.Handler()
	srv.Start()
	t.Cleanup(srv.Close)
	return w
}

func (w *keyWorld) signing(s *sso.Service) string {
	w.t.Helper()
	k, err := s.OPStorage().SigningKey(context.Background())
	if err != nil {
		w.t.Fatal(err)
	}
	return k.ID()
}

func (w *keyWorld) published(s *sso.Service) map[string]bool {
	w.t.Helper()
	keys, err := s.OPStorage().KeySet(context.Background())
	if err != nil {
		w.t.Fatal(err)
	}
	out := map[string]bool{}
	for _, k := range keys {
		out[k.ID()] = true
	}
	return out
}

// idToken signs an ID token the way the provider does (its signing key
// now), living sso.IDTokenTTL from the fake clock's now.
func (w *keyWorld) idToken(s *sso.Service) (string, string) {
	w.t.Helper()
	k, err := s.OPStorage().SigningKey(context.Background())
	if err != nil {
		w.t.Fatal(err)
	}
	signer, err := op.SignerFromKey(k)
	if err != nil {
		w.t.Fatal(err)
	}
	now := w.clk.Now()
	claims := oidc.NewIDTokenClaims(w.issuer, "u1", []string{"tender"}, now.Add(sso.IDTokenTTL), now, "", "", nil, "tender", 0)
	tok, err := crypto.Sign(claims, signer)
	if err != nil {
		w.t.Fatal(err)
	}
	return tok, k.ID()
}

// verify checks token as a relying party would at the fake clock's now,
// with a fresh copy of the provider's JWKS.
func (w *keyWorld) verify(token string) error {
	ks := gooidc.NewRemoteKeySet(context.Background(), w.issuer+sso.PathKeys)
	_, err := gooidc.NewVerifier(w.issuer, ks, &gooidc.Config{ClientID: "tender", Now: w.clk.Now}).Verify(context.Background(), token)
	return err
}

// TestKeyRotationPublishesBeforeSigning: `oidc keys rotate`'s path on two
// instances. The new key is in the JWKS at once (on the other instance
// within its cache time) but the old key signs until the delay is over; then
// both instances switch at the same moment, by the stored time. A token the
// old key signed just before the switch verifies until it expires; then the
// old key leaves the JWKS. Keys are sealed at rest.
func TestKeyRotationPublishesBeforeSigning(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newKeyWorld(t, db)
		old := w.signing(w.a)
		if got := w.signing(w.b); got != old {
			t.Fatalf("instances sign with %s and %s", old, got)
		}
		rows, _ := db.OIDCKeys(ctx, w.clk.Now())
		if len(rows) != 1 || !sealed.IsSealed(rows[0].PrivateSealed) {
			t.Fatalf("stored key not sealed: %+v", rows)
		}

		const delay = 10 * time.Minute
		next, err := w.b.RotateKeys(ctx, delay)
		if err != nil {
			t.Fatal(err)
		}
		if !next.SignsFrom.Equal(w.clk.Now().Add(delay)) {
			t.Fatalf("new key signs from %s, want now+%s", next.SignsFrom, delay)
		}
		if !w.published(w.b)[next.ID] || w.signing(w.b) != old {
			t.Fatalf("rotating instance: new key published %v, signing %s (want the old %s)", w.published(w.b)[next.ID], w.signing(w.b), old)
		}
		w.clk.Advance(sso.KeyCacheFor)
		if !w.published(w.a)[next.ID] || !w.published(w.a)[old] || w.signing(w.a) != old {
			t.Fatalf("other instance after its cache time: published %v, signing %s", w.published(w.a), w.signing(w.a))
		}
		// During the delay: the old key signs on both.
		w.clk.Advance(delay - sso.KeyCacheFor - time.Second)
		if w.signing(w.a) != old || w.signing(w.b) != old {
			t.Fatal("the new key signs before its delay is over")
		}
		lastOld, kid := w.idToken(w.a)
		if kid != old {
			t.Fatalf("token signed by %s", kid)
		}
		// The switch, on both instances at once.
		w.clk.Advance(time.Second)
		if w.signing(w.a) != next.ID || w.signing(w.b) != next.ID {
			t.Fatalf("after the delay: %s and %s sign, want %s", w.signing(w.a), w.signing(w.b), next.ID)
		}
		fresh, _ := w.idToken(w.b)
		if err := w.verify(fresh); err != nil {
			t.Fatalf("token of the new key: %v", err)
		}
		// The old key's last token verifies to its last second.
		w.clk.Advance(sso.IDTokenTTL - 2*time.Second)
		if err := w.verify(lastOld); err != nil {
			t.Fatalf("old key's token before its expiry: %v", err)
		}
		// Once every token it signed has expired, the old key is gone from
		// the JWKS (and from the database after maintenance).
		w.clk.Advance(sso.KeyVerifyFor - sso.IDTokenTTL + sso.KeyCacheFor + 2*time.Second)
		if w.published(w.a)[old] || w.published(w.b)[old] || !w.published(w.a)[next.ID] {
			t.Fatalf("after retirement: published %v", w.published(w.a))
		}
		if err := w.verify(fresh); err == nil {
			t.Fatal("an ID token past its expiry verified")
		}
		if err := db.DeleteExpiredOIDC(ctx, w.clk.Now()); err != nil {
			t.Fatal(err)
		}
		if rows, _ := db.OIDCKeys(ctx, time.Time{}); len(rows) != 1 || rows[0].ID != next.ID {
			t.Fatalf("rows after maintenance: %+v", rows)
		}
	})
}

// TestScheduledKeyRotation: RotateKeysIfDue rotates once the newest key
// is `every` old, through the same delay, and a second instance asking at
// the same time finds nothing due.
func TestScheduledKeyRotation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newKeyWorld(t, db)
		first := w.signing(w.a)
		const every, delay = 90 * 24 * time.Hour, 10 * time.Minute
		if done, err := w.a.RotateKeysIfDue(ctx, every, delay); err != nil || done {
			t.Fatalf("rotated a new key: %v %v", done, err)
		}
		if done, err := w.a.RotateKeysIfDue(ctx, 0, delay); err != nil || done {
			t.Fatalf("rotation off rotated: %v %v", done, err)
		}
		w.clk.Advance(every)
		n := 0
		for _, s := range []*sso.Service{w.a, w.b, w.a} {
			done, err := s.RotateKeysIfDue(ctx, every, delay)
			if err != nil {
				t.Fatal(err)
			}
			if done {
				n++
			}
		}
		keys, _ := w.a.Keys(ctx)
		if n != 1 || len(keys) != 2 {
			t.Fatalf("%d rotations, %d keys; want 1 and 2", n, len(keys))
		}
		if w.signing(w.b) != first {
			t.Fatal("the scheduled key signs before its delay")
		}
		w.clk.Advance(delay)
		if w.signing(w.a) != keys[0].ID || w.signing(w.b) != keys[0].ID {
			t.Fatal("the scheduled key does not sign after its delay")
		}
	})
}

// TestConcurrentKeyRotations: rotations from several instances at once
// (the command on two machines, or the command and the schedule) end with
// exactly one signing key for every instance, and every other key retired
// at the start of the key after it, so it stays published while it may
// have signed.
func TestConcurrentKeyRotations(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		w := newKeyWorld(t, db)
		w.signing(w.a)
		const n = 6
		errs := make(chan error, n)
		for i := range n {
			go func() {
				s := w.a
				if i%2 == 1 {
					s = w.b
				}
				_, err := s.RotateKeys(ctx, time.Duration(10+i)*time.Minute)
				errs <- err
			}()
		}
		for range n {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
		rows, err := db.OIDCKeys(ctx, w.clk.Now())
		if err != nil || len(rows) != n+1 {
			t.Fatalf("%d keys, %v", len(rows), err)
		}
		if rows[0].RetiredAt != nil {
			t.Fatalf("the latest key is retired: %+v", rows[0])
		}
		for i := 1; i < len(rows); i++ {
			if rows[i].RetiredAt == nil || !rows[i].RetiredAt.Equal(rows[i-1].SignsFrom) ||
				!rows[i].VerifyUntil.Equal(rows[i-1].SignsFrom.Add(sso.KeyVerifyFor)) {
				t.Fatalf("key %d retired at %v, want the next start %s", i, rows[i].RetiredAt, rows[i-1].SignsFrom)
			}
		}
		w.clk.Advance(time.Hour)
		if w.signing(w.a) != rows[0].ID || w.signing(w.b) != rows[0].ID {
			t.Fatal("the instances disagree on the signing key")
		}
	})
}
