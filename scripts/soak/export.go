package main

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"bidpass/internal/devclient"
)

// The export mode (make soak-export, and TestExportMemory in brief):
// accounts upload exportMB each in 10 MB files, then all download their
// data at once while the server process's resident memory is sampled from
// /proc/<pid>/status. The exports must stream (docs/decisions/
// export-readiness-locks.md): the RSS growth over the level before the
// downloads stays under rssLimitMB whatever the accounts' size, and every
// zip is opened and its files compared byte for byte with the uploads.

// exportOptions of the export mode.
type exportOptions struct {
	accounts   int
	mb         int // per account
	rssLimitMB int
}

const exportFileSize = 10 << 20

// runExport runs the export mode on b.
func runExport(ctx context.Context, b backend, o exportOptions, out io.Writer) error {
	users := make([]string, o.accounts)
	for i := range users {
		users[i] = fmt.Sprintf("exportuser%02d", i)
		if err := b.cli("account", "create", "--type", "person", "--account", users[i], "--password", userPassword,
			"--phone", fmt.Sprintf("1370000%04d", i)); err != nil {
			return err
		}
	}
	srv, err := b.start(ctx)
	if err != nil {
		return err
	}
	defer srv.kill()
	dc := devclient.New(srv.base)
	tokens := make([]string, len(users))
	for i, u := range users {
		if tokens[i], err = dc.SignIn(u, userPassword); err != nil {
			return err
		}
	}
	// Uploads: each account's files, each a JPEG header and random bytes
	// (incompressible, as photos are), remembered by SHA-256.
	files := make([]map[string][32]byte, len(users))
	perAccount := (o.mb << 20) / exportFileSize
	if perAccount < 1 {
		perAccount = 1
	}
	began := time.Now()
	var wg sync.WaitGroup
	errs := make(chan error, len(users))
	for i := range users {
		files[i] = map[string][32]byte{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			rnd := rand.New(rand.NewPCG(uint64(i), 1))
			content := make([]byte, exportFileSize)
			for n := 0; n < perAccount; n++ {
				for j := 0; j+8 <= len(content); j += 8 {
					v := rnd.Uint64()
					for k := 0; k < 8; k++ {
						content[j+k] = byte(v >> (8 * k))
					}
				}
				copy(content, []byte{0xFF, 0xD8, 0xFF, 0xE0})
				id, err := uploadFile(dc, srv.base, tokens[i], content)
				if err != nil {
					errs <- fmt.Errorf("%s upload %d: %w", users[i], n, err)
					return
				}
				files[i][id] = sha256.Sum256(content)
			}
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return err
	}
	fmt.Fprintf(out, "uploaded %d accounts x %d files of 10 MB in %s\n", len(users), perAccount, time.Since(began).Round(time.Second))

	pid := srv.cmd.Process.Pid
	base, err := procStatus(pid, "VmRSS")
	if err != nil {
		return err
	}
	var peak atomic.Int64
	peak.Store(base)
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			select {
			case <-stop:
				return
			case <-time.After(20 * time.Millisecond):
			}
			if v, err := procStatus(pid, "VmRSS"); err == nil && v > peak.Load() {
				peak.Store(v)
			}
		}
	}()
	began = time.Now()
	type result struct {
		bytes int64
		err   error
	}
	results := make([]result, len(users))
	dir, err := os.MkdirTemp(b.dataDir, "downloads-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	for i := range users {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i].bytes, results[i].err = downloadExport(dc, srv.base, tokens[i], filepath.Join(dir, users[i]+".zip"), files[i])
		}()
	}
	wg.Wait()
	close(stop)
	<-sampled
	took := time.Since(began)
	hwm, _ := procStatus(pid, "VmHWM")
	var total int64
	failed := false
	for i, r := range results {
		if r.err != nil {
			fmt.Fprintf(out, "  %s: %v\n", users[i], r.err)
			failed = true
		}
		total += r.bytes
	}
	growth := peak.Load() - base
	fmt.Fprintf(out, "RESULT export database=%s accounts=%d zip-bytes=%d (%d MB) took=%s rss-before=%d kB rss-peak=%d kB growth=%d kB (limit %d MB) vmhwm=%d kB valid-zips=%v\n",
		b.dialect(), len(users), total, total>>20, took.Round(100*time.Millisecond), base, peak.Load(), growth, o.rssLimitMB, hwm, !failed)
	if failed || growth >= int64(o.rssLimitMB)<<10 {
		return errFindings
	}
	return srv.stop()
}

// uploadFile uploads content as a photo of the session's account.
func uploadFile(dc *devclient.Client, base, token string, content []byte) (string, error) {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	fw, _ := w.CreateFormFile("file", "scan.jpg")
	_, _ = fw.Write(content)
	_ = w.Close()
	req, _ := http.NewRequest("POST", base+"/api/file/upload", &body)
	req.Header.Set("Content-Type", w.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+token)
	for k, v := range dc.Header {
		req.Header[k] = v
	}
	res, err := dc.HTTP.Do(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	var env struct {
		Data string `json:"data"`
		Msg  string `json:"msg"`
	}
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil || res.StatusCode != 200 {
		return "", fmt.Errorf("%d %s %v", res.StatusCode, env.Msg, err)
	}
	return env.Data, nil
}

// downloadExport saves the account's export to path, opens it as a zip
// and checks that it holds exactly the uploaded files, byte for byte.
func downloadExport(dc *devclient.Client, base, token, path string, want map[string][32]byte) (int64, error) {
	req, _ := http.NewRequest("GET", base+"/api/account/export", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := dc.HTTP.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		b, _ := io.ReadAll(io.LimitReader(res.Body, 4096))
		return 0, fmt.Errorf("export: %d %s", res.StatusCode, b)
	}
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	n, err := io.Copy(f, res.Body)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return n, fmt.Errorf("download cut short after %d bytes: %w", n, err)
	}
	z, err := zip.OpenReader(path)
	if err != nil {
		return n, fmt.Errorf("not a valid zip: %w", err)
	}
	defer z.Close()
	got := 0
	for _, e := range z.File {
		name, ok := strings.CutPrefix(e.Name, "photos/")
		if !ok {
			continue
		}
		id := strings.TrimSuffix(name, filepath.Ext(name))
		sum, ok := want[id]
		if !ok {
			return n, fmt.Errorf("the zip holds a file not uploaded: %s", e.Name)
		}
		rc, err := e.Open()
		if err != nil {
			return n, err
		}
		h := sha256.New()
		_, err = io.Copy(h, rc) // the zip reader checks each entry's CRC-32 too
		rc.Close()
		if err != nil {
			return n, fmt.Errorf("%s: %w", e.Name, err)
		}
		if !bytes.Equal(h.Sum(nil), sum[:]) {
			return n, fmt.Errorf("%s differs from the upload", e.Name)
		}
		got++
	}
	if got != len(want) {
		return n, fmt.Errorf("the zip holds %d of the %d uploaded files", got, len(want))
	}
	return n, nil
}

// procStatus reads a kB field (VmRSS, VmHWM) of /proc/<pid>/status.
func procStatus(pid int, field string) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			return strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
		}
	}
	return 0, fmt.Errorf("no %s in /proc/%d/status", field, pid)
}
