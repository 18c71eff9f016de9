package rules

import (
	"context"
	"math"
)

// MaxPerftDepth bounds perft recursion.
const MaxPerftDepth = 32

// perft counts leaves with one reusable move buffer per ply, so that a run
// allocates nothing per move.
type perft struct {
	p    *Position
	bufs [MaxPerftDepth + 1][]Move
	// Budget, for PerftContext: leaves counted so far, the most allowed,
	// and the context, polled before every move generation: the work
	// between two polls is one generation, whatever the variant.
	leaves, limit uint64
	ctx           context.Context
	err           error
	// shared is the budget of the workers of PerftParallel, nil in a
	// serial count: a worker's limit is then the leaves it counts before
	// it adds them to the shared count (perftpar.go).
	shared *perftShared
}

func newPerft(p *Position) *perft {
	return &perft{p: p.clone()}
}

func (pf *perft) count(depth int) uint64 {
	if pf.ctx != nil {
		// Once stopped, the rest of the tree is skipped without polling.
		if pf.err == nil && done(pf.ctx) {
			pf.err = pf.ctx.Err()
		}
		if pf.err != nil {
			return 0
		}
	}
	if depth == 1 {
		// The last ply is counted, not listed (bulk counting).
		n, buf := pf.p.legalCount(pf.bufs[1])
		pf.bufs[1] = buf
		if pf.limit != 0 {
			pf.leaves += uint64(n)
			if pf.leaves > pf.limit {
				pf.overLimit()
			}
		}
		return uint64(n)
	}
	buf := pf.p.legalMoves(pf.bufs[depth][:0])
	pf.bufs[depth] = buf
	var n uint64
	for _, m := range buf {
		u := pf.p.play(m)
		n += pf.count(depth - 1)
		pf.p.unmake(m, u)
	}
	return n
}

// overLimit is called once the leaves counted pass the limit: the budget
// is spent, or, for a worker of PerftParallel, its leaves go to the shared
// count, which may be.
func (pf *perft) overLimit() {
	if pf.shared != nil {
		pf.shared.flush(pf)
		return
	}
	pf.err = newError(ErrLimitExceeded, "depth", -1, "more than %d leaves", pf.limit)
}

// done polls ctx without blocking.
func done(ctx context.Context) bool {
	select {
	case <-ctx.Done():
		return true
	default:
		return false
	}
}

// Perft returns the number of leaf positions depth plies below p.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return newPerft(p).count(min(depth, MaxPerftDepth))
}

// PerftContext is Perft with a budget: it stops with an *Error of code
// ErrLimitExceeded once more than maxLeaves leaves are counted, and with the
// context's error once ctx is done, polling it before every move generation.
// With divide it also returns the count below each root move.
func PerftContext(ctx context.Context, p *Position, depth int, maxLeaves uint64, divide bool) (uint64, []DivideEntry, error) {
	if depth <= 0 || depth > MaxPerftDepth {
		return 0, nil, newError(ErrLimitExceeded, "depth", -1, "depth must be 1 to %d", MaxPerftDepth)
	}
	if maxLeaves == 0 {
		maxLeaves = ^uint64(0)
	}
	if done(ctx) {
		return 0, nil, ctx.Err()
	}
	pf := &perft{p: p.clone(), limit: maxLeaves, ctx: ctx}
	var total uint64
	var out []DivideEntry
	for _, m := range p.LegalMoves() {
		u := pf.p.play(m)
		n := uint64(1)
		if depth > 1 {
			n = pf.count(depth - 1)
		} else if pf.leaves++; pf.leaves > pf.limit {
			pf.overLimit()
		}
		pf.p.unmake(m, u)
		if pf.err != nil {
			return 0, nil, pf.err
		}
		total += n
		if divide {
			out = append(out, DivideEntry{Move: m, Nodes: n})
		}
	}
	return total, out, nil
}

// PerftEstimate is a forecast of a perft's leaf count, made before
// counting it.
type PerftEstimate struct {
	Leaves uint64 // the estimated count; the count itself when Exact
	Depth  int    // the deepest depth counted exactly
	Exact  bool   // Depth is the depth asked for
}

// EstimatePerft forecasts the leaves of a perft of p to depth: it counts
// depths 1, 2, ... exactly while a count stays within probe leaves, then
// multiplies the last exact count by its growth over the depth before (at
// least the growth that the first count over probe proves) once per
// missing depth. The result depends only on p, depth and probe, never on
// the clock. The work is at most about twice probe leaves; ctx is polled as
// in PerftContext.
func EstimatePerft(ctx context.Context, p *Position, depth int, probe uint64) (PerftEstimate, error) {
	if depth <= 0 || depth > MaxPerftDepth {
		return PerftEstimate{}, newError(ErrLimitExceeded, "depth", -1, "depth must be 1 to %d", MaxPerftDepth)
	}
	probe = max(probe, 1)
	prev, cur := uint64(1), uint64(1) // the counts at depths k-1 and k
	k := 0
	for k < depth {
		n, _, err := PerftContext(ctx, p, k+1, probe, false)
		if CodeOf(err) == ErrLimitExceeded {
			break
		}
		if err != nil {
			return PerftEstimate{}, err
		}
		prev, cur, k = cur, n, k+1
	}
	if k == depth {
		return PerftEstimate{Leaves: cur, Depth: k, Exact: true}, nil
	}
	growth := float64(probe+1) / float64(cur)
	if k > 0 {
		growth = max(growth, float64(cur)/float64(prev))
	}
	est := float64(cur) * math.Pow(growth, float64(depth-k))
	if est >= math.MaxUint64 {
		return PerftEstimate{Leaves: math.MaxUint64, Depth: k}, nil
	}
	return PerftEstimate{Leaves: uint64(est), Depth: k}, nil
}

// DivideEntry is one root move of a divided perft and its leaf count.
type DivideEntry struct {
	Move  Move
	Nodes uint64
}

// Divide returns the leaf count below each legal move of p, in move generation order.
func Divide(p *Position, depth int) []DivideEntry {
	if depth <= 0 {
		return nil
	}
	pf := newPerft(p)
	var out []DivideEntry
	for _, m := range p.LegalMoves() {
		u := pf.p.play(m)
		n := uint64(1)
		if depth > 1 {
			n = pf.count(min(depth-1, MaxPerftDepth))
		}
		pf.p.unmake(m, u)
		out = append(out, DivideEntry{Move: m, Nodes: n})
	}
	return out
}
