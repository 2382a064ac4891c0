package httpapi

import (
	"encoding/json"

	"bidpass/internal/identity"
)

// catalogueJSON is the identity catalogue as the configuration answer
// carries it (GET /api/common/config, fields): the web forms take labels,
// required messages and limits from it instead of restating them.
type catalogueJSON struct {
	Person     []identity.Field `json:"person"`
	Enterprise []identity.Field `json:"enterprise"`
	Legal      []identity.Field `json:"legal"`
	Contact    []identity.Field `json:"contact"`
}

// withCatalogue adds the catalogue to the reference data's configuration
// answer, once at start.
func withCatalogue(config []byte) []byte {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(config, &m); err != nil {
		return config
	}
	fields, err := json.Marshal(catalogueJSON{identity.PersonFields, identity.EnterpriseFields, identity.LegalFields, identity.ContactFields})
	if err != nil {
		return config
	}
	m["fields"] = fields
	out, err := json.Marshal(m)
	if err != nil {
		return config
	}
	return out
}
