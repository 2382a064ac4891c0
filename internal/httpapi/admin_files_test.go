package httpapi

import (
	"context"
	"net/http/httptest"
	"testing"

	"bidpass/internal/review"
	"bidpass/internal/store/storetest"
)

// TestStaffFileLogFailure: a staff upload and its action-log entry commit
// together, and a view is served only once it is logged. With the log's
// inserts failing, the upload answers 500 and leaves no file behind, and
// the view answers 500 without a byte of the photo. Straight to the
// handler, not through the contract check: a 500 is nowhere in the
// contract.
func TestStaffFileLogFailure(t *testing.T) {
	e := newAdminEnv(t)
	storetest.RefuseInserts(t, e.db, "staff_actions")

	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, staffUploadRequest(e.revT))
	if rec.Code != 500 {
		t.Fatalf("upload with the log failing: %d %s, want 500", rec.Code, rec.Body)
	}
	left, err := e.db.FilesOwnedBy(context.Background(), review.StaffFileOwner(e.rev.ID))
	if err != nil {
		t.Fatal(err)
	}
	if len(left) != 0 {
		t.Fatalf("an upload whose log entry failed left %d files", len(left))
	}

	rec = httptest.NewRecorder()
	req := httptest.NewRequest("GET", "/api/admin/files/"+e.photo, nil)
	req.Header.Set("Authorization", "Bearer "+e.revT)
	e.h.ServeHTTP(rec, req)
	if rec.Code != 500 || rec.Header().Get("Content-Type") == "image/png" {
		t.Fatalf("view with the log failing: %d %s, want 500 and no photo", rec.Code, rec.Header().Get("Content-Type"))
	}
}
