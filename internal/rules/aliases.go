package rules

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// Variant names as other programs write them. The one table is data,
// aliases.json: for each built-in variant the names that lichess,
// XBoard/CECP, cutechess, Fairy-Stockfish, pychess-variants and
// python-chess give it, and the name the PGN writer puts in a Variant tag.
// A name matches case-, space-, hyphen- and underscore-insensitively
// (NormalizeVariantName); each variant's id and its name (Variant.Name)
// match without being listed. Builtin stays strict: callers that take a
// name from a person or a file resolve it first (ResolveVariant).

//go:embed aliases.json
var aliasData []byte

// Alias is one name another program gives a built-in variant.
type Alias struct {
	Name   string   `json:"name"`           // as the programs write it
	UsedBy []string `json:"usedBy"`         // the programs seen writing or reading it
	Note   string   `json:"note,omitempty"` // what it means, when more than the variant
}

// aliasEntry is what aliases.json says of one variant.
type aliasEntry struct {
	PGNName *string `json:"pgnName"` // nil: the id; "": no Variant tag
	Aliases []Alias `json:"aliases"`
}

// aliasIndex is aliases.json checked and indexed: never modified once built.
type aliasIndex struct {
	entries map[string]aliasEntry // by variant id
	names   map[string]string     // normalised id, name or alias -> id
	keys    []string              // the keys of names, sorted, for suggestions
}

// aliases is the index, built once on first use. A table that does not
// check (a test keeps it from shipping) leaves only the ids resolvable.
var aliases = sync.OnceValues(func() (*aliasIndex, error) {
	return buildAliasIndex(aliasData, builtinNames())
})

// builtinNames returns the name of each embedded variant by id, read from
// its file without compiling it.
func builtinNames() map[string]string {
	out := map[string]string{}
	entries, _ := variantFiles.ReadDir("variants")
	for _, e := range entries {
		id := strings.TrimSuffix(e.Name(), ".json")
		data, err := variantFiles.ReadFile("variants/" + e.Name())
		var head struct{ Name string }
		if err == nil && json.Unmarshal(data, &head) == nil {
			out[id] = head.Name
		} else {
			out[id] = ""
		}
	}
	return out
}

// buildAliasIndex checks the table against the variants (id -> name): every
// variant has an entry and every entry a variant, no name is empty and no
// name matches two variants.
func buildAliasIndex(data []byte, variants map[string]string) (*aliasIndex, error) {
	var file struct {
		Description string                `json:"description"`
		Variants    map[string]aliasEntry `json:"variants"`
	}
	if err := decodeStrict(data, &file); err != nil {
		return nil, fmt.Errorf("aliases.json: %w", err)
	}
	ix := &aliasIndex{entries: file.Variants, names: map[string]string{}}
	add := func(name, id string) error {
		key := NormalizeVariantName(name)
		if key == "" {
			return fmt.Errorf("aliases.json: %s: an empty name", id)
		}
		if other, ok := ix.names[key]; ok && other != id {
			return fmt.Errorf("aliases.json: %q names both %s and %s", name, other, id)
		}
		ix.names[key] = id
		return nil
	}
	for id, name := range variants {
		if _, ok := file.Variants[id]; !ok {
			return nil, fmt.Errorf("aliases.json: no entry for the built-in variant %s", id)
		}
		if err := add(id, id); err != nil {
			return nil, err
		}
		if name != "" {
			if err := add(name, id); err != nil {
				return nil, err
			}
		}
	}
	for id, e := range file.Variants {
		if _, ok := variants[id]; !ok {
			return nil, fmt.Errorf("aliases.json: %s is no built-in variant", id)
		}
		for _, a := range e.Aliases {
			if err := add(a.Name, id); err != nil {
				return nil, err
			}
		}
	}
	for key := range ix.names {
		ix.keys = append(ix.keys, key)
	}
	slices.Sort(ix.keys)
	return ix, nil
}

// decodeStrict decodes JSON refusing unknown fields.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// NormalizeVariantName returns the form in which variant names are
// compared: lower case, without spaces, hyphens or underscores, so that
// "From Position", "fromPosition" and "from_position" are one name.
func NormalizeVariantName(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		if unicode.IsSpace(r) || r == '-' || r == '_' {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// ResolveVariant returns the id of the built-in variant that name names:
// its id, its name or one of its aliases, compared as
// NormalizeVariantName does. ok is false when it names none.
func ResolveVariant(name string) (id string, ok bool) {
	if _, exact := builtins()[name]; exact {
		return name, true
	}
	ix, err := aliases()
	if err != nil {
		return "", false
	}
	id, ok = ix.names[NormalizeVariantName(name)]
	return id, ok
}

// VariantAliases returns the aliases of the built-in variant id as the
// table lists them, with the programs that use each (nil for an unknown
// id). The slice is a copy.
func VariantAliases(id string) []Alias {
	ix, err := aliases()
	if err != nil {
		return nil
	}
	e, ok := ix.entries[id]
	if !ok {
		return nil
	}
	return slices.Clone(e.Aliases)
}

// PGNVariantName returns the name to write in the PGN Variant tag of a
// game of the variant id: the name the common readers (lichess, XBoard,
// cutechess, pychess-variants) take for it, the id unless the table says
// otherwise. ok is false for chess, whose games carry no Variant tag.
func PGNVariantName(id string) (name string, ok bool) {
	ix, err := aliases()
	if err == nil {
		if e, found := ix.entries[id]; found && e.PGNName != nil {
			return *e.PGNName, *e.PGNName != ""
		}
	}
	return id, id != "chess"
}

// maxSuggestions is how many names SuggestVariants returns at most.
const maxSuggestions = 3

// SuggestVariants returns the ids of the built-in variants whose id, name
// or alias is closest to name, for a name that resolves to none: those
// within a small edit distance of it (one edit for a name of up to four
// characters, two up to eight, three beyond; a swap of two neighbours is
// one edit), nearest first, at most three. A name far from every known one
// gets none.
func SuggestVariants(name string) []string {
	ix, err := aliases()
	if err != nil {
		return nil
	}
	in := []rune(NormalizeVariantName(name))
	limit := 3
	switch n := len(in); {
	case n == 0:
		return nil
	case n <= 4:
		limit = 1
	case n <= 8:
		limit = 2
	}
	best := map[string]int{} // id -> smallest distance
	for _, key := range ix.keys {
		if d := utf8.RuneCountInString(key) - len(in); d > limit || -d > limit {
			continue // too long or too short to be near: no table needed
		}
		d := editDistance(in, []rune(key))
		if d > limit {
			continue
		}
		id := ix.names[key]
		if old, ok := best[id]; !ok || d < old {
			best[id] = d
		}
	}
	out := make([]string, 0, len(best))
	for id := range best {
		out = append(out, id)
	}
	slices.SortFunc(out, func(a, b string) int {
		if best[a] != best[b] {
			return best[a] - best[b]
		}
		return strings.Compare(a, b)
	})
	if len(out) > maxSuggestions {
		out = out[:maxSuggestions]
	}
	return out
}

// editDistance is the optimal string alignment distance of a and b: the
// fewest insertions, deletions, substitutions and swaps of two neighbours
// that turn one into the other.
func editDistance(a, b []rune) int {
	prev2 := make([]int, len(b)+1)
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
