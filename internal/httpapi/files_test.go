package httpapi

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
	"bidpass/internal/files"
	"bidpass/internal/session"
	"bidpass/internal/store/storetest"
)

type filesEnv struct {
	h       http.Handler
	d       Deps
	blobDir string
}

func newFilesEnv(t *testing.T) *filesEnv {
	t.Helper()
	return newFilesEnvQuota(t, files.Quota{})
}

// newFilesEnvQuota is newFilesEnv with the upload limits q.
func newFilesEnvQuota(t *testing.T, q files.Quota) *filesEnv {
	t.Helper()
	d := testDeps(t, false)
	dir := filepath.Join(t.TempDir(), "files")
	disk, err := files.NewDisk(dir)
	if err != nil {
		t.Fatal(err)
	}
	fdb := storetest.SQLite(t)
	d.Files = files.NewService(files.Deps{Store: fdb.Files(), Blobs: disk, Tx: fdb, Clock: d.Clock, Log: slog.New(slog.DiscardHandler), Quota: q})
	return &filesEnv{h: NewServer(d), d: d, blobDir: dir}
}

func (e *filesEnv) token(t *testing.T, kind session.Kind, id int64) string {
	t.Helper()
	tok, err := e.d.Sessions.Issue(context.Background(), kind, id, "", "")
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func (e *filesEnv) blobs(t *testing.T) int {
	t.Helper()
	n := 0
	_ = filepath.WalkDir(e.blobDir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			n++
		}
		return nil
	})
	return n
}

// upload posts one multipart file; the body is streamed through a pipe, as
// a browser would send it, so the server cannot rely on a known length.
func (e *filesEnv) upload(t *testing.T, tok, query, name string, content io.Reader) *http.Response {
	t.Helper()
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		part, err := mw.CreateFormFile("file", name)
		if err == nil {
			_, err = io.Copy(part, content)
		}
		if err == nil {
			err = mw.Close()
		}
		pw.CloseWithError(err)
	}()
	req := httptest.NewRequest("POST", "/api/file/upload"+query, pr)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	if tok != "" {
		req.Header.Set("Authorization", "Bearer "+tok)
	}
	res := serve(t, e.h, req)
	_ = pr.CloseWithError(io.ErrClosedPipe) // release the writer if the server stopped early
	return res
}

var (
	testJPEG = append([]byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 'J', 'F', 'I', 'F', 0}, bytes.Repeat([]byte{7}, 1000)...)
	testPDF  = []byte("%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n")
)

func TestUploadAndDownload(t *testing.T) {
	e := newFilesEnv(t)
	owner := e.token(t, session.Portal, 42)
	res := e.upload(t, owner, "", "身份证 正面.jpg", bytes.NewReader(testJPEG))
	env := decodeEnvelope(t, res)
	id, _ := env.Data.(string)
	if res.StatusCode != 200 || env.Code != 0 || len(id) != 32 {
		t.Fatalf("upload: %d %+v", res.StatusCode, env)
	}

	res = do(t, e.h, "GET", "/api/file/download/"+id, "", "Authorization", "Bearer "+owner)
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || !bytes.Equal(body, testJPEG) {
		t.Fatalf("owner download: %d, %d bytes", res.StatusCode, len(body))
	}
	for h, want := range map[string]string{
		"Content-Type":           "image/jpeg",
		"X-Content-Type-Options": "nosniff",
		"Content-Disposition":    `inline; filename="___ __.jpg"; filename*=UTF-8''%E8%BA%AB%E4%BB%BD%E8%AF%81%20%E6%AD%A3%E9%9D%A2.jpg`,
		"Cache-Control":          "private, no-store",
	} {
		if got := res.Header.Get(h); got != want {
			t.Errorf("%s = %q, want %q", h, got, want)
		}
	}

}

// TestPortalDownloadRefusesStaff is docs/decisions/limits.md, "Limits and abuse paths" #4: a reviewer's token opened
// ID photos through the portal route, which writes no action log. Staff
// tokens are refused there (401, no bytes); their one door is the logged
// GET /api/admin/files/{id}.
func TestPortalDownloadRefusesStaff(t *testing.T) {
	e := newFilesEnv(t)
	res := e.upload(t, e.token(t, session.Portal, 42), "", "身份证.jpg", bytes.NewReader(testJPEG))
	id := decodeEnvelope(t, res).Data.(string)
	for _, staffID := range []int64{1, 2} { // a reviewer, and staff who is not one
		res := do(t, e.h, "GET", "/api/file/download/"+id, "", "Authorization", "Bearer "+e.token(t, session.Staff, staffID))
		body, _ := io.ReadAll(res.Body)
		if res.StatusCode != 401 || bytes.Contains(body, testJPEG[:16]) {
			t.Errorf("staff %d on the portal download: %d, %d bytes", staffID, res.StatusCode, len(body))
		}
	}
}

// TestDownloadByAnotherAccount: someone else's file answers exactly like an
// unknown id (404), so ids cannot be probed.
func TestDownloadByAnotherAccount(t *testing.T) {
	e := newFilesEnv(t)
	res := e.upload(t, e.token(t, session.Portal, 42), "", "a.jpg", bytes.NewReader(testJPEG))
	id := decodeEnvelope(t, res).Data.(string)

	other := e.token(t, session.Portal, 43)
	res = do(t, e.h, "GET", "/api/file/download/"+id, "", "Authorization", "Bearer "+other)
	env := decodeEnvelope(t, res)
	if res.StatusCode != 404 || env.Reason != "file.not_found" {
		t.Fatalf("other account: %d %+v", res.StatusCode, env)
	}
	res = do(t, e.h, "GET", "/api/file/download/"+strings.Repeat("0", 32), "", "Authorization", "Bearer "+other)
	if env2 := decodeEnvelope(t, res); res.StatusCode != 404 || env2.Msg != env.Msg {
		t.Fatalf("unknown id answered differently: %d %+v", res.StatusCode, env2)
	}
}

func TestFilesNeedASession(t *testing.T) {
	e := newFilesEnv(t)
	if res := e.upload(t, "", "", "a.jpg", bytes.NewReader(testJPEG)); res.StatusCode != 401 {
		t.Errorf("upload without session: %d", res.StatusCode)
	}
	if res := do(t, e.h, "GET", "/api/file/download/"+strings.Repeat("a", 32), ""); res.StatusCode != 401 {
		t.Errorf("download without session: %d", res.StatusCode)
	}
	if e.blobs(t) != 0 {
		t.Error("stored without a session")
	}
}

func TestUploadOver10MBRefusedAndNotStored(t *testing.T) {
	e := newFilesEnv(t)
	tok := e.token(t, session.Portal, 42)
	for query, want := range map[string]string{"": "图片大小不能超过 10MB!", "?kind=evidence": "文件大小不能超过 10MB!"} {
		big := io.MultiReader(bytes.NewReader(testJPEG), io.LimitReader(zeroReader{}, 11<<20))
		res := e.upload(t, tok, query, "big.jpg", big)
		env := decodeEnvelope(t, res)
		if res.StatusCode != 400 || env.Msg != want {
			t.Errorf("11 MB%s: %d %+v", query, res.StatusCode, env)
		}
	}
	if n := e.blobs(t); n != 0 {
		t.Errorf("%d blobs left after oversized uploads", n)
	}
}

func TestUploadPDFNamedJPGRefused(t *testing.T) {
	e := newFilesEnv(t)
	res := e.upload(t, e.token(t, session.Portal, 42), "?kind=photo", "scan.jpg", bytes.NewReader(testPDF))
	env := decodeEnvelope(t, res)
	if res.StatusCode != 400 || env.Msg != "请上传 JPG,JPEG,PNG 格式" || env.Reason != "file.type" || env.Fields["file"] == "" {
		t.Fatalf("PDF named .jpg: %d %+v", res.StatusCode, env)
	}
	if e.blobs(t) != 0 {
		t.Error("refused file stored")
	}
}

func TestUploadEvidenceDownloadsAsAttachment(t *testing.T) {
	e := newFilesEnv(t)
	tok := e.token(t, session.Portal, 42)
	res := e.upload(t, tok, "?kind=evidence", "证明材料.jpg", bytes.NewReader(testPDF))
	id, _ := decodeEnvelope(t, res).Data.(string)
	if res.StatusCode != 200 {
		t.Fatalf("evidence upload: %d", res.StatusCode)
	}
	res = do(t, e.h, "GET", "/api/file/download/"+id, "", "Authorization", "Bearer "+tok)
	if ct, cd := res.Header.Get("Content-Type"), res.Header.Get("Content-Disposition"); ct != "application/pdf" ||
		!strings.HasPrefix(cd, "attachment;") || !strings.HasSuffix(cd, ".pdf") {
		t.Errorf("Content-Type %q, Content-Disposition %q", ct, cd)
	}
}

func TestUploadWithoutFilePart(t *testing.T) {
	e := newFilesEnv(t)
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	_ = mw.WriteField("other", "x")
	_ = mw.Close()
	res := do(t, e.h, "POST", "/api/file/upload", b.String(), "Content-Type", mw.FormDataContentType(),
		"Authorization", "Bearer "+e.token(t, session.Portal, 42), markMalformed, "no file part")
	if env := decodeEnvelope(t, res); res.StatusCode != 400 || env.Reason != "file.missing" {
		t.Errorf("no file part: %d %+v", res.StatusCode, env)
	}
	res = do(t, e.h, "POST", "/api/file/upload", "{}", "Content-Type", "application/json",
		"Authorization", "Bearer "+e.token(t, session.Portal, 42), markMalformed, "not multipart")
	if res.StatusCode != 400 {
		t.Errorf("not multipart: %d", res.StatusCode)
	}
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestUploadQuotaOverHTTP: the quota's refusals reach the client as 429
// and, below the free-disk floor, 503, with the service's messages.
func TestUploadQuotaOverHTTP(t *testing.T) {
	store := ephemeral.NewMemory(clock.NewFake(time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)))
	e := newFilesEnvQuota(t, files.Quota{Store: store, PerMinute: 2})
	tok := e.token(t, session.Portal, 42)
	for i := range 2 {
		if res := e.upload(t, tok, "", "a.jpg", bytes.NewReader(testJPEG)); res.StatusCode != 200 {
			t.Fatalf("upload %d: %d", i+1, res.StatusCode)
		}
	}
	res := e.upload(t, tok, "", "a.jpg", bytes.NewReader(testJPEG))
	if env := decodeEnvelope(t, res); res.StatusCode != 429 || env.Msg != "上传过于频繁，请稍后再试" {
		t.Fatalf("third upload in a minute: %d %+v", res.StatusCode, env)
	}
	e = newFilesEnvQuota(t, files.Quota{Store: store, FreeFloor: 1 << 62})
	res = e.upload(t, e.token(t, session.Portal, 42), "", "a.jpg", bytes.NewReader(testJPEG))
	if env := decodeEnvelope(t, res); res.StatusCode != 503 || env.Msg != "存储空间不足，暂时无法上传，请稍后再试" {
		t.Fatalf("under the disk floor: %d %+v", res.StatusCode, env)
	}
}
