package retention_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/clock"
	"bidpass/internal/files"
	"bidpass/internal/files/s3test"
	"bidpass/internal/identity"
	"bidpass/internal/retention"
	"bidpass/internal/review"
	"bidpass/internal/session"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

const day = 24 * time.Hour

// TestRetention (docs/decisions/personal-data.md, "Data protection"): with 90 and 365 days, an abandoned
// registration goes with its photos; one that signed in lately, a recent
// one and a rejected one stay; the rejected account's superseded photo
// goes, its current photo stays; every deletion is logged; a second run
// deletes nothing. With the files on disk and in an S3 bucket (docs/decisions/deployment.md, "Several instances, metrics and deployment (lead)").
func TestRetention(t *testing.T) {
	blobStores := []struct {
		name string
		open func(t *testing.T) files.Blobs
	}{
		{"disk", func(t *testing.T) files.Blobs {
			d, err := files.NewDisk(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			return d
		}},
		{"s3", func(t *testing.T) files.Blobs {
			srv := s3test.Start(t)
			b, err := files.NewS3(files.S3Config{Endpoint: srv.URL, Bucket: s3test.Bucket, AccessKey: s3test.AccessKey,
				SecretKey: s3test.SecretKey, PathStyle: true, SpoolDir: t.TempDir()})
			if err != nil {
				t.Fatal(err)
			}
			return b
		}},
	}
	for _, bs := range blobStores {
		t.Run(bs.name, func(t *testing.T) {
			storetest.Each(t, func(t *testing.T, db *store.DB) { testRetention(t, db, bs.open(t)) })
		})
	}
}

func testRetention(t *testing.T, db *store.DB, blobs files.Blobs) {
	ctx := context.Background()
	now := time.Date(2026, 11, 25, 8, 0, 0, 0, time.UTC)
	mk := func(name string, at time.Time, st account.AuthState) int64 {
		t.Helper()
		a := &account.Account{Name: name, Type: account.Person, PasswordHash: "h", AuthState: st, CreatedAt: at, UpdatedAt: at}
		if err := db.CreateAccount(ctx, a); err != nil {
			t.Fatal(err)
		}
		return a.ID
	}
	photo := func(owner int64, id string, at time.Time) {
		t.Helper()
		if _, err := blobs.Put(ctx, id, bytes.NewReader([]byte("png bytes"))); err != nil {
			t.Fatal(err)
		}
		if err := db.Files().CreateFile(ctx, files.File{ID: id, OwnerID: owner, Kind: files.KindPhoto, ContentType: "image/png",
			Ext: "png", Size: 9, OriginalName: "p.png", CreatedAt: at}); err != nil {
			t.Fatal(err)
		}
		if err := db.Files().AttachFile(ctx, owner, id, at); err != nil {
			t.Fatal(err)
		}
	}
	old := now.Add(-400 * day)
	abandoned := mk("aband01", now.Add(-100*day), account.NotAuthenticated)
	photo(abandoned, "a0000000000000000000000000000001", now.Add(-100*day))
	if _, err := db.SavePersonProfile(ctx, account.PersonProfile{AccountID: abandoned,
		Person: identity.Person{RealName: "张三", CertType: "1", CertNum: "11010519491231002X"}, CertFrontID: "a0000000000000000000000000000001", UpdatedAt: now.Add(-100 * day)}); err != nil {
		t.Fatal(err)
	}
	signedIn := mk("signed01", now.Add(-100*day), account.NotAuthenticated)
	if err := db.CreateSession(ctx, session.Record{TokenHash: "h1", Kind: session.Portal, SubjectID: signedIn,
		CreatedAt: now.Add(-5 * day), LastSeenAt: now.Add(-5 * day), ExpiresAt: now.Add(-5*day + time.Hour)}); err != nil {
		t.Fatal(err)
	}
	recent := mk("recent01", now.Add(-10*day), account.NotAuthenticated)
	rejected := mk("reject01", old, account.NotPassed)
	if _, err := db.CreateReview(ctx, review.Item{Kind: review.KindRealName, AccountID: rejected, Payload: []byte(`{}`), State: review.StateDecided, SubmittedAt: old}); err != nil {
		t.Fatal(err)
	}
	photo(rejected, "b0000000000000000000000000000001", old) // superseded
	photo(rejected, "b0000000000000000000000000000002", old) // current
	if _, err := db.SavePersonProfile(ctx, account.PersonProfile{AccountID: rejected,
		Person: identity.Person{RealName: "李四", CertType: "1", CertNum: "11010519491231002X"}, CertFrontID: "b0000000000000000000000000000002", UpdatedAt: old}); err != nil {
		t.Fatal(err)
	}

	var logs bytes.Buffer
	job := retention.New(db.Retention(), blobs, clock.NewFake(now), slog.New(slog.NewTextHandler(&logs, nil)),
		retention.Periods{Abandoned: 90 * day, Superseded: 365 * day})
	r, err := job.Run(ctx)
	if err != nil || r.Accounts != 1 || r.Photos != 1 {
		t.Fatalf("run: %+v %v\n%s", r, err, logs.String())
	}
	if _, err := db.AccountByID(ctx, abandoned); !errors.Is(err, account.ErrNotFound) {
		t.Fatalf("abandoned registration kept: %v", err)
	}
	if _, err := db.PersonProfile(ctx, abandoned); !errors.Is(err, account.ErrNotFound) {
		t.Fatalf("its profile kept: %v", err)
	}
	for _, id := range []int64{signedIn, recent, rejected} {
		if _, err := db.AccountByID(ctx, id); err != nil {
			t.Fatalf("account %d deleted: %v", id, err)
		}
	}
	for id, want := range map[string]bool{
		"a0000000000000000000000000000001": false, "b0000000000000000000000000000001": false, "b0000000000000000000000000000002": true,
	} {
		_, err := db.Files().File(ctx, id)
		rc, berr := blobs.Open(ctx, id)
		if berr == nil {
			rc.Close()
		}
		if (err == nil) != want || (berr == nil) != want {
			t.Errorf("file %s: row %v, bytes %v, want kept %v", id, err, berr, want)
		}
	}
	for _, line := range []string{"retention: abandoned registration deleted", "retention: superseded photo deleted"} {
		if !bytes.Contains(logs.Bytes(), []byte(line)) {
			t.Errorf("not logged: %s\n%s", line, logs.String())
		}
	}
	if r, err := job.Run(ctx); err != nil || r != (retention.Result{}) {
		t.Fatalf("second run: %+v %v", r, err)
	}
}
