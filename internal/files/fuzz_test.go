package files

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"bidpass/internal/apperr/apperrtest"
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
	fx := newFixture(f)
	ctx := context.Background()
	f.Fuzz(func(t *testing.T, content []byte, name string, photo bool) {
		kind := KindEvidence
		if photo {
			kind = KindPhoto
		}
		before := fx.blobCount(t)
		up, err := fx.svc.Upload(ctx, 7, kind, name, bytes.NewReader(content))
		if err != nil {
			apperrtest.RequireChinese(t, err)
			if n := fx.blobCount(t); n != before {
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
		_, r, err := fx.svc.Open(ctx, Actor{AccountID: 7}, up.ID)
		if err != nil {
			t.Fatal(err)
		}
		back, err := io.ReadAll(r)
		_ = r.Close()
		if err != nil || !bytes.Equal(back, content) {
			t.Fatalf("read back %d bytes (%v), want %d", len(back), err, len(content))
		}
		// Removed again so that a long run keeps the directory small.
		if err := fx.svc.blobs.Delete(ctx, up.ID); err != nil {
			t.Fatal(err)
		}
	})
}
