package devices

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"slices"
	"time"

	"bidpass/internal/clock"
	"bidpass/internal/session"
)

// The sign-in history and the new-device notice
// (docs/decisions/sessions-and-devices.md, "Sign-in history" and
// "New-device notice"): the History hears of every sign-in and refusal
// from the session service (session.Observer).

const (
	// HistoryKept is how long sign-ins are kept and shown; the retention
	// sweep deletes older ones, and devices not seen for as long.
	HistoryKept = 90 * 24 * time.Hour
	// noticeEvery is the least time between two notices for one device.
	noticeEvery = 24 * time.Hour
	// maxUserAgent is what an event keeps of a User-Agent (the parser
	// needs far less; a header of kilobytes is not stored 90 days).
	maxUserAgent = 300
)

// Event is one sign-in or refused attempt, as stored.
type Event struct {
	ID        int64 // its place in the store: a key for the page's rows
	At        time.Time
	Methods   []string
	Result    string // ResultOK, or a session.Refused… reason
	UserAgent string
	Address   string // masked (MaskAddress)
	NewDevice bool   // a sign-in from a device not seen in HistoryKept: a notice went out
}

// ResultOK is the result of a sign-in that opened a session.
const ResultOK = "ok"

// Sighting is one successful sign-in from a device, for SeeSignInDevice.
type Sighting struct {
	At time.Time
	// UnseenSince: a device whose last sign-in is older is new again.
	UnseenSince time.Time
	// NoticedSince: a device noticed since then is not noticed again.
	NoticedSince time.Time
	// Claim is this sign-in's random mark; "" records the device without
	// claiming a notice (the registration's own sign-in).
	Claim string
}

// HistoryStore keeps the events and the devices (internal/store).
type HistoryStore interface {
	AddSignInEvent(ctx context.Context, kind session.Kind, subjectID int64, e Event) error
	// SignInEvents returns a page of the subject's events since the time,
	// newest first, and how many there are in all.
	SignInEvents(ctx context.Context, kind session.Kind, subjectID int64, since time.Time, offset, limit int) ([]Event, int, error)
	// SeeSignInDevice records a sign-in from the device and reports
	// whether it claimed the device's notice: the device was unknown, or
	// not seen since c.UnseenSince and not noticed since c.NoticedSince,
	// and no other sign-in claimed it first. Parallel sign-ins from one
	// device claim it once.
	SeeSignInDevice(ctx context.Context, kind session.Kind, subjectID int64, device string, c Sighting) (bool, error)
}

// NewDeviceNotice is what a new-device notice says.
type NewDeviceNotice struct {
	At      time.Time
	Way     string
	Browser string
	System  string
	Address string // masked
}

// Notifier sends a subject its new-device notice (the app: SMS, and
// e-mail where the address is verified, through the notice queue).
type Notifier func(ctx context.Context, kind session.Kind, subjectID int64, n NewDeviceNotice) error

// History records sign-ins and refusals, sends the new-device notice and
// lists a subject's recent sign-ins. It implements session.Observer.
type History struct {
	store  HistoryStore
	notify Notifier
	names  *Service // the User-Agent parser
	clock  clock.Clock
	log    *slog.Logger
}

// NewHistory returns the history; notify may be nil (no notices).
func NewHistory(store HistoryStore, notify Notifier, names *Service, c clock.Clock, log *slog.Logger) *History {
	return &History{store: store, notify: notify, names: names, clock: c, log: log}
}

// SignedIn records a sign-in that opened r and, from a device not seen in
// HistoryKept, sends the notice: at most once a day per device. A sign-in
// without the device cookie (a script, a browser refusing cookies) is one
// device of its own, unseen whenever it comes, so it is noticed once a day.
func (h *History) SignedIn(ctx context.Context, r session.Record) {
	e := Event{At: r.CreatedAt, Methods: r.Methods, Result: ResultOK, UserAgent: clip(r.UserAgent), Address: MaskAddress(r.ClientAddr)}
	c := Sighting{At: r.CreatedAt, UnseenSince: r.CreatedAt.Add(-HistoryKept), NoticedSince: r.CreatedAt.Add(-noticeEvery), Claim: newClaim()}
	device := session.DeviceOf(ctx)
	if device == "" {
		c.UnseenSince = r.CreatedAt.Add(time.Nanosecond) // never seen: only the day's limit holds
	} else {
		// The cookie's value signs nobody in, but a copy of the database need not carry it either.
		device = session.HashToken(device)
	}
	// The registration's sign-in is the account's first: its device is
	// known from now on, and nobody needs telling.
	if slices.Equal(r.Methods, []string{session.MethodSMS}) {
		c.Claim = ""
	}
	claimed, err := h.store.SeeSignInDevice(ctx, r.Kind, r.SubjectID, device, c)
	if err != nil {
		h.log.Warn("sign-in history: device not recorded", "kind", r.Kind, "subject", r.SubjectID, "err", err)
	}
	e.NewDevice = claimed && c.Claim != ""
	if err := h.store.AddSignInEvent(ctx, r.Kind, r.SubjectID, e); err != nil {
		h.log.Warn("sign-in history: sign-in not recorded", "kind", r.Kind, "subject", r.SubjectID, "err", err)
	}
	if !e.NewDevice || h.notify == nil {
		return
	}
	browser, system := h.names.Describe(r.UserAgent)
	n := NewDeviceNotice{At: r.CreatedAt, Way: Way(r.Methods), Browser: browser, System: system, Address: e.Address}
	if err := h.notify(context.WithoutCancel(ctx), r.Kind, r.SubjectID, n); err != nil {
		h.log.Warn("sign-in history: new-device notice not sent", "kind", r.Kind, "subject", r.SubjectID, "err", err)
	}
}

// Refused records a refused attempt.
func (h *History) Refused(ctx context.Context, a session.Refusal) {
	e := Event{At: h.clock.Now().UTC(), Methods: a.Methods, Result: a.Reason, UserAgent: clip(a.UserAgent), Address: MaskAddress(a.ClientAddr)}
	if err := h.store.AddSignInEvent(ctx, a.Kind, a.SubjectID, e); err != nil {
		h.log.Warn("sign-in history: refusal not recorded", "kind", a.Kind, "subject", a.SubjectID, "err", err)
	}
}

// SignIn is one event as the holder sees it.
type SignIn struct {
	ID        int64
	At        time.Time
	Way       string
	Browser   string
	System    string
	Address   string
	OK        bool
	Result    string // in words: 登录成功, 密码错误, …
	NewDevice bool
}

// HistoryPage is a page of sign-ins and how many there are in the last
// HistoryKept.
type HistoryPage struct {
	Total   int
	SignIns []SignIn
}

// resultWords are the results in words.
var resultWords = map[string]string{
	ResultOK:                    "登录成功",
	session.RefusedPassword:     "密码错误",
	session.RefusedLocked:       "账号已锁定",
	session.RefusedDisabled:     "账号已停用",
	session.RefusedSecondFactor: "动态口令错误",
}

// Page returns p's subject's sign-ins of the last HistoryKept, page (from
// 1) of size, newest first.
func (h *History) Page(ctx context.Context, p session.Principal, page, size int) (HistoryPage, error) {
	since := h.clock.Now().UTC().Add(-HistoryKept)
	events, total, err := h.store.SignInEvents(ctx, p.Kind, p.ID, since, (page-1)*size, size)
	if err != nil {
		return HistoryPage{}, err
	}
	out := HistoryPage{Total: total, SignIns: make([]SignIn, 0, len(events))}
	for _, e := range events {
		browser, system := h.names.Describe(e.UserAgent)
		words, ok := resultWords[e.Result]
		if !ok {
			words = "登录失败"
		}
		out.SignIns = append(out.SignIns, SignIn{ID: e.ID, At: e.At, Way: Way(e.Methods), Browser: browser, System: system, Address: e.Address,
			OK: e.Result == ResultOK, Result: words, NewDevice: e.NewDevice})
	}
	return out, nil
}

func newClaim() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

func clip(userAgent string) string {
	if len(userAgent) > maxUserAgent {
		return userAgent[:maxUserAgent]
	}
	return userAgent
}
