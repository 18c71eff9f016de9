package rules

import (
	"strings"
	"testing"
)

// TestNamesBounded: a variant's and a piece's name are at most
// MaxNameBytes, a description at most MaxDescriptionBytes; the compiler
// refuses longer ones with the field at fault (answers and pictures
// repeat the names).
func TestNamesBounded(t *testing.T) {
	v, err := Builtin("chess")
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("x", MaxNameBytes+1)
	tests := []struct {
		field string
		edit  func(d *Definition)
	}{
		{"name", func(d *Definition) { d.Name = long }},
		{"description", func(d *Definition) { d.Description = strings.Repeat("x", MaxDescriptionBytes+1) }},
		{"pieces[1].name", func(d *Definition) { d.Pieces[1].Name = long }},
	}
	for _, tt := range tests {
		d := v.Definition()
		d.Pieces = append([]PieceDef(nil), d.Pieces...)
		tt.edit(&d)
		_, err := Compile(&d)
		if re, ok := err.(*Error); !ok || re.Code != ErrInvalidVariant || re.Field != tt.field {
			t.Errorf("Compile with a long %s = %v; want invalid-variant at %s", tt.field, err, tt.field)
		}
	}
	d := v.Definition()
	d.Name = long[:MaxNameBytes]
	if _, err := Compile(&d); err != nil {
		t.Errorf("Compile with a name of %d bytes = %v; want it compiled", MaxNameBytes, err)
	}
}
