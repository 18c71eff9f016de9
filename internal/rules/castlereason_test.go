package rules

import (
	"errors"
	"strings"
	"testing"
)

// TestCastlingReasons: a refused castling, written O-O/O-O-O or as the
// King's move, says why with a reason code and names the square at fault;
// a square the King does not cross (b1 castling long) refuses nothing.
func TestCastlingReasons(t *testing.T) {
	tests := []struct {
		variant, fen string
		give         []string
		reason       string
		detail       string
	}{
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", []string{"O-O", "e1g1", "e1h1"}, ReasonNoCastlingRight, "no castling right"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", []string{"O-O-O", "e1c1"}, ReasonNoCastlingRight, "no castling right"},
		{"chess", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", []string{"O-O"}, "", ""}, // legal: the control
		{"chess", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", []string{"O-O-O"}, "", ""},
		{"chess", "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", []string{"O-O-O"}, "", ""}, // b1 attacked, not crossed
		{"chess", "4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", []string{"O-O", "O-O-O", "e1g1"}, ReasonCastlingOutOfCheck, "King is in check"},
		{"chess", "", []string{"O-O", "e1g1"}, ReasonCastlingBlocked, "Bishop stands on f1"},
		{"chess", "", []string{"O-O-O", "e1c1"}, ReasonCastlingBlocked, "Queen stands on d1"},
		{"chess", "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", []string{"O-O-O", "e1c1"}, ReasonCastlingBlocked, "Knight stands on b1"},
		{"chess", "5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1", []string{"O-O", "e1g1"}, ReasonCastlingThroughAttk, "cross f1, attacked by the Rook on f8"},
		{"chess", "3r2k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", []string{"O-O-O", "e1c1"}, ReasonCastlingThroughAttk, "cross d1, attacked by the Rook on d8"},
		{"chess", "r3k2r/8/8/8/8/8/8/1R2K2R b kq - 0 1", []string{"O-O-O", "e8c8"}, "", ""}, // b8 attacked, not crossed
		{"chess", "r3k2r/8/8/6B1/8/8/8/R3K2R b kq - 0 1", []string{"O-O-O", "e8c8"}, ReasonCastlingThroughAttk, "cross d8, attacked by the Bishop on g5"},
		// Castling as data: Chess960's King on b1 and Capablanca's.
		{"chess960", "1k2r3/8/8/8/8/8/8/RK5R w HA - 0 1", []string{"O-O"}, ReasonCastlingThroughAttk, "cross e1"},
		{"chess960", "1k6/8/8/8/8/8/8/RKN4R w HA - 0 1", []string{"O-O-O"}, ReasonCastlingBlocked, "Knight stands on c1"},
		{"chess960", "1k6/8/8/8/8/8/8/RK5R w H - 0 1", []string{"O-O-O"}, ReasonNoCastlingRight, "no castling right"},
		{"capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", []string{"O-O"}, "", ""},
		{"capablanca", "r4k1r1r/10/10/10/10/10/10/R4K3R w KQkq - 0 1", []string{"O-O"}, ReasonCastlingThroughAttk, "cross h1"},
		// No castling in the variant at all.
		{"courier", "", []string{"O-O"}, ReasonNoCastlingRight, "courier has no castling"},
	}
	for _, tt := range tests {
		p := mustPosition(t, tt.variant, tt.fen)
		for _, give := range tt.give {
			_, err := p.ParseMove(give)
			if tt.reason == "" {
				if err != nil {
					t.Errorf("%s %q: ParseMove(%q) = %v; want it legal", tt.variant, tt.fen, give, err)
				}
				continue
			}
			var e *Error
			if !errors.As(err, &e) || e.Code != ErrIllegalMove || e.Reason != tt.reason || e.Field != "move" || e.Offset != -1 {
				t.Errorf("%s %q: ParseMove(%q) = %v (reason %q); want illegal-move %s", tt.variant, tt.fen, give, err, reasonOf(err), tt.reason)
				continue
			}
			if !strings.Contains(e.Detail, tt.detail) {
				t.Errorf("%s %q: ParseMove(%q) detail %q; want it to contain %q", tt.variant, tt.fen, give, e.Detail, tt.detail)
			}
		}
	}
}

// TestCastlingReasonsAgreeWithGeneration: in positions of every built-in
// variant with castling, each castling the reasons do not refuse is
// generated, and each generated one is not refused: explainCastle, which
// reads the castling geometry apart from move generation, never blames a
// legal castling, and what it lets pass is at most a landing in check.
func TestCastlingReasonsAgreeWithGeneration(t *testing.T) {
	vs, err := Builtins()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		if v.castling == "" {
			continue
		}
		g := NewGame(v.Start())
		for ply := 0; ply < 40 && g.Status().Outcome == Ongoing; ply++ {
			p := g.Position()
			legal := p.LegalMoves()
			for _, kingside := range []bool{true, false} {
				has := false
				for _, m := range legal {
					if m.Kind == MoveCastle && (m.To.File() > m.From.File()) == kingside && !v.anyDistance {
						has = true
					}
				}
				if e := p.explainCastle(kingside, NoSquare); e != nil && has {
					t.Fatalf("%s %s: castling (kingside %v) is legal, but explainCastle says %v", v.ID(), p.FEN(), kingside, e)
				}
			}
			// A move picked in turn from the list, so that pieces leave
			// the back rank and castling becomes possible.
			next := legal[(ply*7)%len(legal)]
			if err := g.Play(next); err != nil {
				t.Fatal(err)
			}
		}
	}
}
