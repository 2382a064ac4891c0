// Package every runs a background job on a fixed interval. The services
// that refresh or retry something in the background (revocation lists,
// queued text messages, the maintenance sweeps) share this one loop, so each
// stops the same way when its context ends and none leaks its ticker.
package every

import (
	"context"
	"time"
)

// Tick calls fn every interval until ctx ends, the first time one interval
// after it is called: a caller that wants a run at start makes it itself,
// before, where it can also handle a failure at start differently. A run
// that takes longer than the interval delays the next one instead of
// queueing more (time.Ticker drops ticks a slow receiver missed).
func Tick(ctx context.Context, interval time.Duration, fn func(context.Context)) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			// A tick and the end may be ready together; select picks
			// either, so the end is checked again before running.
			if ctx.Err() != nil {
				return
			}
			fn(ctx)
		}
	}
}
