package store_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"bidpass/internal/identity"
	"bidpass/internal/review"
	"bidpass/internal/sealed"
	"bidpass/internal/staff"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestSeed: the scale seed writes rows the store's own methods read back
// (times in each dialect's stored form, profiles, every queue state), and
// refuses a database that already has accounts.
func TestSeed(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		ctx := context.Background()
		if err := db.Seed(ctx, store.SeedSize{Accounts: 400, Reviews: 200}, func(string, int) {}); err != nil {
			t.Fatal(err)
		}
		a, err := db.AccountByName(ctx, "SEED2")
		if err != nil || a.Type != 1 {
			t.Fatalf("account: %+v %v", a, err)
		}
		if p, err := db.PersonProfile(ctx, a.ID); err != nil || p.RealName != "张1" {
			t.Fatalf("person: %+v %v", p, err)
		}
		if p, err := db.EnterpriseProfile(ctx, 1); err != nil || p.Name == "" {
			t.Fatalf("enterprise: %+v %v", p, err)
		}
		stale := time.Now().UTC().Add(-review.ClaimTTL)
		// 10 open (every 20th; every 40th claimed, only the newest claim
		// still live), 3 revoked (n % 97 = 1), 187 decided
		for st, want := range map[review.State]int64{review.StatePending: 9, review.StateClaimed: 1, review.StateDecided: 187} {
			if _, n, err := db.ListReviews(ctx, review.Filter{State: st, Page: 1, PageSize: 10}, stale); err != nil || n != want {
				t.Errorf("%s: %d, want %d (%v)", st, n, want, err)
			}
		}
		if recs, n, err := db.ModificationRecords(ctx, 1, 0, 10); err != nil || n != 3 || len(recs) != 3 {
			t.Errorf("modification records: %d %v", n, err)
		}
		if acts, n, err := db.ListStaffActions(ctx, staff.ActionFilter{Page: 1, PageSize: 5}); err != nil || n != 100 || len(acts) != 5 {
			t.Errorf("actions: %d %v", n, err)
		}
		// Sealed as the application writes them, and each item's payload the
		// kind's own (the console's detail and decisions decode them).
		if raw := rawColumn(t, db, "person_profiles", "cert_num", a.ID); !strings.HasPrefix(raw, sealed.Prefix) {
			t.Errorf("cert_num stored clear: %q", raw)
		}
		for id := int64(1); id <= 6; id++ {
			it, err := db.Review(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			switch it.Kind {
			case review.KindChange:
				if c, err := identity.DecodeChangeRequest(it.Payload); err != nil || string(c.Subject) != it.Subject || len(c.Changes) != 1 {
					t.Errorf("item %d: change request %+v %v", id, c, err)
				}
			case review.KindAdmission:
				var p struct{ RoleName string }
				if err := json.Unmarshal(it.Payload, &p); err != nil || p.RoleName == "" || it.Subject != review.SubjectEnterprise || it.AccountID%2 != 1 {
					t.Errorf("item %d: admission %+v of account %d (%s), %v", id, p, it.AccountID, it.Subject, err)
				}
			case review.KindRealName:
				if !json.Valid(it.Payload) || len(it.Payload) < 10 {
					t.Errorf("item %d: real-name payload %s", id, it.Payload)
				}
			}
		}
		if err := db.Seed(ctx, store.SeedSize{Accounts: 1, Reviews: 1}, func(string, int) {}); err == nil {
			t.Error("seeded twice")
		}
	})
}
