package rules

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxMoveBytes bounds the length of a move text given to ParseMove.
const MaxMoveBytes = 64

// fieldMove names the move text in errors.
const fieldMove = "move"

// UCI writes m in coordinate form: from, to and a lower-case promotion
// letter (e2e4, a10a12, e7e8q). Castling is the King's move to its landing
// square (e1g1), or King takes Rook (e1h1) where the King and Rooks may
// start anywhere (CastlingDef.AnyStart) or the King moves less than two
// files (castling.go).
func (p *Position) UCI(m Move) string {
	var buf [16]byte
	return string(p.appendUCI(buf[:0], m))
}

// appendUCI appends UCI's text of m to b.
func (p *Position) appendUCI(b []byte, m Move) []byte {
	b = append(append(b, m.From.String()...), m.To.String()...)
	if m.Promotion != 0 {
		for _, c := range []byte(p.v.Letter(m.Promotion)) {
			if isUpper(c) {
				c |= 0x20
			}
			b = append(b, c)
		}
	}
	return b
}

// SAN writes the legal move m in Standard Algebraic Notation: the piece's
// letter (none for the type whose letter is P), the origin file, rank or
// both when another piece of the type could also go there (a Pawn capture
// always names its file), x for a capture, the destination, =Q for a
// promotion, and + for check or # for checkmate. Castling is O-O toward
// the higher files and O-O-O otherwise; the King's jump is an ordinary King
// move. A move that is not legal in p is written in coordinate form (UCI).
func (p *Position) SAN(m Move) string {
	legal := p.LegalMoves()
	if !slices.Contains(legal, m) {
		return p.UCI(m)
	}
	var d MoveDetail
	var trial *Position
	if !p.quiet(m) {
		trial = p.clone()
	}
	return string(p.appendDetailSAN(nil, m, legal, trial, &d))
}

// MoveDetail is what a client shows of a legal move.
type MoveDetail struct {
	Move     Move
	SAN      string
	Check    bool     // the move gives check
	Mate     bool     // the move gives checkmate
	Captures []Square // the squares whose pieces the move removes
	// Converted are the squares whose pieces the move turns to the mover's
	// side (a Diplomat's conversion); nil for other moves.
	Converted []Square
}

// Describe returns the details of each of p's legal moves (as from
// LegalMoves), computing the legal moves once for all: listing SAN for n
// moves costs n trial moves, not n move generations.
func (p *Position) Describe(legal []Move) []MoveDetail {
	out, _ := p.describeMoves(context.Background(), nil, legal, legal)
	return out
}

// Detail returns the details of one legal move of p.
func (p *Position) Detail(m Move) MoveDetail {
	out, _ := p.describeMoves(context.Background(), nil, []Move{m}, p.LegalMoves())
	return out[0]
}

// describeMoves builds the details of moves, legal moves of p among legal
// (which SAN's disambiguation needs), into dst's storage, polling ctx
// before every 16th. It plays each move that may give check (see checkSquares)
// on a copy of p and takes it back. The SAN of every move is cut from one
// string and the captured squares from one slice, so that a list of n
// moves costs a few allocations, not 2n.
func (p *Position) describeMoves(ctx context.Context, dst []MoveDetail, moves, legal []Move) ([]MoveDetail, error) {
	out := slices.Grow(dst[:0], len(moves))[:len(moves)]
	var endsBuf [256][2]int32 // where each move's SAN and captures end
	ends := endsBuf[:0]
	if len(moves) > len(endsBuf) {
		ends = make([][2]int32, 0, len(moves))
	}
	var textBuf [2048]byte
	text := textBuf[:0]
	var capturedBuf [64]Square
	captured := capturedBuf[:0]
	// The legal moves grouped by destination (a stable counting sort):
	// SAN's disambiguation compares a move only with the moves to its
	// square, not with every legal move.
	var start [MaxFiles*MaxRanks + 1]int32
	for _, m := range legal {
		start[m.To+1]++
	}
	for i := 1; i < len(start); i++ {
		start[i] += start[i-1]
	}
	var byToBuf [256]Move
	byTo, fill := byToBuf[:0], start
	if len(legal) > len(byToBuf) {
		byTo = make([]Move, 0, len(legal))
	}
	byTo = byTo[:len(legal)]
	for _, m := range legal {
		byTo[fill[m.To]] = m
		fill[m.To]++
	}
	var near *bitboard // the squares a move must touch to give check
	if sq, ok := p.checkSquares(); ok {
		near = &sq
	}
	var scratch *Position // made for the first move that may give check
	for i, m := range moves {
		// Every 16 moves: a poll costs more than a quiet move's details,
		// and 16 moves that give check are 16 move generations.
		if i&15 == 0 && done(ctx) {
			return nil, ctx.Err()
		}
		d := &out[i]
		d.Move, d.Converted = m, p.Converted(m)
		var trial *Position
		if near == nil || !plainForCheck(m) || near.has(m.From) || near.has(m.To) {
			if scratch == nil {
				scratch = p.clone()
			}
			trial = scratch
		}
		text = p.appendDetailSAN(text, m, byTo[start[m.To]:start[m.To+1]], trial, d)
		captured = p.appendCaptures(captured, m)
		ends = append(ends, [2]int32{int32(len(text)), int32(len(captured))})
	}
	all := string(text)
	if len(captured) > 0 {
		captured = slices.Clone(captured)
	}
	from := [2]int32{}
	for i, end := range ends {
		out[i].SAN = all[from[0]:end[0]]
		out[i].Captures = nil
		if end[1] > from[1] {
			out[i].Captures = captured[from[1]:end[1]:end[1]]
		}
		from = end
	}
	return out, nil
}

// appendDetailSAN appends the SAN of the legal move m, its check or mate
// suffix included, and sets d's Check and Mate; legal holds at least the
// legal moves to m's destination, and trial is a copy of p that it plays
// m on and takes it back, or nil when m is known to give no check.
func (p *Position) appendDetailSAN(sb []byte, m Move, legal []Move, trial *Position, d *MoveDetail) []byte {
	switch {
	case m.Kind == MoveCastle:
		sb = append(sb, p.castleSAN(m)...)
	default:
		sb = p.appendSAN(sb, m, legal)
	}
	d.Check, d.Mate = false, false
	if trial != nil {
		d.Check, d.Mate = trial.checks(m, true)
	}
	switch {
	case d.Mate:
		sb = append(sb, '#')
	case d.Check:
		sb = append(sb, '+')
	}
	return sb
}

// checks plays m on p, says whether it gives check and, when mate is set,
// checkmate, and takes it back. Callers skip the moves that quiet or
// checkSquares clear.
func (p *Position) checks(m Move, mate bool) (check, checkmate bool) {
	u := p.make(m)
	if check = p.InCheck(); check && mate {
		var buf [256]Move
		checkmate = len(p.legalMoves(buf[:0])) == 0
	}
	p.unmake(m, u)
	return check, checkmate
}

// quiet says whether m, a legal move of p, surely gives no check, without
// playing it: m is plain (see plainForCheck) and neither of its squares is
// one that any probe of the attack table of the enemy King's square reads,
// so that the King's attackers are the same before and after it, and there
// were none, the enemy not being in check on our turn.
func (p *Position) quiet(m Move) bool {
	at := p.quietTable()
	return at != nil && plainForCheck(m) && !at.reach.has(m.From) && !at.reach.has(m.To)
}

// quietTable returns the attack table of the enemy King's square when
// its probes alone decide whether the King is attacked, nil otherwise:
// the powers, frozen pieces and Devs attack through more than the probed
// squares, a position may have no enemy King, and pseudo-royal pieces
// (pseudoroyal.go) may be checked elsewhere.
func (p *Position) quietTable() *attackTable {
	if p.kit.odd || p.kit.frozen || p.v.guard != nil {
		return nil
	}
	ek := p.king[p.side.Other()]
	if ek == NoSquare {
		return nil
	}
	if at := p.kit.table(p.side, ek); len(at.devs) == 0 {
		return at
	}
	return nil
}

// plainForCheck says whether m changes what stands on its two squares
// only: no promotion (which may widen the kit), no capture off its
// destination and no second piece moved.
func plainForCheck(m Move) bool {
	switch m.Kind {
	case MoveNormal, MoveDoubleStep, MoveKingJump:
		return m.Promotion == 0
	}
	return false
}

// checkSquares returns, when quietTable allows it, the squares whose
// change may give check on this board: of each ray probe of the enemy
// King's square, the squares up to the first piece (the second for a
// hopper or a grasshopper, the third for a Kangaroo), beyond which a change
// decides nothing; of each bent path, the squares up to its first piece and
// their origins; and every square of the leaps. A plain move (see
// plainForCheck) with neither square among them gives no check. It costs
// about one attack test, and saves one trial move per move cleared.
func (p *Position) checkSquares() (bitboard, bool) {
	at := p.quietTable()
	if at == nil {
		return bitboard{}, false
	}
	return p.deciding(at), true
}

// deciding returns the squares of the attack table at whose contents
// decide whether its target is attacked on this board (checkSquares):
// where neither square of a plain move is one of them, the move changes
// nothing of the target's attackers. Not for the powers, frozen pieces and
// Devs, which attack through more than the probed squares.
func (p *Position) deciding(at *attackTable) bitboard {
	b := &p.board
	var d bitboard
	for i := range at.leaps {
		lp := &at.leaps[i]
		d.set(lp.from)
		if i < at.legged {
			for _, s := range lp.legs() {
				if s != NoSquare {
					d.set(s)
				}
			}
		}
	}
	for i := range at.rays {
		at.rays[i].markDeciding(&d, b)
	}
	for i := range at.bents {
		bp := &at.bents[i]
		for k, s := range bp.ray {
			d.set(s)
			if o := bp.origin[k]; o != NoSquare {
				d.set(o)
			}
			if b[s] != 0 {
				break
			}
		}
	}
	return d
}

// castleSAN writes the castling move m: O-O toward the higher files,
// O-O-O toward the lower, and where castling goes any distance / and the
// King's landing square (O-O/i1).
func (p *Position) castleSAN(m Move) string {
	s := "O-O-O"
	if m.To.File() > m.From.File() {
		s = "O-O"
	}
	if p.v.anyDistance {
		king, _, _ := p.castleSquares(m)
		s += "/" + king.String()
	}
	return s
}

// appendSAN appends a move that is not castling, without its check suffix.
func (p *Position) appendSAN(sb []byte, m Move, legal []Move) []byte {
	t := p.board[m.From].Type()
	letter := p.v.Letter(t)
	pawn := letter == "P"
	if !pawn {
		sb = append(sb, letter...)
	}
	file, rank := p.disambiguate(t, pawn, m, legal)
	if file {
		sb = append(sb, byte('a'+m.From.File()))
	}
	if rank {
		sb = strconv.AppendInt(sb, int64(m.From.Rank()+1), 10)
	}
	if p.isCapture(m) {
		sb = append(sb, 'x')
	}
	sb = append(sb, m.To.String()...)
	if m.Promotion != 0 {
		sb = append(sb, '=')
		sb = append(sb, p.v.Letter(m.Promotion)...)
	}
	return sb
}

// disambiguate says which of m's origin file and rank SAN writes: the
// least (nothing, file, rank, both) that makes m, a move of a piece of
// type t (a Pawn when pawn), the only legal move the text matches. A Pawn
// never gets the rank alone, which would put a digit first, and a Pawn's
// capture always names its file. One pass over legal finds, among the
// moves SAN would write alike without an origin (the rivals), whether any
// matches with no origin, any shares m's file and any shares its rank.
func (p *Position) disambiguate(t PieceType, pawn bool, m Move, legal []Move) (file, rank bool) {
	mf, mr := m.From.File(), m.From.Rank()
	alone := !pawn || !p.isCapture(m) // a text with no file matches m
	byFile, byRank := true, true
	for _, o := range legal {
		if o == m || o.Kind == MoveCastle || o.To != m.To || o.Promotion != m.Promotion || p.board[o.From].Type() != t {
			continue
		}
		if !pawn || !p.isCapture(o) {
			alone = false
		}
		if o.From.File() == mf {
			byFile = false
		}
		if o.From.Rank() == mr {
			byRank = false
		}
	}
	switch {
	case alone:
		return false, false
	case byFile:
		return true, false
	case byRank && !pawn:
		return false, true
	}
	return true, true
}

// isCapture says whether m removes an enemy piece.
func (p *Position) isCapture(m Move) bool {
	switch m.Kind {
	case MoveEnPassant, MoveFromAfar, MoveTakeDev, MoveMulti, MoveConvert:
		return true
	case MoveCastle:
		return false
	case MoveDev:
		return len(p.Captures(m)) > 0
	}
	return p.board[m.To] != 0
}

// sanQuery is what a SAN piece move says: the piece type, the origin file
// and rank when given (-1 otherwise), the destination and the promotion.
// A pawn query (no letter written) matches captures only with a file.
type sanQuery struct {
	typ   PieceType
	pawn  bool
	file  int
	rank  int
	to    Square
	promo PieceType
}

// sanMoves returns the moves of moves that q describes, comparing the
// promotion only when promo is set. Castling never matches: it is O-O.
func (p *Position) sanMoves(q sanQuery, moves []Move, promo bool) []Move {
	return p.sanMovesInto(nil, q, moves, promo)
}

// sanMovesInto is sanMoves appending to out (a caller's buffer).
func (p *Position) sanMovesInto(out []Move, q sanQuery, moves []Move, promo bool) []Move {
	for _, m := range moves {
		switch {
		case m.Kind == MoveCastle || m.To != q.to || p.board[m.From].Type() != q.typ:
		case promo && m.Promotion != q.promo:
		case q.file >= 0 && m.From.File() != q.file, q.rank >= 0 && m.From.Rank() != q.rank:
		case q.pawn && q.file < 0 && p.isCapture(m):
		default:
			out = append(out, m)
		}
	}
	return out
}

// ParseMove reads a move in any accepted notation and returns the legal
// move it names. Surrounding white space is ignored. Accepted are:
//
//   - coordinate form: e2e4, a10a12, e7e8q, with - or x between the squares
//     (e2-e4, e4xd5) and =Q for a promotion (e7e8=Q); castling is the
//     King's move (e1g1);
//   - SAN as SAN writes it, with unneeded disambiguation optional, O-O
//     or O-O-O for castling with each O written O, o or 0 (o-o, 0-0-0),
//     the = of a promotion optional, and x and any trailing run of +, #, !
//     and ? optional and not checked;
//     piece letters are upper case, and a text starting with a lower-case
//     letter is a Pawn move (e4, exd5; a Pawn capture needs its file) or a
//     coordinate move;
//   - Game Courier style: a piece letter of either case, spaces and the
//     coordinate move (P e2-e4), the letter naming the piece on the origin
//     square, optionally followed by ; and the placement of the promoted
//     piece on the destination (e7-e8; Q-e8).
//
// In SAN a figurine may stand for a piece letter (♘f3, e8=♕, ♙e4), naming
// the piece by its name, and an en passant capture may end in e.p. or ep,
// joined or after a space (exd6e.p., exd6 ep), which must then be en
// passant (Reason "not-en-passant"): figurine.go.
//
// In every form a promotion may leave out its piece when the move has a
// single promotion choice and no way to stay unpromoted (the Cazaux games'
// e12e14 is e12e14q); with several choices it is an illegal move with
// Reason "needs-promotion".
//
// Errors are *Error with Field "move": ErrInvalidMove when the text does not
// parse (Offset is the byte offset in text of the first bad character),
// ErrIllegalMove when no legal move matches (Reason says why), and
// ErrAmbiguousMove when a SAN text matches several legal moves.
func (p *Position) ParseMove(text string) (Move, error) {
	var scratch []Move
	return p.parseMove(text, nil, &scratch)
}

// parseMove is ParseMove with the legal moves already known (nil: not
// yet), and a buffer for the legal moves of some pieces (see resolve).
func (p *Position) parseMove(text string, legal []Move, scratch *[]Move) (Move, error) {
	if len(text) > MaxMoveBytes {
		return Move{}, newError(ErrInvalidMove, fieldMove, MaxMoveBytes, "a move is at most %d bytes", MaxMoveBytes)
	}
	start, end := trimBounds(text, 0, len(text))
	if start >= end {
		return Move{}, newError(ErrInvalidMove, fieldMove, 0, "empty move")
	}
	mp := &moveParser{p: p, text: text, i: start, end: end, legal: legal, scratch: scratch}
	if strings.ContainsAny(text[start:end], " ;") {
		mp.spacedEnPassant()
		if strings.ContainsAny(text[mp.i:mp.end], " ;") {
			return mp.onlyEnPassant(mp.courier())
		}
	}
	m, err := mp.single()
	if mp.epAt != 0 {
		return mp.onlyEnPassant(m, err)
	}
	return m, err
}

// trimBounds returns the bounds of text[start:end] without surrounding
// white space; start >= end when nothing is left.
func trimBounds(text string, start, end int) (int, int) {
	s := text[start:end]
	left := strings.TrimLeftFunc(s, unicode.IsSpace)
	return start + len(s) - len(left), start + len(strings.TrimRightFunc(s, unicode.IsSpace))
}

// moveParser reads text[i:end] left to right; offsets in errors are
// offsets in the whole text.
type moveParser struct {
	p     *Position
	text  string
	i     int
	end   int
	legal []Move // the position's legal moves, computed when first needed
	// scratch holds the legal moves of the pieces a text can name, which
	// resolve lists before all of them are needed.
	scratch *[]Move
	// epAt is the offset of an en passant suffix (e.p., ep), 0 when the
	// text has none (figurine.go).
	epAt int
}

func (mp *moveParser) legalMoves() []Move {
	if mp.legal == nil {
		mp.legal = mp.p.LegalMoves()
	}
	return mp.legal
}

// resolve returns the legal move find picks out of a list of legal moves
// that holds every move the text can name: those of the pieces on the
// squares of from to the square to (any with NoSquare). Before the position's legal moves are known, and where
// it can list some pieces' moves apart (Position.targeted), find first gets
// the legal moves of those pieces only, and a move found there is the one
// find would pick out of all legal moves, which hold no other move from
// those squares. When it finds none, find gets all the legal moves, so that
// every error is the one the whole list gives.
func (mp *moveParser) resolve(from bitboard, to Square, find func(legal []Move) (Move, error)) (Move, error) {
	if mp.legal == nil && mp.p.targeted() {
		*mp.scratch = mp.p.legalIn((*mp.scratch)[:0], &from, to)
		if m, err := find(*mp.scratch); err == nil {
			return m, nil
		}
	}
	return find(mp.legalMoves())
}

// only is the mask of one square.
func only(sq Square) (b bitboard) {
	b.set(sq)
	return b
}

func (mp *moveParser) peek(k int) byte {
	if mp.i+k < mp.end {
		return mp.text[mp.i+k]
	}
	return 0
}

// apostrophes counts the apostrophes after the letter at the read position.
func (mp *moveParser) apostrophes() int {
	n := 0
	for n < MaxApostrophes && mp.peek(1+n) == '\'' {
		n++
	}
	return n
}

func (mp *moveParser) errorf(off int, format string, args ...any) *Error {
	return newError(ErrInvalidMove, fieldMove, off, format, args...)
}

// unexpected reports the character at the cursor, or the end of the text.
func (mp *moveParser) unexpected(want string) *Error {
	if mp.i >= mp.end {
		return mp.errorf(mp.i, "expected %s, found the end of the move", want)
	}
	return mp.errorf(mp.i, "expected %s, not %s", want, quoteAt(mp.text, mp.i))
}

func isLower(c byte) bool { return c >= 'a' && c <= 'z' }
func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// single reads a move without spaces or semicolons: castling, SAN or
// coordinate form.
func (mp *moveParser) single() (Move, error) {
	if c := mp.peek(0); c != 'O' && c != 'o' && c != '0' {
		// Not castling.
	} else if kingside, landing, ok := mp.castleText(strings.TrimRight(mp.text[mp.i:mp.end], "+#!?")); ok {
		if mp.p.castler(mp.p.side) == NoSquare {
			return mp.p.resolveCastle(kingside, landing, nil) // no piece to castle
		}
		return mp.resolve(only(mp.p.castler(mp.p.side)), NoSquare, func(legal []Move) (Move, error) {
			return mp.p.resolveCastle(kingside, landing, legal)
		})
	}
	c := mp.peek(0)
	switch {
	case isUpper(c):
		return mp.pieceMove()
	case isLower(c):
		return mp.lowerMove()
	case c >= utf8.RuneSelf:
		return mp.figurineMove()
	}
	return Move{}, mp.unexpected("a piece letter, a square or castling")
}

// castleText reads castling as castleText does, optionally followed by /
// and the King's landing square (O-O/i1) where castling goes any distance
// (castledistance.go); landing is NoSquare without it.
func (mp *moveParser) castleText(body string) (kingside bool, landing Square, ok bool) {
	landing = NoSquare
	if i := strings.IndexByte(body, '/'); i >= 0 && mp.p.v.anyDistance {
		sq, n := parseSquare(body[i+1:], mp.p.v.files, mp.p.v.ranks)
		if n == 0 || i+1+n != len(body) {
			return false, NoSquare, false
		}
		body, landing = body[:i], sq
	}
	kingside, ok = castleText(body)
	return kingside, landing, ok
}

// castleText reads castling, O-O (kingside, toward the higher files) or
// O-O-O, each O written as O, o or 0 in any mixture: no other move is
// written with those characters, so every case is unambiguous.
func castleText(body string) (kingside, ok bool) {
	if len(body) != 3 && len(body) != 5 {
		return false, false
	}
	for i := 0; i < len(body); i++ {
		c := body[i]
		if i%2 == 1 && c != '-' || i%2 == 0 && c != 'O' && c != 'o' && c != '0' {
			return false, false
		}
	}
	return len(body) == 3, true
}

// lowerMove reads a coordinate move or a SAN Pawn move.
func (mp *moveParser) lowerMove() (Move, error) {
	start := mp.i
	if mp.p.v.hasDev {
		if from, to, ok := mp.blockMove(); ok {
			if err := mp.finish(); err != nil {
				return Move{}, err
			}
			return mp.p.resolveCoordinate(from, to, 0, mp.legalMoves())
		}
	}
	q := sanQuery{pawn: true, file: -1, rank: -1}
	if isDigit(mp.peek(1)) {
		sq, err := mp.square()
		if err != nil {
			return Move{}, err
		}
		if mp.separator() || mp.atSquare() {
			return mp.coordinate(sq)
		}
		q.to = sq
	} else {
		f, err := mp.file()
		if err != nil {
			return Move{}, err
		}
		q.file = f
		if mp.peek(0) == 'x' {
			mp.i++
		}
		if q.to, err = mp.square(); err != nil {
			return Move{}, err
		}
	}
	t, ok := mp.p.v.byLetter["P"]
	if !ok {
		return Move{}, mp.errorf(start, "%s has no piece with letter P: write the piece letter or both squares", mp.p.v.ID())
	}
	q.typ = t
	return mp.sanEnd(q, start)
}

// pieceMove reads a SAN move that starts with a piece letter.
func (mp *moveParser) pieceMove() (Move, error) {
	start := mp.i
	t, err := mp.letter(false)
	if err != nil {
		return Move{}, err
	}
	q := sanQuery{typ: t, file: -1, rank: -1, to: NoSquare}
	switch c := mp.peek(0); {
	case c == 'x' || c == '-':
		mp.i++
	case isDigit(c):
		if q.rank, err = mp.rank(); err != nil {
			return Move{}, err
		}
		mp.separator()
	case isLower(c) && isDigit(mp.peek(1)):
		sq, err := mp.square()
		if err != nil {
			return Move{}, err
		}
		if mp.separator() || mp.atSquare() {
			q.file, q.rank = sq.File(), sq.Rank()
		} else {
			q.to = sq
		}
	case isLower(c):
		if q.file, err = mp.file(); err != nil {
			return Move{}, err
		}
		mp.separator()
	}
	if q.to == NoSquare {
		if q.to, err = mp.square(); err != nil {
			return Move{}, err
		}
	}
	return mp.sanEnd(q, start)
}

// blockMove reads a Dev's move written with its blocks, cd34-cd56 (or
// cd34cd56), and returns their lower-left squares. When the text is not
// such a move it reads nothing and says so.
func (mp *moveParser) blockMove() (from, to Square, ok bool) {
	start := mp.i
	if from, ok = mp.blockName(); ok {
		mp.separator()
		if to, ok = mp.blockName(); ok {
			return from, to, true
		}
	}
	mp.i = start
	return NoSquare, NoSquare, false
}

// blockName reads two adjacent files and two adjacent ranks naming an
// aligned 2x2 block, cd34 or op1516, and returns its lower-left square.
func (mp *moveParser) blockName() (Square, bool) {
	f := int(mp.peek(0)) - 'a'
	if !isLower(mp.peek(0)) || int(mp.peek(1))-'a' != f+1 || f%2 != 0 {
		return NoSquare, false
	}
	n := 2
	for isDigit(mp.peek(n)) {
		n++
	}
	digits := mp.text[mp.i+2 : mp.i+n]
	for r := 1; r < mp.p.v.ranks; r += 2 {
		if digits == strconv.Itoa(r)+strconv.Itoa(r+1) {
			mp.i += n
			return SquareAt(f, r-1), f+1 < mp.p.v.files
		}
	}
	return NoSquare, false
}

// sanEnd reads the promotion and suffix of a SAN move and resolves it.
func (mp *moveParser) sanEnd(q sanQuery, start int) (Move, error) {
	var err error
	if mp.peek(0) == 'e' && mp.enPassantSuffix() {
		// exd6e.p.: no promotion; onlyEnPassant checks the move.
	} else if q.promo, err = mp.promotion(); err != nil {
		return Move{}, err
	}
	if err := mp.finish(); err != nil {
		return Move{}, err
	}
	return mp.resolve(mp.p.squaresOf(q.typ, q.file, q.rank), q.to, func(legal []Move) (Move, error) {
		return mp.p.resolveSAN(q, mp.text[start:mp.end], legal)
	})
}

// coordinate reads the rest of a coordinate move after its origin.
func (mp *moveParser) coordinate(from Square) (Move, error) {
	to, err := mp.square()
	if err != nil {
		return Move{}, err
	}
	var promo PieceType
	if mp.peek(0) == 'e' && mp.enPassantSuffix() {
		// e5d6e.p.: no promotion; onlyEnPassant checks the move.
	} else if promo, err = mp.promotion(); err != nil {
		return Move{}, err
	}
	if err := mp.finish(); err != nil {
		return Move{}, err
	}
	return mp.resolve(only(from), to, func(legal []Move) (Move, error) {
		return mp.p.resolveCoordinate(from, to, promo, legal)
	})
}

// courier reads a Game Courier move: "P e2-e4", "e7-e8; Q-e8".
func (mp *moveParser) courier() (Move, error) {
	var parts [][2]int
	for s, i := mp.i, mp.i; i <= mp.end; i++ {
		if i == mp.end || mp.text[i] == ';' {
			a, b := trimBounds(mp.text, s, i)
			if a >= b {
				return Move{}, mp.errorf(a, "empty part of a move")
			}
			if len(parts) == 2 {
				return Move{}, mp.errorf(s-1, "a move has at most two parts: the move and the promoted piece")
			}
			parts = append(parts, [2]int{a, b})
			s = i + 1
		}
	}
	mp.i, mp.end = parts[0][0], parts[0][1]
	t, from, to, err := mp.courierMove()
	if err != nil {
		return Move{}, err
	}
	var promo PieceType
	if len(parts) == 2 {
		mp.i, mp.end = parts[1][0], parts[1][1]
		if promo, err = mp.placement(to); err != nil {
			return Move{}, err
		}
	}
	if pc := mp.p.PieceAt(from); t != 0 && pc != 0 && pc.Type() != t {
		v := mp.p.v
		return Move{}, &Error{Code: ErrIllegalMove, Field: fieldMove, Offset: -1, Reason: "no-piece",
			Detail: fmt.Sprintf("no %s on %s: the piece there is a %s", v.PieceName(t), from, v.PieceName(pc.Type()))}
	}
	return mp.resolve(only(from), to, func(legal []Move) (Move, error) {
		return mp.p.resolveCoordinate(from, to, promo, legal)
	})
}

// courierMove reads the move part of a Game Courier move: an optional
// piece letter of either case and spaces, then the two squares.
func (mp *moveParser) courierMove() (t PieceType, from, to Square, err error) {
	if n := 1 + mp.apostrophes(); mp.peek(n) == ' ' {
		if t, err = mp.letter(true); err != nil {
			return 0, NoSquare, NoSquare, err
		}
		for mp.peek(0) == ' ' {
			mp.i++
		}
	}
	if from, err = mp.square(); err != nil {
		return 0, NoSquare, NoSquare, err
	}
	mp.separator()
	if to, err = mp.square(); err != nil {
		return 0, NoSquare, NoSquare, err
	}
	return t, from, to, mp.finish()
}

// placement reads "Q-e8", the promoted piece put on the destination to.
func (mp *moveParser) placement(to Square) (PieceType, error) {
	t, err := mp.letter(true)
	if err != nil {
		return 0, err
	}
	if mp.peek(0) != '-' {
		return 0, mp.unexpected("- between the promoted piece and its square")
	}
	mp.i++
	off := mp.i
	sq, err := mp.square()
	if err != nil {
		return 0, err
	}
	if sq != to {
		return 0, mp.errorf(off, "the promoted piece must be placed on the destination %s, not %s", to, sq)
	}
	return t, mp.finish()
}

// separator skips a - or x between two squares and says whether it did.
func (mp *moveParser) separator() bool {
	if c := mp.peek(0); c == '-' || c == 'x' {
		mp.i++
		return true
	}
	return false
}

// atSquare says whether a square seems to start at the cursor.
func (mp *moveParser) atSquare() bool { return isLower(mp.peek(0)) && isDigit(mp.peek(1)) }

// square reads a square of the board: a file letter and a rank number.
func (mp *moveParser) square() (Square, error) {
	f, err := mp.file()
	if err != nil {
		return NoSquare, err
	}
	r, err := mp.rank()
	if err != nil {
		return NoSquare, err
	}
	return SquareAt(f, r), nil
}

// file reads a file letter of the board and returns it from 0.
func (mp *moveParser) file() (int, error) {
	c := mp.peek(0)
	if !isLower(c) {
		return 0, mp.unexpected("a square")
	}
	if int(c-'a') >= mp.p.v.files {
		return 0, mp.errorf(mp.i, "file %c is off the board (files a-%c)", c, 'a'+mp.p.v.files-1)
	}
	mp.i++
	return int(c - 'a'), nil
}

// rank reads a rank number of the board and returns it from 0.
func (mp *moveParser) rank() (int, error) {
	off := mp.i
	if !isDigit(mp.peek(0)) {
		return 0, mp.unexpected("a rank number")
	}
	if mp.peek(0) == '0' {
		return 0, mp.errorf(off, "a rank number cannot start with 0")
	}
	r := 0
	for isDigit(mp.peek(0)) {
		r = min(r*10+int(mp.peek(0)-'0'), 1000)
		mp.i++
	}
	if r > mp.p.v.ranks {
		return 0, mp.errorf(off, "rank %s is off the board (ranks 1-%d)", mp.text[off:mp.i], mp.p.v.ranks)
	}
	return r - 1, nil
}

// letter reads a piece letter, upper case or (with anyCase) either case,
// optionally followed by apostrophes.
func (mp *moveParser) letter(anyCase bool) (PieceType, error) {
	off, c := mp.i, mp.peek(0)
	if !isUpper(c) && !(anyCase && isLower(c)) {
		if c >= utf8.RuneSelf {
			return mp.figurine()
		}
		return 0, mp.unexpected("a piece letter")
	}
	n := 1 + mp.apostrophes()
	l := string(c&^0x20) + mp.text[mp.i+1:mp.i+n]
	t, ok := mp.p.v.byLetter[l]
	if !ok {
		return 0, mp.errorf(off, "no piece of %s has letter %q", mp.p.v.ID(), mp.text[off:off+n])
	}
	mp.i += n
	return t, nil
}

// promotion reads an optional promotion: =Q, =q, Q or q.
func (mp *moveParser) promotion() (PieceType, error) {
	c := mp.peek(0)
	if c == '=' {
		mp.i++
		return mp.letter(true)
	}
	if isUpper(c) || isLower(c) || c >= utf8.RuneSelf {
		return mp.letter(true)
	}
	return 0, nil
}

// finish skips the annotation suffix (+, #, !, ?) and requires the end.
func (mp *moveParser) finish() error {
	for strings.IndexByte("+#!?", mp.peek(0)) >= 0 && mp.i < mp.end {
		mp.i++
	}
	if mp.i < mp.end {
		return mp.unexpected("the end of the move")
	}
	return nil
}

// resolveCoordinate returns the legal move from, to, promo or explains why
// there is none.
func (p *Position) resolveCoordinate(from, to Square, promo PieceType, legal []Move) (Move, error) {
	same := func(m Move) bool { return m.From == from && m.To == to && m.Promotion == promo }
	if i := slices.IndexFunc(legal, same); i >= 0 {
		return legal[i], nil
	}
	if promo == 0 {
		if m, ok := onlyPromotion(legal, func(m Move) bool { return m.From == from && m.To == to }); ok {
			return m, nil
		}
		if m, ok := p.castlingTo(from, to, legal); ok {
			return m, nil
		}
	}
	m := Move{From: from, To: to, Promotion: promo, Kind: MoveNormal}
	pseudo := p.pseudoMoves(nil, p.InCheck())
	if i := slices.IndexFunc(pseudo, same); i >= 0 {
		m = pseudo[i]
	} else if kingside, ok := p.castlingAttempt(from, to); ok && promo == 0 {
		if e := p.explainCastle(kingside, NoSquare); e != nil {
			return Move{}, e
		}
	}
	return Move{}, p.illegal(m)
}

// castlingTo returns the legal castling move of the King on from that the
// coordinate move from-to names in the form the answers do not write: the
// King takes its Rook (e1h1, as lichess, python-chess and chessops write
// castling) where the King's landing square is written, and the King's
// landing square (e1g1) where the Rook's is (AnyStart). Only a text that
// names no other legal move gets here.
func (p *Position) castlingTo(from, to Square, legal []Move) (Move, bool) {
	for _, m := range legal {
		if m.Kind != MoveCastle || m.From != from {
			continue
		}
		if king, rook, _ := p.castleSquares(m); king == to || rook == to {
			return m, true
		}
	}
	return Move{}, false
}

// onlyPromotion returns the move of legal that match selects when there is
// exactly one and it promotes: a move written without its promotion piece
// where the piece has a single choice (RULES, "Promotion"). With several
// choices, or a matching move that does not promote, it returns false.
func onlyPromotion(legal []Move, match func(Move) bool) (Move, bool) {
	var found Move
	n := 0
	for _, m := range legal {
		if match(m) {
			found = m
			n++
		}
	}
	return found, n == 1 && found.Promotion != 0
}

// resolveCastle returns the legal castling move toward the higher files
// (kingside) or the lower ones, whose King lands on landing unless that is
// NoSquare, or explains why there is none, or that there are several
// (castling any distance without its landing square).
func (p *Position) resolveCastle(kingside bool, landing Square, legal []Move) (Move, error) {
	same := func(m Move) bool {
		if m.Kind != MoveCastle || (m.To.File() > m.From.File()) != kingside {
			return false
		}
		king, _, _ := p.castleSquares(m)
		return landing == NoSquare || king == landing
	}
	var found []Move
	for _, m := range legal {
		if same(m) {
			found = append(found, m)
		}
	}
	if len(found) == 1 {
		return found[0], nil
	}
	if len(found) > 1 {
		names := make([]string, len(found))
		for i, m := range found {
			names[i] = p.castleSAN(m)
		}
		return Move{}, &Error{Code: ErrAmbiguousMove, Field: fieldMove, Offset: -1,
			Detail: fmt.Sprintf("castling matches %d legal moves: %s", len(found), strings.Join(names, ", "))}
	}
	if p.InCheck() {
		if e := p.explainCastle(kingside, landing); e != nil {
			return Move{}, e
		}
	}
	pseudo := p.pseudoMoves(nil, false)
	if i := slices.IndexFunc(pseudo, same); i >= 0 {
		return Move{}, p.illegal(pseudo[i])
	}
	if e := p.explainCastle(kingside, landing); e != nil {
		return Move{}, e
	}
	name := "O-O-O"
	if kingside {
		name = "O-O"
	}
	return Move{}, &Error{Code: ErrIllegalMove, Field: fieldMove, Offset: -1, Reason: "unreachable",
		Detail: "castling " + name + " is not possible here"}
}

// resolveSAN returns the one legal move q describes, or explains why there
// is none or several. text is the move as written, for the details.
func (p *Position) resolveSAN(q sanQuery, text string, legal []Move) (Move, error) {
	c := p.sanMoves(q, legal, true)
	if len(c) == 0 && q.promo == 0 {
		// A promotion written without its piece: the move when there is
		// one, ambiguous when pieces on several squares match, and
		// otherwise a choice to name (explainSAN).
		all := p.sanMoves(q, legal, false)
		if m, ok := onlyPromotion(all, func(Move) bool { return true }); ok {
			return m, nil
		}
		if slices.ContainsFunc(all, func(m Move) bool { return m.From != all[0].From }) {
			c = all
		}
	}
	switch len(c) {
	case 1:
		return c[0], nil
	case 0:
		return Move{}, p.explainSAN(q, legal)
	}
	names := make([]string, len(c))
	for i, m := range c {
		names[i] = p.UCI(m)
	}
	return Move{}, &Error{Code: ErrAmbiguousMove, Field: fieldMove, Offset: -1,
		Detail: fmt.Sprintf("%s matches %d legal moves: %s", text, len(c), strings.Join(names, ", "))}
}

// explainSAN says why no legal move matches q.
func (p *Position) explainSAN(q sanQuery, legal []Move) *Error {
	e := &Error{Code: ErrIllegalMove, Field: fieldMove, Offset: -1}
	name := p.v.PieceName(q.typ)
	if c := p.sanMoves(q, legal, false); len(c) > 0 {
		if q.promo == 0 {
			e.Reason, e.Detail = "needs-promotion", "a move to "+q.to.String()+" must name its promotion"
		} else {
			e.Reason, e.Detail = "bad-promotion", "the "+name+" cannot promote to "+p.v.PieceName(q.promo)+" on "+q.to.String()
		}
		return e
	}
	if c := p.sanMoves(q, p.pseudoMoves(nil, p.InCheck()), true); len(c) > 0 {
		return p.illegal(c[0])
	}
	where := ""
	switch {
	case q.file >= 0 && q.rank >= 0:
		where = " on " + SquareAt(q.file, q.rank).String()
	case q.file >= 0:
		where = fmt.Sprintf(" on file %c", 'a'+q.file)
	case q.rank >= 0:
		where = fmt.Sprintf(" on rank %d", q.rank+1)
	}
	e.Reason, e.Detail = "unreachable", "no "+name+where+" can move to "+q.to.String()
	if q.pawn && q.file < 0 {
		r := q
		r.pawn = false
		if c := p.sanMoves(r, legal, true); len(c) > 0 {
			e.Detail += " without capturing; a " + name + " capture names its file, as in " + p.SAN(c[0])
		}
	}
	return e
}
