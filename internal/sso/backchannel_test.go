package sso_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/sso"
	"bidpass/internal/store/storetest"
)

// dnsAnswers is DNS for the tests: names the test owns, the rest from the
// system's resolver (localhost from /etc/hosts).
type dnsAnswers map[string][]string

func (d dnsAnswers) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	as, ok := d[host]
	if !ok {
		return net.DefaultResolver.LookupNetIP(ctx, network, host)
	}
	var out []netip.Addr
	for _, a := range as {
		out = append(out, netip.MustParseAddr(a))
	}
	return out, nil
}

func backchannelService(t *testing.T, issuer string, allow []string, dns dnsAnswers) *sso.Service {
	t.Helper()
	s, err := sso.New(sso.Deps{Store: storetest.SQLite(t), Sealer: testRing(t), Clock: clock.NewFake(time.Now()),
		Issuer: issuer, BackchannelAllowHosts: allow, Resolver: dns})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestBackchannelURIRefusedAtRegistration: a back-channel logout URI is
// https outside development and never names loopback, link-local, private,
// unspecified or multicast addresses, in any spelling, directly or through
// a name, unless its host is allow-listed.
func TestBackchannelURIRefusedAtRegistration(t *testing.T) {
	dns := dnsAnswers{
		"public.example":   {"93.184.216.34"},
		"internal.example": {"10.1.2.3"},
		"meta.example":     {"169.254.169.254"},
		"mixed.example":    {"93.184.216.34", "127.0.0.1"},
		"six.example":      {"2606:2800:220:1:248:1893:25c8:1946", "fd12::1"},
		"allowed.example":  {"10.9.9.9"},
	}
	s := backchannelService(t, "https://sso.example", []string{"allowed.example", "192.168.7.7"}, dns)
	cases := []struct {
		uri  string
		want string // the message, empty: accepted
	}{
		{"https://public.example/logout", ""},
		{"https://93.184.216.34/logout", ""},
		{"https://[2606:2800:220:1:248:1893:25c8:1946]/logout", ""},
		{"https://unresolvable.invalid/logout", ""}, // checked again at every send
		{"https://allowed.example/logout", ""},
		{"https://192.168.7.7:8443/logout", ""},
		{"https://ALLOWED.example./logout", ""},
		{"http://public.example/logout", "https"},
		{"ftp://public.example/logout", "https"},
		{"https://public.example/logout#x", "不含 #"},
		{"https://u:p@public.example/logout", "不含 #"},
		{"/logout", "不含 #"},
		{"https://127.0.0.1:6391/", "本机"},
		{"https://127.8.9.10/", "本机"},
		{"https://localhost/logout", "本机"},
		{"https://LocalHost./logout", "本机"},
		{"https://169.254.169.254/latest/meta-data/", "本机"},
		{"https://10.0.0.1/", "本机"},
		{"https://172.16.5.4/", "本机"},
		{"https://192.168.1.1/", "本机"},
		{"https://100.64.0.1/", "本机"},
		{"https://0.0.0.0/", "本机"},
		{"https://224.0.0.1/", "本机"},
		{"https://255.255.255.255/", "本机"},
		{"https://[::1]/", "本机"},
		{"https://[::]/", "本机"},
		{"https://[fe80::1]/", "本机"},
		{"https://[fe80::1%25eth0]/", "本机"},
		{"https://[fc00::1]/", "本机"},
		{"https://[fd12:3456::1]/", "本机"},
		{"https://[ff02::1]/", "本机"},
		{"https://[::ffff:127.0.0.1]/", "本机"},
		{"https://[::ffff:169.254.169.254]/", "本机"},
		{"https://[64:ff9b::7f00:1]/", "本机"},
		{"https://[2002:a00:1::]/", "本机"},
		{"https://[::127.0.0.1]/", "本机"},
		{"https://internal.example/logout", "本机"},
		{"https://meta.example/logout", "本机"},
		{"https://mixed.example/logout", "本机"},
		{"https://six.example/logout", "本机"},
		{"https://2130706433/", "标准写法"},
		{"https://0x7f000001/", "标准写法"},
		{"https://0177.0.0.1/", "标准写法"},
		{"https://127.1/", "标准写法"},
		{"https://0x7f.0.0.1/", "标准写法"},
		{"https://017700000001/", "标准写法"},
	}
	for i, c := range cases {
		_, _, err := s.Register(context.Background(), sso.NewClient{ID: "rp-" + string(rune('a'+i/26)) + string(rune('a'+i%26)), Name: "应用",
			RedirectURIs: []string{"https://rp.example/cb"}, BackchannelLogoutURI: c.uri})
		if c.want == "" {
			if err != nil {
				t.Errorf("%s refused: %v", c.uri, err)
			}
			continue
		}
		e, ok := apperr.As(err)
		if !ok || e.Kind != apperr.Invalid || !strings.Contains(e.Fields["backchannelLogoutUri"], c.want) {
			t.Errorf("%s: got %v, want a backchannelLogoutUri message with %q", c.uri, err, c.want)
		}
	}
	// Development (the provider on http) accepts http, not the loopback.
	dev := backchannelService(t, "http://127.0.0.1:8080", nil, dns)
	for uri, ok := range map[string]bool{"http://public.example/logout": true, "http://127.0.0.1:9000/logout": false} {
		if _, _, err := dev.Register(context.Background(), sso.NewClient{ID: "dev-" + strings.Split(uri, "/")[2][:3], Name: "应用",
			RedirectURIs: []string{"http://127.0.0.1:9000/cb"}, BackchannelLogoutURI: uri}); (err == nil) != ok {
			t.Errorf("development, %s: %v", uri, err)
		}
	}
}

// relyingParty is a back-channel endpoint on the loopback that counts what
// it receives.
type relyingParty struct {
	*httptest.Server
	got   atomic.Int32
	token atomic.Value
}

func newRelyingParty(t *testing.T, h http.HandlerFunc) *relyingParty {
	rp := &relyingParty{}
	rp.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rp.got.Add(1)
		if err := r.ParseForm(); err == nil {
			rp.token.Store(r.PostForm.Get("logout_token"))
		}
		if h != nil {
			h(w, r)
		}
	}))
	t.Cleanup(rp.Close)
	return rp
}

// TestBackchannelSendTimeCheck: at send time the host is resolved and
// every address checked, whatever the registration accepted (a row from
// before the policy, or a name that now resolves elsewhere): a relying party
// on 127.0.0.1 receives nothing unless its host is allow-listed, and then it
// receives the token. A redirect is not followed.
func TestBackchannelSendTimeCheck(t *testing.T) {
	ctx := context.Background()
	rp := newRelyingParty(t, nil)
	port := rp.Listener.Addr().(*net.TCPAddr).Port
	at := func(host string) string { return "http://" + net.JoinHostPort(host, itoa(port)) + "/backchannel" }
	dns := dnsAnswers{"rebind.example": {"127.0.0.1"}, "allowed.example": {"127.0.0.1"}}

	refusing := backchannelService(t, "http://127.0.0.1:1", nil, dns)
	for _, host := range []string{"127.0.0.1", "localhost", "rebind.example", "2130706433"} {
		if err := refusing.SendLogout(ctx, at(host), "tok"); err == nil {
			t.Errorf("sent to %s", host)
		}
	}
	if n := rp.got.Load(); n != 0 {
		t.Fatalf("the loopback relying party received %d requests", n)
	}
	// In production only https leaves: an http row from before the policy
	// is refused before any lookup.
	prod := backchannelService(t, "https://sso.example", []string{"127.0.0.1"}, dns)
	if err := prod.SendLogout(ctx, at("127.0.0.1"), "tok"); err == nil || rp.got.Load() != 0 {
		t.Fatalf("production sent over http: %v", err)
	}

	allowing := backchannelService(t, "http://127.0.0.1:1", []string{"allowed.example", "127.0.0.1"}, dns)
	for _, host := range []string{"allowed.example", "127.0.0.1"} {
		if err := allowing.SendLogout(ctx, at(host), "tok-"+host); err != nil {
			t.Fatalf("allow-listed %s: %v", host, err)
		}
		if got, _ := rp.token.Load().(string); got != "tok-"+host {
			t.Fatalf("allow-listed %s: the relying party got %q", host, got)
		}
	}
	if n := rp.got.Load(); n != 2 {
		t.Fatalf("%d requests, want 2", n)
	}
	// An allow-listed name does not let rebind.example through.
	if err := allowing.SendLogout(ctx, at("rebind.example"), "tok"); err == nil || rp.got.Load() != 2 {
		t.Fatalf("rebind.example: %v", err)
	}

	// A redirect (here to another allow-listed address) is not followed.
	target := newRelyingParty(t, nil)
	redirecting := newRelyingParty(t, func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, target.URL+"/elsewhere", http.StatusTemporaryRedirect)
	})
	err := allowing.SendLogout(ctx, redirecting.URL+"/backchannel", "tok")
	if err == nil || !strings.Contains(err.Error(), "307") || redirecting.got.Load() != 1 || target.got.Load() != 0 {
		t.Fatalf("redirect: %v; first %d, target %d requests", err, redirecting.got.Load(), target.got.Load())
	}
	// A relying party that never answers is given up on (the client's
	// timeout), with an error, not a hang.
	hang := newRelyingParty(t, func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() })
	if err := allowing.SendLogout(ctx, hang.URL, "tok"); err == nil || !errors.Is(err, context.DeadlineExceeded) && !strings.Contains(err.Error(), "Timeout") {
		t.Fatalf("a relying party that never answers: %v", err)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
