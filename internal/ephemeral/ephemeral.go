// Package ephemeral is the store for short-lived state shared by all
// instances: captcha tokens and verifications, graphic and SMS codes,
// password nonces, rate-limit counters and lockouts. Memory is the default
// (one instance); Redis when several instances run.
//
// Values carry their own time-to-live; implementations drop expired keys
// themselves. Callers that must test expiry precisely use the memory store
// with a fake clock; the Redis store uses Redis's own expiry.
package ephemeral

import (
	"context"
	"errors"
	"time"
)

// ErrNotFound is returned when a key is absent or expired.
var ErrNotFound = errors.New("ephemeral: not found")

// ErrBadTTL is returned by Set, SetNX and Incr for a ttl that is not
// positive. Redis would keep such a key forever and memory would drop it at
// once; refusing it keeps the two alike and stops a caller's bug from
// creating a code that never expires.
var ErrBadTTL = errors.New("ephemeral: ttl must be positive")

// Store holds short-lived keys. All methods are safe for concurrent use, and
// each is atomic across instances sharing the store.
type Store interface {
	// Set stores value under key for ttl, replacing any previous value.
	Set(ctx context.Context, key string, value []byte, ttl time.Duration) error
	// SetNX stores value only when key is absent; it reports whether it did.
	SetNX(ctx context.Context, key string, value []byte, ttl time.Duration) (bool, error)
	// Get returns the value, or ErrNotFound.
	Get(ctx context.Context, key string) ([]byte, error)
	// Take returns the value and deletes it in one step (single use), or ErrNotFound.
	Take(ctx context.Context, key string) ([]byte, error)
	// Delete removes key; absent keys are not an error.
	Delete(ctx context.Context, key string) error
	// Incr adds 1 to the counter at key and returns the new value. The
	// counter's ttl starts at the first increment (a fixed window).
	Incr(ctx context.Context, key string, ttl time.Duration) (int64, error)
	// IncrBy is Incr by delta (which may be negative, to give back a
	// reservation); the ttl starts when the key is created.
	IncrBy(ctx context.Context, key string, delta int64, ttl time.Duration) (int64, error)
	// TTL returns the time left on key, or ErrNotFound.
	TTL(ctx context.Context, key string) (time.Duration, error)
}
