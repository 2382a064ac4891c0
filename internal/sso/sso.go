// Package sso makes bidpass an OpenID Connect provider for the platform's
// other systems (docs/decisions/single-sign-on.md, "Single sign-on (OpenID Connect provider)"). The protocol (discovery, authorize, token,
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
	// LogoutTokenTTL is a back-channel logout token's life.
	LogoutTokenTTL = 2 * time.Minute
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
	// BackchannelAllowHosts may be named by back-channel logout URIs
	// although they are or resolve to loopback, link-local or private
	// addresses; Resolver looks the others up (nil: the system's).
	BackchannelAllowHosts []string
	Resolver              Resolver
}

// Service is the provider.
type Service struct {
	d        Deps
	keys     *keyring
	provider *op.Provider
	storage  *storage
	// backchannel sends logout tokens where the policy allows.
	backchannel *backchannel
}

// New builds the provider.
func New(d Deps) (*Service, error) {
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
	s := &Service{d: d, backchannel: newBackchannel(d.BackchannelAllowHosts, d.Resolver, strings.HasPrefix(d.Issuer, "http://"))}
	s.keys = &keyring{store: d.Store, sealer: d.Sealer, clock: d.Clock}
	s.storage = &storage{s: s}
	cfg := &op.Config{
		CodeMethodS256: true,
		// RP-initiated logout without a (registered) post-logout URI ends
		// on the portal.
		DefaultLogoutRedirectURI:          d.Issuer + "/",
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
		op.WithCrypto(authenticatedOnly()),
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

// Handler serves the provider's endpoints (routes.go mounts it on each):
// op's handlers inside bidpass's protocol answers (protocol.go), with the
// authorization request and its callback tied to the browser (binding.go).
func (s *Service) Handler() http.Handler { return s.protocol(s.browserBound(s.provider)) }

// browserBound binds a request to the browser that starts it at /oidc/authorize
// and lets only that browser collect its code at the callback.
func (s *Service) browserBound(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case PathAuthorize:
			r = s.bindBrowser(w, r)
			if claims := r.FormValue("claims"); claims != "" {
				r = r.WithContext(context.WithValue(r.Context(), claimsKey{}, claims))
			}
		case PathCallback:
			if !s.callbackAllowed(r) {
				// What op answers for an unknown request id.
				http.Error(w, "auth request not found", http.StatusBadRequest)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

func (s *Service) now() time.Time { return s.d.Clock.Now().UTC() }

// authenticatedOnly is op's Crypto: AES-256-GCM (JWE), which op uses to
// make authorization codes, without the AES-CFB fallback op's default
// decrypts with. op tries every presented token (at revocation, userinfo
// and introspection) as an encrypted opaque token first; CFB is not
// authenticated, so it "decrypted" any base64url string of 16 bytes or
// more, a refresh token included, and one time in twelve the garbage held
// one colon, so op took it for "token id:subject" and revoked that instead
// of the refresh token sent with the hint access_token
// (docs/decisions/oidc-protocol.md, "Only authenticated token encryption").
// The key is per process: nothing bidpass issues is ever decrypted.
func authenticatedOnly() op.Crypto {
	return op.NewAES256GCMCrypto(randomKey(), "")
}

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
