package fsf

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/adjudicator/adjudicator/internal/rules"
)

func importText(t *testing.T, text string) []Section {
	t.Helper()
	secs, err := Import(context.Background(), []byte(text))
	if err != nil {
		t.Fatalf("Import: %v", err)
	}
	return secs
}

// TestImportPerft imports testdata/import.ini and compares the perft of
// every section with Fairy-Stockfish's counts (testdata/perft.txt, which
// says how they were made). Depth 4 is skipped under -short.
func TestImportPerft(t *testing.T) {
	text, err := os.ReadFile("testdata/import.ini")
	if err != nil {
		t.Fatal(err)
	}
	defs := map[string]*rules.Definition{}
	for _, s := range importText(t, string(text)) {
		if s.Definition == nil {
			t.Errorf("[%s] not imported: %+v", s.Name, s.Problems)
			continue
		}
		defs[s.Name] = s.Definition
	}
	f, err := os.Open("testdata/perft.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	cases := 0
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 3 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		depth, _ := strconv.Atoi(fields[1])
		want, _ := strconv.ParseUint(fields[2], 10, 64)
		if depth > 3 && testing.Short() {
			continue
		}
		d, ok := defs[fields[0]]
		if !ok {
			t.Errorf("perft.txt names %s, which import.ini does not import", fields[0])
			continue
		}
		v, err := rules.Compile(d)
		if err != nil {
			t.Fatalf("[%s] Compile: %v", fields[0], err)
		}
		if got := rules.Perft(v.Start(), depth); got != want {
			t.Errorf("[%s] perft %d = %d; Fairy-Stockfish counts %d", fields[0], depth, got, want)
		}
		cases++
	}
	if cases < 30 {
		t.Errorf("%d perft cases ran; want at least 30", cases)
	}
	d := defs["longsteps"]
	if d == nil {
		t.Fatal("[longsteps] not imported")
	}
	if p := d.Pieces[1]; p.Letter != "P" || p.DoubleStep == nil || !equal(p.DoubleStep.Ranks, []int{2, 3}) ||
		strings.Join(p.DoubleStep.Squares, " ") != "b4 g4" || p.TripleStep == nil || !equal(p.TripleStep.Ranks, []int{2}) {
		t.Errorf("[longsteps] Pawn = %+v; want double steps from ranks 2 and 3 and b4 g4, triple steps from rank 2", d.Pieces[1])
	}
	if d.Rules.Stalemate != "loss" {
		t.Errorf("[longsteps] stalemate = %q; want loss", d.Rules.Stalemate)
	}
}

// TestImportTranslation pins what the translation writes for the keys it
// reads.
func TestImportTranslation(t *testing.T) {
	secs := importText(t, `[a:capablanca]
castling = false
[b:janus]
[c:chess]
chess960 = true
[d:grand]
[e:chess]
king = k:KN
customPiece1 = s:fNbN
startFen = rnbqkbsr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBSR w KQkq - 0 1
nMoveRule = 70
nFoldRule = 4
`)
	by := map[string]*rules.Definition{}
	for _, s := range secs {
		if s.Definition == nil {
			t.Fatalf("[%s] not imported: %+v", s.Name, s.Problems)
		}
		by[s.Name] = s.Definition
	}
	if by["a"].Rules.Castling != nil || !strings.Contains(by["a"].StartFEN, " w - - 0 1") {
		t.Errorf("[a] castling = %+v, start %q; want no castling and no rights", by["a"].Rules.Castling, by["a"].StartFEN)
	}
	if c := by["b"].Rules.Castling; c == nil || c.Sides == nil || c.Sides.High != (rules.CastlingSide{King: "i", Rook: "h"}) ||
		c.Sides.Low != (rules.CastlingSide{King: "b", Rook: "c"}) {
		t.Errorf("[b] castling = %+v; want Janus's i/h and b/c", by["b"].Rules.Castling)
	}
	if c := by["c"].Rules.Castling; c == nil || !c.AnyStart || c.Sides == nil {
		t.Errorf("[c] castling = %+v; want anyStart with sides", c)
	}
	p := by["d"].Rules.Promotion
	if p == nil || p.Choice != "captured" || !equal(p.Ranks, []int{10}) || !equal(p.OptionalRanks, []int{8, 9}) {
		t.Errorf("[d] promotion = %+v; want captured, compulsory on 10, optional on 8 and 9", p)
	}
	e := by["e"]
	if e.Pieces[0].Betza != "KN" || !e.Pieces[0].Royal {
		t.Errorf("[e] King = %+v; want the royal KN", e.Pieces[0])
	}
	var s rules.PieceDef
	for _, pc := range e.Pieces {
		if pc.Letter == "S" {
			s = pc
		}
	}
	if s.Betza != "ffNbbN" {
		t.Errorf("[e] fNbN = %q; want ffNbbN (Fairy-Stockfish's f on a Knight is its narrow pair)", s.Betza)
	}
	if d := e.Rules.Draws; d != (rules.DrawsDef{RepetitionClaim: 4, MoveClaim: 70}) {
		t.Errorf("[e] draws = %+v; want claims at 4 repetitions and 70 moves, no automatic end", d)
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestImportProblems checks that every key that keeps a section out is
// named, with its line or its built-in origin.
func TestImportProblems(t *testing.T) {
	secs := importText(t, `# a comment
[drops:crazyhouse]
[mine:chess]
pieceDrops = true
blastOnCapture = true
bogus = 1
[child:mine]
blastOnCapture = false
[orphan:nosuchvariant]
[asym:chess]
customPiece1 = a:lfW
startFen = rnbqkbar/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBAR w KQkq - 0 1
[hop:chess]
customPiece1 = a:pB2
startFen = rnbqkbar/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBAR w KQkq - 0 1
[bad:chess]
castling = maybe
maxFile = z
[split:chess]
promotionRegionWhite = a8 b8
promotionRegionBlack = a1 b1
[skip:chess]
customPiece1 = a:WxF
startFen = rnbqkbar/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBAR w KQkq - 0 1
[rank2:chess]
castlingRank = 2
`)
	type want struct {
		code, key string
		line      int
		from      string
		builtin   bool
	}
	tests := map[string][]want{
		"drops": {{CodeUnsupported, "capturesToHand", 0, "crazyhouse", true}, {CodeUnsupported, "pieceDrops", 0, "crazyhouse", true},
			{CodeUnsupported, "startFen", 0, "crazyhouse", true}},
		"mine":   {{CodeUnknownKey, "bogus", 6, "", false}, {CodeUnsupported, "pieceDrops", 4, "", false}, {CodeUnsupported, "blastOnCapture", 5, "", false}},
		"child":  {{CodeInherited, "", 7, "mine", false}},
		"orphan": {{CodeUnknownParent, "", 9, "", false}},
		"asym":   {{CodeUnsupportedBetza, "customPiece1", 11, "", false}},
		"hop":    {{CodeUnsupportedBetza, "customPiece1", 14, "", false}},
		"bad":    {{CodeInvalidValue, "maxFile", 18, "", false}, {CodeInvalidValue, "castling", 17, "", false}},
		"split":  {{CodeUnsupported, "promotionRegionWhite", 20, "", false}},
		"skip":   {{CodeUnsupportedBetza, "customPiece1", 23, "", false}},
		"rank2":  {{CodeUnsupported, "castlingRank", 26, "", false}},
	}
	for _, s := range secs {
		w, ok := tests[s.Name]
		if !ok {
			t.Fatalf("unexpected section %s", s.Name)
		}
		if s.Definition != nil {
			t.Errorf("[%s] imported; want problems %v", s.Name, w)
			continue
		}
		if len(s.Problems) != len(w) {
			t.Errorf("[%s] problems %+v; want %v", s.Name, s.Problems, w)
			continue
		}
		for i, p := range s.Problems {
			g := want{p.Code, p.Key, p.Line, p.From, p.Builtin}
			if g != w[i] {
				t.Errorf("[%s] problem %d = %+v (%s); want %+v", s.Name, i, g, p.Detail, w[i])
			}
			if p.Detail == "" {
				t.Errorf("[%s] problem %d has no detail", s.Name, i)
			}
		}
	}
}

// TestSyntaxErrors checks the texts that cannot be read at all.
func TestSyntaxErrors(t *testing.T) {
	tests := []struct {
		give       string
		line, col  int
		detailPart string
	}{
		{"", 1, 1, "no section"},
		{"# only a comment\n", 1, 1, "no section"},
		{"[a]\nno equals\n", 2, 1, "neither a comment"},
		{"[a\nk = v\n", 1, 3, "no ]"},
		{"[a b]\n", 1, 2, "not a variant name"},
		{"[a:]\n", 1, 4, "not a variant name"},
		{"[a]\n[a]\n", 2, 2, "already defined"},
		{"[a]\n = v\n", 2, 1, "not a key"},
		{"[a]\nk = \xff\n", 2, 5, "not UTF-8"},
	}
	tests = append(tests, struct {
		give       string
		line, col  int
		detailPart string
	}{manySections(MaxSections + 1), MaxSections + 1, 1, "more than 512 sections"},
		struct {
			give       string
			line, col  int
			detailPart string
		}{"[a]\nk = " + strings.Repeat("x", maxLine) + "\n", 2, maxLine + 1, "longer than"})
	for _, tt := range tests {
		_, err := Import(context.Background(), []byte(tt.give))
		var se *SyntaxError
		if !errors.As(err, &se) || se.Line != tt.line || se.Column != tt.col || !strings.Contains(se.Detail, tt.detailPart) {
			t.Errorf("Import(%q) = %v; want line %d, column %d, %q", tt.give, err, tt.line, tt.col, tt.detailPart)
		}
	}
}

// TestRepeatedKey: the last value of a key given twice counts, as in
// Fairy-Stockfish.
func TestRepeatedKey(t *testing.T) {
	secs := importText(t, "[a:chess]\ncastling = false\ncastling = true\n")
	if secs[0].Definition == nil || secs[0].Definition.Rules.Castling == nil {
		t.Errorf("castling given false then true: %+v; want castling", secs[0])
	}
}

// TestBuiltinParents imports an empty child of every built-in parent: the
// ones the format can say give the same perft as the built-in variant of
// this service with that id, where there is one; the others have problems
// naming keys their built-in sets.
func TestBuiltinParents(t *testing.T) {
	var b strings.Builder
	for _, p := range BuiltinParents() {
		b.WriteString("[child-" + p + ":" + p + "]\n")
	}
	for _, s := range importText(t, b.String()) {
		id := strings.TrimPrefix(s.Name, "child-")
		if s.Definition == nil {
			for _, p := range s.Problems {
				if !p.Builtin || p.From == "" {
					if p.Code != CodeUnsupportedBetza && p.Key != "king" && p.Key != "castlingKingPiece" {
						t.Errorf("[%s] problem %+v names no built-in origin", s.Name, p)
					}
				}
			}
			continue
		}
		ours, err := rules.Builtin(map[string]string{"fischerandom": "chess960", "normal": "chess"}[id] + id)
		if err != nil {
			continue
		}
		v, err := rules.Compile(s.Definition)
		if err != nil {
			t.Fatalf("[%s] Compile: %v", s.Name, err)
		}
		if got, want := rules.Perft(v.Start(), 3), rules.Perft(ours.Start(), 3); got != want {
			t.Errorf("[%s] perft 3 = %d; the built-in %s counts %d", s.Name, got, ours.ID(), want)
		}
	}
}

// TestFairyStockfishVariantsINI imports Fairy-Stockfish's own variants.ini,
// which this repository does not ship: FSF_VARIANTS_INI names the file
// (src/variants.ini of Fairy-Stockfish at commit c19b5f6c). Every section
// must come out as testdata/variants-ini.golden says: imported, with
// Fairy-Stockfish's perft count to depth 3, or with exactly the problems
// listed.
func TestFairyStockfishVariantsINI(t *testing.T) {
	path := os.Getenv("FSF_VARIANTS_INI")
	if path == "" {
		t.Skip("FSF_VARIANTS_INI is not set: it names Fairy-Stockfish's src/variants.ini (commit c19b5f6c)")
	}
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	golden, err := os.ReadFile("testdata/variants-ini.golden")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{}
	for _, l := range strings.Split(string(golden), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && !strings.HasPrefix(l, "#") {
			want[f[0]] = f[1:]
		}
	}
	secs := importText(t, string(text))
	if len(secs) != len(want) {
		t.Errorf("%d sections; the golden file has %d", len(secs), len(want))
	}
	imported := 0
	for _, s := range secs {
		w, ok := want[s.Name]
		switch {
		case !ok:
			t.Errorf("[%s] is not in the golden file", s.Name)
		case s.Definition != nil:
			imported++
			if w[0] != "imported" || len(w) != 2 {
				t.Errorf("[%s] imported; want %v", s.Name, w)
				continue
			}
			v, err := rules.Compile(s.Definition)
			if err != nil {
				t.Fatalf("[%s] Compile: %v", s.Name, err)
			}
			if got := strconv.FormatUint(rules.Perft(v.Start(), 3), 10); got != w[1] {
				t.Errorf("[%s] perft 3 = %s; Fairy-Stockfish counts %s", s.Name, got, w[1])
			}
		default:
			var got []string
			seen := map[string]bool{}
			for _, p := range s.Problems {
				if k := p.Code + ":" + p.Key; !seen[k] {
					seen[k] = true
					got = append(got, k)
				}
			}
			slices.Sort(got)
			if w[0] != "problems" || !slices.Equal(got, w[1:]) {
				t.Errorf("[%s] problems %v; want %v", s.Name, got, w)
			}
		}
	}
	if imported != 62 {
		t.Errorf("%d sections imported; want 62", imported)
	}
}

func manySections(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "[s%d]\n", i)
	}
	return b.String()
}

// TestImportDeadline: an import whose context is done stops with the
// context's error instead of going on through its sections.
func TestImportDeadline(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Import(ctx, []byte("[a:capablanca]\n[b:chess]\n")); !errors.Is(err, context.Canceled) {
		t.Errorf("Import with a cancelled context = %v; want context.Canceled", err)
	}
}
