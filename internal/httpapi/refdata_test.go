package httpapi

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"testing"

	"bidpass/internal/refdata"
)

func TestRefdataEndpoints(t *testing.T) {
	d := testDeps(t, false)
	cat, err := refdata.Load(refdata.Options{HelpPhone: "400-123-4567"})
	if err != nil {
		t.Fatal(err)
	}
	d.RefData = cat
	h := NewServer(d)
	for _, path := range []string{"/api/common/areas", "/api/common/industries", "/api/common/config"} {
		res := do(t, h, "GET", path, "")
		if res.StatusCode != 200 || res.Header.Get("Cache-Control") != "public, max-age=3600" {
			t.Fatalf("%s: %d %q", path, res.StatusCode, res.Header.Get("Cache-Control"))
		}
		env := decodeEnvelope(t, res)
		if env.Code != 0 || env.Data == nil {
			t.Fatalf("%s: %+v", path, env)
		}
		etag := res.Header.Get("ETag")
		if len(etag) < 10 || etag[0] != '"' {
			t.Fatalf("%s: ETag %q is not strong", path, etag)
		}
		res = do(t, h, "GET", path, "", "If-None-Match", etag)
		if b, _ := io.ReadAll(res.Body); res.StatusCode != 304 || len(b) != 0 {
			t.Errorf("%s: revalidation %d with %d bytes", path, res.StatusCode, len(b))
		}
		if res := do(t, h, "GET", path, "", "If-None-Match", `"stale"`); res.StatusCode != 200 {
			t.Errorf("%s: stale tag answered %d", path, res.StatusCode)
		}

		// The gzip representation has its own tag and decodes to the same body.
		res = do(t, h, "GET", path, "", "Accept-Encoding", "gzip, deflate, br")
		if res.Header.Get("Content-Encoding") != "gzip" || res.Header.Get("ETag") == etag {
			t.Fatalf("%s: gzip %q etag %q", path, res.Header.Get("Content-Encoding"), res.Header.Get("ETag"))
		}
		zr, err := gzip.NewReader(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		var v envelope
		if err := json.NewDecoder(zr).Decode(&v); err != nil || v.Code != 0 {
			t.Fatalf("%s: gzip body: %v", path, err)
		}
		gzTag := res.Header.Get("ETag")
		if res := do(t, h, "GET", path, "", "Accept-Encoding", "gzip", "If-None-Match", gzTag); res.StatusCode != 304 {
			t.Errorf("%s: gzip revalidation %d", path, res.StatusCode)
		}
	}
	res := do(t, h, "GET", "/api/common/config", "")
	var body struct {
		Data refdata.Config `json:"data"`
	}
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil || body.Data.HelpPhone != "400-123-4567" {
		t.Errorf("help phone: %v %q", err, body.Data.HelpPhone)
	}
}

func TestETagMatches(t *testing.T) {
	for _, tt := range []struct {
		h    string
		want bool
	}{
		{`"abc"`, true}, {`W/"abc"`, true}, {`"x", "abc"`, true}, {`*`, true}, {``, false}, {`"ab"`, false}, {`abc`, false},
	} {
		if got := etagMatches(tt.h, `"abc"`); got != tt.want {
			t.Errorf("etagMatches(%q) = %v", tt.h, got)
		}
	}
}
