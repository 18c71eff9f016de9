package fsf

import (
	"testing"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// TestChecksTranslation: Fairy-Stockfish's checkCounting becomes
// rules.checkLimit, its limit and the checks already given read from the
// start FEN's counters as Fairy-Stockfish reads them (one digit a side
// after the en-passant field, 1+1 without them, lichess's +W+B as three
// less the checks given); checking = false becomes rules.givingCheck
// "illegal" and flagMove rules.flag.answer. The children of the built-in
// 3check, 5check and racingkings play this service's games of those names.
func TestChecksTranslation(t *testing.T) {
	secs := importText(t, `[three:3check]

[five:5check]

[race:racingkings]

[nextcheck:chess]
checkCounting = true

[seven:chess]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7+7 0 1
checkCounting = true

[uneven:3check]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+2 0 1

[lichess:3check]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+0

[nocheck:chess]
checking = false

[racing:chess]
flagPiece = k
flagRegionWhite = *8
flagRegionBlack = *1
flagMove = true
checking = false
`)
	type want struct {
		limit  int
		given  [2]int
		fen    string
		giving string
		answer bool
	}
	const board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - "
	wants := map[string]want{
		"three":     {limit: 3, fen: board + "3+3 0 1"},
		"five":      {limit: 5, fen: board + "5+5 0 1"},
		"race":      {giving: "illegal", answer: true, fen: "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"},
		"nextcheck": {limit: 1, fen: board + "1+1 0 1"},
		"seven":     {limit: 7, fen: board + "7+7 0 1"},
		"uneven":    {limit: 3, given: [2]int{0, 1}, fen: board + "3+2 0 1"},
		"lichess":   {limit: 3, given: [2]int{1, 0}, fen: board + "2+3 0 1"},
		"nocheck":   {giving: "illegal", fen: board + "0 1"},
		"racing":    {giving: "illegal", answer: true, fen: board + "0 1"},
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
		answer := d.Rules.Flag != nil && d.Rules.Flag.Answer
		if d.Rules.CheckLimit != w.limit || d.Rules.GivingCheck != w.giving || answer != w.answer || d.StartFEN != w.fen {
			t.Errorf("[%s] checkLimit %d, givingCheck %q, flag answer %v, start %q; want %d, %q, %v, %q",
				s.Name, d.Rules.CheckLimit, d.Rules.GivingCheck, answer, d.StartFEN, w.limit, w.giving, w.answer, w.fen)
		}
		v, err := rules.Compile(d)
		if err != nil {
			t.Errorf("[%s] Compile: %v", s.Name, err)
			continue
		}
		if p := v.Start(); p.Checks(rules.White) != w.given[0] || p.Checks(rules.Black) != w.given[1] {
			t.Errorf("[%s] checks given at the start %d+%d; want %d+%d", s.Name, p.Checks(rules.White), p.Checks(rules.Black), w.given[0], w.given[1])
		}
	}
	// The children of the built-ins play this service's games of their
	// names.
	wantBuiltinChildren(t, secs, map[string]string{"three": "3check", "five": "5check", "race": "racingkings"})
}

// TestChecksRefusals: each use of the check keys the format cannot say is
// refused with unsupported-key, naming its key.
func TestChecksRefusals(t *testing.T) {
	secs := importText(t, `[early:3check]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 3+3 0 1

[twodigits:3check]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 10+10 0 1

[none:3check]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0+3 0 1

[lichessdone:3check]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1 +0+3

[lichessbad:3check]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1 +10+0

[nocounting:chess]
startFen = rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1

[nochecks:3check]
checking = false
`)
	want := map[string]string{
		"early": "startFen", "twodigits": "startFen", "none": "startFen", "lichessdone": "startFen",
		"lichessbad": "startFen", "nocounting": "startFen", "nochecks": "checkCounting",
	}
	wantRefusedAt(t, secs, want)
}

// TestFlagAnswer: Fairy-Stockfish's racingchess (its variants.ini:
// flagMove on chess's board, White's flag the eighth rank, Black's the
// first, no checks) around the end of a race, where random games seldom
// go. The counts are Fairy-Stockfish's (commit c19b5f6c, UCI_Variant
// racingchess, "position fen FEN", "go perft N").
func TestFlagAnswer(t *testing.T) {
	secs := importText(t, `[racingchess:chess]
flagPiece = k
flagRegionWhite = *8
flagRegionBlack = *1
flagMove = true
checking = false
`)
	if secs[0].Definition == nil {
		t.Fatalf("not imported: %+v", secs[0].Problems)
	}
	v, err := rules.Compile(secs[0].Definition)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		fen   string
		perft [3]uint64
	}{
		{"4K3/8/8/8/8/8/3k4/r7 b - - 0 1", [3]uint64{20, 0, 0}}, // Black answers; every answer ends the game
		{"4K3/8/8/8/8/3k4/8/r7 b - - 0 1", [3]uint64{0, 0, 0}},  // Black's King cannot follow: White has won
		{"8/8/8/8/8/8/R7/3k2K1 w - - 0 1", [3]uint64{0, 0, 0}},  // Black's King home first wins at once
		{"4K3/8/8/8/8/8/3k4/r7 w - - 0 1", [3]uint64{0, 0, 0}},  // White's King home before Black's answer
		{"8/4K3/8/8/8/8/3k4/r7 w - - 0 1", [3]uint64{8, 163, 639}},
	} {
		p := positionOf(t, v, tt.fen)
		for d := 1; d <= 3; d++ {
			if got := rules.Perft(p, d); got != tt.perft[d-1] {
				t.Errorf("%s: perft %d = %d; Fairy-Stockfish counts %d", tt.fen, d, got, tt.perft[d-1])
			}
		}
	}
}
