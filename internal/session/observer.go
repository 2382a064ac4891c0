package session

import "context"

// Observer hears of every sign-in (a session issued) and of every refused
// attempt on a known subject: the sign-in history and the new-device
// notice (internal/devices; docs/decisions/sessions-and-devices.md,
// "Sign-in history"). It cannot change a sign-in's answer: what it fails
// to record it logs.
type Observer interface {
	SignedIn(ctx context.Context, r Record)
	Refused(ctx context.Context, a Refusal)
}

// Refusal is an attempt refused on a subject the attempt named (a wrong
// password, a locked or disabled account, a wrong second-step code).
type Refusal struct {
	Kind       Kind
	SubjectID  int64
	Methods    []string // how the attempt was made (Method… values)
	Reason     string   // Refused… values
	ClientAddr string
	UserAgent  string
}

// Why an attempt was refused (the history shows them in words).
const (
	RefusedPassword     = "password"      // the password was wrong
	RefusedLocked       = "locked"        // too many wrong passwords: locked for a while
	RefusedDisabled     = "disabled"      // the account is disabled
	RefusedSecondFactor = "second_factor" // the second step's code was wrong
)

// Observe makes o hear of sign-ins and refusals; the app calls it once,
// while it wires its parts, before any request.
func (s *Service) Observe(o Observer) { s.observer = o }

// Refused tells the observer of a refused attempt.
func (s *Service) Refused(ctx context.Context, a Refusal) {
	if s.observer != nil && a.SubjectID != 0 {
		s.observer.Refused(ctx, a)
	}
}

type deviceKey struct{}

// WithDevice carries the browser's device id (the bidpass_device cookie,
// set by the HTTP layer) to the observer of the sign-in it makes.
func WithDevice(ctx context.Context, device string) context.Context {
	return context.WithValue(ctx, deviceKey{}, device)
}

// DeviceOf is the device id WithDevice put in ctx, or "".
func DeviceOf(ctx context.Context) string {
	d, _ := ctx.Value(deviceKey{}).(string)
	return d
}
