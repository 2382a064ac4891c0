package files

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"bidpass/internal/apperr/apperrtest"
	"bidpass/internal/clock"
)

// FuzzUpload feeds Upload what a browser controls: the bytes and the file
// name of a photo or an evidence upload. Properties: no panic; a refusal is
// a typed Invalid error with a Chinese message and leaves no blob; a stored
// file reads back byte for byte, its type is the one its leading bytes
// sniff to and is allowed for the kind, and its shown name is a clean base
// name (no path, no control characters or quotes, at most 200 characters).
func FuzzUpload(f *testing.F) {
	f.Add([]byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 'J', 'F', 'I', 'F'}, "身份证正面.jpg", true)
	f.Add([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), `C:\Users\张三\Desktop\photo.png`, true)
	f.Add([]byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n"), "营业执照.pdf", false)
	f.Add([]byte("PK\x03\x04\x14\x00\x06\x00"), "承诺书.DOCX", false)
	f.Add([]byte("Rar!\x1a\x07\x01\x00"), "a.rar", false)
	f.Add([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, "旧.doc", false)
	f.Add([]byte("%PDF-1.4"), "evil\x00\".pdf", true)
	f.Add([]byte("<html><script>"), "../../etc/passwd", false)
	f.Add([]byte{}, "", true)
	// Bytes in memory: the disk's fsync per upload would make the fuzzer a
	// hundred times slower, and Disk has its own tests.
	blobs := &memBlobs{m: map[string][]byte{}}
	st := newMemStore()
	svc := NewService(Deps{Store: st, Blobs: blobs, Tx: st, Clock: clock.NewFake(time.Date(2025, 3, 1, 8, 0, 0, 0, time.UTC)), Log: slog.New(slog.DiscardHandler)})
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, content []byte, name string, photo bool) {
		kind := KindEvidence
		if photo {
			kind = KindPhoto
		}
		before := blobs.count()
		up, err := svc.Upload(ctx, 7, kind, name, bytes.NewReader(content))
		if err != nil {
			apperrtest.RequireChinese(t, err)
			if n := blobs.count(); n != before {
				t.Fatalf("a refused upload left %d blobs behind", n-before)
			}
			return
		}
		typ, ok := sniff(content, name)
		if !ok || !typ.allowedFor(kind) || up.ContentType != typ.contentType || up.Ext != typ.ext {
			t.Fatalf("stored %q as %s/%s; sniffing says %+v %v", content, up.ContentType, up.Ext, typ, ok)
		}
		if up.Size != int64(len(content)) {
			t.Fatalf("size %d, want %d", up.Size, len(content))
		}
		if strings.ContainsAny(up.OriginalName, `/\"`) || strings.ContainsFunc(up.OriginalName, unicode.IsControl) ||
			!utf8.ValidString(up.OriginalName) || utf8.RuneCountInString(up.OriginalName) > 200 {
			t.Fatalf("shown name %q of %q is not clean", up.OriginalName, name)
		}
		_, r, err := svc.Open(ctx, Actor{AccountID: 7}, up.ID)
		if err != nil {
			t.Fatal(err)
		}
		back, err := io.ReadAll(r)
		_ = r.Close()
		if err != nil || !bytes.Equal(back, content) {
			t.Fatalf("read back %d bytes (%v), want %d", len(back), err, len(content))
		}
		// Removed again so that a long run keeps memory small.
		_ = blobs.Delete(ctx, up.ID)
	})
}

// memBlobs is Blobs in memory; Put reads to the end or the first error
// (the size limit), storing nothing on error, as Disk does.
type memBlobs struct {
	mu sync.Mutex
	m  map[string][]byte
}

func (b *memBlobs) Put(_ context.Context, key string, r io.Reader) (int64, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return int64(len(data)), err
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	b.m[key] = data
	return int64(len(data)), nil
}

func (b *memBlobs) Open(_ context.Context, key string) (io.ReadCloser, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	data, ok := b.m[key]
	if !ok {
		return nil, ErrNotFound
	}
	return io.NopCloser(bytes.NewReader(data)), nil
}

func (b *memBlobs) Delete(_ context.Context, key string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.m, key)
	return nil
}

func (b *memBlobs) count() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.m)
}
