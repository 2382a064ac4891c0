package sms

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"bidpass/internal/ephemeral"
)

// Outbox is the development sender: messages are logged and kept (newest
// first, at most outboxSize) for GET /api/dev/outbox instead of being sent.
// It is only wired in dev mode.
//
// With a store (NewSharedOutbox) the messages live in the ephemeral store,
// so with several instances on one Redis a code sent through one instance
// is read from the outbox of any other, as a phone would receive it
// whichever instance sent it. Each message is a key of its own under a
// shared sequence number (the store has no lists), kept an hour.
type Outbox struct {
	log   *slog.Logger
	store ephemeral.Store // nil: in memory
	mu    sync.Mutex
	msgs  []Message
}

const (
	outboxSize = 200
	outboxTTL  = time.Hour
	keyOutSeq  = "dev:outbox:seq"
	keyOutMsg  = "dev:outbox:msg:"
)

// NewOutbox returns an empty outbox in memory, logging to log.
func NewOutbox(log *slog.Logger) *Outbox {
	if log == nil {
		log = slog.Default()
	}
	return &Outbox{log: log}
}

// NewSharedOutbox returns an outbox kept in store.
func NewSharedOutbox(log *slog.Logger, store ephemeral.Store) *Outbox {
	o := NewOutbox(log)
	o.store = store
	return o
}

// Send keeps m.
func (o *Outbox) Send(ctx context.Context, m Message) error {
	o.log.Info("dev outbox", "channel", m.Channel, "to", m.To, "scene", m.Scene, "code", m.Code, "text", m.Text)
	if o.store != nil {
		n, err := o.store.Incr(ctx, keyOutSeq, 24*time.Hour)
		if err != nil {
			return err
		}
		b, _ := json.Marshal(m)
		return o.store.Set(ctx, keyOutMsg+strconv.FormatInt(n, 10), b, outboxTTL)
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.msgs = append([]Message{m}, o.msgs...)
	if len(o.msgs) > outboxSize {
		o.msgs = o.msgs[:outboxSize]
	}
	return nil
}

// List returns the kept messages, newest first.
func (o *Outbox) List() []Message {
	if o.store != nil {
		return o.listShared(context.Background())
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]Message(nil), o.msgs...)
}

// listShared reads the newest outboxSize messages by sequence number; a
// development aid, so a store error yields what was read so far.
func (o *Outbox) listShared(ctx context.Context) []Message {
	top, err := o.store.IncrBy(ctx, keyOutSeq, 0, 24*time.Hour)
	if err != nil {
		return nil
	}
	var out []Message
	for n := top; n > 0 && n > top-outboxSize; n-- {
		b, err := o.store.Get(ctx, keyOutMsg+strconv.FormatInt(n, 10))
		if errors.Is(err, ephemeral.ErrNotFound) {
			continue
		}
		if err != nil {
			break
		}
		var m Message
		if json.Unmarshal(b, &m) == nil {
			out = append(out, m)
		}
	}
	return out
}
