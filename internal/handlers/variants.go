package handlers

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"net/http"
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

// logName names the variant in the request log: the id as given (at most
// 256 bytes of it) or "inline".
func (vs variantSpec) logName() string {
	if vs.inline() {
		return "inline"
	}
	return clip(vs.Variant)
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
		v, err := rules.Builtin(vs.Variant)
		if err != nil {
			return nil, problem(string(rules.ErrUnknownVariant), "variant", "no built-in variant %q (GET /v1/variants lists them)", vs.Variant)
		}
		return v, nil
	case vs.inline():
		return s.inlineVariant(ctx, vs.Definition)
	}
	return nil, problem(string(rules.ErrInvalidArgument), "variant", "give variant (an id) or definition (an inline variant)")
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
	ID         string `json:"id"`
	Name       string `json:"name"`
	Files      int    `json:"files"`
	Ranks      int    `json:"ranks"`
	PieceTypes int    `json:"pieceTypes"`
	StartFEN   string `json:"startFEN"`
}

func (s *Server) listVariants(c echo.Context) error {
	vs, err := rules.Builtins()
	if err != nil {
		return err
	}
	out := make([]variantSummary, 0, len(vs))
	for _, v := range vs {
		out = append(out, variantSummary{ID: v.ID(), Name: v.Name(), Files: v.Files(), Ranks: v.Ranks(),
			PieceTypes: v.PieceTypes(), StartFEN: v.StartFEN()})
	}
	return c.JSON(http.StatusOK, map[string]any{"variants": out})
}

func (s *Server) getVariant(c echo.Context) error {
	v, err := rules.Builtin(c.Param("id"))
	if err != nil {
		// The same code as an unknown variant named in a body or a query
		// (422 there); 404 here, where the path itself names no resource.
		p := problem(string(rules.ErrUnknownVariant), "id", "no built-in variant %q (GET /v1/variants lists them)", c.Param("id"))
		p.Status = http.StatusNotFound
		return p
	}
	return c.JSON(http.StatusOK, v.Definition())
}
