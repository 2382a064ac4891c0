package httpapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
	"bidpass/internal/graphiccode"
)

// loginPageFixture is index.html as the build writes it: the boot script inline, the
// prerendered login page with its graphic-code box's spinner between the marks.
const loginPageFixture = `<html><head><meta name="bidpass-config" content="{}"><script>window.__boot = 1;</script></head>` +
	`<body><div id="root"></div><div id="prerendered"><span data-testid="graphic-code">` + graphicCodeOpen +
	`<span class="spinner" role="presentation"></span>` + graphicCodeClose + `</span></div></body></html>`

func loginPageServer(t *testing.T, codes codeIssuer) http.Handler {
	t.Helper()
	return secure(false, contentSecurityPolicy(nil), handleApp(fstest.MapFS{
		"index.html": {Data: []byte(loginPageFixture)},
	}, RuntimeConfig{SiteTitle: "测试"}, codes, nil))
}

var pictureElement = regexp.MustCompile(`<img src="(data:image/png;base64,[A-Za-z0-9+/=]+)" alt="图形验证码" width="120" height="40" draggable="false" data-code-id="([a-z0-9]+)" elementtiming="graphic-code">`)

// body reads res's body, unpacking gzip.
func body(t *testing.T, res *http.Response) string {
	t.Helper()
	var r io.Reader = res.Body
	if res.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		r = zr
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestLoginPageCarriesAFreshGraphicCode: a browser's navigation to the page gets the login
// page with a new graphic code's picture in place of the spinner (docs/decisions/frontend-load.md, "Front-end load"), a code the
// service knows, a new one each time, never stored by a cache; the boot script's CSP hash
// and the runtime settings are in it as in the static page.
func TestLoginPageCarriesAFreshGraphicCode(t *testing.T) {
	codes, err := graphiccode.New(ephemeral.NewMemory(clock.System{}))
	if err != nil {
		t.Fatal(err)
	}
	h := loginPageServer(t, codes)
	static := do(t, h, "GET", "/", "")
	staticCSP := static.Header.Get("Content-Security-Policy")

	seen := map[string]bool{}
	for _, tc := range []struct{ path, encoding string }{{"/", "gzip, deflate, br"}, {"/index.html", ""}, {"/", "gzip"}} {
		res := do(t, h, "GET", tc.path, "", "Sec-Fetch-Dest", "document", "Sec-Fetch-Mode", "navigate", "Accept-Encoding", tc.encoding)
		page := body(t, res)
		m := pictureElement.FindStringSubmatch(page)
		if res.StatusCode != 200 || m == nil {
			t.Fatalf("%s (%q): %d, no picture in %q", tc.path, tc.encoding, res.StatusCode, page)
		}
		if strings.Contains(page, `class="spinner"`) || !strings.Contains(page, `&#34;siteTitle&#34;:&#34;测试&#34;`) {
			t.Fatalf("%s: the spinner stays or the runtime settings are missing: %q", tc.path, page)
		}
		if got := res.Header.Get("Cache-Control"); got != "no-store" || res.Header.Get("ETag") != "" {
			t.Fatalf("%s: Cache-Control %q, ETag %q: a page with a code must not be stored", tc.path, got, res.Header.Get("ETag"))
		}
		if (tc.encoding != "") != (res.Header.Get("Content-Encoding") == "gzip") {
			t.Fatalf("%s (%q): Content-Encoding %q", tc.path, tc.encoding, res.Header.Get("Content-Encoding"))
		}
		if got := res.Header.Get("Content-Security-Policy"); got != staticCSP || !strings.Contains(got, "'sha256-") {
			t.Fatalf("%s: csp %q, want the static page's %q", tc.path, got, staticCSP)
		}
		if got := res.Header.Values("Vary"); !strings.Contains(strings.Join(got, ","), "Sec-Fetch-Dest") {
			t.Fatalf("%s: Vary %v", tc.path, got)
		}
		id := m[2]
		if seen[id] {
			t.Fatalf("code %s served twice", id)
		}
		seen[id] = true
		text, err := codes.Peek(context.Background(), id)
		if err != nil || len(text) != graphiccode.Length {
			t.Fatalf("code %s: %q %v", id, text, err)
		}
		// The code in the page is an ordinary one: the right answer passes once.
		if err := codes.Check(context.Background(), id, text); err != nil {
			t.Fatalf("check %s: %v", id, err)
		}
	}
}

// TestLoginPageStaticUnlessNavigated: a GET that is not a browser's navigation (a crawler, a
// cache, a prefetch, a HEAD) issues no code and gets the static page, spinner and ETag included;
// a page whose build left no marks, or a server without codes, is served static as well.
func TestLoginPageStaticUnlessNavigated(t *testing.T) {
	counted := &countingIssuer{}
	h := loginPageServer(t, counted)
	for _, hdr := range [][]string{
		nil,
		{"Sec-Fetch-Dest", "empty"},
		{"Sec-Fetch-Dest", "iframe"},
		{"Sec-Fetch-Dest", "document", "Sec-Purpose", "prefetch;prerender"},
		{"Sec-Fetch-Dest", "document", "Purpose", "prefetch"},
	} {
		res := do(t, h, "GET", "/", "", hdr...)
		page := body(t, res)
		if res.StatusCode != 200 || !strings.Contains(page, `class="spinner"`) || strings.Contains(page, "<img") || res.Header.Get("ETag") == "" {
			t.Fatalf("%v: %d %v %q", hdr, res.StatusCode, res.Header, page)
		}
	}
	if res := do(t, h, "HEAD", "/", "", "Sec-Fetch-Dest", "document"); res.StatusCode != 200 {
		t.Fatalf("HEAD: %d", res.StatusCode)
	}
	if counted.n != 0 {
		t.Fatalf("%d codes issued for pages nobody is shown", counted.n)
	}

	noMarks := secure(false, contentSecurityPolicy(nil), handleApp(fstest.MapFS{
		"index.html": {Data: []byte(`<html><body><span data-testid="graphic-code"></span></body></html>`)},
	}, RuntimeConfig{}, counted, nil))
	noCodes := loginPageServer(t, nil)
	for _, h := range []http.Handler{noMarks, noCodes} {
		if page := body(t, do(t, h, "GET", "/", "", "Sec-Fetch-Dest", "document")); strings.Contains(page, "<img") {
			t.Fatalf("a picture without marks or codes: %q", page)
		}
	}
	if counted.n != 0 {
		t.Fatalf("%d codes issued for a page without marks", counted.n)
	}

	// A code that cannot be issued (the store is down) leaves the static page: boot.js asks itself.
	failing := loginPageServer(t, &countingIssuer{err: errors.New("store down")})
	res := do(t, failing, "GET", "/", "", "Sec-Fetch-Dest", "document")
	if page := body(t, res); res.StatusCode != 200 || !strings.Contains(page, `class="spinner"`) {
		t.Fatalf("store down: %d %q", res.StatusCode, page)
	}
}

type countingIssuer struct {
	n   int
	err error
}

func (c *countingIssuer) New(context.Context) (graphiccode.Code, error) {
	c.n++
	if c.err != nil {
		return graphiccode.Code{}, c.err
	}
	return graphiccode.Code{ID: "x", Image: "data:image/png;base64,AA=="}, nil
}

// BenchmarkLoginPage is the cost of a navigation's page: a graphic code and the gzip of the
// page around it (make bench).
func BenchmarkLoginPage(b *testing.B) {
	codes, err := graphiccode.New(ephemeral.NewMemory(clock.System{}))
	if err != nil {
		b.Fatal(err)
	}
	page := bytes.Repeat([]byte("<div class=\"_item_1nkwg_65\">登录</div>"), 450) // ~33 KB, as the built page
	page = append(append(page, []byte(graphicCodeOpen+"<span></span>"+graphicCodeClose)...), page...)
	h := handleApp(fstest.MapFS{"index.html": {Data: page}}, RuntimeConfig{}, codes, nil)
	req, _ := http.NewRequest("GET", "/", nil)
	req.Header.Set("Sec-Fetch-Dest", "document")
	req.Header.Set("Accept-Encoding", "gzip")
	b.ReportAllocs()
	for b.Loop() {
		w := &discardWriter{h: http.Header{}}
		h.ServeHTTP(w, req)
	}
}

type discardWriter struct{ h http.Header }

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (w *discardWriter) WriteHeader(int)             {}
