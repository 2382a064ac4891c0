package ephemeral

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"

	"bidpass/internal/apperr"
)

// ErrUnavailable is what every Redis failure becomes: 503 服务不可用. The
// store's state cannot be read, so whatever it guards (a code, a limit, a
// lockout) refuses rather than allows; the client's pool reconnects by
// itself once Redis is back (docs/decisions/limits.md, "Limits and abuse paths" #9).
var ErrUnavailable = apperr.New(apperr.Unavailable, "store.unavailable", "服务不可用")

// unavailable wraps a Redis failure in ErrUnavailable; nil stays nil.
func unavailable(err error) error {
	if err == nil {
		return nil
	}
	return ErrUnavailable.Wrap(err)
}

// Redis is a Store shared by several instances. Keys are prefixed so that
// one Redis database can serve several deployments.
type Redis struct {
	c      *redis.Client
	prefix string
}

// NewRedis connects to the Redis server at url (redis://host:port/db).
func NewRedis(url, prefix string) (*Redis, error) {
	opt, err := redis.ParseURL(url)
	if err != nil {
		return nil, err
	}
	// Fail fast while Redis is away: a request answers 503 within about a
	// second instead of waiting out go-redis's 5 s dial and retries.
	if opt.DialTimeout == 0 {
		opt.DialTimeout = time.Second
	}
	if opt.ReadTimeout == 0 {
		opt.ReadTimeout = time.Second
	}
	if opt.WriteTimeout == 0 {
		opt.WriteTimeout = time.Second
	}
	if opt.MaxRetries == 0 {
		opt.MaxRetries = 1
	}
	if opt.DialerRetries == 0 {
		opt.DialerRetries = 1
	}
	return &Redis{c: redis.NewClient(opt), prefix: prefix}, nil
}

// Ping checks that the server answers.
func (r *Redis) Ping(ctx context.Context) error { return r.c.Ping(ctx).Err() }

// Close closes the connection pool.
func (r *Redis) Close() error { return r.c.Close() }

func notFound(err error) error {
	if errors.Is(err, redis.Nil) {
		return ErrNotFound
	}
	return unavailable(err)
}

// Set implements Store.
func (r *Redis) Set(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	if ttl <= 0 {
		return ErrBadTTL
	}
	return unavailable(r.c.Set(ctx, r.prefix+key, value, ttl).Err())
}

// SetNX implements Store.
func (r *Redis) SetNX(ctx context.Context, key string, value []byte, ttl time.Duration) (bool, error) {
	if ttl <= 0 {
		return false, ErrBadTTL
	}
	err := r.c.SetArgs(ctx, r.prefix+key, value, redis.SetArgs{Mode: "NX", TTL: ttl}).Err()
	if errors.Is(err, redis.Nil) {
		return false, nil
	}
	return err == nil, unavailable(err)
}

// Get implements Store.
func (r *Redis) Get(ctx context.Context, key string) ([]byte, error) {
	b, err := r.c.Get(ctx, r.prefix+key).Bytes()
	return b, notFound(err)
}

// Take implements Store.
func (r *Redis) Take(ctx context.Context, key string) ([]byte, error) {
	b, err := r.c.GetDel(ctx, r.prefix+key).Bytes()
	return b, notFound(err)
}

// Delete implements Store.
func (r *Redis) Delete(ctx context.Context, key string) error {
	return unavailable(r.c.Del(ctx, r.prefix+key).Err())
}

// incrScript increments and sets the expiry when the increment created the
// key only, in one round trip, so a crash between INCRBY and PEXPIRE cannot
// leave an immortal counter.
var incrScript = redis.NewScript(`
local n = redis.call('INCRBY', KEYS[1], ARGV[2])
if redis.call('PTTL', KEYS[1]) == -1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`)

// Incr implements Store.
func (r *Redis) Incr(ctx context.Context, key string, ttl time.Duration) (int64, error) {
	return r.IncrBy(ctx, key, 1, ttl)
}

// IncrBy implements Store.
func (r *Redis) IncrBy(ctx context.Context, key string, delta int64, ttl time.Duration) (int64, error) {
	if ttl <= 0 {
		return 0, ErrBadTTL
	}
	n, err := incrScript.Run(ctx, r.c, []string{r.prefix + key}, ttl.Milliseconds(), delta).Int64()
	return n, unavailable(err)
}

// TTL implements Store.
func (r *Redis) TTL(ctx context.Context, key string) (time.Duration, error) {
	d, err := r.c.PTTL(ctx, r.prefix+key).Result()
	if err != nil {
		return 0, unavailable(err)
	}
	if d < 0 {
		return 0, ErrNotFound
	}
	return d, nil
}
