package rules

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A Pawn on its own first rank is an illegal position; one rank up, where
// the hand-made suites put some, it is not.
func TestFirstRankPawns(t *testing.T) {
	e14, e16 := strings.Repeat("14/", 12), strings.Repeat("16/", 14)
	tests := []struct {
		variant, give string
		square        string // the square the error names; "" for a legal position
	}{
		{"chess", "4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "a1"},
		{"chess", "p3k3/8/8/8/8/8/8/4K3 w - - 0 1", "a8"},
		{"chess", "4k3/8/8/8/8/8/8/4K2P b - - 0 1", "h1"},
		{"chess", "4k3/8/8/8/8/8/P7/4K3 w - - 0 1", ""},
		{"chess", "4k3/p7/8/8/8/8/8/4K3 w - - 0 1", ""},
		{"shako", "4k5/10/10/10/10/10/10/10/10/P3K5 w - - 0 1", "a1"},
		{"shako", "4k4p/10/10/10/10/10/10/10/10/4K5 w - - 0 1", "j10"},
		{"shako", "4k5/10/10/10/10/10/10/10/P9/4K5 w - - 0 1", ""},
		{"grand", "4k5/10/10/10/10/10/10/10/10/3PK5 w - - 0 1", "d1"},
		{"grand", "4k5/10/10/10/10/10/10/10/3P6/4K5 w - - 0 1", ""},
		{"giant", "8k7/" + e16 + "P7K7 w - - 0 1", "a1"},
		{"giant", "8k6p/" + e16 + "8K7 w - - 0 1", "p16"},
		{"giant", "8k7/16/16/16/16/16/16/16/16/16/16/16/P15/16/16/8K7 w - - 0 1", ""},
		{"giant-quick", "8k7/" + e16 + "P7K7 w - - 0 1 4", "a1"},
		// The Cazaux games: a Pawn may double-step onto the last rank and be
		// taken en passant there (RULES R7), by a Pawn on its first rank.
		{"gigachess2", "7k6/" + e14 + "P6K6 w - - 0 1", ""},
		{"gigachess2", "7k6/14/14/14/14/14/14/14/14/14/14/14/P13/7K6 w - - 0 1", ""},
		{"terachess2", "8k7/" + e16 + "P7K7 w - - 0 1", ""},
		{"terachess2", "8k7/" + e16 + "T7K7 w - - 0 1", ""},
		{"bigorra", "8k7/" + e16 + "P7K7 w - - 0 1", ""},
		{"bigorra", "8k7/" + e16 + "P'7K7 w - - 0 1", ""},
		{"bigorra", "8k7/" + e16 + "T7K7 w - - 0 1", ""},
		{"bigorra", "8k7/16/16/16/16/16/16/16/16/16/16/16/16/16/P'15/8K7 w - - 0 1", ""},
	}
	for _, tt := range tests {
		s, err := ParseFEN(MustBuiltin(tt.variant), tt.give)
		if err != nil {
			t.Fatalf("ParseFEN(%s, %q) = %v", tt.variant, tt.give, err)
		}
		_, err = NewPosition(s)
		if tt.square == "" {
			if err != nil {
				t.Errorf("NewPosition(%s, %q) = %v; want a legal position", tt.variant, tt.give, err)
			}
			continue
		}
		e, ok := err.(*Error)
		if !ok || e.Code != ErrIllegalPosition || e.Field != fieldBoard || !strings.Contains(e.Detail, " on "+tt.square+" ") {
			t.Errorf("NewPosition(%s, %q) = %v; want %s in board naming %s", tt.variant, tt.give, err, ErrIllegalPosition, tt.square)
		}
	}
}

// The barred types of every built-in variant, as docs/RULES.md lists
// them: the same for both sides; none in the Cazaux games, whose Pawns
// and Soldiers take en passant a double step onto the last rank.
func TestFirstRankBarred(t *testing.T) {
	want := map[string]string{
		"chess":             "P",
		"chess960":          "P",
		"kingofthehill":     "P",
		"3check":            "P",
		"5check":            "P",
		"racingkings":       "",
		"knightmate":        "P",
		"antichess":         "P",
		"threekings":        "P",
		"horde":             "|P", // White's Pawns start on the first rank
		"losers":            "P",
		"giveaway":          "P",
		"codrus":            "P",
		"kinglet":           "P",
		"terachess2-hill":   "",
		"terachess2-3check": "",
		"capablanca":        "P",
		"gothic":            "P",
		"janus":             "P",
		"embassy":           "P",
		"carrera":           "P",
		"modern":            "P",
		"chancellor":        "P",
		"tencubed":          "P",
		"torpedo":           "",
		"omicron":           "P",
		"opulent":           "P",
		"troitzky":          "P",
		"courier":           "P",
		"wolf":              "P S",
		"wildebeest":        "P",
		"shako":             "P",
		"grand":             "P",
		"giant":             "P",
		"giant-quick":       "P",
		"gigachess2":        "",
		"terachess2":        "",
		"bigorra":           "",
		"atomic":            "P",
		"atomic960":         "P",
		"nocheckatomic":     "P",
		"atomar":            "P",
		"extinction":        "P",
		"extinction960":     "P",
		"coregal":           "P",
	}
	vs, err := Builtins()
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != len(want) {
		t.Fatalf("Builtins() has %d variants; want %d", len(vs), len(want))
	}
	for _, v := range vs {
		for c := White; c <= Black; c++ {
			var got []string
			for ty := PieceType(1); int(ty) <= v.PieceTypes(); ty++ {
				if v.barred[c].has(ty) {
					got = append(got, v.Letter(ty))
				}
			}
			slices.Sort(got)
			w := want[v.ID()]
			if white, black, ok := strings.Cut(w, "|"); ok { // White's and Black's differ
				w = [2]string{white, black}[c]
			}
			if g := strings.Join(got, " "); g != w {
				t.Errorf("%s %s barred = %q; want %q", v.ID(), c, g, w)
			}
		}
	}
}

// The rule follows the data: a Pawn that may step back, one that some
// piece promotes to, one that no start array holds above the first rank,
// or one that takes en passant where a double step can land on the last
// rank may stand there.
func TestFirstRankFromData(t *testing.T) {
	tests := []struct {
		name   string
		change func(d *Definition)
		barred bool
	}{
		{"chess", func(d *Definition) {}, true},
		{"pawn steps back", func(d *Definition) { d.Pieces[5].Betza = "fmWfcFbmW" }, false},
		{"pawn moves sideways", func(d *Definition) { d.Pieces[5].Betza = "fmWsmWfcF" }, true},
		{"pawn leaps forward", func(d *Definition) { d.Pieces[5].Betza = "fmWfcFffN" }, true},
		{"promotion target", func(d *Definition) { d.Pieces[4].PromotesTo = []string{"P"} }, false},
		{"double step from any rank", func(d *Definition) { d.Pieces[5].DoubleStep.Ranks = nil }, false},
		{"double step onto rank 8", func(d *Definition) { d.Pieces[5].DoubleStep.Ranks = []int{2, 6} }, false},
		{"double step from rank 5", func(d *Definition) { d.Pieces[5].DoubleStep.Ranks = []int{2, 5} }, true},
		{"no en passant", func(d *Definition) {
			d.Pieces[5].DoubleStep.Ranks = nil
			d.Rules.EnPassant = nil
		}, true},
		{"no pawn in the start", func(d *Definition) {
			d.StartFEN = "rnbqkbnr/8/8/8/8/8/8/RNBQKBNR w KQkq - 0 1"
		}, false},
		{"a pawn on the first rank in the start", func(d *Definition) {
			d.StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNP w Qkq - 0 1"
		}, false},
	}
	for _, tt := range tests {
		d := chessDefinition(t)
		tt.change(d)
		v, err := Compile(d)
		if err != nil {
			t.Fatalf("%s: Compile = %v", tt.name, err)
		}
		if got := v.barred[White].has(v.byLetter["P"]); got != tt.barred {
			t.Errorf("%s: White Pawn barred = %v; want %v", tt.name, got, tt.barred)
		}
		s, err := ParseFEN(v, "4k3/8/8/8/8/8/8/P3K3 w - - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := NewPosition(s); (err != nil) != tt.barred {
			t.Errorf("%s: NewPosition(Pawn on a1) = %v; want an error: %v", tt.name, err, tt.barred)
		}
	}
}

// Every start position and every FEN of the perft suites stays legal.
func TestFirstRankKeepsSuites(t *testing.T) {
	vs, err := Builtins()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		if _, err := NewPosition(mustSetup(t, v, v.StartFEN())); err != nil {
			t.Errorf("%s start: NewPosition = %v", v.ID(), err)
		}
		data, err := os.ReadFile(filepath.Join("testdata", "perft", v.ID()+".perft"))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, line := range strings.Split(string(data), "\n") {
			if fen, ok := strings.CutPrefix(strings.TrimSpace(line), "fen "); ok {
				n++
				if _, err := NewPosition(mustSetup(t, v, fen)); err != nil {
					t.Errorf("%s: NewPosition(%q) = %v", v.ID(), fen, err)
				}
			}
		}
		if n == 0 {
			t.Errorf("%s.perft has no FEN", v.ID())
		}
	}
}
