package rules

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestPlayMatchesWithoutKind(t *testing.T) {
	p := mustPosition(t, "chess", "")
	e2, e4 := SquareAt(4, 1), SquareAt(4, 3)
	q, err := p.Play(Move{From: e2, To: e4})
	if err != nil {
		t.Fatalf("Play(e2e4 without kind) = %v", err)
	}
	if q.EnPassant() != SquareAt(4, 2) {
		t.Errorf("e2e4 played without kind did not record the double step: %s", q.FEN())
	}
	p = mustPosition(t, "chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	q, err = p.Play(Move{From: SquareAt(4, 0), To: SquareAt(6, 0), Kind: MoveNormal})
	if err != nil || q.FEN() != "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1" {
		t.Errorf("Play(e1g1 as a normal move) = %v, %v; want castling", q, err)
	}
}

func TestPlayIllegalReasons(t *testing.T) {
	sq := func(s string) Square { q, _ := parseSquare(s, 16, 16); return q }
	tests := []struct {
		fen    string
		give   Move
		reason string
	}{
		{"", Move{From: NoSquare, To: sq("e4")}, "off-board"},
		{"", Move{From: sq("e2"), To: 300}, "off-board"},
		{"", Move{From: sq("e2"), To: sq("i4")}, "off-board"},
		{"", Move{From: sq("e4"), To: sq("e5")}, "no-piece"},
		{"", Move{From: sq("e7"), To: sq("e5")}, "wrong-side"},
		{"", Move{From: sq("e2"), To: sq("e5")}, "unreachable"},
		{"", Move{From: sq("f1"), To: sq("c4")}, "unreachable"},
		{"4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1", Move{From: sq("e1"), To: sq("c1")}, "in-check"},
		{"4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", Move{From: sq("e2"), To: sq("d3")}, "king-in-check"},
		{"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", Move{From: sq("e7"), To: sq("e8")}, "needs-promotion"},
		{"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", Move{From: sq("e7"), To: sq("e8"), Promotion: 1}, "bad-promotion"},
	}
	for _, tt := range tests {
		p := mustPosition(t, "chess", tt.fen)
		_, err := p.Play(tt.give)
		e, ok := err.(*Error)
		if !ok || e.Code != ErrIllegalMove || e.Reason != tt.reason {
			t.Errorf("Play(%+v) in %q = %v; want %s with reason %s", tt.give, tt.fen, err, ErrIllegalMove, tt.reason)
		}
	}
}

func TestDescribeAgreesWithSAN(t *testing.T) {
	for _, tc := range []struct{ variant, fen string }{
		{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{"chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"},
		{"chess", "6k1/5ppp/8/8/8/8/8/3RK3 w - - 0 1"},
		{"shako", "r5k3/4q2c2/1ebppnp3/1pp3BeEQ/10/2PE2P3/1P3P4/5NP2P/rR3KB3/7C2 w Q - 3 35"},
		{"bigorra", ""},
	} {
		p := mustPosition(t, tc.variant, tc.fen)
		checkDescribe(t, p)
	}
	// Along random games of variants with many pieces of a kind, where
	// SAN needs the origin's file, rank or both.
	for _, variant := range []string{"chess", "grand", "bigorra", "tencubed"} {
		p := mustPosition(t, variant, "")
		rng := rand.New(rand.NewPCG(7, uint64(len(variant))))
		for ply := 0; ply < 60; ply++ {
			legal := checkDescribe(t, p)
			if len(legal) == 0 {
				break
			}
			p, _ = p.Play(legal[rng.IntN(len(legal))])
		}
	}
}

// checkDescribe compares Describe of every legal move of p with SAN,
// Captures, Converted and the check and mate of the position after it,
// each computed alone; it returns the legal moves.
func checkDescribe(t *testing.T, p *Position) []Move {
	t.Helper()
	legal := p.LegalMoves()
	for i, d := range p.Describe(legal) {
		m := legal[i]
		if d.Move != m || d.SAN != p.SAN(m) {
			t.Fatalf("Describe in %s: %+v; want SAN %s", p.FEN(), d, p.SAN(m))
		}
		if !slices.Equal(d.Captures, p.Captures(m)) || !slices.Equal(d.Converted, p.Converted(m)) {
			t.Fatalf("Describe(%s) in %s: captures %v converted %v; want %v and %v", p.UCI(m), p.FEN(),
				d.Captures, d.Converted, p.Captures(m), p.Converted(m))
		}
		q, _ := p.Play(m)
		if d.Check != q.InCheck() || d.Mate != (q.InCheck() && len(q.LegalMoves()) == 0) {
			t.Fatalf("Describe(%s) in %s: check %v mate %v", p.UCI(m), p.FEN(), d.Check, d.Mate)
		}
	}
	return legal
}

// TestGameClone: a clone plays on without changing the game it came from.
func TestGameClone(t *testing.T) {
	v, _ := Builtin("chess")
	g := NewGame(v.Start())
	for _, s := range []string{"Nf3", "Nf6", "Ng1", "Ng8"} {
		m, err := g.ParseMove(s)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	c := g.Clone()
	m, _ := c.ParseMove("Nf3")
	if err := c.Play(m); err != nil {
		t.Fatal(err)
	}
	if len(g.Moves()) != 4 || g.Position().FEN() != v.Start().FEN()[:len(v.Start().FEN())-3]+"4 3" || g.Status().Repetitions != 2 {
		t.Errorf("the game changed with its clone: %d moves, %s, %d repetitions", len(g.Moves()), g.Position().FEN(), g.Status().Repetitions)
	}
	if len(c.Moves()) != 5 || c.Status().Repetitions != 2 {
		t.Errorf("the clone: %d moves, %d repetitions; want 5 and 2 (after Nf3 a second time)", len(c.Moves()), c.Status().Repetitions)
	}
}
