package pgn

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// FuzzParse: Parse never panics; an error is a *SyntaxError whose position
// lies in the text and agrees with its offset; a game that parses is
// written, and the written text parses as the same game, its tree of
// comments, NAGs and variations included (checkRoundTrip).
func FuzzParse(f *testing.F) {
	for _, pattern := range []string{"testdata/*.pgn", "testdata/malformed/*.pgn", "testdata/annotated/*.pgn"} {
		files, err := filepath.Glob(pattern)
		if err != nil {
			f.Fatal(err)
		}
		for _, name := range files {
			b, err := os.ReadFile(name)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(string(b))
		}
	}
	for _, s := range []string{
		"", "*", "1-0", "[A \"\"]", "1. e4 (((", "{", ";", "%", "1...", "e4!?!?", "$12", "O-O-O#",
		"\ufeff1. e4", "[Event \"\\\\\\\"\"]\n1. C'''p16xa1=A'''# 0-1", "1. cd34-cd56 ab12ab34 *",
		"1. e4 e5 [Event \"x\"]", "1/2-1/2 [Event \"a\"]", "1. e4 ) (", "\r\n[X \"y\"]\r\n\r\n1. d4\r\n",
		"1. e4 1-0 1. d4 *", "* {", "1-0 )", "[A \"\x00\t\x7f\"] *",
		// The tree: comments, NAGs, suffixes, variations, e.p.
		"{g} 1. e4 $1 {a} (1. d4 {b} (1. c4) {c}) {d} 1... e5!? ; x } y\n2. Nf3 ( ) ({e}) {f} *",
		"1. e4 ((1. d4)) $256 *", "1. d4 ( $1 ) *", "5. exd6 e.p. exd6ep e.p.", "1. e4 {a\n%b} *",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g, err := Parse(text)
		// A Reader fed one byte at a time reads the same first game, or
		// fails the same way. When Parse refuses what follows the first
		// game, the Reader reads that game: what follows is a second game
		// (with tags, or without after a result), or a fault the Reader
		// finds in the next game.
		rd := NewReader(iotest.OneByteReader(strings.NewReader(text)), Options{})
		sg, serr := rd.Next()
		second := err != nil && (strings.Contains(err.Error(), "a second game") || strings.Contains(err.Error(), "the movetext goes on"))
		switch {
		case err == nil && (serr != nil || !reflect.DeepEqual(g, sg)):
			t.Fatalf("Parse read %+v, the Reader %+v, %v", g, sg, serr)
		case second && serr != nil:
			t.Fatalf("Parse refused a second game (%v), but the Reader failed on the first: %v", err, serr)
		case err != nil && !second && serr == nil:
			if _, next := rd.Next(); !sameFault(err, next) {
				t.Fatalf("Parse failed after the first game with %v, the Reader with %v", err, next)
			}
		case err != nil && !second && !strings.Contains(err.Error(), "no game") && err.Error() != serr.Error():
			t.Fatalf("Parse failed with %v, the Reader with %v", err, serr)
		}
		if err != nil {
			checkErrorPos(t, text, asSyntaxError(t, err))
			return
		}
		for _, m := range g.Moves {
			if m.Offset < 0 || m.Offset >= len(text) {
				t.Fatalf("move %q at offset %d of %d", m.Text, m.Offset, len(text))
			}
			if line, col := posAt(text, m.Offset); line != m.Line || col != m.Column {
				t.Fatalf("move %q at %d:%d, but its offset is at %d:%d", m.Text, m.Line, m.Column, line, col)
			}
		}
		checkRoundTrip(t, g)
	})
}

// sameFault says whether a and b are syntax errors at the same place with
// the same message, whichever game they name.
func sameFault(a, b error) bool {
	var x, y *SyntaxError
	return errors.As(a, &x) && errors.As(b, &y) && x.Pos() == y.Pos() && x.Msg == y.Msg
}

// FuzzReader: a Reader reads any stream to its end without panicking,
// each error a *SyntaxError placed in the text and naming its game; the
// games it reads, written one after another (each in the export form or
// as its movetext alone, with or without blank lines between them), read
// back as as many games, the same moves and results.
func FuzzReader(f *testing.F) {
	var all strings.Builder
	for _, name := range []string{"opera.pgn", "shako.pgn", "grand.pgn"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		all.Write(b)
	}
	f.Add(all.String(), uint16(0x5a5a))
	for _, s := range []string{
		"[Event \"a\"]\n1. e4 e5 1-0\n1. d4 d5 0-1\n[Event \"c\"]\n1. c4 *", "1-0 0-1 1/2-1/2 *",
		"1. e4 *1. d4 *", "[A \"b\"] 1. e4 1-0 { c } 2. Nf3 [D \"e\"]", "1. e4 N@f3 1-0 1. d4 ) 1. c4",
	} {
		f.Add(s, uint16(0xffff))
		f.Add(s, uint16(0))
	}
	f.Fuzz(func(t *testing.T, text string, forms uint16) {
		games := readStream(t, text)
		var b strings.Builder
		for i, g := range games {
			out := mustWrite(t, g)
			if forms>>(i%8)&1 == 1 {
				_, out, _ = strings.Cut(out, "\n\n") // the movetext alone
			}
			b.WriteString(out)
			b.WriteString([]string{"", "\n", "\n\n", "\r\n"}[forms>>(8+2*(i%4))&3])
		}
		back := readStream(t, b.String())
		if len(back) != len(games) {
			t.Fatalf("%d games written, %d read back from\n%s", len(games), len(back), b.String())
		}
		for i, g := range back {
			want, _ := marker(games[i])
			if !slices.Equal(g.MoveTexts(), games[i].MoveTexts()) || g.Result != want {
				t.Fatalf("game %d read back as %q %s, want %q %s", i+1, g.MoveTexts(), g.Result, games[i].MoveTexts(), want)
			}
		}
	})
}

// readStream reads every game of text; it fails the test on an error that
// is not a *SyntaxError naming the game in the text, and returns the games
// that read.
func readStream(t *testing.T, text string) []*Game {
	t.Helper()
	var games []*Game
	r := NewReader(strings.NewReader(text), Options{})
	for n := 1; ; n++ {
		if n > len(text)+1 {
			t.Fatalf("more games than bytes in %q", text)
		}
		g, err := r.Next()
		if err == io.EOF {
			return games
		}
		if err != nil {
			se := asSyntaxError(t, err)
			checkErrorPos(t, text, se)
			if se.Game != n {
				t.Fatalf("%v names game %d, want %d", se, se.Game, n)
			}
			continue
		}
		if g.Number != n {
			t.Fatalf("game %d numbered %d", n, g.Number)
		}
		games = append(games, g)
	}
}
