package rules

// The eight exotic pieces of Grand Chess in the slow reference of
// refgrand_test.go: the Advancer, Withdrawer, Coordinator, Immobilizer,
// Chameleon, Fool, Diplomat and Windmill of the yucata.de text
// (seeds/grand-chess-yucata.txt, from "Advancer" on), RULES R1-R5, R19-R26
// and 31-37, and the precise rules of docs/RULES.md ("The eight exotic pieces
// of Grand Chess"). Like the rest of the reference it shares no code, table
// or piece definition with the engine; only the letters (and their order,
// appended to grand.json after the Leo) are copied from the definition.
//
// What the reference adds:
//   - the moves of the eight pieces, each with the list of squares it
//     captures on (approach, withdrawal, coordination, the Chameleon's
//     mimicry) and the square it converts (the Diplomat, the Chameleon over a
//     Diplomat);
//   - immobilization (an enemy Immobilizer next to a piece; an enemy
//     Chameleon next to an Immobilizer; a Fool that has just moved copying an
//     Immobilizer, during its opponent's next turn), which freezes any piece,
//     the King included, for moving and for giving check, like the five-move
//     rule;
//   - the Fool's memory: the type each side's Fools copy (what the opponent
//     moved last, with the rules for a Chameleon, a Fool, a conversion and a
//     promotion), updated on every move, and the one-turn effects of a Fool
//     that copied a Block (it cannot be taken or converted) or an Immobilizer
//     (it freezes the enemy pieces around it); and the FEN field
//     "fool:W/B[@square]" that records them.
//
// The tests at the end check the reference against the rule text (each
// diagram, each ruling) and compare it with the engine through the public
// API only.

import (
	"fmt"
	"math/rand"
	"os"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// rgRing: the eight neighbours of a square in clockwise order, from the one
// above (the Windmill's circle).
var rgRing = [8][2]int{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}

// ----------------------------------------------------------------------------
// Who is frozen, who may be taken.

// markType: what the Fool that made the last move copied when the position
// carries its mark: the type its side's Fools copy, its side being the one
// not to move (a Fool's move leaves its side's copy as it was).
func (p *rgPos) markType() rgKind { return p.fool[rgSide(!p.white)] }

// immune: (f, r) holds the Fool that has just moved copying a Block; during
// this turn it can be neither captured nor converted.
func (p *rgPos) immune(f, r int) bool {
	return p.mark && int(p.markF) == f && int(p.markR) == r && p.markType() == rgBlock
}

// immobilized: the piece on (f, r) stands next to an enemy Immobilizer; or
// it is an Immobilizer next to an enemy Chameleon; or it stands next to the
// enemy Fool that has just moved copying an Immobilizer (whose side is the
// one not to move, so only the side to move's pieces are held that way).
// These powers act whether or not their own piece is frozen.
func (p *rgPos) immobilized(f, r int) bool {
	c := p.cell[f][r]
	if c == 0 {
		return false
	}
	k := rgKind(refAbs(int(c)))
	for _, d := range rgK8 {
		nf, nr := f+d[0], r+d[1]
		if !rgOn(nf, nr) {
			continue
		}
		n := p.cell[nf][nr]
		if n == 0 || (n > 0) == (c > 0) {
			continue
		}
		switch nk := rgKind(refAbs(int(n))); {
		case nk == rgImmobilizer:
			return true
		case nk == rgChameleon && k == rgImmobilizer:
			return true
		case nk == rgFool && p.mark && int(p.markF) == nf && int(p.markR) == nr && p.markType() == rgImmobilizer:
			return true
		}
	}
	return false
}

// frozenAt: the piece on (f, r) neither moves, nor captures, nor converts,
// nor gives check: the five-move rule (RULES R20) holds it, or it is
// immobilized (RULES R26, R33).
func (p *rgPos) frozenAt(f, r int) bool {
	c := p.cell[f][r]
	if c == 0 {
		return false
	}
	return rgFrozenKind[refAbs(int(c))] && p.frozen(c > 0) || p.immobilized(f, r)
}

// kingOf: the square of that side's King, (-1, -1) if none.
func (p *rgPos) kingOf(white bool) (int, int) {
	want := int8(rgKing)
	if !white {
		want = -want
	}
	for f := 0; f < 10; f++ {
		for r := 0; r < 10; r++ {
			if p.cell[f][r] == want {
				return f, r
			}
		}
	}
	return -1, -1
}

// ----------------------------------------------------------------------------
// Playing: the Fool's memory and conversions.

// rememberForFools sets, in q (the position after m was played in p), what
// each side's Fools copy: the opponent's Fools now copy the type of the
// piece that moved (the converter for a conversion, the Pawn for a
// promotion), nothing after a Chameleon's move, and after a Fool's move what
// that Fool copied; the mover's Fools keep their copy. It marks the Fool's
// square when the move was a Fool's copying a Block or an Immobilizer.
func (q *rgPos) rememberForFools(p *rgPos, m rgMove) {
	s := rgSide(p.white)
	k := p.kindAt(int(m.ff), int(m.fr))
	copied := k
	switch k {
	case rgChameleon:
		copied = rgNone
	case rgFool:
		copied = p.fool[s]
	}
	q.fool[1-s] = copied
	q.mark, q.markF, q.markR = false, 0, 0
	if k == rgFool && (p.fool[s] == rgBlock || p.fool[s] == rgImmobilizer) {
		q.mark, q.markF, q.markR = true, m.tf, m.tr
	}
}

// playConversion plays a conversion into q (a copy of p): the piece on
// (tf, tr) changes sides and keeps its type and square, the converter stays
// where it is, and the halfmove clock is reset as by a capture (RULES R37).
func (q *rgPos) playConversion(p *rgPos, m rgMove) {
	q.cell[m.tf][m.tr] = -q.cell[m.tf][m.tr]
	q.epF, q.epR = -1, -1
	q.half = 0
	q.rememberForFools(p, m)
	if !p.white {
		q.full++
	}
	q.white = !p.white
}

// converted lists the squares whose pieces m converts.
func (p *rgPos) converted(m rgMove) []string {
	if m.conv {
		return []string{rgSquare(int(m.tf), int(m.tr))}
	}
	return nil
}

// removed lists every square whose piece m removes or converts.
func (p *rgPos) removed(m rgMove) [][2]int {
	var out [][2]int
	if p.cell[m.tf][m.tr] != 0 {
		out = append(out, [2]int{int(m.tf), int(m.tr)})
	}
	if m.ep {
		out = append(out, [2]int{int(m.tf), int(m.fr)})
	}
	if m.aff >= 0 {
		out = append(out, [2]int{int(m.aff), int(m.afr)})
	}
	for i := range int(m.nx) {
		out = append(out, [2]int{int(m.xs[i][0]), int(m.xs[i][1])})
	}
	return out
}

// ----------------------------------------------------------------------------
// The Fool's memory in the FEN.

func rgFoolLetter(k rgKind) string {
	if k == rgNone {
		return "-"
	}
	return rgLetter[k]
}

// canHaveFool: the game can ever have a Fool: one stands on the board, or
// one is among the promotion types of the game (promotion type all, or a
// Fool in either initial army for captured and initial).
func (p *rgPos) canHaveFool() bool {
	if p.ptype == rgAll || p.army[0][rgFool] > 0 || p.army[1][rgFool] > 0 {
		return true
	}
	for f := 0; f < 10; f++ {
		for r := 0; r < 10; r++ {
			if p.kindAt(f, r) == rgFool {
				return true
			}
		}
	}
	return false
}

// foolField: " fool:W/B[@square]", or "" when both sides copy nothing or the
// game can never have a Fool.
func (p *rgPos) foolField() string {
	if p.fool == [2]rgKind{} || !p.canHaveFool() {
		return ""
	}
	s := " fool:" + rgFoolLetter(p.fool[0]) + "/" + rgFoolLetter(p.fool[1])
	if p.mark {
		s += "@" + rgSquare(int(p.markF), int(p.markR))
	}
	return s
}

// parseFoolField reads "fool:W/B[@square]": each copied type a piece letter
// in upper case or "-" (never the Fool or the Chameleon, which no Fool can
// copy); the square, if any, holds a Fool of the side not to move, which
// copied a Block or an Immobilizer (then both sides' copies are that type:
// the opponent's Fools copy what that Fool copied).
func (p *rgPos) parseFoolField(s string) error {
	body := strings.TrimPrefix(s, "fool:")
	w, rest, ok := strings.Cut(body, "/")
	if !ok {
		return fmt.Errorf("fool field %q: want fool:W/B", s)
	}
	b, sq, marked := strings.Cut(rest, "@")
	for i, l := range []string{w, b} {
		if l == "-" {
			p.fool[i] = rgNone
			continue
		}
		k, ok := rgKindOf[l]
		if !ok || k == rgFool || k == rgChameleon {
			return fmt.Errorf("fool field %q: bad copied type %q", s, l)
		}
		p.fool[i] = k
	}
	if !marked {
		return nil
	}
	f, r := -1, -1
	if len(sq) >= 2 && sq[0] >= 'a' && sq[0] <= 'j' {
		if n, err := strconv.Atoi(sq[1:]); err == nil && n >= 1 && n <= 10 && rgSquare(int(sq[0]-'a'), n-1) == sq {
			f, r = int(sq[0]-'a'), n-1
		}
	}
	if f < 0 {
		return fmt.Errorf("fool field %q: bad square %q", s, sq)
	}
	want := int8(rgFool)
	if p.white { // White to move: the Fool that moved last is Black's
		want = -want
	}
	if p.cell[f][r] != want {
		return fmt.Errorf("fool field %q: no Fool of the side that moved last on %s", s, sq)
	}
	t := p.markType()
	if t != rgBlock && t != rgImmobilizer || p.fool[rgSide(p.white)] != t {
		return fmt.Errorf("fool field %q: a mark needs both sides copying a Block or an Immobilizer", s)
	}
	p.mark, p.markF, p.markR = true, int8(f), int8(r)
	return nil
}

// ----------------------------------------------------------------------------
// Move generation.

// move is a plain move of the piece being generated to (tf, tr).
func (g *rgGen) move(tf, tr int) rgMove {
	return rgMove{ff: int8(g.f), fr: int8(g.r), tf: int8(tf), tr: int8(tr), aff: -1, afr: -1}
}

// addX adds a further captured square to m.
func (m *rgMove) addX(f, r int) {
	m.xs[m.nx] = [2]int8{int8(f), int8(r)}
	m.nx++
}

// emit records m; in attack mode it only notes whether m removes or
// converts the piece on the target square.
func (g *rgGen) emit(m rgMove) {
	if !g.attack {
		g.out = append(g.out, m)
		return
	}
	for _, s := range g.p.removed(m) {
		if s[0] == g.tgtF && s[1] == g.tgtR {
			g.hit = true
		}
	}
}

// generateExotic runs the moves of the eight exotic kinds; false for any
// other kind.
func (p *rgPos) generateExotic(g *rgGen, k rgKind) bool {
	switch k {
	case rgAdvancer:
		g.advancer()
	case rgWithdrawer:
		g.withdrawer()
	case rgCoordinator:
		g.coordinator()
	case rgImmobilizer:
		g.immobilizer()
	case rgChameleon:
		g.chameleon()
	case rgFool:
		g.fool()
	case rgDiplomat:
		g.diplomat()
	case rgWindmill:
		g.windmill()
	default:
		return false
	}
	return true
}

// advancer: queen moves to empty squares through empty squares; moving in
// direction d to T it takes the capturable enemy on T+d (approach).
func (g *rgGen) advancer() {
	for _, d := range rgK8 {
		for tf, tr := g.f+d[0], g.r+d[1]; g.empty(tf, tr); tf, tr = tf+d[0], tr+d[1] {
			m := g.move(tf, tr)
			if af, ar := tf+d[0], tr+d[1]; rgOn(af, ar) && g.capturable(af, ar) {
				m.addX(af, ar)
			}
			g.emit(m)
		}
	}
}

// withdrawer: the same moves; moving in direction d from F it takes the
// capturable enemy on F-d (withdrawal).
func (g *rgGen) withdrawer() {
	for _, d := range rgK8 {
		bf, br := g.f-d[0], g.r-d[1]
		behind := rgOn(bf, br) && g.capturable(bf, br)
		for tf, tr := g.f+d[0], g.r+d[1]; g.empty(tf, tr); tf, tr = tf+d[0], tr+d[1] {
			m := g.move(tf, tr)
			if behind {
				m.addX(bf, br)
			}
			g.emit(m)
		}
	}
}

// coordinate adds to m the captures of a coordination ending on (m.tf,
// m.tr) with its side's King on (kf, kr): the capturable enemies on the
// square of the destination's file and the King's rank and on the square of
// the King's file and the destination's rank; only Coordinators when
// onlyCoordinators (the Chameleon's way).
func (g *rgGen) coordinate(m *rgMove, kf, kr int, onlyCoordinators bool) {
	if kf < 0 {
		return
	}
	tf, tr := int(m.tf), int(m.tr)
	for _, x := range [2][2]int{{tf, kr}, {kf, tr}} {
		if x == [2]int{tf, tr} || !g.capturable(x[0], x[1]) {
			continue
		}
		if onlyCoordinators && g.p.kindAt(x[0], x[1]) != rgCoordinator {
			continue
		}
		m.addX(x[0], x[1])
	}
}

// coordinator: queen moves to empty squares through empty squares, with the
// coordination's captures at the end.
func (g *rgGen) coordinator() {
	kf, kr := g.p.kingOf(g.white)
	for _, d := range rgK8 {
		for tf, tr := g.f+d[0], g.r+d[1]; g.empty(tf, tr); tf, tr = tf+d[0], tr+d[1] {
			m := g.move(tf, tr)
			g.coordinate(&m, kf, kr, false)
			g.emit(m)
		}
	}
}

// immobilizer: queen moves to empty squares; it never captures.
func (g *rgGen) immobilizer() {
	for _, d := range rgK8 {
		for tf, tr := g.f+d[0], g.r+d[1]; g.empty(tf, tr); tf, tr = tf+d[0], tr+d[1] {
			g.emit(g.move(tf, tr))
		}
	}
}

// convertible: the piece on (tf, tr) may be converted by this side: an enemy
// that may be captured (not a Block, not a Fool that copied a Block on the
// last move), and not a Pawn that would then stand on its new side's last
// rank, where it must have promoted.
func (g *rgGen) convertible(tf, tr int) bool {
	if !g.capturable(tf, tr) {
		return false
	}
	last := 9
	if !g.white {
		last = 0
	}
	return g.p.kindAt(tf, tr) != rgPawn || tr != last
}

// diplomat: a King's step to an empty square, or the conversion of one
// adjacent enemy piece (named by its square; the Diplomat stays).
func (g *rgGen) diplomat() {
	for _, d := range rgK8 {
		tf, tr := g.f+d[0], g.r+d[1]
		if !rgOn(tf, tr) {
			continue
		}
		if g.p.cell[tf][tr] == 0 {
			g.emit(g.move(tf, tr))
		} else if g.convertible(tf, tr) {
			m := g.move(tf, tr)
			m.conv = true
			g.emit(m)
		}
	}
}

// windmill: for each occupied neighbour (the pivot: either colour, a Block,
// a King), round the pivot's eight neighbours clockwise and
// counterclockwise from the Windmill's square, through empty squares, each
// a destination, ending on the first occupied one (taken if it holds a
// capturable enemy) or where the circle leaves the board; never back to the
// start. Several routes to one square are one move.
func (g *rgGen) windmill() {
	var seen [10][10]bool
	for i, o := range rgRing {
		pf, pr := g.f+o[0], g.r+o[1]
		if !rgOn(pf, pr) || g.p.cell[pf][pr] == 0 {
			continue
		}
		start := (i + 4) % 8               // the Windmill's place in the pivot's circle
		for _, turn := range []int{1, 7} { // clockwise, counterclockwise
			for j := 1; j < 8; j++ {
				s := rgRing[(start+turn*j)%8]
				sf, sr := pf+s[0], pr+s[1]
				if !rgOn(sf, sr) {
					break
				}
				occupied := g.p.cell[sf][sr] != 0
				if (!occupied || g.capturable(sf, sr)) && !seen[sf][sr] {
					seen[sf][sr] = true
					g.emit(g.move(sf, sr))
				}
				if occupied {
					break
				}
			}
		}
	}
}

// chameleon: every move of the Chameleon. In attack mode (looking for a
// capture of the King on the target square) only the target square is
// tried: a King is taken by replacement only (the King's move), never by
// approach, withdrawal, coordination, en passant, from afar or conversion,
// which take only Advancers, Withdrawers, Coordinators, Pawns, Archers and
// Diplomats.
func (g *rgGen) chameleon() {
	kf, kr := g.p.kingOf(g.white)
	for tf := 0; tf < 10; tf++ {
		for tr := 0; tr < 10; tr++ {
			if g.attack && (tf != g.tgtF || tr != g.tgtR) {
				continue
			}
			g.chameleonTo(tf, tr, kf, kr)
		}
	}
}

// chameleonTo: the Chameleon's move from (g.f, g.r) to (tf, tr), if any,
// with everything it takes; its King stands on (kf, kr).
func (g *rgGen) chameleonTo(tf, tr, kf, kr int) {
	p := g.p
	if tf == g.f && tr == g.r {
		return
	}
	x := p.cell[tf][tr]
	if x != 0 && (x > 0) == g.white {
		return
	}
	xk := rgKind(refAbs(int(x)))
	dx, dy := tf-g.f, tr-g.r
	adx, ady := refAbs(dx), refAbs(dy)
	if x != 0 && xk == rgDiplomat {
		// Conversion: instead of moving, it converts an adjacent enemy
		// Diplomat, and takes nothing else.
		if max(adx, ady) == 1 && g.convertible(tf, tr) {
			m := g.move(tf, tr)
			m.conv = true
			g.emit(m)
		}
		return
	}
	// Replacement: an occupied destination holds an enemy that one of its
	// own capturing moves, made from here for the Chameleon's side, takes.
	if x != 0 && !(g.capturable(tf, tr) && g.replaces(xk, tf, tr)) {
		return
	}
	m := g.move(tf, tr)
	// An open queen line: approach and withdrawal in its direction.
	line := false
	var d [2]int
	if dx == 0 || dy == 0 || adx == ady {
		d = [2]int{refSign(dx), refSign(dy)}
		line = true
		for sf, sr := g.f+d[0], g.r+d[1]; sf != tf || sr != tr; sf, sr = sf+d[0], sr+d[1] {
			if p.cell[sf][sr] != 0 {
				line = false
				break
			}
		}
	}
	if line {
		if af, ar := tf+d[0], tr+d[1]; rgOn(af, ar) && g.capturable(af, ar) && p.kindAt(af, ar) == rgAdvancer {
			m.addX(af, ar)
		}
		if wf, wr := g.f-d[0], g.r-d[1]; rgOn(wf, wr) && g.capturable(wf, wr) && p.kindAt(wf, wr) == rgWithdrawer {
			m.addX(wf, wr)
		}
	}
	// En passant: the destination is the en-passant square, reached by a
	// Pawn's capture step of the Chameleon's side, and the enemy Pawn that
	// passed it stands beside the Chameleon's start.
	if x == 0 && tf == p.epF && tr == p.epR && g.white == p.white && dy == g.fwd && adx == 1 &&
		g.capturable(tf, g.r) && p.kindAt(tf, g.r) == rgPawn {
		m.ep = true
	}
	// From afar: an Archer's leap here, an enemy Archer one more leap on.
	if adx*ady == 2 {
		if af, ar := tf+dx, tr+dy; rgOn(af, ar) && g.capturable(af, ar) && p.kindAt(af, ar) == rgArcher {
			m.aff, m.afr = int8(af), int8(ar)
		}
	}
	// Coordination: enemy Coordinators on the crossings with its King.
	g.coordinate(&m, kf, kr, true)
	if x == 0 && !line && !m.ep && m.aff < 0 {
		return // an empty square off the open queen lines needs such a capture
	}
	g.emit(m)
}

// replaces: one of the capturing moves of a piece of kind k, made from the
// Chameleon's square by a piece of the Chameleon's side, takes the enemy on
// (tf, tr). Pieces that do not capture by arriving are never replaced: the
// Advancer, Withdrawer and Coordinator (they take by approach, withdrawal,
// coordination), the Diplomat (it converts), and the Fool, Block,
// Immobilizer and Chameleon, which the Chameleon never takes. The Archer
// arrives by a Knight's leap (its capture from afar is the Chameleon's own
// capture from afar).
func (g *rgGen) replaces(k rgKind, tf, tr int) bool {
	switch k {
	case rgAdvancer, rgWithdrawer, rgCoordinator, rgImmobilizer, rgChameleon, rgFool, rgDiplomat, rgBlock:
		return false
	case rgArcher:
		k = rgKnight
	}
	sub := rgGen{p: g.p, f: g.f, r: g.r, white: g.white, fwd: g.fwd, attack: true, tgtF: tf, tgtR: tr}
	g.p.generateKind(&sub, k)
	return sub.hit
}

// fool: the moves of the type its side's Fools copy; nothing when they copy
// nothing.
func (g *rgGen) fool() {
	switch k := g.p.fool[rgSide(g.white)]; k {
	case rgNone, rgChameleon, rgFool:
	case rgPawn:
		g.foolPawn()
	default:
		g.p.generateKind(g, k)
	}
}

// foolPawn: a Fool copying a Pawn moves as a Pawn of its side: one step
// forward, two from its side's pawn rank (without making an en-passant
// square: the move sets no double flag), the diagonal capture, en passant;
// in the promotion zone it may promote (the Pawn's list) or not, even on the
// last rank.
func (g *rgGen) foolPawn() {
	p := g.p
	to := func(tf, tr int, ep bool) {
		if g.attack {
			if tf == g.tgtF && tr == g.tgtR && !ep {
				g.hit = true
			}
			return
		}
		m := g.move(tf, tr)
		m.ep = ep
		g.out = append(g.out, m)
		rel := tr
		if !g.white {
			rel = 9 - tr
		}
		if rel >= 7 {
			for _, k := range g.promos {
				m.promo = k
				g.out = append(g.out, m)
			}
		}
	}
	if !g.attack && g.empty(g.f, g.r+g.fwd) {
		to(g.f, g.r+g.fwd, false)
		third := 2
		if !g.white {
			third = 7
		}
		if g.r == third && g.empty(g.f, g.r+2*g.fwd) {
			to(g.f, g.r+2*g.fwd, false)
		}
	}
	for _, dx := range []int{-1, 1} {
		tf, tr := g.f+dx, g.r+g.fwd
		if !rgOn(tf, tr) {
			continue
		}
		if g.capturable(tf, tr) {
			to(tf, tr, false)
		}
		if !g.attack && p.epF == tf && p.epR == tr && g.white == p.white &&
			p.cell[tf][tr] == 0 && g.capturable(tf, g.r) && p.kindAt(tf, g.r) == rgPawn {
			to(tf, tr, true)
		}
	}
}

// ----------------------------------------------------------------------------
// Hand-made cases: the reference against the rule text, then the engine
// against the reference.

// rxCase is a position (a FEN, then moves played from it), what the
// reference must find there, and what the engine is compared on.
type rxCase struct {
	name, fen  string
	play       []string            // moves played first (coordinate form)
	want, dont []string            // moves that must / must not be legal
	from       map[string][]string // square: exactly these legal moves start there
	caps       map[string]string   // move: the squares it captures on, sorted, joined by ","
	conv       map[string]string   // move: the squares it converts
	check      int                 // 1: the side to move is in check; -1: it is not
	moves      int                 // when > 0, the number of legal moves
	end        int                 // 1: checkmate; 2: stalemate
	fenAfter   string              // the reference's FEN after the moves played
	illegal    bool                // the side not to move is in check: no position
	test       func(t *testing.T, p *rgPos)
}

// rxFrom lists the moves from one square, to the squares given ("e4",
// "e5 e6 h4"): rxFrom("e4", "e5 e6") is ["e4e5", "e4e6"].
func rxFrom(from, tos string) []string {
	var out []string
	for _, to := range strings.Fields(tos) {
		out = append(out, from+to)
	}
	return out
}

// rxMovesFrom: the legal moves (coordinate form) that start on sq, sorted.
func rxMovesFrom(p *rgPos, ms []rgMove, sq string) []string {
	out := []string{}
	for _, m := range ms {
		if rgSquare(int(m.ff), int(m.fr)) == sq {
			out = append(out, p.uci(m))
		}
	}
	sort.Strings(out)
	return out
}

// rxFind: the legal move written u.
func rxFind(p *rgPos, u string) (rgMove, bool) {
	for _, m := range p.legalMoves() {
		if p.uci(m) == u {
			return m, true
		}
	}
	return rgMove{}, false
}

func rxRun(t *testing.T, cases []rxCase) {
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rp, err := rgParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			if tc.illegal {
				if !rp.kingAttacked(!rp.white) {
					t.Errorf("reference: the side not to move should be in check in %s", tc.fen)
				}
				if _, err := rgEnginePosition(t, tc.fen); CodeOf(err) != ErrIllegalPosition {
					t.Errorf("engine on %s: %v; want %s", tc.fen, err, ErrIllegalPosition)
				}
				return
			}
			if rp.kingAttacked(!rp.white) {
				t.Fatalf("reference: the side not to move is in check in %s", tc.fen)
			}
			ep, err := rgEnginePosition(t, tc.fen)
			if err != nil {
				t.Errorf("engine rejects %s: %v", tc.fen, err)
			}
			for _, u := range tc.play {
				m, ok := rxFind(rp, u)
				if !ok {
					t.Fatalf("reference: %s is not legal in %s", u, rp.fen())
				}
				if ep != nil {
					if !rgCompare(t, rp, rp.legalMoves(), ep) {
						ep = nil
					} else if a, b := rp.fen(), refEngineFEN(ep); a != b {
						t.Errorf("FEN differs:\n  reference %s\n  engine    %s", a, b)
					}
				}
				rp = rp.play(m)
				if ep != nil {
					ep = refEnginePlay(t, ep, u)
				}
			}
			ms := rp.legalMoves()
			legal := map[string]rgMove{}
			for _, m := range ms {
				legal[rp.uci(m)] = m
			}
			fen := rp.fen()
			for _, u := range tc.want {
				if _, ok := legal[u]; !ok {
					t.Errorf("reference: %s should be legal in %s", u, fen)
				}
			}
			for _, u := range tc.dont {
				if _, ok := legal[u]; ok {
					t.Errorf("reference: %s should not be legal in %s", u, fen)
				}
			}
			for sq, want := range tc.from {
				want = append([]string{}, want...)
				sort.Strings(want)
				if got := rxMovesFrom(rp, ms, sq); strings.Join(got, " ") != strings.Join(want, " ") {
					t.Errorf("reference: moves from %s in %s:\n  got  %v\n  want %v", sq, fen, got, want)
				}
			}
			for u, want := range tc.caps {
				if m, ok := legal[u]; !ok {
					t.Errorf("reference: %s should be legal in %s", u, fen)
				} else if got := strings.Join(rp.captures(m), ","); got != want {
					t.Errorf("reference: %s captures [%s]; want [%s] in %s", u, got, want, fen)
				}
			}
			for u, want := range tc.conv {
				if m, ok := legal[u]; !ok {
					t.Errorf("reference: %s should be legal in %s", u, fen)
				} else if got := strings.Join(rp.converted(m), ","); got != want {
					t.Errorf("reference: %s converts [%s]; want [%s] in %s", u, got, want, fen)
				}
			}
			if tc.check != 0 && rp.inCheck() != (tc.check > 0) {
				t.Errorf("reference: in check = %v in %s", rp.inCheck(), fen)
			}
			if tc.moves > 0 && len(ms) != tc.moves {
				t.Errorf("reference: %d legal moves in %s; want %d", len(ms), fen, tc.moves)
			}
			switch tc.end {
			case 1:
				if len(ms) != 0 || !rp.inCheck() {
					t.Errorf("reference: %s should be checkmate (%d moves, in check %v)", fen, len(ms), rp.inCheck())
				}
			case 2:
				if len(ms) != 0 || rp.inCheck() {
					t.Errorf("reference: %s should be stalemate (%d moves, in check %v)", fen, len(ms), rp.inCheck())
				}
			}
			if tc.fenAfter != "" && fen != tc.fenAfter {
				t.Errorf("reference: FEN %s; want %s", fen, tc.fenAfter)
			}
			if tc.test != nil {
				tc.test(t, rp)
			}
			if ep == nil {
				return
			}
			rgCompare(t, rp, ms, ep)
			if b := refEngineFEN(ep); fen != b {
				t.Errorf("FEN differs:\n  reference %s\n  engine    %s", fen, b)
			}
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("engine panics in InCheck of %s: %v", fen, r)
					}
				}()
				if got := ep.InCheck(); got != rp.inCheck() {
					t.Errorf("engine: in check = %v in %s; reference %v", got, fen, rp.inCheck())
				}
			}()
		})
	}
}

// TestReferenceExoticDiagrams: one case per diagram of the text for the
// eight pieces, rebuilt from its description, asserting what the text says.
func TestReferenceExoticDiagrams(t *testing.T) {
	rxRun(t, []rxCase{{
		// "If the advancer moves to H4, additionally it captures black
		// knight on I4"; it never moves to an occupied square.
		name: "advancer",
		fen:  rgPlace("Ka1 kj10 A'''e4 ni4", "w - - 0 20"),
		from: map[string][]string{"e4": rxFrom("e4", "e5 e6 e7 e8 e9 e10 e3 e2 e1 f4 g4 h4 d4 c4 b4 a4 "+
			"f5 g6 h7 i8 j9 d5 c6 b7 a8 f3 g2 h1 d3 c2 b1")},
		caps: map[string]string{"e4h4": "i4", "e4g4": "", "e4f5": "", "e4e5": ""},
		dont: []string{"e4i4"},
	}, {
		// "If the withdrawer moves to D3, D2 or D1, additionally it
		// captures black knight on D5."
		name: "withdrawer",
		fen:  rgPlace("Ka1 kj10 W'''d4 nd5", "w - - 0 20"),
		from: map[string][]string{"d4": rxFrom("d4", "d3 d2 d1 e4 f4 g4 h4 i4 j4 c4 b4 a4 e5 f6 g7 h8 i9 "+
			"c5 b6 a7 e3 f2 g1 c3 b2")},
		caps: map[string]string{"d4d3": "d5", "d4d2": "d5", "d4d1": "d5", "d4e4": "", "d4c5": ""},
		dont: []string{"d4d5"},
	}, {
		// "if it moves to E8, F8 or G8, it captures knight B8. If the
		// coordinator moves to C4 it captures two pieces: bishop B4 and
		// vao C2. If the coordinator moves to B7, it does not capture
		// anything." The King on b2 is where the crossings put it.
		name: "coordinator",
		fen:  rgPlace("Kb2 kj10 C'''f7 nb8 bb4 vc2", "w - - 0 20"),
		caps: map[string]string{"f7e8": "b8", "f7f8": "b8", "f7g8": "b8", "f7c4": "b4,c2", "f7b7": ""},
	}, {
		// "If the black king was placed instead of the knight B8 ... If it
		// was black to move, then the black king would be in check and
		// would need to eliminate the threat by moving away from B file."
		name:  "coordinator: check",
		fen:   rgPlace("Kb2 kb8 C'''f7 bb4 vc2", "b - - 0 20"),
		check: 1,
		from:  map[string][]string{"b8": rxFrom("b8", "a7 a8 a9 c7 c8 c9")},
		moves: 6,
	}, {
		// "... then the resulting position would be illegal as white
		// coordinator could capture the black king by moving to E8, F8 or
		// G8."
		name:    "coordinator: illegal position",
		fen:     rgPlace("Kb2 kb8 C'''f7 bb4 vc2", "w - - 0 20"),
		illegal: true,
	}, {
		// The Immobilizer moves as a queen to empty squares and never
		// captures; the Bishop and Knight beside it cannot move, and the
		// Knight, which would attack the King on e2, gives no check.
		name: "immobilizer",
		fen:  rgPlace("Kb1 kj10 I'''e5 bd6 nf4", "w - - 0 20"),
		from: map[string][]string{"e5": rxFrom("e5", "e6 e7 e8 e9 e10 e4 e3 e2 e1 f5 g5 h5 i5 j5 d5 c5 b5 a5 "+
			"f6 g7 h8 i9 d4 c3 b2 a1")},
		dont: []string{"e5d6", "e5f4"},
	}, {
		name: "immobilizer: the neighbours cannot move",
		fen:  rgPlace("Ke2 kj10 I'''e5 bd6 nf4 pa8", "b - - 0 20"),
		from: map[string][]string{"d6": nil, "f4": nil, "a8": {"a8a7", "a8a6"}},
	}, {
		// "Consequently immobilized piece cannot give check": the Knight
		// on f4 would check the King on e2; the Immobilizer may only move
		// to squares from which it still holds the Knight.
		name:  "immobilizer: an immobilized piece gives no check",
		fen:   rgPlace("Ke2 kj10 I'''e5 bd6 nf4", "w - - 0 20"),
		check: -1,
		from:  map[string][]string{"e5": rxFrom("e5", "e4 e3 f5 g5")},
	}, {
		// "if it moves to D7, chameleon captures pawn d6 (with en passant
		// ...), also withdrawer F5, advancer C8, coordinator A7 and
		// coordinator D3 ... If it moves to E7 or F7 then coordinator A7
		// is captured. If it moves to D5, then coordinator D3 is
		// captured."
		name: "chameleon",
		fen:  rgPlace("Ka3 kj10 H'''e6 pd6 w'''f5 a'''c8 c'''a7 c'''d3", "w - d7 0 20"),
		caps: map[string]string{"e6d7": "a7,c8,d3,d6,f5", "e6e7": "a7", "e6f7": "a7", "e6d5": "d3",
			"e6e5": "", "e6f6": ""},
		dont: []string{"e6f5", "e6d6", "e6c8", "e6d8"},
	}, {
		// "here black played knight A7-C6 with the last move. So the fool
		// E7 can move like a knight to any empty green square. The fool
		// can capture the knight C6 or the advancer C8 or the queen G6."
		name: "fool",
		fen:  rgPlace("Ka1 kj10 F'''e7 nc6 a'''c8 qg6", "w - - 0 20 fool:N/-"),
		from: map[string][]string{"e7": rxFrom("e7", "c6 c8 g6 g8 d5 f5 d9 f9")},
		caps: map[string]string{"e7c6": "c6", "e7c8": "c8", "e7g6": "g6", "e7g8": ""},
	}, {
		// "white diplomat can move to any empty green square or can
		// capture black knight making it white knight instead"; "the
		// diplomat cannot convert a block".
		name: "diplomat",
		fen:  rgPlace("Ka1 kj10 D'''e5 nf6 b''d4", "w - - 0 20"),
		from: map[string][]string{"e5": rxFrom("e5", "d5 d6 e6 e4 f4 f5 f6")},
		caps: map[string]string{"e5f6": ""},
		conv: map[string]string{"e5f6": "f6", "e5e6": ""},
		test: func(t *testing.T, p *rgPos) {
			m, _ := rxFind(p, "e5f6")
			q := p.play(m)
			if q.cell[4][4] != int8(rgDiplomat) || q.cell[5][5] != int8(rgKnight) {
				t.Errorf("after e5f6: %s; want the Diplomat on e5 and a White Knight on f6", q.fen())
			}
		},
	}, {
		// "white windmill can move to any empty green square or can
		// capture any of black knights": round the Pawn f6 (to g5, taken),
		// round the Knight d4 (the other way blocked at once by the Pawn
		// e4, this way to c4, taken), round the Pawn e4 (both ways to the
		// Knight d4, taken).
		name: "windmill",
		fen:  rgPlace("Ka1 kj10 M'''e5 Pf6 Pe4 ng5 nc4 nd4", "w - - 0 20"),
		from: map[string][]string{"e5": rxFrom("e5", "e6 e7 f7 g7 g6 g5 f5 d5 c5 c4 f4 f3 e3 d3 d4")},
		caps: map[string]string{"e5g5": "g5", "e5c4": "c4", "e5d4": "d4", "e5e7": "", "e5f3": ""},
	}})
}

// TestReferenceExoticRulings: each point of RULES R31-R37 and each special
// case of docs/RULES.md for the eight pieces, on the reference, then the
// engine compared with it.
func TestReferenceExoticRulings(t *testing.T) {
	rxRun(t, []rxCase{{
		// RULES R31: check by every means.
		name:  "check: Advancer by approach",
		fen:   rgPlace("Ka1 ke5 A'''a5", "b - - 0 20"),
		check: 1,
		want:  []string{"e5e6", "e5e4", "e5d4", "e5d6", "e5f4", "e5f6"},
		dont:  []string{"e5d5", "e5f5"},
	}, {
		name:  "check: Withdrawer by withdrawal",
		fen:   rgPlace("Ka1 kd6 W'''d5", "b - - 0 20"),
		check: 1,
		want:  []string{"d6d5", "d6c7", "d6e7", "d6d7"},
		dont:  []string{"d6c6", "d6e6", "d6c5", "d6e5"},
	}, {
		name:  "check: no Withdrawer check without room to withdraw",
		fen:   rgPlace("Ka1 kd6 W'''d5 Pd4", "b - - 0 20"),
		check: -1,
	}, {
		// The text's example: the Coordinator reaches e8, f8 or g8,
		// crossing with the King's b-file.
		name:  "check: Coordinator by coordination",
		fen:   rgPlace("Kb2 kb8 C'''f7", "b - - 0 20"),
		check: 1,
		dont:  []string{"b8b7", "b8b9"},
		want:  []string{"b8a8", "b8c8"},
	}, {
		name:  "check: Chameleon next to the King",
		fen:   rgPlace("Ka1 ke5 H'''e4", "b - - 0 20"),
		check: 1,
		want:  []string{"e5e4"},
	}, {
		// It attacks a King only by the King's move: neither a Knight's
		// leap nor a Rook's line.
		name:  "check: no Chameleon check from afar",
		fen:   rgPlace("Ka1 ke5 H'''d3 H'''e9", "b - - 0 20"),
		check: -1,
	}, {
		// The White Fool copies what Black moved last (a Knight).
		name:  "check: Fool copying a Knight",
		fen:   rgPlace("Ka1 ke5 F'''d3", "b - - 0 20 fool:N/-"),
		check: 1,
	}, {
		name:  "check: Fool copying a Bishop",
		fen:   rgPlace("Ka1 ke5 F'''d3", "b - - 0 20 fool:B/-"),
		check: -1,
	}, {
		name:  "check: Fool copying nothing",
		fen:   rgPlace("Ka1 ke5 F'''d3", "b - - 0 20"),
		check: -1,
	}, {
		// Black's own move decides what the White Fool copies: after any
		// Knight move it would leap to d5 (illegal), after a King move it
		// would step next to the King (so not c4 or c5).
		name: "check: the Fool copies the move just made",
		fen:  rgPlace("Ka1 kd5 F'''b4 ng8", "b - - 0 20 fool:R/-"),
		from: map[string][]string{"g8": nil, "d5": rxFrom("d5", "c6 d6 e6 e5 e4 d4")},
	}, {
		name:  "check: Windmill round a pivot",
		fen:   rgPlace("Ka1 ke7 M'''e5 nf6", "b - - 0 20"),
		check: 1,
	}, {
		name:  "check: Diplomat next to the King",
		fen:   rgPlace("Ka1 ke6 D'''e5", "b - - 0 20"),
		check: 1,
		want:  []string{"e6e5"},
	}, {
		// RULES R33: a frozen Diplomat converts nothing, so it gives no
		// check.
		name:  "check: an immobilized Diplomat gives none",
		fen:   rgPlace("Ka1 ke6 D'''e5 i'''d4", "b - - 0 20"),
		check: -1,
	}, {
		// RULES R31: two Kings side by side, both frozen: neither gives
		// check. The White King cannot move; the Immobilizer on f7 may
		// only go where it still holds the Black King.
		name:  "kings side by side, both frozen",
		fen:   rgPlace("Ke5 ke6 I'''f7 i'''d4", "w - - 0 20"),
		check: -1,
		from:  map[string][]string{"e5": nil, "f7": rxFrom("f7", "e7 d7 f6 f5")},
		moves: 4,
	}, {
		// Only the Black King is frozen: Black is in check from the White
		// King and must freeze it; the only way is h2-f4.
		name:  "kings side by side, one frozen",
		fen:   rgPlace("Ke5 ke6 I'''f7 i'''h2", "b - - 0 20"),
		check: 1,
		from:  map[string][]string{"h2": {"h2f4"}, "e6": nil},
		moves: 1,
	}, {
		name:    "kings side by side, neither frozen: illegal",
		fen:     rgPlace("Ke5 ke6 I'''h7", "w - - 0 20"),
		illegal: true,
	}, {
		// RULES R32: a square holding anything else than a capturable
		// enemy is simply not taken: a Block, an own piece.
		name: "approach of a Block or an own piece takes nothing",
		fen:  rgPlace("Ka1 kj10 A'''a5 b''e5 Pa8", "w - - 0 20"),
		caps: map[string]string{"a5d5": "", "a5a7": ""},
		dont: []string{"a5e5", "a5a8"},
	}, {
		// The Black Fool on e5 has just moved copying a Block: during
		// White's turn nothing takes it, by approach or by replacement.
		// (The King stands off the Fool's lines: after an Advancer's move
		// the Fool copies the Advancer, and from a1 every such move would
		// leave the King to its approach via b2.)
		name:     "a Fool that copied a Block cannot be taken",
		fen:      rgPlace("Kj2 kj10 A'''a5 f'''e5 Rh5", "w - - 0 20 fool:B''/B''@e5"),
		caps:     map[string]string{"a5d5": "", "h5f5": ""},
		dont:     []string{"h5e5"},
		fenAfter: "9k/10/10/10/10/A'''3f'''2R2/10/10/9K/10 w - - 0 20 fool:B''/B''@e5",
	}, {
		// With the King on a1 the Advancer's moves would leave it to the
		// Fool's approach along e5-b2: only a5-c3, which blocks that
		// diagonal, is legal.
		name: "the Fool copies the Advancer just moved",
		fen:  rgPlace("Ka1 kj10 A'''a5 f'''e5 Rh5", "w - - 0 20 fool:B''/B''@e5"),
		from: map[string][]string{"a5": {"a5c3"}},
	}, {
		name: "a Fool that copied a Block is immune for one turn only",
		fen:  rgPlace("Kj2 kj10 A'''a5 f'''e5 Rh5", "w - - 0 20 fool:B''/B''@e5"),
		play: []string{"a5a6", "j10i10"},
		want: []string{"h5e5"},
		caps: map[string]string{"a6d6": "", "h5e5": "e5"},
	}, {
		// RULES R33: opposing Immobilizers side by side freeze each
		// other; a frozen Immobilizer still freezes its other neighbours.
		name: "two Immobilizers side by side",
		fen:  rgPlace("Ka1 kj10 I'''e5 i'''e6 nd4", "w - - 0 20"),
		from: map[string][]string{"e5": nil},
	}, {
		name: "a frozen Immobilizer still freezes",
		fen:  rgPlace("Ka1 kj10 I'''e5 i'''e6 nd4", "b - - 0 20"),
		from: map[string][]string{"e6": nil, "d4": nil},
	}, {
		// A Chameleon next to an enemy Immobilizer freezes it and is
		// frozen by it, and freezes nothing else.
		name: "Chameleon and Immobilizer: the Chameleon is frozen",
		fen:  rgPlace("Ka1 kj10 H'''e5 i'''e6 nd4", "w - - 0 20"),
		from: map[string][]string{"e5": nil},
	}, {
		name: "Chameleon and Immobilizer: the Immobilizer is frozen, not the Knight",
		fen:  rgPlace("Ka1 kj10 H'''e5 i'''e6 nd4", "b - - 0 20"),
		from: map[string][]string{"e6": nil, "d4": rxFrom("d4", "b3 b5 c2 c6 e2 f3 f5")},
	}, {
		name: "a frozen Diplomat converts nothing",
		fen:  rgPlace("Ka1 kj10 D'''e5 nf6 i'''d4", "w - - 0 20"),
		from: map[string][]string{"e5": nil},
	}, {
		name: "an immobilized King cannot move: stalemate",
		fen:  rgPlace("Ke5 kj10 i'''e6", "w - - 0 20"),
		end:  2,
	}, {
		name: "an immobilized King can be checkmated",
		fen:  rgPlace("Ka10 kj1 i'''b9 ra1", "w - - 0 20"),
		end:  1,
	}, {
		// The Immobilizer answers a check by freezing the checker (b7),
		// or by blocking (a6); b6 does neither.
		name:  "an Immobilizer answers a check",
		fen:   rgPlace("Ka1 kj10 I'''c6 ra8", "w - - 0 20"),
		check: 1,
		want:  []string{"c6b7", "c6a6", "a1b1", "a1b2"},
		dont:  []string{"c6b6", "c6c7", "c6d6"},
	}, {
		// The Coordinator's mate: the crossing of file j with its King's
		// rank 10 takes the King; i10 and i9 touch the White King, the
		// Rook holds rank 9.
		name: "checkmate by a Coordinator",
		fen:  rgPlace("Kh10 kj10 C'''e4 Ra9", "b - - 0 20"),
		end:  1,
	}, {
		// RULES R34: the Chameleon takes each piece the way that piece
		// takes: the Knight by a leap, the Rook along the rank, the Pawn by
		// the White Pawn's capture step (not the one behind), the Bishop
		// and the Queen along their lines, the Cannon over a screen; not
		// the Rook c3 on a diagonal, nor the Bishop h5 on a rank.
		name: "Chameleon: replacement",
		fen:  rgPlace("Kj1 kj10 H'''e5 ng6 nc4 rb5 pd6 pf4 bg7 qe9 Pe3 oe2 rc3 bh5", "w - - 0 20"),
		caps: map[string]string{"e5g6": "g6", "e5c4": "c4", "e5b5": "b5", "e5d6": "d6", "e5g7": "g7",
			"e5e9": "e9", "e5e2": "e2", "e5f5": "", "e5g5": "", "e5d4": ""},
		dont: []string{"e5f4", "e5c3", "e5h5", "e5e4x"},
	}, {
		// From afar: an Archer's leap to f7 (empty, off the queen lines),
		// the Archer on g9 one more leap on; the leap to d7 takes nothing,
		// so it is no move. En passant by the White Pawn's capture step.
		name: "Chameleon: from afar and en passant",
		fen:  rgPlace("Ka1 kj10 H'''e5 xg9 pf5", "w - f6 0 20"),
		caps: map[string]string{"e5f7": "g9", "e5f6": "f5"},
		dont: []string{"e5d7", "e5g6", "e5f5"},
	}, {
		// A replacement along a line also takes by approach and
		// withdrawal in its direction: e5-e8 takes the Rook, the Advancer
		// beyond it and the Withdrawer behind.
		name: "Chameleon: replacement with approach and withdrawal",
		fen:  rgPlace("Ka1 kj10 H'''e5 re8 a'''e9 w'''e4", "w - - 0 20"),
		caps: map[string]string{"e5e8": "e4,e8,e9", "e5e7": "e4", "e5e6": "e4", "e5f5": ""},
	}, {
		// A Windmill by a windmill path (round the Pawn f6 to g5), a
		// Diplomat by converting it, a Lion by its one-step capture.
		name: "Chameleon: Windmill, Diplomat, Lion",
		fen:  rgPlace("Ka1 kj10 H'''e5 Pf6 m'''g5 d'''d4 ld6", "w - - 0 20"),
		caps: map[string]string{"e5g5": "g5", "e5d6": "d6", "e5d4": ""},
		conv: map[string]string{"e5d4": "d4", "e5g5": ""},
	}, {
		// It never takes a Fool, a Block, an Immobilizer or a Chameleon,
		// and never promotes.
		name: "Chameleon: never a Fool, Block, Immobilizer or Chameleon",
		fen:  rgPlace("Ka1 kj1 H'''e5 f'''f6 b''d4 i'''e7 h'''c5 H'''a9", "w - - 0 20 all fool:N/N"),
		dont: []string{"e5f6", "e5d4", "e5e7", "e5c5", "a9a10q"},
		want: []string{"a9a10", "e5e6", "e5d5"},
	}, {
		// RULES R35: after a Chameleon's move the Fool copies nothing.
		name:     "Fool: after a Chameleon, nothing",
		fen:      rgPlace("Ka1 kj10 F'''e5 h'''a8", "b - - 0 20 fool:Q/R"),
		play:     []string{"a8a7"},
		from:     map[string][]string{"e5": nil},
		fenAfter: "9k/10/10/h'''9/10/4F'''5/10/10/10/K9 w - - 1 21 fool:-/R",
	}, {
		// A Chameleon's conversion is a Chameleon's move: nothing to copy.
		name:     "Fool: after a Chameleon's conversion, nothing",
		fen:      rgPlace("Ka1 kj10 F'''e5 h'''b8 D'''c8", "b - - 0 20 fool:Q/R"),
		play:     []string{"b8c8"},
		from:     map[string][]string{"e5": nil},
		fenAfter: "9k/10/1h'''d'''7/10/10/4F'''5/10/10/10/K9 w - - 0 21 fool:-/R",
	}, {
		// Copying a Coordinator, it crosses with its own King (b2).
		name: "Fool: copying a Coordinator",
		fen:  rgPlace("Kb2 kj10 F'''f7 nb8", "w - - 0 20 fool:C'''/-"),
		caps: map[string]string{"f7e8": "b8", "f7g8": "b8", "f7e7": ""},
	}, {
		// After a Fool's move, what that Fool copied: the Black Fool moved
		// as a Rook, so the White Fool moves (and takes it) as a Rook.
		name:     "Fool: after a Fool, the same copy",
		fen:      rgPlace("Ka1 kj10 F'''e5 f'''e8", "b - - 0 20 fool:N/R"),
		play:     []string{"e8e6"},
		caps:     map[string]string{"e5e6": "e6"},
		dont:     []string{"e5f7", "e5e7"},
		want:     []string{"e5e1", "e5j5"},
		fenAfter: "9k/10/10/10/4f'''5/4F'''5/10/10/10/K9 w - - 1 21 fool:R/R",
	}, {
		// After a conversion, the converter: the White Fool moves and
		// converts as a Diplomat.
		name:     "Fool: after a conversion, the Diplomat",
		fen:      rgPlace("Ka1 kj10 F'''e5 d'''b8 Nc8 nf6", "b - - 0 20"),
		play:     []string{"b8c8"},
		conv:     map[string]string{"e5f6": "f6"},
		from:     map[string][]string{"e5": rxFrom("e5", "d4 d5 d6 e4 e6 f4 f5 f6")},
		fenAfter: "9k/10/1d'''n7/10/5n4/4F'''5/10/10/10/K9 w - - 0 21 fool:D'''/-",
	}, {
		// After a promotion, the Pawn: the White Fool moves as a White
		// Pawn (one step from e5).
		name:     "Fool: after a promotion, the Pawn",
		fen:      rgPlace("Ka1 kj10 F'''e5 ph2", "b - - 0 20 all"),
		play:     []string{"h2h1n"},
		from:     map[string][]string{"e5": {"e5e6"}},
		fenAfter: "9k/10/10/10/10/4F'''5/10/10/10/K6n2 w - - 0 21 all fool:P/-",
	}, {
		// Copying a King it is not royal: it may step onto the squares the
		// Rook attacks.
		name: "Fool: copying a King, not royal",
		fen:  rgPlace("Ka1 kj10 F'''e5 rd9", "w - - 0 20 fool:K/-"),
		from: map[string][]string{"e5": rxFrom("e5", "d4 d5 d6 e4 e6 f4 f5 f6")},
	}, {
		// ... and next to the Black King it gives check; the King takes
		// it or steps where the Fool, copying the King's move, would not
		// reach.
		name:  "Fool: copying a King, it checks",
		fen:   rgPlace("Ka1 ke7 F'''e5", "w - - 0 20 fool:K/-"),
		play:  []string{"e5e6"},
		check: 1,
		from:  map[string][]string{"e7": rxFrom("e7", "e6 d8 e8 f8")},
	}, {
		// Copying a Pawn: the double step from its pawn rank, en passant
		// (d7-d5 was the last move), optional promotion, even on rank 10.
		name: "Fool: copying a Pawn",
		fen:  rgPlace("Ka1 kj10 F'''c3 F'''e5 F'''g9 pd5 nf10", "w - d6 0 20 all fool:P/-"),
		want: []string{"c3c4", "c3c5", "e5e6", "e5d6", "g9g10", "g9g10q", "g9f10", "g9f10q", "g9g10f'''"},
		caps: map[string]string{"e5d6": "d5", "g9f10": "f10", "g9f10q": "f10"},
		dont: []string{"c3c6", "e5d5", "e5f6", "g9h10"},
	}, {
		// ... its double step makes no en-passant square, and it is no
		// Pawn for the move counter.
		name:     "Fool: copying a Pawn, no en-passant right",
		fen:      rgPlace("Ka1 kj10 F'''c3 pd5", "w - - 7 20 fool:P/-"),
		play:     []string{"c3c5"},
		fenAfter: "9k/10/10/10/10/2F'''p6/10/10/10/K9 b - - 8 20 fool:P/P",
		dont:     []string{"d5c4"},
	}, {
		// Copying a Block it moves as a Block and is immune during
		// Black's next turn: the Rook cannot take it on e6.
		name:     "Fool: copying a Block, immune",
		fen:      rgPlace("Ka1 kj10 F'''e5 rh6", "w - - 0 20 fool:B''/-"),
		play:     []string{"e5e6"},
		dont:     []string{"h6e6"},
		want:     []string{"h6f6"},
		fenAfter: "9k/10/10/10/4F'''2r2/10/10/10/10/K9 b - - 1 20 fool:B''/B''@e6",
	}, {
		name: "Fool: copying a Block, immune one turn only",
		fen:  rgPlace("Ka1 kj10 F'''e5 rh6", "w - - 0 20 fool:B''/-"),
		play: []string{"e5e6", "j10j9", "a1a2"},
		want: []string{"h6e6"},
	}, {
		// Copying an Immobilizer (Black moved its Immobilizer last) the
		// Fool answers the Rook's check by freezing it (d6-b8, d6-a9) or
		// blocks (d6-a6); d6-b6 does neither.
		name:  "Fool: copying an Immobilizer answers a check",
		fen:   rgPlace("Ka1 kj10 F'''d6 ra8 i'''j5", "w - - 0 20 fool:I'''/-"),
		check: 1,
		want:  []string{"d6b8", "d6a9", "d6a6"},
		dont:  []string{"d6b6", "d6c7"},
	}, {
		name:     "Fool: copying an Immobilizer freezes for one turn",
		fen:      rgPlace("Ka1 kj10 F'''d6 ra8 i'''j5", "w - - 0 20 fool:I'''/-"),
		play:     []string{"d6b8"},
		from:     map[string][]string{"a8": nil},
		fenAfter: "9k/10/rF'''8/10/10/9i'''/10/10/10/K9 b - - 1 20 fool:I'''/I'''@b8",
	}, {
		// After Black's turn the freeze ends: the Rook checks again.
		name:  "Fool: the freeze ends after the opponent's turn",
		fen:   rgPlace("Ka1 kj10 F'''d6 ra8 i'''j5", "w - - 0 20 fool:I'''/-"),
		play:  []string{"d6b8", "j10j9"},
		check: 1,
	}, {
		name: "Fool: nothing before the opponent's first move",
		fen:  rgPlace("Ka1 kj10 F'''e5", "w - - 0 20"),
		from: map[string][]string{"e5": nil},
	}, {
		// RULES R36: the Windmill pivots on its own King and on a Block;
		// the King's circle breaks at the board's edge; b2, reached both
		// ways, is one move.
		name: "Windmill: pivots on a King and a Block, the edge breaks the circle",
		fen:  rgPlace("Ka1 kj10 M'''a2 B''b3", "w - - 0 20"),
		from: map[string][]string{"a2": rxFrom("a2", "b1 b2 a3 a4 b4 c4 c3 c2")},
	}, {
		name: "Windmill: never back to its start",
		fen:  rgPlace("Ka1 kj10 M'''e5 pe6", "w - - 0 20"),
		from: map[string][]string{"e5": rxFrom("e5", "d5 d6 d7 e7 f7 f6 f5")},
	}, {
		// RULES R37: the converted Pawn keeps its square, becomes White,
		// does not promote on the spot, then moves up (and may promote on
		// rank 9).
		name: "Diplomat: a converted Pawn",
		fen:  rgPlace("Ka1 kj10 D'''d7 pe8", "w - - 0 20 all"),
		conv: map[string]string{"d7e8": "e8"},
		caps: map[string]string{"d7e8": ""},
		dont: []string{"d7e8q"},
	}, {
		name: "Diplomat: the converted Pawn moves for White",
		fen:  rgPlace("Ka1 kj10 D'''d7 pe8", "w - - 0 20 all"),
		play: []string{"d7e8", "j10i10"},
		want: []string{"e8e9", "e8e9q", "e8e9d'''"},
		dont: []string{"e8e7"},
	}, {
		// Promotion pools count the converted Queen for White: White may
		// promote to a Queen before, not after; Black may after.
		name: "Diplomat: the pools count the converted piece",
		fen:  rgPlace("Ka1 kj10 D'''c8 qd9 Pb9 ph2", "w - - 0 20"),
		want: []string{"b9b10r", "b9b10q"},
	}, {
		name: "Diplomat: after converting the Queen",
		fen:  rgPlace("Ka1 kj10 D'''c8 qd9 Pb9 ph2", "w - - 0 20"),
		play: []string{"c8d9"},
		want: []string{"h2h1q", "h2h1r"},
	}, {
		name: "Diplomat: after converting the Queen, White's pool",
		fen:  rgPlace("Ka1 kj10 D'''c8 qd9 Pb9 ph2", "w - - 0 20"),
		play: []string{"c8d9", "j10i10"},
		want: []string{"b9b10r"},
		dont: []string{"b9b10q"},
	}, {
		// A conversion resets the halfmove clock.
		name:     "Diplomat: a conversion resets the clock",
		fen:      rgPlace("Ka1 kj10 D'''e5 nf6", "w - - 17 30"),
		play:     []string{"e5f6"},
		fenAfter: "9k/10/10/10/5N4/4D'''5/10/10/10/K9 b - - 0 30",
	}, {
		// Not a Block, not a Fool that has just copied a Block; a Fool
		// without the mark is converted.
		name: "Diplomat: not a Fool that copied a Block",
		fen:  rgPlace("Ka1 kj10 D'''e5 f'''f6 b''d4", "w - - 0 20 fool:B''/B''@f6"),
		dont: []string{"e5f6", "e5d4"},
	}, {
		name: "Diplomat: a Fool without the mark is converted",
		fen:  rgPlace("Ka1 kj10 D'''e5 f'''f6 b''d4", "w - - 0 20 fool:B''/R"),
		conv: map[string]string{"e5f6": "f6"},
		dont: []string{"e5d4"},
	}})
}

// ----------------------------------------------------------------------------
// Random positions with the exotic pieces.

// rxRandomSetup is the classical array plus two to six extra pieces, most
// of them exotic (a Fool first when fool is set), on empty squares of
// White's two home ranks, mirrored across the middle rank for Black
// (RULES R27), with a random promotion type; the armies are the classical
// ones plus the extra pieces.
func rxRandomSetup(rng *rand.Rand, fool bool) *rgPos {
	for {
		p, err := rgParseFEN(rgStart)
		if err != nil {
			panic(err)
		}
		free := p.freeHome(rng)
		n := 2 + rng.Intn(5)
		for i, sq := range free[:n] {
			k := rgAdvancer + rgKind(rng.Intn(8))
			switch {
			case i == 0 && fool:
				k = rgFool
			case i > 0 && rng.Intn(3) == 0:
				k = rgGuard + rgKind(rng.Intn(int(rgCatalogueEnd-rgGuard)))
			}
			p.cell[sq[0]][sq[1]] = int8(k)
			p.cell[sq[0]][9-sq[1]] = -int8(k)
			p.army[0][k]++
			p.army[1][k]++
		}
		p.ptype = rng.Intn(3)
		if !p.kingAttacked(true) && !p.kingAttacked(false) {
			return p
		}
	}
}

// rxCopyable: a random type a Fool may copy: nothing (a quarter of the
// time) or any type but the Fool and the Chameleon.
func rxCopyable(rng *rand.Rand) rgKind {
	if rng.Intn(4) == 0 {
		return rgNone
	}
	for {
		if k := rgKing + rgKind(rng.Intn(int(rgKinds-rgKing))); k != rgFool && k != rgChameleon {
			return k
		}
	}
}

// rxRandomSparse places both Kings and a few random pieces, half of them
// exotic (Pawns only where they may stand), with a random promotion type,
// armies holding every piece on the board and some lost ones, a move
// number from 1 to 30 (the frozen pieces thaw after five moves), random
// copies for both sides' Fools, sometimes the mark of a Fool of the side
// not to move that has just copied a Block or an Immobilizer, and
// sometimes an en-passant square behind a Pawn that may just have stepped
// two (then the side to move's Fools copy the Pawn).
func rxRandomSparse(rng *rand.Rand) *rgPos {
	for {
		p := &rgPos{epF: -1, epR: -1, white: rng.Intn(2) == 0, full: 1 + rng.Intn(30), ptype: rng.Intn(3)}
		put := func(k rgKind, white bool) (int, int) { return p.putRandom(rng, k, white) }
		put(rgKing, true)
		put(rgKing, false)
		for range 4 + rng.Intn(14) {
			var k rgKind
			switch x := rng.Intn(8); {
			case x < 4:
				k = rgAdvancer + rgKind(rng.Intn(8))
			case x == 4:
				k = rgPawn
			default:
				k = rgQueen + rgKind(rng.Intn(int(rgCatalogueEnd-rgQueen)))
			}
			put(k, rng.Intn(2) == 0)
		}
		p.randomArmies(rng, rgKinds)
		p.fool = [2]rgKind{rxCopyable(rng), rxCopyable(rng)}
		if rng.Intn(3) == 0 {
			// The Fool of the side not to move that made the last move.
			want := int8(rgFool)
			if p.white {
				want = -want
			}
			var fools [][2]int
			for f := 0; f < 10; f++ {
				for r := 0; r < 10; r++ {
					if p.cell[f][r] == want {
						fools = append(fools, [2]int{f, r})
					}
				}
			}
			if len(fools) > 0 {
				sq := fools[rng.Intn(len(fools))]
				t := rgBlock
				if rng.Intn(2) == 0 {
					t = rgImmobilizer
				}
				p.fool = [2]rgKind{t, t}
				p.mark, p.markF, p.markR = true, int8(sq[0]), int8(sq[1])
			}
		}
		if p.kingAttacked(!p.white) {
			continue // the side that just moved cannot be in check
		}
		if !p.mark && rng.Intn(3) == 0 {
			// As in rgRandomSparse, with a Fool as the taker sometimes.
			p.randomEnPassant(rng, true, func() { p.fool[rgSide(p.white)] = rgPawn })
		}
		return p
	}
}

// rxTally counts what a comparison covered with the exotic pieces.
func rxTally(p *rgPos, ms []rgMove, tally map[string]int) {
	rgTally(p, ms, tally)
	for f := 0; f < 10; f++ {
		for r := 0; r < 10; r++ {
			if p.cell[f][r] != 0 && p.immobilized(f, r) {
				tally["immobilized pieces (per position)"]++
			}
		}
	}
	if p.mark {
		tally["positions with a Fool's mark ("+rgName[p.markType()]+")"]++
	}
	for _, m := range ms {
		k := p.kindAt(int(m.ff), int(m.fr))
		switch {
		case m.conv:
			tally["conversions by "+rgName[k]]++
		case m.nx > 0:
			tally["approach/withdrawal/coordination captures by "+rgName[k]]++
		}
		if k == rgFool {
			tally["Fool moves copying "+rgName[p.fool[rgSide(p.white)]]]++
		}
		if k == rgChameleon && len(p.captures(m)) > 1 {
			tally["Chameleon moves taking several pieces"]++
		}
	}
}

// TestReferenceExoticAgrees compares the engine's legal moves, the squares
// each captures on and converts, its FEN and its check with the
// reference's: FENs with the Fool's field, playouts from random setups with
// the exotic pieces, and sparse random positions and their children.
func TestReferenceExoticAgrees(t *testing.T) {
	skipUnderRace(t)
	compare := func(t *testing.T, rp *rgPos, ep *Position, tally map[string]int) bool {
		t.Helper()
		ms := rp.legalMoves()
		rxTally(rp, ms, tally)
		if !rgCompare(t, rp, ms, ep) {
			return false
		}
		if a, b := rp.fen(), refEngineFEN(ep); a != b {
			t.Errorf("FEN differs:\n  reference %s\n  engine    %s", a, b)
			return false
		}
		same := true
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("engine panics in InCheck of %s: %v", rp.fen(), r)
					same = false
				}
			}()
			if a, b := rp.inCheck(), ep.InCheck(); a != b {
				t.Errorf("in check in %s: reference %v, engine %v", rp.fen(), a, b)
				same = false
			}
		}()
		return same
	}

	t.Run("fen", func(t *testing.T) {
		// The Fool's field in its canonical form: after the promotion
		// field, omitted when both sides copy nothing or when the game can
		// never have a Fool (none on the board, none among the promotion
		// types).
		fool := "10/9k/10/10/10/4F'''5/10/10/10/K9" // a White Fool on e5
		noFool := "10/9k/10/10/10/4Q5/10/10/10/K9"
		for _, tc := range []struct{ give, want string }{
			{fool + " w - - 0 12 fool:N/Q", ""},
			{fool + " w - - 0 12 fool:-/Q", ""},
			{fool + " w - - 0 12 fool:K/P", ""},
			{fool + " w - - 0 12 fool:M'''/D'''", ""},
			{fool + " w - - 0 12 fool:-/-", fool + " w - - 0 12"},
			{fool + " w - - 0 12", ""},
			{fool + " w - - 0 12 all fool:A'''/W'''", ""},
			{fool + " w - - 0 12 initial:Qq fool:C'''/I'''", ""},
			{fool + " b - - 0 12 fool:B''/B''@e5", ""},
			{fool + " b - - 0 12 fool:I'''/I'''@e5", ""},
			{fool + " b - - 0 12 fool:B''/B''", ""},
			{noFool + " w - - 0 12 fool:N/Q", noFool + " w - - 0 12"},
			{noFool + " w - - 0 12 initial:Qq fool:N/Q", noFool + " w - - 0 12 initial:Qq"},
			{noFool + " w - - 0 12 all fool:N/Q", ""},
			{noFool + " w - - 0 12 all fool:-/-", noFool + " w - - 0 12 all"},
			{noFool + " w - - 0 12 initial:QF'''q fool:N/-", ""},
			{noFool + " w - - 0 12 captured:QCARRBBNNqcarrbbnnf''' fool:-/B", ""},
		} {
			want := tc.want
			if want == "" {
				want = tc.give
			}
			rp, err := rgParseFEN(tc.give)
			if err != nil {
				t.Errorf("reference rejects %s: %v", tc.give, err)
				continue
			}
			if got := rp.fen(); got != want {
				t.Errorf("reference FEN of %s: %s; want %s", tc.give, got, want)
			}
			ep, err := rgEnginePosition(t, tc.give)
			if err != nil {
				t.Errorf("engine rejects %s: %v", tc.give, err)
				continue
			}
			if got := refEngineFEN(ep); got != want {
				t.Errorf("engine FEN of %s: %s; want %s", tc.give, got, want)
			}
		}
		// Malformed: both reject.
		for _, give := range []string{
			fool + " w - - 0 12 fool:N",
			fool + " w - - 0 12 fool:",
			fool + " w - - 0 12 fool:/Q",
			fool + " w - - 0 12 fool:n/Q",
			fool + " w - - 0 12 fool:N/q",
			fool + " w - - 0 12 fool:N/Q/R",
			fool + " w - - 0 12 fool:X''''/Q",
			fool + " w - - 0 12 fool:F'''/-",
			fool + " w - - 0 12 fool:H'''/-",
			fool + " w - - 0 12 fool:N/Q all",
			fool + " w - - 0 12 fool:N/Q fool:N/Q",
			fool + " b - - 0 12 fool:N/N@e5",
			fool + " b - - 0 12 fool:B''/B''@e4",
			fool + " b - - 0 12 fool:B''/B''@k5",
			fool + " b - - 0 12 fool:B''/B''@e05",
			fool + " b - - 0 12 fool:B''/I'''@e5",
			fool + " b - - 0 12 fool:B''/-@e5",
			fool + " w - - 0 12 fool:B''/B''@e5",
		} {
			if _, err := rgParseFEN(give); err == nil {
				t.Errorf("reference accepts %s", give)
			}
			if _, err := rgEnginePosition(t, give); err == nil {
				t.Errorf("engine accepts %s", give)
			}
		}
	})

	t.Run("playouts", func(t *testing.T) {
		tally := map[string]int{}
		games, plies := 60, 100
		if testing.Short() {
			games, plies = 16, 60
		}
		if os.Getenv("REFGEN_ALL") == "1" {
			games = 300
		}
		deadline := time.Now().Add(60 * time.Second)
		if testing.Short() {
			deadline = time.Now().Add(5 * time.Second)
		}
		for game := range games {
			if time.Now().After(deadline) && os.Getenv("REFGEN_ALL") != "1" {
				t.Logf("time is up after %d games", game)
				break
			}
			seed := int64(9100 + game)
			rng := rand.New(rand.NewSource(seed))
			rp := rxRandomSetup(rng, game%2 == 0)
			start := rp.fen()
			ep, err := rgEnginePosition(t, start)
			if err != nil {
				t.Fatalf("engine rejects %s: %v", start, err)
			}
			advance := game%3 == 1
			for ply := range plies {
				if !compare(t, rp, ep, tally) {
					t.Fatalf("game %d (seed %d, from %s), ply %d", game, seed, start, ply)
				}
				ms := rp.legalMoves()
				if len(ms) == 0 {
					break
				}
				m := rgPick(rp, ms, rng, advance)
				rp, ep = rp.play(m), refEnginePlay(t, ep, rp.uci(m))
			}
		}
		refLogTally(t, tally)
	})

	t.Run("sparse", func(t *testing.T) {
		rgSparse(t, 31337, [3]int{80, 300, 4000}, rxRandomSparse, compare)
	})
}
