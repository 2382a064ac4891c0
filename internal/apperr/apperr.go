// Package apperr is the one error type that reaches users. A capability
// returns an *Error with a Kind (which the HTTP layer maps to a status in one
// table), a stable Reason key and a Chinese message; anything else that
// escapes a service is an internal error whose details never reach the client.
package apperr

import (
	"errors"
	"fmt"
)

// Kind classifies an error; the HTTP layer maps each kind to one status.
type Kind int

// The kinds of user-facing errors.
const (
	Internal        Kind = iota // 500
	Invalid                     // 400: bad input, with per-field messages
	Unauthenticated             // 401: no or unknown session
	Forbidden                   // 403: signed in but not allowed
	NotFound                    // 404
	Conflict                    // 409: state does not allow it (already taken, already decided)
	SessionExpired              // 420: the session timed out
	TooMany                     // 429: rate limit, cooldown or lockout
	Unavailable                 // 503: a required outside service is not configured or down
)

// Error is a user-facing error.
type Error struct {
	Kind   Kind
	Reason string            // stable key, e.g. "auth.bad_credentials"; the UI may switch on it
	Msg    string            // Chinese text shown to the user
	Fields map[string]string // per-field Chinese messages for Invalid
	Err    error             // cause, logged, never sent
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Reason, e.Msg, e.Err)
	}
	return e.Reason + ": " + e.Msg
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// New returns an error of the given kind.
func New(kind Kind, reason, msg string) *Error {
	return &Error{Kind: kind, Reason: reason, Msg: msg}
}

// InvalidFields returns an Invalid error carrying per-field messages; its Msg
// is the first field's message in the order given by names (or msg when set).
func InvalidFields(msg string, fields map[string]string) *Error {
	return &Error{Kind: Invalid, Reason: "invalid", Msg: msg, Fields: fields}
}

// Field returns an Invalid error about one field.
func Field(field, msg string) *Error {
	return &Error{Kind: Invalid, Reason: "invalid." + field, Msg: msg, Fields: map[string]string{field: msg}}
}

// Wrap attaches a cause to a copy of e.
func (e *Error) Wrap(err error) *Error {
	c := *e
	c.Err = err
	return &c
}

// As returns the *Error in err's chain, if any.
func As(err error) (*Error, bool) {
	var e *Error
	ok := errors.As(err, &e)
	return e, ok
}

// KindOf returns the kind of err; Internal when err is not an *Error.
func KindOf(err error) Kind {
	if e, ok := As(err); ok {
		return e.Kind
	}
	return Internal
}

// Common errors shared by several capabilities.
var (
	ErrUnauthenticated = New(Unauthenticated, "auth.missing", "认证标识为空, 请重新登录。")
	ErrSessionExpired  = New(SessionExpired, "auth.expired", "登录超时，请重新登录")
	ErrForbidden       = New(Forbidden, "forbidden", "拒绝访问")
	ErrNotFound        = New(NotFound, "not_found", "请求地址出错")
)
