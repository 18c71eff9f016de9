package handlers

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/labstack/echo/v4"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// variantResolver finds the variant of a request: a built-in one by id, or
// an inline definition, compiled once and kept by the hash of its text in
// an LRU bounded by entries and by the sum of the variants' footprints.
type variantResolver struct {
	mu     sync.Mutex // guards bytes and makes add atomic with its evictions
	inline *lru.Cache[[32]byte, *rules.Variant]
	bytes  int64 // the footprints of the variants kept
	limit  int64 // the most bytes kept
}

func newVariantResolver(entries int, bytes int64) *variantResolver {
	r := &variantResolver{limit: bytes}
	c, err := lru.NewWithEvict(max(entries, 1), func(_ [32]byte, v *rules.Variant) {
		r.bytes -= v.Footprint() // under r.mu: the cache evicts only in add
	})
	if err != nil {
		panic(err) // only for a size below 1, excluded above
	}
	r.inline = c
	return r
}

// add keeps v under key, evicting the least recently used variants until
// the footprints fit the bound; a variant larger than the whole bound is
// not kept. It returns the variant kept under key, which is v unless
// another request compiled the same definition first.
func (r *variantResolver) add(key [32]byte, v *rules.Variant) *rules.Variant {
	r.mu.Lock()
	defer r.mu.Unlock()
	if old, ok := r.inline.Peek(key); ok {
		return old
	}
	if v.Footprint() > r.limit {
		return v
	}
	r.inline.Add(key, v)
	r.bytes += v.Footprint()
	for r.bytes > r.limit {
		r.inline.RemoveOldest()
	}
	return v
}

// kept returns the bytes of the variants kept and how many there are.
func (r *variantResolver) kept() (int64, int) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.bytes, r.inline.Len()
}

// variantSpec is the part of a request that names the variant.
type variantSpec struct {
	Variant    string          `json:"variant,omitempty"`
	Definition json.RawMessage `json:"definition,omitempty"`
}

// logName names the variant in the request log: the id of the built-in
// variant it names (whichever alias the request used), the name as given
// (at most 256 bytes of it) when it names none, or "inline".
func (vs variantSpec) logName() string {
	if vs.inline() {
		return "inline"
	}
	return clip(vs.builtinID())
}

// builtinID returns the id of the built-in variant that the request's
// variant names, by its id or an alias; the name as given when it names
// none (resolveContext then refuses it). Cache keys and logs use it, so
// that every alias of a variant shares its answers.
func (vs variantSpec) builtinID() string {
	if id, ok := rules.ResolveVariant(vs.Variant); ok {
		return id
	}
	return vs.Variant
}

// inline says whether the request sends its own definition: computations on
// one are heavy work (admission.go).
func (vs variantSpec) inline() bool { return len(vs.Definition) > 0 }

// resolveContext returns the variant named by exactly one of variant and
// definition; an inline definition is compiled within ctx.
func (s *Server) resolveContext(ctx context.Context, vs variantSpec) (*rules.Variant, error) {
	switch {
	case vs.Variant != "" && vs.inline():
		return nil, problem(string(rules.ErrInvalidArgument), "variant", "give either variant or definition, not both")
	case vs.Variant != "":
		return builtinVariant(vs.Variant, "variant")
	case vs.inline():
		return s.inlineVariant(ctx, vs.Definition)
	}
	return nil, problem(string(rules.ErrInvalidArgument), "variant", "give variant (an id) or definition (an inline variant)")
}

// builtinVariant returns the built-in variant that name names, by its id,
// its name or an alias (rules.ResolveVariant), or unknown-variant in field
// with the closest known names.
func builtinVariant(name, field string) (*rules.Variant, error) {
	id, ok := rules.ResolveVariant(name)
	if !ok {
		return nil, unknownVariant(name, field, "no built-in variant %q", clip(name))
	}
	return rules.Builtin(id)
}

// unknownVariant is the problem of a name that matches no built-in
// variant: its detail (format and args) followed by the closest known ids,
// which also go in the problem's suggestions.
func unknownVariant(name, field, format string, args ...any) *Problem {
	sug := rules.SuggestVariants(name)
	p := problem(string(rules.ErrUnknownVariant), field, format, args...)
	if len(sug) > 0 {
		p.Detail += "; did you mean " + orList(sug) + "?"
		p.Suggestions = sug
	}
	p.Detail += " (GET /v1/variants lists the variants and the names they answer to)"
	return p
}

// orList writes names as `a`, `a or b`, or `a, b or c`.
func orList(names []string) string {
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// fromPGNTag takes the variant from a PGN Variant tag, by any name
// rules.ResolveVariant knows (an empty tag: chess). A request that names no
// variant gets the tag's; one that names a built-in variant must name the
// same one, by whatever name; an inline definition is not compared with
// the tag. A tag that names nothing known is unknown-variant in pgn.
func (vs *variantSpec) fromPGNTag(tag string) error {
	if vs.inline() {
		return nil
	}
	id := "chess"
	if strings.TrimSpace(tag) != "" {
		var ok bool
		if id, ok = rules.ResolveVariant(tag); !ok {
			return unknownVariant(tag, "pgn", "the Variant tag %q names no variant served here", clip(tag))
		}
	}
	given, known := rules.ResolveVariant(vs.Variant)
	switch {
	case vs.Variant == "":
		vs.Variant = id
	case known && given != id:
		return problem(string(rules.ErrInvalidArgument), "pgn", "the Variant tag %q (%s) is not the request's variant %q (%s)",
			clip(tag), id, clip(vs.Variant), given)
	}
	return nil
}

// inlineVariant returns the compiled variant of an inline definition,
// from the cache or compiled by compileInline.
func (s *Server) inlineVariant(ctx context.Context, raw []byte) (*rules.Variant, error) {
	key := sha256.Sum256(raw)
	if v, ok := s.variants.inline.Get(key); ok {
		s.metrics.inline.WithLabelValues("reused").Inc()
		return v, nil
	}
	v, err := s.compileInline(ctx, raw)
	if err != nil {
		// Rejected counts definitions refused for what they say, not
		// compiles that ran out of time or found the pool full.
		var p *Problem
		busy := errors.As(err, &p) && p.Code == codeOverloaded
		if !busy && (ctx.Err() == nil || !errors.Is(err, ctx.Err())) {
			s.metrics.inline.WithLabelValues("rejected").Inc()
		}
		if re, ok := err.(*rules.Error); ok {
			return nil, fromRules(re, "definition")
		}
		return nil, err
	}
	s.metrics.inline.WithLabelValues("compiled").Inc()
	return s.variants.add(key, v), nil
}

// compileInline decodes and compiles an inline definition within ctx: the
// heavy part of an inline variant, refused with limit-exceeded before any
// table is built when it is over the compile budget.
func (s *Server) compileInline(ctx context.Context, raw []byte) (*rules.Variant, error) {
	d, err := rules.DecodeDefinition(raw)
	if err != nil {
		return nil, err
	}
	var v *rules.Variant
	err = s.heavy(ctx, func() (err error) { // admission.go: compiles are heavy work
		v, err = rules.CompileContext(ctx, d)
		return err
	})
	return v, err
}

// variantSummary is one entry of GET /v1/variants.
type variantSummary struct {
	ID         string        `json:"id"`
	Name       string        `json:"name"`
	Files      int           `json:"files"`
	Ranks      int           `json:"ranks"`
	PieceTypes int           `json:"pieceTypes"`
	StartFEN   string        `json:"startFEN"`
	Aliases    []rules.Alias `json:"aliases"`           // the names other programs give it (rules/aliases.json)
	PGNName    string        `json:"pgnName,omitempty"` // the PGN Variant tag written; none for chess
}

func (s *Server) listVariants(c echo.Context) error {
	vs, err := rules.Builtins()
	if err != nil {
		return err
	}
	out := make([]variantSummary, 0, len(vs))
	for _, v := range vs {
		sum := variantSummary{ID: v.ID(), Name: v.Name(), Files: v.Files(), Ranks: v.Ranks(),
			PieceTypes: v.PieceTypes(), StartFEN: v.StartFEN(), Aliases: rules.VariantAliases(v.ID())}
		if sum.Aliases == nil {
			sum.Aliases = []rules.Alias{}
		}
		if name, ok := rules.PGNVariantName(v.ID()); ok {
			sum.PGNName = name
		}
		out = append(out, sum)
	}
	return c.JSON(http.StatusOK, map[string]any{"variants": out})
}

// getVariant answers the definition of the built-in variant the path
// names, by its id or any alias (the definition's id is the canonical one).
func (s *Server) getVariant(c echo.Context) error {
	v, err := builtinVariant(c.Param("id"), "id")
	if err != nil {
		// The same code as an unknown variant named in a body or a query
		// (422 there); 404 here, where the path itself names no resource.
		var p *Problem
		if errors.As(err, &p) {
			p.Status = http.StatusNotFound
		}
		return err
	}
	return c.JSON(http.StatusOK, v.Definition())
}
