package httpapi

import (
	"bytes"
	"net/http"
	"strconv"
)

// handleDataExport answers the signed-in account's own data as a zip. It
// is built in memory first so a failure midway answers an error, not half
// a zip with a 200.
func handleDataExport(d Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := principalFrom(r.Context())
		var buf bytes.Buffer
		if err := d.DataExport.Write(r.Context(), p.ID, &buf); err != nil {
			respondError(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "application/zip")
		w.Header().Set("Content-Disposition", attachmentName("bidpass-data-"+strconv.FormatInt(p.ID, 10)+".zip"))
		w.Header().Set("Cache-Control", "no-store")
		_, _ = w.Write(buf.Bytes())
	})
}
