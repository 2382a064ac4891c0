package httpapi

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"html"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"bidpass/internal/ephemeral"
	"bidpass/internal/graphiccode"
)

// The build marks the content of the graphic-code box in the prerendered login page
// (web/vite.config.ts, forTheServer) with these comments.
const (
	graphicCodeOpen  = "<!--graphic-code-->"
	graphicCodeClose = "<!--/graphic-code-->"
)

// codeIssuer issues a graphic code (graphiccode.Service).
type codeIssuer interface {
	New(ctx context.Context) (graphiccode.Code, error)
}

// loginPage serves index.html to a browser's navigation with a fresh graphic code's picture
// in the prerendered login page, where the build left a spinner (docs/decisions/frontend-load.md, "Front-end load"). The picture is then
// part of the page's first paint: no script has to run and no request has to come back before
// the login page, its largest element included, is on screen. public/boot.js takes the code
// from the picture and asks for none.
//
// Any other GET of the page (a crawler, a cache, a client that sends no Sec-Fetch-Dest) gets the
// static page with the spinner, and boot.js asks for a code as before. A navigation's page is
// never stored (no-store): a code is used once, and a page shown again from a cache or by Back
// would carry a spent one.
type loginPage struct {
	static *asset
	// before and after are the page around the box's content; nil when the page has no marks.
	before, after []byte
	codes         codeIssuer
	log           *slog.Logger
	gzips         sync.Pool
}

func newLoginPage(static *asset, page []byte, codes codeIssuer, log *slog.Logger) *loginPage {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	p := &loginPage{static: static, codes: codes, log: log}
	open := bytes.Index(page, []byte(graphicCodeOpen))
	closing := bytes.Index(page, []byte(graphicCodeClose))
	if codes != nil && open >= 0 && closing > open {
		p.before = page[:open]
		p.after = page[closing+len(graphicCodeClose):]
	}
	return p
}

// navigation reports whether r is a browser loading the page to show it: the browser says so in
// Sec-Fetch-Dest (every current one does); a prefetch is not shown yet and may never be.
func navigation(r *http.Request) bool {
	return r.Method == http.MethodGet && r.Header.Get("Sec-Fetch-Dest") == "document" &&
		!strings.Contains(r.Header.Get("Sec-Purpose"), "prefetch") && r.Header.Get("Purpose") != "prefetch"
}

func (p *loginPage) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Add("Vary", "Sec-Fetch-Dest")
	if p.before == nil || !navigation(r) {
		p.static.serve(w, r)
		return
	}
	code, err := p.codes.New(r.Context())
	if err != nil {
		// The page works without: boot.js asks for a code, and that request reports the error
		// (a client over its budget is told there, 操作过于频繁; that is no fault of ours).
		if !errors.Is(err, errThrottled) {
			p.log.WarnContext(r.Context(), "login page without a graphic code", "err", err)
		}
		p.static.serve(w, r)
		return
	}
	picture := `<img src="` + html.EscapeString(code.Image) + `" alt="图形验证码" width="` + strconv.Itoa(graphiccode.Width) +
		`" height="` + strconv.Itoa(graphiccode.Height) + `" draggable="false" data-code-id="` + html.EscapeString(code.ID) +
		// elementtiming lets a page's observer (make bench) see when the picture was painted.
		`" elementtiming="graphic-code">`

	h := w.Header()
	p.static.setPageHeaders(h)
	h.Set("Cache-Control", "no-store")
	if !acceptsGzip(r.Header.Get("Accept-Encoding")) {
		p.write(w, picture)
		return
	}
	h.Set("Content-Encoding", "gzip")
	zw, _ := p.gzips.Get().(*gzip.Writer)
	if zw == nil {
		// The default level: the page is ~33 KB, made for each navigation (make bench: BenchmarkLoginPage).
		zw = gzip.NewWriter(w)
	} else {
		zw.Reset(w)
	}
	p.write(zw, picture)
	_ = zw.Close()
	p.gzips.Put(zw)
}

func (p *loginPage) write(w io.Writer, picture string) {
	_, _ = w.Write(p.before)
	_, _ = w.Write([]byte(picture))
	_, _ = w.Write(p.after)
}

// graphicCodesOf is how the server issues d's graphic codes to clients, by POST
// /api/auth/verifycode and in the login page alike: at most d.GraphicCodesPerMinute to one
// client address, the two ways sharing that budget. A code costs a picture (about a
// millisecond) and an entry in the shared store for two minutes; unthrottled, one address
// could fill the store. nil when there are no codes (a nil *graphiccode.Service inside the
// interface would not compare equal to nil).
func graphicCodesOf(d Deps) codeIssuer {
	if d.GraphicCodes == nil {
		return nil
	}
	return budgetedCodes{codes: d.GraphicCodes, store: d.Ephemeral, perMinute: int64(d.GraphicCodesPerMinute)}
}

// budgetedCodes issues codes within a client address's budget (graphicCodesOf).
type budgetedCodes struct {
	codes     codeIssuer
	store     ephemeral.Store
	perMinute int64
}

func (b budgetedCodes) New(ctx context.Context) (graphiccode.Code, error) {
	if err := spend(ctx, b.store, "graphiccode", b.perMinute); err != nil {
		return graphiccode.Code{}, err
	}
	return b.codes.New(ctx)
}
