package rules

import "slices"

// Pieces that never move backward (docs/RULES.md, "Pawns on their own
// first rank"). A Pawn on its own first rank cannot arise in a game of
// chess: Pawns start on the second rank, only go forward, and nothing puts
// one back. The engine decides this from the variant's data, never from
// its name: a piece type of a colour may not stand on that colour's first
// rank when
//
//   - every move of its Betza and bent shapes keeps or increases its rank
//     seen from its side (no shape has a backward component), no behaviour
//     moves it backward (the Dev moves by blocks in every direction), and
//     it is not the royal piece;
//   - no piece promotes to it (a promotion could create it anywhere its
//     promoting piece goes);
//   - the colour's pieces of the type all stand above the first rank in the
//     start position (a type absent from a side's start restricts nothing
//     for that side, so an inline variant whose start has no Pawn imposes
//     nothing);
//   - it does not take en passant in a variant where a double step can land
//     on the last rank (lastRankDoubleStep).
//
// Only the first rank is barred, not every rank below the lowest start
// rank: hand-made test positions (the Grand Chess and Giant Chess perft
// suites) put Pawns on ranks their Pawns never reach, and a stricter rule
// would reject positions clients already send. The barred types are found
// once per variant, when it is compiled (findHomes), and NewPosition checks
// every piece against them.

// firstRankBarred returns, for each colour, the piece types that may not
// stand on the colour's own first rank. board is the start position.
func (v *Variant) firstRankBarred(board *[NumSquares]Piece) [2]typeSet {
	var low [2][MaxPieceTypes + 1]int // lowest rank seen from the colour, 0: absent
	for sq := Square(0); sq < NumSquares; sq++ {
		pc := board[sq]
		if pc == 0 || !v.onBoard.has(sq) || int(pc.Type()) > len(v.types) {
			continue
		}
		c, t := pc.Color(), pc.Type()
		if r := v.relRank(sq, c); low[c][t] == 0 || r < low[c][t] {
			low[c][t] = r
		}
	}
	var barred [2]typeSet
	takersExempt := v.lastRankDoubleStep()
	for t := PieceType(1); int(t) <= len(v.types); t++ {
		if !v.neverBackward(t) || takersExempt && v.typ(t).epTaker {
			continue
		}
		for c := White; c <= Black; c++ {
			if low[c][t] > 1 {
				barred[c].add(t)
			}
		}
	}
	return barred
}

// lastRankDoubleStep says whether a double step that makes en passant
// can land on the last rank (the Cazaux games, whose Pawns double-step from
// any rank). The rulings let it be taken en passant there (RULES R7), a
// capture only a taker standing on its own first rank can make, so the
// takers are then not barred from that rank: the ruling keeps its meaning.
func (v *Variant) lastRankDoubleStep() bool {
	for i := range v.types {
		pt := &v.types[i]
		if !pt.epMaker || pt.DoubleStep == nil {
			continue
		}
		ds := pt.DoubleStep
		if len(ds.Ranks) == 0 && len(ds.Squares) == 0 || slices.Contains(ds.Ranks, v.ranks-2) {
			return true
		}
		for _, sq := range pt.doubleFrom[White] {
			if sq.Rank() == v.ranks-3 {
				return true
			}
		}
	}
	return false
}

// neverBackward says whether pieces of type t can never come to a lower
// rank, seen from their side, than the one they stand on.
func (v *Variant) neverBackward(t PieceType) bool {
	pt := v.typ(t)
	if t == v.royal || pt.dev || v.targets.has(t) {
		return false
	}
	for _, s := range v.shapes[t-1] {
		if s.v.dr < 0 {
			return false
		}
		if (s.kind == shapeBent || s.kind == shapeSlideStep) && s.v2.dr < 0 {
			return false
		}
	}
	return true
}

// onBarredRank returns an ErrIllegalPosition when the piece pc on sq
// stands on its own first rank, where its type cannot come
// (firstRankBarred).
func (v *Variant) onBarredRank(pc Piece, sq Square) error {
	if !v.barred[pc.Color()].has(pc.Type()) || v.relRank(sq, pc.Color()) != 1 {
		return nil
	}
	name := v.typ(pc.Type()).Name
	return newError(ErrIllegalPosition, fieldBoard, -1,
		"%s %s on %s stands on its own first rank: a %s never moves backward and %s's %ss start above it",
		pc.Color(), name, sq, name, pc.Color(), name)
}
