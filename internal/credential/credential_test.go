package credential_test

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/credential"
	"bidpass/internal/ephemeral"
	"bidpass/internal/ephemeral/ephemeraltest"
	"bidpass/internal/password"
)

// counting is the real hasher, counting what it computes.
type counting struct {
	credential.Hasher
	hashes, verifies atomic.Int64
}

func (c *counting) Hash(ctx context.Context, pw string) (string, error) {
	c.hashes.Add(1)
	return c.Hasher.Hash(ctx, pw)
}

func (c *counting) Verify(ctx context.Context, phc, pw string) (bool, bool, error) {
	c.verifies.Add(1)
	return c.Hasher.Verify(ctx, phc, pw)
}

const right = "Right#2025pw"

var (
	hashOnce  sync.Once
	rightHash string
)

// hashOfRight is the current-parameter hash of right, made once.
func hashOfRight(t *testing.T) string {
	t.Helper()
	hashOnce.Do(func() {
		var err error
		if rightHash, err = password.Hash(right); err != nil {
			panic(err)
		}
	})
	return rightHash
}

func newVerifier(s ephemeral.Store) (*credential.Verifier, *counting) {
	c := &counting{Hasher: credential.NewArgon2(0)}
	return credential.NewVerifier(s, c, slog.New(slog.DiscardHandler)), c
}

func isLock(err error) bool {
	e, ok := apperr.As(err)
	return ok && e.Kind == apperr.TooMany && e.Reason == "auth.locked"
}

// waiting is a hasher that, like the hashing cap, answers the context's
// error when the request ended before it got to hash.
type waiting struct{ credential.Hasher }

func (w waiting) Verify(ctx context.Context, phc, pw string) (bool, bool, error) {
	if err := ctx.Err(); err != nil {
		return false, false, err
	}
	return w.Hasher.Verify(ctx, phc, pw)
}

func isBusy(err error) bool {
	e, ok := apperr.As(err)
	return ok && e.Kind == apperr.TooMany && e.Reason == "auth.busy"
}

func msgOf(err error) string {
	if e, ok := apperr.As(err); ok {
		return e.Msg
	}
	return ""
}

// An unknown name and a wrong password cost the same: exactly one argon2id
// verification each (the unknown name against the dummy hash), and no hash.
// A lock refuses without any.
func TestOneVerificationPerCheck(t *testing.T) {
	clk := clock.NewFake(time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC))
	v, c := newVerifier(ephemeral.NewMemory(clk))
	ctx := context.Background()
	h := hashOfRight(t)
	c.hashes.Store(0) // the dummy, made by NewVerifier
	for _, tc := range []struct {
		name string
		a    credential.Attempt
	}{
		{"unknown name", credential.Attempt{Key: credential.Portal("nobody01"), Password: right}},
		{"wrong password", credential.Attempt{Key: credential.Portal("zhang01"), Password: "Wrong#2025pw", Hash: h}},
	} {
		before := c.verifies.Load()
		if err := v.Check(ctx, tc.a); !errors.Is(err, credential.ErrBadCredentials) || msgOf(err) != "账号或密码错误" {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if n := c.verifies.Load() - before; n != 1 {
			t.Fatalf("%s: %d verifications, want 1", tc.name, n)
		}
	}
	if n := c.hashes.Load(); n != 0 {
		t.Fatalf("%d hashes computed for failures, want 0", n)
	}
	before := c.verifies.Load()
	if err := v.Check(ctx, credential.Attempt{Key: credential.Portal("zhang01"), Password: right, Hash: h}); err != nil {
		t.Fatalf("right password: %v", err)
	}
	if n := c.verifies.Load() - before; n != 1 || c.hashes.Load() != 0 {
		t.Fatalf("right password with a current hash: %d verifications, %d hashes", n, c.hashes.Load())
	}
	for i := 0; i < credential.MaxFailures; i++ {
		_ = v.Check(ctx, credential.Attempt{Key: credential.Portal("nobody01"), Password: right})
	}
	before = c.verifies.Load()
	if err := v.Check(ctx, credential.Attempt{Key: credential.Portal("nobody01"), Password: right}); !isLock(err) {
		t.Fatalf("locked name: %v", err)
	}
	if n := c.verifies.Load() - before; n != 0 {
		t.Fatalf("a locked name ran %d verifications", n)
	}
}

func TestLockout(t *testing.T) {
	clk := clock.NewFake(time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC))
	v, _ := newVerifier(ephemeral.NewMemory(clk))
	ctx := context.Background()
	h := hashOfRight(t)
	wrongPw := apperr.Field("oldPwd", "原密码错误")
	attempt := func(name, pw string) error {
		return v.Check(ctx, credential.Attempt{Key: credential.Portal(name), Password: pw, Hash: h, Wrong: wrongPw})
	}
	for i := 1; i < credential.MaxFailures; i++ {
		if err := attempt("li0001", "Wrong#2025pw"); err != wrongPw {
			t.Fatalf("failure %d: %v, want the caller's own answer", i, err)
		}
		clk.Advance(time.Minute)
	}
	err := attempt("LI0001 ", "Wrong#2025pw") // the same name however typed
	if !isLock(err) || msgOf(err) != "登录失败次数过多，账号已锁定，请15分钟后再试" {
		t.Fatalf("fifth failure: %v", err)
	}
	if !errors.Is(err, wrongPw) {
		t.Fatalf("the locking failure does not say the password was wrong: %v", err)
	}
	clk.Advance(5*time.Minute + 30*time.Second)
	err = attempt("li0001", right)
	if msgOf(err) != "登录失败次数过多，账号已锁定，请10分钟后再试" {
		t.Fatalf("right password while locked: %v", err)
	}
	if errors.Is(err, wrongPw) {
		t.Fatal("a refusal without a check claims a wrong password")
	}
	clk.Advance(10 * time.Minute)
	if err := attempt("li0001", right); err != nil {
		t.Fatalf("after the lock: %v", err)
	}
	// A success clears the count; failures spread over more than the window
	// do not add up.
	for i := 1; i < credential.MaxFailures; i++ {
		_ = attempt("li0001", "Wrong#2025pw")
	}
	if err := attempt("li0001", right); err != nil {
		t.Fatalf("four failures after a success locked: %v", err)
	}
	for i := 1; i < credential.MaxFailures; i++ {
		_ = attempt("li0001", "Wrong#2025pw")
	}
	clk.Advance(credential.FailureWindow + time.Second)
	if err := attempt("li0001", "Wrong#2025pw"); err != wrongPw {
		t.Fatalf("failure after the window: %v", err)
	}
	// Clear (a password reset) lifts a lock at once.
	for i := 0; i < credential.MaxFailures; i++ {
		err = attempt("li0001", "Wrong#2025pw")
	}
	if !isLock(err) {
		t.Fatalf("not locked: %v", err)
	}
	if err := v.Clear(ctx, credential.Portal("Li0001")); err != nil {
		t.Fatal(err)
	}
	if err := attempt("li0001", right); err != nil {
		t.Fatalf("after Clear: %v", err)
	}
}

// Parallel failures are counted exactly (on Redis too, where several
// instances share the count): of 20 wrong passwords at once, exactly
// MaxFailures-1 are answered "wrong" and every other one the lock (or
// "busy", when refused unchecked before the lock was written), and
// afterwards the right password is refused. The staff name with the same
// text is untouched, and the other way round.
func TestParallelFailuresLock(t *testing.T) {
	clk := clock.NewFake(time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC))
	ephemeraltest.Each(t, clk, func(t *testing.T, s ephemeral.Store) {
		v, _ := newVerifier(s)
		ctx := context.Background()
		h := hashOfRight(t)
		for _, tc := range []struct {
			realm         string
			locked, other credential.Key
		}{
			{"portal", credential.Portal("alice"), credential.Staff("alice")},
			{"staff", credential.Staff("bobby"), credential.Portal("bobby")},
		} {
			t.Run(tc.realm, func(t *testing.T) {
				const n = 20
				errs := make([]error, n)
				var wg sync.WaitGroup
				for i := range n {
					wg.Go(func() {
						errs[i] = v.Check(ctx, credential.Attempt{Key: tc.locked, Password: "Wrong#2025pw", Hash: h})
					})
				}
				wg.Wait()
				wrong := 0
				for _, err := range errs {
					switch {
					case err == credential.ErrBadCredentials:
						wrong++
					case isLock(err), isBusy(err): // unchecked: locked, or beyond the tries in flight
					default:
						t.Fatalf("parallel failure answered %v", err)
					}
				}
				if wrong != credential.MaxFailures-1 {
					t.Fatalf("%d of %d parallel failures answered 'wrong', want %d", wrong, n, credential.MaxFailures-1)
				}
				err := v.Check(ctx, credential.Attempt{Key: tc.locked, Password: right, Hash: h})
				if !isLock(err) || !strings.HasPrefix(msgOf(err), "登录失败次数过多，账号已锁定，请") {
					t.Fatalf("right password after the parallel failures: %v", err)
				}
				if err := v.Check(ctx, credential.Attempt{Key: tc.other, Password: right, Hash: h}); err != nil {
					t.Fatalf("the same name in the other realm: %v", err)
				}
			})
		}
	})
}

func TestRehash(t *testing.T) {
	clk := clock.NewFake(time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC))
	v, _ := newVerifier(ephemeral.NewMemory(clk))
	ctx := context.Background()
	old, err := password.HashWith(password.Params{Memory: 8 * 1024, Time: 1, Threads: 1, KeyLen: 32, SaltLen: 16}, right)
	if err != nil {
		t.Fatal(err)
	}
	var stored []string
	rehash := func(_ context.Context, h string) error {
		stored = append(stored, h)
		return nil
	}
	if err := v.Check(ctx, credential.Attempt{Key: credential.Portal("wang01"), Password: "Wrong#2025pw", Hash: old, Rehash: rehash}); err == nil {
		t.Fatal("wrong password accepted")
	}
	if err := v.Check(ctx, credential.Attempt{Key: credential.Portal("wang01"), Password: right, Hash: hashOfRight(t), Rehash: rehash}); err != nil {
		t.Fatal(err)
	}
	if len(stored) != 0 {
		t.Fatalf("rehashed without need: %v", stored)
	}
	if err := v.Check(ctx, credential.Attempt{Key: credential.Portal("wang01"), Password: right, Hash: old, Rehash: rehash}); err != nil {
		t.Fatal(err)
	}
	if len(stored) != 1 || !strings.HasPrefix(stored[0], "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Fatalf("outdated hash not upgraded: %v", stored)
	}
	if ok, again, err := password.Verify(stored[0], right); !ok || again || err != nil {
		t.Fatalf("upgraded hash does not verify: %v %v %v", ok, again, err)
	}
	// A failed upgrade does not refuse the right password.
	failing := func(context.Context, string) error { return errors.New("database down") }
	if err := v.Check(ctx, credential.Attempt{Key: credential.Portal("wang01"), Password: right, Hash: old, Rehash: failing}); err != nil {
		t.Fatalf("failed upgrade refused the password: %v", err)
	}
}

// TestParallelRightPasswordsNeverLock: many right passwords at once for one
// name may be refused as busy beyond MaxFailures in flight, but never lock
// it; and tries the client gave up on (the context ended before the hash)
// are given back, so they never count as failures.
func TestParallelRightPasswordsNeverLock(t *testing.T) {
	clk := clock.NewFake(time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC))
	ephemeraltest.Each(t, clk, func(t *testing.T, s ephemeral.Store) {
		// The hasher sees the client gone as the hashing cap does when a
		// request ends while it waits for a slot.
		v := credential.NewVerifier(s, waiting{credential.NewArgon2(0)}, slog.New(slog.DiscardHandler))
		h := hashOfRight(t)
		key := credential.Portal("carol")
		var wg sync.WaitGroup
		for range 20 {
			wg.Go(func() {
				err := v.Check(context.Background(), credential.Attempt{Key: key, Password: right, Hash: h})
				if err != nil && !isBusy(err) {
					t.Errorf("a right password at once answered %v", err)
				}
			})
		}
		wg.Wait()
		gone, cancel := context.WithCancel(context.Background())
		cancel()
		for range 2 * credential.MaxFailures {
			if err := v.Check(gone, credential.Attempt{Key: key, Password: right, Hash: h}); err == nil || isLock(err) {
				t.Fatalf("a try whose client gave up: %v", err)
			}
		}
		if err := v.Check(context.Background(), credential.Attempt{Key: key, Password: right, Hash: h}); err != nil {
			t.Fatalf("the right password afterwards: %v", err)
		}
	})
}
