package store_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/clock"
	"bidpass/internal/files"
	"bidpass/internal/review"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestDecisionAttachmentsSharedWithHolder: a reviewer's decision attachment
// (a staff upload) can be opened by the holder of the reviewed item, and by
// no other account, which gets the 404 of an unknown id.
func TestDecisionAttachmentsSharedWithHolder(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)
		disk, err := files.NewDisk(filepath.Join(t.TempDir(), "files"))
		if err != nil {
			t.Fatal(err)
		}
		svc := files.NewService(files.Deps{Store: db.Files(), Blobs: disk, Tx: db, Clock: clock.NewFake(now), Log: slog.New(slog.DiscardHandler),
			Sharing: db.FileSharing()})

		var holder, other account.Account
		for i, a := range []*account.Account{&holder, &other} {
			*a = account.Account{Name: []string{"Holder01", "Other001"}[i], Type: account.Person, PasswordHash: "h", CreatedAt: now, UpdatedAt: now}
			if err := db.CreateAccount(ctx, a); err != nil {
				t.Fatal(err)
			}
		}
		png := append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), make([]byte, 64)...)
		upload := func(owner int64) string {
			f, err := svc.Upload(ctx, owner, files.KindPhoto, "意见.png", bytes.NewReader(png))
			if err != nil {
				t.Fatal(err)
			}
			return f.ID
		}
		shared := upload(review.StaffFileOwner(5))
		unlisted := upload(review.StaffFileOwner(5))
		// A portal account's own upload listed in a decision is still not
		// shared: only staff uploads ever are.
		otherOwn := upload(other.ID)

		reviewID, err := db.CreateReview(ctx, review.Item{Kind: review.KindRealName, AccountID: holder.ID, Subject: review.SubjectPerson,
			Payload: []byte(`{}`), State: review.StatePending, SubmittedAt: now})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := db.CreateDecision(ctx, review.DecisionRecord{ReviewID: reviewID, StaffID: 5, StaffName: "审核员", Action: review.NotPass,
			Remark: "照片模糊", Files: []review.FileRef{{ID: shared, Name: "意见.png"}, {ID: otherOwn, Name: "x.png"}}, DecidedAt: now}); err != nil {
			t.Fatal(err)
		}

		open := func(accountID int64, id string) error {
			f, rc, err := svc.Open(ctx, files.Actor{AccountID: accountID}, id)
			if err != nil {
				return err
			}
			defer rc.Close()
			b, _ := io.ReadAll(rc)
			if f.ID != id || !bytes.Equal(b, png) {
				t.Errorf("opened %s: %+v, %d bytes", id, f, len(b))
			}
			return nil
		}
		if err := open(holder.ID, shared); err != nil {
			t.Errorf("holder opens the decision's attachment: %v", err)
		}
		for _, c := range []struct {
			name    string
			account int64
			id      string
		}{
			{"another account, shared file", other.ID, shared},
			{"holder, staff file in no decision", holder.ID, unlisted},
			{"holder, other account's file listed in the decision", holder.ID, otherOwn},
		} {
			err := open(c.account, c.id)
			if !errors.Is(err, files.ErrFileNotFound) || apperr.KindOf(err) != apperr.NotFound {
				t.Errorf("%s: %v, want the 404 of an unknown id", c.name, err)
			}
		}
		if err := open(other.ID, otherOwn); err != nil {
			t.Errorf("owner opens own file: %v", err)
		}
		if ok, err := db.FileSharing().SharedWith(ctx, "%", holder.ID); ok || err != nil {
			t.Errorf("a wildcard id matched: %v %v", ok, err)
		}
	})
}
