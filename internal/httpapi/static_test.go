package httpapi

import (
	"bytes"
	"compress/gzip"
	"io"
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
	}, RuntimeConfig{})

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
