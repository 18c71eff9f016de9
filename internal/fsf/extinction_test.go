package fsf

import (
	"reflect"
	"slices"
	"testing"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// TestExtinctionTranslation: Fairy-Stockfish's extinction keys become
// rules.extinction (* alone as "*", * with other types as those types),
// mustCapture rules.captures "compulsory", stalemateValue = win
// rules.stalemate "win"; a variant whose King is a commoner has no royal
// piece. The children of the built-in antichess and threekings play this
// service's games of those names.
func TestExtinctionTranslation(t *testing.T) {
	secs := importText(t, `[anti:antichess]

[three:threekings]

[kamikaze:chess]
extinctionValue = win
extinctionPieceTypes = r

[royalq:chess]
extinctionValue = loss
extinctionPieceTypes = q

[allplus:giveaway]
castling = false
extinctionPieceTypes = *q

[capture:chess]
mustCapture = true

[stalewin:chess]
stalemateValue = win

[nochecks:antichess]
checking = false
`)
	type want struct {
		ext       *rules.ExtinctionDef
		captures  string
		stalemate string
		royal     bool
	}
	all := &rules.ExtinctionDef{Pieces: []string{"*"}, Result: "win"}
	wants := map[string]want{
		"anti":     {ext: all, captures: "compulsory", stalemate: "win"},
		"three":    {ext: &rules.ExtinctionDef{Pieces: []string{"K"}, Count: 2, Result: "loss"}},
		"kamikaze": {ext: &rules.ExtinctionDef{Pieces: []string{"R"}, Result: "win"}, royal: true},
		"royalq":   {ext: &rules.ExtinctionDef{Pieces: []string{"Q"}, Result: "loss"}, royal: true},
		"allplus":  {ext: &rules.ExtinctionDef{Pieces: []string{"Q"}, Result: "win"}, captures: "compulsory", stalemate: "win"},
		"capture":  {captures: "compulsory", royal: true},
		"stalewin": {stalemate: "win", royal: true},
		"nochecks": {ext: all, captures: "compulsory", stalemate: "win"},
	}
	if len(secs) != len(wants) {
		t.Fatalf("%d sections; want %d", len(secs), len(wants))
	}
	for _, s := range secs {
		w := wants[s.Name]
		d := s.Definition
		if d == nil {
			t.Errorf("[%s] not imported: %+v", s.Name, s.Problems)
			continue
		}
		royal := slices.ContainsFunc(d.Pieces, func(p rules.PieceDef) bool { return p.Royal })
		if !reflect.DeepEqual(d.Rules.Extinction, w.ext) || d.Rules.Captures != w.captures || d.Rules.Stalemate != w.stalemate || royal != w.royal {
			t.Errorf("[%s] extinction %+v, captures %q, stalemate %q, royal %v; want %+v, %q, %q, %v",
				s.Name, d.Rules.Extinction, d.Rules.Captures, d.Rules.Stalemate, royal, w.ext, w.captures, w.stalemate, w.royal)
		}
		if !w.royal && (d.Rules.Castling != nil || d.Rules.GivingCheck != "") {
			t.Errorf("[%s] castling %+v, givingCheck %q; want none without a royal piece", s.Name, d.Rules.Castling, d.Rules.GivingCheck)
		}
		if _, err := rules.Compile(d); err != nil {
			t.Errorf("[%s] Compile: %v", s.Name, err)
		}
	}
	// The children of the built-ins play this service's games of their
	// names.
	wantBuiltinChildren(t, secs, map[string]string{"anti": "antichess", "three": "threekings"})
	// Around an extinction, where random games seldom go: Fairy-Stockfish's
	// counts (commit c19b5f6c, these sections as VariantPath, "position
	// fen FEN", "go perft N"). With *q, taking Black's only Queen ends the
	// game, though Black keeps a King; with a royal King, the Queen's loss
	// ends it too.
	const fen = "4k3/8/8/8/8/8/3q4/3RK2Q w - - 0 1"
	wantSectionPerft(t, secs, "allplus", fen, 2, 0, 0)
	wantSectionPerft(t, secs, "royalq", fen, 3, 28, 567)
}

// TestExtinctionRefusals: each use of the extinction keys the format
// cannot say is refused with unsupported-key, naming its key.
func TestExtinctionRefusals(t *testing.T) {
	secs := importText(t, `[suicide2:suicide]

[draw:chess]
extinctionValue = draw
extinctionPieceTypes = q

[claim:chess]
extinctionValue = loss
extinctionPieceTypes = q
extinctionClaim = true

[opponent:chess]
extinctionValue = loss
extinctionPieceTypes = q
extinctionOpponentPieceCount = 1

[noking:chess]
king = -
commoner = k
castling = false

[absent:chess]
archbishop = a
extinctionValue = loss
extinctionPieceTypes = a

[decided:threekings]
startFen = knbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/KNBQKBNR w - - 0 1

[counted:antichess]
checkCounting = true
`)
	want := map[string]string{
		"suicide2": "stalematePieceCount", "draw": "extinctionValue", "claim": "extinctionClaim",
		"opponent": "extinctionOpponentPieceCount", "noking": "king",
		"absent": "extinctionPieceTypes", "decided": "startFen", "counted": "checkCounting",
	}
	wantRefusedAt(t, secs, want)
}
