package rules

import "math/bits"

// attackMap returns the squares the pieces of colour by attack with the
// piece on lift taken off the board, or false where it cannot tell them
// from the move tables alone: a kit with powers, frozen pieces, legs,
// hoppers or bent paths (kit.lines), or a ride that stops on edges only.
// Where it can, a square is attacked exactly when attackedExcept(s, by,
// lift) says so: a piece that must step onto many squares (a King, a
// pseudo-royal Queen) is judged on one map instead of an attack test a
// square.
func (p *Position) attackMap(by Color, lift Square) (bitboard, bool) {
	var m bitboard
	if p.kit.lines || p.kit.odd || p.kit.frozen || p.v.hasDev {
		return m, false
	}
	b := &p.board
	saved := b[lift]
	b[lift] = 0
	// The Pawns of a plan attack by shifts, all at once (bulk.go).
	var pawns bitboard
	if bp := p.v.bulk[by]; bp != nil && p.kit.bulk {
		for w := range pawns {
			pawns[w] = p.pawns[by][w] & bp.squares[w]
		}
		pawns.clear(lift)
		for i := range bp.groups {
			if g := &bp.groups[i]; g.kind != plainMove {
				var src bitboard
				for w := range src {
					src[w] = pawns[w] & g.from[w]
				}
				to := shifted(&src, g.delta)
				for w := range m {
					m[w] |= to[w]
				}
			}
		}
	}
	ok := true
	for w := range p.occ[by] {
		for bb := p.occ[by][w] &^ pawns[w]; bb != 0 && ok; bb &= bb - 1 {
			from := Square(w*64 + bits.TrailingZeros64(bb))
			ok = p.pieceAttacksInto(&m, from, by)
		}
	}
	b[lift] = saved
	return m, ok
}

// pieceAttacksInto adds to m the squares the piece of colour by on from
// attacks by its leaps and rides; false where it has other shapes.
func (p *Position) pieceAttacksInto(m *bitboard, from Square, by Color) bool {
	b := &p.board
	mt := &p.v.moves[by][int(b[from].Type())*NumSquares+int(from)]
	if len(mt.bents) > 0 || len(mt.slides) > 0 {
		return false
	}
	for i := range mt.leaps {
		if e := &mt.leaps[i]; e.capture {
			m.set(e.to)
		}
	}
	for i := range mt.rides {
		e := &mt.rides[i]
		if !e.capture {
			continue
		}
		if e.kind != shapeRide {
			return false
		}
		for _, to := range e.ray {
			m.set(to)
			if b[to] != 0 {
				break
			}
		}
	}
	return true
}

// mapMoves is how many moves of one piece to judge make an attack map
// worth its cost: about that of eight attack tests, with the leaps
// grouped and the empty rays skipped.
const mapMoves = 8

// stepMap judges where the piece on one square may step: whether a square
// is attacked with that piece lifted, by one attack map when the piece has
// mapMoves moves or more, by an attack test a square otherwise. from is
// NoSquare until the first question.
type stepMap struct {
	from Square
	m    bitboard
	ok   bool
}

// attacked says whether to is attacked by colour by with the piece on
// from lifted; rest are the moves from the one asked about on, those of a
// piece following each other.
func (sm *stepMap) attacked(p *Position, rest []Move, by Color, from, to Square) bool {
	if sm.from != from {
		sm.from, sm.ok = from, false
		if sameFrom(rest, from) >= mapMoves {
			sm.m, sm.ok = p.attackMap(by, from)
		}
	}
	if sm.ok {
		return sm.m.has(to)
	}
	return p.attackedExcept(to, by, from)
}

// sameFrom returns how many moves at the start of moves leave from.
func sameFrom(moves []Move, from Square) int {
	n := 0
	for n < len(moves) && moves[n].From == from {
		n++
	}
	return n
}
