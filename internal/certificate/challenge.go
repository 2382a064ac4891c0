package certificate

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"strconv"
	"time"

	"bidpass/internal/ephemeral"
)

// ChallengeTTL is how long a challenge may be signed and sent back.
const ChallengeTTL = 2 * time.Minute

// challengeSlots is how many challenges of one purpose and subject are
// outstanding at once; a new challenge replaces the oldest, and
// verification tries at most this many contents. A serial's challenges are
// kept per browser (serialSubject), so a stranger who knows the public
// serial fills only the slots of their own browser, never the holder's.
const challengeSlots = 4

// Purpose separates challenges: one issued for sign-in cannot bind or
// recover.
type Purpose string

// The purposes of a challenge.
const (
	ForSignIn      Purpose = "signin"
	ForStaffSignIn Purpose = "staff-signin"
	ForRecovery    Purpose = "recover"
	ForBinding     Purpose = "bind"
	// ForStaffBinding is an administrator binding a member's certificate.
	ForStaffBinding Purpose = "staff-bind"
)

// Challenges are the one-time random strings a certificate key signs:
// 128 random bits (base64url), 2 minutes, single use, bound to a purpose
// and a subject (the serial and the asking browser of a sign-in or
// recovery, the account of a binding). They live in the ephemeral store, so every instance sees them.
type Challenges struct {
	store ephemeral.Store
}

// NewChallenges returns challenges kept in s.
func NewChallenges(s ephemeral.Store) *Challenges { return &Challenges{store: s} }

func slotKey(p Purpose, subject string, slot int64) string {
	return "cert:chal:" + string(p) + ":" + subject + ":" + strconv.FormatInt(slot, 10)
}

// Issue makes a challenge for purpose and subject.
func (c *Challenges) Issue(ctx context.Context, p Purpose, subject string) (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	v := base64.RawURLEncoding.EncodeToString(b)
	// An atomic counter picks the slot, so parallel requests each get a
	// slot of their own (up to challengeSlots) instead of overwriting one.
	n, err := c.store.Incr(ctx, "cert:chal:"+string(p)+":"+subject+":seq", ChallengeTTL)
	if err != nil {
		return "", err
	}
	if err := c.store.Set(ctx, slotKey(p, subject, n%challengeSlots), []byte(v), ChallengeTTL); err != nil {
		return "", err
	}
	return v, nil
}

// Pending is an outstanding challenge.
type Pending struct {
	key   string
	Value []byte
}

// Outstanding returns the challenges of purpose and subject not yet used or
// expired.
func (c *Challenges) Outstanding(ctx context.Context, p Purpose, subject string) ([]Pending, error) {
	var out []Pending
	for i := range int64(challengeSlots) {
		k := slotKey(p, subject, i)
		v, err := c.store.Get(ctx, k)
		if errors.Is(err, ephemeral.ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		out = append(out, Pending{key: k, Value: v})
	}
	return out, nil
}

// Contents returns the values of ps, in order, for Trust.Verify.
func Contents(ps []Pending) [][]byte {
	out := make([][]byte, len(ps))
	for i, p := range ps {
		out[i] = p.Value
	}
	return out
}

// Use spends p. Of two requests that verified the same challenge, exactly
// one gets nil; the other gets ErrChallenge (a replay).
func (c *Challenges) Use(ctx context.Context, p Pending) error {
	v, err := c.store.Take(ctx, p.key)
	if errors.Is(err, ephemeral.ErrNotFound) {
		return ErrChallenge
	}
	if err != nil {
		return err
	}
	if string(v) != string(p.Value) {
		// The slot was reused by a newer challenge after this one was read.
		// The newer one is spent too (its holder asks again): putting it
		// back would stretch its two minutes.
		return ErrChallenge
	}
	return nil
}
