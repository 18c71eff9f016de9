package rules

// Position is a validated position from which moves may be played. Its
// exported methods never modify it: Play returns a new Position.
type Position struct {
	v           *Variant
	kit         *kit
	board       [NumSquares]Piece
	occ         [2]bitboard
	king        [2]Square
	side        Color
	left        int       // moves left in the side's turn, this one included (1 but in the quick form)
	castle      [2]uint16 // files of the Rooks that keep a castling right
	jump        [2]bool   // the King may still jump
	ep          Square    // the square passed by the last double step, or NoSquare
	epFar       Square    // after a triple step, the other square it passed (farther from its maker), or NoSquare
	epVictim    Square    // the square of the piece that made it
	held        [2]Square // a double step's ep and epVictim held back in the middle of a quick-form turn
	halfmove    int
	fullmove    int
	hash        uint64
	count       [2][MaxPieceTypes + 1]uint8
	imit        [2]PieceType // the type each colour's Fools copy, 0: nothing (imitate.go)
	effect      uint8        // the one-turn effect of the Fool on effectSq that made the last move
	effectSq    Square
	odd         [2]bitboard // the squares of each colour's powered pieces, when the kit has powers (power.go)
	stuck       bitboard    // the squares of the pieces their enemy neighbours immobilize, when the kit has powers (immobilizer.go)
	checksGiven [2]uint8    // the checks each colour has given, in a variant with a check limit (checks.go)
	pawns       [2]bitboard // the squares of the pieces of each colour's Pawn plan, when it has one (bulk.go)
	// castleFrom: where castling starts anywhere and the castling King is
	// not royal (Extinction960), the square of the King that holds each
	// colour's castling rights, set from the FEN (castler).
	castleFrom [2]Square
}

// undo holds what unmake needs to restore a position.
type undo struct {
	captured Piece
	capSq    Square
	afar     Piece    // what an Archer took from afar
	kit      *kit     // the kit before a promotion to a type it did not cover
	block    [4]Piece // what a Dev's move took on the four squares of its new block, or the Dev a piece took
	held     [2]Square
	side     Color
	left     int
	fullmove int
	moved    Piece
	rookFrom Square
	rookTo   Square
	ep       Square
	epFar    Square
	epVictim Square
	castle   [2]uint16
	jump     [2]bool
	halfmove int
	hash     uint64
	more     [maxMore]Square // with block: the squares a MoveMulti took besides at and afar
	imit     [2]PieceType
	effect   uint8
	effectSq Square
	checks   [2]uint8
	blast    [blastSlots]Piece // what an explosion removed (blast.go)
}

// Variant returns the position's variant.
func (p *Position) Variant() *Variant { return p.v }

// Turn returns the side to move.
func (p *Position) Turn() Color { return p.side }

// PieceAt returns the piece on s (zero when empty or off the board).
func (p *Position) PieceAt(s Square) Piece {
	if s < 0 || s >= NumSquares {
		return 0
	}
	return p.board[s]
}

// MovesLeft returns how many moves the side to move has left in its turn,
// the next one included: 1 but in variants with several moves a turn.
func (p *Position) MovesLeft() int { return p.left }

// Halfmoves returns the halfmove clock of the draw rules.
func (p *Position) Halfmoves() int { return p.halfmove }

// Fullmoves returns the move number.
func (p *Position) Fullmoves() int { return p.fullmove }

// EnPassant returns the square passed by the last double step, or NoSquare;
// after a triple step, the square it passed next to the piece that made it.
func (p *Position) EnPassant() Square { return p.ep }

// EnPassantFar returns, after a triple step, the other square it passed,
// farther from the piece that made it; NoSquare otherwise.
func (p *Position) EnPassantFar() Square { return p.epFar }

// isEP says whether s is a square the last double or triple step passed,
// where a taker may capture en passant.
func (p *Position) isEP(s Square) bool { return s != NoSquare && (s == p.ep || s == p.epFar) }

// epHash is the part of the hash that the en-passant squares add.
func (p *Position) epHash() uint64 {
	h := zobristEP[p.ep]
	if p.epFar != NoSquare {
		h ^= zobristEP[p.epFar]
	}
	return h
}

// KingSquare returns the square of colour c's royal piece.
func (p *Position) KingSquare(c Color) Square { return p.king[c] }

func (p *Position) clone() *Position {
	q := *p
	return &q
}

func (p *Position) put(s Square, pc Piece) {
	c := pc.Color()
	p.board[s] = pc
	p.occ[c].set(s)
	p.hash ^= zobristPiece(pc, s)
	p.count[c][pc.Type()]++
	if pc.Type() == p.v.royal {
		p.king[c] = s
	}
	if pc.Type() == p.v.bulkType[c] {
		p.pawns[c].set(s)
	}
	if p.kit.oddSet.has(pc) {
		p.odd[c].set(s)
	}
}

func (p *Position) remove(s Square) Piece {
	pc := p.board[s]
	c := pc.Color()
	p.board[s] = 0
	p.occ[c].clear(s)
	p.hash ^= zobristPiece(pc, s)
	p.count[c][pc.Type()]--
	if pc.Type() == p.v.bulkType[c] {
		p.pawns[c].clear(s)
	}
	if p.kit.oddSet.has(pc) {
		p.odd[c].clear(s)
	}
	return pc
}

// relocate moves a piece between two squares without touching counts.
func (p *Position) relocate(from, to Square) {
	pc := p.board[from]
	c := pc.Color()
	p.board[from] = 0
	p.board[to] = pc
	p.occ[c].clear(from)
	p.occ[c].set(to)
	p.hash ^= zobristPiece(pc, from) ^ zobristPiece(pc, to)
	if pc.Type() == p.v.royal {
		p.king[c] = to
	}
	if pc.Type() == p.v.bulkType[c] {
		p.pawns[c].clear(from)
		p.pawns[c].set(to)
	}
	if p.kit.oddSet.has(pc) {
		p.odd[c].clear(from)
		p.odd[c].set(to)
	}
}

// findOdd fills the squares of the powered pieces, once the kit is known.
func (p *Position) findOdd() {
	p.odd = [2]bitboard{}
	if !p.kit.odd {
		return // the kit keeps no odd pieces (kit.oddSet is empty)
	}
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.board[s]; pc != 0 && p.kit.oddSet.has(pc) {
			p.odd[pc.Color()].set(s)
		}
	}
}

func rightsHash(castle [2]uint16, jump [2]bool) uint64 {
	var h uint64
	for c := White; c <= Black; c++ {
		h ^= zobristCastle(c, castle[c])
		if jump[c] {
			h ^= zobristJump[c]
		}
	}
	return h
}

// make plays m on p in place and returns what unmake needs. m must be
// pseudo-legal in p.
func (p *Position) make(m Move) undo {
	u := undo{capSq: NoSquare, rookFrom: NoSquare, ep: p.ep, epFar: p.epFar, epVictim: p.epVictim,
		castle: p.castle, jump: p.jump, halfmove: p.halfmove, hash: p.hash,
		side: p.side, left: p.left, fullmove: p.fullmove, held: p.held,
		imit: p.imit, effect: p.effect, effectSq: p.effectSq, checks: p.checksGiven}
	p.held = [2]Square{NoSquare, NoSquare}
	us := p.side
	moved := p.board[m.From]
	u.moved = moved
	if p.halfmove < maxClock {
		p.halfmove++
	}
	if p.v.typ(moved.Type()).PawnClass {
		p.halfmove = 0
	}
	switch m.Kind {
	case MoveEnPassant:
		u.capSq = p.epVictim
		u.captured = p.remove(p.epVictim)
		p.halfmove = 0
	case MoveCastle:
		var king Square
		king, u.rookFrom, u.rookTo = p.castleSquares(m)
		if p.v.castleData {
			// The King and the Rook may land on each other's squares:
			// the Rook leaves first and comes back last.
			rook := p.remove(u.rookFrom)
			if king != m.From {
				p.relocate(m.From, king)
			}
			p.put(u.rookTo, rook)
		}
	case MoveMulti, MoveConvert:
		p.takePower(m, moved, &u)
	case MoveFromAfar:
		far := p.afarSquare(m)
		u.afar = p.remove(far)
		p.halfmove = 0
		p.updateRights(m, moved, u.afar, far)
		fallthrough
	default:
		if m.Kind == MoveTakeDev {
			for i, q := range blockSquares(block(m.To)) {
				u.block[i] = p.remove(q)
			}
			p.halfmove = 0
		}
		if p.board[m.To] != 0 {
			u.capSq = m.To
			u.captured = p.remove(m.To)
			p.halfmove = 0
		}
	}
	switch {
	case m.Kind == MoveDev:
		p.moveDev(m, &u)
	case m.Kind == MoveConvert:
	case m.Promotion != 0:
		p.remove(m.From)
		if !p.kit.types.has(m.Promotion) {
			u.kit = p.kit
			p.kit = p.kit.with(m.Promotion)
		}
		if p.v.types[m.Promotion-1].dev {
			for _, q := range blockSquares(block(m.To)) {
				p.put(q, makePiece(m.Promotion, us))
			}
		} else {
			p.put(m.To, makePiece(m.Promotion, us))
		}
	case m.Kind == MoveCastle && p.v.castleData:
		// Both moved above.
	default:
		p.relocate(m.From, m.To)
	}
	if u.rookFrom != NoSquare && !p.v.castleData {
		p.relocate(u.rookFrom, u.rookTo)
	}
	if p.v.blast != nil && u.captured != 0 {
		p.explode(m, &u)
	}
	p.ep, p.epFar, p.epVictim = NoSquare, NoSquare, NoSquare
	if m.Kind == MoveDoubleStep && p.v.typ(moved.Type()).epMaker && (p.v.epFrom[us] == 0 || p.v.epFrom[us]>>m.From.Rank()&1 != 0) {
		dir := sign(m.To.Rank() - m.From.Rank())
		p.ep = SquareAt(m.From.File(), m.To.Rank()-dir)
		if abs(m.To.Rank()-m.From.Rank()) == 3 {
			p.epFar = SquareAt(m.From.File(), m.From.Rank()+dir)
		}
		p.epVictim = m.To
	}
	p.updateRights(m, moved, u.captured, u.capSq)
	if p.kit.track {
		p.remember(m, moved, us)
	}
	if p.kit.odd {
		p.updateHeld(m, moved, u.captured, u.effect, u.kit)
	}
	if p.castle != u.castle || p.jump != u.jump {
		// The keys add up by exclusive or: only the rights that changed count.
		p.hash ^= rightsHash([2]uint16{u.castle[0] ^ p.castle[0], u.castle[1] ^ p.castle[1]},
			[2]bool{u.jump[0] != p.jump[0], u.jump[1] != p.jump[1]})
	}
	if p.v.perTurn > 1 && p.left > 1 && !p.attacked(p.king[us.Other()], us) {
		// The quick form: the turn goes on, and a double step made
		// before its end gives no en-passant right (RULES R18).
		p.hash ^= zobristLeft[p.left] ^ zobristLeft[p.left-1]
		p.left--
		p.held = [2]Square{p.ep, p.epVictim}
		p.ep, p.epVictim = NoSquare, NoSquare
		return u
	}
	p.passTurn()
	return u
}

// passTurn gives the move to the other side, for a whole turn; a double
// step held back because the turn seemed to go on gives its en-passant
// right now that the opponent moves next.
func (p *Position) passTurn() {
	if p.held[0] != NoSquare {
		p.ep, p.epVictim = p.held[0], p.held[1]
		p.held = [2]Square{NoSquare, NoSquare}
	}
	p.hash ^= zobristSide ^ zobristLeft[p.left] ^ zobristLeft[p.v.perTurn]
	p.left = p.v.perTurn
	if p.side == Black && p.fullmove < maxClock {
		p.fullmove++
	}
	p.side = p.side.Other()
}

// play makes m and, in the quick form, passes the turn when the side is
// left without a move: make for a move that is really played, where make
// alone serves the legality test.
func (p *Position) play(m Move) undo {
	u := p.make(m)
	if p.v.checkLimit > 0 {
		p.countCheck(u.side)
	}
	if p.v.perTurn > 1 {
		p.settle()
	}
	return u
}

// settle passes the turn when the side to move has no legal move in the
// middle of a quick-form turn (RULES R18); see play.
func (p *Position) settle() {
	if p.left == p.v.perTurn {
		return
	}
	if !p.hasLegalMove() {
		p.passTurn()
	}
}

// hasLegalMove says whether the side to move has a legal move, trying its
// pseudo-legal moves until one leaves its King safe.
func (p *Position) hasLegalMove() bool {
	var buf [256]Move
	if p.v.legalRules {
		_, n := p.legalList(buf[:0], true)
		return n > 0
	}
	for _, m := range p.pseudoMoves(buf[:0], p.InCheck()) {
		if p.legalKingSafeMove(m) {
			return true
		}
	}
	return false
}

// moveDev plays a Dev's move: it takes every piece in the block it enters.
func (p *Position) moveDev(m Move, u *undo) {
	for i, q := range blockSquares(m.To) {
		if p.board[q] != 0 {
			u.block[i] = p.remove(q)
			p.halfmove = 0
			p.updateRights(m, u.moved, u.block[i], q)
		}
	}
	for _, q := range blockSquares(m.From) {
		p.relocate(q, q+m.To-m.From)
	}
}

// castleRook returns the Rook's squares for a castling move.
func (p *Position) castleRook(m Move) (from, to Square) {
	dir := 1
	if m.To.File() < m.From.File() {
		dir = -1
	}
	r := m.From.Rank()
	for f := m.From.File() + dir; ; f += dir {
		if p.board[SquareAt(f, r)] != 0 {
			return SquareAt(f, r), SquareAt(m.From.File()+dir, r)
		}
	}
}

func (p *Position) updateRights(m Move, moved, captured Piece, capSq Square) {
	us := moved.Color()
	if t := moved.Type(); t == p.v.royal || p.v.royal == 0 && t == p.v.castleKing && m.From == p.castleHome(us) {
		p.castle[us] = 0
		p.jump[us] = false
	}
	if p.castle[us] != 0 && moved.Type() == p.v.rook && m.From.Rank() == p.v.castleRank[us] {
		p.castle[us] &^= 1 << m.From.File()
	}
	them := us.Other()
	if captured != 0 && p.castle[them] != 0 && captured.Type() == p.v.rook && capSq.Rank() == p.v.castleRank[them] {
		p.castle[them] &^= 1 << capSq.File()
	}
	if captured != 0 && p.castle[them] != 0 && p.v.royal == 0 && captured.Type() == p.v.castleKing && capSq == p.castleHome(them) {
		p.castle[them] = 0 // the castling King taken
	}
}

// castleHome returns the square of colour c's castling King where it is
// not royal: its start square, or where castling starts anywhere the
// square of the King that holds the rights.
func (p *Position) castleHome(c Color) Square {
	if p.v.anyStart {
		return p.castleFrom[c]
	}
	return p.v.kingHome[c]
}

// unmake reverts make.
func (p *Position) unmake(m Move, u undo) {
	p.side, p.left, p.fullmove, p.held = u.side, u.left, u.fullmove, u.held
	if p.v.blast != nil && u.captured != 0 {
		p.unexplode(m, &u)
	}
	if u.rookFrom != NoSquare && !p.v.castleData {
		p.relocate(u.rookTo, u.rookFrom)
	}
	switch {
	case m.Kind == MoveCastle && p.v.castleData:
		king := p.castleKing(m)
		if p.v.anyDistance {
			king = castledKing(m, u.rookTo)
		}
		rook := p.remove(u.rookTo)
		if king != m.From {
			p.relocate(king, m.From)
		}
		p.put(u.rookFrom, rook)
	case m.Kind == MoveConvert:
		p.remove(m.To)
		p.put(m.To, u.block[0])
	case m.Kind == MoveDev:
		for _, q := range blockSquares(m.From) {
			p.relocate(q+m.To-m.From, q)
		}
		for i, q := range blockSquares(m.To) {
			if u.block[i] != 0 {
				p.put(q, u.block[i])
			}
		}
	case m.Promotion != 0 && p.v.types[m.Promotion-1].dev:
		for _, q := range blockSquares(block(m.To)) {
			p.remove(q)
		}
		p.put(m.From, u.moved)
	case m.Promotion != 0:
		p.remove(m.To)
		p.put(m.From, u.moved)
	default:
		p.relocate(m.To, m.From)
	}
	if m.Kind == MoveTakeDev {
		for i, q := range blockSquares(block(m.To)) {
			p.put(q, u.block[i])
		}
	}
	if m.Kind == MoveMulti {
		for i, q := range u.more {
			if u.block[i] != 0 {
				p.put(q, u.block[i])
			}
		}
	}
	if u.captured != 0 {
		p.put(u.capSq, u.captured)
	}
	if u.afar != 0 {
		p.put(p.afarSquare(m), u.afar)
	}
	after := p.effect
	p.imit, p.effect, p.effectSq = u.imit, u.effect, u.effectSq
	if p.kit.odd {
		p.updateHeld(m, u.moved, u.captured, after, u.kit)
	}
	if u.kit != nil {
		p.kit = u.kit
	}
	p.ep, p.epFar, p.epVictim = u.ep, u.epFar, u.epVictim
	p.castle, p.jump = u.castle, u.jump
	p.halfmove = u.halfmove
	p.checksGiven = u.checks
	p.hash = u.hash
}
