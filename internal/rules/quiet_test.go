package rules

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestQuietMovesGiveNoCheck: every move that Position.quiet clears without
// playing it gives no check when played, in fixed-seed random playouts of
// every built-in variant and in random positions of the piece zoos (hoppers,
// bent riders, lame and jumping leapers, the powers). The test also
// requires quiet to clear a share of the moves of the plain variants, so
// that it cannot pass by clearing none.
func TestQuietMovesGiveNoCheck(t *testing.T) {
	vs, err := Builtins()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(41, 42))
	for _, v := range vs {
		cleared, moves := 0, 0
		for _, p := range playouts(v, rng, 4, 60) {
			c, n := checkQuiet(t, p, p.LegalMoves())
			cleared, moves = cleared+c, moves+n
		}
		t.Logf("%s: %d of %d moves cleared without a trial", v.ID(), cleared, moves)
		if !v.hasPower && !v.hasFrozen && !v.hasDev && v.royal != 0 && v.guard == nil && cleared == 0 {
			t.Errorf("%s: quiet cleared none of %d moves", v.ID(), moves)
		}
	}
	// The zoos, whole and one piece at a time, where no other piece's
	// probes hide a leg or a screen that quiet must see.
	zoos := []struct {
		name   string
		pieces []PieceDef
	}{{"zoo", zooPieces}, {"exotic", exoticPieces}}
	// Each leg of these lies where no other probe looks.
	loners := append(slices.Clone(zooPieces), exoticPieces[8], exoticPieces[12],
		PieceDef{Name: "Lame threeleaper", Letter: "Y", Betza: "nH"},
		PieceDef{Name: "Lame tripper", Letter: "Z", Betza: "nG"})
	for _, pd := range loners {
		zoos = append(zoos, struct {
			name   string
			pieces []PieceDef
		}{pd.Name, []PieceDef{pd}})
	}
	for i, zoo := range zoos {
		v := zooVariant(t, 10, 10, zoo.pieces)
		cleared, moves := 0, 0
		seed := 43 + 2*uint64(i)
		for _, p := range append(randomPositions(t, v, seed, 100, 12), randomPositions(t, v, seed+1, 60, 30)...) {
			c, n := checkQuiet(t, p, p.LegalMoves())
			cleared, moves = cleared+c, moves+n
		}
		t.Logf("%s: %d of %d moves cleared without a trial", zoo.name, cleared, moves)
	}
}

// checkQuiet plays each of the legal moves that quiet clears on a copy of
// p and fails if it gives check; it returns how many moves quiet cleared.
func checkQuiet(t *testing.T, p *Position, legal []Move) (cleared, moves int) {
	t.Helper()
	for _, m := range legal {
		if !p.quiet(m) {
			continue
		}
		cleared++
		if givesCheck(p, m) {
			t.Errorf("%s: quiet clears %s, which gives check", p.FEN(), p.UCI(m))
		}
	}
	return cleared, len(legal)
}

// TestQuietSeesLegs: moves that open a leg of a lame leap give check, and
// quiet leaves them to a trial.
// Random positions rarely hold these, and a leg near the King is often
// some other probe's square too.
func TestQuietSeesLegs(t *testing.T) {
	for _, c := range []struct{ betza, spec, move string }{
		{"nH", "Kj8 kj10 Xj7", "j8i7"}, // the King steps off the leg
		{"nG", "Kh8 kj10 Xg7", "h8g8"},
	} {
		p := place(t, pieceVariant(t, 10, 10, c.betza), "w", c.spec)
		m := uciMove(t, p, c.move)
		if !givesCheck(p, m) {
			t.Fatalf("%s: %s gives no check", p.FEN(), c.move)
		}
		if p.quiet(m) {
			t.Errorf("%s: quiet clears %s, which gives check", p.FEN(), c.move)
		}
		if near, ok := p.checkSquares(); !ok || !near.has(m.From) && !near.has(m.To) {
			t.Errorf("%s: %s, which gives check, is outside checkSquares", p.FEN(), c.move)
		}
	}
}

// TestCheckSquaresGiveNoCheck: every plain move outside a position's
// checkSquares gives no check, in the positions of TestQuietMovesGiveNoCheck's
// playouts and zoos, and the squares clear more moves than the attack
// table's reach alone.
func TestCheckSquaresGiveNoCheck(t *testing.T) {
	vs, err := Builtins()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(45, 46))
	var positions []*Position
	for _, v := range vs {
		positions = append(positions, playouts(v, rng, 4, 60)...)
	}
	for i, pd := range append(slices.Clone(zooPieces), exoticPieces[8], exoticPieces[12]) {
		v := zooVariant(t, 10, 10, []PieceDef{pd})
		positions = append(positions, randomPositions(t, v, 90+uint64(i), 60, 30)...)
	}
	byReach, bySquares := 0, 0
	for _, p := range positions {
		near, ok := p.checkSquares()
		if !ok {
			continue
		}
		for _, m := range p.LegalMoves() {
			if p.quiet(m) {
				byReach++
			}
			if !plainForCheck(m) || near.has(m.From) || near.has(m.To) {
				continue
			}
			bySquares++
			if givesCheck(p, m) {
				t.Errorf("%s: %s is outside checkSquares and gives check", p.FEN(), p.UCI(m))
			}
		}
	}
	t.Logf("%d positions: %d moves cleared by the table's reach, %d by checkSquares", len(positions), byReach, bySquares)
	if bySquares <= byReach {
		t.Errorf("checkSquares cleared %d moves, the reach %d", bySquares, byReach)
	}
}

// givesCheck plays m on a copy of p and says whether it gives check.
func givesCheck(p *Position, m Move) bool {
	q := p.clone()
	q.make(m)
	return q.InCheck()
}

// playouts returns the positions of games random playouts of v from its
// start, plies plies each or until the game ends, each a copy, the moves
// drawn from rng.
func playouts(v *Variant, rng *rand.Rand, games, plies int) []*Position {
	var out []*Position
	for range games {
		p := v.Start()
		for range plies {
			legal := p.LegalMoves()
			if len(legal) == 0 {
				break
			}
			out = append(out, p.clone())
			p.make(legal[rng.IntN(len(legal))])
		}
	}
	return out
}
