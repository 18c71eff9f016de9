package rules

import (
	"errors"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// kiwipeteFEN is the Chess Programming Wiki's "Kiwipete" perft position.
const kiwipeteFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

// jumpTestDefinition is a small variant with what no built-in variant has
// yet: the King's jump and a two-character letter (N').
const jumpTestDefinition = `{
  "id": "jump-test", "name": "Jump test", "files": 8, "ranks": 8,
  "startFEN": "rn'bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RN'BQKBNR w Kk - 0 1",
  "pieces": [
    {"name": "King", "letter": "K", "betza": "K", "royal": true},
    {"name": "Queen", "letter": "Q", "betza": "Q"},
    {"name": "Rook", "letter": "R", "betza": "R"},
    {"name": "Bishop", "letter": "B", "betza": "B"},
    {"name": "Knight", "letter": "N", "betza": "N"},
    {"name": "Nightrider", "letter": "N'", "betza": "NN"},
    {"name": "Pawn", "letter": "P", "betza": "fmWfcF", "pawnClass": true,
     "doubleStep": {"ranks": [2]}, "promotesTo": ["Q", "N'"]}
  ],
  "rules": {"kingJump": true, "enPassant": {"makers": ["P"], "takers": ["P"]}, "promotion": {"ranks": [8]}}
}`

// notationVariant returns a built-in variant, or the jump-test variant.
func notationVariant(t testing.TB, id string) *Variant {
	t.Helper()
	if id != "jump-test" {
		return MustBuiltin(id)
	}
	d, err := DecodeDefinition([]byte(jumpTestDefinition))
	if err != nil {
		t.Fatalf("DecodeDefinition(jump-test) = %v", err)
	}
	v, err := Compile(d)
	if err != nil {
		t.Fatalf("Compile(jump-test) = %v", err)
	}
	return v
}

// notationPosition parses a FEN of notationVariant(id); "" is the start.
func notationPosition(t testing.TB, id, fen string) *Position {
	t.Helper()
	return positionOf(t, notationVariant(t, id), fen)
}

func TestSAN(t *testing.T) {
	tests := []struct {
		variant, fen string
		give         string // the move in coordinate form
		want         string
	}{
		// Chess: piece moves, pawn moves, captures.
		{"chess", "", "g1f3", "Nf3"},
		{"chess", "", "e2e4", "e4"},
		{"chess", "", "e2e3", "e3"},
		{"chess", kiwipeteFEN, "e2a6", "Bxa6"},
		{"chess", kiwipeteFEN, "f3f6", "Qxf6"},
		{"chess", kiwipeteFEN, "g2h3", "gxh3"},
		{"chess", kiwipeteFEN, "d5e6", "dxe6"},
		{"chess", kiwipeteFEN, "e1d1", "Kd1"},
		// Disambiguation by file, rank, both.
		{"chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2"},
		{"chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "f3d2", "Nfd2"},
		{"chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "f3e5", "Ne5"},
		{"chess", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a1a3", "R1a3"},
		{"chess", "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1", "a5a3", "R5a3"},
		{"chess", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2", "Qa1b2"},
		{"chess", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a3b2", "Q3b2"},
		{"chess", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "c1b2", "Qcb2"},
		// En passant.
		{"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6"},
		// Promotion without and with capture.
		{"chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q", "b8=Q+"},
		{"chess", "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8n", "b8=N"},
		{"chess", "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8q", "bxa8=Q+"},
		{"chess", "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8n", "bxa8=N"},
		{"chess", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", "g2f1q", "gxf1=Q+"},
		{"chess", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", "g2g1n", "g1=N+"},
		// Castling, both sides and both colours.
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8g8", "O-O"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O"},
		{"chess", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+"},
		// Check and checkmate.
		{"chess", "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1a8", "Ra8+"},
		{"chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "Ra8#"},
		{"chess", "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq g3 0 2", "d8h4", "Qh4#"},
		// Shako: Cannons, Elephants, two-digit ranks.
		{"shako", "", "a1b1", "Cab1"},
		{"shako", "", "j1b1", "Cjb1"},
		{"shako", "", "a2c4", "Ec4"},
		{"shako", "", "c2d4", "Nd4"},
		{"shako", "", "e3e5", "e5"},
		{"shako", "4k5/r9/10/10/10/10/10/10/E9/C4K4 w - - 0 1", "a1a9", "Cxa9"},
		{"shako", "R9/5k4/10/10/10/10/10/10/10/R4K4 w - - 0 1", "a1a5", "R1a5"},
		{"shako", "R9/5k4/10/10/10/10/10/10/10/R4K4 w - - 0 1", "a10a5", "R10a5"},
		{"shako", "R9/5k4/10/10/10/10/10/10/10/R4K4 w - - 0 1", "a10f10", "Rf10+"},
		{"shako", "R9/5k4/10/10/10/10/10/10/10/R4K4 w - - 0 1", "a1a9", "R1a9+"},
		{"shako", "r9/1P3k4/10/10/10/10/10/10/10/5K4 w - - 0 1", "b9b10e", "b10=E"},
		{"shako", "r9/1P3k4/10/10/10/10/10/10/10/5K4 w - - 0 1", "b9b10c", "b10=C"},
		{"shako", "r9/1P3k4/10/10/10/10/10/10/10/5K4 w - - 0 1", "b9a10q", "bxa10=Q"},
		{"shako", "5k4/10/10/10/3pP5/10/10/10/10/5K4 w - d7 0 1", "e6d7", "exd7"},
		{"shako", "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ER3K2RE/C8C w KQkq - 0 1", "f2h2", "O-O"},
		{"shako", "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ER3K2RE/C8C w KQkq - 0 1", "f2d2", "O-O-O"},
		// The King's jump and a two-character letter.
		{"jump-test", "", "e1g3", "Kg3"},
		{"jump-test", "", "b1c3", "N'c3"},
		{"jump-test", "", "b1e7", "N'xe7"},
		{"jump-test", "4k3/1P6/8/8/8/8/8/4K3 w Kk - 0 1", "e1e3", "Ke3"},
		{"jump-test", "4k3/1P6/8/8/8/8/8/4K3 w Kk - 0 1", "b7b8n'", "b8=N'"},
		{"jump-test", "4k3/1P6/8/8/8/8/8/4K3 w Kk - 0 1", "b7b8q", "b8=Q+"},
	}
	for _, tt := range tests {
		p := notationPosition(t, tt.variant, tt.fen)
		m := uciMove(t, p, tt.give)
		if got := p.SAN(m); got != tt.want {
			t.Errorf("SAN(%s) in %s = %q; want %q", tt.give, p.FEN(), got, tt.want)
		}
	}
}

func TestSANIllegalMoveIsCoordinate(t *testing.T) {
	p := notationPosition(t, "chess", "")
	m := Move{From: SquareAt(4, 1), To: SquareAt(4, 4), Kind: MoveNormal}
	if got, want := p.SAN(m), "e2e5"; got != want {
		t.Errorf("SAN(e2e5) = %q; want %q", got, want)
	}
}

// roundTrip checks that SAN and UCI of every legal move of p parse back to
// the move and that no two moves share a SAN.
func roundTrip(t *testing.T, p *Position) {
	t.Helper()
	seen := map[string]Move{}
	for _, m := range p.LegalMoves() {
		san, uci := p.SAN(m), p.UCI(m)
		if prev, ok := seen[san]; ok {
			t.Errorf("%s: SAN(%s) = SAN(%s) = %q", p.FEN(), uci, p.UCI(prev), san)
		}
		seen[san] = m
		for _, give := range []string{san, uci} {
			if got, err := p.ParseMove(give); err != nil || got != m {
				t.Errorf("%s: ParseMove(%q) = %v, %v; want %v", p.FEN(), give, got, err, m)
			}
		}
	}
}

func TestNotationRoundTrip(t *testing.T) {
	tests := []struct {
		variant, give string
		deep          bool // also every position one move later
	}{
		{"chess", "", true},
		{"chess", kiwipeteFEN, true},
		{"chess", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1", true},
		{"chess", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1", true},
		{"chess", "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", false},
		{"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", false},
		{"chess", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", false},
		{"shako", "", true},
		{"shako", "R9/5k4/10/10/10/10/10/10/10/R4K4 w - - 0 1", false},
		{"shako", "r9/1P3k4/10/10/10/10/10/10/10/5K4 w - - 0 1", false},
		{"jump-test", "", true},
		{"jump-test", "4k3/1P6/8/8/8/8/8/4K3 w Kk - 0 1", false},
	}
	for _, tt := range tests {
		p := notationPosition(t, tt.variant, tt.give)
		roundTrip(t, p)
		if !tt.deep {
			continue
		}
		for _, m := range p.LegalMoves() {
			q, err := p.Play(m)
			if err != nil {
				t.Fatalf("Play(%s) = %v", p.UCI(m), err)
			}
			roundTrip(t, q)
		}
	}
	for _, variant := range []string{"chess", "shako"} {
		for _, c := range readPerftSuite(t, variant) {
			roundTrip(t, notationPosition(t, variant, c.fen))
		}
	}
}

func TestParseMoveForms(t *testing.T) {
	const (
		promo     = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
		castles   = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
		knights   = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"
		shakoRank = "R9/5k4/10/10/10/10/10/10/10/R4K4 w - - 0 1"
		jumpPromo = "4k3/1P6/8/8/8/8/8/4K3 w Kk - 0 1"
	)
	tests := []struct {
		variant, fen string
		give         string
		want         string // the move in coordinate form
	}{
		// Coordinate form.
		{"chess", "", "e2e4", "e2e4"},
		{"chess", "", "e2-e4", "e2e4"},
		{"chess", "", "e2xe4", "e2e4"},
		{"chess", "", "g1f3", "g1f3"},
		{"chess", "", "  e2e4\t\n", "e2e4"},
		{"chess", kiwipeteFEN, "d5xe6", "d5e6"},
		{"chess", kiwipeteFEN, "e1g1", "e1g1"},
		{"chess", promo, "b7b8q", "b7b8q"},
		{"chess", promo, "b7b8Q", "b7b8q"},
		{"chess", promo, "b7b8=Q", "b7b8q"},
		{"chess", promo, "b7b8=q", "b7b8q"},
		{"chess", promo, "b7-b8=N", "b7b8n"},
		{"shako", shakoRank, "a10a5", "a10a5"},
		{"shako", shakoRank, "a10-a5", "a10a5"},
		{"shako", shakoRank, "a1a9", "a1a9"},
		{"jump-test", jumpPromo, "b7b8n'", "b7b8n'"},
		{"jump-test", jumpPromo, "b7b8=N'", "b7b8n'"},
		{"jump-test", jumpPromo, "e1e3", "e1e3"},
		// SAN.
		{"chess", "", "e4", "e2e4"},
		{"chess", "", "Nf3", "g1f3"},
		{"chess", "", "Ngf3", "g1f3"},
		{"chess", "", "N1f3", "g1f3"},
		{"chess", "", "Ng1f3", "g1f3"},
		{"chess", "", "Ng1-f3", "g1f3"},
		{"chess", "", "e4!?", "e2e4"},
		{"chess", "", "Nf3+#!?", "g1f3"},
		{"chess", kiwipeteFEN, "dxe6", "d5e6"},
		{"chess", kiwipeteFEN, "de6", "d5e6"},
		{"chess", kiwipeteFEN, "Bxa6", "e2a6"},
		{"chess", kiwipeteFEN, "Ba6", "e2a6"},
		{"chess", kiwipeteFEN, "Qxf6", "f3f6"},
		{"chess", kiwipeteFEN, "O-O", "e1g1"},
		{"chess", kiwipeteFEN, "0-0", "e1g1"},
		{"chess", kiwipeteFEN, "O-O-O", "e1c1"},
		{"chess", kiwipeteFEN, "0-0-0", "e1c1"},
		{"chess", castles, "O-O+", "e1g1"},
		{"chess", knights, "Nbd2", "b1d2"},
		{"chess", knights, "Nfxd2", "f3d2"},
		{"chess", knights, "N3d2", "f3d2"},
		{"chess", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "Qa1b2", "a1b2"},
		{"chess", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "Qa1xb2", "a1b2"},
		{"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6", "e5d6"},
		{"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e6", "e5e6"},
		{"chess", promo, "b8=Q", "b7b8q"},
		{"chess", promo, "b8=Q+", "b7b8q"},
		{"chess", promo, "b8Q", "b7b8q"},
		{"chess", promo, "b8=n", "b7b8n"},
		{"chess", "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "bxa8=R", "b7a8r"},
		{"shako", "", "Cab1", "a1b1"},
		{"shako", "", "Cjxb1", "j1b1"},
		{"shako", shakoRank, "R10a5", "a10a5"},
		{"shako", shakoRank, "R1a5", "a1a5"},
		{"shako", shakoRank, "Ra10a5", "a10a5"},
		{"shako", shakoRank, "Rf10", "a10f10"},
		{"shako", shakoRank, "R1a9+", "a1a9"},
		{"shako", "r9/1P3k4/10/10/10/10/10/10/10/5K4 w - - 0 1", "bxa10=C", "b9a10c"},
		{"shako", "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ER3K2RE/C8C w KQkq - 0 1", "O-O-O", "f2d2"},
		{"jump-test", "", "N'c3", "b1c3"},
		{"jump-test", "", "N'xe7", "b1e7"},
		{"jump-test", "", "Kg3", "e1g3"},
		{"jump-test", jumpPromo, "b8=N'", "b7b8n'"},
		{"jump-test", jumpPromo, "b8N'", "b7b8n'"},
		// Game Courier.
		{"chess", "", "P e2-e4", "e2e4"},
		{"chess", "", "p e2-e4", "e2e4"},
		{"chess", "", "N g1-f3", "g1f3"},
		{"chess", "", "N  g1-f3 ", "g1f3"},
		{"chess", kiwipeteFEN, "K e1-g1", "e1g1"},
		{"chess", promo, "b7-b8; Q-b8", "b7b8q"},
		{"chess", promo, "P b7-b8; Q-b8", "b7b8q"},
		{"chess", promo, "b7-b8;q-b8", "b7b8q"},
		{"chess", promo, " P b7-b8 ; N-b8 ", "b7b8n"},
		{"shako", shakoRank, "R a10-a5", "a10a5"},
		{"jump-test", "", "N' b1-c3", "b1c3"},
		{"jump-test", "", "n' b1-c3", "b1c3"},
		{"jump-test", jumpPromo, "b7-b8; N'-b8", "b7b8n'"},
	}
	for _, tt := range tests {
		p := notationPosition(t, tt.variant, tt.fen)
		want := uciMove(t, p, tt.want)
		if got, err := p.ParseMove(tt.give); err != nil || got != want {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", tt.give, got, err, want)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	const (
		promo   = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
		pinned  = "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1"
		knights = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"
		checked = "1k2r3/8/8/8/8/8/8/R3K2R w KQ - 0 1"
		guarded = "1k4r1/8/8/8/8/8/8/R3K2R w KQ - 0 1"
	)
	tests := []struct {
		variant, fen string
		give         string
		code         Code
		reason       string
		offset       int
	}{
		// Text that does not parse.
		{"chess", "", "", ErrInvalidMove, "", 0},
		{"chess", "", " \t ", ErrInvalidMove, "", 0},
		{"chess", "", strings.Repeat("e", MaxMoveBytes+1), ErrInvalidMove, "", MaxMoveBytes},
		{"chess", "", "e9e4", ErrInvalidMove, "", 1},
		{"chess", "", "e2e9", ErrInvalidMove, "", 3},
		{"chess", "", "i2i4", ErrInvalidMove, "", 0},
		{"chess", "", "a10a5", ErrInvalidMove, "", 1},
		{"chess", "", "e0", ErrInvalidMove, "", 1},
		{"chess", "", "e2e4x", ErrInvalidMove, "", 4},
		{"chess", "", "e2e4k'", ErrInvalidMove, "", 4},
		{"chess", "", "Xe4", ErrInvalidMove, "", 0},
		{"chess", "", "Nf", ErrInvalidMove, "", 2},
		{"chess", "", "  Nz3", ErrInvalidMove, "", 3},
		{"chess", "", "e4#x", ErrInvalidMove, "", 3},
		{"chess", "", "e2e4 e5", ErrInvalidMove, "", 4},
		{"chess", "", "e2 e4", ErrInvalidMove, "", 2},
		{"chess", "", "\u00e94", ErrInvalidMove, "", 0},
		{"chess", "", "-e4", ErrInvalidMove, "", 0},
		{"chess", "", "N'f3", ErrInvalidMove, "", 0},
		{"chess", "", "Z e2-e4", ErrInvalidMove, "", 0},
		{"chess", "", "e2-e4;", ErrInvalidMove, "", 6},
		{"chess", "", "e2-e4; Q-e4; R-e4", ErrInvalidMove, "", 11},
		{"chess", promo, "b7-b8; Q-b7", ErrInvalidMove, "", 9},
		{"chess", promo, "b7-b8; Qb8", ErrInvalidMove, "", 8},
		{"chess", promo, "b7-b8q; Q-b8", ErrInvalidMove, "", 5},
		{"chess", promo, "b8=", ErrInvalidMove, "", 3},
		// Parses, but no legal move matches.
		{"chess", "", "e2e5", ErrIllegalMove, "unreachable", -1},
		{"chess", "", "e3e4", ErrIllegalMove, "no-piece", -1},
		{"chess", "", "e7e5", ErrIllegalMove, "wrong-side", -1},
		{"chess", "", "e1g1", ErrIllegalMove, "castling-blocked", -1},
		{"chess", "", "Nf6", ErrIllegalMove, "unreachable", -1},
		{"chess", "", "Ke2", ErrIllegalMove, "unreachable", -1},
		{"chess", "", "exd3", ErrIllegalMove, "unreachable", -1},
		{"chess", "", "O-O", ErrIllegalMove, "castling-blocked", -1},
		{"chess", "", "Q e2-e4", ErrIllegalMove, "no-piece", -1},
		{"chess", "", "P e3-e4", ErrIllegalMove, "no-piece", -1},
		{"chess", "", "P e7-e5", ErrIllegalMove, "wrong-side", -1},
		{"chess", pinned, "Bd3", ErrIllegalMove, "king-in-check", -1},
		{"chess", pinned, "e2d3", ErrIllegalMove, "king-in-check", -1},
		{"chess", pinned, "B e2-d3", ErrIllegalMove, "king-in-check", -1},
		{"chess", promo, "b7b8", ErrIllegalMove, "needs-promotion", -1},
		{"chess", promo, "b7-b8", ErrIllegalMove, "needs-promotion", -1},
		{"chess", promo, "b8", ErrIllegalMove, "needs-promotion", -1},
		{"chess", promo, "b7b8k", ErrIllegalMove, "bad-promotion", -1},
		{"chess", promo, "b7b8p", ErrIllegalMove, "bad-promotion", -1},
		{"chess", promo, "b8=K", ErrIllegalMove, "bad-promotion", -1},
		{"chess", promo, "b7-b8; K-b8", ErrIllegalMove, "bad-promotion", -1},
		{"chess", promo, "Ke1=Q", ErrIllegalMove, "unreachable", -1},
		{"chess", promo, "Kd1=Q", ErrIllegalMove, "bad-promotion", -1},
		{"chess", guarded, "O-O", ErrIllegalMove, "king-in-check", -1},
		{"chess", guarded, "e1g1", ErrIllegalMove, "king-in-check", -1},
		{"chess", checked, "O-O", ErrIllegalMove, "castling-out-of-check", -1},
		{"chess", checked, "e1g1", ErrIllegalMove, "castling-out-of-check", -1},
		{"chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "d6", ErrIllegalMove, "unreachable", -1},
		// Several legal moves match.
		{"chess", knights, "Nd2", ErrAmbiguousMove, "", -1},
		{"chess", knights, "Nxd2", ErrAmbiguousMove, "", -1},
		{"chess", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "Qab2", ErrAmbiguousMove, "", -1},
		{"chess", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "Q1b2", ErrAmbiguousMove, "", -1},
		{"shako", "", "Cb1", ErrAmbiguousMove, "", -1},
	}
	for _, tt := range tests {
		p := notationPosition(t, tt.variant, tt.fen)
		got, err := p.ParseMove(tt.give)
		var e *Error
		if !errors.As(err, &e) || e.Code != tt.code || e.Reason != tt.reason || e.Offset != tt.offset || e.Field != "move" {
			t.Errorf("ParseMove(%q) = %v, %v; want %s (reason %q) at offset %d", tt.give, got, err, tt.code, tt.reason, tt.offset)
		}
	}
}

func TestParseMoveAmbiguousDetail(t *testing.T) {
	p := notationPosition(t, "chess", "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")
	_, err := p.ParseMove("Nd2")
	var e *Error
	if !errors.As(err, &e) || !strings.Contains(e.Detail, "b1d2") || !strings.Contains(e.Detail, "f3d2") {
		t.Errorf("ParseMove(%q) = %v; want a detail naming b1d2 and f3d2", "Nd2", err)
	}
}

// fuzzPositions are the positions FuzzParseMove reads every text in.
func fuzzPositions(t testing.TB) []*Position {
	return []*Position{
		notationPosition(t, "chess", ""),
		notationPosition(t, "chess", kiwipeteFEN),
		notationPosition(t, "chess", "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1"),
		notationPosition(t, "chess", "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1"),
		notationPosition(t, "shako", ""),
		notationPosition(t, "shako", "R9/5k4/10/10/10/10/10/10/10/R4K4 w - - 0 1"),
		notationPosition(t, "shako", "r9/1P3k4/10/10/10/10/10/10/10/5K4 w - - 0 1"),
		notationPosition(t, "jump-test", ""),
		notationPosition(t, "jump-test", "4k3/1P6/8/8/8/8/8/4K3 w Kk - 0 1"),
		// The exotic pieces: the Chameleon of the text's diagram, a
		// Diplomat that can convert, a Fool copying a Pawn in the zone.
		notationPosition(t, "grand", "9k/10/2a'''7/c'''9/3pH'''5/5w'''4/10/K2c'''6/10/10 w - d7 0 2"),
		notationPosition(t, "grand", "9k/10/10/10/4n5/3D'''D'''5/10/10/10/K9 w - - 0 2"),
		notationPosition(t, "grand", "9k/4F'''5/10/10/10/10/10/10/10/K9 w - - 0 20 all fool:P/-"),
		// Castling as data: Chess960 near an edge, Capablanca, and a board
		// with squares that are not part of it.
		notationPosition(t, "chess960", "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1"),
		notationPosition(t, "capablanca", "r4k3r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1"),
		notationPosition(t, "omicron", ""),
	}
}

// escapedHighByte matches a byte of a multi-byte character escaped as Go
// quotes it (\xe2): an error should quote the character as text.
var escapedHighByte = regexp.MustCompile(`\\x[89a-fA-F][0-9a-fA-F]`)

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{
		"e2e4", "e2-e4", "e4xd5", "e7e8q", "e7e8=Q", "b7b8n'", "a10a12", "a10-a5", "e1g1",
		"e4", "Nf3", "Ng1f3", "R10a5", "R1a5", "exd5", "b8=Q+", "bxa8=N", "Qa1b2", "Q3b2", "Cab1",
		"O-O", "0-0-0", "O-O+", "Nf3!?", "N'c3", "Kg3", "o-o", "O-o-0", "o-o-o#", "o-o-o-o", "e12e14", "b7b8", "b8",
		"P e2-e4", "p e2-e4", "N' b1-c3", "e7-e8; Q-e8", "P b7-b8; Q-b8", "b7-b8;q-b8",
		"", " ", "e9e4", "i2i4", "Xe4", "Nf", "e0", "e2e4x", "e2-e4;", "e2-e4; Q-e4; R-e4",
		"b7-b8; Q-b7", "b8=", "O-O-O-O", "\xff", "Nd2", "Cb1", strings.Repeat("a", 70),
		"e6d7", "H'''xd7", "H'''d7", "D'''xe6", "D'''dxe6", "D''' d5-e6", "e5e6", "e9e10", "e9e10q", "F'''e10=Q", "F''' e9-e10; Q-e10",
		// Figurines and the en passant suffix (figurine.go).
		"♘f3", "♞c6", "♙e4", "♟exd5", "b8=♕", "bxa8♘+", "♔e2", "\U0001FA4Fc3", "\U0001FA50b3", "♘", "♙", "e4♙", "\xe2\x99",
		"exd6e.p.", "exd6ep", "exd6 e.p.", "exd6 ep", "e5d6e.p.", "e4 e.p.", "e.p.", " ep", "exd6e.p", "O-O e.p.",
	} {
		f.Add(s)
	}
	positions := fuzzPositions(f)
	codes := []Code{ErrInvalidMove, ErrIllegalMove, ErrAmbiguousMove}
	f.Fuzz(func(t *testing.T, text string) {
		for _, p := range positions {
			m, err := p.ParseMove(text)
			if err != nil {
				if _, werr := p.parseMove(text, p.LegalMoves(), nil); !reflect.DeepEqual(werr, err) {
					t.Fatalf("%s: ParseMove(%q) = %v; against all legal moves %v", p.FEN(), text, err, werr)
				}
				var e *Error
				if !errors.As(err, &e) || !slices.Contains(codes, e.Code) || e.Field != "move" {
					t.Fatalf("%s: ParseMove(%q) = %v; want an *Error with a move code", p.FEN(), text, err)
				}
				if e.Code == ErrInvalidMove && (e.Offset < 0 || e.Offset > len(text)) {
					t.Fatalf("%s: ParseMove(%q) = %v; want an offset within the text", p.FEN(), text, err)
				}
				// A character is quoted as text, an invalid byte by its
				// value: never an escaped byte of a rune.
				if e.Code == ErrInvalidMove && (!utf8.ValidString(e.Detail) || escapedHighByte.MatchString(e.Detail)) {
					t.Fatalf("%s: ParseMove(%q) = %v; want the offending character quoted as text", p.FEN(), text, err)
				}
				if e.Reason == "not-en-passant" && (e.Offset <= 0 || e.Offset >= len(text) || text[e.Offset] != 'e') {
					t.Fatalf("%s: ParseMove(%q) = %v; want the offset of the e.p. suffix", p.FEN(), text, err)
				}
				continue
			}
			if !slices.Contains(p.LegalMoves(), m) {
				t.Fatalf("%s: ParseMove(%q) = %v; want a legal move", p.FEN(), text, m)
			}
			// The parse that lists some pieces' moves answers as the one
			// that lists them all.
			if wm, werr := p.parseMove(text, p.LegalMoves(), nil); wm != m || werr != nil {
				t.Fatalf("%s: ParseMove(%q) = %v; against all legal moves %v, %v", p.FEN(), text, m, wm, werr)
			}
			san := p.SAN(m)
			if got, err := p.ParseMove(san); err != nil || got != m {
				t.Fatalf("%s: ParseMove(%q) = %v, %v; want %v (from %q)", p.FEN(), san, got, err, m, text)
			}
		}
	})
}

// TestNotationDoubleApostrophes: Grand Chess letters with two apostrophes
// read and write in SAN and Game Courier form.
func TestNotationDoubleApostrophes(t *testing.T) {
	p := mustPosition(t, "grand", "9k/10/10/10/4b''5/10/4n5/10/4K''5/K9 w - - 0 20")
	want := uciMove(t, p, "e2e7")
	if got := p.SAN(want); got != "K''e7" {
		t.Errorf("SAN = %q; want K''e7", got)
	}
	for _, text := range []string{"K''e7", "K''xe7", "K'' e2-e7", "k'' e2-e7"} {
		if m, err := p.ParseMove(text); err != nil || m != want {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", text, m, err, want)
		}
	}
	for _, text := range []string{"K'e7", "K'''e7", "K''''e7"} {
		if _, err := p.ParseMove(text); err == nil {
			t.Errorf("ParseMove(%q) succeeded; want an error", text)
		}
	}
}
