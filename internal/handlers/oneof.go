package handlers

import (
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// The contract says moves are an array of strings or one string with a
// oneOf (History, GameMoves: MoveList or MoveText), which is what client
// generators read. kin-openapi validates a request's oneOf by visiting
// every alternative on a deep copy of the value, so that one alternative's
// defaults cannot leak into another: for a 300-move game, 11 KB and about
// 3% of its whole adjudication. mergeTypeAlternatives gives the server's
// own copy of the contract (never the served text) one schema instead,
// admitting both types, each with its own keywords. A value has one JSON
// type, so when the alternatives admit one type each, and different ones,
// the merged schema accepts exactly the values the oneOf accepts, and
// checks each value once.

// mergeTypeAlternatives rewrites every schema of the components that is
// only a oneOf of an array schema and a string schema into one schema of
// both types, and says how many it rewrote. A oneOf with anything else
// (another type, a keyword the merge does not carry, a default, a
// discriminator) is left as it is.
func mergeTypeAlternatives(doc *openapi3.T) int {
	n := 0
	for _, ref := range doc.Components.Schemas {
		if s := ref.Value; s != nil && mergeable(s) {
			mergeArrayString(s)
			n++
		}
	}
	return n
}

// mergeable says whether s is a oneOf of one array schema and one string
// schema, neither of which says anything the merge does not carry.
func mergeable(s *openapi3.Schema) bool {
	if len(s.OneOf) != 2 || s.Discriminator != nil || !onlyAnnotations(*s, func(c *openapi3.Schema) { c.OneOf = nil }) {
		return false
	}
	arr, str := s.OneOf[0].Value, s.OneOf[1].Value
	if arr == nil || str == nil {
		return false
	}
	if arr.Type.Is(openapi3.TypeString) {
		arr, str = str, arr
	}
	return arr.Type.Is(openapi3.TypeArray) && str.Type.Is(openapi3.TypeString) &&
		onlyAnnotations(*arr, func(c *openapi3.Schema) { c.Type, c.Items, c.MinItems, c.MaxItems = nil, nil, 0, nil }) &&
		onlyAnnotations(*str, func(c *openapi3.Schema) { c.Type, c.MinLength, c.MaxLength, c.Pattern = nil, 0, nil, "" })
}

// onlyAnnotations says whether the copy c, once clear has removed the
// keywords the merge carries, constrains nothing (a description, an
// example, extensions only).
func onlyAnnotations(c openapi3.Schema, clear func(*openapi3.Schema)) bool {
	clear(&c)
	return c.IsEmpty() && c.Default == nil
}

// mergeArrayString replaces s's oneOf by the keywords of its two
// alternatives, under the types array and string.
func mergeArrayString(s *openapi3.Schema) {
	arr, str := s.OneOf[0].Value, s.OneOf[1].Value
	if arr.Type.Is(openapi3.TypeString) {
		arr, str = str, arr
	}
	s.OneOf = nil
	s.Type = &openapi3.Types{openapi3.TypeArray, openapi3.TypeString}
	s.Items, s.MinItems, s.MaxItems = arr.Items, arr.MinItems, arr.MaxItems
	s.MinLength, s.MaxLength, s.Pattern = str.MinLength, str.MaxLength, str.Pattern
}

// typeReason words the error of a value of none of a schema's several
// types as "value must be an array or a string" (kin-openapi: "value must
// be one of array, string"); false for any other error.
func typeReason(se *openapi3.SchemaError) (string, bool) {
	if se.SchemaField != "type" || se.Schema == nil || se.Schema.Type == nil || len(*se.Schema.Type) < 2 {
		return "", false
	}
	return "value must be " + strings.Join(articled(se.Schema.Type.Slice()), " or "), true
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
