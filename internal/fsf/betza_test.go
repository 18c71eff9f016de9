package fsf

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// TestBetzaDialect pins the translations of docs/BETZA.md's table of
// differences.
func TestBetzaDialect(t *testing.T) {
	tests := []struct{ give, want string }{
		{"fN", "ffN"},         // Fairy-Stockfish's f on an oblique atom: the narrow pair
		{"fhN", "fN"},         // its fh: all four forward
		{"fsN", "fsN"},        // the wide forward pair, as ours
		{"fsW", "sWfW"},       // a pair on an orthogonal atom: both letters
		{"mfWcfF", "mfWcfF"},  // the Pawn
		{"fmWfceF", "mfWcfF"}, // e marks the en-passant taker
		{"NN", "NN"},          // a doubled atom rides
		{"Q3", "Q3"},          // a range: ours splits the compound
		{"mRcpR", "mRcpR"},    // the cannon
		{"gQ", "gQ"},          // the grasshopper
		{"nN", "nN"},          // the Xiangqi horse
		{"L", "C"},            // L is the Camel, J the Zebra
		{"J", "Z"},
		{"K", "K"},
		{"fK", "fWfF"},
		{"vR", "vR"},
	}
	for _, tt := range tests {
		res := translateBetza(tt.give)
		if len(res.problems) > 0 || res.betza != tt.want {
			t.Errorf("translateBetza(%q) = %q %v; want %q", tt.give, res.betza, res.problems, tt.want)
		}
	}
	if res := translateBetza("ifmnDfmWfcF"); !res.doubleStep || res.betza != "mfWcfF" {
		t.Errorf("the initial double step: %+v; want doubleStep and mfWcfF", res)
	}
	for _, bad := range []string{"pB2", "nZ", "lfW", "hlN", "WxF", "Wf", "pN", "nR"} {
		if res := translateBetza(bad); len(res.problems) == 0 {
			t.Errorf("translateBetza(%q) = %q; want a problem", bad, res.betza)
		}
	}
}

// TestBetzaAgainstEngine translates random Fairy-Stockfish strings and
// checks, on an empty 15x15 board, that the engine compiles the
// translation into exactly the quiet moves Fairy-Stockfish's reading
// gives (riders to the edge, leapers where they land on the board).
func TestBetzaAgainstEngine(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	mods := []string{"", "", "m", "c", "n"}
	dirs := []string{"", "", "f", "b", "l", "r", "v", "s", "ff", "bb", "fs", "bs", "fh", "bh", "lh", "rh",
		"fr", "fl", "br", "bl", "rf", "lf", "rb", "lb", "lv", "rv", "sf"}
	atoms := []string{"W", "F", "D", "N", "A", "H", "C", "Z", "G", "K", "R", "B", "Q", "NN", "W3", "F2", "N2", "L", "J"}
	n := 400
	if testing.Short() {
		n = 100
	}
	tried := 0
	for tried < n {
		var b strings.Builder
		for range 1 + r.IntN(3) {
			b.WriteString(mods[r.IntN(len(mods))] + dirs[r.IntN(len(dirs))] + atoms[r.IntN(len(atoms))])
		}
		src := b.String()
		res := translateBetza(src)
		if len(res.problems) > 0 || res.betza == "" {
			continue
		}
		tried++
		checkOnEngine(t, src, res)
	}
}

func checkOnEngine(t *testing.T, src string, res betzaResult) {
	t.Helper()
	const size, at = 15, 7
	want := map[string]bool{}
	sq := func(f, r int) string { return fmt.Sprintf("%c%d", 'a'+f, r+1) }
	for _, m := range res.moves {
		if !m.quiet || m.kind == hop || m.kind == gHop {
			continue
		}
		steps := 1
		if m.kind == ride {
			steps = m.dist
			if steps == 0 {
				steps = size
			}
		}
		for i := 1; i <= steps; i++ {
			f, r := at+i*m.v.df, at+i*m.v.dr
			if f < 0 || r < 0 || f >= size || r >= size || f == 0 && r == 0 || f == 13 && r == 14 {
				break
			}
			want[sq(at, at)+sq(f, r)] = true
		}
	}
	// White's King on a1, Black's on n15, out of every line and leap of
	// the piece on h8.
	rows := []string{"13k1"}
	for r := size - 2; r >= 0; r-- {
		switch r {
		case at:
			rows = append(rows, "7X7")
		case 0:
			rows = append(rows, "K14")
		default:
			rows = append(rows, "15")
		}
	}
	d := &rules.Definition{ID: "t", Name: "t", Files: size, Ranks: size, StartFEN: strings.Join(rows, "/") + " w - - 0 1",
		Pieces: []rules.PieceDef{{Name: "King", Letter: "K", Betza: "K", Royal: true}, {Name: "X", Letter: "X", Betza: res.betza}}}
	v, err := rules.Compile(d)
	if err != nil {
		t.Fatalf("%q -> %q: Compile: %v", src, res.betza, err)
	}
	p := v.Start()
	got := map[string]bool{}
	for _, m := range p.LegalMoves() {
		if u := p.UCI(m); strings.HasPrefix(u, sq(at, at)) {
			got[u] = true
		}
	}
	for m := range want {
		if !got[m] {
			t.Errorf("%q -> %q: the engine lacks %s", src, res.betza, m)
		}
	}
	for m := range got {
		if !want[m] {
			t.Errorf("%q -> %q: the engine has %s, which Fairy-Stockfish's reading lacks", src, res.betza, m)
		}
	}
}

// FuzzImport: any text is read without a panic, and whatever imports
// compiles and reads back as a definition.
func FuzzImport(f *testing.F) {
	f.Add([]byte("[a:chess]\ncastling = false\n"))
	f.Add([]byte("[a]\npawn = p\nking = k\nstartFen = 4k3/p7/8/8/8/8/P7/4K3 w - - 0 1\n"))
	f.Add([]byte("[x:capablanca]\ncustomPiece1 = z:fhNmpRgB\nstartFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNZ w KQkq - 0 1\n"))
	f.Add([]byte("[g:grand]\npromotionLimit = q:1\n[h:g]\nmaxFile = 12\n"))
	f.Fuzz(func(t *testing.T, text []byte) {
		secs, err := Import(context.Background(), text)
		if err != nil {
			return
		}
		for _, s := range secs {
			if s.Definition == nil {
				if len(s.Problems) == 0 {
					t.Fatalf("[%s] neither a definition nor a problem", s.Name)
				}
				continue
			}
			if _, err := rules.Compile(s.Definition); err != nil {
				t.Fatalf("[%s] imported but does not compile: %v", s.Name, err)
			}
		}
	})
}
