// Package identitytest holds the rule cases every caller of the identity
// rules runs through its own form: registration and the account centre
// each feed the same bad values and must answer the same message, so a
// rule cannot drift between them again.
package identitytest

import (
	"strings"
	"time"

	"bidpass/internal/identity"
)

// Case is one bad value for one field. Field is identity's key for it
// (prefixed "legal." or "contact." for the legal representative's and the
// contact's fields); each caller maps it onto its own form.
type Case struct {
	Subject identity.Subject
	Field   string
	Value   string
	Msg     string
}

// Cases are the bad values for a caller whose clock says today; the
// callers' valid fixtures start certificates on 2020-01-01.
func Cases(today time.Time) []Case {
	day := func(d int) string { return today.AddDate(0, 0, d).Format("2006-01-02") }
	return []Case{
		{identity.SubjectPerson, "realName", "  ", identity.MsgRealName},
		{identity.SubjectPerson, "realName", strings.Repeat("张", identity.MaxPersonName+1), identity.MsgTooLong},
		{identity.SubjectPerson, "certNum", "110105194912310021", identity.MsgCertNumID},
		{identity.SubjectPerson, "certStart", day(30), identity.MsgCertStartFuture},
		{identity.SubjectPerson, "certStart", "2020-13-01", identity.MsgCertStart},
		{identity.SubjectPerson, "certEnd", day(-2), identity.MsgCertExpired},
		{identity.SubjectPerson, "certEnd", "2019-01-01", identity.MsgCertEndBefore},
		{identity.SubjectPerson, "area", "999999", identity.MsgPersonArea},
		{identity.SubjectPerson, "detailAddr", strings.Repeat("路", identity.MaxAddress+1), identity.MsgTooLong},
		{identity.SubjectEnterprise, "name", strings.Repeat("企", identity.MaxEntName+1), identity.MsgTooLong},
		{identity.SubjectEnterprise, "certNum", "91350100M000100Y44", identity.MsgEntCreditCode},
		{identity.SubjectEnterprise, "certType", "2", identity.MsgEntCertTypeA1},
		{identity.SubjectEnterprise, "area", "999999", identity.MsgEntArea},
		{identity.SubjectEnterprise, "detailAddr", strings.Repeat("路", identity.MaxAddress+1), identity.MsgTooLong},
		{identity.SubjectEnterprise, "industry", "E,C13", identity.MsgIndustry},
		{identity.SubjectEnterprise, "capital", "12a", identity.MsgCapitalNumeric},
		{identity.SubjectEnterprise, "legal.name", " ", identity.MsgLegalName},
		{identity.SubjectEnterprise, "legal.certNum", "110105194912310021", identity.MsgCertNumID},
		{identity.SubjectEnterprise, "contact.name", " ", identity.MsgContactName},
		{identity.SubjectEnterprise, "contact.phone", "12345", identity.MsgPhonePattern},
	}
}
