package sms_test

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"testing"
	"time"

	"bidpass/internal/clock"
	"bidpass/internal/ephemeral"
	"bidpass/internal/sms"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// flaky fails its first `fails` sends, blocks while `block` is set (until
// the try's deadline), and counts the deliveries of each notice text.
type flaky struct {
	mu        sync.Mutex
	fails     int
	block     bool
	delivered map[string]int
	last      sms.Message
	tries     int
}

func (f *flaky) Send(ctx context.Context, m sms.Message) error {
	f.mu.Lock()
	f.tries++
	block := f.block
	if !block && f.fails > 0 {
		f.fails--
		f.mu.Unlock()
		return errors.New("vendor down")
	}
	f.mu.Unlock()
	if block {
		<-ctx.Done()
		return ctx.Err()
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.delivered[m.Text]++
	f.last = m
	return nil
}

func newQueue(t *testing.T, db *store.DB, sender *flaky) (*sms.NoticeQueue, *clock.Fake) {
	clk := clock.NewFake(time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC))
	svc := sms.New(sms.Config{Store: ephemeral.NewMemory(clk), Clock: clk, SMS: sender})
	q := sms.NewNoticeQueue(db, svc, clk, slog.New(slog.DiscardHandler))
	return q, clk
}

func pending(t *testing.T, db *store.DB, now time.Time) int {
	t.Helper()
	due, err := db.ClaimDueNotices(context.Background(), now.Add(24*time.Hour), now, 1000)
	if err != nil {
		t.Fatal(err)
	}
	return len(due)
}

// TestNoticeRetried: a notice the vendor refuses is kept and sent by a
// later retry, with its template parameters; nothing is sent twice.
func TestNoticeRetried(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		sender := &flaky{fails: 2, delivered: map[string]int{}}
		q, clk := newQueue(t, db, sender)
		params := map[string]string{"kind": "实名认证申请", "result": "通过", "reason": ""}
		if err := q.NotifyScene(ctx, "13800000001", sms.SceneRealNameResult, "您提交的实名认证申请已审核通过。", params); err != nil {
			t.Fatal(err)
		}
		if len(sender.delivered) != 0 {
			t.Fatal("delivered despite the failure")
		}
		if err := q.RetryDue(ctx); err != nil { // not due yet
			t.Fatal(err)
		}
		clk.Advance(time.Minute)
		if err := q.RetryDue(ctx); err != nil { // second try fails too
			t.Fatal(err)
		}
		clk.Advance(4 * time.Minute)
		if err := q.RetryDue(ctx); err != nil { // the next waits 5 minutes
			t.Fatal(err)
		}
		if len(sender.delivered) != 0 {
			t.Fatal("retried before its time")
		}
		clk.Advance(time.Minute)
		if err := q.RetryDue(ctx); err != nil {
			t.Fatal(err)
		}
		text := "【公路桥梁电子招标采购交易平台】您提交的实名认证申请已审核通过。"
		if sender.delivered[text] != 1 || sender.last.Scene != sms.SceneRealNameResult || sender.last.Params["kind"] != "实名认证申请" {
			t.Fatalf("delivered %v, last %+v", sender.delivered, sender.last)
		}
		clk.Advance(24 * time.Hour)
		if err := q.RetryDue(ctx); err != nil {
			t.Fatal(err)
		}
		if sender.delivered[text] != 1 || pending(t, db, clk.Now()) != 0 {
			t.Fatalf("sent again: %v", sender.delivered)
		}
	})
}

// TestNoticeTimeoutAndGiveUp: a vendor that never answers holds the
// caller only for the try's timeout; after six tries the notice is given
// up and no longer tried.
func TestNoticeTimeoutAndGiveUp(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		sender := &flaky{block: true, delivered: map[string]int{}}
		q, clk := newQueue(t, db, sender)
		q.Timeout = 20 * time.Millisecond
		if err := q.NotifyScene(ctx, "13800000001", sms.SceneChangeResult, "变更", nil); err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 8; i++ {
			clk.Advance(7 * time.Hour)
			if err := q.RetryDue(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if pending(t, db, clk.Now()) != 0 {
			t.Fatal("a given-up notice is still due")
		}
		if sender.tries != 6 {
			t.Fatalf("%d tries, want 6", sender.tries)
		}
	})
}

// TestNoticeClaimedOnce: instances retrying at the same moment send each
// due notice exactly once (PostgreSQL shows the race SQLite would hide).
func TestNoticeClaimedOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		sender := &flaky{fails: 40, delivered: map[string]int{}}
		q, clk := newQueue(t, db, sender)
		for i := 0; i < 40; i++ {
			if err := q.NotifyScene(ctx, "13800000001", sms.SceneAdmissionResult, "n"+string(rune('A'+i)), nil); err != nil {
				t.Fatal(err)
			}
		}
		clk.Advance(time.Minute)
		var wg sync.WaitGroup
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := q.RetryDue(ctx); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if len(sender.delivered) != 40 {
			t.Fatalf("%d notices delivered, want 40", len(sender.delivered))
		}
		for text, n := range sender.delivered {
			if n != 1 {
				t.Fatalf("%s delivered %d times", text, n)
			}
		}
	})
}

// TestNoticeRefused: without an SMS sender, or to a number that is not a
// mobile number, nothing is queued.
func TestNoticeRefused(t *testing.T) {
	db := storetest.SQLite(t)
	clk := clock.NewFake(time.Now())
	q := sms.NewNoticeQueue(db, sms.New(sms.Config{Store: ephemeral.NewMemory(clk), Clock: clk}), clk, nil)
	if err := q.NotifyScene(context.Background(), "13800000001", sms.SceneNotice, "x", nil); reason(err) != "sms.unavailable" {
		t.Fatalf("%v", err)
	}
	q, _ = newQueue(t, db, &flaky{delivered: map[string]int{}})
	if err := q.NotifyScene(context.Background(), "1380000", sms.SceneNotice, "x", nil); reason(err) != "invalid.phone" {
		t.Fatalf("%v", err)
	}
	if pending(t, db, clk.Now()) != 0 {
		t.Fatal("queued")
	}
}
