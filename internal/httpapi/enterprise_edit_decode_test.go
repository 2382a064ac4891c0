package httpapi

import (
	"encoding/json"
	"testing"
)

// TestEnterpriseEditDecodesEveryDialogField: the account centre's edit dialog sends
// the flattened body of PUT /api/account/update/information; every field it offers
// (02 §5) must reach profile.EnterpriseEdit, or the server would silently keep the
// stored value while the user sees a success.
func TestEnterpriseEditDecodesEveryDialogField(t *testing.T) {
	body := `{"type":"A2","name":"福建省路桥集团有限公司","certType":"1","certNum":"91110000100000000R",
		"province":"350000","city":"350100","area":"350102","detailAddr":"五四路200号","industry":"E,E48",
		"capital":"6000","capitalUnit":"WAN_YUAN","capitalCurrency":"CNY",
		"legalName":"李小四","legalCertType":"2","legalCertNum":"E1234567",
		"contactName":"王六","contactPhone":"13711119005","smsCode":" 123456 ","smsCodeId":"sms-1"}`
	var req enterpriseEditRequest
	if err := json.Unmarshal([]byte(body), &req); err != nil {
		t.Fatal(err)
	}
	e := req.edit()
	for name, c := range map[string]struct {
		got  *string
		want string
	}{
		"type": {e.Type, "A2"}, "name": {e.Name, "福建省路桥集团有限公司"}, "certType": {e.CertType, "1"},
		"certNum": {e.CertNum, "91110000100000000R"}, "province": {e.Province, "350000"}, "city": {e.City, "350100"},
		"area": {e.Area, "350102"}, "detailAddr": {e.DetailAddr, "五四路200号"}, "industry": {e.Industry, "E,E48"},
		"capital": {e.Capital, "6000"}, "capitalUnit": {e.CapitalUnit, "WAN_YUAN"}, "capitalCurrency": {e.CapitalCurrency, "CNY"},
		"legalName": {e.LegalName, "李小四"}, "legalCertType": {e.LegalCertType, "2"}, "legalCertNum": {e.LegalCertNum, "E1234567"},
		"contactName": {e.ContactName, "王六"}, "contactPhone": {e.ContactPhone, "13711119005"},
	} {
		if c.got == nil || *c.got != c.want {
			t.Errorf("%s = %v, want %q", name, c.got, c.want)
		}
	}
	if e.SMSCode != "123456" || e.SMSCodeID != "sms-1" {
		t.Errorf("sms = %q/%q, want 123456/sms-1", e.SMSCode, e.SMSCodeID)
	}
	// Fields the dialog does not send stay untouched (nil), so the photos are not cleared.
	if e.LicenseID != nil || e.LegalFrontID != nil || e.LegalBackID != nil {
		t.Errorf("photos should be absent: %v %v %v", e.LicenseID, e.LegalFrontID, e.LegalBackID)
	}
}
