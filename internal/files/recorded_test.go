package files

import (
	"bytes"
	"context"
	"errors"
	"testing"
)

// TestUploadRecordedFailure: when the record of an upload fails, the
// upload is undone (no row, no blob) and the record's error is returned;
// when the record of a view fails, nothing is opened.
func TestUploadRecordedFailure(t *testing.T) {
	fx := newFixture(t)
	ctx := context.Background()
	down := errors.New("log down")
	_, err := fx.svc.UploadRecorded(ctx, -3, KindPhoto, "a.jpg", bytes.NewReader(jpegBytes),
		func(context.Context, File) error { return down })
	if !errors.Is(err, down) {
		t.Fatalf("upload: %v, want the record's error", err)
	}
	if len(fx.store.files) != 0 || fx.stored(t) != 0 {
		t.Fatalf("%d rows and %d blobs left by an upload whose record failed", len(fx.store.files), fx.stored(t))
	}

	f, err := fx.svc.Upload(ctx, -3, KindPhoto, "a.jpg", bytes.NewReader(jpegBytes))
	if err != nil {
		t.Fatal(err)
	}
	recorded := 0
	_, rc, err := fx.svc.OpenRecorded(ctx, Actor{IsReviewer: true}, f.ID, func(context.Context, File) error { recorded++; return down })
	if !errors.Is(err, down) || rc != nil || recorded != 1 {
		t.Fatalf("open: %v %v (recorded %d), want the record's error and nothing opened", err, rc, recorded)
	}
}
