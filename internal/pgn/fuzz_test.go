package pgn

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
)

// FuzzParse: Parse never panics; an error is a *SyntaxError whose position
// lies in the text and agrees with its offset; a game that parses is
// written, and the written text parses as the same game.
func FuzzParse(f *testing.F) {
	for _, pattern := range []string{"testdata/*.pgn", "testdata/malformed/*.pgn"} {
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
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g, err := Parse(text)
		// A Reader fed one byte at a time reads the same first game, or
		// fails the same way, unless what Parse refuses is a second game.
		sg, serr := NewReader(iotest.OneByteReader(strings.NewReader(text)), Options{}).Next()
		switch {
		case err == nil && (serr != nil || !reflect.DeepEqual(g, sg)):
			t.Fatalf("Parse read %+v, the Reader %+v, %v", g, sg, serr)
		case err != nil && !strings.Contains(err.Error(), "a second game") && !strings.Contains(err.Error(), "no game") &&
			(serr == nil || err.Error() != serr.Error()):
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
