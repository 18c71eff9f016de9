package rules

import (
	"encoding/json"
	"fmt"
	"reflect"
)

// Definition is a variant as data: the format of the files under
// variants/ and of the inline definitions clients send. docs/VARIANTS.md
// documents every field; unknown fields are errors.
type Definition struct {
	ID          string     `json:"id"`
	Name        string     `json:"name"`
	Description string     `json:"description,omitempty"`
	Files       int        `json:"files"`
	Ranks       int        `json:"ranks"`
	StartFEN    string     `json:"startFEN"`
	Pieces      []PieceDef `json:"pieces"`
	Rules       RulesDef   `json:"rules"`
}

// PieceDef is one piece type of a variant.
type PieceDef struct {
	Name string `json:"name"`
	// Letter is the FEN letter, upper case for White; it may be followed by
	// up to three apostrophes (N', N'') where a variant runs out of letters.
	Letter string `json:"letter"`
	// Betza is the movement in XBetza (docs/BETZA.md); it may be empty
	// when Bent or Behaviour gives the piece its moves.
	Betza string `json:"betza,omitempty"`
	// Value is the piece's value as its rule text gives it, normalised as
	// there (Rook = 5 in the Cazaux games); absent when the text gives none.
	Value *float64 `json:"value,omitempty"`
	Royal bool     `json:"royal,omitempty"`
	// PawnClass pieces reset the move counter of the draw rules when they move.
	PawnClass bool `json:"pawnClass,omitempty"`
	// InitialRanks are the ranks, counted from the owner's side starting at
	// 1, where moves marked i in Betza are allowed.
	InitialRanks []int `json:"initialRanks,omitempty"`
	// DoubleStep lets the piece step two squares straight forward, both
	// empty, without capturing.
	DoubleStep *DoubleStepDef `json:"doubleStep,omitempty"`
	// TripleStep lets the piece step three squares straight forward, all
	// empty, without capturing, from the ranks and squares it gives
	// (Wildebeest Chess's Pawns from rank 2); an en-passant maker's triple
	// step can be taken on either square it passed.
	TripleStep *DoubleStepDef `json:"tripleStep,omitempty"`
	// PromotesTo lists the letters this piece may promote to in the zone.
	PromotesTo []string `json:"promotesTo,omitempty"`
	// PromotesBy, when set, is the part of Betza whose moves promote; the
	// piece's other moves into the zone do not (the Troll promotes by its
	// pawn-like step, never by its leap). Empty: every move promotes.
	PromotesBy string `json:"promotesBy,omitempty"`
	// Bent lists bent riders that Betza cannot say (the Ship).
	Bent []BentDef `json:"bent,omitempty"`
	// FrozenMoves: the piece neither moves nor gives check until its side
	// has completed this many moves.
	FrozenMoves int `json:"frozenMoves,omitempty"`
	// Behaviour names a way of moving that no notation says (see
	// Behaviours): "archer", "hero", "shaman", "kangaroo", "edgehog",
	// "dev", or one of the powers of power.go ("advancer", "withdrawer",
	// "coordinator", "immobilizer", "chameleon", "fool", "diplomat",
	// "windmill").
	Behaviour string `json:"behaviour,omitempty"`
	// Immune pieces cannot be captured (the Block).
	Immune bool `json:"immune,omitempty"`
	// Description is free text for clients to show.
	Description string `json:"description,omitempty"`
}

// BentDef is a bent rider: a first leg onto an empty square, then a ride
// (Range steps, 0 unlimited, each Step squares long) along those of the
// absolute directions Then (Betza direction letters) that lead outward from
// the first leg. First is a Betza atom with optional direction letters:
//
//   - a one-square step (W, F): the continuation turns 45 degrees from it.
//     The Ship is {"first": "F", "then": "v"}: a diagonal step, then on
//     vertically in that step's vertical direction;
//   - a longer leap (Z): the continuation is the diagonal or line whose
//     direction has the signs of the leap (the Tiger: {"first": "Z",
//     "then": "fb"});
//   - a slide (B, R): every square of the slide is empty and a turning
//     point, and the continuation is one step (Range must be 1): the
//     Duke's second path, {"first": "B", "then": "vs", "range": 1}.
//
// The stop after the first leg is not part of it; give it in Betza (F).
type BentDef struct {
	First string `json:"first"`
	Then  string `json:"then"`
	Range int    `json:"range,omitempty"`
	// Step is the length of each continuation step: 1 (the default), or 2
	// for a dabbaba-rider continuation (the Dragon), whose squares in
	// between do not matter.
	Step int `json:"step,omitempty"`
}

// DoubleStepDef says where a piece may step two squares: from the Ranks
// and from the Squares; with neither, from anywhere.
type DoubleStepDef struct {
	// Ranks, counted from the owner's side starting at 1.
	Ranks []int `json:"ranks,omitempty"`
	// Squares, named as White sees them (b3); Black's are the same squares
	// mirrored across the middle rank (b3 is b8 on 10 ranks). Wolf Chess's
	// Pawns double-step from rank 2 and from b3, c3, f3 and g3.
	Squares []string `json:"squares,omitempty"`
}

// RulesDef holds the rule switches of a variant.
type RulesDef struct {
	Castling  *CastlingDef  `json:"castling,omitempty"`
	KingJump  bool          `json:"kingJump,omitempty"`
	EnPassant *EnPassantDef `json:"enPassant,omitempty"`
	Promotion *PromotionDef `json:"promotion,omitempty"`
	Draws     DrawsDef      `json:"draws"`
	// InsufficientMaterial is "fide" (dead positions as FIDE), "kings"
	// (a draw when both sides have their royal pieces alone: three-check,
	// where any other piece can still give check), "antichess" (lichess's
	// and python-chess's: opposing Bishops on squares of other colours;
	// extinction.go) or "none".
	InsufficientMaterial string `json:"insufficientMaterial,omitempty"`
	// MovesPerTurn, above 1, gives each side that many moves a turn; a
	// turn ends early right after a move that gives check, or when the
	// side has no legal move left (the quick form of Giant Chess).
	MovesPerTurn int `json:"movesPerTurn,omitempty"`
	// Stalemate is what a stalemate means for the stalemated side: "draw"
	// (the default), "loss" (Courier Chess, Wildebeest Chess) or "win"
	// (antichess).
	Stalemate string `json:"stalemate,omitempty"`
	// BareKing is "loss" where a side left with its royal piece alone
	// loses, unless it bares the opposing King on its very next move
	// (Courier Chess, as Shatranj; bareking.go), or "none" (the default).
	BareKing string `json:"bareKing,omitempty"`
	// Flag, when given, makes a side whose piece of the flag type stands
	// on one of that side's flag squares win at once (King of the Hill;
	// flag.go).
	Flag *FlagDef `json:"flag,omitempty"`
	// CheckLimit, above 0, makes a side that has given that many checks
	// win at once (three-check: 3; checks.go). The checks each side still
	// needs are part of the position and of its FEN.
	CheckLimit int `json:"checkLimit,omitempty"`
	// GivingCheck is "illegal" where no move may give check (Racing
	// Kings; checks.go), or "allowed" (the default).
	GivingCheck string `json:"givingCheck,omitempty"`
	// Checkmate is what a checkmate means for the mated side: "loss" (the
	// default) or "win" (Losers; extinction.go).
	Checkmate string `json:"checkmate,omitempty"`
	// Captures is "compulsory" where a side that can capture must
	// (antichess; extinction.go), or "optional" (the default).
	Captures string `json:"captures,omitempty"`
	// Extinction ends the game when a side has lost the pieces it names
	// (antichess: all of them, a win; extinction.go). A variant without a
	// royal piece needs it.
	Extinction *ExtinctionDef `json:"extinction,omitempty"`
	// Blast makes every capture an explosion (atomic chess; blast.go).
	Blast *BlastDef `json:"blast,omitempty"`
	// MutuallyImmune names piece types that may not capture a piece of
	// their own type (Atomar's Kings; blast.go).
	MutuallyImmune []string `json:"mutuallyImmune,omitempty"`
	// PseudoRoyal names types whose pieces may not be left attacked, as
	// the King may not (Coregal chess's Queens; pseudoroyal.go).
	PseudoRoyal *PseudoRoyalDef `json:"pseudoRoyal,omitempty"`
}

// PseudoRoyalDef makes pieces pseudo-royal: none of them may be left
// attacked, a side with one attacked is in check, and checkmated when it
// has no legal move.
type PseudoRoyalDef struct {
	// Pieces are letters or names of piece types, not the royal one.
	Pieces []string `json:"pieces"`
	// UpTo, when given, makes a side's pieces of a type pseudo-royal only
	// while it has UpTo or fewer of that type (1: the last one); absent,
	// always.
	UpTo int `json:"upTo,omitempty"`
}

// BlastDef is the explosion of atomic chess: a capture removes the
// capturing piece and every piece on the eight squares around the square
// it captured on, but for the types Spare names (the Pawns) and those
// Immune names, as well as the piece it took.
type BlastDef struct {
	// Spare are letters or names of the types an explosion on a
	// neighbouring square leaves standing; a piece of such a type that
	// captures or is captured is removed all the same.
	Spare []string `json:"spare,omitempty"`
	// Immune are the types no explosion removes, not even when they
	// capture (Atomar's Kings).
	Immune []string `json:"immune,omitempty"`
}

// ExtinctionDef is the extinction rule: a side that has Count or fewer
// pieces of one of the types Pieces names (or, with "*", pieces of any type
// together) has its Result, "loss" or "win" (the outcome extinction).
type ExtinctionDef struct {
	// Pieces are letters or names of piece types, or "*" alone for all
	// the side's pieces together.
	Pieces []string `json:"pieces"`
	// Count is the most pieces that count as extinct: 0 by default.
	Count int `json:"count,omitempty"`
	// Result is what extinction means for the extinct side: "loss" or
	// "win".
	Result string `json:"result"`
}

// FlagDef is the flag rule: the side whose piece of type Piece stands on
// one of its own squares, White's or Black's, wins at once (the outcome
// flag). Checked after every move, before checkmate.
type FlagDef struct {
	// Piece is the letter of the flag piece, or its name; "*" makes
	// every piece of the side a flag piece (Fairy-Stockfish's flagPiece *).
	Piece string `json:"piece"`
	// Count, when above 1, is how many of its flag pieces a side needs
	// on its flag squares at once (Fairy-Stockfish's flagPieceCount); at
	// most the number of each side's squares. 0 means 1.
	Count int `json:"count,omitempty"`
	// Blocked also counts a flag reached when at least one flag piece
	// stands on the side's squares and every one of them holds a piece of
	// either colour (Fairy-Stockfish's flagPieceBlockedWin).
	Blocked bool `json:"blocked,omitempty"`
	// Safe counts the flag reached, when exactly Count flag pieces stand
	// on it, only if none of them is attacked by the opponent; the side
	// to move whose flag is reached then wins too, and both sides having
	// reached theirs is a draw (Fairy-Stockfish's flagPieceSafe). With
	// Answer only the side that has just moved is tested: a safe arrival
	// wins at once, an attacked one waits for the answer.
	Safe bool `json:"safe,omitempty"`
	// White and Black are the squares that win for each side, by name
	// (d4), at least one each.
	White []string `json:"white"`
	Black []string `json:"black"`
	// Answer gives the opponent of the side that reaches its flag one
	// more move before the game ends (Racing Kings; Fairy-Stockfish's
	// flagMove): to take the flag piece off its square or, for a royal
	// flag piece, Black answering White, to reach its own flag too, which
	// draws. A royal flag piece Black brings home first wins at once.
	Answer bool `json:"answer,omitempty"`
}

// CastlingDef enables castling: the unmoved King moves two squares toward an
// unmoved Rook on its own rank, every square between them empty, not in
// check and not passing or landing on an attacked square; the Rook lands on
// the square the King passed. With Sides, the King and the Rook land on the
// files Sides gives instead (RULES, "Castling"); where that moves the King
// less than two files the move is written King takes Rook (castling.go).
type CastlingDef struct {
	// Rook is the letter of the castling partner.
	Rook string `json:"rook"`
	// King, in a variant with no royal piece (giveaway), is the letter or
	// name of the piece that castles, unmoved on its start square; it
	// castles without regard to attacks, having no check to fear. Absent
	// elsewhere: the royal piece castles.
	King string `json:"king,omitempty"`
	// Notation of the FEN rights: "kq" (KQkq, and a Rook's file where the
	// right is not the outermost Rook's, as X-FEN) or "files" (Shredder
	// letters). Either is read; this one is written.
	Notation string `json:"notation"`
	// Sides, when given, are the files the King and the Rook land on when
	// castling toward the higher files and toward the lower: Capablanca's
	// King to i or c, Janus's to i or b, Chess960's to g or c.
	Sides *CastlingSides `json:"sides,omitempty"`
	// AnyStart lets the King and the castling Rooks start on any square of
	// their rank, as in Chess960 (it needs Sides): a right belongs to the
	// Rook on its file, and the move is written King takes Rook (e1h1).
	AnyStart bool `json:"anyStart,omitempty"`
	// AnyDistance lets the King, castling, move any number of squares
	// toward the Rook, one at least, and the Rook land on the square next
	// to it on the other side (Wildebeest Chess; castledistance.go). Not
	// with Sides.
	AnyDistance bool `json:"anyDistance,omitempty"`
}

// CastlingSides are the landing files of castling on each side.
type CastlingSides struct {
	High CastlingSide `json:"high"` // toward the higher files (O-O)
	Low  CastlingSide `json:"low"`  // toward the lower files (O-O-O)
}

// CastlingSide names, by their letters, the files the King and the Rook
// land on.
type CastlingSide struct {
	King string `json:"king"`
	Rook string `json:"rook"`
}

// EnPassantDef says which pieces' double steps can be taken en passant
// (makers) and which pieces may take (takers), by a capture onto the passed square.
type EnPassantDef struct {
	Makers []string `json:"makers"`
	Takers []string `json:"takers"`
	// QuietFirst settles a taker that can reach the passed square both by
	// a capture and by a quiet move (a Pawn that also steps like a King):
	// with it, the taker may only move there quietly and takes nothing, as
	// Fairy-Stockfish rules (an en-passant capture only onto a square no
	// quiet move of the taker reaches); without it, the move there is the
	// en-passant capture. Pawns that move forward and capture diagonally
	// never meet the case.
	QuietFirst bool `json:"quietFirst,omitempty"`
	// FromRanks, when given, are the ranks (counted from the maker's side,
	// from 1) whose double steps give an en-passant right; the others give
	// none (Horde: a Pawn's double step from the first rank; Fairy-
	// Stockfish's enPassantRegion).
	FromRanks []int `json:"fromRanks,omitempty"`
}

// PromotionDef describes where and how pieces with PromotesTo promote.
type PromotionDef struct {
	// Ranks where promotion is compulsory (from the owner's side, from 1).
	Ranks []int `json:"ranks"`
	// OptionalRanks where a piece may promote or stay.
	OptionalRanks []int `json:"optionalRanks,omitempty"`
	// LastSquares makes the last square of each file that is part of the
	// board, seen from the owner's side, a square of compulsory promotion,
	// whatever its rank (Troitzky Chess, whose board has holes).
	LastSquares bool `json:"lastSquares,omitempty"`
	// Choice is the promotion type: "all" (the piece's whole PromotesTo,
	// the default; "list" is the same), "captured" (only to a type of which
	// the side now has fewer than in its initial army) or "initial" (only
	// to a type of its initial army).
	Choice string `json:"choice,omitempty"`
	// Choices lists the promotion types a FEN may select in its seventh
	// field, with the initial armies they refer to (docs/VARIANTS.md).
	// Empty: the FEN has no such field and Choice applies with the armies
	// of the start position.
	Choices []string `json:"choices,omitempty"`
}

// DrawsDef sets the draw rules; zero values switch a rule off.
type DrawsDef struct {
	RepetitionClaim int `json:"repetitionClaim,omitempty"`
	RepetitionEnd   int `json:"repetitionEnd,omitempty"`
	MoveClaim       int `json:"moveClaim,omitempty"`
	MoveEnd         int `json:"moveEnd,omitempty"`
}

// MaxDefinitionBytes bounds the size of a definition text.
const MaxDefinitionBytes = 1 << 20

// DecodeDefinition reads a JSON definition strictly: unknown or
// differently-cased keys, repeated keys, values of the wrong type and
// trailing data are errors naming the JSON path and the byte offset.
func DecodeDefinition(data []byte) (*Definition, error) {
	if len(data) > MaxDefinitionBytes {
		return nil, newError(ErrInvalidVariant, "", -1, "definition is larger than %d bytes", MaxDefinitionBytes)
	}
	if err := checkStrictJSON(data, reflect.TypeFor[Definition]()); err != nil {
		return nil, err
	}
	var d Definition
	if err := json.Unmarshal(data, &d); err != nil {
		// The strict check accepted the text, so this cannot happen.
		return nil, newError(ErrInvalidVariant, "", -1, "%v", err)
	}
	return &d, nil
}

// clone returns a deep copy of d, so that a compiled variant shares nothing
// with its caller.
func (d *Definition) clone() Definition {
	data, err := json.Marshal(d)
	if err != nil {
		panic(fmt.Sprintf("marshal definition: %v", err))
	}
	var c Definition
	if err := json.Unmarshal(data, &c); err != nil {
		panic(fmt.Sprintf("unmarshal definition: %v", err))
	}
	return c
}

func fieldf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
