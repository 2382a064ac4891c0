// Package session issues and checks bearer sessions for portal accounts and
// for staff. A token is 256 random bits, given to the client once; only its
// SHA-256 is stored, so a copy of the database does not sign anyone in.
// Sessions end after an idle period, at an absolute limit, on logout, or when
// the account's password changes.
package session

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/clock"
)

// Kind tells portal sessions from staff sessions; a token of one kind is
// never accepted where the other is expected.
type Kind string

// The session kinds.
const (
	Portal Kind = "portal"
	Staff  Kind = "staff"
)

// Principal is who a request acts for, taken from its session.
type Principal struct {
	Kind      Kind
	ID        int64  // account id (portal) or staff id
	TokenHash string // identifies the session itself
	// SignedInAt is when the session began: the sign-in's time (an
	// OpenID Connect ID token's auth_time).
	SignedInAt time.Time
}

// Record is a stored session.
type Record struct {
	TokenHash  string
	Kind       Kind
	SubjectID  int64
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time
	RevokedAt  *time.Time
	ClientAddr string
	UserAgent  string
}

// Store keeps sessions. Get returns ErrNotFound for an unknown hash.
type Store interface {
	CreateSession(ctx context.Context, r Record) error
	GetSession(ctx context.Context, tokenHash string) (Record, error)
	TouchSession(ctx context.Context, tokenHash string, at time.Time) error
	RevokeSession(ctx context.Context, tokenHash string, at time.Time) error
	// RevokeSessionsOf revokes every live session of the subject except
	// the one whose hash is keep (empty keeps none).
	RevokeSessionsOf(ctx context.Context, kind Kind, subjectID int64, keep string, at time.Time) error
}

// ErrNotFound is what Store.GetSession returns for an unknown token.
var ErrNotFound = errors.New("session: not found")

// Service issues and authenticates sessions.
type Service struct {
	store    Store
	clock    clock.Clock
	idle     time.Duration
	absolute time.Duration
	// touchEvery limits writes: last_seen_at is only written when it is
	// older than this, so a busy client does not write on every request.
	touchEvery time.Duration
}

// NewService returns a session service with the given idle and absolute limits.
func NewService(s Store, c clock.Clock, idle, absolute time.Duration) *Service {
	touch := idle / 20
	if touch > time.Minute {
		touch = time.Minute
	}
	return &Service{store: s, clock: c, idle: idle, absolute: absolute, touchEvery: touch}
}

// HashToken returns the stored form of a token.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Issue starts a session for the subject and returns its token.
func (s *Service) Issue(ctx context.Context, kind Kind, subjectID int64, clientAddr, userAgent string) (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	token := base64.RawURLEncoding.EncodeToString(b)
	now := s.clock.Now().UTC()
	if len(userAgent) > 512 {
		userAgent = userAgent[:512]
	}
	err := s.store.CreateSession(ctx, Record{
		TokenHash: HashToken(token), Kind: kind, SubjectID: subjectID,
		CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(s.absolute),
		ClientAddr: clientAddr, UserAgent: userAgent,
	})
	if err != nil {
		return "", err
	}
	return token, nil
}

// Authenticate returns the principal of a live session of the given kind.
// A missing, unknown, revoked or other-kind token is Unauthenticated (401);
// an idle or absolute expiry is SessionExpired (420).
func (s *Service) Authenticate(ctx context.Context, kind Kind, token string) (Principal, error) {
	if token == "" {
		return Principal{}, apperr.ErrUnauthenticated
	}
	h := HashToken(token)
	r, err := s.store.GetSession(ctx, h)
	if errors.Is(err, ErrNotFound) {
		return Principal{}, apperr.ErrUnauthenticated
	}
	if err != nil {
		return Principal{}, err
	}
	if r.Kind != kind || r.RevokedAt != nil {
		return Principal{}, apperr.ErrUnauthenticated
	}
	now := s.clock.Now().UTC()
	if !now.Before(r.ExpiresAt) || !now.Before(r.LastSeenAt.Add(s.idle)) {
		return Principal{}, apperr.ErrSessionExpired
	}
	if now.Sub(r.LastSeenAt) >= s.touchEvery {
		if err := s.store.TouchSession(ctx, h, now); err != nil {
			return Principal{}, err
		}
	}
	return Principal{Kind: kind, ID: r.SubjectID, TokenHash: h, SignedInAt: r.CreatedAt}, nil
}

// Revoke ends the session of p (logout).
func (s *Service) Revoke(ctx context.Context, p Principal) error {
	return s.store.RevokeSession(ctx, p.TokenHash, s.clock.Now().UTC())
}

// RevokeAll ends every session of the subject except keep's (a password
// change keeps the session that made it; a reset keeps none: pass "").
func (s *Service) RevokeAll(ctx context.Context, kind Kind, subjectID int64, keep string) error {
	return s.store.RevokeSessionsOf(ctx, kind, subjectID, keep, s.clock.Now().UTC())
}
