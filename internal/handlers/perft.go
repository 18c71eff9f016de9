package handlers

import (
	"context"
	"math"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// perftRequest is the body of perft.
type perftRequest struct {
	variantSpec
	FEN    *string `json:"fen,omitempty"`
	Depth  int     `json:"depth"`
	Divide bool    `json:"divide,omitempty"`
	// Workers is the most goroutines to count with; 0 (absent) is 1.
	Workers int `json:"workers,omitempty"`
}

// perftRun is how a perft was counted: the workers used and the measured
// rates, which vary from run to run unlike the count.
type perftRun struct {
	Workers                  int     `json:"workers"`
	ElapsedMs                float64 `json:"elapsedMs"`
	LeavesPerSecond          float64 `json:"leavesPerSecond"`
	LeavesPerSecondPerWorker float64 `json:"leavesPerSecondPerWorker"`
}

// newPerftRun measures a count of n leaves by workers in el.
func newPerftRun(n uint64, workers int, el time.Duration) perftRun {
	rate := float64(n) / max(el.Seconds(), 1e-9)
	return perftRun{
		Workers:                  workers,
		ElapsedMs:                math.Round(float64(el.Microseconds())) / 1000,
		LeavesPerSecond:          math.Round(rate),
		LeavesPerSecondPerWorker: math.Round(rate / float64(workers)),
	}
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
	var run perftRun
	err = s.heavy(ctx, func() (err error) {
		if inline {
			if err := s.perftFits(p, req.Depth); err != nil {
				return err
			}
		}
		n, div, run, err = s.countPerft(ctx, p, req)
		return err
	})
	if err != nil {
		if re, ok := err.(*rules.Error); ok && re.Code == rules.ErrLimitExceeded {
			return problem(string(rules.ErrLimitExceeded), "depth", "the count exceeds this server's budget of %d leaves", s.cfg.MaxPerftNodes)
		}
		return err
	}
	s.metrics.leaves.Add(float64(n))
	out := map[string]any{"variant": v.ID(), "fen": p.FEN(), "depth": req.Depth, "nodes": n, "run": run}
	if req.Divide {
		entries := make([]divideEntry, len(div))
		for i, d := range div {
			entries[i] = divideEntry{Move: p.UCI(d.Move), Nodes: d.Nodes}
		}
		out["divide"] = entries
	}
	return s.sendJSON(c, out, "")
}

// countPerft counts a perft in the slot of the pool the request holds and
// the slots beyond it that are free now, up to the workers asked for (at
// most one a slot of the pool and one a root move; rules.PerftWorkers):
// the extra slots are taken without waiting, so a busy server counts with
// fewer workers, the same count.
func (s *Server) countPerft(ctx context.Context, p *rules.Position, req perftRequest) (uint64, []rules.DivideEntry, perftRun, error) {
	want := rules.PerftWorkers(p, req.Depth, min(max(req.Workers, 1), cap(s.pool.slots)))
	extra := s.pool.extra(want - 1)
	defer s.pool.release(extra)
	start := time.Now()
	n, div, err := rules.PerftParallel(ctx, p, req.Depth, s.cfg.MaxPerftNodes, req.Divide, 1+extra)
	return n, div, newPerftRun(n, 1+extra, time.Since(start)), err
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
