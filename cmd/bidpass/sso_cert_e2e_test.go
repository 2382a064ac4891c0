package main

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"bidpass/internal/devclient"
)

// serveAt starts `bidpass serve --dev` on a port chosen here, with the
// issuer (BIDPASS_PUBLIC_URL) set to it: the relying party must reach the
// address the provider names in its discovery document.
func (e *e2e) serveAt() {
	e.t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		e.t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	e.start(addr, "BIDPASS_PUBLIC_URL=http://"+addr)
}

// TestOIDCCertificateSignInEndToEnd: a system that requires real-name signs
// a user in through the real binary's OpenID Connect provider with a
// standard relying party (coreos/go-oidc, x/oauth2, PKCE), the user
// proving who they are with a CA certificate (`bidpass ca issue`, signed
// by OpenSSL as the spec's clients sign) instead of a password; the
// relying party ends with verified claims and userinfo. The relying party
// asks for the certificate level (acr_values): the password session the
// browser holds is refused for it, the certificate sign-in (through a USB
// key's component) is taken, and the ID token says so (amr hwk, the
// certificate acr), as do the refreshed ID token and introspection.
func TestOIDCCertificateSignInEndToEnd(t *testing.T) {
	ctx := context.Background()
	e := newCertE2E(t)
	li := e.issuePerson("certsso1", "13800000021", "李雷")
	serial := li.serial
	const redirect = "https://tender.example/login/oauth2/code/bidpass"
	out := e.cli("oidc", "client", "add", "--id", "tender", "--name", "招标系统", "--first-party", "--require-realname",
		"--redirect-uri", redirect, "--scope", "profile", "--scope", "offline_access")
	secret := regexp.MustCompile(`client secret \(shown once, store it now\): (\S+)`).FindStringSubmatch(out)[1]

	e.serveAt()
	// One browser: the login page's calls and the navigations share cookies.
	jar, _ := cookiejar.New(nil)
	c := devclient.New(e.base)
	c.HTTP.Jar = jar
	must := okCall(t)
	// The certificate is bound once, signed in with the password (the portal's own flow).
	e.bind(c, li, "-nodetach", "-md", "sha256")

	// The relying party: discovery, a confidential client with PKCE.
	provider, err := oidc.NewProvider(ctx, e.base)
	if err != nil {
		t.Fatal(err)
	}
	conf := &oauth2.Config{ClientID: "tender", ClientSecret: secret, Endpoint: provider.Endpoint(), RedirectURL: redirect,
		Scopes: []string{oidc.ScopeOpenID, "profile", oidc.ScopeOfflineAccess}}
	state, nonce, pkce := "st-cert", "n-cert", oauth2.GenerateVerifier()
	browser := &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	get := func(u, bearer string) *http.Response {
		t.Helper()
		req, err := http.NewRequest(http.MethodGet, u, nil)
		if err != nil {
			t.Fatal(err)
		}
		if bearer != "" {
			req.Header.Set("Authorization", "Bearer "+bearer)
		}
		res, err := browser.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}

	// The browser: to the provider, which sends it to the portal's login page.
	res := get(conf.AuthCodeURL(state, oidc.Nonce(nonce), oauth2.S256ChallengeOption(pkce), oauth2.SetAuthURLParam("acr_values", acrCertificate)), "")
	loc := res.Header.Get("Location")
	if res.StatusCode != http.StatusFound || !strings.HasPrefix(loc, "/#/?authorize_uri=") {
		t.Fatalf("authorize: %d %s", res.StatusCode, loc)
	}
	resume, err := url.QueryUnescape(strings.TrimPrefix(loc, "/#/?authorize_uri="))
	if err != nil {
		t.Fatal(err)
	}
	// The page learns the level the request needs (it opens the 数字证书 tab) and who asks.
	var login struct{ ClientName, ACR string }
	must(c.Call("GET", "/api/sso/requests/"+url.PathEscape(strings.TrimPrefix(resume, "/api/auth/authorize?auth_request="))+"/login", "", nil, &login))
	if login.ClientName != "招标系统" || login.ACR != acrCertificate {
		t.Fatalf("login info: %+v", login)
	}
	// A password session does not reach it: refused, and the request waits.
	pw, err := c.SignIn("certsso1", "Passw0rd1")
	if err != nil {
		t.Fatal(err)
	}
	if st, env, _ := c.Call("GET", resume, pw, nil, nil); st != http.StatusForbidden || env.Msg != "该应用要求使用数字证书登录，请在“数字证书”页登录" {
		t.Fatalf("password session for the certificate level: %d %s", st, env.Msg)
	}
	// The login page's 数字证书 tab: the USB key signs the server's challenge.
	var ch string
	must(c.Call("POST", "/api/login/cert/prev", "", map[string]string{"serialNumber": serial}, &ch))
	var signed struct{ AccessToken string }
	must(c.Call("POST", "/api/login/cert", "", map[string]any{"serialNumber": serial, "signToken": e.cms(li, ch, "-nodetach", "-md", "sha256"), "signType": 1, "keySource": "key"}, &signed))
	// The page resumes the request with the certificate session: the provider's callback...
	var callback string
	must(c.Call("GET", resume, signed.AccessToken, nil, &callback))
	res = get(callback, "")
	// ...redirects to the relying party with the code.
	back, err := url.Parse(res.Header.Get("Location"))
	if res.StatusCode != http.StatusFound || err != nil || !strings.HasPrefix(back.String(), redirect+"?") || back.Query().Get("state") != state {
		t.Fatalf("callback: %d %s", res.StatusCode, res.Header.Get("Location"))
	}

	// The relying party redeems the code and verifies the ID token.
	tokens, err := conf.Exchange(ctx, back.Query().Get("code"), oauth2.VerifierOption(pkce))
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := tokens.Extra("id_token").(string)
	idt, err := provider.Verifier(&oidc.Config{ClientID: "tender"}).Verify(ctx, raw)
	if err != nil {
		t.Fatal(err)
	}
	if idt.Nonce != nonce {
		t.Fatalf("nonce %q", idt.Nonce)
	}
	var claims struct {
		Sub       string   `json:"sub"`
		Username  string   `json:"preferred_username"`
		Name      string   `json:"name"`
		AuthState int      `json:"auth_state"`
		Type      string   `json:"account_type"`
		AMR       []string `json:"amr"`
		ACR       string   `json:"acr"`
	}
	if err := idt.Claims(&claims); err != nil {
		t.Fatal(err)
	}
	if claims.Username != "certsso1" || claims.Name != "李雷" || claims.AuthState != 1 || claims.Type != "person" || claims.Sub == "" ||
		strings.Join(claims.AMR, " ") != "hwk" || claims.ACR != acrCertificate {
		t.Fatalf("claims: %+v", claims)
	}
	info, err := provider.UserInfo(ctx, oauth2.StaticTokenSource(tokens))
	if err != nil || info.Subject != claims.Sub {
		t.Fatalf("userinfo: %+v %v", info, err)
	}
	if tokens.RefreshToken == "" {
		t.Fatal("no refresh token for offline_access")
	}
	// The refreshed ID token tells the same sign-in.
	fresh, err := conf.TokenSource(ctx, &oauth2.Token{RefreshToken: tokens.RefreshToken, Expiry: time.Now().Add(-time.Minute)}).Token()
	if err != nil {
		t.Fatal(err)
	}
	raw, _ = fresh.Extra("id_token").(string)
	if idt, err = provider.Verifier(&oidc.Config{ClientID: "tender"}).Verify(ctx, raw); err != nil {
		t.Fatal(err)
	}
	if err := idt.Claims(&claims); err != nil || strings.Join(claims.AMR, " ") != "hwk" || claims.ACR != acrCertificate {
		t.Fatalf("refreshed ID token: %+v %v", claims, err)
	}
	// Introspection says it too.
	form := url.Values{"token": {fresh.AccessToken}}
	req, _ := http.NewRequest(http.MethodPost, e.base+"/oidc/introspect", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth("tender", secret)
	ir, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer ir.Body.Close()
	var intro struct {
		Active bool     `json:"active"`
		AMR    []string `json:"amr"`
		ACR    string   `json:"acr"`
	}
	if err := json.NewDecoder(ir.Body).Decode(&intro); err != nil || !intro.Active || strings.Join(intro.AMR, " ") != "hwk" || intro.ACR != acrCertificate {
		t.Fatalf("introspection: %+v %v", intro, err)
	}
}

// acrCertificate is the certificate level (internal/sso's ACRCertificate).
const acrCertificate = "urn:bidpass:acr:certificate"
