package httpapi

import (
	"io/fs"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
	"bidpass/internal/graphiccode"
	"bidpass/web"
)

// TestBuiltLoginPageHasItsFirstPaint: the login page as the build made it (web/dist, embedded)
// and as the server answers a browser's navigation carries everything its first paint shows, so
// that the paint waits for no second request and no script (docs/decisions/frontend-load.md,
// "The login page's first paint"): the prerendered form with its fields and 登录, and the first
// graphic code's picture inline (a data: URL, not stored by a cache); no stylesheet link and no
// classic script from the network in the document (the inline boot script costs no round trip;
// module scripts run after parsing). Skipped only when the app was not built (make test builds
// it before the Go tests).
func TestBuiltLoginPageHasItsFirstPaint(t *testing.T) {
	dist, err := fs.Sub(web.Dist, "dist")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := fs.Stat(dist, "index.html"); err != nil {
		t.Skip("web/dist not built (make web)")
	}
	codes, err := graphiccode.New(ephemeral.NewMemory(clock.System{}))
	if err != nil {
		t.Fatal(err)
	}
	h := secure(false, contentSecurityPolicy(nil), handleApp(dist, RuntimeConfig{SiteTitle: "测试"}, codes, nil))
	res := do(t, h, "GET", "/", "", "Sec-Fetch-Dest", "document", "Sec-Fetch-Mode", "navigate", "Accept-Encoding", "gzip")
	if res.StatusCode != 200 || res.Header.Get("Cache-Control") != "no-store" {
		t.Fatalf("navigation: %d, Cache-Control %q", res.StatusCode, res.Header.Get("Cache-Control"))
	}
	doc, err := html.Parse(strings.NewReader(body(t, res)))
	if err != nil {
		t.Fatal(err)
	}

	var copyNode *html.Node
	for n := range doc.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		switch {
		case n.Data == "script" && attr(n, "src") != "" && attr(n, "type") != "module" && !has(n, "async") && !has(n, "defer"):
			t.Errorf("a classic script from the network blocks the first paint: %s", attr(n, "src"))
		case n.Data == "link" && strings.Contains(" "+attr(n, "rel")+" ", " stylesheet ") && attr(n, "media") != "print":
			t.Errorf("a stylesheet link blocks the first paint: %s", attr(n, "href"))
		case attr(n, "id") == "prerendered":
			copyNode = n
		}
	}
	if copyNode == nil {
		t.Fatal("no prerendered login page (#prerendered) in the HTML")
	}
	var form *html.Node
	for n := range copyNode.Descendants() {
		if n.Type == html.ElementNode && n.Data == "form" && attr(n, "data-testid") == "login-form" {
			form = n
		}
	}
	if form == nil {
		t.Fatal("the prerendered page has no login form")
	}
	inputs, submit, picture := map[string]bool{}, false, false
	for n := range form.Descendants() {
		if n.Type != html.ElementNode {
			continue
		}
		switch {
		case n.Data == "input":
			inputs[attr(n, "id")] = true
		case n.Data == "button" && attr(n, "type") == "submit" && strings.ReplaceAll(text(n), " ", "") == "登录":
			submit = true
		case n.Data == "img" && strings.HasPrefix(attr(n, "src"), "data:image/png;base64,") && attr(n, "data-code-id") != "":
			if _, err := codes.Peek(t.Context(), attr(n, "data-code-id")); err != nil {
				t.Errorf("the page's graphic code is not a live one: %v", err)
			}
			picture = true
		}
	}
	for _, id := range []string{"userName", "password", "graphicCode"} {
		if !inputs[id] {
			t.Errorf("the login form has no field #%s", id)
		}
	}
	if !submit || !picture {
		t.Errorf("the login form's 登录 button: %v, the first graphic code's picture inline: %v", submit, picture)
	}
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

func has(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Key == key {
			return true
		}
	}
	return false
}

func text(n *html.Node) string {
	var b strings.Builder
	for d := range n.Descendants() {
		if d.Type == html.TextNode {
			b.WriteString(d.Data)
		}
	}
	return b.String()
}
