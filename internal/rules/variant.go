package rules

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
)

// Variant is a compiled variant definition: immutable once built and safe
// for concurrent use by any number of goroutines. Its fields are grouped as
// the definition is: the army, the rules of a move's legality, the ends of
// a game, the board, castling and promotion; then the definition, the
// start and the tables' cache. The groups are embedded, so that a field
// reads v.files, v.royal.
type Variant struct {
	// The groups move generation reads at every node come first.
	variantArmy
	variantMoves
	variantEnds
	variantBoard
	variantCastling
	variantPromotion

	def      Definition
	startFEN string
	start    *Position

	base  *kit // the start position's kit
	kitMu sync.Mutex
	kits  map[kitKey]*kit
	// What the tables cost (cost.go).
	kitCap    int          // the most kits kept, roots and promotion kits
	kitsMade  atomic.Int64 // the kits kept since kits was last started afresh
	footprint int64        // the estimated bytes of the tables, built and lazy (Footprint)
}

// variantBoard is the board: its size and its squares.
type variantBoard struct {
	files   int
	ranks   int
	onBoard bitboard
	words   int      // the bitboard words that hold the board's squares: 2 up to 8 ranks
	holes   bitboard // the squares that are not part of the board: * in the start FEN
	// neighbours[s] are the squares around s in circular order, NoSquare
	// off the board (windmill.go).
	neighbours [NumSquares][8]Square
}

// variantArmy is the piece types, their moves and what sets them apart.
type variantArmy struct {
	types    []pieceType // types[t-1] describes PieceType t
	byLetter map[string]PieceType
	letters  [MaxApostrophes + 1][26]PieceType // by apostrophes and letter: byLetter for FEN's inner loop
	royal    PieceType                         // 0 in a variant without a royal piece (extinction.go)
	shapes   [][]shape                         // shapes[t-1]: the expanded moves of type t
	moves    [2][]moveTable                    // [colour][type*NumSquares+square]
	// bulk[colour]: the plan that counts the colour's Pawns set-wise at
	// perft's last ply, or nil (bulk.go).
	bulk     [2]*bulkPlan
	bulkType [2]PieceType // the type of bulk[colour], 0 without one

	hasFrozen   bool
	plainTables bool     // some move table is moveTable.plainAll: a count may count moves it does not list
	hasDev      bool     // some piece type stands on a 2x2 block (the Dev)
	hasPower    bool     // some piece type has a power (power.go)
	tripleSteps bool     // some piece type has a TripleStep
	powered     pieceSet // the pieces of both colours whose type has a power
	fools       typeSet  // the types with the Fool's power
	devs        pieceSet // the Dev pieces of both colours
	// dispatch holds the pieces of both colours whose moves pieceMoves
	// lists (special or overlap), so that pseudoIn needs no type lookup
	// for the others.
	dispatch pieceSet
	immune   pieceSet    // pieces that cannot be captured
	foe      [2]pieceSet // [colour]: the pieces that colour may capture
	// barred[colour] holds the types that may not stand on the colour's own
	// first rank (firstrank.go).
	barred [2]typeSet
}

// variantCastling is castling and the King's jump.
type variantCastling struct {
	rook PieceType // castling partner, 0 without castling
	// castleKing is the piece that castles: the royal one, or in a variant
	// without one, CastlingDef.King (0 without castling).
	castleKing PieceType
	castling   string // "", "kq" or "files"
	kingJump   bool
	kingHome   [2]Square // where each King starts
	// anyDistance: CastlingDef.AnyDistance (castledistance.go); castleData
	// is set with it, castleTo is not.
	anyDistance bool
	// castleTo holds, with CastlingDef.Sides, the files the King [side][0]
	// and the Rook [side][1] land on castling toward the lower (side 0)
	// and the higher (side 1) files; castleData says it is set.
	castleTo   [2][2]int
	castleData bool
	anyStart   bool // CastlingDef.AnyStart
	// castleOnRook[colour][side]: with Sides and not AnyStart, castling of
	// that colour toward that side moves the King less than two files
	// from its start, and is written King takes Rook (castling.go).
	castleOnRook [2][2]bool
	castleRank   [2]int    // the rank of each side's castling Rooks
	rookHome     [2][2]int // file of the outermost start Rook on the a side [0] and h side [1], or -1
}

// variantPromotion is the promotion zone and the types a piece becomes.
type variantPromotion struct {
	choice    uint8                // the default promotion type (promoAll...)
	choices   []uint8              // the promotion types a FEN may select
	zone      [2][NumSquares]uint8 // promotion kind of each square for each colour
	targets   typeSet              // the types some piece promotes to
	startArmy army                 // the start position's promotion targets
}

// variantMoves is what makes a move legal beyond its piece's moves.
type variantMoves struct {
	perTurn int // moves a side makes in one turn (the quick form of Giant Chess); 1 normally
	// epQuietFirst: EnPassantDef.QuietFirst (enpassant.go).
	epQuietFirst bool
	// epFrom[colour]: with EnPassantDef.FromRanks, the absolute ranks
	// (bit r) whose double steps give an en-passant right; 0: every rank.
	epFrom [2]uint32
	// noChecks: no move may give check (RulesDef.GivingCheck; checks.go);
	// mustCapture: RulesDef.Captures "compulsory" (extinction.go).
	noChecks    bool
	mustCapture bool
	// blast: RulesDef.Blast compiled, nil without it; mutual: the
	// mutually immune types (blast.go).
	blast  *blastRule
	mutual typeSet
	// guard: RulesDef.PseudoRoyal compiled, nil without it
	// (pseudoroyal.go).
	guard *guardRule
	// legalRules: the legal moves are not just those that leave the royal
	// piece safe (noChecks, mustCapture, no royal piece; legalByRules).
	legalRules bool
}

// variantEnds is how a game ends (ends.go).
type variantEnds struct {
	draws    DrawsDef
	material string
	// stalemateLoss, stalemateWin: a stalemated side loses or wins
	// (RulesDef.Stalemate); bareKing: a bare King loses (RulesDef.BareKing,
	// bareking.go).
	stalemateLoss bool
	stalemateWin  bool
	checkmateWin  bool // RulesDef.Checkmate "win"
	bareKing      bool
	// flag: RulesDef.Flag compiled (flag.go), nil without it.
	flag *flagRule
	// checkLimit: RulesDef.CheckLimit, 0 without it (checks.go).
	checkLimit int
	// extinction: RulesDef.Extinction compiled, nil without it
	// (extinction.go).
	extinction *extinctionRule
	// ends are the ways the game ends, in the order they are judged;
	// terminalEnds says one of them is terminal for move generation, which
	// then asks it at every node (legalList).
	ends         []endRule
	terminalEnds bool
}

// pieceType is one compiled piece type.
type pieceType struct {
	PieceDef
	promotesTo []PieceType
	epMaker    bool
	epTaker    bool
	// doubleFrom holds, per colour, the squares of DoubleStepDef.Squares;
	// tripleFrom those of the TripleStep's.
	doubleFrom [2][]Square
	tripleFrom [2][]Square
	overlap    bool   // two shapes can make the same move: drop duplicates
	dev        bool   // stands on an aligned 2x2 block and moves by blocks
	power      power  // what it can do beyond arriving on a square (power.go)
	reach      int    // the longest step of its shapes along either axis (a ride counts one step)
	archer     bool   // captures from afar (behaviour archer)
	special    bool   // dev or a power: pieceMoves dispatches it
	lower      string // the letter in lower case, for Black
}

const (
	zoneNone uint8 = iota
	zoneOptional
	zoneCompulsory
)

// moveTable holds the compiled moves of one piece type of one colour from one square.
type moveTable struct {
	leaps         []leapEntry
	rides         []rideEntry
	bents         []bentEntry
	slides        []slideEntry
	double        Square // destination of a double step, or NoSquare
	doubleMid     Square
	triple        Square // destination of a triple step straight forward, or NoSquare
	doublePromote bool   // a double or triple step promotes in the zone
	// plainAll: every move is a plain leap or a plain ride (no en
	// passant, no promotion, no double step), which a count needs not
	// list (plainCount).
	plainAll bool
}

type leapEntry struct {
	to      Square
	move    bool
	capture bool
	empty   [2]Square // must be empty (NoSquare: unused)
	full    Square    // must be occupied (NoSquare: unused)
	either  [2]Square // at least one must be empty (NoSquare: unused)
	afar    Square    // an enemy here is captured too (NoSquare: unused)
	promote bool      // the move promotes in the zone
	// plain is a leap with no condition on other squares and no promotion
	// at its destination, in a variant without Devs, which shapeMoves
	// appends without further tests: plainBoth (it moves or captures),
	// plainMove, plainCapture; plainCaptureEP, a capture of a piece that
	// takes en passant, which on an empty square is en passant when the
	// square is one a double step passed; 0 when not plain.
	plain uint8
}

// The kinds of plain leap.
const (
	plainBoth uint8 = iota + 1
	plainMove
	plainCapture
	plainCaptureEP
)

type rideEntry struct {
	ray     []Square
	kind    shapeKind
	move    bool
	capture bool
	promote bool // the move promotes in the zone
	plain   bool // a ride as leapEntry.plain: no square of the ray promotes
}

type bentEntry struct {
	pivot   Square
	ray     []Square
	move    bool
	capture bool
	promote bool // the move promotes in the zone
}

// slideEntry is a slide whose every square, while the slide is open, is a
// turning point for one step to dest[k] (NoSquare when off the board).
type slideEntry struct {
	ray     []Square
	dest    []Square
	move    bool
	capture bool
	promote bool
}

// attackTable lists the reversed probes that find attackers of one square.
type attackTable struct {
	devs   []devProbe // Devs in the blocks next to the target's
	leaps  []leapProbe
	legged int // leaps[:legged] have legs (lame, jumping, two-part, Archer)
	// scan: attackedPins walks leaps[:scan] one by one, and finds the
	// attackers of the others, leaps[legged:], by groups: legged where
	// groups are set, len(leaps) where there are too many sets to group.
	scan   int
	groups []leapGroup
	rays   []rayProbe
	bents  []bentProbe
	// reach holds every square a probe reads: a change of what stands
	// anywhere else cannot change whether the target is attacked (but
	// through the Devs, the powers and frozen pieces, which Position.quiet
	// leaves to a trial move).
	reach bitboard
}

// leapGroup gathers the leaps without legs whose attackers are the same
// set: a piece of set on a square of from attacks the target.
type leapGroup struct {
	from bitboard
	set  pieceSet
}

// devProbe: a Dev of set standing on the block whose lower-left square is
// ll attacks the target, unless the target's block holds its side's pieces.
type devProbe struct {
	ll  Square
	set pieceSet
}

type leapProbe struct {
	from   Square
	set    pieceSet
	empty  [2]Square
	full   Square
	either [2]Square
	via    Square // the Archer's landing square: empty or a piece it may capture
}

// rayProbe walks outward from the target. near[k] holds the pieces that
// capture the target when they stand first on ray[k]; hop[k] those that
// capture from ray[k] over exactly one screen; grass[k] those that capture
// from ray[k] landing just past a screen on ray[0]; kangaroo[k] those that
// capture from ray[k] over exactly two screens, the second on ray[0]. A nil
// list is empty.
type rayProbe struct {
	mask     bitboard // the squares of ray: with none of the attacker's pieces there, the ray attacks and pins nothing
	ray      []Square
	near     []pieceSet
	hop      []pieceSet
	grass    []pieceSet
	kangaroo []pieceSet
}

// bentProbe: for each k, if ray[0..k] are empty, a piece of set on origin[k] attacks.
type bentProbe struct {
	ray    []Square
	origin []Square
	set    pieceSet
}

// ID returns the variant's id.
func (v *Variant) ID() string { return v.def.ID }

// Name returns the variant's display name.
func (v *Variant) Name() string { return v.def.Name }

// MovesPerTurn returns how many moves a side makes in a turn (1 but in the
// quick form of Giant Chess).
func (v *Variant) MovesPerTurn() int { return v.perTurn }

// Files returns the board width.
func (v *Variant) Files() int { return v.files }

// Ranks returns the board height.
func (v *Variant) Ranks() int { return v.ranks }

// StartFEN returns the FEN of the start position.
func (v *Variant) StartFEN() string { return v.startFEN }

// Start returns the start position.
func (v *Variant) Start() *Position { return v.start.clone() }

// Definition returns a copy of the definition the variant was compiled from.
func (v *Variant) Definition() Definition {
	return v.def.clone()
}

// PieceTypes returns the number of piece types.
func (v *Variant) PieceTypes() int { return len(v.types) }

// PieceName returns the name of piece type t.
func (v *Variant) PieceName(t PieceType) string { return v.types[t-1].Name }

// Letter returns the upper-case letter of piece type t.
func (v *Variant) Letter(t PieceType) string { return v.types[t-1].Letter }

// PieceLetter returns the FEN letter of a piece: upper case for White,
// lower case for Black.
func (v *Variant) PieceLetter(pc Piece) string {
	if pc.Color() == Black {
		return v.types[pc.Type()-1].lower
	}
	return v.types[pc.Type()-1].Letter
}

func (v *Variant) typ(t PieceType) *pieceType { return &v.types[t-1] }

func (v *Variant) inside(f, r int) bool {
	return f >= 0 && f < v.files && r >= 0 && r < v.ranks && !v.holes.has(SquareAt(f, r))
}

// relRank returns the 1-based rank of square s seen from colour c's side.
func (v *Variant) relRank(s Square, c Color) int {
	if c == White {
		return s.Rank() + 1
	}
	return v.ranks - s.Rank()
}

// Compile checks a definition and builds the variant. Every problem is an
// *Error naming the field (a JSON path) and, inside strings, the byte offset;
// a definition whose tables would exceed CompileBudget is refused with
// limit-exceeded before any table is built (see Estimate).
func Compile(d *Definition) (*Variant, error) {
	return CompileContext(context.Background(), d)
}

// CompileContext is Compile within the deadline of ctx: it checks ctx
// between the steps of the compilation and between the move tables of the
// piece types, and returns ctx.Err() once ctx is done.
func CompileContext(ctx context.Context, d *Definition) (*Variant, error) {
	v := &Variant{def: d.clone(), variantBoard: variantBoard{files: d.Files, ranks: d.Ranks}, variantArmy: variantArmy{byLetter: map[string]PieceType{}}}
	if err := v.checkHeader(); err != nil {
		return nil, err
	}
	shapes, err := v.compilePieces()
	if err != nil {
		return nil, err
	}
	if err := v.compileRules(); err != nil {
		return nil, err
	}
	if err := v.checkPowers(shapes); err != nil {
		return nil, err
	}
	if err := v.findHoles(d.StartFEN); err != nil {
		return nil, err
	}
	v.lastSquareZones()
	cost, err := v.estimate(shapes)
	if err != nil {
		return nil, err
	}
	v.kitCap, v.footprint = cost.Kits, cost.Footprint()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := v.buildTables(ctx, shapes); err != nil {
		return nil, err
	}
	v.startFEN = d.StartFEN
	if err := v.findHomes(d.StartFEN); err != nil {
		return nil, err
	}
	setup, err := ParseFEN(v, d.StartFEN)
	if err != nil {
		return nil, relabel(err, "startFEN")
	}
	if setup.Promotion != "" || setup.Army != nil {
		return nil, newError(ErrInvalidVariant, "startFEN", -1, "the start FEN takes no promotion field: the variant's choice and the start armies are the default")
	}
	v.startArmy = v.armyOf(&setup.Board)
	start, err := NewPosition(setup)
	if err != nil {
		return nil, relabel(err, "startFEN")
	}
	v.start = start
	v.base = start.kit
	v.setBulk(&start.count)
	return v, nil
}

// findHomes reads the King and Rook squares of the start position, which
// the castling and jump rights refer to.
func (v *Variant) findHomes(fen string) error {
	board, _, _ := strings.Cut(fen, " ")
	s := &Setup{Variant: v}
	if err := s.parseBoard(board); err != nil {
		return relabel(err, "startFEN")
	}
	for c := White; c <= Black; c++ {
		k := s.kingSquare(c)
		v.kingHome[c] = k
		v.rookHome[c] = [2]int{-1, -1}
		if k == NoSquare {
			continue
		}
		v.castleRank[c] = k.Rank()
		v.castleOnRook[c] = v.onRookSides(k)
		for f := 0; f < v.files && v.rook != 0; f++ {
			if s.Board[SquareAt(f, k.Rank())] != makePiece(v.rook, c) {
				continue
			}
			if f < k.File() && v.rookHome[c][0] < 0 {
				v.rookHome[c][0] = f
			}
			if f > k.File() {
				v.rookHome[c][1] = f
			}
		}
	}
	v.barred = v.firstRankBarred(&s.Board)
	return nil
}

func relabel(err error, field string) error {
	if e, ok := err.(*Error); ok {
		e2 := *e
		e2.Code = ErrInvalidVariant
		e2.Field = field + "." + e.Field
		return &e2
	}
	return err
}

func (v *Variant) checkHeader() error {
	d := &v.def
	if d.ID == "" || len(d.ID) > 64 || strings.Trim(d.ID, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
		return newError(ErrInvalidVariant, "id", -1, "id must be 1-64 characters of a-z, 0-9 and -")
	}
	if d.Name == "" || len(d.Name) > MaxNameBytes {
		return newError(ErrInvalidVariant, "name", -1, "name is required, at most %d bytes", MaxNameBytes)
	}
	if len(d.Description) > MaxDescriptionBytes {
		return newError(ErrInvalidVariant, "description", -1, "description is at most %d bytes, not %d", MaxDescriptionBytes, len(d.Description))
	}
	if d.Files < 2 || d.Files > MaxFiles {
		return newError(ErrInvalidVariant, "files", -1, "files must be 2 to %d, not %d", MaxFiles, d.Files)
	}
	if d.Ranks < 1 || d.Ranks > MaxRanks {
		return newError(ErrInvalidVariant, "ranks", -1, "ranks must be 2 to %d, not %d", MaxRanks, d.Ranks)
	}
	if len(d.Pieces) == 0 || len(d.Pieces) > MaxPieceTypes {
		return newError(ErrInvalidVariant, "pieces", -1, "a variant needs 1 to %d piece types", MaxPieceTypes)
	}
	for f := 0; f < v.files; f++ {
		for r := 0; r < v.ranks; r++ {
			v.onBoard.set(SquareAt(f, r))
		}
	}
	v.words = int(SquareAt(v.files-1, v.ranks-1))>>6 + 1
	v.buildNeighbours()
	return nil
}

// Bounds of the names and text of a definition: what answers and pictures
// repeat (a piece's name in every tooltip of a board picture, the
// variant's in every answer that describes it) must not grow with the
// request past these.
const (
	MaxNameBytes        = 64   // a variant's or a piece's name
	MaxDescriptionBytes = 4096 // a variant's description
)

// MaxApostrophes bounds the apostrophes after a piece letter.
const MaxApostrophes = 3

func validLetter(l string) bool {
	if len(l) == 0 || len(l) > 1+MaxApostrophes || l[0] < 'A' || l[0] > 'Z' {
		return false
	}
	return strings.Count(l[1:], "'") == len(l)-1
}

func (v *Variant) compilePieces() ([][]shape, error) {
	shapes := make([][]shape, len(v.def.Pieces))
	for i, pd := range v.def.Pieces {
		field := fieldf("pieces[%d]", i)
		if pd.Name == "" || len(pd.Name) > MaxNameBytes {
			return nil, newError(ErrInvalidVariant, field+".name", -1, "name is required, at most %d bytes", MaxNameBytes)
		}
		if !validLetter(pd.Letter) {
			return nil, newError(ErrInvalidVariant, field+".letter", -1, "letter must be A-Z, optionally followed by up to three apostrophes, not %q", pd.Letter)
		}
		if _, dup := v.byLetter[pd.Letter]; dup {
			return nil, newError(ErrInvalidVariant, field+".letter", -1, "letter %q is used twice", pd.Letter)
		}
		v.byLetter[pd.Letter] = PieceType(i + 1)
		v.letters[len(pd.Letter)-1][pd.Letter[0]-'A'] = PieceType(i + 1)
		var s []shape
		pw := powerOf[pd.Behaviour]
		if pd.Betza != "" || len(pd.Bent) == 0 && pd.Behaviour != "kangaroo" && pd.Behaviour != "dev" && pw != powerFool && pw != powerWindmill {
			var err error
			if s, err = parseBetza(pd.Betza, field+".betza"); err != nil {
				return nil, err
			}
		}
		for k, b := range pd.Bent {
			bs, err := parseBent(b, fieldf("%s.bent[%d]", field, k))
			if err != nil {
				return nil, err
			}
			s = append(s, bs...)
		}
		s, err := applyBehaviour(s, pd.Behaviour, field+".behaviour")
		if err != nil {
			return nil, err
		}
		if err := markPromotions(s, pd.PromotesBy, field+".promotesBy"); err != nil {
			return nil, err
		}
		if pw != powerNone {
			if err := checkPower(pw, &pd, s, field); err != nil {
				return nil, err
			}
			v.hasPower = true
			v.powered.add(makePiece(PieceType(i+1), White))
			v.powered.add(makePiece(PieceType(i+1), Black))
			if pw == powerFool {
				v.fools.add(PieceType(i + 1))
			}
		}
		for _, sh := range s {
			if sh.kind == shapeHop && sh.max != 0 || sh.kind == shapeGrass && sh.max != 0 {
				return nil, newError(ErrInvalidBetza, field+".betza", -1, "range-limited hoppers are not supported")
			}
			if sh.initial && len(pd.InitialRanks) == 0 {
				return nil, newError(ErrInvalidVariant, field+".initialRanks", -1, "the i modifier needs initialRanks")
			}
		}
		if err := v.checkRanks(pd.InitialRanks, field+".initialRanks"); err != nil {
			return nil, err
		}
		if pd.DoubleStep != nil {
			if err := v.checkRanks(pd.DoubleStep.Ranks, field+".doubleStep.ranks"); err != nil {
				return nil, err
			}
		}
		if pd.FrozenMoves < 0 || pd.FrozenMoves > 1000 {
			return nil, newError(ErrInvalidVariant, field+".frozenMoves", -1, "frozenMoves must be 0 to 1000")
		}
		if pd.FrozenMoves > 0 {
			v.hasFrozen = true
		}
		if pd.Immune {
			if pd.Royal {
				return nil, newError(ErrInvalidVariant, field+".immune", -1, "the royal piece cannot be immune")
			}
			v.immune.add(makePiece(PieceType(i+1), White))
			v.immune.add(makePiece(PieceType(i+1), Black))
		}
		if pd.Royal {
			if v.royal != 0 {
				return nil, newError(ErrInvalidVariant, field+".royal", -1, "only one royal piece type is supported")
			}
			v.royal = PieceType(i + 1)
		}
		shapes[i] = s
		v.types = append(v.types, pieceType{PieceDef: pd, lower: strings.ToLower(pd.Letter), dev: pd.Behaviour == "dev", power: pw, reach: shapeReach(s), archer: pd.Behaviour == "archer",
			special: pd.Behaviour == "dev" || pw != powerNone})
		pt := &v.types[i]
		if pd.DoubleStep != nil {
			if pt.doubleFrom, err = v.compileStepSquares(pd.DoubleStep.Squares, field+".doubleStep.squares"); err != nil {
				return nil, err
			}
		}
		if pd.TripleStep != nil {
			if err := v.checkRanks(pd.TripleStep.Ranks, field+".tripleStep.ranks"); err != nil {
				return nil, err
			}
			if pt.tripleFrom, err = v.compileStepSquares(pd.TripleStep.Squares, field+".tripleStep.squares"); err != nil {
				return nil, err
			}
			if pw != powerNone || pd.Behaviour == "dev" {
				return nil, newError(ErrInvalidVariant, field+".tripleStep", -1, "a piece with behaviour %s has no triple step", pd.Behaviour)
			}
			v.tripleSteps = true
		}
		if pd.Behaviour == "dev" {
			if pd.Royal || len(pd.PromotesTo) > 0 || pd.DoubleStep != nil {
				return nil, newError(ErrInvalidVariant, field+".behaviour", -1, "a dev is not royal, does not promote and has no double step")
			}
			if v.files%2 != 0 || v.ranks%2 != 0 {
				return nil, newError(ErrInvalidVariant, field+".behaviour", -1, "a dev needs a board of even width and height, made of 2x2 blocks")
			}
			v.hasDev = true
			v.devs.add(makePiece(PieceType(i+1), White))
			v.devs.add(makePiece(PieceType(i+1), Black))
		}
	}
	if v.royal == 0 && !endsUnroyal(&v.def.Rules) {
		return nil, errNoEnd()
	}
	for i, pd := range v.def.Pieces {
		if pd.Behaviour == "archer" && v.hasDev {
			// A capture from afar of one square of a Dev has no meaning.
			return nil, newError(ErrInvalidVariant, fieldf("pieces[%d].behaviour", i), -1, "an archer and a dev cannot be in one variant")
		}
	}
	for c := White; c <= Black; c++ {
		for t := range v.types {
			if !v.immune.has(makePiece(PieceType(t+1), c.Other())) {
				v.foe[c].add(makePiece(PieceType(t+1), c.Other()))
			}
		}
	}
	for i, pd := range v.def.Pieces {
		for j, l := range pd.PromotesTo {
			t, ok := v.byLetter[l]
			field := fieldf("pieces[%d].promotesTo[%d]", i, j)
			if !ok {
				return nil, newError(ErrInvalidVariant, field, -1, "no piece has letter %q", l)
			}
			if t == v.royal && v.royal != 0 {
				return nil, newError(ErrInvalidVariant, field, -1, "cannot promote to the royal piece")
			}
			v.types[i].promotesTo = append(v.types[i].promotesTo, t)
			v.targets.add(t)
		}
	}
	return shapes, nil
}

func (v *Variant) checkRanks(ranks []int, field string) error {
	for k, r := range ranks {
		if r < 1 || r > v.ranks {
			return newError(ErrInvalidVariant, fieldf("%s[%d]", field, k), -1, "rank %d is off the board", r)
		}
	}
	return nil
}

// typeNamed returns the piece type whose letter, or else whose name, is s:
// what the rules that name a piece (the flag, extinction, the castling
// King) accept.
func (v *Variant) typeNamed(s string) (PieceType, bool) {
	if t, ok := v.byLetter[s]; ok {
		return t, true
	}
	for i := range v.types {
		if v.types[i].Name == s {
			return PieceType(i + 1), true
		}
	}
	return 0, false
}

func (v *Variant) letterType(l, field string) (PieceType, error) {
	t, ok := v.byLetter[l]
	if !ok {
		return 0, newError(ErrInvalidVariant, field, -1, "no piece has letter %q", l)
	}
	return t, nil
}

func (v *Variant) compileRules() error {
	r := &v.def.Rules
	if r.Castling != nil {
		t, err := v.letterType(r.Castling.Rook, "rules.castling.rook")
		if err != nil {
			return err
		}
		v.rook = t
		v.castleKing = v.royal
		if r.Castling.King != "" {
			k, ok := v.typeNamed(r.Castling.King)
			switch {
			case !ok:
				return newError(ErrInvalidVariant, "rules.castling.king", -1, "no piece has letter or name %q", r.Castling.King)
			case v.royal != 0 && k != v.royal:
				return newError(ErrInvalidVariant, "rules.castling.king", -1, "the royal piece castles; king names another only where no piece is royal")
			}
			v.castleKing = k
		}
		if v.castleKing == 0 {
			return newError(ErrInvalidVariant, "rules.castling.king", -1, "no piece is royal: name the piece that castles")
		}
		switch r.Castling.Notation {
		case "kq", "files":
			v.castling = r.Castling.Notation
		default:
			return newError(ErrInvalidVariant, "rules.castling.notation", -1, `notation must be "kq" or "files"`)
		}
		if r.KingJump {
			return newError(ErrInvalidVariant, "rules.kingJump", -1, "a variant has castling or the king's jump, not both")
		}
		if err := v.compileCastlingSides(r.Castling); err != nil {
			return err
		}
	}
	v.kingJump = r.KingJump
	if ep := r.EnPassant; ep != nil {
		for k, l := range ep.Makers {
			t, err := v.letterType(l, fieldf("rules.enPassant.makers[%d]", k))
			if err != nil {
				return err
			}
			if v.typ(t).DoubleStep == nil && v.typ(t).TripleStep == nil {
				return newError(ErrInvalidVariant, fieldf("rules.enPassant.makers[%d]", k), -1, "%s has no double or triple step", l)
			}
			v.typ(t).epMaker = true
		}
		for k, l := range ep.Takers {
			t, err := v.letterType(l, fieldf("rules.enPassant.takers[%d]", k))
			if err != nil {
				return err
			}
			v.typ(t).epTaker = true
		}
		v.epQuietFirst = ep.QuietFirst
		if err := v.checkRanks(ep.FromRanks, "rules.enPassant.fromRanks"); err != nil {
			return err
		}
		for _, r := range ep.FromRanks {
			for c := White; c <= Black; c++ {
				v.epFrom[c] |= 1 << v.absRank(r, c)
			}
		}
	}
	if p := r.Promotion; p != nil {
		if err := v.checkRanks(p.Ranks, "rules.promotion.ranks"); err != nil {
			return err
		}
		if err := v.checkRanks(p.OptionalRanks, "rules.promotion.optionalRanks"); err != nil {
			return err
		}
		c, ok := promoChoice(p.Choice)
		if !ok {
			return newError(ErrInvalidVariant, "rules.promotion.choice", -1, `choice must be "all", "captured" or "initial"`)
		}
		v.choice = c
		for k, name := range p.Choices {
			c, ok := promoChoice(name)
			if !ok || name == "" || name == "list" {
				return newError(ErrInvalidVariant, fieldf("rules.promotion.choices[%d]", k), -1, `choices are "all", "captured" or "initial"`)
			}
			if slices.Contains(v.choices, c) {
				return newError(ErrInvalidVariant, fieldf("rules.promotion.choices[%d]", k), -1, "%q is listed twice", name)
			}
			v.choices = append(v.choices, c)
		}
		if len(v.choices) > 0 && !slices.Contains(v.choices, v.choice) {
			return newError(ErrInvalidVariant, "rules.promotion.choices", -1, "choices must include the default choice")
		}
		for c := White; c <= Black; c++ {
			for f := 0; f < v.files; f++ {
				for _, rr := range p.OptionalRanks {
					v.zone[c][SquareAt(f, v.absRank(rr, c))] = zoneOptional
				}
				for _, rr := range p.Ranks {
					v.zone[c][SquareAt(f, v.absRank(rr, c))] = zoneCompulsory
				}
			}
		}
	}
	d := r.Draws
	if d.RepetitionClaim < 0 || d.RepetitionEnd < 0 || d.MoveClaim < 0 || d.MoveEnd < 0 ||
		d.RepetitionClaim > 100 || d.RepetitionEnd > 100 || d.MoveClaim > 10000 || d.MoveEnd > 10000 {
		return newError(ErrInvalidVariant, "rules.draws", -1, "draw thresholds must be small non-negative numbers")
	}
	v.draws = d
	v.perTurn = max(r.MovesPerTurn, 1)
	if r.MovesPerTurn < 0 || r.MovesPerTurn > 8 {
		return newError(ErrInvalidVariant, "rules.movesPerTurn", -1, "movesPerTurn must be 1 to 8")
	}
	if v.perTurn > 1 && v.tripleSteps {
		return newError(ErrInvalidVariant, "rules.movesPerTurn", -1, "a variant has several moves a turn or triple steps, not both")
	}
	if v.perTurn > 1 && len(v.choices) > 0 {
		return newError(ErrInvalidVariant, "rules.movesPerTurn", -1, "a variant has several moves a turn or promotion choices in the FEN, not both")
	}
	switch r.InsufficientMaterial {
	case "", "none":
		v.material = "none"
	case "fide", "kings", "antichess", "horde", "atomic":
		v.material = r.InsufficientMaterial
	default:
		return newError(ErrInvalidVariant, "rules.insufficientMaterial", -1, `insufficientMaterial must be "fide", "kings", "antichess", "horde", "atomic" or "none"`)
	}
	if err := v.compileChecks(r); err != nil {
		return err
	}
	if err := v.compileExtinction(r); err != nil {
		return err
	}
	if err := v.compileBlast(r); err != nil {
		return err
	}
	if err := v.compileGuard(r); err != nil {
		return err
	}
	if v.material == "atomic" && (v.blast == nil || v.royal == 0) {
		return newError(ErrInvalidVariant, "rules.insufficientMaterial", -1, `insufficientMaterial "atomic" needs explosions (rules.blast) and a royal piece`)
	}
	// With an extinction rule a side may lack its royal piece (Horde's
	// White): its moves are then all legal (legalByRules).
	v.legalRules = v.noChecks || v.mustCapture || v.royal == 0 || v.extinction != nil || v.blast != nil || v.mutual != (typeSet{}) || v.guard != nil
	return v.compileEndings(r)
}

// compileEndings reads the switches that make a stalemate or a bare King
// lose, and the flag.
func (v *Variant) compileEndings(r *RulesDef) error {
	switch r.Stalemate {
	case "", "draw":
	case "loss":
		v.stalemateLoss = true
	case "win":
		v.stalemateWin = true
	default:
		return newError(ErrInvalidVariant, "rules.stalemate", -1, `stalemate must be "draw", "loss" or "win"`)
	}
	switch r.Checkmate {
	case "", "loss":
	case "win":
		v.checkmateWin = true
	default:
		return newError(ErrInvalidVariant, "rules.checkmate", -1, `checkmate must be "loss" or "win", not %s`, quoteText(r.Checkmate))
	}
	switch r.BareKing {
	case "", "none":
	case "loss":
		v.bareKing = true
	default:
		return newError(ErrInvalidVariant, "rules.bareKing", -1, `bareKing must be "loss" or "none"`)
	}
	if v.bareKing && v.material == "fide" {
		return newError(ErrInvalidVariant, "rules.bareKing", -1, "a bare King that loses and FIDE's insufficient material exclude each other: a King and a Bishop win against a bare King")
	}
	if r.Flag != nil {
		if err := v.compileFlag(r.Flag); err != nil {
			return err
		}
	}
	v.compileEnds()
	return nil
}

// compileStepSquares reads the squares of a DoubleStepDef, White's as
// named and Black's mirrored across the middle rank.
func (v *Variant) compileStepSquares(names []string, field string) (from [2][]Square, err error) {
	for k, name := range names {
		sq, n := parseSquare(name, v.files, v.ranks)
		if n == 0 || n != len(name) {
			return from, newError(ErrInvalidVariant, fieldf("%s[%d]", field, k), -1, "%q is no square of the board", name)
		}
		from[White] = append(from[White], sq)
		from[Black] = append(from[Black], SquareAt(sq.File(), v.ranks-1-sq.Rank()))
	}
	return from, nil
}

// absRank converts a 1-based rank seen from colour c into an absolute 0-based rank.
func (v *Variant) absRank(rel int, c Color) int {
	if c == White {
		return rel - 1
	}
	return v.ranks - rel
}

// String returns the variant id.
func (v *Variant) String() string { return fmt.Sprintf("variant %s", v.def.ID) }

// compileCastlingSides reads the landing files of castling (CastlingDef.Sides
// and AnyStart).
func (v *Variant) compileCastlingSides(c *CastlingDef) error {
	if c.AnyDistance {
		if c.Sides != nil || c.AnyStart {
			return newError(ErrInvalidVariant, "rules.castling.anyDistance", -1, "castling any distance gives the landing files itself: no sides, no anyStart")
		}
		v.castleData, v.anyDistance = true, true
		return nil
	}
	if c.Sides == nil {
		if c.AnyStart {
			return newError(ErrInvalidVariant, "rules.castling.anyStart", -1, "castling from any start needs the landing files: sides")
		}
		return nil
	}
	file := func(l, field string) (int, error) {
		if len(l) != 1 || l[0] < 'a' || int(l[0]-'a') >= v.files {
			return 0, newError(ErrInvalidVariant, field, -1, "%q is not a file of the board (a-%c)", l, 'a'+v.files-1)
		}
		return int(l[0] - 'a'), nil
	}
	for side, s := range [2]CastlingSide{c.Sides.Low, c.Sides.High} {
		name := [2]string{"low", "high"}[side]
		k, err := file(s.King, "rules.castling.sides."+name+".king")
		if err != nil {
			return err
		}
		r, err := file(s.Rook, "rules.castling.sides."+name+".rook")
		if err != nil {
			return err
		}
		if k == r {
			return newError(ErrInvalidVariant, "rules.castling.sides."+name, -1, "the King and the Rook cannot land on the same file")
		}
		v.castleTo[side] = [2]int{k, r}
	}
	if v.castleTo[1][0] <= v.castleTo[0][0] {
		return newError(ErrInvalidVariant, "rules.castling.sides", -1, "the King must land on a higher file castling high (%c) than low (%c)",
			'a'+v.castleTo[1][0], 'a'+v.castleTo[0][0])
	}
	v.castleData, v.anyStart = true, c.AnyStart
	return nil
}

// findHoles reads the squares the start FEN writes *: squares of the
// rectangle that are not part of the board (walls or holes, as
// Fairy-Stockfish writes them), so that boards of other shapes fit in it.
// No piece stands there and no move reaches or crosses them: every table is
// built through inside, which leaves them out.
func (v *Variant) findHoles(fen string) error {
	board, _, _ := strings.Cut(fen, " ")
	s := &Setup{Variant: v}
	if err := s.parseBoard(board); err != nil {
		return relabel(err, "startFEN")
	}
	v.holes = s.holes
	return nil
}

// Hole says whether s is not part of the board (written * in a FEN).
func (v *Variant) Hole(s Square) bool { return s >= 0 && s < NumSquares && v.holes.has(s) }

// lastSquareZones makes, with PromotionDef.LastSquares, the last square of
// each file that is part of the board (from each side) a compulsory
// promotion square.
func (v *Variant) lastSquareZones() {
	p := v.def.Rules.Promotion
	if p == nil || !p.LastSquares {
		return
	}
	for f := 0; f < v.files; f++ {
		for r := v.ranks - 1; r >= 0; r-- {
			if sq := SquareAt(f, r); !v.holes.has(sq) {
				v.zone[White][sq] = zoneCompulsory
				break
			}
		}
		for r := 0; r < v.ranks; r++ {
			if sq := SquareAt(f, r); !v.holes.has(sq) {
				v.zone[Black][sq] = zoneCompulsory
				break
			}
		}
	}
}
