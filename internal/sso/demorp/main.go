// Command demorp is a demonstration relying party: a few lines of
// coreos/go-oidc and golang.org/x/oauth2 that sign a user in through
// bidpass (a public client, or a confidential one when DEMORP_CLIENT_SECRET
// holds its secret; PKCE either way) and show the ID token's claims. The
// browser test runs it; docs/sso.md shows the same calls.
//
//	go run ./internal/sso/demorp --issuer http://127.0.0.1:8080 --client-id demo --addr 127.0.0.1:9000
package main

import (
	"context"
	"crypto/rand"
	"encoding/json"
	"flag"
	"fmt"
	"html"
	"log"
	"net"
	"net/http"
	"os"
	"sync"

	"github.com/coreos/go-oidc/v3/oidc"
	"golang.org/x/oauth2"
)

func main() {
	issuer := flag.String("issuer", "", "bidpass's BIDPASS_PUBLIC_URL")
	clientID := flag.String("client-id", "demo", "the registered client id")
	addr := flag.String("addr", "127.0.0.1:9000", "listen address; the redirect URI is http://ADDR/callback")
	flag.Parse()
	ctx := context.Background()
	provider, err := oidc.NewProvider(ctx, *issuer)
	if err != nil {
		log.Fatal(err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	// The secret comes from the environment, not a flag: a command line is visible to every
	// user of the machine.
	conf := &oauth2.Config{ClientID: *clientID, ClientSecret: os.Getenv("DEMORP_CLIENT_SECRET"), Endpoint: provider.Endpoint(), RedirectURL: "http://" + ln.Addr().String() + "/callback",
		Scopes: []string{oidc.ScopeOpenID, "profile"}}
	verifier := provider.Verifier(&oidc.Config{ClientID: *clientID})

	// One pending sign-in per state (a demo keeps them in memory).
	var mu sync.Mutex
	pending := map[string]string{} // state → PKCE verifier
	http.HandleFunc("/favicon.ico", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		state, pkce := rand.Text(), oauth2.GenerateVerifier()
		mu.Lock()
		pending[state] = pkce
		mu.Unlock()
		opts := []oauth2.AuthCodeOption{oauth2.S256ChallengeOption(pkce)}
		// /?prompt=none: a silent sign-in; /?acr_values=…, /?claims=…, /?max_age=…: the
		// authentication the relying party requires (docs/sso.md, "Authentication context (amr, acr)").
		for _, k := range []string{"prompt", "acr_values", "claims", "max_age"} {
			if v := r.URL.Query().Get(k); v != "" {
				opts = append(opts, oauth2.SetAuthURLParam(k, v))
			}
		}
		http.Redirect(w, r, conf.AuthCodeURL(state, opts...), http.StatusFound)
	})
	http.HandleFunc("/callback", func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		pkce, ok := pending[r.URL.Query().Get("state")]
		delete(pending, r.URL.Query().Get("state"))
		mu.Unlock()
		if !ok {
			http.Error(w, "unknown state", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if e := r.URL.Query().Get("error"); e != "" { // the provider's answer, e.g. login_required
			fmt.Fprintf(w, "<!doctype html><title>演示应用</title><h1>未登录</h1><pre id=\"error\">%s</pre>", html.EscapeString(e))
			return
		}
		tok, err := conf.Exchange(r.Context(), r.URL.Query().Get("code"), oauth2.VerifierOption(pkce))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		raw, _ := tok.Extra("id_token").(string)
		idt, err := verifier.Verify(r.Context(), raw)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		var claims map[string]any
		_ = idt.Claims(&claims)
		b, _ := json.MarshalIndent(claims, "", "  ")
		fmt.Fprintf(w, "<!doctype html><title>演示应用</title><h1>已通过 bidpass 登录</h1><pre id=\"claims\">%s</pre>", html.EscapeString(string(b)))
	})
	fmt.Printf("demorp listening on http://%s\n", ln.Addr())
	log.Fatal(http.Serve(ln, nil))
}
