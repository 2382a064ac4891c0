package httpapi

import (
	"context"
	"net/http"
	"strconv"

	"bidpass/internal/files"
	"bidpass/internal/review"
)

// Staff files: the attachments reviewers upload and the staff way to see
// uploaded personal data. Each upload and each view goes into the staff
// action log with it: an upload and its entry commit together
// (files.Service.UploadRecorded), and a view whose entry cannot be written
// is not served (files.Service.OpenRecorded).

// handleStaffFileUpload serves POST /api/admin/files: a reviewer uploads an
// attachment for a decision (evidence types). The file is owned by
// review.StaffFileOwner(staff id), which no portal account matches.
func handleStaffFileUpload(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		st := staffFrom(r.Context())
		kind := files.KindEvidence
		part, err := filePart(w, r, &kind, nil)
		if err != nil {
			respondError(w, r, err)
			return
		}
		// A failed log entry is the server's failure, not a bad upload.
		var recordErr error
		record := func(ctx context.Context, f files.File) error {
			recordErr = d.Staff.Record(ctx, st.ID, "file.upload", "file:"+f.ID, f.DownloadName(), clientFrom(r.Context()).Addr)
			return recordErr
		}
		f, err := d.Files.UploadRecorded(r.Context(), review.StaffFileOwner(st.ID), kind, part.FileName(), part, record)
		if err != nil {
			if recordErr == nil {
				err = uploadReadError(kind, err)
			}
			respondError(w, r, err)
			return
		}
		respond(w, fileRefResponse{ID: f.ID, Name: f.DownloadName()})
	})
}

// handleStaffFileDownload serves GET /api/admin/files/{id}: the staff way to
// see uploaded personal data (photos at full size, evidence). Each view is
// logged in the staff action log before a byte is sent.
func handleStaffFileDownload(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		st := staffFrom(r.Context())
		record := func(ctx context.Context, f files.File) error {
			owner := "账号 " + strconv.FormatInt(f.OwnerID, 10)
			if f.OwnerID < 0 {
				owner = "工作人员附件"
			}
			return d.Staff.Record(ctx, st.ID, "file.view", "file:"+f.ID, owner+" "+f.DownloadName(), clientFrom(r.Context()).Addr)
		}
		f, rc, err := d.Files.OpenRecorded(r.Context(), files.Actor{IsReviewer: true}, r.PathValue("id"), record)
		if err != nil {
			respondError(w, r, err)
			return
		}
		defer rc.Close()
		serveFile(w, r, f, rc)
	})
}
