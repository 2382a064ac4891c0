package files

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/ephemeral"
	"bidpass/internal/ephemeral/ephemeraltest"
)

// jpegOf returns a JPEG-looking body of n bytes.
func jpegOf(n int) []byte {
	return append(append([]byte(nil), jpegBytes[:11]...), make([]byte, n-11)...)
}

// burst uploads body as owner from n goroutines released together and
// returns the errors.
func burst(fx *fixture, owner int64, n int, body []byte) []error {
	errs := make([]error, n)
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			_, errs[i] = fx.svc.Upload(context.Background(), owner, KindPhoto, "a.jpg", bytes.NewReader(body))
		}()
	}
	close(start)
	wg.Wait()
	return errs
}

// TestUploadQuotaUnderBurst is docs/decisions/limits.md, "Limits and abuse paths" #5: one account stored 500 MB in
// 1.1 s. Released together, uploads are admitted up to the rate, and the
// bytes stored in a day never pass the daily figure, on memory and Redis.
func TestUploadQuotaUnderBurst(t *testing.T) {
	ephemeraltest.Each(t, newFixture(t).clock, func(t *testing.T, store ephemeral.Store) {
		t.Run("rate", func(t *testing.T) {
			fx := newFixture(t)
			fx.withQuota(Quota{Store: store, PerMinute: 20})
			ok := 0
			for _, err := range burst(fx, 1, 100, jpegBytes) {
				switch {
				case err == nil:
					ok++
				case !errors.Is(err, ErrUploadRate) || apperr.KindOf(err) != apperr.TooMany:
					t.Fatalf("refusal: %s", reason(err))
				}
			}
			if ok != 20 || fx.blobCount(t) != 20 {
				t.Fatalf("%d of 100 parallel uploads admitted, %d stored; want 20", ok, fx.blobCount(t))
			}
			if _, err := fx.svc.Upload(context.Background(), 2, KindPhoto, "a.jpg", bytes.NewReader(jpegBytes)); err != nil {
				t.Fatalf("another account: %s", reason(err))
			}
		})
		t.Run("bytes a day", func(t *testing.T) {
			fx := newFixture(t)
			const limit = 50 << 20
			fx.withQuota(Quota{Store: store, BytesPerDay: limit})
			body := jpegOf(9 << 20)
			stored := int64(0)
			for round := range 3 {
				for _, err := range burst(fx, 3, 40, body) {
					if err == nil {
						stored += int64(len(body))
					} else if !errors.Is(err, ErrUploadDaily) {
						t.Fatalf("round %d: %s", round, reason(err))
					}
				}
			}
			if stored > limit || stored == 0 {
				t.Fatalf("stored %d MiB in a day, limit %d MiB", stored>>20, limit>>20)
			}
			t.Logf("120 parallel 9 MiB uploads: %d MiB stored (limit %d MiB)", stored>>20, limit>>20)
		})
	})
}

// TestUploadSmallFilesUseTheirSize: the day is charged what was stored, not
// the 10 MB reserved while reading, and a refused upload costs nothing.
func TestUploadSmallFilesUseTheirSize(t *testing.T) {
	fx := newFixture(t)
	fx.withQuota(Quota{Store: ephemeral.NewMemory(fx.clock), BytesPerDay: 20 << 20})
	for range 5 {
		if _, err := fx.svc.Upload(context.Background(), 4, KindPhoto, "x.gif", bytes.NewReader([]byte("GIF89a"))); !errors.Is(err, ErrPhotoType) {
			t.Fatalf("wrong type: %s", reason(err))
		}
	}
	body := jpegOf(1 << 20)
	n := 0
	for ; n < 30; n++ {
		if _, err := fx.svc.Upload(context.Background(), 4, KindPhoto, "a.jpg", bytes.NewReader(body)); err != nil {
			if !errors.Is(err, ErrUploadDaily) {
				t.Fatal(reason(err))
			}
			break
		}
	}
	// Admitted while the day's bytes leave room for a file of the maximum size.
	if n != 11 {
		t.Fatalf("%d uploads of 1 MiB admitted under 20 MiB a day, want 11", n)
	}
	fx.clock.Advance(24 * time.Hour)
	if _, err := fx.svc.Upload(context.Background(), 4, KindPhoto, "a.jpg", bytes.NewReader(body)); err != nil {
		t.Fatalf("next day: %s", reason(err))
	}
}

// TestUploadDiskFloor: below the free-space floor an upload answers 503 and
// stores nothing.
func TestUploadDiskFloor(t *testing.T) {
	fx := newFixture(t)
	store := ephemeral.NewMemory(fx.clock)
	fx.withQuota(Quota{Store: store, FreeFloor: 1 << 62})
	_, err := fx.svc.Upload(context.Background(), 5, KindPhoto, "a.jpg", bytes.NewReader(jpegBytes))
	if e, ok := apperr.As(err); !ok || e.Kind != apperr.Unavailable || e.Reason != "file.disk_full" {
		t.Fatalf("under the floor: %s", reason(err))
	}
	if fx.blobCount(t) != 0 {
		t.Fatal("stored under the floor")
	}
	fx.withQuota(Quota{Store: store, FreeFloor: 1 << 20})
	if _, err := fx.svc.Upload(context.Background(), 5, KindPhoto, "a.jpg", bytes.NewReader(jpegBytes)); err != nil {
		t.Fatalf("above the floor: %s", reason(err))
	}
}

// TestSweepRemovesStaleTempFiles is docs/decisions/limits.md, "Limits and abuse paths" #10: an upload cut short by
// kill -9 leaves its .upload-* file, which the sweep now removes once a day
// old; a fresh one (an upload in progress) stays. On S3 the same holds
// for the spool.
func TestSweepRemovesStaleTempFiles(t *testing.T) {
	eachBackend(t, func(t *testing.T, fx *fixture) {
		sub := filepath.Join(fx.dir, "ab")
		if err := os.MkdirAll(sub, 0o750); err != nil {
			t.Fatal(err)
		}
		stale, fresh := filepath.Join(sub, ".upload-123"), filepath.Join(sub, ".upload-456")
		for _, p := range []string{stale, fresh} {
			if err := os.WriteFile(p, []byte("half a photo"), 0o600); err != nil {
				t.Fatal(err)
			}
		}
		now := fx.clock.Now()
		_ = os.Chtimes(stale, now.Add(-25*time.Hour), now.Add(-25*time.Hour))
		_ = os.Chtimes(fresh, now.Add(-time.Hour), now.Add(-time.Hour))
		n, err := fx.svc.Sweep(context.Background(), 24*time.Hour)
		if err != nil || n != 1 {
			t.Fatalf("sweep removed %d (%v), want 1", n, err)
		}
		if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
			t.Error("stale temporary file kept")
		}
		if _, err := os.Stat(fresh); err != nil {
			t.Errorf("fresh temporary file removed: %v", err)
		}
	})
}

// TestSweepRemovesUnreferencedBlobs (docs/decisions/personal-data.md, "Data protection"): Upload renames the blob into
// place and then inserts its row, so a kill -9 between the two leaves bytes
// no row names. The sweep removes such a blob once it is an hour old; a
// younger one (its row may be on its way) and every blob with a row stay.
func TestSweepRemovesUnreferencedBlobs(t *testing.T) {
	fx := newFixture(t)
	ctx := context.Background()
	kept, err := fx.svc.Upload(ctx, 5, KindPhoto, "a.jpg", bytes.NewReader(jpegBytes))
	if err != nil {
		t.Fatal(err)
	}
	lost, fresh := strings.Repeat("ab", 16), strings.Repeat("cd", 16)
	for _, k := range []string{lost, fresh} {
		if _, err := fx.blobs.Put(ctx, k, bytes.NewReader(jpegBytes)); err != nil {
			t.Fatal(err)
		}
	}
	now := fx.clock.Now()
	old := now.Add(-2 * time.Hour)
	for _, k := range []string{lost, kept.ID} {
		p, _ := fx.blobs.(*Disk).path(k)
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
	p, _ := fx.blobs.(*Disk).path(fresh)
	_ = os.Chtimes(p, now.Add(-30*time.Minute), now.Add(-30*time.Minute))

	n, err := fx.svc.Sweep(ctx, 24*time.Hour)
	if err != nil || n != 1 {
		t.Fatalf("sweep removed %d (%v), want the one old blob without a row", n, err)
	}
	if _, err := fx.blobs.Open(ctx, lost); !errors.Is(err, ErrNotFound) {
		t.Errorf("the old blob without a row is still there: %v", err)
	}
	for _, k := range []string{kept.ID, fresh} {
		rc, err := fx.blobs.Open(ctx, k)
		if err != nil {
			t.Errorf("blob %s removed: %v", k, err)
			continue
		}
		rc.Close()
	}
}
