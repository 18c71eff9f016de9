package rules

import "testing"

// castleCase plays one castling written several ways and checks what each
// text reads as and the position after it.
type castleCase struct {
	variant, fen string
	texts        []string // each names the castling
	uci, san     string   // how the move is written back
	after        string   // the FEN after it
}

func TestCastlingNotations(t *testing.T) {
	for _, tt := range []castleCase{
		// Chess960, the King near the a file between its Rooks.
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", []string{"O-O", "0-0", "o-o", "b1h1", "b1g1"},
			"b1h1", "O-O", "rk5r/8/8/8/8/8/8/R4RK1 b kq - 1 1"},
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", []string{"O-O-O", "0-0-0", "b1a1"},
			"b1a1", "O-O-O", "rk5r/8/8/8/8/8/8/2KR3R b kq - 1 1"},
		// The King on its landing square: only the Rook moves.
		{"chess960", "r5kr/8/8/8/8/8/8/R5KR w HAha - 0 1", []string{"O-O", "g1h1"},
			"g1h1", "O-O", "r5kr/8/8/8/8/8/8/R4RK1 b kq - 1 1"},
		// King and Rook swap squares.
		{"chess960", "4k3/8/8/8/8/8/8/5KR1 w G - 0 1", []string{"O-O", "f1g1"},
			"f1g1", "O-O", "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"},
		// The inner Rook's right (X-FEN writes its file).
		{"chess960", "4k3/8/8/8/8/8/8/4KR1R w F - 0 1", []string{"O-O", "e1f1"},
			"e1f1", "O-O", "4k3/8/8/8/8/8/8/5RKR b - - 1 1"},
		// Capablanca: the King to the i file, written with its landing square.
		{"capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", []string{"O-O", "f1i1", "f1j1"},
			"f1i1", "O-O", "r4k3r/10/10/10/10/10/10/R6RK1 b kq - 1 1"},
		{"capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", []string{"O-O-O", "f1c1", "f1a1"},
			"f1c1", "O-O-O", "r4k3r/10/10/10/10/10/10/2KR5R b kq - 1 1"},
		{"janus", "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1", []string{"O-O-O", "e1b1", "e1a1"},
			"e1b1", "O-O-O", "r3k4r/10/10/10/10/10/10/1KR6R b kq - 1 1"},
		{"embassy", "r3k4r/10/10/10/10/10/10/R3K4R w KQkq - 0 1", []string{"O-O", "e1h1", "e1j1"},
			"e1h1", "O-O", "r3k4r/10/10/10/10/10/10/R5RK2 b kq - 1 1"},
		// FIDE chess reads King takes Rook too, and writes the King's move.
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []string{"O-O", "e1g1", "e1h1"},
			"e1g1", "O-O", "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []string{"O-O-O", "e1c1", "e1a1"},
			"e1c1", "O-O-O", "r3k2r/8/8/8/8/8/8/2KR3R b kq - 1 1"},
	} {
		p := mustPosition(t, tt.variant, tt.fen)
		var want Move
		for i, text := range tt.texts {
			m, err := p.ParseMove(text)
			if err != nil || m.Kind != MoveCastle {
				t.Errorf("%s %s: %q = %v, %v; want castling", tt.variant, tt.fen, text, m, err)
				continue
			}
			if i == 0 {
				want = m
			} else if m != want {
				t.Errorf("%s %s: %q = %v; want %v, as %q", tt.variant, tt.fen, text, m, want, tt.texts[0])
			}
		}
		if got := p.UCI(want); got != tt.uci {
			t.Errorf("%s %s: UCI %q, want %q", tt.variant, tt.fen, got, tt.uci)
		}
		if got := p.SAN(want); got != tt.san {
			t.Errorf("%s %s: SAN %q, want %q", tt.variant, tt.fen, got, tt.san)
		}
		next, err := p.Play(want)
		if err != nil || next.FEN() != tt.after {
			t.Errorf("%s %s: after %s = %s %v; want %s", tt.variant, tt.fen, tt.uci, fenOf(next), err, tt.after)
		}
	}
}

// TestCastlingRefused: castling through an attacked square, out of check,
// with a piece in the way, or where the King's step reads first.
func TestCastlingRefused(t *testing.T) {
	for _, tt := range []struct{ variant, fen, text string }{
		{"chess960", "2r1k3/8/8/8/8/8/8/RK5R w HA - 0 1", "O-O-O"},           // c1 attacked (the King lands there)
		{"chess960", "5rk1/8/8/8/8/8/8/RK5R w HA - 0 1", "O-O"},              // f1 attacked on the way
		{"chess960", "1r4k1/8/8/8/8/8/8/RK5R w HA - 0 1", "O-O"},             // in check
		{"chess960", "6k1/8/8/8/8/8/8/RKN4R w HA - 0 1", "O-O"},              // a Knight on c1, on the King's way
		{"chess960", "6k1/8/8/8/8/8/8/RK1N3R w HA - 0 1", "O-O-O"},           // a Knight on d1, the Rook's square
		{"capablanca", "r4k3r/10/10/10/10/10/10/R4KB2R w KQkq - 0 1", "O-O"}, // a Bishop on g1
	} {
		p := mustPosition(t, tt.variant, tt.fen)
		if m, err := p.ParseMove(tt.text); err == nil {
			t.Errorf("%s %s: %q = %v; want it refused", tt.variant, tt.fen, tt.text, m)
		}
	}
	// b1c1 is the King's step, not castling, where both would be legal.
	p := mustPosition(t, "chess960", "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1")
	if m, err := p.ParseMove("b1c1"); err != nil || m.Kind == MoveCastle {
		t.Errorf("b1c1 = %v, %v; want the King's step", m, err)
	}
}

// TestCastlingRights: X-FEN and Shredder-FEN both read; the variant's own
// notation is written.
func TestCastlingRights(t *testing.T) {
	for _, tt := range []struct{ variant, give, want string }{
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w AHah - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
		{"chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"},
		{"chess960", "4k3/8/8/8/8/8/8/4KR1R w F - 0 1", "4k3/8/8/8/8/8/8/4KR1R w F - 0 1"},
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", "rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1"},
	} {
		if got := mustPosition(t, tt.variant, tt.give).FEN(); got != tt.want {
			t.Errorf("%s %q reads as %q; want %q", tt.variant, tt.give, got, tt.want)
		}
	}
}

func fenOf(p *Position) string {
	if p == nil {
		return "<nil>"
	}
	return p.FEN()
}
