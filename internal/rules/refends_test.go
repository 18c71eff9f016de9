package rules

import (
	"strconv"
	"strings"
	"testing"
)

// An independent reference for the end rules on boards no other referee
// plays (terachess2-hill, terachess2-3check): perft of the plain variant,
// terachess2, whose own suite is proven, with the end judged apart from
// the engine's end rules, by the public API alone: after each move, ended
// says whether the game is over, and a position it has ended is a leaf
// with no move.

// refEndState is what the reference carries down the tree: the checks each
// side has given.
type refEndState [2]int

// refEndPerft counts the leaves depth plies below p, a position of the
// plain variant, where ended judges each position reached from the state
// before the move and the move's mover.
func refEndPerft(t *testing.T, p *Position, depth int, st refEndState, ended func(q *Position, mover Color, st *refEndState) bool) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, m := range p.LegalMoves() {
		q, err := p.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		next := st
		if ended(q, p.Turn(), &next) {
			if depth == 1 {
				n++
			}
			continue
		}
		n += refEndPerft(t, q, depth-1, next, ended)
	}
	return n
}

// refHill: a King of either side on h8, i8, h9 or i9 ends the game.
func refHill(q *Position, _ Color, _ *refEndState) bool {
	for _, name := range []string{"h8", "i8", "h9", "i9"} {
		sq, _ := parseSquare(name, 16, 16)
		if pc := q.PieceAt(sq); pc != 0 && pc.Type() == q.Variant().royal {
			return true
		}
	}
	return false
}

// refThreeChecks: a move that gives check adds to its mover's count; the
// third ends the game.
func refThreeChecks(q *Position, mover Color, st *refEndState) bool {
	if q.InCheck() {
		st[mover]++
	}
	return st[mover] >= 3
}

// TestReferenceEnds recomputes every count of the two suites with the
// reference.
func TestReferenceEnds(t *testing.T) {
	skipUnderRace(t)
	plain := MustBuiltin("terachess2")
	for _, tt := range []struct {
		variant string
		ended   func(*Position, Color, *refEndState) bool
	}{{"terachess2-hill", refHill}, {"terachess2-3check", refThreeChecks}} {
		for _, tc := range readPerftSuite(t, tt.variant) {
			fen, st := tc.fen, refEndState{}
			if tt.variant == "terachess2-3check" {
				// The counts go to the reference's state, the rest to the
				// plain variant.
				f := strings.Fields(fen)
				ws, bs, _ := strings.Cut(f[4], "+")
				w, err1 := strconv.Atoi(ws)
				b, err2 := strconv.Atoi(bs)
				if err1 != nil || err2 != nil {
					t.Fatalf("%s: no check counts in field 5", fen)
				}
				st = refEndState{3 - w, 3 - b}
				fen = strings.Join(append(f[:4:4], f[5:]...), " ")
			}
			if got := refEndPerft(t, positionOf(t, plain, fen), tc.depth, st, tt.ended); got != tc.nodes {
				t.Errorf("%s %s depth %d: the reference counts %d; the suite says %d", tt.variant, tc.id, tc.depth, got, tc.nodes)
			}
		}
	}
}
