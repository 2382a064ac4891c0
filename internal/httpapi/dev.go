package httpapi

import (
	"net/http"

	"bidpass/api"
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

// handleDevOpenAPI serves GET /api/dev/openapi.yaml (development mode only):
// the HTTP contract the binary was built with, for the API reference page
// of the app (#/dev/api) to render.
func handleDevOpenAPI(Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/yaml; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(api.OpenAPI)
	})
}
