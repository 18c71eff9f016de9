package rules

import (
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// maxClock bounds the halfmove clock and the move number a FEN may give;
// play keeps both there, so that every position reached reads back.
const maxClock = 1_000_000

// Setup is what a FEN says, parsed but not yet checked for playability.
// NewPosition turns it into a Position.
type Setup struct {
	Variant  *Variant
	Board    [NumSquares]Piece
	holes    bitboard // the squares written *
	Turn     Color
	Castling [2]uint16 // files of Rooks with a castling right
	KingJump [2]bool
	// castleFile names, plus one, the file of the King that castles where
	// castling starts anywhere, the castling King is not royal and two
	// stand on the castling rank (0: not named; unroyalKing).
	castleFile [2]int8
	// checked: the setup is a Position's (Position.Setup), whose royal
	// pieces NewPosition counted.
	checked   bool
	EnPassant Square
	// EnPassantTriple says the last move was a triple step: it passed
	// EnPassant and the square behind it, both en-passant squares.
	EnPassantTriple bool
	Halfmoves       int
	Fullmoves       int
	// Promotion is the promotion type a variant with a choice of them
	// ("captured", "initial", "all") plays by; empty: the variant's default.
	Promotion string
	// Army lists the pieces of both sides' initial armies that the
	// promotion types "captured" and "initial" refer to; nil: the start
	// position's.
	Army []Piece
	// MovesLeft, in a variant with several moves a turn, is how many moves
	// are left in the side's turn, the next one included; 0 means a whole
	// turn.
	MovesLeft int
	// Copies are the types White's [0] and Black's [1] Fools copy (0:
	// nothing): what the opponent moved last (imitate.go).
	Copies [2]PieceType
	// Effect says that the last move was made by the Fool on FoolMoved,
	// copying a Block or an Immobilizer, whose one-turn effect holds.
	Effect    bool
	FoolMoved Square
	// Checks are the checks White [0] and Black [1] have given, in a
	// variant with a check limit (checks.go).
	Checks [2]int
	// src says where the fields of the FEN that the setup was read from
	// stand, so that NewPosition can give the offset of a square or a
	// field at fault; zero for a setup made otherwise (fenwhere.go).
	src fenSource
}

// MaxFENBytes bounds the length of a FEN.
const MaxFENBytes = 4096

// FEN field names used in errors.
const (
	fieldBoard     = "board"
	fieldTurn      = "turn"
	fieldRights    = "rights"
	fieldEnPassant = "en-passant"
	fieldHalfmoves = "halfmoves"
	fieldFullmoves = "fullmoves"
	fieldPromotion = "promotion"
	fieldMovesLeft = "moves-left"
	fieldChecks    = "checks"
)

// ParseFEN reads a FEN of variant v: board, side to move, rights, en-passant
// square, halfmove clock and move number, separated by single spaces, and,
// where the variant has them, the further fields docs/VARIANTS.md lists (a
// promotion type, the moves left in a turn, the Fools' memory). The two
// clock fields may be left out, as in EPD: the first four fields alone, or
// followed by EPD operations (bm e4; id "x";), which are checked for their
// form and otherwise ignored; the halfmove clock is then 0 and the move
// number 1, and the further fields take their defaults; the text after
// the four fields is read as operations when it has a semicolon, and as
// the clocks otherwise. Errors are *Error with Code ErrInvalidFEN, the
// field, and the byte offset in text; and ErrIllegalPosition for a side
// that has no King, or several, where its castling rights are written K
// or Q (which stand for a Rook beside the King): fenwhere.go.
func ParseFEN(v *Variant, text string) (*Setup, error) {
	if len(text) > MaxFENBytes {
		return nil, newError(ErrInvalidFEN, "", MaxFENBytes, "FEN is longer than %d bytes", MaxFENBytes)
	}
	fields := strings.Split(text, " ")
	names := []string{fieldBoard, fieldTurn, fieldRights, fieldEnPassant, fieldHalfmoves, fieldFullmoves}
	offs := make([]int, len(fields))
	for i, o := 1, 0; i < len(fields); i++ {
		o += len(fields[i-1]) + 1
		offs[i] = o
	}
	checksText, checksOff, checksGiven := "", -1, false
	if v.checkLimit > 0 {
		// The check counts, after the en-passant field or after the
		// clocks (checks.go), are taken out before the other fields.
		k := -1
		switch {
		case len(fields) > epdFields && checksField(fields[epdFields], false):
			k = epdFields
		case len(fields) == len(names)+1 && checksField(fields[len(names)], true):
			k, checksGiven = len(names), true
		}
		if k >= 0 {
			checksText, checksOff = fields[k], offs[k]
			fields = slices.Delete(fields, k, k+1)
			offs = slices.Delete(offs, k, k+1)
		}
	}
	for i, f := range fields {
		if f == "" {
			name := "fen"
			if i < len(names) {
				name = names[i]
			}
			return nil, newError(ErrInvalidFEN, name, offs[i], "empty field (fields are separated by single spaces)")
		}
		if i == epdFields && isLetter(f[0]) && !clockShaped(text[offs[i]:], fields) {
			// EPD operations, each starting with a letter, follow the four
			// position fields. Six fields ending in a number, with no
			// semicolon, are a FEN whose halfmove clock is a word: that
			// is the clock's error, not an operation's.
			if err := v.checkEPD(text, offs[i]); err != nil {
				return nil, err
			}
			fields = fields[:epdFields]
			break
		}
	}
	clocks := len(fields) != epdFields
	want := epdFields
	if clocks {
		want = len(names)
		if len(fields) > want && (len(v.choices) > 0 || v.perTurn > 1) && !isFoolField(fields[want]) {
			want++
		}
	}
	fool := clocks && len(fields) > want && v.fools != (typeSet{}) && isFoolField(fields[want])
	if fool {
		want++
	}
	if len(fields) != want {
		off := len(text)
		if len(fields) > want {
			off = offs[want]
		}
		return nil, newError(ErrInvalidFEN, "fen", off, "a FEN of %s has %d fields (board, turn, rights, en passant, halfmoves, move number)%s, or the first %d alone, as in EPD; not %d",
			v.def.ID, len(names), v.extraFields(), epdFields, len(fields))
	}
	s := &Setup{Variant: v, EnPassant: NoSquare, FoolMoved: NoSquare}
	s.src = fenSource{board: fields[0], rights: offs[2], enPassant: offs[3], extra: -1, fool: -1, checks: checksOff}
	if len(offs) > 6 {
		s.src.extra = offs[6]
	}
	if fool {
		s.src.fool = offs[want-1]
	}
	if err := s.parseBoard(fields[0]); err != nil {
		return nil, err
	}
	if checksOff >= 0 {
		if err := s.parseChecks(checksText, checksOff, checksGiven); err != nil {
			return nil, err
		}
	}
	if s.holes != v.holes {
		return nil, v.holesError(fields[0], &s.holes)
	}
	if sq, ok := v.checkDevBlocks(&s.Board); !ok {
		return nil, newError(ErrInvalidFEN, fieldBoard, boardOffset(v, fields[0], sq),
			"the %s on %s does not stand on a whole aligned 2x2 block (files a-b, c-d..., ranks 1-2, 3-4...)", v.PieceName(s.Board[sq].Type()), sq)
	}
	switch fields[1] {
	case "w":
		s.Turn = White
	case "b":
		s.Turn = Black
	default:
		return nil, newError(ErrInvalidFEN, fieldTurn, offs[1], "side to move must be w or b, not %s", quoteText(fields[1]))
	}
	if err := s.parseRights(fields[2], offs[2]); err != nil {
		return nil, err
	}
	if fields[3] != "-" {
		if err := s.parseEnPassant(fields[3], offs[3]); err != nil {
			return nil, err
		}
	}
	if !clocks {
		s.Fullmoves = 1
		return s, nil
	}
	var err error
	if s.Halfmoves, err = parseCount(fields[4], fieldHalfmoves, offs[4], 0); err != nil {
		return nil, err
	}
	if s.Fullmoves, err = parseCount(fields[5], fieldFullmoves, offs[5], 1); err != nil {
		return nil, err
	}
	if fool {
		if err := s.parseFool(fields[want-1], offs[want-1]); err != nil {
			return nil, err
		}
		fields = fields[:want-1]
	}
	if len(fields) == 7 && v.perTurn > 1 {
		if s.MovesLeft, err = parseCount(fields[6], fieldMovesLeft, offs[6], 1); err != nil {
			return nil, err
		}
		if s.MovesLeft > v.perTurn {
			return nil, newError(ErrInvalidFEN, fieldMovesLeft, offs[6], "a turn of %s has %d moves, not %d", v.def.ID, v.perTurn, s.MovesLeft)
		}
	} else if len(fields) == 7 {
		if err := s.parsePromotion(fields[6], offs[6]); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// parsePromotion reads the seventh field: a promotion type the variant
// offers, then for "captured" and "initial" optionally ":" and the initial
// armies' promotion targets, White's letters upper case, Black's lower case.
func (s *Setup) parsePromotion(text string, off int) error {
	v := s.Variant
	name, armyText, hasArmy := strings.Cut(text, ":")
	c, ok := promoChoice(name)
	if !ok || name == "" || name == "list" || !slices.Contains(v.choices, c) {
		var names []string
		for _, c := range v.choices {
			names = append(names, promoNames[c])
		}
		return newError(ErrInvalidFEN, fieldPromotion, off, "promotion type must be one of %s, not %s", strings.Join(names, ", "), quoteText(name))
	}
	s.Promotion = name
	if !hasArmy {
		return nil
	}
	if c == promoAll {
		return newError(ErrInvalidFEN, fieldPromotion, off+len(name), "promotion type all takes no army")
	}
	s.Army = []Piece{}
	for i := 0; i < len(armyText); {
		at := off + len(name) + 1 + i
		ch := armyText[i]
		if !isUpper(ch) && !isLower(ch) {
			return newError(ErrInvalidFEN, fieldPromotion, at, "unexpected character %s in the army", quoteAt(armyText, i))
		}
		n := 1 + apostrophes(armyText[i+1:])
		t, ok := v.byLetter[strings.ToUpper(armyText[i:i+n])]
		if !ok {
			return newError(ErrInvalidFEN, fieldPromotion, at, "no piece of %s has letter %q", v.def.ID, armyText[i:i+n])
		}
		if !v.targets.has(t) {
			return newError(ErrInvalidFEN, fieldPromotion, at, "the army lists the pieces a piece may promote to; %s is not one", v.PieceName(t))
		}
		col := White
		if isLower(ch) {
			col = Black
		}
		s.Army = append(s.Army, makePiece(t, col))
		i += n
	}
	return nil
}

// promotionText writes the seventh field, or "" when the setup plays by the
// variant's default type and start armies.
func (s *Setup) promotionText() string {
	v := s.Variant
	c, ok := promoChoice(s.Promotion)
	if !ok || len(v.choices) == 0 || s.Promotion == "" && s.Army == nil {
		return ""
	}
	a := v.startArmy
	if s.Army != nil {
		a = armyOfPieces(s.Army)
	}
	if c == v.choice && (c == promoAll || a == v.startArmy) {
		return ""
	}
	if c == promoAll {
		return promoNames[c]
	}
	var sb strings.Builder
	sb.WriteString(promoNames[c])
	sb.WriteByte(':')
	for col := White; col <= Black; col++ {
		for t := 1; t <= len(v.types); t++ {
			for range a[col][t] {
				sb.WriteString(v.PieceLetter(makePiece(PieceType(t), col)))
			}
		}
	}
	return sb.String()
}

// armyOfPieces counts a list of pieces.
func armyOfPieces(pieces []Piece) army {
	var a army
	for _, pc := range pieces {
		if a[pc.Color()][pc.Type()] < 255 {
			a[pc.Color()][pc.Type()]++
		}
	}
	return a
}

// parseCount reads a count field of a FEN (the halfmove clock, the move
// number, the moves left in a turn): decimal digits with no leading zero,
// at least min. Its errors name the field in words (countWords).
func parseCount(text, field string, off, min int) (int, error) {
	what := countWords(field)
	for i := 0; i < len(text); i++ {
		if text[i] < '0' || text[i] > '9' {
			hint := ""
			if i == 0 && isLetter(text[0]) && field == fieldHalfmoves {
				hint = " (EPD operations after the four position fields end with ;)"
			}
			return 0, newError(ErrInvalidFEN, field, off+i, "%s must be a number, not %s%s", what, quoteText(text), hint)
		}
	}
	if len(text) > 1 && text[0] == '0' {
		return 0, newError(ErrInvalidFEN, field, off, "%s %q has a leading zero", what, text)
	}
	n, err := strconv.Atoi(text)
	if err != nil || n > maxClock {
		return 0, newError(ErrInvalidFEN, field, off, "%s %q is out of range (at most %d)", what, text, maxClock)
	}
	if n < min {
		return 0, newError(ErrInvalidFEN, field, off, "%s must be at least %d, not %d", what, min, n)
	}
	return n, nil
}

func (s *Setup) parseBoard(text string) error {
	v := s.Variant
	r, f := v.ranks-1, 0
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '/':
			if f != v.files {
				return newError(ErrInvalidFEN, fieldBoard, i, "rank %d has %d squares, not %d", r+1, f, v.files)
			}
			r--
			f = 0
			if r < 0 {
				return newError(ErrInvalidFEN, fieldBoard, i, "more than %d ranks", v.ranks)
			}
			i++
		case c == '*': // a square that is not part of the board
			if f >= v.files {
				return newError(ErrInvalidFEN, fieldBoard, i, "rank %d has more than %d squares", r+1, v.files)
			}
			s.holes.set(SquareAt(f, r))
			f++
			i++
		case c >= '0' && c <= '9':
			if c == '0' {
				return newError(ErrInvalidFEN, fieldBoard, i, "empty-square counts cannot start with 0")
			}
			j, n := i, 0
			for j < len(text) && text[j] >= '0' && text[j] <= '9' && n <= MaxFiles {
				n = n*10 + int(text[j]-'0')
				j++
			}
			if f+n > v.files {
				return newError(ErrInvalidFEN, fieldBoard, i, "rank %d has more than %d squares", r+1, v.files)
			}
			f += n
			i = j
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			n := 1 + apostrophes(text[i+1:])
			t := v.letters[n-1][c|0x20-'a']
			if t == 0 {
				return newError(ErrInvalidFEN, fieldBoard, i, "no piece of %s has letter %q", v.def.ID, text[i:i+n])
			}
			if f >= v.files {
				return newError(ErrInvalidFEN, fieldBoard, i, "rank %d has more than %d squares", r+1, v.files)
			}
			col := White
			if c >= 'a' {
				col = Black
			}
			s.Board[SquareAt(f, r)] = makePiece(t, col)
			f++
			i += n
		default:
			return newError(ErrInvalidFEN, fieldBoard, i, "unexpected character %s", quoteAt(text, i))
		}
	}
	if r != 0 || f != v.files {
		return newError(ErrInvalidFEN, fieldBoard, len(text), "the board needs %d ranks of %d squares", v.ranks, v.files)
	}
	return nil
}

// boardOffset returns the byte offset of square sq's letter in a FEN board
// that parsed.
func boardOffset(v *Variant, text string, sq Square) int {
	r, f := v.ranks-1, 0
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '/':
			r, f = r-1, 0
			i++
		case c >= '0' && c <= '9':
			n, at := 0, i
			for i < len(text) && text[i] >= '0' && text[i] <= '9' {
				n = n*10 + int(text[i]-'0')
				i++
			}
			if sq.Rank() == r && sq.File() >= f && sq.File() < f+n {
				return at // an empty square of the run
			}
			f += n
		default:
			if SquareAt(f, r) == sq {
				return i
			}
			f++
			i += 1 + apostrophes(text[i+1:])
		}
	}
	return 0
}

// apostrophes counts the apostrophes that start text, up to MaxApostrophes.
func apostrophes(text string) int {
	n := 0
	for n < len(text) && n < MaxApostrophes && text[n] == '\'' {
		n++
	}
	return n
}

// kingSquare finds colour c's royal piece on the setup's board (the first one).
func (s *Setup) kingSquare(c Color) Square {
	v := s.Variant
	if v.royal == 0 {
		// The piece that castles, on its start square where it stands
		// there (a giveaway King, of which promotions make more).
		k := makePiece(v.castleKing, c)
		if v.castleKing == 0 {
			return NoSquare
		}
		if v.anyStart {
			return s.unroyalKing(c)
		}
		if h := v.kingHome[c]; h >= 0 && s.Board[h] == k {
			return h
		}
		return s.firstOf(k)
	}
	return s.firstOf(makePiece(v.royal, c))
}

// unroyalKing returns, where castling starts anywhere and the castling
// King is not royal (Extinction960), the King of colour c that castles:
// the one on the castling rank the rights name (castleFile), else the
// first on that rank, else the first on the board.
func (s *Setup) unroyalKing(c Color) Square {
	v := s.Variant
	k := makePiece(v.castleKing, c)
	r := v.castleRank[c]
	if f := s.castleFile[c]; f > 0 && s.Board[SquareAt(int(f-1), r)] == k {
		return SquareAt(int(f-1), r)
	}
	if sq := s.firstKing(c); sq != NoSquare {
		return sq
	}
	return s.firstOf(k)
}

// firstOf returns the first square, from a1 on, that holds pc, or
// NoSquare.
func (s *Setup) firstOf(pc Piece) Square {
	for sq := Square(0); sq < NumSquares; sq++ {
		if s.Board[sq] == pc {
			return sq
		}
	}
	return NoSquare
}

// castlingKings returns how many castling Kings of colour c stand on its
// castling rank.
func (s *Setup) castlingKings(c Color) int {
	v := s.Variant
	n := 0
	for f := 0; f < v.files; f++ {
		if s.Board[SquareAt(f, v.castleRank[c])] == makePiece(v.castleKing, c) {
			n++
		}
	}
	return n
}

// namesKing says whether the rights of colour c are written with the file
// of the King that castles first: where castling starts anywhere, the
// castling King is not royal and several stand on the castling rank
// (Fairy-Stockfish's disambiguation).
func (s *Setup) namesKing(c Color) bool {
	v := s.Variant
	return v.anyStart && v.royal == 0 && v.castleKing != 0 && s.Castling[c] != 0 && s.castlingKings(c) > 1
}

func (s *Setup) parseRights(text string, off int) error {
	if text == "-" {
		return nil
	}
	v := s.Variant
	for i := 0; i < len(text); i++ {
		c := text[i]
		col := White
		if c >= 'a' && c <= 'z' {
			col = Black
		}
		u := c &^ 0x20
		bad := func(why string) error {
			return newError(ErrInvalidFEN, fieldRights, off+i, "right %s: %s", quoteAt(text, i), why)
		}
		switch {
		case v.kingJump:
			if u != 'K' {
				return bad("this variant's rights are K and k (the King's jump)")
			}
			if s.KingJump[col] {
				return bad("repeated")
			}
			s.KingJump[col] = true
		case v.castling == "":
			return bad("this variant has no castling or jump rights; use -")
		case (u == 'K' || u == 'Q') && (v.castling == "kq" || int(u-'A') >= v.files):
			// K and Q stand for the outermost Rook on each side of the
			// King (X-FEN), in either notation where they are no file:
			// without exactly one King they stand for nothing, and that
			// is the error.
			if err := s.royalCount(col); err != nil {
				return err
			}
			f := s.sideRook(col, u == 'K')
			if f < 0 {
				return bad("no Rook on that side of the King")
			}
			if s.Castling[col]&(1<<f) != 0 {
				return bad("repeated")
			}
			s.Castling[col] |= 1 << f
		case u >= 'A' && int(u-'A') < v.files && v.anyStart && v.royal == 0 && v.castleKing != 0 &&
			s.Board[SquareAt(int(u-'A'), v.castleRank[col])] == makePiece(v.castleKing, col):
			// The file of the King that castles, where several stand on
			// the castling rank.
			if s.castleFile[col] != 0 {
				return bad("repeated")
			}
			s.castleFile[col] = int8(u-'A') + 1
		case u >= 'A' && int(u-'A') < v.files: // a Rook's file (Shredder-FEN, X-FEN)
			f := int(u - 'A')
			if s.Castling[col]&(1<<f) != 0 {
				return bad("repeated")
			}
			s.Castling[col] |= 1 << f
		default:
			return bad(v.rightsHint())
		}
	}
	if canon := s.rightsText(); canon != text && !s.otherRights(text) && !s.bareRights(text) {
		return newError(ErrInvalidFEN, fieldRights, off, "rights must be written in order, White's first: %s", canon)
	}
	return nil
}

// bareRights says whether text writes the setup's rights without the file
// of the castling King (namesKing), which a reader takes to be the first
// on its rank.
func (s *Setup) bareRights(text string) bool {
	return s.rightsIn(s.Variant.castling, false) == text || s.otherRightsIn(text, false)
}

// firstKing returns the first castling King of colour c on its castling
// rank, or NoSquare.
func (s *Setup) firstKing(c Color) Square {
	v := s.Variant
	for f := 0; f < v.files; f++ {
		if sq := SquareAt(f, v.castleRank[c]); s.Board[sq] == makePiece(v.castleKing, c) {
			return sq
		}
	}
	return NoSquare
}

// otherRights says whether text writes the setup's rights in the notation
// the variant reads besides its own: X-FEN's KQkq in its order, or
// Shredder-FEN's files in any order (HAha and AHah both occur).
func (s *Setup) otherRights(text string) bool { return s.otherRightsIn(text, true) }

// otherRightsIn is otherRights, the castling King's file written where
// named says (rightsIn).
func (s *Setup) otherRightsIn(text string, named bool) bool {
	switch s.Variant.castling {
	case "kq":
		files := []byte(s.rightsIn("files", named))
		given := []byte(text)
		slices.Sort(files)
		slices.Sort(given)
		return string(files) == string(given)
	case "files":
		return text == s.rightsIn("kq", named)
	}
	return false
}

// sideRook returns the file of the Rook that K (kingside) or Q stands for:
// the first Rook of colour c found scanning from the start position's Rook
// file on that side toward the King, or -1.
func (s *Setup) sideRook(c Color, kingside bool) int {
	v := s.Variant
	side, step := 0, 1
	if kingside {
		side, step = 1, -1
	}
	k := s.kingSquare(c)
	f0 := v.rookHome[c][side]
	if v.anyStart {
		f0 = side * (v.files - 1) // the Rooks may start anywhere
	}
	if k == NoSquare || f0 < 0 {
		return -1
	}
	rook := makePiece(v.rook, c)
	for f := f0; f != k.File() && f >= 0 && f < v.files; f += step {
		if s.Board[SquareAt(f, v.castleRank[c])] == rook {
			return f
		}
	}
	return -1
}

// FEN writes the setup in FEN.
func (s *Setup) FEN() string {
	v := s.Variant
	var stack [512]byte // most FENs fit; a longer one grows onto the heap
	sb := stack[:0]
	for r := v.ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < v.files; f++ {
			pc := s.Board[SquareAt(f, r)]
			hole := v.holes.has(SquareAt(f, r))
			if pc == 0 && !hole {
				empty++
				continue
			}
			if empty > 0 {
				sb = strconv.AppendInt(sb, int64(empty), 10)
				empty = 0
			}
			if hole {
				sb = append(sb, '*')
			} else {
				sb = append(sb, v.PieceLetter(pc)...)
			}
		}
		if empty > 0 {
			sb = strconv.AppendInt(sb, int64(empty), 10)
		}
		if r > 0 {
			sb = append(sb, '/')
		}
	}
	if s.Turn == White {
		sb = append(sb, " w "...)
	} else {
		sb = append(sb, " b "...)
	}
	sb = append(sb, s.rightsText()...)
	sb = append(sb, ' ')
	switch far := s.enPassantFar(); {
	case far == NoSquare:
		sb = append(sb, s.EnPassant.String()...)
	case far.Rank() < s.EnPassant.Rank():
		sb = append(append(sb, far.String()...), s.EnPassant.String()...)
	default:
		sb = append(append(sb, s.EnPassant.String()...), far.String()...)
	}
	if v.checkLimit > 0 {
		sb = s.checksText(append(sb, ' '))
	}
	sb = append(sb, ' ')
	sb = strconv.AppendInt(sb, int64(s.Halfmoves), 10)
	sb = append(sb, ' ')
	sb = strconv.AppendInt(sb, int64(s.Fullmoves), 10)
	if pr := s.promotionText(); pr != "" {
		sb = append(sb, ' ')
		sb = append(sb, pr...)
	}
	if ft := s.foolText(); ft != "" {
		sb = append(sb, ' ')
		sb = append(sb, ft...)
	}
	if v.perTurn > 1 {
		left := s.MovesLeft
		if left < 1 || left > v.perTurn {
			left = v.perTurn
		}
		sb = append(sb, ' ')
		sb = strconv.AppendInt(sb, int64(left), 10)
	}
	return string(sb)
}

func (s *Setup) rightsText() string { return s.rightsIn(s.Variant.castling, true) }

// rightsIn writes the rights in the notation n ("kq" or "files"), with
// named the castling King's file first where namesKing asks for it.
func (s *Setup) rightsIn(n string, named bool) string {
	var sb strings.Builder
	for c := White; c <= Black; c++ {
		if s.KingJump[c] {
			sb.WriteByte(caseFor('K', c))
		}
		rights := s.Castling[c]
		if named && s.namesKing(c) {
			if k := s.unroyalKing(c); k != NoSquare {
				sb.WriteByte(caseFor(byte('A'+k.File()), c))
			}
		}
		// K and Q are written only where they read back: with exactly
		// one King (parseRights), as a position has; a file letter
		// stands for the Rook otherwise.
		if n == "kq" && rights != 0 && (s.checked || s.royalCount(c) == nil) {
			if f := s.sideRook(c, true); f >= 0 && rights&(1<<f) != 0 {
				sb.WriteByte(caseFor('K', c))
				rights &^= 1 << f
			}
			if f := s.sideRook(c, false); f >= 0 && rights&(1<<f) != 0 {
				sb.WriteByte(caseFor('Q', c))
				rights &^= 1 << f
			}
		}
		for ; rights != 0; rights &= rights - 1 {
			sb.WriteByte(caseFor(byte('A'+bits.TrailingZeros16(rights)), c))
		}
	}
	if sb.Len() == 0 {
		return "-"
	}
	return sb.String()
}

func caseFor(upper byte, c Color) byte {
	if c == Black {
		return upper | 0x20
	}
	return upper
}

// Setup returns the position as an unchecked Setup.
func (p *Position) Setup() *Setup {
	s := &Setup{Variant: p.v, Board: p.board, Turn: p.side, Castling: p.castle, KingJump: p.jump,
		EnPassant: p.ep, EnPassantTriple: p.epFar != NoSquare, Halfmoves: p.halfmove, Fullmoves: p.fullmove, MovesLeft: p.left, FoolMoved: NoSquare,
		Checks: [2]int{int(p.checksGiven[White]), int(p.checksGiven[Black])}, checked: true}
	for c := White; c <= Black; c++ {
		if k := p.castleFrom[c]; p.castle[c] != 0 && k != NoSquare {
			s.castleFile[c] = int8(k.File()) + 1
		}
	}
	if p.memoryMatters() {
		s.Copies = p.imit
		s.Effect, s.FoolMoved = p.effect != effectNone, p.effectSq
	}
	if len(p.v.choices) > 0 && (p.kit.choice != p.v.choice || p.kit.army != p.v.startArmy) {
		s.Promotion = promoNames[p.kit.choice]
		if p.kit.choice != promoAll {
			s.Army = []Piece{}
			for c := White; c <= Black; c++ {
				for t := 1; t <= len(p.v.types); t++ {
					for range p.kit.army[c][t] {
						s.Army = append(s.Army, makePiece(PieceType(t), c))
					}
				}
			}
		}
	}
	return s
}

// FEN writes the position in FEN.
func (p *Position) FEN() string { return p.Setup().FEN() }

// placingKit is the kit of a position while NewPosition places its pieces,
// before the position's own kit is known: put reads its oddSet, empty, and
// nothing writes it. One for all, rather than a kit (some kilobytes of
// attack-table slots) allocated and dropped by every NewPosition.
var placingKit kit

// NewPosition checks a setup and returns the position, or an *Error with
// Code ErrIllegalPosition saying what is wrong.
func NewPosition(s *Setup) (*Position, error) {
	v := s.Variant
	p := &Position{v: v, side: s.Turn, castle: s.Castling, jump: s.KingJump,
		ep: NoSquare, epFar: NoSquare, epVictim: NoSquare, held: [2]Square{NoSquare, NoSquare}, halfmove: s.Halfmoves, fullmove: s.Fullmoves, left: v.perTurn,
		kit: &placingKit, effectSq: NoSquare, castleFrom: [2]Square{NoSquare, NoSquare}}
	if v.anyStart && v.royal == 0 {
		for c := White; c <= Black; c++ {
			if s.Castling[c] != 0 {
				p.castleFrom[c] = s.unroyalKing(c)
			}
		}
	}
	if s.MovesLeft != 0 {
		if s.MovesLeft < 1 || s.MovesLeft > v.perTurn {
			return nil, s.at(newError(ErrIllegalPosition, fieldMovesLeft, -1, "a turn of %s has %d moves, not %d", v.def.ID, v.perTurn, s.MovesLeft), NoSquare)
		}
		p.left = s.MovesLeft
	}
	p.hash ^= zobristLeft[v.perTurn] ^ zobristLeft[p.left]
	if sq, ok := v.checkDevBlocks(&s.Board); !ok {
		return nil, s.at(newError(ErrIllegalPosition, fieldBoard, -1, "the %s on %s does not stand on a whole aligned 2x2 block", v.PieceName(s.Board[sq].Type()), sq), sq)
	}
	if p.left < v.perTurn && s.EnPassant != NoSquare {
		return nil, s.at(newError(ErrIllegalPosition, fieldEnPassant, -1, "an en-passant right exists only at the start of a turn"), NoSquare)
	}
	p.king = [2]Square{NoSquare, NoSquare}
	kings := [2]int{}
	extra := [2]Square{NoSquare, NoSquare} // each side's second royal piece
	var present typeSet
	for sq := Square(0); sq < NumSquares; sq++ {
		pc := s.Board[sq]
		if pc == 0 {
			continue
		}
		if !v.onBoard.has(sq) || pc.Type() == 0 || int(pc.Type()) > len(v.types) {
			return nil, s.at(newError(ErrIllegalPosition, fieldBoard, -1, "invalid piece on %s", sq), sq)
		}
		p.put(sq, pc)
		present.add(pc.Type())
		if pc.Type() == v.royal {
			if kings[pc.Color()]++; kings[pc.Color()] == 2 {
				extra[pc.Color()] = sq
			}
		}
		pt := v.typ(pc.Type())
		if pt.promotesTo != nil && pt.PromotesBy == "" && v.zone[pc.Color()][sq] == zoneCompulsory {
			return nil, s.at(newError(ErrIllegalPosition, fieldBoard, -1, "%s %s on %s stands where it must have promoted", pc.Color(), pt.Name, sq), sq)
		}
		if err := v.onBarredRank(pc, sq); err != nil {
			return nil, s.at(err, sq)
		}
	}
	for c := White; c <= Black; c++ {
		if v.royal == 0 {
			continue
		}
		// With an extinction rule or pseudo-royal pieces a side whose
		// start has no royal piece has none (Horde's White, Maharajah's);
		// every other side has one.
		if (v.extinction != nil || v.guard != nil) && v.kingHome[c] == NoSquare {
			if kings[c] != 0 {
				return nil, s.at(newError(ErrIllegalPosition, fieldBoard, -1, "%s has no %s in %s", c, v.PieceName(v.royal), v.def.ID), s.kingSquare(c))
			}
			continue
		}
		if kings[c] == 0 && v.blast != nil && c == s.Turn {
			continue // blown up by the last move: the game is over (blast.go)
		}
		if kings[c] != 1 {
			return nil, s.at(royalCountError(v, c, kings[c]), extra[c])
		}
	}
	choice, ok := promoChoice(s.Promotion)
	if !ok || s.Promotion != "" && !slices.Contains(v.choices, choice) || s.Army != nil && len(v.choices) == 0 {
		return nil, s.at(newError(ErrIllegalPosition, fieldPromotion, -1, "%s does not offer the promotion type %s", v.def.ID, quoteText(s.Promotion)), NoSquare)
	}
	if s.Promotion == "" {
		choice = v.choice
	}
	a := v.startArmy
	if s.Army != nil {
		for _, pc := range s.Army {
			if pc.Type() == 0 || int(pc.Type()) > len(v.types) || !v.targets.has(pc.Type()) {
				return nil, s.at(newError(ErrIllegalPosition, fieldPromotion, -1, "the army may list only pieces a piece promotes to"), NoSquare)
			}
		}
		a = armyOfPieces(s.Army)
	}
	p.kit = v.kitFor(choice, &a, present)
	p.findOdd()
	if err := p.setMemory(s); err != nil {
		return nil, s.at(err, NoSquare)
	}
	if p.kit.odd {
		p.computeHeld()
	}
	if err := p.checkRights(); err != nil {
		return nil, s.at(err, NoSquare)
	}
	if s.EnPassantTriple && s.enPassantFar() == NoSquare {
		return nil, s.at(newError(ErrIllegalPosition, fieldEnPassant, -1, "no triple step can have passed %s", s.EnPassant), NoSquare)
	}
	if err := p.setEnPassant(s.EnPassant, s.enPassantFar()); err != nil {
		return nil, s.at(err, NoSquare)
	}
	p.hash ^= rightsHash(p.castle, p.jump)
	for c, n := range s.Checks {
		if n < 0 || n > v.checkLimit {
			return nil, s.at(newError(ErrIllegalPosition, fieldChecks, -1, "%s has given %d checks; %s counts 0 to %d", Color(c), n, v.def.ID, v.checkLimit), NoSquare)
		}
		p.checksGiven[c] = uint8(n)
		p.hash ^= zobristChecks[c][n]
	}
	if v.checkLimit > 0 && s.Checks[White] == v.checkLimit && s.Checks[Black] == v.checkLimit {
		return nil, s.at(newError(ErrIllegalPosition, fieldChecks, -1, "both sides have given their last check: the first to give it ended the game"), NoSquare)
	}
	if p.side == Black {
		p.hash ^= zobristSide
	}
	if p.checked(p.side.Other()) && (p.v.blast == nil || p.king[p.side] != NoSquare) {
		return nil, s.at(p.notToMoveInCheck(), p.king[p.side.Other()])
	}
	if p.left < v.perTurn && p.InCheck() {
		return nil, s.at(newError(ErrIllegalPosition, fieldMovesLeft, -1, "the side to move is in check in the middle of its turn: a check ends the turn"), NoSquare)
	}
	if p.left < v.perTurn && !p.hasLegalMove() {
		return nil, s.at(newError(ErrIllegalPosition, fieldMovesLeft, -1, "the side to move has no legal move in the middle of its turn: the turn would have passed"), NoSquare)
	}
	return p, nil
}

func (p *Position) checkRights() error {
	v := p.v
	for c := White; c <= Black; c++ {
		home := v.kingHome[c]
		if p.jump[c] && p.king[c] != home {
			return newError(ErrIllegalPosition, fieldRights, -1, "the %s King may jump only from its start square %s", c, home)
		}
		if p.castle[c] == 0 {
			continue
		}
		k := p.castler(c)
		switch {
		case k == NoSquare && v.royal == 0 && v.anyStart:
			return newError(ErrIllegalPosition, fieldRights, -1, "%s castling rights need a %s on rank %d", c, v.PieceName(v.castleKing), home.Rank()+1)
		case k == NoSquare && v.royal == 0:
			return newError(ErrIllegalPosition, fieldRights, -1, "%s castling rights need the %s on its start square %s", c, v.PieceName(v.castleKing), home)
		case v.anyStart && k.Rank() != home.Rank():
			return newError(ErrIllegalPosition, fieldRights, -1, "%s castling rights need the King on rank %d", c, home.Rank()+1)
		case !v.anyStart && k != home:
			return newError(ErrIllegalPosition, fieldRights, -1, "%s castling rights need the King on its start square %s", c, home)
		}
		for rights := p.castle[c]; rights != 0; rights &= rights - 1 {
			f := bits.TrailingZeros16(rights)
			sq := SquareAt(f, home.Rank())
			if f == k.File() {
				return newError(ErrIllegalPosition, fieldRights, -1, "%s castling right for file %c: the King stands there", c, 'a'+f)
			}
			if p.board[sq] != makePiece(v.rook, c) {
				return newError(ErrIllegalPosition, fieldRights, -1, "%s castling right for file %c needs a %s on %s", c, 'a'+f, v.typ(v.rook).Name, sq)
			}
		}
	}
	return nil
}

func (p *Position) setEnPassant(ep, far Square) error {
	if ep == NoSquare {
		return nil
	}
	them := p.side.Other()
	fwd := vec{0, 1}
	if them == Black {
		fwd = vec{0, -1}
	}
	victim, ok1 := p.v.step(ep, fwd)
	origin, ok2 := p.v.step(ep, fwd.neg())
	if far != NoSquare {
		// A triple step passed far and ep: it came from behind far.
		origin, ok2 = p.v.step(far, fwd.neg())
		if p.board[far] != 0 || !p.v.tripleSteps {
			ok2 = false
		}
	}
	if !ok1 || !ok2 || p.board[ep] != 0 || p.board[origin] != 0 {
		return newError(ErrIllegalPosition, fieldEnPassant, -1, "no double or triple step can have passed %s", ep)
	}
	pc := p.board[victim]
	if pc == 0 || pc.Color() != them || !p.v.typ(pc.Type()).epMaker && !p.promotedMaker(pc, victim) {
		return newError(ErrIllegalPosition, fieldEnPassant, -1, "no %s piece that makes en passant stands on %s", them, victim)
	}
	if p.v.epFrom[them] != 0 && p.v.epFrom[them]>>origin.Rank()&1 == 0 {
		return newError(ErrIllegalPosition, fieldEnPassant, -1, "a double step from rank %d gives no en-passant right in %s", origin.Rank()+1, p.v.def.ID)
	}
	if far != NoSquare && p.v.moves[them][int(pc.Type())*NumSquares+int(origin)].triple != victim {
		return newError(ErrIllegalPosition, fieldEnPassant, -1, "the %s on %s cannot have stepped there from %s", p.v.typ(pc.Type()).Name, victim, origin)
	}
	p.ep, p.epFar, p.epVictim = ep, far, victim
	return nil
}

// promotedMaker says whether pc on s can be a piece that made en passant by
// a double step onto a compulsory promotion rank and promoted (RULES R7).
func (p *Position) promotedMaker(pc Piece, s Square) bool {
	if p.v.zone[pc.Color()][s] != zoneCompulsory {
		return false
	}
	for i := range p.v.types {
		if pt := &p.v.types[i]; pt.epMaker && slices.Contains(pt.promotesTo, pc.Type()) {
			return true
		}
	}
	return false
}

// rightsHint says how the variant's rights are written.
func (v *Variant) rightsHint() string {
	if v.castling == "kq" {
		return "this variant writes castling rights as KQkq, or as its Rooks' files"
	}
	return "this variant writes castling rights as its Rooks' files"
}

// holesError says where a FEN's board writes * (a square that is not part
// of the board) where the variant has a square, or the reverse.
func (v *Variant) holesError(board string, holes *bitboard) error {
	for sq := Square(0); sq < NumSquares; sq++ {
		if holes.has(sq) == v.holes.has(sq) {
			continue
		}
		off := boardOffset(v, board, sq)
		if v.holes.has(sq) {
			return newError(ErrInvalidFEN, fieldBoard, off, "%s is not part of the %s board: write it *", sq, v.def.ID)
		}
		return newError(ErrInvalidFEN, fieldBoard, off, "%s is a square of the %s board, not *", sq, v.def.ID)
	}
	return nil
}

// parseEnPassant reads the en-passant field: a square, or the two squares
// a triple step passed, in either order (e3e4, as Fairy-Stockfish writes
// them). Of two, EnPassant is the one nearer the piece that made the step,
// judged by the side that made it: the side not to move.
func (s *Setup) parseEnPassant(text string, off int) error {
	v := s.Variant
	sq, n := parseSquare(text, v.files, v.ranks)
	if n == 0 {
		return newError(ErrInvalidFEN, fieldEnPassant, off, "en-passant square must be - or a square of the board, not %s", quoteText(text))
	}
	s.EnPassant = sq
	if n == len(text) {
		return nil
	}
	sq2, n2 := parseSquare(text[n:], v.files, v.ranks)
	if n2 == 0 || n+n2 != len(text) {
		return newError(ErrInvalidFEN, fieldEnPassant, off+n, "en-passant field must be - or one or two squares of the board, not %s", quoteText(text))
	}
	if sq2.File() != sq.File() || abs(sq2.Rank()-sq.Rank()) != 1 {
		return newError(ErrInvalidFEN, fieldEnPassant, off+n, "two en-passant squares must be neighbours on one file, not %s", quoteText(text))
	}
	if (sq2.Rank() > sq.Rank()) == (s.Turn == Black) {
		// White, not to move, stepped up: the higher square is nearer.
		s.EnPassant = sq2
	}
	s.EnPassantTriple = true
	return nil
}

// enPassantFar returns the other square a triple step passed, behind
// EnPassant as seen by the side that made it, or NoSquare.
func (s *Setup) enPassantFar() Square {
	if !s.EnPassantTriple || s.EnPassant == NoSquare {
		return NoSquare
	}
	back := -1 // White, not to move, stepped up
	if s.Turn == White {
		back = 1
	}
	r := s.EnPassant.Rank() + back
	if r < 0 || r >= s.Variant.ranks {
		return NoSquare
	}
	return SquareAt(s.EnPassant.File(), r)
}
