package session

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"time"

	"bidpass/internal/apperr"
)

// DeviceStore is what the list of signed-in devices needs beyond Store
// (docs/decisions/sessions-and-devices.md, "A session's public id").
type DeviceStore interface {
	// LiveSessions returns the subject's sessions that are neither
	// revoked nor past their absolute expiry at now, newest first.
	LiveSessions(ctx context.Context, kind Kind, subjectID int64, now time.Time) ([]Record, error)
	// RevokeSessionByID revokes the subject's live session with that
	// public id and returns its hash; ok is false when the subject has no
	// such live session (another subject's id is the same answer).
	RevokeSessionByID(ctx context.Context, kind Kind, subjectID int64, id string, at time.Time) (hash string, ok bool, err error)
	// RevokeOtherSessions revokes every live session of the subject but
	// keep and returns the hashes it revoked.
	RevokeOtherSessions(ctx context.Context, kind Kind, subjectID int64, keep string, at time.Time) ([]string, error)
}

// ErrNoSuchSession is the answer to ending a session that is not the
// caller's live session: 404 whether it is another account's, ended or
// never was, so an id tells nothing about anyone else.
var ErrNoSuchSession = apperr.New(apperr.NotFound, "session_not_found", "该登录设备不存在或已退出")

// Devices lists and ends the sessions of one subject.
type Devices struct {
	svc   *Service
	store DeviceStore
}

// NewDevices returns the device list over the service's sessions.
func NewDevices(svc *Service, store DeviceStore) *Devices {
	return &Devices{svc: svc, store: store}
}

// Limits are the kind's idle and absolute limits (shown on the page).
func (d *Devices) Limits(kind Kind) Limits { return d.svc.LimitsOf(kind) }

// Live returns the subject's live sessions: those idle past the limit
// are not live any more, although no request has told them so yet.
func (d *Devices) Live(ctx context.Context, kind Kind, subjectID int64) ([]Record, error) {
	now := d.svc.clock.Now().UTC()
	rs, err := d.store.LiveSessions(ctx, kind, subjectID, now)
	if err != nil {
		return nil, err
	}
	out := rs[:0]
	for _, r := range rs {
		if now.Before(r.LastSeenAt.Add(d.svc.LimitsOf(kind).Idle)) {
			out = append(out, r)
		}
	}
	return out, nil
}

// End ends the subject's session with that public id and returns its
// hash (for what hangs on it); ErrNoSuchSession when there is none.
func (d *Devices) End(ctx context.Context, kind Kind, subjectID int64, id string) (string, error) {
	h, ok, err := d.store.RevokeSessionByID(ctx, kind, subjectID, id, d.svc.clock.Now().UTC())
	if err != nil {
		return "", err
	}
	if !ok {
		return "", ErrNoSuchSession
	}
	return h, nil
}

// EndOthers ends every session of p's subject but p's own and returns the
// hashes it ended.
func (d *Devices) EndOthers(ctx context.Context, p Principal) ([]string, error) {
	return d.store.RevokeOtherSessions(ctx, p.Kind, p.ID, p.TokenHash, d.svc.clock.Now().UTC())
}

// newID is a session's public id: 128 random bits, unrelated to the token.
func newID() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}
