package httpapi

import (
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"

	"bidpass/internal/apperr"
	"bidpass/internal/files"
)

var errNoFilePart = apperr.New(apperr.Invalid, "file.missing", "请选择文件")

// handleFileUpload serves POST /api/file/upload (multipart, field "file";
// the use is ?kind=photo (default) or ?kind=evidence). The part is streamed
// straight to the file service, which enforces the type and the 10 MB limit
// while reading; nothing is buffered in memory or spooled to a temporary
// file by the multipart reader. data is the new file's id.
func handleFileUpload(d Deps) http.Handler {
	svc := d.Files
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		owner := principalFrom(r.Context()).ID
		kind := files.Kind(r.URL.Query().Get("kind"))
		if kind == "" {
			kind = files.KindPhoto
		}
		part, err := filePart(w, r, &kind, func(p *multipart.Part) {
			// A form field before the file may name the use instead of the query.
			if p.FormName() == "kind" {
				v, _ := io.ReadAll(io.LimitReader(p, 32))
				kind = files.Kind(strings.TrimSpace(string(v)))
			}
		})
		if err != nil {
			respondError(w, r, err)
			return
		}
		f, err := svc.Upload(r.Context(), owner, kind, part.FileName(), part)
		if err != nil {
			// A storage failure stays a 500; only the body's own limit
			// and a truncated body are the client's doing.
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) || errors.Is(err, io.ErrUnexpectedEOF) {
				err = uploadReadError(kind, err)
			}
			respondError(w, r, err)
			return
		}
		respond(w, f.ID)
	})
}

// filePart returns the request's multipart part named "file", streamed: the
// body is bounded and nothing is buffered in memory or spooled to a
// temporary file. Parts before it go to field (when not nil); kind (which
// field may change) names the use for the size message of a body over the
// limit.
func filePart(w http.ResponseWriter, r *http.Request, kind *files.Kind, field func(*multipart.Part)) (*multipart.Part, error) {
	// The file plus a little multipart framing; the service's own limit
	// trips first with the spec's message.
	r.Body = http.MaxBytesReader(w, r.Body, files.MaxSize+64<<10)
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, errMalformed.Wrap(err)
	}
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return nil, errNoFilePart
		}
		if err != nil {
			return nil, uploadReadError(*kind, err)
		}
		if part.FormName() == "file" {
			return part, nil
		}
		if field != nil {
			field(part)
		}
	}
}

// uploadReadError turns the request body's own limit into the spec's size
// message (like the service's limit) and a broken multipart body into a 400;
// user-facing errors pass through.
func uploadReadError(kind files.Kind, err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		if kind == files.KindEvidence {
			return files.ErrFileTooLarge.Wrap(err)
		}
		return files.ErrPhotoTooLarge.Wrap(err)
	}
	if _, ok := apperr.As(err); ok {
		return err
	}
	return errMalformed.Wrap(err)
}

// handleFileDownload serves GET /api/file/download/{id} to the file's owner,
// a portal session. Anyone else gets the same 404 as for an unknown id, so
// an id reveals nothing; no portal session (a staff token included) is 401.
// Staff read files only through GET /api/admin/files/{id}, which records
// every view in the action log: one door for staff means no read of
// personal data escapes the log (docs/decisions/limits.md, "Limits and abuse paths" #4).
func handleFileDownload(d Deps) http.Handler {
	return portal(d, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		actor := files.Actor{AccountID: principalFrom(r.Context()).ID}
		f, rc, err := d.Files.Open(r.Context(), actor, r.PathValue("id"))
		if err != nil {
			respondError(w, r, err)
			return
		}
		defer rc.Close()
		serveFile(w, r, f, rc)
	}))
}

// serveFile writes a file with the download headers every file route uses;
// a HEAD request gets the headers only.
func serveFile(w http.ResponseWriter, r *http.Request, f files.File, rc io.Reader) {
	h := w.Header()
	h.Set("Content-Type", f.ContentType)
	h.Set("Content-Length", strconv.FormatInt(f.Size, 10))
	h.Set("Content-Disposition", contentDisposition(f))
	h.Set("X-Content-Type-Options", "nosniff")
	// Personal data: never kept by shared caches or on a shared computer.
	h.Set("Cache-Control", "private, no-store")
	// Even if opened directly, nothing in the file may run.
	h.Set("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return
	}
	if _, err := io.Copy(w, rc); err != nil {
		logFrom(r.Context()).Info("file download interrupted", "id", f.ID, "err", err)
	}
}

// contentDisposition names the download per RFC 6266: an ASCII fallback in
// filename and the real (often Chinese) name in filename*. Photos are
// inline so they can be previewed; everything else is an attachment, so a
// browser never renders an uploaded document in the portal's origin.
func contentDisposition(f files.File) string {
	name := f.DownloadName()
	disp := "attachment"
	if f.Ext == "jpg" || f.Ext == "png" {
		disp = "inline"
	}
	var fallback strings.Builder
	for _, r := range name {
		switch {
		case r < 0x20 || r > 0x7e || r == '"' || r == '\\' || r == '%' || r == ';':
			fallback.WriteByte('_')
		default:
			fallback.WriteRune(r)
		}
	}
	return disp + `; filename="` + fallback.String() + `"; filename*=UTF-8''` + rfc5987(name)
}

// rfc5987 percent-encodes everything but attr-char (RFC 5987 3.2.1).
func rfc5987(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9') || strings.IndexByte("!#$&+-.^_`|~", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteString("%" + strings.ToUpper(strconv.FormatInt(int64(c)|0x100, 16)[1:]))
	}
	return b.String()
}
