package auth_test

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bidpass/internal/auth"
	"bidpass/internal/clock"
	"bidpass/internal/credential"
	"bidpass/internal/ephemeral"
	"bidpass/internal/ephemeral/ephemeraltest"
	"bidpass/internal/pwtransport"
	"bidpass/internal/session"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// countingHasher is the real argon2id hasher, counting the verifications:
// each is one password tried against the account.
type countingHasher struct {
	credential.Hasher
	verified atomic.Int64
}

func (c *countingHasher) Verify(ctx context.Context, hash, pw string) (bool, bool, error) {
	c.verified.Add(1)
	return c.Hasher.Verify(ctx, hash, pw)
}

// TestLockoutHoldsUnderBurst is docs/decisions/limits.md, "Limits and abuse paths" #2: 50 sign-ins released at once
// (each past its captcha), 49 wrong passwords and the right one sent last.
// The lock must hold for any number of parallel requests: at most
// MaxFailures passwords are tried per lock window, on SQLite and
// PostgreSQL, memory and Redis.
func TestLockoutHoldsUnderBurst(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clk := clock.NewFake(time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC))
		stores := 0
		ephemeraltest.Each(t, clk, func(t *testing.T, eph ephemeral.Store) {
			stores++
			hasher := &countingHasher{Hasher: credential.NewArgon2(0)}
			f := &fixture{db: db, clk: clk}
			f.keys = pwtransport.New(db, eph, clk)
			f.sess = session.NewService(db, clk, 2*time.Hour, 12*time.Hour)
			f.svc = auth.New(auth.Config{Accounts: db, Sessions: f.sess, Keys: f.keys, GraphicCodes: okChecks{}, Captcha: okChecks{},
				Ephemeral: eph, Credentials: credential.NewVerifier(eph, hasher, nil), Clock: clk})
			var err error
			if f.kid, f.pub, err = f.keys.Current(context.Background()); err != nil {
				t.Fatal(err)
			}
			name := fmt.Sprintf("burst%03d", stores)
			f.account(t, name, "Passw0rd", nil)
			hasher.verified.Store(0)

			const n = 50
			reqs := make([]auth.SignInRequest, n)
			for i := range reqs {
				pw := "Wrong000"
				if i == n-1 {
					pw = "Passw0rd"
				}
				ct, err := pwtransport.Encrypt(f.pub, pw, clk.Now(), "")
				if err != nil {
					t.Fatal(err)
				}
				reqs[i] = auth.SignInRequest{UserName: name, Password: ct, KeyID: f.kid, CodeID: "c", GraphicCode: "ok", Captcha: "ok"}
			}
			errs := make([]error, n)
			var wg sync.WaitGroup
			start := make(chan struct{})
			for i := range reqs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					_, errs[i] = f.svc.SignIn(context.Background(), reqs[i])
				}()
			}
			close(start)
			wg.Wait()
			// Without the right password among the first MaxFailures tries,
			// at most MaxFailures passwords are tried. When it is among them
			// it signs in (it was within the limit) and clears the count, as
			// a successful sign-in does: the window starts again, so at most
			// MaxFailures more are tried.
			limit := int64(credential.MaxFailures)
			if errs[n-1] == nil {
				limit *= 2
			}
			if got := hasher.verified.Load(); got > limit {
				t.Fatalf("%d passwords tried (limit %d); right password accepted: %v", got, limit, errs[n-1] == nil)
			}
		})
	})
}
