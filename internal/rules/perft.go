package rules

// MaxPerftDepth bounds perft recursion.
const MaxPerftDepth = 32

// perft counts leaves with one reusable move buffer per ply, so that a run
// allocates nothing per move.
type perft struct {
	p    *Position
	bufs [MaxPerftDepth + 1][]Move
}

func newPerft(p *Position) *perft {
	return &perft{p: p.clone()}
}

func (pf *perft) count(depth int) uint64 {
	buf := pf.p.legalMoves(pf.bufs[depth][:0])
	pf.bufs[depth] = buf
	if depth == 1 {
		return uint64(len(buf))
	}
	var n uint64
	for _, m := range buf {
		u := pf.p.make(m)
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
		u := pf.p.make(m)
		n := uint64(1)
		if depth > 1 {
			n = pf.count(min(depth-1, MaxPerftDepth))
		}
		pf.p.unmake(m, u)
		out = append(out, DivideEntry{Move: m, Nodes: n})
	}
	return out
}
