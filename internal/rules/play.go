package rules

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
		if inCheck && p.pseudoLegalIgnoringCheck(m) {
			e.Reason, e.Detail = "in-check", "that move is not allowed while in check"
		}
		return
	}
	for _, q := range pseudo {
		if q.Promotion == m.Promotion {
			e.Reason, e.Detail = "king-in-check", "the move would leave the "+p.v.typ(p.v.royal).Name+" in check"
			return
		}
	}
	if m.Promotion == 0 {
		e.Reason, e.Detail = "needs-promotion", "a move to "+m.To.String()+" must name its promotion"
		return
	}
	e.Reason, e.Detail = "bad-promotion", "the "+name+" cannot promote to that piece here"
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
