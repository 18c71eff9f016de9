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
// commoner k: giveaway, threekings) has no checks, and needs the rule or
// another end: pseudo-royal pieces, a flag, or a stalemate that decides.
func (t *translation) extinction(d *rules.Definition) {
	s := t.s
	royal := t.royal != noRoyal
	on := s.extinctionValue != "none" && (s.extinctionAll || len(s.extinctionKinds) > 0)
	switch {
	case t.pseudoRoyal(d):
		// Pseudo-royal pieces cannot be taken: Fairy-Stockfish judges no
		// extinction then (Position::is_immediate_game_end).
		if d.Rules.PseudoRoyal == nil {
			return // refused, with the problem that says why
		}
		on = false
	case s.extinctionPseudoRoyal:
		// A royal King in all but name (royal.go); where captures
		// explode, its loss is the outcome explosion (rules.blast).
		on = false
	}
	if !on {
		if !royal && d.Rules.PseudoRoyal == nil && d.Rules.Flag == nil && s.stalemate != "loss" && s.stalemate != "win" {
			t.fail("king", CodeUnsupported, "the variant has no King and no other end: no extinction rule (extinctionValue, extinctionPieceTypes), pseudo-royal pieces, flag, or stalemateValue loss or win")
		}
		if !royal {
			t.unroyal(d)
		}
		return
	}
	ok := true
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
	if !royal {
		t.unroyal(d)
	}
}

// unroyal: without a royal piece nothing is ever in check.
func (t *translation) unroyal(d *rules.Definition) {
	if t.s.checkCounting {
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
