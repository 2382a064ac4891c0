package files

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"bidpass/internal/files/s3test"
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
// server started for the test (s3test).
var s3Backend = backend{"s3", func(t testing.TB) (Blobs, string, func(testing.TB) int) {
	srv, spool := s3test.Start(t), t.TempDir()
	return s3Client(t, srv, spool), spool, srv.Objects
}}

// versityBackend is the production S3 client talking to versitygw, a
// real S3 gateway (skipped outside CI when the binary is not built).
var versityBackend = backend{"versitygw", func(t testing.TB) (Blobs, string, func(testing.TB) int) {
	gw, spool := s3test.StartVersityGW(t), t.TempDir()
	c, err := NewS3(S3Config{Endpoint: gw.URL, Bucket: s3test.Bucket, AccessKey: s3test.AccessKey, SecretKey: s3test.SecretKey,
		PathStyle: true, SpoolDir: spool})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Check(context.Background()); err != nil {
		t.Fatal(err)
	}
	return c, spool, gw.Objects
}}

// backends are the Blobs every contract test runs on.
var backends = []backend{diskBackend, s3Backend, versityBackend}

// eachBackend runs fn on a fresh fixture over each backend.
func eachBackend(t *testing.T, fn func(t *testing.T, fx *fixture)) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { fn(t, newFixtureOn(t, b)) })
	}
}

// s3Client is the production client for srv, path-style as for MinIO.
func s3Client(t testing.TB, srv *s3test.Server, spool string) *S3 {
	t.Helper()
	c, err := NewS3(S3Config{Endpoint: srv.URL, Bucket: s3test.Bucket, AccessKey: s3test.AccessKey, SecretKey: s3test.SecretKey,
		PathStyle: true, SpoolDir: spool})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Check(context.Background()); err != nil {
		t.Fatal(err)
	}
	return c
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

			empty := strings.Repeat("9", 32)
			if n, err := blobs.Put(ctx, empty, strings.NewReader("")); err != nil || n != 0 {
				t.Fatalf("empty Put = %d, %v", n, err)
			}
			if rc, err := blobs.Open(ctx, empty); err != nil {
				t.Errorf("empty blob: %v", err)
			} else {
				b, _ := io.ReadAll(rc)
				rc.Close()
				if len(b) != 0 {
					t.Errorf("empty blob reads %d bytes", len(b))
				}
			}
			if err := blobs.Delete(ctx, empty); err != nil {
				t.Fatal(err)
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
// wrong secret is refused, by the test server and by versitygw.
func TestS3SignsEveryRequest(t *testing.T) {
	srv, spool := s3test.Start(t), t.TempDir()
	fx := newFixtureOn(t, backend{"s3", func(t testing.TB) (Blobs, string, func(testing.TB) int) {
		return s3Client(t, srv, spool), spool, srv.Objects
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
	if srv.Refused.Load() != 0 || srv.Puts.Load() != 1 {
		t.Fatalf("refused %d requests, %d PUTs", srv.Refused.Load(), srv.Puts.Load())
	}

	for name, url := range map[string]string{"gofakes3": srv.URL, "versitygw": ""} {
		t.Run(name, func(t *testing.T) {
			if url == "" {
				url = s3test.StartVersityGW(t).URL
			}
			checkRefusals(t, url)
		})
	}
}

// checkRefusals: against the store at url, a wrong secret is refused at
// Check with a line saying so and at Put with the 403, and a missing bucket
// is named.
func checkRefusals(t *testing.T, url string) {
	ctx := context.Background()
	wrong, err := NewS3(S3Config{Endpoint: url, Bucket: s3test.Bucket, AccessKey: s3test.AccessKey, SecretKey: "guessed",
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
	missing, _ := NewS3(S3Config{Endpoint: url, Bucket: "no-such-bucket", AccessKey: s3test.AccessKey, SecretKey: s3test.SecretKey,
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

// TestSweepRemovesObjectsWithoutARow is TestSweepRemovesUnreferencedBlobs
// on S3: the sweep lists the bucket, and an object no file row names is
// removed once an hour old, while a file with a row stays. The store sets
// LastModified from the real clock, so the fixture's clock is moved to it.
func TestSweepRemovesObjectsWithoutARow(t *testing.T) {
	for _, be := range []backend{s3Backend, versityBackend} {
		t.Run(be.name, func(t *testing.T) {
			fx := newFixtureOn(t, be)
			ctx := context.Background()
			fx.clock.Advance(time.Since(fx.clock.Now())) // to the real clock
			kept, err := fx.svc.Upload(ctx, 5, KindPhoto, "a.jpg", bytes.NewReader(jpegBytes))
			if err != nil {
				t.Fatal(err)
			}
			if err := fx.svc.Attach(ctx, 5, kept.ID); err != nil {
				t.Fatal(err)
			}
			lost := strings.Repeat("ab", 16)
			if _, err := fx.blobs.Put(ctx, lost, bytes.NewReader(jpegBytes)); err != nil {
				t.Fatal(err)
			}
			if n, err := fx.svc.Sweep(ctx, 24*time.Hour); err != nil || n != 0 {
				t.Fatalf("sweep of fresh objects removed %d (%v)", n, err)
			}
			fx.clock.Advance(2 * time.Hour)
			if n, err := fx.svc.Sweep(ctx, 24*time.Hour); err != nil || n != 1 {
				t.Fatalf("sweep removed %d (%v), want the one object without a row", n, err)
			}
			if _, err := fx.blobs.Open(ctx, lost); !errors.Is(err, ErrNotFound) {
				t.Errorf("the object without a row is still there: %v", err)
			}
			if _, rc, err := fx.svc.Open(ctx, Actor{AccountID: 5}, kept.ID); err != nil {
				t.Errorf("the attached file is gone: %v", err)
			} else {
				rc.Close()
			}
		})
	}
}

// TestS3OldKeysPages: a bucket of more than one list page (1,000 keys) is
// listed whole, in the batches asked for, skipping keys that are not file
// ids.
func TestS3OldKeysPages(t *testing.T) {
	srv, spool := s3test.Start(t), t.TempDir()
	c := s3Client(t, srv, spool)
	ctx := context.Background()
	want := map[string]bool{}
	for i := range 1050 {
		key := fmt.Sprintf("%032x", i)
		if _, err := c.Put(ctx, key, strings.NewReader("x")); err != nil {
			t.Fatal(err)
		}
		want[key] = true
	}
	srv.PutRaw(t, "not-a-file-id.txt", "x")
	got := map[string]bool{}
	var sizes []int
	err := c.OldKeys(time.Now().Add(time.Minute), 400, func(keys []string) error {
		sizes = append(sizes, len(keys))
		for _, k := range keys {
			got[k] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) || !slices.Equal(sizes, []int{400, 400, 250}) {
		t.Fatalf("listed %d keys in batches %v, want %d in 400, 400, 250", len(got), sizes, len(want))
	}
	if err := c.OldKeys(time.Now().Add(-time.Hour), 400, func(keys []string) error {
		return fmt.Errorf("%d keys older than an hour ago", len(keys))
	}); err != nil {
		t.Error(err)
	}
}
