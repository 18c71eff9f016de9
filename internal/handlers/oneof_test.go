package handlers

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/adjudicator/adjudicator/api"
)

// TestMergeTypeAlternatives: the server's copy of the contract has History
// and GameMoves as one schema of two types, and that schema accepts and
// refuses exactly the values the contract's oneOf does.
func TestMergeTypeAlternatives(t *testing.T) {
	load := func() *openapi3.T {
		doc, err := openapi3.NewLoader().LoadFromData(api.Spec)
		if err != nil {
			t.Fatal(err)
		}
		if err := doc.Validate(context.Background()); err != nil {
			t.Fatal(err)
		}
		return doc
	}
	contract, merged := load(), load()
	if n := mergeTypeAlternatives(merged); n != 2 {
		t.Fatalf("mergeTypeAlternatives rewrote %d schemas, want 2 (History, GameMoves)", n)
	}
	long := `"` + strings.Repeat("a", 65) + `"`
	values := []string{
		`["e4","e5"]`, `[]`, `"e4 e5 Nf3"`, `""`, `5`, `true`, `null`, `{"a":"b"}`,
		`["e4",5]`, `[["e4"]]`, `[` + long + `]`, long, `[null]`,
	}
	for _, name := range []string{"History", "GameMoves"} {
		one, two := contract.Components.Schemas[name].Value, merged.Components.Schemas[name].Value
		if len(one.OneOf) != 2 || len(two.OneOf) != 0 || !two.Type.Includes(openapi3.TypeArray) || !two.Type.Includes(openapi3.TypeString) {
			t.Fatalf("%s: contract oneOf %d, merged oneOf %d types %v", name, len(one.OneOf), len(two.OneOf), two.Type)
		}
		for _, text := range values {
			var v any
			if err := json.Unmarshal([]byte(text), &v); err != nil {
				t.Fatal(err)
			}
			e1, e2 := one.VisitJSON(v, openapi3.VisitAsRequest()), two.VisitJSON(v, openapi3.VisitAsRequest())
			if (e1 == nil) != (e2 == nil) {
				t.Errorf("%s %s: the contract's oneOf says %v, the merged schema %v", name, text, e1, e2)
			}
		}
	}
	// A oneOf that carries more than the merge knows is left alone.
	s := &openapi3.Schema{OneOf: openapi3.SchemaRefs{
		{Value: &openapi3.Schema{Type: &openapi3.Types{openapi3.TypeArray}, UniqueItems: true}},
		{Value: &openapi3.Schema{Type: &openapi3.Types{openapi3.TypeString}}},
	}}
	if mergeable(s) {
		t.Error("a oneOf whose array alternative has uniqueItems is mergeable; want left alone")
	}
	s.OneOf[0].Value.UniqueItems = false
	s.OneOf[1].Value.Type = &openapi3.Types{openapi3.TypeInteger}
	if mergeable(s) {
		t.Error("a oneOf of an array and an integer is mergeable; want left alone")
	}
}
