package sms

import (
	"context"
	"log/slog"
	"sync"
)

// Outbox is the development sender: messages are logged and kept (newest
// first, at most outboxSize) for GET /api/dev/outbox instead of being sent.
// It is only wired in dev mode.
type Outbox struct {
	log  *slog.Logger
	mu   sync.Mutex
	msgs []Message
}

const outboxSize = 200

// NewOutbox returns an empty outbox logging to log.
func NewOutbox(log *slog.Logger) *Outbox {
	if log == nil {
		log = slog.Default()
	}
	return &Outbox{log: log}
}

// Send keeps m.
func (o *Outbox) Send(_ context.Context, m Message) error {
	o.log.Info("dev outbox", "channel", m.Channel, "to", m.To, "scene", m.Scene, "code", m.Code, "text", m.Text)
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
	o.mu.Lock()
	defer o.mu.Unlock()
	return append([]Message(nil), o.msgs...)
}
