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

// builtins maps the id of each embedded variant to its compile, made once
// on first use: a program that plays one variant compiles that one alone.
// The map and the compiled variants are never modified.
var builtins = sync.OnceValue(func() map[string]func() (*Variant, error) {
	entries, _ := variantFiles.ReadDir("variants")
	out := map[string]func() (*Variant, error){}
	for _, e := range entries {
		name := e.Name()
		out[strings.TrimSuffix(name, ".json")] = sync.OnceValues(func() (*Variant, error) { return compileBuiltin(name) })
	}
	return out
})

// compileBuiltin compiles the embedded file name, whose id must be its name.
func compileBuiltin(name string) (*Variant, error) {
	data, err := variantFiles.ReadFile("variants/" + name)
	if err != nil {
		return nil, err
	}
	d, err := DecodeDefinition(data)
	if err != nil {
		return nil, fmt.Errorf("variants/%s: %w", name, err)
	}
	v, err := Compile(d)
	if err != nil {
		return nil, fmt.Errorf("variants/%s: %w", name, err)
	}
	if strings.TrimSuffix(name, ".json") != v.ID() {
		return nil, fmt.Errorf("variants/%s: id %q does not match the file name", name, v.ID())
	}
	return v, nil
}

// Builtin returns the built-in variant with the given id.
func Builtin(id string) (*Variant, error) {
	compile, ok := builtins()[id]
	if !ok {
		return nil, newError(ErrUnknownVariant, "variant", -1, "no variant %q", id)
	}
	return compile()
}

// Builtins returns every built-in variant, sorted by id.
func Builtins() ([]*Variant, error) {
	all := builtins()
	ids := make([]string, 0, len(all))
	for id := range all {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	out := make([]*Variant, 0, len(ids))
	for _, id := range ids {
		v, err := all[id]()
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
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
