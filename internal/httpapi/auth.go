package httpapi

import (
	"net/http"

	"bidpass/internal/auth"
)

// handlePubKey serves GET /api/auth/pubkey → {pubkey, keyId}.
func handlePubKey(d Deps) http.Handler {
	k := d.Keys
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id, pem, err := k.Current(r.Context())
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, pubKeyResponse{PubKey: pem, KeyID: id})
	})
}

type signInBody struct {
	UserName    string `json:"userName"`
	Password    string `json:"password"`
	KeyID       string `json:"keyId"`
	CodeID      string `json:"codeId"`
	GraphicCode string `json:"graphicCode"`
	Captcha     string `json:"captcha"`
}

// handleSignIn serves PUT /api/auth/authToken.
func handleSignIn(d Deps) http.Handler {
	a := d.Auth
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b signInBody
		if err := decode(w, r, &b); err != nil {
			respondError(w, r, err)
			return
		}
		c := clientFrom(r.Context())
		res, err := a.SignIn(r.Context(), auth.SignInRequest{
			UserName: b.UserName, Password: b.Password, KeyID: b.KeyID, CodeID: b.CodeID,
			GraphicCode: b.GraphicCode, Captcha: b.Captcha, ClientAddr: c.Addr, UserAgent: c.UserAgent,
		})
		if err != nil {
			respondError(w, r, err)
			return
		}
		respondSignIn(w, r, res)
	})
}

// handleLogout serves DELETE /api/auth/logout: the caller's session ends.
func handleLogout(d Deps) http.Handler {
	a := d.Auth
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		if err := a.SignOut(r.Context(), p); err != nil {
			respondError(w, r, err)
			return
		}
		// A portal logout also ends the account's sign-ins at the
		// platform's systems (back-channel logout to those that asked).
		if d.SSO != nil {
			if err := d.SSO.EndSignIns(r.Context(), p.ID); err != nil {
				respondError(w, r, err)
				return
			}
		}
		respond(w, nil)
	})
}

// handleMe serves GET /api/auth/me: the user object of the caller.
func handleMe(d Deps) http.Handler {
	a := d.Auth
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, err := a.Me(r.Context(), principalFrom(r.Context()).ID)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, userOut(u))
	})
}

// handleAuthorize serves GET /api/auth/authorize?client_id&redirect_uri&state,
// the address a third-party application puts in authorize_uri: for the
// signed-in caller it answers the callback address with a one-time code.
func handleAuthorize(d Deps) http.Handler {
	a := d.Auth
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		// The OpenID Connect provider's login hand-off: the login page
		// resumes the provider's request after sign-in (sso.LoginURL).
		if id := q.Get("auth_request"); id != "" && d.SSO != nil {
			cb, err := d.SSO.Resume(r.Context(), resumerOf(d, r), id)
			if err != nil {
				respondError(w, r, err)
				return
			}
			respond(w, cb)
			return
		}
		cb, err := a.Authorize(r.Context(), principalFrom(r.Context()).ID, auth.AuthorizeRequest{
			ClientID: q.Get("client_id"), RedirectURI: q.Get("redirect_uri"), State: q.Get("state"),
		})
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, cb)
	})
}

// handleRedeem serves POST /api/auth/authorize/redeem {clientId, code}: the
// third-party application learns once who signed in.
func handleRedeem(d Deps) http.Handler {
	a := d.Auth
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b struct {
			ClientID string `json:"clientId"`
			Code     string `json:"code"`
		}
		if err := decode(w, r, &b); err != nil {
			respondError(w, r, err)
			return
		}
		u, err := a.Redeem(r.Context(), b.ClientID, b.Code)
		if err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, userOut(u))
	})
}

// handleDevExpireSession serves POST /api/dev/session/expire (development
// mode only): the caller's session times out at once.
func handleDevExpireSession(d Deps) http.Handler {
	a := d.Auth
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := a.ExpireForDev(r.Context(), principalFrom(r.Context())); err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, nil)
	})
}
