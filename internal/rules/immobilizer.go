package rules

import "math/bits"

// This file holds immobilization (RULES R26, R33; docs/RULES.md, "The eight
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
				if pw := p.v.types[p.board[q].Type()-1].power; pw == powerImmobilizer || pw == powerChameleon {
					p.holdAround(q, pw, c)
				}
			}
		}
	}
	if p.effect == effectFreeze {
		p.holdAround(p.effectSq, powerImmobilizer, p.board[p.effectSq].Color())
	}
}

// holdAround adds to stuck the enemy pieces of colour c's holder on q
// holds, holding as power pw (a freezing Fool holds as an Immobilizer).
func (p *Position) holdAround(q Square, pw power, c Color) {
	for _, n := range p.v.neighbours[q] {
		if n == NoSquare {
			continue
		}
		if e := p.board[n]; e != 0 && e.Color() != c && p.holdsAs(pw, e) {
			p.stuck.set(n)
		}
	}
}

// holdsAs says whether an enemy holder of power pw next to the piece e
// holds it: an Immobilizer holds everything, a Chameleon only Immobilizers.
func (p *Position) holdsAs(pw power, e Piece) bool {
	return pw == powerImmobilizer || pw == powerChameleon && p.v.types[e.Type()-1].power == powerImmobilizer
}

// heldBy returns the square of an Immobilizer or Chameleon next to s that
// holds the piece pc on s, or NoSquare.
func (p *Position) heldBy(s Square, pc Piece) Square {
	for _, q := range p.v.neighbours[s] {
		if q == NoSquare {
			continue
		}
		if h := p.board[q]; h != 0 && h.Color() != pc.Color() && p.holdsAs(p.v.types[h.Type()-1].power, pc) {
			return q
		}
	}
	return NoSquare
}

// holder returns the square of a piece that immobilizes the piece pc on s,
// for an illegal move's explanation; NoSquare when none does.
func (p *Position) holder(s Square, pc Piece) Square {
	if p.effect == effectFreeze && p.board[p.effectSq].Color() != pc.Color() && p.v.adjacent(s, p.effectSq) {
		return p.effectSq
	}
	return p.heldBy(s, pc)
}

// holds says whether pieces of type t hold their neighbours (an
// Immobilizer, a Chameleon).
func (v *Variant) holds(t PieceType) bool {
	pw := v.types[t-1].power
	return pw == powerImmobilizer || pw == powerChameleon
}

// updateHeld brings Position.stuck up to date after make or unmake of m,
// whose mover was moved and which took captured (on m.To, or 0), with
// other the one-turn effect on the other side of the move (before make,
// after unmake); kit is the kit before a promotion to a type it did not
// cover, or nil. A plain move or capture by a piece that holds nothing,
// taking nothing that holds, with no one-turn effect either side and no
// kit change, changes only its two squares' bits: a piece's hold depends
// on the holders around it alone. Anything else recomputes the mask.
func (p *Position) updateHeld(m Move, moved, captured Piece, other uint8, kit *kit) {
	v := p.v
	if m.Kind != MoveNormal && m.Kind != MoveDoubleStep || kit != nil || p.effect != effectNone || other != effectNone ||
		v.holds(moved.Type()) || captured != 0 && v.holds(captured.Type()) || m.Promotion != 0 && v.holds(m.Promotion) {
		p.computeHeld()
		return
	}
	p.refreshHeld(m.From)
	p.refreshHeld(m.To)
}

// refreshHeld sets the bit of s in Position.stuck from the piece on s and
// the holders around it (no one-turn effect is in force: updateHeld).
func (p *Position) refreshHeld(s Square) {
	p.stuck.clear(s)
	if pc := p.board[s]; pc != 0 && p.heldBy(s, pc) != NoSquare {
		p.stuck.set(s)
	}
}
