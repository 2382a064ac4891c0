package staff_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/auth"
	"bidpass/internal/clock"
	"bidpass/internal/credential"
	"bidpass/internal/ephemeral"
	"bidpass/internal/ephemeral/ephemeraltest"
	"bidpass/internal/password"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// Twenty wrong staff sign-ins at once, on the store several instances
// would share, lock the staff name; a portal account with the same name,
// checked by the same verifier, is not locked by them, nor the other way
// round.
func TestParallelFailuresLockStaffNotPortal(t *testing.T) {
	clk := clock.NewFake(time.Date(2025, 3, 1, 8, 0, 0, 0, time.UTC))
	ephemeraltest.Each(t, clk, func(t *testing.T, eph ephemeral.Store) {
		storetest.Each(t, func(t *testing.T, db *store.DB) {
			ctx := context.Background()
			creds := credential.NewVerifier(eph, credential.NewArgon2(0), nil)
			f := setupWith(t, db, clk, eph, creds)
			portal := auth.New(auth.Config{Accounts: db, Credentials: creds, Clock: clk})
			h, _ := password.Hash(goodPW)
			// The same store serves both databases: each locks its own name.
			name := map[string]string{"sqlite": "alice", "postgres": "root1"}[t.Name()[strings.LastIndex(t.Name(), "/")+1:]]
			if err := db.CreateAccount(ctx, &account.Account{Name: name, Type: account.Enterprise, Phone: "13800000001",
				PasswordHash: h, CreatedAt: clk.Now(), UpdatedAt: clk.Now()}); err != nil {
				t.Fatal(err)
			}

			const n = 20
			errs := make([]error, n)
			var wg sync.WaitGroup
			for i := range n {
				req := f.request(name, "Wrong#2025abc", 100+i)
				wg.Go(func() { _, errs[i] = f.svc.SignIn(ctx, req) })
			}
			wg.Wait()
			locked := 0
			for _, err := range errs {
				switch reason(err) {
				case "auth.locked", "auth.busy": // refused unchecked
					locked++
				case "staff.bad_credentials":
				default:
					t.Fatalf("parallel failure answered %v", err)
				}
			}
			if locked != n-(credential.MaxFailures-1) {
				t.Fatalf("%d of %d parallel failures answered the lock", locked, n)
			}
			_, err := f.signIn(name, goodPW)
			if e, ok := apperr.As(err); !ok || e.Reason != "auth.locked" || !strings.HasPrefix(e.Msg, "登录失败次数过多，账号已锁定，请") {
				t.Fatalf("right staff password after 20 parallel failures: %v", err)
			}
			if _, err := portal.CheckPassword(ctx, name, goodPW); err != nil {
				t.Fatalf("portal account with the staff member's name: %v", err)
			}
			// And a locked portal name leaves the staff name alone.
			if err := creds.Clear(ctx, credential.Staff(name)); err != nil {
				t.Fatal(err)
			}
			for i := 0; i < credential.MaxFailures; i++ {
				_, err = portal.CheckPassword(ctx, name, "Wrong#2025abc")
			}
			if reason(err) != "auth.locked" {
				t.Fatalf("portal name not locked: %v", err)
			}
			if _, err := f.signIn(name, goodPW); err != nil {
				t.Fatalf("staff sign-in while the portal name is locked: %v", err)
			}
		})
	})
}

// A staff hash made with older parameters is upgraded at sign-in, and an
// upgrade never overwrites a password reset made in between.
func TestStaffRehashOnSignIn(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		f := setup(t, db)
		old, _ := password.HashWith(password.Params{Memory: 8 * 1024, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}, goodPW)
		st := f.rev
		st.PasswordHash = old
		if err := db.UpdateStaff(ctx, st); err != nil {
			t.Fatal(err)
		}
		if _, err := f.signIn("alice", goodPW); err != nil {
			t.Fatal(err)
		}
		got, _ := db.StaffByID(ctx, st.ID)
		if got.PasswordHash == old || !strings.HasPrefix(got.PasswordHash, "$argon2id$v=19$m=19456,t=2,p=1$") {
			t.Fatalf("hash not upgraded: %s", got.PasswordHash)
		}
		if _, err := f.signIn("alice", goodPW); err != nil {
			t.Fatalf("sign-in with the upgraded hash: %v", err)
		}
		// The upgrade is guarded by the hash it verified.
		if err := db.UpgradeStaffPasswordHash(ctx, st.ID, old, "$argon2id$stale", f.clk.Now()); err != nil {
			t.Fatal(err)
		}
		if again, _ := db.StaffByID(ctx, st.ID); again.PasswordHash != got.PasswordHash {
			t.Fatal("an upgrade of a replaced hash overwrote the current one")
		}
	})
}
