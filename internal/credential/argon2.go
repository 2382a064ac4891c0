package credential

import (
	"context"
	"runtime"

	"bidpass/internal/password"
)

// Argon2 is the process's Hasher: package password's argon2id, with at
// most a fixed number of computations running at once. Each takes 19 MiB,
// and more at once than there are cores only thrash the caches (measured:
// 4 concurrent clients on 2 cores gave 66% of the limit, 2 gave 93%). The
// composition root makes one and hands it to every service, so the cap holds
// for the whole process rather than per service.
type Argon2 struct {
	slots chan struct{}
}

// NewArgon2 returns a Hasher running at most n computations at once;
// n < 1 means one per core (GOMAXPROCS).
func NewArgon2(n int) *Argon2 {
	if n < 1 {
		n = runtime.GOMAXPROCS(0)
	}
	return &Argon2{slots: make(chan struct{}, n)}
}

// acquire waits for a slot, or for ctx to end (a client that gave up does
// not keep its place in the queue).
func (a *Argon2) acquire(ctx context.Context) error {
	select {
	case a.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (a *Argon2) release() { <-a.slots }

// Hash implements Hasher with password.Hash.
func (a *Argon2) Hash(ctx context.Context, pw string) (string, error) {
	if err := a.acquire(ctx); err != nil {
		return "", err
	}
	defer a.release()
	return password.Hash(pw)
}

// Verify implements Hasher with password.Verify.
func (a *Argon2) Verify(ctx context.Context, phc, pw string) (ok, needsRehash bool, err error) {
	if err := a.acquire(ctx); err != nil {
		return false, false, err
	}
	defer a.release()
	return password.Verify(phc, pw)
}
