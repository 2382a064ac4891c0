package files

import (
	"context"
	"strconv"
	"time"

	"bidpass/internal/apperr"
	"bidpass/internal/ephemeral"
)

// Quota bounds what one owner may upload (docs/decisions/limits.md, "Limits and abuse paths" #5), so one account
// cannot fill the disk: a rate, bytes a day, and a floor of free space
// below which nobody may upload. Zero fields are no limit; the zero Quota
// limits nothing.
type Quota struct {
	// Store holds the counters (shared by all instances).
	Store ephemeral.Store
	// PerMinute is how many uploads one owner may start a minute.
	PerMinute int
	// BytesPerDay is how many bytes one owner may store a day (the Beijing
	// day). An upload reserves MaxSize before it reads a byte and is
	// charged its real size when done, so the limit holds for parallel
	// uploads too.
	BytesPerDay int64
	// FreeFloor is the free space, in bytes, that uploads must leave on
	// the blobs' disk; below it they answer 503.
	FreeFloor int64
}

// Quota errors; the messages are the user's.
var (
	ErrUploadRate  = apperr.New(apperr.TooMany, "file.rate", "上传过于频繁，请稍后再试")
	ErrUploadDaily = apperr.New(apperr.TooMany, "file.daily_cap", "今日上传已达上限，请明天再试")
	ErrDiskFull    = apperr.New(apperr.Unavailable, "file.disk_full", "存储空间不足，暂时无法上传，请稍后再试")
)

// reserve admits one upload of owner at now or refuses it. The returned
// settle must be called with the stored size (0 on failure) once the upload
// is over: it gives back what the upload reserved and did not use.
func (q Quota) reserve(ctx context.Context, owner int64, now time.Time, blobs Blobs) (settle func(size int64, err error), err error) {
	none := func(int64, error) {}
	if q.Store == nil {
		return none, nil
	}
	who := strconv.FormatInt(owner, 10)
	if q.PerMinute > 0 {
		n, err := q.Store.Incr(ctx, "files:rate:"+who, time.Minute)
		if err != nil {
			return none, err
		}
		if n > int64(q.PerMinute) {
			return none, ErrUploadRate
		}
	}
	if q.FreeFloor > 0 {
		if d, ok := blobs.(interface{ Free() (int64, error) }); ok {
			free, err := d.Free()
			if err != nil {
				return none, ErrDiskFull.Wrap(err)
			}
			if free-MaxSize < q.FreeFloor {
				return none, ErrDiskFull
			}
		}
	}
	if q.BytesPerDay <= 0 {
		return none, nil
	}
	day := "files:bytes:" + who + ":" + now.UTC().Add(8*time.Hour).Format("20060102")
	used, err := q.Store.IncrBy(ctx, day, MaxSize, 25*time.Hour)
	if err != nil {
		return none, err
	}
	// A reservation is given back in a context of its own: the request's
	// may be cancelled (client gone) and the bytes must still be returned.
	giveBack := func(n int64) {
		if n != 0 {
			_, _ = q.Store.IncrBy(context.WithoutCancel(ctx), day, -n, 25*time.Hour)
		}
	}
	if used > q.BytesPerDay {
		giveBack(MaxSize)
		return none, ErrUploadDaily
	}
	return func(size int64, err error) {
		if err != nil {
			size = 0
		}
		giveBack(MaxSize - size)
	}, nil
}
