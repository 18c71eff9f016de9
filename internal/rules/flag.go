package rules

import "slices"

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

// With an answer (FlagDef.Answer; Racing Kings, Fairy-Stockfish's
// flagMove), the side that reaches its flag first wins only once its
// opponent has answered with one more move, and the answer may undo or
// equal it, as Fairy-Stockfish judges it (Position::is_immediate_game_end):
//   - the side to move whose flag piece stands on its flag reached it before
//     the answer, and wins (race-won); but when that side is White, the flag
//     piece is royal and Black's stands on its flag too, Black's answer has
//     equalled it: a draw (race-drawn), lichess's Racing Kings rule;
//   - a royal flag piece of the side that has just moved on its flag cannot
//     be taken off: that side wins at once (race-won), unless the side to
//     move is Black, not in check, and its royal piece has a legal move onto
//     one of its flag squares, which would draw;
//   - otherwise the game goes on: the answer is to come.

// flagRule is a compiled RulesDef.Flag.
type flagRule struct {
	piece   PieceType
	squares [2][]Square // [colour]: the squares that win for that colour
	answer  bool        // FlagDef.Answer
	royal   bool        // the flag piece is the variant's royal piece
}

// compileFlag reads RulesDef.Flag into v.flag.
func (v *Variant) compileFlag(f *FlagDef) error {
	t, ok := v.typeNamed(f.Piece)
	if !ok {
		return newError(ErrInvalidVariant, "rules.flag.piece", -1, "no piece has letter or name %q", f.Piece)
	}
	fr := &flagRule{piece: t, answer: f.Answer, royal: t == v.royal}
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

// flagEnd applies the flag to p: FlagReached (or, with an answer, RaceWon
// or RaceDrawn) with its winner, or Ongoing.
func (p *Position) flagEnd() (Outcome, Color) {
	f := p.v.flag
	us, them := p.side, p.side.Other()
	if f.answer {
		switch {
		case p.flagReached(us):
			if us == White && f.royal && p.flagReached(them) {
				return RaceDrawn, 0
			}
			return RaceWon, us
		case f.royal && p.flagReached(them):
			if us == Black && p.canReachFlag() {
				return Ongoing, 0
			}
			return RaceWon, them
		}
		return Ongoing, 0
	}
	for _, c := range [2]Color{them, us} {
		if p.flagReached(c) {
			return FlagReached, c
		}
	}
	return Ongoing, 0
}

// flagReached says whether a flag piece of colour c stands on one of c's
// flag squares.
func (p *Position) flagReached(c Color) bool {
	f := p.v.flag
	pc := makePiece(f.piece, c)
	for _, sq := range f.squares[c] {
		if p.board[sq] == pc {
			return true
		}
	}
	return false
}

// canReachFlag says whether the side to move, not in check, has a legal
// move of its royal piece onto one of its flag squares: the answer that
// would draw a race (flagEnd). It makes and takes back the moves it tries.
func (p *Position) canReachFlag() bool {
	us, them := p.side, p.side.Other()
	ks := p.king[us]
	if ks == NoSquare || p.attacked(ks, them) {
		return false
	}
	var buf [64]Move
	for _, m := range p.pieceMoves(buf[:0], ks, p.board[ks], false) {
		if !slices.Contains(p.v.flag.squares[us], m.To) {
			continue
		}
		if p.legalKingSafeMove(m) && !(p.v.noChecks && p.givesCheck(m)) {
			return true
		}
	}
	return false
}

// endFlag is the flag among a variant's end rules (ends.go).
var endFlag = endRule{name: "flag", terminal: true,
	judge: func(p *Position, _ *judging) (Outcome, Color) { return p.flagEnd() }}
