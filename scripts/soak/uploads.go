package main

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"bidpass/internal/devclient"
)

// The uploads mode (TestUploadsKilledThenSwept): n streaming uploads are
// in flight, each with its temporary .upload-* file growing, when the
// server is killed with SIGKILL; the files stay. A day later the sweep
// (`bidpass files sweep`, what the maintenance job runs) removes every one
// of them, and keeps a temporary file younger than a day (an upload still
// running on another instance). The day passing is the temporary files'
// times moved back by 25 hours.
func runUploadsKill(ctx context.Context, b backend, n int, out io.Writer) error {
	if err := b.cli("account", "create", "--type", "person", "--account", "uploaduser1", "--password", userPassword,
		"--phone", "13600000001"); err != nil {
		return err
	}
	srv, err := b.start(ctx)
	if err != nil {
		return err
	}
	defer srv.kill()
	dc := devclient.New(srv.base)
	tok, err := dc.SignIn("uploaduser1", userPassword)
	if err != nil {
		return err
	}
	filesDir := filepath.Join(b.dataDir, "files")
	var writers []*io.PipeWriter
	for range n {
		pr, pw := io.Pipe()
		writers = append(writers, pw)
		mw := multipart.NewWriter(pw)
		req, _ := http.NewRequest("POST", srv.base+"/api/file/upload", pr)
		req.Header.Set("Content-Type", mw.FormDataContentType())
		req.Header.Set("Authorization", "Bearer "+tok)
		go func() {
			res, err := dc.HTTP.Do(req)
			if err == nil {
				res.Body.Close()
			}
		}()
		go func() {
			fw, err := mw.CreateFormFile("file", "scan.jpg")
			if err != nil {
				return
			}
			chunk := make([]byte, 64<<10)
			copy(chunk, []byte{0xFF, 0xD8, 0xFF, 0xE0})
			// A slow client: 64 KB every 50 ms, never done (5 MB in 4 s).
			for {
				if _, err := fw.Write(chunk); err != nil {
					return
				}
				chunk[0] = 0
				time.Sleep(50 * time.Millisecond)
			}
		}()
	}
	deadline := time.Now().Add(time.Minute)
	for {
		temps, err := tempUploads(filesDir)
		if err != nil {
			return err
		}
		if len(temps) == n {
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%d of %d uploads have a temporary file after a minute", len(temps), n)
		}
		time.Sleep(100 * time.Millisecond)
	}
	time.Sleep(500 * time.Millisecond) // the files grow
	srv.kill()
	for _, w := range writers {
		_ = w.CloseWithError(io.ErrClosedPipe)
	}
	left, err := tempUploads(filesDir)
	if err != nil {
		return err
	}
	dayAgo := time.Now().Add(-25 * time.Hour)
	for _, p := range left {
		if err := os.Chtimes(p, dayAgo, dayAgo); err != nil {
			return err
		}
	}
	fresh := filepath.Join(filesDir, "00", ".upload-inprogress")
	if err := os.MkdirAll(filepath.Dir(fresh), 0o750); err != nil {
		return err
	}
	if err := os.WriteFile(fresh, []byte{0xFF, 0xD8}, 0o640); err != nil {
		return err
	}
	if err := b.cli("files", "sweep"); err != nil {
		return err
	}
	after, err := tempUploads(filesDir)
	if err != nil {
		return err
	}
	freshKept := len(after) == 1 && after[0] == fresh
	old := len(after)
	if freshKept {
		old--
	}
	fmt.Fprintf(out, "RESULT uploads database=%s killed-uploads=%d temporary-files-after-kill=%d left-after-sweep=%d fresh-one-kept=%v\n",
		b.dialect(), n, len(left), old, freshKept)
	if len(left) != n || old != 0 || !freshKept {
		return errFindings
	}
	return nil
}

// tempUploads lists the temporary upload files under dir.
func tempUploads(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if os.IsNotExist(err) {
				return nil
			}
			return err
		}
		if !d.IsDir() && strings.HasPrefix(d.Name(), ".upload-") {
			out = append(out, p)
		}
		return nil
	})
	return out, err
}
