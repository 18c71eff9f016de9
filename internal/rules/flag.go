package rules

// The flag (RulesDef.Flag): a side whose piece of the flag type stands on
// one of that side's flag squares wins at once, King of the Hill's rule (a
// King on d4, e4, d5 or e5; lichess's variant end, Fairy-Stockfish's
// flagPiece with whiteFlag and blackFlag). Judged in each position, first
// for the side that has just moved, then for the side to move (a position
// set up with its flag already reached).
//
// The flag is judged before a checkmate (ends.go), as python-chess and
// shakmaty do: once a side has reached its flag the game is over, and a
// move that reaches it while giving checkmate wins by the flag. It needs no
// count of the legal moves, and it is terminal for move generation: a
// position it has ended has no legal move (Variant.terminalEnds, legalList),
// as python-chess and shakmaty count King of the Hill's perft.

// flagRule is a compiled RulesDef.Flag.
type flagRule struct {
	piece   PieceType
	squares [2][]Square // [colour]: the squares that win for that colour
}

// compileFlag reads RulesDef.Flag into v.flag.
func (v *Variant) compileFlag(f *FlagDef) error {
	t, ok := v.byLetter[f.Piece]
	for i := 0; !ok && i < len(v.types); i++ {
		if v.types[i].Name == f.Piece {
			t, ok = PieceType(i+1), true
		}
	}
	if !ok {
		return newError(ErrInvalidVariant, "rules.flag.piece", -1, "no piece has letter or name %q", f.Piece)
	}
	fr := &flagRule{piece: t}
	for c, names := range [2][]string{f.White, f.Black} {
		field := "rules.flag." + Color(c).String()
		if len(names) == 0 {
			return newError(ErrInvalidVariant, field, -1, "the flag needs at least one square for each side")
		}
		for k, name := range names {
			sq, n := parseSquare(name, v.files, v.ranks)
			if n == 0 || n != len(name) {
				return newError(ErrInvalidVariant, fieldf("%s[%d]", field, k), -1, "%q is no square of the board", name)
			}
			fr.squares[c] = append(fr.squares[c], sq)
		}
	}
	v.flag = fr
	return nil
}

// flagEnd applies the flag to p: FlagReached with its winner, or Ongoing.
func (p *Position) flagEnd() (Outcome, Color) {
	f := p.v.flag
	for _, c := range [2]Color{p.side.Other(), p.side} {
		pc := makePiece(f.piece, c)
		for _, sq := range f.squares[c] {
			if p.board[sq] == pc {
				return FlagReached, c
			}
		}
	}
	return Ongoing, 0
}

// endFlag is the flag among a variant's end rules (ends.go).
var endFlag = endRule{name: "flag", terminal: true,
	judge: func(p *Position, _ *judging) (Outcome, Color) { return p.flagEnd() }}
