package profile_test

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"testing"

	"bidpass/internal/account"
	"bidpass/internal/files"
	"bidpass/internal/profile"
	"bidpass/internal/review"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestDecisionAttachmentsReachOperationRecord: the files a reviewer
// attaches to a decision are listed in the holder's type-3 operation
// record (02 §2 appendixList), for a rejection and for an approval.
func TestDecisionAttachmentsReachOperationRecord(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		// A review service with the files service, as app.go wires it.
		rv := review.NewService(review.Deps{Store: db, Tx: db, Clock: e.clk, Accounts: db, Effects: e.effects, Files: e.files, Auditor: auditor{}})
		a := e.person(t, "attach1", account.Verifying)
		upload := func(name string) string {
			var buf bytes.Buffer
			if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 4, 4))); err != nil {
				t.Fatal(err)
			}
			f, err := e.files.Upload(ctx, review.StaffFileOwner(e.reviewer.ID), files.KindEvidence, name, &buf)
			if err != nil {
				t.Fatal(err)
			}
			return f.ID
		}
		for _, tc := range []struct {
			action review.Action
			auth   string
		}{{review.NotPass, profile.AuthNotPassed}, {review.Pass, profile.AuthPassed}} {
			// Each submission puts the account in verification, as the
			// registration service does in the same transaction.
			if err := storetest.SetAuthState(ctx, db, a.ID, account.Verifying); err != nil {
				t.Fatal(err)
			}
			id, err := rv.Submit(ctx, review.Submission{Kind: review.KindRealName, AccountID: a.ID, Subject: review.SubjectPerson, Payload: map[string]string{}})
			if err != nil {
				t.Fatal(err)
			}
			fid := upload("核验说明.png")
			if _, err := rv.Decide(ctx, e.reviewer, id, review.Decision{Action: tc.action, Remark: "证件照片不清晰", Files: []string{fid}}); err != nil {
				t.Fatal(err)
			}
			recs, _, err := e.svc.OperationRecords(ctx, a.ID, 1, 10)
			if err != nil || len(recs) == 0 {
				t.Fatalf("records %v %v", recs, err)
			}
			r := recs[0]
			if r.OperationType != profile.OpReview || r.AuthType != tc.auth || len(r.Appendix) != 1 || r.Appendix[0].ID != fid || r.Appendix[0].Name != "核验说明.png" {
				t.Fatalf("%s: newest record %+v", tc.action, r)
			}
		}
	})
}
