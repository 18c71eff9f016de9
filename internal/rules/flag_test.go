package rules

import (
	"errors"
	"testing"
)

// King of the Hill: a King on d4, e4, d5 or e5 wins at once for its side,
// before a checkmate is asked, and the position then has no legal move.
func TestKingOfTheHillEnds(t *testing.T) {
	tests := []struct {
		name   string
		give   string
		want   Outcome
		winner Color
	}{
		{"white king on the hill", "4k3/8/8/8/4K3/8/8/8 b - - 0 1", FlagReached, White},
		{"black king on the hill", "8/8/8/3k4/8/8/8/4K3 w - - 0 1", FlagReached, Black},
		{"a king beside the hill plays on", "4k3/8/8/8/8/4K3/8/8 b - - 0 1", Ongoing, 0},
		{"the hill before a check the king uncovered", "8/8/8/8/3K4/R6k/8/8 b - - 0 1", FlagReached, White},
		{"a queen on the hill is no flag", "4k3/8/8/8/4Q3/8/8/4K3 b - - 0 1", Ongoing, 0},
		{"checkmate off the hill", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", Checkmate, White},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, "kingofthehill", tt.give)
			st := p.Status()
			if st.Outcome != tt.want || st.Winner != tt.winner {
				t.Fatalf("Status(%q) = %v, winner %v; want %v, winner %v", tt.give, st.Outcome, st.Winner, tt.want, tt.winner)
			}
			if n := len(p.LegalMoves()); tt.want == FlagReached && n != 0 {
				t.Errorf("LegalMoves(%q) has %d moves; want none once the game is over", tt.give, n)
			}
		})
	}
	if got := mustPosition(t, "chess", "4k3/8/8/8/4K3/8/8/8 b - - 0 1").Status().Outcome; got != InsufficientMaterial {
		t.Errorf("chess Status(king on e4) = %v; want %v", got, InsufficientMaterial)
	}
}

// A game reaches the hill by real moves, and takes no move after it.
func TestKingOfTheHillGame(t *testing.T) {
	g := NewGame(MustBuiltin("kingofthehill").Start())
	playUCI(t, g, "e2e3", "e7e6", "e1e2", "e8e7", "e2d3", "e7d6")
	if st := g.Status(); st.Outcome != Ongoing {
		t.Fatalf("before Kd4: Status().Outcome = %v; want ongoing", st.Outcome)
	}
	playUCI(t, g, "d3d4")
	st := g.Status()
	if st.Outcome != FlagReached || st.Winner != White || st.Result() != "1-0" || st.LegalMoves != 0 {
		t.Fatalf("after Kd4: Status() = %v, winner %v, %s, %d moves; want flag, white, 1-0, 0 moves", st.Outcome, st.Winner, st.Result(), st.LegalMoves)
	}
	if FlagReached.String() != "king-of-the-hill" || !FlagReached.Decisive() {
		t.Errorf("FlagReached = %q, decisive %v; want \"flag\", decisive", FlagReached, FlagReached.Decisive())
	}
	if _, _, err := g.PlayText("d6c6"); CodeOf(err) != ErrGameOver {
		t.Errorf("after Kd4: PlayText(d6c6) = %v; want %s", err, ErrGameOver)
	}
}

// The flag's definition is checked, with the path of the bad field; the
// piece may be named by its letter or its name.
func TestFlagDefinition(t *testing.T) {
	tests := []struct {
		name  string
		give  FlagDef
		field string
	}{
		{"by letter", FlagDef{Piece: "K", White: []string{"e4"}, Black: []string{"e5"}}, ""},
		{"by name", FlagDef{Piece: "Queen", White: []string{"a8", "h8"}, Black: []string{"a1"}}, ""},
		{"unknown piece", FlagDef{Piece: "Z", White: []string{"e4"}, Black: []string{"e5"}}, "rules.flag.piece"},
		{"bad square", FlagDef{Piece: "K", White: []string{"d4", "e4", "i9"}, Black: []string{"e5"}}, "rules.flag.white[2]"},
		{"trailing text", FlagDef{Piece: "K", White: []string{"e4"}, Black: []string{"e5x"}}, "rules.flag.black[0]"},
		{"no squares", FlagDef{Piece: "K", White: []string{"e4"}}, "rules.flag.black"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := MustBuiltin("kingofthehill").Definition()
			d.Rules.Flag = &tt.give
			_, err := Compile(&d)
			if tt.field == "" {
				if err != nil {
					t.Fatalf("Compile(flag %+v) = %v; want nil", tt.give, err)
				}
				return
			}
			var e *Error
			if !errors.As(err, &e) || e.Code != ErrInvalidVariant || e.Field != tt.field {
				t.Fatalf("Compile(flag %+v) = %v; want %s at %s", tt.give, err, ErrInvalidVariant, tt.field)
			}
		})
	}
}

// Chess has no terminal end rule: its move generation asks nothing more.
func TestTerminalEndsOnlyWithFlag(t *testing.T) {
	if MustBuiltin("chess").terminalEnds {
		t.Error("chess: terminalEnds set; want unset")
	}
	if !MustBuiltin("kingofthehill").terminalEnds {
		t.Error("kingofthehill: terminalEnds unset; want set")
	}
}
