package httpapi

import (
	"encoding/json"

	"bidpass/internal/account"
	"bidpass/internal/identity"
	"bidpass/internal/refdata"
	"bidpass/internal/review"
)

// A real-name item as the review page shows it: one row per field of the
// catalogue (identity.Fields), what was submitted beside what is current,
// labels, kinds and code names from the catalogue, so the page neither
// restates them nor guesses which values are photos.

// realNameRow is one field of a real-name item on the review page.
type realNameRow struct {
	// Key is the field's key in a real-name submission (certFrontId,
	// enterpriseId, linkName ...).
	Key       string `json:"key"`
	Label     string `json:"label"`
	Kind      string `json:"kind"` // changeText or changePhoto
	Submitted string `json:"submitted"`
	Current   string `json:"current"`
	// SubmittedName and CurrentName name a coded value; absent when the
	// value is no code or the catalog does not know it.
	SubmittedName string `json:"submittedName,omitempty"`
	CurrentName   string `json:"currentName,omitempty"`
}

// subjectOf is the catalogue subject of a review item.
func subjectOf(it review.Item) identity.Subject {
	if it.Subject == review.SubjectEnterprise {
		return identity.SubjectEnterprise
	}
	return identity.SubjectPerson
}

// submittedAndCurrent reads the account's current data and, for a
// real-name item, its submission as profiles, which read by catalogue key,
// with the fields a submission carries besides (account, phone, the
// person's certificate address and hand-held photo). sub is nil for an
// item that is no real-name submission, cur for an account without a
// profile.
func submittedAndCurrent(dt review.Detail) (sub, cur func(identity.Key) string) {
	realName := dt.Item.Kind == review.KindRealName
	if subjectOf(dt.Item) == identity.SubjectEnterprise {
		if dt.Enterprise != nil {
			cur = withAccount(dt.Enterprise.Value, dt.Account.Name, dt.Account.Phone)
		}
		if s, err := identity.DecodeEnterpriseRealName(dt.Item.Payload); realName && err == nil {
			sub = withAccount(account.EnterpriseSubmitted(s).Value, s.Account, s.Phone)
		}
		return sub, cur
	}
	if dt.Person != nil {
		cur = withPerson(withAccount(dt.Person.Value, dt.Account.Name, dt.Account.Phone), *dt.Person)
	}
	if s, err := identity.DecodePersonRealName(dt.Item.Payload); realName && err == nil {
		sp := account.PersonSubmitted(s)
		sub = withPerson(withAccount(sp.Value, s.Account, s.Phone), sp)
	}
	return sub, cur
}

func withAccount(v func(identity.Key) string, name, phone string) func(identity.Key) string {
	return func(k identity.Key) string {
		switch k {
		case identity.FieldAccount.Key:
			return name
		case identity.FieldPhone.Key:
			return phone
		}
		return v(k)
	}
}

func withPerson(v func(identity.Key) string, p account.PersonProfile) func(identity.Key) string {
	return func(k identity.Key) string {
		switch k {
		case identity.FieldCertAddress.Key:
			return p.CertAddress
		case identity.FieldCertTake.Key:
			return p.CertTakeID
		}
		return v(k)
	}
}

// realNameFields are the rows' fields of a subject in the order shown.
func realNameFields(s identity.Subject) []identity.Field {
	fs := append([]identity.Field{identity.FieldAccount, identity.FieldPhone}, identity.Fields(s)...)
	if s == identity.SubjectPerson {
		fs = append(fs, identity.FieldCertAddress, identity.FieldCertTake)
	}
	return fs
}

// realNameRows are the rows of a real-name item; nil for other items.
func realNameRows(cat *refdata.Catalog, dt review.Detail) []realNameRow {
	sub, cur := submittedAndCurrent(dt)
	if sub == nil {
		return nil
	}
	if cur == nil {
		cur = func(identity.Key) string { return "" }
	}
	var rows []realNameRow
	for _, f := range realNameFields(subjectOf(dt.Item)) {
		key := f.Submission
		if key == "" {
			key = string(f.Key)
		}
		row := realNameRow{Key: key, Label: f.Label, Kind: rowKind(f), Submitted: sub(f.Key), Current: cur(f.Key)}
		if cat != nil {
			row.SubmittedName, row.CurrentName = f.Name(cat, row.Submitted), f.Name(cat, row.Current)
		}
		rows = append(rows, row)
	}
	return rows
}

func rowKind(f identity.Field) string {
	if f.Photo() {
		return changePhoto
	}
	return changeText
}

// reviewLabels names the coded values of a real-name submission and of the
// current profile under the submission's keys (payload key → code → name;
// a region's parts under province, city and area), for readers of the
// payload itself: the rows carry the same names.
func reviewLabels(cat *refdata.Catalog, dt review.Detail) map[string]map[string]string {
	out := map[string]map[string]string{}
	sub, cur := submittedAndCurrent(dt)
	if cat == nil {
		return out
	}
	add := func(key, v, name string) {
		if v == "" || name == "" {
			return
		}
		if out[key] == nil {
			out[key] = map[string]string{}
		}
		out[key][v] = name
	}
	for _, v := range []func(identity.Key) string{sub, cur} {
		if v == nil {
			continue
		}
		for _, f := range identity.Fields(subjectOf(dt.Item)) {
			switch f.Kind {
			case identity.KindRegion:
				p, c, a := identity.RegionParts(v(f.Key))
				add("province", p, cat.AreaName(p))
				add("city", c, cat.AreaFullName(c))
				add("area", a, cat.AreaFullName(a))
			case identity.KindCode, identity.KindIndustry:
				add(f.Submission, v(f.Key), f.Name(cat, v(f.Key)))
			}
		}
	}
	return out
}

// currentProfile is the account's data as it is now, under the keys the
// real-name submissions use, so the page can show them side by side.
func currentProfile(dt review.Detail) json.RawMessage {
	var v any
	switch {
	case dt.Person != nil:
		v = dt.Person.RealNameSubmission(dt.Account, "")
	case dt.Enterprise != nil:
		v = dt.Enterprise.RealNameSubmission(dt.Account, "")
	default:
		v = struct {
			Account string `json:"account"`
			Phone   string `json:"phone"`
		}{dt.Account.Name, dt.Account.Phone}
	}
	b, _ := json.Marshal(v)
	return b
}
