package rules

import "iter"

// This file holds the Windmill (RULES R36; docs/RULES.md, "The eight
// exotic pieces"): it picks an occupied square next to it, the pivot, of
// either colour, and goes round the pivot's eight neighbours clockwise or
// counterclockwise through empty squares, stopping on any of them or
// ending by taking the first occupied one if it holds a capturable enemy.
// Squares off the board break the circle; it cannot end on its start;
// different routes to one square are one move. Variant.neighbours lists
// each square's neighbours in circular order, with NoSquare off the board.

// windmillMoves appends the moves of a Windmill of colour us on from.
func (p *Position) windmillMoves(moves []Move, from Square, us Color, capturesOnly bool) []Move {
	var seen bitboard
	for s := range p.windmillPath(from) {
		if seen.has(s) || p.board[s] == 0 && capturesOnly || p.board[s] != 0 && !p.capturable(s, us) {
			continue
		}
		seen.set(s)
		moves = append(moves, Move{From: from, To: s, Kind: MoveNormal})
	}
	return moves
}

// windmillHits says whether the Windmill on q could take a King on s.
func (p *Position) windmillHits(q, s Square) bool {
	if !p.v.within2(q, s) {
		return false
	}
	for r := range p.windmillPath(q) {
		if r == s {
			return true
		}
	}
	return false
}

// windmillPath yields, for each occupied neighbour of from (the pivot) and
// each way round it, the squares a Windmill on from passes: the empty ones,
// then the first occupied one (which it may take), until the board's edge
// or its start. A square may come more than once.
func (p *Position) windmillPath(from Square) iter.Seq[Square] {
	return func(yield func(Square) bool) {
		for _, piv := range p.v.neighbours[from] {
			if piv == NoSquare || p.board[piv] == 0 {
				continue
			}
			ring := &p.v.neighbours[piv]
			i := ringIndex(ring, from)
			for _, dir := range [2]int{1, 7} {
				for k, j := 1, (i+dir)%8; k < 8; k, j = k+1, (j+dir)%8 {
					s := ring[j]
					if s == NoSquare {
						break
					}
					if !yield(s) {
						return
					}
					if p.board[s] != 0 {
						break
					}
				}
			}
		}
	}
}

// ringIndex returns the place of s among the neighbours ring.
func ringIndex(ring *[8]Square, s Square) int {
	for i, r := range ring {
		if r == s {
			return i
		}
	}
	return 0
}

// ringSteps are the neighbours of a square in circular (clockwise) order.
var ringSteps = [8]vec{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

// buildNeighbours fills v.neighbours.
func (v *Variant) buildNeighbours() {
	for s := Square(0); s < NumSquares; s++ {
		for i, d := range ringSteps {
			v.neighbours[s][i] = NoSquare
			if v.onBoard.has(s) {
				if q, ok := v.step(s, d); ok {
					v.neighbours[s][i] = q
				}
			}
		}
	}
}

// adjacent says whether a and b are next to each other.
func (v *Variant) adjacent(a, b Square) bool {
	df, dr := a.File()-b.File(), a.Rank()-b.Rank()
	return a != b && df >= -1 && df <= 1 && dr >= -1 && dr <= 1
}

// within2 says whether a and b are at most two steps apart on both axes.
func (v *Variant) within2(a, b Square) bool {
	df, dr := a.File()-b.File(), a.Rank()-b.Rank()
	return df >= -2 && df <= 2 && dr >= -2 && dr <= 2
}
