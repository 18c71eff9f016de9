package handlers

import (
	"errors"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// oneOfProblem words the schema error of a value that matches none of the
// alternatives of a oneOf (moves: an array of strings or one string), which
// kin-openapi reports at the oneOf with no more than "doesn't match any
// schema". When one alternative failed below the value's own type (an
// array whose second item is a number fails in MoveList at [1]), that is
// the error meant: its field is joined to the oneOf's (moves[1]). When
// every alternative refused the value's type, the reason lists the types
// the field takes. It says false for any other schema error.
func oneOfProblem(se *openapi3.SchemaError) (*Problem, bool) {
	if se.SchemaField != "oneOf" || se.Schema == nil {
		return nil, false
	}
	var inner openapi3.MultiError
	if !errors.As(se.Origin, &inner) {
		return nil, false
	}
	outer := se.JSONPointer()
	for _, err := range inner {
		var ie *openapi3.SchemaError
		if !errors.As(err, &ie) || ie.SchemaField == "type" && len(ie.JSONPointer()) == 0 {
			continue // the alternative of another type
		}
		if p, ok := oneOfProblem(ie); ok {
			return p, true
		}
		// The inner error's path is from the document's root, as the
		// oneOf's is; a relative one is joined to the oneOf's.
		path := ie.JSONPointer()
		if !slices.Equal(path[:min(len(outer), len(path))], outer) {
			path = append(slices.Clone(outer), path...)
		}
		return problem(codeSchemaViolation, pointerPath(path), "%s", schemaReason(ie)), true
	}
	var types []string
	for _, alt := range se.Schema.OneOf {
		if alt.Value != nil && alt.Value.Type != nil {
			types = append(types, alt.Value.Type.Slice()...)
		}
	}
	if len(types) == 0 {
		return nil, false
	}
	return problem(codeSchemaViolation, pointerPath(outer), "value must be %s", strings.Join(articled(types), " or ")), true
}

// articled puts the article before each JSON type name: an array, a string.
func articled(types []string) []string {
	out := make([]string, len(types))
	for i, t := range types {
		a := "a "
		if strings.IndexByte("aeiou", t[0]) >= 0 {
			a = "an "
		}
		out[i] = a + t
	}
	return out
}
