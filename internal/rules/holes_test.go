package rules

import "testing"

// TestHoles: the squares a variant's start FEN writes * are not part of
// the board: a FEN writes them *, no piece stands or moves there, and a
// FEN that fills one or leaves one out names the square.
func TestHoles(t *testing.T) {
	v := MustBuiltin("omicron")
	if !v.Hole(SquareAt(1, 0)) || v.Hole(SquareAt(0, 0)) || v.Hole(SquareAt(1, 1)) {
		t.Fatalf("b1 a hole %v, a1 %v, b2 %v; want true, false, false", v.Hole(SquareAt(1, 0)), v.Hole(SquareAt(0, 0)), v.Hole(SquareAt(1, 1)))
	}
	start := v.Start()
	if start.FEN() != v.StartFEN() {
		t.Errorf("start FEN %q, want %q", start.FEN(), v.StartFEN())
	}
	for _, m := range start.LegalMoves() {
		if v.Hole(m.To) {
			t.Errorf("%s reaches a hole", start.UCI(m))
		}
	}
	for _, tt := range []struct {
		variant, fen string
		offset       int
	}{
		// b10 to k10 written as an empty run: b10 is not part of the board.
		{"omicron", "w10w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1", 1},
		// A Wizard on b1, a hole.
		{"omicron", "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/WW*********W w KQkq - 0 1", 86},
		// A hole where chess has a square.
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN* w Qkq - 0 1", 42},
	} {
		_, err := ParseFEN(MustBuiltin(tt.variant), tt.fen)
		if e, ok := err.(*Error); !ok || e.Code != ErrInvalidFEN || e.Field != fieldBoard || e.Offset != tt.offset {
			t.Errorf("ParseFEN(%s, %q) = %v; want invalid-fen in board at offset %d", tt.variant, tt.fen, err, tt.offset)
		}
	}
	// A Rook on the second rank stops before the holes at its ends.
	p := mustPosition(t, "omicron", "w**********w/*4k5*/*10*/*10*/*10*/*10*/*10*/*10*/*R3K5*/W**********W w - - 0 1")
	var targets []string
	for _, m := range p.LegalMoves() {
		if m.From == SquareAt(1, 1) && m.To.Rank() == 1 {
			targets = append(targets, m.To.String())
		}
	}
	if len(targets) != 3 { // c2, d2, e2: a2 is a hole, f2 the King
		t.Errorf("the b2 Rook reaches %v on its rank; want c2 d2 e2", targets)
	}
}

// TestHoleBarsALeg: a lame leaper whose leg square is not part of the
// board does not leap (RULES R40), as one whose leg is occupied.
func TestHoleBarsALeg(t *testing.T) {
	d, err := DecodeDefinition([]byte(`{"id":"holes","name":"Holes","files":5,"ranks":5,
		"startFEN":"4k/5/5/1*3/1H2K w - - 0 1",
		"pieces":[{"name":"King","letter":"K","betza":"K","royal":true},{"name":"Horse","letter":"H","betza":"nN"}],
		"rules":{"draws":{}}}`))
	if err != nil {
		t.Fatal(err)
	}
	v, err := Compile(d)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range v.Start().LegalMoves() {
		if m.From == SquareAt(1, 0) {
			got = append(got, m.To.String())
		}
	}
	// From b1: a3 and c3 go through b2, not part of the board; d2 through c1.
	if len(got) != 1 || got[0] != "d2" {
		t.Errorf("the b1 Horse reaches %v; want [d2]", got)
	}
}
