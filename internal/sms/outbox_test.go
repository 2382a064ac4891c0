package sms_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
	"bidpass/internal/sms"
)

// TestSharedOutbox: two instances' outboxes over one store see each
// other's messages, newest first, at most 200.
func TestSharedOutbox(t *testing.T) {
	store := ephemeral.NewMemory(clock.NewFake(time.Now()))
	a, b := sms.NewSharedOutbox(nil, store), sms.NewSharedOutbox(nil, store)
	ctx := context.Background()
	for i := 0; i < 205; i++ {
		o := a
		if i%2 == 1 {
			o = b
		}
		if err := o.Send(ctx, sms.Message{Channel: sms.SMS, To: "13800000001", Scene: "register", Code: fmt.Sprint(i)}); err != nil {
			t.Fatal(err)
		}
	}
	for _, o := range []*sms.Outbox{a, b} {
		got := o.List()
		if len(got) != 200 || got[0].Code != "204" || got[199].Code != "5" {
			t.Fatalf("%d messages, first %q, last %q", len(got), got[0].Code, got[len(got)-1].Code)
		}
	}
}
