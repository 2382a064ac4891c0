package httpapi

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"strconv"
	"strings"
)

// refdataMaxAge lets a browser reuse the reference data for an hour without
// asking; after that it revalidates with If-None-Match and gets a 304 unless
// a deployment changed the data. An hour bounds how long a changed help
// phone or a new division code takes to reach open pages.
const refdataCacheControl = "public, max-age=3600"

// handleAreas serves GET /api/common/areas: the province → city → district
// tree in antd Cascader's {value, label, children} shape.
func handleAreas(d Deps) http.Handler {
	return newStaticJSON(d.RefData.AreasJSON())
}

// handleIndustries serves GET /api/common/industries: the GB/T 4754-2017 tree.
func handleIndustries(d Deps) http.Handler {
	return newStaticJSON(d.RefData.IndustriesJSON())
}

// handleConfig serves GET /api/common/config: certificate types, capital
// units, currencies, enterprise types, library roles, state dictionaries and
// the help phone.
func handleConfig(d Deps) http.Handler {
	return newStaticJSON(withCatalogue(d.RefData.ConfigJSON()))
}

// staticJSON is a success envelope rendered once at start, plain and
// gzipped, each with its strong ETag (a hash of exactly the bytes sent), so
// a request costs a header comparison and one write.
type staticJSON struct {
	plain, gz representation
}

type representation struct {
	body []byte
	etag string
}

func newRepresentation(b []byte) representation {
	sum := sha256.Sum256(b)
	return representation{body: b, etag: `"` + base64.RawURLEncoding.EncodeToString(sum[:18]) + `"`}
}

func newStaticJSON(data []byte) *staticJSON {
	var b bytes.Buffer
	b.WriteString(`{"code":0,"msg":"` + msgOK + `","data":`)
	b.Write(data)
	b.WriteString("}\n")
	plain := b.Bytes()

	var z bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
	_, _ = zw.Write(plain)
	_ = zw.Close()
	return &staticJSON{plain: newRepresentation(plain), gz: newRepresentation(z.Bytes())}
}

func (s *staticJSON) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	rep := s.plain
	h := w.Header()
	h.Set("Vary", "Accept-Encoding")
	if acceptsGzip(r.Header.Get("Accept-Encoding")) {
		rep = s.gz
		h.Set("Content-Encoding", "gzip")
	}
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", refdataCacheControl)
	h.Set("ETag", rep.etag)
	if etagMatches(r.Header.Get("If-None-Match"), rep.etag) {
		h.Del("Content-Encoding")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(rep.body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(rep.body)
	}
}

// acceptsGzip reads Accept-Encoding loosely: gzip listed and not refused
// with q=0.
func acceptsGzip(h string) bool {
	for part := range strings.SplitSeq(h, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") {
			q := strings.ReplaceAll(params, " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}

// etagMatches implements If-None-Match's weak comparison (RFC 9110 13.1.2):
// "*" or any listed tag equal to etag, with or without W/.
func etagMatches(header, etag string) bool {
	if header == "" {
		return false
	}
	for tag := range strings.SplitSeq(header, ",") {
		tag = strings.TrimPrefix(strings.TrimSpace(tag), "W/")
		if tag == "*" || tag == etag {
			return true
		}
	}
	return false
}
