package fsf

import (
	"slices"
	"strings"
	"testing"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// TestImportExactOrRefused pins the sections that the engine would once
// have played otherwise than Fairy-Stockfish: each now imports as
// Fairy-Stockfish plays it, or is refused with the key at fault.
func TestImportExactOrRefused(t *testing.T) {
	secs := importText(t, `[narrow:chess]
maxFile = 6
maxRank = 6
startFen = rbqkbr/pppppp/6/6/PPPPPP/RBQKBR w - - 0 1
promotionRegionWhite = *6
doubleStep = false
[narrowrights:chess]
maxFile = 6
maxRank = 6
startFen = rbqkbr/pppppp/6/6/PPPPPP/RBQKBR w KQkq - 0 1
promotionRegionWhite = *6
doubleStep = false
[onefile:chess]
maxFile = 6
maxRank = 6
startFen = rbqkbr/pppppp/6/6/PPPPPP/RBQKBR w KQkq - 0 1
promotionRegionWhite = *6
doubleStep = false
castlingQueensideFile = c
castlingKingsideFile = e
[kingpawn:chess]
customPiece1 = p:KifmnD
pawnTypes = p
[ridetaker:chess]
customPiece1 = p:fmWfceBifmnD
pawnTypes = p
[rookking:chess]
king = k:KR
[line:chess]
maxRank = 1
maxFile = h
customPiece1 = n:D
startFen = KNR2rnk w
[knight:knightmate]
[troitzkychild:troitzky]
`)
	by := map[string]Section{}
	for _, s := range secs {
		by[s.Name] = s
	}
	codes := func(s Section) []string {
		var out []string
		for _, p := range s.Problems {
			out = append(out, p.Code+":"+p.Key)
		}
		slices.Sort(out)
		return out
	}
	for name, want := range map[string][]string{
		"narrowrights": {"unsupported-key:castlingKingsideFile"},
		"ridetaker":    {"unsupported-key:customPiece1"},
		"rookking":     {"unsupported-key:king"},
	} {
		if got := codes(by[name]); by[name].Definition != nil || !slices.Equal(got, want) {
			t.Errorf("[%s] problems %v; want %v", name, got, want)
		}
	}
	def := func(name string) *rules.Definition {
		t.Helper()
		d := by[name].Definition
		if d == nil {
			t.Fatalf("[%s] not imported: %+v", name, by[name].Problems)
		}
		return d
	}
	if d := def("narrow"); d.Rules.Castling != nil || !strings.Contains(d.StartFEN, " w - ") {
		t.Errorf("[narrow] castling %+v, start %q; want none: no rights, the King's files off the board", d.Rules.Castling, d.StartFEN)
	}
	if c := def("onefile").Rules.Castling; c == nil || c.Sides == nil || c.Sides.High.King != "e" || c.Sides.Low.King != "c" {
		t.Errorf("[onefile] castling %+v; want the King to e or c", c)
	}
	if ep := def("kingpawn").Rules.EnPassant; ep == nil || !ep.QuietFirst {
		t.Errorf("[kingpawn] en passant %+v; want quietFirst", ep)
	}
	if ep := def("troitzkychild").Rules.EnPassant; ep == nil || ep.QuietFirst {
		t.Errorf("[troitzkychild] en passant %+v; want chess's, without quietFirst", ep)
	}
	if d := def("line"); d.Ranks != 1 || d.Files != 8 {
		t.Errorf("[line] board %dx%d; want 8x1", d.Files, d.Ranks)
	}
	if p := def("troitzkychild").Rules.Promotion; p == nil || !p.LastSquares || len(p.Ranks) > 0 {
		t.Errorf("[troitzkychild] promotion %+v; want lastSquares", p)
	}
}

// TestImportCastlingNearRook: a chess section castles, as Fairy-Stockfish
// does, with a Rook nearer the King than chess's start puts it. The King's
// moves are Fairy-Stockfish's (commit c19b5f6c, UCI_Variant chess,
// "position fen FEN", "go perft 1").
func TestImportCastlingNearRook(t *testing.T) {
	d := importText(t, "[plainchess:chess]\n")[0].Definition
	v, err := rules.Compile(d)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ fen, want string }{
		{"4k3/8/8/8/8/8/8/4K1R1 w K - 0 1", "e1d1 e1d2 e1e2 e1f1 e1f2 e1g1"},
		{"4k3/8/8/8/8/8/8/R3KR2 w KQ - 0 1", "e1c1 e1d1 e1d2 e1e2 e1f2 e1g1"},
		{"r3k3/8/8/8/8/8/8/1R2K3 w Q - 0 1", "e1c1 e1d1 e1d2 e1e2 e1f1 e1f2"},
	} {
		p := positionOf(t, v, tt.fen)
		var got []string
		for _, m := range p.LegalMoves() {
			if m.From == p.KingSquare(rules.White) {
				got = append(got, p.UCI(m))
			}
		}
		slices.Sort(got)
		if strings.Join(got, " ") != tt.want {
			t.Errorf("%s: King moves %v; Fairy-Stockfish's %s", tt.fen, got, tt.want)
		}
	}
}
