package rules

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestUnroyalAnyStartCastling: Extinction960's King, which is not royal,
// castles from any start; where two Kings stand on the first rank the
// rights name the file of the one that castles first (Fairy-Stockfish's
// disambiguation), and without it the first from the a-file castles. The
// FEN written names it wherever two stand there. Counts of these positions
// against Fairy-Stockfish are in testdata/perft/extinction960.perft.
func TestUnroyalAnyStartCastling(t *testing.T) {
	const board = "r3k2r/pppbqppp/2n2n2/8/8/2N2N2/PPPBQPPP/R1K1K2R"
	tests := []struct {
		give, wantFEN string
		castles       []string
	}{
		{board + " w EAHah - 0 1", board + " w EKQkq - 0 1", []string{"e1h1"}},
		{board + " w EKQkq - 0 1", board + " w EKQkq - 0 1", []string{"e1h1"}},
		{board + " w CAHah - 0 1", board + " w CKQkq - 0 1", []string{"c1a1"}},
		{board + " w AHah - 0 1", board + " w CKQkq - 0 1", []string{"c1a1"}},
		{board + " w KQkq - 0 1", board + " w CKQkq - 0 1", []string{"c1a1"}},
		{"rnbqb1kr/pppppppp/8/8/8/8/PPPPPPPP/RNBQB1KR w AHah - 0 1", "rnbqb1kr/pppppppp/8/8/8/8/PPPPPPPP/RNBQB1KR w KQkq - 0 1", []string{"g1h1"}},
	}
	for _, tt := range tests {
		p := mustPosition(t, "extinction960", tt.give)
		if got := p.FEN(); got != tt.wantFEN {
			t.Errorf("FEN of %q = %q; want %q", tt.give, got, tt.wantFEN)
		}
		var castles []string
		for _, m := range p.LegalMoves() {
			if m.Kind == MoveCastle {
				castles = append(castles, p.UCI(m))
			}
		}
		if !slices.Equal(castles, tt.castles) {
			t.Errorf("%q: castling moves %v; want %v", tt.give, castles, tt.castles)
		}
	}
}

// TestUnroyalAnyStartRightsFollowTheKing: the rights stay with the King
// that holds them while the other King moves, and go with its first move.
func TestUnroyalAnyStartRightsFollowTheKing(t *testing.T) {
	g := NewGame(mustPosition(t, "extinction960", "r3k2r/pppbqppp/2n2n2/8/8/2N2N2/PPPBQPPP/R1K1K2R w EAHah - 0 1"))
	playUCI(t, g, "c1b1", "a7a6")
	if got, want := g.Position().FEN(), "r3k2r/1ppbqppp/p1n2n2/8/8/2N2N2/PPPBQPPP/RK2K2R w EKQkq - 0 2"; got != want {
		t.Fatalf("after c1b1 a7a6: %q; want %q", got, want)
	}
	playUCI(t, g, "b1c1", "a6a5", "e1h1")
	if got, want := g.Position().FEN(), "r3k2r/1ppbqppp/2n2n2/p7/8/2N2N2/PPPBQPPP/R1K2RK1 b kq - 1 3"; got != want {
		t.Fatalf("after the castling: %q; want %q", got, want)
	}
}

// TestUnroyalAnyStartRefused: rights need a King on the first rank.
func TestUnroyalAnyStartRefused(t *testing.T) {
	s, err := ParseFEN(MustBuiltin("extinction960"), "r3k2r/pppbqppp/2n2n2/8/8/2N2NK1/PPPBQPPP/R6R w AHah - 0 1")
	if err == nil {
		_, err = NewPosition(s)
	}
	var e *Error
	if !errors.As(err, &e) || e.Code != ErrIllegalPosition || !strings.Contains(e.Detail, "King on rank 1") {
		t.Errorf("rights without a King on the first rank: %v; want illegal-position naming the rank", err)
	}
}
