package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"bidpass/internal/files"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// photoFile is the row of an uploaded ID photo of owner's, made at at.
func photoFile(id string, owner int64, at time.Time) files.File {
	return files.File{ID: id, OwnerID: owner, Kind: files.KindPhoto, ContentType: "image/jpeg", Ext: "jpg",
		Size: 1234, OriginalName: "身份证正面.jpg", CreatedAt: at}
}

// TestFilesStore is the contract of files.Store, run on every database.
func TestFilesStore(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		s := db.Files()
		t0 := time.Date(2025, 3, 1, 8, 0, 0, 123456000, time.UTC)
		a := photoFile("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 7, t0)
		b := photoFile("bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", 7, t0.Add(time.Hour))
		c := photoFile("cccccccccccccccccccccccccccccccc", 8, t0.Add(2*time.Hour))
		for _, f := range []files.File{a, b, c} {
			if err := s.CreateFile(ctx, f); err != nil {
				t.Fatal(err)
			}
		}

		got, err := s.File(ctx, a.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.ID != a.ID || got.OwnerID != 7 || got.Kind != files.KindPhoto || got.ContentType != "image/jpeg" ||
			got.Ext != "jpg" || got.Size != 1234 || got.OriginalName != "身份证正面.jpg" || !got.CreatedAt.Equal(t0) || got.AttachedAt != nil {
			t.Errorf("File = %+v", got)
		}
		if _, err := s.File(ctx, "dddddddddddddddddddddddddddddddd"); !errors.Is(err, files.ErrNotFound) {
			t.Errorf("unknown id: %v", err)
		}

		// Attaching someone else's file is refused and changes nothing.
		if err := s.AttachFile(ctx, 8, a.ID, t0); !errors.Is(err, files.ErrNotFound) {
			t.Errorf("attach by non-owner: %v", err)
		}
		if err := s.AttachFile(ctx, 7, b.ID, t0.Add(3*time.Hour)); err != nil {
			t.Fatal(err)
		}
		// A second attach keeps the first time.
		if err := s.AttachFile(ctx, 7, b.ID, t0.Add(5*time.Hour)); err != nil {
			t.Fatal(err)
		}
		got, _ = s.File(ctx, b.ID)
		if got.AttachedAt == nil || !got.AttachedAt.Equal(t0.Add(3*time.Hour)) {
			t.Errorf("AttachedAt = %v", got.AttachedAt)
		}

		// Unattached before t0+2h: only a (b is attached, c is not older).
		list, err := s.UnattachedBefore(ctx, t0.Add(2*time.Hour), 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) != 1 || list[0].ID != a.ID {
			t.Errorf("UnattachedBefore = %+v", list)
		}
		list, _ = s.UnattachedBefore(ctx, t0.Add(10*time.Hour), 1)
		if len(list) != 1 || list[0].ID != a.ID {
			t.Errorf("limit / order: %+v", list)
		}

		// The conditional delete spares attached and recent files.
		if ok, err := s.DeleteUnattached(ctx, b.ID, t0.Add(10*time.Hour)); err != nil || ok {
			t.Errorf("deleted an attached file: %v %v", ok, err)
		}
		if ok, err := s.DeleteUnattached(ctx, c.ID, t0.Add(2*time.Hour)); err != nil || ok {
			t.Errorf("deleted a file not yet old enough: %v %v", ok, err)
		}
		if ok, err := s.DeleteUnattached(ctx, a.ID, t0.Add(2*time.Hour)); err != nil || !ok {
			t.Errorf("did not delete: %v %v", ok, err)
		}
		if _, err := s.File(ctx, a.ID); !errors.Is(err, files.ErrNotFound) {
			t.Errorf("deleted file still found: %v", err)
		}
		if err := s.AttachFile(ctx, 7, a.ID, t0); !errors.Is(err, files.ErrNotFound) {
			t.Errorf("attach after delete: %v", err)
		}

		// Store methods join the caller's transaction: a rolled-back attach
		// leaves the file unattached.
		boom := errors.New("boom")
		err = db.InTx(ctx, func(ctx context.Context) error {
			if err := s.AttachFile(ctx, 8, c.ID, t0); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatal(err)
		}
		if got, _ := s.File(ctx, c.ID); got.AttachedAt != nil {
			t.Error("attach survived a rollback")
		}
	})
}
