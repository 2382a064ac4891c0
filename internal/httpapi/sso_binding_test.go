package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"bidpass/internal/account"
	"bidpass/internal/devclient"
	"bidpass/internal/ephemeral/ephemeraltest"
	"bidpass/internal/sso"
	"bidpass/internal/store/storetest"
)

// ssoBackends runs fn on the composition over SQLite, and over PostgreSQL
// with Redis (database 1, this branch's own, flushed first) when
// BIDPASS_TEST_POSTGRES and BIDPASS_TEST_REDIS are set.
func ssoBackends(t *testing.T, fn func(t *testing.T, w *ssoWorld)) {
	t.Run("sqlite", func(t *testing.T) { fn(t, newSSOWorld(t)) })
	t.Run("postgres+redis", func(t *testing.T) {
		pg := storetest.PostgresURL(t)
		rurl := ephemeraltest.FlushedURL(t, ephemeraltest.DBSSOBinding)
		fn(t, newSSOWorld(t, "--database-url", pg, "--redis-url", rurl))
	})
}

// startAt is a browser's visit to the relying party's authorisation URL:
// the provider's redirect to the login page; it returns the resume call
// the page would make and the request id in it.
func (w *ssoWorld) startAt(browser *http.Client, authURL string) (resume, id string) {
	w.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, authURL, nil)
	res, err := browser.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	readAll(res)
	loc := strings.TrimSuffix(res.Header.Get("Location"), "&prompt=none")
	if res.StatusCode != http.StatusFound || !strings.HasPrefix(loc, "/#/?authorize_uri=") {
		w.t.Fatalf("authorize: %d %s", res.StatusCode, loc)
	}
	resume, err = url.QueryUnescape(strings.TrimPrefix(loc, "/#/?authorize_uri="))
	if err != nil {
		w.t.Fatal(err)
	}
	u, _ := url.Parse(resume)
	return resume, u.Query().Get("auth_request")
}

// codesAt counts the codes a browser collects at the provider's callback
// for request id (0 or 1); any other answer is no code.
func (w *ssoWorld) codesAt(browser *http.Client, id string) int {
	w.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, w.base+sso.PathCallback+"?id="+url.QueryEscape(id), nil)
	res, err := browser.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	readAll(res)
	if u, err := url.Parse(res.Header.Get("Location")); err == nil && u.Query().Get("code") != "" {
		return 1
	}
	return 0
}

// TestOIDCRequestFixation: an attacker starts a request himself (his own
// PKCE verifier), sends the signed-in victim the login page's link with
// its id, and collects at the callback with that id. The victim's browser
// cannot resume a request another browser started, so the attacker gets
// no code: first-party or not, with and without prompt=none, from his
// own browser (the cookie of his request) or from a bare HTTP client. An
// id of the victim's own request that leaks is no use either: the
// callback answers only the victim's browser. The victim's own sign-ins,
// two at once in one browser, complete.
func TestOIDCRequestFixation(t *testing.T) {
	ssoBackends(t, func(t *testing.T, w *ssoWorld) {
		ctx := context.Background()
		w.account("victim01", account.Person, account.Authenticated, "受害人")
		tender, _ := w.client(sso.NewClient{ID: "tender", Name: "招标系统", FirstParty: true,
			RedirectURIs: []string{"https://tender.example/cb"}, Scopes: []string{"openid", "profile", "offline_access"}})
		crm, _ := w.client(sso.NewClient{ID: "crm", Name: "客户管理",
			RedirectURIs: []string{"https://crm.example/cb"}, Scopes: []string{"openid", "profile"}})
		victimDev, victim := newBrowser(w.base)
		victimToken, err := victimDev.SignIn("victim01", ssoPassword)
		if err != nil {
			t.Fatal(err)
		}
		_, attacker := newBrowser(w.base)
		bare := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

		codes := 0
		for _, c := range []struct {
			name string
			conf *oauth2.Config
			opts []oauth2.AuthCodeOption
		}{
			{"first-party, prompt=none", tender, []oauth2.AuthCodeOption{oauth2.SetAuthURLParam("prompt", "none")}},
			{"first-party", tender, nil},
			{"consent", crm, nil},
		} {
			verifier := oauth2.GenerateVerifier()
			resume, id := w.startAt(attacker, c.conf.AuthCodeURL("evil", append(c.opts, oauth2.S256ChallengeOption(verifier))...))
			// The victim's login page resumes the attacker's request with the victim's session.
			var next string
			st, e, err := victimDev.Call("GET", resume, victimToken, nil, &next)
			if err != nil || st != http.StatusNotFound || e.Msg != "授权请求已失效，请返回应用重新登录" {
				t.Fatalf("%s: the victim's browser resumed the attacker's request: %d %s %q %v", c.name, st, e.Msg, next, err)
			}
			// Nor can the victim's browser answer its consent or end it.
			if st, _, _ := victimDev.Call("POST", "/api/sso/requests/"+url.PathEscape(id)+"/consent", victimToken, map[string]bool{"approve": true}, nil); st != http.StatusNotFound {
				t.Fatalf("%s: consent from the victim's browser: %d", c.name, st)
			}
			codes += w.codesAt(attacker, id) + w.codesAt(bare, id) + w.codesAt(victim, id)
		}
		if codes != 0 {
			t.Fatalf("the attacker collected %d codes", codes)
		}

		// An id of the victim's own request leaks: the callback answers the
		// victim's browser only, and the victim still gets the code.
		state, verifier := nonce(), oauth2.GenerateVerifier()
		resume, id := w.startAt(victim, tender.AuthCodeURL(state, oauth2.S256ChallengeOption(verifier)))
		var callback string
		if st, e, err := victimDev.Call("GET", resume, victimToken, nil, &callback); err != nil || st != http.StatusOK {
			t.Fatalf("the victim's own resume: %d %s %v", st, e.Msg, err)
		}
		if n := w.codesAt(attacker, id) + w.codesAt(bare, id); n != 0 {
			t.Fatalf("a leaked id of the victim's request gave %d codes", n)
		}
		res := w.getWith(victim, callback)
		if _, err := tender.Exchange(ctx, codeFrom(t, res, "https://tender.example/cb", state), oauth2.VerifierOption(verifier)); err != nil {
			t.Fatalf("the victim's own code: %v", err)
		}

		// Two requests open at once in one browser (two tabs) both complete.
		s1, s2 := nonce(), nonce()
		r1, _ := w.startAt(victim, tender.AuthCodeURL(s1))
		r2, _ := w.startAt(victim, tender.AuthCodeURL(s2))
		for _, r := range []struct{ resume, state string }{{r2, s2}, {r1, s1}} {
			if st, e, err := victimDev.Call("GET", r.resume, victimToken, nil, &callback); err != nil || st != http.StatusOK {
				t.Fatalf("parallel request: %d %s %v", st, e.Msg, err)
			}
			if _, err := tender.Exchange(ctx, codeFrom(t, w.getWith(victim, callback), "https://tender.example/cb", r.state)); err != nil {
				t.Fatalf("parallel request's code: %v", err)
			}
		}
	})
}

// getWith is a navigation of browser to u (redirects not followed).
func (w *ssoWorld) getWith(browser *http.Client, u string) *http.Response {
	w.t.Helper()
	res, err := browser.Get(u)
	if err != nil {
		w.t.Fatal(err)
	}
	readAll(res)
	return res
}

// TestOIDCConsentBoundToAccount: a request awaiting consent belongs to
// the account that resumed it in its browser. Another account, from its
// own browser or signed in the same browser, reads, approves and refuses
// nothing (404, as for an unknown id), and cannot resume it for itself;
// the victim then approves and the code is the victim's.
func TestOIDCConsentBoundToAccount(t *testing.T) {
	ssoBackends(t, func(t *testing.T, w *ssoWorld) {
		ctx := context.Background()
		victimID := w.account("victim02", account.Person, account.Authenticated, "受害人")
		w.account("mallory1", account.Person, account.Authenticated, "他人")
		crm, _ := w.client(sso.NewClient{ID: "crm", Name: "客户管理",
			RedirectURIs: []string{"https://crm.example/cb"}, Scopes: []string{"openid", "profile"}})
		victimDev, victim := newBrowser(w.base)
		victimToken, err := victimDev.SignIn("victim02", ssoPassword)
		if err != nil {
			t.Fatal(err)
		}
		state := nonce()
		resume, id := w.startAt(victim, crm.AuthCodeURL(state))
		var next string
		if st, e, err := victimDev.Call("GET", resume, victimToken, nil, &next); err != nil || st != http.StatusOK || !strings.HasPrefix(next, sso.ConsentPath) {
			t.Fatalf("resume: %d %s %q %v", st, e.Msg, next, err)
		}

		otherDev, _ := newBrowser(w.base)
		otherToken, err := otherDev.SignIn("mallory1", ssoPassword)
		if err != nil {
			t.Fatal(err)
		}
		// The same browser, another account signed in there (a shared computer).
		sameBrowserToken, err := victimDev.SignIn("mallory1", ssoPassword)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range []struct {
			name  string
			dev   *devclient.Client
			token string
		}{{"another browser", otherDev, otherToken}, {"the same browser", victimDev, sameBrowserToken}} {
			if st, _, _ := o.dev.Call("GET", "/api/sso/requests/"+url.PathEscape(id), o.token, nil, nil); st != http.StatusNotFound {
				t.Fatalf("%s: another account read the request: %d", o.name, st)
			}
			for _, approve := range []bool{true, false} {
				if st, _, _ := o.dev.Call("POST", "/api/sso/requests/"+url.PathEscape(id)+"/consent", o.token, map[string]bool{"approve": approve}, nil); st != http.StatusNotFound {
					t.Fatalf("%s: another account answered (approve %v): %d", o.name, approve, st)
				}
			}
			if st, _, _ := o.dev.Call("GET", resume, o.token, nil, nil); st != http.StatusNotFound {
				t.Fatalf("%s: another account resumed the request: %d", o.name, st)
			}
		}

		// The victim's request is unharmed: the victim approves and gets the code.
		var pending struct{ ClientName string }
		if st, e, err := victimDev.Call("GET", "/api/sso/requests/"+url.PathEscape(id), victimToken, nil, &pending); err != nil || st != http.StatusOK || pending.ClientName != "客户管理" {
			t.Fatalf("the victim's pending request: %d %s %v", st, e.Msg, err)
		}
		var callback string
		if st, e, err := victimDev.Call("POST", "/api/sso/requests/"+url.PathEscape(id)+"/consent", victimToken, map[string]bool{"approve": true}, &callback); err != nil || st != http.StatusOK {
			t.Fatalf("the victim's approval: %d %s %v", st, e.Msg, err)
		}
		tok, err := crm.Exchange(ctx, codeFrom(t, w.getWith(victim, callback), "https://crm.example/cb", state))
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := tok.Extra("id_token").(string)
		idt, err := w.provider.Verifier(&oidc.Config{ClientID: "crm"}).Verify(ctx, raw)
		if err != nil || idt.Subject != strconv.FormatInt(victimID, 10) {
			t.Fatalf("the code's subject: %v %v", err, idt)
		}
	})
}

// TestOIDCResumeRace: accounts signed in in one browser resume one
// request awaiting consent at once (PostgreSQL decides): exactly one
// account gets the consent page, every other call is refused.
func TestOIDCResumeRace(t *testing.T) {
	ssoBackends(t, func(t *testing.T, w *ssoWorld) {
		w.account("racer001", account.Person, account.Authenticated, "甲")
		w.account("racer002", account.Person, account.Authenticated, "乙")
		crm, _ := w.client(sso.NewClient{ID: "crm", Name: "客户管理", RedirectURIs: []string{"https://crm.example/cb"}})
		dev, browser := newBrowser(w.base)
		var tokens []string
		for _, n := range []string{"racer001", "racer002"} {
			tok, err := dev.SignIn(n, ssoPassword)
			if err != nil {
				t.Fatal(err)
			}
			tokens = append(tokens, tok)
		}
		for round := 0; round < 5; round++ {
			resume, _ := w.startAt(browser, crm.AuthCodeURL(nonce()))
			var mu sync.Mutex
			won := map[int]int{}
			var wg sync.WaitGroup
			for i := 0; i < 16; i++ {
				wg.Add(1)
				go func(who int) {
					defer wg.Done()
					st, _, err := dev.Call("GET", resume, tokens[who], nil, nil)
					if err != nil {
						t.Error(err)
						return
					}
					if st == http.StatusOK {
						mu.Lock()
						won[who]++
						mu.Unlock()
					} else if st != http.StatusNotFound {
						t.Errorf("resume: %d", st)
					}
				}(i % 2)
			}
			wg.Wait()
			if len(won) != 1 {
				t.Fatalf("round %d: accounts that got the request: %v", round, won)
			}
		}
	})
}

// tokenRequest is a token-endpoint request of conf's client (Basic
// authentication) with form.
func (w *ssoWorld) tokenRequest(conf *oauth2.Config, form url.Values) *http.Request {
	w.t.Helper()
	req, err := http.NewRequest(http.MethodPost, w.base+sso.PathToken, strings.NewReader(form.Encode()))
	if err != nil {
		w.t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(url.QueryEscape(conf.ClientID), url.QueryEscape(conf.ClientSecret))
	return req
}

// tokenAnswer is a token endpoint's JSON answer, success or error.
type tokenAnswer struct {
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token"`
	IDToken      string `json:"id_token"`
	Error        string `json:"error"`
}

// race sends n copies of the token request form at once (lastByteSync:
// every request waits on its connection for its last byte) and sorts the
// answers: those with tokens, and the count of each error code.
func (w *ssoWorld) race(conf *oauth2.Config, form url.Values, n int) (won []tokenAnswer, errs map[string]int) {
	w.t.Helper()
	reqs := make([]*http.Request, n)
	for i := range reqs {
		reqs[i] = w.tokenRequest(conf, form)
	}
	errs = map[string]int{}
	for _, a := range lastByteSync(w.t, w.srv, reqs) {
		var ta tokenAnswer
		if err := json.Unmarshal(a.Body, &ta); err != nil {
			w.t.Fatalf("token endpoint: %d %s", a.Status, a.Body)
		}
		switch {
		case a.Status == http.StatusOK && ta.AccessToken != "":
			won = append(won, ta)
		case a.Status == http.StatusBadRequest && ta.Error != "":
			errs[ta.Error]++
		default:
			w.t.Fatalf("token endpoint: %d %s", a.Status, a.Body)
		}
	}
	return won, errs
}

// liveTokens counts which of the tokens still work: access tokens at
// userinfo, refresh tokens at a refresh (which spends a live one).
func (w *ssoWorld) liveTokens(conf *oauth2.Config, access, refresh []string) int {
	w.t.Helper()
	live := 0
	for _, at := range access {
		if _, err := w.provider.UserInfo(context.Background(), oauth2.StaticTokenSource(&oauth2.Token{AccessToken: at, TokenType: "Bearer"})); err == nil {
			live++
		}
	}
	for _, rt := range refresh {
		if _, err := conf.TokenSource(context.Background(), &oauth2.Token{RefreshToken: rt, Expiry: time.Now().Add(-time.Minute)}).Token(); err == nil {
			live++
		}
	}
	return live
}

// codeOf signs user in to conf's client and returns a fresh code and its
// PKCE verifier.
func (w *ssoWorld) codeOf(conf *oauth2.Config, user string) (code, verifier string) {
	w.t.Helper()
	state, verifier := nonce(), oauth2.GenerateVerifier()
	_, res, body := w.signIn(conf.AuthCodeURL(state, oidc.Nonce(nonce()), oauth2.S256ChallengeOption(verifier)), user)
	if res.StatusCode != http.StatusFound {
		w.t.Fatalf("sign-in: %d %s", res.StatusCode, body)
	}
	return codeFrom(w.t, res, conf.RedirectURL, state), verifier
}

// TestOIDCParallelRedemptions: 50 redemptions of one code released
// together: exactly one gets tokens, the 49 others invalid_grant, and
// those replays revoke what the first redemption got (RFC 6749 §4.1.2):
// its access and refresh tokens are counted dead. 50 refreshes of one
// refresh token at once: at most one gets tokens, and the reuse the
// others are revokes the whole sign-in, the winner's new tokens with it,
// consistently (none of the family's tokens is left alive).
func TestOIDCParallelRedemptions(t *testing.T) {
	if testing.Short() {
		t.Skip("SKIP: 300 requests at once")
	}
	const n, rounds = 50, 3
	// SQLite, and PostgreSQL + Redis when set (skipped without them, as the other parallel tests).
	ssoBackends(t, func(t *testing.T, w *ssoWorld) {
		w.account("racecode1", account.Person, account.Authenticated, "张三")
		conf, _ := w.client(sso.NewClient{ID: "tender", Name: "招标系统", FirstParty: true,
			RedirectURIs: []string{"https://tender.example/cb"}, Scopes: []string{"openid", "profile", "offline_access"}})

		for round := range rounds {
			code, verifier := w.codeOf(conf, "racecode1")
			won, errs := w.race(conf, url.Values{"grant_type": {"authorization_code"}, "code": {code},
				"redirect_uri": {conf.RedirectURL}, "code_verifier": {verifier}}, n)
			if len(won) != 1 || errs["invalid_grant"] != n-1 {
				t.Fatalf("round %d: %d redemptions got tokens, errors %v; want 1 and %d invalid_grant", round, len(won), errs, n-1)
			}
			if won[0].RefreshToken == "" || won[0].IDToken == "" {
				t.Fatalf("round %d: the winner's answer lacks tokens: %+v", round, won[0])
			}
			if live := w.liveTokens(conf, []string{won[0].AccessToken}, []string{won[0].RefreshToken}); live != 0 {
				t.Fatalf("round %d: %d of the first redemption's 2 tokens still work after the replays", round, live)
			}
		}

		for round := range rounds {
			code, verifier := w.codeOf(conf, "racecode1")
			tok, err := conf.Exchange(context.Background(), code, oauth2.VerifierOption(verifier))
			if err != nil {
				t.Fatal(err)
			}
			won, errs := w.race(conf, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tok.RefreshToken}}, n)
			if len(won) > 1 || len(won)+errs["invalid_grant"] != n {
				t.Fatalf("round %d: %d refreshes got tokens, errors %v; want at most 1, the rest invalid_grant", round, len(won), errs)
			}
			access, refresh := []string{tok.AccessToken}, []string{tok.RefreshToken}
			for _, a := range won {
				access, refresh = append(access, a.AccessToken), append(refresh, a.RefreshToken)
			}
			// The refused refreshes presented a used token: the whole family is revoked.
			if live := w.liveTokens(conf, access, refresh); live != 0 {
				t.Fatalf("round %d (%d winner): %d of the family's %d tokens still work after the reuse", round, len(won), live, len(access)+len(refresh))
			}
		}
	})
}
