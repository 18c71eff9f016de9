package rules

import "math/bits"

// This file holds the Chameleon (RULES R34; docs/RULES.md, "The eight
// exotic pieces"). It moves to empty squares through its betza's move-only
// slides (a queen's in Grand Chess) and takes each enemy piece the way that
// piece takes: by replacement with that piece's own capturing moves, made
// as a piece of the Chameleon's colour (a King by the King's move, a Pawn
// by its capture step, en passant included, a Windmill by a windmill
// path, an Archer also from afar); an Advancer by approach and a
// Withdrawer by withdrawal along an open line; a Coordinator by
// coordination with its own King; a Diplomat by converting it where it
// stands. One move may take several pieces in several ways, all of them
// compulsory. It never takes a Fool, a Block, an Immobilizer or an enemy
// Chameleon, and never promotes. Its hold on an enemy Immobilizer is in
// immobilizer.go.

// chameleonMoves appends the moves of the Chameleon of colour us on from,
// whose own passive moves are those of type t.
func (p *Position) chameleonMoves(moves []Move, from Square, us Color, t PieceType, capturesOnly bool) []Move {
	them := us.Other()
	var seen bitboard
	emit := func(to Square, passive bool) {
		if seen.has(to) {
			return
		}
		tk := p.chameleonTakes(from, to, us)
		occupied := p.board[to] != 0
		switch {
		case occupied && tk.at != to, !occupied && !passive && tk.at == NoSquare && !tk.afar:
			return // no way to get there
		case !tk.any(to) && tk.at == NoSquare && capturesOnly:
			return
		}
		seen.set(to)
		kind := MoveNormal
		if tk.any(to) {
			kind = MoveMulti
		}
		moves = append(moves, Move{From: from, To: to, Kind: kind})
	}
	mt := &p.v.moves[us][int(t)*NumSquares+int(from)]
	for i := range mt.leaps {
		if to := mt.leaps[i].to; p.board[to] == 0 {
			emit(to, true)
		}
	}
	for i := range mt.rides {
		for _, to := range mt.rides[i].ray {
			if p.board[to] != 0 {
				break
			}
			emit(to, true)
		}
	}
	// Each enemy piece it may take by replacement, or from afar: a quick
	// test of the geometry first, the piece's own moves only then.
	for w := range p.occ[them] {
		for bb := p.occ[them][w]; bb != 0; bb &= bb - 1 {
			sq := Square(w*64 + bits.TrailingZeros64(bb))
			x := p.board[sq].Type()
			if !p.v.replaced(x) || !p.capturable(sq, us) {
				continue
			}
			if windmill := p.v.types[x-1].power == powerWindmill; windmill && !p.v.within2(from, sq) || !windmill && !p.reaches(x, us, from, sq) {
				continue
			}
			emit(sq, false)
			if p.v.types[x-1].archer {
				df, dr := sq.File()-from.File(), sq.Rank()-from.Rank()
				if df%2 == 0 && dr%2 == 0 {
					if to, ok := p.v.step(from, vec{df / 2, dr / 2}); ok {
						emit(to, false)
					}
				}
			}
		}
	}
	for _, ep := range [2]Square{p.ep, p.epFar} {
		if ep != NoSquare && p.board[ep] == 0 {
			emit(ep, false)
		}
	}
	if capturesOnly {
		return moves
	}
	for _, q := range p.v.neighbours[from] {
		if q == NoSquare {
			continue
		}
		if p.capturable(q, us) && p.v.types[p.board[q].Type()-1].power == powerDiplomat {
			moves = append(moves, Move{From: from, To: q, Kind: MoveConvert})
		}
	}
	return moves
}

// replaced says whether a Chameleon takes a piece of type t by moving onto
// it: every type but those it never takes and those that take otherwise.
func (v *Variant) replaced(t PieceType) bool {
	switch v.types[t-1].power {
	case powerNone, powerWindmill:
		return true
	}
	return false
}

// chameleonTakes returns what the Chameleon of colour us takes by moving
// from from to to (RULES R34): at is the piece on to when that piece's own
// capture reaches to from from, or an en-passant victim; afar an Archer
// one more leap beyond an Archer's leap; more the Advancer and Withdrawer
// on an open line and the Coordinators on its crossings.
func (p *Position) chameleonTakes(from, to Square, us Color) takes {
	tk := takes{at: NoSquare}
	if tg := p.board[to]; tg != 0 {
		if p.capturable(to, us) && p.v.replaced(tg.Type()) && p.mimics(tg.Type(), us, from, to, MoveNormal) {
			tk.at = to
		}
	} else if p.isEP(to) {
		if v := p.board[p.epVictim]; p.capturable(p.epVictim, us) && p.v.types[v.Type()-1].epTaker && p.mimics(v.Type(), us, from, to, MoveEnPassant) {
			tk.at = p.epVictim
		}
	}
	d := lineDir(from, to)
	if far, ok := p.v.step(to, vec{to.File() - from.File(), to.Rank() - from.Rank()}); ok && p.capturable(far, us) {
		if x := p.board[far].Type(); p.v.types[x-1].archer && p.archerLeap(x, us, from, to) {
			tk.afar = true
		}
	}
	if p.openLine(from, to, d) {
		if s, ok := p.v.step(to, d); ok && p.capturable(s, us) && p.v.types[p.board[s].Type()-1].power == powerAdvancer {
			tk.add(s)
		}
		if s, ok := p.v.step(from, d.neg()); ok && p.capturable(s, us) && p.v.types[p.board[s].Type()-1].power == powerWithdrawer {
			tk.add(s)
		}
	}
	p.coordinate(&tk, to, us, true)
	return tk
}

// mimics says whether a piece of type x and colour us on from has a move
// of the given kind to to: a capture onto the piece there (MoveNormal), or
// an en-passant capture.
func (p *Position) mimics(x PieceType, us Color, from, to Square, kind MoveKind) bool {
	switch {
	case p.v.types[x-1].power == powerWindmill:
		return p.windmillHits(from, to)
	case kind != MoveEnPassant:
		return p.captureHits(from, to, x, us, false)
	}
	var buf [64]Move
	for _, m := range p.shapeMoves(buf[:0], from, makePiece(x, us), false) {
		if m.To == to && m.Kind == MoveEnPassant {
			return true
		}
	}
	return false
}

// archerLeap says whether an Archer of type x and colour us on from has a
// leap to to that captures from afar.
func (p *Position) archerLeap(x PieceType, us Color, from, to Square) bool {
	mt := &p.v.moves[us][int(x)*NumSquares+int(from)]
	for i := range mt.leaps {
		e := &mt.leaps[i]
		if e.to == to && e.afar != NoSquare {
			return true
		}
	}
	return false
}

// openLine says whether from and to lie on one of the eight lines, d
// apart, with every square between them empty.
func (p *Position) openLine(from, to Square, d vec) bool {
	if abs(d.df) > 1 || abs(d.dr) > 1 {
		return false
	}
	for s, ok := p.v.step(from, d); ok && s != to; s, ok = p.v.step(s, d) {
		if p.board[s] != 0 {
			return false
		}
	}
	return true
}
