package sso

import (
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/zitadel/oidc/v3/pkg/oidc"
	"github.com/zitadel/oidc/v3/pkg/op"
)

// LoginPath is the portal's login route; the provider sends a browser
// there with authorize_uri naming the call that resumes the request.
const LoginPath = "/#/"

// ResumePath is the portal API call the login page makes after sign-in
// (the existing authorize_uri mechanism of 01 §4).
const ResumePath = "/api/auth/authorize"

// silentPrefix starts the id of a prompt=none request.
const silentPrefix = "silent-"

// LoginURL is where the provider sends the browser for request id. For a
// silent request (prompt=none) it adds prompt=none: the login page then
// resumes with the portal session it holds, or sends the browser back
// with login_required (FailSilent), and never shows its form.
func LoginURL(id string) string {
	u := LoginPath + "?authorize_uri=" + url.QueryEscape(ResumePath+"?auth_request="+url.QueryEscape(id))
	if strings.HasPrefix(id, silentPrefix) {
		u += "&prompt=none"
	}
	return u
}

// opClient adapts a registered Client to op.Client.
type opClient struct{ c Client }

var _ op.Client = opClient{}

func (o opClient) GetID() string                    { return o.c.ID }
func (o opClient) RedirectURIs() []string           { return o.c.RedirectURIs }
func (o opClient) PostLogoutRedirectURIs() []string { return o.c.PostLogoutURIs }

// ApplicationType: public clients are not confidential. One whose
// redirect URIs are all loopback addresses is a native app (RFC 8252: http
// on the loopback, any port); other public clients are browser apps,
// https only.
func (o opClient) ApplicationType() op.ApplicationType {
	if !o.c.Public {
		return op.ApplicationTypeWeb
	}
	for _, u := range o.c.RedirectURIs {
		if _, loopback := op.HTTPLoopbackOrLocalhost(u); !loopback {
			return op.ApplicationTypeUserAgent
		}
	}
	return op.ApplicationTypeNative
}

func (o opClient) AuthMethod() oidc.AuthMethod {
	if o.c.Public {
		return oidc.AuthMethodNone
	}
	return oidc.AuthMethodBasic
}

func (o opClient) ResponseTypes() []oidc.ResponseType {
	return []oidc.ResponseType{oidc.ResponseTypeCode}
}
func (o opClient) GrantTypes() []oidc.GrantType {
	return []oidc.GrantType{oidc.GrantTypeCode, oidc.GrantTypeRefreshToken}
}
func (o opClient) LoginURL(id string) string            { return LoginURL(id) }
func (o opClient) AccessTokenType() op.AccessTokenType  { return op.AccessTokenTypeJWT }
func (o opClient) IDTokenLifetime() time.Duration       { return IDTokenTTL }
func (o opClient) DevMode() bool                        { return false }
func (o opClient) IsScopeAllowed(scope string) bool     { return slices.Contains(o.c.Scopes, scope) }
func (o opClient) IDTokenUserinfoClaimsAssertion() bool { return true }
func (o opClient) ClockSkew() time.Duration             { return 0 }
func (o opClient) RestrictAdditionalIdTokenScopes() func([]string) []string {
	return func(s []string) []string { return s }
}
func (o opClient) RestrictAdditionalAccessTokenScopes() func([]string) []string {
	return func(s []string) []string { return s }
}

// allowedScopes keeps the requested scopes the client was registered for
// (openid always).
func (c Client) allowedScopes(requested []string) []string {
	var out []string
	for _, s := range requested {
		if s == oidc.ScopeOpenID || slices.Contains(c.Scopes, s) {
			if !slices.Contains(out, s) {
				out = append(out, s)
			}
		}
	}
	return out
}
