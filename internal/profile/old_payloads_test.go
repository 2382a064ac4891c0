package profile_test

import (
	"context"
	"testing"

	"bidpass/internal/account"
	"bidpass/internal/review"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestApprovalReadsOldPayloads: review items written before the typed
// submissions (keys certDetailAddr and licenseId, as the old reader
// expected them) are still applied when approved today.
func TestApprovalReadsOldPayloads(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		p := e.person(t, "oldperson", account.Verifying)
		take := e.photo(t, p.ID)
		ent := e.enterprise(t, "oldcorp1", account.Verifying)
		lic := e.photo(t, ent.ID)
		for _, c := range []struct {
			id      int64
			subject string
			payload map[string]string
		}{
			{p.ID, review.SubjectPerson, map[string]string{"certTakeId": take, "certDetailAddr": "证件上的地址"}},
			{ent.ID, review.SubjectEnterprise, map[string]string{"licenseId": lic}},
		} {
			id, err := e.reviews.Submit(ctx, review.Submission{Kind: review.KindRealName, AccountID: c.id, Subject: c.subject, Payload: c.payload})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := e.reviews.Decide(ctx, e.reviewer, id, review.Decision{Action: review.Pass}); err != nil {
				t.Fatal(err)
			}
		}
		pp, _ := db.PersonProfile(ctx, p.ID)
		ep, _ := db.EnterpriseProfile(ctx, ent.ID)
		if pp.CertTakeID != take || pp.CertAddress != "证件上的地址" || ep.LicenseFileID != lic {
			t.Fatalf("person take %q address %q, enterprise licence %q", pp.CertTakeID, pp.CertAddress, ep.LicenseFileID)
		}
		for _, id := range []int64{p.ID, ent.ID} {
			if a, _ := db.AccountByID(ctx, id); a.AuthState != account.Authenticated {
				t.Fatalf("account %d state %d", id, a.AuthState)
			}
		}
	})
}
