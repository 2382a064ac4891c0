package account

import "bidpass/internal/identity"

// The stored profiles read and written by catalogue key (identity.Fields):
// each field's place in the profile is named once here, and every reader
// that goes by key (the account centre's edit, a change review's effect,
// the review console) goes through Value and Set.

// places returns the profile's storage of field k: one string, or three
// for a region (province, city, area); nil for a key the person has not.
func (p *PersonProfile) places(k identity.Key) []*string {
	switch k {
	case identity.KeyName:
		return []*string{&p.RealName}
	case identity.KeyCertType:
		return []*string{&p.CertType}
	case identity.KeyCertNum:
		return []*string{&p.CertNum}
	case identity.KeyCertStart:
		return []*string{&p.CertStart}
	case identity.KeyCertEnd:
		return []*string{&p.CertEnd}
	case identity.KeyPersonFront:
		return []*string{&p.CertFrontID}
	case identity.KeyPersonBack:
		return []*string{&p.CertBackID}
	case identity.KeyRegion:
		return []*string{&p.Province, &p.City, &p.Area}
	case identity.KeyDetailAddr:
		return []*string{&p.DetailAddr}
	}
	return nil
}

// places is PersonProfile.places for an enterprise.
func (p *EnterpriseProfile) places(k identity.Key) []*string {
	switch k {
	case identity.KeyType:
		return []*string{&p.Type}
	case identity.KeyName:
		return []*string{&p.Name}
	case identity.KeyCertType:
		return []*string{&p.CertType}
	case identity.KeyCertNum:
		return []*string{&p.CertNum}
	case identity.KeyLicence:
		return []*string{&p.LicenseFileID}
	case identity.KeyRegion:
		return []*string{&p.Province, &p.City, &p.Area}
	case identity.KeyDetailAddr:
		return []*string{&p.DetailAddr}
	case identity.KeyIndustry:
		return []*string{&p.Industry}
	case identity.KeyCapital:
		return []*string{&p.Capital}
	case identity.KeyCapitalUnit:
		return []*string{&p.CapitalUnit}
	case identity.KeyCapitalCurrency:
		return []*string{&p.CapitalCurrency}
	case identity.KeyLegalName:
		return []*string{&p.Legal.Name}
	case identity.KeyLegalCertType:
		return []*string{&p.Legal.CertType}
	case identity.KeyLegalCertNum:
		return []*string{&p.Legal.CertNum}
	case identity.KeyLegalFront:
		return []*string{&p.LegalFrontID}
	case identity.KeyLegalBack:
		return []*string{&p.LegalBackID}
	case identity.KeyContactName:
		return []*string{&p.Contact.Name}
	case identity.KeyContactPhone:
		return []*string{&p.Contact.Phone}
	}
	return nil
}

// valueOf is a field's value in its catalogue form (a region as
// identity.Region).
func valueOf(places []*string) string {
	switch len(places) {
	case 1:
		return *places[0]
	case 3:
		return identity.Region(*places[0], *places[1], *places[2])
	}
	return ""
}

// setAt writes v, in its catalogue form, into places.
func setAt(places []*string, v string) {
	switch len(places) {
	case 1:
		*places[0] = v
	case 3:
		*places[0], *places[1], *places[2] = identity.RegionParts(v)
	}
}

// Value returns field k of the profile; "" for a key it has not.
func (p PersonProfile) Value(k identity.Key) string { return valueOf(p.places(k)) }

// Set writes field k; a key the profile has not is ignored. The end date
// decides whether the certificate is long-term.
func (p *PersonProfile) Set(k identity.Key, v string) {
	setAt(p.places(k), v)
	if k == identity.KeyCertEnd {
		p.LongTerm = v == identity.LongTermEnd
	}
}

// Value returns field k of the profile; "" for a key it has not.
func (p EnterpriseProfile) Value(k identity.Key) string { return valueOf(p.places(k)) }

// Set writes field k; a key the profile has not is ignored.
func (p *EnterpriseProfile) Set(k identity.Key, v string) { setAt(p.places(k), v) }
