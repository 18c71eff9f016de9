package rules

import "math/bits"

// Games won or lost by losing pieces: the extinction rule, compulsory
// captures, a stalemate that wins, and variants with no royal piece.
//
// Extinction (RulesDef.Extinction; Fairy-Stockfish's extinctionValue,
// extinctionPieceTypes, extinctionPieceCount): a side that has Count or
// fewer pieces of one of the types named (with "*", of all its pieces
// together) has lost, or won. It is judged for the side that has just moved
// first, then for the side to move, as Fairy-Stockfish does
// (Position::is_immediate_game_end), before everything but the flag, and it
// is terminal: a position it has ended has no legal move (Fairy-Stockfish
// and python-chess count antichess's perft so). Antichess: all pieces,
// count 0, a win.
//
// Compulsory captures (RulesDef.Captures "compulsory"; Fairy-Stockfish's
// mustCapture): where a side has a legal capture, its other moves are not
// legal (Position::legal; python-chess's SuicideBoard). En passant is a
// capture.
//
// Without a royal piece (no piece type royal) nothing is ever in check but
// a pseudo-royal piece (pseudoroyal.go): every pseudo-legal move that
// leaves none attacked is legal, and no check limit or rule of checks can
// be defined. Such a variant needs another way to end (endsUnroyal): the
// extinction rule, pseudo-royal pieces (checkmated when one is attacked
// and no move is left), a flag, or a stalemate that decides, the only end
// of Fairy-Stockfish's games without a King (tuktuk, nim: the side that
// cannot move loses).

// endsUnroyal says whether the rules r end a game without a royal piece.
func endsUnroyal(r *RulesDef) bool {
	return r.Extinction != nil || r.PseudoRoyal != nil || r.Flag != nil || r.Stalemate == "loss" || r.Stalemate == "win"
}

func errNoEnd() error {
	return newError(ErrInvalidVariant, "pieces", -1, `one piece type must be royal, or the game must end another way: rules.extinction, rules.pseudoRoyal, rules.flag, or rules.stalemate "loss" or "win"`)
}

// extinctionRule is a compiled RulesDef.Extinction.
type extinctionRule struct {
	types typeSet // the types whose extinction counts; empty with all
	all   bool    // "*": all the side's pieces together
	count int
	win   bool // the extinct side wins (else it loses)
}

// compileExtinction reads RulesDef.Extinction and RulesDef.Captures.
func (v *Variant) compileExtinction(r *RulesDef) error {
	switch r.Captures {
	case "", "optional":
	case "compulsory":
		v.mustCapture = true
	default:
		return newError(ErrInvalidVariant, "rules.captures", -1, `captures must be "optional" or "compulsory", not %s`, quoteText(r.Captures))
	}
	e := r.Extinction
	if e == nil {
		if v.royal == 0 && !endsUnroyal(r) {
			return errNoEnd()
		}
		return nil
	}
	x := &extinctionRule{count: e.Count}
	switch e.Result {
	case "loss":
	case "win":
		x.win = true
	default:
		return newError(ErrInvalidVariant, "rules.extinction.result", -1, `result must be "loss" or "win", not %s`, quoteText(e.Result))
	}
	if e.Count < 0 || e.Count > 64 {
		return newError(ErrInvalidVariant, "rules.extinction.count", -1, "count must be 0 to 64")
	}
	if len(e.Pieces) == 0 {
		return newError(ErrInvalidVariant, "rules.extinction.pieces", -1, `name at least one piece type, or "*" for all`)
	}
	for k, name := range e.Pieces {
		field := fieldf("rules.extinction.pieces[%d]", k)
		if name == "*" {
			if len(e.Pieces) > 1 {
				return newError(ErrInvalidVariant, field, -1, `"*" stands alone: all the side's pieces together`)
			}
			x.all = true
			continue
		}
		t, ok := v.typeNamed(name)
		if !ok {
			return newError(ErrInvalidVariant, field, -1, "no piece has letter or name %q", name)
		}
		if x.types.has(t) {
			return newError(ErrInvalidVariant, field, -1, "%q is named twice", name)
		}
		x.types.add(t)
	}
	if v.royal == 0 {
		switch {
		case r.KingJump:
			return newError(ErrInvalidVariant, "rules.kingJump", -1, "the King's jump needs a royal piece")
		case r.CheckLimit > 0:
			return newError(ErrInvalidVariant, "rules.checkLimit", -1, "a check limit needs a royal piece to check")
		case r.GivingCheck == "illegal":
			return newError(ErrInvalidVariant, "rules.givingCheck", -1, "without a royal piece no move gives check")
		case r.MovesPerTurn > 1:
			return newError(ErrInvalidVariant, "rules.movesPerTurn", -1, "several moves a turn need a royal piece, whose check ends a turn")
		}
		for i := range v.types {
			if pt := &v.types[i]; pt.Behaviour != "" && pt.Behaviour != "kangaroo" && pt.Behaviour != "edgehog" {
				return newError(ErrInvalidVariant, fieldf("pieces[%d].behaviour", i), -1, "a variant without a royal piece has no %s", pt.Behaviour)
			}
		}
	}
	v.extinction = x
	return nil
}

// extinct says whether side c has lost the pieces the rule names.
func (p *Position) extinct(c Color) bool {
	x := p.v.extinction
	if x.all {
		total := 0
		for t := 1; t <= len(p.v.types); t++ {
			total += int(p.count[c][t])
		}
		return total <= x.count
	}
	for t := PieceType(1); int(t) <= len(p.v.types); t++ {
		if x.types.has(t) && int(p.count[c][t]) <= x.count {
			return true
		}
	}
	return false
}

// endExtinction is the extinction rule among a variant's end rules
// (ends.go).
var endExtinction = endRule{name: "extinction", terminal: true,
	judge: func(p *Position, _ *judging) (Outcome, Color) {
		for _, c := range [2]Color{p.side.Other(), p.side} {
			if p.extinct(c) {
				if p.v.extinction.win {
					return Extinction, c
				}
				return Extinction, c.Other()
			}
		}
		return Ongoing, 0
	}}

// endCheckmateWin is a checkmate that wins for the mated side
// (RulesDef.Checkmate "win": Losers).
var endCheckmateWin = endRule{name: "checkmateWin", countsMoves: true,
	judge: func(p *Position, j *judging) (Outcome, Color) {
		if j.legal == 0 && j.inCheck {
			return CheckmateWin, p.side
		}
		return Ongoing, 0
	}}

// endStalemateWin is a stalemate that wins for the stalemated side
// (RulesDef.Stalemate "win": antichess).
var endStalemateWin = endRule{name: "stalemateWin", countsMoves: true,
	judge: func(p *Position, j *judging) (Outcome, Color) {
		if j.legal == 0 && !j.inCheck {
			return StalemateWin, p.side
		}
		return Ongoing, 0
	}}

// keepCaptures keeps, of the n legal moves moves[start:start+n], only the
// captures when there is one (compulsory captures), in their order, and
// returns how many it kept.
func (p *Position) keepCaptures(moves []Move, start, n int) int {
	k := start
	for _, m := range moves[start : start+n] {
		if p.isCapture(m) {
			moves[k] = m
			k++
		}
	}
	if k == start {
		return n
	}
	return k - start
}

// legalUnroyal is legalList for a variant without a royal piece: every
// pseudo-legal move, n of them listed. With bulk, where no rule of
// legalByRules but compulsory captures can drop a Pawn's move, the moves a
// Pawn plan counts, and those of the pieces whose moves are all plain but
// of a mutually immune type, are counted, bc, and not listed (bulk.go).
func (p *Position) legalUnroyal(moves []Move, bulk bool) (_ []Move, n int, bc bulkCount) {
	start := len(moves)
	if !bulk || p.kit.odd {
		moves = p.pseudoMoves(moves, false)
		return moves, len(moves) - start, bc
	}
	var on bitboard
	if bp, pawns := p.bulkFor(); bp != nil {
		on = pawns
		bc.quiet, bc.captures = bp.count(p, &on)
	}
	// Every move is legal but the captures dropMutual drops: the pieces
	// whose moves are all plain are counted too, but for those of the
	// mutually immune types, which are listed.
	var mutual bitboard
	if p.v.mutual != (typeSet{}) {
		us := p.side
		for w := range p.occ[us] {
			for bb := p.occ[us][w]; bb != 0; bb &= bb - 1 {
				if sq := Square(w*64 + bits.TrailingZeros64(bb)); p.v.mutual.has(p.board[sq].Type()) {
					mutual.set(sq)
				}
			}
		}
	}
	moves, q, c := p.pseudoCountedIn(moves, &on, &mutual, false)
	bc.quiet, bc.captures = bc.quiet+q, bc.captures+c
	return moves, len(moves) - start, bc
}

// capturesIn returns how many of moves are captures.
func (p *Position) capturesIn(moves []Move) int {
	n := 0
	for _, m := range moves {
		if p.isCapture(m) {
			n++
		}
	}
	return n
}

// antichessCanWin says whether side c can still win by the material, as
// python-chess's SuicideBoard.has_insufficient_material and lichess judge
// it: a side with no piece has won; against a side with none it cannot;
// with Bishops alone on the board, it cannot when its Bishops stand on
// squares of one colour all of the other side's avoid (so none can ever be
// taken); with two Knights alone, one a side, whether it can depends on the
// side to move and the squares' colours.
func (p *Position) antichessCanWin(c Color) bool {
	var pieces [2]int
	var light, dark [2]bool // some piece of that colour on a light, a dark square
	bishopsOnly, knights, others := true, 0, 0
	for sq := Square(0); sq < NumSquares; sq++ {
		pc := p.board[sq]
		if pc == 0 {
			continue
		}
		col := pc.Color()
		pieces[col]++
		if (sq.File()+sq.Rank())&1 == 1 {
			light[col] = true
		} else {
			dark[col] = true
		}
		switch p.v.Letter(pc.Type()) {
		case "B":
		case "N":
			bishopsOnly = false
			knights++
		default:
			bishopsOnly = false
			others++
		}
	}
	them := c.Other()
	switch {
	case pieces[c] == 0:
		return true
	case pieces[them] == 0:
		return false
	case bishopsOnly:
		return !(light[c] && !light[them] || dark[c] && !dark[them])
	case others == 0 && knights == 2:
		// python-chess: insufficient when turn == c ^ (White on light) ^
		// (Black on dark).
		insufficient := (p.side == c) != light[White] != dark[Black]
		return !insufficient
	}
	return true
}

// endAntichessMaterial is lichess's antichess draw by material: Bishops
// alone, each side's on squares of one colour the other's avoid, so that
// neither side can take any of the other's pieces or give its own away.
var endAntichessMaterial = endRule{name: "insufficientMaterial",
	judge: func(p *Position, _ *judging) (Outcome, Color) {
		if !p.antichessCanWin(White) && !p.antichessCanWin(Black) {
			return InsufficientMaterial, 0
		}
		return Ongoing, 0
	}}
