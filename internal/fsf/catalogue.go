package fsf

import (
	"fmt"
	"strings"
)

// pieceKind is one of Fairy-Stockfish's piece types: a predefined one
// (pawn, knight, ... king) or a custom slot (customPiece1...). Their order is
// Fairy-Stockfish's, which decides what replaces what when two keys give
// the same letter.
type pieceKind struct {
	key   string // the configuration key
	name  string // our display name
	betza string // Fairy-Stockfish's Betza of a predefined piece
}

// maxCustom is the number of custom slots Fairy-Stockfish documents.
const maxCustom = 25

var pieceKinds = func() []pieceKind {
	out := []pieceKind{
		{"pawn", "Pawn", "fmWfceF"}, {"knight", "Knight", "N"}, {"bishop", "Bishop", "B"},
		{"rook", "Rook", "R"}, {"queen", "Queen", "Q"}, {"fers", "Fers", "F"}, {"alfil", "Alfil", "A"},
		{"fersAlfil", "Fers-Alfil", "FA"}, {"silver", "Silver General", "FfW"}, {"aiwok", "Ai-Wok", "RNF"},
		{"bers", "Bers", "RF"}, {"archbishop", "Archbishop", "BN"}, {"chancellor", "Chancellor", "RN"},
		{"amazon", "Amazon", "QN"}, {"knibis", "Knibis", "mNcB"}, {"biskni", "Biskni", "mBcN"},
		{"kniroo", "Kniroo", "mNcR"}, {"rookni", "Rookni", "mRcN"}, {"shogiPawn", "Shogi Pawn", "fW"},
		{"lance", "Lance", "fR"}, {"shogiKnight", "Shogi Knight", "fN"}, {"gold", "Gold General", "WfF"},
		{"dragonHorse", "Dragon Horse", "BW"}, {"clobber", "Clobber", "cW"}, {"breakthrough", "Breakthrough Piece", "fmWfF"},
		{"immobile", "Immobile Piece", ""}, {"cannon", "Cannon", "mRcpR"}, {"janggiCannon", "Janggi Cannon", "pR"},
		{"soldier", "Soldier", "fsW"}, {"horse", "Horse", "nN"}, {"elephant", "Elephant", "nA"},
		{"janggiElephant", "Janggi Elephant", "nZ"}, {"banner", "Banner", "RcpRnN"}, {"wazir", "Wazir", "W"},
		{"commoner", "Commoner", "K"}, {"centaur", "Centaur", "KN"},
	}
	for i := 1; i <= maxCustom; i++ {
		out = append(out, pieceKind{key: fmt.Sprintf("customPiece%d", i), name: fmt.Sprintf("Custom Piece %d", i)})
	}
	return append(out, pieceKind{"king", "King", "K"})
}()

// mobilityRegionKeys are the keys of Fairy-Stockfish's regions a piece may
// not leave: mobilityRegionWhite and mobilityRegionBlack followed by a piece
// type's key, capitalised (mobilityRegionBlackJanggiElephant), as its
// parser forms them. Any other key of that family is unknown, like any
// other key Fairy-Stockfish does not have.
var mobilityRegionKeys = func() map[string]bool {
	out := map[string]bool{}
	for _, pk := range pieceKinds {
		name := strings.ToUpper(pk.key[:1]) + pk.key[1:]
		out["mobilityRegionWhite"+name], out["mobilityRegionBlack"+name] = true, true
	}
	return out
}()

func isCustom(k int) bool { return strings.HasPrefix(pieceKinds[k].key, "customPiece") }

const (
	kindPawn = iota
	kindKnight
	kindBishop
	kindRook
	kindQueen
)

var kindKing = len(pieceKinds) - 1

// kindAny is Fairy-Stockfish's ALL_PIECES as a flag piece: every piece.
const kindAny = -1

// keyDefaults are the keys the format has no equivalent for, with the value
// that leaves the rule off (Fairy-Stockfish's default). A section whose
// effective value of such a key is another one cannot be imported; the
// problem names the key. Values are compared as words; "" matches an empty
// or "-" value.
var keyDefaults = map[string]string{
	// drops and hands
	"pieceDrops": "false", "capturesToHand": "false", "dropLoop": "false", "twoBoards": "false",
	"firstRankPawnDrops": "false", "promotionZonePawnDrops": "false", "mustDrop": "false",
	"sittuyinRookDrop": "false", "dropOppositeColoredBishop": "false", "dropPromoted": "false",
	"dropNoDoubled": "", "castlingDroppedPiece": "false", "enclosingDrop": "none", "enclosingDropStart": "",
	// gating and walls
	"gating": "false", "seirawanGating": "false", "cambodianMoves": "false", "wallingRule": "none",
	"wallOrMove": "false",
	// ends of the game the format does not have
	"connectN": "0", "connectNxN": "0", "collinearN": "0", "connectRegion1White": "", "connectRegion2White": "",
	"connectRegion1Black": "", "connectRegion2Black": "", "materialCounting": "none", "adjudicateFullBoard": "false",
	"countingRule": "none", "castlingWins": "", "stalemateValue": "draw", "stalematePieceCount": "false",
	"checkmateValue": "loss", "nFoldValue": "draw", "nFoldValueAbsolute": "false", "shatarMateRule": "false",
	"bikjangRule": "false", "dupleCheck": "false", "perpetualCheckIllegal": "false",
	"moveRepetitionIllegal": "false", "chasingRule": "none", "shogiPawnDropMateIllegal": "false",
	// moves the format does not have
	"petrifyOnCaptureTypes": "", "petrifyBlastPieces": "false",
	"pass": "false", "passWhite": "false", "passBlack": "false", "passOnStalemate": "false",
	"passOnStalemateWhite": "false", "passOnStalemateBlack": "false", "makpongRule": "false",
	"flyingGeneral": "false", "soldierPromotionRank": "1", "flipEnclosedPieces": "none", "diagonalLines": "",
	"oppositeCastling": "false", "sittuyinPromotion": "false", "promotedPieceType": "",
	"piecePromotionOnCapture": "false", "mandatoryPiecePromotion": "false", "pieceDemotion": "false",
	// deprecated spellings of the above
	"whiteDropRegion": "", "blackDropRegion": "", "dropOnTop": "false",
}

// whenDefault are keys that only matter together with a rule the format
// lacks (drops, connections): any value is accepted, and the rule
// they refine is what a problem names.
var whenDefault = map[string]bool{
	"dropChecks": true, "mustDropType": true, "dropNoDoubledCount": true, "dropRegionWhite": true,
	"dropRegionBlack": true, "wallingRegionWhite": true, "wallingRegionBlack": true, "wallingRegion": true,
	"connectPieceTypes": true, "connectVertical": true, "connectHorizontal": true, "connectDiagonal": true, "connectValue": true,
}

// fsfBuiltins are the names of Fairy-Stockfish's built-in variants at
// commit c19b5f6c (src/variant.cpp, built with largeboards=yes and
// all=yes), which a section may name as its parent there; builtins.ini
// describes those the import can read a child of.
var fsfBuiltins = map[string]bool{
	"chess": true, "normal": true, "fischerandom": true, "nocastle": true, "armageddon": true,
	"torpedo": true, "berolina": true, "pawnsideways": true, "pawnback": true, "legan": true,
	"fairy": true, "makruk": true, "makpong": true, "cambodian": true, "karouk": true, "asean": true,
	"ai-wok": true, "shatranj": true, "chaturanga": true, "amazon": true, "georgian": true,
	"nightrider": true, "grasshopper": true, "hoppelpoppel": true, "newzealand": true,
	"kingofthehill": true, "racingkings": true, "knightmate": true, "misere": true, "losers": true,
	"giveaway": true, "antichess": true, "suicide": true, "codrus": true, "extinction": true,
	"kinglet": true, "threekings": true, "horde": true, "petrified": true, "nocheckatomic": true,
	"atomic": true, "atomar": true, "isolation": true, "isolation7x7": true, "snailtrail": true,
	"fox-and-hounds": true, "duck": true, "joust": true, "3check": true, "5check": true,
	"crazyhouse": true, "loop": true, "chessgi": true, "bughouse": true, "koedem": true,
	"pocketknight": true, "placement": true, "sittuyin": true, "seirawan": true, "shouse": true,
	"dragon": true, "paradigm": true, "minishogi": true, "mini": true, "kyotoshogi": true,
	"micro": true, "dobutsu": true, "gorogoro": true, "judkins": true, "torishogi": true,
	"euroshogi": true, "losalamos": true, "gardner": true, "almost": true, "sortofalmost": true,
	"chigorin": true, "perfect": true, "spartan": true, "shatar": true, "coregal": true,
	"clobber": true, "breakthrough": true, "ataxx": true, "flipersi": true, "flipello": true,
	"minixiangqi": true, "raazuvaa": true, "shogi": true, "checkshogi": true, "shoshogi": true,
	"yarishogi": true, "okisakishogi": true, "capablanca": true, "capahouse": true,
	"caparandom": true, "gothic": true, "janus": true, "modern": true, "chancellor": true,
	"embassy": true, "centaur": true, "gustav3": true, "jesonmor": true, "courier": true,
	"grand": true, "opulent": true, "tencubed": true, "omicron": true, "troitzky": true, "wolf": true,
	"shako": true, "clobber10": true, "flipello10": true, "amazons": true, "xiangqi": true,
	"manchu": true, "supply": true, "janggi": true, "janggitraditional": true, "janggimodern": true,
	"janggicasual": true,
}
