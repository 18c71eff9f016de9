package rules

import (
	"math/bits"
	"slices"
)

// completedMoves returns how many moves colour c has completed, counting
// from move 1 of the FEN's move number.
func (p *Position) completedMoves(c Color) int {
	n := p.fullmove - 1
	if c == White && p.side == Black {
		n++
	}
	return n
}

// frozen says whether pc may neither move nor give check yet (RULES R20).
func (p *Position) frozen(pc Piece) bool {
	fm := p.v.types[pc.Type()-1].FrozenMoves
	return fm > 0 && p.completedMoves(pc.Color()) < fm
}

// attacked says whether any piece of colour by could capture on s if it
// were by's turn, ignoring pins (RULES R1). It walks reversed probes from
// s instead of generating the attacker's moves, and finds the attackers of
// grouped leaps among by's pieces (occ[by]), which must agree with the
// board for by.
func (p *Position) attacked(s Square, by Color) bool { return p.attackedPins(s, by, nil) }

// attackedPins is attacked, and with pins it also records there the pieces
// of the other side pinned to s along the lines it walks (what pinned
// returns), in the same walk: legalMoves needs both for the King's square.
// The pins are complete only when s is not attacked.
func (p *Position) attackedPins(s Square, by Color, pins *bitboard) bool {
	at := p.kit.table(by, s)
	b := &p.board
	// An attacker gives check unless it is idle: Position.idle, written out
	// in each probe below with no local flags, which keep the loops lean.
	for i := range at.leaps[:at.scan] {
		lp := &at.leaps[i]
		pc := b[lp.from]
		if pc == 0 || !lp.set.has(pc) {
			continue
		}
		if lp.empty[0] != NoSquare && (b[lp.empty[0]] != 0 || lp.empty[1] != NoSquare && b[lp.empty[1]] != 0) {
			continue
		}
		if lp.full != NoSquare && b[lp.full] == 0 {
			continue
		}
		if lp.either[0] != NoSquare && b[lp.either[0]] != 0 && b[lp.either[1]] != 0 {
			continue
		}
		if lp.via != NoSquare && b[lp.via] != 0 && !p.v.foe[by].has(b[lp.via]) {
			continue
		}
		if (!p.v.hasFrozen || !p.frozen(pc)) && (!p.kit.odd || !p.stuck.has(lp.from)) {
			return true
		}
	}
	occ := &p.occ[by]
	words := p.v.words
	for i := range at.groups {
		g := &at.groups[i]
		for w := 0; w < words; w++ {
			for x := g.from[w] & occ[w]; x != 0; x &= x - 1 {
				from := Square(w*64 + bits.TrailingZeros64(x))
				if pc := b[from]; g.set.has(pc) && (!p.v.hasFrozen || !p.frozen(pc)) && (!p.kit.odd || !p.stuck.has(from)) {
					return true
				}
			}
		}
	}
	for i := range at.rays {
		rp := &at.rays[i]
		if words <= 2 && rp.mask[0]&occ[0]|rp.mask[1]&occ[1] == 0 ||
			words > 2 && rp.mask[0]&occ[0]|rp.mask[1]&occ[1]|rp.mask[2]&occ[2]|rp.mask[3]&occ[3] == 0 {
			continue
		}
		ray := rp.ray
		k := 0
		for k < len(ray) && b[ray[k]] == 0 {
			k++
		}
		if k == len(ray) {
			continue
		}
		pc := b[ray[k]]
		if rp.near != nil && rp.near[k].has(pc) && (!p.v.hasFrozen || !p.frozen(pc)) && (!p.kit.odd || !p.stuck.has(ray[k])) {
			return true
		}
		pin := pins != nil && rp.near != nil && pc.Color() != by
		if rp.hop == nil && rp.grass == nil && rp.kangaroo == nil && !pin {
			continue
		}
		screen := k
		for k++; k < len(ray) && b[ray[k]] == 0; k++ {
		}
		if k == len(ray) {
			continue
		}
		pc = b[ray[k]]
		if pin && rp.near[k].has(pc) {
			pins.set(ray[screen])
		}
		if rp.hop == nil && rp.grass == nil && rp.kangaroo == nil {
			continue
		}
		if (rp.hop != nil && rp.hop[k].has(pc) || screen == 0 && rp.grass != nil && rp.grass[k].has(pc)) &&
			(!p.v.hasFrozen || !p.frozen(pc)) && (!p.kit.odd || !p.stuck.has(ray[k])) {
			return true
		}
		if rp.kangaroo == nil || screen != 0 {
			continue
		}
		for k++; k < len(ray) && b[ray[k]] == 0; k++ {
		}
		if k == len(ray) {
			continue
		}
		if pc = b[ray[k]]; rp.kangaroo[k].has(pc) && (!p.v.hasFrozen || !p.frozen(pc)) && (!p.kit.odd || !p.stuck.has(ray[k])) {
			return true
		}
	}
	if len(at.devs) > 0 && p.devAttacks(at, s, by) {
		return true
	}
	for i := range at.bents {
		bp := &at.bents[i]
		for k, piv := range bp.ray {
			if b[piv] != 0 {
				break
			}
			o := bp.origin[k]
			if o == NoSquare {
				continue
			}
			if pc := b[o]; pc != 0 && bp.set.has(pc) && (!p.v.hasFrozen || !p.frozen(pc)) && (!p.kit.odd || !p.stuck.has(o)) {
				return true
			}
		}
	}
	return p.kit.odd && p.oddAttacksCheck(s, by)
}

// attackedExcept is attacked with square skip treated as empty: the King's
// own square when testing where it may step.
func (p *Position) attackedExcept(s Square, by Color, skip Square) bool {
	saved := p.board[skip]
	p.board[skip] = 0
	a := p.attacked(s, by)
	p.board[skip] = saved
	return a
}

// danger returns the squares where a move by us could open an attack on
// us's King at ks other than a plain ride (which pins cover), looking only
// at enemy pieces that stand where such an attack could come from: the
// legs of their lame, jumping, two-part and Archer leaps onto ks; on each
// line to ks that holds an enemy hopper, the squares up to and including
// the second piece (the screen and the piece behind it decide a hopper's
// attack; a change beyond them decides nothing), the third for a Kangaroo;
// on each bent path to ks with an enemy bent rider at one of its origins,
// the squares up to and including the first piece.
func (p *Position) danger(ks Square, us Color) bitboard {
	them := us.Other()
	var d bitboard
	at := p.kit.table(them, ks)
	b := &p.board
	for i := range at.leaps[:at.legged] {
		lp := &at.leaps[i]
		if pc := b[lp.from]; pc == 0 || !lp.set.has(pc) {
			continue
		}
		for _, s := range lp.legs() {
			if s != NoSquare {
				d.set(s)
			}
		}
	}
	for i := range at.rays {
		rp := &at.rays[i]
		if (rp.hop != nil || rp.grass != nil || rp.kangaroo != nil) && rp.hopperOn(b) {
			rp.markDeciding(&d, b)
		}
	}
	// A Dev next to the King's block attacks it once the block holds none
	// of the Dev's side's pieces: a capture there can expose the King.
	for _, dp := range at.devs {
		if pc := b[dp.ll]; pc != 0 && dp.set.has(pc) {
			for _, q := range blockSquares(block(ks)) {
				d.set(q)
			}
			break
		}
	}
	for i := range at.bents {
		bp := &at.bents[i]
		if !bp.riderOn(b) {
			continue
		}
		for _, s := range bp.ray {
			d.set(s)
			if b[s] != 0 {
				break
			}
		}
	}
	return d
}

// markDeciding marks in d the squares of the ray whose contents decide
// its attack on the target: up to and including the first piece for a
// plain ride, the second for a hopper or a grasshopper (the screen and the
// piece behind it), the third for a Kangaroo; a change beyond them decides
// nothing.
func (rp *rayProbe) markDeciding(d *bitboard, b *[NumSquares]Piece) {
	last := 1
	switch {
	case rp.kangaroo != nil:
		last = 3
	case rp.hop != nil || rp.grass != nil:
		last = 2
	}
	seen := 0
	for _, s := range rp.ray {
		d.set(s)
		if b[s] != 0 {
			if seen++; seen == last {
				return
			}
		}
	}
}

// hopperOn says whether a piece that attacks over screens stands on the ray.
func (rp *rayProbe) hopperOn(b *[NumSquares]Piece) bool {
	for k, s := range rp.ray {
		pc := b[s]
		if pc != 0 && (rp.hop != nil && rp.hop[k].has(pc) || rp.grass != nil && rp.grass[k].has(pc) ||
			rp.kangaroo != nil && rp.kangaroo[k].has(pc)) {
			return true
		}
	}
	return false
}

// riderOn says whether a bent rider of the probe stands on one of its origins.
func (bp *bentProbe) riderOn(b *[NumSquares]Piece) bool {
	for _, o := range bp.origin {
		if o != NoSquare && b[o] != 0 && bp.set.has(b[o]) {
			return true
		}
	}
	return false
}

// InCheck says whether the side to move is in check: never in a variant
// without a royal piece.
func (p *Position) InCheck() bool {
	return p.checked(p.side)
}

// Checkers returns the squares of the pieces that give check to the side to
// move, in square order: those attacking its royal piece or one of its
// pseudo-royal pieces.
func (p *Position) Checkers() []Square {
	var out []Square
	if k := p.king[p.side]; k != NoSquare && !p.exempt(k, p.side.Other()) {
		out = p.attackersOf(k, p.side.Other(), false)
	}
	if p.v.guard != nil {
		out = append(out, p.guardCheckers()...)
		slices.Sort(out)
		out = slices.Compact(out)
	}
	return out
}

// attackersOf returns the squares of the pieces of colour by that could
// capture on sq, in square order; with first, only the first of them.
// Each piece's capture of sq is tested directly (pieceAttacks), so a piece
// counts even where another attacker stands behind it.
func (p *Position) attackersOf(sq Square, by Color, first bool) []Square {
	var out []Square
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.board[s]; pc != 0 && pc.Color() == by && p.pieceAttacks(s, sq) {
			out = append(out, s)
			if first {
				break
			}
		}
	}
	return out
}

// pieceAttacks says whether the piece on from could capture on to.
func (p *Position) pieceAttacks(from, to Square) bool {
	pc := p.board[from]
	if pc == 0 || p.idle(from, pc) {
		return false
	}
	if p.v.types[pc.Type()-1].power != powerNone {
		return p.powerHits(from, to)
	}
	target := p.board[to]
	// Put a stand-in enemy piece on the target so capture moves see it.
	stand := makePiece(p.v.royal, pc.Color().Other())
	p.board[to] = stand
	defer func() { p.board[to] = target }()
	var buf [64]Move
	for _, m := range p.pieceMoves(buf[:0], from, pc, true) {
		if m.To == to || m.Kind == MoveFromAfar && p.afarSquare(m) == to || m.Kind == MoveDev && block(to) == m.To {
			return true
		}
	}
	return false
}

// boardAlone says whether an attack test after the move m reads only what
// liftPlain changes: m is a step, a leap or a ride without promotion, and
// no piece has a power, a frozen state or a block.
func (p *Position) boardAlone(m Move) bool {
	return (m.Kind == MoveNormal || m.Kind == MoveDoubleStep) && m.Promotion == 0 && !p.kit.odd && !p.v.hasFrozen && !p.v.hasDev
}

// liftPlain makes the move m, for which boardAlone holds, on the board and
// the occupancy alone (no hash, counts, rights or clocks: what an attack
// test reads there), and returns the piece it took; dropPlain takes it
// back.
func (p *Position) liftPlain(m Move) Piece {
	us := p.side
	pc, taken := p.board[m.From], p.board[m.To]
	p.board[m.From], p.board[m.To] = 0, pc
	p.occ[us].clear(m.From)
	p.occ[us].set(m.To)
	if taken != 0 {
		p.occ[us.Other()].clear(m.To)
	}
	return taken
}

// dropPlain takes back the move liftPlain made, which took taken.
func (p *Position) dropPlain(m Move, taken Piece) {
	us := p.side
	p.board[m.From], p.board[m.To] = p.board[m.To], taken
	p.occ[us].set(m.From)
	p.occ[us].clear(m.To)
	if taken != 0 {
		p.occ[us.Other()].set(m.To)
	}
}
