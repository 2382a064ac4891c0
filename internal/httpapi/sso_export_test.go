package httpapi

import (
	"net/http"
	"testing"
)

// CheckedHandler wraps h so every exchange through it (a real HTTP server
// in an end-to-end test) is checked against api/openapi.yaml; a mismatch
// fails t.
func CheckedHandler(t testing.TB, h http.Handler) http.Handler {
	return contractChecker.Middleware(h, func(r *http.Request, status int, err error) {
		t.Errorf("contract: %s %s answered %d: %v", r.Method, r.URL.RequestURI(), status, err)
	})
}
