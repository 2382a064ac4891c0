package httpapi

import (
	"net/http"

	"bidpass/internal/sms"
)

// handleDevOutbox serves GET /api/dev/outbox (development mode only): the
// SMS and e-mail messages that would have been sent, newest first.
func handleDevOutbox(d Deps) http.Handler {
	o := d.Outbox
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// An empty outbox is an empty list, not null (api/openapi.yaml).
		msgs := append([]sms.Message{}, o.List()...)
		respondList(w, msgs, int64(len(msgs)))
	})
}
