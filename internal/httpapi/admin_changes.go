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

// changeRows turns a change item's payload into the rows of the review page,
// in the order the applicant's fields were submitted, each field's label,
// kind and code names from the catalogue (its label where the request
// recorded none). While a change waits the account
// cannot edit, so the value before the change is the current one. A key
// the catalogue does not know is still shown, under the payload's label or
// its own name: a reviewer must see everything they approve.
func changeRows(cat *refdata.Catalog, subject identity.Subject, raw json.RawMessage) ([]reviewChange, error) {
	cs, err := decodeChangeRequest(raw)
	if err != nil {
		return nil, err
	}
	rows := make([]reviewChange, 0, len(cs))
	for _, c := range cs {
		row := reviewChange{Key: c.key, Label: c.label, Kind: changeText, Current: c.before, Requested: c.after}
		f, known := identity.Lookup(subject, identity.Key(c.key))
		if known {
			row.Kind = rowKind(f)
			if cat != nil {
				row.CurrentName, row.RequestedName = f.Name(cat, c.before), f.Name(cat, c.after)
			}
		}
		switch {
		case row.Label != "": // the label the request was recorded with
		case known:
			row.Label = f.Label
		default:
			row.Label = c.key
		}
		rows = append(rows, row)
	}
	return rows, nil
}
