package account

import (
	"testing"

	"bidpass/internal/identity"
)

// profileFields is a profile read and written by catalogue key.
type profileFields interface {
	Value(identity.Key) string
	Set(identity.Key, string)
}

// roundTrip sets every field of the subject on a fresh profile from make
// and reads it back.
func roundTrip(t *testing.T, s identity.Subject, make func() profileFields) {
	t.Helper()
	for _, f := range identity.Fields(s) {
		p := make()
		v := "v-" + string(f.Key)
		if f.Kind == identity.KindRegion {
			v = identity.Region("1", "2", "3")
		}
		p.Set(f.Key, v)
		if got := p.Value(f.Key); got != v {
			t.Errorf("%s %s: got %q, want %q", s, f.Key, got, v)
		}
	}
}

// Every catalogue field has its place in the stored profile, and Set then
// Value gives the value back: a field added to the catalogue without one
// fails here.
func TestEveryCatalogueFieldHasAPlace(t *testing.T) {
	roundTrip(t, identity.SubjectPerson, func() profileFields { return &PersonProfile{} })
	roundTrip(t, identity.SubjectEnterprise, func() profileFields { return &EnterpriseProfile{} })
	var p PersonProfile
	p.Set(identity.KeyCertEnd, identity.LongTermEnd)
	if !p.LongTerm {
		t.Error("a long-term end does not make the certificate long-term")
	}
}
