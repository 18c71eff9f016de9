package rules

import (
	"math/rand/v2"
	"testing"
)

// TestAttackMapAgreesWithProbes checks on positions of random games that
// the attack map with a piece lifted holds exactly the squares that the
// attack test with that piece lifted finds attacked, in every built-in
// whose kit allows a map, and that a kit with hoppers or legs refuses one.
func TestAttackMapAgreesWithProbes(t *testing.T) {
	vs, err := Builtins()
	if err != nil {
		t.Fatal(err)
	}
	mapped := 0
	for _, v := range vs {
		r := rand.New(rand.NewPCG(11, uint64(len(v.ID()))))
		p := v.Start()
		for ply := 0; ply < 60; ply++ {
			for by := White; by <= Black; by++ {
				lift := p.king[by.Other()]
				if lift == NoSquare {
					lift = Square(r.IntN(NumSquares))
				}
				m, ok := p.attackMap(by, lift)
				if want := !(p.kit.lines || p.kit.odd || p.kit.frozen || p.v.hasDev); ok != want && !(want && !ok && hasEdgeOrBent(p, by)) {
					t.Fatalf("%s: attackMap(%s) ok = %v; want %v in %s", v.ID(), by, ok, want, p.FEN())
				}
				if !ok {
					continue
				}
				mapped++
				for s := Square(0); s < NumSquares; s++ {
					if !v.onBoard.has(s) || v.holes.has(s) || s == lift {
						continue
					}
					if got, want := m.has(s), p.attackedExcept(s, by, lift); got != want {
						t.Fatalf("%s: attackMap(%s, lift %s) has %s: %v; the attack test says %v in %s", v.ID(), by, lift, s, got, want, p.FEN())
					}
				}
			}
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			if p, err = p.Play(moves[r.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if mapped == 0 {
		t.Fatal("no position had an attack map")
	}
}

// hasEdgeOrBent says whether a piece of colour by has a shape an attack
// map cannot follow: a ride that stops on edges only, a bent or sliding
// path.
func hasEdgeOrBent(p *Position, by Color) bool {
	for s := Square(0); s < NumSquares; s++ {
		pc := p.board[s]
		if pc == 0 || pc.Color() != by {
			continue
		}
		mt := &p.v.moves[by][int(pc.Type())*NumSquares+int(s)]
		if len(mt.bents) > 0 || len(mt.slides) > 0 {
			return true
		}
		for i := range mt.rides {
			if mt.rides[i].capture && mt.rides[i].kind != shapeRide {
				return true
			}
		}
	}
	return false
}
