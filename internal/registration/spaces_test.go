package registration_test

import (
	"context"
	"testing"

	"bidpass/internal/registration"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestPastedInnerSpacesAreStripped: the browser strips spaces from names and
// addresses (Space cannot be typed), but a pasted value or a direct API call
// can carry inner ones; the server strips them the same way, so "建国路 88号"
// and "建国路88号" are one stored value (docs/decisions/usability.md, "A careful user's findings (behaviour items)").
func TestPastedInnerSpacesAreStripped(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		ctx := context.Background()

		r := h.person("spaces1")
		p := validRealInfo(false)
		p.RealName, p.DetailAddr = " 张 三 ", "东长安街 1 号"
		if _, err := h.svc.SavePersonRealInfo(ctx, r.ID, p); err != nil {
			t.Fatal(err)
		}
		pp, err := db.PersonProfile(ctx, r.ID)
		if err != nil {
			t.Fatal(err)
		}
		if pp.RealName != "张三" || pp.DetailAddr != "东长安街1号" {
			t.Fatalf("person stored with spaces: %q %q", pp.RealName, pp.DetailAddr)
		}

		e := h.enterprise("spaces2")
		ph := h.phone()
		id, code := h.smsCode(ph, registration.SceneContact)
		f := validEnterpriseInfo(id, code)
		f.LegalPerson.Contact.Phone = ph
		f.Enterprise.Name, f.Enterprise.DetailAddr = "福建省 路桥建设 有限公司", " 五四路 100号"
		f.LegalPerson.Name, f.LegalPerson.Contact.Name = "李 四", "王\u3000五"
		if _, err := h.svc.SaveEnterpriseInfo(ctx, e.ID, f); err != nil {
			t.Fatal(err)
		}
		ep, err := db.EnterpriseProfile(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		if ep.Name != "福建省路桥建设有限公司" || ep.DetailAddr != "五四路100号" || ep.Legal.Name != "李四" || ep.Contact.Name != "王五" {
			t.Fatalf("enterprise stored with spaces: %+v", ep)
		}
	})
}
