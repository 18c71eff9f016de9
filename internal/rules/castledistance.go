package rules

import "math/bits"

// Castling any distance (CastlingDef.AnyDistance, RULES R42), the castling
// of Wildebeest Chess: the King, on its start square with a right for a
// Rook on its rank, every square between them empty, moves one square or
// more toward that Rook and stops on any square short of it; the Rook
// jumps to the square next to the King's landing square on the other side
// (the last square the King crossed, its start square after a one-square
// move). The King is not in check, crosses no attacked square before it
// lands, and is not in check after the move (the final legality test).
//
// A move is written with the King's landing square (f1i1), and the
// one-square castling, whose landing square the King's step also
// reaches, as King takes Rook (f1k1), so that every castling move has a
// From and To of its own. SAN writes O-O or O-O-O, then / and the King's
// landing square (O-O/i1): notation.go. Hooks: castlingMoves,
// castleSquares and unmake dispatch here; the rights, the FEN and
// updateRights are those of every castling.

// castlingAnyDistance appends the castling moves of the side to move,
// apart from the final test that the King does not land in check.
func (p *Position) castlingAnyDistance(moves []Move) []Move {
	us, them := p.side, p.side.Other()
	k := p.castler(us)
	if k == NoSquare || k != p.v.kingHome[us] {
		return moves
	}
	kf, r := k.File(), k.Rank()
	for rights := p.castle[us]; rights != 0; rights &= rights - 1 {
		rf := bits.TrailingZeros16(rights)
		dir := sign(rf - kf)
		if !p.emptyBetween(r, kf, rf) {
			continue
		}
		for f := kf + dir; f != rf; f += dir {
			to := SquareAt(f, r)
			if f == kf+dir {
				to = SquareAt(rf, r)
			}
			moves = append(moves, Move{From: k, To: to, Kind: MoveCastle})
			if p.v.royal != 0 && p.attacked(SquareAt(f, r), them) {
				break // the King may land here (the legality test), not cross
			}
		}
	}
	return moves
}

// castleSquaresAnyDistance returns where the castling move m, before it is
// made, takes the King and, from and to, the Rook.
func (p *Position) castleSquaresAnyDistance(m Move) (king, rookFrom, rookTo Square) {
	dir := sign(m.To.File() - m.From.File())
	r := m.From.Rank()
	if p.board[m.To] != 0 {
		// King takes Rook: the one-square castling.
		king = SquareAt(m.From.File()+dir, r)
		return king, m.To, m.From
	}
	for f := m.To.File() + dir; ; f += dir {
		if p.board[SquareAt(f, r)] != 0 {
			return m.To, SquareAt(f, r), SquareAt(m.To.File()-dir, r)
		}
	}
}

// castledKing returns where the castling move m has taken the King, given
// where it took the Rook: next to it, away from the King's start.
func castledKing(m Move, rookTo Square) Square {
	dir := sign(m.To.File() - m.From.File())
	return SquareAt(rookTo.File()+dir, rookTo.Rank())
}
