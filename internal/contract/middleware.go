package contract

import (
	"bytes"
	"io"
	"net/http"
)

// Middleware checks every exchange that passes through next and hands each
// mismatch to report. It is for development servers only (the end-to-end
// run sets BIDPASS_CONTRACT_CHECK): it holds each request and response body
// in memory and checks after the handler returns, which delays the answer
// by the check's time.
func (c *Checker) Middleware(next http.Handler, report func(r *http.Request, status int, err error)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body []byte
		if r.Body != nil {
			var err error
			if body, err = io.ReadAll(r.Body); err != nil {
				http.Error(w, "reading the request failed", http.StatusBadRequest)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
		}
		// The handler may change r's context but not the request line or
		// headers the check reads; a clone keeps them as the client sent them.
		sent := r.Clone(r.Context())
		rec := &recorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if r.Context().Err() != nil {
			// The client went away before the answer: there is no exchange to check
			// (the server records 499, which no operation documents).
			return
		}
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		x := Exchange{Request: sent, RequestBody: body, Status: rec.status, Header: w.Header(), Body: rec.body.Bytes()}
		if err := c.Check(r.Context(), x); err != nil {
			report(sent, rec.status, err)
		}
	})
}

// recorder passes the response through and keeps a copy of it.
type recorder struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (r *recorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the real writer.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }
