package rules

import (
	"slices"
	"strings"
	"testing"
)

// TestEndRulesCompiled: each variant's end rules are those its definition
// switches on, in the order they are judged.
func TestEndRulesCompiled(t *testing.T) {
	for id, want := range map[string][]string{
		"chess":         {"checkmate", "stalemate", "insufficientMaterial", "draws.repetitionEnd", "draws.moveEnd"},
		"courier":       {"checkmate", "bareKing", "stalemateLoss", "draws.repetitionEnd", "draws.moveEnd"},
		"wildebeest":    {"checkmate", "stalemateLoss", "draws.repetitionEnd", "draws.moveEnd"},
		"kingofthehill": {"flag", "checkmate", "stalemate", "draws.repetitionEnd", "draws.moveEnd"},
		"3check":        {"checkLimit", "checkmate", "stalemate", "insufficientMaterial", "draws.repetitionEnd", "draws.moveEnd"},
		"racingkings":   {"flag", "checkmate", "stalemate", "draws.repetitionEnd", "draws.moveEnd"},
	} {
		v := MustBuiltin(id)
		var got []string
		for _, r := range v.ends {
			got = append(got, r.name)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: end rules %v, want %v", id, got, want)
		}
	}
}

// TestJudgeEndsSkipsCountingRules: without a count of the legal moves
// (Game.endedByRule), checkmate and stalemate are not judged, and the
// rules after them still are.
func TestJudgeEndsSkipsCountingRules(t *testing.T) {
	p := mustPosition(t, "chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1") // stalemate, not dead material
	if o, _ := p.judgeEnds(&judging{legal: -1, repetitions: 1}); o != Ongoing {
		t.Errorf("stalemate judged without a move count: %v", o)
	}
	if o, _ := p.judgeEnds(&judging{legal: 0, repetitions: 1}); o != Stalemate {
		t.Errorf("with no legal move: %v, want stalemate", o)
	}
	if o, _ := p.judgeEnds(&judging{legal: -1, repetitions: 5}); o != FivefoldRepetition {
		t.Errorf("fifth occurrence without a move count: %v, want fivefold-repetition", o)
	}
}

// The end rules are data: King of the Hill on Grand Chess's board and
// three-check Terachess II, docs/VARIANTS.md's examples, compile and end
// their games by their rules.
func TestEndRulesOnAnyBoard(t *testing.T) {
	grand := MustBuiltin("grand").Definition()
	grand.ID, grand.Name = "grand-hill", "Grand Chess of the Hill"
	hill := []string{"e5", "f5", "e6", "f6"}
	grand.Rules.Flag = &FlagDef{Piece: "K", White: hill, Black: hill}
	v, err := Compile(&grand)
	if err != nil {
		t.Fatalf("Compile(grand with a flag) = %v", err)
	}
	g := NewGame(positionOf(t, v, "k9/10/10/10/10/10/4K5/10/10/10 w - - 0 1"))
	playUCI(t, g, "e4e5")
	if st := g.Status(); st.Outcome != FlagReached || st.Winner != White {
		t.Errorf("grand of the hill, Ke5: %v, winner %v; want king-of-the-hill, white", st.Outcome, st.Winner)
	}
	tera := MustBuiltin("terachess2").Definition()
	tera.ID, tera.Name = "terachess2-3check", "Three-check Terachess II"
	tera.Rules.CheckLimit = 3
	tera.StartFEN = strings.Replace(tera.StartFEN, " w Kk - 0 1", " w Kk - 3+3 0 1", 1)
	v, err = Compile(&tera)
	if err != nil {
		t.Fatalf("Compile(terachess2 with a check limit) = %v", err)
	}
	if got, want := Perft(v.Start(), 2), Perft(MustBuiltin("terachess2").Start(), 2); got != want {
		t.Errorf("three-check Terachess II perft 2 = %d; want Terachess II's %d (no check that early)", got, want)
	}
	g = NewGame(positionOf(t, v, "1k14/16/16/16/16/16/16/16/16/16/16/16/16/16/16/R14K w - - 1+3 0 1"))
	playUCI(t, g, "a1a2", "b16c16", "a2c2")
	if st := g.Status(); st.Outcome != ChecksGiven || st.Winner != White {
		t.Errorf("three-check Terachess II, the third check: %v, winner %v; want three-checks, white", st.Outcome, st.Winner)
	}
}
