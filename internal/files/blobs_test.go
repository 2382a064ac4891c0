package files

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"bidpass/internal/sigv4"
)

// backend opens one kind of Blobs for a test: the blobs, the directory
// where Put writes temporary files, and a count of the blobs stored.
type backend struct {
	name string
	open func(t testing.TB) (Blobs, string, func(testing.TB) int)
}

var diskBackend = backend{"disk", func(t testing.TB) (Blobs, string, func(testing.TB) int) {
	dir := t.TempDir()
	d, err := NewDisk(dir)
	if err != nil {
		t.Fatal(err)
	}
	return d, dir, func(t testing.TB) int {
		n := 0
		err := filepath.WalkDir(dir, func(_ string, e fs.DirEntry, err error) error {
			if err == nil && e.Type().IsRegular() && !strings.HasPrefix(e.Name(), tempPrefix) {
				n++
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
}}

// s3Backend is the production S3 client talking HTTP to an S3-compatible
// server started for the test (gofakes3 over an in-memory backend, the
// issue's fallback: versitygw cannot be built here, docs/decisions.md).
var s3Backend = backend{"s3", func(t testing.TB) (Blobs, string, func(testing.TB) int) {
	srv := startS3(t)
	return srv.client(t), srv.spool, srv.objects
}}

// backends are the Blobs every contract test runs on.
var backends = []backend{diskBackend, s3Backend}

// eachBackend runs fn on a fresh fixture over each backend.
func eachBackend(t *testing.T, fn func(t *testing.T, fx *fixture)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { fn(t, newFixtureOn(t, b)) })
	}
}

const (
	testBucket    = "bidpass-files"
	testAccessKey = "bidpass-test"
	testSecretKey = "bidpass-test-secret/with+symbols"
)

// s3Server is a real S3-compatible HTTP server on loopback. Every request
// must carry a valid SigV4 signature by the test keys and, for a PUT, a
// body matching its signed hash: a client that signs wrongly fails here as
// it would against a real store.
type s3Server struct {
	url     string
	mem     *s3mem.Backend
	spool   string
	refused atomic.Int64 // requests refused for their signature or hash
	puts    atomic.Int64
}

func startS3(t testing.TB) *s3Server {
	t.Helper()
	s := &s3Server{mem: s3mem.New(), spool: t.TempDir()}
	if err := s.mem.CreateBucket(testBucket); err != nil {
		t.Fatal(err)
	}
	fake := gofakes3.New(s.mem).Server()
	keys := sigv4.Signer{AccessKey: testAccessKey, SecretKey: testSecretKey, Region: "us-east-1", Service: "s3"}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := keys.Verify(r); err != nil {
			s.refused.Add(1)
			http.Error(w, "<Error><Code>SignatureDoesNotMatch</Code></Error>", http.StatusForbidden)
			return
		}
		if r.Method == http.MethodPut {
			s.puts.Add(1)
			body, err := io.ReadAll(r.Body)
			sum := sha256.Sum256(body)
			if err != nil || hex.EncodeToString(sum[:]) != r.Header.Get("X-Amz-Content-Sha256") || int64(len(body)) != r.ContentLength {
				s.refused.Add(1)
				http.Error(w, "<Error><Code>XAmzContentSHA256Mismatch</Code></Error>", http.StatusBadRequest)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		fake.ServeHTTP(w, r)
	}))
	t.Cleanup(ts.Close)
	s.url = ts.URL
	return s
}

// client is the production client for this server, path-style as for
// MinIO.
func (s *s3Server) client(t testing.TB) *S3 {
	t.Helper()
	c, err := NewS3(S3Config{Endpoint: s.url, Bucket: testBucket, AccessKey: testAccessKey, SecretKey: testSecretKey,
		PathStyle: true, SpoolDir: s.spool})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Check(context.Background()); err != nil {
		t.Fatal(err)
	}
	return c
}

// objects counts the objects in the bucket, asking the server's storage
// directly rather than through the client under test.
func (s *s3Server) objects(t testing.TB) int {
	t.Helper()
	list, err := s.mem.ListBucket(testBucket, nil, gofakes3.ListBucketPage{})
	if err != nil {
		t.Fatal(err)
	}
	return len(list.Contents)
}

// TestBlobsContract is what Service relies on from any Blobs: what was
// put opens byte for byte; a Put whose reader fails leaves nothing under
// the key and no temporary file; an absent key opens as ErrNotFound and
// deletes without error; keys that are not file ids are refused.
func TestBlobsContract(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			blobs, dir, stored := b.open(t)
			ctx := context.Background()
			key := strings.Repeat("c", 32)
			data := append(append([]byte{}, jpegBytes...), bytes.Repeat([]byte("证"), 300<<10)...) // ~1 MB
			n, err := blobs.Put(ctx, key, bytes.NewReader(data))
			if err != nil || n != int64(len(data)) {
				t.Fatalf("Put = %d, %v", n, err)
			}
			rc, err := blobs.Open(ctx, key)
			if err != nil {
				t.Fatal(err)
			}
			got, err := io.ReadAll(rc)
			rc.Close()
			if err != nil || !bytes.Equal(got, data) {
				t.Fatalf("read back %d bytes (%v), want %d", len(got), err, len(data))
			}

			failed := strings.Repeat("d", 32)
			if _, err := blobs.Put(ctx, failed, io.MultiReader(strings.NewReader("partial"), errReader{})); err == nil {
				t.Fatal("failed reader accepted")
			}
			if _, err := blobs.Open(ctx, failed); !errors.Is(err, ErrNotFound) {
				t.Errorf("Open after a failed Put: %v", err)
			}
			if _, err := blobs.Put(ctx, strings.Repeat("e", 32), &limitReader{r: zeros{}, left: MaxSize}); !errors.Is(err, errTooLarge) {
				t.Errorf("endless body: %v, want errTooLarge", err)
			}
			if c := stored(t); c != 1 {
				t.Errorf("%d blobs stored, want 1", c)
			}
			if tmp, _ := filepath.Glob(filepath.Join(dir, "*", tempPrefix+"*")); len(tmp) != 0 {
				t.Errorf("temporary files left: %v", tmp)
			}
			if tmp, _ := filepath.Glob(filepath.Join(dir, tempPrefix+"*")); len(tmp) != 0 {
				t.Errorf("temporary files left: %v", tmp)
			}

			if err := blobs.Delete(ctx, key); err != nil {
				t.Fatal(err)
			}
			if _, err := blobs.Open(ctx, key); !errors.Is(err, ErrNotFound) {
				t.Errorf("Open after Delete: %v", err)
			}
			if err := blobs.Delete(ctx, key); err != nil {
				t.Errorf("deleting an absent blob: %v", err)
			}
			if c := stored(t); c != 0 {
				t.Errorf("%d blobs left after Delete", c)
			}
			for _, bad := range []string{"../x", "", "ABCDEF0123456789ABCDEF0123456789", strings.Repeat("a", 31) + "/"} {
				if _, err := blobs.Put(ctx, bad, strings.NewReader("x")); err == nil {
					t.Errorf("Put(%q) accepted", bad)
				}
				if _, err := blobs.Open(ctx, bad); !errors.Is(err, ErrNotFound) {
					t.Errorf("Open(%q): %v", bad, err)
				}
			}
		})
	}
}

// TestS3SignsEveryRequest proves the client's signatures are checked and
// good: the server refused none of a full round, and a client with the
// wrong secret is refused at Check with a line saying so.
func TestS3SignsEveryRequest(t *testing.T) {
	srv := startS3(t)
	fx := newFixtureOn(t, backend{"s3", func(t testing.TB) (Blobs, string, func(testing.TB) int) {
		return srv.client(t), srv.spool, srv.objects
	}})
	ctx := context.Background()
	f, err := fx.svc.Upload(ctx, 7, KindEvidence, "a.pdf", bytes.NewReader(pdfBytes))
	if err != nil {
		t.Fatal(err)
	}
	_, rc, err := fx.svc.Open(ctx, Actor{AccountID: 7}, f.ID)
	if err != nil {
		t.Fatal(err)
	}
	rc.Close()
	if srv.refused.Load() != 0 || srv.puts.Load() != 1 {
		t.Fatalf("refused %d requests, %d PUTs", srv.refused.Load(), srv.puts.Load())
	}

	wrong, err := NewS3(S3Config{Endpoint: srv.url, Bucket: testBucket, AccessKey: testAccessKey, SecretKey: "guessed",
		PathStyle: true, SpoolDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if err := wrong.Check(ctx); err == nil || !strings.Contains(err.Error(), "refused the access key") {
		t.Errorf("Check with a wrong secret: %v", err)
	}
	if _, err := wrong.Put(ctx, strings.Repeat("f", 32), bytes.NewReader(pngBytes)); err == nil || !strings.Contains(err.Error(), "403") {
		t.Errorf("Put with a wrong secret: %v", err)
	}
	missing, _ := NewS3(S3Config{Endpoint: srv.url, Bucket: "no-such-bucket", AccessKey: testAccessKey, SecretKey: testSecretKey,
		PathStyle: true, SpoolDir: t.TempDir()})
	if err := missing.Check(ctx); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("Check of a missing bucket: %v", err)
	}
}

// TestS3Addressing: path style puts the bucket in the path (MinIO);
// virtual-hosted style in the host name (AWS, OSS, COS).
func TestS3Addressing(t *testing.T) {
	for _, tt := range []struct {
		pathStyle bool
		want      string
	}{
		{true, "http://127.0.0.1:9000/files/0123456789abcdef0123456789abcdef"},
		{false, "http://files.127.0.0.1:9000/0123456789abcdef0123456789abcdef"},
	} {
		s, err := NewS3(S3Config{Endpoint: "http://127.0.0.1:9000", Bucket: "files", AccessKey: "k", SecretKey: "s",
			PathStyle: tt.pathStyle, SpoolDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		req, _ := s.request(context.Background(), http.MethodGet, "0123456789abcdef0123456789abcdef", nil)
		if req.URL.String() != tt.want {
			t.Errorf("path style %v: %s, want %s", tt.pathStyle, req.URL, tt.want)
		}
	}
	for _, bad := range []string{"", "minio:9000", "ftp://x", "http://x/bucket"} {
		if _, err := NewS3(S3Config{Endpoint: bad, Bucket: "b", AccessKey: "k", SecretKey: "s", SpoolDir: t.TempDir()}); err == nil {
			t.Errorf("endpoint %q accepted", bad)
		}
	}
	if _, err := NewS3(S3Config{Endpoint: "http://x", Bucket: "b", AccessKey: "k", SpoolDir: t.TempDir()}); err == nil {
		t.Error("no secret accepted")
	}
}
