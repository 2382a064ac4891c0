package identity_test

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"bidpass/internal/identity"
)

// TestWebFixtureIsTheCatalogue keeps the web's test copy of the catalogue
// (web/src/shared/identity/testdata/catalogue.json, the `fields` of the
// configuration answer the field components' tests render with) equal to
// the catalogue: a changed field fails here until the copy is regenerated.
func TestWebFixtureIsTheCatalogue(t *testing.T) {
	want, err := json.Marshal(map[string][]identity.Field{
		"person": identity.PersonFields, "enterprise": identity.EnterpriseFields,
		"legal": identity.LegalFields, "contact": identity.ContactFields,
	})
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../web/src/shared/identity/testdata/catalogue.json")
	if err != nil {
		t.Fatal(err)
	}
	var w, g any
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(w, g) {
		t.Fatalf("web/src/shared/identity/testdata/catalogue.json differs from the catalogue; regenerate it:\n%s", want)
	}
}
