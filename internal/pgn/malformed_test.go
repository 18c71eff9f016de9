package pgn

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// malformedCase is one file of testdata/malformed: its first line, an
// escape line "% want LINE:COLUMN MESSAGE", says where Parse must place the
// error and a part of its message.
type malformedCase struct {
	name      string
	text      string
	line, col int
	msg       string
}

func malformedCorpus(t testing.TB) []malformedCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "malformed", "*.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 30 {
		t.Fatalf("%d files in testdata/malformed, want the whole corpus", len(files))
	}
	var out []malformedCase
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text := string(b)
		first, _, _ := strings.Cut(text, "\n")
		c := malformedCase{name: filepath.Base(f), text: text}
		var where string
		if _, err := fmt.Sscanf(first, "%% want %s", &where); err != nil {
			t.Fatalf("%s: the first line %q is not %% want LINE:COLUMN MESSAGE", f, first)
		}
		if _, err := fmt.Sscanf(where, "%d:%d", &c.line, &c.col); err != nil {
			t.Fatalf("%s: %q is not LINE:COLUMN", f, where)
		}
		c.msg = strings.TrimSpace(strings.TrimPrefix(first, "% want "+where))
		out = append(out, c)
	}
	return out
}

func TestMalformedCorpus(t *testing.T) {
	for _, c := range malformedCorpus(t) {
		t.Run(c.name, func(t *testing.T) {
			g, err := Parse(c.text)
			if err == nil {
				t.Fatalf("read as a game: %q", g.MoveTexts())
			}
			se := asSyntaxError(t, err)
			if se.Line != c.line || se.Column != c.col {
				t.Errorf("error at %d:%d (%s), want %d:%d", se.Line, se.Column, se.Msg, c.line, c.col)
			}
			if !strings.Contains(se.Msg, c.msg) {
				t.Errorf("message %q does not say %q", se.Msg, c.msg)
			}
			if se.Game != 1 {
				t.Errorf("game %d, want 1", se.Game)
			}
			checkErrorPos(t, c.text, se)
		})
	}
}

// TestMalformedInAStream puts each malformed game before a good one: the
// Reader reports the same error, then reads the good game. Four cases
// differ by nature: an unterminated comment runs to the end of the input,
// and the texts that hold two games (the second with tags or, after a
// result, without), or none, are errors only for Parse.
func TestMalformedInAStream(t *testing.T) {
	const good = "\n[Event \"good\"]\n\n1. d4 d5 *\n"
	for _, c := range malformedCorpus(t) {
		t.Run(c.name, func(t *testing.T) {
			text := c.text + good
			r := NewReader(strings.NewReader(text), Options{})
			switch c.name {
			case "second-game.pgn", "second-game-without-result.pgn", "result-in-the-middle.pgn", "no-game.pgn":
				for {
					g, err := r.Next()
					if err == io.EOF {
						t.Fatal("no good game at the end")
					}
					if err != nil {
						t.Fatalf("%v: every game of the stream reads", err)
					}
					if v, _ := g.Tag("Event"); v == "good" {
						return
					}
				}
			}
			_, err := r.Next()
			if err == nil {
				t.Fatal("the malformed game read")
			}
			se := asSyntaxError(t, err)
			if se.Line != c.line || se.Column != c.col || !strings.Contains(se.Msg, c.msg) {
				t.Fatalf("%v, want %d:%d %s", se, c.line, c.col, c.msg)
			}
			g, err := r.Next()
			if c.name == "unterminated-comment.pgn" {
				if err != io.EOF {
					t.Fatalf("%v, %+v after an unterminated comment, want io.EOF", err, g)
				}
				return
			}
			// The games after the malformed one all read, the good one last.
			var last *Game
			for ; err == nil; g, err = r.Next() {
				last = g
			}
			if err != io.EOF {
				t.Fatalf("a game after the malformed one: %v", err)
			}
			if last == nil || len(last.Moves) != 2 {
				t.Fatalf("the good game did not read: %+v", last)
			}
			if v, _ := last.Tag("Event"); v != "good" {
				t.Fatalf("the last game is %q, not the good one", v)
			}
		})
	}
}
