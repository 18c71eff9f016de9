package rules

import (
	"slices"
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
