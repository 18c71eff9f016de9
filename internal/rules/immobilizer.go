package rules

import "math/bits"

// This file holds immobilization (RULINGS 26, 33; docs/RULES.md, "The eight
// exotic pieces"): an enemy Immobilizer on one of the 8 squares around a
// piece holds it, the King included: it neither moves nor gives check. The
// Immobilizer keeps that power while it is itself frozen, so two opposing
// Immobilizers side by side hold each other; a Chameleon holds an enemy
// Immobilizer next to it (and only that); a Fool that copied an Immobilizer
// holds the enemy pieces around it during the opponent's next turn
// (imitate.go). The held squares are a mask of the position, computed
// after every move in kits with powers and read by move generation and
// attack tests alike (Position.idle).

// immobilized says whether the piece on s is held by an enemy neighbour
// (Position.stuck, computed by computeHeld).
func (p *Position) immobilized(s Square) bool { return p.stuck.has(s) }

// computeHeld fills Position.stuck, the squares of the pieces their enemy
// neighbours hold: make, unmake and NewPosition call it in kits with
// powers, once the board and the one-turn effect are known.
func (p *Position) computeHeld() {
	p.stuck = bitboard{}
	for c := White; c <= Black; c++ {
		for w := range p.odd[c] {
			for bb := p.odd[c][w]; bb != 0; bb &= bb - 1 {
				q := Square(w*64 + bits.TrailingZeros64(bb))
				switch p.v.types[p.board[q].Type()-1].power {
				case powerImmobilizer:
					p.holdAround(q, c, false)
				case powerChameleon:
					p.holdAround(q, c, true)
				}
			}
		}
	}
	if p.effect == effectFreeze {
		p.holdAround(p.effectSq, p.board[p.effectSq].Color(), false)
	}
}

// holdAround adds to stuck the enemy pieces of colour c around q: all of
// them, or with onlyImmobilizers (a Chameleon's hold) the Immobilizers.
func (p *Position) holdAround(q Square, c Color, onlyImmobilizers bool) {
	for _, n := range p.v.neighbours[q] {
		if n == NoSquare {
			continue
		}
		if e := p.board[n]; e != 0 && e.Color() != c && (!onlyImmobilizers || p.v.types[e.Type()-1].power == powerImmobilizer) {
			p.stuck.set(n)
		}
	}
}

// holder returns the square of a piece that immobilizes the piece pc on s,
// for an illegal move's explanation; NoSquare when none does.
func (p *Position) holder(s Square, pc Piece) Square {
	if p.effect == effectFreeze && p.board[p.effectSq].Color() != pc.Color() && p.v.adjacent(s, p.effectSq) {
		return p.effectSq
	}
	isImm := p.v.types[pc.Type()-1].power == powerImmobilizer
	for _, q := range p.v.neighbours[s] {
		if q == NoSquare {
			continue
		}
		if e := p.board[q]; e != 0 && e.Color() != pc.Color() {
			if pw := p.v.types[e.Type()-1].power; pw == powerImmobilizer || isImm && pw == powerChameleon {
				return q
			}
		}
	}
	return NoSquare
}
