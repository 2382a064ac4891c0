package devices_test

import (
	"context"
	"io"
	"log/slog"
	"sync"
	"testing"
	"time"

	"bidpass/internal/clock"
	"bidpass/internal/devices"
	"bidpass/internal/session"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

const chromeUA = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"

// noticeCounter counts the notices a History sends, per subject.
type noticeCounter struct {
	mu   sync.Mutex
	sent map[int64][]devices.NewDeviceNotice
}

func (c *noticeCounter) notify(_ context.Context, _ session.Kind, id int64, n devices.NewDeviceNotice) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sent[id] = append(c.sent[id], n)
	return nil
}

func (c *noticeCounter) count(id int64) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.sent[id])
}

func newHistory(db *store.DB, clk clock.Clock) (*devices.History, *noticeCounter) {
	c := &noticeCounter{sent: map[int64][]devices.NewDeviceNotice{}}
	return devices.NewHistory(db, c.notify, devices.New(nil, nil), clk, slog.New(slog.NewTextHandler(io.Discard, nil))), c
}

func signIn(h *devices.History, clk clock.Clock, device string, id int64, methods ...string) {
	ctx := context.Background()
	if device != "" {
		ctx = session.WithDevice(ctx, device)
	}
	h.SignedIn(ctx, session.Record{Kind: session.Portal, SubjectID: id, CreatedAt: clk.Now().UTC(), Methods: methods,
		ClientAddr: "203.0.113.77", UserAgent: chromeUA})
}

// TestNewDeviceNoticedOnce: 20 parallel sign-ins from one new device send
// one notice; the known device sends none until it has not been seen for
// 90 days; another device sends its own; sign-ins without a device are
// noticed once a day; registration's sign-in sends none. Both databases.
func TestNewDeviceNoticedOnce(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		clk := clock.NewFake(time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC))
		h, sent := newHistory(db, clk)
		var wg sync.WaitGroup
		for range 20 {
			wg.Go(func() {
				signIn(h, clk, "AAAAAAAAAAAAAAAAAAAAAA", 1, session.MethodPassword)
			})
		}
		wg.Wait()
		if n := sent.count(1); n != 1 {
			t.Fatalf("20 parallel sign-ins from one new device sent %d notices, want 1", n)
		}
		if n := sent.sent[1][0]; n.Way != "密码" || n.Browser != "Chrome 131" || n.System != "Windows" || n.Address != "203.0.113.*" {
			t.Errorf("notice %+v", n)
		}
		clk.Advance(48 * time.Hour)
		signIn(h, clk, "AAAAAAAAAAAAAAAAAAAAAA", 1, session.MethodPassword)
		signIn(h, clk, "BBBBBBBBBBBBBBBBBBBBBB", 1, session.MethodPassword)
		if n := sent.count(1); n != 2 {
			t.Fatalf("known device and a second new one: %d notices in all, want 2", n)
		}
		clk.Advance(91 * 24 * time.Hour)
		signIn(h, clk, "AAAAAAAAAAAAAAAAAAAAAA", 1, session.MethodPassword)
		if n := sent.count(1); n != 3 {
			t.Fatalf("a device unseen for 91 days: %d notices in all, want 3", n)
		}

		signIn(h, clk, "", 2, session.MethodPassword)
		signIn(h, clk, "", 2, session.MethodPassword)
		clk.Advance(25 * time.Hour)
		signIn(h, clk, "", 2, session.MethodPassword)
		if n := sent.count(2); n != 2 {
			t.Fatalf("sign-ins without a device over two days sent %d notices, want 2", n)
		}

		signIn(h, clk, "CCCCCCCCCCCCCCCCCCCCCC", 3, session.MethodSMS)
		signIn(h, clk, "CCCCCCCCCCCCCCCCCCCCCC", 3, session.MethodPassword)
		if n := sent.count(3); n != 0 {
			t.Fatalf("registration's device sent %d notices, want 0", n)
		}
	})
}

// TestHistoryPage: sign-ins and refusals of the last 90 days, newest
// first, paged, in words; another subject's are not in it; the retention
// sweep's delete removes what is older.
func TestHistoryPage(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		clk := clock.NewFake(time.Date(2026, 12, 2, 9, 0, 0, 0, time.UTC))
		h, _ := newHistory(db, clk)
		signIn(h, clk, "AAAAAAAAAAAAAAAAAAAAAA", 1, session.MethodPassword) // day 0, becomes older than 90 days
		clk.Advance(80 * 24 * time.Hour)
		for i := range 12 {
			clk.Advance(time.Minute)
			if i%3 == 0 {
				h.Refused(ctx, session.Refusal{Kind: session.Portal, SubjectID: 1, Methods: []string{session.MethodPassword},
					Reason: session.RefusedPassword, ClientAddr: "198.51.100.9", UserAgent: chromeUA})
				continue
			}
			signIn(h, clk, "AAAAAAAAAAAAAAAAAAAAAA", 1, session.MethodHardKey)
		}
		h.Refused(ctx, session.Refusal{Kind: session.Portal, SubjectID: 2, Reason: session.RefusedLocked})
		clk.Advance(11 * 24 * time.Hour)

		me := session.Principal{Kind: session.Portal, ID: 1}
		p1, err := h.Page(ctx, me, 1, 10)
		if err != nil {
			t.Fatal(err)
		}
		if p1.Total != 12 || len(p1.SignIns) != 10 {
			t.Fatalf("page 1: total %d, %d rows; want 12 and 10 (the one of 91 days ago left out)", p1.Total, len(p1.SignIns))
		}
		first := p1.SignIns[0]
		if !first.OK || first.Result != "登录成功" || first.Way != "CA 数字证书（USB Key）" || first.Address != "203.0.113.*" || first.Browser != "Chrome 131" {
			t.Errorf("newest %+v", first)
		}
		if r := p1.SignIns[2]; r.OK || r.Result != "密码错误" || r.Address != "198.51.100.*" {
			t.Errorf("third %+v, want the refusal", p1.SignIns[2])
		}
		if !p1.SignIns[0].At.After(p1.SignIns[1].At) {
			t.Error("not newest first")
		}
		p2, err := h.Page(ctx, me, 2, 10)
		if err != nil || len(p2.SignIns) != 2 {
			t.Fatalf("page 2: %d rows %v, want 2", len(p2.SignIns), err)
		}
		other, err := h.Page(ctx, session.Principal{Kind: session.Staff, ID: 1}, 1, 10)
		if err != nil || other.Total != 0 {
			t.Fatalf("staff 1 sees %d of portal account 1's sign-ins", other.Total)
		}
		if n, err := db.Retention().DeleteSignInHistory(ctx, clk.Now().Add(-devices.HistoryKept)); err != nil || n != 1 {
			t.Fatalf("retention deleted %d rows (%v), want the one old sign-in", n, err)
		}
	})
}
