package handlers

import (
	"crypto/sha256"
	"encoding/json"
	"net/http"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/labstack/echo/v4"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// variantResolver finds the variant of a request: a built-in one by id, or
// an inline definition, compiled once and kept in a bounded LRU by the hash
// of its text.
type variantResolver struct {
	inline *lru.Cache[[32]byte, *rules.Variant]
}

func newVariantResolver(size int) *variantResolver {
	c, err := lru.New[[32]byte, *rules.Variant](max(size, 1))
	if err != nil {
		panic(err) // only for a size below 1, excluded above
	}
	return &variantResolver{inline: c}
}

// variantSpec is the part of a request that names the variant.
type variantSpec struct {
	Variant    string          `json:"variant,omitempty"`
	Definition json.RawMessage `json:"definition,omitempty"`
}

// resolve returns the variant named by exactly one of variant and definition.
func (s *Server) resolve(vs variantSpec) (*rules.Variant, error) {
	switch {
	case vs.Variant != "" && len(vs.Definition) > 0:
		return nil, problem(string(rules.ErrInvalidArgument), "variant", "give either variant or definition, not both")
	case vs.Variant != "":
		v, err := rules.Builtin(vs.Variant)
		if err != nil {
			return nil, problem(string(rules.ErrUnknownVariant), "variant", "no built-in variant %q (GET /v1/variants lists them)", vs.Variant)
		}
		return v, nil
	case len(vs.Definition) > 0:
		return s.inlineVariant(vs.Definition)
	}
	return nil, problem(string(rules.ErrInvalidArgument), "variant", "give variant (an id) or definition (an inline variant)")
}

func (s *Server) inlineVariant(raw []byte) (*rules.Variant, error) {
	key := sha256.Sum256(raw)
	if v, ok := s.variants.inline.Get(key); ok {
		s.metrics.inline.WithLabelValues("reused").Inc()
		return v, nil
	}
	d, err := rules.DecodeDefinition(raw)
	if err == nil {
		var v *rules.Variant
		if v, err = rules.Compile(d); err == nil {
			s.metrics.inline.WithLabelValues("compiled").Inc()
			s.variants.inline.Add(key, v)
			return v, nil
		}
	}
	s.metrics.inline.WithLabelValues("rejected").Inc()
	if re, ok := err.(*rules.Error); ok {
		return nil, fromRules(re, "definition")
	}
	return nil, err
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
		return problem(codeNotFound, "id", "no built-in variant %q", c.Param("id"))
	}
	return c.JSON(http.StatusOK, v.Definition())
}
