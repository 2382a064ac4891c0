package main

// The OpenID Connect provider checked rule by rule against the specifications,
// on the real server (run, as main runs it, on a real port) with SQLite and,
// when BIDPASS_TEST_POSTGRES and BIDPASS_TEST_REDIS are set, PostgreSQL +
// Redis. Each subtest is named by the section it checks, so a failure names
// the rule; the set is roughly the OpenID Foundation's Basic and Config
// certification plans plus the OAuth RFCs the provider implements
// (docs/sso.md "Conformance").
//
// Rules whose tests live with their own fixes: authorization-request
// fixation and consent ownership (the authorize flow's tests), amr/acr and
// acr_values, signing-key rotation, back-channel logout URI policy and the
// logout_token's typ.

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"bidpass/internal/devclient"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// conformance is one server and its relying parties.
type conformance struct {
	t        *testing.T
	base     string
	dbURL    string
	secrets  map[string]string // client id -> secret
	dev      *devclient.Client
	logouts  chan string
	errors   *errorCount
	provider *oidc.Provider
}

// errorCount counts ERROR records of the process's default logger (op
// logs there) while the test runs.
type errorCount struct {
	mu    sync.Mutex
	lines []string
}

func (e *errorCount) Enabled(ctx context.Context, l slog.Level) bool { return true }
func (e *errorCount) Handle(ctx context.Context, r slog.Record) error {
	if r.Level >= slog.LevelError {
		e.mu.Lock()
		e.lines = append(e.lines, r.Message)
		e.mu.Unlock()
	}
	return nil
}
func (e *errorCount) WithAttrs([]slog.Attr) slog.Handler { return e }
func (e *errorCount) WithGroup(string) slog.Handler      { return e }

const confPassword = "Passw0rd1"

func TestOIDCConformance(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		conformanceSuite(t, filepath.Join(t.TempDir(), "bidpass.db"), "")
	})
	t.Run("postgres+redis", func(t *testing.T) {
		redisURL := os.Getenv("BIDPASS_TEST_REDIS")
		if redisURL == "" {
			t.Skip("SKIP: BIDPASS_TEST_REDIS not set")
		}
		conformanceSuite(t, storetest.PostgresURL(t), redisURL)
	})
}

func conformanceSuite(t *testing.T, dbURL, redisURL string) {
	c := startConformance(t, dbURL, redisURL)
	for _, section := range []struct {
		name string
		fn   func(c *conformance, t *testing.T)
	}{
		{"Discovery", (*conformance).discovery},
		{"Authorization", (*conformance).authorization},
		{"Token", (*conformance).token},
		{"Userinfo", (*conformance).userinfo},
		{"Refresh", (*conformance).refresh},
		{"Revocation", (*conformance).revocation},
		{"Introspection", (*conformance).introspection},
		{"DisabledClient", (*conformance).disabledClient},
		{"Logout", (*conformance).logout},
		{"LegacyAuthorize", (*conformance).legacy},
		{"Methods", (*conformance).methods},
	} {
		t.Run(section.name, func(t *testing.T) { section.fn(c, t) })
	}
	c.errors.mu.Lock()
	defer c.errors.mu.Unlock()
	if len(c.errors.lines) > 0 {
		t.Errorf("ERROR log lines from clients' requests: %q", c.errors.lines)
	}
}

// startConformance registers the accounts and clients with the commands an
// operator uses, then serves on a port chosen here (the issuer must be the
// address the relying parties reach).
func startConformance(t *testing.T, dbURL, redisURL string) *conformance {
	t.Helper()
	if testing.Short() {
		t.Skip("SKIP: runs the server")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	c := &conformance{t: t, base: "http://" + addr, dbURL: dbURL, secrets: map[string]string{}, logouts: make(chan string, 16),
		errors: &errorCount{}}
	prev := slog.Default()
	slog.SetDefault(slog.New(c.errors))
	t.Cleanup(func() { slog.SetDefault(prev) })

	rp := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseForm(); err == nil {
			c.logouts <- r.PostForm.Get("logout_token")
		}
	}))
	t.Cleanup(rp.Close)

	dir := t.TempDir()
	env := map[string]string{
		"BIDPASS_DATA_KEY": testDataKey, "BIDPASS_DATA_DIR": dir, "BIDPASS_DATABASE_URL": dbURL, "BIDPASS_REDIS_URL": redisURL,
		"BIDPASS_PUBLIC_URL": c.base, "BIDPASS_AUTHORIZE_CLIENTS": "app1=https://app.example/callback", "BIDPASS_LOG_FORMAT": "json",
		// The back-channel receiver is a test server on the loopback, which only an allow-listed host may be.
		"BIDPASS_OIDC_BACKCHANNEL_ALLOW_HOSTS": "127.0.0.1",
	}
	getenv := func(k string) string { return env[k] }
	cli := func(args ...string) string {
		t.Helper()
		var out bytes.Buffer
		if err := run(context.Background(), args, getenv, &out, io.Discard); err != nil {
			t.Fatalf("bidpass %v: %v", args, err)
		}
		return out.String()
	}
	cli("migrate")
	cli("account", "create", "--type", "person", "--account", "conf01", "--password", confPassword, "--phone", "13800000031",
		"--email", "conf01@example.cn", "--auth-state", "1", "--name", "张三")
	secretOf := regexp.MustCompile(`client secret \(shown once, store it now\): (\S+)`)
	for _, cl := range [][]string{
		{"--id", "rp", "--name", "招标系统", "--first-party", "--redirect-uri", "https://rp.example/cb",
			"--post-logout-uri", "https://rp.example/bye", "--scope", "profile", "--scope", "email", "--scope", "phone", "--scope", "offline_access"},
		{"--id", "rp2", "--name", "另一系统", "--first-party", "--redirect-uri", "https://rp2.example/cb", "--scope", "profile", "--scope", "offline_access"},
		{"--id", "off", "--name", "将停用", "--first-party", "--redirect-uri", "https://off.example/cb", "--scope", "offline_access"},
		{"--id", "spa", "--name", "移动端", "--public", "--first-party", "--redirect-uri", "https://spa.example/cb", "--scope", "profile", "--scope", "offline_access"},
	} {
		out := cli(append([]string{"oidc", "client", "add"}, cl...)...)
		if m := secretOf.FindStringSubmatch(out); m != nil {
			c.secrets[cl[1]] = m[1]
		}
	}
	// Back-channel logout's receiver is on the loopback: allowed in
	// development (the URI policy is tested with its own fix).
	out := cli("oidc", "client", "add", "--id", "bcl", "--name", "退出通知", "--first-party", "--redirect-uri", "https://bcl.example/cb",
		"--backchannel-logout-uri", rp.URL+"/backchannel")
	c.secrets["bcl"] = secretOf.FindStringSubmatch(out)[1]

	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	stderr := &syncBuffer{}
	go func() { done <- run(ctx, []string{"serve", "--dev", "--addr", addr}, getenv, io.Discard, stderr) }()
	t.Cleanup(func() {
		cancel()
		<-done
		for _, line := range strings.Split(stderr.String(), "\n") {
			if strings.Contains(line, `"level":"ERROR"`) {
				t.Errorf("server logged an error: %s", line)
			}
		}
	})
	deadline := time.Now().Add(20 * time.Second)
	for {
		res, err := http.Get(c.base + "/healthz")
		if err == nil && res.StatusCode == 200 {
			res.Body.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("server did not start: %v\n%s", err, stderr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	c.dev = devclient.New(c.base)
	if c.provider, err = oidc.NewProvider(context.Background(), c.base); err != nil {
		t.Fatal(err)
	}
	return c
}

// answer is an HTTP answer read whole.
type answer struct {
	status int
	header http.Header
	body   []byte
}

func (a answer) json(t *testing.T) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(a.body, &m); err != nil {
		t.Fatalf("%d %q is not JSON: %v", a.status, a.body, err)
	}
	return m
}

func (a answer) str(t *testing.T, key string) string {
	t.Helper()
	s, _ := a.json(t)[key].(string)
	return s
}

// wantError is RFC 6749 §5.2: the status, application/json and the error code.
func (a answer) wantError(t *testing.T, status int, code string) {
	t.Helper()
	if a.status != status || !strings.HasPrefix(a.header.Get("Content-Type"), "application/json") || a.str(t, "error") != code {
		t.Fatalf("want %d %s (JSON), got %d %s %s", status, code, a.status, a.header.Get("Content-Type"), a.body)
	}
}

// browser is a user agent with cookies that does not follow redirects.
func (c *conformance) browser() *http.Client {
	jar, _ := cookiejar.New(nil)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func (c *conformance) do(client *http.Client, req *http.Request) answer {
	c.t.Helper()
	if client == nil {
		client = c.browser()
	}
	res, err := client.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return answer{res.StatusCode, res.Header, b}
}

func (c *conformance) get(client *http.Client, u, bearer string) answer {
	c.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	if bearer != "" {
		req.Header.Set("Authorization", "Bearer "+bearer)
	}
	return c.do(client, req)
}

// post sends a form; basic is "id:secret" for HTTP Basic (empty: none).
func (c *conformance) post(path string, form url.Values, basic string) answer {
	c.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, c.base+path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if id, secret, ok := strings.Cut(basic, ":"); ok {
		req.SetBasicAuth(url.QueryEscape(id), url.QueryEscape(secret))
	}
	return c.do(nil, req)
}

func (c *conformance) basic(id string) string { return id + ":" + c.secrets[id] }

// authURL is a code-flow request of client id with PKCE.
func (c *conformance) authURL(id, redirect, scope, state, nonce, verifier string) string {
	q := url.Values{"client_id": {id}, "redirect_uri": {redirect}, "response_type": {"code"}, "scope": {scope}, "state": {state},
		"nonce": {nonce}, "code_challenge": {oauth2.S256ChallengeFromVerifier(verifier)}, "code_challenge_method": {"S256"}}
	return c.base + "/oidc/authorize?" + q.Encode()
}

// signIn walks the browser through authorize, the portal's password
// sign-in, the login page's resume call and the callback, and returns the
// code and the answer that carried it.
func (c *conformance) signIn(authURL string) (string, answer) {
	c.t.Helper()
	b := c.browser()
	a := c.get(b, authURL, "")
	loc := a.header.Get("Location")
	if a.status != http.StatusFound || !strings.HasPrefix(loc, "/#/?authorize_uri=") {
		c.t.Fatalf("authorize: %d %s %s", a.status, loc, a.body)
	}
	resume, err := url.QueryUnescape(strings.TrimPrefix(strings.SplitN(loc, "&", 2)[0], "/#/?authorize_uri="))
	if err != nil {
		c.t.Fatal(err)
	}
	token, err := c.dev.SignIn("conf01", confPassword)
	if err != nil {
		c.t.Fatal(err)
	}
	a = c.get(b, c.base+resume, token)
	var env struct{ Data string }
	if err := json.Unmarshal(a.body, &env); err != nil || a.status != 200 {
		c.t.Fatalf("resume: %d %s", a.status, a.body)
	}
	a = c.get(b, env.Data+"&loginType=1", "")
	u, err := url.Parse(a.header.Get("Location"))
	if a.status != http.StatusFound || err != nil || u.Query().Get("code") == "" {
		c.t.Fatalf("callback: %d %s", a.status, a.header.Get("Location"))
	}
	return u.Query().Get("code"), a
}

// tokens is a token response.
type tokens struct {
	Access, Refresh, ID string
	answer              answer
}

// codeTokens signs in at client id (confidential when it has a secret)
// and redeems the code.
func (c *conformance) codeTokens(id, redirect, scope string) tokens {
	c.t.Helper()
	verifier := oauth2.GenerateVerifier()
	code, _ := c.signIn(c.authURL(id, redirect, scope, "st", "n-"+id, verifier))
	return c.redeem(id, code, redirect, verifier)
}

func (c *conformance) redeem(id, code, redirect, verifier string) tokens {
	c.t.Helper()
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirect}, "code_verifier": {verifier}}
	basic := ""
	if c.secrets[id] != "" {
		basic = c.basic(id)
	} else {
		form.Set("client_id", id)
	}
	a := c.post("/oidc/token", form, basic)
	if a.status != 200 {
		c.t.Fatalf("token: %d %s", a.status, a.body)
	}
	return tokens{Access: a.str(c.t, "access_token"), Refresh: a.str(c.t, "refresh_token"), ID: a.str(c.t, "id_token"), answer: a}
}

func (c *conformance) refreshWith(id, refresh string) answer {
	c.t.Helper()
	return c.post("/oidc/token", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {refresh}}, c.basic(id))
}

func (c *conformance) userinfoStatus(access string) int {
	c.t.Helper()
	return c.get(nil, c.base+"/oidc/userinfo", access).status
}

// forT re-targets c's helpers at a subtest.
func (c *conformance) forT(t *testing.T) *conformance {
	cc := *c
	cc.t = t
	return &cc
}

func noStore(t *testing.T, a answer) {
	t.Helper()
	if a.header.Get("Cache-Control") != "no-store" || a.header.Get("Pragma") != "no-cache" {
		t.Fatalf("Cache-Control %q Pragma %q, want no-store and no-cache", a.header.Get("Cache-Control"), a.header.Get("Pragma"))
	}
}

func (c *conformance) discovery(t *testing.T) {
	a := c.forT(t).get(nil, c.base+"/.well-known/openid-configuration", "")
	var d map[string]any
	if err := json.Unmarshal(a.body, &d); err != nil || a.status != 200 {
		t.Fatalf("discovery: %d %s", a.status, a.body)
	}
	list := func(k string) []string {
		var out []string
		for _, v := range d[k].([]any) {
			out = append(out, v.(string))
		}
		return out
	}
	t.Run("Discovery/4.3/issuer_is_the_issuer_fetched", func(t *testing.T) {
		if d["issuer"] != c.base {
			t.Fatalf("issuer %v, want %s", d["issuer"], c.base)
		}
	})
	t.Run("Discovery/3/required_metadata", func(t *testing.T) {
		for _, k := range []string{"issuer", "authorization_endpoint", "token_endpoint", "userinfo_endpoint", "jwks_uri",
			"response_types_supported", "subject_types_supported", "id_token_signing_alg_values_supported"} {
			if d[k] == nil {
				t.Errorf("%s missing", k)
			}
		}
		if !slices.Contains(list("id_token_signing_alg_values_supported"), "RS256") {
			t.Error("RS256 is not listed")
		}
	})
	t.Run("Discovery/3/response_types_supported_is_code_only", func(t *testing.T) {
		if got := list("response_types_supported"); !slices.Equal(got, []string{"code"}) {
			t.Fatalf("response_types_supported %v", got)
		}
	})
	t.Run("Discovery/3/grant_types_supported_are_the_offered_grants", func(t *testing.T) {
		if got := list("grant_types_supported"); !slices.Equal(got, []string{"authorization_code", "refresh_token"}) {
			t.Fatalf("grant_types_supported %v", got)
		}
	})
	t.Run("Discovery/3/nothing_listed_that_does_not_work", func(t *testing.T) {
		for _, k := range []string{"device_authorization_endpoint", "check_session_iframe", "registration_endpoint",
			"token_endpoint_auth_signing_alg_values_supported", "introspection_endpoint_auth_signing_alg_values_supported",
			"revocation_endpoint_auth_signing_alg_values_supported", "request_object_signing_alg_values_supported"} {
			if d[k] != nil {
				t.Errorf("%s listed: %v", k, d[k])
			}
		}
		for _, k := range []string{"token_endpoint_auth_methods_supported", "introspection_endpoint_auth_methods_supported", "revocation_endpoint_auth_methods_supported"} {
			if slices.ContainsFunc(list(k), func(m string) bool { return strings.HasSuffix(m, "_jwt") }) {
				t.Errorf("%s lists a JWT method: %v", k, list(k))
			}
		}
		if d["request_uri_parameter_supported"] != false || d["request_parameter_supported"] == true {
			t.Errorf("request objects listed: %v %v", d["request_uri_parameter_supported"], d["request_parameter_supported"])
		}
	})
	t.Run("Discovery/3/every_listed_endpoint_is_served", func(t *testing.T) {
		for _, k := range []string{"authorization_endpoint", "token_endpoint", "userinfo_endpoint", "jwks_uri", "revocation_endpoint",
			"introspection_endpoint", "end_session_endpoint"} {
			u, _ := d[k].(string)
			var res *http.Response
			var err error
			if slices.Contains([]string{"token_endpoint", "revocation_endpoint", "introspection_endpoint"}, k) {
				res, err = http.Post(u, "application/x-www-form-urlencoded", strings.NewReader(""))
			} else {
				res, err = http.Get(u)
			}
			if err != nil {
				t.Fatal(err)
			}
			res.Body.Close()
			if res.StatusCode == 404 || res.StatusCode >= 500 {
				t.Errorf("%s %s: %d", k, u, res.StatusCode)
			}
		}
	})
	t.Run("RFC7517/5/jwks_has_the_signing_key", func(t *testing.T) {
		var jwks struct {
			Keys []struct{ Kty, Kid, Alg, Use string }
		}
		a := c.forT(t).get(nil, d["jwks_uri"].(string), "")
		if err := json.Unmarshal(a.body, &jwks); err != nil || len(jwks.Keys) == 0 || jwks.Keys[0].Kid == "" || jwks.Keys[0].Kty != "RSA" {
			t.Fatalf("jwks: %s", a.body)
		}
	})
}

func (c *conformance) authorization(t *testing.T) {
	t.Run("OIDCCore/3.1.2.6/unknown_client_is_not_redirected", func(t *testing.T) {
		a := c.forT(t).get(nil, c.authURL("nobody", "https://rp.example/cb", "openid", "s", "n", oauth2.GenerateVerifier()), "")
		if a.status != 400 || a.header.Get("Location") != "" {
			t.Fatalf("%d %s", a.status, a.header.Get("Location"))
		}
	})
	t.Run("OIDCCore/3.1.2.6/unregistered_redirect_uri_is_not_redirected", func(t *testing.T) {
		for _, bad := range []string{"https://evil.example/cb", "https://rp.example/cb/../evil", "https://rp.example/cb/%2e%2e/evil", "https://rp.example/cb?x=1"} {
			a := c.forT(t).get(nil, c.authURL("rp", bad, "openid", "s", "n", oauth2.GenerateVerifier()), "")
			if a.status != 400 || a.header.Get("Location") != "" {
				t.Errorf("%s: %d %s", bad, a.status, a.header.Get("Location"))
			}
		}
	})
	t.Run("RFC6749/4.1.2.1/unsupported_response_type", func(t *testing.T) {
		for _, rt := range []string{"token", "id_token", "id_token token", "code token"} {
			q := url.Values{"client_id": {"rp"}, "redirect_uri": {"https://rp.example/cb"}, "response_type": {rt}, "scope": {"openid"}, "state": {"s1"}, "nonce": {"n"}}
			a := c.forT(t).get(nil, c.base+"/oidc/authorize?"+q.Encode(), "")
			u, _ := url.Parse(a.header.Get("Location"))
			params, _ := url.ParseQuery(u.Fragment)
			if a.status != 302 || u.Host != "rp.example" || params.Get("error") != "unsupported_response_type" || params.Get("state") != "s1" {
				t.Errorf("%s: %d %s", rt, a.status, a.header.Get("Location"))
			}
		}
	})
	t.Run("RFC6749/4.1.2.1/missing_response_type_is_invalid_request", func(t *testing.T) {
		q := url.Values{"client_id": {"rp"}, "redirect_uri": {"https://rp.example/cb"}, "scope": {"openid"}, "state": {"s2"}}
		a := c.forT(t).get(nil, c.base+"/oidc/authorize?"+q.Encode(), "")
		u, _ := url.Parse(a.header.Get("Location"))
		if a.status != 302 || u.Query().Get("error") != "invalid_request" || u.Query().Get("state") != "s2" {
			t.Fatalf("%d %s", a.status, a.header.Get("Location"))
		}
	})
	t.Run("RFC7636/4.4.1/plain_challenge_method_refused", func(t *testing.T) {
		q := url.Values{"client_id": {"spa"}, "redirect_uri": {"https://spa.example/cb"}, "response_type": {"code"}, "scope": {"openid"},
			"state": {"s3"}, "code_challenge": {strings.Repeat("a", 43)}, "code_challenge_method": {"plain"}}
		a := c.forT(t).get(nil, c.base+"/oidc/authorize?"+q.Encode(), "")
		u, _ := url.Parse(a.header.Get("Location"))
		if a.status != 302 || u.Query().Get("error") != "invalid_request" {
			t.Fatalf("%d %s", a.status, a.header.Get("Location"))
		}
	})
	t.Run("OIDCCore/3.1.2.5/code_and_state_at_the_redirect_uri", func(t *testing.T) {
		_, a := c.forT(t).signIn(c.authURL("rp", "https://rp.example/cb", "openid", "state-xyz", "n", oauth2.GenerateVerifier()))
		u, _ := url.Parse(a.header.Get("Location"))
		if u.Scheme+"://"+u.Host+u.Path != "https://rp.example/cb" || u.Query().Get("state") != "state-xyz" {
			t.Fatalf("redirect %s", u)
		}
	})
}

func (c *conformance) token(t *testing.T) {
	const redirect = "https://rp.example/cb"
	t.Run("OIDCCore/3.1.3.3/token_response", func(t *testing.T) {
		tk := c.forT(t).codeTokens("rp", redirect, "openid profile")
		m := tk.answer.json(t)
		if !strings.EqualFold(m["token_type"].(string), "Bearer") || tk.Access == "" || tk.ID == "" || m["expires_in"] == nil {
			t.Fatalf("token response %s", tk.answer.body)
		}
		t.Run("RFC6749/5.1/no-store_on_success", func(t *testing.T) { noStore(t, tk.answer) })
	})
	t.Run("OIDCCore/3.1.3.7/id_token_validates", func(t *testing.T) {
		verifier := oauth2.GenerateVerifier()
		code, _ := c.forT(t).signIn(c.authURL("rp", redirect, "openid profile email", "s", "nonce-377", verifier))
		tk := c.forT(t).redeem("rp", code, redirect, verifier)
		idt, err := c.provider.Verifier(&oidc.Config{ClientID: "rp"}).Verify(context.Background(), tk.ID)
		if err != nil {
			t.Fatal(err)
		}
		var claims struct {
			Nonce, AtHash        string
			AuthTime             int64 `json:"auth_time"`
			Azp                  string
			Email                string
			EmailVerified        *bool `json:"email_verified"`
			Iat                  int64
			Name, Sub, Preferred string
		}
		if err := idt.Claims(&claims); err != nil {
			t.Fatal(err)
		}
		if idt.Nonce != "nonce-377" || idt.Subject == "" || idt.Expiry.Before(time.Now()) || claims.AuthTime == 0 {
			t.Fatalf("claims %+v", claims)
		}
		if err := idt.VerifyAccessToken(tk.Access); err != nil {
			t.Fatalf("at_hash: %v", err)
		}
		t.Run("OIDCCore/5.1/email_verified_with_email", func(t *testing.T) {
			// The account was made with `account create --email`: the operator vouches for the address.
			if claims.Email != "conf01@example.cn" || claims.EmailVerified == nil || !*claims.EmailVerified {
				t.Fatalf("email %q email_verified %v (want true: the address is verified)", claims.Email, claims.EmailVerified)
			}
		})
	})
	t.Run("RFC6749/4.1.2/replayed_code_invalid_grant_and_first_tokens_revoked", func(t *testing.T) {
		c := c.forT(t)
		verifier := oauth2.GenerateVerifier()
		code, _ := c.signIn(c.authURL("rp", redirect, "openid offline_access", "s", "n", verifier))
		tk := c.redeem("rp", code, redirect, verifier)
		again := c.post("/oidc/token", url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirect},
			"code_verifier": {verifier}}, c.basic("rp"))
		again.wantError(t, 400, "invalid_grant")
		noStore(t, again)
		if st := c.userinfoStatus(tk.Access); st != 401 {
			t.Errorf("the first redemption's access token after the replay: %d", st)
		}
		c.refreshWith("rp", tk.Refresh).wantError(t, 400, "invalid_grant")
	})
	t.Run("RFC6749/4.1.3/redirect_uri_must_match", func(t *testing.T) {
		c := c.forT(t)
		verifier := oauth2.GenerateVerifier()
		code, _ := c.signIn(c.authURL("rp", redirect, "openid", "s", "n", verifier))
		c.post("/oidc/token", url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirect + "x"},
			"code_verifier": {verifier}}, c.basic("rp")).wantError(t, 400, "invalid_grant")
	})
	t.Run("RFC7636/4.6/wrong_verifier_invalid_grant", func(t *testing.T) {
		c := c.forT(t)
		code, _ := c.signIn(c.authURL("spa", "https://spa.example/cb", "openid", "s", "n", oauth2.GenerateVerifier()))
		c.post("/oidc/token", url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {"https://spa.example/cb"},
			"client_id": {"spa"}, "code_verifier": {oauth2.GenerateVerifier()}}, "").wantError(t, 400, "invalid_grant")
	})
	t.Run("RFC6749/5.2/invalid_client_401_with_WWW-Authenticate", func(t *testing.T) {
		for _, basic := range []string{"rp:wrong", "nobody:secret", "off2:x"} {
			a := c.forT(t).post("/oidc/token", url.Values{"grant_type": {"authorization_code"}, "code": {"x"}, "redirect_uri": {redirect}}, basic)
			a.wantError(t, 401, "invalid_client")
			if !strings.HasPrefix(a.header.Get("WWW-Authenticate"), "Basic") {
				t.Errorf("%s: WWW-Authenticate %q", basic, a.header.Get("WWW-Authenticate"))
			}
			noStore(t, a)
		}
	})
	t.Run("RFC6749/5.2/unknown_client_in_the_body_invalid_client", func(t *testing.T) {
		for _, form := range []url.Values{
			{"grant_type": {"refresh_token"}, "refresh_token": {"x"}, "client_id": {"nobody"}},
			{"grant_type": {"refresh_token"}, "refresh_token": {"x"}, "client_id": {"rp"}, "client_secret": {"wrong"}},
			{"grant_type": {"authorization_code"}, "code": {"x"}, "client_id": {"nobody"}, "client_secret": {"x"}},
		} {
			c.forT(t).post("/oidc/token", form, "").wantError(t, 401, "invalid_client")
		}
	})
	t.Run("RFC6749/6/refresh_without_client_credentials_invalid_client", func(t *testing.T) {
		c.forT(t).post("/oidc/token", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {"x"}}, "").wantError(t, 401, "invalid_client")
	})
	t.Run("RFC6749/5.2/unsupported_grant_type", func(t *testing.T) {
		for _, g := range []string{"password", "client_credentials", "urn:ietf:params:oauth:grant-type:jwt-bearer",
			"urn:ietf:params:oauth:grant-type:device_code", "urn:ietf:params:oauth:grant-type:token-exchange", "implicit"} {
			a := c.forT(t).post("/oidc/token", url.Values{"grant_type": {g}, "assertion": {"x.y.z"}}, c.basic("rp"))
			a.wantError(t, 400, "unsupported_grant_type")
			noStore(t, a)
		}
	})
	t.Run("RFC6749/5.2/missing_grant_type_invalid_request", func(t *testing.T) {
		c.forT(t).post("/oidc/token", url.Values{"code": {"x"}}, c.basic("rp")).wantError(t, 400, "invalid_request")
	})
	t.Run("RFC6749/3.2/repeated_parameter_invalid_request", func(t *testing.T) {
		c.forT(t).post("/oidc/token", url.Values{"grant_type": {"authorization_code", "authorization_code"}, "code": {"x"}}, c.basic("rp")).
			wantError(t, 400, "invalid_request")
	})
	t.Run("RFC7523/2.2/client_assertion_not_offered_invalid_client", func(t *testing.T) {
		c.forT(t).post("/oidc/token", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {"x"}, "client_id": {"rp"},
			"client_assertion_type": {"urn:ietf:params:oauth:client-assertion-type:jwt-bearer"}, "client_assertion": {"a.b.c"}}, "").
			wantError(t, 401, "invalid_client")
	})
}

func (c *conformance) userinfo(t *testing.T) {
	tk := c.forT(t).codeTokens("rp", "https://rp.example/cb", "openid profile phone")
	idt, err := c.provider.Verifier(&oidc.Config{ClientID: "rp"}).Verify(context.Background(), tk.ID)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("OIDCCore/5.3.1/GET_with_bearer_header", func(t *testing.T) {
		a := c.forT(t).get(nil, c.base+"/oidc/userinfo", tk.Access)
		if a.status != 200 || a.str(t, "sub") != idt.Subject || a.str(t, "phone_number") == "" {
			t.Fatalf("%d %s", a.status, a.body)
		}
		noStore(t, a)
	})
	t.Run("OIDCCore/5.3.1/POST_with_form_token", func(t *testing.T) {
		a := c.forT(t).post("/oidc/userinfo", url.Values{"access_token": {tk.Access}}, "")
		if a.status != 200 || a.str(t, "sub") != idt.Subject {
			t.Fatalf("%d %s", a.status, a.body)
		}
	})
	t.Run("RFC6750/3.1/no_token_401_bare_challenge", func(t *testing.T) {
		a := c.forT(t).get(nil, c.base+"/oidc/userinfo", "")
		if a.status != 401 || !strings.HasPrefix(a.header.Get("WWW-Authenticate"), "Bearer") || strings.Contains(a.header.Get("WWW-Authenticate"), "error=") {
			t.Fatalf("%d %q", a.status, a.header.Get("WWW-Authenticate"))
		}
	})
	t.Run("RFC6750/3.1/invalid_token_401_with_error", func(t *testing.T) {
		forged := tk.Access[:strings.LastIndex(tk.Access, ".")+1] + base64.RawURLEncoding.EncodeToString([]byte("not the signature"))
		for _, bad := range []string{"garbage", "a.b.c", forged, tk.ID, strings.Repeat("x", 5000)} {
			a := c.forT(t).get(nil, c.base+"/oidc/userinfo", bad)
			if a.status != 401 || !strings.Contains(a.header.Get("WWW-Authenticate"), `error="invalid_token"`) || a.str(t, "error") != "invalid_token" {
				t.Errorf("%.20s…: %d %q %s", bad, a.status, a.header.Get("WWW-Authenticate"), a.body)
			}
		}
	})
	t.Run("RFC6750/2/two_methods_400_invalid_request", func(t *testing.T) {
		req, _ := http.NewRequest(http.MethodPost, c.base+"/oidc/userinfo", strings.NewReader(url.Values{"access_token": {tk.Access}}.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Authorization", "Bearer "+tk.Access)
		a := c.forT(t).do(nil, req)
		if a.status != 400 || a.str(t, "error") != "invalid_request" {
			t.Fatalf("%d %s", a.status, a.body)
		}
	})
}

func (c *conformance) refresh(t *testing.T) {
	c = c.forT(t)
	tk := c.codeTokens("rp", "https://rp.example/cb", "openid offline_access")
	t.Run("RFC6749/6/refresh_rotates", func(t *testing.T) {
		a := c.forT(t).refreshWith("rp", tk.Refresh)
		if a.status != 200 || a.str(t, "refresh_token") == "" || a.str(t, "refresh_token") == tk.Refresh {
			t.Fatalf("%d %s", a.status, a.body)
		}
		noStore(t, a)
		next := a.str(t, "refresh_token")
		t.Run("RFC9700/4.14.2/reused_refresh_token_revokes_the_family", func(t *testing.T) {
			c := c.forT(t)
			c.refreshWith("rp", tk.Refresh).wantError(t, 400, "invalid_grant")
			c.refreshWith("rp", next).wantError(t, 400, "invalid_grant")
		})
	})
	t.Run("RFC6749/6/another_clients_refresh_token_invalid_grant", func(t *testing.T) {
		c := c.forT(t)
		other := c.codeTokens("rp2", "https://rp2.example/cb", "openid offline_access")
		c.refreshWith("rp", other.Refresh).wantError(t, 400, "invalid_grant")
	})
}

func (c *conformance) revocation(t *testing.T) {
	const redirect = "https://rp.example/cb"
	t.Run("RFC7009/2.1/refresh_token_revoked_with_its_access_tokens", func(t *testing.T) {
		c := c.forT(t)
		for _, hint := range []string{"", "refresh_token", "access_token"} {
			tk := c.codeTokens("rp", redirect, "openid offline_access")
			form := url.Values{"token": {tk.Refresh}}
			if hint != "" {
				form.Set("token_type_hint", hint)
			}
			if a := c.post("/oidc/revoke", form, c.basic("rp")); a.status != 200 {
				t.Fatalf("hint %q: %d %s", hint, a.status, a.body)
			}
			c.refreshWith("rp", tk.Refresh).wantError(t, 400, "invalid_grant")
			if st := c.userinfoStatus(tk.Access); st != 401 {
				t.Errorf("hint %q: the revoked refresh token's access token: %d", hint, st)
			}
		}
	})
	t.Run("RFC7009/2.1/access_token_revoked", func(t *testing.T) {
		c := c.forT(t)
		tk := c.codeTokens("rp", redirect, "openid offline_access")
		if a := c.post("/oidc/revoke", url.Values{"token": {tk.Access}, "token_type_hint": {"access_token"}}, c.basic("rp")); a.status != 200 {
			t.Fatalf("%d %s", a.status, a.body)
		}
		if st := c.userinfoStatus(tk.Access); st != 401 {
			t.Fatalf("revoked access token at userinfo: %d", st)
		}
		// Only the access token (§2.1 leaves the grant to the server).
		if a := c.refreshWith("rp", tk.Refresh); a.status != 200 {
			t.Fatalf("the refresh token after its access token's revocation: %d %s", a.status, a.body)
		}
	})
	t.Run("RFC7009/2.1/another_clients_token_is_left_alone", func(t *testing.T) {
		c := c.forT(t)
		tk := c.codeTokens("rp2", "https://rp2.example/cb", "openid offline_access")
		if a := c.post("/oidc/revoke", url.Values{"token": {tk.Refresh}}, c.basic("rp")); a.status != 200 {
			t.Fatalf("%d %s", a.status, a.body)
		}
		if a := c.refreshWith("rp2", tk.Refresh); a.status != 200 {
			t.Fatalf("another client revoked rp2's token: %d %s", a.status, a.body)
		}
	})
	t.Run("RFC7009/2.2/unknown_token_200", func(t *testing.T) {
		if a := c.forT(t).post("/oidc/revoke", url.Values{"token": {"no-such-token"}}, c.basic("rp")); a.status != 200 {
			t.Fatalf("%d %s", a.status, a.body)
		}
	})
	t.Run("RFC7009/2.2.1/unauthenticated_client_401_invalid_client", func(t *testing.T) {
		a := c.forT(t).post("/oidc/revoke", url.Values{"token": {"x"}}, "rp:wrong")
		a.wantError(t, 401, "invalid_client")
		if !strings.HasPrefix(a.header.Get("WWW-Authenticate"), "Basic") {
			t.Errorf("WWW-Authenticate %q", a.header.Get("WWW-Authenticate"))
		}
		c.forT(t).post("/oidc/revoke", url.Values{"token": {"x"}}, "").wantError(t, 401, "invalid_client")
	})
	t.Run("RFC7009/2.1/public_client_revokes_its_refresh_token", func(t *testing.T) {
		c := c.forT(t)
		tk := c.codeTokens("spa", "https://spa.example/cb", "openid offline_access")
		if a := c.post("/oidc/revoke", url.Values{"token": {tk.Refresh}, "client_id": {"spa"}}, ""); a.status != 200 {
			t.Fatalf("%d %s", a.status, a.body)
		}
		c.post("/oidc/token", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tk.Refresh}, "client_id": {"spa"}}, "").
			wantError(t, 400, "invalid_grant")
	})
}

func (c *conformance) introspection(t *testing.T) {
	c = c.forT(t)
	tk := c.codeTokens("rp", "https://rp.example/cb", "openid profile offline_access")
	introspect := func(t *testing.T, token, basic string) map[string]any {
		t.Helper()
		a := c.forT(t).post("/oidc/introspect", url.Values{"token": {token}}, basic)
		if a.status != 200 {
			t.Fatalf("%d %s", a.status, a.body)
		}
		noStore(t, a)
		return a.json(t)
	}
	t.Run("RFC7662/2.2/active_access_token", func(t *testing.T) {
		m := introspect(t, tk.Access, c.basic("rp"))
		if m["active"] != true || m["client_id"] != "rp" || m["sub"] == nil || m["exp"] == nil || !strings.Contains(fmt.Sprint(m["scope"]), "openid") {
			t.Fatalf("%v", m)
		}
	})
	t.Run("RFC7662/2.2/active_refresh_token", func(t *testing.T) {
		m := introspect(t, tk.Refresh, c.basic("rp"))
		if m["active"] != true || m["client_id"] != "rp" || m["token_type"] != "refresh_token" {
			t.Fatalf("%v", m)
		}
	})
	t.Run("RFC7662/2.2/inactive_is_active_false_only", func(t *testing.T) {
		for _, tok := range []string{"nothing", "a.b.c", tk.ID} {
			if m := introspect(t, tok, c.basic("rp")); m["active"] != false || len(m) != 1 {
				t.Errorf("%.20s: %v", tok, m)
			}
		}
	})
	t.Run("RFC7662/2.2/another_clients_token_is_inactive", func(t *testing.T) {
		if m := introspect(t, tk.Access, c.basic("rp2")); m["active"] != false || len(m) != 1 {
			t.Fatalf("%v", m)
		}
	})
	t.Run("RFC7662/2.1/client_secret_post", func(t *testing.T) {
		a := c.forT(t).post("/oidc/introspect", url.Values{"token": {tk.Access}, "client_id": {"rp"}, "client_secret": {c.secrets["rp"]}}, "")
		if a.status != 200 || a.json(t)["active"] != true {
			t.Fatalf("%d %s", a.status, a.body)
		}
	})
	t.Run("RFC7662/2.3/unauthenticated_401_invalid_client", func(t *testing.T) {
		a := c.forT(t).post("/oidc/introspect", url.Values{"token": {tk.Access}}, "rp:wrong")
		a.wantError(t, 401, "invalid_client")
		if !strings.HasPrefix(a.header.Get("WWW-Authenticate"), "Basic") {
			t.Errorf("WWW-Authenticate %q", a.header.Get("WWW-Authenticate"))
		}
		noStore(t, a)
		c.forT(t).post("/oidc/introspect", url.Values{"token": {tk.Access}}, "").wantError(t, 401, "invalid_client")
		c.forT(t).post("/oidc/introspect", url.Values{"token": {tk.Access}, "client_id": {"spa"}}, "").wantError(t, 401, "invalid_client")
	})
	t.Run("RFC7662/2.1/missing_token_400_invalid_request", func(t *testing.T) {
		c.forT(t).post("/oidc/introspect", url.Values{}, c.basic("rp")).wantError(t, 400, "invalid_request")
	})
	t.Run("RFC7662/2.2/revoked_token_inactive", func(t *testing.T) {
		c.forT(t).post("/oidc/revoke", url.Values{"token": {tk.Refresh}}, c.basic("rp"))
		for _, tok := range []string{tk.Access, tk.Refresh} {
			if m := introspect(t, tok, c.basic("rp")); m["active"] != false {
				t.Errorf("revoked: %v", m)
			}
		}
	})
}

// disabledClient: 停用 stops the client's tokens at once (the console's
// switch, written here to the database the server reads).
func (c *conformance) disabledClient(t *testing.T) {
	c = c.forT(t)
	tk := c.codeTokens("off", "https://off.example/cb", "openid offline_access")
	db, err := store.Open(c.dbURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.SetOIDCClientDisabled(context.Background(), "off", true, time.Now()); err != nil {
		t.Fatal(err)
	}
	t.Run("RFC6750/3.1/disabled_clients_access_token_invalid_token", func(t *testing.T) {
		if st := c.forT(t).userinfoStatus(tk.Access); st != 401 {
			t.Fatalf("userinfo: %d", st)
		}
	})
	t.Run("RFC6749/5.2/disabled_client_invalid_client", func(t *testing.T) {
		a := c.forT(t).refreshWith("off", tk.Refresh)
		a.wantError(t, 401, "invalid_client")
		c.forT(t).post("/oidc/introspect", url.Values{"token": {tk.Access}}, c.basic("off")).wantError(t, 401, "invalid_client")
	})
}

func (c *conformance) logout(t *testing.T) {
	t.Run("OIDCRPInitiated/2/unknown_client_id_400", func(t *testing.T) {
		a := c.forT(t).get(nil, c.base+"/oidc/end_session?client_id=nobody&post_logout_redirect_uri=https%3A%2F%2Frp.example%2Fbye", "")
		a.wantError(t, 400, "invalid_request")
	})
	t.Run("OIDCRPInitiated/2/unregistered_post_logout_redirect_uri_refused", func(t *testing.T) {
		a := c.forT(t).get(nil, c.base+"/oidc/end_session?client_id=rp&post_logout_redirect_uri=https%3A%2F%2Fevil.example%2F", "")
		if a.status != 400 || a.header.Get("Location") != "" {
			t.Fatalf("%d %s", a.status, a.header.Get("Location"))
		}
	})
	t.Run("BackChannelLogout/2.4/logout_token_on_RP-initiated_logout", func(t *testing.T) {
		c := c.forT(t)
		bcl := c.codeTokens("bcl", "https://bcl.example/cb", "openid")
		rp := c.codeTokens("rp", "https://rp.example/cb", "openid offline_access")
		idt, err := c.provider.Verifier(&oidc.Config{ClientID: "bcl"}).Verify(context.Background(), bcl.ID)
		if err != nil {
			t.Fatal(err)
		}
		var sid struct{ Sid string }
		_ = idt.Claims(&sid)
		q := url.Values{"id_token_hint": {rp.ID}, "post_logout_redirect_uri": {"https://rp.example/bye"}, "state": {"bye1"}}
		a := c.get(nil, c.base+"/oidc/end_session?"+q.Encode(), "")
		u, _ := url.Parse(a.header.Get("Location"))
		if a.status != 302 || u.Host != "rp.example" || u.Path != "/bye" || u.Query().Get("state") != "bye1" {
			t.Fatalf("end_session: %d %s", a.status, a.header.Get("Location"))
		}
		if st := c.userinfoStatus(rp.Access); st != 401 {
			t.Errorf("access token after logout: %d", st)
		}
		var raw string
		select {
		case raw = <-c.logouts:
		case <-time.After(10 * time.Second):
			t.Fatal("no logout token")
		}
		// §2.6: verified like an ID token (signature, iss, aud), with
		// the event, a sid or sub, and no nonce.
		lt, err := c.provider.Verifier(&oidc.Config{ClientID: "bcl"}).Verify(context.Background(), raw)
		if err != nil {
			t.Fatal(err)
		}
		var claims struct {
			Events map[string]any
			Sid    string
			Nonce  *string
			Jti    string
			Iat    int64
		}
		if err := lt.Claims(&claims); err != nil {
			t.Fatal(err)
		}
		if _, ok := claims.Events["http://schemas.openid.net/event/backchannel-logout"]; !ok || claims.Nonce != nil || claims.Jti == "" ||
			claims.Iat == 0 || claims.Sid != sid.Sid || lt.Subject != idt.Subject {
			t.Fatalf("logout token claims %+v sub %s", claims, lt.Subject)
		}
	})
}

// legacy: the older authorize_uri flow's callback check (exact match).
func (c *conformance) legacy(t *testing.T) {
	c = c.forT(t)
	token, err := c.dev.SignIn("conf01", confPassword)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("RFC9700/4.1.3/dot-segment_and_encoded_variants_refused", func(t *testing.T) {
		for _, v := range []string{"https://app.example/callback/../evil", "https://app.example/callback/%2e%2e/evil",
			"https://app.example/callback/..%2f..%2fevil", "https://app.example/callback/%2E%2E%2Fevil", "https://app.example/callback/.%2e/evil",
			"https://app.example/callback/x", "https://app.example/evil", "https://app.example/callback/"} {
			a := c.forT(t).get(nil, c.base+"/api/auth/authorize?client_id=app1&redirect_uri="+url.QueryEscape(v), token)
			if a.status != 403 || strings.Contains(string(a.body), "code=") {
				t.Errorf("%s: %d %s", v, a.status, a.body)
			}
		}
		a := c.forT(t).get(nil, c.base+"/api/auth/authorize?client_id=app1&redirect_uri="+url.QueryEscape("https://app.example/callback"), token)
		if a.status != 200 || !strings.Contains(string(a.body), "https://app.example/callback?code=") {
			t.Fatalf("the registered callback: %d %s", a.status, a.body)
		}
	})
}

// methods: every provider endpoint called with a method it does not take
// answers 405 with the methods it does take in Allow (RFC 9110 §15.5.6,
// §10.2.1), not the portal's page or a 404; the methods it takes still
// reach it.
func (c *conformance) methods(t *testing.T) {
	for _, e := range []struct {
		path  string
		allow string
		wrong []string
	}{
		{"/.well-known/openid-configuration", "GET, HEAD", []string{"POST", "PUT", "DELETE"}},
		{"/oidc/keys", "GET, HEAD", []string{"POST", "DELETE"}},
		{"/oidc/authorize", "GET, HEAD", []string{"PUT", "DELETE", "PATCH"}},
		{"/oidc/authorize/callback", "GET, HEAD", []string{"POST"}},
		{"/oidc/token", "POST", []string{"GET", "PUT", "DELETE", "PATCH"}},
		{"/oidc/userinfo", "GET, HEAD, POST", []string{"PUT", "DELETE"}},
		{"/oidc/introspect", "POST", []string{"GET", "PUT"}},
		{"/oidc/revoke", "POST", []string{"GET", "DELETE"}},
		{"/oidc/end_session", "GET, HEAD", []string{"POST", "DELETE"}},
	} {
		for _, m := range e.wrong {
			t.Run("RFC9110/15.5.6/"+m+"_"+strings.TrimPrefix(e.path, "/")+"_is_405_with_Allow", func(t *testing.T) {
				req, err := http.NewRequest(m, c.base+e.path, nil)
				if err != nil {
					t.Fatal(err)
				}
				a := c.forT(t).do(nil, req)
				if a.status != http.StatusMethodNotAllowed || a.header.Get("Allow") != e.allow {
					t.Fatalf("%s %s: %d Allow %q, want 405 Allow %q (%s)", m, e.path, a.status, a.header.Get("Allow"), e.allow, a.body)
				}
			})
		}
	}
	t.Run("RFC9110/15.5.6/the_allowed_methods_still_reach_the_endpoint", func(t *testing.T) {
		if a := c.forT(t).get(nil, c.base+"/oidc/keys", ""); a.status != http.StatusOK {
			t.Fatalf("GET /oidc/keys: %d", a.status)
		}
		req, _ := http.NewRequest(http.MethodHead, c.base+"/.well-known/openid-configuration", nil)
		if a := c.forT(t).do(nil, req); a.status != http.StatusOK {
			t.Fatalf("HEAD discovery: %d", a.status)
		}
		c.forT(t).post("/oidc/token", url.Values{"grant_type": {"authorization_code"}, "code": {"nope"}, "redirect_uri": {"https://rp.example/cb"}},
			c.basic("rp")).wantError(t, http.StatusBadRequest, "invalid_grant")
	})
}
