// Package api holds the HTTP contract, api/openapi.yaml, for the code that
// checks requests and responses against it (internal/contract).
package api

import _ "embed"

// OpenAPI is the text of api/openapi.yaml.
//
//go:embed openapi.yaml
var OpenAPI []byte
