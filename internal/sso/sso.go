// Package sso makes bidpass an OpenID Connect provider for the platform's
// other systems (issue 20). The protocol (discovery, authorize, token,
// userinfo, introspection, revocation, end-session, JWKS) is
// github.com/zitadel/oidc's op package; this package is its storage and
// policy: registered clients, single-use codes in the database, refresh
// tokens rotated in families with reuse detection, signing keys sealed at
// rest and rotated, bidpass's claims, the real-name rule, and back-channel
// logout. Sign-in itself stays the portal's: the authorize endpoint sends
// the browser to the portal's login page, which comes back through
// GET /api/auth/authorize?auth_request=… once signed in.
package sso

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/zitadel/oidc/v3/pkg/op"
	"golang.org/x/text/language"

	"bidpass/internal/account"
	"bidpass/internal/clock"
	"bidpass/internal/operator"
)

// The provider's endpoints, under /oidc so they never meet the portal's
// routes; discovery stays at the standard /.well-known path.
const (
	PathDiscovery  = "/.well-known/openid-configuration"
	PathAuthorize  = "/oidc/authorize"
	PathCallback   = "/oidc/authorize/callback"
	PathToken      = "/oidc/token"
	PathIntrospect = "/oidc/introspect"
	PathUserinfo   = "/oidc/userinfo"
	PathRevoke     = "/oidc/revoke"
	PathEndSession = "/oidc/end_session"
	PathKeys       = "/oidc/keys"
)

// Lifetimes.
const (
	// RequestTTL bounds the time from /authorize to the code (the sign-in).
	RequestTTL = 30 * time.Minute
	// CodeTTL is how long a code may wait to be redeemed.
	CodeTTL = 2 * time.Minute
	// AccessTTL is an access token's life; IDTokenTTL an ID token's.
	AccessTTL  = 15 * time.Minute
	IDTokenTTL = time.Hour
	// RefreshTTL is a refresh token's life; FamilyTTL bounds a sign-in
	// however often it is refreshed.
	RefreshTTL = 7 * 24 * time.Hour
	FamilyTTL  = 30 * 24 * time.Hour
	// KeyRotateEvery is the age at which a new signing key takes over;
	// KeyVerifyFor is how long a retired key stays in the JWKS (longer
	// than any token it signed lives).
	KeyRotateEvery = 30 * 24 * time.Hour
	KeyVerifyFor   = 2 * IDTokenTTL
)

// Sealer encrypts secrets at rest (the signing keys): *sealed.Ring.
type Sealer interface {
	Seal(plain []byte, purpose string) (string, error)
	Open(text, purpose string) ([]byte, error)
}

// keyPurpose binds a sealed signing key to its column.
const keyPurpose = "oidc_keys.private_sealed"

// Accounts reads the accounts the claims describe.
type Accounts interface {
	AccountByID(ctx context.Context, id int64) (account.Account, error)
	PersonProfile(ctx context.Context, accountID int64) (account.PersonProfile, error)
	EnterpriseProfile(ctx context.Context, accountID int64) (account.EnterpriseProfile, error)
}

// Operators lists the enterprises a person may act for.
type Operators interface {
	ActiveLinks(ctx context.Context, actorID int64) ([]operator.View, error)
}

// Deps are what the provider needs.
type Deps struct {
	Store     Store
	Accounts  Accounts
	Operators Operators // nil: no enterprises claim
	Sealer    Sealer
	Clock     clock.Clock
	Log       *slog.Logger
	// Issuer is BIDPASS_PUBLIC_URL.
	Issuer string
	// EndPortalSessions ends the account's portal sessions (RP-initiated
	// logout signs the user out of the portal too); nil skips it.
	EndPortalSessions func(ctx context.Context, accountID int64) error
	// HTTP sends back-channel logout tokens; nil uses a client with a
	// short timeout.
	HTTP *http.Client
}

// Service is the provider.
type Service struct {
	d        Deps
	keys     *keyring
	provider *op.Provider
	storage  *storage
}

// New builds the provider.
func New(d Deps) (*Service, error) {
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	if d.HTTP == nil {
		d.HTTP = &http.Client{Timeout: 5 * time.Second}
	}
	s := &Service{d: d}
	s.keys = &keyring{store: d.Store, sealer: d.Sealer, clock: d.Clock}
	s.storage = &storage{s: s}
	cfg := &op.Config{
		// Only opaque-token encryption uses CryptoKey; bidpass's access
		// tokens are signed JWTs, so a per-process key does no harm.
		CryptoKey:                         randomKey(),
		CodeMethodS256:                    true,
		AuthMethodPost:                    true,
		GrantTypeRefreshToken:             true,
		SupportedUILocales:                []language.Tag{language.SimplifiedChinese},
		SupportedScopes:                   []string{"openid", "profile", "email", "phone", "offline_access"},
		SupportedClaims:                   append(append([]string{}, op.DefaultSupportedClaims...), claimNames...),
		BackChannelLogoutSupported:        true,
		BackChannelLogoutSessionSupported: true,
	}
	opts := []op.Option{
		op.WithCustomAuthEndpoint(op.NewEndpoint(PathAuthorize)),
		op.WithCustomTokenEndpoint(op.NewEndpoint(PathToken)),
		op.WithCustomIntrospectionEndpoint(op.NewEndpoint(PathIntrospect)),
		op.WithCustomUserinfoEndpoint(op.NewEndpoint(PathUserinfo)),
		op.WithCustomRevocationEndpoint(op.NewEndpoint(PathRevoke)),
		op.WithCustomEndSessionEndpoint(op.NewEndpoint(PathEndSession)),
		op.WithCustomKeysEndpoint(op.NewEndpoint(PathKeys)),
		op.WithLogger(d.Log),
	}
	if strings.HasPrefix(d.Issuer, "http://") {
		// Development and tests run without TLS; production's public URL is https.
		opts = append(opts, op.WithAllowInsecure())
	}
	p, err := op.NewProvider(cfg, s.storage, op.StaticIssuer(d.Issuer), opts...)
	if err != nil {
		return nil, err
	}
	s.provider = p
	return s, nil
}

// Handler serves the provider's endpoints (routes.go mounts it on each).
func (s *Service) Handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The provider issues only JWT access tokens, but op first tries any
		// bearer as its own encrypted opaque form (unauthenticated AES-CFB):
		// some random strings, a portal session token say, decrypt to an
		// "id:subject" shape and get 403 instead of 401. Anything that is
		// not a JWT is refused here, the same way op refuses a bad token.
		if r.URL.Path == PathUserinfo {
			if tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok && strings.Count(tok, ".") != 2 {
				http.Error(w, "access token invalid", http.StatusUnauthorized)
				return
			}
		}
		s.provider.ServeHTTP(w, r)
	})
}

func (s *Service) now() time.Time { return s.d.Clock.Now().UTC() }

func randomKey() [32]byte {
	var k [32]byte
	_, _ = rand.Read(k[:])
	return k
}

// newID returns a random identifier (128 bits, hex).
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// newSecret returns a random secret (256 bits) for codes, refresh tokens
// and client secrets.
func newSecret() string { return strings.ToLower(rand.Text()) + strings.ToLower(rand.Text()) }

// hashSecret is how secrets are stored: they are 256 random bits, so a
// plain SHA-256 is as strong as a slow hash and costs nothing per request.
func hashSecret(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}
