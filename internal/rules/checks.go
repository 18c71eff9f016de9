package rules

import (
	"strconv"
	"strings"
)

// Checks as an end of the game and as a limit on moves.
//
// The check limit (RulesDef.CheckLimit): a side that has given that many
// checks wins at once, three-check's rule (lichess's threeCheck,
// Fairy-Stockfish's checkCounting). The checks each side has given are part
// of the position: of its hash, so that two positions with other counts are
// never one for the repetition rules, and of its FEN, as the checks each
// side still needs after the en-passant field ("3+3", as python-chess,
// chessops and Fairy-Stockfish write it), or, read only, as the checks given
// after the move number ("+0+0", lichess's older FENs). The rule is judged
// after every move, before checkmate (python-chess and scalachess judge a
// variant's own end first): the third check wins even when it also mates.
// It is terminal for move generation, as python-chess and shakmaty count
// three-check's perft.
//
// Giving check illegal (RulesDef.GivingCheck "illegal"): a move that
// attacks the opponent's royal piece is not legal, Racing Kings' rule
// (Fairy-Stockfish's checking = false).

// MaxCheckLimit bounds RulesDef.CheckLimit.
const MaxCheckLimit = 99

// compileChecks reads the check limit and whether giving check is legal.
func (v *Variant) compileChecks(r *RulesDef) error {
	if r.CheckLimit < 0 || r.CheckLimit > MaxCheckLimit {
		return newError(ErrInvalidVariant, "rules.checkLimit", -1, "checkLimit must be 1 to %d, or 0 for none", MaxCheckLimit)
	}
	v.checkLimit = r.CheckLimit
	switch r.GivingCheck {
	case "", "allowed":
	case "illegal":
		v.noChecks = true
	default:
		return newError(ErrInvalidVariant, "rules.givingCheck", -1, `givingCheck must be "allowed" or "illegal", not %s`, quoteText(r.GivingCheck))
	}
	if v.noChecks && v.checkLimit > 0 {
		return newError(ErrInvalidVariant, "rules.checkLimit", -1, "a variant where no move may give check cannot be won by checks")
	}
	return nil
}

// countCheck adds a check to the count of c, the side that has just moved,
// when it gives check: Position.play, after every move really played.
func (p *Position) countCheck(c Color) {
	if p.side == c || !p.attacked(p.king[p.side], c) || int(p.checksGiven[c]) >= p.v.checkLimit {
		return
	}
	p.hash ^= zobristChecks[c][p.checksGiven[c]] ^ zobristChecks[c][p.checksGiven[c]+1]
	p.checksGiven[c]++
}

// CheckLimit returns the number of checks that wins (RulesDef.CheckLimit),
// 0 in a variant without the rule.
func (v *Variant) CheckLimit() int { return v.checkLimit }

// Checks returns how many checks side c has given, in a variant with a
// check limit (0 in any other).
func (p *Position) Checks(c Color) int { return int(p.checksGiven[c]) }

// endCheckLimit is the check limit among a variant's end rules (ends.go).
var endCheckLimit = endRule{name: "checkLimit", terminal: true,
	judge: func(p *Position, _ *judging) (Outcome, Color) {
		for _, c := range [2]Color{p.side.Other(), p.side} {
			if int(p.checksGiven[c]) >= p.v.checkLimit {
				return ChecksGiven, c
			}
		}
		return Ongoing, 0
	}}

// checksField says whether a FEN field is a check count: "3+3" (the
// checks each side still needs) or, with given, "+0+0" (the checks each
// side has given).
func checksField(f string, given bool) bool {
	if given {
		if !strings.HasPrefix(f, "+") {
			return false
		}
		f = f[1:]
	}
	w, b, ok := strings.Cut(f, "+")
	return ok && isDigits(w) && isDigits(b)
}

func isDigits(s string) bool {
	if s == "" || len(s) > 3 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// parseChecks reads a check-count field at offset off of a FEN: the checks
// each side still needs ("3+3") or, with given, the checks each has given
// ("+0+0"), into s.Checks as the checks given.
func (s *Setup) parseChecks(text string, off int, given bool) error {
	limit := s.Variant.checkLimit
	body := text
	if given {
		body, off = text[1:], off+1
	}
	ws, bs, _ := strings.Cut(body, "+")
	for c, n := range [2]string{ws, bs} {
		at := off
		if c == 1 {
			at += len(ws) + 1
		}
		k, _ := strconv.Atoi(n)
		if k > limit {
			what := "needs"
			if given {
				what = "has given"
			}
			return newError(ErrInvalidFEN, fieldChecks, at, "%s %s %d checks, more than the %d of %s", Color(c), what, k, limit, s.Variant.def.ID)
		}
		if !given {
			k = limit - k
		}
		s.Checks[c] = k
	}
	return nil
}

// checksText writes the checks each side still needs, "3+3".
func (s *Setup) checksText(sb []byte) []byte {
	limit := s.Variant.checkLimit
	sb = strconv.AppendInt(sb, int64(limit-s.Checks[White]), 10)
	sb = append(sb, '+')
	return strconv.AppendInt(sb, int64(limit-s.Checks[Black]), 10)
}

// givesCheck says whether the legal move m gives check. A plain move (see
// boardAlone) is tried on the board and the occupancy alone, which is all
// an attack test reads there.
func (p *Position) givesCheck(m Move) bool {
	us := p.side
	if p.boardAlone(m) {
		taken := p.liftPlain(m)
		check := p.attacked(p.king[us.Other()], us)
		p.dropPlain(m, taken)
		return check
	}
	u := p.make(m)
	check := p.attacked(p.king[us.Other()], us)
	p.unmake(m, u)
	return check
}

// dropChecks keeps, of the n legal moves moves[start:start+n], those that
// give no check, in their order, and returns how many: the legal moves of
// a variant where giving check is illegal. A plain move is judged by a
// checkFilter where one can be made; the others are tried (givesCheck).
func (p *Position) dropChecks(moves []Move, start, n int) int {
	var f checkFilter
	ok := f.init(p)
	k := start
	for _, m := range moves[start : start+n] {
		var check bool
		switch {
		case ok && plainForCheck(m):
			check = !f.quiet(p, m) && f.gives(p, m)
		default:
			check = p.givesCheck(m)
		}
		if !check {
			moves[k] = m
			k++
		}
	}
	return k - start
}

// gives says whether the plain move m, which quiet could not clear, gives
// check. Where every attack is a plain ride or leap (no legs, hoppers or
// bent paths), the enemy King, not attacked before the move, is attacked
// after it only along a ray through one of its squares or by a leap of the
// moved piece from its destination: those alone are tested, on the board
// with the move made (a position whose side not to move is in check is
// refused, but where explosions spare Kings side by side). Elsewhere the
// move is tried (givesCheck).
func (f *checkFilter) gives(p *Position, m Move) bool {
	if p.kit.lines || p.v.blast != nil {
		return p.givesCheck(m)
	}
	b := &p.board
	pc, taken := b[m.From], b[m.To]
	b[m.From], b[m.To] = 0, pc // the rays read the board alone: no liftPlain (10% slower here)
	check := false
	for i := range f.at.rays {
		rp := &f.at.rays[i]
		if !rp.mask.has(m.From) && !rp.mask.has(m.To) {
			continue
		}
		k := 0
		for k < len(rp.ray) && b[rp.ray[k]] == 0 {
			k++
		}
		if k < len(rp.ray) && rp.near != nil && rp.near[k].has(b[rp.ray[k]]) {
			check = true
			break
		}
	}
	b[m.From], b[m.To] = pc, taken
	if check || !f.leaps.has(m.To) {
		return check
	}
	for i := f.at.legged; i < len(f.at.leaps); i++ {
		if lp := &f.at.leaps[i]; lp.from == m.To && lp.set.has(pc) {
			return true
		}
	}
	return false
}

// checkFilter tells, without playing it, that a plain move gives no check,
// in a position whose side not to move is not in check: what may attack the
// enemy King after the move is what the move changes. From the attack table
// of the enemy King's square (quietTable) it holds the squares that decide
// its ray probes (up to the first piece, markDeciding) and the squares its
// legged leaps read; a move touching none of them changes no ray and no
// leg, so it gives check only by a leap of the moved piece from its
// destination onto the King, which the leaps landing on that square tell.
type checkFilter struct {
	at    *attackTable
	lines bitboard // squares of the ray probes' deciding stretches and the legged leaps
	leaps bitboard // squares from which an unlegged leap probe attacks
}

// init fills f for p; false where no filter can be made (the powers, frozen
// pieces and Devs attack through more than the table, quietTable).
func (f *checkFilter) init(p *Position) bool {
	if p.v.hasFrozen {
		return false
	}
	at := p.quietTable()
	if at == nil {
		return false
	}
	f.at = at
	for i := range at.rays {
		at.rays[i].markDeciding(&f.lines, &p.board)
	}
	if len(at.bents) > 0 {
		return false // a bent rider's path: the moves are tried instead
	}
	for i := range at.leaps {
		lp := &at.leaps[i]
		if i < at.legged {
			f.lines.set(lp.from)
			for _, s := range lp.legs() {
				if s != NoSquare {
					f.lines.set(s)
				}
			}
			continue
		}
		f.leaps.set(lp.from)
	}
	return true
}

// quiet says whether the plain move m surely gives no check; false means
// it must be tried.
func (f *checkFilter) quiet(p *Position, m Move) bool {
	if f.lines.has(m.From) || f.lines.has(m.To) {
		return false
	}
	if !f.leaps.has(m.To) {
		return true
	}
	pc := p.board[m.From]
	for i := f.at.legged; i < len(f.at.leaps); i++ {
		if lp := &f.at.leaps[i]; lp.from == m.To && lp.set.has(pc) {
			return false
		}
	}
	return true
}
