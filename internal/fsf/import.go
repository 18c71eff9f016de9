// Package fsf imports variant definitions written for Fairy-Stockfish (its
// variants.ini language) into the definition format of package rules.
//
// A configuration text holds sections [name] or [name:parent]; a parent is
// an earlier section of the same text or one of Fairy-Stockfish's built-in
// variants (builtins.ini). Each section is read on top of its parent as
// Fairy-Stockfish reads it, then translated: a section that uses only what
// the format has becomes a Definition, compiled to prove it; any other gets
// a Problem for every key, Betza string or value that keeps it out, naming
// the key and its line. Nothing is skipped silently.
//
// The package knows nothing of HTTP; it imports the standard library and
// package rules.
package fsf

import (
	"context"
	_ "embed"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// The codes of a Problem.
const (
	CodeUnsupported       = "unsupported-key"    // a rule the format has no equivalent for
	CodeUnsupportedBetza  = "unsupported-betza"  // a movement the format cannot say
	CodeInvalidValue      = "invalid-value"      // a value Fairy-Stockfish would not read
	CodeUnknownKey        = "unknown-key"        // a key Fairy-Stockfish does not know
	CodeUnknownParent     = "unknown-parent"     // a parent that is neither earlier nor built in
	CodeUnsupportedParent = "unsupported-parent" // a built-in parent of Fairy-Stockfish that the import does not describe
	CodeInvalidDef        = "invalid-definition" // the translation does not compile
	CodeInherited         = "inherited-problems" // the parent section, earlier in the text, has problems the child keeps
)

// Bounds of what a Problem quotes, so that no answer grows faster than the
// text it answers.
const (
	// MaxKeyBytes bounds a Problem's Key: a key of Fairy-Stockfish is at
	// most 30 bytes; a longer unknown one is shown cut.
	MaxKeyBytes = 64
	// MaxDetailBytes bounds a Problem's Detail.
	MaxDetailBytes = 512
	// maxInheritedKeys is how many of the inherited keys an
	// inherited-problems problem names.
	maxInheritedKeys = 8
)

// Problem is one reason why a section cannot be imported.
type Problem struct {
	Code string `json:"code"`
	// Key is the configuration key at fault, when one is.
	Key string `json:"key,omitempty"`
	// Line is the key's line in the text; 0 when a built-in parent set it.
	Line int `json:"line,omitempty"`
	// From is the section that set the key, when it is not the section
	// itself (a parent); Builtin says it is a built-in of Fairy-Stockfish.
	From    string `json:"from,omitempty"`
	Builtin bool   `json:"builtin,omitempty"`
	// Field is the definition's field at fault, for invalid-definition.
	Field  string `json:"field,omitempty"`
	Detail string `json:"detail"`
}

// Section is the import of one section: its definition, or its problems.
type Section struct {
	Name       string            `json:"name"`
	Parent     string            `json:"parent,omitempty"`
	Line       int               `json:"line"`
	Definition *rules.Definition `json:"definition,omitempty"`
	Problems   []Problem         `json:"problems,omitempty"`
}

//go:embed builtins.ini
var builtinsText []byte

// builtins holds the built-in parents, read once; never changed after.
var builtins = func() map[string]*state {
	secs, err := readINI(builtinsText)
	if err != nil {
		panic(fmt.Sprintf("builtins.ini: %v", err))
	}
	out := map[string]*state{}
	for _, s := range secs {
		st := newState()
		if s.parent != "" {
			p, ok := out[s.parent]
			if !ok {
				panic(fmt.Sprintf("builtins.ini: [%s] names %s before it", s.name, s.parent))
			}
			st = p.clone()
		}
		for i := range s.keys {
			s.keys[i].builtin, s.keys[i].line = true, 0
		}
		if unknown := apply(st, s.keys); len(unknown) > 0 || len(st.problems) > 0 {
			panic(fmt.Sprintf("builtins.ini: [%s]: %v %v", s.name, unknown, st.problems))
		}
		out[s.name] = st
	}
	return out
}()

// BuiltinParents lists the built-in variants of Fairy-Stockfish that a
// section may inherit from.
func BuiltinParents() []string { return slices.Sorted(maps.Keys(builtins)) }

// Import reads a configuration text and imports every section. A text that
// cannot be read at all is a *SyntaxError; otherwise each Section carries
// its definition or its problems. The context's deadline is honoured
// between sections.
func Import(ctx context.Context, text []byte) ([]Section, error) {
	var out []Section
	err := ImportEach(ctx, text, func(s Section) error {
		out = append(out, s)
		return nil
	})
	return out, err
}

// ImportEach imports the sections of a configuration text one by one,
// handing each to yield as soon as it is imported; an error of yield stops
// the import and is returned, so that a caller that bounds what it builds
// of the sections stops the work with it. A text that cannot be read at
// all is a *SyntaxError, before any section is yielded.
func ImportEach(ctx context.Context, text []byte, yield func(Section) error) error {
	secs, err := readINI(text)
	if err != nil {
		return err
	}
	states := map[string]*state{}
	listed := map[string]map[problemID]bool{} // each section's problems, inherited ones included
	for _, sec := range secs {
		if err := ctx.Err(); err != nil {
			return err
		}
		res := importSection(ctx, sec, states, listed)
		if err := yield(res); err != nil {
			return err
		}
	}
	return nil
}

// importSection imports one section on top of the states of the sections
// before it, and records its problems in listed.
func importSection(ctx context.Context, sec *section, states map[string]*state, listed map[string]map[problemID]bool) Section {
	res := Section{Name: sec.name, Parent: sec.parent, Line: sec.line}
	st := newState()
	if sec.parent != "" {
		p, ok := states[sec.parent]
		if !ok {
			p, ok = builtins[sec.parent]
		}
		if !ok && fsfBuiltins[sec.parent] {
			res.Problems = []Problem{{Code: CodeUnsupportedParent, Line: sec.line, From: sec.parent, Builtin: true, Detail: fmt.Sprintf(
				"%s is a built-in variant of Fairy-Stockfish whose rules the import does not describe, so a child of it cannot be read; the built-ins it describes: %s",
				sec.parent, strings.Join(BuiltinParents(), ", "))}}
			return res
		}
		if !ok {
			res.Problems = []Problem{{Code: CodeUnknownParent, Line: sec.line, Detail: fmt.Sprintf(
				"%s is neither a section before this one nor a built-in variant of Fairy-Stockfish the importer knows (%s)",
				sec.parent, strings.Join(BuiltinParents(), ", "))}}
			return res
		}
		st = p.clone()
	}
	unknown := apply(st, sec.keys)
	// A child inherits its parent's state even when it cannot be imported.
	states[sec.name] = st
	var problems []Problem
	for _, e := range unknown {
		problems = append(problems, Problem{Code: CodeUnknownKey, Key: e.key, Line: e.line,
			Detail: fmt.Sprintf("Fairy-Stockfish has no key %s", clip(e.key))})
	}
	d, tp := translate(definitionID(sec.name), sec.name, st)
	problems = append(problems, tp...)
	for i := range problems {
		if problems[i].From == sec.name {
			problems[i].From = ""
		}
	}
	if len(problems) > 0 {
		own := make(map[problemID]bool, len(problems))
		for _, p := range problems {
			own[idOf(p)] = true
		}
		listed[sec.name] = own
		res.Problems = bounded(referInherited(sec, problems, listed[sec.parent]))
		return res
	}
	if _, err := rules.CompileContext(ctx, d); err != nil {
		p := Problem{Code: CodeInvalidDef, Detail: err.Error()}
		if re, ok := err.(*rules.Error); ok {
			p.Field, p.Detail = re.Field, re.Detail
		}
		res.Problems = bounded([]Problem{p})
		return res
	}
	res.Definition = d
	return res
}

// problemID identifies a problem across the sections that inherit it: its
// code and the key, and the line, that caused it.
type problemID struct {
	code, key string
	line      int
}

func idOf(p Problem) problemID { return problemID{p.Code, p.Key, p.Line} }

// referInherited replaces the problems a section keeps from sections
// earlier in the text, and that its parent has too (parent), by one that
// refers to the parent, which lists them (or refers to its own parent in
// turn): a chain of sections answers each problem once, not once per
// descendant. Problems set by a built-in parent are few and stay listed,
// as the built-in has no section to refer to.
func referInherited(sec *section, problems []Problem, parent map[problemID]bool) []Problem {
	if len(parent) == 0 {
		return problems
	}
	out := problems[:0:0]
	var keys []string
	n := 0
	for _, p := range problems {
		if p.From == "" || p.Builtin || !parent[idOf(p)] {
			out = append(out, p)
			continue
		}
		n++
		if len(keys) < maxInheritedKeys && p.Key != "" && !slices.Contains(keys, p.Key) {
			keys = append(keys, p.Key)
		}
	}
	if n == 0 {
		return problems
	}
	detail := fmt.Sprintf("inherits %d problem(s) of [%s], listed there", n, sec.parent)
	if len(keys) > 0 {
		detail += ": " + strings.Join(keys, ", ")
		if n > len(keys) {
			detail += ", ..."
		}
	}
	return append([]Problem{{Code: CodeInherited, Line: sec.line, From: sec.parent, Detail: detail}}, out...)
}

// bounded cuts every problem's key and detail to their bounds.
func bounded(problems []Problem) []Problem {
	for i := range problems {
		problems[i].Key = clipTo(problems[i].Key, MaxKeyBytes)
		problems[i].Detail = clipTo(problems[i].Detail, MaxDetailBytes)
	}
	return problems
}

// problemAt is a problem with the key at fault and where it was set.
func problemAt(e entry, code, detail string) Problem {
	return Problem{Code: code, Key: e.key, Line: e.line, From: e.from, Builtin: e.builtin, Detail: detail}
}

// definitionID makes a definition id of a section name: lower case, _ as -.
func definitionID(name string) string {
	return strings.ReplaceAll(strings.ToLower(name), "_", "-")
}
