package rules

import (
	"slices"
	"sync"
	"testing"
)

// specialPieces are the named behaviours and the bent riders beyond Betza:
// the Grand Chess catalogue's pieces that are not plain leapers or riders.
var specialPieces = []PieceDef{
	{Name: "Archer", Letter: "A", Betza: "N", Behaviour: "archer"},
	{Name: "Hero", Letter: "H", Betza: "WD", Behaviour: "hero"},
	{Name: "Shaman", Letter: "S", Betza: "FA", Behaviour: "shaman"},
	{Name: "Kangaroo", Letter: "G", Behaviour: "kangaroo"},
	{Name: "Edgehog", Letter: "E", Betza: "Q", Behaviour: "edgehog"},
	{Name: "Block", Letter: "B", Betza: "mQ3", Immune: true},
	{Name: "Duke", Letter: "U", Betza: "yafsW", Bent: []BentDef{{First: "B", Then: "vs", Range: 1}}},
	{Name: "Dragon", Letter: "D", Betza: "RF", Bent: []BentDef{{First: "F", Then: "vs", Step: 2}}},
	{Name: "Tiger", Letter: "T", Betza: "Z", Bent: []BentDef{{First: "Z", Then: "fb"}}},
	{Name: "Rhino", Letter: "R", Betza: "WafsW"},
	{Name: "Giraffe", Letter: "I", Betza: "FX"},
	{Name: "Cannon", Letter: "C", Betza: "mRcpR"},
	{Name: "Queen", Letter: "Q", Betza: "Q"},
}

// TestSpecialAttacksAgreeWithCaptures checks the reversed attack probes of
// the special pieces against their capture moves, and the legal-move fast
// path against trial, in random positions.
func TestSpecialAttacksAgreeWithCaptures(t *testing.T) {
	v := zooVariant(t, 10, 10, specialPieces)
	positions := randomPositions(t, v, 7, 60, 22)
	positions = append(positions, randomPositions(t, v, 8, 60, 40)...)
	for _, p := range positions {
		checkAttacks(t, p)
		checkLegalByTrial(t, p)
	}
}

// specialDests returns the destinations of the piece on sq in the FEN, as
// sorted square names.
func specialDests(t *testing.T, v *Variant, fen, sq string) []string {
	t.Helper()
	p := positionOf(t, v, fen)
	var out []string
	for _, m := range p.LegalMoves() {
		if m.From.String() == sq {
			out = append(out, m.To.String())
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

func TestSpecialShapes(t *testing.T) {
	v := zooVariant(t, 10, 10, specialPieces)
	tests := []struct {
		name, fen, sq string
		want          []string
	}{
		// The Giraffe's XBetza FX is the (1,4) leap.
		{"giraffe", "10/10/10/10/10/4I5/10/10/10/K8k w - - 0 1", "e5",
			[]string{"a4", "a6", "d1", "d9", "f1", "f9", "i4", "i6"}},
		// Black Hero on e5: W, D, (3,0) and knight squares. White stones
		// on d5 and e7 are captured by the step and the leap; d7's two
		// paths start on d5 (step, then leap) and e7 (leap, then step), so
		// it is closed; c6 and e8 keep one open path each.
		{"hero blocked", "10/10/10/4O5/10/3Oh5/10/10/10/K8k b - - 0 1", "e5",
			[]string{"b5", "c4", "c5", "c6", "d3", "d5", "e2", "e3", "e4", "e6", "e7", "e8", "f3", "f5", "f7", "g4", "g5", "g6", "h5"}},
		// Duke on a1: (k+1,k) squares along the long diagonal's neighbours.
		{"duke corner", "9k/10/10/10/10/10/10/10/10/U8K w - - 0 1", "a1",
			[]string{"b3", "c2", "c4", "d3", "d5", "e4", "e6", "f5", "f7", "g6", "g8", "h7", "h9", "i10", "i8", "j9"}},
		// Dragon on e5 behind its own stones: the rook lines are blocked at
		// e6 and d5, the diagonal step to f6 is open and continues by two
		// squares to f8, f10, h6, j6; d4 stays a plain step.
		{"dragon", "10/10/10/10/4O5/3OD5/4O5/10/10/K8k w - - 11 11", "e5",
			[]string{"d4", "d6", "f4", "f5", "f6", "f8", "f10", "g5", "h5", "h4", "h6", "i5", "j5", "j4", "j6", "b4", "b6", "d2", "d8", "f2", "d10"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := slices.Clone(tt.want)
			slices.Sort(want)
			if got := specialDests(t, v, tt.fen, tt.sq); !slices.Equal(got, want) {
				t.Errorf("%s: destinations\n got %v\nwant %v", tt.fen, got, want)
			}
		})
	}
}

// TestKitFollowsPromotions: a promotion to a type the position's attack
// tables do not cover widens them, on Play and in make/unmake, so the
// promoted piece checks at once, and every position reached answers as the
// same position read afresh from its FEN.
func TestKitFollowsPromotions(t *testing.T) {
	p := mustPosition(t, "grand", "5n1k2/3P6/10/10/10/10/10/10/10/4K5 w - - 0 30 all")
	leo := uciMove(t, p, "d9d10l'")
	q, err := p.Play(leo)
	if err != nil {
		t.Fatal(err)
	}
	if !q.InCheck() || !slices.Equal(q.Checkers(), []Square{SquareAt(3, 9)}) {
		t.Errorf("after d9d10=L' in %s: InCheck %v, checkers %v; want check by the Leo on d10", p.FEN(), q.InCheck(), q.Checkers())
	}
	for _, m := range p.LegalMoves() {
		q, err := p.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		fresh := positionOf(t, p.v, q.FEN())
		if got, want := len(q.LegalMoves()), len(fresh.LegalMoves()); got != want {
			t.Errorf("after %s: %d legal moves; %d read afresh from %s", p.UCI(m), got, want, q.FEN())
		}
		if got, want := Perft(q, 2), Perft(fresh, 2); got != want {
			t.Errorf("after %s: perft 2 = %d; %d read afresh from %s", p.UCI(m), got, want, q.FEN())
		}
	}
	if got, want := Perft(p, 3), Perft(positionOf(t, p.v, p.FEN()), 3); got != want {
		t.Errorf("perft 3 = %d after the runs; want %d", got, want)
	}
}

// TestKitConcurrentUse: goroutines sharing a fresh kit build its attack
// tables on first use, concurrently, and agree (run with -race).
func TestKitConcurrentUse(t *testing.T) {
	v := MustBuiltin("grand")
	fen, err := GenerateSetup(v, SetupOptions{Mode: "random", Count: 19, Seed: 2026})
	if err != nil {
		t.Fatal(err)
	}
	// The same FEN in a variant compiled afresh gives a kit nobody has used.
	want := Perft(positionOf(t, v, fen), 2)
	d := v.Definition()
	v, err = Compile(&d)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	got := make([]uint64, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := ParseFEN(v, fen)
			if err != nil {
				t.Error(err)
				return
			}
			q, err := NewPosition(s)
			if err != nil {
				t.Error(err)
				return
			}
			got[i] = Perft(q, 2)
		}()
	}
	wg.Wait()
	for i, n := range got {
		if n != want {
			t.Errorf("goroutine %d: perft 2 = %d; want %d", i, n, want)
		}
	}
}
