package httpapi

import (
	"crypto/rand"
	"encoding/base64"
	"net/http"
	"strings"
	"time"

	"bidpass/internal/session"
)

// deviceCookie holds the browser's device id: 128 random bits and nothing
// else, no fingerprint (docs/decisions/sessions-and-devices.md,
// "New-device notice"). A sign-in from an id not seen in 90 days is a new
// device. The cookie outlives sessions (400 days, the most browsers keep)
// and goes with every API request, never to a script.
const deviceCookie = "bidpass_device"

const deviceCookieAge = 400 * 24 * time.Hour

// recogniseDevice puts the device id the request presents into its
// context for the sign-in it may make (session.WithDevice), and gives an
// API request without one a new id for its next requests: the login page's
// first call (its graphic code) sets it, so the sign-in presents it. A
// request that presents none signs in as "no device" (a script, a browser
// refusing cookies), which is never known.
func recogniseDevice(https bool, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if v := randomCookie(r, deviceCookie); v != "" {
			r = r.WithContext(session.WithDevice(r.Context(), v))
		} else if strings.HasPrefix(r.URL.Path, "/api/") {
			http.SetCookie(w, &http.Cookie{Name: deviceCookie, Value: randomID(), Path: "/api/",
				MaxAge: int(deviceCookieAge / time.Second), HttpOnly: true, Secure: https, SameSite: http.SameSiteLaxMode})
		}
		next.ServeHTTP(w, r)
	})
}

// randomID is 128 random bits in base64url (22 characters): the value of
// the cookies that tell one browser from another and say nothing else.
func randomID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// randomCookie is the request's cookie of that name, or "" when it has
// none of randomID's shape.
func randomCookie(r *http.Request, name string) string {
	c, err := r.Cookie(name)
	if err != nil || len(c.Value) != 22 || strings.Trim(c.Value, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") != "" {
		return ""
	}
	return c.Value
}
