package rules

import (
	"slices"
	"strings"
	"testing"
)

// dragonJSON is what the Fairy-Stockfish import makes of [dragon-chess]
// (src/variants.ini at commit c19b5f6c): every piece also steps like a
// King, the Pawn too, with a double step; its en passant is Fairy-Stockfish's
// (quietFirst). The perft counts are Fairy-Stockfish's (castlingfsf_test.go
// says how they were made).
const dragonJSON = `{"id": "dragon-chess", "name": "dragon-chess", "files": 8, "ranks": 8,
 "startFEN": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
 "pieces": [{"name": "King", "letter": "K", "betza": "K", "royal": true}, {"name": "Queen", "letter": "Q", "betza": "Q"},
  {"name": "Custom Piece 1", "letter": "B", "betza": "BK"}, {"name": "Custom Piece 2", "letter": "N", "betza": "NK"},
  {"name": "Custom Piece 3", "letter": "P", "betza": "K", "pawnClass": true, "doubleStep": {"ranks": [2]}, "promotesTo": ["Q"]},
  {"name": "Custom Piece 4", "letter": "R", "betza": "RK"}],
 "rules": {"castling": {"rook": "R", "notation": "kq"}, "enPassant": {"makers": ["P"], "takers": ["P"], "quietFirst": true},
  "promotion": {"ranks": [8]}, "draws": {"repetitionClaim": 3, "moveClaim": 50}}}`

// TestEnPassantQuietFirst: with quietFirst a taker that can also reach the
// passed square quietly moves there and takes nothing (Fairy-Stockfish's
// rule); without it the move there is the en-passant capture.
func TestEnPassantQuietFirst(t *testing.T) {
	// Black's King on f5 is in check from the Pawn that just stepped e2-e4;
	// the Pawn on d3 steps like a King, so e3 is no en-passant square for
	// it in Fairy-Stockfish, which lists d3e4, f5e6 and f5f6 only.
	const fen = "rn1q1bnr/ppp2p1p/b7/5k1p/B3P3/PPNp1PR1/2PP1P2/R1BQK1N1 b Q e3 0 16"
	for _, tt := range []struct {
		quietFirst bool
		want       string
	}{
		{true, "d3e4 f5e6 f5f6"},
		{false, "d3e3:en-passant d3e4 f5e6 f5f6"},
	} {
		text := dragonJSON
		if !tt.quietFirst {
			text = strings.Replace(text, `, "quietFirst": true`, "", 1)
		}
		p := positionOf(t, compileJSON(t, text), fen)
		if got := movesText(p); got != tt.want {
			t.Errorf("quietFirst %v: moves %q; want %q", tt.quietFirst, got, tt.want)
		}
	}
	p := positionOf(t, compileJSON(t, dragonJSON), "rn1q1bnr/ppp2p1p/b7/5k1p/B3p3/PPN2PR1/2PPPP2/R1BQK1N1 b Q - 0 15")
	if got := Perft(p, 3); got != 239065 {
		t.Errorf("perft 3 = %d; Fairy-Stockfish counts 239065", got)
	}

	// A Pawn that also steps diagonally forward without capturing: the
	// passed square d6 is among its quiet moves, so with quietFirst e5d6
	// is that quiet move, leaving the Pawn on d5.
	pawn := strings.Replace(dragonJSON, `"betza": "K", "pawnClass"`, `"betza": "fmWfcFfmF", "pawnClass"`, 1)
	// Without quietFirst both moves are there, the quiet one and the
	// capture.
	for _, tt := range []struct {
		quietFirst bool
		want       string
	}{{true, "e5d6"}, {false, "e5d6 e5d6:en-passant"}} {
		text := pawn
		if !tt.quietFirst {
			text = strings.Replace(text, `, "quietFirst": true`, "", 1)
		}
		p := positionOf(t, compileJSON(t, text), "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1")
		var got []string
		for _, m := range strings.Fields(movesText(p)) {
			if strings.HasPrefix(m, "e5d6") {
				got = append(got, m)
			}
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("quietFirst %v: moves to d6 %v; want %s", tt.quietFirst, got, tt.want)
		}
	}
}

// movesText lists the legal moves of p in UCI, sorted, with the kind of
// those that are not normal moves.
func movesText(p *Position) string {
	var out []string
	for _, m := range p.LegalMoves() {
		s := p.UCI(m)
		if m.Kind != MoveNormal {
			s += ":" + m.Kind.String()
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}
