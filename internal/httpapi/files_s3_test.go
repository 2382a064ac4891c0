package httpapi

import (
	"bytes"
	"io"
	"log/slog"
	"testing"

	"bidpass/internal/files"
	"bidpass/internal/files/s3test"
	"bidpass/internal/session"
	"bidpass/internal/store/storetest"
)

// TestFilesOverHTTPOnS3 (docs/decisions/deployment.md, "Several instances, metrics and deployment (lead)"): the upload and download routes with the
// files in an S3 bucket. A streamed upload becomes one object and downloads
// byte for byte through bidpass, another account gets 404; an 11 MB upload
// is refused with the spec's message and leaves nothing in the bucket or
// the spool.
func TestFilesOverHTTPOnS3(t *testing.T) {
	srv, spool := s3test.Start(t), t.TempDir()
	blobs, err := files.NewS3(files.S3Config{Endpoint: srv.URL, Bucket: s3test.Bucket, AccessKey: s3test.AccessKey,
		SecretKey: s3test.SecretKey, PathStyle: true, SpoolDir: spool})
	if err != nil {
		t.Fatal(err)
	}
	d := testDeps(t, false)
	fdb := storetest.SQLite(t)
	d.Files = files.NewService(files.Deps{Store: fdb.Files(), Blobs: blobs, Tx: fdb, Clock: d.Clock, Log: slog.New(slog.DiscardHandler)})
	e := &filesEnv{h: NewServer(d), d: d, blobDir: spool}
	owner := e.token(t, session.Portal, 42)

	photo := append(append([]byte{}, testJPEG...), bytes.Repeat([]byte{9}, 3<<20)...)
	res := e.upload(t, owner, "", "正面.jpg", bytes.NewReader(photo))
	env := decodeEnvelope(t, res)
	id, _ := env.Data.(string)
	if res.StatusCode != 200 || len(id) != 32 || srv.Objects(t) != 1 {
		t.Fatalf("upload: %d %+v, %d objects", res.StatusCode, env, srv.Objects(t))
	}
	res = do(t, e.h, "GET", "/api/file/download/"+id, "", "Authorization", "Bearer "+owner)
	body, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 || !bytes.Equal(body, photo) || res.Header.Get("Content-Type") != "image/jpeg" {
		t.Fatalf("owner download: %d, %d bytes of %d, %q", res.StatusCode, len(body), len(photo), res.Header.Get("Content-Type"))
	}
	res = do(t, e.h, "GET", "/api/file/download/"+id, "", "Authorization", "Bearer "+e.token(t, session.Portal, 43))
	if res.StatusCode != 404 {
		t.Errorf("another account's download: %d", res.StatusCode)
	}

	big := io.MultiReader(bytes.NewReader(testJPEG), io.LimitReader(zeroReader{}, 11<<20))
	res = e.upload(t, owner, "", "big.jpg", big)
	if env := decodeEnvelope(t, res); res.StatusCode != 400 || env.Msg != "图片大小不能超过 10MB!" {
		t.Errorf("11 MB: %d %+v", res.StatusCode, env)
	}
	if n, spooled := srv.Objects(t), e.blobs(t); n != 1 || spooled != 0 {
		t.Errorf("after the refused upload: %d objects (want 1), %d spool files (want 0)", n, spooled)
	}
	if srv.Refused.Load() != 0 {
		t.Errorf("the store refused %d requests", srv.Refused.Load())
	}
}
