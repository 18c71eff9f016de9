package rules

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// hostileBetza is the movement of issue 12's finding: 39 characters, 108
// shapes, repeated six times to 234 characters.
var hostileBetza = strings.Repeat("QNNZZCCGGHHAADDpQgQFyafsFWyafsWafsWFafF", 6)

// pieceLetter returns the i-th FEN letter: A to Z, then A' to Z', and so
// on up to three apostrophes.
func pieceLetter(i int) string {
	return string(rune('A'+i%26)) + strings.Repeat("'", i/26)
}

// generated returns a definition of n piece types on a files x ranks board:
// the King (letter K) and n-1 others of the given movement, the board
// holding only the two Kings. n is at most 104, the letters there are.
func generated(n, files, ranks int, betza string) *Definition {
	d := &Definition{ID: "gen", Name: "gen", Files: files, Ranks: ranks}
	d.Pieces = append(d.Pieces, PieceDef{Name: "King", Letter: "K", Betza: "K", Royal: true})
	for i := 0; len(d.Pieces) < n; i++ {
		if l := pieceLetter(i); l != "K" {
			d.Pieces = append(d.Pieces, PieceDef{Name: "Piece " + l, Letter: l, Betza: betza})
		}
	}
	rows := make([]string, ranks)
	for r := range rows {
		rows[r] = fmt.Sprint(files)
	}
	rows[0] = fmt.Sprintf("k%d", files-1)
	rows[ranks-1] = fmt.Sprintf("K%d", files-1)
	d.StartFEN = strings.Join(rows, "/") + " w - - 0 1"
	return d
}

// largestAccepted returns the generated definition with the most pieces of
// the given movement that the budget accepts on a 16x16 board.
func largestAccepted(tb testing.TB, betza string) *Definition {
	tb.Helper()
	best := 0
	for n := 2; n <= 104; n++ {
		if _, err := Estimate(generated(n, 16, 16, betza)); err != nil {
			break
		}
		best = n
	}
	if best == 0 || best == 104 {
		tb.Fatalf("largestAccepted(%q): %d pieces; want the budget to bind between 2 and 104", betza, best)
	}
	return generated(best, 16, 16, betza)
}

// liveHeap returns the live heap after a full collection.
func liveHeap() int64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	return int64(ms.HeapAlloc)
}

func builtinDefinitions(t *testing.T) []*Definition {
	t.Helper()
	entries, err := variantFiles.ReadDir("variants")
	if err != nil {
		t.Fatal(err)
	}
	var out []*Definition
	for _, e := range entries {
		data, err := variantFiles.ReadFile("variants/" + e.Name())
		if err != nil {
			t.Fatal(err)
		}
		d, err := DecodeDefinition(data)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, d)
	}
	return out
}

// TestEstimateCalibration compares the estimate with the live heap that
// Compile adds and that a kit holding every piece type adds once it has
// built the attack tables of every square: within a factor of 1.25 either
// way (measured: 0.94 to 1.02).
func TestEstimateCalibration(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a 20 MB variant")
	}
	defs := builtinDefinitions(t)
	defs = append(defs, generated(11, 16, 16, hostileBetza), generated(20, 16, 16, "QNNZZCCGGHHAADD"),
		generated(104, 16, 16, "N"), generated(30, 8, 8, hostileBetza))
	const factor = 1.25
	for _, d := range defs {
		c, err := Estimate(d)
		if err != nil {
			t.Fatalf("Estimate(%s, %d pieces) = %v", d.ID, len(d.Pieces), err)
		}
		before := liveHeap()
		v, err := Compile(d)
		if err != nil {
			t.Fatalf("Compile(%s) = %v", d.ID, err)
		}
		built := liveHeap() - before
		var all typeSet
		for i := range v.types {
			all.add(PieceType(i + 1))
		}
		k := v.newKit(0, &army{}, all)
		before = liveHeap()
		for col := White; col <= Black; col++ {
			for sq := Square(0); sq < NumSquares; sq++ {
				if v.onBoard.has(sq) {
					k.table(col, sq)
				}
			}
		}
		lazy := liveHeap() - before
		runtime.KeepAlive(v)
		runtime.KeepAlive(k)
		for _, tt := range []struct {
			what       string
			est, given int64
		}{{"tables", c.Bytes, built}, {"attack tables of a full kit", c.KitBytes, lazy}} {
			if r := float64(tt.est) / float64(tt.given); r > factor || r < 1/factor {
				t.Errorf("%s (%d pieces on %dx%d): %s estimated %d bytes, measured %d (ratio %.2f); want within %.2f",
					d.ID, len(d.Pieces), d.Files, d.Ranks, tt.what, tt.est, tt.given, r, factor)
			}
		}
		if v.Footprint() != c.Footprint() || c.Footprint() < c.Bytes+c.KitBytes {
			t.Errorf("%s: Footprint() = %d, Cost.Footprint() = %d; want equal and counting a kit at least", d.ID, v.Footprint(), c.Footprint())
		}
	}
}

// TestBuiltinsInsideBudget: every built-in variant, Grand Chess with its
// catalogue and Bigorra included, uses at most a third of each budget.
func TestBuiltinsInsideBudget(t *testing.T) {
	for _, d := range builtinDefinitions(t) {
		c, err := Estimate(d)
		if err != nil {
			t.Fatalf("Estimate(%s) = %v", d.ID, err)
		}
		visits := int64(0)
		v, err := Compile(d)
		if err != nil {
			t.Fatalf("Compile(%s) = %v", d.ID, err)
		}
		for _, ss := range v.shapes {
			visits += int64(len(ss) * d.Files * d.Ranks * 2)
		}
		if c.Bytes*3 > CompileBudget || visits*3 > MaxShapeVisits {
			t.Errorf("%s: %d bytes, %d shape visits; want at most a third of %d and %d", d.ID, c.Bytes, visits, CompileBudget, MaxShapeVisits)
		}
	}
}

func limitError(t *testing.T, err error) *Error {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Code != ErrLimitExceeded {
		t.Fatalf("error = %v; want %s", err, ErrLimitExceeded)
	}
	return e
}

// TestCompileRefusesHostile: the definition of issue 12 (as many piece
// types as there are letters, 104, each of the 234-character movement, on
// an empty 16x16 board; it compiled to 235 MB in 3 s) is refused, naming
// the first of its heaviest pieces.
func TestCompileRefusesHostile(t *testing.T) {
	d := generated(104, 16, 16, hostileBetza)
	_, err := Compile(d)
	e := limitError(t, err)
	if e.Field != "pieces[1].betza" || e.Offset != -1 {
		t.Errorf("Compile(hostile) = %v; want field pieces[1].betza, offset -1", e)
	}
	for _, want := range []string{"piece 1 (A)", "16x16", "at most 24 MB"} {
		if !strings.Contains(e.Detail, want) {
			t.Errorf("Compile(hostile) detail %q; want it to say %q", e.Detail, want)
		}
	}
}

// TestCompileBudgetEdge: the largest accepted definition compiles; one
// more piece of the same movement is refused.
func TestCompileBudgetEdge(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a 20 MB variant")
	}
	d := largestAccepted(t, hostileBetza)
	c, err := Estimate(d)
	if err != nil {
		t.Fatal(err)
	}
	if c.Bytes > CompileBudget || c.Bytes*10 < CompileBudget*9 {
		t.Errorf("largest accepted: %d bytes; want within 10%% below %d", c.Bytes, CompileBudget)
	}
	if _, err := Compile(d); err != nil {
		t.Fatalf("Compile(%d pieces) = %v; want accepted", len(d.Pieces), err)
	}
	_, err = Compile(generated(len(d.Pieces)+1, 16, 16, hostileBetza))
	if e := limitError(t, err); e.Field != "pieces[1].betza" {
		t.Errorf("Compile(%d pieces) field %q; want pieces[1].betza", len(d.Pieces)+1, e.Field)
	}
}

// TestCompileManyLightPieces: when no piece is heavy, the list of pieces
// is at fault.
func TestCompileManyLightPieces(t *testing.T) {
	d := generated(104, 8, 8, "QNNZZCCGGHHAADD")
	e := limitError(t, func() error { _, err := Compile(d); return err }())
	if e.Field != "pieces" || !strings.Contains(e.Detail, "104 piece types on a 8x8 board") {
		t.Errorf("Compile(104 light pieces) = %v; want field pieces and the count in the detail", e)
	}
}

// TestCompileShapeVisits: movements whose shapes all fall off a small
// board are refused by the shapes they make compilation walk.
func TestCompileShapeVisits(t *testing.T) {
	var b strings.Builder
	for _, atom := range "WFDNAHCZG" {
		for r := 2; r <= 99; r++ {
			for _, mods := range []string{"", "m", "c"} {
				fmt.Fprintf(&b, "%s%c%d", mods, atom, r)
			}
		}
	}
	d := generated(20, 4, 4, b.String())
	e := limitError(t, func() error { _, err := Compile(d); return err }())
	if e.Field != "pieces[1].betza" || !strings.Contains(e.Detail, "shape visits") {
		t.Errorf("Compile(many shapes) = %v; want field pieces[1].betza and shape visits", e)
	}
}

// TestCompileContext: a done context stops the compilation with its error.
func TestCompileContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := CompileContext(ctx, generated(3, 8, 8, "Q")); !errors.Is(err, context.Canceled) {
		t.Errorf("CompileContext(cancelled) = %v; want %v", err, context.Canceled)
	}
	if _, err := CompileContext(context.Background(), generated(3, 8, 8, "Q")); err != nil {
		t.Errorf("CompileContext(background) = %v; want nil", err)
	}
}

// TestKitsBounded: however many armies the positions of a variant hold,
// the variant keeps at most kitCap kits beside the start position's.
func TestKitsBounded(t *testing.T) {
	v := MustBuiltin("grand")
	if v.kitCap < minKits || v.kitCap > maxKits {
		t.Fatalf("grand kitCap = %d; want %d to %d", v.kitCap, minKits, maxKits)
	}
	for n := 0; n < 3*v.kitCap; n++ {
		var a army
		a[White][n%len(v.types)+1], a[Black][n/len(v.types)+1] = 1, 1
		for t := range v.types {
			if v.targets.has(PieceType(t + 1)) {
				v.kitFor(promoCaptured, &a, typeSet{}).with(PieceType(t + 1))
			}
		}
		v.kitMu.Lock()
		kept := len(v.kits)
		v.kitMu.Unlock()
		if made := v.kitsMade.Load(); kept > v.kitCap || made > int64(v.kitCap) {
			t.Fatalf("after %d armies: %d roots, %d kits kept; want at most %d", n+1, kept, made, v.kitCap)
		}
	}
}

// BenchmarkCompileLargestAccepted compiles the largest definition of the
// hostile movement that the budget accepts and reports the live heap it
// adds (live-B) beside the bytes it allocates (B/op).
func BenchmarkCompileLargestAccepted(b *testing.B) {
	for _, betza := range []string{hostileBetza, "QNNZZCCGGHHAADD", "QNNAA"} {
		d := largestAccepted(b, betza)
		b.Run(fmt.Sprintf("%d-pieces-%.10s", len(d.Pieces), betza), func(b *testing.B) {
			b.ReportAllocs()
			var live int64
			for b.Loop() {
				before := liveHeap()
				v, err := Compile(d)
				if err != nil {
					b.Fatal(err)
				}
				b.StopTimer()
				live = max(live, liveHeap()-before)
				runtime.KeepAlive(v)
				b.StartTimer()
			}
			b.ReportMetric(float64(live), "live-B")
		})
	}
}
