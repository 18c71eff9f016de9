package rules

// This file holds the Dev of Giant Chess (RULES R14, R15): a piece that
// stands on an aligned 2x2 block, moves a block at a time and captures
// everything in the block it enters, and that other pieces capture only
// when the capturing side attacks all four of its squares.

// block returns the lower-left square of the aligned 2x2 block holding s.
func block(s Square) Square { return SquareAt(s.File()&^1, s.Rank()&^1) }

// blockSquares returns the four squares of the block whose lower-left
// square is ll.
func blockSquares(ll Square) [4]Square {
	return [4]Square{ll, ll + 1, ll + MaxFiles, ll + MaxFiles + 1}
}

// devSteps are the Dev's moves: one block up, down, right or left.
var devSteps = [4]vec{{0, 2}, {0, -2}, {2, 0}, {-2, 0}}

// devMoves appends the moves of the Dev pc whose block has from as a
// square: into each adjacent block that holds none of its side's pieces.
// A Dev's moves are listed from its lower-left square only.
func (p *Position) devMoves(moves []Move, from Square, pc Piece, capturesOnly bool) []Move {
	if from != block(from) {
		return moves
	}
	foe := &p.v.foe[pc.Color()]
	for _, d := range devSteps {
		to, ok := p.v.step(from, d)
		if !ok {
			continue
		}
		takes, open := false, true
		for _, q := range blockSquares(to) {
			if t := p.board[q]; t != 0 {
				if !foe.has(t) {
					open = false
					break
				}
				takes = true
			}
		}
		if open && (takes || !capturesOnly) {
			moves = append(moves, Move{From: from, To: to, Kind: MoveDev})
		}
	}
	return moves
}

// jointAttack says whether colour by attacks all four squares of the block
// holding s (RULES R15).
func (p *Position) jointAttack(s Square, by Color) bool {
	for _, q := range blockSquares(block(s)) {
		if !p.attacked(q, by) {
			return false
		}
	}
	return true
}

// devAttacks says whether a Dev of colour by attacks s: it stands in a
// block next to s's block, and s's block holds none of by's pieces.
func (p *Position) devAttacks(at *attackTable, s Square, by Color) bool {
	hit := false
	for _, d := range at.devs {
		if pc := p.board[d.ll]; pc != 0 && d.set.has(pc) {
			hit = true
			break
		}
	}
	if !hit {
		return false
	}
	for _, q := range blockSquares(block(s)) {
		if pc := p.board[q]; pc != 0 && pc.Color() == by {
			return false
		}
	}
	return true
}

// devPromotionFits says whether a piece arriving on to may become a Dev:
// the block holding to is empty but for to itself, or is the Dev the move
// captures.
func (p *Position) devPromotionFits(to Square, kind MoveKind) bool {
	if kind == MoveTakeDev {
		return true
	}
	for _, q := range blockSquares(block(to)) {
		if q != to && p.board[q] != 0 {
			return false
		}
	}
	return true
}

// checkDevBlocks reports the first square of a board where a Dev letter
// does not stand on a whole aligned block of four letters of one colour.
func (v *Variant) checkDevBlocks(board *[NumSquares]Piece) (Square, bool) {
	if !v.hasDev {
		return NoSquare, true
	}
	for sq := Square(0); sq < NumSquares; sq++ {
		pc := board[sq]
		if pc == 0 || !v.devs.has(pc) {
			continue
		}
		for _, q := range blockSquares(block(sq)) {
			if board[q] != pc {
				return sq, false
			}
		}
	}
	return NoSquare, true
}

// IsDev says whether pieces of type t stand on a 2x2 block (the Dev of
// Giant Chess): a board shows one such piece across its four squares.
func (v *Variant) IsDev(t PieceType) bool { return t > 0 && int(t) <= len(v.types) && v.types[t-1].dev }
