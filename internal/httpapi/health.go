package httpapi

import (
	"context"
	"net/http"
	"time"
)

// handleHealthz answers 200 while the process is up.
func handleHealthz(_ Deps) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		respond(w, healthResponse{Status: "up"})
	})
}

// handleReadyz answers 200 when every dependency answers, 503 otherwise,
// naming what is down.
func handleReadyz(d Deps) http.Handler {
	checks := d.Ready
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		status := readiness{}
		ok := true
		for name, p := range checks {
			if err := p.Ping(ctx); err != nil {
				logFrom(ctx).Warn("not ready", "dependency", name, "err", err)
				status[name] = "down"
				ok = false
				continue
			}
			status[name] = "up"
		}
		if !ok {
			writeJSON(w, http.StatusServiceUnavailable, envelope{Code: http.StatusServiceUnavailable, Msg: "服务不可用", Reason: "not_ready", Data: status})
			return
		}
		respond(w, status)
	})
}
