// Package credential checks a password for a principal (a portal account or
// a staff member), the one path portal sign-in, staff sign-in and the
// account centre's change-password share. It owns the lockout (5 failures
// within 15 minutes lock the name for 15 minutes, counted in the ephemeral
// store so that every instance sees the same count), the equal cost for
// names nobody holds (a dummy hash is verified instead), the cap on
// concurrent argon2id computations, and the upgrade of a hash made with
// older parameters.
package credential

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
)

// Lockout rule (docs/spec/DECISIONS.md): MaxFailures wrong passwords within
// FailureWindow lock the name for LockDuration.
const (
	MaxFailures   = 5
	FailureWindow = 15 * time.Minute
	LockDuration  = 15 * time.Minute
)

// ErrBadCredentials is the answer to a wrong password when the caller names
// no answer of its own: an unknown name gets the same one, so the answer
// does not tell which names exist.
var ErrBadCredentials = apperr.New(apperr.Invalid, "auth.bad_credentials", "账号或密码错误")

// ErrBusy answers a try beyond MaxFailures while earlier tries of the name
// are still being checked: it is refused unchecked, but it does not lock
// the name (those tries may all be right; if they are wrong, the one that
// makes MaxFailures locks it).
var ErrBusy = apperr.New(apperr.TooMany, "auth.busy", "登录尝试过于频繁，请稍后再试")

// LockedError is the answer while a name is locked, with the minutes left
// rounded up. The reason key and the wording are those the web app and
// the portal's tests already know (auth.locked).
func LockedError(left time.Duration) *apperr.Error {
	mins := int((left + time.Minute - 1) / time.Minute)
	if mins < 1 {
		mins = 1
	}
	return apperr.New(apperr.TooMany, "auth.locked",
		fmt.Sprintf("登录失败次数过多，账号已锁定，请%d分钟后再试", mins))
}

// Key names the principal whose failures count together. Portal accounts
// and staff members live in separate realms, so a staff name and a portal
// name with the same text never share a count or a lock. Names compare
// case-insensitively, as both sign-ins look them up.
type Key struct {
	realm string
	name  string
}

// Portal is the key of a portal account's sign-in name.
func Portal(name string) Key { return Key{realm: "portal", name: normalise(name)} }

// Staff is the key of a staff member's sign-in name.
func Staff(name string) Key { return Key{realm: "staff", name: normalise(name)} }

// SecondFactor is the key counting k's wrong second-factor codes. It is
// a realm of its own: a right password clears the password count, and
// must not give a thief who knows it five more codes each time
// (docs/decisions/second-factor.md, "Wrong codes count like wrong passwords").
func (k Key) SecondFactor() Key { return Key{realm: k.realm + "-factor", name: k.name} }

func normalise(name string) string { return strings.ToLower(strings.TrimSpace(name)) }

// The realm comes before the name and contains no colon, so no name can
// reach into another realm's keys.
func (k Key) failKey() string { return "signin:" + k.realm + ":fail:" + k.name }
func (k Key) lockKey() string { return "signin:" + k.realm + ":lock:" + k.name }

// Hasher computes and verifies argon2id hashes; Argon2 is the real one,
// shared by the whole process so that one cap holds for every caller.
type Hasher interface {
	Hash(ctx context.Context, pw string) (string, error)
	// Verify is package password's Verify: needsRehash reports a hash
	// made with parameters other than the current ones.
	Verify(ctx context.Context, phc, pw string) (ok, needsRehash bool, err error)
}

// Attempt is one password check.
type Attempt struct {
	Key      Key
	Password string // plain
	// Hash is the stored hash of the principal; empty when nobody holds
	// the name (a dummy hash is verified instead, at the same cost).
	Hash string
	// Rehash stores a fresh hash of Password when Hash was made with older
	// parameters; nil when the caller replaces the password anyway.
	Rehash func(ctx context.Context, hash string) error
	// Wrong is returned for a wrong password (ErrBadCredentials when nil),
	// so each caller keeps its own reason key and message.
	Wrong error
}

// Locks keeps the locks of names. The app keeps them in the database
// (store.DB): a lock must outlive a restart of a Redis without persistence
// (docs/decisions/export-readiness-locks.md). The failure counts stay in
// the ephemeral store: a restart there forgets at most four typos.
type Locks interface {
	// LockName locks key until until unless a lock in force at now holds
	// it (the first lock's expiry is kept).
	LockName(ctx context.Context, key string, until, now time.Time) error
	// LockedUntil is the expiry of key's lock in force at now, or zero.
	LockedUntil(ctx context.Context, key string, now time.Time) (time.Time, error)
	// Unlock removes key's lock.
	Unlock(ctx context.Context, key string) error
}

// Verifier checks passwords under the lockout rule.
type Verifier struct {
	store  ephemeral.Store
	locks  Locks
	clock  clock.Clock
	hasher Hasher
	log    *slog.Logger
	dummy  string
}

// ephemeralLocks keeps locks in the ephemeral store with its own expiry:
// what a Verifier uses until KeepLocksIn gives it durable ones (tests of
// other packages, which need no database for it).
type ephemeralLocks struct{ s ephemeral.Store }

func (e ephemeralLocks) LockName(ctx context.Context, key string, until, now time.Time) error {
	_, err := e.s.SetNX(ctx, key, []byte{1}, until.Sub(now))
	return err
}

func (e ephemeralLocks) LockedUntil(ctx context.Context, key string, now time.Time) (time.Time, error) {
	left, err := e.s.TTL(ctx, key)
	if errors.Is(err, ephemeral.ErrNotFound) {
		return time.Time{}, nil
	}
	if err != nil {
		return time.Time{}, err
	}
	return now.Add(left), nil
}

func (e ephemeralLocks) Unlock(ctx context.Context, key string) error { return e.s.Delete(ctx, key) }

// KeepLocksIn makes v keep its locks in l, on clk's time, and returns v.
func (v *Verifier) KeepLocksIn(l Locks, clk clock.Clock) *Verifier {
	v.locks, v.clock = l, clk
	return v
}

// NewVerifier returns a Verifier counting failures in store and hashing
// with hasher. It computes the dummy hash at once, so the first unknown
// name costs what every later one does. log receives failed upgrades of
// outdated hashes (slog.Default when nil).
func NewVerifier(store ephemeral.Store, hasher Hasher, log *slog.Logger) *Verifier {
	if log == nil {
		log = slog.Default()
	}
	// The dummy is the hash of a password no one types; it is never stored.
	dummy, err := hasher.Hash(context.Background(), "dummy-password-for-unknown-names")
	if err != nil {
		// Hash fails only when the system's random source does, and then
		// no password could be stored either.
		panic(fmt.Sprintf("credential: dummy hash: %v", err))
	}
	return &Verifier{store: store, locks: ephemeralLocks{store}, clock: clock.System{}, hasher: hasher, log: log, dummy: dummy}
}

// Check verifies a.Password against a.Hash. While a.Key is locked it
// answers the lock (no hash is computed). Each check first reserves its
// try (an atomic increment of the failure count) and only the first
// MaxFailures reservations of a window are hashed: the lock holds for any
// number of parallel requests (docs/decisions/limits.md, "Limits and abuse paths" #2), where counting after the
// hash let every request in flight be tried. A wrong password, or a name
// nobody holds, answers a.Wrong; the try that reaches MaxFailures locks
// the name and answers the lock instead, wrapping a.Wrong so that
// errors.Is(err, a.Wrong) still tells a wrong password from a refusal
// without a check. A right password clears the count and, when the hash
// is outdated, calls a.Rehash.
//
// Errors: a.Wrong (or ErrBadCredentials), the lock (TooMany, reason
// auth.locked), the context's error, or a store failure.
func (v *Verifier) Check(ctx context.Context, a Attempt) error {
	hash := a.Hash
	if hash == "" {
		hash = v.dummy
	}
	needsRehash := false
	err := v.Try(ctx, a.Key, a.Wrong, func(ctx context.Context) (bool, error) {
		ok, rehash, err := v.hasher.Verify(ctx, hash, a.Password)
		needsRehash = rehash
		return ok && a.Hash != "", err
	})
	if err == nil && needsRehash && a.Rehash != nil {
		v.rehash(ctx, a)
	}
	return err
}

// Try runs one check of a secret for k under the lockout rule, as Check
// does for a password: while k is locked it answers the lock without
// calling check; each try first reserves its place (an atomic increment)
// and only the first MaxFailures of a window call check, so parallel
// tries never evaluate more. check answers whether the secret was right;
// a check that fails (err) gives its reserved try back. A wrong secret
// answers wrong (ErrBadCredentials when nil), the try that reaches
// MaxFailures locks k; a right one clears k's count. The second factor's
// codes count here too (docs/decisions/second-factor.md, "Wrong codes
// count like wrong passwords").
func (v *Verifier) Try(ctx context.Context, k Key, wrong error, check func(ctx context.Context) (bool, error)) error {
	if err := v.refuseIfLocked(ctx, k); err != nil {
		return err
	}
	n, err := v.store.Incr(ctx, k.failKey(), FailureWindow)
	if err != nil {
		return err
	}
	if n > MaxFailures {
		// Either the name is being locked by the try that made
		// MaxFailures, or that many tries are in flight (a user's
		// parallel right sign-ins, clients that gave up): refuse this
		// one unchecked, but leave locking to a try found wrong, so right
		// passwords in flight never lock an account.
		if err := v.refuseIfLocked(ctx, k); err != nil {
			return err
		}
		return ErrBusy
	}
	ok, err := check(ctx)
	if err != nil {
		// Not checked (the client gave up while waiting for the hashing
		// cap, or the hasher failed): give the reserved try back, or
		// abandoned requests would count as failures and lock the name.
		_, _ = v.store.IncrBy(context.WithoutCancel(ctx), k.failKey(), -1, FailureWindow)
		return fmt.Errorf("credential: %s %q: %w", k.realm, k.name, err)
	}
	if !ok {
		if wrong == nil {
			wrong = ErrBadCredentials
		}
		if n < MaxFailures {
			return wrong
		}
		return v.lockKey(ctx, k, wrong)
	}
	// A leftover count would make the next few typos lock sooner; failing
	// to drop it must not refuse a right secret.
	_ = v.store.Delete(ctx, k.failKey())
	return nil
}

func (v *Verifier) refuseIfLocked(ctx context.Context, k Key) error {
	now := v.clock.Now()
	until, err := v.locks.LockedUntil(ctx, k.lockKey(), now)
	if err != nil {
		return err
	}
	if until.IsZero() {
		return nil
	}
	return LockedError(until.Sub(now))
}

// lockKey locks k (the first lock's expiry is kept) and answers the
// lock, wrapping wrong when a password was tried and found wrong.
func (v *Verifier) lockKey(ctx context.Context, k Key, wrong error) error {
	now := v.clock.Now()
	if err := v.locks.LockName(ctx, k.lockKey(), now.Add(LockDuration), now); err != nil {
		return err
	}
	if wrong == nil {
		return LockedError(LockDuration)
	}
	return LockedError(LockDuration).Wrap(wrong)
}

// rehash upgrades an outdated hash. A failure must not refuse a right
// password, so it is only logged; the next success tries again.
func (v *Verifier) rehash(ctx context.Context, a Attempt) {
	h, err := v.hasher.Hash(ctx, a.Password)
	if err == nil {
		err = a.Rehash(ctx, h)
	}
	if err != nil {
		v.log.Warn("credential: upgrading an outdated password hash failed", "realm", a.Key.realm, "err", err)
	}
}

// Clear forgets the failures and any lock of k; a password reset calls it
// (docs/spec/DECISIONS.md).
func (v *Verifier) Clear(ctx context.Context, k Key) error {
	if err := v.store.Delete(ctx, k.failKey()); err != nil {
		return err
	}
	return v.locks.Unlock(ctx, k.lockKey())
}
