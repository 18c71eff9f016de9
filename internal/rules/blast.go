package rules

// Explosions: atomic chess (lichess, https://lichess.org/variant/atomic;
// python-chess's AtomicBoard; Fairy-Stockfish's atomic, nocheckatomic and
// atomar; RulesDef.Blast, Fairy-Stockfish's blastOnCapture and
// blastImmuneTypes).
//
// Every capture is an explosion: the captured piece, the capturing piece
// and every piece on the eight squares around the square the capture
// lands on (en passant: the square the Pawn moves to) leave the board,
// but for the types the rule spares on a neighbouring square (the Pawns)
// and those it makes immune.
//
// With a royal piece (atomic), the royal piece's safety is judged as
// python-chess and Fairy-Stockfish judge it:
//   - a move that blows up the mover's own royal piece is illegal
//     (reason explodes-own-king), so a King never captures;
//   - a move that blows up the opponent's is legal, whatever it leaves
//     attacked, and ends the game (the outcome explosion);
//   - two royal pieces on touching squares are never in check, since a
//     capture of either would blow up both: they may stand side by side,
//     and a King may step next to the other whatever attacks the square;
//   - castling passes no attacked square but for those touching the
//     opponent's royal piece.
//
// Without a royal piece (nocheckatomic, atomar), nothing is in check and
// the extinction rule ends the game: a side whose King is gone, its own
// explosion included, has lost, the mover judged first.
//
// MutuallyImmune (Fairy-Stockfish's mutuallyImmuneTypes; Atomar's
// Kings): a piece of a type named may not capture one of its own type
// (reason immune).

// Explodes says whether captures explode in v (RulesDef.Blast).
func (v *Variant) Explodes() bool { return v.blast != nil }

// blastRule is a compiled RulesDef.Blast.
type blastRule struct {
	spare  typeSet // left standing on a neighbouring square
	immune typeSet // never removed by an explosion
}

// blastSlots is the squares an explosion can clear: the eight around the
// capture and the capture's own square, last.
const blastSlots = 9

// compileBlast reads RulesDef.Blast and RulesDef.MutuallyImmune.
func (v *Variant) compileBlast(r *RulesDef) error {
	for k, name := range r.MutuallyImmune {
		t, ok := v.typeNamed(name)
		if !ok {
			return newError(ErrInvalidVariant, fieldf("rules.mutuallyImmune[%d]", k), -1, "no piece has letter or name %q", name)
		}
		v.mutual.add(t)
	}
	b := r.Blast
	if b == nil {
		return nil
	}
	x := &blastRule{}
	read := func(names []string, field string, set *typeSet) error {
		for k, name := range names {
			t, ok := v.typeNamed(name)
			if !ok {
				return newError(ErrInvalidVariant, fieldf("%s[%d]", field, k), -1, "no piece has letter or name %q", name)
			}
			if t == v.royal {
				return newError(ErrInvalidVariant, fieldf("%s[%d]", field, k), -1, "the royal piece cannot be spared by an explosion")
			}
			set.add(t)
		}
		return nil
	}
	if err := read(b.Spare, "rules.blast.spare", &x.spare); err != nil {
		return err
	}
	if err := read(b.Immune, "rules.blast.immune", &x.immune); err != nil {
		return err
	}
	switch {
	case v.hasDev || v.hasPower || v.hasFrozen:
		return newError(ErrInvalidVariant, "rules.blast", -1, "explosions are defined for pieces that stand on one square and have no power")
	case r.MovesPerTurn > 1:
		return newError(ErrInvalidVariant, "rules.blast", -1, "explosions and several moves a turn exclude each other")
	case r.CheckLimit > 0 || r.GivingCheck == "illegal":
		return newError(ErrInvalidVariant, "rules.blast", -1, "explosions and rules of checks (checkLimit, givingCheck) exclude each other")
	case v.castleKing != 0 && v.royal == 0 && v.immune.has(makePiece(v.castleKing, White)):
		return newError(ErrInvalidVariant, "rules.blast", -1, "the castling King cannot be immune to capture")
	}
	for i := range v.types {
		if v.types[i].archer {
			return newError(ErrInvalidVariant, fieldf("pieces[%d].behaviour", i), -1, "explosions and captures from afar exclude each other")
		}
	}
	v.blast = x
	return nil
}

// explode removes what the capture m, just made, blows up, into u.blast:
// the neighbours of m.To first, in their order, then the piece on m.To.
// It keeps the castling rights and the royal squares true.
func (p *Position) explode(m Move, u *undo) {
	x := p.v.blast
	for i, s := range p.v.neighbours[m.To] {
		if s == NoSquare {
			continue
		}
		if pc := p.board[s]; pc != 0 && !x.spare.has(pc.Type()) && !x.immune.has(pc.Type()) {
			u.blast[i] = p.remove(s)
			p.blastRights(pc, s)
		}
	}
	if pc := p.board[m.To]; pc != 0 && !x.immune.has(pc.Type()) {
		u.blast[blastSlots-1] = p.remove(m.To)
		p.blastRights(pc, m.To)
	}
	if p.v.royal != 0 {
		for c := White; c <= Black; c++ {
			if p.count[c][p.v.royal] == 0 {
				p.king[c] = NoSquare
			}
		}
	}
}

// unexplode puts back what explode removed.
func (p *Position) unexplode(m Move, u *undo) {
	if pc := u.blast[blastSlots-1]; pc != 0 {
		p.put(m.To, pc)
	}
	for i, s := range p.v.neighbours[m.To] {
		if pc := u.blast[i]; pc != 0 {
			p.put(s, pc)
		}
	}
}

// blastRights takes away the castling rights the piece pc, blown up on s,
// held: a castling Rook's, or all its side's with its King.
func (p *Position) blastRights(pc Piece, s Square) {
	c := pc.Color()
	switch {
	case p.castle[c] == 0:
	case pc.Type() == p.v.rook && s.Rank() == p.v.castleRank[c]:
		p.castle[c] &^= 1 << s.File()
	case pc.Type() == p.v.castleKing && (p.v.royal != 0 || s == p.castleHome(c)):
		p.castle[c] = 0
	}
}

// touching says whether the squares a and b are neighbours.
func touching(a, b Square) bool {
	return a != b && abs(a.File()-b.File()) <= 1 && abs(a.Rank()-b.Rank()) <= 1
}

// exempt says whether a royal piece on s cannot be checked because it
// touches the opponent's (of colour them), in a variant with explosions.
func (p *Position) exempt(s Square, them Color) bool {
	k := p.king[them]
	return p.v.blast != nil && k != NoSquare && touching(s, k)
}

// checked says whether colour c is in check: its royal piece attacked, and
// not touching the other royal piece where captures explode, or one of its
// pseudo-royal pieces attacked (pseudoroyal.go).
func (p *Position) checked(c Color) bool {
	k := p.king[c]
	if k != NoSquare && !p.exempt(k, c.Other()) && p.attacked(k, c.Other()) {
		return true
	}
	return p.v.guard != nil && p.guardAttacked(c)
}

// castleAttacked says whether castling by the King on k may not pass s,
// attacked by them. Where captures explode, a square touching their royal
// piece is safe, and the King, which may be attacked without being in
// check, is lifted: it shields no square of its path (python-chess,
// Fairy-Stockfish).
func (p *Position) castleAttacked(s Square, them Color, k Square) bool {
	if p.v.blast == nil {
		return p.attacked(s, them)
	}
	return !p.exempt(s, them) && p.attackedExcept(s, them, k)
}

// legalBlast is legalList for a variant with explosions and a royal
// piece: each pseudo-legal move is made and judged (see the top of the
// file), but for those that cannot endanger the royal piece. Where it is
// not attacked at all and the kit has only plain rides and leaps, a quiet
// move by another piece that is not pinned to it explodes nothing and
// opens no line to it: legal as generated, as in chess; and with such a
// kit a King's step is judged on its landing square alone.
func (p *Position) legalBlast(moves []Move, count bool) ([]Move, int) {
	us, them := p.side, p.side.Other()
	ks := p.king[us]
	var pins bitboard
	attacked := p.attackedPins(ks, them, &pins)
	start := len(moves)
	simple := !p.kit.lines && !p.kit.odd && !p.v.hasDev
	plain := simple && !attacked
	// counted: with count and the King not attacked, the moves to empty
	// squares of the pieces not pinned whose moves are all plain, legal as
	// generated, are counted and not listed; their captures are listed.
	counted := 0
	if count && plain && !p.kit.frozen {
		moves, counted, _ = p.pseudoCountedIn(moves, &bitboard{}, &pins, true)
	} else {
		moves = p.pseudoMoves(moves, attacked && !p.exempt(ks, them))
	}
	// In check, a quiet move that explodes nothing, of another piece than
	// the King, with neither square among those deciding the King's
	// attackers, leaves it in check (legalKingSafe).
	evade := &everySquare
	if simple && attacked && !p.exempt(ks, them) && !p.kit.frozen {
		d := p.deciding(p.kit.table(them, ks))
		evade = &d
	}
	n := start
	for _, m := range moves[start:] {
		var ok bool
		switch {
		case m.From != ks && plainForCheck(m) && p.board[m.To] == 0 && !evade.has(m.From) && !evade.has(m.To):
		case simple && m.From == ks && m.Kind == MoveNormal:
			// The King never captures (it would blow itself up); it may
			// step where it is not attacked, or next to the other King.
			ok = p.board[m.To] == 0 && (p.exempt(m.To, them) || !p.attackedExcept(m.To, them, ks))
		case plain && m.From != ks && (m.Kind == MoveNormal || m.Kind == MoveDoubleStep) &&
			p.board[m.To] == 0 && !pins.has(m.From):
			ok = true
		case simple && m.Kind == MoveNormal && m.Promotion == 0 && p.board[m.To] != 0 && p.v.guard == nil:
			ok = p.captureSafe(m)
		default:
			ok = p.blastSafe(m)
		}
		if ok {
			if !count {
				moves[n] = m
			}
			n++
		}
	}
	return moves, n - start + counted
}

// blastSafe says whether the pseudo-legal move m leaves the mover's royal
// piece on the board and, unless it blew up the opponent's, not in check.
func (p *Position) blastSafe(m Move) bool {
	us, them := p.side, p.side.Other()
	u := p.make(m)
	ok := p.king[us] != NoSquare && (p.king[them] == NoSquare || !p.checked(us))
	p.unmake(m, u)
	return ok
}

// captureSafe is blastSafe for a plain capture m (no promotion, no en
// passant) where every attack is a plain ride or leap, judged on the board
// alone instead of a move made: the mover's royal piece must not capture or
// stand next to the capture; the opponent's next to it is blown up, which
// wins; else the mover's may not be attacked once the explosion has
// cleared its squares, unless it touches the opponent's.
func (p *Position) captureSafe(m Move) bool {
	us, them := p.side, p.side.Other()
	ks, ek := p.king[us], p.king[them]
	if ks == m.From || touching(ks, m.To) {
		return false
	}
	if ek == NoSquare || touching(ek, m.To) || touching(ks, ek) {
		return true
	}
	x := p.v.blast
	b := &p.board
	var gone [blastSlots + 1]Square // the squares cleared, gone[:n]
	var was [blastSlots + 1]Piece   // what stood there
	n := 0
	clear := func(s Square) {
		gone[n], was[n] = s, b[s]
		n++
		p.occ[b[s].Color()].clear(s)
		b[s] = 0
	}
	mover := b[m.From]
	clear(m.From)
	clear(m.To)
	for _, s := range p.v.neighbours[m.To] {
		if s != NoSquare && b[s] != 0 && !x.spare.has(b[s].Type()) && !x.immune.has(b[s].Type()) {
			clear(s)
		}
	}
	if x.immune.has(mover.Type()) {
		b[m.To] = mover
		p.occ[us].set(m.To)
	}
	safe := !p.attacked(ks, them)
	if b[m.To] != 0 {
		b[m.To] = 0
		p.occ[us].clear(m.To)
	}
	for i := n - 1; i >= 0; i-- {
		b[gone[i]] = was[i]
		p.occ[was[i].Color()].set(gone[i])
	}
	return safe
}

// blowsUpOwnRoyal says whether the pseudo-legal move m blows up the
// mover's royal piece.
func (p *Position) blowsUpOwnRoyal(m Move) bool {
	us := p.side
	if p.v.blast == nil || p.king[us] == NoSquare {
		return false
	}
	u := p.make(m)
	gone := p.king[us] == NoSquare
	p.unmake(m, u)
	return gone
}

// dropMutual drops, of the n legal moves moves[start:start+n], the
// captures of a piece by one of its own type where that type is mutually
// immune, and returns how many are left.
func (p *Position) dropMutual(moves []Move, start, n int) int {
	k := start
	for _, m := range moves[start : start+n] {
		if !p.mutualCapture(m) {
			moves[k] = m
			k++
		}
	}
	return k - start
}

// mutualCapture says whether m captures a piece of its own, mutually
// immune type.
func (p *Position) mutualCapture(m Move) bool {
	t := p.board[m.From].Type()
	target := p.board[m.To]
	return p.v.mutual.has(t) && target != 0 && target.Color() != p.side && target.Type() == t && m.Kind != MoveCastle
}

// endExplosion ends the game when the side to move has lost its royal
// piece to an explosion (the outcome explosion), in a variant with
// explosions and a royal piece.
var endExplosion = endRule{name: "blast", terminal: true,
	judge: func(p *Position, _ *judging) (Outcome, Color) {
		switch {
		case p.king[p.side] == NoSquare:
			return Explosion, p.side.Other()
		case p.king[p.side.Other()] == NoSquare:
			return Explosion, p.side
		}
		return Ongoing, 0
	}}

// atomicCanMate is CanMate for atomic chess, read from the chess pieces'
// letters as python-chess's AtomicBoard.has_insufficient_material judges
// it (and lichess): a side whose opponent has lost its King has won; with
// its King alone it cannot win; while the opponent has more than its
// King, the opponent's pieces may always be blown up next to it, unless
// only Bishops stand on the board, none of the one side's on squares of a
// colour the other side's use; against a bare King a Queen or a Pawn wins,
// a single Knight, Bishop or Rook does not, nor do two Knights.
func (p *Position) atomicCanMate(c Color) bool {
	them := c.Other()
	if p.king[them] == NoSquare {
		return true
	}
	var own, theirs, knights, bishops, rooks, queens, pawns, others int
	var shade [2][2]bool // [colour][square colour: 0 dark]
	for sq := Square(0); sq < NumSquares; sq++ {
		pc := p.board[sq]
		if pc == 0 || pc.Type() == p.v.royal {
			continue
		}
		if pc.Color() == c {
			own++
		} else {
			theirs++
		}
		switch p.v.Letter(pc.Type()) {
		case "N":
			knights++
		case "B":
			bishops++
			shade[pc.Color()][(sq.File()+sq.Rank())&1] = true // a1 dark
		case "R":
			rooks++
		case "Q":
			queens++
		case "P":
			pawns++
		default:
			others++
		}
	}
	switch {
	case own == 0:
		return false
	case theirs > 0:
		if bishops == own+theirs {
			if !shade[White][0] {
				return shade[Black][1]
			}
			if !shade[White][1] {
				return shade[Black][0]
			}
		}
		return true
	case queens+pawns+others > 0:
		return true
	case knights+bishops+rooks == 1:
		return false
	case knights == own:
		return knights > 2
	}
	return true
}

// endAtomicMaterial is the draw when neither side can win by the
// material, as atomic judges it (insufficientMaterial "atomic").
var endAtomicMaterial = endRule{name: "insufficientMaterial",
	judge: func(p *Position, _ *judging) (Outcome, Color) {
		if !p.atomicCanMate(White) && !p.atomicCanMate(Black) {
			return InsufficientMaterial, 0
		}
		return Ongoing, 0
	}}
