package session_test

import (
	"context"
	"testing"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/session"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

func TestSessionLifecycle(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clk := clock.NewFake(time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC))
		svc := session.NewService(db, clk, 2*time.Hour, 12*time.Hour)

		tok, err := svc.Issue(ctx, session.Portal, 7, "127.0.0.1", "test")
		if err != nil {
			t.Fatal(err)
		}
		p, err := svc.Authenticate(ctx, session.Portal, tok)
		if err != nil || p.ID != 7 {
			t.Fatalf("authenticate: %v %+v", err, p)
		}
		if _, err := svc.Authenticate(ctx, session.Staff, tok); apperr.KindOf(err) != apperr.Unauthenticated {
			t.Fatalf("portal token accepted as staff: %v", err)
		}
		if _, err := svc.Authenticate(ctx, session.Portal, "nonsense"); apperr.KindOf(err) != apperr.Unauthenticated {
			t.Fatalf("unknown token: %v", err)
		}

		// Activity keeps it alive past the idle limit...
		for range 5 {
			clk.Advance(90 * time.Minute)
			if _, err := svc.Authenticate(ctx, session.Portal, tok); err != nil {
				t.Fatalf("active session ended: %v", err)
			}
		}
		// ...but not past the absolute limit (7.5 h so far).
		clk.Advance(90 * time.Minute)
		_, _ = svc.Authenticate(ctx, session.Portal, tok)
		clk.Advance(90 * time.Minute)
		_, _ = svc.Authenticate(ctx, session.Portal, tok)
		clk.Advance(90 * time.Minute) // 12 h
		if _, err := svc.Authenticate(ctx, session.Portal, tok); apperr.KindOf(err) != apperr.SessionExpired {
			t.Fatalf("absolute expiry: %v", err)
		}

		// Idle expiry.
		tok2, _ := svc.Issue(ctx, session.Portal, 7, "", "")
		clk.Advance(2 * time.Hour)
		if _, err := svc.Authenticate(ctx, session.Portal, tok2); apperr.KindOf(err) != apperr.SessionExpired {
			t.Fatalf("idle expiry: %v", err)
		}

		// Logout and revoke-all.
		a, _ := svc.Issue(ctx, session.Portal, 8, "", "")
		b, _ := svc.Issue(ctx, session.Portal, 8, "", "")
		c, _ := svc.Issue(ctx, session.Portal, 9, "", "")
		pa, _ := svc.Authenticate(ctx, session.Portal, a)
		if err := svc.Revoke(ctx, pa); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Authenticate(ctx, session.Portal, a); apperr.KindOf(err) != apperr.Unauthenticated {
			t.Fatalf("revoked session accepted: %v", err)
		}
		pb, _ := svc.Authenticate(ctx, session.Portal, b)
		d, _ := svc.Issue(ctx, session.Portal, 8, "", "")
		if err := svc.RevokeAll(ctx, session.Portal, 8, pb.TokenHash); err != nil {
			t.Fatal(err)
		}
		if _, err := svc.Authenticate(ctx, session.Portal, b); err != nil {
			t.Fatalf("kept session ended: %v", err)
		}
		if _, err := svc.Authenticate(ctx, session.Portal, d); apperr.KindOf(err) != apperr.Unauthenticated {
			t.Fatalf("other session survived: %v", err)
		}
		if _, err := svc.Authenticate(ctx, session.Portal, c); err != nil {
			t.Fatalf("another account's session ended: %v", err)
		}
	})
}
