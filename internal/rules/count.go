package rules

import "math/bits"

// Counting at perft's last ply. Perft counts the last ply's moves without
// listing them (legalCount). Where a move is legal as generated (the side
// neither in check nor pinned, no line to its King can open), a piece
// whose moves are all plain leaps and rides has its moves counted on the
// board instead of listed and judged one by one; the Pawns are counted
// set-wise (bulk.go). The moves that need a judgement (the King's,
// promotions, en passant, castling, the captures that explode) are listed
// as before.

// pseudoCounted is pseudoIn for the side to move's pieces but those on
// skip, for a count where the side is neither in check nor pinned and no
// line to its King can open (legalKingSafe's free count): it counts,
// without listing them, the moves of the pieces other than the King whose
// moves are all plain (moveTable.plainAll), legal as generated there, and
// lists the others, which the count judges one by one. It returns the
// list and the moves counted: to an empty square and captures apart.
func (p *Position) pseudoCounted(moves []Move, skip *bitboard) (_ []Move, quiet, caps int) {
	return p.pseudoCountedIn(moves, skip, &bitboard{}, false)
}

// pseudoCountedIn is pseudoCounted where the pieces on full have all their
// moves listed (pinned pieces), and with listCaps the captures of the
// pieces counted are listed too and not counted (where captures explode,
// each is tried).
func (p *Position) pseudoCountedIn(moves []Move, skip, full *bitboard, listCaps bool) (_ []Move, quiet, caps int) {
	if !p.v.plainTables {
		rest := skip.not()
		return p.pseudoIn(moves, false, &rest), 0, 0
	}
	us := p.side
	ks := p.king[us]
	hasFrozen := p.v.hasFrozen
	for w := range p.occ[us] {
		for bb := p.occ[us][w] &^ skip[w]; bb != 0; bb &= bb - 1 {
			sq := Square(w*64 + bits.TrailingZeros64(bb))
			pc := p.board[sq]
			if hasFrozen && p.frozen(pc) {
				continue
			}
			if p.v.dispatch.has(pc) {
				moves = p.pieceMoves(moves, sq, pc, false)
				continue
			}
			if mt := &p.v.moves[us][int(pc.Type())*NumSquares+int(sq)]; mt.plainAll && sq != ks && !full.has(sq) {
				q, c := p.plainCount(mt)
				quiet += q
				if listCaps {
					moves = p.shapeMoves(moves, sq, pc, true)
				} else {
					caps += c
				}
				continue
			}
			moves = p.shapeMoves(moves, sq, pc, false)
		}
	}
	if k := p.castler(us); k != NoSquare && !skip.has(k) {
		moves = p.kingRights(moves, false)
	}
	return moves, quiet, caps
}

// plainCount counts the moves of a move table whose moves are all plain
// (moveTable.plainAll), as shapeMoves lists them: to an empty square and
// captures apart.
func (p *Position) plainCount(mt *moveTable) (quiet, caps int) {
	b := &p.board
	foe := &p.v.foe[p.side]
	for i := range mt.leaps {
		e := &mt.leaps[i]
		switch target := b[e.to]; {
		case target == 0:
			if e.plain != plainCapture {
				quiet++
			}
		case e.plain != plainMove && foe.has(target):
			caps++
		}
	}
	for i := range mt.rides {
		for _, to := range mt.rides[i].ray {
			if target := b[to]; target != 0 {
				if foe.has(target) {
					caps++
				}
				break
			}
			quiet++
		}
	}
	return quiet, caps
}
