package every

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

func TestTickRunsEachIntervalAndStopsWithTheContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	var runs atomic.Int32
	done := make(chan struct{})
	go func() {
		Tick(ctx, 5*time.Millisecond, func(context.Context) {
			if runs.Add(1) == 3 {
				cancel()
			}
		})
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Tick did not return after its context ended")
	}
	if n := runs.Load(); n != 3 {
		t.Fatalf("ran %d times, want 3 (none after the context ended)", n)
	}
}

func TestTickWaitsOneIntervalBeforeTheFirstRun(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	var runs atomic.Int32
	Tick(ctx, time.Hour, func(context.Context) { runs.Add(1) })
	if n := runs.Load(); n != 0 {
		t.Fatalf("ran %d times before the first interval, want 0", n)
	}
}

func TestTickReturnsAtOnceOnAnEndedContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	start := time.Now()
	Tick(ctx, time.Millisecond, func(context.Context) { t.Error("ran on an ended context") })
	if d := time.Since(start); d > time.Second {
		t.Fatalf("took %v to return on an ended context", d)
	}
}
