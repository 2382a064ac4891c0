package ephemeral

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"

	"bidpass/internal/clock"
)

// harness is one Store under test with a way to let time pass: the memory
// store advances a fake clock; Redis keeps its own time, so the harness
// sleeps. unit scales every duration so that the Redis run stays short.
type harness struct {
	store   Store
	advance func(time.Duration)
	unit    time.Duration
}

func TestMemory(t *testing.T) {
	testStore(t, func(t *testing.T) harness {
		clk := clock.NewFake(time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC))
		return harness{store: NewMemory(clk), advance: clk.Advance, unit: time.Second}
	})
}

func TestRedis(t *testing.T) {
	url := os.Getenv("BIDPASS_TEST_REDIS")
	if url == "" {
		t.Skip("SKIP redis: BIDPASS_TEST_REDIS not set")
	}
	testStore(t, func(t *testing.T) harness {
		// A prefix of its own per run and per test, so runs never see each
		// other's keys and nothing needs flushing.
		prefix := fmt.Sprintf("bidpass-test:%s:%s:", rand.Text()[:10], t.Name())
		r, err := NewRedis(url, prefix)
		if err != nil {
			t.Fatal(err)
		}
		if err := r.Ping(context.Background()); err != nil {
			t.Fatalf("redis at %s: %v", url, err)
		}
		t.Cleanup(func() { _ = r.Close() })
		return harness{store: r, advance: time.Sleep, unit: 40 * time.Millisecond}
	})
}

// testStore is the contract every Store must keep.
func testStore(t *testing.T, newHarness func(*testing.T) harness) {
	ctx := context.Background()

	t.Run("set get expire", func(t *testing.T) {
		h := newHarness(t)
		if err := h.store.Set(ctx, "k", []byte("v1"), 10*h.unit); err != nil {
			t.Fatal(err)
		}
		if err := h.store.Set(ctx, "k", []byte("v2"), 10*h.unit); err != nil {
			t.Fatal(err)
		}
		got, err := h.store.Get(ctx, "k")
		if err != nil || string(got) != "v2" {
			t.Fatalf("Get = %q, %v; want the replaced value", got, err)
		}
		h.advance(5 * h.unit)
		if _, err := h.store.Get(ctx, "k"); err != nil {
			t.Fatalf("Get before expiry: %v", err)
		}
		h.advance(6 * h.unit)
		if _, err := h.store.Get(ctx, "k"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("Get after expiry: %v", err)
		}
		if _, err := h.store.Get(ctx, "never"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("Get of an absent key: %v", err)
		}
	})

	t.Run("returned values are copies", func(t *testing.T) {
		h := newHarness(t)
		v := []byte("abc")
		_ = h.store.Set(ctx, "k", v, 10*h.unit)
		v[0] = 'X'
		got, _ := h.store.Get(ctx, "k")
		got[1] = 'Y'
		again, _ := h.store.Get(ctx, "k")
		if string(again) != "abc" {
			t.Fatalf("stored value changed through a caller's slice: %q", again)
		}
	})

	t.Run("setnx", func(t *testing.T) {
		h := newHarness(t)
		ok, err := h.store.SetNX(ctx, "k", []byte("first"), 10*h.unit)
		if err != nil || !ok {
			t.Fatalf("first SetNX = %v, %v", ok, err)
		}
		ok, err = h.store.SetNX(ctx, "k", []byte("second"), 10*h.unit)
		if err != nil || ok {
			t.Fatalf("second SetNX = %v, %v; want false", ok, err)
		}
		if got, _ := h.store.Get(ctx, "k"); string(got) != "first" {
			t.Fatalf("SetNX replaced the value: %q", got)
		}
		h.advance(11 * h.unit)
		if ok, err := h.store.SetNX(ctx, "k", []byte("third"), 10*h.unit); err != nil || !ok {
			t.Fatalf("SetNX after expiry = %v, %v", ok, err)
		}
	})

	t.Run("take is single use", func(t *testing.T) {
		h := newHarness(t)
		_ = h.store.Set(ctx, "k", []byte("once"), 10*h.unit)
		got, err := h.store.Take(ctx, "k")
		if err != nil || string(got) != "once" {
			t.Fatalf("Take = %q, %v", got, err)
		}
		if _, err := h.store.Take(ctx, "k"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("second Take: %v", err)
		}
		if _, err := h.store.Get(ctx, "k"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("Get after Take: %v", err)
		}
		_ = h.store.Set(ctx, "e", []byte("x"), 2*h.unit)
		h.advance(3 * h.unit)
		if _, err := h.store.Take(ctx, "e"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("Take after expiry: %v", err)
		}
	})

	t.Run("take races", func(t *testing.T) {
		// However many callers race for one value, exactly one gets it: a
		// captcha verification or a code must never be used twice.
		h := newHarness(t)
		_ = h.store.Set(ctx, "k", []byte("v"), 10*h.unit)
		var wg sync.WaitGroup
		var mu sync.Mutex
		winners := 0
		for i := 0; i < 16; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := h.store.Take(ctx, "k"); err == nil {
					mu.Lock()
					winners++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		if winners != 1 {
			t.Fatalf("%d callers took one value", winners)
		}
	})

	t.Run("delete", func(t *testing.T) {
		h := newHarness(t)
		_ = h.store.Set(ctx, "k", []byte("v"), 10*h.unit)
		if err := h.store.Delete(ctx, "k"); err != nil {
			t.Fatal(err)
		}
		if _, err := h.store.Get(ctx, "k"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("Get after Delete: %v", err)
		}
		if err := h.store.Delete(ctx, "absent"); err != nil {
			t.Fatalf("Delete of an absent key: %v", err)
		}
	})

	t.Run("incr is a fixed window", func(t *testing.T) {
		h := newHarness(t)
		for want := int64(1); want <= 3; want++ {
			n, err := h.store.Incr(ctx, "c", 10*h.unit)
			if err != nil || n != want {
				t.Fatalf("Incr = %d, %v; want %d", n, err, want)
			}
			h.advance(3 * h.unit) // later increments must not extend the window
		}
		// 9 units have passed since the first increment: still counting.
		if n, _ := h.store.Incr(ctx, "c", 10*h.unit); n != 4 {
			t.Fatalf("Incr before the window ends = %d, want 4", n)
		}
		h.advance(2 * h.unit)
		if n, err := h.store.Incr(ctx, "c", 10*h.unit); err != nil || n != 1 {
			t.Fatalf("Incr after the window = %d, %v; want a new count of 1", n, err)
		}
		if got, _ := h.store.Get(ctx, "c"); string(got) != "1" {
			t.Fatalf("a counter reads as its decimal value, got %q", got)
		}
	})

	t.Run("incr races", func(t *testing.T) {
		h := newHarness(t)
		var wg sync.WaitGroup
		for i := 0; i < 20; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, _ = h.store.Incr(ctx, "c", 10*h.unit)
			}()
		}
		wg.Wait()
		if got, _ := h.store.Get(ctx, "c"); string(got) != "20" {
			t.Fatalf("20 concurrent increments counted %q", got)
		}
	})

	t.Run("ttl", func(t *testing.T) {
		h := newHarness(t)
		_ = h.store.Set(ctx, "k", []byte("v"), 10*h.unit)
		h.advance(4 * h.unit)
		d, err := h.store.TTL(ctx, "k")
		if err != nil || d <= 4*h.unit || d > 6*h.unit {
			t.Fatalf("TTL = %v, %v; want about 6 units of %v", d, err, h.unit)
		}
		if _, err := h.store.TTL(ctx, "absent"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("TTL of an absent key: %v", err)
		}
	})

	t.Run("non-positive ttl is refused", func(t *testing.T) {
		// Redis treats a zero expiry as "keep forever" and memory as "already
		// expired"; a caller bug must not silently make an immortal code, so
		// both refuse it.
		h := newHarness(t)
		if err := h.store.Set(ctx, "k", []byte("v"), 0); err == nil {
			t.Fatal("Set with ttl 0 accepted")
		}
		if _, err := h.store.SetNX(ctx, "k", []byte("v"), -time.Second); err == nil {
			t.Fatal("SetNX with a negative ttl accepted")
		}
		if _, err := h.store.Incr(ctx, "c", 0); err == nil {
			t.Fatal("Incr with ttl 0 accepted")
		}
		if _, err := h.store.Get(ctx, "k"); !errors.Is(err, ErrNotFound) {
			t.Fatalf("a refused Set stored something: %v", err)
		}
	})
}
