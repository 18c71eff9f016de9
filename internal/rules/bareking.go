package rules

// The bare King (RulesDef.BareKing "loss", RULES R41), the rule of Courier
// Chess as of Shatranj: a side left with its King alone loses, unless it
// bares the opposing King on its very next move, which draws. Judged in
// each position, with the side to move S and the side that has just moved O:
//
//   - O has its King alone and S has more: O has lost. O was bared on S's
//     move before and had one move to bare S's King in turn; it did not.
//   - S has its King alone and O has two pieces or more besides its King:
//     S has lost, since no single move of S can bare O.
//   - S has its King alone and O one piece besides its King: the game goes
//     on for S's one move, which either takes that piece or loses.
//   - Both Kings are bare: neither side can win, a draw (reported as
//     insufficient material).
//
// A checkmate comes first; a bare King's loss comes before a stalemate
// (ends.go). Every piece counts, Pawns included. Hook: the variant's end
// rules hold endBareKing when it has the rule; nothing else changes, so move generation and perft know nothing
// of it.

// pieceCount returns how many pieces side c has, its King included.
func (p *Position) pieceCount(c Color) int {
	n := 0
	for t := 1; t <= len(p.v.types); t++ {
		n += int(p.count[c][t])
	}
	return n
}

// bareKingEnd applies the bare-King rule to p: the outcome (BareKing with
// its winner, InsufficientMaterial when both Kings are bare) or Ongoing.
func (p *Position) bareKingEnd() (Outcome, Color) {
	s, o := p.side, p.side.Other()
	ns, no := p.pieceCount(s), p.pieceCount(o)
	switch {
	case ns == 1 && no == 1:
		return InsufficientMaterial, 0
	case no == 1:
		return BareKing, s
	case ns == 1 && no >= 3:
		return BareKing, o
	}
	return Ongoing, 0
}

// endBareKing is the bare-King rule among a variant's end rules (ends.go).
var endBareKing = endRule{name: "bareKing",
	judge: func(p *Position, _ *judging) (Outcome, Color) { return p.bareKingEnd() }}
