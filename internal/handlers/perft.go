package handlers

import (
	"context"
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
	ctx := c.Request().Context()
	v, p, err := s.position(ctx, req.variantSpec, req.FEN)
	if err != nil {
		return err
	}
	// Decided in advance: the same answer on a quiet machine and a busy one
	// (perftFits). On a built-in variant the forecast costs at most a few
	// milliseconds and runs before the pool, so that a full pool does not
	// hide it; on an inline definition, heavy by rule, it runs in the
	// computation's own slot of the pool.
	inline := req.inline()
	if !inline {
		if err := s.perftFits(p, req.Depth); err != nil {
			return err
		}
	}
	var n uint64
	var div []rules.DivideEntry
	err = s.heavy(ctx, func() (err error) {
		if inline {
			if err := s.perftFits(p, req.Depth); err != nil {
				return err
			}
		}
		n, div, err = rules.PerftContext(ctx, p, req.Depth, s.cfg.MaxPerftNodes, req.Divide)
		return err
	})
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

// perftProbe is the most leaves the forecast of a perft counts exactly
// before it extrapolates: about a millisecond of chess, at most about as
// many leaves again for the depth that goes over it.
const perftProbe = 1 << 16

// perftMargin is how many times over the leaf budget a forecast must be for
// the perft to be refused before counting. Over the 67 cases of the
// built-in perft suites with more than perftProbe leaves, forecasts are
// 0.53 to 1.76 times the true count (median 0.98), so a perft forecast at
// twice the budget is over the budget in every case seen: counting it would
// only end at the budget, or at the deadline on a busy machine. A count
// forecast under the margin that is still over the budget stops at the
// budget.
const perftMargin = 2

// perftFits refuses, with 422 limit-exceeded, a perft whose forecast is
// over perftMargin times the leaf budget. The forecast depends only on the
// position and the depth (rules.EstimatePerft), never on the clock or the
// load: chess from the start to depth 7 (3,195,901,860 leaves, forecast
// about 2.2e9) is refused under the default budget of 2e8, depth 6
// (119,060,324, forecast about 9.8e7) is counted. For that it does not
// stop at the request's deadline: its work is bounded by perftProbe
// leaves instead (a few milliseconds on the heaviest accepted variants),
// so that a loaded machine gets the same 422, a little late, rather than a
// 503 (a short deadline on a busy machine once cut the forecast itself).
func (s *Server) perftFits(p *rules.Position, depth int) error {
	budget := s.cfg.MaxPerftNodes
	if budget == 0 {
		return nil
	}
	est, err := rules.EstimatePerft(context.Background(), p, depth, perftProbe)
	if err != nil {
		return err
	}
	if est.Leaves/perftMargin > budget {
		return problem(string(rules.ErrLimitExceeded), "depth",
			"the count is estimated at %d leaves (counted to depth %d, then extrapolated), over %d times this server's budget of %d leaves",
			est.Leaves, est.Depth, perftMargin, budget)
	}
	return nil
}
