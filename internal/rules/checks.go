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

// givesCheck says whether the legal move m gives check.
func (p *Position) givesCheck(m Move) bool {
	us := p.side
	u := p.make(m)
	check := p.attacked(p.king[us.Other()], us)
	p.unmake(m, u)
	return check
}

// dropChecks keeps, of the n legal moves moves[start:start+n], those that
// give no check, in their order, and returns how many: the legal moves of
// a variant where giving check is illegal.
func (p *Position) dropChecks(moves []Move, start, n int) int {
	k := start
	for _, m := range moves[start : start+n] {
		if !p.givesCheck(m) {
			moves[k] = m
			k++
		}
	}
	return k - start
}
