package httpapi

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"strings"
	"testing"
	"testing/fstest"
)

// TestGzipOnlyAssets: the build ships compressible assets as name.gz only
// (web/vite.config.ts precompressDist). They are served under their own name,
// as they are to a client that takes gzip and unpacked for one that does not;
// the build's bookkeeping under .vite is not served.
func TestGzipOnlyAssets(t *testing.T) {
	js := bytes.Repeat([]byte("console.log('登录');"), 200)
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	_, _ = zw.Write(js)
	_ = zw.Close()
	h := handleApp(fstest.MapFS{
		"index.html":             {Data: []byte(`<html><head><meta name="bidpass-config" content="{}"></head></html>`)},
		"assets/login-abc.js.gz": {Data: gz.Bytes()},
		"assets/logo-abc.png":    {Data: []byte("\x89PNG\r\n\x1a\n")},
		".vite/manifest.json":    {Data: []byte(`{}`)},
		".keep":                  {Data: nil},
	}, RuntimeConfig{}, nil, nil)

	res := do(t, h, "GET", "/assets/login-abc.js", "", "Accept-Encoding", "gzip, br")
	got, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "gzip" || !bytes.Equal(got, gz.Bytes()) {
		t.Fatalf("gzip client: %d %v, %d bytes", res.StatusCode, res.Header, len(got))
	}
	if ct := res.Header.Get("Content-Type"); ct != "text/javascript; charset=utf-8" && ct != "application/javascript" {
		t.Fatalf("content type %q", ct)
	}
	for range 2 { // unpacked once, the same bytes each time
		res = do(t, h, "GET", "/assets/login-abc.js", "")
		got, _ = io.ReadAll(res.Body)
		if res.Header.Get("Content-Encoding") != "" || !bytes.Equal(got, js) {
			t.Fatalf("plain client: %v, %d bytes", res.Header, len(got))
		}
	}
	for _, p := range []string{"/assets/login-abc.js.gz", "/.vite/manifest.json", "/.keep"} {
		if res := do(t, h, "GET", p, ""); res.StatusCode != 404 {
			t.Fatalf("%s: %d, want 404", p, res.StatusCode)
		}
	}
	if res := do(t, h, "GET", "/assets/logo-abc.png", "", "Accept-Encoding", "gzip"); res.StatusCode != 200 || res.Header.Get("Content-Encoding") != "" {
		t.Fatalf("png: %d %v", res.StatusCode, res.Header)
	}
}

// TestInlineBootScriptHash: the build writes the boot script into index.html (docs/decisions/frontend-load.md, "Front-end load").
// The page's response allows exactly that script by its hash (computed as the browser does,
// after CR LF became LF), never 'unsafe-inline'; scripts with src need none, and the other
// responses keep the plain policy.
func TestInlineBootScriptHash(t *testing.T) {
	boot := "(function () {\r\n  window.__boot = 1;\r\n})();"
	page := `<html><head><meta name="bidpass-config" content="{}"><script>` + boot + `</script>` +
		`<script type="module" crossorigin src="/assets/index-abc.js"></script></head><body></body></html>`
	h := secure(false, contentSecurityPolicy(nil), handleApp(fstest.MapFS{
		"index.html":          {Data: []byte(page)},
		"assets/index-abc.js": {Data: []byte("console.log(1)")},
	}, RuntimeConfig{SiteTitle: "测试"}, nil, nil))

	sum := sha256.Sum256([]byte(strings.ReplaceAll(boot, "\r\n", "\n")))
	want := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	for _, p := range []string{"/", "/index.html"} {
		csp := do(t, h, "GET", p, "").Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self' "+want+";") ||
			strings.Count(csp, "'sha256-") != 1 || !strings.Contains(csp, "frame-ancestors 'none'") {
			t.Fatalf("%s: csp %q, want script-src 'self' %s", p, csp, want)
		}
		if strings.Contains(strings.Split(strings.Split(csp, "script-src")[1], ";")[0], "unsafe-inline") {
			t.Fatalf("%s: script-src allows any inline script: %q", p, csp)
		}
	}
	if csp := do(t, h, "GET", "/assets/index-abc.js", "").Header.Get("Content-Security-Policy"); csp != contentSecurityPolicy(nil) {
		t.Fatalf("asset csp %q", csp)
	}
	// A page without inline scripts gets the policy unchanged.
	plain := secure(false, contentSecurityPolicy(nil), handleApp(fstest.MapFS{
		"index.html": {Data: []byte(`<html><head><script src="/boot.js"></script></head></html>`)},
	}, RuntimeConfig{}, nil, nil))
	if csp := do(t, plain, "GET", "/", "").Header.Get("Content-Security-Policy"); csp != contentSecurityPolicy(nil) {
		t.Fatalf("page without inline script: csp %q", csp)
	}
}

func TestWithScriptSources(t *testing.T) {
	got := withScriptSources("default-src 'self'; script-src 'self'; object-src 'none'", []string{"'sha256-a'", "'sha256-b'"})
	if got != "default-src 'self'; script-src 'self' 'sha256-a' 'sha256-b'; object-src 'none'" {
		t.Fatalf("got %q", got)
	}
}
