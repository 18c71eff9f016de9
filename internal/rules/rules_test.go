package rules

import (
	"slices"
	"sort"
	"testing"
)

// jumpVariant is a small Cazaux-like test variant: the King's jump, Pawns
// and Princes stepping two squares from anywhere, en passant made by both
// and taken by Pawns only.
const jumpVariant = `{
  "id": "test-jump", "name": "Jump test", "files": 8, "ranks": 8,
  "startFEN": "4k3/8/8/8/8/8/8/4K3 w Kk - 0 1",
  "pieces": [
    {"name": "King", "letter": "K", "betza": "K", "royal": true},
    {"name": "Rook", "letter": "R", "betza": "R", "value": 5},
    {"name": "Bishop", "letter": "B", "betza": "B", "value": 3},
    {"name": "Pawn", "letter": "P", "betza": "fmWfcF", "value": 1, "pawnClass": true, "doubleStep": {}},
    {"name": "Prince", "letter": "I", "betza": "K", "value": 3, "doubleStep": {}}
  ],
  "rules": {
    "kingJump": true,
    "enPassant": {"makers": ["P", "I"], "takers": ["P"]},
    "draws": {"repetitionClaim": 3, "repetitionEnd": 5, "moveClaim": 50, "moveEnd": 75}
  }
}`

// promoVariant tests optional promotion ranks, the "captured" choice and
// frozen pieces.
const promoVariant = `{
  "id": "test-promo", "name": "Promotion test", "files": 8, "ranks": 8,
  "startFEN": "rnq1k3/8/8/8/8/8/8/RNQ1K3 w - - 0 1",
  "pieces": [
    {"name": "King", "letter": "K", "betza": "K", "royal": true},
    {"name": "Queen", "letter": "Q", "betza": "Q", "value": 9},
    {"name": "Rook", "letter": "R", "betza": "R", "value": 5, "frozenMoves": 2},
    {"name": "Knight", "letter": "N", "betza": "N", "value": 3},
    {"name": "Pawn", "letter": "P", "betza": "fmWfcF", "value": 1, "pawnClass": true, "promotesTo": ["Q", "R", "N"]}
  ],
  "rules": {
    "promotion": {"ranks": [8], "optionalRanks": [6, 7], "choice": "captured"},
    "draws": {}
  }
}`

func compileTest(t *testing.T, text string) *Variant {
	t.Helper()
	d, err := DecodeDefinition([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	v, err := Compile(d)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// movesFrom lists the UCI moves from square from, sorted.
func movesFrom(p *Position, from string) []string {
	var out []string
	for _, m := range p.LegalMoves() {
		if m.From.String() == from {
			out = append(out, p.UCI(m))
		}
	}
	sort.Strings(out)
	return out
}

func TestKingJump(t *testing.T) {
	v := compileTest(t, jumpVariant)
	tests := []struct {
		name, give string
		want       []string
	}{
		{"all jumps and steps on an empty board", "4k3/8/8/8/8/8/8/4K3 w Kk - 0 1",
			[]string{"e1c1", "e1c2", "e1c3", "e1d1", "e1d2", "e1d3", "e1e2", "e1e3", "e1f1", "e1f2", "e1f3", "e1g1", "e1g2", "e1g3"}},
		{"no right, no jump", "4k3/8/8/8/8/8/8/4K3 w k - 0 1",
			[]string{"e1d1", "e1d2", "e1e2", "e1f1", "e1f2"}},
		// The Rook on h8 attacks the h-file... and the Bishop on a5 attacks d2
		// and e1: the King is in check and may not jump.
		{"no jump out of check", "4k3/8/8/b7/8/8/8/4K3 w K - 0 1",
			[]string{"e1d1", "e1e2", "e1f1", "e1f2"}},
		// The Rook on d8 attacks the d-file: no jump over d1 (to c1) or d2
		// (to c3); the knight jump to c2 passes d1 and d2, both attacked; the
		// one to d3 passes e2 (free) and d2 but lands on the attacked d3.
		{"passed squares attacked", "3rk3/8/8/8/8/8/8/4K3 w K - 0 1",
			[]string{"e1e2", "e1e3", "e1f1", "e1f2", "e1f3", "e1g1", "e1g2", "e1g3"}},
		// Rook f8 attacks the f-file, Rook a2 the second rank. c1 passes d1
		// (free); c2 passes d1 (free) and d2 but lands on rank 2; g2 passes f1
		// and f2, both attacked; f3 and d3 pass e2 and f2 / d2, all attacked;
		// e3 passes e2, attacked.
		{"knight jump with both passed squares attacked", "4kr2/8/8/8/8/8/r7/4K3 w K - 0 1",
			[]string{"e1c1", "e1d1"}},
		// Black Pawns on c3 and e3 attack b2, d2 and f2. Jumps never capture
		// (no e1e3, no e1c3); an occupied passed square (d2) does not matter
		// (c3... is occupied, c1 passes d1); g3 passes the attacked f2.
		{"jumps never capture, occupied passed squares do not matter", "4k3/8/8/8/8/2p1p3/3P4/4K3 w K - 0 1",
			[]string{"e1c1", "e1c2", "e1d1", "e1d3", "e1e2", "e1f1", "e1f3", "e1g1", "e1g2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := positionOf(t, v, tt.give)
			if got := movesFrom(p, "e1"); !slices.Equal(got, tt.want) {
				t.Errorf("King moves in %q = %v; want %v", tt.give, got, tt.want)
			}
		})
	}
	// The right is lost after any King move, and only then.
	p := positionOf(t, v, "4k3/8/8/8/8/8/8/4K3 w Kk - 0 1")
	q, err := p.Play(uciMove(t, p, "e1e2"))
	if err != nil {
		t.Fatal(err)
	}
	if got := q.FEN(); got != "4k3/8/8/8/8/8/4K3/8 b k - 1 1" {
		t.Errorf("after e1e2: %s; want the white right gone", got)
	}
	p = positionOf(t, v, "4k3/8/8/8/8/8/8/R3K3 b Kk - 0 1")
	q, _ = p.Play(uciMove(t, p, "e8c6"))
	if got := q.FEN(); got != "8/8/2k5/8/8/8/8/R3K3 w K - 1 2" {
		t.Errorf("after the jump e8c6: %s", got)
	}
}

func TestDoubleStepAnywhereAndEnPassant(t *testing.T) {
	v := compileTest(t, jumpVariant)
	// A Pawn in the middle of the board steps two squares.
	p := positionOf(t, v, "4k3/8/8/8/3P4/8/8/4K3 w - - 0 1")
	if got := movesFrom(p, "d4"); !slices.Equal(got, []string{"d4d5", "d4d6"}) {
		t.Errorf("Pawn on d4: %v; want d4d5 d4d6", got)
	}
	// After a Prince's double step a Pawn takes en passant, removing the Prince.
	p = positionOf(t, v, "4k3/4i3/8/3P4/8/8/8/4K3 b - - 0 1")
	q, err := p.Play(uciMove(t, p, "e7e5"))
	if err != nil {
		t.Fatal(err)
	}
	if q.EnPassant().String() != "e6" {
		t.Fatalf("after the Prince's double step the en-passant square is %s; want e6", q.EnPassant())
	}
	ep := uciMove(t, q, "d5e6")
	if ep.Kind != MoveEnPassant || !slices.Equal(q.Captures(ep), []Square{SquareAt(4, 4)}) {
		t.Fatalf("d5e6 = %+v capturing %v; want en passant capturing e5", ep, q.Captures(ep))
	}
	r, _ := q.Play(ep)
	if got := r.FEN(); got != "4k3/8/4P3/8/8/8/8/4K3 b - - 0 2" {
		t.Errorf("after d5xe6 e.p.: %s", got)
	}
	// A Prince does not take en passant.
	p = positionOf(t, v, "4k3/4p3/8/3I4/8/8/8/4K3 b - - 0 1")
	q, _ = p.Play(uciMove(t, p, "e7e5"))
	for _, m := range q.LegalMoves() {
		if m.Kind == MoveEnPassant {
			t.Errorf("a Prince took en passant: %s", q.UCI(m))
		}
	}
}

func TestPromotionChoices(t *testing.T) {
	v := compileTest(t, promoVariant)
	// Nothing captured: no type has fewer than at the start, so a Pawn on the
	// 7th rank may not move to the 8th; on the 6th it may stay unpromoted.
	p := positionOf(t, v, "rnq3k1/3P4/8/8/8/8/8/RNQ1K3 w - - 0 3")
	if got := movesFrom(p, "d7"); len(got) != 0 {
		t.Errorf("Pawn d7 with nothing captured: %v; want none", got)
	}
	// The Pawn still attacks e8: the black King on e8 is in check.
	p = positionOf(t, v, "rnq1k3/3P4/8/8/8/8/8/RNQ1K3 b - - 0 3")
	if !p.InCheck() {
		t.Errorf("a Pawn that cannot promote must still give check")
	}
	// White's Knight is gone: the Pawn may promote to a Knight only, by
	// moving or capturing; on rank 6 promotion is optional.
	p = positionOf(t, v, "rnq3k1/3P4/8/8/8/8/8/R1Q1K3 w - - 0 3")
	if got := movesFrom(p, "d7"); !slices.Equal(got, []string{"d7c8n", "d7d8n"}) {
		t.Errorf("Pawn d7 with a Knight lost: %v; want d7c8n d7d8n", got)
	}
	p = positionOf(t, v, "rnq1k3/8/8/3P4/8/8/8/R1Q1K3 w - - 0 3")
	if got := movesFrom(p, "d5"); !slices.Equal(got, []string{"d5d6", "d5d6n"}) {
		t.Errorf("Pawn d5 to the optional rank: %v; want d5d6 d5d6n", got)
	}
}

func TestFrozenPieces(t *testing.T) {
	v := compileTest(t, promoVariant)
	// Move 1 and 2: White's Rook is frozen and gives no check; from move 3
	// (two completed moves) it moves and checks.
	p := positionOf(t, v, "rnq1k3/8/8/8/8/8/8/RNQ1K3 w - - 0 2")
	if got := movesFrom(p, "a1"); len(got) != 0 {
		t.Errorf("frozen Rook moves at move 2: %v", got)
	}
	p = positionOf(t, v, "4k2R/8/8/8/8/8/8/4K3 b - - 0 1")
	if p.InCheck() {
		t.Errorf("a frozen Rook gives check")
	}
	p = positionOf(t, v, "4k2R/8/8/8/8/8/8/4K3 b - - 0 2")
	if !p.InCheck() {
		t.Errorf("a Rook whose side completed two moves gives no check")
	}
	p = positionOf(t, v, "rnq1k3/8/8/8/8/8/8/RNQ1K3 w - - 0 3")
	if got := movesFrom(p, "a1"); len(got) != 7 {
		t.Errorf("Rook at move 3: %v; want 7 moves", got)
	}
}

// A double step onto the last rank promotes at once and can still be taken
// en passant, the promoted piece being removed (RULES R7); the FEN written
// after it loads again.
func TestDoubleStepPromotionEnPassant(t *testing.T) {
	p := mustPosition(t, "terachess2", "3p12/16/4P11/16/16/16/16/15k/16/16/16/16/16/16/16/K15 w - - 0 1")
	q, err := p.Play(uciMove(t, p, "e14e16q"))
	if err != nil {
		t.Fatal(err)
	}
	const want = "3pQ11/16/16/16/16/16/16/15k/16/16/16/16/16/16/16/K15 b - e15 0 1"
	if q.FEN() != want {
		t.Fatalf("after e14e16=Q: %s; want %s", q.FEN(), want)
	}
	q = mustPosition(t, "terachess2", want)
	ep := uciMove(t, q, "d16e15")
	if ep.Kind != MoveEnPassant {
		t.Fatalf("d16e15 is %v; want en passant", ep.Kind)
	}
	r, _ := q.Play(ep)
	if got := r.FEN(); got != "16/4p11/16/16/16/16/16/15k/16/16/16/16/16/16/16/K15 w - - 0 2" {
		t.Errorf("after dxe15 e.p.: %s", got)
	}
}
