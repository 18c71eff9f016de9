package rules

// This file holds the pieces that capture by moving, not by arriving
// (docs/RULES.md, "The eight exotic pieces"; RULES R32): the Advancer,
// which takes the enemy piece one step beyond its destination along its
// line (approach), the Withdrawer, which takes the one one step behind its
// start (withdrawal), and, through coordinator.go, the Coordinator. All
// three move through their betza's move-only leaps and slides to empty
// squares, and their captures are compulsory and automatic: a move is
// named by its squares and takes everything it implies.

// lineMoves appends the moves of a piece of colour us on from that moves
// as type t with power pw (Advancer, Withdrawer or Coordinator).
func (p *Position) lineMoves(moves []Move, from Square, us Color, pw power, t PieceType, capturesOnly bool) []Move {
	mt := &p.v.moves[us][int(t)*NumSquares+int(from)]
	emit := func(to Square) {
		tk := p.lineTakes(from, to, us, pw)
		switch {
		case tk.n > 0:
			moves = append(moves, Move{From: from, To: to, Kind: MoveMulti})
		case !capturesOnly:
			moves = append(moves, Move{From: from, To: to, Kind: MoveNormal})
		}
	}
	for i := range mt.leaps {
		if to := mt.leaps[i].to; p.board[to] == 0 {
			emit(to)
		}
	}
	for i := range mt.rides {
		for _, to := range mt.rides[i].ray {
			if p.board[to] != 0 {
				break
			}
			emit(to)
		}
	}
	return moves
}

// lineTakes returns what a move from from to to (empty) takes for a piece
// of colour us with power pw.
func (p *Position) lineTakes(from, to Square, us Color, pw power) takes {
	tk := takes{at: NoSquare}
	switch pw {
	case powerAdvancer:
		if s, ok := p.v.step(to, lineDir(from, to)); ok && p.capturable(s, us) {
			tk.add(s)
		}
	case powerWithdrawer:
		if s, ok := p.v.step(from, lineDir(from, to).neg()); ok && p.capturable(s, us) {
			tk.add(s)
		}
	case powerCoordinator:
		p.coordinate(&tk, to, us, false)
	}
	return tk
}

// lineDir returns the direction of a move: the unit step along a line, or
// the whole leap for a move off the eight lines.
func lineDir(from, to Square) vec {
	d := vec{to.File() - from.File(), to.Rank() - from.Rank()}
	if d.df == 0 || d.dr == 0 || abs(d.df) == abs(d.dr) {
		return vec{sign(d.df), sign(d.dr)}
	}
	return d
}

// lineHits says whether the piece of colour by on q, moving as type t with
// power pw, could take a King on s on its next move.
func (p *Position) lineHits(q, s Square, by Color, pw power, t PieceType) bool {
	mt := &p.v.moves[by][int(t)*NumSquares+int(q)]
	for i := range mt.leaps {
		if to := mt.leaps[i].to; p.board[to] == 0 && p.lineHit(pw, q, to, s, by) {
			return true
		}
	}
	for i := range mt.rides {
		ray := mt.rides[i].ray
		if pw == powerWithdrawer {
			// Only the first square matters: the direction is the ray's.
			if p.board[ray[0]] == 0 && p.lineHit(pw, q, ray[0], s, by) {
				return true
			}
			continue
		}
		for _, to := range ray {
			if p.board[to] != 0 {
				break
			}
			if p.lineHit(pw, q, to, s, by) {
				return true
			}
		}
	}
	return false
}

// lineHit says whether the move of a piece of colour by with power pw from
// q to the empty square to takes what stands on s.
func (p *Position) lineHit(pw power, q, to, s Square, by Color) bool {
	switch pw {
	case powerAdvancer:
		a, ok := p.v.step(to, lineDir(q, to))
		return ok && a == s
	case powerWithdrawer:
		w, ok := p.v.step(q, lineDir(q, to).neg())
		return ok && w == s
	}
	return p.crosses(to, s, by)
}

// lineDanger adds to danger the squares whose occupancy decides whether the
// piece of colour by on q with power pw, moving as type t, can take what
// stands on s: the paths to every destination from which it would.
func (p *Position) lineDanger(danger *bitboard, q, s Square, by Color, pw power, t PieceType) {
	mt := &p.v.moves[by][int(t)*NumSquares+int(q)]
	for i := range mt.leaps {
		if to := mt.leaps[i].to; p.lineHit(pw, q, to, s, by) {
			danger.set(to)
		}
	}
	for i := range mt.rides {
		ray := mt.rides[i].ray
		for k, to := range ray {
			if to == s {
				break
			}
			if p.lineHit(pw, q, to, s, by) {
				for _, r := range ray[:k+1] {
					danger.set(r)
				}
			}
		}
	}
}
