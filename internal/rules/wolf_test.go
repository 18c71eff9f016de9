package rules

import (
	"slices"
	"testing"
)

// Wolf Chess's promotions: Pawns and Sergeants to the Queen, Wolf, Fox,
// Rook, Bishop and Nightrider, Pawns also to the Elephant. Without the
// Nightrider the engine gives Fairy-Stockfish's count of its own suite,
// whose promotion set leaves it out.
func TestWolfPromotions(t *testing.T) {
	const fen = "8/k5SP/8/8/8/8/8/8/8/7K w - - 0 1"
	p := mustPosition(t, "wolf", fen)
	got := map[string][]string{}
	for _, m := range p.LegalMoves() {
		if m.Promotion != 0 {
			key := m.From.String() + m.To.String()
			got[key] = append(got[key], p.Variant().Letter(m.Promotion))
		}
	}
	for move, want := range map[string][]string{"g9g10": {"B", "F", "N", "Q", "R", "W"}, "h9h10": {"B", "E", "F", "N", "Q", "R", "W"}} {
		slices.Sort(got[move])
		if !slices.Equal(got[move], want) {
			t.Errorf("promotions of %s = %v; want %v", move, got[move], want)
		}
	}
	d := MustBuiltin("wolf").Definition()
	for i := range d.Pieces {
		d.Pieces[i].PromotesTo = slices.DeleteFunc(d.Pieces[i].PromotesTo, func(l string) bool { return l == "N" })
	}
	v, err := Compile(&d)
	if err != nil {
		t.Fatalf("Compile(wolf without Nightrider promotions) = %v", err)
	}
	if n := Perft(positionOf(t, v, fen), 4); n != 10587 {
		t.Errorf("Perft(%q, 4) without Nightrider promotions = %d; want 10587 (Fairy-Stockfish's suite)", fen, n)
	}
}

// Double steps: a Pawn from rank 2 and from b3, c3, f3, g3 (b8, c8, f8,
// g8 for Black), a Sergeant from rank 2 only, its first move; a Pawn takes
// a Pawn's or a Sergeant's double step en passant, a Sergeant never.
func TestWolfDoubleSteps(t *testing.T) {
	tests := []struct {
		name, fen string
		move      string
		want      bool
	}{
		{"pawn from b3", "k7/8/8/8/8/8/8/1P6/8/7K w - - 0 1", "b3b5", true},
		{"pawn from a3", "k7/8/8/8/8/8/8/P7/8/7K w - - 0 1", "a3a5", false},
		{"pawn from d2", "k7/8/8/8/8/8/8/8/3P4/7K w - - 0 1", "d2d4", true},
		{"black pawn from g8", "k7/8/6p1/8/8/8/8/8/8/7K b - - 0 1", "g8g6", true},
		{"black pawn from h8", "k7/8/7p/8/8/8/8/8/8/K7 b - - 0 1", "h8h6", false},
		{"sergeant from c2", "k7/8/8/8/8/8/8/8/2S5/7K w - - 0 1", "c2c4", true},
		{"sergeant from c3 has moved", "k7/8/8/8/8/8/8/2S5/8/7K w - - 0 1", "c3c5", false},
		{"black sergeant from b8 has moved", "k7/8/1s6/8/8/8/8/8/8/7K b - - 0 1", "b8b6", false},
		// a7b8 only as en passant; the Sergeant's d7e8 is a plain step.
		{"pawn takes a sergeant en passant", "k7/8/8/Ps6/8/8/8/8/8/7K w - b8 0 2", "a7b8 e.p.", true},
		{"sergeant takes no pawn en passant", "k7/8/8/3Sp3/8/8/8/8/8/7K w - e8 0 2", "d7e8 e.p.", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fen := tt.fen
			p := mustPosition(t, "wolf", fen)
			legal := false
			for _, m := range p.LegalMoves() {
				name := p.UCI(m)
				if m.Kind == MoveEnPassant {
					name += " e.p."
				}
				legal = legal || name == tt.move
			}
			if legal != tt.want {
				t.Errorf("%s legal in %q = %v; want %v", tt.move, fen, legal, tt.want)
			}
		})
	}
}
