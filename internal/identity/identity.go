// Package identity owns who a portal account is: the field sets of a
// person and of an enterprise (with its legal representative and its
// contact), the one set of rules that checks them wherever they are typed
// (registration and the account centre give the same answer and the same
// message for the same value), and the submissions a reviewer decides
// (real-name, change), each encoded and decoded by one type.
//
// The rules return Problems keyed by the field names of this package
// (realName, certType, certNum, ...); a caller whose form names a field
// differently renames the keys (Problems.Renamed) instead of restating a
// rule. Where the registration forms and the account centre disagreed,
// registration's rule and message won (docs/decisions/identity.md, "Identity core"; docs/spec/DECISIONS.md decides
// where the spec gives two).
package identity

import (
	"bidpass/internal/apperr"
)

// Subject says whose identity a submission is about.
type Subject string

// The subjects.
const (
	SubjectPerson     Subject = "person"
	SubjectEnterprise Subject = "enterprise"
)

// LongTermEnd is the validity end stored for a long-term certificate (01 §9).
const LongTermEnd = "9999-12-31"

// Person is the identity of a natural person: the real-name information
// of 01 §5 (certificate, validity, the address on record).
type Person struct {
	RealName   string
	CertType   string
	CertNum    string
	CertStart  string // YYYY-MM-DD
	CertEnd    string // YYYY-MM-DD; LongTermEnd when LongTerm
	LongTerm   bool
	Province   string
	City       string
	Area       string
	DetailAddr string
}

// Enterprise is the identity of an enterprise (01 §5 basic information).
type Enterprise struct {
	Type            string // A1, A2, A3
	Name            string
	CertType        string
	CertNum         string
	Province        string
	City            string
	Area            string
	DetailAddr      string
	Industry        string // comma-joined cascader path
	Capital         string // exact decimal text
	CapitalUnit     string
	CapitalCurrency string
}

// LegalPerson is an enterprise's legal representative.
type LegalPerson struct {
	Name     string
	CertType string
	CertNum  string
}

// Contact is the person an enterprise names for the platform to call.
type Contact struct {
	Name  string
	Phone string
}

// Problem is one field's message.
type Problem struct {
	Field string
	Msg   string
}

// Problems collects per-field messages in the order a form shows its
// fields, so the first one is what the user meets first; a field keeps its
// first message.
type Problems []Problem

// Add records msg for field unless field already has one.
func (p *Problems) Add(field, msg string) {
	for _, x := range *p {
		if x.Field == field {
			return
		}
	}
	*p = append(*p, Problem{field, msg})
}

// Append adds every problem of q (in q's order) after p's.
func (p *Problems) Append(q Problems) {
	for _, x := range q {
		p.Add(x.Field, x.Msg)
	}
}

// Has reports whether field has a problem.
func (p Problems) Has(field string) bool {
	for _, x := range p {
		if x.Field == field {
			return true
		}
	}
	return false
}

// Renamed returns the problems with each field key passed through rename:
// the form of a caller names fields its own way (enterpriseDto.name,
// certDetailAddr); the rule stays the same.
func (p Problems) Renamed(rename func(field string) string) Problems {
	out := make(Problems, 0, len(p))
	for _, x := range p {
		out.Add(rename(x.Field), x.Msg)
	}
	return out
}

// Only returns the problems whose field is in keep (order kept): an edit
// reports problems only for the fields it changed, so a value stored
// before a rule tightened does not block an unrelated change.
func (p Problems) Only(keep func(field string) bool) Problems {
	var out Problems
	for _, x := range p {
		if keep(x.Field) {
			out = append(out, x)
		}
	}
	return out
}

// Err is the 400 answer: msg is the first problem's, fields all of them;
// nil when there are none.
func (p Problems) Err() error {
	if len(p) == 0 {
		return nil
	}
	fields := make(map[string]string, len(p))
	for _, x := range p {
		fields[x.Field] = x.Msg
	}
	return apperr.InvalidFields(p[0].Msg, fields)
}

// Prefix returns a rename function that puts prefix before every key
// (the nested names of the enterprise registration form).
func Prefix(prefix string) func(string) string {
	return func(k string) string { return prefix + k }
}

// Rename returns a rename function that maps the listed keys and keeps
// the others.
func Rename(m map[string]string) func(string) string {
	return func(k string) string {
		if v, ok := m[k]; ok {
			return v
		}
		return k
	}
}
