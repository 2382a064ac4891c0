package profile_test

import (
	"context"
	"testing"

	"bidpass/internal/account"
	"bidpass/internal/apperr"
	"bidpass/internal/identity"
	"bidpass/internal/identity/identitytest"
	"bidpass/internal/profile"
	"bidpass/internal/store"
	"bidpass/internal/store/storetest"
)

// TestIdentityRuleCases is registration's TestIdentityRuleCases through the
// account-centre edits: the same bad value gets the same message.
func TestIdentityRuleCases(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		p, ent := e.person(t, "rules1", account.Authenticated), e.enterprise(t, "rules2", account.Authenticated)
		for _, c := range identitytest.Cases(e.clk.Now()) {
			var err error
			var field string
			if c.Subject == identity.SubjectPerson {
				var ed profile.PersonEdit
				field = personEditField(&ed, c.Field, c.Value)
				_, err = e.svc.EditPerson(ctx, p.ID, ed)
			} else {
				var ed profile.EnterpriseEdit
				field = enterpriseEditField(&ed, c.Field, c.Value)
				_, err = e.svc.EditEnterprise(ctx, ent.ID, ed)
			}
			ae, ok := apperr.As(err)
			if !ok || ae.Kind != apperr.Invalid || ae.Fields[field] != c.Msg {
				t.Errorf("%s %s=%q: want %s=%q, got %v", c.Subject, c.Field, c.Value, field, c.Msg, err)
			}
		}
	})
}

func personEditField(ed *profile.PersonEdit, key, v string) string {
	switch key {
	case "realName":
		ed.Name = &v
		return "name"
	case "certNum":
		ed.CertNum = &v
	case "certStart":
		ed.CertStart = &v
	case "certEnd":
		ed.CertEnd = &v
	case "area":
		ed.Province = &v
	case "detailAddr":
		ed.DetailAddr = &v
	}
	return key
}

func enterpriseEditField(ed *profile.EnterpriseEdit, key, v string) string {
	switch key {
	case "name":
		ed.Name = &v
	case "certNum":
		ed.CertNum = &v
	case "certType":
		ed.CertType = &v
	case "area":
		ed.Province = &v
	case "detailAddr":
		ed.DetailAddr = &v
	case "industry":
		ed.Industry = &v
	case "capital":
		ed.Capital = &v
	case "legal.name":
		ed.LegalName = &v
		return "legalName"
	case "legal.certNum":
		ed.LegalCertNum = &v
		return "legalCertNum"
	case "contact.name":
		ed.ContactName = &v
		return "contactName"
	case "contact.phone":
		ed.ContactPhone = &v
		return "contactPhone"
	}
	return key
}
