package httpapi

import (
	"encoding/json"

	"bidpass/internal/identity"
	"bidpass/internal/refdata"
)

// A change request (an account-centre edit waiting for review) as the review
// page shows it: one row per changed field with its Chinese name, the value
// now and the value asked for, coded values named and photos as file ids.
// What the payload carries for the decision's effects (subject, review
// class, the state to restore) stays on the server.

// Kinds of a change row: how the page shows its values.
const (
	changeText  = "text"
	changePhoto = "photo"
)

// reviewChange is one changed field of a change request on the review page.
type reviewChange struct {
	Key   string `json:"key"`
	Label string `json:"label"`
	Kind  string `json:"kind"`
	// Current and Requested are the values as stored: full certificate
	// numbers (the reviewer checks them), codes, or file ids for photos,
	// which the page opens through the logged staff download.
	Current   string `json:"current"`
	Requested string `json:"requested"`
	// CurrentName and RequestedName name a coded value (居民身份证 for 1,
	// 北京市东城区 for an area); absent when the value is no code or the
	// catalog does not know it.
	CurrentName   string `json:"currentName,omitempty"`
	RequestedName string `json:"requestedName,omitempty"`
}

// submittedChange is one field of a change request as the account centre
// wrote it: the key, its Chinese name and the value before and after.
type submittedChange struct {
	key, label, before, after string
}

// decodeChangeRequest reads a change item's payload. It is the only code
// here that knows the payload's type, so moving that type to another package
// changes this function alone.
func decodeChangeRequest(raw json.RawMessage) ([]submittedChange, error) {
	cr, err := identity.DecodeChangeRequest(raw)
	if err != nil {
		return nil, err
	}
	out := make([]submittedChange, 0, len(cr.Changes))
	for _, c := range cr.Changes {
		out = append(out, submittedChange{key: c.Key, label: c.FieldName, before: c.BeforeValue, after: c.AfterValue})
	}
	return out, nil
}

// changePhotoKeys are the change-request keys whose values are file ids
// (the licence and the certificate photos; a person's keys are written in
// lower case after "person", an enterprise's legal person's in camel case).
var changePhotoKeys = map[string]bool{
	"licenseId": true, "personFrontId": true, "personBackId": true,
	"personfrontId": true, "personbackId": true,
}

// changeRows turns a change item's payload into the rows of the review page,
// in the order the applicant's fields were submitted. While a change waits
// the account cannot edit, so the value before the change is the current
// one. A key this code does not know is still shown, under its own name
// when the payload gives none: a reviewer must see everything they approve.
func changeRows(cat *refdata.Catalog, subject string, raw json.RawMessage) ([]reviewChange, error) {
	cs, err := decodeChangeRequest(raw)
	if err != nil {
		return nil, err
	}
	namers := codeNamers(cat, subject)
	rows := make([]reviewChange, 0, len(cs))
	for _, c := range cs {
		row := reviewChange{Key: c.key, Label: c.label, Kind: changeText, Current: c.before, Requested: c.after}
		if row.Label == "" {
			row.Label = c.key
		}
		switch {
		case changePhotoKeys[c.key]:
			row.Kind = changePhoto
		case c.key == "certEnd":
			row.CurrentName, row.RequestedName = longTermName(c.before), longTermName(c.after)
		case namers[c.key] != nil:
			name := namers[c.key]
			row.CurrentName, row.RequestedName = nameOf(name, c.before), nameOf(name, c.after)
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// nameOf names a non-empty coded value; an empty value has no name.
func nameOf(name func(string) string, v string) string {
	if v == "" {
		return ""
	}
	return name(v)
}

// longTermName shows the stored end of a long-term certificate as 02 does.
func longTermName(end string) string {
	if end == identity.LongTermEnd {
		return "长期"
	}
	return ""
}
