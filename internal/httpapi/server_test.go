package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"bidpass/internal/clock"
	"bidpass/internal/refdata"
	"bidpass/internal/session"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// testDeps builds Deps on a real SQLite database; dev switches the
// development routes on. It supplies the services every route needs at
// construction (the reference data is rendered once when routes are
// added); fixtures add the services their routes call.
func testDeps(t *testing.T, dev bool) Deps {
	t.Helper()
	db := storetest.SQLite(t)
	clk := clock.NewFake(time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC))
	cat, err := refdata.Load(refdata.Options{HelpPhone: "400"})
	if err != nil {
		t.Fatal(err)
	}
	return Deps{
		RefData:  cat,
		Log:      slog.New(slog.NewTextHandler(io.Discard, nil)),
		Clock:    clk,
		Dev:      dev,
		Ready:    map[string]Pinger{"database": db},
		App:      fstest.MapFS{"index.html": {Data: []byte(`<html><head><meta name="bidpass-config" content="{}"></head></html>`)}, "assets/app-abc123.js": {Data: []byte(strings.Repeat("console.log(1);", 100))}},
		Runtime:  RuntimeConfig{Dev: dev, SiteTitle: "测试平台", HelpPhone: "400"},
		Sessions: session.NewService(db, clk, 2*time.Hour, 12*time.Hour),
	}
}

func decodeEnvelope(t *testing.T, res *http.Response) envelope {
	t.Helper()
	var e envelope
	if err := json.NewDecoder(res.Body).Decode(&e); err != nil {
		t.Fatalf("not an envelope: %v", err)
	}
	return e
}

func do(t *testing.T, h http.Handler, method, path, body string, hdr ...string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		// As the app's client does; a test that means another type says so.
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	return serve(t, h, req)
}

func TestHealthAndUnknownAPI(t *testing.T) {
	h := NewServer(testDeps(t, false))
	if res := do(t, h, "GET", "/healthz", ""); res.StatusCode != 200 {
		t.Fatalf("healthz %d", res.StatusCode)
	}
	if res := do(t, h, "GET", "/readyz", ""); res.StatusCode != 200 {
		t.Fatalf("readyz %d", res.StatusCode)
	}
	res := do(t, h, "GET", "/api/does/not/exist", "", markOffContract, "an unknown API path")
	e := decodeEnvelope(t, res)
	if res.StatusCode != 404 || e.Code != 404 || e.Msg == "" {
		t.Fatalf("unknown api: %d %+v", res.StatusCode, e)
	}
	if res.Header.Get("X-Request-Id") == "" {
		t.Fatal("no request id")
	}
}

func TestReadyzFailsWhenDatabaseDown(t *testing.T) {
	d := testDeps(t, false)
	// A real database that has gone away: a PostgreSQL URL where no server
	// listens (port 1 is never PostgreSQL).
	down, err := store.Open("postgres://postgres@127.0.0.1:1/bidpass?sslmode=disable&connect_timeout=1")
	if err != nil {
		t.Fatal(err)
	}
	defer down.Close()
	d.Ready = map[string]Pinger{"database": down}
	res := do(t, NewServer(d), "GET", "/readyz", "")
	if res.StatusCode != 503 {
		t.Fatalf("readyz with the database down: %d", res.StatusCode)
	}
}

func TestMalformedJSONIsChinese400(t *testing.T) {
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var v struct{ A string }
		if err := decode(w, r, &v); err != nil {
			respondError(w, r, err)
			return
		}
		respond(w, v)
	})
	res := do(t, observe(slog.New(slog.NewTextHandler(io.Discard, nil)), nil, noMetrics{}, maxRequestBody, h), "POST", "/x", `{"a": `)
	e := decodeEnvelope(t, res)
	if res.StatusCode != 400 || e.Code != 400 || !strings.Contains(e.Msg, "请求格式错误") {
		t.Fatalf("malformed: %d %+v", res.StatusCode, e)
	}
	res = do(t, h, "POST", "/x", `{"a":"`+strings.Repeat("x", maxJSONBody)+`"}`)
	if e := decodeEnvelope(t, res); res.StatusCode != 400 || e.Reason != "request.too_large" {
		t.Fatalf("too large: %d %+v", res.StatusCode, e)
	}
}

func TestPanicAnswers500InEnvelope(t *testing.T) {
	h := observe(slog.New(slog.NewTextHandler(io.Discard, nil)), nil, noMetrics{}, maxRequestBody, http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		panic("boom")
	}))
	res := do(t, h, "GET", "/", "")
	if e := decodeEnvelope(t, res); res.StatusCode != 500 || e.Code != 500 || strings.Contains(e.Msg, "boom") {
		t.Fatalf("panic: %d %+v", res.StatusCode, e)
	}
}

func TestSecurityHeadersAndStatic(t *testing.T) {
	d := testDeps(t, true)
	h := NewServer(d)
	res := do(t, h, "GET", "/", "")
	csp := res.Header.Get("Content-Security-Policy")
	if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "script-src 'self' 'unsafe-inline'") || !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Fatalf("csp: %q", csp)
	}
	if res.Header.Get("X-Content-Type-Options") != "nosniff" || res.Header.Get("Referrer-Policy") == "" {
		t.Fatal("missing headers")
	}
	if res.Header.Get("Strict-Transport-Security") != "" {
		t.Fatal("HSTS on plain http")
	}
	if cc := res.Header.Get("Cache-Control"); cc != "no-cache" {
		t.Fatalf("index cache-control %q", cc)
	}
	body, _ := io.ReadAll(res.Body)
	if !strings.Contains(string(body), "&#34;dev&#34;:true") || !strings.Contains(string(body), "测试平台") {
		t.Fatalf("runtime config not injected: %s", body)
	}
	res = do(t, h, "GET", "/assets/app-abc123.js", "", "Accept-Encoding", "gzip")
	if res.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
		t.Fatalf("asset headers: %v", res.Header)
	}
	if res.Header.Get("Access-Control-Allow-Origin") != "" {
		t.Fatal("CORS must be off")
	}
	d.HTTPS = true
	if res := do(t, NewServer(d), "GET", "/healthz", ""); res.Header.Get("Strict-Transport-Security") == "" {
		t.Fatal("no HSTS on https")
	}
}

func TestSessionGuard(t *testing.T) {
	d := testDeps(t, false)
	h := portal(d, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { respond(w, principalFrom(r.Context()).ID) }))
	if e := decodeEnvelope(t, do(t, h, "GET", "/", "")); e.Code != 401 || e.Msg != "认证标识为空, 请重新登录。" {
		t.Fatalf("no token: %+v", e)
	}
	staffTok, _ := d.Sessions.Issue(context.Background(), session.Staff, 1, "", "")
	if e := decodeEnvelope(t, do(t, h, "GET", "/", "", "Authorization", "Bearer "+staffTok)); e.Code != 401 {
		t.Fatalf("staff token on portal: %+v", e)
	}
	tok, _ := d.Sessions.Issue(context.Background(), session.Portal, 42, "", "")
	if e := decodeEnvelope(t, do(t, h, "GET", "/", "", "Authorization", "Bearer "+tok)); e.Code != 0 || e.Data.(float64) != 42 {
		t.Fatalf("portal token: %+v", e)
	}
	d.Clock.(*clock.Fake).Advance(3 * time.Hour)
	if e := decodeEnvelope(t, do(t, h, "GET", "/", "", "Authorization", "Bearer "+tok)); e.Code != 420 || e.Msg != "登录超时，请重新登录" {
		t.Fatalf("expired: %+v", e)
	}
}

// statusSeen records the statuses observe hands to the metrics.
type statusSeen struct {
	noMetrics
	statuses []int
}

func (s *statusSeen) Request(_ string, status int, _ time.Duration) {
	s.statuses = append(s.statuses, status)
}

// TestClientGoneIsNotAServerError: a request whose client disconnected fails
// with context.Canceled deep in a store call; that is logged at INFO and
// recorded as 499, never as an ERROR and a 500 (which would page someone).
// A deadline of the server's own stays a 500.
func TestClientGoneIsNotAServerError(t *testing.T) {
	for _, tc := range []struct {
		name   string
		cancel bool
		err    error
		status int
	}{
		{"client gone", true, fmt.Errorf("load account: %w", context.Canceled), StatusClientClosed},
		{"server deadline", false, fmt.Errorf("load account: %w", context.DeadlineExceeded), 500},
		{"cancelled error, client still there", false, fmt.Errorf("load account: %w", context.Canceled), 500},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var logs bytes.Buffer
			seen := &statusSeen{}
			h := observe(slog.New(slog.NewTextHandler(&logs, nil)), nil, seen, maxRequestBody, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				respondError(w, r, tc.err)
			}))
			ctx, cancel := context.WithCancel(context.Background())
			if tc.cancel {
				cancel()
			} else {
				defer cancel()
			}
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequestWithContext(ctx, "GET", "/api/account/info", nil))
			if rec.Code != tc.status || len(seen.statuses) != 1 || seen.statuses[0] != tc.status {
				t.Fatalf("status %d, recorded %v, want %d", rec.Code, seen.statuses, tc.status)
			}
			if gotErr := strings.Contains(logs.String(), "level=ERROR"); gotErr != (tc.status == 500) {
				t.Fatalf("ERROR logged: %v, want %v:\n%s", gotErr, tc.status == 500, logs.String())
			}
		})
	}
}
