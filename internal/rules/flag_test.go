package rules

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
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
		{"every piece", FlagDef{Piece: "*", White: []string{"a8", "h8"}, Black: []string{"a1", "h1"}}, ""},
		{"no piece", FlagDef{White: []string{"e4"}, Black: []string{"e5"}}, "rules.flag.piece"},
		{"two stars", FlagDef{Piece: "**", White: []string{"e4"}, Black: []string{"e5"}}, "rules.flag.piece"},
		{"count of every square", FlagDef{Piece: "*", Count: 2, Blocked: true, Safe: true, White: []string{"d4", "e4"}, Black: []string{"d5", "e5"}}, ""},
		{"count above black's squares", FlagDef{Piece: "K", Count: 2, White: []string{"d4", "e4"}, Black: []string{"e5"}}, "rules.flag.count"},
		{"count over a repeated square", FlagDef{Piece: "K", Count: 2, White: []string{"e4", "e4"}, Black: []string{"d5", "e5"}}, "rules.flag.count"},
		{"negative count", FlagDef{Piece: "K", Count: -1, White: []string{"e4"}, Black: []string{"e5"}}, "rules.flag.count"},
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
	// King of the Hill and Racing Kings keep the quick test of one named
	// flag piece: count, blocked and safe cost them nothing.
	for _, id := range []string{"kingofthehill", "racingkings", "terachess2-hill"} {
		if f := MustBuiltin(id).flag; !f.single {
			t.Errorf("%s: flag %+v not single; want the quick test", id, f)
		}
	}
}

// chessWithFlag compiles chess with the flag f added to its rules, and no
// draw by insufficient material: any piece may still reach a flag.
func chessWithFlag(t testing.TB, f FlagDef) *Variant {
	t.Helper()
	d := chessDefinition(t)
	d.Rules.Flag, d.Rules.InsufficientMaterial = &f, "none"
	v, err := Compile(d)
	if err != nil {
		t.Fatalf("Compile(chess with flag %+v) = %v", f, err)
	}
	return v
}

// Fairy-Stockfish's other capture-the-flag keys, each ending reached by
// real moves: every move but the last leaves the game going on, the last
// ends it (or not) as want says, with no legal move once it has ended.
func TestFlagKeysEnd(t *testing.T) {
	var (
		corners = FlagDef{Piece: "*", White: []string{"a8", "h8"}, Black: []string{"a1", "h1"}}
		pair    = FlagDef{Piece: "*", Count: 2, White: []string{"a8", "h8"}, Black: []string{"a1", "h1"}}
		centre  = []string{"d4", "e4", "d5", "e5"}
		full    = FlagDef{Piece: "*", Count: 3, Blocked: true, White: centre, Black: centre}
		unfull  = FlagDef{Piece: "*", Count: 3, White: centre, Black: centre}
		hill    = FlagDef{Piece: "Q", Safe: true, White: centre, Black: centre}
		posts   = FlagDef{Piece: "*", Safe: true, White: []string{"d5"}, Black: []string{"d4"}}
		race    = FlagDef{Piece: "*", Safe: true, Answer: true, White: []string{"d5", "e5"}, Black: []string{"d4", "e4"}}
		rank8   = []string{"a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"}
		rank1   = []string{"a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"}
		kings   = FlagDef{Piece: "K", Safe: true, Answer: true, White: rank8, Black: rank1}
	)
	tests := []struct {
		name   string
		flag   FlagDef
		fen    string
		moves  []string
		want   Outcome
		winner Color
	}{
		{"any piece: a Rook on a8", corners, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", []string{"a1a8"}, FlagReached, White},
		{"any piece: a Knight on h1", corners, "4k3/8/8/8/8/6n1/8/4K3 w - - 0 1", []string{"e1d1", "g3h1"}, FlagReached, Black},
		{"any piece: the other side's square is no flag", corners, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", []string{"a1b1", "e8d8", "b1a1"}, Ongoing, 0},
		{"count 2: the second Rook wins", pair, "4k3/8/8/8/8/8/8/R3K2R w - - 0 1", []string{"a1a8", "e8e7", "h1h8"}, FlagReached, White},
		{"count 2: one Rook is not enough", pair, "4k3/8/8/8/8/8/8/R3K2R w - - 0 1", []string{"a1a8", "e8e7"}, Ongoing, 0},
		{"blocked: two of three and the centre full", full, "4k3/8/5n2/3p4/3P4/5N2/8/4K3 w - - 0 1", []string{"f3e5", "f6e4"}, FlagReached, Black},
		{"unblocked: two of three are not enough", unfull, "4k3/8/5n2/3p4/3P4/5N2/8/4K3 w - - 0 1", []string{"f3e5", "f6e4"}, Ongoing, 0},
		{"safe: an attacked Queen on the hill", hill, "3r1k2/8/8/8/8/4Q3/8/4K3 w - - 0 1", []string{"e3d4", "f8g8"}, Ongoing, 0},
		{"safe: unattacked, the side to move wins", hill, "3r1k2/8/8/8/8/4Q3/8/4K3 w - - 0 1", []string{"e3d4", "d8a8"}, FlagReached, White},
		{"safe: an unattacked Queen wins at once", hill, "3r1k2/8/8/8/8/4Q3/8/4K3 w - - 0 1", []string{"e3e4"}, FlagReached, White},
		{"safe: both sides home is a draw", posts, "4k3/K7/8/8/8/1B3n2/8/3r4 w - - 0 1", []string{"b3d5", "f3d4"}, RaceDrawn, 0},
		{"safe: the Bishop still attacked", posts, "4k3/K7/8/8/8/1B3n2/8/3r4 w - - 0 1", []string{"b3d5", "e8e7"}, Ongoing, 0},
		{"safe with answer: a safe Knight wins at once", race, "4k3/8/8/8/8/2N5/8/4K3 w - - 0 1", []string{"c3d5"}, RaceWon, White},
		{"safe with answer: an attacked Knight waits for the answer", race, "3rk3/8/8/8/8/2N5/8/4K3 w - - 0 1", []string{"c3d5", "e8f7"}, RaceWon, White},
		{"safe with answer: the answer takes it", race, "3rk3/8/8/8/8/2N5/8/4K3 w - - 0 1", []string{"c3d5", "d8d5"}, Ongoing, 0},
		{"safe with answer: Black's King answers White's", kings, "8/1K6/8/8/8/8/1k6/8 w - - 0 1", []string{"b7b8", "b2b1"}, RaceDrawn, 0},
		{"safe with answer: Black's King home first", kings, "8/1K6/8/8/8/8/1k6/8 b - - 0 1", []string{"b2b1"}, RaceWon, Black},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := NewGame(positionOf(t, chessWithFlag(t, tt.flag), tt.fen))
			for i, m := range tt.moves {
				if st := g.Status(); st.Outcome != Ongoing {
					t.Fatalf("before %s: Status() = %v, winner %v; want ongoing", m, st.Outcome, st.Winner)
				}
				playUCI(t, g, tt.moves[i])
			}
			st := g.Status()
			if st.Outcome != tt.want || st.Winner != tt.winner {
				t.Fatalf("after %v: Status() = %v, winner %v; want %v, winner %v", tt.moves, st.Outcome, st.Winner, tt.want, tt.winner)
			}
			if n := len(g.Position().LegalMoves()); tt.want != Ongoing && n != 0 {
				t.Errorf("after %v: LegalMoves() has %d moves; want none once the game is over", tt.moves, n)
			}
		})
	}
}

// The new keys decode and come back from a compiled variant; a flag of
// every piece still has its squares for the picture.
func TestFlagKeysDecode(t *testing.T) {
	d := chessDefinition(t)
	data, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	const flag = `"rules":{"flag":{"piece":"*","count":2,"blocked":true,"safe":true,"white":["a8","h8"],"black":["a1","h1"]},`
	data = bytes.Replace(data, []byte(`"rules":{`), []byte(flag), 1)
	d, err = DecodeDefinition(data)
	if err != nil {
		t.Fatalf("DecodeDefinition(chess with %s) = %v", flag, err)
	}
	v, err := Compile(d)
	if err != nil {
		t.Fatalf("Compile(chess with %s) = %v", flag, err)
	}
	want := FlagDef{Piece: "*", Count: 2, Blocked: true, Safe: true, White: []string{"a8", "h8"}, Black: []string{"a1", "h1"}}
	if got := v.Definition().Rules.Flag; got == nil || !reflect.DeepEqual(*got, want) {
		t.Errorf("Definition().Rules.Flag = %+v; want %+v", got, want)
	}
	if got := v.FlagSquares(Black); !slices.Equal(got, []Square{SquareAt(0, 0), SquareAt(7, 0)}) {
		t.Errorf("FlagSquares(Black) = %v; want a1, h1", got)
	}
	bad := bytes.Replace(data, []byte(`"safe":true`), []byte(`"safe":true,"pieceCount":2`), 1)
	if _, err := DecodeDefinition(bad); CodeOf(err) != ErrInvalidVariant {
		t.Errorf("DecodeDefinition(flag with pieceCount) = %v; want %s", err, ErrInvalidVariant)
	}
}
