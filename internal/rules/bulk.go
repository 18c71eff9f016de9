package rules

import "math/bits"

// Counting a side's Pawns set-wise at perft's last ply.
//
// Perft counts the last ply's moves without listing them (legalCount).
// Most of those moves, in a game of many Pawns (Horde's 36), are a Pawn's
// step, double step or capture, each found by walking that Pawn's move
// table. A plan counts them for all Pawns at once, as the bitboard engines
// generate Pawn moves: the Pawns' squares shifted by the step, masked with
// the empty squares, counted by a population count.
//
// A plan is made from the compiled move tables, never from the piece's
// name or its Betza string, so it holds on any board: a type of a colour
// has one when, on each square of the plan, its table has only plain leaps
// (no condition on other squares, no promotion at the destination) and a
// double step that promotes nowhere; its leaps fall into at most
// bulkMaxGroups kinds of move by the same square difference. A square
// where the type may promote, or where its table has anything else, is
// left out of the plan, and a piece there is generated as before.

// bulkMaxGroups bounds a plan's groups: past a Pawn's three (a step and two
// captures) a shift per group costs more than walking the tables of the
// few pieces a side has of such a type.
const bulkMaxGroups = 4

// bulkGroup is one kind of plain leap of a plan: from each square of from
// to the square delta further, as a move (plainMove), a capture
// (plainCapture, plainCaptureEP) or either (plainBoth).
type bulkGroup struct {
	from  bitboard
	delta int
	kind  uint8
}

// bulkPlan counts the moves of one piece type of one colour on the plan's
// squares.
type bulkPlan struct {
	t       PieceType
	squares bitboard // where every move of the type is in groups or double
	groups  []bulkGroup
	// double holds the squares of squares with a double step, step the
	// square difference to the square it passes (the same again to its
	// destination).
	double bitboard
	step   int
	// narrow: every square of the plan and of its moves is in the
	// bitboard's first two words (boards of up to 8 ranks), which count2
	// reads alone.
	narrow bool
	// ep: some group takes en passant, which a plan does not count: a
	// position with an en-passant square is counted without the plan
	// (bulkFor).
	ep bool
}

// setBulk sets the plan of each colour: for the type that has a plan and
// the most pieces in the start position (counts), if any. There is none in
// a variant with Devs, whose moves depend on more than the tables; nor is
// a plan used in a game whose kit has powers or pieces that cannot be
// captured (kit.bulk). The start position, made before, gets
// its Pawns' squares.
func (v *Variant) setBulk(counts *[2][MaxPieceTypes + 1]uint8) {
	if v.hasDev {
		return
	}
	for c := White; c <= Black; c++ {
		most := uint8(0)
		for ti := range v.types {
			t := PieceType(ti + 1)
			// The royal piece's moves are tried; the castling piece's
			// square brings its castling moves (pseudoIn).
			if counts[c][t] <= most || t == v.royal || t == v.castleKing || v.dispatch.has(makePiece(t, c)) || v.types[ti].FrozenMoves > 0 {
				continue
			}
			if bp := v.bulkPlan(t, c); bp != nil {
				v.bulk[c], v.bulkType[c], most = bp, t, counts[c][t]
			}
		}
	}
	for sq := Square(0); sq < NumSquares; sq++ {
		if pc := v.start.board[sq]; pc != 0 && pc.Type() == v.bulkType[pc.Color()] {
			v.start.pawns[pc.Color()].set(sq)
		}
	}
}

// bulkPlan returns the plan of type t for colour c, or nil where no square
// can have one or the type's leaps fall into too many groups.
func (v *Variant) bulkPlan(t PieceType, c Color) *bulkPlan {
	bp := &bulkPlan{t: t}
	stepSet := false
	for sq := Square(0); sq < NumSquares; sq++ {
		if !v.onBoard.has(sq) {
			continue
		}
		mt := &v.moves[c][int(t)*NumSquares+int(sq)]
		if len(mt.rides) > 0 || len(mt.bents) > 0 || len(mt.slides) > 0 || mt.triple != NoSquare {
			continue
		}
		plain := true
		for i := range mt.leaps {
			plain = plain && mt.leaps[i].plain != 0
		}
		if !plain {
			continue
		}
		if mt.double != NoSquare {
			mid := int(mt.doubleMid - sq)
			if int(mt.double-mt.doubleMid) != mid || stepSet && mid != bp.step ||
				mt.doublePromote && v.zone[c][mt.double] != zoneNone {
				continue
			}
			bp.step, stepSet = mid, true
			bp.double.set(sq)
		}
		for i := range mt.leaps {
			e := &mt.leaps[i]
			bp.group(int(e.to-sq), e.plain).from.set(sq)
			bp.ep = bp.ep || e.plain == plainCaptureEP
		}
		bp.squares.set(sq)
	}
	if bp.squares == (bitboard{}) || len(bp.groups) > bulkMaxGroups {
		return nil
	}
	bp.narrow = v.words <= 2 && abs(bp.step) < 64
	for _, g := range bp.groups {
		bp.narrow = bp.narrow && abs(g.delta) < 64
	}
	return bp
}

// group returns the plan's group of the leaps by delta of kind, added when
// new.
func (bp *bulkPlan) group(delta int, kind uint8) *bulkGroup {
	for i := range bp.groups {
		if g := &bp.groups[i]; g.delta == delta && g.kind == kind {
			return g
		}
	}
	bp.groups = append(bp.groups, bulkGroup{delta: delta, kind: kind})
	return &bp.groups[len(bp.groups)-1]
}

// bulkFor returns the plan of the side to move and the squares of its
// pieces that it counts, or nil where it counts nothing here: a kit with
// powers or pieces that cannot be captured, or an en-passant square that a
// plan's captures may take.
func (p *Position) bulkFor() (*bulkPlan, bitboard) {
	bp := p.v.bulk[p.side]
	if bp == nil || !p.kit.bulk || bp.ep && (p.ep != NoSquare || p.epFar != NoSquare) {
		return nil, bitboard{}
	}
	var on bitboard
	for w := range on {
		on[w] = p.pawns[p.side][w] & bp.squares[w]
	}
	if on == (bitboard{}) {
		return nil, on
	}
	return bp, on
}

// count returns the number of moves of the pieces on the squares of on,
// the moves shapeMoves lists for them where no en-passant square is set:
// those to an empty square and the captures apart.
func (bp *bulkPlan) count(p *Position, on *bitboard) (quiet, captures int) {
	if bp.narrow {
		return bp.count2(p, on)
	}
	us, them := p.side, p.side.Other()
	own, foe := &p.occ[us], &p.occ[them]
	var empty bitboard
	for w := range empty {
		empty[w] = ^(own[w] | foe[w])
	}
	for i := range bp.groups {
		g := &bp.groups[i]
		var src bitboard
		for w := range src {
			src[w] = on[w] & g.from[w]
		}
		dst := shifted(&src, g.delta)
		for w := range dst {
			if g.kind != plainMove {
				captures += bits.OnesCount64(dst[w] & foe[w])
			}
			if g.kind == plainBoth || g.kind == plainMove {
				quiet += bits.OnesCount64(dst[w] & empty[w])
			}
		}
	}
	if bp.double != (bitboard{}) {
		var src bitboard
		for w := range src {
			src[w] = on[w] & bp.double[w]
		}
		mid := shifted(&src, bp.step)
		for w := range mid {
			mid[w] &= empty[w]
		}
		to := shifted(&mid, bp.step)
		for w := range to {
			quiet += bits.OnesCount64(to[w] & empty[w])
		}
	}
	return quiet, captures
}

// count2 is count where the plan is narrow: the first two words alone.
func (bp *bulkPlan) count2(p *Position, on *bitboard) (quiet, captures int) {
	us, them := p.side, p.side.Other()
	foe0, foe1 := p.occ[them][0], p.occ[them][1]
	empty0, empty1 := ^(p.occ[us][0] | foe0), ^(p.occ[us][1] | foe1)
	for i := range bp.groups {
		g := &bp.groups[i]
		d0, d1 := shifted2(on[0]&g.from[0], on[1]&g.from[1], g.delta)
		if g.kind != plainMove {
			captures += bits.OnesCount64(d0&foe0) + bits.OnesCount64(d1&foe1)
		}
		if g.kind == plainBoth || g.kind == plainMove {
			quiet += bits.OnesCount64(d0&empty0) + bits.OnesCount64(d1&empty1)
		}
	}
	if bp.double[0]|bp.double[1] != 0 {
		m0, m1 := shifted2(on[0]&bp.double[0], on[1]&bp.double[1], bp.step)
		t0, t1 := shifted2(m0&empty0, m1&empty1, bp.step)
		quiet += bits.OnesCount64(t0&empty0) + bits.OnesCount64(t1&empty1)
	}
	return quiet, captures
}

// bulkCount is what a plan counted of the side's moves without listing
// them (legalKingSafe, legalUnroyal).
type bulkCount struct{ quiet, captures int }

// total returns the moves counted, n listed besides them, capsListed of
// those captures: with compulsory captures, the captures alone where
// there is one.
func (bc bulkCount) total(p *Position, n, capsListed int) int {
	if !p.v.mustCapture {
		return n + bc.quiet + bc.captures
	}
	if caps := capsListed + bc.captures; caps > 0 {
		return caps
	}
	return n + bc.quiet
}

// shifted2 is shifted for the bitboard of two words lo, hi, by |d| < 64.
func shifted2(lo, hi uint64, d int) (uint64, uint64) {
	if d >= 0 {
		s := uint(d)
		return lo << s, hi<<s | lo>>(64-s)
	}
	s := uint(-d)
	return lo>>s | hi<<(64-s), hi >> s
}

// shifted returns b with every square moved by d: toward the higher
// squares for d > 0. Squares moved past either end are dropped.
func shifted(b *bitboard, d int) (r bitboard) {
	const n = len(bitboard{})
	if d >= 0 {
		w, s := d>>6, uint(d&63)
		for i := n - 1; i >= w; i-- {
			r[i] = b[i-w] << s
			if s != 0 && i-w > 0 {
				r[i] |= b[i-w-1] >> (64 - s)
			}
		}
		return r
	}
	d = -d
	w, s := d>>6, uint(d&63)
	for i := 0; i+w < n; i++ {
		r[i] = b[i+w] >> s
		if s != 0 && i+w+1 < n {
			r[i] |= b[i+w+1] << (64 - s)
		}
	}
	return r
}
