package fsf

import (
	"fmt"
	"strings"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// extinction writes Fairy-Stockfish's extinction rule as rules.extinction.
// Fairy-Stockfish (Position::is_immediate_game_end) ends the game when,
// for the side that has just moved and then for the side to move, one of
// the extinctionPieceTypes has extinctionPieceCount or fewer pieces: the
// format's rule, one listed type at or below the count. * (ALL_PIECES) is
// the count of all the side's pieces; listed with other types it changes
// nothing, since all the pieces together are never fewer than those of one
// type, so it is written only alone. A variant without a royal King (a
// commoner k: giveaway, threekings) needs the rule; it has no checks.
func (t *translation) extinction(d *rules.Definition) {
	s := t.s
	_, royal := t.letter[kindKing]
	if s.extinctionPseudoRoyal {
		t.fail("extinctionPseudoRoyal", CodeUnsupported, "extinctionPseudoRoyal = true: the format has no pseudo-royal pieces (the last of a type that may not be left attacked)")
	}
	on := s.extinctionValue != "none" && (s.extinctionAll || len(s.extinctionKinds) > 0)
	if !on {
		if !royal {
			t.fail("king", CodeUnsupported, "the variant has no King and no extinction rule (extinctionValue, extinctionPieceTypes): the format needs a royal piece or rules.extinction to end the game")
		}
		return
	}
	ok := !s.extinctionPseudoRoyal
	for _, b := range []struct {
		key, why string
		on       bool
	}{
		{"extinctionValue", "extinctionValue = draw: the format's extinction is a loss or a win for the extinct side", s.extinctionValue == "draw"},
		{"extinctionClaim", "extinctionClaim = true: the format's extinction ends the game at once, for either side, without a claim", s.extinctionClaim},
		{"extinctionOpponentPieceCount", fmt.Sprintf("extinctionOpponentPieceCount = %d: the format's extinction does not count the opponent's pieces", s.extinctionOppCount), s.extinctionOppCount != 0},
	} {
		if b.on {
			t.fail(b.key, CodeUnsupported, "%s", b.why)
			ok = false
		}
	}
	var pieces []string
	for _, k := range t.kinds {
		if s.extinctionKinds[k] {
			pieces = append(pieces, t.letter[k])
		}
	}
	for k := range s.extinctionKinds {
		if _, present := t.letter[k]; !present {
			t.fail("extinctionPieceTypes", CodeUnsupported, "%s never stands on the board, so Fairy-Stockfish's game is over at the start (none is at or below extinctionPieceCount)", pieceKinds[k].key)
			ok = false
		}
	}
	if !ok {
		return
	}
	if len(pieces) == 0 {
		pieces = []string{"*"}
	}
	if t.extinctAtStart(d.StartFEN, pieces) {
		t.fail("startFen", CodeUnsupported, "the start position is decided by extinction already: a side has %d or fewer of the pieces extinctionPieceTypes names", s.extinctionCount)
		return
	}
	d.Rules.Extinction = &rules.ExtinctionDef{Pieces: pieces, Count: s.extinctionCount, Result: s.extinctionValue}
	if royal {
		return
	}
	// Without a royal piece nothing is ever in check.
	if s.checkCounting {
		t.fail("checkCounting", CodeUnsupported, "checkCounting = true without a royal King: no check is ever given, and the format's check limit needs a royal piece")
	}
	d.Rules.GivingCheck = ""
}

// extinctAtStart says whether a side of the start position has the count
// or fewer of a type pieces names (or of all its pieces, with "*").
func (t *translation) extinctAtStart(fen string, pieces []string) bool {
	board, _, _ := strings.Cut(fen, " ")
	var counts [2]map[string]int
	var total [2]int
	counts[0], counts[1] = map[string]int{}, map[string]int{}
	boardSquares(board, func(c byte, _, _ int) {
		if !isLetter(c) {
			return
		}
		side := 0
		if c == lower(c) {
			side = 1
		}
		counts[side][strings.ToUpper(string(c))]++
		total[side]++
	})
	for c := range 2 {
		for _, p := range pieces {
			if p == "*" && total[c] <= t.s.extinctionCount || p != "*" && counts[c][p] <= t.s.extinctionCount {
				return true
			}
		}
	}
	return false
}
