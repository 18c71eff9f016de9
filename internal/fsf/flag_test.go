package fsf

import (
	"reflect"
	"testing"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// TestFlagTranslation: Fairy-Stockfish's capture-the-flag keys become
// rules.flag, read as Fairy-Stockfish reads them (the last letter of a
// PieceType, regions of the board only, the deprecated whiteFlag and
// blackFlag; * and the default, every piece, as "*"; flagPieceCount,
// flagPieceBlockedWin and flagPieceSafe as count, blocked and safe), and
// the built-in kingofthehill's children carry its hill.
func TestFlagTranslation(t *testing.T) {
	secs := importText(t, `[hill:chess]
flagPiece = k
flagRegion = d4 e4 d5 e5

[ranks:chess]
flagPieceWhite = p
flagPieceBlack = p
flagRegionWhite = *6
flagRegionBlack = *3

[last:chess]
flagPiece = nq
whiteFlag = a*
blackFlag = h8 i9
flagPieceCount = 1

[kids:kingofthehill]

[noregion:chess]
flagPiece = k
flagMove = true
flagPieceCount = 2

[cleared:kingofthehill]
flagRegion = -

[any:chess]
flagRegionWhite = a8 h8
flagRegionBlack = a1 h1

[count:kingofthehill]
flagPieceCount = 2

[blocked:kingofthehill]
flagPiece = *
flagPieceCount = 4
flagPieceBlockedWin = true

[safe:racingkings]
flagPieceSafe = true
`)
	want := map[string]*rules.FlagDef{
		"hill":     {Piece: "K", White: []string{"d4", "e4", "d5", "e5"}, Black: []string{"d4", "e4", "d5", "e5"}},
		"ranks":    {Piece: "P", White: []string{"a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6"}, Black: []string{"a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3"}},
		"last":     {Piece: "Q", White: []string{"a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8"}, Black: []string{"h8"}},
		"kids":     {Piece: "K", White: []string{"d4", "e4", "d5", "e5"}, Black: []string{"d4", "e4", "d5", "e5"}},
		"noregion": nil,
		"cleared":  nil,
		"any":      {Piece: "*", White: []string{"a8", "h8"}, Black: []string{"a1", "h1"}},
		"count":    {Piece: "K", Count: 2, White: []string{"d4", "e4", "d5", "e5"}, Black: []string{"d4", "e4", "d5", "e5"}},
		"blocked":  {Piece: "*", Count: 4, Blocked: true, White: []string{"d4", "e4", "d5", "e5"}, Black: []string{"d4", "e4", "d5", "e5"}},
		"safe":     {Piece: "K", Safe: true, Answer: true, White: []string{"a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"}, Black: []string{"a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"}},
	}
	for _, s := range secs {
		if s.Definition == nil {
			t.Errorf("[%s] not imported: %+v", s.Name, s.Problems)
			continue
		}
		if got := s.Definition.Rules.Flag; !reflect.DeepEqual(got, want[s.Name]) {
			t.Errorf("[%s] flag = %+v; want %+v", s.Name, got, want[s.Name])
		}
		if _, err := rules.Compile(s.Definition); err != nil {
			t.Errorf("[%s] Compile: %v", s.Name, err)
		}
	}
	// The child of kingofthehill plays the built-in King of the Hill.
	for _, s := range secs {
		if s.Name != "kids" || s.Definition == nil {
			continue
		}
		v, err := rules.Compile(s.Definition)
		if err != nil {
			t.Fatal(err)
		}
		ours, err := rules.Builtin("kingofthehill")
		if err != nil {
			t.Skipf("no built-in kingofthehill: %v", err)
		}
		if got, want := rules.Perft(v.Start(), 3), rules.Perft(ours.Start(), 3); got != want {
			t.Errorf("[kids] perft 3 = %d; the built-in kingofthehill counts %d", got, want)
		}
	}
}

// TestFlagRefusals: each flag rule the format cannot say is refused with
// unsupported-key, naming its key: a count above the squares, different
// pieces, a side without squares, and a start that has reached the flag
// already (every piece on the eighth rank: Black's start; eight Pawns of
// nine on the first two ranks, every square taken: blocked).
func TestFlagRefusals(t *testing.T) {
	secs := importText(t, `[any:chess]
flagRegion = *8

[anystar:chess]
flagPiece = *
flagRegion = *8

[count:kingofthehill]
flagPieceCount = 5

[blocked:chess]
flagPiece = p
flagRegionWhite = *1 *2
flagRegionBlack = *7 *8
flagPieceCount = 9
flagPieceBlockedWin = true

[differ:chess]
flagPieceWhite = k
flagPieceBlack = q
flagRegion = *8

[oneside:chess]
flagPiece = k
flagRegionWhite = *8

[offboard:chess]
flagPiece = k
flagRegionWhite = *8
flagRegionBlack = i1 *10

[reached:kingofthehill]
startFen = rnbq1bnr/pppppppp/8/8/3k4/8/PPPPPPPP/RNBQKBNR w KQ - 0 1
`)
	want := map[string]string{
		"any": "startFen", "anystar": "startFen", "count": "flagPieceCount", "blocked": "startFen",
		"differ": "flagPieceBlack", "oneside": "flagRegionBlack", "offboard": "flagRegionBlack",
		"reached": "startFen",
	}
	wantRefusedAt(t, secs, want)
}

// TestFlagInvalidPiece: a flag piece that is no piece of the variant is an
// invalid value.
func TestFlagInvalidPiece(t *testing.T) {
	secs := importText(t, "[a:chess]\nflagPiece = z\nflagRegion = *8\n")
	if len(secs) != 1 || secs[0].Definition != nil || len(secs[0].Problems) == 0 || secs[0].Problems[0].Code != CodeInvalidValue {
		t.Errorf("flagPiece = z: %+v; want an %s problem", secs, CodeInvalidValue)
	}
}
