package pgn

import (
	"io"
	"strings"
	"testing"
)

// The game records of testdata, written by hand in the forms other
// programs export (each file says which), and what each must read as.
var records = []struct {
	file     string
	moves    int
	result   string
	tags     map[string]string
	first    []string // the first mainline moves
	last     string   // the last mainline move
	numbered int      // the number of the first move Write gives
}{
	{"opera.pgn", 33, WhiteWins, map[string]string{"White": "Morphy, Paul", "ECO": "C41", "ChapterName": "The Opera Game"},
		[]string{"e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3"}, "Rd8#", 1},
	{"kasparov-topalov.pgn", 87, WhiteWins, map[string]string{"Black": "Topalov, Veselin", "PlyCount": "87"},
		[]string{"e4", "d6", "d4", "Nf6", "Nc3", "g6"}, "Qa7", 1},
	{"immortal.pgn", 45, WhiteWins, map[string]string{"Date": "1851.06.21"},
		[]string{"e4", "e5", "f4", "exf4", "Bc4", "Qh4+"}, "Be7#", 1},
	{"shako.pgn", 28, Unknown, map[string]string{"Variant": "shako", "SetUp": "1"},
		[]string{"e5", "e6", "Nd4", "Nd7"}, "Be8", 1},
	{"grand.pgn", 15, WhiteWins, map[string]string{"Variant": "grand", "SetUp": "1"},
		[]string{"e5", "e6", "Nh4", "Nh7"}, "Ce4", 1},
}

func TestRecordsRead(t *testing.T) {
	for _, rec := range records {
		t.Run(rec.file, func(t *testing.T) {
			g := mustParse(t, readFile(t, rec.file))
			if len(g.Moves) != rec.moves {
				t.Errorf("%d moves, want %d", len(g.Moves), rec.moves)
			}
			if g.Result != rec.result {
				t.Errorf("result %q, want %q", g.Result, rec.result)
			}
			for name, want := range rec.tags {
				if v, ok := g.Tag(name); v != want || !ok {
					t.Errorf("tag %s = %q (%v), want %q", name, v, ok, want)
				}
			}
			texts := g.MoveTexts()
			for i, want := range rec.first {
				if texts[i] != want {
					t.Errorf("move %d is %q, want %q", i+1, texts[i], want)
				}
			}
			if got := texts[len(texts)-1]; got != rec.last {
				t.Errorf("last move %q, want %q", got, rec.last)
			}
			if n, _ := g.FirstMove(); n != rec.numbered {
				t.Errorf("FirstMove %d, want %d", n, rec.numbered)
			}
		})
	}
}

// TestRecordsRoundTrip writes each record and reads it back.
func TestRecordsRoundTrip(t *testing.T) {
	for _, rec := range records {
		t.Run(rec.file, func(t *testing.T) {
			out := checkRoundTrip(t, mustParse(t, readFile(t, rec.file)))
			for _, line := range strings.Split(out, "\n") {
				if !strings.HasPrefix(line, "[") && len(line) >= 80 {
					t.Errorf("movetext line of %d characters: %q", len(line), line)
				}
			}
		})
	}
}

// TestRecordsAsOneStream reads the records concatenated, with the blank
// lines and comments between games that database files have, as a stream.
func TestRecordsAsOneStream(t *testing.T) {
	var b strings.Builder
	for _, rec := range records {
		b.WriteString(readFile(t, rec.file))
		b.WriteString("\n{ between games }\n\n")
	}
	r := NewReader(strings.NewReader(b.String()), Options{})
	for i, rec := range records {
		g, err := r.Next()
		if err != nil {
			t.Fatalf("game %d (%s): %v", i+1, rec.file, err)
		}
		if g.Number != i+1 || len(g.Moves) != rec.moves || g.Result != rec.result {
			t.Fatalf("game %d (%s): number %d, %d moves, result %q", i+1, rec.file, g.Number, len(g.Moves), g.Result)
		}
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("after the last game: %v, want io.EOF", err)
	}
}

// TestOperaSkipsAnnotations checks what the lichess form of the Opera game
// holds besides its mainline: glyphs, NAGs, commands in comments and nested
// variations, none of which may reach the moves.
func TestOperaSkipsAnnotations(t *testing.T) {
	text := readFile(t, "opera.pgn")
	g := mustParse(t, text)
	for _, m := range g.Moves {
		if strings.ContainsAny(m.Text, "!?$ {}()") {
			t.Errorf("move %q keeps an annotation", m.Text)
		}
		if !strings.HasPrefix(text[m.Offset:], strings.TrimRight(m.Text, "+#")) {
			t.Errorf("move %q at offset %d: the text there is %q", m.Text, m.Offset, text[m.Offset:m.Offset+len(m.Text)])
		}
		if line, col := posAt(text, m.Offset); line != m.Line || col != m.Column {
			t.Errorf("move %q at %d:%d, but its offset is at %d:%d", m.Text, m.Line, m.Column, line, col)
		}
	}
	// 3... exd4 and 4... dxe5?? stand only in variations.
	for _, m := range g.MoveTexts() {
		if m == "exd4" || m == "Nxd4" || m == "Qxd8+" {
			t.Errorf("the variation move %s is in the mainline", m)
		}
	}
	if g.Moves[5].Text != "Bg4" || g.Moves[6].Text != "dxe5" {
		t.Errorf("moves 6 and 7 are %s %s, want Bg4 dxe5", g.Moves[5].Text, g.Moves[6].Text)
	}
}
