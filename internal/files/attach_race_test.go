package files_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"sync"
	"testing"
	"time"

	"bidpass/internal/clock"
	"bidpass/internal/files"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

var jpeg = append([]byte{0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 'J', 'F', 'I', 'F', 0}, make([]byte, 500)...)

// TestAttachTwiceAndSweep (docs/decisions/limits.md, "Limits and abuse paths" #3): day-old uploads attached by two
// submissions at once while the sweep runs. Each file ends either attached
// and readable (both attaches succeed) or swept with both attaches refused;
// never attached without its bytes. On SQLite and PostgreSQL.
func TestAttachTwiceAndSweep(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clk := clock.NewFake(time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC))
		disk, err := files.NewDisk(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		svc := files.NewService(files.Deps{Store: db.Files(), Blobs: disk, Tx: db, Clock: clk, Log: slog.New(slog.DiscardHandler)})
		const owner, n = int64(77), 30
		ids := make([]string, n)
		for i := range ids {
			f, err := svc.Upload(ctx, owner, files.KindPhoto, "a.jpg", bytes.NewReader(jpeg))
			if err != nil {
				t.Fatal(err)
			}
			ids[i] = f.ID
		}
		clk.Advance(25 * time.Hour)

		attach := make([][2]error, n)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i, id := range ids {
			for j := range 2 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					<-start
					attach[i][j] = svc.Attach(ctx, owner, id)
				}()
			}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			if _, err := svc.Sweep(ctx, 24*time.Hour); err != nil {
				t.Error(err)
			}
		}()
		close(start)
		wg.Wait()

		kept := 0
		for i, id := range ids {
			_, rc, openErr := svc.Open(ctx, files.Actor{AccountID: owner}, id)
			if openErr == nil {
				rc.Close()
			}
			for _, err := range attach[i] {
				switch {
				case err == nil && openErr != nil:
					t.Fatalf("file %d attached but gone: %v", i, openErr)
				case err != nil && !errors.Is(err, files.ErrNotOwned):
					t.Fatalf("attach %d: %v", i, err)
				}
			}
			if openErr == nil {
				kept++
			}
		}
		// The sweep of a later day removes nothing that was attached.
		clk.Advance(25 * time.Hour)
		if _, err := svc.Sweep(ctx, 24*time.Hour); err != nil {
			t.Fatal(err)
		}
		for i, id := range ids {
			if attach[i][0] == nil {
				if _, rc, err := svc.Open(ctx, files.Actor{AccountID: owner}, id); err != nil {
					t.Fatalf("attached file %d swept later: %v", i, err)
				} else {
					rc.Close()
				}
			}
		}
		t.Logf("%d of %d files attached before the sweep reached them", kept, n)
	})
}
