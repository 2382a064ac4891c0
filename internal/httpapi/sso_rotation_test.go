package httpapi_test

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"

	"bidpass/internal/account"
	"bidpass/internal/sso"
)

// offsetClock is the wall clock plus an offset the test moves: the key
// delay passes in real time (openid-client's JWKS cache runs on the real
// clock), the hour until retirement is skipped.
type offsetClock struct{ off atomic.Int64 }

func (c *offsetClock) Now() time.Time          { return time.Now().Add(time.Duration(c.off.Load())) }
func (c *offsetClock) Advance(d time.Duration) { c.off.Add(int64(d)) }

// nodeRP is the openid-client relying party (web/e2e/rp/openid-client-rp.mjs).
type nodeRP struct{ base string }

func startNodeRP(t *testing.T, issuer, clientID string) *nodeRP {
	t.Helper()
	web, err := filepath.Abs("../../web")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(web, "node_modules", "openid-client", "package.json")); err != nil {
		t.Fatalf("openid-client is not installed (make web-deps): %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, "node", "e2e/rp/openid-client-rp.mjs", issuer, clientID)
	cmd.Dir = web
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("node: %v", err)
	}
	t.Cleanup(func() { cancel(); _ = cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	var hello struct{ Port int }
	if err != nil || json.Unmarshal([]byte(line), &hello) != nil || hello.Port == 0 {
		t.Fatalf("the openid-client relying party did not start: %q %v", line, err)
	}
	return &nodeRP{base: fmt.Sprintf("http://127.0.0.1:%d", hello.Port)}
}

// kidOf is the key id in a JWT's header.
func kidOf(jwt string) string {
	seg, _ := base64.RawURLEncoding.DecodeString(strings.SplitN(jwt, ".", 2)[0])
	var h struct{ Kid string }
	_ = json.Unmarshal(seg, &h)
	return h.Kid
}

// TestKeyRotationKeepsRelyingPartiesSigningIn: a relying party on go-oidc
// and one on openid-client v6 sign a person in again and again while the
// signing key rotates through `bidpass oidc keys rotate`'s path: before the
// rotation, during its delay (the new key published, the old one signing),
// after the switch (the new key signing; openid-client's copy of the JWKS
// lacks it and is old enough to be fetched again) and after the old key's
// retirement (gone from the JWKS). Not one sign-in fails. Before the delay
// existed, the first sign-in after a rotation failed at openid-client
// (an unknown kid in a JWKS copy younger than 60 s).
func TestKeyRotationKeepsRelyingPartiesSigningIn(t *testing.T) {
	if testing.Short() {
		t.Skip("waits a key delay in real time (a minute)")
	}
	ctx := context.Background()
	clk := &offsetClock{}
	w := newSSOWorldAt(t, clk)
	w.dev.Now = clk.Now // the user's clock moves with the server's
	w.account("rotate01", account.Person, account.Authenticated, "张三")
	goRP, _ := w.client(sso.NewClient{ID: "go-rp", Name: "招标系统", FirstParty: true, RedirectURIs: []string{"https://go-rp.example/cb"}})
	verifier := w.provider.Verifier(&oidc.Config{ClientID: "go-rp"})
	node := startNodeRP(t, w.base, "node-rp")
	w.client(sso.NewClient{ID: "node-rp", Name: "采购系统", Public: true, FirstParty: true, RedirectURIs: []string{node.base + "/callback"}})

	var signIns, failures int
	// signIn signs in at both relying parties and reports the kids of the
	// two ID tokens; a failure is counted, not fatal, so every phase runs.
	signIn := func(phase string) (goKid, nodeKid string) {
		signIns += 2
		state := nonce()
		_, res, body := w.signIn(goRP.AuthCodeURL(state, oauth2.S256ChallengeOption("v-"+state+"-0123456789abcdefghijklmnop")), "rotate01")
		if res.StatusCode != http.StatusFound {
			failures++
			t.Errorf("%s: go-oidc sign-in stopped at %d %s", phase, res.StatusCode, body)
		} else {
			tok, err := goRP.Exchange(ctx, codeFrom(t, res, "https://go-rp.example/cb", state), oauth2.VerifierOption("v-"+state+"-0123456789abcdefghijklmnop"))
			raw, _ := tok.Extra("id_token").(string)
			if err == nil {
				_, err = verifier.Verify(ctx, raw)
			}
			if err != nil {
				failures++
				t.Errorf("%s: go-oidc: %v", phase, err)
			}
			goKid = kidOf(raw)
		}
		res = w.get(node.base+"/login", "")
		_, res, body = w.signIn(res.Header.Get("Location"), "rotate01")
		if res.StatusCode != http.StatusFound {
			failures++
			t.Errorf("%s: openid-client sign-in stopped at %d %s", phase, res.StatusCode, body)
			return goKid, ""
		}
		res = w.get(res.Header.Get("Location"), "")
		body = readAll(res)
		var got struct{ Sub, Kid string }
		if res.StatusCode != http.StatusOK || json.Unmarshal(body, &got) != nil || got.Sub == "" {
			failures++
			t.Errorf("%s: openid-client: %d %s", phase, res.StatusCode, body)
		}
		return goKid, got.Kid
	}
	published := func() map[string]bool {
		res := w.get(w.base+sso.PathKeys, "")
		var jwks struct{ Keys []struct{ Kid string } }
		if err := json.Unmarshal(readAll(res), &jwks); err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		for _, k := range jwks.Keys {
			out[k.Kid] = true
		}
		return out
	}
	expect := func(phase, want string, kids ...string) {
		for _, k := range kids {
			if k != "" && k != want {
				t.Errorf("%s: signed by %s, want %s", phase, k, want)
			}
		}
	}

	oldKid, _ := signIn("before")
	_, k := signIn("before")
	expect("before", oldKid, k)

	// The delay openid-client needs: its JWKS copy, fetched above, is
	// older than 60 s when the new key starts signing.
	const delay = 65 * time.Second
	next, err := w.a.SSO.RotateKeys(ctx, delay)
	if err != nil {
		t.Fatal(err)
	}
	if p := published(); !p[next.ID] || !p[oldKid] {
		t.Fatalf("right after the rotation the JWKS has %v, want %s and %s", p, oldKid, next.ID)
	}
	during := 0
	for clk.Now().Before(next.SignsFrom.Add(-5 * time.Second)) {
		g, n := signIn("during the delay")
		expect("during the delay", oldKid, g, n)
		during++
		time.Sleep(5 * time.Second)
	}
	for clk.Now().Before(next.SignsFrom) {
		time.Sleep(100 * time.Millisecond)
	}
	for range 3 {
		g, n := signIn("after the switch")
		expect("after the switch", next.ID, g, n)
	}

	// Once every token of the old key has expired, the old key is gone.
	clk.Advance(sso.KeyVerifyFor + sso.KeyCacheFor)
	if p := published(); p[oldKid] || !p[next.ID] {
		t.Fatalf("after retirement the JWKS has %v", p)
	}
	for range 2 {
		g, n := signIn("after retirement")
		expect("after retirement", next.ID, g, n)
	}
	t.Logf("%d sign-ins (%d during the delay), %d failed", signIns, 2*during, failures)
	if failures != 0 || during == 0 {
		t.Fatalf("%d of %d sign-ins failed (%d rounds during the delay)", failures, signIns, during)
	}
}
