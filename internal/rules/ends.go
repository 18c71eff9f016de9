package rules

// How a game ends, as data: each variant has an ordered list of end rules
// (Variant.ends), compiled from its definition's rules by compileEnds, and
// one loop judges them (Position.statusOf; Game.endedByRule for the rules
// that need no count of the legal moves). The first rule that ends the game
// gives the outcome and the winner. A rule is a small named value; the
// rules of one family live in their own file (bareking.go, material.go),
// the ones every variant has here.
//
// The order is the arbiter's: a flag reached comes first (flag.go), then
// extinction (extinction.go), the check limit (checks.go), a checkmate, a bare King's loss before a stalemate (bareking.go), a
// stalemate before dead material, and the automatic draws by repetition
// and by the move rule last.

// endRule is one way a game can end.
type endRule struct {
	// name is the rule's stable name, the definition key it comes from.
	name string
	// countsMoves says the rule needs the number of legal moves
	// (checkmate, stalemate): a move found legal shows it has not ended
	// the game, so Game.endedByRule leaves it out.
	countsMoves bool
	// terminal says that a position the rule has ended has no legal move:
	// move generation and perft stop there (the flag, flag.go). Only a
	// rule that does not count the moves can be terminal, and move
	// generation judges it with a nil *judging (no allocation per node).
	terminal bool
	// judge says how p ends the game, given what is known of it: its
	// outcome and winner, or Ongoing.
	judge func(p *Position, j *judging) (Outcome, Color)
}

// judging is what the end rules know of a position beyond the position
// itself: its legal moves (-1 when not counted), whether the side to move
// is in check, and how often the position has occurred.
type judging struct {
	legal       int
	inCheck     bool
	repetitions int
}

// The end rules every variant can have.
var (
	endCheckmate = endRule{name: "checkmate", countsMoves: true,
		judge: func(p *Position, j *judging) (Outcome, Color) {
			if j.legal == 0 && j.inCheck {
				return Checkmate, p.side.Other()
			}
			return Ongoing, 0
		}}
	endStalemate = endRule{name: "stalemate", countsMoves: true,
		judge: func(p *Position, j *judging) (Outcome, Color) {
			if j.legal == 0 {
				return Stalemate, 0
			}
			return Ongoing, 0
		}}
	endStalemateLoss = endRule{name: "stalemateLoss", countsMoves: true,
		judge: func(p *Position, j *judging) (Outcome, Color) {
			if j.legal == 0 {
				return StalemateLoss, p.side.Other()
			}
			return Ongoing, 0
		}}
	endRepetition = endRule{name: "draws.repetitionEnd",
		judge: func(p *Position, j *judging) (Outcome, Color) {
			if j.repetitions >= p.v.draws.RepetitionEnd {
				return FivefoldRepetition, 0
			}
			return Ongoing, 0
		}}
	endMoveRule = endRule{name: "draws.moveEnd",
		judge: func(p *Position, j *judging) (Outcome, Color) {
			if p.halfmove >= 2*p.v.draws.MoveEnd {
				return SeventyFiveMoves, 0
			}
			return Ongoing, 0
		}}
)

// compileEnds sets v.ends from the switches compileEndings and the draws
// have read, in the order they are judged.
func (v *Variant) compileEnds() {
	v.ends = v.ends[:0]
	if v.flag != nil {
		v.ends = append(v.ends, endFlag)
	}
	if v.extinction != nil {
		v.ends = append(v.ends, endExtinction)
	}
	if v.checkLimit > 0 {
		v.ends = append(v.ends, endCheckLimit)
	}
	if v.blast != nil && v.royal != 0 {
		v.ends = append(v.ends, endExplosion)
	}
	switch {
	case (v.royal != 0 || v.guard != nil) && v.checkmateWin:
		v.ends = append(v.ends, endCheckmateWin)
	case v.royal != 0 || v.guard != nil:
		v.ends = append(v.ends, endCheckmate)
	}
	if v.bareKing {
		v.ends = append(v.ends, endBareKing)
	}
	switch {
	case v.stalemateLoss:
		v.ends = append(v.ends, endStalemateLoss)
	case v.stalemateWin:
		v.ends = append(v.ends, endStalemateWin)
	default:
		v.ends = append(v.ends, endStalemate)
	}
	switch v.material {
	case "fide":
		v.ends = append(v.ends, endFIDEMaterial)
	case "kings":
		v.ends = append(v.ends, endKingsMaterial)
	case "antichess":
		v.ends = append(v.ends, endAntichessMaterial)
	case "atomic":
		v.ends = append(v.ends, endAtomicMaterial)
	}
	if v.draws.RepetitionEnd > 0 {
		v.ends = append(v.ends, endRepetition)
	}
	if v.draws.MoveEnd > 0 {
		v.ends = append(v.ends, endMoveRule)
	}
	v.terminalEnds = false
	for _, r := range v.ends {
		v.terminalEnds = v.terminalEnds || r.terminal
	}
}

// judgeEnds returns the outcome and winner of the first of v's end rules
// that ends the game in p, or Ongoing; with j.legal < 0, the rules that
// count the legal moves are left out.
func (p *Position) judgeEnds(j *judging) (Outcome, Color) {
	for i := range p.v.ends {
		r := &p.v.ends[i]
		if r.countsMoves && j.legal < 0 {
			continue
		}
		if o, w := r.judge(p, j); o != Ongoing {
			return o, w
		}
	}
	return Ongoing, 0
}

// endedTerminal says whether one of v's terminal end rules has ended the
// game in p, so that p has no legal move. Move generation asks it only
// when Variant.terminalEnds is set.
func (p *Position) endedTerminal() bool {
	for i := range p.v.ends {
		if r := &p.v.ends[i]; r.terminal {
			if o, _ := r.judge(p, nil); o != Ongoing {
				return true
			}
		}
	}
	return false
}
