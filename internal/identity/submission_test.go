package identity_test

import (
	"encoding/json"
	"testing"

	"bidpass/internal/account"
	"bidpass/internal/identity"
)

// TestOldPayloadsDecode: review rows written before the typed submissions
// used two spellings; both decode to the same fields.
func TestOldPayloadsDecode(t *testing.T) {
	// As registration wrote it (the stored form today too).
	p, err := identity.DecodePersonRealName([]byte(`{"account":"zhang1","realName":"张三","certAddress":"证件地址","certTakeId":"t1","certValid":true,"source":"registration"}`))
	if err != nil || p.CertAddress != "证件地址" || p.CertTakeID != "t1" || !p.CertValid || p.Source != identity.SourceRegistration {
		t.Fatalf("stored form: %+v %v", p, err)
	}
	// As the old account-centre reader expected it.
	p, err = identity.DecodePersonRealName([]byte(`{"certDetailAddr":"旧地址","certTakeId":"t2"}`))
	if err != nil || p.CertAddress != "旧地址" || p.CertTakeID != "t2" {
		t.Fatalf("old alias: %+v %v", p, err)
	}
	e, err := identity.DecodeEnterpriseRealName([]byte(`{"enterpriseId":"lic1","personFrontId":"f","linkPhone":"13700137000"}`))
	if err != nil || e.LicenceID != "lic1" || e.LegalFrontID != "f" || e.ContactPhone != "13700137000" {
		t.Fatalf("stored enterprise form: %+v %v", e, err)
	}
	e, err = identity.DecodeEnterpriseRealName([]byte(`{"licenseId":"lic2"}`))
	if err != nil || e.LicenceID != "lic2" {
		t.Fatalf("old licence alias: %+v %v", e, err)
	}
	c, err := identity.DecodeChangeRequest([]byte(`{"subject":"enterprise","class":"license","changes":[{"key":"licenseId","fieldName":"营业执照","beforeValue":"a","afterValue":"b"}],"prevAuthState":1}`))
	if err != nil || c.Subject != identity.SubjectEnterprise || c.PrevAuthState != int(account.Authenticated) || len(c.Changes) != 1 || c.Changes[0].AfterValue != "b" {
		t.Fatalf("change request: %+v %v", c, err)
	}
	if _, err := identity.DecodeChangeRequest([]byte(`{"subject":"robot"}`)); err == nil {
		t.Fatal("unknown subject accepted")
	}
}

// TestSubmissionRoundTrip: what NewPersonRealName encodes decodes to itself.
func TestSubmissionRoundTrip(t *testing.T) {
	a := account.Account{Name: "li01", Phone: "13800138000"}
	in := account.PersonProfile{Person: identity.Person{RealName: "李一", CertNum: "X"}, CertAddress: "addr", CertFrontID: "f"}.RealNameSubmission(a, identity.SourceAccountCentre)
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	out, err := identity.DecodePersonRealName(b)
	if err != nil || out != in {
		t.Fatalf("round trip: %+v → %s → %+v %v", in, b, out, err)
	}
	ein := account.EnterpriseProfile{Enterprise: identity.Enterprise{Name: "企业"}, LicenseFileID: "lic"}.RealNameSubmission(a, identity.SourceRegistration)
	b, _ = json.Marshal(ein)
	eout, err := identity.DecodeEnterpriseRealName(b)
	if err != nil || eout != ein {
		t.Fatalf("enterprise round trip: %+v → %s → %+v %v", ein, b, eout, err)
	}
}
