package rules

import (
	"math/rand/v2"
	"slices"
	"strings"
)

// SetupOptions say how GenerateSetup builds a start position: the game
// creation options of yucata.de's Grand Chess (RULES R27). White's home
// ranks are ranks 1 and 2; Black's setup there is always derived from
// White's, so both sides get the same army.
type SetupOptions struct {
	// Mode is one of
	//   - "classical" (or ""): the variant's start array;
	//   - "classical-random": the start array plus Count random catalogue
	//     pieces on random empty squares of the home ranks;
	//   - "classical-selected": the same with the catalogue pieces Pieces;
	//   - "random": the home ranks are emptied of everything but pawn-class
	//     pieces, then the King and Count-1 random pieces (classical or
	//     catalogue) go on random squares of the home ranks;
	//   - "selected": the same with the King and the pieces Pieces.
	// Classical pieces are the non-royal, non-pawn types of the start array;
	// catalogue pieces are the variant's other non-royal, non-pawn types.
	// Neither holds a Dev (it stands on a 2x2 block) nor a type that may not
	// stand on its own first rank (firstrank.go).
	Mode string
	// Count is the number of pieces to draw. classical-random: the number of
	// extra pieces, 0 up to the number of empty home squares (10 in Grand).
	// random: the number of pieces including the King, 1 up to the number
	// of home squares minus one (19 in Grand). In the selected modes it may
	// be left 0; otherwise it must equal the number of pieces placed
	// (len(Pieces), plus one for the King in mode selected). It must be 0
	// in mode classical.
	Count int
	// Pieces are the upper-case letters of the pieces chosen in the
	// selected modes, without the King (always placed) and without pawns:
	// catalogue pieces in mode classical-selected, classical or catalogue
	// pieces in mode selected. They are placed in this order.
	Pieces []string
	// Duplicates lets a type appear more than once among the pieces drawn
	// or selected. Without it every type appears at most once, and the
	// extras of the classical modes are catalogue types, so they never
	// repeat a type of the start array.
	Duplicates bool
	// Mirror places Black's pieces as White's rotated by 180 degrees (a
	// piece of White's on a1 gives one of Black's on j10, the "mirror
	// placement" of yucata.de) instead of mirrored across the middle rank
	// (a1 gives a10).
	Mirror bool
	// Promotion is the promotion type written into the FEN: "captured",
	// "initial" or "all", one of the variant's promotion choices. Empty
	// means the variant's default (captured in Grand). Variants without
	// promotion choices accept only the empty value.
	Promotion string
	// Seed selects the setup: the same variant, options and seed give the
	// same FEN on every platform and Go version.
	Seed uint64
	// Number is, in mode chess960, the array's number in the standard
	// numbering, 0 to 959 (518 is FIDE chess's); below 0 it is drawn
	// from Seed.
	Number int
}

// The setup modes.
const (
	modeClassical         = "classical"
	modeClassicalRandom   = "classical-random"
	modeClassicalSelected = "classical-selected"
	modeRandom            = "random"
	modeSelected          = "selected"
	modeChess960          = "chess960"
)

// setupStream is the second seed word of the PCG generator: any fixed value
// does, but changing it changes every generated setup.
const setupStream = 0x9e3779b97f4a7c15

// GenerateSetup builds a start position of v as the options say and returns
// its FEN: the side to move, en-passant square and clocks of the variant's
// start position, the rights the placement supports (see rights), and a
// seventh field with the promotion type and the initial armies unless they
// are the variant's defaults (docs/VARIANTS.md). Mode classical gives the
// start FEN itself (with the promotion field when one is chosen). Bad
// options are an *Error with Code ErrInvalidArgument whose Field names the
// option ("mode", "count", "pieces[2]", "promotion").
func GenerateSetup(v *Variant, o SetupOptions) (string, error) {
	promo, err := setupPromotion(v, o.Promotion)
	if err != nil {
		return "", err
	}
	g := newSetupGen(v, o)
	var extras []PieceType
	switch o.Mode {
	case modeChess960:
		return chess960Setup(v, o)
	case "", modeClassical:
		err = g.classical()
	case modeClassicalRandom, modeClassicalSelected:
		extras, err = g.classicalExtras()
	case modeRandom, modeSelected:
		extras, err = g.replacement()
	default:
		err = setupError("mode", "mode must be classical, classical-random, classical-selected, random, selected or chess960, not %q", o.Mode)
	}
	if err != nil {
		return "", err
	}
	g.place(extras)
	return g.fen(promo), nil
}

// setupGen holds one setup while GenerateSetup builds it.
type setupGen struct {
	v         *Variant
	o         SetupOptions
	src       *rand.PCG
	board     [NumSquares]Piece
	classic   []PieceType // non-royal, non-pawn types of the start array, in definition order
	catalogue []PieceType // the variant's other non-royal, non-pawn types, in definition order
	free      []Square    // White's home squares still open for a piece, each with its Black image empty
}

func newSetupGen(v *Variant, o SetupOptions) *setupGen {
	g := &setupGen{v: v, o: o, src: rand.NewPCG(o.Seed, setupStream)}
	start := v.Start()
	inStart := make([]bool, v.PieceTypes()+1)
	for r := 0; r < v.ranks; r++ {
		for f := 0; f < v.files; f++ {
			pc := start.PieceAt(SquareAt(f, r))
			g.board[SquareAt(f, r)] = pc
			inStart[pc.Type()] = true
		}
	}
	for t := PieceType(1); int(t) <= v.PieceTypes(); t++ {
		switch {
		case t == v.royal || v.typ(t).PawnClass || !v.placeable(t):
		case inStart[t]:
			g.classic = append(g.classic, t)
		default:
			g.catalogue = append(g.catalogue, t)
		}
	}
	return g
}

func setupError(field, format string, args ...any) error {
	return newError(ErrInvalidArgument, field, -1, format, args...)
}

// setupPromotion checks the promotion type and returns it, the variant's
// default when empty.
func setupPromotion(v *Variant, promo string) (string, error) {
	p := v.def.Rules.Promotion
	if p == nil || len(p.Choices) == 0 {
		if promo != "" {
			return "", setupError("promotion", "%s has no promotion types to choose from", v.def.ID)
		}
		return "", nil
	}
	if promo == "" {
		promo = p.Choice
	}
	if !slices.Contains(p.Choices, promo) {
		return "", setupError("promotion", "promotion must be one of %s, not %q", strings.Join(p.Choices, ", "), promo)
	}
	return promo, nil
}

// classical checks the options of mode classical, which draws nothing.
func (g *setupGen) classical() error {
	if g.o.Count != 0 {
		return setupError("count", "mode classical places no extra pieces; count must be 0, not %d", g.o.Count)
	}
	if len(g.o.Pieces) > 0 {
		return setupError("pieces", "mode classical takes no pieces")
	}
	return nil
}

// classicalExtras returns the catalogue pieces that modes classical-random
// and classical-selected add to the start array.
func (g *setupGen) classicalExtras() ([]PieceType, error) {
	if err := g.armiesApart(); err != nil {
		return nil, err
	}
	g.findFree()
	if len(g.free) == 0 {
		return nil, setupError("mode", "%s has no empty home square for extra pieces", g.v.def.ID)
	}
	if g.o.Mode == modeClassicalSelected {
		return g.selected(g.catalogue, len(g.free), 0)
	}
	return g.drawn(g.catalogue, 0, len(g.free), 0)
}

// replacement empties the home ranks and returns the pieces other than the
// King that modes random and selected put there.
func (g *setupGen) replacement() ([]PieceType, error) {
	if err := g.armiesApart(); err != nil {
		return nil, err
	}
	g.clearHomes()
	g.findFree()
	if len(g.free) < 2 {
		return nil, setupError("mode", "%s has too few home squares for a random setup", g.v.def.ID)
	}
	pool := slices.Concat(g.classic, g.catalogue)
	if g.o.Mode == modeSelected {
		return g.selected(pool, len(g.free)-2, 1)
	}
	return g.drawn(pool, 1, len(g.free)-1, 1)
}

// armiesApart refuses the modes that place pieces on the home ranks in a
// variant whose armies do not start on their own halves of the board, a
// White piece on the upper half or a Black one on the lower (Racing Kings:
// both on ranks 1 and 2), where Black's setup mirrored from White's would
// not be the variant's game.
func (g *setupGen) armiesApart() error {
	if g.v.royal == 0 {
		return setupError("mode", "%s has no royal piece to place; only mode classical", g.v.def.ID)
	}
	for sq, pc := range g.board {
		if pc != 0 && (Square(sq).Rank() < g.v.ranks/2) != (pc.Color() == White) {
			return setupError("mode", "%s's armies do not start on their own halves of the board; only mode classical", g.v.def.ID)
		}
	}
	return nil
}

// homeSquares returns White's home squares, a1 first, rank by rank.
func (g *setupGen) homeSquares() []Square {
	var out []Square
	for r := 0; r < 2 && r < g.v.ranks/2; r++ {
		for f := 0; f < g.v.files; f++ {
			out = append(out, SquareAt(f, r))
		}
	}
	return out
}

// image returns the square where Black's piece stands for White's on s.
func (g *setupGen) image(s Square) Square {
	f := s.File()
	if g.o.Mirror {
		f = g.v.files - 1 - f
	}
	return SquareAt(f, g.v.ranks-1-s.Rank())
}

// clearHomes removes every piece but the pawn-class ones from both sides'
// home ranks.
func (g *setupGen) clearHomes() {
	for _, s := range g.homeSquares() {
		for _, sq := range []Square{s, g.image(s)} {
			if pc := g.board[sq]; pc != 0 && !g.v.typ(pc.Type()).PawnClass {
				g.board[sq] = 0
			}
		}
	}
}

// findFree lists White's empty home squares whose Black image is empty too.
func (g *setupGen) findFree() {
	for _, s := range g.homeSquares() {
		if g.board[s] == 0 && g.board[g.image(s)] == 0 && !g.v.holes.has(s) && !g.v.holes.has(g.image(s)) {
			g.free = append(g.free, s)
		}
	}
}

// drawn checks Count (min..max, King included when king is 1) and draws
// Count-king types from pool.
func (g *setupGen) drawn(pool []PieceType, min, max, king int) ([]PieceType, error) {
	if len(g.o.Pieces) > 0 {
		return nil, setupError("pieces", "pieces are chosen only in the selected modes")
	}
	n := g.o.Count
	if n < min || n > max {
		return nil, setupError("count", "count must be %d to %d in mode %s, not %d", min, max, g.o.Mode, n)
	}
	n -= king
	if !g.o.Duplicates && n > len(pool) {
		return nil, setupError("count", "%d different pieces are needed but only %d types can be drawn (allow duplicates?)", n, len(pool))
	}
	if n > 0 && len(pool) == 0 {
		return nil, setupError("count", "%s has no pieces to draw", g.v.def.ID)
	}
	if g.o.Duplicates {
		out := make([]PieceType, n)
		for i := range out {
			out[i] = pool[g.below(len(pool))]
		}
		return out, nil
	}
	p := slices.Clone(pool)
	for i := 0; i < n; i++ {
		j := i + g.below(len(p)-i)
		p[i], p[j] = p[j], p[i]
	}
	return p[:n], nil
}

// selected reads the letters of Pieces, each a type of allowed, at most
// max of them; Count must be 0 or their number plus king.
func (g *setupGen) selected(allowed []PieceType, max, king int) ([]PieceType, error) {
	pieces := g.o.Pieces
	if len(pieces) > max {
		return nil, setupError("pieces", "at most %d pieces can be selected, not %d", max, len(pieces))
	}
	if c := g.o.Count; c != 0 && c != len(pieces)+king {
		return nil, setupError("count", "count is %d but %d pieces are placed", c, len(pieces)+king)
	}
	out := make([]PieceType, 0, len(pieces))
	for i, l := range pieces {
		t, err := g.selectedType(l, allowed, fieldf("pieces[%d]", i))
		if err != nil {
			return nil, err
		}
		if !g.o.Duplicates && slices.Contains(out, t) {
			return nil, setupError(fieldf("pieces[%d]", i), "%s is selected twice and duplicates are not allowed", l)
		}
		out = append(out, t)
	}
	return out, nil
}

// selectedType returns the type of letter l, which must be in allowed.
func (g *setupGen) selectedType(l string, allowed []PieceType, field string) (PieceType, error) {
	v := g.v
	for t := PieceType(1); int(t) <= v.PieceTypes(); t++ {
		if v.Letter(t) != l {
			continue
		}
		switch {
		case slices.Contains(allowed, t):
			return t, nil
		case t == v.royal:
			return 0, setupError(field, "the %s is always placed and cannot be selected", v.PieceName(t))
		case v.typ(t).PawnClass:
			return 0, setupError(field, "the %s is a pawn and cannot be selected", v.PieceName(t))
		case v.typ(t).dev:
			return 0, setupError(field, "the %s stands on a 2x2 block and cannot be placed on one square", v.PieceName(t))
		case !v.placeable(t):
			return 0, setupError(field, "the %s never moves backward and stays where the start array has it", v.PieceName(t))
		default:
			return 0, setupError(field, "the %s is in the start array; mode %s adds catalogue pieces only", v.PieceName(t), g.o.Mode)
		}
	}
	return 0, setupError(field, "%s has no piece with letter %q (letters are upper case)", v.def.ID, l)
}

// place puts the King (in the replacing modes) and the extras on random
// free squares, White's and Black's image.
func (g *setupGen) place(extras []PieceType) {
	if g.o.Mode == modeRandom || g.o.Mode == modeSelected {
		extras = slices.Insert(extras, 0, g.v.royal)
	}
	for _, t := range extras {
		i := g.below(len(g.free))
		s := g.free[i]
		g.free = slices.Delete(g.free, i, i+1)
		g.board[s] = makePiece(t, White)
		g.board[g.image(s)] = makePiece(t, Black)
	}
}

// below returns a uniform number in [0, n) from the PCG stream. It rejects
// the values above the largest multiple of n rather than relying on
// math/rand's own methods, so the result depends on the PCG output alone.
func (g *setupGen) below(n int) int {
	un := uint64(n)
	limit := -un % un // 2^64 mod n
	for {
		if x := g.src.Uint64(); x >= limit {
			return int(x % un)
		}
	}
}

// fen writes the setup with the start position's side to move, clocks and
// (where the placement keeps it) en-passant square, the rights its
// placement supports and, after the six usual fields, the promotion type
// and armies when they are not the defaults.
func (g *setupGen) fen(promo string) string {
	start := g.v.start
	s := &Setup{Variant: g.v, Board: g.board, Turn: start.side, EnPassant: g.enPassant(), Halfmoves: start.halfmove,
		Fullmoves: start.fullmove, MovesLeft: start.left, Promotion: promo}
	s.Castling, s.KingJump = g.rights()
	if promo != "" {
		s.Army = []Piece{}
		for _, pc := range g.board {
			if pc != 0 && g.v.targets.has(pc.Type()) {
				s.Army = append(s.Army, pc)
			}
		}
	}
	return s.FEN()
}

// placeable says whether a setup may put a piece of type t on any home
// square: not a Dev, which stands on a whole 2x2 block, nor a piece that
// may not stand on its own first rank (firstrank.go).
func (v *Variant) placeable(t PieceType) bool {
	return !v.typ(t).dev && !v.barred[White].has(t) && !v.barred[Black].has(t)
}

// rights returns the castling and jump rights of the setup. A side keeps
// the King's jump of the start position while its King stands on its start
// square. Its castling rights need the same King, and then:
//   - in the classical modes, which only add pieces to empty squares, every
//     right of the start position whose Rook still stands on its square;
//   - in the replacing modes, when the start gives the side castling
//     rights, one for every castling partner on the King's rank at least
//     three files from it (a nearer one never castles) that the rights
//     field can write (in the kq notation, the Rooks K and Q stand for).
func (g *setupGen) rights() (castle [2]uint16, jump [2]bool) {
	v, start := g.v, g.v.start
	replaced := g.o.Mode == modeRandom || g.o.Mode == modeSelected
	for c := White; c <= Black; c++ {
		home := v.kingHome[c]
		king := v.royal
		if king == 0 {
			king = v.castleKing // the piece that castles where none is royal
		}
		if home == NoSquare || king == 0 || g.board[home] != makePiece(king, c) {
			continue
		}
		jump[c] = start.jump[c]
		if start.castle[c] == 0 || v.rook == 0 {
			continue
		}
		for f := 0; f < v.files; f++ {
			has := g.board[SquareAt(f, home.Rank())] == makePiece(v.rook, c)
			if replaced {
				has = has && abs(f-home.File()) >= 3
			} else {
				has = has && start.castle[c]&(1<<f) != 0
			}
			if has {
				castle[c] |= 1 << f
			}
		}
		if replaced {
			castle[c] = g.writable(c, castle[c])
		}
	}
	return castle, jump
}

// writable drops from colour c's castling rights those the kq notation
// cannot write: ParseFEN reads only K and Q there, the Rooks that sideRook
// finds from the start position's outermost Rooks toward the King.
func (g *setupGen) writable(c Color, rights uint16) uint16 {
	v := g.v
	if v.castling != "kq" {
		return rights
	}
	s := &Setup{Variant: v, Board: g.board}
	var keep uint16
	for _, f := range [...]int{s.sideRook(c, true), s.sideRook(c, false)} {
		if f >= 0 {
			keep |= 1 << f
		}
	}
	return rights & keep
}

// enPassant returns the start position's en-passant square when the
// setup leaves the squares it depends on as the start has them: the square
// passed, the one the double step came from and the piece that made it.
func (g *setupGen) enPassant() Square {
	start := g.v.start
	ep, victim := start.ep, start.epVictim
	if ep == NoSquare {
		return NoSquare
	}
	origin := SquareAt(ep.File(), 2*ep.Rank()-victim.Rank())
	for _, q := range [...]Square{ep, victim, origin} {
		if g.board[q] != start.board[q] {
			return NoSquare
		}
	}
	return ep
}
