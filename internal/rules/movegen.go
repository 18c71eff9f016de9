package rules

import (
	"math/bits"
	"slices"
)

// addMove appends a move from a piece of type t, expanding promotions when
// the move may promote (promote is false for the moves a piece's promotesBy
// leaves out).
func (p *Position) addMove(moves []Move, t PieceType, from, to Square, kind MoveKind, promote bool) []Move {
	pt := &p.v.types[t-1]
	if p.v.hasDev && kind == MoveNormal && p.v.devs.has(p.board[to]) {
		// A Dev falls only to its four squares' joint attack (RULES R15).
		if !p.jointAttack(to, p.board[from].Color()) {
			return moves
		}
		kind = MoveTakeDev
	}
	if pt.promotesTo == nil || !promote {
		return append(moves, Move{From: from, To: to, Kind: kind})
	}
	zone := p.v.zone[p.side][to]
	if zone == zoneNone {
		return append(moves, Move{From: from, To: to, Kind: kind})
	}
	if zone == zoneOptional || p.board[from].Type() != t {
		// A Fool copying a piece that promotes may always stay (RULES R35).
		moves = append(moves, Move{From: from, To: to, Kind: kind})
	}
	for _, pr := range pt.promotesTo {
		if !p.kit.mayPromote(p.side, pr, p.count[p.side][pr]) {
			continue
		}
		if p.v.types[pr-1].dev && !p.devPromotionFits(to, kind) {
			continue
		}
		moves = append(moves, Move{From: from, To: to, Promotion: pr, Kind: kind})
	}
	return moves
}

// pieceMoves appends the pseudo-legal moves of the piece pc on from (not
// castling or the King's jump). With capturesOnly it lists captures only,
// without en passant.
func (p *Position) pieceMoves(moves []Move, from Square, pc Piece, capturesOnly bool) []Move {
	if pt := &p.v.types[pc.Type()-1]; pt.special {
		if pt.dev {
			return p.devMoves(moves, from, pc, capturesOnly)
		}
		return p.powerMoves(moves, from, pc, pt.power, pc.Type(), capturesOnly)
	}
	pt := &p.v.types[pc.Type()-1]
	quietEP := p.v.epQuietFirst && pt.epTaker // EnPassantDef.QuietFirst (enpassant.go)
	if !pt.overlap && !quietEP {
		return p.shapeMoves(moves, from, pc, capturesOnly)
	}
	start := len(moves)
	moves = p.shapeMoves(moves, from, pc, capturesOnly)
	if pt.overlap {
		moves = dropRepeats(moves, start)
	}
	if quietEP && p.ep != NoSquare {
		moves = dropQuietEP(moves, start)
	}
	return moves
}

// dropRepeats removes the moves after start that repeat an earlier one.
func dropRepeats(moves []Move, start int) []Move {
	n := start
	for i := start; i < len(moves); i++ {
		if !slices.Contains(moves[start:n], moves[i]) {
			moves[n] = moves[i]
			n++
		}
	}
	return moves[:n]
}

// shapeMoves appends one move per shape of the piece that reaches a square.
func (p *Position) shapeMoves(moves []Move, from Square, pc Piece, capturesOnly bool) []Move {
	us := pc.Color()
	t := pc.Type()
	b := &p.board
	foe := &p.v.foe[us]
	mt := &p.v.moves[us][int(t)*NumSquares+int(from)]
	for i := range mt.leaps {
		e := &mt.leaps[i]
		target := b[e.to]
		if e.plain != 0 {
			if target == 0 {
				if !capturesOnly && e.plain <= plainMove {
					moves = append(moves, Move{From: from, To: e.to, Kind: MoveNormal})
				} else if e.plain == plainCaptureEP && !capturesOnly && p.isEP(e.to) {
					moves = append(moves, Move{From: from, To: e.to, Kind: MoveEnPassant})
				}
			} else if e.plain != plainMove && foe.has(target) {
				moves = append(moves, Move{From: from, To: e.to, Kind: MoveNormal})
			}
			continue
		}
		afar := e.afar != NoSquare && foe.has(b[e.afar]) && (p.effect != effectImmune || e.afar != p.effectSq)
		if target == 0 {
			if !e.move && !(e.capture && p.isEP(e.to) && p.v.types[t-1].epTaker) || capturesOnly && !afar {
				continue
			}
		} else if !e.capture || !foe.has(target) {
			continue
		}
		if e.empty[0] != NoSquare && (b[e.empty[0]] != 0 || e.empty[1] != NoSquare && b[e.empty[1]] != 0) {
			continue
		}
		if e.full != NoSquare && b[e.full] == 0 {
			continue
		}
		if e.either[0] != NoSquare && b[e.either[0]] != 0 && b[e.either[1]] != 0 {
			continue
		}
		switch {
		case afar:
			moves = p.addMove(moves, t, from, e.to, MoveFromAfar, e.promote)
		case target == 0 && !e.move:
			moves = p.addMove(moves, t, from, e.to, MoveEnPassant, e.promote)
		case target == 0 && e.capture && p.isEP(e.to) && p.v.types[t-1].epTaker:
			// The square is both a plain move and an en-passant capture
			// (never in shipped variants): the capture is the one played,
			// unless the quiet move is (EnPassantDef.QuietFirst).
			kind := MoveEnPassant
			if p.v.epQuietFirst {
				kind = MoveNormal
			}
			moves = p.addMove(moves, t, from, e.to, kind, e.promote)
		default:
			moves = p.addMove(moves, t, from, e.to, MoveNormal, e.promote)
		}
	}
	for i := range mt.rides {
		e := &mt.rides[i]
		if e.plain {
			for _, to := range e.ray {
				target := b[to]
				if target == 0 {
					if !capturesOnly {
						moves = append(moves, Move{From: from, To: to, Kind: MoveNormal})
					}
					continue
				}
				if foe.has(target) {
					moves = append(moves, Move{From: from, To: to, Kind: MoveNormal})
				}
				break
			}
			continue
		}
		ray := e.ray
		k := 0
		switch e.kind {
		case shapeRide, shapeEdgeRide:
			edge := e.kind == shapeEdgeRide
			for ; k < len(ray); k++ {
				target := b[ray[k]]
				if edge && !p.v.isEdge(ray[k]) {
					if target != 0 {
						break
					}
					continue
				}
				if target == 0 {
					if e.move && !capturesOnly {
						moves = p.addMove(moves, t, from, ray[k], MoveNormal, e.promote)
					}
					continue
				}
				if e.capture && foe.has(target) {
					moves = p.addMove(moves, t, from, ray[k], MoveNormal, e.promote)
				}
				break
			}
			continue
		case shapeKangaroo:
			moves = p.kangarooMove(moves, t, from, e, capturesOnly)
			continue
		}
		for k < len(ray) && b[ray[k]] == 0 {
			k++
		}
		for k++; k < len(ray); k++ {
			target := b[ray[k]]
			if target == 0 {
				if e.move && !capturesOnly {
					moves = p.addMove(moves, t, from, ray[k], MoveNormal, e.promote)
				}
			} else if e.capture && foe.has(target) {
				moves = p.addMove(moves, t, from, ray[k], MoveNormal, e.promote)
			}
			if target != 0 || e.kind == shapeGrass {
				break
			}
		}
	}
	for i := range mt.bents {
		e := &mt.bents[i]
		if b[e.pivot] != 0 {
			continue
		}
		for _, to := range e.ray {
			target := b[to]
			if target == 0 {
				if e.move && !capturesOnly {
					moves = p.addMove(moves, t, from, to, MoveNormal, e.promote)
				}
				continue
			}
			if e.capture && foe.has(target) {
				moves = p.addMove(moves, t, from, to, MoveNormal, e.promote)
			}
			break
		}
	}
	for i := range mt.slides {
		e := &mt.slides[i]
		for k, piv := range e.ray {
			if b[piv] != 0 {
				break
			}
			to := e.dest[k]
			if to == NoSquare {
				continue
			}
			if target := b[to]; target == 0 && e.move && !capturesOnly || target != 0 && e.capture && foe.has(target) {
				moves = p.addMove(moves, t, from, to, MoveNormal, e.promote)
			}
		}
	}
	if mt.double != NoSquare && !capturesOnly && b[mt.doubleMid] == 0 && b[mt.double] == 0 {
		moves = p.addMove(moves, t, from, mt.double, MoveDoubleStep, mt.doublePromote)
	}
	if mt.triple != NoSquare && !capturesOnly {
		// Straight forward: the squares passed are a third and two thirds
		// of the way.
		d := (mt.triple - from) / 3
		if b[from+d] == 0 && b[from+2*d] == 0 && b[mt.triple] == 0 {
			moves = p.addMove(moves, t, from, mt.triple, MoveDoubleStep, mt.doublePromote)
		}
	}
	return moves
}

// kangarooMove appends the Kangaroo's move along one line: over exactly two
// pieces of either colour to the square just beyond the second.
func (p *Position) kangarooMove(moves []Move, t PieceType, from Square, e *rideEntry, capturesOnly bool) []Move {
	b := &p.board
	ray := e.ray
	k := 0
	for screens := 0; screens < 2; k++ {
		for k < len(ray) && b[ray[k]] == 0 {
			k++
		}
		if k == len(ray) {
			return moves
		}
		screens++
	}
	if k == len(ray) {
		return moves
	}
	target := b[ray[k]]
	if target == 0 && e.move && !capturesOnly || target != 0 && e.capture && p.v.foe[p.board[from].Color()].has(target) {
		moves = p.addMove(moves, t, from, ray[k], MoveNormal, e.promote)
	}
	return moves
}

// pseudoMoves appends every pseudo-legal move of the side to move.
func (p *Position) pseudoMoves(moves []Move, inCheck bool) []Move {
	if p.kit.odd {
		return p.pseudoOdd(moves, inCheck)
	}
	return p.pseudoIn(moves, inCheck, &everySquare)
}

// everySquare is the mask of pseudoIn that selects every piece.
var everySquare = func() (b bitboard) {
	for i := range b {
		b[i] = ^uint64(0)
	}
	return b
}()

// pseudoIn appends the pseudo-legal moves of the pieces of the side to move
// that stand on the squares of from, with castling and the King's jumps when
// the King's square is one of them: the moves of pseudoMoves whose origin is
// in from, in the same order. Not for a kit with powers (pseudoOdd).
func (p *Position) pseudoIn(moves []Move, inCheck bool, from *bitboard) []Move {
	us := p.side
	hasFrozen := p.v.hasFrozen
	for w := range p.occ[us] {
		for bb := p.occ[us][w] & from[w]; bb != 0; bb &= bb - 1 {
			sq := Square(w*64 + bits.TrailingZeros64(bb))
			pc := p.board[sq]
			if hasFrozen && p.frozen(pc) {
				continue
			}
			if p.v.dispatch.has(pc) {
				moves = p.pieceMoves(moves, sq, pc, false)
			} else {
				moves = p.shapeMoves(moves, sq, pc, false)
			}
		}
	}
	if k := p.castler(us); k == NoSquare || !from.has(k) {
		return moves
	}
	return p.kingRights(moves, inCheck)
}

// kingRights appends the castling moves and King's jumps of the side to
// move, not while in check.
func (p *Position) kingRights(moves []Move, inCheck bool) []Move {
	us := p.side
	if !inCheck {
		if p.castle[us] != 0 {
			moves = p.castlingMoves(moves)
		}
		if p.jump[us] {
			moves = p.jumpMoves(moves)
		}
	}
	return moves
}

// jumpOffsets are the King's first-move jumps of the Cazaux games.
var jumpOffsets = [...]vec{
	{0, 2}, {0, -2}, {2, 0}, {-2, 0}, {2, 2}, {2, -2}, {-2, 2}, {-2, -2},
	{1, 2}, {-1, 2}, {1, -2}, {-1, -2}, {2, 1}, {2, -1}, {-2, 1}, {-2, -1},
}

// jumpMoves appends the King's jumps (RULES R8), apart from the final test
// that the King does not land in check.
func (p *Position) jumpMoves(moves []Move) []Move {
	us, them := p.side, p.side.Other()
	k := p.king[us]
	for _, d := range jumpOffsets {
		to, ok := p.v.step(k, d)
		if !ok || p.board[to] != 0 {
			continue
		}
		if abs(d.df) == abs(d.dr) || d.df == 0 || d.dr == 0 {
			mid, _ := p.v.step(k, vec{sign(d.df), sign(d.dr)})
			if p.attacked(mid, them) {
				continue
			}
		} else {
			orth := vec{sign(d.df), 0}
			if abs(d.dr) > abs(d.df) {
				orth = vec{0, sign(d.dr)}
			}
			o, _ := p.v.step(k, orth)
			g, _ := p.v.step(k, vec{sign(d.df), sign(d.dr)})
			if p.attacked(o, them) && p.attacked(g, them) {
				continue
			}
		}
		moves = append(moves, Move{From: k, To: to, Kind: MoveKingJump})
	}
	return moves
}

// legalMoves appends the legal moves of the side to move to moves.
//
// Most moves need no trial: when the side is not in check, a move of a
// piece that is not pinned, touching no square whose occupancy can open a
// line of a hopper, bent rider or legged leaper onto the King (the danger
// mask), cannot expose the King. King steps are tested on the destination
// with the King lifted. Everything else is played, tested and taken back.
func (p *Position) legalMoves(moves []Move) []Move {
	start := len(moves)
	moves, n := p.legalList(moves, false)
	return moves[:start+n]
}

// legalCount returns the number of legal moves of the side to move, the
// length of the list legalMoves makes, and buf grown as scratch: perft's
// last ply, which needs the number and not the moves.
func (p *Position) legalCount(buf []Move) (int, []Move) {
	moves, n := p.legalList(buf[:0], true)
	return n, moves
}

// legalList appends the pseudo-legal moves of the side to move to moves
// and returns them with the number n of legal ones. Unless count, the
// legal moves are moved up to follow the moves given, in their order, so
// that the list legalMoves returns is moves[:start+n]; with count they
// are only counted.
func (p *Position) legalList(moves []Move, count bool) ([]Move, int) {
	if p.v.terminalEnds && p.endedTerminal() {
		return moves, 0 // the game is over: no move (ends.go)
	}
	if p.v.legalRules {
		return p.legalByRules(moves, count)
	}
	return p.legalKingSafe(moves, count)
}

// legalByRules is legalList where the variant's rules drop moves that leave
// the royal piece safe, or where a side may have no royal piece
// (Variant.legalRules): with a rule that drops moves they are listed, not
// only counted.
func (p *Position) legalByRules(moves []Move, count bool) ([]Move, int) {
	start := len(moves)
	var n int
	switch {
	case p.king[p.side] == NoSquare:
		// Counted, not listed, where no rule but compulsory captures drops
		// moves, or drops no Pawn's move (bulk.go).
		bulk := count && p.v.guard == nil && !p.v.noChecks && !p.v.mutual.has(p.v.bulkType[p.side])
		var bc bulkCount
		moves, n, bc = p.legalUnroyal(moves, bulk)
		if bulk {
			if p.v.mutual != (typeSet{}) {
				n = p.dropMutual(moves, start, n)
			}
			caps := 0
			if p.v.mustCapture {
				caps = p.capturesIn(moves[start : start+n])
			}
			return moves, bc.total(p, n, caps)
		}
	case p.v.blast != nil:
		if count && p.v.guard == nil && !p.v.noChecks && p.v.mutual == (typeSet{}) && !p.v.mustCapture {
			return p.legalBlast(moves, true)
		}
		moves, n = p.legalBlast(moves, false)
	default:
		// legalKingSafe counts and applies compulsory captures itself.
		if count && !p.v.noChecks && p.v.guard == nil && p.v.mutual == (typeSet{}) {
			return p.legalKingSafe(moves, true)
		}
		if count && !p.v.noChecks && p.v.mutual == (typeSet{}) && !p.v.mustCapture {
			if moves, n, ok := p.countGuarded(moves); ok {
				return moves, n
			}
		}
		moves, n = p.legalKingSafe(moves, false)
	}
	if p.v.guard != nil {
		n = p.dropExposed(moves, start, n)
	}
	if p.v.noChecks {
		n = p.dropChecks(moves, start, n)
	}
	if p.v.mutual != (typeSet{}) {
		n = p.dropMutual(moves, start, n)
	}
	if p.v.mustCapture {
		n = p.keepCaptures(moves, start, n)
	}
	return moves, n
}

// legalKingSafe is legalList but for the end rules and the moves that give
// check: the moves that leave the mover's royal piece unattacked. With
// count they are counted, not listed, and where captures are compulsory
// only the captures count when there is one.
func (p *Position) legalKingSafe(moves []Move, count bool) ([]Move, int) {
	us, them := p.side, p.side.Other()
	ks := p.king[us]
	var pins, danger bitboard
	inCheck := p.attackedPins(ks, them, &pins)
	start := len(moves)
	if p.kit.lines {
		danger = p.danger(ks, us)
	}
	// free: no check, no pin and no danger, so that every move but the
	// King's, a promotion and en passant is legal as generated.
	free := !inCheck && pins == (bitboard{}) && danger == (bitboard{})
	if count && free && !p.kit.odd {
		// The moves of the Pawns a plan counts are neither the King's nor
		// promotions nor en passant (bulk.go).
		var bc bulkCount
		var on bitboard
		if bp, pawns := p.bulkFor(); bp != nil {
			on = pawns
			bc.quiet, bc.captures = bp.count(p, &on)
		}
		var q, c int
		moves, q, c = p.pseudoCounted(moves, &on)
		bc.quiet, bc.captures = bc.quiet+q, bc.captures+c
		n, caps := len(moves)-start, 0
		for _, m := range moves[start:] {
			if (m.From == ks || m.Kind != MoveNormal && m.Kind != MoveDoubleStep || m.Promotion != 0) && !p.legalOne(m, ks, inCheck, &pins, &danger) {
				n--
			} else if p.v.mustCapture && p.isCapture(m) {
				caps++
			}
		}
		return moves, bc.total(p, n, caps)
	}
	moves = p.pseudoMoves(moves, inCheck)
	if p.kit.odd {
		moves = p.legalOdd(moves, start, inCheck, &pins, &danger)
		if count && p.v.mustCapture {
			return moves, bulkCount{}.total(p, len(moves)-start, p.capturesIn(moves[start:]))
		}
		return moves, len(moves) - start
	}
	// In check, a plain move of another piece than the King with neither
	// square among those deciding the King's attackers leaves them
	// attacking: it is refused untried.
	evade := &everySquare
	if inCheck && !p.kit.frozen {
		if at := p.kit.table(them, ks); len(at.devs) == 0 {
			d := p.deciding(at)
			evade = &d
		}
	}
	n, caps := start, 0
	for _, m := range moves[start:] {
		if inCheck && m.From != ks && plainForCheck(m) && !evade.has(m.From) && !evade.has(m.To) {
			continue
		}
		if m.From != ks && (m.Kind == MoveNormal || m.Kind == MoveDoubleStep) && m.Promotion == 0 &&
			(free || !inCheck && !pins.has(m.From) && !danger.has(m.From) && !danger.has(m.To)) ||
			p.legalOne(m, ks, inCheck, &pins, &danger) {
			if !count {
				moves[n] = m
			} else if p.v.mustCapture && p.isCapture(m) {
				caps++
			}
			n++
		}
	}
	if count {
		return moves, bulkCount{}.total(p, n-start, caps)
	}
	return moves, n - start
}

// legalOne says whether the pseudo-legal move m is legal, where ks is the
// King's square, inCheck says whether it is attacked, and pins and danger
// are the masks legalList found.
func (p *Position) legalOne(m Move, ks Square, inCheck bool, pins, danger *bitboard) bool {
	us, them := p.side, p.side.Other()
	switch {
	case m.From == ks:
		if m.Kind == MoveNormal && !p.v.hasDev {
			return !p.attackedExcept(m.To, them, ks)
		}
		u := p.make(m)
		ok := !p.attacked(p.king[us], them)
		p.unmake(m, u)
		return ok
	case !inCheck && (m.Kind == MoveNormal || m.Kind == MoveDoubleStep) && !pins.has(m.From) && !danger.has(m.From) && !danger.has(m.To) &&
		(m.Promotion == 0 || !p.v.types[m.Promotion-1].dev):
		return true
	case p.boardAlone(m):
		taken := p.liftPlain(m)
		ok := !p.attacked(ks, them)
		p.dropPlain(m, taken)
		return ok
	}
	u := p.make(m)
	ok := !p.attacked(ks, them)
	p.unmake(m, u)
	return ok
}

// targeted says whether legalIn can list the moves of some pieces apart
// from the others: not where a piece has a power or is a Dev, whose moves
// and whose legality depend on the whole board in ways pseudoIn does not
// select by square; nor where the variant's rules judge a move by the
// others (Variant.legalRules).
func (p *Position) targeted() bool { return !p.kit.odd && !p.v.hasDev && !p.v.legalRules }

// squaresOf returns the squares of the pieces of type t of the side to
// move, on file file and rank rank where those are not -1.
func (p *Position) squaresOf(t PieceType, file, rank int) bitboard {
	var b bitboard
	us := p.side
	for w := range p.occ[us] {
		for bb := p.occ[us][w]; bb != 0; bb &= bb - 1 {
			sq := Square(w*64 + bits.TrailingZeros64(bb))
			if p.board[sq].Type() == t && (file < 0 || sq.File() == file) && (rank < 0 || sq.Rank() == rank) {
				b.set(sq)
			}
		}
	}
	return b
}

// epTakers returns the squares of the pieces of the side to move whose type
// takes en passant: outside the kits with powers, the only pieces that can.
func (p *Position) epTakers() bitboard {
	var b bitboard
	us := p.side
	for w := range p.occ[us] {
		for bb := p.occ[us][w]; bb != 0; bb &= bb - 1 {
			if sq := Square(w*64 + bits.TrailingZeros64(bb)); p.v.types[p.board[sq].Type()-1].epTaker {
				b.set(sq)
			}
		}
	}
	return b
}

// legalIn appends the legal moves of the side to move whose origin is one of
// the squares of from and whose destination is to (any with NoSquare): the
// moves legalMoves lists with those, in the same order. Where the position
// is targeted, it generates the moves of the pieces on those squares only
// and tries each one to that destination: a move is legal when it leaves
// its own King unattacked, the test legalMoves makes, or saves for the moves
// its pins and danger masks show cannot expose the King. Otherwise it lists
// every legal move and keeps those.
func (p *Position) legalIn(moves []Move, from *bitboard, to Square) []Move {
	start := len(moves)
	if p.v.terminalEnds && p.endedTerminal() {
		return moves
	}
	if !p.targeted() {
		moves = p.legalMoves(moves)
		n := start
		for _, m := range moves[start:] {
			if from.has(m.From) && (to == NoSquare || m.To == to) {
				moves[n] = m
				n++
			}
		}
		return moves[:n]
	}
	us, them := p.side, p.side.Other()
	// Only castling and the King's jumps look at the check.
	inCheck := from.has(p.king[us]) && p.attacked(p.king[us], them)
	moves = p.pseudoIn(moves, inCheck, from)
	n := start
	for _, m := range moves[start:] {
		if to != NoSquare && m.To != to {
			continue
		}
		u := p.make(m)
		ok := !p.attacked(p.king[us], them)
		p.unmake(m, u)
		if ok {
			moves[n] = m
			n++
		}
	}
	return moves[:n]
}

// LegalMoves returns every legal move of the side to move.
func (p *Position) LegalMoves() []Move {
	return p.legalMoves(make([]Move, 0, 64))
}
