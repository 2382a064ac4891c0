package ephemeral

import (
	"context"
	"strconv"
	"sync"
	"time"

	"bidpass/internal/clock"
)

// Memory is an in-process Store for a single instance.
type Memory struct {
	clock clock.Clock
	mu    sync.Mutex
	items map[string]memItem
	ops   int
}

type memItem struct {
	value   []byte
	expires time.Time
}

// NewMemory returns an empty in-memory store using c for expiry.
func NewMemory(c clock.Clock) *Memory {
	return &Memory{clock: c, items: make(map[string]memItem)}
}

// get returns the live item; the caller holds mu.
func (m *Memory) get(key string) (memItem, bool) {
	it, ok := m.items[key]
	if !ok {
		return memItem{}, false
	}
	if !m.clock.Now().Before(it.expires) {
		delete(m.items, key)
		return memItem{}, false
	}
	return it, true
}

// sweep drops expired items every so often so that abandoned keys do not
// accumulate; the caller holds mu.
func (m *Memory) sweep() {
	m.ops++
	if m.ops%1024 != 0 {
		return
	}
	now := m.clock.Now()
	for k, it := range m.items {
		if !now.Before(it.expires) {
			delete(m.items, k)
		}
	}
}

func (m *Memory) put(key string, value []byte, ttl time.Duration) {
	m.sweep()
	m.items[key] = memItem{value: append([]byte(nil), value...), expires: m.clock.Now().Add(ttl)}
}

// Set implements Store.
func (m *Memory) Set(_ context.Context, key string, value []byte, ttl time.Duration) error {
	if ttl <= 0 {
		return ErrBadTTL
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.put(key, value, ttl)
	return nil
}

// SetNX implements Store.
func (m *Memory) SetNX(_ context.Context, key string, value []byte, ttl time.Duration) (bool, error) {
	if ttl <= 0 {
		return false, ErrBadTTL
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.get(key); ok {
		return false, nil
	}
	m.put(key, value, ttl)
	return true, nil
}

// Get implements Store.
func (m *Memory) Get(_ context.Context, key string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	it, ok := m.get(key)
	if !ok {
		return nil, ErrNotFound
	}
	return append([]byte(nil), it.value...), nil
}

// Take implements Store.
func (m *Memory) Take(_ context.Context, key string) ([]byte, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	it, ok := m.get(key)
	if !ok {
		return nil, ErrNotFound
	}
	delete(m.items, key)
	return it.value, nil
}

// Delete implements Store.
func (m *Memory) Delete(_ context.Context, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.items, key)
	return nil
}

// Incr implements Store.
func (m *Memory) Incr(ctx context.Context, key string, ttl time.Duration) (int64, error) {
	return m.IncrBy(ctx, key, 1, ttl)
}

// IncrBy implements Store.
func (m *Memory) IncrBy(_ context.Context, key string, delta int64, ttl time.Duration) (int64, error) {
	if ttl <= 0 {
		return 0, ErrBadTTL
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	it, ok := m.get(key)
	if !ok {
		m.put(key, []byte(strconv.FormatInt(delta, 10)), ttl)
		return delta, nil
	}
	n, err := strconv.ParseInt(string(it.value), 10, 64)
	if err != nil {
		return 0, err
	}
	n += delta
	it.value = []byte(strconv.FormatInt(n, 10))
	m.items[key] = it
	return n, nil
}

// TTL implements Store.
func (m *Memory) TTL(_ context.Context, key string) (time.Duration, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	it, ok := m.get(key)
	if !ok {
		return 0, ErrNotFound
	}
	return it.expires.Sub(m.clock.Now()), nil
}
