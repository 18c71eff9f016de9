// Package api holds the service's OpenAPI contract, embedded so the binary
// serves and enforces exactly the document in this directory.
package api

import _ "embed"

// Spec is the OpenAPI 3.0.3 document of the service.
//
//go:embed openapi.yaml
var Spec []byte
