package pgn

import (
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
