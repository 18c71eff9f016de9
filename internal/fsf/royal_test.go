package fsf

import (
	"reflect"
	"slices"
	"testing"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// The sections of TestRoyalTranslation that are not children of a
// built-in: Fairy-Stockfish's twokings2 and maharajah as variants.ini has
// them (maharajah with promotion types: Fairy-Stockfish's has none, so
// that its Pawns may never reach the last rank, which the format cannot
// say), atomic giveaway, and a game without a King that a stalemate ends.
const royalSections = `[two:chess]
king = -
commoner = k
extinctionValue = loss
extinctionPseudoRoyal = true
extinctionPieceTypes = k
extinctionPieceCount = 1
startFen = rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1

[maha]
pawn = p
knight = n
bishop = b
rook = r
queen = q
king = k
amazon = m
promotionPieceTypes = qrbn
startFen = rnbqkbnr/pppppppp/8/8/8/8/8/4M3 w kq - 0 1
extinctionValue = loss
extinctionPieceTypes = m
extinctionPseudoRoyal = true

[ag:giveaway]
blastOnCapture = true

[tuk]
maxRank = 6
maxFile = f
customPiece1 = w:mvR
startFen = wwwwww/6/6/6/6/WWWWWW w
stalemateValue = loss
`

// TestRoyalTranslation: a commoner King castles as the format's
// castling.king; extinctionPseudoRoyal becomes rules.pseudoRoyal (upTo the
// count + 1, dropped where no side can have more), or a royal King where
// one piece a side is pseudo-royal and never a promotion target (atomic);
// blastOnCapture becomes rules.blast, sparing the Pawns and the
// blastImmuneTypes, mutuallyImmuneTypes rules.mutuallyImmune;
// checkmateValue = win rules.checkmate "win"; a variant without a King
// imports where pseudo-royal pieces, a flag or a deciding stalemate end it.
// The children of the built-ins play this service's games of their names.
func TestRoyalTranslation(t *testing.T) {
	builtins := map[string]string{
		"give": "giveaway", "cod": "codrus", "ext": "extinction", "kl": "kinglet", "atom": "atomic",
		"nca": "nocheckatomic", "atomar2": "atomar", "cor": "coregal", "los": "losers", "km": "knightmate",
	}
	text := ""
	for _, name := range []string{"give", "cod", "ext", "kl", "atom", "nca", "atomar2", "cor", "los", "km"} {
		text += "[" + name + ":" + builtins[name] + "]\n"
	}
	secs := importText(t, text+royalSections)
	type want struct {
		royal    string // the royal piece's letter, or ""
		castles  string // castling.king
		guard    *rules.PseudoRoyalDef
		blast    *rules.BlastDef
		mutual   []string
		ext      bool
		checkWin bool
	}
	wants := map[string]want{
		"give":    {castles: "K", ext: true},
		"cod":     {castles: "K", ext: true},
		"ext":     {castles: "K", ext: true},
		"kl":      {castles: "K", ext: true},
		"atom":    {royal: "K", blast: &rules.BlastDef{Spare: []string{"P"}}},
		"nca":     {castles: "K", blast: &rules.BlastDef{Spare: []string{"P"}}, ext: true},
		"atomar2": {castles: "K", blast: &rules.BlastDef{Spare: []string{"P"}, Immune: []string{"K"}}, mutual: []string{"K"}, ext: true},
		"cor":     {royal: "K", guard: &rules.PseudoRoyalDef{Pieces: []string{"Q"}}},
		"los":     {royal: "K", ext: true, checkWin: true},
		"km":      {royal: "K"},
		"two":     {guard: &rules.PseudoRoyalDef{Pieces: []string{"K"}, UpTo: 2}},
		"maha":    {royal: "K", guard: &rules.PseudoRoyalDef{Pieces: []string{"M"}, UpTo: 1}},
		"ag":      {castles: "K", blast: &rules.BlastDef{Spare: []string{"P"}}, ext: true},
		"tuk":     {},
	}
	if len(secs) != len(wants) {
		t.Fatalf("%d sections; want %d", len(secs), len(wants))
	}
	for _, s := range secs {
		w, d := wants[s.Name], s.Definition
		if d == nil {
			t.Errorf("[%s] not imported: %+v", s.Name, s.Problems)
			continue
		}
		royal := ""
		if i := slices.IndexFunc(d.Pieces, func(p rules.PieceDef) bool { return p.Royal }); i >= 0 {
			royal = d.Pieces[i].Letter
		}
		castles := ""
		if d.Rules.Castling != nil {
			castles = d.Rules.Castling.King
		}
		got := want{royal: royal, castles: castles, guard: d.Rules.PseudoRoyal, blast: d.Rules.Blast,
			mutual: d.Rules.MutuallyImmune, ext: d.Rules.Extinction != nil, checkWin: d.Rules.Checkmate == "win"}
		if !reflect.DeepEqual(got, w) {
			t.Errorf("[%s] = %+v; want %+v", s.Name, got, w)
		}
		if _, err := rules.Compile(d); err != nil {
			t.Errorf("[%s] Compile: %v", s.Name, err)
		}
	}
	wantBuiltinChildren(t, secs, builtins)
	// Where random games seldom go: a pseudo-royal King attacked, a forced
	// exploding capture. Fairy-Stockfish's counts (commit c19b5f6c, these
	// sections as VariantPath, "position fen FEN", "go perft N").
	wantSectionPerft(t, secs, "two", "3kk3/8/8/8/8/8/2q5/3KK3 w - - 0 1", 1, 8, 104)
	wantSectionPerft(t, secs, "two", "3k4/8/8/8/8/8/2q5/3KK3 w - - 0 1", 1, 5, 65)
	wantSectionPerft(t, secs, "ag", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", 1, 1, 23)
	wantSectionPerft(t, secs, "maha", "rnbqkbnr/pppppppp/8/8/8/8/8/4M3 w kq - 0 1", 22, 438, 9097)
	wantSectionPerft(t, secs, "maha", "4k3/8/8/8/8/8/8/r2M4 w - - 0 1", 16, 210, 4818)
	wantSectionPerft(t, secs, "maha", "4k3/8/8/3q4/8/8/8/3M4 w - - 0 1", 15, 344, 5729)
}

// TestRoyalRefusals: what the format cannot say of pseudo-royal pieces and
// explosions is refused at its key.
func TestRoyalRefusals(t *testing.T) {
	secs := importText(t, `[royalblast:chess]
blastOnCapture = true

[twoblast:chess]
king = -
commoner = k
castling = false
extinctionValue = loss
extinctionPieceTypes = k
extinctionPieceCount = 1
extinctionPseudoRoyal = true
blastOnCapture = true
startFen = rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1

[allguarded:chess]
extinctionValue = loss
extinctionPieceTypes = *
extinctionPseudoRoyal = true

[kingguarded:chess]
extinctionValue = loss
extinctionPieceTypes = kq
extinctionPseudoRoyal = true

[guardcastles:chess]
king = -
commoner = k
castlingKingPiece = k
extinctionValue = loss
extinctionPieceTypes = k
extinctionPieceCount = 1
extinctionPseudoRoyal = true
startFen = rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w KQkq - 0 1

[random:giveaway]
chess960 = true

[drawnmate:chess]
checkmateValue = draw

[nopromotion]
pawn = p
king = k
startFen = 4k3/pppppppp/8/8/8/8/PPPPPPPP/4K3 w - - 0 1
`)
	wantRefusedAt(t, secs, map[string]string{
		"royalblast": "blastOnCapture", "twoblast": "extinctionPseudoRoyal", "allguarded": "extinctionPieceTypes",
		"kingguarded": "extinctionPieceTypes", "guardcastles": "castlingKingPiece", "random": "chess960",
		"drawnmate": "checkmateValue", "nopromotion": "promotionPieceTypes",
	})
}
