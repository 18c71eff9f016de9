package handlers

import (
	"math/rand/v2"

	"github.com/labstack/echo/v4"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// setupRequest is the body of setup: the game-creation options of
// rules.SetupOptions. A missing seed is drawn by the server and returned,
// so that the setup can be made again.
type setupRequest struct {
	variantSpec
	Mode       string   `json:"mode,omitempty"`
	Count      int      `json:"count,omitempty"`
	Pieces     []string `json:"pieces,omitempty"`
	Duplicates bool     `json:"duplicates,omitempty"`
	Mirror     bool     `json:"mirror,omitempty"`
	Promotion  string   `json:"promotion,omitempty"`
	Seed       *uint64  `json:"seed,omitempty"`
	Number     *int     `json:"number,omitempty"` // mode chess960: the array's number
}

// maxJSONSeed is the largest seed the API takes and returns: 2^53-1, the
// largest integer every JSON client reads exactly.
const maxJSONSeed = 1<<53 - 1

func (s *Server) setup(c echo.Context) error {
	var req setupRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	v, err := s.resolveContext(c.Request().Context(), req.variantSpec)
	if err != nil {
		return err
	}
	seed := rand.Uint64N(maxJSONSeed + 1)
	if req.Seed != nil {
		seed = *req.Seed
	}
	number := -1
	if req.Number != nil {
		number = *req.Number
	}
	fen, err := rules.GenerateSetup(v, rules.SetupOptions{Mode: req.Mode, Count: req.Count, Pieces: req.Pieces,
		Duplicates: req.Duplicates, Mirror: req.Mirror, Promotion: req.Promotion, Seed: seed, Number: number})
	if err != nil {
		if re, ok := err.(*rules.Error); ok {
			return fromRules(re, "")
		}
		return err
	}
	out := map[string]any{"variant": v.ID(), "seed": seed, "fen": fen}
	if req.Mode == "chess960" {
		if number < 0 {
			number = rules.Chess960Number(seed)
		}
		out["number"] = number
	}
	return s.sendJSON(c, out, "")
}
