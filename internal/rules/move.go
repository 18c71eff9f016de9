package rules

// MoveKind tells how a move is played beyond lifting a piece and putting it down.
type MoveKind uint8

// The kinds of move. The zero value is invalid.
const (
	MoveNormal     MoveKind = iota + 1 // a move or capture on the destination
	MoveDoubleStep                     // a two-square step that may allow en passant
	MoveEnPassant                      // a capture of the piece that just double-stepped
	MoveCastle                         // the King's two-square move with a Rook
	MoveKingJump                       // the Cazaux King's first-move jump
	MoveFromAfar                       // the Archer's leap that also captures one more leap beyond
	MoveDev                            // a Dev's move by one block, From and To its lower-left squares
	MoveTakeDev                        // a capture of a whole Dev by a piece moving to one of its squares
	MoveMulti                          // a move that captures off its destination: approach, withdrawal, coordination, a Chameleon's mimicry
	MoveConvert                        // a conversion: the piece on To changes sides, the converter on From stays
)

// String names the kind.
func (k MoveKind) String() string {
	switch k {
	case MoveNormal:
		return "normal"
	case MoveDoubleStep:
		return "double-step"
	case MoveEnPassant:
		return "en-passant"
	case MoveCastle:
		return "castling"
	case MoveKingJump:
		return "king-jump"
	case MoveFromAfar:
		return "from-afar"
	case MoveDev:
		return "dev"
	case MoveTakeDev:
		return "dev-capture"
	case MoveMulti:
		return "multi-capture"
	case MoveConvert:
		return "conversion"
	}
	return "invalid"
}

// Move is a move of one position: from, to, the promotion type (0 when
// none) and its kind. Castling is written as the King's move. The squares a
// move captures on follow from the position: see Position.Captures.
type Move struct {
	From      Square
	To        Square
	Promotion PieceType
	Kind      MoveKind
}

// Captures returns the squares whose pieces m removes in p (none, one, or
// several for variants whose pieces capture more than one).
func (p *Position) Captures(m Move) []Square { return p.appendCaptures(nil, m) }

// appendCaptures appends the squares of Captures to dst.
func (p *Position) appendCaptures(dst []Square, m Move) []Square {
	switch {
	case m.Kind == MoveEnPassant:
		return append(dst, p.epVictim)
	case m.Kind == MoveCastle:
		return dst
	case m.Kind == MoveDev:
		for _, q := range blockSquares(m.To) {
			if p.board[q] != 0 {
				dst = append(dst, q)
			}
		}
		return dst
	case m.Kind == MoveTakeDev:
		sq := blockSquares(block(m.To))
		return append(dst, sq[:]...)
	case m.Kind == MoveMulti:
		tk := p.takesOf(m)
		if tk.at != NoSquare {
			dst = append(dst, tk.at)
		}
		if tk.afar {
			dst = append(dst, p.afarSquare(m))
		}
		return append(dst, tk.more[:tk.n]...)
	case m.Kind == MoveConvert:
		return dst
	case m.Kind == MoveFromAfar:
		if p.board[m.To] != 0 {
			dst = append(dst, m.To)
		}
		return append(dst, p.afarSquare(m))
	case p.board[m.To] != 0:
		return append(dst, m.To)
	}
	return dst
}

// afarSquare returns where an Archer's move m captures from afar: one more
// leap beyond its destination.
func (p *Position) afarSquare(m Move) Square {
	return m.To + (m.To - m.From)
}

// Converted returns the squares whose pieces m turns to the mover's side:
// the converted square of a conversion, nil for any other move.
func (p *Position) Converted(m Move) []Square {
	if m.Kind == MoveConvert {
		return []Square{m.To}
	}
	return nil
}
