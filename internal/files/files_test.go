package files

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/clock"
)

// memStore is an in-memory Store for the service tests; the SQL
// implementation runs the same expectations in internal/store.
type memStore struct {
	mu    sync.Mutex
	files map[string]File
}

func newMemStore() *memStore { return &memStore{files: map[string]File{}} }

// InTx runs fn and, when it fails, puts the rows back as they were before
// it: enough of a transaction for one writer at a time (the SQL store's
// transactions are tested in internal/store and internal/httpapi).
func (m *memStore) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	m.mu.Lock()
	before := make(map[string]File, len(m.files))
	for k, v := range m.files {
		before[k] = v
	}
	m.mu.Unlock()
	err := fn(ctx)
	if err != nil {
		m.mu.Lock()
		m.files = before
		m.mu.Unlock()
	}
	return err
}

func (m *memStore) CreateFile(_ context.Context, f File) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.files[f.ID] = f
	return nil
}

func (m *memStore) File(_ context.Context, id string) (File, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	f, ok := m.files[id]
	if !ok {
		return File{}, ErrNotFound
	}
	return f, nil
}

func (m *memStore) AttachFile(_ context.Context, owner int64, id string, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	f, ok := m.files[id]
	if !ok || f.OwnerID != owner {
		return ErrNotFound
	}
	if f.AttachedAt == nil {
		f.AttachedAt = &at
	}
	m.files[id] = f
	return nil
}

func (m *memStore) UnattachedBefore(_ context.Context, t time.Time, limit int) ([]File, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []File
	for _, f := range m.files {
		if f.AttachedAt == nil && f.CreatedAt.Before(t) {
			out = append(out, f)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].CreatedAt.Before(out[j].CreatedAt) })
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

func (m *memStore) KnownFiles(_ context.Context, ids []string) (map[string]bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	known := map[string]bool{}
	for _, id := range ids {
		if _, ok := m.files[id]; ok {
			known[id] = true
		}
	}
	return known, nil
}

func (m *memStore) DeleteUnattached(_ context.Context, id string, t time.Time) (bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	f, ok := m.files[id]
	if !ok || f.AttachedAt != nil || !f.CreatedAt.Before(t) {
		return false, nil
	}
	delete(m.files, id)
	return true, nil
}

type fixture struct {
	svc   *Service
	store *memStore
	blobs Blobs
	// dir is where Put writes its temporary files: the blob directory on
	// disk, the spool on S3.
	dir   string
	clock *clock.Fake
	// stored counts the blobs kept by the store, temporary files not
	// included.
	stored func(t testing.TB) int
}

// newFixture is a service over local disk blobs.
func newFixture(t testing.TB) *fixture {
	t.Helper()
	return newFixtureOn(t, diskBackend)
}

// newFixtureOn is a service over the blobs b opens.
func newFixtureOn(t testing.TB, b backend) *fixture {
	t.Helper()
	blobs, dir, stored := b.open(t)
	st := newMemStore()
	clk := clock.NewFake(time.Date(2025, 3, 1, 8, 0, 0, 0, time.UTC))
	fx := &fixture{store: st, blobs: blobs, dir: dir, clock: clk, stored: stored}
	fx.withQuota(Quota{})
	return fx
}

// withQuota rebuilds the fixture's service with the upload limits q.
func (f *fixture) withQuota(q Quota) {
	f.svc = NewService(Deps{Store: f.store, Blobs: f.blobs, Tx: f.store, Clock: f.clock, Log: slog.New(slog.DiscardHandler), Quota: q})
}

// blobCount counts what the blobs hold: stored blobs and any temporary
// file left where Put writes them.
func (f *fixture) blobCount(t testing.TB) int {
	t.Helper()
	n := 0
	err := filepath.WalkDir(f.dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && strings.HasPrefix(d.Name(), tempPrefix) {
			n++
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return n + f.stored(t)
}

// Samples: the leading bytes of real files of each type.
var (
	jpegBytes = append([]byte{0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 'J', 'F', 'I', 'F', 0}, bytes.Repeat([]byte{1}, 2000)...)
	pngBytes  = append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte{2}, 100)...)
	pdfBytes  = []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n%%EOF\n")
	zipBytes  = append([]byte("PK\x03\x04\x14\x00\x06\x00"), []byte("[Content_Types].xml")...)
	rar5Bytes = []byte("Rar!\x1a\x07\x01\x00\x33\x92\xb5\xe5")
	rar4Bytes = []byte("Rar!\x1a\x07\x00\xcf\x90\x73\x00")
	docBytes  = append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, make([]byte, 100)...)
	htmlBytes = []byte("<!DOCTYPE html><script>alert(1)</script>")
	svgBytes  = []byte(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`)
)

func reason(err error) string {
	if e, ok := apperr.As(err); ok {
		return e.Reason + " " + e.Msg
	}
	if err == nil {
		return "<nil>"
	}
	return "internal: " + err.Error()
}

func TestUploadTypes(t *testing.T) {
	tests := []struct {
		kind     Kind
		name     string
		data     []byte
		wantExt  string // "" means refused
		wantText string
	}{
		{KindPhoto, "front.jpg", jpegBytes, "jpg", ""},
		{KindPhoto, "front.jpeg", jpegBytes, "jpg", ""},
		{KindPhoto, "front.png", pngBytes, "png", ""},
		{KindPhoto, "renamed.png", jpegBytes, "jpg", ""}, // the bytes decide
		{KindPhoto, "scan.jpg", pdfBytes, "", "请上传 JPG,JPEG,PNG 格式"},
		{KindPhoto, "page.jpg", htmlBytes, "", "请上传 JPG,JPEG,PNG 格式"},
		{KindPhoto, "a.png", svgBytes, "", "请上传 JPG,JPEG,PNG 格式"},
		{KindPhoto, "a.zip", zipBytes, "", "请上传 JPG,JPEG,PNG 格式"},
		{KindEvidence, "proof.pdf", pdfBytes, "pdf", ""},
		{KindEvidence, "proof.zip", zipBytes, "zip", ""},
		{KindEvidence, "承诺书.docx", zipBytes, "docx", ""},
		{KindEvidence, "承诺书.DOCX", zipBytes, "docx", ""},
		{KindEvidence, "proof.rar", rar5Bytes, "rar", ""},
		{KindEvidence, "proof.rar", rar4Bytes, "rar", ""},
		{KindEvidence, "承诺书.doc", docBytes, "doc", ""},
		{KindEvidence, "photo.jpg", jpegBytes, "jpg", ""},
		{KindEvidence, "photo.png", pngBytes, "png", ""},
		{KindEvidence, "scan.jpg", pdfBytes, "pdf", ""}, // allowed bytes, wrong name: served as .pdf
		{KindEvidence, "x.pdf", htmlBytes, "", "请上传 pdf、rar、zip、png、jpg、doc、docx 格式"},
		{KindEvidence, "x.exe", []byte("MZ\x90\x00"), "", "请上传 pdf、rar、zip、png、jpg、doc、docx 格式"},
	}
	for _, b := range backends {
		for _, tt := range tests {
			t.Run(b.name+"/"+string(tt.kind)+"/"+tt.name, func(t *testing.T) {
				fx := newFixtureOn(t, b)
				f, err := fx.svc.Upload(context.Background(), 7, tt.kind, tt.name, bytes.NewReader(tt.data))
				if tt.wantExt == "" {
					e, ok := apperr.As(err)
					if !ok || e.Kind != apperr.Invalid || e.Msg != tt.wantText || e.Fields["file"] != tt.wantText {
						t.Fatalf("got %s, want refusal %q", reason(err), tt.wantText)
					}
					if n := fx.blobCount(t); n != 0 {
						t.Errorf("%d blobs stored for a refused upload", n)
					}
					return
				}
				if err != nil {
					t.Fatalf("refused: %s", reason(err))
				}
				if f.Ext != tt.wantExt || f.Size != int64(len(tt.data)) || f.OwnerID != 7 || f.Kind != tt.kind || len(f.ID) != 32 {
					t.Errorf("file = %+v", f)
				}
				if filepath.Ext(f.DownloadName()) != "."+tt.wantExt {
					t.Errorf("download name %q", f.DownloadName())
				}
				if n := fx.blobCount(t); n != 1 {
					t.Errorf("%d blobs stored for one upload", n)
				}
			})
		}
	}
}

func TestUploadSizeLimit(t *testing.T) {
	eachBackend(t, testUploadSizeLimit)
}

func testUploadSizeLimit(t *testing.T, fx *fixture) {
	for _, kind := range []Kind{KindPhoto, KindEvidence} {
		big := io.MultiReader(bytes.NewReader(jpegBytes), io.LimitReader(zeros{}, MaxSize))
		_, err := fx.svc.Upload(context.Background(), 7, kind, "big.jpg", big)
		want := map[Kind]string{KindPhoto: "图片大小不能超过 10MB!", KindEvidence: "文件大小不能超过 10MB!"}[kind]
		if e, ok := apperr.As(err); !ok || e.Msg != want {
			t.Fatalf("%s: got %s, want %q", kind, reason(err), want)
		}
		if n := fx.blobCount(t); n != 0 {
			t.Errorf("%s: %d blobs left after an oversized upload", kind, n)
		}
		if len(fx.store.files) != 0 {
			t.Errorf("%s: metadata stored", kind)
		}
	}
}

// TestUploadStopsReadingOverLimit proves the limit is enforced while
// reading: the service stops right after the limit, it does not drain an
// endless body first.
func TestUploadStopsReadingOverLimit(t *testing.T) {
	eachBackend(t, func(t *testing.T, fx *fixture) {
		cr := &countingReader{r: io.MultiReader(bytes.NewReader(jpegBytes), zeros{})}
		_, err := fx.svc.Upload(context.Background(), 7, KindPhoto, "endless.jpg", cr)
		if err == nil {
			t.Fatal("endless upload accepted")
		}
		if cr.n > MaxSize+64<<10 {
			t.Errorf("read %d bytes for a limit of %d", cr.n, MaxSize)
		}
	})
}

func TestUploadExactlyTheLimit(t *testing.T) {
	eachBackend(t, func(t *testing.T, fx *fixture) {
		data := io.MultiReader(bytes.NewReader(jpegBytes), io.LimitReader(zeros{}, MaxSize-int64(len(jpegBytes))))
		f, err := fx.svc.Upload(context.Background(), 7, KindPhoto, "max.jpg", data)
		if err != nil {
			t.Fatalf("10 MB exactly refused: %s", reason(err))
		}
		if f.Size != MaxSize {
			t.Errorf("size %d", f.Size)
		}
	})
}

func TestUploadEmptyAndKind(t *testing.T) {
	eachBackend(t, func(t *testing.T, fx *fixture) {
		if _, err := fx.svc.Upload(context.Background(), 7, KindPhoto, "a.jpg", bytes.NewReader(nil)); !errors.Is(err, ErrEmpty) {
			t.Errorf("empty: %s", reason(err))
		}
		if _, err := fx.svc.Upload(context.Background(), 7, "avatar", "a.jpg", bytes.NewReader(jpegBytes)); !errors.Is(err, ErrKind) {
			t.Errorf("bad kind: %s", reason(err))
		}
	})
}

func TestOpenOnlyOwnerAndReviewer(t *testing.T) {
	eachBackend(t, func(t *testing.T, fx *fixture) {
		ctx := context.Background()
		f, err := fx.svc.Upload(ctx, 7, KindPhoto, `C:\fakepath\身份证正面.jpg`, bytes.NewReader(jpegBytes))
		if err != nil {
			t.Fatal(err)
		}
		if f.OriginalName != "身份证正面.jpg" {
			t.Errorf("name %q", f.OriginalName)
		}
		for _, a := range []Actor{{AccountID: 7}, {IsReviewer: true}} {
			got, rc, err := fx.svc.Open(ctx, a, f.ID)
			if err != nil {
				t.Fatalf("%+v: %s", a, reason(err))
			}
			b, _ := io.ReadAll(rc)
			rc.Close()
			if !bytes.Equal(b, jpegBytes) || got.ContentType != "image/jpeg" {
				t.Errorf("%+v: wrong contents or type %q", a, got.ContentType)
			}
		}
		for _, a := range []Actor{{AccountID: 8}, {}} {
			if _, _, err := fx.svc.Open(ctx, a, f.ID); !errors.Is(err, ErrFileNotFound) {
				t.Errorf("%+v opened someone else's file: %s", a, reason(err))
			}
		}
		for _, id := range []string{"nope", "../../etc/passwd", strings.Repeat("0", 32)} {
			if _, _, err := fx.svc.Open(ctx, Actor{AccountID: 7}, id); !errors.Is(err, ErrFileNotFound) {
				t.Errorf("%q: %s", id, reason(err))
			}
		}
	})
}

func TestAttach(t *testing.T) {
	eachBackend(t, func(t *testing.T, fx *fixture) {
		ctx := context.Background()
		mine, _ := fx.svc.Upload(ctx, 7, KindPhoto, "a.jpg", bytes.NewReader(jpegBytes))
		evidence, _ := fx.svc.Upload(ctx, 7, KindEvidence, "a.pdf", bytes.NewReader(pdfBytes))
		theirs, _ := fx.svc.Upload(ctx, 8, KindPhoto, "b.jpg", bytes.NewReader(jpegBytes))

		if err := fx.svc.Attach(ctx, 7, mine.ID, theirs.ID); !errors.Is(err, ErrNotOwned) {
			t.Errorf("attached another account's file: %s", reason(err))
		}
		if err := fx.svc.Attach(ctx, 7, "", mine.ID); !errors.Is(err, ErrNotOwned) {
			t.Errorf("empty id: %s", reason(err))
		}
		if err := fx.svc.AttachAs(ctx, 7, KindPhoto, evidence.ID); !errors.Is(err, ErrPhotoType) {
			t.Errorf("evidence as photo: %s", reason(err))
		}
		jpegEvidence, _ := fx.svc.Upload(ctx, 7, KindEvidence, "photo.jpg", bytes.NewReader(jpegBytes))
		if err := fx.svc.AttachAs(ctx, 7, KindPhoto, mine.ID, jpegEvidence.ID); err != nil {
			t.Fatal(err)
		}
		if fx.store.files[mine.ID].AttachedAt == nil {
			t.Error("not marked attached")
		}
	})
}

func TestSweepRemovesOnlyOldUnattached(t *testing.T) {
	eachBackend(t, func(t *testing.T, fx *fixture) {
		ctx := context.Background()
		old, _ := fx.svc.Upload(ctx, 7, KindPhoto, "old.jpg", bytes.NewReader(jpegBytes))
		kept, _ := fx.svc.Upload(ctx, 7, KindPhoto, "kept.jpg", bytes.NewReader(jpegBytes))
		if err := fx.svc.Attach(ctx, 7, kept.ID); err != nil {
			t.Fatal(err)
		}
		fx.clock.Advance(23 * time.Hour)
		fresh, _ := fx.svc.Upload(ctx, 7, KindPhoto, "fresh.jpg", bytes.NewReader(jpegBytes))

		if n, err := fx.svc.Sweep(ctx, 24*time.Hour); err != nil || n != 0 {
			t.Fatalf("sweep at 23 h removed %d (%v)", n, err)
		}
		fx.clock.Advance(2 * time.Hour)
		n, err := fx.svc.Sweep(ctx, 24*time.Hour)
		if err != nil || n != 1 {
			t.Fatalf("sweep at 25 h removed %d (%v), want 1", n, err)
		}
		if _, _, err := fx.svc.Open(ctx, Actor{AccountID: 7}, old.ID); !errors.Is(err, ErrFileNotFound) {
			t.Errorf("swept file still opens: %s", reason(err))
		}
		for _, id := range []string{kept.ID, fresh.ID} {
			if _, rc, err := fx.svc.Open(ctx, Actor{AccountID: 7}, id); err != nil {
				t.Errorf("%s gone: %s", id, reason(err))
			} else {
				rc.Close()
			}
		}
		if c := fx.blobCount(t); c != 2 {
			t.Errorf("%d blobs on disk, want 2", c)
		}
		if err := fx.svc.Attach(ctx, 7, old.ID); !errors.Is(err, ErrNotOwned) {
			t.Errorf("attach of a swept file: %s", reason(err))
		}
	})
}

func TestDiskRefusesPathKeys(t *testing.T) {
	d, err := NewDisk(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"../x", "", "ABCDEF0123456789ABCDEF0123456789", strings.Repeat("a", 31) + "/"} {
		if _, err := d.Put(context.Background(), key, strings.NewReader("x")); err == nil {
			t.Errorf("Put(%q) accepted", key)
		}
	}
	if err := d.Delete(context.Background(), strings.Repeat("a", 32)); err != nil {
		t.Errorf("deleting an absent blob: %v", err)
	}
}

func TestDiskFailedPutLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	d, _ := NewDisk(dir)
	key := strings.Repeat("b", 32)
	_, err := d.Put(context.Background(), key, io.MultiReader(strings.NewReader("partial"), errReader{}))
	if err == nil {
		t.Fatal("failed reader accepted")
	}
	entries, _ := os.ReadDir(filepath.Join(dir, "bb"))
	if len(entries) != 0 {
		t.Errorf("left %d entries", len(entries))
	}
	if _, err := d.Open(context.Background(), key); !errors.Is(err, ErrNotFound) {
		t.Errorf("Open after failed Put: %v", err)
	}
}

func TestCleanName(t *testing.T) {
	for in, want := range map[string]string{
		`C:\Users\张三\身份证.jpg`:    "身份证.jpg",
		"../../etc/passwd":       "passwd",
		"a\"b\r\nc.pdf":          "abc.pdf",
		"  spaced.png ":          "spaced.png",
		"bad\xffutf8.jpg":        "badutf8.jpg",
		strings.Repeat("长", 300): strings.Repeat("长", 200),
	} {
		if got := cleanName(in); got != want {
			t.Errorf("cleanName(%q) = %q, want %q", in, got, want)
		}
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("connection reset") }

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// BenchmarkUpload measures upload throughput with a 5 MB photo on each
// backend: disk (sniff, limit, temp file, fsync, rename), and S3 (sniff,
// limit, spool with SHA-256, signed PUT over loopback HTTP) to gofakes3 and
// to versitygw; recorded in docs/performance.md (files on S3-compatible storage).
func BenchmarkUpload(b *testing.B) {
	data := append(append([]byte{}, jpegBytes...), make([]byte, 5<<20)...)
	for _, be := range backends {
		b.Run(be.name, func(b *testing.B) {
			fx := newFixtureOn(b, be)
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := fx.svc.Upload(context.Background(), 7, KindPhoto, "p.jpg", bytes.NewReader(data)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDownload measures reading a 5 MB file back through Open on each
// backend (S3: a signed GET streamed from the store).
func BenchmarkDownload(b *testing.B) {
	data := append(append([]byte{}, jpegBytes...), make([]byte, 5<<20)...)
	for _, be := range backends {
		b.Run(be.name, func(b *testing.B) {
			fx := newFixtureOn(b, be)
			f, err := fx.svc.Upload(context.Background(), 7, KindPhoto, "p.jpg", bytes.NewReader(data))
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				_, rc, err := fx.svc.Open(context.Background(), Actor{AccountID: 7}, f.ID)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := io.Copy(io.Discard, rc); err != nil {
					b.Fatal(err)
				}
				rc.Close()
			}
		})
	}
}
