package rules

import (
	"strings"
	"testing"
)

// playSAN plays moves in SAN on g, failing the test at the first error.
func playSAN(t *testing.T, g *Game, moves string) {
	t.Helper()
	for _, m := range strings.Fields(moves) {
		if _, _, err := g.PlayText(m); err != nil {
			t.Fatalf("PlayText(%s) = %v", m, err)
		}
	}
}

// A three-check game, found by python-chess's ThreeCheckBoard (random play
// from the start), ends on White's third check, which is no checkmate:
// Black could block with ...d6. The counts and the FEN follow every check.
func TestThreeCheckGame(t *testing.T) {
	g := NewGame(MustBuiltin("3check").Start())
	playSAN(t, g, "b3 h6 c3 Nf6 Qc2 g5 Qe4 e6 Qxe6+")
	if got := g.Position().FEN(); got != "rnbqkb1r/pppp1p2/4Qn1p/6p1/8/1PP5/P2PPPPP/RNB1KBNR b KQkq - 2+3 0 5" {
		t.Errorf("after the first check: FEN %s; want 2+3", got)
	}
	playSAN(t, g, "Be7 Qxe7+ Kxe7")
	if st := g.Status(); st.Outcome != Ongoing || g.Position().Checks(White) != 2 {
		t.Fatalf("after two checks: %v, %d checks; want ongoing, 2", st.Outcome, g.Position().Checks(White))
	}
	playSAN(t, g, "Ba3+")
	st := g.Status()
	if st.Outcome != ChecksGiven || st.Winner != White || st.Result() != "1-0" || st.LegalMoves != 0 {
		t.Fatalf("after the third check: %v, winner %v, %s, %d moves; want three-checks, white, 1-0, no move", st.Outcome, st.Winner, st.Result(), st.LegalMoves)
	}
	if got := g.Position().FEN(); got != "rnbq3r/ppppkp2/5n1p/6p1/8/BPP5/P2PPPPP/RN2KBNR b KQ - 0+3 1 7" {
		t.Errorf("final FEN %s; want python-chess's, 0+3", got)
	}
	if _, _, err := g.PlayText("d6"); CodeOf(err) != ErrGameOver {
		t.Errorf("a move after the third check: %v; want game-over", err)
	}
	if ChecksGiven.String() != "three-checks" || !ChecksGiven.Decisive() {
		t.Errorf("ChecksGiven = %q, decisive %v", ChecksGiven, ChecksGiven.Decisive())
	}
}

// The check counts are read in both dialects and written in one; the
// counts are part of the hash, so two positions that differ only in them
// are never a repetition.
func TestCheckCountFEN(t *testing.T) {
	v := MustBuiltin("3check")
	for _, tt := range []struct{ in, out string }{
		{"4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 30", "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 30"},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 30 +2+0", "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 30"},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 30", "4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 30"},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 2+1", "4k3/8/8/8/8/8/8/R3K3 w - - 2+1 0 1"},
	} {
		p := positionOf(t, v, tt.in)
		if got := p.FEN(); got != tt.out {
			t.Errorf("FEN(%q) = %q; want %q", tt.in, got, tt.out)
		}
		if q := positionOf(t, v, p.FEN()); q.Hash() != p.Hash() {
			t.Errorf("%q: the FEN written reads back to another hash", tt.in)
		}
	}
	a := positionOf(t, v, "4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 30")
	b := positionOf(t, v, "4k3/8/8/8/8/8/8/R3K3 w - - 2+3 0 30")
	if a.RepetitionKey() == b.RepetitionKey() {
		t.Error("positions with other check counts share a repetition key")
	}
	if a.Setup().Checks != [2]int{2, 0} {
		t.Errorf("Setup().Checks = %v; want [2 0]", a.Setup().Checks)
	}
	five := MustBuiltin("5check")
	if got := positionOf(t, five, "4k3/8/8/8/8/8/8/R3K3 w - - 0 30 +2+0").FEN(); got != "4k3/8/8/8/8/8/8/R3K3 w - - 3+5 0 30" {
		t.Errorf("5check +2+0 read as %q; want 3+5 (the checks given counted against five)", got)
	}
}

func TestCheckCountFENErrors(t *testing.T) {
	v := MustBuiltin("3check")
	for _, tt := range []struct {
		fen    string
		code   Code
		field  string
		offset int
	}{
		{"4k3/8/8/8/8/8/8/R3K3 w - - 4+3 0 30", ErrInvalidFEN, "checks", 27},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 3+9 0 30", ErrInvalidFEN, "checks", 29},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 30 +0+4", ErrInvalidFEN, "checks", 35},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0+0 0 30", ErrIllegalPosition, "checks", 27},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 30 +0+0", ErrInvalidFEN, "fen", 36},
	} {
		s, err := ParseFEN(v, tt.fen)
		if err == nil {
			_, err = NewPosition(s)
		}
		e, ok := err.(*Error)
		if !ok || e.Code != tt.code || e.Field != tt.field || e.Offset != tt.offset {
			t.Errorf("%q: %v; want %s in %s at offset %d", tt.fen, err, tt.code, tt.field, tt.offset)
		}
	}
	// In chess the field is no check count.
	if _, err := ParseFEN(MustBuiltin("chess"), "4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 30"); CodeOf(err) != ErrInvalidFEN {
		t.Errorf("chess with 3+3: %v; want invalid-fen", err)
	}
}

// Three-check is drawn by material only when both sides have their Kings
// alone; a Knight can still give check.
func TestThreeCheckMaterial(t *testing.T) {
	for _, tt := range []struct {
		fen  string
		want Outcome
		mate [2]bool
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 3+3 0 1", InsufficientMaterial, [2]bool{false, false}},
		{"4k3/8/8/8/8/8/8/3NK3 w - - 3+3 0 1", Ongoing, [2]bool{true, false}},
	} {
		p := mustPosition(t, "3check", tt.fen)
		if st := p.Status(); st.Outcome != tt.want {
			t.Errorf("%q: %v; want %v", tt.fen, st.Outcome, tt.want)
		}
		if got := [2]bool{p.CanMate(White), p.CanMate(Black)}; got != tt.mate {
			t.Errorf("%q: CanMate = %v; want %v", tt.fen, got, tt.mate)
		}
	}
}

// Racing Kings: no move may give check, and the race ends as lichess
// rules it: Black answers White's King home with one more move, a draw if
// its King gets home too; Black's King home first wins at once.
func TestRacingKings(t *testing.T) {
	start := MustBuiltin("racingkings").Start()
	// Ne2-c3 would attack the black King on a2.
	m := Move{From: SquareAt(4, 1), To: SquareAt(2, 2)}
	if _, err := start.Play(m); CodeOf(err) != ErrIllegalMove || err.(*Error).Reason != "gives-check" {
		t.Errorf("Nc3 from the start: %v; want illegal-move, gives-check", err)
	}
	if n := len(start.LegalMoves()); n != 21 {
		t.Errorf("the start has %d legal moves; want 21", n)
	}
	for _, tt := range []struct {
		name, fen string
		moves     []string
		want      Outcome
		winner    Color
		result    string
	}{
		{"black answers home: a draw", "8/1K4k1/8/8/8/8/8/8 w - - 0 1", []string{"b7b8", "g7g8"}, RaceDrawn, 0, "1/2-1/2"},
		{"black answers elsewhere: white wins", "8/1K4k1/8/8/8/8/8/8 w - - 0 1", []string{"b7b8", "g7f6"}, RaceWon, White, "1-0"},
		{"black home first wins at once", "8/1K4k1/8/8/8/8/8/8 b - - 0 1", []string{"g7g8"}, RaceWon, Black, "0-1"},
		{"white home, black too far: white wins", "8/1K6/6k1/8/8/8/8/8 w - - 0 1", []string{"b7b8"}, RaceWon, White, "1-0"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			g := NewGame(mustPosition(t, "racingkings", tt.fen))
			playUCI(t, g, tt.moves[:len(tt.moves)-1]...)
			if st := g.Status(); st.Outcome != Ongoing {
				t.Fatalf("before the last move: %v; want ongoing", st.Outcome)
			}
			playUCI(t, g, tt.moves[len(tt.moves)-1])
			st := g.Status()
			if st.Outcome != tt.want || st.Winner != tt.winner || st.Result() != tt.result || st.LegalMoves != 0 {
				t.Fatalf("%v, winner %v, %s, %d moves; want %v, %v, %s, no move", st.Outcome, st.Winner, st.Result(), st.LegalMoves, tt.want, tt.winner, tt.result)
			}
		})
	}
	p := mustPosition(t, "racingkings", "K6k/8/8/8/8/8/8/8 w - - 0 1")
	if _, err := p.Play(Move{From: SquareAt(0, 7), To: SquareAt(1, 7)}); CodeOf(err) != ErrGameOver || err.(*Error).Reason != "game-over" {
		t.Errorf("a move with both Kings home: %v; want game-over", err)
	}
	if RaceWon.String() != "race-won" || !RaceWon.Decisive() || RaceDrawn.String() != "race-drawn" || RaceDrawn.Decisive() {
		t.Errorf("RaceWon %q decisive %v, RaceDrawn %q decisive %v", RaceWon, RaceWon.Decisive(), RaceDrawn, RaceDrawn.Decisive())
	}
	if !p.CanMate(White) || !p.CanMate(Black) {
		t.Error("a lone King can still win a race: CanMate false")
	}
}

// The definition's keys are checked with their paths.
func TestCheckRulesDefinition(t *testing.T) {
	for _, tt := range []struct {
		edit  func(r *RulesDef)
		field string
	}{
		{func(r *RulesDef) { r.CheckLimit = -1 }, "rules.checkLimit"},
		{func(r *RulesDef) { r.CheckLimit = MaxCheckLimit + 1 }, "rules.checkLimit"},
		{func(r *RulesDef) { r.GivingCheck = "never" }, "rules.givingCheck"},
		{func(r *RulesDef) { r.GivingCheck, r.CheckLimit = "illegal", 3 }, "rules.checkLimit"},
		{func(r *RulesDef) { r.InsufficientMaterial = "king" }, "rules.insufficientMaterial"},
	} {
		d := MustBuiltin("chess").Definition()
		tt.edit(&d.Rules)
		_, err := Compile(&d)
		if e, ok := err.(*Error); !ok || e.Code != ErrInvalidVariant || e.Field != tt.field {
			t.Errorf("%+v: Compile = %v; want invalid-variant at %s", d.Rules, err, tt.field)
		}
	}
}

// The check filter never calls a move that gives check quiet: every plain
// legal move of random positions of every built-in variant whose filter
// holds, judged by the filter and by trying it.
func TestCheckFilter(t *testing.T) {
	vs, err := Builtins()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, v := range vs {
		g := NewGame(v.Start())
		rng := uint64(len(v.ID()))
		for ply := 0; ply < 60 && g.Status().Outcome == Ongoing; ply++ {
			p := g.Position()
			var f checkFilter
			if f.init(p) {
				for _, m := range p.LegalMoves() {
					if plainForCheck(m) && f.quiet(p, m) {
						checked++
						if p.givesCheck(m) {
							t.Fatalf("%s %s: %s gives check; the filter calls it quiet", v.ID(), p.FEN(), p.UCI(m))
						}
					}
				}
			}
			legal := g.LegalMoves()
			rng = rng*6364136223846793005 + 1442695040888963407
			if err := g.Play(legal[int(rng>>33)%len(legal)]); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked < 1000 {
		t.Errorf("the filter cleared %d moves; want many", checked)
	}
}
