package httpapi

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"html"
	"io"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"path"
	"regexp"
	"strings"
	"sync"
)

// asset is one file of the built app, held in memory with its gzip form.
// The build ships most assets gzip-only (name.gz, web/vite.config.ts
// precompressDist): the binary carries a quarter of the bytes and the server
// compresses nothing at start. The plain form of those is made on the first
// request of a client that does not take gzip, once.
type asset struct {
	body        []byte // nil until plain() for a gzip-only asset
	gz          []byte // nil when compression does not pay
	contentType string
	etag        string
	immutable   bool
	unzip       sync.Once
	// scriptSources are the CSP hashes of the page's inline scripts (index.html's boot
	// script), added to script-src on this response only.
	scriptSources []string
}

func newAsset(name string, body []byte, immutable bool) *asset {
	a := &asset{body: body, contentType: contentTypeOf(name, body), etag: etagOf(body), immutable: immutable}
	if compressible(a.contentType) && len(body) > 512 {
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		_, _ = zw.Write(body)
		_ = zw.Close()
		if b.Len() < len(body) {
			a.gz = b.Bytes()
		}
	}
	return a
}

// newGzipAsset is an asset the build stored compressed only (name is without .gz).
func newGzipAsset(name string, gz []byte, immutable bool) *asset {
	return &asset{gz: gz, contentType: contentTypeOf(name, nil), etag: etagOf(gz), immutable: immutable}
}

func contentTypeOf(name string, body []byte) string {
	if ct := mime.TypeByExtension(path.Ext(name)); ct != "" {
		return ct
	}
	return http.DetectContentType(body)
}

func etagOf(b []byte) string {
	sum := sha256.Sum256(b)
	return `"` + hex.EncodeToString(sum[:8]) + `"`
}

// plain is the uncompressed body, made from gz once if the build shipped gz only.
func (a *asset) plain() []byte {
	a.unzip.Do(func() {
		if a.body != nil {
			return
		}
		zr, err := gzip.NewReader(bytes.NewReader(a.gz))
		if err == nil {
			a.body, err = io.ReadAll(zr)
		}
		if err != nil {
			// The build wrote this file; a corrupt one is a broken build, not a client's fault.
			panic("static asset: bad gzip: " + err.Error())
		}
	})
	return a.body
}

func compressible(ct string) bool {
	for _, p := range []string{"text/", "application/javascript", "application/json", "image/svg+xml", "application/wasm"} {
		if strings.HasPrefix(ct, p) {
			return true
		}
	}
	return false
}

// setPageHeaders sets what every response of the asset carries, whatever its body: the CSP
// allowing its inline scripts, its type, and Vary on the encoding.
func (a *asset) setPageHeaders(h http.Header) {
	if csp := h.Get("Content-Security-Policy"); csp != "" && len(a.scriptSources) > 0 {
		h.Set("Content-Security-Policy", withScriptSources(csp, a.scriptSources))
	}
	h.Set("Content-Type", a.contentType)
	h.Add("Vary", "Accept-Encoding")
}

func (a *asset) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	a.setPageHeaders(h)
	h.Set("ETag", a.etag)
	if a.immutable {
		// Hashed names change whenever the content does.
		h.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	if r.Header.Get("If-None-Match") == a.etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	var body []byte
	if a.gz != nil && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		h.Set("Content-Encoding", "gzip")
		body = a.gz
	} else {
		body = a.plain()
	}
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(body)
}

const notBuiltPage = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>bidpass</title>
<p>前端尚未构建：请运行 <code>make build</code>（或 <code>make run</code>）。</p>`

// handleApp serves the embedded React app: index.html (with the runtime
// configuration injected, never cached; with a graphic code in the login page
// for a browser's navigation, loginpage.go) at /, hashed assets as immutable.
// Other paths are 404: the app uses hash routes, so the server has no
// client-side paths to fall back for. codes may be nil (no graphic codes in the page).
func handleApp(dist fs.FS, rc RuntimeConfig, codes codeIssuer, log *slog.Logger) http.Handler {
	assets := map[string]*asset{}
	var page []byte
	if dist != nil {
		_ = fs.WalkDir(dist, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if strings.HasPrefix(path.Base(p), ".") && p != "." {
				// .keep, and .vite/manifest.json (the build's own bookkeeping)
				if d.IsDir() {
					return fs.SkipDir
				}
				return nil
			}
			if d.IsDir() {
				return nil
			}
			b, err := fs.ReadFile(dist, p)
			if err != nil {
				return err
			}
			immutable := strings.HasPrefix(p, "assets/")
			switch {
			case p == "index.html":
				page = injectRuntime(b, rc)
				a := newAsset(p, page, false)
				a.scriptSources = inlineScriptHashes(page)
				assets["/"+p] = a
			case strings.HasSuffix(p, ".gz"):
				name := strings.TrimSuffix(p, ".gz")
				assets["/"+name] = newGzipAsset(name, b, immutable)
			default:
				assets["/"+p] = newAsset(p, b, immutable)
			}
			return nil
		})
	}
	index, ok := assets["/index.html"]
	if !ok {
		index = newAsset("index.html", []byte(notBuiltPage), false)
	}
	login := newLoginPage(index, page, codes, log)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			respondError(w, r, errMethod)
			return
		}
		if r.URL.Path == "/" || r.URL.Path == "/index.html" {
			login.ServeHTTP(w, r)
			return
		}
		a, ok := assets[r.URL.Path]
		if !ok {
			http.Error(w, "404 请求地址出错", http.StatusNotFound)
			return
		}
		a.serve(w, r)
	})
}

// injectRuntime fills the content of <meta name="bidpass-config" content="{}">.
func injectRuntime(index []byte, rc RuntimeConfig) []byte {
	js, _ := json.Marshal(rc)
	const tag = `<meta name="bidpass-config" content="{}"`
	return bytes.Replace(index, []byte(tag), []byte(`<meta name="bidpass-config" content="`+html.EscapeString(string(js))+`"`), 1)
}

var (
	scriptElement = regexp.MustCompile(`(?is)<script\b([^>]*)>(.*?)</script\s*>`)
	srcAttribute  = regexp.MustCompile(`(?i)(^|\s)src\s*=`)
)

// inlineScriptHashes returns the CSP sources ('sha256-…') that allow exactly the inline
// scripts of page: the build writes public/boot.js into index.html (web/vite.config.ts,
// routePreloads) so the graphic code is asked for before the preload scanner queues the
// page's chunks (docs/decisions/frontend-load.md, "Front-end load"), and script-src must allow that script and no other inline
// one ('unsafe-inline' never). The hash is the browser's: of the element's text after
// the HTML parser has turned CR LF and CR into LF.
func inlineScriptHashes(page []byte) []string {
	var out []string
	for _, m := range scriptElement.FindAllSubmatch(page, -1) {
		if srcAttribute.Match(m[1]) {
			continue
		}
		text := bytes.ReplaceAll(m[2], []byte("\r\n"), []byte("\n"))
		text = bytes.ReplaceAll(text, []byte("\r"), []byte("\n"))
		sum := sha256.Sum256(text)
		out = append(out, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
	}
	return out
}
