package rules

import (
	"strings"
	"testing"
)

// TestCanMateFIDE: in chess, whether each side can still mate by its
// material, the rule lichess applies (RULES R38).
func TestCanMateFIDE(t *testing.T) {
	tests := []struct {
		name, spec   string
		white, black bool
	}{
		{"K vs K", "Ke1 ke8", false, false},
		{"KN vs K", "Ke1 Nb1 ke8", false, false},
		{"KB vs K", "Ke1 Bc1 ke8", false, false},
		// A lone Knight cannot mate against Queens alone: a Queen next to
		// the King captures the Knight or leaves a square free.
		{"KN vs KQ", "Ke1 Nb1 ke8 qd8", false, true},
		{"KN vs KQQ", "Ke1 Nb1 ke8 qd8 qa8", false, true},
		// Any other piece of the opponent can block its own King.
		{"KN vs KR", "Ke1 Nb1 ke8 rh8", true, true},
		{"KN vs KB", "Ke1 Nb1 ke8 bf8", true, true},
		{"KN vs KN", "Ke1 Nb1 ke8 ng8", true, true},
		{"KN vs KP", "Ke1 Nb1 ke8 pa7", true, true},
		{"KNN vs K", "Ke1 Nb1 Ng1 ke8", true, false},
		{"KNB vs K", "Ke1 Nb1 Bc1 ke8", true, false},
		// Bishops: all on one colour (c1, f8, e3 are dark) cannot mate,
		// unless a Pawn or a Knight is on the board.
		{"KB vs KB, one colour", "Ke1 Bc1 ke8 bf8", false, false},
		{"KB vs KB, both colours", "Ke1 Bc1 ke8 bc8", true, true},
		{"KBB vs K, one colour", "Ke1 Bc1 Be3 ke8", false, false},
		{"KBB vs K, both colours", "Ke1 Bc1 Bf1 ke8", true, false},
		{"KB vs KR", "Ke1 Bc1 ke8 ra8", false, true},
		{"KB vs KQ", "Ke1 Bc1 ke8 qd8", false, true},
		{"KB vs KP", "Ke1 Bc1 ke8 pa7", true, true},
		{"KB vs KN", "Ke1 Bc1 ke8 nb8", true, true},
		{"KB vs KB and a light-square Bishop", "Ke1 Bc1 ke8 bf8 bc8", true, true},
		{"KP vs K", "Ke1 Pe2 ke8", true, false},
		{"KR vs K", "Ke1 Ra1 ke8", true, false},
		{"KQ vs K", "Ke1 Qd1 ke8", true, false},
		{"start", "", true, true},
	}
	chess := MustBuiltin("chess")
	for _, tt := range tests {
		p := chess.Start()
		if tt.spec != "" {
			p = place(t, chess, "w", tt.spec)
		}
		if got := p.CanMate(White); got != tt.white {
			t.Errorf("%s: CanMate(white) = %v; want %v", tt.name, got, tt.white)
		}
		if got := p.CanMate(Black); got != tt.black {
			t.Errorf("%s: CanMate(black) = %v; want %v", tt.name, got, tt.black)
		}
	}
}

// TestCanMateAgreesWithDeadPosition: in chess the game ends by
// insufficient material exactly when neither side can mate, over every
// placement of up to two pieces per side from a few squares of both
// colours.
func TestCanMateAgreesWithDeadPosition(t *testing.T) {
	chess := MustBuiltin("chess")
	letters := []string{"", "N", "B", "R", "Q", "P"}
	white := []string{"c3", "d3"} // one dark and one light square
	black := []string{"c6", "d6"}
	checked, dead := 0, 0
	for _, w1 := range letters {
		for _, w2 := range letters {
			for _, b1 := range letters {
				for _, b2 := range letters {
					spec := []string{"Ka1", "ka8"}
					for i, l := range []string{w1, w2} {
						if l != "" {
							spec = append(spec, l+white[i])
						}
					}
					for i, l := range []string{b1, b2} {
						if l != "" {
							spec = append(spec, strings.ToLower(l)+black[i])
						}
					}
					s, err := ParseFEN(chess, placeFEN(t, chess, "w", strings.Join(spec, " ")))
					if err != nil {
						t.Fatal(err)
					}
					p, err := NewPosition(s)
					if err != nil {
						continue // Black in check with White to move
					}
					checked++
					isDead := p.Status().Outcome == InsufficientMaterial
					if isDead {
						dead++
					}
					if neither := !p.CanMate(White) && !p.CanMate(Black); neither != isDead {
						t.Errorf("%s: neither side can mate %v, but the outcome is %s", p.FEN(), neither, p.Status().Outcome)
					}
				}
			}
		}
	}
	if checked < 1000 || dead < 9 {
		t.Fatalf("checked %d positions, %d dead; the sample is too small", checked, dead)
	}
}

// TestCanMateOtherVariants: without the FIDE rule, a side with only its
// royal piece cannot mate and any other material can (RULES R38).
func TestCanMateOtherVariants(t *testing.T) {
	tests := []struct {
		variant, spec string
		white, black  bool
	}{
		{"shako", "Ka1 kj10", false, false},
		{"shako", "Ka1 Nb1 kj10", true, false},
		{"shako", "Ka1 kj10 bc8 bf8", false, true},
		{"shako", "Ka1 Ee1 kj10 pa9", true, true},
		{"grand", "Ka1 kj10", false, false},
		{"grand", "Ka1 Bc1 kj10", true, false},
		{"gigachess2", "Ka1 kn14", false, false},
		{"gigachess2", "Ka1 kn14 nb14", false, true},
		{"terachess2", "Ka1 Pe2 kp16", true, false},
		{"bigorra", "Ka1 kp16 p'e15", false, true},
		{"giant", "Ka1 kp16", false, false},
		{"giant", "Ka1 Nb1 kp16", true, false},
	}
	for _, tt := range tests {
		p := place(t, MustBuiltin(tt.variant), "w", tt.spec)
		if got := p.CanMate(White); got != tt.white {
			t.Errorf("%s %s: CanMate(white) = %v; want %v", tt.variant, tt.spec, got, tt.white)
		}
		if got := p.CanMate(Black); got != tt.black {
			t.Errorf("%s %s: CanMate(black) = %v; want %v", tt.variant, tt.spec, got, tt.black)
		}
	}
	// The start positions: both sides can mate.
	for _, id := range []string{"chess", "shako", "grand", "giant", "giant-quick", "gigachess2", "terachess2", "bigorra"} {
		p := MustBuiltin(id).Start()
		if !p.CanMate(White) || !p.CanMate(Black) {
			t.Errorf("%s start: CanMate = %v, %v; want true, true", id, p.CanMate(White), p.CanMate(Black))
		}
	}
}
