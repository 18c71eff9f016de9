package rules

// En passant where a taker could also move quietly onto the passed square
// (EnPassantDef.QuietFirst): Fairy-Stockfish lets a piece take en passant
// only onto a square that is among its captures and not among its quiet
// moves from where it stands (movegen.cpp: attacks & ~quiets & ep squares),
// so a Pawn that also steps like a King never takes en passant by that
// step. shapeMoves generates such a square reached by a move-or-capture as
// the quiet move, and drops an en-passant capture of one of its pieces onto
// a square that another of its moves reaches quietly; a variant without the
// flag pays one test per piece.

// dropQuietEP removes, from the moves of one piece after start, every
// en-passant capture onto a square that one of those moves reaches
// quietly.
func dropQuietEP(moves []Move, start int) []Move {
	n := start
	for i := start; i < len(moves); i++ {
		if m := moves[i]; m.Kind != MoveEnPassant || !quietTo(moves[start:], m.To) {
			moves[n] = m
			n++
		}
	}
	return moves[:n]
}

// quietTo says whether one of moves is a quiet move to to: to is an
// en-passant square, empty, so a normal move or a double step there
// captures nothing.
func quietTo(moves []Move, to Square) bool {
	for _, m := range moves {
		if m.To == to && (m.Kind == MoveNormal || m.Kind == MoveDoubleStep) {
			return true
		}
	}
	return false
}
