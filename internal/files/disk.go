package files

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Disk is Blobs on the local file system, under one directory (the app
// uses <data dir>/files). A blob is written to a temporary file in the same
// directory and renamed into place only when complete, so a reader never
// sees half a file and an aborted upload leaves nothing behind. Keys must
// have the form of a file id (32 hex digits): no user-controlled text ever
// becomes part of a path.
type Disk struct {
	dir string
}

// NewDisk returns Disk storing under dir, creating it if needed.
func NewDisk(dir string) (*Disk, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("files: create %s: %w", dir, err)
	}
	return &Disk{dir: dir}, nil
}

var errBadKey = errors.New("files: invalid blob key")

// path spreads blobs over 256 subdirectories by the first two hex digits,
// so no single directory grows to millions of entries.
func (d *Disk) path(key string) (string, error) {
	if !validID(key) {
		return "", errBadKey
	}
	return filepath.Join(d.dir, key[:2], key), nil
}

// Put writes r to key.
func (d *Disk) Put(ctx context.Context, key string, r io.Reader) (int64, error) {
	p, err := d.path(key)
	if err != nil {
		return 0, err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
		return 0, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), tempPrefix+"*")
	if err != nil {
		return 0, err
	}
	done := false
	defer func() {
		if !done {
			_ = tmp.Close()
			_ = os.Remove(tmp.Name())
		}
	}()
	n, err := io.Copy(tmp, ctxReader{ctx, r})
	if err != nil {
		return n, err
	}
	if err := tmp.Sync(); err != nil {
		return n, err
	}
	if err := tmp.Close(); err != nil {
		return n, err
	}
	if err := os.Rename(tmp.Name(), p); err != nil {
		return n, err
	}
	done = true
	return n, nil
}

// Open opens key for reading.
func (d *Disk) Open(_ context.Context, key string) (io.ReadCloser, error) {
	p, err := d.path(key)
	if err != nil {
		return nil, ErrNotFound
	}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrNotFound
	}
	return f, err
}

// Delete removes key.
func (d *Disk) Delete(_ context.Context, key string) error {
	p, err := d.path(key)
	if err != nil {
		return err
	}
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// tempPrefix starts the name of a blob being written (Put).
const tempPrefix = ".upload-"

// SweepTemp removes temporary files last written before before: what a
// process killed in the middle of Put leaves behind. A Put in progress
// writes continuously, so its file is always newer than any sane cutoff.
func (d *Disk) SweepTemp(before time.Time) (int, error) {
	return sweepTempFiles(d.dir, before)
}

// sweepTempFiles removes the files under dir whose names start with
// tempPrefix and that were last written before before.
func sweepTempFiles(dir string, before time.Time) (int, error) {
	removed := 0
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil // removed meanwhile
			}
			return err
		}
		if !e.Type().IsRegular() || !strings.HasPrefix(e.Name(), tempPrefix) {
			return nil
		}
		info, err := e.Info()
		if err != nil || !info.ModTime().Before(before) {
			return nil
		}
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		removed++
		return nil
	})
	return removed, err
}

// OldKeys calls fn with the keys of the complete blobs last written
// before before, in batches of up to n: the sweep looks their rows up and
// removes the blobs that have none.
func (d *Disk) OldKeys(before time.Time, n int, fn func(keys []string) error) error {
	batch := make([]string, 0, n)
	err := filepath.WalkDir(d.dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil // removed meanwhile
			}
			return err
		}
		if !e.Type().IsRegular() || !validID(e.Name()) {
			return nil
		}
		// A blob removed meanwhile has no Info: nothing to sweep.
		if info, ierr := e.Info(); ierr != nil || !info.ModTime().Before(before) {
			return nil
		}
		if batch = append(batch, e.Name()); len(batch) == n {
			err = fn(batch)
			batch = batch[:0]
		}
		return err
	})
	if err == nil && len(batch) > 0 {
		err = fn(batch)
	}
	return err
}

// Free returns the bytes available to this process on the blobs' file
// system, for the upload quota's free-space floor.
func (d *Disk) Free() (int64, error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(d.dir, &st); err != nil {
		return 0, err
	}
	return int64(st.Bavail) * int64(st.Bsize), nil
}

// ctxReader stops a copy when the request is cancelled (client gone).
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}
