package pgn

import (
	"io"
	"strings"
	"testing"
)

// controlValue holds a NUL, an ESC, a DEL and a tab: the control
// characters a tag value may not hold.
const controlValue = "a\x00b\x1bc\x7fd\te"

// TestWriteRefusesControlCharacters: a tag value is a string of printing
// characters. The Writer refuses a game whose tag value holds a control
// character, naming the tag, and writes nothing; what it writes holds no
// control character in a tag and reads back.
func TestWriteRefusesControlCharacters(t *testing.T) {
	for _, value := range []string{controlValue, "\x00", "\x1b[31m", "x\x7f", "\t", "\x01\x1f"} {
		g := &Game{Tags: []Tag{{"Event", "ok"}, {"Annotator", value}}, Moves: []Move{{Text: "e4"}}}
		var b strings.Builder
		err := Write(&b, g)
		if err == nil || !strings.Contains(err.Error(), "Annotator") || !strings.Contains(err.Error(), "control character") {
			t.Errorf("Write of the value %q = %v, wrote %q; want an error naming Annotator", value, err, b.String())
		}
		if b.Len() != 0 {
			t.Errorf("Write of the value %q refused but wrote %q", value, b.String())
		}
		if err := NewWriter(io.Discard).WriteGame(g); err == nil {
			t.Errorf("WriteGame of the value %q: no error", value)
		}
	}
	// Printing characters, quotes and backslashes go as they are (escaped).
	g := &Game{Tags: []Tag{{"Annotator", "Ljubojević \"L\" \\ ~ end"}}}
	out := checkRoundTrip(t, g)
	checkNoControlInTags(t, out)
}

// checkNoControlInTags fails the test when a tag line of a written game
// holds a byte below 0x20 or 0x7f.
func checkNoControlInTags(t testing.TB, out string) {
	t.Helper()
	for line := range strings.SplitSeq(out, "\n") {
		if !strings.HasPrefix(line, "[") {
			continue
		}
		for i := 0; i < len(line); i++ {
			if line[i] < 0x20 || line[i] == 0x7f {
				t.Fatalf("the tag line %q holds the byte 0x%02x", line, line[i])
			}
		}
	}
}

// TestReadRefusesControlCharacters: the Reader refuses a tag value that
// holds a control character, at that character, so that every game it
// reads can be written; the game after it reads.
func TestReadRefusesControlCharacters(t *testing.T) {
	text := "[Event \"x\"]\n[Annotator \"" + controlValue + "\"]\n\n1. e4 *\n\n[Event \"next\"]\n\n1. d4 *\n"
	r := NewReader(strings.NewReader(text), Options{})
	g, err := r.Next()
	if err == nil {
		t.Fatalf("a tag value with control characters read as %q", summary(g))
	}
	se := asSyntaxError(t, err)
	if se.Game != 1 || se.Line != 2 || se.Column != 14 || !strings.Contains(se.Msg, "Annotator") || !strings.Contains(se.Msg, "0x00") {
		t.Fatalf("%v; want game 1 at 2:14, the control character 0x00 of Annotator", se)
	}
	checkErrorPos(t, text, se)
	if g, err = r.Next(); err != nil || summary(g) != "Event=next|d4|*" {
		t.Fatalf("the next game: %v, %+v", err, g)
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("%v; want io.EOF", err)
	}
	for _, c := range []byte{0x00, 0x01, 0x09, 0x0b, 0x0c, 0x1b, 0x1f, 0x7f} {
		give := "[Event \"ab" + string(c) + "\"]\n1. e4 *"
		_, err := Parse(give)
		if err == nil {
			t.Errorf("Parse(%q) read", give)
			continue
		}
		if se := asSyntaxError(t, err); se.Line != 1 || se.Column != 11 {
			t.Errorf("Parse(%q) = %v; want the error at 1:11", give, se)
		}
	}
}
