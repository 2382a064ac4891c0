package httpapi

import (
	"net/http"
)

// handleDevOutbox serves GET /api/dev/outbox (development mode only): the
// SMS and e-mail messages that would have been sent, newest first.
func handleDevOutbox(d Deps) http.Handler {
	o := d.Outbox
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// An empty outbox is an empty list, not null (api/openapi.yaml).
		list := o.List()
		msgs := make([]outboxMessageResponse, 0, len(list))
		for _, m := range list {
			msgs = append(msgs, outboxMessageOut(m))
		}
		respondList(w, msgs, int64(len(msgs)))
	})
}
