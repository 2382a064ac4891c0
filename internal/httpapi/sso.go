package httpapi

import (
	"net/http"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/sso"
)

// handleOIDC serves the OpenID Connect provider's standard endpoints
// (discovery, JWKS, authorize and its callback, token, userinfo,
// introspection, revocation, end-session): zitadel/oidc's handler answers
// them in the OAuth 2.0 / OIDC shapes, an exception to the envelope like
// the captcha protocol (docs/spec/DECISIONS.md).
func handleOIDC(d Deps) http.Handler {
	if d.SSO == nil {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { respondError(w, r, apperr.ErrNotFound) })
	}
	return d.SSO.Handler()
}

// ssoPendingJSON is what the consent page shows.
type ssoPendingJSON struct {
	ID         string   `json:"id"`
	ClientID   string   `json:"clientId"`
	ClientName string   `json:"clientName"`
	Scopes     []string `json:"scopes"`
}

// resumerOf is who resumes a sign-in request: the portal session's
// account and sign-in, and the browser's binding secret (its cookie).
func resumerOf(d Deps, r *http.Request) sso.Resumer {
	p := principalFrom(r.Context())
	return sso.Resumer{AccountID: p.ID, SignedInAt: p.SignedInAt, Methods: p.Methods, Browser: d.SSO.BrowserBinding(r), Session: p.TokenHash}
}

// handleSSOLoginInfo serves GET /api/sso/requests/{id}/login: what the
// login page says about the request it resumes (the application that
// asked, the level it needs), to the browser that started it. No session:
// the page is signed out.
func handleSSOLoginInfo(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		info, err := d.SSO.Describe(r.Context(), d.SSO.BrowserBinding(r), r.PathValue("id"))
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, ssoLoginInfoJSON{ClientName: info.ClientName, ACR: info.ACR})
	})
}

// ssoLoginInfoJSON is what the login page shows about a request.
type ssoLoginInfoJSON struct {
	ClientName string `json:"clientName"`
	ACR        string `json:"acr"`
}

// handleSSOPending serves GET /api/sso/requests/{id}: the client and
// scopes of a sign-in request awaiting the caller's consent (the account
// that resumed it, in this browser).
func handleSSOPending(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, err := d.SSO.Pending(r.Context(), resumerOf(d, r), r.PathValue("id"))
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, ssoPendingJSON{ID: p.ID, ClientID: p.ClientID, ClientName: p.ClientName, Scopes: p.Scopes})
	})
}

// handleSSOConsent serves POST /api/sso/requests/{id}/consent {approve}:
// the data is the address the browser goes to next.
func handleSSOConsent(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b struct {
			Approve bool `json:"approve"`
		}
		if err := decode(w, r, &b); err != nil {
			respondError(w, r, err)
			return
		}
		next, err := d.SSO.Consent(r.Context(), resumerOf(d, r), r.PathValue("id"), b.Approve)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, next)
	})
}

// handleSSOLoginRequired serves GET /api/sso/requests/{id}/login-required,
// where the login page sends the browser for a silent request (prompt=none)
// when it holds no usable portal session: a redirect to the client with
// error=login_required. No session: there is none to show; only the
// browser that started the request (its binding cookie) can end it.
func handleSSOLoginRequired(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		back, err := d.SSO.FailSilent(r.Context(), d.SSO.BrowserBinding(r), r.PathValue("id"))
		if err != nil {
			respondError(w, r, err)
			return
		}
		http.Redirect(w, r, back, http.StatusFound)
	})
}

// oidcClientSettings are what an administrator sets when registering a
// client; the console shows them back as part of oidcClientJSON.
type oidcClientSettings struct {
	ClientID             string   `json:"clientId"`
	Name                 string   `json:"name"`
	Public               bool     `json:"public"`
	FirstParty           bool     `json:"firstParty"`
	RequireRealName      bool     `json:"requireRealName"`
	RedirectURIs         []string `json:"redirectUris"`
	PostLogoutURIs       []string `json:"postLogoutUris"`
	Scopes               []string `json:"scopes"`
	BackchannelLogoutURI string   `json:"backchannelLogoutUri"`
	MinACR               string   `json:"minAcr"`
}

func (b oidcClientSettings) newClient() sso.NewClient {
	return sso.NewClient{ID: b.ClientID, Name: b.Name, Public: b.Public, FirstParty: b.FirstParty,
		RequireRealName: b.RequireRealName, RedirectURIs: b.RedirectURIs, PostLogoutURIs: b.PostLogoutURIs, Scopes: b.Scopes,
		BackchannelLogoutURI: b.BackchannelLogoutURI, MinACR: b.MinACR}
}

// oidcClientJSON is a registered client as the console shows it; the
// secret appears only in the answer to the registration.
type oidcClientJSON struct {
	oidcClientSettings
	Disabled     bool   `json:"disabled"`
	CreatedAt    string `json:"createdAt"`
	ClientSecret string `json:"clientSecret,omitempty"`
}

func oidcClientOut(c sso.Client) oidcClientJSON {
	return oidcClientJSON{oidcClientSettings: oidcClientSettings{ClientID: c.ID, Name: c.Name, Public: c.Public, FirstParty: c.FirstParty,
		RequireRealName: c.RequireRealName, RedirectURIs: nonNilStrings(c.RedirectURIs), PostLogoutURIs: nonNilStrings(c.PostLogoutURIs),
		Scopes: nonNilStrings(c.Scopes), BackchannelLogoutURI: c.BackchannelLogoutURI, MinACR: c.MinACR},
		Disabled: c.Disabled, CreatedAt: c.CreatedAt.In(chinaZone).Format(time.DateTime)}
}

func nonNilStrings(v []string) []string {
	if v == nil {
		return []string{}
	}
	return v
}

var chinaZone = time.FixedZone("CST", 8*3600)

// handleOIDCClients serves GET /api/admin/oidc/clients.
func handleOIDCClients(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cs, err := d.SSO.Clients(r.Context())
		if err != nil {
			respondError(w, r, err)
			return
		}
		out := make([]oidcClientJSON, 0, len(cs))
		for _, c := range cs {
			out = append(out, oidcClientOut(c))
		}
		respond(w, out)
	})
}

// handleOIDCClientAdd serves POST /api/admin/oidc/clients: the answer
// carries the client secret, the only time it is shown.
func handleOIDCClientAdd(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b oidcClientSettings
		if err := decode(w, r, &b); err != nil {
			respondError(w, r, err)
			return
		}
		c, secret, err := d.SSO.Register(r.Context(), b.newClient())
		if err == nil {
			err = recordOrg(d, r, "oidc.client.add", "oidc_client:"+c.ID, c.Name)
		}
		if err != nil {
			respondError(w, r, err)
			return
		}
		out := oidcClientOut(c)
		out.ClientSecret = secret
		respondMsg(w, "添加成功", out)
	})
}

// handleOIDCClientDisabled serves PUT /api/admin/oidc/clients/{id}/disabled {disabled}.
func handleOIDCClientDisabled(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b struct {
			Disabled bool `json:"disabled"`
		}
		if err := decode(w, r, &b); err != nil {
			respondError(w, r, err)
			return
		}
		c, err := d.SSO.SetDisabled(r.Context(), r.PathValue("id"), b.Disabled)
		if err == nil {
			action := "oidc.client.enable"
			if b.Disabled {
				action = "oidc.client.disable"
			}
			err = recordOrg(d, r, action, "oidc_client:"+c.ID, c.Name)
		}
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, oidcClientOut(c))
	})
}

// handleOIDCClientUpdate serves PUT /api/admin/oidc/clients/{id}: the
// settings other than the id and the kind (public or confidential), which
// may be sent but not changed.
func handleOIDCClientUpdate(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b struct {
			oidcClientSettings
			Public *bool `json:"public"`
		}
		if err := decode(w, r, &b); err != nil {
			respondError(w, r, err)
			return
		}
		c, err := d.SSO.Update(r.Context(), r.PathValue("id"), b.newClient(), b.Public)
		if err == nil {
			err = recordOrg(d, r, "oidc.client.update", "oidc_client:"+c.ID, c.Name)
		}
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondMsg(w, "修改成功", oidcClientOut(c))
	})
}

// handleOIDCClientSecret serves POST /api/admin/oidc/clients/{id}/secret:
// a new secret for a confidential client, shown this once.
func handleOIDCClientSecret(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, secret, err := d.SSO.RotateSecret(r.Context(), r.PathValue("id"))
		if err == nil {
			err = recordOrg(d, r, "oidc.client.secret", "oidc_client:"+c.ID, c.Name)
		}
		if err != nil {
			respondError(w, r, err)
			return
		}
		out := oidcClientOut(c)
		out.ClientSecret = secret
		respondMsg(w, "密钥已重置", out)
	})
}
