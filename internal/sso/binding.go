package sso

import (
	"context"
	"crypto/subtle"
	"net/http"
	"strings"
)

// A sign-in request completes only in the browser that started it
// (docs/sso.md, "Why another browser cannot finish a sign-in"). When a
// browser reaches /oidc/authorize it gets a random secret in an HttpOnly
// cookie, and the request stores the secret's hash. The portal's resume,
// the consent calls, login-required and the provider's callback each find
// the request only when the browser sends the same secret: a request id
// that travels in a link is never enough. One secret serves every request
// a browser has open at once, so parallel sign-ins in several tabs each
// complete.

// bindingCookie names the cookie over plain http (development); over
// https the __Host- prefix makes the browser refuse it unless it is
// Secure, host-only and for the whole path, so a sibling subdomain cannot
// plant its own.
const (
	bindingCookie       = "bidpass_sso"
	bindingCookieSecure = "__Host-bidpass_sso"
)

// secretLen is the length of newSecret's text (two rand.Text, 26 each).
const secretLen = 52

type browserKey struct{}

func (s *Service) secureCookie() bool { return strings.HasPrefix(s.d.Issuer, "https://") }

func (s *Service) cookieName() string {
	if s.secureCookie() {
		return bindingCookieSecure
	}
	return bindingCookie
}

// BrowserBinding returns the browser's binding secret sent with r, ""
// when it sent none (or something that is not one).
func (s *Service) BrowserBinding(r *http.Request) string {
	c, err := r.Cookie(s.cookieName())
	if err != nil || !wellFormedSecret(c.Value) {
		return ""
	}
	return c.Value
}

func wellFormedSecret(v string) bool {
	if len(v) != secretLen {
		return false
	}
	for _, c := range v {
		if (c < 'a' || c > 'z') && (c < '2' || c > '7') {
			return false
		}
	}
	return true
}

// bindBrowser gives the browser of an /authorize request its secret (the
// one it holds, or a new one) and puts it in the context, where
// CreateAuthRequest finds it. The cookie lives as long as a request may:
// each new request extends it, so the requests it binds never outlive it.
func (s *Service) bindBrowser(w http.ResponseWriter, r *http.Request) *http.Request {
	secret := s.BrowserBinding(r)
	if secret == "" {
		secret = newSecret()
	}
	http.SetCookie(w, &http.Cookie{Name: s.cookieName(), Value: secret, Path: "/", MaxAge: int(RequestTTL.Seconds()),
		HttpOnly: true, Secure: s.secureCookie(), SameSite: http.SameSiteLaxMode})
	return r.WithContext(context.WithValue(r.Context(), browserKey{}, secret))
}

func browserFrom(ctx context.Context) string {
	v, _ := ctx.Value(browserKey{}).(string)
	return v
}

// boundTo reports whether browser (a secret from BrowserBinding) is the
// one request r was started in.
func (r *request) boundTo(browser string) bool {
	return browser != "" && r.p.BrowserHash != "" &&
		subtle.ConstantTimeCompare([]byte(hashSecret(browser)), []byte(r.p.BrowserHash)) == 1
}

// callbackAllowed guards the provider's callback: it answers only the
// browser the request was started (and resumed) in. Anything else gets
// the answer an unknown request gets, and the request stays as it was.
func (s *Service) callbackAllowed(r *http.Request) bool {
	req, err := s.storage.AuthRequestByID(r.Context(), r.URL.Query().Get("id"))
	return err == nil && req.(*request).boundTo(s.BrowserBinding(r))
}
