// Package retention deletes personal data whose time is up, as
// docs/spec/DECISIONS.md fixes it: registrations abandoned before any real-name
// submission (after BIDPASS_RETENTION_ABANDONED without a sign-in, photos
// included) and photos superseded by a newer submission (after
// BIDPASS_RETENTION_SUPERSEDED). Rejected accounts are never deleted. It
// runs in the maintenance job; every deletion is logged.
package retention

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"bidpass/internal/clock"
)

// Photo is a superseded photo: its file id and owner.
type Photo struct {
	ID    string
	Owner int64
}

// Store lists and deletes what retention removes. Each delete re-checks
// its condition in the same statement or transaction, so a sign-in or a
// submission between the listing and the delete keeps the data.
type Store interface {
	AbandonedAccounts(ctx context.Context, cutoff time.Time, limit int) ([]int64, error)
	DeleteAbandonedAccount(ctx context.Context, id int64, cutoff time.Time) (fileIDs []string, ok bool, err error)
	SupersededPhotos(ctx context.Context, cutoff time.Time, limit int) ([]Photo, error)
	DeleteSupersededPhoto(ctx context.Context, id string, cutoff time.Time) (bool, error)
	// DeleteSignInHistory deletes sign-ins older than cutoff and the
	// devices not seen since (docs/decisions/sessions-and-devices.md,
	// "Sign-in history").
	DeleteSignInHistory(ctx context.Context, cutoff time.Time) (int64, error)
}

// Blobs removes a file's bytes (files.Blobs).
type Blobs interface {
	Delete(ctx context.Context, key string) error
}

// Periods are how long data is kept.
type Periods struct {
	Abandoned  time.Duration
	Superseded time.Duration
	// SignIns is how long the sign-in history is kept (devices.HistoryKept
	// in the app; zero keeps it).
	SignIns time.Duration
}

// Job is the retention job.
type Job struct {
	store   Store
	blobs   Blobs
	clock   clock.Clock
	log     *slog.Logger
	periods Periods
}

// New returns the job.
func New(s Store, b Blobs, c clock.Clock, log *slog.Logger, p Periods) *Job {
	return &Job{store: s, blobs: b, clock: c, log: log, periods: p}
}

// Result counts one run's deletions.
type Result struct {
	Accounts int // abandoned registrations
	Photos   int // superseded photos (not those of deleted accounts)
	SignIns  int // sign-ins and devices past the history's time
}

const batch = 200

// Run deletes what is due now.
func (j *Job) Run(ctx context.Context) (Result, error) {
	var r Result
	now := j.clock.Now().UTC()
	cutoff := now.Add(-j.periods.Abandoned)
	for {
		ids, err := j.store.AbandonedAccounts(ctx, cutoff, batch)
		if err != nil {
			return r, fmt.Errorf("retention: list abandoned registrations: %w", err)
		}
		deleted := 0
		for _, id := range ids {
			files, ok, err := j.store.DeleteAbandonedAccount(ctx, id, cutoff)
			if err != nil {
				return r, fmt.Errorf("retention: delete abandoned registration %d: %w", id, err)
			}
			if !ok {
				continue
			}
			deleted++
			r.Accounts++
			j.removeBlobs(ctx, files)
			j.log.Info("retention: abandoned registration deleted", "account_id", id, "files", len(files), "kept", j.periods.Abandoned.String())
		}
		// A batch where nothing could go would come back whole: stop.
		if len(ids) < batch || deleted == 0 {
			break
		}
	}
	cutoff = now.Add(-j.periods.Superseded)
	for {
		photos, err := j.store.SupersededPhotos(ctx, cutoff, batch)
		if err != nil {
			return r, fmt.Errorf("retention: list superseded photos: %w", err)
		}
		deleted := 0
		for _, p := range photos {
			ok, err := j.store.DeleteSupersededPhoto(ctx, p.ID, cutoff)
			if err != nil {
				return r, fmt.Errorf("retention: delete superseded photo %s: %w", p.ID, err)
			}
			if !ok {
				continue
			}
			deleted++
			r.Photos++
			j.removeBlobs(ctx, []string{p.ID})
			j.log.Info("retention: superseded photo deleted", "file_id", p.ID, "account_id", p.Owner, "kept", j.periods.Superseded.String())
		}
		if len(photos) < batch || deleted == 0 {
			break
		}
	}
	if j.periods.SignIns > 0 {
		k, err := j.store.DeleteSignInHistory(ctx, now.Add(-j.periods.SignIns))
		if err != nil {
			return r, fmt.Errorf("retention: delete old sign-ins: %w", err)
		}
		r.SignIns = int(k)
		if k > 0 {
			j.log.Info("retention: old sign-ins deleted", "rows", k, "kept", j.periods.SignIns.String())
		}
	}
	return r, nil
}

// removeBlobs removes the bytes of deleted file rows. A failure leaves an
// orphan blob that no row names (unreadable through the API); it is
// logged, not retried.
func (j *Job) removeBlobs(ctx context.Context, ids []string) {
	for _, id := range ids {
		if err := j.blobs.Delete(ctx, id); err != nil {
			j.log.Warn("retention: file bytes not deleted", "file_id", id, "err", err)
		}
	}
}
