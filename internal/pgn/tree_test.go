package pgn

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// dumpTree renders g's movetext tree without positions: the game comment
// C, then each move with its Before comments B, NAGs N, After comments A
// and variations V(...), then the End comments E. Two games have the same
// tree exactly when their dumps are equal.
func dumpTree(g *Game) string {
	var b strings.Builder
	dumpComments(&b, "C", g.Comments)
	dumpLine(&b, g.Moves, g.Notes)
	dumpComments(&b, "E", g.End)
	return strings.TrimSpace(b.String())
}

func dumpLine(b *strings.Builder, ms []Move, ns []*Notes) {
	for i, m := range ms {
		n := notesAt(ns, i)
		if n != nil {
			dumpComments(b, "B", n.Before)
		}
		b.WriteString(" " + m.Text)
		if n == nil {
			continue
		}
		for _, nag := range n.NAGs {
			b.WriteString(" $" + strconv.Itoa(nag))
		}
		dumpComments(b, "A", n.After)
		for _, v := range n.Variations {
			b.WriteString(" V(")
			dumpLine(b, v.Moves, v.Notes)
			dumpComments(b, "E", v.End)
			b.WriteString(" )")
		}
	}
}

func dumpComments(b *strings.Builder, kind string, cs []string) {
	for _, c := range cs {
		fmt.Fprintf(b, " %s%q", kind, c)
	}
}

// TestTreeShape: where the reader places comments, NAGs and variations.
func TestTreeShape(t *testing.T) {
	tests := []struct{ give, want string }{
		{"1. e4 e5 *", "e4 e5"},
		{"[Event \"x\"]\n{ game } { two } 1. e4 *", `C"game" C"two" e4`},
		{"1. e4 {after} $1 {more} e5 *", `e4 $1 A"after" A"more" e5`},
		{"1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! *", "e4 $1 e5 $2 Nf3 $3 Nc6 $4 Bb5 $5 a6 $6"},
		{"1. e4 ! e5 ?? $146 *", "e4 $1 e5 $4 $146"},
		{"1. e4 e5 ; to the end of the line (not a variation\n2. Nf3 *", `e4 e5 A"to the end of the line (not a variation" Nf3`},
		// A variation is an alternative to the move before it; nested
		// ones too. A comment after a variation stands before the next
		// move, or at the line's end.
		{"1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) 1... e5 *", "e4 V( d4 d5 V( Nf6 c4 ) c4 ) e5"},
		{"1. e4 (1. d4) {then} 1... e5 (1... c5) {end} *", `e4 V( d4 ) B"then" e5 V( c5 ) E"end"`},
		{"1. e4 ( {start} 1. d4 {d} ) ( {empty} ) ( ) *", `e4 V( B"start" d4 A"d" ) V( E"empty" ) V( )`},
		{"1. e4 (1. d4) $2 e5 *", "e4 $2 V( d4 ) e5"},
		{"{[%csl Gd4,Gf5]} 1. d4 { [%eval 0.3] [%clk 0:03:00] } { [%cal Ge2e4] } *", `d4 A"[%eval 0.3] [%clk 0:03:00]" A"[%cal Ge2e4]"`},
		{"[A \"b\"] { multi\n  line } 1. d4 *", "C\"multi\\n  line\" d4"},
		{"[A \"b\"] {only} *", `C"only"`},
	}
	for _, tt := range tests {
		g := mustParse(t, tt.give)
		if got := dumpTree(g); got != tt.want {
			t.Errorf("Parse(%q) tree = %s; want %s", tt.give, got, tt.want)
		}
		if got, want := g.HasTree(), strings.ContainsAny(tt.want, "$\"V"); got != want {
			t.Errorf("Parse(%q).HasTree() = %v; want %v", tt.give, got, want)
		}
		checkRoundTrip(t, g)
	}
}

// TestTreeMainlineUnchanged: the mainline of an annotated game is what it
// was when the tree was skipped, and variation moves carry their places.
func TestTreeMainlineUnchanged(t *testing.T) {
	text := "1. e4 {a} (1. d4 d5) 1... e5 2. Nf3 $1 *"
	g := mustParse(t, text)
	if got := strings.Join(g.MoveTexts(), " "); got != "e4 e5 Nf3" {
		t.Fatalf("mainline %q", got)
	}
	v := g.MoveNotes(0).Variations[0].Moves
	if v[1].Text != "d5" || v[1].Offset != strings.Index(text, "d5") || v[1].Column != v[1].Offset+1 {
		t.Errorf("variation move %+v, want d5 at offset %d", v[1], strings.Index(text, "d5"))
	}
}

// TestTreeWrite: the writer's form of the tree.
func TestTreeWrite(t *testing.T) {
	tests := []struct{ give, want string }{
		{"1. e4! (1. d4?! d5 (1... Nf6)) 1... e5 {c} 2. Nf3 *",
			"1. e4 $1 (1. d4 $6 d5 (1... Nf6)) 1... e5 { c } 2. Nf3 *"},
		{"[A \"b\"]\n{game} 1. e4 (1. d4) {before} 1... e5 *",
			"{ game } 1. e4 (1. d4) { before } 1... e5 *"},
		{"1. e4 e5 ; has a } brace\n2. Nf3 (2. Nc3 ;x}\n) *",
			"1. e4 e5 ; has a } brace\n2. Nf3 (2. Nc3 ; x}\n) *"},
		{"1. e4 ( {e} ) ( ) *", "1. e4 ({ e }) () *"},
		{"[FEN \"8/8/8/8/8/8/8/K1k5 b - - 0 7\"] 7... Kc2 (7... Kd2 8. Ka2) 8. Ka2 *",
			"7... Kc2 (7... Kd2 8. Ka2) 8. Ka2 *"},
	}
	for _, tt := range tests {
		out := mustWrite(t, mustParse(t, tt.give))
		_, movetext, _ := strings.Cut(out, "\n\n")
		if movetext != tt.want+"\n" {
			t.Errorf("Write(%q) movetext =\n%s\nwant\n%s", tt.give, movetext, tt.want)
		}
	}
}

// TestTreeWriteRefuses: what the writer cannot write is an error and
// nothing is written.
func TestTreeWriteRefuses(t *testing.T) {
	bad := []struct {
		name  string
		notes Notes
		want  string
	}{
		{"brace and line break", Notes{After: []string{"a }\nb"}}, "both a } and a line break"},
		{"NAG", Notes{NAGs: []int{256}}, "NAG 256"},
		{"variation move", Notes{Variations: []Variation{{Moves: []Move{{Text: "N@f3"}}}}}, "move 1, variation 1, move 1"},
		{"variation move's notes", Notes{Variations: []Variation{{Moves: []Move{{Text: "d4"}}, Notes: []*Notes{{NAGs: []int{-1}}}}}}, "NAG -1"},
	}
	for _, tt := range bad {
		g := &Game{Moves: []Move{{Text: "e4"}}, Notes: []*Notes{&tt.notes}}
		var b strings.Builder
		err := Write(&b, g)
		if err == nil || !strings.Contains(err.Error(), tt.want) || b.Len() != 0 {
			t.Errorf("%s: Write = %v, wrote %q; want an error with %q", tt.name, err, b.String(), tt.want)
		}
	}
	// Nesting deeper than the writer's bound.
	deep := &Game{Moves: []Move{{Text: "e4"}}, Notes: []*Notes{nil}}
	notes := &deep.Notes[0]
	for range maxDepthLimit + 1 {
		*notes = &Notes{Variations: []Variation{{Moves: []Move{{Text: "d4"}}, Notes: []*Notes{nil}}}}
		notes = &(*notes).Variations[0].Notes[0]
	}
	if err := Write(&strings.Builder{}, deep); err == nil || !strings.Contains(err.Error(), "nested deeper") {
		t.Errorf("Write of %d nested variations = %v; want a nesting error", maxDepthLimit+1, err)
	}
}

// TestTreeErrors: what the tree refuses, with the offset of the fault.
func TestTreeErrors(t *testing.T) {
	tests := []struct {
		give string
		at   int
		want string
	}{
		{"$1 1. e4 *", 0, "a NAG that follows no move"},
		{"1. e4 ( $2 d4 ) *", 8, "a NAG that follows no move"},
		{"! 1. e4 *", 0, "follows no move"},
		{"(1. d4) 1. e4 *", 0, "a variation that follows no move"},
		{"1. e4 ((1. d4)) *", 7, "a variation that follows no move"},
		{"1. e4 $256 *", 6, "a NAG is $0 to $255"},
		{"1. e4 $99999999999999999999 *", 6, "a NAG is $0 to $255"},
		{"1. e4!!! *", 5, "!!! is not an annotation"},
		{"1. e4 ?!? *", 6, "?!? is not an annotation"},
		{"1. e4 (1. d4 N@f3) *", 14, "drops are not supported"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.give)
		if err == nil {
			t.Errorf("Parse(%q) = nil; want %q", tt.give, tt.want)
			continue
		}
		se := asSyntaxError(t, err)
		if se.Offset != tt.at || !strings.Contains(se.Msg, tt.want) {
			t.Errorf("Parse(%q) = %v at %d; want %q at %d", tt.give, err, se.Offset, tt.want, tt.at)
		}
		checkErrorPos(t, tt.give, se)
	}
}

// TestTreeBounds: nesting, variations and variation moves beyond their
// bounds are refused at the token that crosses them.
func TestTreeBounds(t *testing.T) {
	opt := Options{MaxDepth: 3, MaxVariations: 4, MaxVariationMoves: 5, MaxMoves: 2}
	tests := []struct {
		give string
		at   int
		want string
	}{
		{"1. e4 (1. d4 (1. c4 (1. b4 (1. a4)))) *", 27, "variations nested deeper than 3"},
		{"1. e4 (d4) (c4) (b4) (a4) (Nf3) *", 26, "more than 4 variations"},
		{"1. e4 (d4 d5 c4 c5 Nc3 Nc6) *", 23, "more than 5 moves in its variations"},
		{"1. e4 e5 Nf3 *", 9, "more than 2 moves"},
	}
	for _, tt := range tests {
		_, err := ParseOptions(tt.give, opt)
		if err == nil {
			t.Errorf("ParseOptions(%q) = nil; want %q", tt.give, tt.want)
			continue
		}
		se := asSyntaxError(t, err)
		if se.Offset != tt.at || !strings.Contains(se.Msg, tt.want) {
			t.Errorf("ParseOptions(%q) = %v at %d; want %q at %d", tt.give, err, se.Offset, tt.want, tt.at)
		}
	}
	// Within the bounds: variation moves do not count toward MaxMoves.
	g, err := ParseOptions("1. e4 (1. d4 (1. c4 (1. b4))) (Nf3 d5) 1... e5 *", opt)
	if err != nil || len(g.Moves) != 2 {
		t.Errorf("within the bounds: %v", err)
	}
}

// TestEnPassantSuffix: e.p. and ep after a move, apart or joined, are the
// move's suffix: the move's text is without it. The records are
// scalachess's (test-kit/src/test/scala/format/pgn/Fixtures.scala,
// enpassantEP, enpassantEP2 and enpassantEP3), cut to their last moves.
func TestEnPassantSuffix(t *testing.T) {
	for _, text := range []string{
		"17. Nf3 a5 18. bxa6 e.p. Bd7 1-0",
		"17. Nf3 a5 18. bxa6e.p. Bd7 1-0",
		"17. Nf3 a5 18. bxa6 ep Bd7 1-0",
		"17. Nf3 a5 18. bxa6ep Bd7 1-0",
		"17. Nf3 a5 18. bxa6 e.p. $1 {x} Bd7 1-0",
	} {
		g, err := Parse(text)
		if err != nil {
			t.Errorf("Parse(%q): %v", text, err)
			continue
		}
		if got := strings.Join(g.MoveTexts(), " "); got != "Nf3 a5 bxa6 Bd7" {
			t.Errorf("Parse(%q) moves %q; want Nf3 a5 bxa6 Bd7", text, got)
		}
	}
	for _, text := range []string{"e.p. 1. e4 *", "1. e4 ( ep ) *"} {
		if _, err := Parse(text); err == nil {
			t.Errorf("Parse(%q) = nil; want an error: the e.p. follows no move", text)
		}
	}
}

// TestAnnotatedCorpus: every record of testdata/annotated reads, holds a
// tree, and round trips: written and read again it gives the same tree,
// and written again the same text.
func TestAnnotatedCorpus(t *testing.T) {
	files, err := filepath.Glob("testdata/annotated/*.pgn")
	if err != nil || len(files) < 6 {
		t.Fatalf("%d annotated records (%v)", len(files), err)
	}
	for _, name := range files {
		t.Run(filepath.Base(name), func(t *testing.T) {
			g := mustParse(t, readFile(t, filepath.Join("annotated", filepath.Base(name))))
			if !g.HasTree() {
				t.Fatal("no tree read")
			}
			out := checkRoundTrip(t, g)
			_, movetext, _ := strings.Cut(out, "\n\n")
			inComment := false
			for _, line := range strings.Split(movetext, "\n") {
				hasComment := inComment || strings.ContainsAny(line, "{;")
				for _, c := range line {
					switch c {
					case '{':
						inComment = true
					case '}':
						inComment = false
					}
				}
				if len(line) >= 80 && !hasComment {
					t.Errorf("a line of %d characters without a comment: %q", len(line), line)
				}
			}
		})
	}
}

// TestAnnotatedCorpusShape checks a few things each source is known for.
func TestAnnotatedCorpusShape(t *testing.T) {
	count := func(g *Game, pick func(*Notes) int) int {
		var walk func([]*Notes) int
		walk = func(ns []*Notes) int {
			n := 0
			for _, m := range ns {
				if m != nil {
					n += pick(m)
					for _, v := range m.Variations {
						n += walk(v.Notes)
					}
				}
			}
			return n
		}
		return walk(g.Notes)
	}
	depth := func(g *Game) int {
		var walk func([]*Notes) int
		walk = func(ns []*Notes) int {
			d := 0
			for _, m := range ns {
				if m != nil {
					for _, v := range m.Variations {
						d = max(d, 1+walk(v.Notes))
					}
				}
			}
			return d
		}
		return walk(g.Notes)
	}
	mammoth := mustParse(t, readFile(t, "annotated/lichess-study-mammoth.pgn"))
	if d := depth(mammoth); d < 4 {
		t.Errorf("mammoth: variations nested %d deep, want at least 4", d)
	}
	if len(mammoth.Comments) != 1 || !strings.Contains(mammoth.Comments[0], "\n\nYou can find") {
		t.Errorf("mammoth: game comment %q", mammoth.Comments)
	}
	text := readFile(t, "annotated/lichess-broadcast-clk.pgn")
	clk := mustParse(t, text)
	if n, want := count(clk, func(n *Notes) int { return len(n.After) }), strings.Count(text, "[%clk"); n != want {
		t.Errorf("broadcast: %d clock comments, want %d", n, want)
	}
	eval := mustParse(t, readFile(t, "annotated/lichess-analysis-eval.pgn"))
	if c := eval.MoveNotes(0).After[0]; c != "[%eval 0.33] [%clk 0:01:00]" {
		t.Errorf("analysis: first comment %q", c)
	}
	icc := mustParse(t, readFile(t, "annotated/scalachess-icc-pedro.pgn"))
	if n := count(icc, func(n *Notes) int { return len(n.NAGs) }); n < 10 {
		t.Errorf("icc: %d NAGs", n)
	}
	crafty := mustParse(t, readFile(t, "annotated/scalachess-crafty.pgn"))
	if len(crafty.Comments) != 3 {
		t.Errorf("crafty: game comments %q, want 3", crafty.Comments)
	}
	v := crafty.MoveNotes(9).Variations[0]
	if n := v.MoveNotes(0); v.Moves[0].Text != "Qd6" || n == nil || len(n.Before) != 1 || n.Before[0] != "15:+0.88" {
		t.Errorf("crafty: first variation's first move %+v %+v", v.Moves[0], n)
	}
}

// TestBareGameAllocatesNoTree: a game without a tree allocates nothing per
// move for one: ten times the moves cost one allocation a move more (its
// text) and the growth of the moves slice.
func TestBareGameAllocatesNoTree(t *testing.T) {
	allocs := func(plies int) float64 {
		text := bareGame(plies)
		return testing.AllocsPerRun(20, func() {
			if g, err := Parse(text); err != nil || g.HasTree() {
				t.Fatal(err)
			}
		})
	}
	short, long := allocs(30), allocs(300)
	if long > short+270+8 {
		t.Errorf("a bare game of 300 plies allocates %v times, of 30 plies %v", long, short)
	}
}

// bareGame returns a game of the given plies without a tree: Knights
// going out and back.
func bareGame(plies int) string {
	cycle := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	var b strings.Builder
	for i := range plies {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		}
		b.WriteString(cycle[i%4] + " ")
	}
	b.WriteString("*\n")
	return b.String()
}

// TestAnnotatedBenchmarkGame: the benchmark's annotated game has the tree
// it claims, and its mainline is the bare game's.
func TestAnnotatedBenchmarkGame(t *testing.T) {
	g := mustParse(t, annotatedGame(300, 1000, 200))
	bare := mustParse(t, bareGame(300))
	comments, variations := len(g.Comments), 0
	for _, n := range g.Notes {
		if n != nil {
			comments += len(n.After)
			variations += len(n.Variations)
			for _, v := range n.Variations {
				comments += len(v.MoveNotes(1).After)
			}
		}
	}
	if strings.Join(g.MoveTexts(), " ") != strings.Join(bare.MoveTexts(), " ") || comments < 1000 || variations != 200 {
		t.Errorf("%d comments, %d variations", comments, variations)
	}
}
