package rules

import (
	"fmt"
	"testing"
)

// The flags below are chess with Fairy-Stockfish's capture-the-flag keys;
// the perft counts are Fairy-Stockfish's own (commit c19b5f6c, an 8x8
// build), each flag written as a section "[NAME:chess]" of a file loaded
// as VariantPath, then "setoption name UCI_Variant value NAME",
// "position fen FEN", "go perft N". The ini keys of each flag stand beside
// it. Fairy-Stockfish ends a perft line where is_immediate_game_end holds,
// as a terminal end rule does here.
var (
	// flagRegionWhite = a8 h8, flagRegionBlack = a1 h1 (flagPiece *, the default)
	fsfCorners = FlagDef{Piece: "*", White: []string{"a8", "h8"}, Black: []string{"a1", "h1"}}
	// flagRegionWhite = a8 b8 g8 h8, flagRegionBlack = a1 b1 g1 h1, flagPieceCount = 2
	fsfPair = FlagDef{Piece: "*", Count: 2, White: []string{"a8", "b8", "g8", "h8"}, Black: []string{"a1", "b1", "g1", "h1"}}
	// flagRegion = d4 e4 d5 e5, flagPieceCount = 3, flagPieceBlockedWin = true
	fsfBlocked = FlagDef{Piece: "*", Count: 3, Blocked: true, White: []string{"d4", "e4", "d5", "e5"}, Black: []string{"d4", "e4", "d5", "e5"}}
	// flagPiece = k, flagRegion = d4 e4 d5 e5, flagPieceSafe = true
	fsfSafeHill = FlagDef{Piece: "K", Safe: true, White: []string{"d4", "e4", "d5", "e5"}, Black: []string{"d4", "e4", "d5", "e5"}}
	// flagRegionWhite = d5 e5 d6 e6, flagRegionBlack = d4 e4 d3 e3, flagPieceCount = 2, flagPieceSafe = true
	fsfSafePair = FlagDef{Piece: "*", Count: 2, Safe: true, White: []string{"d5", "e5", "d6", "e6"}, Black: []string{"d4", "e4", "d3", "e3"}}
	// flagRegionWhite = d5, flagRegionBlack = d4, flagPieceSafe = true
	fsfPosts = FlagDef{Piece: "*", Safe: true, White: []string{"d5"}, Black: []string{"d4"}}
	// flagPiece = k, flagRegionWhite = *8, flagRegionBlack = *1, flagMove = true, flagPieceSafe = true
	fsfSafeRace = FlagDef{Piece: "K", Safe: true, Answer: true,
		White: []string{"a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8"}, Black: []string{"a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1"}}
	// flagRegionWhite = d5 e5, flagRegionBlack = d4 e4, flagMove = true, flagPieceSafe = true
	fsfSafeAnswer = FlagDef{Piece: "*", Safe: true, Answer: true, White: []string{"d5", "e5"}, Black: []string{"d4", "e4"}}
	// flagPiece = n, flagRegionWhite = d5 e5, flagRegionBlack = d4 e4, flagMove = true
	fsfKnightAnswer = FlagDef{Piece: "N", Answer: true, White: []string{"d5", "e5"}, Black: []string{"d4", "e4"}}
)

// flagKiwipete is Kiwipete without its castling rights.
const flagKiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w - - 0 1"

// TestFlagKeysPerftFSF: the flag keys count as Fairy-Stockfish counts
// them (the whole table takes well under a second).
func TestFlagKeysPerftFSF(t *testing.T) {
	tests := []struct {
		flag  FlagDef
		name  string
		fen   string
		depth int
		want  uint64
	}{
		{fsfCorners, "corners", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1", 4, 15158},
		{fsfCorners, "corners", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1", 5, 445827},
		{fsfCorners, "corners", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", 3, 11091},
		{fsfCorners, "corners", flagKiwipete, 3, 86677},
		{fsfPair, "pair", "4k3/8/8/8/8/8/8/R3K2R w - - 0 1", 4, 16730},
		{fsfPair, "pair", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", 4, 261252},
		{fsfBlocked, "blocked", "4k3/8/5n2/3p4/3P4/5N2/8/4K3 w - - 0 1", 4, 13785},
		{fsfBlocked, "blocked", "4k3/8/2n2n2/3p4/3P4/2N2N2/8/4K3 w - - 0 1", 4, 103365},
		{fsfBlocked, "blocked", "4k3/8/2n2n2/8/3Pp3/2N2N2/8/4K3 w - - 0 1", 4, 133171},
		{fsfSafeHill, "safe-hill", "3rk3/8/8/8/8/4K3/8/8 w - - 0 1", 4, 6189},
		{fsfSafeHill, "safe-hill", "8/8/3k4/8/8/4K3/8/8 w - - 0 1", 5, 13228},
		{fsfSafeHill, "safe-hill", "3r1k2/8/8/8/8/4Q3/8/4K3 w - - 0 1", 4, 88134},
		{fsfSafeHill, "safe-hill", "r3k2r/8/8/8/8/4K3/8/R6R w - - 0 1", 4, 407569},
		{fsfSafePair, "safe-pair", "4k3/2n5/8/3N4/4n3/8/8/4K3 w - - 0 1", 4, 30189},
		{fsfSafePair, "safe-pair", "4k3/2n5/8/3N4/4n3/8/8/4K3 w - - 0 1", 5, 313808},
		{fsfSafePair, "safe-pair", "4k3/8/2n2n2/8/8/2N2N2/8/4K3 w - - 0 1", 4, 127569},
		{fsfSafePair, "safe-pair", "3qk3/8/2n1bn2/8/8/2NB1N2/8/3QK3 w - - 0 1", 3, 52633},
		{fsfSafePair, "safe-pair", "4k3/8/2n1bn2/8/8/2NB1N2/8/4K3 w - - 0 1", 4, 663304},
		{fsfPosts, "posts", "4k3/K7/8/8/8/1B3n2/8/3r4 w - - 0 1", 4, 73150},
		{fsfPosts, "posts", "4k3/K7/8/8/8/1B3n2/8/3r4 b - - 0 1", 4, 72312},
		{fsfPosts, "posts", "4k3/K7/8/8/8/1B3n2/8/3r4 w - - 0 1", 5, 856948},
		{fsfSafeRace, "safe-race", "8/1K6/8/8/8/8/1k6/8 w - - 0 1", 4, 1005},
		{fsfSafeRace, "safe-race", "8/1K6/8/8/8/8/1k6/8 b - - 0 1", 4, 940},
		{fsfSafeRace, "safe-race", "r7/1K6/8/8/8/8/1k6/7R w - - 0 1", 4, 81682},
		{fsfSafeRace, "safe-race", "8/2K5/8/1r6/8/8/1k6/8 w - - 0 1", 5, 26290},
		{fsfSafeRace, "safe-race", "r7/1K6/8/8/8/8/1k6/7R w - - 0 1", 5, 1264875},
		{fsfSafeAnswer, "safe-answer", "4k3/2n5/8/8/4n3/2N5/8/4K3 w - - 0 1", 5, 16620},
		{fsfKnightAnswer, "knight-answer", "4k3/2n5/8/8/4n3/2N5/8/4K3 w - - 0 1", 5, 16856},
	}
	for i, tt := range tests {
		t.Run(fmt.Sprintf("%s-%d", tt.name, i), func(t *testing.T) {
			p := positionOf(t, chessWithFlag(t, tt.flag), tt.fen)
			if got := Perft(p, tt.depth); got != tt.want {
				t.Errorf("Perft(%q, %d) = %d; want %d", tt.fen, tt.depth, got, tt.want)
			}
		})
	}
}
