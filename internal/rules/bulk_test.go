package rules

import (
	"math/rand/v2"
	"testing"
)

// TestBulkCountEqualsList plays random games in every built-in variant and
// checks at every position that the count perft's last ply makes (with
// the Pawn plans, bulk.go) equals the length of the legal move list (made
// without them, move by move). Every position with a plan in use counts.
func TestBulkCountEqualsList(t *testing.T) {
	vs, err := Builtins()
	if err != nil {
		t.Fatal(err)
	}
	// A board of one rank whose most numerous types are the King and a
	// leaper of two groups: neither the royal piece's moves nor the
	// castling piece's are counted set-wise.
	vs = append(vs, compileJSON(t, `{"id": "one-rank", "name": "one-rank", "files": 8, "ranks": 1, "startFEN": "KNNR1rnk w - - 0 1",
 "pieces": [{"name": "King", "letter": "K", "betza": "K", "royal": true}, {"name": "Rook", "letter": "R", "betza": "R"},
  {"name": "Dabbaba", "letter": "N", "betza": "D"}]}`))
	games, plies := 6, 120
	if testing.Short() {
		games, plies = 2, 80
	}
	for _, v := range vs {
		t.Run(v.ID(), func(t *testing.T) {
			r := rand.New(rand.NewPCG(7, uint64(len(v.ID()))))
			used := 0
			for range games {
				p := v.Start()
				for ply := 0; ply < plies; ply++ {
					if bp, _ := p.bulkFor(); bp != nil {
						used++
					}
					moves := p.LegalMoves()
					if n, _ := p.legalCount(nil); n != len(moves) {
						t.Fatalf("legalCount = %d, %d legal moves listed in %s", n, len(moves), p.FEN())
					}
					if len(moves) == 0 {
						break
					}
					next, err := p.Play(moves[r.IntN(len(moves))])
					if err != nil {
						t.Fatal(err)
					}
					p = next
				}
			}
			if v.bulk[White] != nil && used == 0 {
				t.Errorf("the Pawn plan was never used")
			}
		})
	}
}

// TestBulkPlans checks which variants count their Pawns set-wise: those
// whose Pawns move by plain leaps, on every board size; none where the
// moves depend on more than the tables.
func TestBulkPlans(t *testing.T) {
	tests := []struct {
		give string
		want bool
	}{
		{"chess", true}, {"horde", true}, {"capablanca", true}, {"grand", true},
		{"shako", true}, {"terachess2", true}, {"atomic", true}, {"antichess", true},
		{"giant", false}, // Devs
	}
	for _, tt := range tests {
		v := MustBuiltin(tt.give)
		for c := White; c <= Black; c++ {
			if got := v.bulk[c] != nil; got != tt.want {
				t.Errorf("%s: %s has a Pawn plan: %v; want %v", tt.give, c, got, tt.want)
			}
		}
	}
	v := MustBuiltin("chess")
	bp := v.bulk[White]
	if v.PieceName(bp.t) != "Pawn" || len(bp.groups) != 3 || bp.step != MaxFiles || !bp.narrow {
		t.Errorf("chess: White's plan: type %s, %d groups, step %d, narrow %v; want Pawn, 3, %d, true",
			v.PieceName(bp.t), len(bp.groups), bp.step, bp.narrow, MaxFiles)
	}
	// A Pawn on the seventh rank promotes: it is left to the move tables.
	if bp.squares.has(SquareAt(0, 6)) || !bp.squares.has(SquareAt(0, 5)) {
		t.Errorf("chess: a7 in White's plan: %v, a6: %v; want false, true", bp.squares.has(SquareAt(0, 6)), bp.squares.has(SquareAt(0, 5)))
	}
}

// TestShifted checks the bitboard shifts against moving each square by
// itself.
func TestShifted(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		var b bitboard
		for i := range b {
			b[i] = r.Uint64()
		}
		d := r.IntN(2*NumSquares+1) - NumSquares
		var want bitboard
		for s := Square(0); s < NumSquares; s++ {
			if to := int(s) + d; b.has(s) && to >= 0 && to < NumSquares {
				want.set(Square(to))
			}
		}
		if got := shifted(&b, d); got != want {
			t.Fatalf("shifted(%x, %d) = %x; want %x", b, d, got, want)
		}
		if d > -64 && d < 64 {
			lo, hi := shifted2(b[0], b[1], d)
			b2 := bitboard{b[0], b[1]}
			if w := shifted(&b2, d); lo != w[0] || hi != w[1] {
				t.Fatalf("shifted2(%x, %x, %d) = %x, %x; want %x, %x", b[0], b[1], d, lo, hi, w[0], w[1])
			}
		}
	}
}
