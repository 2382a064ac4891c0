package sso

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
)

// storage is op.Storage over the database.
type storage struct{ s *Service }

var (
	_ op.Storage                        = (*storage)(nil)
	_ op.CanSetUserinfoFromRequest      = (*storage)(nil)
	_ op.CanTerminateSessionFromRequest = (*storage)(nil)
)

var (
	errUnknownClient = errors.New("unknown or disabled client")
	errBadSecret     = errors.New("wrong client secret")
	errTokenRevoked  = errors.New("token revoked or expired")
	// errUnmetACR: the request insists on levels none of which bidpass
	// has (OpenID Connect Unmet Authentication Requirements 1.0).
	errUnmetACR = &oidc.Error{ErrorType: "unmet_authentication_requirements", Description: "the requested acr cannot be met"}
)

// client loads a live client. An unknown or disabled one is the
// protocol's invalid_client (RFC 6749 §5.2), never a server error: op
// passes this error on unchanged at the refresh grant and end_session.
func (st *storage) client(ctx context.Context, id string) (Client, error) {
	c, err := st.s.d.Store.OIDCClient(ctx, id)
	if errors.Is(err, ErrNotFound) || (err == nil && c.Disabled) {
		return c, oidc.ErrInvalidClient().WithDescription("unknown or disabled client").WithParent(errUnknownClient)
	}
	if err != nil {
		return c, oidc.ErrServerError().WithParent(err)
	}
	return c, nil
}

// CreateAuthRequest stores the request; public clients must send a PKCE
// S256 challenge (the plain method is refused for everyone), and the
// scopes are narrowed to the client's.
func (st *storage) CreateAuthRequest(ctx context.Context, ar *oidc.AuthRequest, _ string) (op.AuthRequest, error) {
	c, err := st.client(ctx, ar.ClientID)
	if err != nil {
		return nil, oidc.ErrInvalidClient().WithParent(err)
	}
	if ar.CodeChallenge != "" && ar.CodeChallengeMethod != oidc.CodeChallengeMethodS256 {
		return nil, oidc.ErrInvalidRequest().WithDescription("code_challenge_method must be S256")
	}
	if c.Public && ar.CodeChallenge == "" {
		return nil, oidc.ErrInvalidRequest().WithDescription("PKCE (S256) is required for public clients")
	}
	browser := browserFrom(ctx)
	if browser == "" {
		return nil, oidc.ErrServerError().WithDescription("no browser binding")
	}
	asked, essential := claimsACR(claimsFrom(ctx))
	acr, reachable := requiredACR(append(asked, ar.ACRValues...), essential, c.MinACR)
	if !reachable {
		return nil, errUnmetACR
	}
	p := params{RedirectURI: ar.RedirectURI, State: ar.State, Nonce: ar.Nonce, Scopes: c.allowedScopes(ar.Scopes),
		ResponseType: ar.ResponseType, ResponseMode: ar.ResponseMode, Silent: slices.Contains(ar.Prompt, oidc.PromptNone), MaxAge: ar.MaxAge,
		BrowserHash: hashSecret(browser), ACR: acr}
	if ar.CodeChallenge != "" {
		p.CodeChallenge = &oidc.CodeChallenge{Challenge: ar.CodeChallenge, Method: ar.CodeChallengeMethod}
	}
	raw, _ := json.Marshal(p)
	now := st.s.now()
	id := newID()
	if p.Silent {
		// The login URL is made from the id alone (op.Client.LoginURL), so
		// the id says that the login page must not show itself.
		id = silentPrefix + id
	}
	r := StoredRequest{ID: id, ClientID: c.ID, Request: raw, CreatedAt: now, ExpiresAt: now.Add(RequestTTL)}
	if err := st.s.d.Store.CreateOIDCAuthRequest(ctx, r); err != nil {
		return nil, err
	}
	return requestOf(r)
}

func (st *storage) AuthRequestByID(ctx context.Context, id string) (op.AuthRequest, error) {
	r, err := st.s.d.Store.OIDCAuthRequest(ctx, id)
	if err == nil && !r.ExpiresAt.After(st.s.now()) {
		err = ErrNotFound
	}
	if errors.Is(err, ErrNotFound) {
		// The protocol's error (op logs any other as its own failure).
		return nil, oidc.ErrInvalidRequest().WithDescription("authorization request expired or unknown").WithParent(err)
	}
	if err != nil {
		return nil, err
	}
	return requestOf(r)
}

// AuthRequestByCode claims the code: a second redemption (or a racing
// one) finds nothing. A claimed code stays spent even if the rest of the
// exchange fails (a wrong PKCE verifier): a code is never tried twice.
// A code presented again revokes what its first redemption issued
// (RFC 6749 §4.1.2; docs/sso.md "Revocation").
func (st *storage) AuthRequestByCode(ctx context.Context, code string) (op.AuthRequest, error) {
	hash := hashSecret(code)
	r, err := st.s.d.Store.ClaimOIDCAuthCode(ctx, hash, st.s.now())
	if errors.Is(err, ErrNotFound) {
		st.s.codeReplayed(ctx, hash)
	}
	if err != nil {
		return nil, err
	}
	req, err := requestOf(r)
	if err != nil {
		return nil, err
	}
	req.codeHash = hash
	return req, nil
}

func (st *storage) SaveAuthCode(ctx context.Context, id, code string) error {
	return st.s.d.Store.SaveOIDCAuthCode(ctx, id, hashSecret(code), st.s.now().Add(CodeTTL))
}

func (st *storage) DeleteAuthRequest(ctx context.Context, id string) error {
	return st.s.d.Store.DeleteOIDCAuthRequest(ctx, id)
}

// newFamily starts the sign-in's family when its code is redeemed. A
// replay of the code that came in meanwhile (before the family existed
// for it to revoke) is seen after the insert, so one of the two always
// finds the other. Either way the first redemption keeps its answer and
// the replay revokes what it got: the outcome does not depend on which
// of the racing requests reached the database first (docs/decisions/oidc-protocol.md,
// "A replayed code: the first redemption answers, its tokens die").
func (st *storage) newFamily(ctx context.Context, r *request) (Family, error) {
	now := st.s.now()
	f := Family{ID: newID(), AccountID: r.accountID, ClientID: r.clientID, Scopes: r.p.Scopes, AMR: r.amr, AuthTime: r.authTime,
		CodeHash: r.codeHash, Session: r.session, CreatedAt: now, ExpiresAt: now.Add(FamilyTTL)}
	if err := st.s.d.Store.CreateOIDCFamily(ctx, f); err != nil {
		return f, err
	}
	replayed, err := st.s.d.Store.OIDCCodeReplayed(ctx, r.codeHash)
	if err != nil {
		return f, err
	}
	if replayed {
		st.s.codeReplayed(ctx, r.codeHash)
	}
	r.familyID = f.ID
	return f, nil
}

func (st *storage) accessToken(ctx context.Context, familyID string) (string, time.Time, error) {
	t := AccessToken{ID: newID(), FamilyID: familyID, ExpiresAt: st.s.now().Add(AccessTTL)}
	return t.ID, t.ExpiresAt, st.s.d.Store.CreateOIDCAccessToken(ctx, t)
}

func (st *storage) CreateAccessToken(ctx context.Context, tr op.TokenRequest) (string, time.Time, error) {
	switch r := tr.(type) {
	case *request:
		f, err := st.newFamily(ctx, r)
		if err != nil {
			return "", time.Time{}, err
		}
		return st.accessToken(ctx, f.ID)
	case *refreshRequest:
		return st.accessToken(ctx, r.f.ID)
	}
	return "", time.Time{}, oidc.ErrUnsupportedGrantType()
}

// CreateAccessAndRefreshTokens issues a refresh token in the request's
// family; on rotation the presented token is spent first, and a token
// spent already (a concurrent rotation or a replay) revokes the family.
func (st *storage) CreateAccessAndRefreshTokens(ctx context.Context, tr op.TokenRequest, current string) (string, string, time.Time, error) {
	var familyID string
	switch r := tr.(type) {
	case *request:
		f, err := st.newFamily(ctx, r)
		if err != nil {
			return "", "", time.Time{}, err
		}
		familyID = f.ID
	case *refreshRequest:
		familyID = r.f.ID
		ok, err := st.s.d.Store.UseOIDCRefreshToken(ctx, hashSecret(current), st.s.now())
		if err != nil {
			return "", "", time.Time{}, err
		}
		if !ok {
			st.s.revokeFamily(ctx, r.f)
			return "", "", time.Time{}, oidc.ErrInvalidGrant().WithDescription("refresh token already used")
		}
	default:
		return "", "", time.Time{}, oidc.ErrUnsupportedGrantType()
	}
	refresh := newSecret()
	now := st.s.now()
	if err := st.s.d.Store.CreateOIDCRefreshToken(ctx, hashSecret(refresh), familyID, now, now.Add(RefreshTTL)); err != nil {
		return "", "", time.Time{}, err
	}
	id, exp, err := st.accessToken(ctx, familyID)
	return id, refresh, exp, err
}

// TokenRequestByRefreshToken finds the token's family. A token used
// before is reuse: the whole family is revoked (RFC 9700 §4.14.2).
func (st *storage) TokenRequestByRefreshToken(ctx context.Context, token string) (op.RefreshTokenRequest, error) {
	hash := hashSecret(token)
	t, err := st.s.d.Store.OIDCRefreshToken(ctx, hash)
	if err != nil {
		return nil, op.ErrInvalidRefreshToken
	}
	f, err := st.s.d.Store.OIDCFamily(ctx, t.FamilyID)
	if err != nil {
		return nil, op.ErrInvalidRefreshToken
	}
	if t.UsedAt != nil {
		st.s.revokeFamily(ctx, f)
		return nil, op.ErrInvalidRefreshToken
	}
	now := st.s.now()
	if f.RevokedAt != nil || !t.ExpiresAt.After(now) || !f.ExpiresAt.After(now) {
		return nil, op.ErrInvalidRefreshToken
	}
	if _, err := st.s.liveAccount(ctx, f.AccountID); err != nil {
		return nil, op.ErrInvalidRefreshToken
	}
	return &refreshRequest{f: f, tokenHash: hash, scopes: f.Scopes}, nil
}

// TerminateSession is op's fallback; TerminateSessionFromRequest is used.
func (st *storage) TerminateSession(ctx context.Context, userID, clientID string) error {
	id, ok := accountOf(userID)
	if !ok {
		return nil
	}
	return st.s.Logout(ctx, id)
}

// TerminateSessionFromRequest is RP-initiated logout: the account is
// signed out of the portal and of every client (back-channel to those
// that asked for it).
func (st *storage) TerminateSessionFromRequest(ctx context.Context, r *op.EndSessionRequest) (string, error) {
	if id, ok := accountOf(r.UserID); ok {
		if err := st.s.Logout(ctx, id); err != nil {
			return "", err
		}
	}
	return r.RedirectURI, nil
}

// refreshTokenID marks what GetRefreshTokenInfo hands op as the token
// id: op.Revoke passes it on to RevokeToken with the subject, the same
// way as an access token's id, and the mark tells them apart.
const refreshTokenID = "refresh:"

// RevokeToken revokes an access token (by its id) or a refresh token's
// whole family, its access tokens with it (RFC 7009 §2.1); a token of
// another client is left alone. A token op could not place (no type hint
// it recognised) is tried as a refresh token (§2.1: the server extends
// its search across all token types).
func (st *storage) RevokeToken(ctx context.Context, tokenOrID, userID, clientID string) *oidc.Error {
	if raw, ok := strings.CutPrefix(tokenOrID, refreshTokenID); ok && userID != "" {
		return st.revokeRefreshToken(ctx, raw, clientID)
	}
	if userID != "" {
		t, err := st.s.d.Store.OIDCAccessToken(ctx, tokenOrID)
		if err != nil {
			return nil // unknown tokens are "revoked" (RFC 7009 §2.2)
		}
		f, err := st.s.d.Store.OIDCFamily(ctx, t.FamilyID)
		if err != nil || f.ClientID != clientID {
			return nil
		}
		if err := st.s.d.Store.RevokeOIDCAccessToken(ctx, t.ID, st.s.now()); err != nil {
			return oidc.ErrServerError().WithParent(err)
		}
		return nil
	}
	return st.revokeRefreshToken(ctx, tokenOrID, clientID)
}

func (st *storage) revokeRefreshToken(ctx context.Context, token, clientID string) *oidc.Error {
	t, err := st.s.d.Store.OIDCRefreshToken(ctx, hashSecret(token))
	if err != nil {
		return nil
	}
	f, err := st.s.d.Store.OIDCFamily(ctx, t.FamilyID)
	if err != nil || f.ClientID != clientID {
		return nil
	}
	if _, err := st.s.d.Store.RevokeOIDCFamilies(ctx, f.AccountID, f.ClientID, f.ID, st.s.now()); err != nil {
		return oidc.ErrServerError().WithParent(err)
	}
	return nil
}

func (st *storage) GetRefreshTokenInfo(ctx context.Context, clientID, token string) (string, string, error) {
	t, err := st.s.d.Store.OIDCRefreshToken(ctx, hashSecret(token))
	if err != nil {
		return "", "", op.ErrInvalidRefreshToken
	}
	f, err := st.s.d.Store.OIDCFamily(ctx, t.FamilyID)
	if err != nil || f.ClientID != clientID {
		return "", "", op.ErrInvalidRefreshToken
	}
	return subjectOf(f.AccountID), refreshTokenID + token, nil
}

func (st *storage) GetClientByClientID(ctx context.Context, id string) (op.Client, error) {
	c, err := st.client(ctx, id)
	if err != nil {
		return nil, err
	}
	return opClient{c}, nil
}

func (st *storage) AuthorizeClientIDSecret(ctx context.Context, id, secret string) error {
	c, err := st.client(ctx, id)
	if err != nil {
		return err
	}
	if c.Public || secret == "" || subtle.ConstantTimeCompare([]byte(hashSecret(secret)), []byte(c.SecretHash)) != 1 {
		return errBadSecret
	}
	return nil
}

// SetUserinfoFromScopes is deprecated in op; SetUserinfoFromRequest fills the ID token.
func (st *storage) SetUserinfoFromScopes(context.Context, *oidc.UserInfo, string, string, []string) error {
	return nil
}

func (st *storage) SetUserinfoFromRequest(ctx context.Context, ui *oidc.UserInfo, tr op.IDTokenRequest, scopes []string) error {
	id, ok := accountOf(tr.GetSubject())
	if !ok {
		return oidc.ErrInvalidRequest()
	}
	if err := st.s.fillClaims(ctx, ui, id, scopes); err != nil {
		return err
	}
	switch r := tr.(type) {
	case *request:
		ui.AppendClaims("sid", r.familyID)
	case *refreshRequest:
		ui.AppendClaims("sid", r.f.ID)
		// op takes acr only from an authorisation request; a refreshed ID
		// token tells the same sign-in, so the same level.
		if acr := acrOf(r.f.AMR); acr != "" {
			ui.AppendClaims("acr", acr)
		}
	}
	return nil
}

// liveToken returns the family of a live access token: neither it nor
// its family revoked, and its client still enabled (disabling a client
// stops its tokens at once).
func (st *storage) liveToken(ctx context.Context, tokenID string) (Family, error) {
	t, err := st.s.d.Store.OIDCAccessToken(ctx, tokenID)
	if err != nil {
		return Family{}, errTokenRevoked
	}
	f, err := st.s.d.Store.OIDCFamily(ctx, t.FamilyID)
	now := st.s.now()
	if err != nil || t.RevokedAt != nil || f.RevokedAt != nil || !t.ExpiresAt.After(now) {
		return Family{}, errTokenRevoked
	}
	if _, err := st.client(ctx, f.ClientID); err != nil {
		return Family{}, errTokenRevoked
	}
	return f, nil
}

func (st *storage) SetUserinfoFromToken(ctx context.Context, ui *oidc.UserInfo, tokenID, subject, _ string) error {
	f, err := st.liveToken(ctx, tokenID)
	if err != nil {
		return err
	}
	if subjectOf(f.AccountID) != subject {
		return errTokenRevoked
	}
	return st.s.fillClaims(ctx, ui, f.AccountID, f.Scopes)
}

func (st *storage) SetIntrospectionFromToken(ctx context.Context, ir *oidc.IntrospectionResponse, tokenID, subject, clientID string) error {
	f, err := st.liveToken(ctx, tokenID)
	if err != nil || subjectOf(f.AccountID) != subject {
		return errTokenRevoked
	}
	// Only the client the token was issued to learns about it.
	if f.ClientID != clientID {
		return errTokenRevoked
	}
	var ui oidc.UserInfo
	if err := st.s.fillClaims(ctx, &ui, f.AccountID, f.Scopes); err != nil {
		return err
	}
	ir.SetUserInfo(&ui)
	ir.Active = true
	// How the user signed in, as the ID token says it.
	ir.AuthenticationMethodsReferences = f.AMR
	ir.AuthTime = oidc.FromTime(f.AuthTime)
	if acr := acrOf(f.AMR); acr != "" {
		if ir.Claims == nil {
			ir.Claims = map[string]any{}
		}
		ir.Claims["acr"] = acr
	}
	ir.Scope = f.Scopes
	ir.ClientID = f.ClientID
	ir.Audience = []string{f.ClientID}
	return nil
}

func (st *storage) GetPrivateClaimsFromScopes(context.Context, string, string, []string) (map[string]any, error) {
	return nil, nil
}

func (st *storage) GetKeyByIDAndClientID(context.Context, string, string) (*jose.JSONWebKey, error) {
	return nil, fmt.Errorf("JWT profile is not supported")
}

func (st *storage) ValidateJWTProfileScopes(context.Context, string, []string) ([]string, error) {
	return nil, fmt.Errorf("JWT profile is not supported")
}

func (st *storage) Health(ctx context.Context) error { return nil }
