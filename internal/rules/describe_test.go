package rules

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestDescribeIntoReuses: details written into the storage of an earlier
// position's details, from positions with captures, checks and mates and
// a variant of more than 256 moves, equal Describe's, none of the earlier
// position's captures or flags left behind.
func TestDescribeIntoReuses(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	var dst []MoveDetail
	for _, id := range []string{"chess", "grand", "bigorra", "terachess2"} {
		v := MustBuiltin(id)
		p := v.Start()
		for ply := 0; ply < 80; ply++ {
			legal := p.LegalMoves()
			if len(legal) == 0 {
				break
			}
			got, err := p.DescribeInto(context.Background(), dst, legal)
			if err != nil {
				t.Fatal(err)
			}
			if want := p.Describe(legal); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: DescribeInto over earlier details differs from Describe", p.FEN())
			}
			dst = got
			p.make(legal[rng.IntN(len(legal))])
		}
	}
}

// TestDisambiguateOnePass: the one-pass disambiguation gives the origin
// that trying each level in turn (nothing, file, rank, both) gives, for
// every legal move of fixed-seed playouts of every built-in variant.
func TestDisambiguateOnePass(t *testing.T) {
	vs, err := Builtins()
	if err != nil {
		t.Fatal(err)
	}
	levels := func(p *Position, q sanQuery, m Move, legal []Move) sanQuery {
		for _, l := range [...]struct{ file, rank bool }{{false, false}, {true, false}, {false, true}, {true, true}} {
			if q.pawn && l.rank && !l.file {
				continue
			}
			r := q
			if l.file {
				r.file = m.From.File()
			}
			if l.rank {
				r.rank = m.From.Rank()
			}
			if c := p.sanMovesInto(nil, r, legal, true); len(c) == 1 && c[0] == m {
				return r
			}
		}
		q.file, q.rank = m.From.File(), m.From.Rank()
		return q
	}
	rng := rand.New(rand.NewPCG(53, 54))
	named := 0
	for _, v := range vs {
		for _, p := range playouts(v, rng, 3, 80) {
			legal := p.LegalMoves()
			for _, m := range legal {
				if m.Kind == MoveCastle {
					continue
				}
				t0 := p.board[m.From].Type()
				q := sanQuery{typ: t0, pawn: p.v.Letter(t0) == "P", file: -1, rank: -1, to: m.To, promo: m.Promotion}
				file, rank := p.disambiguate(q.typ, q.pawn, m, legal)
				want := levels(p, q, m, legal)
				if file != (want.file >= 0) || rank != (want.rank >= 0) {
					t.Fatalf("%s: %s disambiguated to file %v rank %v; the levels give %d %d", p.FEN(), p.UCI(m), file, rank, want.file, want.rank)
				}
				if want.file >= 0 || want.rank >= 0 {
					named++
				}
			}
		}
	}
	if named == 0 {
		t.Error("no move needed an origin")
	}
	t.Logf("%d moves named an origin", named)
}

// TestRepetitionKeyEnPassant: the repetition key of every position with
// an en-passant square in fixed-seed playouts of every built-in variant is
// the one the full list of legal moves gives (the en-passant part only
// when an en-passant capture is legal), whatever shortcut found it.
func TestRepetitionKeyEnPassant(t *testing.T) {
	vs, err := Builtins()
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(55, 56))
	seen, taken := 0, 0
	for _, v := range vs {
		for game := 0; game < 6; game++ {
			g := NewGame(v.Start())
			for ply := 0; ply < 60; ply++ {
				p := g.Position()
				if p.ep != NoSquare {
					want := p.hash ^ p.memoryKey()
					for _, m := range p.LegalMoves() {
						if m.Kind == MoveEnPassant {
							want ^= p.epHash()
							taken++
							break
						}
					}
					if got := NewGame(p.clone()).repetitionKey(); got != want {
						t.Fatalf("%s: repetition key %x; the legal moves give %x", p.FEN(), got, want)
					}
					seen++
				}
				legal := g.LegalMoves()
				if len(legal) == 0 {
					break
				}
				// Prefer double steps and en passant, so that both occur.
				m := legal[rng.IntN(len(legal))]
				for _, c := range legal {
					if (c.Kind == MoveDoubleStep || c.Kind == MoveEnPassant) && rng.IntN(2) == 0 {
						m = c
						break
					}
				}
				if err := g.Play(m); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if seen == 0 || taken == 0 {
		t.Fatalf("%d positions with an en-passant square, %d with a legal en-passant capture; want both", seen, taken)
	}
	t.Logf("%d positions with an en-passant square, %d with a legal capture there", seen, taken)
}
