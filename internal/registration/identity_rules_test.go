package registration_test

import (
	"context"
	"testing"

	"bidpass/internal/apperr"
	"bidpass/internal/identity"
	"bidpass/internal/identity/identitytest"
	"bidpass/internal/registration"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestIdentityRuleCases feeds every shared identity case through the
// registration forms; profile's TestIdentityRuleCases feeds the same cases
// through the account-centre edits, and both must answer the case's message.
func TestIdentityRuleCases(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		h := newHarness(t, db)
		ctx := context.Background()
		p, e := h.person("rules1"), h.enterprise("rules2")
		for _, c := range identitytest.Cases(h.clk.Now()) {
			var err error
			var field string
			if c.Subject == identity.SubjectPerson {
				f := validRealInfo(true)
				field = personField(&f, c.Field, c.Value)
				_, err = h.svc.SavePersonRealInfo(ctx, p.ID, f)
			} else {
				f := validEnterpriseInfo("", "")
				field = enterpriseField(&f, c.Field, c.Value)
				_, err = h.svc.SaveEnterpriseInfo(ctx, e.ID, f)
			}
			ae, ok := apperr.As(err)
			if !ok || ae.Kind != apperr.Invalid || ae.Fields[field] != c.Msg {
				t.Errorf("%s %s=%q: want %s=%q, got %v", c.Subject, c.Field, c.Value, field, c.Msg, err)
			}
		}
	})
}

// personField sets the case's field on the real-name form and returns the
// form's name for it.
func personField(f *registration.PersonRealInfo, key, v string) string {
	switch key {
	case "realName":
		f.RealName = v
	case "certNum":
		f.CertNum = v
	case "certStart":
		f.CertStart = v
	case "certEnd":
		f.CertEnd = v
	case "area":
		f.Province, f.City, f.Area = v, "", ""
	case "detailAddr":
		f.DetailAddr = v
		return "certDetailAddr"
	}
	return key
}

// enterpriseField is personField for the enterprise information form.
func enterpriseField(f *registration.EnterpriseInfo, key, v string) string {
	e, l := &f.Enterprise, &f.LegalPerson
	switch key {
	case "name":
		e.Name = v
	case "certNum":
		e.CertNum = v
	case "certType":
		e.CertType = v
	case "area":
		e.Province, e.City, e.Area = v, "", ""
	case "detailAddr":
		e.DetailAddr = v
	case "industry":
		e.Industry = v
	case "capital":
		e.Capital = v
	case "legal.name":
		l.Name = v
		return "legalPersonDto.name"
	case "legal.certNum":
		l.CertNum = v
		return "legalPersonDto.certNum"
	case "contact.name":
		l.Contact.Name = v
		return "legalPersonDto.linkName"
	case "contact.phone":
		l.Contact.Phone = v
		return "legalPersonDto.linkPhone"
	}
	return "enterpriseDto." + key
}
