package httpapi

import (
	"io"
	"net/http"
	"strconv"
	"time"
)

// handleDataExport streams the signed-in account's own data as a zip. The
// limits and the records are taken first (dataexport.Begin), so a refusal
// or a database failure answers in the envelope; a failure once the zip is
// streaming aborts the connection, so the client sees a broken download,
// never a short zip with a 200.
func handleDataExport(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		e, err := d.DataExport.Begin(r.Context(), p.ID)
		if err != nil {
			respondError(w, r, err)
			return
		}
		defer e.Close()
		w.Header().Set("Content-Type", "application/zip")
		w.Header().Set("Content-Disposition", attachmentName("bidpass-data-"+strconv.FormatInt(p.ID, 10)+".zip"))
		w.Header().Set("Cache-Control", "no-store")
		if err := e.WriteTo(r.Context(), &progressWriter{w: w, rc: http.NewResponseController(w)}); err != nil {
			logFrom(r.Context()).Warn("data export cut short", "err", err)
			panic(http.ErrAbortHandler)
		}
	})
}

// progressWriter moves the connection's write deadline on while bytes go
// out: the server's WriteTimeout bounds a stalled client, not a large
// download that keeps moving.
type progressWriter struct {
	w    io.Writer
	rc   *http.ResponseController
	next time.Time
}

// writeGrace is how long a download may stall before it is cut.
const writeGrace = 2 * time.Minute

func (p *progressWriter) Write(b []byte) (int, error) {
	if now := time.Now(); now.After(p.next) {
		_ = p.rc.SetWriteDeadline(now.Add(writeGrace)) // unsupported by a test recorder: no deadline to move
		p.next = now.Add(writeGrace / 8)
	}
	return p.w.Write(b)
}
