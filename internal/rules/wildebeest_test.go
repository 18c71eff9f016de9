package rules

import (
	"slices"
	"testing"
)

// Wildebeest Chess's Pawns: one, two or three squares from rank 2, one or
// two from rank 3; a double or triple step is taken en passant on any
// square it passed, and the FEN writes both squares of a triple step
// (e3e4, as Fairy-Stockfish does).
func TestWildebeestPawnSteps(t *testing.T) {
	const fen = "5k5/11/11/11/11/3p1p5/3p7/2P8/4P6/5K5 w - - 0 1"
	p := mustPosition(t, "wildebeest", fen)
	var pawn []string
	for _, m := range p.LegalMoves() {
		if p.Variant().Letter(p.PieceAt(m.From).Type()) == "P" {
			pawn = append(pawn, p.UCI(m))
		}
	}
	slices.Sort(pawn)
	if want := []string{"c3c4", "c3c5", "c3d4", "e2e3", "e2e4", "e2e5"}; !slices.Equal(pawn, want) {
		t.Errorf("Pawn moves of %q = %v; want %v", fen, pawn, want)
	}
	q, err := p.Play(uciMove(t, p, "e2e5"))
	if err != nil {
		t.Fatal(err)
	}
	if got := q.FEN(); got != "5k5/11/11/11/11/3pPp5/3p7/2P8/11/5K5 b - e3e4 0 1" {
		t.Errorf("FEN after e2e5 = %q", got)
	}
	var ep []string
	for _, m := range q.LegalMoves() {
		if m.Kind == MoveEnPassant {
			ep = append(ep, q.UCI(m))
		}
	}
	slices.Sort(ep)
	if want := []string{"d4e3", "d5e4", "f5e4"}; !slices.Equal(ep, want) {
		t.Errorf("en-passant captures after e2e5 = %v; want %v", ep, want)
	}
	for _, text := range []string{"5k5/11/11/11/11/3pPp5/3p7/2P8/11/5K5 b - e3e4 0 1", "5k5/11/11/11/11/3pPp5/3p7/2P8/11/5K5 b - e4e3 0 1"} {
		r := mustPosition(t, "wildebeest", text)
		if r.Hash() != q.Hash() || r.FEN() != q.FEN() {
			t.Errorf("ParseFEN(%q) = %q; want the position after e2e5", text, r.FEN())
		}
	}
	// A double step from rank 3 passes one square.
	q, _ = p.Play(uciMove(t, p, "c3c5"))
	if got := q.EnPassant(); got.String() != "c4" || q.EnPassantFar() != NoSquare {
		t.Errorf("after c3c5: en passant %s, %s; want c4, none", got, q.EnPassantFar())
	}
}

// Two en-passant squares need a triple step that can have passed them.
func TestTripleStepFENErrors(t *testing.T) {
	for _, tt := range []struct{ variant, fen string }{
		{"wildebeest", "5k5/11/11/11/11/3pPp5/3p7/2P8/11/5K5 b - e4e5 0 1"},
		{"wildebeest", "5k5/11/11/11/11/3p1p5/3pP6/2P8/11/5K5 b - e2e3 0 1"},
		{"chess", "4k3/8/8/8/4P3/8/8/4K3 b - e2e3 0 1"},
	} {
		s, err := ParseFEN(MustBuiltin(tt.variant), tt.fen)
		if err == nil {
			_, err = NewPosition(s)
		}
		if err == nil {
			t.Errorf("%s %q: accepted; want an error", tt.variant, tt.fen)
		}
	}
}

// A stalemate loses; a Pawn promotes on rank 10 only, to a Queen or a
// Wildebeest.
func TestWildebeestEndingsAndPromotion(t *testing.T) {
	st := mustPosition(t, "wildebeest", "k10/11/1Q9/11/11/11/11/11/11/5K5 b - - 0 1").Status()
	if st.Outcome != StalemateLoss || st.Winner != White || st.Result() != "1-0" {
		t.Errorf("stalemate: %v, winner %v, %s; want stalemate-loss, white, 1-0", st.Outcome, st.Winner, st.Result())
	}
	p := mustPosition(t, "wildebeest", "k10/4P6/3P7/11/11/11/11/11/11/5K5 w - - 0 1")
	var got []string
	for _, m := range p.LegalMoves() {
		if p.Variant().Letter(p.PieceAt(m.From).Type()) == "P" {
			got = append(got, p.UCI(m))
		}
	}
	slices.Sort(got)
	if want := []string{"d8d9", "e9e10q", "e9e10w"}; !slices.Equal(got, want) {
		t.Errorf("Pawn moves = %v; want %v", got, want)
	}
}
