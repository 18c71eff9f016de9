package handlers

import (
	"strings"
	"testing"
)

// TestVariantKeyCanonical: every name of a built-in variant gives the same
// cache key and the same log name, its id's; a name that matches nothing
// keeps its own (clipped in the log), and an inline definition its hash.
func TestVariantKeyCanonical(t *testing.T) {
	for _, tt := range []struct {
		names []string
		id    string
	}{
		{[]string{"chess960", "Chess960", "fischerandom", "Chess 960", "FRC", "960"}, "chess960"},
		{[]string{"chess", "normal", "Standard", "From Position", "fromPosition"}, "chess"},
		{[]string{"giant-quick", "giant_quick", "Giant Chess, quick form"}, "giant-quick"},
	} {
		want := variantKey(variantSpec{Variant: tt.id})
		if want != "b:"+tt.id {
			t.Errorf("variantKey(%s) = %q", tt.id, want)
		}
		for _, name := range tt.names {
			vs := variantSpec{Variant: name}
			if got := variantKey(vs); got != want {
				t.Errorf("variantKey(%q) = %q; want %q", name, got, want)
			}
			if got := vs.logName(); got != tt.id {
				t.Errorf("logName(%q) = %q; want %q", name, got, tt.id)
			}
		}
	}
	if got := variantKey(variantSpec{Variant: "nosuch"}); got != "b:nosuch" {
		t.Errorf("variantKey(nosuch) = %q", got)
	}
	long := strings.Repeat("x", 1000)
	if got := (variantSpec{Variant: long}).logName(); len(got) > 300 {
		t.Errorf("logName of a 1000-byte name is %d bytes; want it clipped", len(got))
	}
	inline := variantSpec{Definition: []byte(`{"id":"chess"}`)}
	if got := inline.logName(); got != "inline" || !strings.HasPrefix(variantKey(inline), "d:") {
		t.Errorf("inline: logName %q, key %q", got, variantKey(inline))
	}
}

// TestUnknownVariantProblem: the problem of an unknown name carries the
// closest ids in suggestions and in its detail, the name clipped.
func TestUnknownVariantProblem(t *testing.T) {
	_, err := builtinVariant("capablnca", "variant")
	p, ok := err.(*Problem)
	if !ok || p.Code != "unknown-variant" || p.Field != "variant" || len(p.Suggestions) != 1 || p.Suggestions[0] != "capablanca" ||
		!strings.Contains(p.Detail, "did you mean capablanca?") {
		t.Fatalf("builtinVariant(capablnca) = %#v", err)
	}
	_, err = builtinVariant(strings.Repeat("q", 5000), "variant")
	if p, ok := err.(*Problem); !ok || len(p.Detail) > 600 || p.Suggestions != nil {
		t.Errorf("a 5000-byte name: %v", err)
	}
	if got := orList([]string{"a", "b", "c"}); got != "a, b or c" {
		t.Errorf("orList = %q", got)
	}
}
