package rules

import "math/bits"

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
//
// Fairy-Stockfish's other capture-the-flag keys, with its semantics
// (Position::flag_reached in position.h, the capture-the-flag part of
// Position::is_immediate_game_end in position.cpp):
//   - piece "*" (flagPiece = *, ALL_PIECES): every piece of the side is a
//     flag piece;
//   - count (flagPieceCount): a side has reached its flag when at least
//     count of its flag pieces stand on its flag squares; with blocked
//     (flagPieceBlockedWin), also when one of them does and every one of its
//     flag squares holds a piece of either colour;
//   - safe (flagPieceSafe): when exactly count flag pieces stand there, the
//     flag is reached only if none of them is attacked by the opponent
//     (attackers_to: Position.attacked, pins ignored). Then the side to move
//     that has reached its flag wins too, before the side that has just
//     moved: a draw when both have (race-drawn). With answer, the safety
//     test applies only to the side that has just moved: an attacked flag
//     piece gives the opponent its answer, a safe one wins at once.
//
// Without safe or answer, Fairy-Stockfish judges only the side that has
// just moved; the side to move is judged here too for a set-up position,
// by the count alone: with blocked, the opponent's move may fill the side
// to move's squares, and then the game goes on, as in Fairy-Stockfish.

// With an answer (FlagDef.Answer; Racing Kings, Fairy-Stockfish's
// flagMove), the side that reaches its flag first wins only once its
// opponent has answered with one more move, and the answer may undo or
// equal it, as Fairy-Stockfish judges it (Position::is_immediate_game_end):
//   - the side to move whose flag piece stands on its flag reached it before
//     the answer, and wins (race-won); but when that side is White, the flag
//     piece is royal and Black's stands on its flag too, Black's answer has
//     equalled it: a draw (race-drawn), lichess's Racing Kings rule;
//   - a royal flag piece (or, with safe, a safe flag) of the side that has
//     just moved on its flag cannot be taken off: that side wins at once
//     (race-won), unless the flag piece is royal and the side to move is
//     Black, not in check, and its royal piece has a legal move onto one of
//     its flag squares, which would draw;
//   - otherwise the game goes on: the answer is to come.

// flagRule is a compiled RulesDef.Flag.
type flagRule struct {
	piece   PieceType   // the flag piece's type; 0 for "*", every piece
	squares [2][]Square // [colour]: the squares that win for that colour, in the definition's order
	region  [2]bitboard // [colour]: the same squares as a set
	count   int         // FlagDef.Count, 1 when unset
	blocked bool        // FlagDef.Blocked
	safe    bool        // FlagDef.Safe
	answer  bool        // FlagDef.Answer
	royal   bool        // the flag piece is the variant's royal piece
	single  bool        // one flag piece of a named type suffices, unblocked and unsafe: King of the Hill's quick test
}

// compileFlag reads RulesDef.Flag into v.flag.
func (v *Variant) compileFlag(f *FlagDef) error {
	fr := &flagRule{count: max(f.Count, 1), blocked: f.Blocked, safe: f.Safe, answer: f.Answer}
	if f.Piece != "*" {
		t, ok := v.typeNamed(f.Piece)
		if !ok {
			return newError(ErrInvalidVariant, "rules.flag.piece", -1, `no piece has letter or name %q, nor is it "*" for every piece`, f.Piece)
		}
		fr.piece, fr.royal = t, t == v.royal
	}
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
			fr.region[c].set(sq)
		}
	}
	for c := range fr.region {
		if n := fr.region[c].count(); f.Count < 0 || fr.count > n {
			return newError(ErrInvalidVariant, "rules.flag.count", -1, "count %d is outside 1 to %d, the number of %s's flag squares", f.Count, n, Color(c))
		}
	}
	fr.single = fr.piece != 0 && fr.count == 1 && !fr.blocked && !fr.safe
	v.flag = fr
	return nil
}

// count returns the number of squares in b.
func (b *bitboard) count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// flagEnd applies the flag to p: FlagReached (or, with an answer, RaceWon;
// RaceDrawn for a draw) with its winner, or Ongoing.
func (p *Position) flagEnd() (Outcome, Color) {
	f := p.v.flag
	us, them := p.side, p.side.Other()
	switch {
	case f.answer:
		return p.raceEnd()
	case f.safe:
		// is_immediate_game_end: the side to move first, a draw when both
		// have reached their flags.
		if p.flagReached(us) {
			if p.flagReached(them) {
				return RaceDrawn, 0
			}
			return FlagReached, us
		}
		if p.flagReached(them) {
			return FlagReached, them
		}
		return Ongoing, 0
	}
	if p.flagReached(them) {
		return FlagReached, them
	}
	if p.flagHeld(us) {
		return FlagReached, us // a set-up position
	}
	return Ongoing, 0
}

// raceEnd is flagEnd with an answer (Fairy-Stockfish's flagMove).
func (p *Position) raceEnd() (Outcome, Color) {
	f := p.v.flag
	us, them := p.side, p.side.Other()
	switch {
	case p.flagReached(us):
		if us == White && f.royal && p.flagReached(them) {
			return RaceDrawn, 0
		}
		return RaceWon, us
	case (f.royal || f.safe) && p.flagReached(them):
		if f.royal && us == Black && p.canReachFlag() {
			return Ongoing, 0
		}
		return RaceWon, them
	}
	return Ongoing, 0
}

// flagReached says whether colour c has reached its flag, as
// Fairy-Stockfish's Position::flag_reached: count of its flag pieces on
// its flag squares or, with blocked, one of them there and every flag
// square full; with safe, when exactly count stand there, none of them
// attacked (for the side that has just moved only, with an answer).
func (p *Position) flagReached(c Color) bool {
	f := p.v.flag
	if f.single {
		return p.flagHeld(c)
	}
	n := p.flagCount(c)
	if n == 0 || n < f.count && !(f.blocked && p.flagFull(c)) {
		return false
	}
	if f.safe && n == f.count && (!f.answer || c != p.side) {
		return p.flagSafe(c)
	}
	return true
}

// flagHeld says whether at least count of c's flag pieces stand on c's
// flag squares.
func (p *Position) flagHeld(c Color) bool {
	f := p.v.flag
	if !f.single {
		return p.flagCount(c) >= f.count
	}
	pc := makePiece(f.piece, c)
	for _, sq := range f.squares[c] {
		if p.board[sq] == pc {
			return true
		}
	}
	return false
}

// flagCount returns the number of c's flag pieces on c's flag squares.
func (p *Position) flagCount(c Color) int {
	f := p.v.flag
	n := 0
	for w := range f.region[c] {
		on := f.region[c][w] & p.occ[c][w]
		if f.piece == 0 {
			n += bits.OnesCount64(on)
			continue
		}
		for ; on != 0; on &= on - 1 {
			if p.board[w*64+bits.TrailingZeros64(on)].Type() == f.piece {
				n++
			}
		}
	}
	return n
}

// flagFull says whether every one of c's flag squares holds a piece, of
// either colour.
func (p *Position) flagFull(c Color) bool {
	for w, r := range p.v.flag.region[c] {
		if r&^(p.occ[White][w]|p.occ[Black][w]) != 0 {
			return false
		}
	}
	return true
}

// flagSafe says whether none of c's flag pieces on c's flag squares is
// attacked by the opponent.
func (p *Position) flagSafe(c Color) bool {
	f := p.v.flag
	for w := range f.region[c] {
		for on := f.region[c][w] & p.occ[c][w]; on != 0; on &= on - 1 {
			sq := Square(w*64 + bits.TrailingZeros64(on))
			if (f.piece == 0 || p.board[sq].Type() == f.piece) && p.attacked(sq, c.Other()) {
				return false
			}
		}
	}
	return true
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
		if !p.v.flag.region[us].has(m.To) {
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
