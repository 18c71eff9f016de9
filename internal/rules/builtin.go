package rules

import (
	"embed"
	"fmt"
	"sort"
	"strings"
	"sync"
)

//go:embed variants/*.json
var variantFiles embed.FS

// builtins compiles the embedded variants once; the result is never modified.
var builtins = sync.OnceValues(func() (map[string]*Variant, error) {
	entries, err := variantFiles.ReadDir("variants")
	if err != nil {
		return nil, err
	}
	out := map[string]*Variant{}
	for _, e := range entries {
		data, err := variantFiles.ReadFile("variants/" + e.Name())
		if err != nil {
			return nil, err
		}
		d, err := DecodeDefinition(data)
		if err != nil {
			return nil, fmt.Errorf("variants/%s: %w", e.Name(), err)
		}
		v, err := Compile(d)
		if err != nil {
			return nil, fmt.Errorf("variants/%s: %w", e.Name(), err)
		}
		if strings.TrimSuffix(e.Name(), ".json") != v.ID() {
			return nil, fmt.Errorf("variants/%s: id %q does not match the file name", e.Name(), v.ID())
		}
		out[v.ID()] = v
	}
	return out, nil
})

// Builtin returns the built-in variant with the given id.
func Builtin(id string) (*Variant, error) {
	all, err := builtins()
	if err != nil {
		return nil, err
	}
	v, ok := all[id]
	if !ok {
		return nil, newError(ErrUnknownVariant, "variant", -1, "no variant %q", id)
	}
	return v, nil
}

// Builtins returns every built-in variant, sorted by id.
func Builtins() ([]*Variant, error) {
	all, err := builtins()
	if err != nil {
		return nil, err
	}
	out := make([]*Variant, 0, len(all))
	for _, v := range all {
		out = append(out, v)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID() < out[j].ID() })
	return out, nil
}

// RulesData returns the embedded variant files concatenated in name order,
// for a hash that changes whenever any built-in rule changes.
func RulesData() []byte {
	entries, _ := variantFiles.ReadDir("variants")
	var out []byte
	for _, e := range entries {
		data, _ := variantFiles.ReadFile("variants/" + e.Name())
		out = append(out, e.Name()...)
		out = append(out, 0)
		out = append(out, data...)
	}
	return out
}

// MustBuiltin is Builtin for tests and examples: it panics on error.
func MustBuiltin(id string) *Variant {
	v, err := Builtin(id)
	if err != nil {
		panic(err)
	}
	return v
}
