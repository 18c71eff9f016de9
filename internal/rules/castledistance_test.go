package rules

import (
	"slices"
	"testing"
)

// The castling of Wildebeest Chess (RULES R42): the King moves one square
// or more toward a Rook, the Rook jumps to the square next to it on the
// other side. Written with the King's landing square, the one-square
// castling as King takes Rook.
func TestCastlingAnyDistance(t *testing.T) {
	const open = "r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1"
	tests := []struct {
		name, fen string
		want      []string // the castling moves, in coordinate form
	}{
		{"every distance", open, []string{"f1a1", "f1b1", "f1c1", "f1d1", "f1h1", "f1i1", "f1j1", "f1k1"}},
		{"only the kingside right", "r4k4r/11/11/11/11/11/11/11/11/R4K4R w K - 0 1", []string{"f1h1", "f1i1", "f1j1", "f1k1"}},
		{"blocked", "r4k4r/11/11/11/11/11/11/11/11/R1N2K3BR w KQkq - 0 1", nil},
		{"a piece next to the Rook blocks", "r4k4r/11/11/11/11/11/11/11/11/RN3K4R w KQ - 0 1", []string{"f1h1", "f1i1", "f1j1", "f1k1"}},
		// A black Rook on h10 attacks h1: the King may stop on g1, not
		// land on h1 or cross it.
		{"attacked square", "r4k1r3/11/11/11/11/11/11/11/11/R4K4R w KQ - 0 1", []string{"f1a1", "f1b1", "f1c1", "f1d1", "f1k1"}},
		// The a1 Rook may be attacked and pass over an attacked b1.
		{"attacked Rook and its path", "1r3k4r/11/11/11/11/11/11/11/11/R4K4R w Q - 0 1", []string{"f1c1", "f1d1", "f1a1"}},
		{"in check", "r4k4r/11/11/11/11/5r5/11/11/11/R4K4R w KQ - 0 1", nil},
		// The King cannot move toward a Rook beside it without landing on it.
		{"King and Rook side by side", "r4k4r/11/11/11/11/11/11/11/11/4RK4R w KQ - 0 1", []string{"f1h1", "f1i1", "f1j1", "f1k1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, "wildebeest", tt.fen)
			var got []string
			for _, m := range p.LegalMoves() {
				if m.Kind == MoveCastle {
					got = append(got, p.UCI(m))
				}
			}
			slices.Sort(got)
			want := slices.Clone(tt.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("castling moves of %q = %v; want %v", tt.fen, got, want)
			}
		})
	}
}

// Where each castling takes King and Rook, and how it is written and read.
func TestCastlingAnyDistanceNotation(t *testing.T) {
	const open = "r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1"
	tests := []struct {
		give, uci, san, fen string
	}{
		{"f1k1", "f1k1", "O-O/g1+", "r4k4r/11/11/11/11/11/11/11/11/R4RK4 b kq - 1 1"},
		{"O-O/g1", "f1k1", "O-O/g1+", "r4k4r/11/11/11/11/11/11/11/11/R4RK4 b kq - 1 1"},
		{"f1h1", "f1h1", "O-O/h1", "r4k4r/11/11/11/11/11/11/11/11/R5RK3 b kq - 1 1"},
		{"o-o/i1", "f1i1", "O-O/i1", "r4k4r/11/11/11/11/11/11/11/11/R6RK2 b kq - 1 1"},
		{"f1j1", "f1j1", "O-O/j1", "r4k4r/11/11/11/11/11/11/11/11/R7RK1 b kq - 1 1"},
		{"f1a1", "f1a1", "O-O-O/e1+", "r4k4r/11/11/11/11/11/11/11/11/4KR4R b kq - 1 1"},
		{"0-0-0/d1", "f1d1", "O-O-O/d1", "r4k4r/11/11/11/11/11/11/11/11/3KR5R b kq - 1 1"},
		{"f1c1", "f1c1", "O-O-O/c1", "r4k4r/11/11/11/11/11/11/11/11/2KR6R b kq - 1 1"},
		{"O-O-O/b1", "f1b1", "O-O-O/b1", "r4k4r/11/11/11/11/11/11/11/11/1KR7R b kq - 1 1"},
		// The King's step is not castling.
		{"f1g1", "f1g1", "Kg1", "r4k4r/11/11/11/11/11/11/11/11/R5K3R b kq - 1 1"},
	}
	for _, tt := range tests {
		t.Run(tt.give, func(t *testing.T) {
			p := mustPosition(t, "wildebeest", open)
			m, err := p.ParseMove(tt.give)
			if err != nil {
				t.Fatalf("ParseMove(%q) = %v", tt.give, err)
			}
			if got := p.UCI(m); got != tt.uci {
				t.Errorf("UCI(ParseMove(%q)) = %q; want %q", tt.give, got, tt.uci)
			}
			if got := p.SAN(m); got != tt.san {
				t.Errorf("SAN(ParseMove(%q)) = %q; want %q", tt.give, got, tt.san)
			}
			q, err := p.Play(m)
			if err != nil {
				t.Fatalf("Play(%q) = %v", tt.give, err)
			}
			if got := q.FEN(); got != tt.fen {
				t.Errorf("FEN after %q = %q; want %q", tt.give, got, tt.fen)
			}
		})
	}
	p := mustPosition(t, "wildebeest", open)
	for _, text := range []string{"O-O", "O-O-O"} {
		if _, err := p.ParseMove(text); CodeOf(err) != ErrAmbiguousMove {
			t.Errorf("ParseMove(%q) = %v; want %s", text, err, ErrAmbiguousMove)
		}
	}
	// With one distance left, O-O alone names it.
	p = mustPosition(t, "wildebeest", "r4k4r/11/11/11/11/11/11/11/11/R4KN3R w KQkq - 0 1")
	if m, err := p.ParseMove("O-O"); err == nil {
		t.Errorf("ParseMove(O-O) with g1 taken = %s; want no castling", p.UCI(m))
	}
	p = mustPosition(t, "wildebeest", "r4k4r/11/11/11/11/11/11/11/11/R4K1R3 w Qkq - 0 1")
	if m, err := p.ParseMove("O-O-O/b1"); err != nil || p.UCI(m) != "f1b1" {
		t.Errorf("ParseMove(O-O-O/b1) = %v, %v; want f1b1", m, err)
	}
}
