package httpapi_test

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"bidpass/internal/account"
	"bidpass/internal/app"
	"bidpass/internal/clock"
	"bidpass/internal/devclient"
	"bidpass/internal/httpapi"
	"bidpass/internal/password"
	"bidpass/internal/sso"
)

// ssoWorld is the real composition served over HTTP on a real port (the
// issuer must be an address the relying party can reach), with a relying
// party built from github.com/coreos/go-oidc and golang.org/x/oauth2.
type ssoWorld struct {
	t        *testing.T
	a        *app.App
	srv      *httptest.Server
	base     string
	dev      *devclient.Client
	browser  *http.Client // does not follow redirects: the test follows them
	provider *oidc.Provider
	logouts  chan string // logout tokens the relying party's back-channel endpoint received
	rpBack   string
}

const ssoPassword = "Passw0rd!x"

func newSSOWorld(t *testing.T, args ...string) *ssoWorld {
	t.Helper()
	return newSSOWorldAt(t, clock.System{}, args...)
}

// newSSOWorldAt is newSSOWorld with the application on clk.
func newSSOWorldAt(t *testing.T, clk clock.Clock, args ...string) *ssoWorld {
	t.Helper()
	srv := httptest.NewUnstartedServer(nil)
	base := "http://" + srv.Listener.Addr().String()
	// The relying party's back channel is a test server on the loopback,
	// which only an allow-listed host may be (sso.BackchannelPolicy).
	a := openDevAppAt(t, clk, append([]string{"--data-dir", t.TempDir(), "--public-url", base, "--oidc-backchannel-allow-hosts", "127.0.0.1"}, args...)...)
	srv.Config.Handler = httpapi.CheckedHandler(t, a.Handler())
	srv.Start()
	t.Cleanup(srv.Close)

	w := &ssoWorld{t: t, a: a, srv: srv, base: base, logouts: make(chan string, 8)}
	w.dev, w.browser = newBrowser(base)
	rp := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		if err := r.ParseForm(); err == nil {
			w.logouts <- r.PostForm.Get("logout_token")
		}
	}))
	t.Cleanup(rp.Close)
	w.rpBack = rp.URL + "/backchannel"
	var err error
	if w.provider, err = oidc.NewProvider(context.Background(), base); err != nil {
		t.Fatal(err)
	}
	return w
}

// newBrowser is one browser: its navigations (not following redirects:
// the test follows them) and the login page's API calls share one cookie
// jar, as a browser's do.
func newBrowser(base string) (*devclient.Client, *http.Client) {
	jar, _ := cookiejar.New(nil)
	dev := devclient.New(base)
	dev.HTTP.Jar = jar
	return dev, &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func (w *ssoWorld) account(name string, typ account.Type, state account.AuthState, realName string) int64 {
	w.t.Helper()
	ctx := context.Background()
	hash, err := password.Hash(ssoPassword)
	if err != nil {
		w.t.Fatal(err)
	}
	now := time.Now().UTC()
	a := account.Account{Name: name, Type: typ, Phone: "13800138000", PasswordHash: hash, AuthState: state, CreatedAt: now, UpdatedAt: now}
	if err := w.a.DB.CreateAccount(ctx, &a); err != nil {
		w.t.Fatal(err)
	}
	if typ == account.Person {
		p := account.PersonProfile{AccountID: a.ID, UpdatedAt: now}
		p.RealName = realName
		_, err = w.a.DB.SavePersonProfile(ctx, p)
	} else {
		p := account.EnterpriseProfile{AccountID: a.ID, UpdatedAt: now}
		p.Name, p.CertNum = realName, "91110000MA01ABCD2X"
		_, err = w.a.DB.SaveEnterpriseProfile(ctx, p)
	}
	if err != nil {
		w.t.Fatal(err)
	}
	return a.ID
}

func (w *ssoWorld) client(n sso.NewClient) (*oauth2.Config, string) {
	w.t.Helper()
	c, secret, err := w.a.SSO.Register(context.Background(), n)
	if err != nil {
		w.t.Fatal(err)
	}
	return &oauth2.Config{ClientID: c.ID, ClientSecret: secret, Endpoint: w.provider.Endpoint(), RedirectURL: n.RedirectURIs[0],
		Scopes: c.Scopes}, secret
}

// signIn is the browser: the relying party's authorisation URL, the
// provider's redirect to the portal login page, the password sign-in,
// the login page's authorize_uri call, and the provider's callback. It
// returns the portal token and the last answer (the redirect to the
// relying party, or the refusal on the way).
func (w *ssoWorld) signIn(authURL, user string) (string, *http.Response, []byte) {
	w.t.Helper()
	token, next, res, body := w.resume(authURL, user)
	if next == "" {
		return token, res, body
	}
	// The login page appends loginType when it has one (01 §4).
	res = w.get(next+"&loginType=1", "")
	return token, res, readAll(res)
}

// resume is signIn up to the login page's authorize_uri call: next is
// where that call sends the browser (the provider's callback, or the
// consent page for a client that is not first-party), empty when the
// flow stopped at res.
func (w *ssoWorld) resume(authURL, user string) (token, next string, res *http.Response, body []byte) {
	w.t.Helper()
	res = w.get(authURL, "")
	if res.StatusCode != http.StatusFound {
		return "", "", res, readAll(res)
	}
	loc := res.Header.Get("Location")
	if !strings.HasPrefix(loc, "/#/?authorize_uri=") {
		return "", "", res, nil
	}
	resume, err := url.QueryUnescape(strings.TrimPrefix(loc, "/#/?authorize_uri="))
	if err != nil {
		w.t.Fatal(err)
	}
	token, err = w.dev.SignIn(user, ssoPassword)
	if err != nil {
		w.t.Fatal(err)
	}
	res = w.get(w.base+resume, token)
	body = readAll(res)
	if res.StatusCode != http.StatusOK {
		return token, "", res, body
	}
	var env struct{ Data string }
	if err := json.Unmarshal(body, &env); err != nil {
		w.t.Fatal(err)
	}
	return token, env.Data, res, body
}

func (w *ssoWorld) get(u, token string) *http.Response {
	w.t.Helper()
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		w.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := w.browser.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	return res
}

func readAll(res *http.Response) []byte {
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return b
}

// codeFrom reads the code from the redirect to the relying party.
func codeFrom(t *testing.T, res *http.Response, redirect, state string) string {
	t.Helper()
	if res.StatusCode != http.StatusFound {
		t.Fatalf("want the redirect to the client, got %d", res.StatusCode)
	}
	u, err := url.Parse(res.Header.Get("Location"))
	if err != nil || !strings.HasPrefix(u.String(), redirect+"?") {
		t.Fatalf("redirect to %q, want %s", res.Header.Get("Location"), redirect)
	}
	if u.Query().Get("state") != state || u.Query().Get("code") == "" {
		t.Fatalf("redirect %s: want code and state %s", u, state)
	}
	return u.Query().Get("code")
}

func nonce() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// oauthErr is the OAuth error code of a failed exchange.
func oauthErr(err error) string {
	var re *oauth2.RetrieveError
	if errors.As(err, &re) {
		return re.ErrorCode
	}
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestOIDCSignInRefreshLogout: a confidential first-party client signs a
// verified person in with go-oidc and oauth2 through the real HTTP stack
// (password and slider via the portal), checks the ID token's claims and
// userinfo, refreshes (rotation), and the portal logout reaches its
// back-channel endpoint and ends the tokens.
func TestOIDCSignInRefreshLogout(t *testing.T) {
	w := newSSOWorld(t)
	ctx := context.Background()
	id := w.account("ssoper01", account.Person, account.Authenticated, "张三")
	conf, _ := w.client(sso.NewClient{ID: "tender", Name: "招标系统", FirstParty: true, RequireRealName: true,
		RedirectURIs: []string{"https://tender.example/cb"}, Scopes: []string{"openid", "profile", "offline_access"},
		BackchannelLogoutURI: w.rpBack})

	state, n, verifier := nonce(), nonce(), oauth2.GenerateVerifier()
	authURL := conf.AuthCodeURL(state, oidc.Nonce(n), oauth2.S256ChallengeOption(verifier))
	portalToken, res, body := w.signIn(authURL, "ssoper01")
	if res.StatusCode != http.StatusFound {
		t.Fatalf("sign-in: %d %s", res.StatusCode, body)
	}
	code := codeFrom(t, res, "https://tender.example/cb", state)
	tok, err := conf.Exchange(ctx, code, oauth2.VerifierOption(verifier))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := tok.Extra("id_token").(string)
	idt, err := w.provider.Verifier(&oidc.Config{ClientID: "tender"}).Verify(ctx, raw)
	if err != nil {
		t.Fatal(err)
	}
	var claims struct {
		Nonce       string `json:"nonce"`
		Username    string `json:"preferred_username"`
		Name        string `json:"name"`
		AuthState   int    `json:"auth_state"`
		AccountType string `json:"account_type"`
		Sid         string `json:"sid"`
		Enterprises []any  `json:"enterprises"`
	}
	if err := idt.Claims(&claims); err != nil {
		t.Fatal(err)
	}
	if idt.Subject != strconv.FormatInt(id, 10) || claims.Nonce != n || claims.Username != "ssoper01" || claims.Name != "张三" ||
		claims.AuthState != 1 || claims.AccountType != "person" || claims.Sid == "" || claims.Enterprises == nil {
		t.Fatalf("ID token: sub %s %+v", idt.Subject, claims)
	}
	ui, err := w.provider.UserInfo(ctx, oauth2.StaticTokenSource(tok))
	if err != nil || ui.Subject != idt.Subject {
		t.Fatalf("userinfo: %v %+v", err, ui)
	}
	// POST, the token in the form (RFC 6750 §2.2), answers the same.
	form := url.Values{"access_token": {tok.AccessToken}}
	if res, err := http.PostForm(w.base+"/oidc/userinfo", form); err != nil {
		t.Fatal(err)
	} else if body := readAll(res); res.StatusCode != http.StatusOK || !strings.Contains(string(body), `"sub":"`+idt.Subject+`"`) {
		t.Fatalf("POST userinfo: %d %s", res.StatusCode, body)
	}
	if tok.RefreshToken == "" {
		t.Fatal("no refresh token for offline_access")
	}

	// Refresh: a new access token and a new refresh token (rotation).
	fresh, err := conf.TokenSource(ctx, &oauth2.Token{RefreshToken: tok.RefreshToken, Expiry: time.Now().Add(-time.Minute)}).Token()
	if err != nil {
		t.Fatal(err)
	}
	if fresh.RefreshToken == "" || fresh.RefreshToken == tok.RefreshToken || fresh.AccessToken == tok.AccessToken {
		t.Fatal("refresh did not rotate")
	}
	if _, err := w.provider.UserInfo(ctx, oauth2.StaticTokenSource(fresh)); err != nil {
		t.Fatalf("userinfo with the refreshed token: %v", err)
	}

	// The portal logout ends the sign-in at the client, over its back channel.
	if st, e, err := w.dev.Call("DELETE", "/api/auth/logout", portalToken, nil, nil); err != nil || st != 200 {
		t.Fatalf("logout: %d %s %v", st, e.Msg, err)
	}
	var logout string
	select {
	case logout = <-w.logouts:
	case <-time.After(30 * time.Second):
		t.Fatal("the back-channel logout never came")
	}
	lt, err := w.provider.Verifier(&oidc.Config{ClientID: "tender", SkipExpiryCheck: false}).Verify(ctx, logout)
	if err != nil {
		t.Fatalf("logout token: %v", err)
	}
	var lc struct {
		Sid    string         `json:"sid"`
		Events map[string]any `json:"events"`
	}
	// Its header says what it is (Back-Channel Logout 1.0 §2.4).
	var hdr struct{ Typ, Alg, Kid string }
	seg, _ := base64.RawURLEncoding.DecodeString(strings.SplitN(logout, ".", 2)[0])
	if err := json.Unmarshal(seg, &hdr); err != nil || hdr.Typ != "logout+jwt" || hdr.Alg != "RS256" || hdr.Kid == "" {
		t.Fatalf("logout token header %s: %+v %v", seg, hdr, err)
	}
	if err := lt.Claims(&lc); err != nil || lt.Subject != idt.Subject || lc.Sid != claims.Sid ||
		lc.Events["http://schemas.openid.net/event/backchannel-logout"] == nil {
		t.Fatalf("logout token claims: %v sub %s %+v", err, lt.Subject, lc)
	}
	if _, err := conf.TokenSource(ctx, &oauth2.Token{RefreshToken: fresh.RefreshToken, Expiry: time.Now().Add(-time.Minute)}).Token(); oauthErr(err) != "invalid_grant" {
		t.Fatalf("refresh after logout: %v", err)
	}
	if _, err := w.provider.UserInfo(ctx, oauth2.StaticTokenSource(fresh)); err == nil {
		t.Fatal("userinfo after logout answered")
	}
}

// TestOIDCRefusals: wrong or extra redirect URIs, a reused code, PKCE
// missing or wrong, refresh-token reuse revoking the family, and a client
// requiring real-name refusing unauthenticated accounts with the spec's
// messages.
func TestOIDCRefusals(t *testing.T) {
	w := newSSOWorld(t)
	ctx := context.Background()
	w.account("ssoper02", account.Person, account.Authenticated, "李四")
	w.account("ssonew01", account.Person, account.NotAuthenticated, "")
	w.account("ssowait1", account.Person, account.Verifying, "")
	conf, _ := w.client(sso.NewClient{ID: "tender", Name: "招标系统", FirstParty: true, RequireRealName: true,
		RedirectURIs: []string{"https://tender.example/cb"}, Scopes: []string{"openid", "profile", "offline_access"}})
	spa, _ := w.client(sso.NewClient{ID: "spa", Name: "移动端", FirstParty: true, Public: true,
		RedirectURIs: []string{"https://app.example/cb"}, Scopes: []string{"openid", "profile", "offline_access"}})

	t.Run("redirect URI must match exactly", func(t *testing.T) {
		for _, uri := range []string{"https://tender.example/evil", "https://tender.example/cb/extra", "https://tender.example/cb?x=1", "https://evil.example/cb"} {
			c := *conf
			c.RedirectURL = uri
			res := w.get(c.AuthCodeURL("s", oauth2.S256ChallengeOption(oauth2.GenerateVerifier())), "")
			body := readAll(res)
			if res.StatusCode != http.StatusBadRequest || strings.Contains(res.Header.Get("Location"), "evil") {
				t.Fatalf("%s: %d %s %s", uri, res.StatusCode, res.Header.Get("Location"), body)
			}
		}
	})

	t.Run("a code is used once", func(t *testing.T) {
		_, res, body := w.signIn(conf.AuthCodeURL("s1"), "ssoper02")
		if res.StatusCode != http.StatusFound {
			t.Fatalf("%d %s", res.StatusCode, body)
		}
		code := codeFrom(t, res, "https://tender.example/cb", "s1")
		if _, err := conf.Exchange(ctx, code); err != nil {
			t.Fatal(err)
		}
		if _, err := conf.Exchange(ctx, code); oauthErr(err) != "invalid_grant" {
			t.Fatalf("second redemption: %v", err)
		}
	})

	t.Run("public clients need PKCE S256 and the right verifier", func(t *testing.T) {
		res := w.get(spa.AuthCodeURL("s2"), "")
		readAll(res)
		if loc := res.Header.Get("Location"); res.StatusCode != http.StatusFound || !strings.Contains(loc, "error=invalid_request") {
			t.Fatalf("no challenge: %d %s", res.StatusCode, loc)
		}
		plain := spa.AuthCodeURL("s2", oauth2.SetAuthURLParam("code_challenge", "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopq"), oauth2.SetAuthURLParam("code_challenge_method", "plain"))
		res = w.get(plain, "")
		readAll(res)
		if loc := res.Header.Get("Location"); !strings.Contains(loc, "error=invalid_request") {
			t.Fatalf("plain challenge: %d %s", res.StatusCode, loc)
		}
		verifier := oauth2.GenerateVerifier()
		for _, try := range []struct {
			name string
			opts []oauth2.AuthCodeOption
		}{
			{"wrong verifier", []oauth2.AuthCodeOption{oauth2.VerifierOption(oauth2.GenerateVerifier())}},
			{"missing verifier", nil},
		} {
			_, res, body := w.signIn(spa.AuthCodeURL("s3", oauth2.S256ChallengeOption(verifier)), "ssoper02")
			if res.StatusCode != http.StatusFound {
				t.Fatalf("%s: %d %s", try.name, res.StatusCode, body)
			}
			code := codeFrom(t, res, "https://app.example/cb", "s3")
			if _, err := spa.Exchange(ctx, code, try.opts...); err == nil {
				t.Fatalf("%s: tokens issued", try.name)
			}
			// The failed attempt spent the code: the right verifier no longer helps.
			if _, err := spa.Exchange(ctx, code, oauth2.VerifierOption(verifier)); oauthErr(err) != "invalid_grant" {
				t.Fatalf("%s then the right verifier: %v", try.name, err)
			}
		}
		_, res, _ = w.signIn(spa.AuthCodeURL("s4", oauth2.S256ChallengeOption(verifier)), "ssoper02")
		if _, err := spa.Exchange(ctx, codeFrom(t, res, "https://app.example/cb", "s4"), oauth2.VerifierOption(verifier)); err != nil {
			t.Fatalf("right verifier: %v", err)
		}
	})

	t.Run("refresh token reuse revokes the family", func(t *testing.T) {
		_, res, _ := w.signIn(conf.AuthCodeURL("s5"), "ssoper02")
		tok, err := conf.Exchange(ctx, codeFrom(t, res, "https://tender.example/cb", "s5"))
		if err != nil {
			t.Fatal(err)
		}
		refresh := func(rt string) (*oauth2.Token, error) {
			return conf.TokenSource(ctx, &oauth2.Token{RefreshToken: rt, Expiry: time.Now().Add(-time.Minute)}).Token()
		}
		next, err := refresh(tok.RefreshToken)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := refresh(tok.RefreshToken); oauthErr(err) != "invalid_grant" {
			t.Fatalf("reuse: %v", err)
		}
		if _, err := refresh(next.RefreshToken); oauthErr(err) != "invalid_grant" {
			t.Fatalf("the family's newest token after reuse: %v", err)
		}
		if _, err := w.provider.UserInfo(ctx, oauth2.StaticTokenSource(next)); err == nil {
			t.Fatal("the family's access token still answers")
		}
	})

	t.Run("real-name required", func(t *testing.T) {
		for user, msg := range map[string]string{"ssonew01": "账号未提交实名认证，请提交审核", "ssowait1": "账号未通过实名认证，请等待审核"} {
			_, res, body := w.signIn(conf.AuthCodeURL("s6"), user)
			var env struct{ Msg string }
			_ = json.Unmarshal(body, &env)
			if res.StatusCode != http.StatusForbidden || env.Msg != msg {
				t.Fatalf("%s: %d %s", user, res.StatusCode, body)
			}
		}
		// A client that does not require real-name signs the same accounts in.
		for _, user := range []string{"ssonew01", "ssowait1"} {
			_, res, body := w.signIn(spa.AuthCodeURL("s7", oauth2.S256ChallengeOption(oauth2.GenerateVerifier())), user)
			if res.StatusCode != http.StatusFound {
				t.Fatalf("%s without real-name: %d %s", user, res.StatusCode, body)
			}
		}
	})
}
