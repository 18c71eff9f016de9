package pgn

import (
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
)

func TestWriteExportForm(t *testing.T) {
	g := &Game{
		Tags: []Tag{
			{"Variant", "grand"}, {"White", `Kasparov, "Garry"`}, {"Event", `C:\games`},
			{"FEN", "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"}, {"SetUp", "1"},
		},
		Moves:  []Move{{Text: "e5"}, {Text: "e6"}, {Text: "Nh4!"}, {Text: "Nh7?!"}},
		Result: WhiteWins,
	}
	want := `[Event "C:\\games"]
[Site "?"]
[Date "????.??.??"]
[Round "?"]
[White "Kasparov, \"Garry\""]
[Black "?"]
[Result "1-0"]
[Variant "grand"]
[FEN "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"]
[SetUp "1"]

1. e5 e6 2. Nh4 Nh7 1-0
`
	if got := mustWrite(t, g); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	back := mustParse(t, want)
	if v, _ := back.Tag("White"); v != `Kasparov, "Garry"` {
		t.Errorf("White read back as %q", v)
	}
	if v, _ := back.Tag("Event"); v != `C:\games` {
		t.Errorf("Event read back as %q", v)
	}
}

func TestWriteNumbering(t *testing.T) {
	moves := []Move{{Text: "e5"}, {Text: "Nf3"}, {Text: "Nc6"}}
	for _, c := range []struct {
		fen    string
		number int
		black  bool
		want   string
	}{
		{"", 0, false, "1. e5 Nf3 2. Nc6 *\n"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", 0, false, "1... e5 2. Nf3 Nc6 *\n"},
		{"8/8/8/8/8/8/8/k6K b - - 3 12", 0, false, "12... e5 13. Nf3 Nc6 *\n"},
		{"8/8/8/8/8/8/8/k6K w - - 3 40", 0, false, "40. e5 Nf3 41. Nc6 *\n"},
		{"", 7, true, "7... e5 8. Nf3 Nc6 *\n"},
		{"", 7, false, "7. e5 Nf3 8. Nc6 *\n"},
	} {
		g := &Game{Moves: moves}
		if c.fen != "" {
			g.SetTag("FEN", c.fen)
		}
		var b strings.Builder
		var err error
		if c.number == 0 {
			err = Write(&b, g)
		} else {
			err = WriteNumbered(&b, g, c.number, c.black)
		}
		if err != nil {
			t.Fatal(err)
		}
		_, movetext, _ := strings.Cut(b.String(), "\n\n")
		if movetext != c.want {
			t.Errorf("FEN %q, number %d, black %v: movetext %q, want %q", c.fen, c.number, c.black, movetext, c.want)
		}
	}
	if err := WriteNumbered(io.Discard, &Game{}, 0, false); err == nil {
		t.Error("move number 0 was written")
	}
}

// TestWriteWraps: a long game's movetext lines stay under 80 characters,
// break only between moves, and keep a move number with its move.
func TestWriteWraps(t *testing.T) {
	g := &Game{Result: Draw}
	for i := range 300 {
		g.Moves = append(g.Moves, Move{Text: []string{"Nf3", "Nf6", "Ng1", "Ng8", "A'''p16xa16=C'+"}[i%5]})
	}
	out := checkRoundTrip(t, g)
	_, movetext, _ := strings.Cut(out, "\n\n")
	lines := strings.Split(strings.TrimSuffix(movetext, "\n"), "\n")
	if len(lines) < 20 {
		t.Fatalf("%d lines for 300 moves", len(lines))
	}
	for i, line := range lines {
		if len(line) >= 80 {
			t.Errorf("line %d has %d characters", i+1, len(line))
		}
		if i < len(lines)-1 && len(line)+1+len(strings.Fields(lines[i+1])[0]) < 80 &&
			!strings.HasSuffix(strings.Fields(lines[i+1])[0], ".") {
			t.Errorf("line %d breaks early: %q", i+1, line)
		}
		if strings.HasSuffix(line, ".") {
			t.Errorf("line %d ends with a move number: %q", i+1, line)
		}
	}
	if last := lines[len(lines)-1]; !strings.HasSuffix(last, "1/2-1/2") {
		t.Errorf("the movetext ends %q", last)
	}
}

func TestWriteResult(t *testing.T) {
	for _, c := range []struct {
		result, tag, want string
	}{
		{"", "", Unknown},
		{"", BlackWins, BlackWins},
		{"", "?", Unknown},
		{Draw, "", Draw},
		{Draw, Draw, Draw},
		{WhiteWins, "?", WhiteWins},
	} {
		g := &Game{Result: c.result, Moves: []Move{{Text: "e4"}}}
		if c.tag != "" {
			g.SetTag("Result", c.tag)
		}
		out := mustWrite(t, g)
		if !strings.Contains(out, "[Result \""+c.want+"\"]\n") || !strings.HasSuffix(out, " "+c.want+"\n") {
			t.Errorf("result %q, tag %q: wrote\n%s", c.result, c.tag, out)
		}
	}
}

func TestWriteRefuses(t *testing.T) {
	for name, g := range map[string]*Game{
		"a drop":               {Moves: []Move{{Text: "N@f3"}}},
		"a result as a move":   {Moves: []Move{{Text: "1-0"}}},
		"an empty move":        {Moves: []Move{{Text: ""}}},
		"a move with a space":  {Moves: []Move{{Text: "P e2-e4"}}},
		"a bad tag name":       {Tags: []Tag{{"White Elo", "1"}}},
		"an empty tag name":    {Tags: []Tag{{"", "1"}}},
		"a line break":         {Tags: []Tag{{"Event", "a\nb"}}},
		"a carriage return":    {Tags: []Tag{{"Event", "a\rb"}}},
		"a tag twice":          {Tags: []Tag{{"Event", "a"}, {"Event", "b"}}},
		"a bad result":         {Result: "1-1"},
		"a disagreeing Result": {Result: WhiteWins, Tags: []Tag{{"Result", BlackWins}}},
	} {
		var b strings.Builder
		if err := Write(&b, g); err == nil {
			t.Errorf("%s: written as\n%s", name, b.String())
		} else if b.Len() != 0 {
			t.Errorf("%s: refused (%v) but wrote %q", name, err, b.String())
		}
	}
}

type brokenWriter struct{}

var errFull = errors.New("disk full")

func (brokenWriter) Write([]byte) (int, error) { return 0, errFull }

func TestWriteReportsWriteErrors(t *testing.T) {
	if err := Write(brokenWriter{}, &Game{}); !errors.Is(err, errFull) {
		t.Fatalf("%v, want the writer's error", err)
	}
	if err := NewWriter(brokenWriter{}).WriteGame(&Game{}); !errors.Is(err, errFull) {
		t.Fatalf("%v, want the writer's error", err)
	}
}

// TestWriterWritesAFile: games written by a Writer read back as a stream.
func TestWriterWritesAFile(t *testing.T) {
	var b strings.Builder
	w := NewWriter(&b)
	for i := range 3 {
		g := &Game{Moves: []Move{{Text: "e4"}, {Text: "e5"}}, Result: Draw}
		g.SetTag("Round", strconv.Itoa(i+1))
		if err := w.WriteGame(g); err != nil {
			t.Fatal(err)
		}
	}
	if strings.Contains(b.String(), "\n\n\n") || !strings.Contains(b.String(), "1/2-1/2\n\n[Event") {
		t.Errorf("games are not separated by one blank line:\n%s", b.String())
	}
	r := NewReader(strings.NewReader(b.String()), Options{})
	for i := range 3 {
		g, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if v, _ := g.Tag("Round"); v != strconv.Itoa(i+1) || g.Result != Draw {
			t.Fatalf("game %d: round %q, result %q", i+1, v, g.Result)
		}
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("%v, want io.EOF", err)
	}
}
