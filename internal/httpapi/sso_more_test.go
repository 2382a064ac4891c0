package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"bidpass/internal/account"
	"bidpass/internal/operator"
	"bidpass/internal/session"
	"bidpass/internal/sso"
	"bidpass/internal/staff"
)

// oidcClientOut is a client as the console's API answers it.
type oidcClientOut struct {
	ClientID       string   `json:"clientId"`
	Name           string   `json:"name"`
	FirstParty     bool     `json:"firstParty"`
	RedirectURIs   []string `json:"redirectUris"`
	PostLogoutURIs []string `json:"postLogoutUris"`
	Scopes         []string `json:"scopes"`
	Disabled       bool     `json:"disabled"`
	ClientSecret   string   `json:"clientSecret"`
}

// introspect asks the provider about token as the client conf
// (client_secret_basic, as the client is registered).
func (w *ssoWorld) introspect(conf *oauth2.Config, token string) map[string]any {
	w.t.Helper()
	var out map[string]any
	if st := w.clientPost(conf, "/oidc/introspect", token, &out); st != http.StatusOK {
		w.t.Fatalf("introspect: %d %v", st, out)
	}
	return out
}

// clientPost posts token as a form to one of the provider's client
// endpoints, authenticated with the client's id and secret.
func (w *ssoWorld) clientPost(conf *oauth2.Config, path, token string, out any) int {
	w.t.Helper()
	req, err := http.NewRequest(http.MethodPost, w.base+path, strings.NewReader(url.Values{"token": {token}}.Encode()))
	if err != nil {
		w.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(url.QueryEscape(conf.ClientID), url.QueryEscape(conf.ClientSecret))
	res, err := w.browser.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	body := readAll(res)
	if out != nil && len(body) > 0 {
		if err := json.Unmarshal(body, out); err != nil {
			w.t.Fatalf("%s: %d %s", path, res.StatusCode, body)
		}
	}
	return res.StatusCode
}

// TestOIDCConsoleConsentIntrospectRevokeEndSession: an administrator
// registers a client that is not first-party through the console API (the
// secret is shown once, never in the list); a person signs in to it,
// sees the client and scopes on the consent page and approves, and the
// client gets its code; introspection of the access token says active for
// that person, revocation makes it inactive; RP-initiated logout sends the
// browser to the registered post-logout URI and ends both the portal
// session and the client's sign-in; a disabled client is refused.
func TestOIDCConsoleConsentIntrospectRevokeEndSession(t *testing.T) {
	w := newSSOWorld(t)
	ctx := context.Background()
	id := w.account("ssoper03", account.Person, account.Authenticated, "王五")
	st, err := w.a.Staff.Bootstrap(ctx, staff.NewStaff{Name: "ssoroot", Role: staff.Administrator, Password: "Reviewer#2025a"})
	if err != nil {
		t.Fatal(err)
	}
	admin, err := w.a.Sessions.Issue(ctx, session.Staff, st.ID, "", "")
	if err != nil {
		t.Fatal(err)
	}

	// The console registers the client; the answer carries the secret once.
	var made oidcClientOut
	code, e, err := w.dev.Call("POST", "/api/admin/oidc/clients", admin, map[string]any{
		"clientId": "crm", "name": "客户管理", "redirectUris": []string{"https://crm.example/cb"},
		"postLogoutUris": []string{"https://crm.example/bye"}, "scopes": []string{"openid", "profile", "offline_access"},
	}, &made)
	if err != nil || code != http.StatusOK || e.Msg != "添加成功" {
		t.Fatalf("add: %d %s %v", code, e.Msg, err)
	}
	if made.ClientID != "crm" || made.ClientSecret == "" || made.FirstParty || made.Disabled {
		t.Fatalf("added: %+v", made)
	}
	var list []oidcClientOut
	if code, e, err := w.dev.Call("GET", "/api/admin/oidc/clients", admin, nil, &list); err != nil || code != http.StatusOK {
		t.Fatalf("list: %d %s %v", code, e.Msg, err)
	}
	if len(list) != 1 || list[0].ClientID != "crm" || list[0].Name != "客户管理" || list[0].ClientSecret != "" ||
		len(list[0].PostLogoutURIs) != 1 {
		t.Fatalf("list: %+v", list)
	}
	conf := &oauth2.Config{ClientID: "crm", ClientSecret: made.ClientSecret, Endpoint: w.provider.Endpoint(),
		RedirectURL: "https://crm.example/cb", Scopes: made.Scopes}

	// Sign-in: the login page sends the browser to the consent page.
	state, n := nonce(), nonce()
	portalToken, next, res, body := w.resume(conf.AuthCodeURL(state, oidc.Nonce(n)), "ssoper03")
	if !strings.HasPrefix(next, "/#/sso/consent?id=") {
		t.Fatalf("resume: %d %s next %q", res.StatusCode, body, next)
	}
	reqID, err := url.QueryUnescape(strings.TrimPrefix(next, "/#/sso/consent?id="))
	if err != nil {
		t.Fatal(err)
	}
	var pending struct {
		ID         string   `json:"id"`
		ClientID   string   `json:"clientId"`
		ClientName string   `json:"clientName"`
		Scopes     []string `json:"scopes"`
	}
	if code, e, err := w.dev.Call("GET", "/api/sso/requests/"+url.PathEscape(reqID), portalToken, nil, &pending); err != nil || code != http.StatusOK {
		t.Fatalf("pending: %d %s %v", code, e.Msg, err)
	}
	if pending.ID != reqID || pending.ClientID != "crm" || pending.ClientName != "客户管理" ||
		strings.Join(pending.Scopes, " ") != "openid profile offline_access" {
		t.Fatalf("pending: %+v", pending)
	}
	var callback string
	if code, e, err := w.dev.Call("POST", "/api/sso/requests/"+url.PathEscape(reqID)+"/consent", portalToken, map[string]bool{"approve": true}, &callback); err != nil || code != http.StatusOK {
		t.Fatalf("consent: %d %s %v", code, e.Msg, err)
	}
	res = w.get(callback, "")
	readAll(res)
	tok, err := conf.Exchange(ctx, codeFrom(t, res, "https://crm.example/cb", state))
	if err != nil {
		t.Fatal(err)
	}
	// Consent given once is not asked for again: the request is done.
	if code, _, _ := w.dev.Call("GET", "/api/sso/requests/"+url.PathEscape(reqID), portalToken, nil, nil); code != http.StatusNotFound {
		t.Fatalf("the approved request still pending: %d", code)
	}

	// Introspection: live, the person's subject and the client.
	ir := w.introspect(conf, tok.AccessToken)
	if ir["active"] != true || ir["sub"] != strconv.FormatInt(id, 10) || ir["client_id"] != "crm" {
		t.Fatalf("introspect: %v", ir)
	}
	if st := w.clientPost(conf, "/oidc/revoke", tok.AccessToken, nil); st != http.StatusOK {
		t.Fatalf("revoke: %d", st)
	}
	if ir := w.introspect(conf, tok.AccessToken); ir["active"] != false {
		t.Fatalf("introspect after revoke: %v", ir)
	}
	if _, err := w.provider.UserInfo(ctx, oauth2.StaticTokenSource(tok)); err == nil {
		t.Fatal("userinfo answered a revoked token")
	}

	// RP-initiated logout: back to the registered post-logout URI, the
	// family and the portal session ended.
	idToken, _ := tok.Extra("id_token").(string)
	q := url.Values{"id_token_hint": {idToken}, "client_id": {"crm"}, "post_logout_redirect_uri": {"https://crm.example/bye"}, "state": {"z"}}
	res = w.get(w.base+"/oidc/end_session?"+q.Encode(), "")
	readAll(res)
	if res.StatusCode != http.StatusFound || !strings.HasPrefix(res.Header.Get("Location"), "https://crm.example/bye") {
		t.Fatalf("end session: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	if _, err := conf.TokenSource(ctx, &oauth2.Token{RefreshToken: tok.RefreshToken, Expiry: time.Now().Add(-time.Minute)}).Token(); oauthErr(err) != "invalid_grant" {
		t.Fatalf("refresh after end session: %v", err)
	}
	if code, _, _ := w.dev.Call("GET", "/api/sso/requests/"+url.PathEscape(reqID), portalToken, nil, nil); code != http.StatusUnauthorized {
		t.Fatalf("the portal session after end session: %d", code)
	}

	// The console disables the client: the provider no longer knows it.
	var off oidcClientOut
	if code, e, err := w.dev.Call("PUT", "/api/admin/oidc/clients/crm/disabled", admin, map[string]bool{"disabled": true}, &off); err != nil || code != http.StatusOK {
		t.Fatalf("disable: %d %s %v", code, e.Msg, err)
	}
	if !off.Disabled || off.ClientID != "crm" || off.ClientSecret != "" {
		t.Fatalf("disabled: %+v", off)
	}
	res = w.get(conf.AuthCodeURL("s"), "")
	readAll(res)
	if res.StatusCode != http.StatusBadRequest {
		t.Fatalf("authorize with a disabled client: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
}

// TestOIDCConsoleEditAndNewSecret: an administrator edits a client (a new
// redirect URI works, the dropped one is refused, the id and the kind
// stay) and gives it a new secret: the old secret stops working at the
// token endpoint, the new one works; a public client has no secret to
// replace, an unknown client is 404, and a bad edit is refused per field.
func TestOIDCConsoleEditAndNewSecret(t *testing.T) {
	w := newSSOWorld(t)
	ctx := context.Background()
	w.account("ssoper04", account.Person, account.Authenticated, "赵六")
	st, err := w.a.Staff.Bootstrap(ctx, staff.NewStaff{Name: "ssoroot", Role: staff.Administrator, Password: "Reviewer#2025a"})
	if err != nil {
		t.Fatal(err)
	}
	admin, err := w.a.Sessions.Issue(ctx, session.Staff, st.ID, "", "")
	if err != nil {
		t.Fatal(err)
	}
	conf, oldSecret := w.client(sso.NewClient{ID: "erp", Name: "资产系统", FirstParty: true,
		RedirectURIs: []string{"https://erp.example/cb"}, Scopes: []string{"openid", "profile"}})
	w.client(sso.NewClient{ID: "pwa", Name: "移动端", Public: true, RedirectURIs: []string{"https://pwa.example/cb"}})

	var edited oidcClientOut
	code, e, err := w.dev.Call("PUT", "/api/admin/oidc/clients/erp", admin, map[string]any{
		"name": "资产管理系统", "firstParty": true,
		"redirectUris": []string{"https://erp.example/login"}, "scopes": []string{"profile", "email"},
	}, &edited)
	if err != nil || code != http.StatusOK || e.Msg != "修改成功" {
		t.Fatalf("edit: %d %s %v", code, e.Msg, err)
	}
	if edited.ClientID != "erp" || edited.Name != "资产管理系统" || strings.Join(edited.RedirectURIs, " ") != "https://erp.example/login" ||
		strings.Join(edited.Scopes, " ") != "openid profile email" || edited.ClientSecret != "" {
		t.Fatalf("edited: %+v", edited)
	}
	if c, err := w.a.SSO.Clients(ctx); err != nil || c[0].Public || c[0].SecretHash == "" {
		t.Fatalf("the kind changed: %+v %v", c, err)
	}
	res := w.get(conf.AuthCodeURL("s"), "")
	readAll(res)
	if res.StatusCode != http.StatusBadRequest {
		t.Fatalf("the dropped redirect URI: %d %s", res.StatusCode, res.Header.Get("Location"))
	}
	if code, e, _ := w.dev.Call("PUT", "/api/admin/oidc/clients/erp", admin, map[string]any{"name": "", "redirectUris": []string{"https://erp.example/login"}}, nil); code != http.StatusBadRequest || e.Fields["name"] == "" {
		t.Fatalf("empty name: %d %+v", code, e)
	}
	if code, e, _ := w.dev.Call("PUT", "/api/admin/oidc/clients/erp", admin, map[string]any{"name": "资产", "redirectUris": []string{"ftp://erp.example/x"}}, nil); code != http.StatusBadRequest || e.Fields["redirectUris"] == "" {
		t.Fatalf("bad redirect: %d %+v", code, e)
	}
	if code, _, _ := w.dev.Call("PUT", "/api/admin/oidc/clients/nope", admin, map[string]any{"name": "x", "redirectUris": []string{"https://x.example/cb"}}, nil); code != http.StatusNotFound {
		t.Fatalf("edit of an unknown client: %d", code)
	}

	// A new secret: shown once, the old one refused from now on.
	conf.RedirectURL = "https://erp.example/login"
	// Basic only: x/oauth2 would otherwise retry a refused secret in the form.
	conf.Endpoint.AuthStyle = oauth2.AuthStyleInHeader
	_, res, body := w.signIn(conf.AuthCodeURL("s1"), "ssoper04")
	if res.StatusCode != http.StatusFound {
		t.Fatalf("sign-in: %d %s", res.StatusCode, body)
	}
	codeBeforeRotation := codeFrom(t, res, "https://erp.example/login", "s1")
	var rotated oidcClientOut
	if code, e, err := w.dev.Call("POST", "/api/admin/oidc/clients/erp/secret", admin, nil, &rotated); err != nil || code != http.StatusOK || e.Msg != "密钥已重置" {
		t.Fatalf("new secret: %d %s %v", code, e.Msg, err)
	}
	if rotated.ClientSecret == "" || rotated.ClientSecret == oldSecret {
		t.Fatalf("new secret: %+v", rotated)
	}
	if _, err := conf.Exchange(ctx, codeBeforeRotation); oauthErr(err) != "invalid_client" {
		t.Fatalf("the old secret: %v", err)
	}
	conf.ClientSecret = rotated.ClientSecret
	_, res, _ = w.signIn(conf.AuthCodeURL("s2"), "ssoper04")
	if _, err := conf.Exchange(ctx, codeFrom(t, res, "https://erp.example/login", "s2")); err != nil {
		t.Fatalf("the new secret: %v", err)
	}
	var list []oidcClientOut
	if code, _, _ := w.dev.Call("GET", "/api/admin/oidc/clients", admin, nil, &list); code != http.StatusOK || list[0].ClientSecret != "" {
		t.Fatalf("the list shows a secret: %+v", list)
	}
	if code, e, _ := w.dev.Call("POST", "/api/admin/oidc/clients/pwa/secret", admin, nil, nil); code != http.StatusConflict || e.Msg != "公开客户端没有密钥，无需重置" {
		t.Fatalf("public client's secret: %d %s", code, e.Msg)
	}
	if code, _, _ := w.dev.Call("POST", "/api/admin/oidc/clients/nope/secret", admin, nil, nil); code != http.StatusNotFound {
		t.Fatalf("unknown client's secret: %d", code)
	}
}

// TestOIDCPromptNoneAndMaxAge: a silent request (prompt=none) sends the
// browser to the login page with prompt=none; with the portal session it
// holds, the page resumes and the client gets a code whose ID token's
// auth_time is the session's sign-in, not now; without one it goes to
// login-required, which answers the client with error=login_required and
// the state. A client that asks for consent gets consent_required, a
// sign-in older than max_age login_required, and login-required fails
// only silent requests. prompt=none with another value is invalid_request.
func TestOIDCPromptNoneAndMaxAge(t *testing.T) {
	w := newSSOWorld(t)
	ctx := context.Background()
	w.account("ssoper05", account.Person, account.Authenticated, "钱七")
	conf, _ := w.client(sso.NewClient{ID: "tender", Name: "招标系统", FirstParty: true,
		RedirectURIs: []string{"https://tender.example/cb"}, Scopes: []string{"openid", "profile"}})
	crm, _ := w.client(sso.NewClient{ID: "crm", Name: "客户管理", RedirectURIs: []string{"https://crm.example/cb"}})

	// silentLogin follows the provider to the login page and returns the
	// resume call and the request id; the page is told to stay silent.
	silentLogin := func(authURL string) (resume, id string) {
		t.Helper()
		res := w.get(authURL, "")
		readAll(res)
		loc := res.Header.Get("Location")
		if res.StatusCode != http.StatusFound || !strings.HasPrefix(loc, "/#/?authorize_uri=") || !strings.HasSuffix(loc, "&prompt=none") {
			t.Fatalf("silent authorize: %d %s", res.StatusCode, loc)
		}
		resume, err := url.QueryUnescape(strings.TrimSuffix(strings.TrimPrefix(loc, "/#/?authorize_uri="), "&prompt=none"))
		if err != nil {
			t.Fatal(err)
		}
		u, _ := url.Parse(resume)
		return resume, u.Query().Get("auth_request")
	}
	backTo := func(res *http.Response, redirect, state string) url.Values {
		t.Helper()
		readAll(res)
		back, err := url.Parse(res.Header.Get("Location"))
		if res.StatusCode != http.StatusFound || err != nil || !strings.HasPrefix(back.String(), redirect+"?") || back.Query().Get("state") != state {
			t.Fatalf("want a redirect to %s with state %s: %d %s", redirect, state, res.StatusCode, res.Header.Get("Location"))
		}
		return back.Query()
	}

	// No portal session: the page sends the browser to login-required.
	_, id := silentLogin(conf.AuthCodeURL("quiet", oauth2.SetAuthURLParam("prompt", "none")))
	q := backTo(w.get(w.base+"/api/sso/requests/"+url.PathEscape(id)+"/login-required", ""), "https://tender.example/cb", "quiet")
	if q.Get("error") != "login_required" || q.Get("code") != "" {
		t.Fatalf("no session: %v", q)
	}
	// The request is over: a second try is refused.
	if res := w.get(w.base+"/api/sso/requests/"+url.PathEscape(id)+"/login-required", ""); res.StatusCode != http.StatusNotFound {
		t.Fatalf("login-required twice: %d", res.StatusCode)
	}

	// A portal session from a sign-in a while ago is reused silently.
	token, err := w.dev.SignIn("ssoper05", ssoPassword)
	if err != nil {
		t.Fatal(err)
	}
	signedIn := time.Now()
	time.Sleep(1100 * time.Millisecond)
	resume, _ := silentLogin(conf.AuthCodeURL("again", oauth2.SetAuthURLParam("prompt", "none")))
	var callback string
	if code, e, err := w.dev.Call("GET", resume, token, nil, &callback); err != nil || code != http.StatusOK {
		t.Fatalf("silent resume: %d %s %v", code, e.Msg, err)
	}
	q = backTo(w.get(callback, ""), "https://tender.example/cb", "again")
	tok, err := conf.Exchange(ctx, q.Get("code"))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := tok.Extra("id_token").(string)
	idt, err := w.provider.Verifier(&oidc.Config{ClientID: "tender"}).Verify(ctx, raw)
	if err != nil {
		t.Fatal(err)
	}
	var claims struct {
		AuthTime int64 `json:"auth_time"`
	}
	if err := idt.Claims(&claims); err != nil {
		t.Fatal(err)
	}
	if at := time.Unix(claims.AuthTime, 0); at.After(signedIn) || signedIn.Sub(at) > 2*time.Second {
		t.Fatalf("auth_time %v, want the portal sign-in at %v", at, signedIn)
	}

	// max_age shorter than the session's age: login_required.
	resume, _ = silentLogin(conf.AuthCodeURL("aged", oauth2.SetAuthURLParam("prompt", "none"), oauth2.SetAuthURLParam("max_age", "0")))
	if code, e, err := w.dev.Call("GET", resume, token, nil, &callback); err != nil || code != http.StatusOK {
		t.Fatalf("aged resume: %d %s %v", code, e.Msg, err)
	}
	if u, _ := url.Parse(callback); u.Query().Get("error") != "login_required" || u.Query().Get("state") != "aged" {
		t.Fatalf("max_age=0: %s", callback)
	}
	// A client that is not first-party would ask: consent_required.
	resume, _ = silentLogin(crm.AuthCodeURL("ask", oauth2.SetAuthURLParam("prompt", "none")))
	if code, e, err := w.dev.Call("GET", resume, token, nil, &callback); err != nil || code != http.StatusOK {
		t.Fatalf("consent resume: %d %s %v", code, e.Msg, err)
	}
	if u, _ := url.Parse(callback); u.Query().Get("error") != "consent_required" || !strings.HasPrefix(callback, "https://crm.example/cb?") {
		t.Fatalf("silent consent: %s", callback)
	}

	// An ordinary request cannot be failed through login-required.
	res := w.get(conf.AuthCodeURL("loud"), "")
	readAll(res)
	loud, _ := url.QueryUnescape(strings.TrimPrefix(res.Header.Get("Location"), "/#/?authorize_uri="))
	lu, _ := url.Parse(loud)
	if strings.Contains(res.Header.Get("Location"), "prompt=none") {
		t.Fatalf("an ordinary request marked silent: %s", res.Header.Get("Location"))
	}
	if res := w.get(w.base+"/api/sso/requests/"+url.PathEscape(lu.Query().Get("auth_request"))+"/login-required", ""); res.StatusCode != http.StatusNotFound {
		t.Fatalf("login-required for an ordinary request: %d", res.StatusCode)
	}

	// prompt=none with anything else is malformed (OIDC Core 3.1.2.1).
	res = w.get(conf.AuthCodeURL("x", oauth2.SetAuthURLParam("prompt", "none login")), "")
	readAll(res)
	if loc := res.Header.Get("Location"); !strings.Contains(loc, "error=invalid_request") {
		t.Fatalf("prompt=none login: %d %s", res.StatusCode, loc)
	}
}

// TestOIDCClaimsActsFor: a person's ID token and userinfo name the
// enterprises they may act for today (bound operator links whose period
// covers today, docs/decisions/operators.md, "Operator links") with the periods; an expired link, a pending
// one and another person's link are not there.
func TestOIDCClaimsActsFor(t *testing.T) {
	w := newSSOWorld(t)
	ctx := context.Background()
	per := w.account("ssoper06", account.Person, account.Authenticated, "孙八")
	other := w.account("ssoper07", account.Person, account.Authenticated, "周九")
	acme := w.account("ssoent01", account.Enterprise, account.Authenticated, "某某建设有限公司")
	old := w.account("ssoent02", account.Enterprise, account.Authenticated, "旧东家有限公司")
	asked := w.account("ssoent03", account.Enterprise, account.Authenticated, "待定有限公司")
	china := time.FixedZone("CST", 8*3600)
	day := func(d int) string { return time.Now().In(china).AddDate(0, 0, d).Format(time.DateOnly) }
	now := time.Now().UTC()
	for _, l := range []operator.Link{
		{EnterpriseID: acme, PersonID: per, HandleType: operator.Invitation, State: operator.Bound, OperateStart: day(-10), OperateEnd: day(30)},
		{EnterpriseID: old, PersonID: per, HandleType: operator.Application, State: operator.Bound, OperateStart: day(-40), OperateEnd: day(-1)},
		{EnterpriseID: asked, PersonID: per, HandleType: operator.Application, State: operator.Pending},
		{EnterpriseID: asked, PersonID: other, HandleType: operator.Invitation, State: operator.Bound, OperateStart: day(-1), OperateEnd: day(1)},
	} {
		l.CreatedAt, l.UpdatedAt = now, now
		if err := w.a.DB.CreateOperatorLink(ctx, &l); err != nil {
			t.Fatal(err)
		}
	}
	conf, _ := w.client(sso.NewClient{ID: "tender", Name: "招标系统", FirstParty: true,
		RedirectURIs: []string{"https://tender.example/cb"}, Scopes: []string{"openid", "profile"}})
	_, res, body := w.signIn(conf.AuthCodeURL("acts"), "ssoper06")
	if res.StatusCode != http.StatusFound {
		t.Fatalf("sign-in: %d %s", res.StatusCode, body)
	}
	tok, err := conf.Exchange(ctx, codeFrom(t, res, "https://tender.example/cb", "acts"))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := tok.Extra("id_token").(string)
	idt, err := w.provider.Verifier(&oidc.Config{ClientID: "tender"}).Verify(ctx, raw)
	if err != nil {
		t.Fatal(err)
	}
	type actsFor struct{ Sub, Name, Start, End string }
	var claims struct {
		Enterprises []actsFor `json:"enterprises"`
	}
	if err := idt.Claims(&claims); err != nil {
		t.Fatal(err)
	}
	want := []actsFor{{Sub: strconv.FormatInt(acme, 10), Name: "某某建设有限公司", Start: day(-10), End: day(30)}}
	if len(claims.Enterprises) != 1 || claims.Enterprises[0] != want[0] {
		t.Fatalf("ID token enterprises: %+v, want %+v", claims.Enterprises, want)
	}
	info, err := w.provider.UserInfo(ctx, oauth2.StaticTokenSource(tok))
	if err != nil {
		t.Fatal(err)
	}
	var fromInfo struct {
		Enterprises []actsFor `json:"enterprises"`
	}
	if err := info.Claims(&fromInfo); err != nil || len(fromInfo.Enterprises) != 1 || fromInfo.Enterprises[0] != want[0] {
		t.Fatalf("userinfo enterprises: %+v %v", fromInfo.Enterprises, err)
	}
}

// TestOIDCLoginInfo: the login page learns which application asks and
// the level it needs, only in the browser that started the request.
func TestOIDCLoginInfo(t *testing.T) {
	w := newSSOWorld(t)
	conf, _ := w.client(sso.NewClient{ID: "tender", Name: "招标系统", FirstParty: true,
		RedirectURIs: []string{"https://tender.example/cb"}, Scopes: []string{"openid", "profile"}})
	requestOf := func(authURL string) string {
		t.Helper()
		res := w.get(authURL, "")
		readAll(res)
		loc := res.Header.Get("Location")
		resume, err := url.QueryUnescape(strings.TrimPrefix(loc, "/#/?authorize_uri="))
		if res.StatusCode != http.StatusFound || err != nil || resume == loc {
			t.Fatalf("authorize: %d %s", res.StatusCode, loc)
		}
		u, _ := url.Parse(resume)
		return u.Query().Get("auth_request")
	}
	info := func(browser *http.Client, id string) (int, ssoLoginInfo) {
		t.Helper()
		res, err := browser.Get(w.base + "/api/sso/requests/" + url.PathEscape(id) + "/login")
		if err != nil {
			t.Fatal(err)
		}
		var env struct{ Data ssoLoginInfo }
		_ = json.Unmarshal(readAll(res), &env)
		return res.StatusCode, env.Data
	}

	plain := requestOf(conf.AuthCodeURL(nonce(), oidc.Nonce(nonce()), oauth2.S256ChallengeOption(oauth2.GenerateVerifier())))
	if st, got := info(w.browser, plain); st != http.StatusOK || got.ClientName != "招标系统" || got.ACR != "" {
		t.Fatalf("the starting browser: %d %+v", st, got)
	}
	strong := requestOf(conf.AuthCodeURL(nonce(), oidc.Nonce(nonce()), oauth2.S256ChallengeOption(oauth2.GenerateVerifier()),
		oauth2.SetAuthURLParam("acr_values", "urn:bidpass:acr:certificate")))
	if st, got := info(w.browser, strong); st != http.StatusOK || got.ACR != "urn:bidpass:acr:certificate" {
		t.Fatalf("a request for a certificate: %d %+v", st, got)
	}
	// Another browser (an attacker holding the id) learns nothing.
	_, other := newBrowser(w.base)
	if st, got := info(other, plain); st != http.StatusNotFound || got.ClientName != "" {
		t.Fatalf("another browser: %d %+v", st, got)
	}
	if st, _ := info(w.browser, "no-such-request"); st != http.StatusNotFound {
		t.Fatalf("an unknown request: %d", st)
	}
}

// ssoLoginInfo is GET /api/sso/requests/{id}/login's data.
type ssoLoginInfo struct {
	ClientName string `json:"clientName"`
	ACR        string `json:"acr"`
}
