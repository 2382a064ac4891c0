package ephemeral

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

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
	return err
}

// Set implements Store.
func (r *Redis) Set(ctx context.Context, key string, value []byte, ttl time.Duration) error {
	if ttl <= 0 {
		return ErrBadTTL
	}
	return r.c.Set(ctx, r.prefix+key, value, ttl).Err()
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
	return err == nil, err
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
	return r.c.Del(ctx, r.prefix+key).Err()
}

// incrScript increments and sets the expiry on the first increment only, in
// one round trip, so a crash between INCR and PEXPIRE cannot leave an
// immortal counter.
var incrScript = redis.NewScript(`
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`)

// Incr implements Store.
func (r *Redis) Incr(ctx context.Context, key string, ttl time.Duration) (int64, error) {
	if ttl <= 0 {
		return 0, ErrBadTTL
	}
	return incrScript.Run(ctx, r.c, []string{r.prefix + key}, ttl.Milliseconds()).Int64()
}

// TTL implements Store.
func (r *Redis) TTL(ctx context.Context, key string) (time.Duration, error) {
	d, err := r.c.PTTL(ctx, r.prefix+key).Result()
	if err != nil {
		return 0, err
	}
	if d < 0 {
		return 0, ErrNotFound
	}
	return d, nil
}
