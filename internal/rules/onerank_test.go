package rules

import "testing"

// TestOneRank: a board of one rank, as Fairy-Stockfish's [1d-chess]
// (src/variants.ini at commit c19b5f6c, as the import translates it) plays
// it, with Fairy-Stockfish's perft counts from the start (castlingfsf_test.go
// says how they were made).
func TestOneRank(t *testing.T) {
	v := compileJSON(t, `{"id": "1d-chess", "name": "1d-chess", "files": 8, "ranks": 1, "startFEN": "KNR2rnk w - - 0 1",
 "pieces": [{"name": "King", "letter": "K", "betza": "K", "royal": true}, {"name": "Rook", "letter": "R", "betza": "R"},
  {"name": "Custom Piece 1", "letter": "N", "betza": "D"}],
 "rules": {"draws": {"repetitionClaim": 3, "moveClaim": 50}}}`)
	for depth, want := range []uint64{1, 4, 8, 18, 49, 118} {
		if got := Perft(v.Start(), depth); got != want {
			t.Errorf("perft %d = %d; Fairy-Stockfish counts %d", depth, got, want)
		}
	}
	if got := v.Start().FEN(); got != "KNR2rnk w - - 0 1" {
		t.Errorf("start FEN %q", got)
	}
}
