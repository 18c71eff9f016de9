package rules

import "math/bits"

// This file holds what the eight exotic pieces of Grand Chess share
// (RULES R25, R26, R31-R37; docs/RULES.md, "The eight exotic pieces"): the
// power a piece type takes from its behaviour, the checks of a definition
// that uses them, the kit flags that switch them on, and the one dispatch
// of move generation, captures and attacks to each power's own file:
//
//	linecapture.go  Advancer (approach) and Withdrawer (withdrawal)
//	coordinator.go  Coordinator (crossings with its own King)
//	immobilizer.go  Immobilizer (freezes its neighbours)
//	chameleon.go    Chameleon (takes each piece the way that piece takes)
//	imitate.go      Fool (moves like the piece its opponent moved last)
//	convert.go      Diplomat (converts a neighbour)
//	windmill.go     Windmill (circles a neighbour)
//
// A game whose kit holds none of these types pays for nothing but a flag
// test: kit.odd is false and every hot loop skips them.

// power is what a piece type can do beyond arriving on a square.
type power uint8

// The powers; powerNone is every other piece.
const (
	powerNone power = iota
	powerAdvancer
	powerWithdrawer
	powerCoordinator
	powerImmobilizer
	powerChameleon
	powerFool
	powerDiplomat
	powerWindmill
)

// powerOf maps the behaviours that name a power.
var powerOf = map[string]power{
	"advancer": powerAdvancer, "withdrawer": powerWithdrawer, "coordinator": powerCoordinator,
	"immobilizer": powerImmobilizer, "chameleon": powerChameleon, "fool": powerFool,
	"diplomat": powerDiplomat, "windmill": powerWindmill,
}

// maxMore bounds the captures of one move besides its destination, an
// en-passant victim and a capture from afar: approach, withdrawal and two
// coordination crossings.
const maxMore = 4

// takes is what a move removes: the piece on its destination or an
// en-passant victim (at), the piece one more leap beyond an Archer's leap
// (afar), and up to maxMore others. It is the one source of a move's
// captures: make removes what it lists and Captures reports it.
type takes struct {
	at   Square
	afar bool
	more [maxMore]Square
	n    int
}

func (tk *takes) add(s Square) {
	for i := 0; i < tk.n; i++ {
		if tk.more[i] == s {
			return
		}
	}
	if s != tk.at && tk.n < maxMore {
		tk.more[tk.n] = s
		tk.n++
	}
}

// any says whether the move takes anything besides a piece on its
// destination: such a move is a MoveMulti.
func (tk *takes) any(to Square) bool { return tk.afar || tk.n > 0 || tk.at != NoSquare && tk.at != to }

// checkPower checks a piece definition with a power behaviour: not royal,
// not immune, no promotion or double step or bent rider; the Fool and the
// Windmill have no betza (they move by copying and by circling), the others
// move only through their betza's move-only leaps and slides.
func checkPower(pw power, pd *PieceDef, s []shape, field string) error {
	switch {
	case pd.Royal:
		return newError(ErrInvalidVariant, field+".royal", -1, "a piece with behaviour %s cannot be royal", pd.Behaviour)
	case pd.Immune:
		return newError(ErrInvalidVariant, field+".immune", -1, "a piece with behaviour %s cannot be immune", pd.Behaviour)
	case len(pd.PromotesTo) > 0 || pd.DoubleStep != nil || len(pd.Bent) > 0:
		return newError(ErrInvalidVariant, field+".behaviour", -1, "a piece with behaviour %s has no promotion, double step or bent rider", pd.Behaviour)
	}
	if pw == powerFool || pw == powerWindmill {
		if len(s) > 0 {
			return newError(ErrInvalidVariant, field+".betza", -1, "a %s moves by its behaviour alone: give it no betza", pd.Behaviour)
		}
		return nil
	}
	if len(s) == 0 {
		return newError(ErrInvalidVariant, field+".betza", -1, "a %s needs betza for its moves (move-only, as mQ)", pd.Behaviour)
	}
	for _, sh := range s {
		plain := len(sh.empty) == 0 && len(sh.full) == 0 && len(sh.either) == 0 && !sh.afar && !sh.edge && !sh.initial
		if sh.capture || !plain || sh.kind != shapeLeap && sh.kind != shapeRide {
			return newError(ErrInvalidVariant, field+".betza", -1, "a %s moves by plain move-only leaps and slides (as mQ or mK): it captures by its behaviour", pd.Behaviour)
		}
	}
	return nil
}

// checkPowers checks what the powers need of the whole variant: no Dev
// (a 2x2 piece has no one square to approach, freeze or copy), one move a
// turn (the Fool copies the opponent's last move), and, with a Chameleon,
// a royal piece that captures by plain leaps and slides (the Chameleon
// attacks a King the King's way).
func (v *Variant) checkPowers(shapes [][]shape) error {
	if !v.hasPower {
		return nil
	}
	if v.hasDev {
		return newError(ErrInvalidVariant, "pieces", -1, "the behaviours %s cannot be in a variant with a dev", powerList())
	}
	if v.perTurn > 1 {
		return newError(ErrInvalidVariant, "rules.movesPerTurn", -1, "the behaviours %s need one move a turn", powerList())
	}
	for _, t := range v.types {
		if t.power != powerChameleon {
			continue
		}
		for _, sh := range shapes[v.royal-1] {
			plain := len(sh.empty) == 0 && len(sh.full) == 0 && len(sh.either) == 0 && !sh.afar && !sh.edge && !sh.initial
			if sh.capture && (!plain || sh.kind != shapeLeap && sh.kind != shapeRide) {
				return newError(ErrInvalidVariant, fieldf("pieces[%d].betza", v.royal-1), -1, "with a chameleon the royal piece captures by plain leaps and slides only")
			}
		}
	}
	return nil
}

func powerList() string {
	return "advancer, withdrawer, coordinator, immobilizer, chameleon, fool, diplomat and windmill"
}

// setPowerFlags derives a kit's power flags from its types: odd when one
// of them has a power, track when a Fool can ever be in the game (its
// copied type must then be remembered), and foolable when a promotion can
// make one.
func (k *kit) setPowerFlags() {
	v := k.v
	if !v.hasPower {
		return
	}
	for ti := range v.types {
		if v.types[ti].power != powerNone && k.types.has(PieceType(ti+1)) {
			k.odd = true
		}
	}
	if k.odd {
		k.oddSet = v.powered
	}
	k.foolable = v.foolable(k.choice, &k.army)
	k.track = k.foolable || k.types[0]&v.fools[0] != 0 || k.types[1]&v.fools[1] != 0
}

// foolable says whether a promotion can make a Fool in a game of the
// promotion type choice with the initial armies a: a Fool is among the
// promotion targets, and the type is all or an army holds a Fool.
func (v *Variant) foolable(choice uint8, a *army) bool {
	for ti := range v.types {
		t := PieceType(ti + 1)
		if v.fools.has(t) && v.targets.has(t) && (choice == promoAll || a[White][t] > 0 || a[Black][t] > 0) {
			return true
		}
	}
	return false
}

// powerAt returns the power of the piece on s, and the type whose moves it
// makes: its own, or for a Fool the type it copies (powerNone and 0 when it
// copies nothing, RULES R35).
func (p *Position) powerAt(s Square) (power, PieceType) {
	pc := p.board[s]
	t := pc.Type()
	pw := p.v.types[t-1].power
	if pw == powerFool {
		t = p.imit[pc.Color()]
		if t == 0 {
			return powerFool, 0
		}
		pw = p.v.types[t-1].power
	}
	return pw, t
}

// powerMoves appends the pseudo-legal moves of the powered piece pc on
// from: moving as type t with power pw (t is pc's own type but for a Fool).
func (p *Position) powerMoves(moves []Move, from Square, pc Piece, pw power, t PieceType, capturesOnly bool) []Move {
	if pw == powerFool {
		// The Fool moves as the type it copies (imitate.go), which is never
		// a Fool's nor a Chameleon's.
		if t = p.imit[pc.Color()]; t == 0 {
			return moves
		}
		pw = p.v.types[t-1].power
	}
	switch pw {
	case powerAdvancer, powerWithdrawer, powerCoordinator:
		return p.lineMoves(moves, from, pc.Color(), pw, t, capturesOnly)
	case powerChameleon:
		return p.chameleonMoves(moves, from, pc.Color(), t, capturesOnly)
	case powerDiplomat:
		return p.diplomatMoves(moves, from, pc.Color(), t, capturesOnly)
	case powerWindmill:
		return p.windmillMoves(moves, from, pc.Color(), capturesOnly)
	}
	return p.plainMoves(moves, from, makePiece(t, pc.Color()), capturesOnly) // the Immobilizer, a copied plain type
}

// plainMoves appends the moves of pc's type from from, as pieceMoves does
// for a piece without a power (the Fool's copy of such a type).
func (p *Position) plainMoves(moves []Move, from Square, pc Piece, capturesOnly bool) []Move {
	if p.v.types[pc.Type()-1].overlap {
		start := len(moves)
		return dropRepeats(p.shapeMoves(moves, from, pc, capturesOnly), start)
	}
	return p.shapeMoves(moves, from, pc, capturesOnly)
}

// takesOf returns what the MoveMulti m takes, by the power of its mover.
func (p *Position) takesOf(m Move) takes {
	pw, _ := p.powerAt(m.From)
	us := p.board[m.From].Color()
	switch pw {
	case powerChameleon:
		return p.chameleonTakes(m.From, m.To, us)
	case powerAdvancer, powerWithdrawer, powerCoordinator:
		return p.lineTakes(m.From, m.To, us, pw)
	}
	return takes{at: NoSquare}
}

// capturable says whether colour by may take the piece on s: an enemy piece
// that is not immune (a Block) and not a Fool that copied a Block on the
// move just made (RULES R35).
func (p *Position) capturable(s Square, by Color) bool {
	return p.v.foe[by].has(p.board[s]) && (p.effect != effectImmune || s != p.effectSq)
}

// idle says whether the piece pc on s may neither move nor give check: held
// by the five-move rule (RULES R20) or immobilized (RULES R33).
func (p *Position) idle(s Square, pc Piece) bool {
	return p.v.hasFrozen && p.frozen(pc) || p.kit.odd && p.immobilized(s)
}

// oddAttacks says whether a powered piece of colour by attacks s: could
// take or convert a King standing there on by's next move (RULES R31).
func (p *Position) oddAttacks(s Square, by Color) bool {
	for w := range p.odd[by] {
		for bb := p.odd[by][w]; bb != 0; bb &= bb - 1 {
			q := Square(w*64 + bits.TrailingZeros64(bb))
			if p.powerHits(q, s) && !p.idle(q, p.board[q]) {
				return true
			}
		}
	}
	return false
}

// powerHits says whether the powered piece on q could take or convert a
// King on s on its side's next move, ignoring pins.
func (p *Position) powerHits(q, s Square) bool {
	pw, t := p.powerAt(q)
	by := p.board[q].Color()
	switch pw {
	case powerAdvancer, powerWithdrawer, powerCoordinator:
		return p.mayLineHit(q, s, by, pw, t) && p.lineHits(q, s, by, pw, t)
	case powerChameleon:
		return p.reaches(p.v.royal, by, q, s) && p.captureHits(q, s, p.v.royal, by, false)
	case powerDiplomat:
		return p.v.adjacent(q, s)
	case powerWindmill:
		return p.windmillHits(q, s)
	case powerImmobilizer, powerFool:
		return false
	}
	if t == 0 {
		return false
	}
	return p.reaches(t, by, q, s) && p.captureHits(q, s, t, by, true)
}

// mayLineHit is a quick test that rules out most of lineHits: whether s
// lies where a piece on q with the power pw, moving as type t, could take
// ignoring what stands between.
func (p *Position) mayLineHit(q, s Square, by Color, pw power, t PieceType) bool {
	df, dr := s.File()-q.File(), s.Rank()-q.Rank()
	switch pw {
	case powerAdvancer:
		// Approach takes one step beyond the destination along the move.
		return df == 0 || dr == 0 || abs(df) == abs(dr) || df%2 == 0 && dr%2 == 0
	case powerWithdrawer:
		r := p.v.types[t-1].reach
		return abs(df) <= r && abs(dr) <= r
	}
	k := p.king[by]
	return s.Rank() == k.Rank() || s.File() == k.File()
}

// reaches says whether one of the moves of a piece of type t and colour by
// on q passes through or lands on s, whatever stands on the board: a quick
// test before generating the piece's captures.
func (p *Position) reaches(t PieceType, by Color, q, s Square) bool {
	mt := &p.v.moves[by][int(t)*NumSquares+int(q)]
	for i := range mt.leaps {
		if mt.leaps[i].to == s || mt.leaps[i].afar == s {
			return true
		}
	}
	df, dr := s.File()-q.File(), s.Rank()-q.Rank()
	for i := range mt.rides {
		ray := mt.rides[i].ray
		d := vec{ray[0].File() - q.File(), ray[0].Rank() - q.Rank()}
		if d.df*dr == d.dr*df && d.df*df >= 0 && d.dr*dr >= 0 {
			return true
		}
	}
	return len(mt.bents) > 0 || len(mt.slides) > 0 || mt.double != NoSquare && mt.double == s
}

// oddAttacksCheck is attacked's test of the powered pieces; a stand-in
// King goes on an empty s for the test (as Checkers does), since some
// powers take only what stands there.
func (p *Position) oddAttacksCheck(s Square, by Color) bool {
	if p.board[s] != 0 {
		return p.oddAttacks(s, by)
	}
	p.board[s] = makePiece(p.v.royal, by.Other()) // the stand-in, taken off below
	hit := p.oddAttacks(s, by)
	p.board[s] = 0
	return hit
}

// takePower plays the captures of the MoveMulti m of the piece moved,
// before it moves, or the conversion m, and records them in u.
func (p *Position) takePower(m Move, moved Piece, u *undo) {
	if m.Kind == MoveConvert {
		u.block[0] = p.convert(m)
		p.updateRights(m, moved, u.block[0], m.To)
		return
	}
	tk := p.takesOf(m)
	if tk.at != NoSquare {
		u.capSq, u.captured = tk.at, p.remove(tk.at)
		p.updateRights(m, moved, u.captured, u.capSq)
	}
	if tk.afar {
		far := p.afarSquare(m)
		u.afar = p.remove(far)
		p.updateRights(m, moved, u.afar, far)
	}
	for i := 0; i < tk.n; i++ {
		u.more[i], u.block[i] = tk.more[i], p.remove(tk.more[i])
		p.updateRights(m, moved, u.block[i], tk.more[i])
	}
	p.halfmove = 0
}

// shapeReach returns the longest step of the shapes along either axis.
func shapeReach(ss []shape) int {
	r := 0
	for _, sh := range ss {
		r = max(r, abs(sh.v.df), abs(sh.v.dr))
	}
	return r
}

// oddGuard is what legalMoves needs to accept a move of a kit with powers
// without playing it: when all is set every move is played and tested;
// otherwise a plain move is safe unless it touches a square of danger
// (where a change of occupancy can open a power's attack on the King),
// moves a piece of a type in foolRisk (after it an enemy Fool, copying
// that type, might reach the King), moves an Immobilizer (its hold on the
// enemy's attackers would end) or fails the classical tests.
type oddGuard struct {
	all      bool
	danger   bitboard
	foolRisk typeSet
}

// guard builds the oddGuard of colour us's King on ks. The enemy's powered
// pieces that are idle stay idle after a move of us that is not an
// Immobilizer's: the five-move count does not change, and only us's
// Immobilizers and Chameleons hold them (the one-turn freeze of a Fool is
// the enemy's, on us's pieces).
func (p *Position) guard(ks Square, us Color) oddGuard {
	var g oddGuard
	them := us.Other()
	for w := range p.odd[them] {
		for bb := p.odd[them][w]; bb != 0; bb &= bb - 1 {
			q := Square(w*64 + bits.TrailingZeros64(bb))
			pc := p.board[q]
			if p.idle(q, pc) {
				continue
			}
			pt := &p.v.types[pc.Type()-1]
			if pt.power == powerFool {
				p.foolRisks(&g, q, ks, us)
				continue
			}
			p.guardPower(&g, q, ks, them, pt.power, pc.Type())
		}
	}
	return g
}

// guardPower adds to g what the piece on q with power pw, moving as type
// t, needs to attack ks.
func (p *Position) guardPower(g *oddGuard, q, ks Square, them Color, pw power, t PieceType) {
	v := p.v
	switch pw {
	case powerAdvancer, powerWithdrawer, powerCoordinator:
		if p.mayLineHit(q, ks, them, pw, t) {
			p.lineDanger(&g.danger, q, ks, them, pw, t)
		}
	case powerChameleon:
		if p.reaches(v.royal, them, q, ks) && p.v.types[v.royal-1].reach > 1 {
			g.all = true // a riding King's attack depends on the squares between
		}
	case powerWindmill:
		if v.within2(q, ks) {
			for df := -2; df <= 2; df++ {
				for dr := -2; dr <= 2; dr++ {
					if s, ok := v.step(q, vec{df, dr}); ok {
						g.danger.set(s)
					}
				}
			}
		}
	}
	// A Diplomat's and an Immobilizer's attack (none) do not depend on
	// what stands between.
}

// foolRisks adds to g the types of us whose move would let the enemy Fool
// on q, copying that type, attack ks.
func (p *Position) foolRisks(g *oddGuard, q, ks Square, us Color) {
	them := us.Other()
	for ti := range p.v.types {
		t := PieceType(ti + 1)
		if p.count[us][t] == 0 {
			continue
		}
		copied := t
		switch p.v.types[ti].power {
		case powerFool:
			copied = p.imit[us]
		case powerChameleon:
			copied = 0
		}
		if copied == 0 {
			continue
		}
		if p.foolMayHit(q, ks, them, copied) {
			g.foolRisk.add(t)
		}
	}
}

// plainSafe says whether the guard g lets the move m skip the powers'
// part of the legality test (see oddGuard).
func (p *Position) plainSafe(m Move, g *oddGuard) bool {
	if m.Kind != MoveNormal && m.Kind != MoveDoubleStep || g.danger.has(m.From) || g.danger.has(m.To) {
		return false
	}
	t := p.board[m.From].Type()
	return !g.foolRisk.has(t) && p.v.types[t-1].power != powerImmobilizer
}

// foolMayHit says whether a Fool of colour by on q copying type t could,
// on some board, take a King on s: a quick, generous test.
func (p *Position) foolMayHit(q, s Square, by Color, t PieceType) bool {
	switch pw := p.v.types[t-1].power; pw {
	case powerAdvancer, powerWithdrawer, powerCoordinator:
		return p.mayLineHit(q, s, by, pw, t)
	case powerDiplomat:
		return p.v.adjacent(q, s)
	case powerWindmill:
		return p.v.within2(q, s)
	case powerImmobilizer:
		return false
	}
	return p.reaches(t, by, q, s)
}

// pseudoOdd is pseudoMoves for a kit with powers: immobilized pieces do
// not move, an immobilized King neither castles nor jumps, and nothing
// takes a Fool that copied a Block on the move just made.
func (p *Position) pseudoOdd(moves []Move, inCheck bool) []Move {
	us := p.side
	start := len(moves)
	for w := range p.occ[us] {
		for bb := p.occ[us][w]; bb != 0; bb &= bb - 1 {
			from := Square(w*64 + bits.TrailingZeros64(bb))
			if pc := p.board[from]; !p.idle(from, pc) {
				moves = p.pieceMoves(moves, from, pc, false)
			}
		}
	}
	if p.effect == effectImmune {
		moves = p.spareImmune(moves, start)
	}
	if p.immobilized(p.king[us]) {
		return moves
	}
	return p.kingRights(moves, inCheck)
}

// spareImmune removes the moves after start that would take the Fool that
// copied a Block on the move just made (RULES R35): the powers' own
// generators never take it (Position.capturable), the plain ones land on it.
func (p *Position) spareImmune(moves []Move, start int) []Move {
	n := start
	for _, m := range moves[start:] {
		if m.To != p.effectSq {
			moves[n] = m
			n++
		}
	}
	return moves[:n]
}

// legalOdd is the end of legalMoves for a kit with powers: the moves after
// start are the pseudo-legal ones, and a move skips its trial only when
// both the classical tests (pins and danger) and the powers' guard let it.
func (p *Position) legalOdd(moves []Move, start int, inCheck bool, pins, danger *bitboard) []Move {
	us, them := p.side, p.side.Other()
	ks := p.king[us]
	var g oddGuard
	if !inCheck {
		g = p.guard(ks, us)
	}
	n := start
	for _, m := range moves[start:] {
		ok := !inCheck && !g.all && m.From != ks && !pins.has(m.From) && !danger.has(m.From) && !danger.has(m.To) && p.plainSafe(m, &g)
		if !ok {
			u := p.make(m)
			ok = !p.attacked(p.king[us], them)
			p.unmake(m, u)
		}
		if ok {
			moves[n] = m
			n++
		}
	}
	return moves[:n]
}

// Frozen says whether the piece on s may not move yet by the five-move
// rule (RULES R20); false for an empty square.
func (p *Position) Frozen(s Square) bool {
	pc := p.PieceAt(s)
	return pc != 0 && p.v.hasFrozen && p.frozen(pc)
}

// Immobilized says whether the piece on s is held by an enemy neighbour:
// an Immobilizer, a Chameleon next to an Immobilizer, or a Fool that
// copied an Immobilizer on the move just made (RULES R33, R35).
func (p *Position) Immobilized(s Square) bool {
	return p.PieceAt(s) != 0 && p.kit.odd && p.immobilized(s)
}
