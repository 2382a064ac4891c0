package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"bidpass/internal/apperr"
)

// envelope is the body of every JSON response (docs/spec/DECISIONS.md): code 0 is
// success; errors carry a stable non-zero code (the HTTP status), a reason
// key and per-field messages.
type envelope struct {
	Code  int    `json:"code"`
	Msg   string `json:"msg"`
	Data  any    `json:"data"`
	Count *int64 `json:"count,omitempty"`
	// CountCapped and Next are on the lists that grow without bound
	// (keyset paging, docs/decisions/scale.md, "Numbered pages reach 200 rows; deeper pages go by cursor"): the count stopped at its cap, and the
	// cursor of the page after this one.
	CountCapped *bool             `json:"countCapped,omitempty"`
	Next        string            `json:"next,omitempty"`
	Reason      string            `json:"reason,omitempty"`
	Fields      map[string]string `json:"fields,omitempty"`
}

// statusOf is the one table from error kinds to HTTP statuses; the status
// is also the envelope's code, so a client that reads only the body (as the
// old portal's did, for 401 and 420) sees the same thing.
var statusOf = map[apperr.Kind]int{
	apperr.Internal:        http.StatusInternalServerError,
	apperr.Invalid:         http.StatusBadRequest,
	apperr.Unauthenticated: http.StatusUnauthorized,
	apperr.Forbidden:       http.StatusForbidden,
	apperr.NotFound:        http.StatusNotFound,
	apperr.Conflict:        http.StatusConflict,
	apperr.SessionExpired:  420,
	apperr.TooMany:         http.StatusTooManyRequests,
	apperr.Unavailable:     http.StatusServiceUnavailable,
}

const msgOK = "操作成功"

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// respond writes a success envelope with data.
func respond(w http.ResponseWriter, data any) {
	writeJSON(w, http.StatusOK, envelope{Msg: msgOK, Data: data})
}

// respondMsg writes a success envelope with a message of its own (for
// example 修改成功，等待管理员审核).
func respondMsg(w http.ResponseWriter, msg string, data any) {
	writeJSON(w, http.StatusOK, envelope{Msg: msg, Data: data})
}

// respondList writes a page of a list with the total count.
func respondList(w http.ResponseWriter, data any, count int64) {
	writeJSON(w, http.StatusOK, envelope{Msg: msgOK, Data: data, Count: &count})
}

// respondError writes err in the envelope. Errors that are not *apperr.Error
// are logged with the request id and answered with a generic 500.
func respondError(w http.ResponseWriter, r *http.Request, err error) {
	if clientGone(r, err) {
		// The client closed the connection (a closed tab, a page left, an aborted
		// fetch) before the answer: not the server's fault, so neither an ERROR in
		// the log nor a 5xx in the metrics. Nobody reads the body.
		logFrom(r.Context()).Info("client went away", "err", err)
		w.WriteHeader(StatusClientClosed)
		return
	}
	e, ok := apperr.As(err)
	if !ok || e.Kind == apperr.Internal {
		logFrom(r.Context()).Error("request failed", "err", err)
		e = apperr.New(apperr.Internal, "internal", "服务器内部错误")
	} else if e.Err != nil {
		logFrom(r.Context()).Info("request refused", "reason", e.Reason, "err", e.Err)
	}
	status := statusOf[e.Kind]
	writeJSON(w, status, envelope{Code: status, Msg: e.Msg, Reason: e.Reason, Fields: e.Fields})
}

// StatusClientClosed is the status recorded for a request whose client went
// away before the answer (nginx's 499 "client closed request").
const StatusClientClosed = 499

// clientGone: err comes from the request's own context, cancelled because the
// client disconnected (not a deadline of ours, which stays a server error).
func clientGone(r *http.Request, err error) bool {
	return errors.Is(err, context.Canceled) && errors.Is(r.Context().Err(), context.Canceled)
}

// maxJSONBody bounds every JSON request body; uploads have their own limit.
const maxJSONBody = 1 << 20

var errMalformed = apperr.New(apperr.Invalid, "request.malformed", "请求格式错误，请检查后重试")

// decode reads a JSON body into v. A malformed, oversized or empty body is a
// 400 with a Chinese message; unknown fields are ignored because the spec's
// clients send extra ones (updateType and the like) that we do not trust.
func decode(w http.ResponseWriter, r *http.Request, v any) error {
	body := http.MaxBytesReader(w, r.Body, maxJSONBody)
	err := json.NewDecoder(body).Decode(v)
	var tooBig *http.MaxBytesError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &tooBig):
		return apperr.New(apperr.Invalid, "request.too_large", "请求内容过大").Wrap(err)
	case errors.Is(err, io.EOF):
		return apperr.New(apperr.Invalid, "request.empty", "请求内容为空").Wrap(err)
	default:
		return errMalformed.Wrap(err)
	}
}

// bearerToken returns the token of an Authorization: Bearer header.
func bearerToken(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) > 7 && strings.EqualFold(h[:7], "bearer ") {
		return strings.TrimSpace(h[7:])
	}
	return ""
}

type logKey struct{}

// logFrom returns the request's logger (it carries the request id).
func logFrom(ctx interface{ Value(any) any }) *slog.Logger {
	if l, ok := ctx.Value(logKey{}).(*slog.Logger); ok {
		return l
	}
	return slog.Default()
}

var errMethod = apperr.New(apperr.NotFound, "method_not_allowed", "请求地址出错")
