package httpapi_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"bidpass/internal/account"
	"bidpass/internal/devclient"
	"bidpass/internal/ephemeral/ephemeraltest"
	"bidpass/internal/httpapi"
	"bidpass/internal/sso"
	"bidpass/internal/store/storetest"
)

// deviceList is GET /api/account/devices's data.
type deviceList struct {
	Devices []struct {
		ID, Way, Browser, System, Address string
		Current                           bool
		Methods, Clients                  []string
	}
	IdleSeconds, AbsoluteSeconds int64
}

// devicesOf lists the caller's devices, wanting 200.
func devicesOf(t *testing.T, dev *devclient.Client, token string) deviceList {
	t.Helper()
	var l deviceList
	if st, e, err := dev.Call("GET", "/api/account/devices", token, nil, &l); err != nil || st != 200 {
		t.Fatalf("devices: %d %s %v", st, e.Msg, err)
	}
	return l
}

// twoInstances opens two instances over one PostgreSQL database and one
// Redis database, each on a port of its own.
func twoInstances(t *testing.T) []*devclient.Client {
	t.Helper()
	var out []*devclient.Client
	for i, a := range instances(t, 2, ephemeraltest.DBDevices) {
		srv := httptest.NewServer(httpapi.CheckedHandler(t, a.Handler()))
		t.Cleanup(srv.Close)
		out = append(out, devclient.New(srv.URL))
		if i == 0 {
			w := &ssoWorld{t: t, a: a}
			w.account("devper01", account.Person, account.Authenticated, "张三")
			w.account("devper02", account.Person, account.Authenticated, "李四")
		}
	}
	return out
}

// TestEndingADeviceOnEveryInstance (docs/decisions/sessions-and-devices.md,
// "Ending a session"): two instances share PostgreSQL and Redis; a session
// ended through one is refused at once by both, the one that ended it
// lives on, and another account can neither see nor end the holder's
// sessions (its attempt answers 404, as an unknown id does).
func TestEndingADeviceOnEveryInstance(t *testing.T) {
	in := twoInstances(t)
	first, err := in[0].SignIn("devper01", ssoPassword)
	if err != nil {
		t.Fatal(err)
	}
	second, err := in[1].SignIn("devper01", ssoPassword)
	if err != nil {
		t.Fatal(err)
	}
	stranger, err := in[1].SignIn("devper02", ssoPassword)
	if err != nil {
		t.Fatal(err)
	}
	l := devicesOf(t, in[0], second)
	if len(l.Devices) != 2 || !l.Devices[0].Current || l.Devices[1].Current || l.IdleSeconds != 1800 || l.AbsoluteSeconds != 12*3600 {
		t.Fatalf("the holder's devices: %+v", l)
	}
	d := l.Devices[0]
	if d.Way != "密码" || len(d.Methods) != 1 || d.Methods[0] != "pwd" || d.Address != "127.0.0.*" || d.Browser == "" || d.System == "" {
		t.Fatalf("the current device: %+v", d)
	}
	firstID := l.Devices[1].ID

	// The stranger sees its own session alone, and ending the holder's is 404.
	if s := devicesOf(t, in[0], stranger); len(s.Devices) != 1 || s.Devices[0].ID == firstID {
		t.Fatalf("the stranger's list: %+v", s)
	}
	for _, c := range in {
		if st, _, _ := c.Call("DELETE", "/api/account/devices/"+firstID, stranger, nil, nil); st != http.StatusNotFound {
			t.Fatalf("a stranger ending the holder's session: %d", st)
		}
		if st, _, _ := c.Call("GET", "/api/auth/me", first, nil, nil); st != 200 {
			t.Fatalf("the holder's session after a stranger's attempt: %d", st)
		}
	}
	// A stranger's end-all ends only its own others (none).
	var ended struct{ Ended int }
	if st, _, _ := in[0].Call("DELETE", "/api/account/devices", stranger, nil, &ended); st != 200 || ended.Ended != 0 {
		t.Fatalf("the stranger's end-all: %d %+v", st, ended)
	}

	if st, e, err := in[1].Call("DELETE", "/api/account/devices/"+firstID, second, nil, nil); st != 200 {
		t.Fatalf("end: %d %s %v", st, e.Msg, err)
	}
	for i, c := range in {
		if st, _, _ := c.Call("GET", "/api/auth/me", first, nil, nil); st != http.StatusUnauthorized {
			t.Fatalf("instance %d accepts the ended session: %d", i, st)
		}
		if st, _, _ := c.Call("GET", "/api/auth/me", second, nil, nil); st != 200 {
			t.Fatalf("instance %d refuses the session that ended the other: %d", i, st)
		}
	}
	if l := devicesOf(t, in[1], second); len(l.Devices) != 1 || !l.Devices[0].Current {
		t.Fatalf("after the end: %+v", l)
	}
	if st, _, _ := in[0].Call("DELETE", "/api/account/devices/"+firstID, second, nil, nil); st != http.StatusNotFound {
		t.Fatalf("ending an ended session: %d", st)
	}
}

// TestEndingADeviceLogsItsClientsOut (docs/decisions/sessions-and-devices.md,
// "Families hang on a portal session"), on both databases: a browser signs
// in at a client through the portal; from a second session the holder sees
// the client against the first and ends it; the client's back-channel
// endpoint receives a valid logout token for that sign-in, its refresh
// token stops working, and the second session's own sign-ins are untouched.
func TestEndingADeviceLogsItsClientsOut(t *testing.T) {
	for _, dbName := range []string{"sqlite", "postgres"} {
		t.Run(dbName, func(t *testing.T) {
			var args []string
			if dbName == "postgres" {
				args = []string{"--database-url", storetest.PostgresURL(t)}
			}
			w := newSSOWorld(t, args...)
			ctx := context.Background()
			w.account("devsso01", account.Person, account.Authenticated, "张三")
			conf, _ := w.client(sso.NewClient{ID: "tender", Name: "招标系统", FirstParty: true,
				RedirectURIs: []string{"https://tender.example/cb"}, Scopes: []string{"openid", "offline_access"},
				BackchannelLogoutURI: w.rpBack})
			state, n, verifier := nonce(), nonce(), oauth2.GenerateVerifier()
			portal, res, body := w.signIn(conf.AuthCodeURL(state, oidc.Nonce(n), oauth2.S256ChallengeOption(verifier)), "devsso01")
			if res.StatusCode != http.StatusFound {
				t.Fatalf("sign-in: %d %s", res.StatusCode, body)
			}
			tok, err := conf.Exchange(ctx, codeFrom(t, res, "https://tender.example/cb", state), oauth2.VerifierOption(verifier))
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := tok.Extra("id_token").(string)
			idt, err := w.provider.Verifier(&oidc.Config{ClientID: "tender"}).Verify(ctx, raw)
			if err != nil {
				t.Fatal(err)
			}
			var claims struct{ Sid string }
			if err := idt.Claims(&claims); err != nil || claims.Sid == "" {
				t.Fatalf("sid: %v %+v", err, claims)
			}

			other, _ := newBrowser(w.base)
			second, err := other.SignIn("devsso01", ssoPassword)
			if err != nil {
				t.Fatal(err)
			}
			l := devicesOf(t, other, second)
			var firstID string
			for _, d := range l.Devices {
				switch {
				case d.Current && len(d.Clients) != 0:
					t.Fatalf("the second session has clients: %+v", d)
				case !d.Current:
					if len(d.Clients) != 1 || d.Clients[0] != "招标系统" {
						t.Fatalf("the first session's clients: %+v", d)
					}
					firstID = d.ID
				}
			}
			if len(l.Devices) != 2 || firstID == "" {
				t.Fatalf("devices: %+v", l)
			}
			if st, e, err := other.Call("DELETE", "/api/account/devices/"+firstID, second, nil, nil); st != 200 {
				t.Fatalf("end: %d %s %v", st, e.Msg, err)
			}
			var logout string
			select {
			case logout = <-w.logouts:
			case <-time.After(30 * time.Second):
				t.Fatal("the back-channel logout never came")
			}
			lt, err := w.provider.Verifier(&oidc.Config{ClientID: "tender"}).Verify(ctx, logout)
			if err != nil {
				t.Fatalf("logout token: %v", err)
			}
			var lc struct {
				Sid    string         `json:"sid"`
				Events map[string]any `json:"events"`
			}
			if err := lt.Claims(&lc); err != nil || lt.Subject != idt.Subject || lc.Sid != claims.Sid ||
				lc.Events["http://schemas.openid.net/event/backchannel-logout"] == nil {
				t.Fatalf("logout token claims: %v sub %s %+v", err, lt.Subject, lc)
			}
			if _, err := conf.TokenSource(ctx, &oauth2.Token{RefreshToken: tok.RefreshToken, Expiry: time.Now().Add(-time.Minute)}).Token(); oauthErr(err) != "invalid_grant" {
				t.Fatalf("refresh after the end: %v", err)
			}
			if st, _, _ := w.dev.Call("GET", "/api/auth/me", portal, nil, nil); st != http.StatusUnauthorized {
				t.Fatalf("the ended portal session: %d", st)
			}
			if st, _, _ := other.Call("GET", "/api/auth/me", second, nil, nil); st != 200 {
				t.Fatalf("the second session: %d", st)
			}
		})
	}
}

// newDeviceNotices counts the new-device notices to phone in the outbox.
func newDeviceNotices(t *testing.T, c *devclient.Client, phone string) []string {
	t.Helper()
	var box []struct{ To, Scene, Text string }
	if err := c.Do("GET", "/api/dev/outbox", "", nil, &box); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range box {
		if m.To == phone && m.Scene == "new_device" {
			out = append(out, m.Text)
		}
	}
	return out
}

// TestSignInHistoryAndNewDeviceNotice (docs/decisions/sessions-and-devices.md,
// "Sign-in history", "New-device notice"): a wrong password and a sign-in
// are in the holder's history, newest first, in words; the first sign-in
// from a browser sends the notice, the same browser's next sign-in does
// not, another browser's does; another account's history holds none of
// the holder's.
func TestSignInHistoryAndNewDeviceNotice(t *testing.T) {
	w := newSSOWorld(t)
	w.account("histper01", account.Person, account.Authenticated, "张三")
	w.account("histper02", account.Person, account.Authenticated, "李四")
	first, second := devclient.New(w.base), devclient.New(w.base)
	body, err := first.SignInBody("histper01", "Wrong-pass-1")
	if err != nil {
		t.Fatal(err)
	}
	if st, _, _ := first.Call("PUT", "/api/auth/authToken", "", body, nil); st == 200 {
		t.Fatal("a wrong password signed in")
	}
	token, err := first.SignIn("histper01", ssoPassword)
	if err != nil {
		t.Fatal(err)
	}
	notices := newDeviceNotices(t, first, "13800138000")
	if len(notices) != 1 || !strings.Contains(notices[0], "histper01") || !strings.Contains(notices[0], "如非本人操作，请立即修改密码并退出其他设备") ||
		!strings.Contains(notices[0], w.base+"/#/accountCenter/personal/devices") {
		t.Fatalf("after the first browser's sign-in: %q", notices)
	}
	if _, err := first.SignIn("histper01", ssoPassword); err != nil {
		t.Fatal(err)
	}
	if n := newDeviceNotices(t, first, "13800138000"); len(n) != 1 {
		t.Fatalf("the known browser sent another notice: %q", n)
	}
	if _, err := second.SignIn("histper01", ssoPassword); err != nil {
		t.Fatal(err)
	}
	if n := newDeviceNotices(t, first, "13800138000"); len(n) != 2 {
		t.Fatalf("another browser: %d notices, want 2", len(n))
	}

	var page []struct {
		Way, Address, Result string
		OK, NewDevice        bool
	}
	st, e, err := first.Call("GET", "/api/account/signInHistory?page=1&pageSize=2", token, nil, &page)
	if err != nil || st != 200 || len(page) != 2 {
		t.Fatalf("history: %d %s %v %+v", st, e.Msg, err, page)
	}
	var all []struct {
		Result        string
		OK, NewDevice bool
	}
	if _, _, err := first.Call("GET", "/api/account/signInHistory", token, nil, &all); err != nil || len(all) != 4 {
		t.Fatalf("history: %+v %v, want 4 events", all, err)
	}
	if !all[0].OK || !all[0].NewDevice || all[1].NewDevice || !all[2].NewDevice || all[3].OK || all[3].Result != "密码错误" {
		t.Fatalf("history, newest first: %+v", all)
	}
	stranger, err := second.SignIn("histper02", ssoPassword)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := second.Call("GET", "/api/account/signInHistory", stranger, nil, &all); err != nil || len(all) != 1 {
		t.Fatalf("the stranger's history: %+v %v, want its own sign-in alone", all, err)
	}
}
