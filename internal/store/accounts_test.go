package store_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"bidpass/internal/account"
	"bidpass/internal/identity"
	"bidpass/internal/review"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

func TestAccountStore(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)
		a := &account.Account{Name: "Zhang01", Type: account.Person, Phone: "13800138000", PasswordHash: "h", RegisterProcess: 1, CreatedAt: now, UpdatedAt: now}
		if err := db.CreateAccount(ctx, a); err != nil || a.ID == 0 {
			t.Fatalf("create: %v %d", err, a.ID)
		}
		dup := &account.Account{Name: "zhang01", Type: account.Enterprise, PasswordHash: "h", CreatedAt: now, UpdatedAt: now}
		if err := db.CreateAccount(ctx, dup); !errors.Is(err, account.ErrNameTaken) {
			t.Fatalf("case-insensitive duplicate: %v", err)
		}
		got, err := db.AccountByName(ctx, "ZHANG01")
		if err != nil || got.ID != a.ID || got.Name != "Zhang01" || got.RegisterProcess != 1 || !got.CreatedAt.Equal(now) {
			t.Fatalf("by name: %v %+v", err, got)
		}
		if _, err := db.AccountByID(ctx, 999); !errors.Is(err, account.ErrNotFound) {
			t.Fatalf("missing: %v", err)
		}
		if err := db.RenameAccount(ctx, got.ID, "Zhang02", now); err != nil {
			t.Fatal(err)
		}
		if err := db.RenameAccount(ctx, got.ID, "Zhang03", now); !errors.Is(err, account.ErrAlreadyRenamed) {
			t.Fatalf("second rename: %v", err)
		}
		verifying := account.Stage{RegisterStep: account.StepDone, AuthState: account.Verifying}
		if err := db.MoveAccount(ctx, got.ID, account.Stage{RegisterProcess: 1}, verifying, now); err != nil {
			t.Fatal(err)
		}
		if err := db.MoveAccount(ctx, got.ID, account.Stage{RegisterProcess: 1}, verifying, now); !errors.Is(err, account.ErrStale) {
			t.Fatalf("move from a stage it left: %v", err)
		}
		if err := db.MoveAccount(ctx, 999, verifying, verifying, now); !errors.Is(err, account.ErrNotFound) {
			t.Fatalf("move of a missing account: %v", err)
		}
		list, err := db.AccountsByPhone(ctx, "13800138000")
		if err != nil || len(list) != 1 || list[0].AuthState != account.Verifying || !list[0].Renamed || list[0].Name != "Zhang02" {
			t.Fatalf("by phone: %v %+v", err, list)
		}
		p := account.PersonProfile{AccountID: a.ID, Person: identity.Person{RealName: "张三", CertType: "1", CertNum: "11010119900307803X", CertEnd: "9999-12-31", LongTerm: true}, UpdatedAt: now}
		v, err := db.SavePersonProfile(ctx, p)
		if err != nil || v != 1 {
			t.Fatal(v, err)
		}
		if _, err := db.SavePersonProfile(ctx, p); !errors.Is(err, account.ErrStale) {
			t.Fatalf("second insert: %v", err)
		}
		p.Version = v
		p.DetailAddr = "长安街1号"
		if v, err = db.SavePersonProfile(ctx, p); err != nil || v != 2 {
			t.Fatal(v, err)
		}
		p.DetailAddr = "overwrites"
		if _, err := db.SavePersonProfile(ctx, p); !errors.Is(err, account.ErrStale) {
			t.Fatalf("write over a version it did not read: %v", err)
		}
		gp, err := db.PersonProfile(ctx, a.ID)
		if err != nil || gp.RealName != "张三" || gp.DetailAddr != "长安街1号" || !gp.LongTerm || gp.Version != 2 {
			t.Fatalf("person profile: %v %+v", err, gp)
		}
		if _, err := db.EnterpriseProfile(ctx, a.ID); !errors.Is(err, account.ErrNotFound) {
			t.Fatalf("missing enterprise profile: %v", err)
		}
	})
}

// TestOneOpenRealNameReview checks the index behind review.Submit's rule:
// the store itself refuses a second open real-name item, so two
// simultaneous submissions cannot both pass the service's check.
func TestOneOpenRealNameReview(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		now := time.Date(2026, 11, 21, 8, 0, 0, 0, time.UTC)
		a := &account.Account{Name: "Wang001", Type: account.Person, PasswordHash: "h", CreatedAt: now, UpdatedAt: now}
		if err := db.CreateAccount(ctx, a); err != nil {
			t.Fatal(err)
		}
		item := review.Item{Kind: review.KindRealName, AccountID: a.ID, Subject: review.SubjectPerson, Payload: []byte(`{}`), State: review.StatePending, SubmittedAt: now}
		if _, err := db.CreateReview(ctx, item); err != nil {
			t.Fatal(err)
		}
		if _, err := db.CreateReview(ctx, item); !errors.Is(err, review.ErrAlreadyPending) {
			t.Fatalf("second open real-name item: %v", err)
		}
		change := item
		change.Kind = review.KindChange
		if _, err := db.CreateReview(ctx, change); err != nil {
			t.Fatalf("a change item beside it: %v", err)
		}
	})
}
