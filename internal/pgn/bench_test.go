package pgn

import (
	"fmt"
	"io"
	"strings"
	"testing"
)

// BenchmarkReader reads a stream of the testdata records, repeated; the
// bytes per second are those of PGN text.
func BenchmarkReader(b *testing.B) {
	var one strings.Builder
	for _, rec := range records {
		one.WriteString(readFile(b, rec.file))
		one.WriteString("\n")
	}
	text := strings.Repeat(one.String(), 100)
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		r := NewReader(strings.NewReader(text), Options{})
		n := 0
		for {
			_, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != 100*len(records) {
			b.Fatalf("%d games", n)
		}
	}
}

// BenchmarkWrite writes the Kasparov game.
func BenchmarkWrite(b *testing.B) {
	g := mustParse(b, readFile(b, "kasparov-topalov.pgn"))
	b.ReportAllocs()
	for b.Loop() {
		if err := Write(io.Discard, g); err != nil {
			b.Fatal(err)
		}
	}
}

// annotatedGame returns bareGame(plies) with a tree: comments and
// variations spread over the moves, comments commands of the kinds
// lichess writes ([%clk], [%eval]) and prose.
func annotatedGame(plies, comments, variations int) string {
	cycle := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	alt := []string{"Nc3", "Nc6", "Nb1", "Nb8"}
	perMove := comments / plies
	extra := comments - perMove*plies
	var b strings.Builder
	b.WriteString("[Event \"annotated\"]\n\n{ A game comment. }\n")
	for i := range plies {
		if i%2 == 0 {
			fmt.Fprintf(&b, "%d. ", i/2+1)
		} else if b.Len() > 0 && strings.HasSuffix(b.String(), ") ") {
			fmt.Fprintf(&b, "%d... ", i/2+1)
		}
		b.WriteString(cycle[i%4])
		if i%7 == 3 {
			b.WriteString("!?")
		}
		b.WriteString(" ")
		for k := range perMove {
			fmt.Fprintf(&b, "{ [%%clk 0:%02d:%02d] [%%eval 0.%d] } ", (i/60)%60, i%60, k)
		}
		if i < extra {
			b.WriteString("{ A longer comment on the move, as an annotator writes one. } ")
		}
		if i < variations {
			fmt.Fprintf(&b, "(%d%s %s $2 %s { why } %s) ", i/2+1, map[bool]string{true: ".", false: "..."}[i%2 == 0],
				alt[i%4], alt[(i+1)%4], alt[(i+2)%4])
		}
	}
	b.WriteString("*\n")
	return b.String()
}

// BenchmarkTree parses and writes a 300-ply game bare, and the same game
// with 1,000 comments and 200 variations of three moves.
func BenchmarkTree(b *testing.B) {
	for _, bb := range []struct{ name, text string }{
		{"bare", bareGame(300)},
		{"annotated", annotatedGame(300, 1000, 200)},
	} {
		g := mustParse(b, bb.text)
		b.Run("parse-"+bb.name, func(b *testing.B) {
			b.SetBytes(int64(len(bb.text)))
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Parse(bb.text); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("write-"+bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := Write(io.Discard, g); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
