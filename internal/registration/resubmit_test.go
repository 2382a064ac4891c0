package registration_test

import (
	"context"
	"encoding/json"
	"testing"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/identity"
	"bidpass/internal/registration"
	"bidpass/internal/review"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// stateEffects is the account centre's side of a real-name decision reduced
// to what this test needs: PASS sets authState 1, NOT_PASS sets 2.
type stateEffects struct{ db *store.DB }

func (e stateEffects) set(ctx context.Context, id int64, s account.AuthState) error {
	return storetest.SetAuthState(ctx, e.db, id, s)
}

func (e stateEffects) Approve(ctx context.Context, it review.Item, _ review.Reviewer) error {
	return e.set(ctx, it.AccountID, account.Authenticated)
}

func (e stateEffects) Reject(ctx context.Context, it review.Item, _ review.Reviewer, _ string) error {
	return e.set(ctx, it.AccountID, account.NotPassed)
}

// decideOpen decides the account's open real-name item as a reviewer would.
func decideOpen(t *testing.T, h *harness, accountID int64, action review.Action) {
	t.Helper()
	ctx := context.Background()
	it, err := h.db.OpenReviewOf(ctx, accountID, review.KindRealName)
	if err != nil {
		t.Fatalf("open item: %v", err)
	}
	if _, err := h.reviews.Decide(ctx, review.Reviewer{ID: 1, Name: "审核员"}, it.ID, review.Decision{Action: action, Remark: "照片模糊"}); err != nil {
		t.Fatalf("decide: %v", err)
	}
}

// source is the payload "source" of the account's newest review item.
func source(t *testing.T, h *harness, accountID int64) string {
	t.Helper()
	items, err := h.db.ReviewsOfAccount(context.Background(), accountID)
	if err != nil || len(items) == 0 {
		t.Fatalf("items %v %v", items, err)
	}
	var p struct {
		Source string `json:"source"`
	}
	if err := json.Unmarshal(items[0].Payload, &p); err != nil {
		t.Fatal(err)
	}
	return p.Source
}

func (h *harness) personAuth(id int64) registration.PersonRealAuth {
	return registration.PersonRealAuth{CertFrontID: h.upload(id), CertBackID: h.upload(id), CertTakeID: h.upload(id), CertAddress: "北京市东城区东长安街1号"}
}

func (h *harness) enterpriseAuth(id int64) registration.EnterpriseRealAuth {
	return registration.EnterpriseRealAuth{LicenceID: h.upload(id), PersonFrontID: h.upload(id), PersonBackID: h.upload(id)}
}

// TestPersonManualAuthAfterRegistration walks a person who skipped manual
// verification at registration through the account centre's submissions:
// 0 → 99 (refused again while 99) → rejected 2 → resubmitted 99 → approved 1
// (refused once authenticated).
func TestPersonManualAuthAfterRegistration(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		h.withEffects(stateEffects{db})
		ctx := context.Background()
		r := h.person("later1")
		if _, err := h.svc.SavePersonRealInfo(ctx, r.ID, validRealInfo(false)); err != nil {
			t.Fatal(err)
		}
		if a := h.account(r.ID); a.RegisterProcess != 0 || a.AuthState != account.NotAuthenticated {
			t.Fatalf("registration should be finished unauthenticated: %+v", a)
		}

		// State 0 after registration: accepted, from the account centre.
		if err := h.svc.SubmitPersonRealAuth(ctx, r.ID, h.personAuth(r.ID)); err != nil {
			t.Fatalf("submit at state 0: %v", err)
		}
		a := h.account(r.ID)
		if a.AuthState != account.Verifying || a.RegisterProcess != 0 || a.RegisterStep != registration.StepDone {
			t.Fatalf("after submit: %+v", a)
		}
		if got := source(t, h, r.ID); got != string(identity.SourceAccountCentre) {
			t.Fatalf("source %q", got)
		}
		if p, _ := db.PersonProfile(ctx, r.ID); !p.ManualCheck || p.CertAddress != "北京市东城区东长安街1号" {
			t.Fatalf("profile %+v", p)
		}

		// 99: refused, nothing new queued.
		wantKind(t, h.svc.SubmitPersonRealAuth(ctx, r.ID, h.personAuth(r.ID)), apperr.Conflict, "认证中，请等待审核结果")

		// Rejected (2): a resubmission with new photos is a new item.
		decideOpen(t, h, r.ID, review.NotPass)
		if a := h.account(r.ID); a.AuthState != account.NotPassed {
			t.Fatalf("after rejection: %+v", a)
		}
		again := h.personAuth(r.ID)
		if err := h.svc.SubmitPersonRealAuth(ctx, r.ID, again); err != nil {
			t.Fatalf("resubmit at state 2: %v", err)
		}
		if a := h.account(r.ID); a.AuthState != account.Verifying {
			t.Fatalf("after resubmission: %+v", a)
		}
		items, _ := db.ReviewsOfAccount(ctx, r.ID)
		if len(items) != 2 || items[0].State != review.StatePending {
			t.Fatalf("items %+v", items)
		}
		if p, _ := db.PersonProfile(ctx, r.ID); p.CertFrontID != again.CertFrontID {
			t.Fatalf("resubmitted photos not stored: %+v", p)
		}
		if h.records != 2 {
			t.Fatalf("operation records %d", h.records)
		}

		// Approved (1): refused.
		decideOpen(t, h, r.ID, review.Pass)
		wantKind(t, h.svc.SubmitPersonRealAuth(ctx, r.ID, h.personAuth(r.ID)), apperr.Conflict, "已认证，无需重复提交")
		if a := h.account(r.ID); a.AuthState != account.Authenticated {
			t.Fatalf("refused submission changed the state: %+v", a)
		}

		// The enterprise call is not a person's.
		wantKind(t, h.svc.SubmitEnterpriseRealAuth(ctx, r.ID, h.enterpriseAuth(r.ID)), apperr.Forbidden, "账户类型不符，无法进行此操作")
	})
}

// TestManualAuthNeedsRealNameInfo: an account whose registration is over
// but which has no real-name information cannot submit photos alone.
func TestManualAuthNeedsRealNameInfo(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		ctx := context.Background()
		r := h.person("bare12")
		// e.g. made by `bidpass account create`
		if err := storetest.SetAuthState(ctx, db, r.ID, account.NotAuthenticated); err != nil {
			t.Fatal(err)
		}
		wantKind(t, h.svc.SubmitPersonRealAuth(ctx, r.ID, h.personAuth(r.ID)), apperr.Conflict, "请先填写并提交基本信息")
		if a := h.account(r.ID); a.AuthState != account.NotAuthenticated {
			t.Fatalf("state changed: %+v", a)
		}
		if _, err := db.OpenReviewOf(ctx, r.ID, review.KindRealName); err == nil {
			t.Fatal("an item was queued")
		}
	})
}

// TestEnterpriseResubmission: an enterprise rejected after registration
// submits again from the account centre; 99 and 1 are refused, and 0 (after
// withdrawing) is accepted.
func TestEnterpriseResubmission(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		h.withEffects(stateEffects{db})
		ctx := context.Background()
		e := h.enterprise("corp30")
		id, code := h.smsCode("13700137000", registration.SceneContact) // validEnterpriseInfo's contact phone
		if _, err := h.svc.SaveEnterpriseInfo(ctx, e.ID, validEnterpriseInfo(id, code)); err != nil {
			t.Fatal(err)
		}
		if err := h.svc.SubmitEnterpriseRealAuth(ctx, e.ID, h.enterpriseAuth(e.ID)); err != nil {
			t.Fatal(err)
		}
		if got := source(t, h, e.ID); got != "registration" {
			t.Fatalf("registration submission source %q", got)
		}
		wantKind(t, h.svc.SubmitEnterpriseRealAuth(ctx, e.ID, h.enterpriseAuth(e.ID)), apperr.Conflict, "认证中，请等待审核结果")

		// Withdrawn (the account centre puts it back to 0): accepted.
		it, err := db.OpenReviewOf(ctx, e.ID, review.KindRealName)
		if err != nil {
			t.Fatal(err)
		}
		if err := h.reviews.Revoke(ctx, e.ID, it.ID); err != nil {
			t.Fatal(err)
		}
		if err := (stateEffects{db}).set(ctx, e.ID, account.NotAuthenticated); err != nil {
			t.Fatal(err)
		}
		if err := h.svc.SubmitEnterpriseRealAuth(ctx, e.ID, h.enterpriseAuth(e.ID)); err != nil {
			t.Fatalf("submit at state 0: %v", err)
		}

		// Rejected (2): resubmission accepted, with the new licence.
		decideOpen(t, h, e.ID, review.NotPass)
		again := h.enterpriseAuth(e.ID)
		if err := h.svc.SubmitEnterpriseRealAuth(ctx, e.ID, again); err != nil {
			t.Fatalf("resubmit at state 2: %v", err)
		}
		if a := h.account(e.ID); a.AuthState != account.Verifying {
			t.Fatalf("after resubmission: %+v", a)
		}
		if got := source(t, h, e.ID); got != string(identity.SourceAccountCentre) {
			t.Fatalf("resubmission source %q", got)
		}
		if p, _ := db.EnterpriseProfile(ctx, e.ID); p.LicenseFileID != again.LicenceID {
			t.Fatalf("licence not stored: %+v", p)
		}

		// Approved: refused.
		decideOpen(t, h, e.ID, review.Pass)
		wantKind(t, h.svc.SubmitEnterpriseRealAuth(ctx, e.ID, h.enterpriseAuth(e.ID)), apperr.Conflict, "已认证，无需重复提交")
		wantKind(t, h.svc.SubmitPersonRealAuth(ctx, e.ID, h.personAuth(e.ID)), apperr.Forbidden, "账户类型不符，无法进行此操作")
	})
}
