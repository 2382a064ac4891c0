// Package s3test starts a real S3-compatible HTTP server on loopback for
// tests: gofakes3 over an in-memory backend, behind a check of every
// request's SigV4 signature and, for a PUT, of the body against its signed
// hash, so a client that signs wrongly fails here as it would against a
// real store. It is the fallback for versitygw, which cannot be
// built here (docs/decisions/deployment.md,
// "Files on S3-compatible storage, PostgreSQL HA"). Only tests import it.
package s3test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"bidpass/internal/sigv4"
)

// The server's bucket and the only keys it accepts.
const (
	Bucket    = "bidpass-files"
	AccessKey = "bidpass-test"
	SecretKey = "bidpass-test-secret/with+symbols"
)

// Server is a running S3-compatible server with one bucket, Bucket.
type Server struct {
	URL     string
	mem     *s3mem.Backend
	Refused atomic.Int64 // requests refused for their signature or hash
	Puts    atomic.Int64 // PUT requests accepted
}

// Start starts a server, stopped when t ends.
func Start(t testing.TB) *Server {
	t.Helper()
	s := &Server{mem: s3mem.New()}
	if err := s.mem.CreateBucket(Bucket); err != nil {
		t.Fatal(err)
	}
	fake := gofakes3.New(s.mem).Server()
	keys := sigv4.Signer{AccessKey: AccessKey, SecretKey: SecretKey, Region: "us-east-1", Service: "s3"}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := keys.Verify(r); err != nil {
			s.Refused.Add(1)
			w.WriteHeader(http.StatusForbidden)
			_, _ = io.WriteString(w, "<Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message></Error>")
			return
		}
		if r.Method == http.MethodPut {
			body, err := io.ReadAll(r.Body)
			sum := sha256.Sum256(body)
			if err != nil || hex.EncodeToString(sum[:]) != r.Header.Get("X-Amz-Content-Sha256") || int64(len(body)) != r.ContentLength {
				s.Refused.Add(1)
				w.WriteHeader(http.StatusBadRequest)
				_, _ = io.WriteString(w, "<Error><Code>XAmzContentSHA256Mismatch</Code></Error>")
				return
			}
			s.Puts.Add(1)
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		fake.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	s.URL = ts.URL
	return s
}

// Objects counts the objects in the bucket, asking the server's storage
// directly rather than through a client under test.
func (s *Server) Objects(t testing.TB) int {
	t.Helper()
	list, err := s.mem.ListBucket(Bucket, nil, gofakes3.ListBucketPage{})
	if err != nil {
		t.Fatal(err)
	}
	return len(list.Contents)
}

// PutRaw stores an object directly in the server's storage, bypassing any
// client (for keys a client under test would refuse).
func (s *Server) PutRaw(t testing.TB, key, body string) {
	t.Helper()
	if _, err := s.mem.PutObject(Bucket, key, map[string]string{}, strings.NewReader(body), int64(len(body)), nil); err != nil {
		t.Fatal(err)
	}
}
