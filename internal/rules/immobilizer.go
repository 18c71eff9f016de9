package rules

// This file holds immobilization (RULINGS 26, 33; docs/RULES.md, "The eight
// exotic pieces"): an enemy Immobilizer on one of the 8 squares around a
// piece holds it, the King included: it neither moves nor gives check. The
// Immobilizer keeps that power while it is itself frozen, so two opposing
// Immobilizers side by side hold each other; a Chameleon holds an enemy
// Immobilizer next to it (and only that); a Fool that copied an Immobilizer
// holds the enemy pieces around it during the opponent's next turn
// (imitate.go). Nothing is stored: Position.idle asks this file for the
// piece at hand, for move generation and attack tests alike.

// immobilized says whether the piece pc on s is held by an enemy
// neighbour.
func (p *Position) immobilized(s Square, pc Piece) bool {
	them := pc.Color().Other()
	isImm := p.v.types[pc.Type()-1].power == powerImmobilizer
	for _, q := range p.v.neighbours[s] {
		if q == NoSquare {
			continue
		}
		e := p.board[q]
		if e == 0 || e.Color() != them {
			continue
		}
		switch p.v.types[e.Type()-1].power {
		case powerImmobilizer:
			return true
		case powerChameleon:
			if isImm {
				return true
			}
		}
	}
	return p.effect == effectFreeze && p.board[p.effectSq].Color() == them && p.v.adjacent(s, p.effectSq)
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
