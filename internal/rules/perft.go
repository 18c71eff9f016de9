package rules

import "context"

// MaxPerftDepth bounds perft recursion.
const MaxPerftDepth = 32

// perft counts leaves with one reusable move buffer per ply, so that a run
// allocates nothing per move.
type perft struct {
	p    *Position
	bufs [MaxPerftDepth + 1][]Move
	// Budget, for PerftContext: leaves counted so far, the most allowed,
	// and the context polled every pollEvery interior nodes.
	leaves, limit uint64
	ctx           context.Context
	polls         int
	err           error
}

func newPerft(p *Position) *perft {
	return &perft{p: p.clone()}
}

func (pf *perft) count(depth int) uint64 {
	buf := pf.p.legalMoves(pf.bufs[depth][:0])
	pf.bufs[depth] = buf
	if depth == 1 {
		if pf.limit != 0 {
			pf.leaves += uint64(len(buf))
			if pf.leaves > pf.limit {
				pf.err = newError(ErrLimitExceeded, "depth", -1, "more than %d leaves", pf.limit)
			}
		}
		return uint64(len(buf))
	}
	if pf.limit != 0 {
		if pf.polls++; pf.polls%pollEvery == 0 && pf.ctx.Err() != nil {
			pf.err = pf.ctx.Err()
		}
		if pf.err != nil {
			return 0
		}
	}
	var n uint64
	for _, m := range buf {
		u := pf.p.play(m)
		n += pf.count(depth - 1)
		pf.p.unmake(m, u)
	}
	return n
}

// Perft returns the number of leaf positions depth plies below p.
func Perft(p *Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return newPerft(p).count(min(depth, MaxPerftDepth))
}

// pollEvery is how many interior perft nodes pass between context checks.
const pollEvery = 1024

// PerftContext is Perft with a budget: it stops with an *Error of code
// ErrLimitExceeded once more than maxLeaves leaves are counted, and with the
// context's error once ctx is done. With divide it also returns the count
// below each root move.
func PerftContext(ctx context.Context, p *Position, depth int, maxLeaves uint64, divide bool) (uint64, []DivideEntry, error) {
	if depth <= 0 || depth > MaxPerftDepth {
		return 0, nil, newError(ErrLimitExceeded, "depth", -1, "depth must be 1 to %d", MaxPerftDepth)
	}
	if maxLeaves == 0 {
		maxLeaves = ^uint64(0)
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
			pf.err = newError(ErrLimitExceeded, "depth", -1, "more than %d leaves", pf.limit)
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
