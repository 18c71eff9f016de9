package rules

import "math/bits"

// Castling: the King and a Rook of its rank, both unmoved (the rights of
// the FEN), move in one turn. Where the definition gives no landing files
// the King moves two files toward the Rook and the Rook lands on the square
// it passed; with CastlingDef.Sides they land on the files given, as in
// Fairy-Stockfish (its castlingKingsideFile and castlingQueensideFile): every
// square the King and the Rook pass or land on is empty but for the two of
// them, the King is not in check, and no square it passes or lands on is
// attacked. AnyStart (Chess960, chess960.go) and AnyDistance
// (castledistance.go) are the other forms.
//
// A castling move is written as the King's move to its landing square
// (e1g1), except where that would read as a step of the King: where the King
// moves less than two files (the King of Fairy-Stockfish's haynie, d1 to
// c1) the move is written King takes Rook (d1a1), as Fairy-Stockfish writes
// it, and so is every castling move with AnyStart.

// castler returns the square of colour c's piece that castles: its royal
// piece, or where no piece is royal, the castling King on its start square
// (NoSquare when it is not there).
func (p *Position) castler(c Color) Square {
	if p.v.royal != 0 {
		return p.king[c]
	}
	if p.v.anyStart {
		if k := p.castleFrom[c]; p.castle[c] != 0 && k != NoSquare && p.board[k] == makePiece(p.v.castleKing, c) {
			return k
		}
		return NoSquare
	}
	if h := p.v.kingHome[c]; h != NoSquare && p.board[h] == makePiece(p.v.castleKing, c) {
		return h
	}
	return NoSquare
}

// castlingMoves appends the castling moves allowed by the rights, apart
// from the final test that the King does not land in check. A castling
// King that is not royal castles without regard to attacks.
func (p *Position) castlingMoves(moves []Move) []Move {
	if p.v.anyDistance {
		return p.castlingAnyDistance(moves)
	}
	if p.v.castleData {
		return p.castlingByData(moves)
	}
	us, them := p.side, p.side.Other()
	k := p.castler(us)
	if k == NoSquare {
		return moves
	}
	royal := p.v.royal != 0
	kf, r := k.File(), k.Rank()
	for rights := p.castle[us]; rights != 0; rights &= rights - 1 {
		rf := bits.TrailingZeros16(rights)
		dir := 1
		if rf < kf {
			dir = -1
		}
		if (rf-kf)*dir < 3 {
			continue
		}
		clear := true
		for f := kf + dir; f != rf; f += dir {
			if p.board[SquareAt(f, r)] != 0 || p.v.holes.has(SquareAt(f, r)) {
				clear = false
				break
			}
		}
		if !clear || royal && p.castleAttacked(SquareAt(kf+dir, r), them, k) {
			continue
		}
		moves = append(moves, Move{From: k, To: SquareAt(kf+2*dir, r), Kind: MoveCastle})
	}
	return moves
}

// castlingByData appends the castling moves of a variant whose King and
// Rook land on given files (CastlingDef.Sides), apart from the final test
// that the King does not land in check: for each right, every square
// between the King and its landing square and between the Rook and its own
// is empty but for those two pieces, and no square the King passes before
// it lands is attacked. Where the King and Rooks start on fixed squares, the
// Rook must be the first piece beside the King; with AnyStart, and where the
// King moves less than two files (castleOnRook), the move's To is the
// Rook's square, otherwise the King's landing square.
func (p *Position) castlingByData(moves []Move) []Move {
	us, them := p.side, p.side.Other()
	k := p.castler(us)
	if k == NoSquare {
		return moves
	}
	royal := p.v.royal != 0
	kf, r := k.File(), k.Rank()
	if r != p.v.castleRank[us] {
		return moves
	}
	for rights := p.castle[us]; rights != 0; rights &= rights - 1 {
		rf := bits.TrailingZeros16(rights)
		side := 0
		if rf > kf {
			side = 1
		}
		kt, rt := p.v.castleTo[side][0], p.v.castleTo[side][1]
		if !p.v.anyStart && !p.emptyBetween(r, kf, rf) {
			continue
		}
		if !p.castleClear(r, kf, kt, kf, rf) || !p.castleClear(r, rf, rt, kf, rf) {
			continue
		}
		safe := true
		for f, dir := kf, sign(kt-kf); f != kt && safe; {
			f += dir
			safe = f == kt || !royal || !p.castleAttacked(SquareAt(f, r), them, k)
		}
		if !safe {
			continue
		}
		to := SquareAt(kt, r)
		if p.v.anyStart || p.v.castleOnRook[us][side] {
			to = SquareAt(rf, r)
		}
		moves = append(moves, Move{From: k, To: to, Kind: MoveCastle})
	}
	return moves
}

// castleClear says whether every square of rank r from file a (excluded)
// to file b (included) is empty but for the files k and q (the King and
// the Rook).
func (p *Position) castleClear(r, a, b, k, q int) bool {
	for f, dir := a, sign(b-a); f != b; {
		f += dir
		if f != k && f != q && (p.board[SquareAt(f, r)] != 0 || p.v.holes.has(SquareAt(f, r))) {
			return false
		}
	}
	return true
}

// emptyBetween says whether the squares of rank r strictly between files a
// and b are empty.
func (p *Position) emptyBetween(r, a, b int) bool {
	for f := min(a, b) + 1; f < max(a, b); f++ {
		if p.board[SquareAt(f, r)] != 0 || p.v.holes.has(SquareAt(f, r)) {
			return false
		}
	}
	return true
}

// castleSide is the side of the castling move m of a variant with
// CastlingDef.Sides: 1 toward the higher files, 0 toward the lower.
func (p *Position) castleSide(m Move) int {
	if p.v.anyStart {
		return b2i(m.To.File() > m.From.File())
	}
	for side := 1; side >= 0; side-- {
		if !p.v.castleOnRook[p.side][side] && m.To.File() == p.v.castleTo[side][0] {
			return side
		}
	}
	return b2i(m.To.File() > m.From.File()) // King takes Rook
}

// onRook says whether the castling move m is written King takes Rook: its
// To is the Rook's square.
func (p *Position) onRook(m Move) bool {
	return p.v.anyStart || p.v.castleOnRook[p.side][p.castleSide(m)]
}

// castleKing returns the square the castling move m takes the King to.
func (p *Position) castleKing(m Move) Square {
	if !p.onRook(m) {
		return m.To
	}
	return SquareAt(p.v.castleTo[p.castleSide(m)][0], m.From.Rank())
}

// castleSquares returns where the castling move m, before it is made, takes
// the King and, from and to, the Rook.
func (p *Position) castleSquares(m Move) (king, rookFrom, rookTo Square) {
	if p.v.anyDistance {
		return p.castleSquaresAnyDistance(m)
	}
	if !p.v.castleData {
		rookFrom, rookTo = p.castleRook(m)
		return m.To, rookFrom, rookTo
	}
	r, side := m.From.Rank(), p.castleSide(m)
	rookTo = SquareAt(p.v.castleTo[side][1], r)
	if p.onRook(m) {
		return p.castleKing(m), m.To, rookTo
	}
	dir := 2*side - 1
	for f := m.From.File() + dir; ; f += dir {
		if p.board[SquareAt(f, r)] != 0 {
			return m.To, SquareAt(f, r), rookTo
		}
	}
}

// onRookSides says, for a King starting on k, which sides of castling with
// CastlingDef.Sides (not AnyStart) move it less than two files, so that the
// move is written King takes Rook: [0] toward the lower files, [1] toward
// the higher.
func (v *Variant) onRookSides(k Square) (on [2]bool) {
	if !v.castleData || v.anyStart || v.anyDistance {
		return on
	}
	for side := range on {
		on[side] = abs(v.castleTo[side][0]-k.File()) < 2
	}
	return on
}

// b2i is 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
