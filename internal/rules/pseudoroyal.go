package rules

import (
	"math/bits"
	"slices"
)

// Pseudo-royal pieces: Coregal chess's Queens (RulesDef.PseudoRoyal;
// Fairy-Stockfish's extinctionPseudoRoyal with extinctionPieceTypes and
// extinctionPieceCount).
//
// A pseudo-royal piece may not be left attacked, as a King may not: a move
// after which one of the mover's pseudo-royal pieces is attacked is illegal
// (reason pseudo-royal-attacked), promotion to a pseudo-royal type
// included; a side with one attacked is in check, and a side in check with
// no legal move is checkmated. Unlike the royal piece there may be several,
// and each is guarded on its own. With UpTo, a side's pieces of a type are
// pseudo-royal only while it has UpTo or fewer of that type
// (Fairy-Stockfish's extinctionPieceCount + 1: UpTo 1 guards the last one).
// The royal piece, where there is one, keeps its own rules.
//
// Fairy-Stockfish also lets a move that captures a pseudo-royal piece leave
// the mover's attacked; that cannot arise here, since a position whose side
// not to move is in check is refused (RULES R37) and no legal move leaves
// one of the mover's pseudo-royal pieces attacked.

// guardRule is a compiled RulesDef.PseudoRoyal.
type guardRule struct {
	types typeSet
	upTo  int // 0: always pseudo-royal
}

// compileGuard reads RulesDef.PseudoRoyal.
func (v *Variant) compileGuard(r *RulesDef) error {
	g := r.PseudoRoyal
	if g == nil {
		return nil
	}
	x := &guardRule{upTo: g.UpTo}
	if g.UpTo < 0 || g.UpTo > 64 {
		return newError(ErrInvalidVariant, "rules.pseudoRoyal.upTo", -1, "upTo must be 1 to 64, or absent for always")
	}
	if len(g.Pieces) == 0 {
		return newError(ErrInvalidVariant, "rules.pseudoRoyal.pieces", -1, "name at least one piece type")
	}
	for k, name := range g.Pieces {
		field := fieldf("rules.pseudoRoyal.pieces[%d]", k)
		t, ok := v.typeNamed(name)
		switch {
		case !ok:
			return newError(ErrInvalidVariant, field, -1, "no piece has letter or name %q", name)
		case t == v.royal:
			return newError(ErrInvalidVariant, field, -1, "%q is royal already", name)
		case x.types.has(t):
			return newError(ErrInvalidVariant, field, -1, "%q is named twice", name)
		case v.immune.has(makePiece(t, White)):
			return newError(ErrInvalidVariant, field, -1, "%q cannot be captured: nothing can attack it", name)
		}
		x.types.add(t)
	}
	switch {
	case v.blast != nil:
		return newError(ErrInvalidVariant, "rules.pseudoRoyal", -1, "pseudo-royal pieces and explosions exclude each other")
	case v.noChecks:
		return newError(ErrInvalidVariant, "rules.pseudoRoyal", -1, `pseudo-royal pieces and givingCheck "illegal" exclude each other`)
	case v.perTurn > 1:
		return newError(ErrInvalidVariant, "rules.pseudoRoyal", -1, "pseudo-royal pieces and several moves a turn exclude each other")
	}
	v.guard = x
	return nil
}

// guardSquares returns the squares of colour c's pseudo-royal pieces.
func (p *Position) guardSquares(c Color) bitboard {
	var out bitboard
	g := p.v.guard
	for w := range p.occ[c] {
		for bb := p.occ[c][w]; bb != 0; bb &= bb - 1 {
			s := Square(w*64 + bits.TrailingZeros64(bb))
			t := p.board[s].Type()
			if g.types.has(t) && (g.upTo == 0 || int(p.count[c][t]) <= g.upTo) {
				out.set(s)
			}
		}
	}
	return out
}

// guardAttacked says whether one of colour c's pseudo-royal pieces is
// attacked.
func (p *Position) guardAttacked(c Color) bool {
	return p.anyAttacked(p.guardSquares(c), c.Other())
}

// anyAttacked says whether a square of g is attacked by colour by.
func (p *Position) anyAttacked(g bitboard, by Color) bool {
	for w := range g {
		for bb := g[w]; bb != 0; bb &= bb - 1 {
			if p.attacked(Square(w*64+bits.TrailingZeros64(bb)), by) {
				return true
			}
		}
	}
	return false
}

// guardCheckers returns the squares of the pieces that attack one of the
// side to move's pseudo-royal pieces.
func (p *Position) guardCheckers() []Square {
	g := p.guardSquares(p.side)
	var out []Square
	for w := range g {
		for bb := g[w]; bb != 0; bb &= bb - 1 {
			out = append(out, p.attackersOf(Square(w*64+bits.TrailingZeros64(bb)), p.side.Other(), false)...)
		}
	}
	return out
}

// exposesGuard says whether the pseudo-legal move m leaves one of the
// mover's pseudo-royal pieces attacked, g being their squares before it.
// A plain move without promotion changes no count, so their squares after
// it are g with the mover's moved along; other moves count them afresh.
func (p *Position) exposesGuard(m Move, g bitboard) bool {
	us := p.side
	known := (m.Kind == MoveNormal || m.Kind == MoveDoubleStep) && m.Promotion == 0
	if known && g.has(m.From) {
		g.clear(m.From)
		g.set(m.To)
	}
	if known && p.boardAlone(m) {
		taken := p.liftPlain(m)
		bad := p.anyAttacked(g, us.Other())
		p.dropPlain(m, taken)
		return bad
	}
	u := p.make(m)
	var bad bool
	if known {
		bad = p.anyAttacked(g, us.Other())
	} else {
		bad = p.guardAttacked(us)
	}
	p.unmake(m, u)
	return bad
}

// dropExposed drops, of the n legal moves moves[start:start+n], those that
// leave one of the mover's pseudo-royal pieces attacked, and returns how
// many are left. Where none is attacked now and the kit has only plain
// rides and leaps, a plain move by a piece that is not pseudo-royal and
// not pinned to one cannot expose one, and is kept untried; a plain move
// of one that is not pinned to another is tested on its landing square.
func (p *Position) dropExposed(moves []Move, start, n int) int {
	us, them := p.side, p.side.Other()
	g := p.guardSquares(us)
	trialAll := p.kit.lines || p.kit.odd || p.v.hasDev
	var pins bitboard
	// held: for the first attacked pseudo-royal piece found, the squares
	// deciding its attackers; a plain move of another piece with neither
	// square among them leaves it attacked (legalKingSafe's evasions).
	held := everySquare
	for w := range g {
		for bb := g[w]; bb != 0 && !trialAll; bb &= bb - 1 {
			if s := Square(w*64 + bits.TrailingZeros64(bb)); p.attackedPins(s, them, &pins) {
				if at := p.kit.table(them, s); !p.kit.frozen && len(at.devs) == 0 {
					held = p.deciding(at)
				}
				trialAll = true
			}
		}
	}
	return p.dropExposedAt(moves, start, n, &g, &pins, &held, trialAll)
}

// dropExposedAt is dropExposed where the side's pseudo-royal pieces stand
// on g, pins holds the pieces pinned to them (when none is attacked), held
// the squares deciding the attackers of one that is attacked (every
// square otherwise), and trialAll says every move but those held refuses
// is tried.
func (p *Position) dropExposedAt(moves []Move, start, n int, g, pins, held *bitboard, trialAll bool) int {
	them := p.side.Other()
	types := p.v.guard.types
	k := start
	steps := stepMap{from: NoSquare}
	for i, m := range moves[start : start+n] {
		plain := !trialAll && (m.Kind == MoveNormal || m.Kind == MoveDoubleStep) && !pins.has(m.From)
		var ok bool
		switch {
		case !g.has(m.From) && plainForCheck(m) && !held.has(m.From) && !held.has(m.To):
		case plain && !g.has(m.From) && (m.Promotion == 0 || !types.has(m.Promotion)):
			ok = true
		case plain && m.Promotion == 0:
			// A pseudo-royal piece pinned to none steps as a King does:
			// only its landing square, with its own square emptied, can
			// be attacked.
			ok = !steps.attacked(p, moves[start+i:start+n], them, m.From, m.To)
		default:
			ok = !p.exposesGuard(m, *g)
		}
		if ok {
			moves[k] = m
			k++
		}
	}
	return k - start
}

// countGuarded counts the legal moves of the side to move where it has
// pseudo-royal pieces, for perft's last ply, where it can: the royal piece
// and the pseudo-royal pieces unattacked, every attack a plain ride or
// leap. The moves of the pieces pinned to none of them and neither royal
// nor pseudo-royal are legal as generated and counted without a list
// (pseudoCountedIn, the Pawn plans); the others are listed and judged as
// legalKingSafe and dropExposed judge them. false where it cannot.
func (p *Position) countGuarded(moves []Move) (_ []Move, n int, ok bool) {
	us, them := p.side, p.side.Other()
	ks := p.king[us]
	if ks == NoSquare || p.kit.lines || p.kit.odd || p.v.hasDev {
		return moves, 0, false
	}
	var pins bitboard
	if p.attackedPins(ks, them, &pins) {
		return moves, 0, false
	}
	g := p.guardSquares(us)
	var gpins bitboard // the pieces pinned to a pseudo-royal piece
	for w := range g {
		for bb := g[w]; bb != 0; bb &= bb - 1 {
			if p.attackedPins(Square(w*64+bits.TrailingZeros64(bb)), them, &gpins) {
				return moves, 0, false
			}
		}
	}
	var full bitboard // the pieces whose moves are listed and judged
	for w := range full {
		full[w] = g[w] | gpins[w] | pins[w]
	}
	var bc bulkCount
	var skip bitboard
	if bp, on := p.bulkFor(); bp != nil {
		for w := range on {
			on[w] &^= full[w]
		}
		skip = on
		bc.quiet, bc.captures = bp.count(p, &on)
	}
	start := len(moves)
	moves, q, c := p.pseudoCountedIn(moves, &skip, &full, false)
	k := start
	var danger bitboard
	for _, m := range moves[start:] {
		if (m.From == ks || pins.has(m.From) || m.Kind != MoveNormal && m.Kind != MoveDoubleStep || m.Promotion != 0) &&
			!p.legalOne(m, ks, false, &pins, &danger) {
			continue
		}
		moves[k] = m
		k++
	}
	return moves, p.dropExposedAt(moves, start, k-start, &g, &gpins, &everySquare, false) + bc.quiet + bc.captures + q + c, true
}

// CheckedSquares returns, in square order, the squares of the side to
// move's pieces in check: its royal piece where it is, and its attacked
// pseudo-royal pieces.
func (p *Position) CheckedSquares() []Square {
	us, them := p.side, p.side.Other()
	var out []Square
	if k := p.king[us]; k != NoSquare && !p.exempt(k, them) && p.attacked(k, them) {
		out = append(out, k)
	}
	if p.v.guard != nil {
		g := p.guardSquares(us)
		for s := Square(0); s < NumSquares; s++ {
			if g.has(s) && p.attacked(s, them) {
				out = append(out, s)
			}
		}
		slices.Sort(out)
	}
	return out
}
