package pgn

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// posAt returns the line and column of byte offset off in text, counted
// as the Reader counts them.
func posAt(text string, off int) (line, col int) {
	line, col = 1, 1
	i := 0
	if strings.HasPrefix(text, "\ufeff") && off >= 3 {
		i = 3
	}
	for ; i < off && i < len(text); i++ {
		switch c := text[i]; {
		case c == '\n':
			line++
			col = 1
		case c&0xC0 != 0x80:
			col++
		}
	}
	return line, col
}

// asSyntaxError returns err as a *SyntaxError, failing the test when it is
// not one.
func asSyntaxError(t testing.TB, err error) *SyntaxError {
	t.Helper()
	var se *SyntaxError
	if !errors.As(err, &se) {
		t.Fatalf("error %v (%T) is not a *SyntaxError", err, err)
	}
	return se
}

// checkErrorPos checks that a syntax error's offset lies in text and that
// its line and column are those of the offset.
func checkErrorPos(t testing.TB, text string, se *SyntaxError) {
	t.Helper()
	if se.Offset < 0 || se.Offset > len(text) {
		t.Fatalf("%v: offset %d outside the text of %d bytes", se, se.Offset, len(text))
	}
	if line, col := posAt(text, se.Offset); line != se.Line || col != se.Column {
		t.Fatalf("%v: offset %d is at %d:%d, not %d:%d", se, se.Offset, line, col, se.Line, se.Column)
	}
}

// mustParse parses text, failing the test on an error.
func mustParse(t testing.TB, text string) *Game {
	t.Helper()
	g, err := Parse(text)
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return g
}

// mustWrite writes g, failing the test on an error.
func mustWrite(t testing.TB, g *Game) string {
	t.Helper()
	var b strings.Builder
	if err := Write(&b, g); err != nil {
		t.Fatalf("Write: %v", err)
	}
	return b.String()
}

// checkRoundTrip writes g, parses the output and checks that it is the
// same game: the same moves, the same tree (dumpTree), the result Write chose, every tag of g with
// its value (the Result tag holding that result), no tags but g's and the
// roster's, and the same text when written again.
func checkRoundTrip(t testing.TB, g *Game) string {
	t.Helper()
	out := mustWrite(t, g)
	back, err := Parse(out)
	if err != nil {
		t.Fatalf("the written game does not parse: %v\n%s", err, out)
	}
	if !slices.Equal(back.MoveTexts(), g.MoveTexts()) {
		t.Fatalf("moves differ after the round trip:\n got %q\nwant %q", back.MoveTexts(), g.MoveTexts())
	}
	if got, want := dumpTree(back), dumpTree(g); got != want {
		t.Fatalf("the tree differs after the round trip:\n got %s\nwant %s\nwritten\n%s", got, want, out)
	}
	want, err := marker(g)
	if err != nil {
		t.Fatal(err)
	}
	if back.Result != want {
		t.Fatalf("result %q after the round trip, want %q", back.Result, want)
	}
	for _, tag := range g.Tags {
		v, ok := back.Tag(tag.Name)
		if tag.Name == "Result" {
			if v != want {
				t.Fatalf("Result tag %q after the round trip, want %q", v, want)
			}
			continue
		}
		if !ok || v != tag.Value {
			t.Fatalf("tag %s is %q (present: %v) after the round trip, want %q", tag.Name, v, ok, tag.Value)
		}
	}
	for _, tag := range back.Tags {
		if _, ok := g.Tag(tag.Name); !ok && !isRoster(tag.Name) {
			t.Fatalf("the round trip added the tag %s", tag.Name)
		}
	}
	if again := mustWrite(t, back); again != out {
		t.Fatalf("writing the parsed game again gives other text:\n%s\nthen\n%s", out, again)
	}
	return out
}

// readFile returns the text of a file in testdata.
func readFile(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
