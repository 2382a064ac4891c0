// Package clock gives services an injectable source of time, so that every
// time-to-live (captcha tokens, codes, sessions, lockouts) can be tested
// without sleeping.
package clock

import (
	"sync"
	"time"
)

// Clock tells the current time.
type Clock interface {
	Now() time.Time
}

// System is the wall clock.
type System struct{}

// Now returns time.Now().
func (System) Now() time.Time { return time.Now() }

// Fake is a clock for tests that only moves when told to.
type Fake struct {
	mu  sync.Mutex
	now time.Time
}

// NewFake returns a fake clock standing at t.
func NewFake(t time.Time) *Fake { return &Fake{now: t} }

// Now returns the fake's current time.
func (f *Fake) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

// Advance moves the fake clock forward by d.
func (f *Fake) Advance(d time.Duration) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.now = f.now.Add(d)
}

// China is China time, the zone every date the portal writes for people is
// in: China has one zone and no daylight saving since 1991, so a fixed
// offset is Asia/Shanghai without the tz database.
var China = time.FixedZone("Asia/Shanghai", 8*3600)
