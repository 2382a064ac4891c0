package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/ephemeral"
)

// Client is who is at the other end of a request, for rate limits and logs.
type Client struct {
	Addr      string // the client's IP, honouring trusted proxies
	UserAgent string
}

type clientKey struct{}

// clientFrom returns the request's client.
func clientFrom(ctx context.Context) Client {
	c, _ := ctx.Value(clientKey{}).(Client)
	return c
}

// clientAddr returns the remote IP; X-Forwarded-For is believed only when the
// direct peer is a trusted proxy, and then the right-most untrusted hop wins.
func clientAddr(r *http.Request, trusted []*net.IPNet) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	isTrusted := func(s string) bool {
		ip := net.ParseIP(s)
		for _, n := range trusted {
			if ip != nil && n.Contains(ip) {
				return true
			}
		}
		return false
	}
	if !isTrusted(host) {
		return host
	}
	hops := strings.Split(r.Header.Get("X-Forwarded-For"), ",")
	for i := len(hops) - 1; i >= 0; i-- {
		h := strings.TrimSpace(hops[i])
		if h != "" && !isTrusted(h) {
			return h
		}
	}
	return host
}

// statusRecorder remembers the status for the access log.
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

// Unwrap lets http.ResponseController reach the real writer.
func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

func newRequestID() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// observe gives every request an id (echoed in X-Request-Id), a logger that
// carries it, the client identity, an access-log line, and recovery from
// panics as a 500 in the envelope with the stack in the log.
func observe(log *slog.Logger, trusted []*net.IPNet, metrics Observer, maxBody int64, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := newRequestID()
		w.Header().Set("X-Request-Id", id)
		c := Client{Addr: clientAddr(r, trusted), UserAgent: r.UserAgent()}
		l := log.With("request_id", id)
		ctx := context.WithValue(r.Context(), logKey{}, l)
		ctx = context.WithValue(ctx, clientKey{}, c)
		r = r.WithContext(ctx)
		r.Body = http.MaxBytesReader(w, r.Body, maxBody)
		rec := &statusRecorder{ResponseWriter: w}
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				l.Error("panic", "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				if rec.status == 0 {
					respondError(rec, r, fmt.Errorf("panic: %v", p))
				}
			}
			took := time.Since(start)
			l.Info("request", "method", r.Method, "path", r.URL.Path, "status", rec.status,
				"bytes", rec.bytes, "duration_ms", took.Milliseconds(), "client", c.Addr)
			// The mux wrote the matched pattern into r (the request it was
			// handed is this one), so routes, not raw paths, are labels.
			metrics.Request(r.Pattern, rec.status, took)
		}()
		next.ServeHTTP(rec, r)
	})
}

// contentSecurityPolicy lets the built app run without inline scripts; index.html's
// response adds the hash of its boot script (withScriptSources, static.go).
// Styles may be inline: antd writes its CSS-in-JS into <style> elements.
// connect-src adds exactly the configured loopback origins of the USB-key
// vendors' services (docs/decisions/certificates.md, "CA digital certificates in the browser: USB keys and the CSP"): the page may reach those and nothing else.
func contentSecurityPolicy(localServices []string) string {
	connect := "'self'"
	for _, o := range localServices {
		connect += " " + o
	}
	return "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
		"img-src 'self' data: blob:; font-src 'self' data:; connect-src " + connect + "; object-src 'none'; " +
		"base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
}

// withScriptSources adds sources (the hashes of a page's own inline scripts) to csp's
// script-src directive, for the one response that carries that page.
func withScriptSources(csp string, sources []string) string {
	dirs := strings.Split(csp, ";")
	for i, d := range dirs {
		if f := strings.Fields(d); len(f) > 0 && f[0] == "script-src" {
			dirs[i] = strings.TrimRight(d, " ") + " " + strings.Join(sources, " ")
			return strings.Join(dirs, ";")
		}
	}
	return csp + "; script-src 'self' " + strings.Join(sources, " ")
}

// secure sets the security headers on every response. There is no CORS:
// the app is served from the same origin as the API.
func secure(https bool, csp string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", csp)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		if https {
			h.Set("Strict-Transport-Security", "max-age=31536000; includeSubDomains")
		}
		next.ServeHTTP(w, r)
	})
}

// errThrottled answers a client over a throttle's budget.
var errThrottled = apperr.New(apperr.TooMany, "throttled", "操作过于频繁，请稍后再试")

// throttle lets one client address make at most perMinute requests a minute
// to next (name keeps the budgets of routes apart); beyond that it answers
// 429. A count that cannot be read refuses (503).
func throttle(store ephemeral.Store, name string, perMinute int64, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := spend(r.Context(), store, name, perMinute); err != nil {
			respondError(w, r, err)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// spend takes one from the client's budget of name for this minute, or
// answers errThrottled when it is spent (perMinute 0: no limit). The count
// is one atomic increment, so the limit holds for parallel requests and
// across instances sharing the store.
func spend(ctx context.Context, store ephemeral.Store, name string, perMinute int64) error {
	if perMinute == 0 {
		return nil
	}
	n, err := store.Incr(ctx, "throttle:"+name+":"+clientFrom(ctx).Addr, time.Minute)
	if err != nil {
		return err
	}
	if n > perMinute {
		return errThrottled
	}
	return nil
}
