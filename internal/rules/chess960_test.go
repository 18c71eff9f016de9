package rules

import (
	"strings"
	"testing"
)

// TestChess960Array: the numbering's published anchors (0, 1, 518 and 959,
// as FIDE's Laws and the chess960 tables list them), and every one of the
// 960 arrays a legal Chess960 array, each once.
func TestChess960Array(t *testing.T) {
	for n, want := range map[int]string{0: "BBQNNRKR", 1: "BQNBNRKR", 518: "RNBQKBNR", 959: "RKRNNQBB"} {
		if got := Chess960Array(n); got != want {
			t.Errorf("Chess960Array(%d) = %s, want %s", n, got, want)
		}
	}
	seen := map[string]int{}
	for n := range 960 {
		a := Chess960Array(n)
		if j, ok := seen[a]; ok {
			t.Fatalf("arrays %d and %d are both %s", j, n, a)
		}
		seen[a] = n
		b1, b2 := strings.IndexByte(a, 'B'), strings.LastIndexByte(a, 'B')
		r1, k, r2 := strings.IndexByte(a, 'R'), strings.IndexByte(a, 'K'), strings.LastIndexByte(a, 'R')
		if len(a) != 8 || strings.Count(a, "N") != 2 || strings.Count(a, "Q") != 1 || (b1+b2)%2 == 0 || !(r1 < k && k < r2) {
			t.Fatalf("array %d is %s: not a Chess960 array", n, a)
		}
	}
}

func TestChess960Setup(t *testing.T) {
	v := MustBuiltin("chess960")
	fen, err := GenerateSetup(v, SetupOptions{Mode: "chess960", Number: 518})
	if err != nil || fen != MustBuiltin("chess").StartFEN() {
		t.Errorf("array 518 = %q, %v; want the chess start", fen, err)
	}
	fen, err = GenerateSetup(v, SetupOptions{Mode: "chess960", Number: 0})
	if want := "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"; err != nil || fen != want {
		t.Errorf("array 0 = %q, %v; want %q", fen, err, want)
	}
	p := positionOf(t, v, fen)
	if n := Perft(p, 2); n != 400 {
		t.Errorf("array 0 perft 2 = %d; want 400", n)
	}
	a, _ := GenerateSetup(v, SetupOptions{Mode: "chess960", Number: -1, Seed: 7})
	b, _ := GenerateSetup(v, SetupOptions{Mode: "chess960", Number: Chess960Number(7)})
	if a != b {
		t.Errorf("seed 7 gives %q; its number %d gives %q", a, Chess960Number(7), b)
	}
	for _, o := range []struct {
		variant string
		opt     SetupOptions
		field   string
	}{
		{"chess", SetupOptions{Mode: "chess960", Number: 1}, "mode"},
		{"capablanca", SetupOptions{Mode: "chess960", Number: 1}, "mode"},
		{"chess960", SetupOptions{Mode: "chess960", Number: 960}, "number"},
		{"chess960", SetupOptions{Mode: "chess960", Number: 1, Count: 2}, "mode"},
	} {
		_, err := GenerateSetup(MustBuiltin(o.variant), o.opt)
		if e, ok := err.(*Error); !ok || e.Code != ErrInvalidArgument || e.Field != o.field {
			t.Errorf("%s %+v = %v; want invalid-argument in %s", o.variant, o.opt, err, o.field)
		}
	}
}
