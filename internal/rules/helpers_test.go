package rules

import (
	"strconv"
	"strings"
	"testing"
)

// mustPosition parses and validates a FEN of a built-in variant; an empty
// FEN gives the start position.
func mustPosition(t testing.TB, variant, fen string) *Position {
	t.Helper()
	return positionOf(t, MustBuiltin(variant), fen)
}

// positionOf parses and validates a FEN of v; an empty FEN gives the start position.
func positionOf(t testing.TB, v *Variant, fen string) *Position {
	t.Helper()
	if fen == "" {
		return v.Start()
	}
	s, err := ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q) = %v", fen, err)
	}
	p, err := NewPosition(s)
	if err != nil {
		t.Fatalf("NewPosition(%q) = %v", fen, err)
	}
	return p
}

// uciMove finds the legal move written uci in coordinate form.
func uciMove(t testing.TB, p *Position, uci string) Move {
	t.Helper()
	for _, m := range p.LegalMoves() {
		if p.UCI(m) == uci {
			return m
		}
	}
	t.Fatalf("%s is not legal in %s", uci, p.FEN())
	return Move{}
}

// playUCI plays a sequence of coordinate moves in a game.
func playUCI(t testing.TB, g *Game, moves ...string) {
	t.Helper()
	for _, s := range moves {
		if err := g.Play(uciMove(t, g.Position(), s)); err != nil {
			t.Fatalf("Play(%s) = %v", s, err)
		}
	}
}

// boardFEN writes the board field of a FEN: at(f, r) gives the letter on
// each square (0-based file and rank), "" when empty.
func boardFEN(files, ranks int, at func(f, r int) string) string {
	var sb strings.Builder
	for r := ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < files; f++ {
			l := at(f, r)
			if l == "" {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			sb.WriteString(l)
		}
		if empty > 0 {
			sb.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	return sb.String()
}
