package rules

import (
	"slices"
	"testing"
)

// The definitions below are what the Fairy-Stockfish import makes of
// sections of Fairy-Stockfish's src/variants.ini (commit c19b5f6c); the
// perft counts are Fairy-Stockfish's own, from that commit built with
// "make -j2 build ARCH=x86-64-modern largeboards=yes nnue=no", loaded with
// that file as VariantPath: "setoption name UCI_Variant value NAME",
// "position fen FEN", "go perft N".

// haynieJSON is [haynie]: 6x6, the King on d1 castles to e1 or c1, one
// file, the Rook landing on d1.
const haynieJSON = `{"id": "haynie", "name": "haynie", "files": 6, "ranks": 6,
 "startFEN": "rbqkbr/pppppp/6/6/PPPPPP/RBQKBR w KQkq - 0 1",
 "pieces": [{"name": "King", "letter": "K", "betza": "K", "royal": true},
  {"name": "Pawn", "letter": "P", "betza": "mfWcfF", "pawnClass": true, "promotesTo": ["Q", "R", "B"]},
  {"name": "Bishop", "letter": "B", "betza": "B"}, {"name": "Rook", "letter": "R", "betza": "R"},
  {"name": "Queen", "letter": "Q", "betza": "Q"}],
 "rules": {"castling": {"rook": "R", "notation": "kq", "sides": {"high": {"king": "e", "rook": "d"}, "low": {"king": "c", "rook": "d"}}},
  "promotion": {"ranks": [6]}, "draws": {"repetitionClaim": 3, "moveClaim": 50}}}`

func compileJSON(t testing.TB, text string) *Variant {
	t.Helper()
	d, err := DecodeDefinition([]byte(text))
	if err != nil {
		t.Fatalf("DecodeDefinition: %v", err)
	}
	v, err := Compile(d)
	if err != nil {
		t.Fatalf("Compile: %v", err)
	}
	return v
}

// TestCastlingOneFile: castling that moves the King one file is generated,
// and written King takes Rook as Fairy-Stockfish writes it, since the
// King's landing square would name the King's step.
func TestCastlingOneFile(t *testing.T) {
	v := compileJSON(t, haynieJSON)
	const fen = "r2k1r/6/6/6/6/R2K1R w KQkq - 0 1"
	for _, tt := range []struct {
		texts      []string
		uci, after string
	}{
		{[]string{"O-O", "d1f1"}, "d1f1", "r2k1r/6/6/6/6/R2RK1 b kq - 1 1"},
		{[]string{"O-O-O", "d1a1"}, "d1a1", "r2k1r/6/6/6/6/2KR1R b kq - 1 1"},
	} {
		p := positionOf(t, v, fen)
		for _, text := range tt.texts {
			m, err := p.ParseMove(text)
			if err != nil || m.Kind != MoveCastle || p.UCI(m) != tt.uci {
				t.Errorf("%q = %v, %v; want the castling %s", text, m, err, tt.uci)
				continue
			}
			next, err := p.Play(m)
			if err != nil || next.FEN() != tt.after {
				t.Errorf("after %q: %s, %v; want %s", text, fenOf(next), err, tt.after)
			}
		}
	}
	p := positionOf(t, v, fen)
	for _, text := range []string{"d1c1", "d1e1"} {
		if m, err := p.ParseMove(text); err != nil || m.Kind != MoveNormal {
			t.Errorf("%q = %v, %v; want the King's step", text, m, err)
		}
	}
	var got []string
	for _, m := range p.LegalMoves() {
		if m.Kind == MoveCastle {
			got = append(got, p.UCI(m)+" "+p.SAN(m))
		}
	}
	slices.Sort(got)
	if want := []string{"d1a1 O-O-O+", "d1f1 O-O+"}; !slices.Equal(got, want) {
		t.Errorf("castling moves %v; want %v", got, want)
	}
	// A position a random game reached, where castling long is legal.
	p = positionOf(t, v, "1b1r2/Qpp1kp/r3B1/PP1p2/P2PPq/R2KB1 w Q - 0 13")
	for depth, want := range []uint64{1, 20, 523, 8882} {
		if got := Perft(p, depth); got != want {
			t.Errorf("perft %d = %d; Fairy-Stockfish counts %d", depth, got, want)
		}
	}
}
