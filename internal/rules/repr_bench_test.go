package rules

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"
)

// The board representation was chosen by this benchmark (docs/BENCHMARKS.md):
// listing a rider's destinations on a crowded 16x16 board, first with the
// engine's mailbox and precomputed per-square rays, then with [4]uint64
// bitboards and the classical ray-mask method (no magic multiplication
// exists for 256-bit boards). Both list the same squares; the test below
// checks that, so the comparison is fair.

type reprFixture struct {
	board [NumSquares]Piece
	occ   bitboard
	rays  [NumSquares][8][]Square
	masks [NumSquares][8]bitboard // squares along each ray, for the bitboard method
	from  []Square
}

var reprDirs = [8]vec{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

func newReprFixture(density int) *reprFixture {
	v := &Variant{variantBoard: variantBoard{files: 16, ranks: 16}}
	fx := &reprFixture{}
	rng := rand.New(rand.NewPCG(1, 2))
	for s := Square(0); s < NumSquares; s++ {
		if rng.IntN(100) < density {
			fx.board[s] = makePiece(1, Color(rng.IntN(2)))
			fx.occ.set(s)
		} else {
			fx.from = append(fx.from, s)
		}
		for d, dv := range reprDirs {
			fx.rays[s][d] = v.ray(s, dv, 0)
			for _, t := range fx.rays[s][d] {
				fx.masks[s][d].set(t)
			}
		}
	}
	return fx
}

func (fx *reprFixture) mailbox(buf []Square, from Square) []Square {
	for d := range fx.rays[from] {
		for _, t := range fx.rays[from][d] {
			buf = append(buf, t)
			if fx.board[t] != 0 {
				break
			}
		}
	}
	return buf
}

func (fx *reprFixture) bitboards(buf []Square, from Square) []Square {
	for d := range fx.masks[from] {
		att := fx.masks[from][d]
		var blk Square = NoSquare
		increasing := d <= 2 || d == 7 // directions whose square numbers grow
		for w := 0; w < 4; w++ {
			i := w
			if !increasing {
				i = 3 - w
			}
			if x := att[i] & fx.occ[i]; x != 0 {
				if increasing {
					blk = Square(i*64 + bits.TrailingZeros64(x))
				} else {
					blk = Square(i*64 + 63 - bits.LeadingZeros64(x))
				}
				break
			}
		}
		if blk != NoSquare {
			beyond := fx.masks[blk][d]
			for i := range att {
				att[i] &^= beyond[i]
			}
		}
		for w := range att {
			for x := att[w]; x != 0; x &= x - 1 {
				buf = append(buf, Square(w*64+bits.TrailingZeros64(x)))
			}
		}
	}
	return buf
}

func TestReprFixtureAgrees(t *testing.T) {
	fx := newReprFixture(50)
	for _, s := range fx.from {
		a, b := fx.mailbox(nil, s), fx.bitboards(nil, s)
		var sa, sb bitboard
		for _, x := range a {
			sa.set(x)
		}
		for _, x := range b {
			sb.set(x)
		}
		if sa != sb || len(a) != len(b) {
			t.Fatalf("from %s: mailbox %v, bitboards %v", s, a, b)
		}
	}
}

// BenchmarkRepresentation runs at 20% of squares full (a late middle game)
// and 60% (Bigorra's start: 160 of 256).
func BenchmarkRepresentation(b *testing.B) {
	for _, density := range []int{20, 60} {
		fx := newReprFixture(density)
		buf := make([]Square, 0, 128)
		b.Run(fmt.Sprintf("mailbox/full%d", density), func(b *testing.B) {
			for b.Loop() {
				for _, s := range fx.from {
					buf = fx.mailbox(buf[:0], s)
				}
			}
		})
		b.Run(fmt.Sprintf("bitboards/full%d", density), func(b *testing.B) {
			for b.Loop() {
				for _, s := range fx.from {
					buf = fx.bitboards(buf[:0], s)
				}
			}
		})
	}
}
