package profile_test

import (
	"context"
	"strings"
	"testing"

	"bidpass/internal/account"
	"bidpass/internal/profile"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestRecordsShowLabelsNotCodes: the modification record and the operation
// record name coded values by their labels (万元 → 亿元, not WAN_YUAN →
// YI_YUAN), and pasted inner spaces are stripped from what is stored (docs/decisions/usability.md, "A careful user's findings (behaviour items)").
func TestRecordsShowLabelsNotCodes(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.enterprise(t, "labels1", account.Authenticated)
		if _, err := e.svc.EditEnterprise(ctx, a.ID, profile.EnterpriseEdit{CapitalUnit: ptr("YI_YUAN"), CapitalCurrency: ptr("USD"), DetailAddr: ptr("建国路 88号")}); err != nil {
			t.Fatal(err)
		}
		want := map[string][2]string{"注册资本单位": {"万元", "亿元"}, "币种": {"人民币", "美元"}, "详细地址": {"建国路2号", "建国路88号"}}
		rs := e.records(t, a.ID)
		if len(rs) != len(want) {
			t.Fatalf("records %+v", rs)
		}
		for _, r := range rs {
			w, ok := want[r.InfoItem]
			if !ok || r.BeforeValue != w[0] || r.AfterValue != w[1] {
				t.Errorf("record %s: %q → %q, want %q → %q", r.InfoItem, r.BeforeValue, r.AfterValue, w[0], w[1])
			}
		}
		ops := e.ops(t, a.ID)
		if len(ops) != 1 {
			t.Fatalf("ops %+v", ops)
		}
		for _, c := range ops[0].Remarks {
			if w := want[c.FieldName]; c.BeforeValue != w[0] || c.AfterValue != w[1] {
				t.Errorf("operation remark %+v, want %q → %q", c, w[0], w[1])
			}
		}
	})
}

// A contact phone's modification record and operation remark show the
// numbers masked, as the bound phone's change does (the record table is
// not the place to reveal them).
func TestContactPhoneRecordsMasked(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		a := e.enterprise(t, "maskphone", account.Authenticated)
		e.codes.give("contact", "13600136000", "c1", "123456")
		if _, err := e.svc.EditEnterprise(ctx, a.ID, profile.EnterpriseEdit{ContactPhone: ptr("13600136000"), SMSCodeID: "c1", SMSCode: "123456"}); err != nil {
			t.Fatal(err)
		}
		var rec *profile.ModificationRecord
		for _, r := range e.records(t, a.ID) {
			if r.InfoItem == "联系人手机号" {
				rec = &r
			}
		}
		if rec == nil || rec.AfterValue != "136****6000" || strings.Contains(rec.BeforeValue+rec.AfterValue, "13600136000") {
			t.Fatalf("contact phone record %+v", rec)
		}
		for _, op := range e.ops(t, a.ID) {
			for _, r := range op.Remarks {
				if strings.Contains(r.BeforeValue+r.AfterValue, "13600136000") {
					t.Fatalf("operation remark shows the number: %+v", r)
				}
			}
		}
	})
}
