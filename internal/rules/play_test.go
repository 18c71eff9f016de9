package rules

import "testing"

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
