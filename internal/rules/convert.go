package rules

// This file holds conversion, the Diplomat's power (RULES R25, R37;
// docs/RULES.md, "The eight exotic pieces"): instead of stepping like a
// King to an empty square, the Diplomat turns one enemy piece next to it
// to its own side and stays where it is. A conversion is its own move
// kind, MoveConvert, from the converter's square to the converted square;
// it takes nothing, resets the halfmove clock like a capture and moves the
// piece to its new side's promotion pool. The Chameleon converts an enemy
// Diplomat the same way (chameleon.go), and a Fool copying a Diplomat
// converts as one.

// diplomatMoves appends the moves of a Diplomat of colour us on from:
// type t's move-only steps, and a conversion of each convertible enemy
// neighbour.
func (p *Position) diplomatMoves(moves []Move, from Square, us Color, t PieceType, capturesOnly bool) []Move {
	if !capturesOnly {
		moves = p.shapeMoves(moves, from, makePiece(t, us), false)
	}
	for _, q := range p.v.neighbours[from] {
		if q != NoSquare && p.convertible(q, us) {
			moves = append(moves, Move{From: from, To: q, Kind: MoveConvert})
		}
	}
	return moves
}

// convertible says whether colour us may convert the piece on q: a
// capturable enemy piece (the King too: that is check, and never a move of
// a legal position) that would not stand on its new side's compulsory
// promotion rank or barred first rank.
func (p *Position) convertible(q Square, us Color) bool {
	if !p.capturable(q, us) {
		return false
	}
	t := p.board[q].Type()
	pt := &p.v.types[t-1]
	if pt.promotesTo != nil && pt.PromotesBy == "" && p.v.zone[us][q] == zoneCompulsory {
		return false
	}
	return p.v.onBarredRank(makePiece(t, us), q) == nil
}

// convert plays the conversion m: the piece on m.To changes sides. It
// returns the piece as it was, for unmake.
func (p *Position) convert(m Move) Piece {
	was := p.remove(m.To)
	p.put(m.To, was^1)
	p.halfmove = 0
	return was
}
