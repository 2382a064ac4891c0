package httpapi

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"html"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strings"
)

// asset is one file of the built app, held in memory with its gzip form
// (compressed once at start, not per request).
type asset struct {
	body        []byte
	gz          []byte // nil when compression does not pay
	contentType string
	etag        string
	immutable   bool
}

func newAsset(name string, body []byte, immutable bool) *asset {
	ct := mime.TypeByExtension(path.Ext(name))
	if ct == "" {
		ct = http.DetectContentType(body)
	}
	sum := sha256.Sum256(body)
	a := &asset{body: body, contentType: ct, etag: `"` + hex.EncodeToString(sum[:8]) + `"`, immutable: immutable}
	if compressible(ct) && len(body) > 512 {
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

func compressible(ct string) bool {
	for _, p := range []string{"text/", "application/javascript", "application/json", "image/svg+xml", "application/wasm"} {
		if strings.HasPrefix(ct, p) {
			return true
		}
	}
	return false
}

func (a *asset) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", a.contentType)
	h.Set("ETag", a.etag)
	h.Add("Vary", "Accept-Encoding")
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
	body := a.body
	if a.gz != nil && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
		h.Set("Content-Encoding", "gzip")
		body = a.gz
	}
	if r.Method == http.MethodHead {
		return
	}
	_, _ = w.Write(body)
}

const notBuiltPage = `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>bidpass</title>
<p>前端尚未构建：请运行 <code>make build</code>（或 <code>make run</code>）。</p>`

// handleApp serves the embedded React app: index.html (with the runtime
// configuration injected, never cached) at /, hashed assets as immutable.
// Other paths are 404: the app uses hash routes, so the server has no
// client-side paths to fall back for.
func handleApp(dist fs.FS, rc RuntimeConfig) http.Handler {
	assets := map[string]*asset{}
	if dist != nil {
		_ = fs.WalkDir(dist, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || strings.HasPrefix(path.Base(p), ".") {
				return err
			}
			b, err := fs.ReadFile(dist, p)
			if err != nil {
				return err
			}
			if p == "index.html" {
				b = injectRuntime(b, rc)
			}
			assets["/"+p] = newAsset(p, b, strings.HasPrefix(p, "assets/"))
			return nil
		})
	}
	index, ok := assets["/index.html"]
	if !ok {
		index = newAsset("index.html", []byte(notBuiltPage), false)
	}
	assets["/"] = index
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			respondError(w, r, errMethod)
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
