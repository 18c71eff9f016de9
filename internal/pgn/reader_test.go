package pgn

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"testing"
)

func TestParseSkipsAllButTheMainline(t *testing.T) {
	text := "% an escape line\n" +
		"[Event \"Test \\\"quoted\\\" \\\\ done\"]\n" +
		"[Site \"?\"]  [Round \"3\"]\n" +
		"{ before the moves }\n" +
		"1.e4 $1 e5!? ; to the end of the line (not a variation\n" +
		"2. Nf3 (2. f4 exf4 (2... d5) 3. Nf3) 2... Nc6 {a comment (with brackets)} 3. Bb5 ! a6 4.Ba4 ?? $146\n" +
		"4... Nf6 5.O-O *\n"
	g := mustParse(t, text)
	want := []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O"}
	if got := g.MoveTexts(); !slices.Equal(got, want) {
		t.Fatalf("moves %q, want %q", got, want)
	}
	if g.Result != Unknown {
		t.Errorf("result %q, want *", g.Result)
	}
	wantTags := []Tag{{"Event", `Test "quoted" \ done`}, {"Site", "?"}, {"Round", "3"}}
	if !slices.Equal(g.Tags, wantTags) {
		t.Errorf("tags %q, want %q", g.Tags, wantTags)
	}
	if v, ok := g.Tag("Round"); !ok || v != "3" {
		t.Errorf("Tag(Round) = %q, %v", v, ok)
	}
	if _, ok := g.Tag("round"); ok {
		t.Error("tag names are case sensitive, but Tag(round) found one")
	}
	for _, m := range g.Moves {
		if !strings.HasPrefix(text[m.Offset:], m.Text) {
			t.Errorf("move %q at offset %d, where the text is %q", m.Text, m.Offset, text[m.Offset:])
		}
		if line, col := posAt(text, m.Offset); line != m.Line || col != m.Column {
			t.Errorf("move %q at %d:%d, but its offset is at %d:%d", m.Text, m.Line, m.Column, line, col)
		}
	}
	if g.Moves[0].Line != 5 || g.Moves[0].Column != 3 {
		t.Errorf("1.e4 at %d:%d, want 5:3", g.Moves[0].Line, g.Moves[0].Column)
	}
	if g.Number != 1 || g.Pos != (Pos{Line: 2, Column: 1, Offset: 17}) {
		t.Errorf("game %d at %+v, want game 1 at 2:1 offset 17", g.Number, g.Pos)
	}
	if g.ResultPos.Line != 7 || g.ResultPos.Column != 16 {
		t.Errorf("result at %d:%d, want 7:16", g.ResultPos.Line, g.ResultPos.Column)
	}
}

// TestColumnsCountCharacters: a column counts characters, not bytes, and
// CRLF line ends count as one.
func TestColumnsCountCharacters(t *testing.T) {
	text := "[White \"Ljubojević\"]\r\n\r\n1. e4 {Ljubojević's move} e5 *\r\n"
	g := mustParse(t, text)
	if v, _ := g.Tag("White"); v != "Ljubojević" {
		t.Errorf("White = %q", v)
	}
	e5 := g.Moves[1]
	if e5.Text != "e5" || e5.Line != 3 || e5.Column != 27 || e5.Offset != 52 {
		t.Errorf("e5 read as %+v, want line 3 column 27 offset 52", e5)
	}
	if line, col := posAt(text, e5.Offset); line != e5.Line || col != e5.Column {
		t.Errorf("offset %d is at %d:%d", e5.Offset, line, col)
	}
}

func TestParseByteOrderMark(t *testing.T) {
	g := mustParse(t, "\ufeff[Event \"x\"]\n\n1. d4 *\n")
	if v, _ := g.Tag("Event"); v != "x" {
		t.Fatalf("Event = %q", v)
	}
	if g.Pos != (Pos{Line: 1, Column: 1, Offset: 3}) {
		t.Errorf("the game starts at %+v, want 1:1 offset 3", g.Pos)
	}
}

func TestResultIsOptional(t *testing.T) {
	for _, text := range []string{"1. e4 e5", "[Event \"x\"]\n", "1. e4 e5 {the end}\n"} {
		g := mustParse(t, text)
		if g.Result != "" || g.ResultPos != (Pos{}) {
			t.Errorf("%q: result %q at %+v, want none", text, g.Result, g.ResultPos)
		}
	}
	for _, r := range []string{WhiteWins, BlackWins, Draw, Unknown} {
		g := mustParse(t, "1. e4 "+r)
		if g.Result != r || len(g.Moves) != 1 {
			t.Errorf("result %q read as %q with %d moves", r, g.Result, len(g.Moves))
		}
	}
}

// TestMoveTokens lists the move tokens read as moves: SAN and coordinate
// moves of boards up to 16x16 and piece letters with apostrophes.
func TestMoveTokens(t *testing.T) {
	for token, want := range map[string]string{
		"e4": "e4", "exd5": "exd5", "ed5": "ed5", "Nbd7": "Nbd7", "R1a3": "R1a3", "Qh4e1": "Qh4e1",
		"Qh4xe1": "Qh4xe1", "Qh4-e1": "Qh4-e1", "N-f3": "N-f3", "O-O": "O-O", "O-O-O": "O-O-O", "0-0": "0-0",
		"0-0-0+": "0-0-0+", "o-o": "o-o", "e8=Q+": "e8=Q+", "e8Q": "e8Q", "e8q": "e8q", "e7e8q": "e7e8q",
		"e7e8=Q": "e7e8=Q", "e7-e8": "e7-e8", "e4xd5": "e4xd5", "a10a12": "a10a12", "p16p15=C'": "p16p15=C'",
		"C'xe4": "C'xe4", "A'''p16#": "A'''p16#", "D'''xe6": "D'''xe6", "Kxp16": "Kxp16", "p15=A''": "p15=A''",
		"cd34-cd56": "cd34-cd56", "op1314op1516": "op1314op1516", "e4!": "e4", "Nf3?!": "Nf3", "Qh5+!!": "Qh5+",
		"Rd8#!": "Rd8#", "Cab10": "Cab10", "Caf1+": "Caf1+", "b7b8n": "b7b8n",
		"O-O/i1": "O-O/i1", "O-O-O/b1+": "O-O-O/b1+", "o-o/g10!": "o-o/g10",
	} {
		g, err := Parse("1. " + token + " *")
		if err != nil {
			t.Errorf("%s: %v", token, err)
			continue
		}
		if len(g.Moves) != 1 || g.Moves[0].Text != want {
			t.Errorf("%s read as %q, want [%s]", token, g.MoveTexts(), want)
		}
	}
}

// TestMoveTokensRefused lists tokens that are not moves, with the column
// (in "1. <token> *") each error points at.
func TestMoveTokensRefused(t *testing.T) {
	for token, col := range map[string]int{
		"N@f3": 5, "@f3": 4, "P*e4": 5, "Nf3/E": 7, "e1g1/H": 8, "e2e4,d5": 8, "+R": 4, "--": 4,
		"q4": 4, "a17": 5, "a0": 5, "Nq3": 5, "A''''e4": 8, "e4+#": 6, "e8=": 7, "e!4": 5, "e4=+": 7,
		"x4": 4, "Nf": 6, "ab12-ab3": 8, "O-0": 6, "Kp17": 6, "O-O/He1": 7, "O-O/i17": 7,
	} {
		_, err := Parse("1. " + token + " *")
		if err == nil {
			t.Errorf("%s: read as a move", token)
			continue
		}
		se := asSyntaxError(t, err)
		if se.Line != 1 || se.Column != col {
			t.Errorf("%s: error at %d:%d (%s), want 1:%d", token, se.Line, se.Column, se.Msg, col)
		}
	}
}

// TestReaderGoesOnAfterABadGame: a game that does not read is an error
// naming it, and the next call reads the next game.
func TestReaderGoesOnAfterABadGame(t *testing.T) {
	text := "[Event \"one\"]\n\n1. e4 e5 1-0\n\n" +
		"[Event \"two\"]\n\n1. e4 N@f3 { the rest of game two } 2. Nf3 (2. f4) 0-1\n\n" +
		"[Event \"three\"]\n[Site \"unterminated]\n[Round \"x\"]\n\n1. d4 d5 *\n\n" +
		"[Event \"four\"]\n\n1. c4 e5 ( 1... c5 ) 1/2-1/2\n"
	r := NewReader(strings.NewReader(text), Options{})
	g, err := r.Next()
	if err != nil || g.Number != 1 || len(g.Moves) != 2 {
		t.Fatalf("game one: %v, %+v", err, g)
	}
	_, err = r.Next()
	se := asSyntaxError(t, err)
	if se.Game != 2 || se.Line != 7 || se.Column != 8 || !strings.Contains(se.Msg, "drops") {
		t.Fatalf("game two: %v, want game 2 at 7:8 about drops", se)
	}
	checkErrorPos(t, text, se)
	_, err = r.Next()
	se = asSyntaxError(t, err)
	if se.Game != 3 || se.Line != 10 || se.Column != 7 || !strings.Contains(se.Msg, "unterminated string") {
		t.Fatalf("game three: %v, want game 3 at 10:7, an unterminated string", se)
	}
	checkErrorPos(t, text, se)
	g, err = r.Next()
	if err != nil || g.Number != 4 || len(g.Moves) != 2 || g.Result != Draw {
		t.Fatalf("game four: %v, %+v", err, g)
	}
	if v, _ := g.Tag("Event"); v != "four" {
		t.Fatalf("game four has Event %q", v)
	}
	for range 2 {
		if _, err := r.Next(); err != io.EOF {
			t.Fatalf("after the last game: %v, want io.EOF", err)
		}
	}
}

// TestGamesWithoutResult: a game without a termination marker ends where
// the next game's tags begin.
func TestGamesWithoutResult(t *testing.T) {
	r := NewReader(strings.NewReader("[Event \"a\"]\n1. e4 e5\n[Event \"b\"]\n1. d4\n"), Options{})
	for _, want := range []string{"a", "b"} {
		g, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if v, _ := g.Tag("Event"); v != want || g.Result != "" {
			t.Fatalf("game %q with result %q, want game %q without result", v, g.Result, want)
		}
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("%v, want io.EOF", err)
	}
}

func TestReaderMaxMoves(t *testing.T) {
	text := "[Event \"long\"]\n\n1. e4 e5 2. Nf3 (2. f4 exf4 3. Nf3) Nc6 3. Bb5 a6 *\n\n[Event \"short\"]\n\n1. d4 d5 *\n"
	r := NewReader(strings.NewReader(text), Options{MaxMoves: 4})
	_, err := r.Next()
	se := asSyntaxError(t, err)
	if se.Game != 1 || se.Line != 3 || se.Column != 44 || !strings.Contains(se.Msg, "more than 4 moves") {
		t.Fatalf("%v, want game 1 at 3:44, more than 4 moves", se)
	}
	g, err := r.Next()
	if err != nil || g.Number != 2 || len(g.Moves) != 2 {
		t.Fatalf("the next game: %v, %+v", err, g)
	}
	// The variation's moves do not count: four mainline moves are allowed.
	if g, err := ParseOptions("1. e4 e5 2. Nf3 (2. f4 exf4 3. Nf3) Nc6 *", Options{MaxMoves: 4}); err != nil || len(g.Moves) != 4 {
		t.Fatalf("four mainline moves with MaxMoves 4: %v", err)
	}
}

func TestReaderMaxGameBytes(t *testing.T) {
	big := "[Event \"big\"]\n\n1. e4 {" + strings.Repeat("x", 300) + "} e5 (1... c5 {" + strings.Repeat("y", 300) + "}) *\n"
	text := big + "\n[Event \"small\"]\n\n1. d4 d5 *\n"
	r := NewReader(strings.NewReader(text), Options{MaxGameBytes: 200})
	_, err := r.Next()
	se := asSyntaxError(t, err)
	if se.Game != 1 || se.Offset != 200 || !strings.Contains(se.Msg, "game 1 (from line 1) is larger than 200 bytes") {
		t.Fatalf("%v (offset %d), want game 1 larger than 200 bytes at offset 200", se, se.Offset)
	}
	checkErrorPos(t, text, se)
	g, err := r.Next()
	if err != nil || len(g.Moves) != 2 {
		t.Fatalf("the next game: %v, %+v", err, g)
	}
	if v, _ := g.Tag("Event"); v != "small" {
		t.Fatalf("the next game is %q", v)
	}
	// The bound counts from the game's first token: what stands between
	// games does not count.
	between := "{" + strings.Repeat("z", 500) + "}\n[Event \"x\"]\n1. e4 *\n"
	if _, err := ParseOptions(between, Options{MaxGameBytes: 100}); err != nil {
		t.Fatalf("a long comment before a short game: %v", err)
	}
}

// stream is an io.Reader of a head, n bytes made by repeating a pattern,
// and a tail, made as it is read.
type stream struct {
	head, pattern, tail string
	n, done             int
}

func (s *stream) Read(p []byte) (int, error) {
	k := 0
	for k < len(p) {
		i := s.done
		var src string
		switch {
		case i < len(s.head):
			src = s.head[i:]
		case i < len(s.head)+s.n:
			j := (i - len(s.head)) % len(s.pattern)
			src = s.pattern[j:min(len(s.pattern), j+len(s.head)+s.n-i)]
		case i < len(s.head)+s.n+len(s.tail):
			src = s.tail[i-len(s.head)-s.n:]
		default:
			if k == 0 {
				return 0, io.EOF
			}
			return k, nil
		}
		c := copy(p[k:], src)
		k += c
		s.done += c
	}
	return k, nil
}

// allocated returns the bytes allocated while f runs.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestReaderMemoryIsBounded: a game far over the bound, in a comment or in
// a tag value, or with variations nested far deeper than the depth bound,
// is refused without holding it, and the game after it reads.
func TestReaderMemoryIsBounded(t *testing.T) {
	size := 64 << 20
	if testing.Short() {
		size = 4 << 20
	}
	opt := Options{MaxGameBytes: 64 << 10, MaxMoves: 500}
	next := "\n[Event \"next\"]\n\n1. e4 *\n"
	for name, s := range map[string]*stream{
		"comment":   {head: "[Event \"a\"]\n\n1. e4 {", pattern: "a long comment ", n: size, tail: "} e5 *\n" + next},
		"tag value": {head: "[Event \"", pattern: "a long value ", n: size, tail: "\"]\n\n1. e4 *\n" + next},
		"moves":     {head: "[Event \"a\"]\n\n", pattern: "Nf3 Nf6 Ng1 Ng8 ", n: size, tail: "*\n" + next},
		"variation": {head: "[Event \"a\"]\n\n1. e4 ", pattern: "(e5 Nf3 ", n: size, tail: "*\n" + next},
	} {
		t.Run(name, func(t *testing.T) {
			var err error
			var g *Game
			used := allocated(func() {
				r := NewReader(s, opt)
				if _, err = r.Next(); err == nil {
					return
				}
				g, _ = r.Next()
			})
			if err == nil {
				t.Fatal("a game far over the bound was read")
			}
			if se := asSyntaxError(t, err); !strings.Contains(se.Msg, "larger than 65536 bytes") && !strings.Contains(se.Msg, "more than 500 moves") &&
				!strings.Contains(se.Msg, "nested deeper than 100") {
				t.Fatalf("%v, want the game's bound", se)
			}
			if g == nil || g.MoveTexts()[0] != "e4" {
				t.Fatalf("the game after it: %+v", g)
			}
			t.Logf("%s: reading %d bytes allocated %d bytes", name, size, used)
			if used > 1<<20 {
				t.Fatalf("reading %d bytes allocated %d bytes, want at most 1 MiB", size, used)
			}
		})
	}
}

type failing struct{ after int }

var errDisk = errors.New("disk on fire")

func (f *failing) Read(p []byte) (int, error) {
	if f.after == 0 {
		return 0, errDisk
	}
	n := min(len(p), f.after)
	for i := range n {
		p[i] = ' '
	}
	f.after -= n
	return n, nil
}

func TestReaderReadError(t *testing.T) {
	r := NewReader(io.MultiReader(strings.NewReader("[Event \"x\"]\n1. e4 e5 *\n"), &failing{after: 10}), Options{})
	if _, err := r.Next(); err != nil {
		t.Fatalf("the first game: %v", err)
	}
	for range 2 {
		if _, err := r.Next(); !errors.Is(err, errDisk) {
			t.Fatalf("%v, want the read error", err)
		}
	}
}

func TestSyntaxErrorText(t *testing.T) {
	_, err := Parse("[Event \"x\"]\n1. e4 e5 2. Nf3 N@e4 *")
	want := "pgn: game 1, line 2, column 18: N@e4: drops are not supported (@)"
	if err == nil || err.Error() != want {
		t.Fatalf("%v, want %s", err, want)
	}
	if p := asSyntaxError(t, err).Pos(); p != (Pos{Line: 2, Column: 18, Offset: 29}) {
		t.Fatalf("Pos() = %+v", p)
	}
}

func TestFirstMove(t *testing.T) {
	for fen, want := range map[string]string{
		"": "1 false",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1": "1 true",
		"8/8/8/8/8/8/8/k6K w - - 12 40":                               "40 false",
		"8/8/8/8/8/8/8/k6K b - - 0 12 fool:N/Q":                       "12 true",
		"8/8/8/8/8/8/8/k6K b - -":                                     "1 true",
		"8/8/8/8/8/8/8/k6K w - - 0 x":                                 "1 false",
		"8/8/8/8/8/8/8/k6K w - - 0 0":                                 "1 false",
	} {
		g := &Game{}
		if fen != "" {
			g.SetTag("FEN", fen)
		}
		n, black := g.FirstMove()
		if got := fmt.Sprint(n, black); got != want {
			t.Errorf("FEN %q: FirstMove %s, want %s", fen, got, want)
		}
	}
}

func TestSetTag(t *testing.T) {
	g := &Game{}
	g.SetTag("Event", "a")
	g.SetTag("Variant", "grand")
	g.SetTag("Event", "b")
	if want := []Tag{{"Event", "b"}, {"Variant", "grand"}}; !slices.Equal(g.Tags, want) {
		t.Fatalf("tags %q, want %q", g.Tags, want)
	}
}
