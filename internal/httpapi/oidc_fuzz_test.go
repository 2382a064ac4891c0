package httpapi_test

import (
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"bidpass/internal/app"
	"bidpass/internal/config"
	"bidpass/internal/sso"
)

// Nothing a client sends to the OpenID Connect provider makes a 5xx
// (docs/sso.md "Protocol answers"): malformed requests of every kind
// (methods, bodies, encodings, headers, huge values, NUL bytes) at every
// endpoint, first as a table (TestOIDCMalformedRequests, which counts the
// 5xx), then as the seeds of FuzzOIDCRequests, which mutates them
// (briefly in make test, at length in make fuzz-oidc).

var oidcFuzzPaths = []string{
	sso.PathDiscovery, sso.PathKeys, sso.PathAuthorize, sso.PathCallback, sso.PathToken, sso.PathUserinfo,
	sso.PathIntrospect, sso.PathRevoke, sso.PathEndSession,
}

var oidcFuzzMethods = []string{"GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "BREW"}

var oidcFuzzTypes = []string{"application/x-www-form-urlencoded", "", "application/json", "multipart/form-data",
	"multipart/form-data; boundary=x", "text/plain", "application/x-www-form-urlencoded; charset=utf-16", "\x00"}

// oidcCase is one request: indexes into the lists above, the raw query,
// the Authorization header (with the real client secret where it says
// SECRET) and the body.
type oidcCase struct {
	path, method, ctype uint8
	query, auth         string
	body                []byte
}

var huge = strings.Repeat("A", 70<<10)

var oidcMalformed = func() []oidcCase {
	var cs []oidcCase
	bad := []struct {
		query, auth, body string
	}{
		{"", "", ""},
		{"%", "", "%"},
		{"a=%zz&b=%", "Basic %%%", "grant_type=%zz"},
		{"client_id=fz&redirect_uri=https%3A%2F%2Ffz.example%2Fcb&response_type=code&scope=openid&code_challenge=x&code_challenge_method=S256", "", ""},
		{"client_id=fz&redirect_uri=https%3A%2F%2Ffz.example%2Fcb&response_type=token%00&state=%00", "", ""},
		{"client_id=%00&redirect_uri=%00", "", ""},
		{"client_id=fz&redirect_uri=https%3A%2F%2Ffz.example%2Fcb&response_type=code&scope=openid&prompt=none%20login&max_age=-1", "", ""},
		{"client_id=fz&redirect_uri=https%3A%2F%2Ffz.example%2Fcb&response_type=code&request=a.b.c&request_uri=http%3A%2F%2F169.254.169.254", "", ""},
		{"client_id=fz&redirect_uri=https%3A%2F%2Ffz.example%2Fcb&response_type=code&scope=openid&max_age=99999999999999999999", "", ""},
		{"id=" + huge, "", ""},
		{"id=%00", "", ""},
		{"id_token_hint=a.b.c&post_logout_redirect_uri=javascript:alert(1)", "", ""},
		{"id_token_hint=" + huge, "", ""},
		{"client_id=fz&post_logout_redirect_uri=%0d%0aSet-Cookie:x", "", ""},
		{"", "SECRET", "grant_type=authorization_code&code=x&redirect_uri=https%3A%2F%2Ffz.example%2Fcb&code_verifier=" + huge[:200]},
		{"", "SECRET", "grant_type=authorization_code&code=&code_verifier="},
		{"", "SECRET", "grant_type=refresh_token&refresh_token=x&scope=openid%20admin"},
		{"", "SECRET", "grant_type=refresh_token&refresh_token=\x00\x00"},
		{"", "SECRET", "grant_type=urn:ietf:params:oauth:grant-type:jwt-bearer&assertion=a.b.c"},
		{"", "SECRET", "grant_type=urn:ietf:params:oauth:grant-type:token-exchange&subject_token=a.b.c"},
		{"", "SECRET", "grant_type=client_credentials&scope=openid"},
		{"", "SECRET", "grant_type=urn:ietf:params:oauth:grant-type:device_code&device_code=x"},
		{"", "", "grant_type=refresh_token&refresh_token=x&client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer&client_assertion=a.b.c"},
		{"", "", "grant_type=authorization_code&code=x&client_id=fz&client_secret=wrong&client_id=fzp"},
		{"", "SECRET", "grant_type=authorization_code&code=x&client_secret=also"},
		{"", "Basic " + base64.StdEncoding.EncodeToString([]byte("fz")), "grant_type=refresh_token&refresh_token=x"},
		{"", "Basic " + base64.StdEncoding.EncodeToString([]byte("%zz:%zz")), "token=x"},
		{"", "Basic " + base64.StdEncoding.EncodeToString([]byte("fz:"+huge)), "token=x"},
		{"", "Basic !!!", "token=x"},
		{"", "Bearer", ""},
		{"", "Bearer ", ""},
		{"", "Bearer a.b.c", "access_token=a.b.c"},
		{"", "Bearer " + huge, ""},
		{"", "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwianRpIjoieCJ9.", ""},
		{"", "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln", ""},
		{"", "bearer \x00\x00.\x00.\x00", ""},
		{"", "SECRET", "token=eyJhbGciOiJub25lIn0.e30.&token_type_hint=access_token"},
		{"", "SECRET", "token=" + huge},
		{"", "SECRET", "token=x&token_type_hint=%00"},
		{"", "SECRET", "{\"token\":\"x\"}"},
		{"", "", string([]byte{0xff, 0xfe, 0x00, '=', '&', '&', '='})},
		{";;;", "", "a;b=c"},
	}
	for p := range oidcFuzzPaths {
		for _, b := range bad {
			for _, m := range []uint8{0, 1} {
				cs = append(cs, oidcCase{uint8(p), m, 0, b.query, b.auth, []byte(b.body)})
			}
		}
		for m := range oidcFuzzMethods {
			for ct := range oidcFuzzTypes {
				cs = append(cs, oidcCase{uint8(p), uint8(m), uint8(ct), "client_id=fz", "SECRET", []byte("token=x&grant_type=refresh_token&refresh_token=x")})
			}
		}
	}
	return cs
}()

// oidcFuzzWorld is the real composition (development mode, SQLite) with a
// confidential client fz and a public one fzp.
type oidcFuzzWorld struct {
	h      http.Handler
	secret string
	n      atomic.Uint32
}

func newOIDCFuzzWorld(tb testing.TB) *oidcFuzzWorld {
	tb.Helper()
	cfg, err := config.Load([]string{"--dev", "--data-dir", tb.TempDir()}, func(string) string { return "" })
	if err != nil {
		tb.Fatal(err)
	}
	a, err := app.Open(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(a.Close)
	_, secret, err := a.SSO.Register(context.Background(), sso.NewClient{ID: "fz", Name: "模糊", FirstParty: true,
		RedirectURIs: []string{"https://fz.example/cb"}, PostLogoutURIs: []string{"https://fz.example/"}, Scopes: []string{"profile", "offline_access"}})
	if err != nil {
		tb.Fatal(err)
	}
	if _, _, err := a.SSO.Register(context.Background(), sso.NewClient{ID: "fzp", Name: "公开", Public: true, RedirectURIs: []string{"https://fzp.example/cb"}}); err != nil {
		tb.Fatal(err)
	}
	return &oidcFuzzWorld{h: a.Handler(), secret: secret}
}

// serve sends c and returns the status and the start of the body.
func (w *oidcFuzzWorld) serve(c oidcCase) (int, string) {
	path := oidcFuzzPaths[int(c.path)%len(oidcFuzzPaths)]
	method := oidcFuzzMethods[int(c.method)%len(oidcFuzzMethods)]
	req := httptest.NewRequest(method, "/", strings.NewReader(string(c.body)))
	req.URL.Path, req.URL.RawQuery = path, c.query
	req.RequestURI = path + "?" + c.query
	if ct := oidcFuzzTypes[int(c.ctype)%len(oidcFuzzTypes)]; ct != "" {
		req.Header.Set("Content-Type", ct)
	}
	switch {
	case c.auth == "SECRET":
		req.SetBasicAuth("fz", w.secret)
	case c.auth != "":
		req.Header["Authorization"] = []string{c.auth}
	}
	n := w.n.Add(1)
	req.RemoteAddr = fmt.Sprintf("10.%d.%d.%d:40000", byte(n>>16), byte(n>>8), byte(n))
	rec := httptest.NewRecorder()
	w.h.ServeHTTP(rec, req)
	body := rec.Body.String()
	if len(body) > 200 {
		body = body[:200]
	}
	return rec.Code, method + " " + path + "?" + c.query[:min(len(c.query), 80)] + " → " + body
}

// TestOIDCMalformedRequests also counts the ERROR records of the default
// logger, where op logs: a client's mistake is not the server's failure.
func TestOIDCMalformedRequests(t *testing.T) {
	w := newOIDCFuzzWorld(t)
	errs := &errorRecords{}
	prev := slog.Default()
	slog.SetDefault(slog.New(errs))
	defer slog.SetDefault(prev)
	fives := 0
	for _, c := range oidcMalformed {
		before := errs.n.Load()
		st, what := w.serve(c)
		if st >= 500 {
			fives++
			t.Errorf("%d: %s", st, what)
		}
		if errs.n.Load() != before {
			t.Errorf("logged at ERROR: %s", what)
		}
	}
	t.Logf("%d malformed requests to /oidc/* and discovery: %d answered 5xx, %d ERROR log records", len(oidcMalformed), fives, errs.n.Load())
}

// errorRecords counts ERROR records.
type errorRecords struct{ n atomic.Int64 }

func (e *errorRecords) Enabled(context.Context, slog.Level) bool { return true }
func (e *errorRecords) Handle(_ context.Context, r slog.Record) error {
	if r.Level >= slog.LevelError {
		e.n.Add(1)
	}
	return nil
}
func (e *errorRecords) WithAttrs([]slog.Attr) slog.Handler { return e }
func (e *errorRecords) WithGroup(string) slog.Handler      { return e }

func FuzzOIDCRequests(f *testing.F) {
	for _, c := range oidcMalformed {
		if len(c.query)+len(c.body) < 4096 { // the huge ones stay in the table
			f.Add(c.path, c.method, c.ctype, c.query, c.auth, c.body)
		}
	}
	w := newOIDCFuzzWorld(f)
	f.Fuzz(func(t *testing.T, path, method, ctype uint8, query, auth string, body []byte) {
		if st, what := w.serve(oidcCase{path, method, ctype, query, auth, body}); st >= 500 {
			t.Fatalf("%d: %s", st, what)
		}
	})
}
