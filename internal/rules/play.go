package rules

import "fmt"

// Play returns the position after the legal move m, leaving p unchanged.
// A move is matched on From, To and Promotion; its Kind follows from the
// position. A move that is not legal in p returns an *Error with Code
// ErrIllegalMove and a Reason.
func (p *Position) Play(m Move) (*Position, error) {
	l, ok := p.legal(m)
	if !ok {
		return nil, p.illegal(m)
	}
	q := p.clone()
	q.play(l)
	return q, nil
}

// IsLegal says whether a legal move of p has m's From, To and Promotion.
func (p *Position) IsLegal(m Move) bool {
	_, ok := p.legal(m)
	return ok
}

// legal returns the legal move of p with m's From, To and Promotion.
func (p *Position) legal(m Move) (Move, bool) {
	var buf [256]Move
	for _, l := range p.legalMoves(buf[:0]) {
		if l.From == m.From && l.To == m.To && l.Promotion == m.Promotion {
			return l, true
		}
	}
	return Move{}, false
}

// illegal explains why m is not legal in p.
func (p *Position) illegal(m Move) *Error {
	e := &Error{Code: ErrIllegalMove, Field: "move", Offset: -1}
	pc := p.PieceAt(m.From)
	switch {
	case m.From < 0 || m.From >= NumSquares || m.To < 0 || m.To >= NumSquares ||
		!p.v.onBoard.has(m.From) || !p.v.onBoard.has(m.To):
		e.Reason, e.Detail = "off-board", "the move leaves the board"
	case pc == 0:
		e.Reason, e.Detail = "no-piece", "no piece on "+m.From.String()
	case pc.Color() != p.side:
		e.Reason, e.Detail = "wrong-side", "the piece on "+m.From.String()+" is "+pc.Color().String()+"'s, and it is "+p.side.String()+"'s turn"
	default:
		p.explainMove(e, m, pc)
	}
	return e
}

// explainMove fills in the reason for a move of the right side's piece.
func (p *Position) explainMove(e *Error, m Move, pc Piece) {
	name := p.v.typ(pc.Type()).Name
	if p.explainIdle(e, m, pc, name) {
		return
	}
	var pseudo []Move
	inCheck := p.InCheck()
	for _, q := range p.pseudoMoves(nil, inCheck) {
		if q.From == m.From && q.To == m.To {
			pseudo = append(pseudo, q)
		}
	}
	if len(pseudo) == 0 {
		e.Reason = "unreachable"
		e.Detail = "the " + name + " on " + m.From.String() + " cannot move to " + m.To.String()
		if p.explainImmune(e, m) {
			return
		}
		if inCheck && p.pseudoLegalIgnoringCheck(m) {
			e.Reason, e.Detail = "in-check", "that move is not allowed while in check"
		}
		return
	}
	for _, q := range pseudo {
		if q.Promotion != m.Promotion {
			continue
		}
		switch {
		case p.v.terminalEnds && p.endedTerminal():
			o, _ := p.judgeEnds(&judging{legal: -1})
			e.Code, e.Reason, e.Detail = ErrGameOver, "game-over", "the game is over ("+o.String()+"): no move is legal"
		case p.v.noChecks && p.legalKingSafeMove(q) && p.givesCheck(q):
			e.Reason, e.Detail = "gives-check", "the move would give check, which "+p.v.def.ID+" does not allow"
		case p.v.mustCapture && !p.isCapture(q) && p.legalKingSafeMove(q):
			e.Reason, e.Detail = "must-capture", "a capture is possible, and in "+p.v.def.ID+" a side that can capture must"
		case p.mutualCapture(q):
			e.Reason, e.Detail = "immune", "a "+name+" may not capture a "+name+" in "+p.v.def.ID
		case p.v.guard != nil && p.legalKingSafeMove(q) && p.exposesGuard(q, p.guardSquares(p.side)):
			e.Reason, e.Detail = "pseudo-royal-attacked", "the move would leave a piece that may not be left attacked in "+p.v.def.ID+" attacked"
		case p.blowsUpOwnRoyal(q):
			e.Reason, e.Detail = "explodes-own-king", "the capture would blow up the mover's own "+p.v.typ(p.v.royal).Name
		default:
			e.Reason, e.Detail = "king-in-check", "the move would leave the "+p.v.typ(p.v.royal).Name+" in check"
		}
		return
	}
	if m.Promotion == 0 {
		e.Reason, e.Detail = "needs-promotion", "a move to "+m.To.String()+" must name its promotion"
		return
	}
	e.Reason, e.Detail = "bad-promotion", "the "+name+" cannot promote to that piece here"
}

// legalKingSafeMove says whether the pseudo-legal move m leaves the
// mover's royal piece unattacked.
func (p *Position) legalKingSafeMove(m Move) bool {
	us := p.side
	if p.king[us] == NoSquare {
		return true
	}
	u := p.make(m)
	ok := !p.attacked(p.king[us], us.Other())
	p.unmake(m, u)
	return ok
}

// pseudoLegalIgnoringCheck says whether m would be a castling or jump move
// if the King were not in check.
func (p *Position) pseudoLegalIgnoringCheck(m Move) bool {
	for _, q := range p.pseudoMoves(nil, false) {
		if q.From == m.From && q.To == m.To {
			return true
		}
	}
	return false
}

// explainIdle fills in why a piece that may not move at all is stuck:
// frozen by the five-move rule, immobilized, or a Fool with nothing to
// copy. It says whether it did.
func (p *Position) explainIdle(e *Error, m Move, pc Piece, name string) bool {
	switch {
	case p.v.hasFrozen && p.frozen(pc):
		e.Reason = "frozen"
		e.Detail = fmt.Sprintf("the %s may not move until %s has completed %d moves", name, pc.Color(), p.v.typ(pc.Type()).FrozenMoves)
	case p.kit.odd && p.immobilized(m.From):
		e.Reason = "immobilized"
		e.Detail = "the " + name + " on " + m.From.String() + " is immobilized by an enemy neighbour"
		if h := p.holder(m.From, pc); h != NoSquare {
			e.Detail = "the " + name + " on " + m.From.String() + " is immobilized by the " + p.v.typ(p.board[h].Type()).Name + " on " + h.String()
		}
	case p.v.typ(pc.Type()).power == powerFool && p.imit[pc.Color()] == 0:
		e.Reason = "nothing-to-copy"
		e.Detail = "the Fool copies the piece its opponent moved last, and there is none to copy (no move yet, or a Chameleon's)"
	default:
		return false
	}
	return true
}

// explainImmune fills in why a move onto a piece that cannot be taken is
// not possible, and says whether it did.
func (p *Position) explainImmune(e *Error, m Move) bool {
	target := p.PieceAt(m.To)
	if target == 0 || target.Color() == p.side || m.To < 0 || m.To >= NumSquares {
		return false
	}
	tname := p.v.typ(target.Type()).Name
	switch {
	case p.v.immune.has(target):
		e.Detail = "the " + tname + " on " + m.To.String() + " cannot be captured"
	case p.effect == effectImmune && m.To == p.effectSq:
		e.Detail = "the Fool on " + m.To.String() + " copied a " + p.v.typ(p.imit[p.side]).Name + " on its last move and cannot be taken this turn"
	case p.v.typ(p.board[m.From].Type()).power == powerChameleon && !p.v.replaced(target.Type()):
		e.Detail = "a Chameleon takes a " + tname + " only the way a " + tname + " takes, and never a Fool, a Block, an Immobilizer or a Chameleon"
		e.Reason = "unreachable"
		return true
	default:
		return false
	}
	e.Reason = "immune"
	return true
}
