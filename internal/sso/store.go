package sso

import (
	"context"
	"errors"
	"time"
)

// ErrNotFound is what Store lookups return for a missing (or, for codes,
// already used or expired) row.
var ErrNotFound = errors.New("sso: not found")

// ErrClientExists is what CreateClient returns for a taken client id.
var ErrClientExists = errors.New("sso: client id taken")

// Client is a registered relying party.
type Client struct {
	ID                   string
	Name                 string
	SecretHash           string // empty for public clients
	Public               bool   // no secret: PKCE S256 is required
	FirstParty           bool   // the platform's own system: no consent screen
	RequireRealName      bool   // no code for authState 0/2/99
	MinACR               string // the lowest acr it accepts ("" any; acr.go)
	RedirectURIs         []string
	PostLogoutURIs       []string
	Scopes               []string
	BackchannelLogoutURI string
	Disabled             bool
	CreatedAt            time.Time
	UpdatedAt            time.Time
}

// StoredRequest is an authorisation request as kept between /authorize,
// the sign-in and the code's redemption.
type StoredRequest struct {
	ID        string
	ClientID  string
	Request   []byte // the parsed request (JSON of request)
	AccountID int64  // 0 until resumed by an account
	AuthTime  time.Time
	AMR       []string // the methods of the portal session that completed it
	Session   string   // that portal session's hash
	Done      bool
	CreatedAt time.Time
	ExpiresAt time.Time
}

// Family is one sign-in of an account at a client: its refresh tokens and
// access tokens. Its id is the ID token's sid.
type Family struct {
	ID        string
	AccountID int64
	ClientID  string
	Scopes    []string
	AMR       []string
	AuthTime  time.Time
	CodeHash  string // the code it was issued for (its replay revokes the family)
	Session   string // the portal session it was signed in through (its hash)
	CreatedAt time.Time
	ExpiresAt time.Time
	RevokedAt *time.Time
}

// RefreshToken is a stored refresh token (by hash).
type RefreshToken struct {
	FamilyID  string
	ExpiresAt time.Time
	UsedAt    *time.Time
}

// AccessToken is a stored access token (by its jti).
type AccessToken struct {
	ID        string
	FamilyID  string
	ExpiresAt time.Time
	RevokedAt *time.Time
}

// KeyRow is a stored signing key; the private key is sealed. It is
// published from CreatedAt, signs from SignsFrom until the next key's
// SignsFrom (its RetiredAt), and stays published until VerifyUntil.
type KeyRow struct {
	ID            string
	Algorithm     string
	PrivateSealed string
	CreatedAt     time.Time
	SignsFrom     time.Time
	RetiredAt     *time.Time
	VerifyUntil   *time.Time
}

// Store keeps the provider's state in the database.
type Store interface {
	CreateOIDCClient(ctx context.Context, c Client) error
	OIDCClient(ctx context.Context, id string) (Client, error)
	OIDCClients(ctx context.Context) ([]Client, error)
	// The console's three changes each write only their own columns, so an
	// edit of the settings cannot put back a secret or an enabled state that
	// another administrator changed meanwhile. Each answers ErrNotFound for
	// no such client (SetOIDCClientSecret also for a public one).
	UpdateOIDCClientSettings(ctx context.Context, c Client) error
	SetOIDCClientSecret(ctx context.Context, id, secretHash string, at time.Time) error
	SetOIDCClientDisabled(ctx context.Context, id string, disabled bool, at time.Time) error

	CreateOIDCAuthRequest(ctx context.Context, r StoredRequest) error
	OIDCAuthRequest(ctx context.Context, id string) (StoredRequest, error)
	// ClaimOIDCAuthRequest records the account that resumed the request
	// (not yet done); it reports false when the request is gone, expired,
	// done, or claimed by another account. Of two accounts racing, one wins.
	ClaimOIDCAuthRequest(ctx context.Context, id string, accountID int64, now time.Time) (bool, error)
	// CompleteOIDCAuthRequest records the sign-in that completes the
	// request; it reports false when the request is gone, expired, has
	// its code already, or was claimed by another account.
	CompleteOIDCAuthRequest(ctx context.Context, id string, accountID int64, authTime time.Time, amr []string, now time.Time) (bool, error)
	// TieOIDCAuthRequest records the portal session that completed the
	// request, before its code is issued.
	TieOIDCAuthRequest(ctx context.Context, id, sessionHash string) error
	SaveOIDCAuthCode(ctx context.Context, id, codeHash string, expires time.Time) error
	// ClaimOIDCAuthCode marks the code used and returns its request, in one
	// statement: of concurrent claims exactly one succeeds; a used, expired
	// or unknown code is ErrNotFound.
	ClaimOIDCAuthCode(ctx context.Context, codeHash string, now time.Time) (StoredRequest, error)
	DeleteOIDCAuthRequest(ctx context.Context, id string) error
	// ReplayOIDCCode records that a used code was presented again and
	// revokes the live families issued for it, returning them. A code
	// never used (unknown, or expired unredeemed) records nothing.
	ReplayOIDCCode(ctx context.Context, codeHash string, at time.Time) ([]Family, error)
	// OIDCCodeReplayed reports whether ReplayOIDCCode saw the code.
	OIDCCodeReplayed(ctx context.Context, codeHash string) (bool, error)

	CreateOIDCFamily(ctx context.Context, f Family) error
	OIDCFamily(ctx context.Context, id string) (Family, error)
	// RevokeOIDCFamilies revokes the live families of the account (at the
	// client, or at every client when clientID is empty; only the family
	// familyID when that is set) and returns those it revoked.
	RevokeOIDCFamilies(ctx context.Context, accountID int64, clientID, familyID string, at time.Time) ([]Family, error)

	// RevokeOIDCSessionFamilies revokes the account's live families signed
	// in through the portal session and returns them.
	RevokeOIDCSessionFamilies(ctx context.Context, accountID int64, sessionHash string, at time.Time) ([]Family, error)
	// LiveOIDCFamilies returns the account's families neither revoked nor
	// expired at now.
	LiveOIDCFamilies(ctx context.Context, accountID int64, now time.Time) ([]Family, error)

	CreateOIDCRefreshToken(ctx context.Context, hash, familyID string, created, expires time.Time) error
	OIDCRefreshToken(ctx context.Context, hash string) (RefreshToken, error)
	// UseOIDCRefreshToken marks the token used; it reports false when it
	// was used already (reuse, or a concurrent rotation).
	UseOIDCRefreshToken(ctx context.Context, hash string, at time.Time) (bool, error)

	CreateOIDCAccessToken(ctx context.Context, t AccessToken) error
	OIDCAccessToken(ctx context.Context, id string) (AccessToken, error)
	RevokeOIDCAccessToken(ctx context.Context, id string, at time.Time) error

	// OIDCKeys returns the keys still to publish (verify_until not passed),
	// the latest SignsFrom first.
	OIDCKeys(ctx context.Context, now time.Time) ([]KeyRow, error)
	CreateOIDCKey(ctx context.Context, k KeyRow) error
	// RetireOIDCKey records that key id stops signing at at (unless it was
	// found to stop earlier already); it stays published until verifyUntil.
	RetireOIDCKey(ctx context.Context, id string, at, verifyUntil time.Time) error

	// DeleteExpiredOIDC removes requests, tokens, families and keys past
	// their time.
	DeleteExpiredOIDC(ctx context.Context, now time.Time) error
}
