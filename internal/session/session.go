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
	// Methods are how the sign-in was made (RFC 8176 values): an OpenID
	// Connect ID token's amr.
	Methods []string
}

// The sign-in methods a portal session records (RFC 8176 §2). The second
// step adds OTP, and MFA beside the methods it combines (internal/mfa).
const (
	MethodPassword = "pwd" // the account's password
	MethodSMS      = "sms" // a code sent to the account's phone (registration's sign-in)
	MethodHardKey  = "hwk" // a certificate on a USB key, through its vendor's component
	MethodSoftKey  = "swk" // a soft certificate (.pfx) signed in the page
	MethodOTP      = "otp" // a one-time code of the second factor (TOTP or recovery code)
	MethodMFA      = "mfa" // more than one factor
)

// Record is a stored session.
type Record struct {
	TokenHash string
	// ID is the session's public id: what the holder's list of devices
	// shows and names (the hash never leaves the server).
	ID         string
	Kind       Kind
	SubjectID  int64
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time
	RevokedAt  *time.Time
	ClientAddr string
	UserAgent  string
	Methods    []string // how the sign-in was made (Method… values)
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

// Limits are how long a session of one kind lives: Idle without a
// request, Absolute after sign-in whatever happens (ASVS 7.3;
// docs/decisions/sessions-and-devices.md, "Timeouts by kind").
type Limits struct {
	Idle     time.Duration
	Absolute time.Duration
}

// touchEvery limits writes: last_seen_at is only written when it is
// older than this, so a busy client does not write on every request.
func (l Limits) touchEvery() time.Duration {
	return min(l.Idle/20, time.Minute)
}

// Service issues and authenticates sessions.
type Service struct {
	store    Store
	clock    clock.Clock
	limits   map[Kind]Limits
	observer Observer // nil: nobody hears of sign-ins (Observe)
}

// NewService returns a session service with the given idle and absolute
// limits for both kinds.
func NewService(s Store, c clock.Clock, idle, absolute time.Duration) *Service {
	l := Limits{Idle: idle, Absolute: absolute}
	return NewServiceWith(s, c, l, l)
}

// NewServiceWith returns a session service with limits of each kind.
func NewServiceWith(s Store, c clock.Clock, portal, staff Limits) *Service {
	return &Service{store: s, clock: c, limits: map[Kind]Limits{Portal: portal, Staff: staff}}
}

// LimitsOf returns the limits of the kind's sessions.
func (s *Service) LimitsOf(kind Kind) Limits { return s.limits[kind] }

// HashToken returns the stored form of a token.
func HashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Issue starts a session for the subject and returns its token; it
// records no sign-in method (IssueSignIn does).
func (s *Service) Issue(ctx context.Context, kind Kind, subjectID int64, clientAddr, userAgent string) (string, error) {
	return s.IssueSignIn(ctx, kind, subjectID, nil, clientAddr, userAgent)
}

// IssueSignIn starts the session of a sign-in made with methods (Method…
// values) and returns its token.
func (s *Service) IssueSignIn(ctx context.Context, kind Kind, subjectID int64, methods []string, clientAddr, userAgent string) (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	token := base64.RawURLEncoding.EncodeToString(b)
	id, err := newID()
	if err != nil {
		return "", err
	}
	now := s.clock.Now().UTC()
	if len(userAgent) > 512 {
		userAgent = userAgent[:512]
	}
	r := Record{
		TokenHash: HashToken(token), ID: id, Kind: kind, SubjectID: subjectID,
		CreatedAt: now, LastSeenAt: now, ExpiresAt: now.Add(s.limits[kind].Absolute),
		ClientAddr: clientAddr, UserAgent: userAgent, Methods: methods,
	}
	if err := s.store.CreateSession(ctx, r); err != nil {
		return "", err
	}
	if s.observer != nil {
		s.observer.SignedIn(ctx, r)
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
	l := s.limits[kind]
	if !now.Before(r.ExpiresAt) || !now.Before(r.LastSeenAt.Add(l.Idle)) {
		return Principal{}, apperr.ErrSessionExpired
	}
	if now.Sub(r.LastSeenAt) >= l.touchEvery() {
		if err := s.store.TouchSession(ctx, h, now); err != nil {
			return Principal{}, err
		}
	}
	return Principal{Kind: kind, ID: r.SubjectID, TokenHash: h, SignedInAt: r.CreatedAt, Methods: r.Methods}, nil
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
