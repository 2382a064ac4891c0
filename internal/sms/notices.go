package sms

import (
	"context"
	"encoding/json"
	"log/slog"
	"time"

	"bidpass/internal/clock"
	"bidpass/internal/every"
)

// Notice is one SMS notice (a review outcome) in the queue.
type Notice struct {
	ID int64
	// Channel is how it goes: SMS (the default, "") or e-mail, Phone then
	// holding the address.
	Channel  Channel
	Phone    string
	Scene    string
	Text     string
	Params   map[string]string
	Attempts int // tries made, counting the one in flight
}

// NoticeStore keeps the queue in the database (internal/store), so a
// notice survives a restart and any instance may retry it.
type NoticeStore interface {
	// AddNotice stores n as claimed by its adder until lease (its first
	// try is in flight) and returns its id.
	AddNotice(ctx context.Context, n Notice, now, lease time.Time) (int64, error)
	// ClaimDueNotices claims at most limit notices whose next try is due at
	// now, moving that time to lease and counting the try. Two instances
	// asking at once never claim the same notice.
	ClaimDueNotices(ctx context.Context, now, lease time.Time, limit int) ([]Notice, error)
	// NoticeSent marks a notice sent.
	NoticeSent(ctx context.Context, id int64, at time.Time) error
	// NoticeFailed records a failed try: the next one at next, or none if
	// giveUp.
	NoticeFailed(ctx context.Context, id int64, errText string, next time.Time, giveUp bool, at time.Time) error
	// DeleteSentNotices removes notices sent or given up before the time.
	DeleteSentNotices(ctx context.Context, before time.Time) (int64, error)
}

// Retry schedule of a notice: after the n-th failed try the next waits
// noticeBackoff[n-1]; after the last it is given up (and logged as an
// error for the operators). About nine hours in all: a vendor outage of an
// afternoon still delivers the outcome.
var noticeBackoff = []time.Duration{time.Minute, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 6 * time.Hour}

const (
	// NoticeTimeout bounds one try: a reviewer's request waits at most this
	// long for the vendor before the notice is left to the retries.
	NoticeTimeout = 3 * time.Second
	// noticeLease is how long a claimed notice stays with its instance; a
	// try outlives NoticeTimeout only if the instance died, and then
	// another instance takes the notice after the lease.
	noticeLease = time.Minute
	// noticeKeep is how long sent and given-up notices are kept (for an
	// operator asking whether an outcome went out), then deleted.
	noticeKeep = 30 * 24 * time.Hour
)

// NoticeQueue sends notices through a Service with retries. It implements
// the review service's Notifier.
type NoticeQueue struct {
	store NoticeStore
	svc   *Service
	clock clock.Clock
	log   *slog.Logger
	// Timeout bounds one try (NoticeTimeout unless a test shortens it).
	Timeout time.Duration
}

// NewNoticeQueue returns a queue sending through svc.
func NewNoticeQueue(store NoticeStore, svc *Service, clk clock.Clock, log *slog.Logger) *NoticeQueue {
	if log == nil {
		log = slog.Default()
	}
	return &NoticeQueue{store: store, svc: svc, clock: clk, log: log, Timeout: NoticeTimeout}
}

// NotifyScene queues a notice and makes its first try at once, waiting at
// most NoticeTimeout; a failed try is left to Run. It fails only when the
// notice cannot be queued (no SMS sender, a bad phone, the database).
func (q *NoticeQueue) NotifyScene(ctx context.Context, phone, scene, text string, params map[string]string) error {
	return q.NotifyOn(ctx, SMS, phone, scene, text, params)
}

// NotifyOn is NotifyScene on a channel: by e-mail, to is an address.
func (q *NoticeQueue) NotifyOn(ctx context.Context, ch Channel, to, scene, text string, params map[string]string) error {
	if !q.svc.Configured(ch) {
		return q.svc.unavailable(ch)
	}
	if ch == SMS && !ValidPhone(to) {
		return ErrBadPhone
	}
	now := q.clock.Now()
	n := Notice{Channel: ch, Phone: to, Scene: scene, Text: text, Params: params, Attempts: 1}
	id, err := q.store.AddNotice(ctx, n, now, now.Add(noticeLease))
	if err != nil {
		return err
	}
	n.ID = id
	q.try(context.WithoutCancel(ctx), n)
	return nil
}

// RetryDue tries the notices whose next try is due, and removes old sent
// ones. Run calls it; tests call it directly.
func (q *NoticeQueue) RetryDue(ctx context.Context) error {
	now := q.clock.Now()
	// Claim in batches until a claim gets nothing: what is claimed moves
	// out of the due set, so this ends; when another instance took a whole
	// batch, it goes on with the rest itself.
	for {
		due, err := q.store.ClaimDueNotices(ctx, now, now.Add(noticeLease), 20)
		if err != nil {
			return err
		}
		if len(due) == 0 {
			break
		}
		for _, n := range due {
			q.try(ctx, n)
		}
	}
	if k, err := q.store.DeleteSentNotices(ctx, now.Add(-noticeKeep)); err != nil {
		return err
	} else if k > 0 {
		q.log.Info("sms: old notices deleted", "count", k)
	}
	return nil
}

// Run retries due notices every interval until ctx ends.
func (q *NoticeQueue) Run(ctx context.Context, interval time.Duration) {
	every.Tick(ctx, interval, func(ctx context.Context) {
		if err := q.RetryDue(ctx); err != nil && ctx.Err() == nil {
			q.log.Warn("sms: notice retry", "err", err)
		}
	})
}

func (q *NoticeQueue) try(ctx context.Context, n Notice) {
	tctx, cancel := context.WithTimeout(ctx, q.Timeout)
	err := q.svc.NotifyOn(tctx, n.Channel, n.Phone, n.Scene, n.Text, n.Params)
	cancel()
	now := q.clock.Now()
	if err == nil {
		if err := q.store.NoticeSent(ctx, n.ID, now); err != nil {
			q.log.Warn("sms: marking a notice sent", "notice", n.ID, "err", err)
		}
		return
	}
	giveUp, next := n.Attempts > len(noticeBackoff), now
	if giveUp {
		q.log.Error("sms: notice given up", "notice", n.ID, "scene", n.Scene, "tries", n.Attempts, "err", err)
	} else {
		next = now.Add(noticeBackoff[n.Attempts-1])
		q.log.Warn("sms: notice failed, will retry", "notice", n.ID, "scene", n.Scene, "try", n.Attempts, "next", next, "err", err)
	}
	if err := q.store.NoticeFailed(ctx, n.ID, err.Error(), next, giveUp, now); err != nil {
		q.log.Warn("sms: recording a failed notice", "notice", n.ID, "err", err)
	}
}

// EncodeParams and DecodeParams keep a notice's parameters as JSON text in
// the store.
func EncodeParams(p map[string]string) string {
	if len(p) == 0 {
		return "{}"
	}
	b, _ := json.Marshal(p)
	return string(b)
}

// DecodeParams is the inverse of EncodeParams; bad JSON yields no params.
func DecodeParams(s string) map[string]string {
	var p map[string]string
	_ = json.Unmarshal([]byte(s), &p)
	return p
}
