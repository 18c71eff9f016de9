package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Antichess as lichess rules it: compulsory captures, the King an ordinary
// piece, a side with no piece left or no legal move wins, and Bishops that
// can never meet draw.
func TestAntichessEnds(t *testing.T) {
	tests := []struct {
		name, fen string
		moves     []string
		want      Outcome
		winner    Color
	}{
		{"the last piece given away wins", "8/8/8/8/8/8/1p6/R7 b - - 0 1", []string{"b2a1q"}, Extinction, White},
		{"the last piece given away, by a capture of the King", "8/8/8/8/8/8/1k6/R7 w - - 0 1", []string{"a1a2", "b2a2"}, Extinction, White},
		{"stalemated wins", "8/8/8/8/8/p7/P7/8 w - - 0 1", nil, StalemateWin, White},
		{"bishops on other colours draw", "8/8/8/8/4b3/8/3B4/8 w - - 0 1", nil, InsufficientMaterial, 0},
		{"bishops on one colour play on", "8/8/8/4b3/8/8/3B4/8 w - - 0 1", nil, Ongoing, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := NewGame(mustPosition(t, "antichess", tt.fen))
			playUCI(t, g, tt.moves...)
			st := g.Status()
			if st.Outcome != tt.want || st.Winner != tt.winner || st.InCheck {
				t.Fatalf("%v, winner %v, in check %v; want %v, %v, never in check", st.Outcome, st.Winner, st.InCheck, tt.want, tt.winner)
			}
			if tt.want == Extinction && st.LegalMoves != 0 {
				t.Errorf("%d legal moves after extinction; want none", st.LegalMoves)
			}
		})
	}
	if Extinction.String() != "extinction" || !Extinction.Decisive() || StalemateWin.String() != "stalemate-win" || !StalemateWin.Decisive() {
		t.Errorf("Extinction %q, StalemateWin %q", Extinction, StalemateWin)
	}
}

// A capture is compulsory: a quiet move while one is possible is illegal
// with its own reason; the King may be captured and a Pawn may become one.
func TestAntichessMoves(t *testing.T) {
	g := NewGame(MustBuiltin("antichess").Start())
	playUCI(t, g, "e2e3", "b7b5")
	p := g.Position()
	if _, err := p.Play(Move{From: SquareAt(1, 0), To: SquareAt(2, 2)}); CodeOf(err) != ErrIllegalMove || err.(*Error).Reason != "must-capture" {
		t.Errorf("Nc3 while Bxb5 is possible: %v; want illegal-move, must-capture", err)
	}
	if n := len(p.LegalMoves()); n != 1 {
		t.Errorf("after 1.e3 b5: %d legal moves; want 1 (Bxb5)", n)
	}
	k := mustPosition(t, "antichess", "8/8/8/8/8/8/1k6/R7 w - - 0 1")
	if k.InCheck() || len(k.Checkers()) != 0 {
		t.Error("a King attacked in antichess is in check; want never")
	}
	promo := mustPosition(t, "antichess", "8/P7/8/8/8/8/8/k7 w - - 0 1")
	if san := promo.SAN(uciMove(t, promo, "a7a8k")); san != "a8=K" {
		t.Errorf("the promotion to a King is written %q; want a8=K", san)
	}
	if _, err := promo.ParseMove("O-O"); CodeOf(err) == "" {
		t.Error("O-O in antichess parses; want an error")
	}
}

// Who can still win, the question of a flag fall, as python-chess's
// has_insufficient_material answers it for antichess.
func TestAntichessCanWin(t *testing.T) {
	for _, tt := range []struct {
		fen  string
		want [2]bool
	}{
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", [2]bool{true, true}},
		{"8/8/8/8/4b3/8/3B4/8 w - - 0 1", [2]bool{false, false}}, // the Bishops never meet
		{"8/8/8/4b3/8/8/3B4/8 w - - 0 1", [2]bool{true, true}},
		{"8/8/8/8/8/8/8/R7 b - - 0 1", [2]bool{false, true}}, // Black has won already
		// Two Knights, one a side: python-chess's turn and colour rule.
		{"8/8/8/8/8/8/1n6/N7 w - - 0 1", [2]bool{true, false}},
		{"8/8/8/8/8/8/1n6/N7 b - - 0 1", [2]bool{false, true}},
	} {
		p := mustPosition(t, "antichess", tt.fen)
		if got := [2]bool{p.CanMate(White), p.CanMate(Black)}; got != tt.want {
			t.Errorf("%q: CanMate = %v; want %v", tt.fen, got, tt.want)
		}
	}
}

// The definition's keys are checked with their paths.
func TestExtinctionDefinition(t *testing.T) {
	for _, tt := range []struct {
		edit  func(d *Definition)
		field string
	}{
		{func(d *Definition) { d.Rules.Extinction, d.Rules.Stalemate = nil, "" }, "pieces"},
		{func(d *Definition) { d.Rules.Extinction, d.Rules.Stalemate = nil, "draw" }, "pieces"},
		{func(d *Definition) { d.Rules.Extinction.Result = "draw" }, "rules.extinction.result"},
		{func(d *Definition) { d.Rules.Extinction.Pieces = nil }, "rules.extinction.pieces"},
		{func(d *Definition) { d.Rules.Extinction.Pieces = []string{"*", "K"} }, "rules.extinction.pieces[0]"},
		{func(d *Definition) { d.Rules.Extinction.Pieces = []string{"Z"} }, "rules.extinction.pieces[0]"},
		{func(d *Definition) { d.Rules.Extinction.Pieces = []string{"K", "King"} }, "rules.extinction.pieces[1]"},
		{func(d *Definition) { d.Rules.Extinction.Count = -1 }, "rules.extinction.count"},
		{func(d *Definition) { d.Rules.Captures = "always" }, "rules.captures"},
		{func(d *Definition) { d.Rules.Castling = &CastlingDef{Rook: "R", Notation: "kq"} }, "rules.castling.king"},
		{func(d *Definition) { d.Rules.Castling = &CastlingDef{Rook: "R", Notation: "kq", King: "Z"} }, "rules.castling.king"},
		{func(d *Definition) { d.Rules.CheckLimit = 3 }, "rules.checkLimit"},
	} {
		d := MustBuiltin("antichess").Definition()
		x := *d.Rules.Extinction
		d.Rules.Extinction = &x
		tt.edit(&d)
		_, err := Compile(&d)
		if e, ok := err.(*Error); !ok || e.Code != ErrInvalidVariant || e.Field != tt.field {
			t.Errorf("%+v: Compile = %v; want invalid-variant at %s", d.Rules, err, tt.field)
		}
	}
}

// Horde: White has no King and loses when its last piece is taken; it wins
// by mate; a double step from the first rank gives no en-passant right.
func TestHorde(t *testing.T) {
	g := NewGame(mustPosition(t, "horde", "8/8/8/8/8/8/3k4/4P3 b - - 0 1"))
	playUCI(t, g, "d2e1")
	if st := g.Status(); st.Outcome != Extinction || st.Winner != Black || st.LegalMoves != 0 {
		t.Errorf("the horde's last piece taken: %v, winner %v, %d moves; want extinction, black, none", st.Outcome, st.Winner, st.LegalMoves)
	}
	p := mustPosition(t, "horde", "")
	if p.InCheck() || p.KingSquare(White) != NoSquare {
		t.Error("the horde has a King or is in check")
	}
	g = NewGame(mustPosition(t, "horde", "4k3/8/8/8/8/1p6/8/P7 w - - 0 1"))
	playUCI(t, g, "a1a3")
	if ep := g.Position().EnPassant(); ep != NoSquare {
		t.Errorf("a1-a3 gives an en-passant right on %s; want none", ep)
	}
	if s, err := ParseFEN(MustBuiltin("horde"), "4k3/8/8/8/8/Pp6/8/8 b - a2 0 1"); err == nil {
		if _, err := NewPosition(s); CodeOf(err) != ErrIllegalPosition {
			t.Errorf("an en-passant square on a2: %v; want illegal-position", err)
		}
	}
	// A mate by the horde.
	g = NewGame(mustPosition(t, "horde", "k7/1nP5/PPP5/8/8/8/8/8 w - - 0 1"))
	playUCI(t, g, "c6b7")
	if st := g.Status(); st.Outcome != Checkmate || st.Winner != White {
		t.Errorf("cxb7 mate: %v, winner %v; want checkmate, white", st.Outcome, st.Winner)
	}
}

// Horde's material, against python-chess's answers for 600 random
// positions (testdata/horde-material.txt): White can still win or not; the
// King's side always can.
func TestHordeMaterial(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "horde-material.txt"))
	if err != nil {
		t.Fatal(err)
	}
	n, cannot := 0, 0
	for _, line := range strings.Split(string(data), "\n") {
		fen, want, ok := strings.Cut(line, "|")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		p := mustPosition(t, "horde", fen)
		if got := p.CanMate(White); got != (want == "1") {
			t.Errorf("%s: CanMate(White) = %v; python-chess says %s", fen, got, want)
		}
		if !p.CanMate(Black) {
			t.Errorf("%s: CanMate(Black) = false; the King's side can always win", fen)
		}
		n++
		if want == "0" {
			cannot++
		}
	}
	if n != 600 || cannot == 0 {
		t.Errorf("read %d positions, %d where White cannot win; want 600 and some", n, cannot)
	}
	if o := mustPosition(t, "horde", "8/8/8/8/8/3k4/8/4B3 w - - 0 1").Status().Outcome; o != Ongoing {
		t.Errorf("a lone Bishop against a lone King in Horde: %v; want ongoing (no draw by material)", o)
	}
}

// The royal pieces each side has are the start's: Horde's White none,
// Black one.
func TestHordeKings(t *testing.T) {
	v := MustBuiltin("horde")
	for _, fen := range []string{
		"4k3/8/8/8/8/8/8/K7 w - - 0 1", // a White King
		"8/8/8/8/8/8/8/P7 w - - 0 1",   // no Black King
	} {
		s, err := ParseFEN(v, fen)
		if err == nil {
			_, err = NewPosition(s)
		}
		if CodeOf(err) != ErrIllegalPosition {
			t.Errorf("%q: %v; want illegal-position", fen, err)
		}
	}
}

// Losers: the mated or stalemated side wins, and so does a side left with
// its King alone; captures are compulsory, check or not.
func TestLosers(t *testing.T) {
	for _, tt := range []struct {
		fen    string
		want   Outcome
		winner Color
	}{
		{"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", CheckmateWin, Black},
		{"k7/7p/1Q5P/8/8/8/8/7K b - - 0 1", StalemateWin, Black},
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", Extinction, Black},
	} {
		st := mustPosition(t, "losers", tt.fen).Status()
		if st.Outcome != tt.want || st.Winner != tt.winner {
			t.Errorf("%q: %v, winner %v; want %v, %v", tt.fen, st.Outcome, st.Winner, tt.want, tt.winner)
		}
	}
	// In check with a capture that answers it, the capture is the only move.
	p := mustPosition(t, "losers", "4k3/8/8/8/8/8/3q4/R3K3 w - - 0 1")
	if ms := p.LegalMoves(); len(ms) != 1 || p.UCI(ms[0]) != "e1d2" {
		t.Errorf("Qd2+ in losers: legal moves %v; want only Kxd2", ms)
	}
	if CheckmateWin.String() != "checkmate-win" || !CheckmateWin.Decisive() {
		t.Errorf("CheckmateWin %q", CheckmateWin)
	}
}
