package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// perftRequest is the body of perft.
type perftRequest struct {
	variantSpec
	FEN    *string `json:"fen,omitempty"`
	Depth  int     `json:"depth"`
	Divide bool    `json:"divide,omitempty"`
}

type divideEntry struct {
	Move  string `json:"move"`
	Nodes uint64 `json:"nodes"`
}

func (s *Server) perft(c echo.Context) error {
	var req perftRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	if req.Depth > s.cfg.MaxPerftDepth {
		return problem(string(rules.ErrLimitExceeded), "depth", "depth is at most %d on this server", s.cfg.MaxPerftDepth)
	}
	v, p, err := s.position(req.variantSpec, req.FEN)
	if err != nil {
		return err
	}
	n, div, err := rules.PerftContext(c.Request().Context(), p, req.Depth, s.cfg.MaxPerftNodes, req.Divide)
	if err != nil {
		if re, ok := err.(*rules.Error); ok && re.Code == rules.ErrLimitExceeded {
			return problem(string(rules.ErrLimitExceeded), "depth", "the count exceeds this server's budget of %d leaves", s.cfg.MaxPerftNodes)
		}
		return err
	}
	s.metrics.leaves.Add(float64(n))
	out := map[string]any{"variant": v.ID(), "fen": p.FEN(), "depth": req.Depth, "nodes": n}
	if req.Divide {
		entries := make([]divideEntry, len(div))
		for i, d := range div {
			entries[i] = divideEntry{Move: p.UCI(d.Move), Nodes: d.Nodes}
		}
		out["divide"] = entries
	}
	return c.JSON(http.StatusOK, out)
}
