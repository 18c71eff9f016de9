package rules

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// Coregal's Queens: an attacked Queen is check, no move may leave a Queen
// attacked (a King's move included), and a Queen attacked with no way out
// is checkmate.
func TestCoregalQueens(t *testing.T) {
	// The Rook on a1 attacks the Queen on d1: check, from a1 alone.
	p := mustPosition(t, "coregal", "4k3/8/8/8/8/8/5K2/r2Q4 w - - 0 1")
	if !p.InCheck() {
		t.Fatal("the attacked Queen is not check")
	}
	if got := p.Checkers(); !slices.Equal(got, []Square{gpSq(t, "a1")}) {
		t.Errorf("Checkers = %v; want [a1]", got)
	}
	if got := p.CheckedSquares(); !slices.Equal(got, []Square{gpSq(t, "d1")}) {
		t.Errorf("CheckedSquares = %v; want [d1]", got)
	}
	// The King may not walk away from its Queen's check; the Queen may
	// take the Rook or step aside, not along the Rook's rank.
	_, err := p.Play(Move{From: gpSq(t, "f2"), To: gpSq(t, "e2")})
	var e *Error
	if !errors.As(err, &e) || e.Reason != "pseudo-royal-attacked" {
		t.Errorf("Ke2: %v; want pseudo-royal-attacked", err)
	}
	var legal []string
	for _, m := range p.LegalMoves() {
		legal = append(legal, p.UCI(m))
	}
	for _, uci := range []string{"d1a1", "d1d4"} {
		if !slices.Contains(legal, uci) {
			t.Errorf("%s is not legal; legal: %v", uci, legal)
		}
	}
	for _, uci := range []string{"f2e2", "d1c1", "d1b1", "d1d8"} {
		if slices.Contains(legal, uci) {
			t.Errorf("%s is legal, leaving the Queen attacked", uci)
		}
	}

	// Promotion to a Queen on an attacked square is illegal; to a Rook,
	// or to a Queen by capture where nothing attacks, it is legal.
	p = mustPosition(t, "coregal", "2r1k3/1P6/8/3q4/8/8/5Q2/4K3 w - - 0 1")
	q, _ := p.v.typeNamed("Q")
	r, _ := p.v.typeNamed("R")
	_, err = p.Play(Move{From: gpSq(t, "b7"), To: gpSq(t, "b8"), Promotion: q})
	if !errors.As(err, &e) || e.Reason != "pseudo-royal-attacked" {
		t.Errorf("b8=Q: %v; want pseudo-royal-attacked", err)
	}
	if _, err := p.Play(Move{From: gpSq(t, "b7"), To: gpSq(t, "b8"), Promotion: r}); err != nil {
		t.Errorf("b8=R: %v", err)
	}
	after, err := p.Play(Move{From: gpSq(t, "b7"), To: gpSq(t, "c8"), Promotion: q})
	if err != nil {
		t.Fatalf("bxc8=Q: %v", err)
	}
	// The new Queen gives check to the King, and the Black Queen stands
	// unattacked: Black is in check by c8 alone.
	if got := after.Checkers(); !slices.Equal(got, []Square{gpSq(t, "c8")}) {
		t.Errorf("after bxc8=Q, Checkers = %v; want [c8]", got)
	}

	// A Queen checkmated by a Rook: the Rook on a5 attacks the Queen on
	// a1, defended by the Bishop so that the Queen may not take it, and
	// nothing can block; the White King, unattacked, cannot help.
	p = mustPosition(t, "coregal", "3b3k/8/8/7r/8/8/1P6/QRK5 b - - 0 1")
	mated, err := p.Play(uciMove(t, p, "h5a5"))
	if err != nil {
		t.Fatal(err)
	}
	if mated.attacked(mated.king[White], Black) {
		t.Fatal("the White King is attacked")
	}
	if st := mated.Status(); st.Outcome != Checkmate || st.Winner != Black || !st.InCheck || st.LegalMoves != 0 {
		t.Errorf("after Ra5: %+v; want checkmate won by Black", st)
	}
	// A position whose side not to move has its Queen attacked is
	// refused, as one whose King is attacked.
	s, err := ParseFEN(p.v, "4k3/8/8/8/8/8/5K2/r2Q4 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := NewPosition(s); CodeOf(err) != ErrIllegalPosition || !strings.Contains(err.Error(), "Queen on d1 is attacked by the black Rook on a1") {
		t.Errorf("White's Queen attacked, Black to move: %v; want %s naming the Queen", err, ErrIllegalPosition)
	}
}

// With UpTo a type is pseudo-royal only while its side has that many of
// it or fewer: here a side's last Rook.
func TestPseudoRoyalUpTo(t *testing.T) {
	d := MustBuiltin("chess").Definition()
	d.ID = "lastrook"
	d.Rules.PseudoRoyal = &PseudoRoyalDef{Pieces: []string{"Rook"}, UpTo: 1}
	v, err := Compile(&d)
	if err != nil {
		t.Fatal(err)
	}
	// Two Rooks: the attacked one is no check, and may be left.
	p := positionOf(t, v, "4k3/8/8/8/8/8/r6r/R3K2R w - - 0 1")
	if p.InCheck() {
		t.Error("an attacked Rook of two is check")
	}
	if _, err := p.Play(uciMove(t, p, "h1g1")); err != nil {
		t.Errorf("Rg1: %v", err)
	}
	// One Rook: it is.
	p = positionOf(t, v, "4k3/8/8/8/8/8/r6r/R3K3 w - - 0 1")
	if !p.InCheck() {
		t.Error("the last Rook attacked is not check")
	}
	moves := p.LegalMoves()
	if len(moves) == 0 {
		t.Fatal("no legal move")
	}
	for _, m := range moves {
		if m.From != gpSq(t, "a1") {
			t.Errorf("%s is legal, leaving the last Rook attacked", p.UCI(m))
		}
	}
}

// The definition's keys are checked with their paths.
func TestPseudoRoyalDefinition(t *testing.T) {
	for _, tt := range []struct {
		variant string
		edit    func(d *Definition)
		field   string
	}{
		{"coregal", func(d *Definition) { d.Rules.PseudoRoyal.Pieces = []string{"Z"} }, "rules.pseudoRoyal.pieces[0]"},
		{"coregal", func(d *Definition) { d.Rules.PseudoRoyal.Pieces = []string{"Q", "K"} }, "rules.pseudoRoyal.pieces[1]"},
		{"coregal", func(d *Definition) { d.Rules.PseudoRoyal.Pieces = []string{"Q", "Queen"} }, "rules.pseudoRoyal.pieces[1]"},
		{"coregal", func(d *Definition) { d.Rules.PseudoRoyal.Pieces = nil }, "rules.pseudoRoyal.pieces"},
		{"coregal", func(d *Definition) { d.Rules.PseudoRoyal.UpTo = -1 }, "rules.pseudoRoyal.upTo"},
		{"coregal", func(d *Definition) { d.Rules.GivingCheck = "illegal" }, "rules.pseudoRoyal"},
		{"coregal", func(d *Definition) { d.Rules.MovesPerTurn = 2 }, "rules.pseudoRoyal"},
		{"coregal", func(d *Definition) { d.Rules.Blast = &BlastDef{Spare: []string{"P"}} }, "rules.pseudoRoyal"},
	} {
		d := MustBuiltin(tt.variant).Definition()
		g := *d.Rules.PseudoRoyal
		d.Rules.PseudoRoyal = &g
		tt.edit(&d)
		_, err := Compile(&d)
		if e, ok := err.(*Error); !ok || e.Code != ErrInvalidVariant || e.Field != tt.field {
			t.Errorf("%s %+v: Compile = %v; want invalid-variant at %s", tt.variant, d.Rules, err, tt.field)
		}
	}
}
