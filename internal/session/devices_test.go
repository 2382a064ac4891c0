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

// TestTimeoutsByKind (docs/decisions/sessions-and-devices.md, "Timeouts by
// kind"): on a fake clock, a portal session ends after 30 idle minutes and
// 12 hours whatever happens, a staff session after 15 minutes and 8 hours.
func TestTimeoutsByKind(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clk := clock.NewFake(time.Date(2026, 12, 2, 8, 0, 0, 0, time.UTC))
		svc := session.NewServiceWith(db, clk, session.Limits{Idle: 30 * time.Minute, Absolute: 12 * time.Hour},
			session.Limits{Idle: 15 * time.Minute, Absolute: 8 * time.Hour})
		for _, c := range []struct {
			kind           session.Kind
			idle, absolute time.Duration
		}{{session.Portal, 30 * time.Minute, 12 * time.Hour}, {session.Staff, 15 * time.Minute, 8 * time.Hour}} {
			// Idle: a request a second before the limit keeps it; none for the whole limit ends it.
			tok, err := svc.Issue(ctx, c.kind, 1, "", "")
			if err != nil {
				t.Fatal(err)
			}
			clk.Advance(c.idle - time.Second)
			if _, err := svc.Authenticate(ctx, c.kind, tok); err != nil {
				t.Fatalf("%s: a second before the idle limit: %v", c.kind, err)
			}
			clk.Advance(c.idle)
			if _, err := svc.Authenticate(ctx, c.kind, tok); apperr.KindOf(err) != apperr.SessionExpired {
				t.Fatalf("%s: idle for the limit: %v", c.kind, err)
			}
			// Absolute: activity within the idle limit does not keep it past.
			tok, _ = svc.Issue(ctx, c.kind, 1, "", "")
			step := c.idle - time.Minute
			var last error
			for elapsed := time.Duration(0); elapsed < c.absolute; elapsed += step {
				if last != nil {
					t.Fatalf("%s: ended at %s, before the absolute limit: %v", c.kind, elapsed, last)
				}
				clk.Advance(step)
				_, last = svc.Authenticate(ctx, c.kind, tok)
			}
			if apperr.KindOf(last) != apperr.SessionExpired {
				t.Fatalf("%s: past the absolute limit: %v", c.kind, last)
			}
		}
	})
}

// TestDevicesOfASubject: the live sessions are listed (an idle-expired one
// is not), one is ended by its public id, another subject's id ends
// nothing, and ending the others keeps the caller's own.
func TestDevicesOfASubject(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clk := clock.NewFake(time.Date(2026, 12, 2, 8, 0, 0, 0, time.UTC))
		svc := session.NewService(db, clk, 30*time.Minute, 12*time.Hour)
		devs := session.NewDevices(svc, db)
		issue := func(subject int64, addr string) (string, session.Principal) {
			t.Helper()
			tok, err := svc.IssueSignIn(ctx, session.Portal, subject, []string{session.MethodPassword}, addr, "ua")
			if err != nil {
				t.Fatal(err)
			}
			p, err := svc.Authenticate(ctx, session.Portal, tok)
			if err != nil {
				t.Fatal(err)
			}
			return tok, p
		}
		issue(7, "198.51.100.1") // idle past the limit by the time of the list
		clk.Advance(31 * time.Minute)
		a, pa := issue(7, "203.0.113.1")
		clk.Advance(time.Minute)
		b, pb := issue(7, "203.0.113.2")
		other, _ := issue(8, "192.0.2.1")

		live, err := devs.Live(ctx, session.Portal, 7)
		if err != nil {
			t.Fatal(err)
		}
		if len(live) != 2 || live[0].TokenHash != pb.TokenHash || live[1].TokenHash != pa.TokenHash || live[0].ID == "" ||
			live[0].ID == live[1].ID || live[0].ClientAddr != "203.0.113.2" || len(live[0].Methods) != 1 {
			t.Fatalf("live sessions of 7: %+v", live)
		}
		theirs, _ := devs.Live(ctx, session.Portal, 8)
		if len(theirs) != 1 {
			t.Fatalf("live sessions of 8: %+v", theirs)
		}
		// 8 names 7's session: nothing ends, and the answer is the unknown id's.
		if _, err := devs.End(ctx, session.Portal, 8, live[1].ID); err != session.ErrNoSuchSession {
			t.Fatalf("another subject's id: %v", err)
		}
		if _, err := devs.End(ctx, session.Staff, 7, live[1].ID); err != session.ErrNoSuchSession {
			t.Fatalf("the other kind: %v", err)
		}
		if _, err := svc.Authenticate(ctx, session.Portal, a); err != nil {
			t.Fatalf("a survives a stranger's end: %v", err)
		}
		h, err := devs.End(ctx, session.Portal, 7, live[1].ID)
		if err != nil || h != pa.TokenHash {
			t.Fatalf("end: %q %v", h, err)
		}
		if _, err := svc.Authenticate(ctx, session.Portal, a); apperr.KindOf(err) != apperr.Unauthenticated {
			t.Fatalf("ended session accepted: %v", err)
		}
		if _, err := devs.End(ctx, session.Portal, 7, live[1].ID); err != session.ErrNoSuchSession {
			t.Fatalf("ending twice: %v", err)
		}
		c, _ := issue(7, "203.0.113.3")
		hs, err := devs.EndOthers(ctx, pb)
		if err != nil || len(hs) != 2 { // c and the stale one
			t.Fatalf("end others: %v %v", hs, err)
		}
		for tok, live := range map[string]bool{b: true, c: false, other: true} {
			_, err := svc.Authenticate(ctx, session.Portal, tok)
			if live && err != nil || !live && apperr.KindOf(err) != apperr.Unauthenticated {
				t.Fatalf("after end-others: %v, want live %v", err, live)
			}
		}
	})
}
