package httpapi

import (
	"encoding/json"
	"html"
	"io"
	"regexp"
	"strings"
	"testing"
)

// TestCSPConnectSrcIsExactlyTheLocalServices: the page may call its own
// origin and the configured loopback origins of the USB-key services, each
// once, and nothing else; the app learns the same origins by vendor.
func TestCSPConnectSrcIsExactlyTheLocalServices(t *testing.T) {
	d := testDeps(t, true)
	d.Runtime.CertServices = map[string][]string{
		"bjca":    {"ws://127.0.0.1:21051", "wss://127.0.0.1:21061"},
		"netca":   {"wss://127.0.0.1:10443"},
		"longmai": {"http://127.0.0.1:51235", "ws://127.0.0.1:21051"},
	}
	res := do(t, NewServer(d), "GET", "/", "")
	csp := res.Header.Get("Content-Security-Policy")
	m := regexp.MustCompile(`(?:^|; )connect-src ([^;]*)`).FindStringSubmatch(csp)
	if m == nil {
		t.Fatalf("no connect-src: %q", csp)
	}
	want := "'self' http://127.0.0.1:51235 ws://127.0.0.1:21051 wss://127.0.0.1:10443 wss://127.0.0.1:21061"
	if m[1] != want {
		t.Fatalf("connect-src %q, want %q", m[1], want)
	}
	body, _ := io.ReadAll(res.Body)
	meta := regexp.MustCompile(`name="bidpass-config" content="([^"]*)"`).FindSubmatch(body)
	if meta == nil {
		t.Fatalf("no runtime config: %s", body)
	}
	var rc RuntimeConfig
	if err := json.Unmarshal([]byte(html.UnescapeString(string(meta[1]))), &rc); err != nil {
		t.Fatal(err)
	}
	if strings.Join(rc.CertServices["bjca"], " ") != "ws://127.0.0.1:21051 wss://127.0.0.1:21061" {
		t.Fatalf("runtime certServices: %+v", rc.CertServices)
	}

	// None configured: the page reaches its own origin only, and every response says so.
	d.Runtime.CertServices = nil
	for _, path := range []string{"/", "/healthz"} {
		res = do(t, NewServer(d), "GET", path, "")
		if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "connect-src 'self'; ") {
			t.Fatalf("%s: %q", path, csp)
		}
	}
}
