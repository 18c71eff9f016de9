package rules

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A capture removes the captured and the capturing piece and every piece
// around but the spared ones; make and unmake leave the position as it was.
func TestExplosion(t *testing.T) {
	for _, tt := range []struct {
		variant, fen, move, after string
	}{
		// cxd5: the two Pawns, the Knight on c6 and the Bishop on e6 go;
		// the Pawn on e4 stands.
		{"atomic", "r1bqkbnr/ppp1pppp/2n1b3/3p4/2P1P3/5N2/PP1P1PPP/RNBQKB1R w KQkq - 0 1", "c4d5",
			"r1bqkbnr/ppp1pppp/8/8/4P3/5N2/PP1P1PPP/RNBQKB1R b KQkq - 0 1"},
		// En passant: the explosion is on the square the Pawn moves to;
		// the Knight beside it goes, the Pawns stay.
		{"atomic", "4k3/8/2n5/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6",
			"4k3/8/8/8/8/8/8/4K3 b - - 0 2"},
		// A Rook blown up on its start square takes its castling right.
		{"atomic", "r3k1r1/8/8/8/8/8/8/R3K1NR b KQq - 0 1", "g8g1",
			"r3k3/8/8/8/8/8/8/R3K3 w Qq - 0 2"},
		// Atomar: the King no explosion removes stands, even capturing.
		{"atomar", "4k3/8/8/8/8/2n5/3K4/8 w - - 0 1", "d2c3",
			"4k3/8/8/8/8/2K5/8/8 b - - 0 1"},
		// No-check Atomic: a King may capture and blow itself up.
		{"nocheckatomic", "4k3/8/8/8/8/2n5/3K4/8 w - - 0 1", "d2c3",
			"4k3/8/8/8/8/8/8/8 b - - 0 1"},
	} {
		p := mustPosition(t, tt.variant, tt.fen)
		before, hash := p.FEN(), p.Hash()
		m := uciMove(t, p, tt.move)
		u := p.make(m)
		if got := p.FEN(); got != tt.after {
			t.Errorf("%s %s: %s; want %s", tt.fen, tt.move, got, tt.after)
		}
		if q := positionOf(t, p.v, p.FEN()); q.Hash() != p.Hash() {
			t.Errorf("%s %s: the hash made differs from the FEN's", tt.fen, tt.move)
		}
		p.unmake(m, u)
		if p.FEN() != before || p.Hash() != hash {
			t.Errorf("%s %s: unmake gives %s", tt.fen, tt.move, p.FEN())
		}
	}
}

// Atomic's royal rules: the King never captures, a move that blows up the
// opposing King is legal whatever it leaves attacked and ends the game,
// touching Kings are never in check.
func TestAtomicKings(t *testing.T) {
	// The King next to a Knight may not take it.
	p := mustPosition(t, "atomic", "4k3/8/8/8/8/8/3n4/4K3 w - - 0 1")
	_, err := p.Play(Move{From: gpSq(t, "e1"), To: gpSq(t, "d2")})
	var e *Error
	if !errors.As(err, &e) || e.Reason != "explodes-own-king" {
		t.Errorf("Kxd2: %v; want explodes-own-king", err)
	}
	// Blowing up the opposing King is legal though the own King is in
	// check, and the game is over: the outcome explosion, no legal move.
	p = mustPosition(t, "atomic", "3qk3/4p3/8/8/8/8/8/3QK2r w - - 0 1")
	if !p.InCheck() {
		t.Fatal("the White King is not in check")
	}
	q, err := p.Play(uciMove(t, p, "d1d8"))
	if err != nil {
		t.Fatal(err)
	}
	if st := q.Status(); st.Outcome != Explosion || st.Winner != White || st.LegalMoves != 0 || st.InCheck {
		t.Errorf("Qxd8: %+v; want explosion won by White, no move", st)
	}
	if back := positionOf(t, q.v, q.FEN()); back.Status().Outcome != Explosion {
		t.Errorf("the FEN after the explosion, %s, read back: %v", q.FEN(), back.Status().Outcome)
	}
	// Touching Kings: no check, though the Rook attacks the White King,
	// and the King may step along the Rook's line beside the other.
	p = mustPosition(t, "atomic", "8/8/8/8/8/8/3k4/r3K3 w - - 0 1")
	if p.InCheck() || len(p.Checkers()) != 0 {
		t.Error("touching Kings: the White King is in check")
	}
	if !p.IsLegal(Move{From: gpSq(t, "e1"), To: gpSq(t, "d1")}) {
		t.Error("Kd1, on the Rook's rank beside the Black King, is not legal")
	}
	if p.IsLegal(Move{From: gpSq(t, "e1"), To: gpSq(t, "f1")}) {
		t.Error("Kf1, away from the Black King onto the Rook's rank, is legal")
	}
	// Castling passes a square the Rook attacks when it touches the other
	// King, and not otherwise.
	p = mustPosition(t, "atomic", "5r2/8/8/8/8/8/6k1/4K2R w K - 0 1")
	if !p.IsLegal(Move{From: gpSq(t, "e1"), To: gpSq(t, "g1")}) {
		t.Error("O-O through f1, attacked but beside the Black King: not legal")
	}
	p = mustPosition(t, "atomic", "5r2/k7/8/8/8/8/8/4K2R w K - 0 1")
	if p.IsLegal(Move{From: gpSq(t, "e1"), To: gpSq(t, "g1")}) {
		t.Error("O-O through the attacked f1: legal")
	}
}

// Atomar's Kings may not take each other (reason immune).
func TestAtomarDiplomacy(t *testing.T) {
	p := mustPosition(t, "atomar", "8/8/8/8/8/8/3k4/4K3 w - - 0 1")
	_, err := p.Play(Move{From: gpSq(t, "e1"), To: gpSq(t, "d2")})
	var e *Error
	if !errors.As(err, &e) || e.Reason != "immune" {
		t.Errorf("Kxd2: %v; want immune", err)
	}
}

// The material rule agrees with python-chess's AtomicBoard on 600 random
// positions.
func TestAtomicMaterial(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "atomic-material.txt"))
	if err != nil {
		t.Fatal(err)
	}
	n, dead := 0, 0
	for _, line := range strings.Split(string(data), "\n") {
		fen, want, ok := strings.Cut(line, "|")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		p := mustPosition(t, "atomic", fen)
		got := [2]bool{p.CanMate(White), p.CanMate(Black)}
		if w := [2]bool{want[0] == '1', want[1] == '1'}; got != w {
			t.Errorf("%s: CanMate = %v; python-chess says %v", fen, got, w)
		}
		if st := p.Status(); (st.Outcome == InsufficientMaterial) != (want == "00") {
			t.Errorf("%s: %v; python-chess's material says %s", fen, st.Outcome, want)
		}
		n++
		if want == "00" {
			dead++
		}
	}
	if n != 600 || dead == 0 {
		t.Errorf("read %d positions, %d drawn; want 600 and some", n, dead)
	}
}

// The definition's keys are checked with their paths.
func TestBlastDefinition(t *testing.T) {
	for _, tt := range []struct {
		variant string
		edit    func(d *Definition)
		field   string
	}{
		{"atomic", func(d *Definition) { d.Rules.Blast.Spare = []string{"Z"} }, "rules.blast.spare[0]"},
		{"atomic", func(d *Definition) { d.Rules.Blast.Spare = []string{"P", "K"} }, "rules.blast.spare[1]"},
		{"atomic", func(d *Definition) { d.Rules.Blast.Immune = []string{"King"} }, "rules.blast.immune[0]"},
		{"atomic", func(d *Definition) { d.Rules.CheckLimit = 3 }, "rules.blast"},
		{"atomic", func(d *Definition) { d.Rules.MovesPerTurn = 2 }, "rules.blast"},
		{"atomic", func(d *Definition) { d.Rules.MutuallyImmune = []string{"X"} }, "rules.mutuallyImmune[0]"},
		{"atomic", func(d *Definition) { d.Rules.Blast = nil }, "rules.insufficientMaterial"},
		{"nocheckatomic", func(d *Definition) { d.Rules.InsufficientMaterial = "atomic" }, "rules.insufficientMaterial"},
	} {
		d := MustBuiltin(tt.variant).Definition()
		b := *d.Rules.Blast
		d.Rules.Blast = &b
		tt.edit(&d)
		_, err := Compile(&d)
		if e, ok := err.(*Error); !ok || e.Code != ErrInvalidVariant || e.Field != tt.field {
			t.Errorf("%s %+v: Compile = %v; want invalid-variant at %s", tt.variant, d.Rules, err, tt.field)
		}
	}
}
