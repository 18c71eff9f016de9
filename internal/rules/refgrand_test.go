package rules

// A slow, plain reference move generator for Grand Chess as yucata.de plays
// it, with its catalogue of extra pieces, written from the rule text
// (seeds/grand-chess-yucata.txt), RULES R1-R5, R19-R24 and R27-R30 and
// the rulings of the Grand Chess contract (the Gryphon, Dragon, Tiger, Rhino,
// Duke, Hero, Shaman, Edgehog, Kangaroo, Archer, Block and Lion paths, the
// frozen pieces, the promotion types and the FEN's seventh field), without
// sharing any code, table or piece definition with the engine or with the
// Cazaux reference in refgen_test.go. Only the letters (and their order, which
// the FEN's army follows) are copied from variants/grand.json. The eight
// exotic pieces (Advancer, Withdrawer, Coordinator, Immobilizer, Chameleon,
// Fool, Diplomat, Windmill: RULES R25, R26, R31-R37), immobilization, the
// Fool's memory and the FEN's "fool:" field are in refexotic_test.go; this
// file calls them through small hooks.
//
// It works on a plain 2D array indexed [file][rank], generates every piece's
// moves in loops over (file, rank) offsets, tests for check by generating the
// enemy's captures and looking for one that removes the King, and plays a
// move on a copy. It is meant to be obviously right, not fast; it establishes
// the numbers of testdata/perft/grand.perft, and the tests below compare it
// with the engine through the public API only.

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

// rgKind is a piece type of the Grand Chess reference, in the order of
// variants/grand.json (the order in which the FEN writes an army).
type rgKind int8

const (
	rgNone rgKind = iota
	rgKing
	rgQueen
	rgMarshall
	rgCardinal
	rgRook
	rgBishop
	rgKnight
	rgPawn
	rgGuard
	rgCentaur
	rgAmazon
	rgKnightRider
	rgArcher
	rgSideMover
	rgVerticalMover
	rgFerz
	rgDragonKing
	rgKnightFerz
	rgWazir
	rgSteward
	rgDragonHorse
	rgKnightWazir
	rgRhino
	rgElephant
	rgPhoenix
	rgModernElephant
	rgMammoth
	rgDabbaba
	rgDabbabaRider
	rgKnightDabbaba
	rgDabbabaWazir
	rgKirin
	rgAlibaba
	rgBadger
	rgOx
	rgCamel
	rgCamelFerz
	rgCamelWazir
	rgCamelGuard
	rgCamelRook
	rgGiraffe
	rgZebra
	rgZebraFerz
	rgZebraWazir
	rgZebraBishop
	rgZebraRook
	rgZebraGuard
	rgPegasus
	rgWildebeest
	rgCamelZebra
	rgKnightCamelZebra
	rgGrasshopper
	rgScorpion
	rgHero
	rgShaman
	rgBlock
	rgButterfly
	rgCrab
	rgDragon
	rgEdgehog
	rgDuke
	rgFrog
	rgGryphon
	rgKangaroo
	rgLion
	rgMage
	rgChampion
	rgSquirrel
	rgTemplar
	rgTiger
	rgCannon
	rgVao
	rgLeo
	// The eight exotic pieces (refexotic_test.go), appended to grand.json
	// in this order.
	rgAdvancer
	rgWithdrawer
	rgCoordinator
	rgImmobilizer
	rgChameleon
	rgFool
	rgDiplomat
	rgWindmill
	rgKinds
)

// rgCatalogueEnd ends the 73 classical and catalogue kinds: the random
// setups of TestReferenceGrandAgrees keep to the kinds before it, as they did
// before the exotic pieces (refexotic_test.go has its own).
const rgCatalogueEnd = rgAdvancer

// rgLetter: the FEN letter of each kind (upper case, White), from grand.json.
var rgLetter = [rgKinds]string{"",
	"K", "Q", "C", "A", "R", "B", "N", "P", "G", "C'", "A'", "N'", "X", "S''", "V'", "F", "K'",
	"F''", "W", "T''", "H'", "U''", "R'", "E", "H''", "E'", "M", "D", "D'", "N''", "I''", "I'",
	"Y'", "B'", "O'", "J", "C''", "J''", "G''", "J'", "I", "Z", "P''", "R''", "O''", "Z'", "Q''",
	"P'", "W'", "M''", "L''", "G'", "S'", "H", "S", "B''", "U'", "X'", "D''", "E''", "U", "F'",
	"Y", "K''", "L", "M'", "A''", "Q'", "T'", "T", "O", "V", "L'",
	"A'''", "W'''", "C'''", "I'''", "H'''", "F'''", "D'''", "M'''"}

// rgName: the name of each kind, for messages.
var rgName = [rgKinds]string{"",
	"King", "Queen", "Marshall", "Cardinal", "Rook", "Bishop", "Knight", "Pawn", "Guard",
	"Centaur", "Amazon", "KnightRider", "Archer", "Side Mover", "Vertical Mover", "Ferz",
	"DragonKing", "Knight-Ferz", "Wazir", "Steward", "DragonHorse", "Knight-Wazir", "Rhino",
	"Elephant", "Phoenix", "Modern Elephant", "Mammoth", "Dabbaba", "DabbabaRider",
	"Knight-Dabbaba", "Dabbaba-Wazir", "Kirin", "Alibaba", "Badger", "Ox", "Camel",
	"Camel-Ferz", "Camel-Wazir", "Camel-Guard", "Camel-Rook", "Giraffe", "Zebra", "Zebra-Ferz",
	"Zebra-Wazir", "Zebra-Bishop", "Zebra-Rook", "Zebra-Guard", "Pegasus", "Wildebeest",
	"Camel-Zebra", "Knight-Camel-Zebra", "Grasshopper", "Scorpion", "Hero", "Shaman", "Block",
	"Butterfly", "Crab", "Dragon", "Edgehog", "Duke", "Frog", "Gryphon", "Kangaroo", "Lion",
	"Mage", "Champion", "Squirrel", "Templar", "Tiger", "Cannon", "Vao", "Leo",
	"Advancer", "Withdrawer", "Coordinator", "Immobilizer", "Chameleon", "Fool", "Diplomat",
	"Windmill"}

var rgKindOf = func() map[string]rgKind {
	m := map[string]rgKind{}
	for k := rgKing; k < rgKinds; k++ {
		m[rgLetter[k]] = k
	}
	return m
}()

// rgFrozenKind: the pieces the text marks "frozen for the first 5 moves"
// (RULES R20).
var rgFrozenKind = func() [rgKinds]bool {
	var f [rgKinds]bool
	for _, k := range []rgKind{rgKnightRider, rgDabbabaRider, rgGiraffe, rgPegasus,
		rgGrasshopper, rgScorpion, rgKangaroo, rgDragon, rgTiger, rgCannon, rgVao, rgLeo} {
		f[k] = true
	}
	return f
}()

// Promotion types (the FEN's seventh field).
const (
	rgCaptured = iota
	rgInitial
	rgAll
)

var rgTypeName = [3]string{"captured", "initial", "all"}

const rgStart = "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"

// rgArmy counts the pieces of one side's initial army (King and Pawns
// excluded) by kind.
type rgArmy [rgKinds]int8

func rgClassicalArmy() rgArmy {
	var a rgArmy
	a[rgQueen], a[rgMarshall], a[rgCardinal] = 1, 1, 1
	a[rgRook], a[rgBishop], a[rgKnight] = 2, 2, 2
	return a
}

// rgPos is a position: cell[file][rank] holds +kind for White, -kind for
// Black, 0 for an empty square; files and ranks count from 0.
type rgPos struct {
	cell       [10][10]int8
	white      bool // White to move
	epF, epR   int  // en-passant square, -1 when none
	half, full int
	ptype      int       // rgCaptured, rgInitial or rgAll
	army       [2]rgArmy // [0] White's initial army, [1] Black's
	// The Fool's memory (refexotic_test.go): the type each side's Fools
	// copy ([0] White's; rgNone for nothing), and, when the last move was a
	// Fool's copying a Block or an Immobilizer, that Fool's square.
	fool         [2]rgKind
	mark         bool
	markF, markR int8
}

// rgMove: from, to, the promotion (rgNone if none), the en-passant and
// double-step flags and the square an Archer captures from afar (-1 if none).
type rgMove struct {
	ff, fr, tf, tr int8
	promo          rgKind
	ep             bool // en passant: also removes the Pawn on (tf, fr)
	double         bool // two-square step: sets the en-passant square
	aff, afr       int8 // Archer's capture from afar, -1 when none
	// The exotic pieces (refexotic_test.go): a conversion (the piece on
	// (tf, tr) changes sides, nothing moves), and the further squares an
	// approach, a withdrawal or a coordination captures on.
	conv bool
	nx   int8
	xs   [4][2]int8
}

func rgOn(f, r int) bool { return f >= 0 && f < 10 && r >= 0 && r < 10 }

func rgSide(white bool) int {
	if white {
		return 0
	}
	return 1
}

// rgSquare names a square: file letter, 1-based rank (RULES R28).
func rgSquare(f, r int) string { return string(rune('a'+f)) + strconv.Itoa(r+1) }

func (p *rgPos) kindAt(f, r int) rgKind { return rgKind(refAbs(int(p.cell[f][r]))) }

// completed: the moves a side has completed (SPEC): White (fullmove-1)
// with White to move, fullmove with Black to move; Black fullmove-1.
func (p *rgPos) completed(white bool) int {
	if white && !p.white {
		return p.full
	}
	return p.full - 1
}

// frozen: the frozen kinds of this side can neither move nor give check.
func (p *rgPos) frozen(white bool) bool { return p.completed(white) < 5 }

// uci writes m in coordinate form with a lower-case promotion letter.
func (p *rgPos) uci(m rgMove) string {
	s := rgSquare(int(m.ff), int(m.fr)) + rgSquare(int(m.tf), int(m.tr))
	if m.promo != rgNone {
		s += strings.ToLower(rgLetter[m.promo])
	}
	return s
}

// captures lists the squares whose pieces m removes, sorted.
func (p *rgPos) captures(m rgMove) []string {
	var out []string
	if p.cell[m.tf][m.tr] != 0 && !m.conv {
		out = append(out, rgSquare(int(m.tf), int(m.tr)))
	}
	for i := range int(m.nx) {
		out = append(out, rgSquare(int(m.xs[i][0]), int(m.xs[i][1])))
	}
	if m.ep {
		out = append(out, rgSquare(int(m.tf), int(m.fr)))
	}
	if m.aff >= 0 {
		out = append(out, rgSquare(int(m.aff), int(m.afr)))
	}
	sort.Strings(out)
	return out
}

// ----------------------------------------------------------------------------
// FEN.

// rgTokens splits a run of piece letters, each followed by up to three
// apostrophes.
func rgTokens(s string) ([]string, error) {
	var out []string
	for i := 0; i < len(s); {
		ch := s[i]
		if !(ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z') {
			return nil, fmt.Errorf("unexpected %q", ch)
		}
		j := i + 1
		for j < len(s) && s[j] == '\'' && j-i <= 3 {
			j++
		}
		out = append(out, s[i:j])
		i = j
	}
	return out, nil
}

func rgParseFEN(fen string) (*rgPos, error) {
	fields := strings.Split(fen, " ")
	foolField := ""
	if n := len(fields); n >= 7 && strings.HasPrefix(fields[n-1], "fool:") {
		foolField, fields = fields[n-1], fields[:n-1] // refexotic_test.go
	}
	if len(fields) != 6 && len(fields) != 7 {
		return nil, fmt.Errorf("FEN %q: want 6 or 7 fields, got %d", fen, len(fields))
	}
	p := &rgPos{epF: -1, epR: -1}
	rows := strings.Split(fields[0], "/")
	if len(rows) != 10 {
		return nil, fmt.Errorf("FEN %q: want 10 ranks, got %d", fen, len(rows))
	}
	for i, row := range rows {
		r := 9 - i
		f := 0
		for j := 0; j < len(row); {
			ch := row[j]
			if ch >= '0' && ch <= '9' {
				k := j
				for k < len(row) && row[k] >= '0' && row[k] <= '9' {
					k++
				}
				n, _ := strconv.Atoi(row[j:k])
				f += n
				j = k
				continue
			}
			k := j + 1
			for k < len(row) && row[k] == '\'' {
				k++
			}
			tok := row[j:k]
			j = k
			kind, ok := rgKindOf[strings.ToUpper(tok)]
			if !ok {
				return nil, fmt.Errorf("FEN %q: unknown piece %q", fen, tok)
			}
			if f >= 10 {
				return nil, fmt.Errorf("FEN %q: rank %d too long", fen, r+1)
			}
			if ch >= 'a' && ch <= 'z' {
				p.cell[f][r] = -int8(kind)
			} else {
				p.cell[f][r] = int8(kind)
			}
			f++
		}
		if f != 10 {
			return nil, fmt.Errorf("FEN %q: rank %d has %d files", fen, r+1, f)
		}
	}
	switch fields[1] {
	case "w":
		p.white = true
	case "b":
	default:
		return nil, fmt.Errorf("FEN %q: bad side %q", fen, fields[1])
	}
	if fields[2] != "-" {
		return nil, fmt.Errorf("FEN %q: Grand Chess has no castling rights", fen)
	}
	if s := fields[3]; s != "-" {
		r, err := strconv.Atoi(s[1:])
		if err != nil || s[0] < 'a' || s[0] > 'j' || r < 1 || r > 10 {
			return nil, fmt.Errorf("FEN %q: bad en-passant square %q", fen, s)
		}
		p.epF, p.epR = int(s[0]-'a'), r-1
	}
	var err error
	if p.half, err = strconv.Atoi(fields[4]); err != nil {
		return nil, fmt.Errorf("FEN %q: bad halfmove clock", fen)
	}
	if p.full, err = strconv.Atoi(fields[5]); err != nil || p.full < 1 {
		return nil, fmt.Errorf("FEN %q: bad move number", fen)
	}
	p.ptype = rgCaptured
	p.army = [2]rgArmy{rgClassicalArmy(), rgClassicalArmy()}
	if len(fields) == 7 {
		name, armyText, hasArmy := strings.Cut(fields[6], ":")
		switch name {
		case "captured":
			p.ptype = rgCaptured
		case "initial":
			p.ptype = rgInitial
		case "all":
			p.ptype = rgAll
			if hasArmy {
				return nil, fmt.Errorf("FEN %q: 'all' takes no army", fen)
			}
		default:
			return nil, fmt.Errorf("FEN %q: bad promotion type %q", fen, name)
		}
		if hasArmy {
			toks, err := rgTokens(armyText)
			if err != nil {
				return nil, fmt.Errorf("FEN %q: army: %v", fen, err)
			}
			p.army = [2]rgArmy{}
			for _, tok := range toks {
				kind, ok := rgKindOf[strings.ToUpper(tok)]
				if !ok || kind == rgKing || kind == rgPawn {
					return nil, fmt.Errorf("FEN %q: bad army piece %q", fen, tok)
				}
				if tok[0] >= 'a' && tok[0] <= 'z' {
					p.army[1][kind]++
				} else {
					p.army[0][kind]++
				}
			}
		}
	}
	if foolField != "" {
		if err := p.parseFoolField(foolField); err != nil {
			return nil, fmt.Errorf("FEN %q: %v", fen, err)
		}
	}
	return p, nil
}

// fen writes the position; the seventh field only when it differs from the
// default (captured with the classical armies), and then, for captured and
// initial, with both armies in grand.json order, White first (the SPEC:
// "the engine writes the field only when it differs from the default, the
// army in piece-definition order"); then the Fool's field when it is needed
// (refexotic_test.go).
func (p *rgPos) fen() string {
	var b strings.Builder
	for r := 9; r >= 0; r-- {
		empty := 0
		for f := 0; f < 10; f++ {
			c := p.cell[f][r]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			l := rgLetter[refAbs(int(c))]
			if c < 0 {
				l = strings.ToLower(l)
			}
			b.WriteString(l)
		}
		if empty > 0 {
			b.WriteString(strconv.Itoa(empty))
		}
		if r > 0 {
			b.WriteByte('/')
		}
	}
	if p.white {
		b.WriteString(" w -")
	} else {
		b.WriteString(" b -")
	}
	if p.epF >= 0 {
		b.WriteString(" " + rgSquare(p.epF, p.epR))
	} else {
		b.WriteString(" -")
	}
	fmt.Fprintf(&b, " %d %d", p.half, p.full)
	classical := p.army[0] == rgClassicalArmy() && p.army[1] == rgClassicalArmy()
	switch {
	case p.ptype == rgAll:
		b.WriteString(" all")
	case classical && p.ptype == rgCaptured:
	default:
		b.WriteString(" " + rgTypeName[p.ptype] + ":" + p.armyText())
	}
	b.WriteString(p.foolField()) // refexotic_test.go
	return b.String()
}

func (p *rgPos) armyText() string {
	var b strings.Builder
	for side := 0; side < 2; side++ {
		for k := rgKing; k < rgKinds; k++ {
			for range p.army[side][k] {
				if side == 0 {
					b.WriteString(rgLetter[k])
				} else {
					b.WriteString(strings.ToLower(rgLetter[k]))
				}
			}
		}
	}
	return b.String()
}

// ----------------------------------------------------------------------------
// Offsets.

// rgSym returns (a, b) in every direction, without repeats: the offset
// helper of the Cazaux reference, plain arithmetic that decides no rule.
func rgSym(a, b int) [][2]int { return refOffsets(a, b) }

func rgJoin(sets ...[][2]int) [][2]int {
	var out [][2]int
	for _, s := range sets {
		out = append(out, s...)
	}
	return out
}

var (
	rgW    = rgSym(1, 0) // Wazir: one orthogonal step
	rgF    = rgSym(1, 1) // Ferz: one diagonal step
	rgK8   = rgJoin(rgW, rgF)
	rgN    = rgSym(2, 1) // Knight
	rgD    = rgSym(2, 0) // Dabbaba
	rgA    = rgSym(2, 2) // Alfil (the Elephant's leap)
	rgC    = rgSym(3, 1) // Camel
	rgZ    = rgSym(3, 2) // Zebra
	rgG41  = rgSym(4, 1) // Giraffe
	rgThr0 = rgSym(3, 0) // the Frog's three-square leap
)

// rgStepLeap is a destination of the Hero or Shaman made of one step and one
// leap (RULES R24): reachable when the square reached by the first part of
// one of its orders (via) is on the board and empty.
type rgStepLeap struct {
	d   [2]int
	via [][2]int
}

// rgStepLeaps lists, for steps u and leaps w, every sum u+w that is neither
// a step nor a leap nor the start, with the squares u and w through which
// each of its orders passes.
func rgStepLeaps(steps, leaps [][2]int) []rgStepLeap {
	single := map[[2]int]bool{{0, 0}: true}
	for _, d := range rgJoin(steps, leaps) {
		single[d] = true
	}
	index := map[[2]int]int{}
	var out []rgStepLeap
	for _, u := range steps {
		for _, w := range leaps {
			d := [2]int{u[0] + w[0], u[1] + w[1]}
			if single[d] {
				continue
			}
			i, ok := index[d]
			if !ok {
				i = len(out)
				index[d] = i
				out = append(out, rgStepLeap{d: d})
			}
			out[i].via = append(out[i].via, u, w)
		}
	}
	return out
}

var (
	rgHeroPaths   = rgStepLeaps(rgW, rgD)
	rgShamanPaths = rgStepLeaps(rgF, rgA)
)

// rgDukePath is a Duke destination ((k+1, k)-shaped) with the squares before
// it on each of its two paths (SPEC): the orthogonal step first, then the
// diagonal steps; or the diagonal steps first, then the orthogonal step.
type rgDukePath struct {
	d            [2]int
	path1, path2 [][2]int
}

var rgDukePaths = func() [][]rgDukePath {
	// [k-1] holds the destinations (k+1, k) in every orientation.
	var out [][]rgDukePath
	for k := 1; k <= 8; k++ {
		var ring []rgDukePath
		for _, l := range rgW { // the long axis
			for _, s := range rgW { // the short axis, perpendicular
				if l[0]*s[0]+l[1]*s[1] != 0 {
					continue
				}
				diag := [2]int{l[0] + s[0], l[1] + s[1]}
				dp := rgDukePath{d: [2]int{(k+1)*l[0] + k*s[0], (k+1)*l[1] + k*s[1]}}
				for j := 0; j < k; j++ {
					dp.path1 = append(dp.path1, [2]int{l[0] + j*diag[0], l[1] + j*diag[1]})
				}
				for j := 1; j <= k; j++ {
					dp.path2 = append(dp.path2, [2]int{j * diag[0], j * diag[1]})
				}
				ring = append(ring, dp)
			}
		}
		out = append(out, ring)
	}
	return out
}()

// ----------------------------------------------------------------------------
// Move generation.

// rgGen collects the moves of the piece on (f, r). In attack mode it only
// notes whether one of its captures removes the piece on (tgtF, tgtR).
type rgGen struct {
	p          *rgPos
	f, r       int
	white      bool
	fwd        int // +1 for White, -1 for Black
	out        []rgMove
	promos     []rgKind // the kinds a Pawn of this side may promote to
	attack     bool
	tgtF, tgtR int
	hit        bool
}

// capturable: the piece on (f, r) is an enemy other than a Block (which
// nothing captures) and other than a Fool that copied a Block on the last
// move (refexotic_test.go).
func (g *rgGen) capturable(f, r int) bool {
	c := g.p.cell[f][r]
	return c != 0 && (c > 0) != g.white && rgKind(refAbs(int(c))) != rgBlock && !g.p.immune(f, r)
}

func (g *rgGen) empty(f, r int) bool { return rgOn(f, r) && g.p.cell[f][r] == 0 }

// add records a move to (tf, tr); the caller has checked that the square
// is empty or holds a capturable piece.
func (g *rgGen) add(tf, tr int) {
	if g.attack {
		if tf == g.tgtF && tr == g.tgtR {
			g.hit = true
		}
		return
	}
	g.out = append(g.out, rgMove{ff: int8(g.f), fr: int8(g.r), tf: int8(tf), tr: int8(tr), aff: -1, afr: -1})
}

// to: move or capture on (tf, tr).
func (g *rgGen) to(tf, tr int) {
	if !rgOn(tf, tr) {
		return
	}
	c := g.p.cell[tf][tr]
	if c == 0 || g.capturable(tf, tr) {
		g.add(tf, tr)
	}
}

// moveOnly: to an empty square, no capture.
func (g *rgGen) moveOnly(tf, tr int) {
	if g.empty(tf, tr) && !g.attack {
		g.add(tf, tr)
	}
}

// captureOnly: capture on (tf, tr), never a plain move.
func (g *rgGen) captureOnly(tf, tr int) {
	if rgOn(tf, tr) && g.capturable(tf, tr) {
		g.add(tf, tr)
	}
}

// leaps: leap by every offset of every set, moving or capturing.
func (g *rgGen) leaps(sets ...[][2]int) {
	for _, s := range sets {
		for _, d := range s {
			g.to(g.f+d[0], g.r+d[1])
		}
	}
}

// rideFrom: repeated (dx, dy) moves starting from (sf, sr) (not itself a
// destination): each empty landing square is a move and the ride goes on,
// the first occupied one ends it, with a capture if capturable. With a unit
// step this is a slider; with a leap it is a rider (only the landing squares
// matter). max bounds the number of moves (0: unbounded).
func (g *rgGen) rideFrom(sf, sr, dx, dy, max int) {
	tf, tr := sf+dx, sr+dy
	for n := 1; rgOn(tf, tr) && (max == 0 || n <= max); n++ {
		c := g.p.cell[tf][tr]
		if c != 0 {
			if g.capturable(tf, tr) {
				g.add(tf, tr)
			}
			return
		}
		g.add(tf, tr)
		tf, tr = tf+dx, tr+dy
	}
}

func (g *rgGen) rides(set [][2]int) {
	for _, d := range set {
		g.rideFrom(g.f, g.r, d[0], d[1], 0)
	}
}

// hopper: Cannon/Vao/Leo line: plain moves up to the first piece; a capture
// of the first piece after exactly one screen.
func (g *rgGen) hopper(dx, dy int) {
	tf, tr := g.f+dx, g.r+dy
	for ; rgOn(tf, tr) && g.p.cell[tf][tr] == 0; tf, tr = tf+dx, tr+dy {
		if !g.attack {
			g.add(tf, tr)
		}
	}
	if !rgOn(tf, tr) {
		return
	}
	for tf, tr = tf+dx, tr+dy; rgOn(tf, tr); tf, tr = tf+dx, tr+dy {
		if c := g.p.cell[tf][tr]; c != 0 {
			if g.capturable(tf, tr) {
				g.add(tf, tr)
			}
			return
		}
	}
}

// grasshop: along (dx, dy) to the first piece, landing just beyond it.
func (g *rgGen) grasshop(dx, dy int) {
	tf, tr := g.f+dx, g.r+dy
	for rgOn(tf, tr) && g.p.cell[tf][tr] == 0 {
		tf, tr = tf+dx, tr+dy
	}
	if rgOn(tf, tr) {
		g.to(tf+dx, tr+dy)
	}
}

// kangaroo: along (dx, dy) over a first and, after empty squares, a second
// piece, landing just beyond the second.
func (g *rgGen) kangaroo(dx, dy int) {
	tf, tr := g.f+dx, g.r+dy
	for rgOn(tf, tr) && g.p.cell[tf][tr] == 0 {
		tf, tr = tf+dx, tr+dy
	}
	if !rgOn(tf, tr) {
		return
	}
	tf, tr = tf+dx, tr+dy
	for rgOn(tf, tr) && g.p.cell[tf][tr] == 0 {
		tf, tr = tf+dx, tr+dy
	}
	if rgOn(tf, tr) {
		g.to(tf+dx, tr+dy)
	}
}

// stepThen: one step (dx, dy) (a stop or a capture); if that square is
// empty, a ride from it along each of conts.
func (g *rgGen) stepThen(dx, dy int, conts ...[2]int) {
	sf, sr := g.f+dx, g.r+dy
	if !rgOn(sf, sr) {
		return
	}
	c := g.p.cell[sf][sr]
	if c != 0 {
		if g.capturable(sf, sr) {
			g.add(sf, sr)
		}
		return
	}
	g.add(sf, sr)
	for _, d := range conts {
		g.rideFrom(sf, sr, d[0], d[1], 0)
	}
}

// stepLeap: the Hero's or Shaman's composite destinations.
func (g *rgGen) stepLeap(paths []rgStepLeap) {
	for _, sl := range paths {
		tf, tr := g.f+sl.d[0], g.r+sl.d[1]
		if !rgOn(tf, tr) {
			continue
		}
		for _, v := range sl.via {
			if g.empty(g.f+v[0], g.r+v[1]) {
				g.to(tf, tr)
				break
			}
		}
	}
}

func (g *rgGen) allEmpty(path [][2]int) bool {
	for _, v := range path {
		if !g.empty(g.f+v[0], g.r+v[1]) {
			return false
		}
	}
	return true
}

// duke: every (k+1, k) destination with one of its two paths open.
func (g *rgGen) duke() {
	for _, ring := range rgDukePaths {
		for _, dp := range ring {
			tf, tr := g.f+dp.d[0], g.r+dp.d[1]
			if rgOn(tf, tr) && (g.allEmpty(dp.path1) || g.allEmpty(dp.path2)) {
				g.to(tf, tr)
			}
		}
	}
}

func rgEdge(f, r int) bool { return f == 0 || f == 9 || r == 0 || r == 9 }

// edgehog: queen lines, not jumping; the start or the end on an edge square.
func (g *rgGen) edgehog() {
	fromEdge := rgEdge(g.f, g.r)
	for _, d := range rgK8 {
		for tf, tr := g.f+d[0], g.r+d[1]; rgOn(tf, tr); tf, tr = tf+d[0], tr+d[1] {
			c := g.p.cell[tf][tr]
			if c != 0 && !g.capturable(tf, tr) {
				break
			}
			if fromEdge || rgEdge(tf, tr) {
				g.add(tf, tr)
			}
			if c != 0 {
				break
			}
		}
	}
}

// archer: Knight leaps to an empty square or a capturable enemy; an enemy
// (not a Block) one more leap beyond is captured too, compulsorily.
func (g *rgGen) archer() {
	for _, d := range rgN {
		tf, tr := g.f+d[0], g.r+d[1]
		if !rgOn(tf, tr) {
			continue
		}
		c := g.p.cell[tf][tr]
		if c != 0 && !g.capturable(tf, tr) {
			continue
		}
		af, ar := tf+d[0], tr+d[1]
		afar := rgOn(af, ar) && g.capturable(af, ar)
		if g.attack {
			if tf == g.tgtF && tr == g.tgtR && c != 0 || afar && af == g.tgtF && ar == g.tgtR {
				g.hit = true
			}
			continue
		}
		m := rgMove{ff: int8(g.f), fr: int8(g.r), tf: int8(tf), tr: int8(tr), aff: -1, afr: -1}
		if afar {
			m.aff, m.afr = int8(af), int8(ar)
		}
		g.out = append(g.out, m)
	}
}

// pawnTo adds a Pawn move to (tf, tr) with its promotions: optional on the
// relative ranks 8 and 9, compulsory on 10, where a Pawn with no choice
// cannot go (RULES R19).
func (g *rgGen) pawnTo(tf, tr int, ep, double bool) {
	if g.attack {
		if tf == g.tgtF && tr == g.tgtR && !ep {
			g.hit = true
		}
		return
	}
	rel := tr // relative rank, 0-based
	if !g.white {
		rel = 9 - tr
	}
	m := rgMove{ff: int8(g.f), fr: int8(g.r), tf: int8(tf), tr: int8(tr), ep: ep, double: double, aff: -1, afr: -1}
	if rel < 9 {
		g.out = append(g.out, m)
	}
	if rel >= 7 {
		for _, k := range g.promos {
			m.promo = k
			g.out = append(g.out, m)
		}
	}
}

func (g *rgGen) pawn() {
	p := g.p
	fwd := g.fwd
	if !g.attack {
		if g.empty(g.f, g.r+fwd) {
			g.pawnTo(g.f, g.r+fwd, false, false)
			third := 2
			if !g.white {
				third = 7
			}
			if g.r == third && g.empty(g.f, g.r+2*fwd) {
				g.pawnTo(g.f, g.r+2*fwd, false, true)
			}
		}
	}
	for _, dx := range []int{-1, 1} {
		tf, tr := g.f+dx, g.r+fwd
		if rgOn(tf, tr) && g.capturable(tf, tr) {
			g.pawnTo(tf, tr, false, false)
		}
		// En passant: the side to move only, onto the empty passed square,
		// removing the enemy Pawn that stepped past it.
		if !g.attack && p.epF == tf && p.epR == tr && g.white == p.white &&
			p.cell[tf][tr] == 0 && g.capturable(tf, g.r) && p.kindAt(tf, g.r) == rgPawn {
			g.pawnTo(tf, tr, true, false)
		}
	}
}

// generate runs the moves of the piece on (g.f, g.r) through g.
func (p *rgPos) generate(g *rgGen) { p.generateKind(g, p.kindAt(g.f, g.r)) }

// generateKind runs the moves of a piece of kind k standing on (g.f, g.r)
// (the Fool and the Chameleon borrow other kinds' moves this way).
func (p *rgPos) generateKind(g *rgGen, k rgKind) {
	fw := g.fwd
	switch k {
	case rgKing, rgGuard:
		g.leaps(rgK8)
	case rgQueen:
		g.rides(rgK8)
	case rgMarshall:
		g.rides(rgW)
		g.leaps(rgN)
	case rgCardinal:
		g.rides(rgF)
		g.leaps(rgN)
	case rgRook:
		g.rides(rgW)
	case rgBishop:
		g.rides(rgF)
	case rgKnight:
		g.leaps(rgN)
	case rgPawn:
		g.pawn()
	case rgCentaur:
		g.leaps(rgK8, rgN)
	case rgAmazon:
		g.rides(rgK8)
		g.leaps(rgN)
	case rgKnightRider:
		g.rides(rgN)
	case rgArcher:
		g.archer()
	case rgSideMover: // horizontal slides, one step forward or backward
		g.rides([][2]int{{1, 0}, {-1, 0}})
		g.leaps([][2]int{{0, 1}, {0, -1}})
	case rgVerticalMover: // vertical slides, one step left or right
		g.rides([][2]int{{0, 1}, {0, -1}})
		g.leaps([][2]int{{1, 0}, {-1, 0}})
	case rgFerz:
		g.leaps(rgF)
	case rgDragonKing:
		g.rides(rgW)
		g.leaps(rgF)
	case rgKnightFerz:
		g.leaps(rgN, rgF)
	case rgWazir:
		g.leaps(rgW)
	case rgSteward: // moves as a Wazir, captures as a Ferz
		for _, d := range rgW {
			g.moveOnly(g.f+d[0], g.r+d[1])
		}
		for _, d := range rgF {
			g.captureOnly(g.f+d[0], g.r+d[1])
		}
	case rgDragonHorse:
		g.rides(rgF)
		g.leaps(rgW)
	case rgKnightWazir:
		g.leaps(rgN, rgW)
	case rgRhino: // a W step; from an empty one, one diagonal step outward
		for _, d := range rgW {
			var conts [][2]int
			if d[0] != 0 {
				conts = [][2]int{{d[0], 1}, {d[0], -1}}
			} else {
				conts = [][2]int{{1, d[1]}, {-1, d[1]}}
			}
			sf, sr := g.f+d[0], g.r+d[1]
			if !rgOn(sf, sr) {
				continue
			}
			g.to(sf, sr)
			if g.p.cell[sf][sr] == 0 {
				for _, e := range conts {
					g.to(sf+e[0], sr+e[1])
				}
			}
		}
	case rgElephant:
		g.leaps(rgA)
	case rgPhoenix:
		g.leaps(rgA, rgW)
	case rgModernElephant:
		g.leaps(rgA, rgF)
	case rgMammoth:
		g.leaps(rgA, rgK8)
	case rgDabbaba:
		g.leaps(rgD)
	case rgDabbabaRider:
		g.rides(rgD)
	case rgKnightDabbaba:
		g.leaps(rgN, rgD)
	case rgDabbabaWazir:
		g.leaps(rgD, rgW)
	case rgKirin:
		g.leaps(rgD, rgF)
	case rgAlibaba:
		g.leaps(rgA, rgD)
	case rgBadger:
		g.rides(rgF)
		g.leaps(rgD)
	case rgOx: // moves as Knight, Dabbaba or Alfil; captures as a Ferz
		for _, d := range rgJoin(rgN, rgD, rgA) {
			g.moveOnly(g.f+d[0], g.r+d[1])
		}
		for _, d := range rgF {
			g.captureOnly(g.f+d[0], g.r+d[1])
		}
	case rgCamel:
		g.leaps(rgC)
	case rgCamelFerz:
		g.leaps(rgC, rgF)
	case rgCamelWazir:
		g.leaps(rgC, rgW)
	case rgCamelGuard:
		g.leaps(rgC, rgK8)
	case rgCamelRook:
		g.leaps(rgC)
		g.rides(rgW)
	case rgGiraffe:
		g.leaps(rgG41)
	case rgZebra:
		g.leaps(rgZ)
	case rgZebraFerz:
		g.leaps(rgZ, rgF)
	case rgZebraWazir:
		g.leaps(rgZ, rgW)
	case rgZebraBishop:
		g.leaps(rgZ)
		g.rides(rgF)
	case rgZebraRook:
		g.leaps(rgZ)
		g.rides(rgW)
	case rgZebraGuard:
		g.leaps(rgZ, rgK8)
	case rgPegasus:
		g.leaps(rgZ, rgG41)
	case rgWildebeest:
		g.leaps(rgN, rgC)
	case rgCamelZebra:
		g.leaps(rgC, rgZ)
	case rgKnightCamelZebra:
		g.leaps(rgN, rgC, rgZ)
	case rgGrasshopper:
		for _, d := range rgK8 {
			g.grasshop(d[0], d[1])
		}
	case rgScorpion:
		g.leaps(rgK8)
		for _, d := range rgK8 {
			g.grasshop(d[0], d[1])
		}
	case rgHero:
		g.leaps(rgW, rgD)
		g.stepLeap(rgHeroPaths)
	case rgShaman:
		g.leaps(rgF, rgA)
		g.stepLeap(rgShamanPaths)
	case rgBlock: // up to three squares on queen lines, never captures
		if !g.attack {
			for _, d := range rgK8 {
				for n, tf, tr := 1, g.f+d[0], g.r+d[1]; n <= 3 && g.empty(tf, tr); n, tf, tr = n+1, tf+d[0], tr+d[1] {
					g.add(tf, tr)
				}
			}
		}
	case rgButterfly: // Knight's front leaps and back-sideways leaps, diagonal back steps, forward-sideways camel leaps
		g.leaps([][2]int{{1, 2 * fw}, {-1, 2 * fw}, {2, -fw}, {-2, -fw},
			{1, -fw}, {-1, -fw}, {3, fw}, {-3, fw}})
	case rgCrab: // two forward and one sideways, or one back and two sideways
		g.leaps([][2]int{{1, 2 * fw}, {-1, 2 * fw}, {2, -fw}, {-2, -fw}})
	case rgDragon: // Rook; or a diagonal step, then a Dabbaba-rider outward
		g.rides(rgW)
		for _, d := range rgF {
			g.stepThen(d[0], d[1], [2]int{2 * d[0], 0}, [2]int{0, 2 * d[1]})
		}
	case rgEdgehog:
		g.edgehog()
	case rgDuke:
		g.duke()
	case rgFrog:
		g.leaps(rgF, rgThr0)
	case rgGryphon: // a diagonal step, then a Rook outward
		for _, d := range rgF {
			g.stepThen(d[0], d[1], [2]int{d[0], 0}, [2]int{0, d[1]})
		}
	case rgKangaroo:
		for _, d := range rgK8 {
			g.kangaroo(d[0], d[1])
		}
	case rgLion: // D and A leaps move or capture; one step captures only
		g.leaps(rgD, rgA)
		for _, d := range rgK8 {
			g.captureOnly(g.f+d[0], g.r+d[1])
		}
	case rgMage:
		g.leaps(rgK8, rgD, rgA, rgN)
	case rgChampion:
		g.leaps(rgW, rgA, rgD)
	case rgSquirrel:
		g.leaps(rgD, rgA, rgN)
	case rgTemplar: // Dabbaba; one or two squares diagonally as a Bishop
		g.leaps(rgD)
		for _, d := range rgF {
			g.rideFrom(g.f, g.r, d[0], d[1], 2)
		}
	case rgTiger: // a Zebra leap; from an empty landing, a Bishop outward
		for _, d := range rgZ {
			g.stepThen(d[0], d[1], [2]int{refSign(d[0]), refSign(d[1])})
		}
	case rgCannon:
		for _, d := range rgW {
			g.hopper(d[0], d[1])
		}
	case rgVao:
		for _, d := range rgF {
			g.hopper(d[0], d[1])
		}
	case rgLeo:
		for _, d := range rgK8 {
			g.hopper(d[0], d[1])
		}
	default:
		if !p.generateExotic(g, k) { // refexotic_test.go
			panic(fmt.Sprintf("refgrand: no moves for kind %d", k))
		}
	}
}

// promotions: the kinds a Pawn of this side may promote to (RULES R19).
func (p *rgPos) promotions(white bool) []rgKind {
	var out []rgKind
	army := &p.army[rgSide(white)]
	var count [rgKinds]int
	if p.ptype == rgCaptured {
		for f := 0; f < 10; f++ {
			for r := 0; r < 10; r++ {
				if c := p.cell[f][r]; c != 0 && (c > 0) == white {
					count[refAbs(int(c))]++
				}
			}
		}
	}
	for k := rgKing; k < rgKinds; k++ {
		if k == rgKing || k == rgPawn {
			continue
		}
		switch p.ptype {
		case rgAll:
			out = append(out, k)
		case rgInitial:
			if army[k] > 0 {
				out = append(out, k)
			}
		default:
			if count[k] < int(army[k]) {
				out = append(out, k)
			}
		}
	}
	return out
}

// kingAttacked: some enemy capture would remove the King of this side
// (RULES R1); frozen enemy pieces give no check.
func (p *rgPos) kingAttacked(white bool) bool {
	want := int8(rgKing)
	if !white {
		want = -want
	}
	kf, kr := -1, -1
	for f := 0; f < 10 && kf < 0; f++ {
		for r := 0; r < 10; r++ {
			if p.cell[f][r] == want {
				kf, kr = f, r
				break
			}
		}
	}
	if kf < 0 {
		return false
	}
	g := rgGen{p: p, white: !white, fwd: 1, attack: true, tgtF: kf, tgtR: kr}
	if white {
		g.fwd = -1
	}
	for f := 0; f < 10; f++ {
		for r := 0; r < 10; r++ {
			c := p.cell[f][r]
			if c == 0 || (c > 0) == white {
				continue
			}
			if p.frozenAt(f, r) { // the five-move rule or immobilized
				continue
			}
			g.f, g.r = f, r
			p.generate(&g)
			if g.hit {
				return true
			}
		}
	}
	return false
}

// pseudoMoves: the moves of the side to move before the check test.
func (p *rgPos) pseudoMoves() []rgMove {
	g := rgGen{p: p, white: p.white, fwd: 1, promos: p.promotions(p.white)}
	if !p.white {
		g.fwd = -1
	}
	for f := 0; f < 10; f++ {
		for r := 0; r < 10; r++ {
			c := p.cell[f][r]
			if c == 0 || (c > 0) != p.white || p.frozenAt(f, r) {
				continue
			}
			g.f, g.r = f, r
			p.generate(&g)
		}
	}
	return g.out
}

// play returns the position after m (a copy).
func (p *rgPos) play(m rgMove) *rgPos {
	q := *p
	if m.conv { // refexotic_test.go
		q.playConversion(p, m)
		return &q
	}
	piece := q.cell[m.ff][m.fr]
	capture := q.cell[m.tf][m.tr] != 0
	q.cell[m.ff][m.fr] = 0
	if m.ep {
		q.cell[m.tf][m.fr] = 0
		capture = true
	}
	if m.aff >= 0 {
		q.cell[m.aff][m.afr] = 0
		capture = true
	}
	for i := range int(m.nx) {
		q.cell[m.xs[i][0]][m.xs[i][1]] = 0
		capture = true
	}
	if m.promo != rgNone {
		piece = int8(m.promo) * int8(refSign(int(piece)))
	}
	q.cell[m.tf][m.tr] = piece
	q.epF, q.epR = -1, -1
	if m.double {
		q.epF, q.epR = int(m.tf), (int(m.fr)+int(m.tr))/2
	}
	if capture || rgKind(refAbs(int(p.cell[m.ff][m.fr]))) == rgPawn {
		q.half = 0
	} else {
		q.half++
	}
	q.rememberForFools(p, m) // refexotic_test.go
	if !p.white {
		q.full++
	}
	q.white = !p.white
	return &q
}

// legalMoves: every move after which the mover's King is not in check
// (RULES R2).
func (p *rgPos) legalMoves() []rgMove {
	pseudo := p.pseudoMoves()
	legal := pseudo[:0]
	for _, m := range pseudo {
		if !p.play(m).kingAttacked(p.white) {
			legal = append(legal, m)
		}
	}
	return legal
}

func (p *rgPos) inCheck() bool { return p.kingAttacked(p.white) }

// rgPerftParallel counts perft leaves with the shared plumbing of refperft_test.go.
func rgPerftParallel(p *rgPos, depth int) uint64 { return refPerftParallelOf[*rgPos, rgMove](p, depth) }

func rgMustFEN(t testing.TB, fen string) *rgPos {
	t.Helper()
	p, err := rgParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// ----------------------------------------------------------------------------
// Random positions and playouts.

// freeHome returns the empty squares of White's two home ranks, shuffled.
func (p *rgPos) freeHome(rng *rand.Rand) [][2]int {
	var free [][2]int
	for f := 0; f < 10; f++ {
		for r := 0; r < 2; r++ {
			if p.cell[f][r] == 0 {
				free = append(free, [2]int{f, r})
			}
		}
	}
	rng.Shuffle(len(free), func(i, j int) { free[i], free[j] = free[j], free[i] })
	return free
}

// rgRandomSetup is the classical array plus up to ten random catalogue
// pieces on empty squares of White's two home ranks, mirrored across the
// middle rank for Black (RULES R27), with a random promotion type; the
// armies are the classical ones plus the extra pieces.
func rgRandomSetup(rng *rand.Rand) *rgPos {
	for {
		p, err := rgParseFEN(rgStart)
		if err != nil {
			panic(err)
		}
		free := p.freeHome(rng)
		n := 1 + rng.Intn(len(free))
		for _, sq := range free[:n] {
			k := rgGuard + rgKind(rng.Intn(int(rgCatalogueEnd-rgGuard)))
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

// putRandom puts a piece of kind k and the given colour on a random empty
// square where it may stand (a Pawn never on its first two ranks nor the
// last) and returns the square.
func (p *rgPos) putRandom(rng *rand.Rand, k rgKind, white bool) (int, int) {
	for {
		f, r := rng.Intn(10), rng.Intn(10)
		if p.cell[f][r] != 0 {
			continue
		}
		rel := r
		if !white {
			rel = 9 - r
		}
		if k == rgPawn && (rel < 2 || rel > 8) {
			continue
		}
		if white {
			p.cell[f][r] = int8(k)
		} else {
			p.cell[f][r] = -int8(k)
		}
		return f, r
	}
}

// rgRandomSparse places both Kings and a few random pieces of any kind on
// random squares (Pawns on ranks from which they can still move forward or
// stand, never on their first two ranks nor the last), a random promotion
// type, armies holding every piece on the board and some lost ones, a
// move number around the moment the frozen pieces thaw, and sometimes an
// en-passant square behind a Pawn that may just have stepped two.
func rgRandomSparse(rng *rand.Rand) *rgPos {
	for {
		p := &rgPos{epF: -1, epR: -1, white: rng.Intn(2) == 0, full: 1 + rng.Intn(9), ptype: rng.Intn(3)}
		put := func(k rgKind, white bool) (int, int) { return p.putRandom(rng, k, white) }
		put(rgKing, true)
		put(rgKing, false)
		for range 4 + rng.Intn(18) {
			k := rgQueen + rgKind(rng.Intn(int(rgCatalogueEnd-rgQueen)))
			if rng.Intn(4) == 0 {
				k = rgPawn
			}
			put(k, rng.Intn(2) == 0)
		}
		p.randomArmies(rng, rgCatalogueEnd)
		if p.kingAttacked(!p.white) {
			continue // the side that just moved cannot be in check
		}
		if rng.Intn(3) == 0 {
			p.randomEnPassant(rng, false, nil)
		}
		return p
	}
}

// randomArmies sets p's initial armies: every piece on the board but the
// Kings and Pawns, and up to three lost pieces a side of the kinds from the
// Queen up to end (exclusive).
func (p *rgPos) randomArmies(rng *rand.Rand, end rgKind) {
	for f := 0; f < 10; f++ {
		for r := 0; r < 10; r++ {
			c := p.cell[f][r]
			if k := rgKind(refAbs(int(c))); c != 0 && k != rgKing && k != rgPawn {
				p.army[rgSide(c > 0)][k]++
			}
		}
	}
	for side := range 2 {
		for range rng.Intn(4) {
			p.army[side][rgQueen+rgKind(rng.Intn(int(end-rgQueen)))]++
		}
		p.army[side][rgPawn] = 0 // an army holds no Pawns
	}
}

// randomEnPassant gives p, sometimes, an en-passant square: behind a Pawn
// of the side that just moved that may just have stepped two from its third
// rank (a White Pawn on rank 5 with ranks 4 and 3 empty below it gives the
// square on rank 4; a Black one on rank 6 with ranks 7 and 8 empty above it,
// one on rank 7), and usually a piece of the side to move beside it that
// can take there: a Pawn, or with fools sometimes a Fool. set, when not
// nil, runs once the square is set, before that piece is placed (the
// exotic reference's Fools then copy the Pawn). It says whether it set the
// square.
func (p *rgPos) randomEnPassant(rng *rand.Rand, fools bool, set func()) bool {
	r, dir := 4, -1 // Black to move: White just moved
	if p.white {
		r, dir = 5, 1
	}
	stepper := int8(rgPawn)
	if p.white {
		stepper = -stepper
	}
	var cands []int
	for f := 0; f < 10; f++ {
		if p.cell[f][r] == stepper && p.cell[f][r+dir] == 0 && p.cell[f][r+2*dir] == 0 {
			cands = append(cands, f)
		}
	}
	if len(cands) == 0 {
		return false
	}
	f := cands[rng.Intn(len(cands))]
	p.epF, p.epR = f, r+dir
	if set != nil {
		set()
	}
	tf := f + 1 - 2*rng.Intn(2)
	if rng.Intn(4) > 0 && rgOn(tf, r) && p.cell[tf][r] == 0 {
		taker := -stepper
		if fools && rng.Intn(2) == 0 {
			taker = int8(rgFool) * int8(refSign(int(taker)))
		}
		p.cell[tf][r] = taker
		if p.kingAttacked(!p.white) {
			p.cell[tf][r] = 0
		}
	}
	return true
}

// rgPick chooses a move: uniformly, or (advance) weighted toward
// promotions, captures and forward Pawn moves.
func rgPick(p *rgPos, ms []rgMove, rng *rand.Rand, advance bool) rgMove {
	if !advance {
		return ms[rng.Intn(len(ms))]
	}
	weights := make([]int, len(ms))
	total := 0
	for i, m := range ms {
		w := 1
		if p.cell[m.tf][m.tr] != 0 || m.ep || m.aff >= 0 || m.nx > 0 {
			w += 8
		}
		if m.promo != rgNone {
			w += 30
		}
		if p.kindAt(int(m.ff), int(m.fr)) == rgPawn {
			w += 10
		}
		weights[i] = w
		total += w
	}
	x := rng.Intn(total)
	for i, w := range weights {
		if x < w {
			return ms[i]
		}
		x -= w
	}
	return ms[len(ms)-1]
}

// ----------------------------------------------------------------------------
// Comparison with the engine.

func rgEnginePosition(t testing.TB, fen string) (*Position, error) {
	t.Helper()
	s, err := ParseFEN(MustBuiltin("grand"), fen)
	if err != nil {
		return nil, err
	}
	return NewPosition(s)
}

// rgCompare compares the legal moves (coordinate form), the squares each
// move captures on and those it converts, and reports what differs.
func rgCompare(t *testing.T, rp *rgPos, ms []rgMove, ep *Position) bool {
	t.Helper()
	ref := map[string]string{}
	for _, m := range ms {
		u := rp.uci(m)
		if _, dup := ref[u]; dup {
			t.Errorf("reference generates %s twice in %s", u, rp.fen())
		}
		ref[u] = strings.Join(rp.captures(m), ",")
		if conv := rp.converted(m); len(conv) > 0 {
			ref[u] += ";" + strings.Join(conv, ",")
		}
	}
	return refMovesAgree(t, rp.fen(), ref, ep)
}

// rgTally counts what a comparison covered, for the log.
func rgTally(p *rgPos, ms []rgMove, tally map[string]int) {
	tally["positions"]++
	if p.inCheck() {
		tally["in check"]++
	}
	for _, side := range []bool{true, false} {
		if p.frozen(side) {
			for f := 0; f < 10; f++ {
				for r := 0; r < 10; r++ {
					if c := p.cell[f][r]; c != 0 && (c > 0) == side && rgFrozenKind[refAbs(int(c))] {
						tally["frozen pieces (per position)"]++
					}
				}
			}
		}
	}
	for _, m := range ms {
		k := p.kindAt(int(m.ff), int(m.fr))
		tally["moves by "+rgName[k]]++
		switch {
		case m.ep:
			tally["en passant"]++
		case m.aff >= 0:
			tally["Archer captures from afar"]++
		}
		if m.promo != rgNone {
			tally["promotions ("+rgTypeName[p.ptype]+")"]++
		}
		rel := int(m.tr)
		if !p.white {
			rel = 9 - rel
		}
		if k == rgPawn && m.promo == rgNone && rel >= 7 {
			tally["Pawn moves to rank 8/9 without promoting"]++
		}
	}
}

// ----------------------------------------------------------------------------
// Tests.

// rgCaseLimitShort and rgCaseLimit bound the counts the reference
// recomputes under -short and without it; REFGEN_ALL=1 lifts both. The
// reference counts about a million leaves a second on two cores (from
// 300,000 in crowded positions with extra pieces to 1.5 million at the
// start), so the default run, the published start perft(4) included, takes
// some 30 seconds.
const (
	rgCaseLimitShort = 300_000
	rgCaseLimit      = 16_000_000
)

// TestReferenceGrandPublished: the reference reproduces the published
// Grand Chess counts (Fairy-Stockfish).
func TestReferenceGrandPublished(t *testing.T) {
	skipUnderRace(t)
	all := os.Getenv("REFGEN_ALL") == "1"
	cases := []struct {
		fen   string
		depth int
		nodes uint64
	}{
		{rgStart, 1, 65},
		{rgStart, 2, 4225},
		{rgStart, 3, 259514},
		{rgStart, 4, 15921643},
		{"r8r/1nbqkcabn1/ppp2ppppp/3p6/4pP4/10/10/PPPPP1PPPP/1NBQKCABN1/R8R w - e7 0 3", 2, 5768},
	}
	for _, tc := range cases {
		if tc.nodes > rgCaseLimit && !all || tc.nodes > rgCaseLimitShort && testing.Short() {
			t.Logf("perft(%d) = %d of %s skipped (REFGEN_ALL=1 runs it)", tc.depth, tc.nodes, tc.fen)
			continue
		}
		start := time.Now()
		if got := rgPerftParallel(rgMustFEN(t, tc.fen), tc.depth); got != tc.nodes {
			t.Errorf("reference perft(%q, %d) = %d; want %d", tc.fen, tc.depth, got, tc.nodes)
		}
		t.Logf("perft(%d) = %d in %v", tc.depth, tc.nodes, time.Since(start).Round(time.Millisecond))
	}
}

// TestReferenceGrandPerftSuite recomputes every count of grand.perft with
// the reference (those over rgCaseLimit only with REFGEN_ALL=1, those over
// rgCaseLimitShort not under -short).
func TestReferenceGrandPerftSuite(t *testing.T) {
	skipUnderRace(t)
	all := os.Getenv("REFGEN_ALL") == "1"
	for _, tc := range readPerftSuite(t, "grand") {
		t.Run(fmt.Sprintf("%s/%d", tc.id, tc.depth), func(t *testing.T) {
			if !all && testing.Short() && tc.nodes > rgCaseLimitShort {
				t.Skipf("%d nodes: skipped under -short", tc.nodes)
			}
			if !all && tc.nodes > rgCaseLimit {
				t.Skipf("%d nodes: too slow for the reference in the default run; set REFGEN_ALL=1", tc.nodes)
			}
			p := rgMustFEN(t, tc.fen)
			if p.kingAttacked(!p.white) {
				t.Fatalf("%s: the side not to move is in check", tc.fen)
			}
			start := time.Now()
			if got := rgPerftParallel(p, tc.depth); got != tc.nodes {
				t.Errorf("reference perft(%q, %d) = %d; want %d", tc.fen, tc.depth, got, tc.nodes)
			}
			t.Logf("%d nodes in %v", tc.nodes, time.Since(start).Round(time.Millisecond))
		})
	}
}

// TestPerftGrand: the engine on the suite the reference established.
func TestPerftGrand(t *testing.T) { runPerftSuite(t, "grand") }

// TestReferenceGrandAgrees compares the engine's legal moves, the squares
// each captures on and its FEN with the reference's: in every suite position
// and the positions one move later, along fixed-seed playouts from random
// extra-piece setups, and in sparse random positions and their children.
func TestReferenceGrandAgrees(t *testing.T) {
	skipUnderRace(t)
	if got := MustBuiltin("grand").StartFEN(); got != rgStart {
		t.Errorf("engine start FEN %q; reference %q", got, rgStart)
	}
	// compareTree compares p and, if deep, every position one move later.
	compareTree := func(t *testing.T, rp *rgPos, ep *Position, deep bool, tally map[string]int) bool {
		t.Helper()
		ms := rp.legalMoves()
		rgTally(rp, ms, tally)
		if !rgCompare(t, rp, ms, ep) {
			return false
		}
		if a, b := rp.fen(), refEngineFEN(ep); a != b {
			t.Errorf("FEN differs:\n  reference %s\n  engine    %s", a, b)
			return false
		}
		if !deep {
			return true
		}
		for _, m := range ms {
			u := rp.uci(m)
			child, next := rp.play(m), refEnginePlay(t, ep, u)
			cms := child.legalMoves()
			rgTally(child, cms, tally)
			if !rgCompare(t, child, cms, next) {
				t.Logf("(after %s in %s)", u, rp.fen())
				return false
			}
			if a, b := child.fen(), refEngineFEN(next); a != b {
				t.Errorf("FEN after %s in %s differs:\n  reference %s\n  engine    %s", u, rp.fen(), a, b)
				return false
			}
		}
		return true
	}

	t.Run("fen", func(t *testing.T) {
		// The seventh field in its canonical form: written only when it
		// differs from captured with the classical armies, the army only
		// when it is not the classical one, in grand.json order, White
		// first.
		board := "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"
		for _, field := range []string{"", "captured", "initial", "all",
			"captured:QCARRBBNNqcarrbbnn", "initial:NNBBRRACQnnbbrracq",
			"captured:QCARRBBNNXqcarrbbnnx", "initial:XQCARRBBNNGH''B''xqcarrbbnnh''gb''",
			"captured:B''NQqcarrbbnn", "initial:Qq", "captured:QCARRBBNNqcarrbbnnl'"} {
			fen := strings.TrimSpace(board + " " + field)
			rp := rgMustFEN(t, fen)
			ep, err := rgEnginePosition(t, fen)
			if err != nil {
				t.Errorf("engine rejects %s: %v", fen, err)
				continue
			}
			if a, b := rp.fen(), refEngineFEN(ep); a != b {
				t.Errorf("FEN of %q:\n  reference %s\n  engine    %s", fen, a, b)
			}
		}
	})

	t.Run("suite", func(t *testing.T) {
		tally := map[string]int{}
		seen := map[string]bool{}
		for _, tc := range readPerftSuite(t, "grand") {
			if seen[tc.fen] {
				continue
			}
			seen[tc.fen] = true
			rp := rgMustFEN(t, tc.fen)
			ep, err := rgEnginePosition(t, tc.fen)
			if err != nil {
				t.Errorf("engine rejects %s: %v", tc.fen, err)
				continue
			}
			if !compareTree(t, rp, ep, true, tally) {
				t.Errorf("(suite position %s)", tc.id)
			}
		}
		refLogTally(t, tally)
	})

	t.Run("playouts", func(t *testing.T) {
		tally := map[string]int{}
		games, plies := 20, 60
		if testing.Short() {
			games = 8
		}
		if os.Getenv("REFGEN_ALL") == "1" {
			games = 200
		}
		for game := range games {
			seed := int64(7000 + game)
			rng := rand.New(rand.NewSource(seed))
			rp := rgRandomSetup(rng)
			start := rp.fen()
			ep, err := rgEnginePosition(t, start)
			if err != nil {
				t.Fatalf("engine rejects %s: %v", start, err)
			}
			advance := game%2 == 1
			for ply := range plies {
				ms := rp.legalMoves()
				rgTally(rp, ms, tally)
				if !rgCompare(t, rp, ms, ep) {
					t.Fatalf("game %d (seed %d, from %s), ply %d", game, seed, start, ply)
				}
				if a, b := rp.fen(), refEngineFEN(ep); a != b {
					t.Fatalf("game %d, ply %d: FEN differs:\n  reference %s\n  engine    %s", game, ply, a, b)
				}
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
		rgSparse(t, 4242, [3]int{60, 200, 3000}, rgRandomSparse, func(t *testing.T, rp *rgPos, ep *Position, tally map[string]int) bool {
			return compareTree(t, rp, ep, false, tally)
		})
	})
}

// rgSparse compares count random positions made by gen (counts[0] under
// -short, counts[1] by default, counts[2] with REFGEN_ALL=1), each and every
// position one move later, with compare; it stops after five positions that
// differ, and tolerates no more than five the engine rejects.
func rgSparse(t *testing.T, seed int64, counts [3]int, gen func(*rand.Rand) *rgPos,
	compare func(*testing.T, *rgPos, *Position, map[string]int) bool) {
	t.Helper()
	tally := map[string]int{}
	count := counts[1]
	if testing.Short() {
		count = counts[0]
	}
	if os.Getenv("REFGEN_ALL") == "1" {
		count = counts[2]
	}
	rng := rand.New(rand.NewSource(seed))
	failures, rejected := 0, 0
	for range count {
		rp := gen(rng)
		fen := rp.fen()
		ep, err := rgEnginePosition(t, fen)
		if err != nil {
			t.Errorf("engine rejects %s: %v", fen, err)
			if rejected++; rejected >= 5 {
				t.Fatalf("too many rejected")
			}
			continue
		}
		ok := compare(t, rp, ep, tally)
		for _, m := range rp.legalMoves() {
			if !ok {
				break
			}
			u := rp.uci(m)
			child, next := rp.play(m), refEnginePlay(t, ep, u)
			if ok = compare(t, child, next, tally); !ok {
				t.Logf("(after %s in %s)", u, fen)
			}
		}
		if !ok {
			if failures++; failures >= 5 {
				t.Fatalf("too many differences")
			}
		}
	}
	refLogTally(t, tally)
	t.Logf("%d positions, %d rejected by the engine", count, rejected)
}

// rgPlace writes a FEN from pieces given as letter and square ("Ke1",
// "n'f6", "B”d4") and the remaining fields (tail, e.g. "w - - 0 10").
func rgPlace(spec, tail string) string {
	p := &rgPos{}
	for _, tok := range strings.Fields(spec) {
		j := 1
		for j < len(tok) && tok[j] == '\'' {
			j++
		}
		kind, ok := rgKindOf[strings.ToUpper(tok[:j])]
		f := int(tok[j] - 'a')
		r, err := strconv.Atoi(tok[j+1:])
		if !ok || err != nil || !rgOn(f, r-1) || p.cell[f][r-1] != 0 {
			panic("rgPlace: bad token " + tok)
		}
		if tok[0] >= 'a' && tok[0] <= 'z' {
			p.cell[f][r-1] = -int8(kind)
		} else {
			p.cell[f][r-1] = int8(kind)
		}
	}
	board, _, _ := strings.Cut(p.fen(), " ")
	return board + " " + tail
}

// TestReferenceGrandRules checks the reference itself against the rule
// texts on small hand-made positions (moves that must and must not be
// legal, the squares a move captures on, check), then compares it with the
// engine in each of them.
func TestReferenceGrandRules(t *testing.T) {
	cases := []struct {
		name, fen  string
		want, dont []string
		caps       map[string]string // move -> captured squares, sorted, joined by ","
		check      int               // 1: the side to move is in check; -1: it is not
	}{{
		// Archer: a Knight leap; the enemy one more leap beyond is taken
		// too, never a Block nor its own side; a Block (either side's) or
		// an own piece on the landing square stops the leap.
		name: "archer from afar",
		fen:  rgPlace("Ka1 kj10 Xe4 nf6 bg8 pc8 b''g5 ri6 Pc3 B''d2 n'f2 Ni2", "w - - 0 10"),
		want: []string{"e4f6", "e4d6", "e4c5", "e4g3", "e4f2"},
		dont: []string{"e4g5", "e4c3", "e4d2"},
		caps: map[string]string{"e4f6": "f6,g8", "e4d6": "c8", "e4c5": "", "e4g3": "", "e4f2": "f2"},
	}, {
		// The King one more leap beyond is in check when the Archer can
		// make the leap; the landing square may hold a capturable piece.
		name:  "archer: check from afar",
		fen:   rgPlace("Ka1 kg8 Xe4 nf6", "b - - 0 10"),
		check: 1,
		want:  []string{"f6e4", "g8h8", "g8g7", "g8f7", "g8h9"},
		dont:  []string{"f6d5", "f6h5", "f6g4", "f6e8", "f6d7", "f6h7"},
	}, {
		name:  "archer: no check over a Block or an own piece on the landing square",
		fen:   rgPlace("Ka1 kg8 Xe4 b''f6 Xc6 Pe7", "b - - 0 10"),
		check: -1,
	}, {
		// Hero (RULES R24): e8 by e6 or e7, both taken; f7 by f5 or e7,
		// both taken; g6 by e6 or g5, both taken; h5 by f5 or g5.
		name: "hero",
		fen:  rgPlace("Ka1 kj10 He5 ne6 ne7 Pf5 rg5", "w - - 0 10"),
		want: []string{"e5e6", "e5e4", "e5d5", "e5e7", "e5e3", "e5c5", "e5g5", "e5e2", "e5b5",
			"e5d7", "e5f3", "e5d3", "e5g4", "e5c6", "e5c4"},
		dont: []string{"e5e8", "e5h5", "e5f7", "e5g6", "e5f5", "e5f6", "e5d6", "e5f4", "e5d4"},
	}, {
		name: "hero: one open path is enough",
		fen:  rgPlace("Ka1 kj10 He5 ne6 Pf5 Pd5 Pe4", "w - - 0 10"),
		want: []string{"e5e8", "e5f7", "e5d7", "e5g6", "e5c6", "e5g4", "e5c4", "e5h5", "e5b5",
			"e5e2", "e5f3", "e5d3"},
	}, {
		// Shaman: h8 by f6 or g7, both taken; h6 = (1,-1) + (2,2) by f4 or
		// g7, both taken; h4 = (1,1) + (2,-2) by f6 or g3.
		name: "shaman",
		fen:  rgPlace("Ka1 kj10 Se5 nf6 ng7 Pf4", "w - - 0 10"),
		want: []string{"e5d6", "e5d4", "e5f6", "e5c7", "e5c3", "e5g3", "e5g7", "e5b8", "e5b2",
			"e5h2", "e5d8", "e5f2", "e5d2", "e5b6", "e5b4", "e5h4", "e5f8"},
		dont: []string{"e5h8", "e5h6", "e5f4", "e5e7", "e5g9"},
	}, {
		// On the top rank the step (1,1) of h9's path would leave the
		// board: only the leap first through g8 is left, and it is taken.
		name: "shaman: a path off the board is closed",
		fen:  rgPlace("Ka1 kj1 Se10 Pg8 Pc8", "w - - 0 10"),
		want: []string{"e10f9", "e10d9", "e10h7", "e10b7", "e10f7", "e10d7"},
		dont: []string{"e10h9", "e10b9"},
	}, {
		// Duke (SPEC): g6 by f5 or f6; h7 by f5-g6 or f6-g7, both taken;
		// never next to its start.
		name: "duke",
		fen:  rgPlace("Ka1 kj10 Ue5 Pf5 ng7 nd4", "w - - 0 10"),
		want: []string{"e5g6", "e5f7", "e5g4", "e5f3", "e5c6", "e5d7", "e5c4", "e5d3", "e5h3",
			"e5b7", "e5b3", "e5g8", "e5c8", "e5g2", "e5c2", "e5i2", "e5a8", "e5a2", "e5h9",
			"e5b9", "e5h1", "e5b1", "e5j1", "e5i10", "e5a10"},
		dont: []string{"e5h7", "e5i8", "e5j9", "e5f6", "e5e6", "e5e7", "e5g5", "e5h4", "e5b4", "e5d4", "e5g7"},
	}, {
		// Edgehog: from e5 only to edge squares; from a5 anywhere.
		name: "edgehog",
		fen:  rgPlace("Kb1 kj9 E''e5 E''a5 ne9", "w - - 0 10"),
		want: []string{"e5e1", "e5j5", "e5i1", "e5a9", "e5j10", "e5a1", "a5b5", "a5b6", "a5a6",
			"a5a10", "a5a2", "a5e1", "a5b4", "a5e9"},
		dont: []string{"e5e6", "e5e9", "e5e10", "e5f6", "e5d4", "e5a5", "a5f10", "e5b2"},
	}, {
		name: "edgehog captures on the edge only",
		fen:  rgPlace("Kb1 kj9 E''e5 ne8 ni5 ng3", "w - - 0 10"),
		want: []string{"e5e1", "e5a5", "e5a9"},
		dont: []string{"e5e8", "e5i5", "e5g3"},
	}, {
		// Kangaroo: over two pieces (empty squares between allowed),
		// landing just beyond the second.
		name: "kangaroo",
		fen:  rgPlace("Kj1 kj10 K''e2 Pe4 ne7 ng2 Ph2 Pd3 nb5 ra6", "w - - 0 10"),
		want: []string{"e2e8", "e2i2", "e2a6"},
		dont: []string{"e2e5", "e2e6", "e2e9", "e2f2", "e2j2", "e2c4", "e2b5"},
	}, {
		// Gryphon: a diagonal step, then a Rook outward from it.
		name: "gryphon",
		fen:  rgPlace("Ka1 kj10 Ye5 nf6 Pd6 rf4 Pb4", "w - - 0 10"),
		want: []string{"e5f6", "e5f4", "e5d4", "e5c4", "e5d3", "e5d2", "e5d1"},
		dont: []string{"e5f7", "e5g6", "e5f3", "e5g4", "e5d7", "e5c6", "e5e6", "e5e4", "e5c5",
			"e5b4", "e5c3"},
	}, {
		// Dragon: a Rook; or a diagonal step, then a Dabbaba-rider outward
		// (only its landing squares matter).
		name: "dragon",
		fen:  rgPlace("Ka1 kj10 D''e5 Pg6 nf8 Pd4", "w - - 0 10"),
		want: []string{"e5f6", "e5h6", "e5j6", "e5f8", "e5e10", "e5a5", "e5j5", "e5d6", "e5b6",
			"e5d8", "e5d10", "e5f4", "e5h4", "e5f2"},
		dont: []string{"e5g6", "e5f7", "e5f10", "e5i6", "e5d2", "e5b4", "e5d4", "e5c3"},
	}, {
		name: "dragon frozen",
		fen:  rgPlace("Ka1 kj10 D''e5", "w - - 0 3"),
		dont: []string{"e5f6", "e5e6"},
	}, {
		// Tiger: a (3,2) leap, then a Bishop along the leap's signs.
		name: "tiger",
		fen:  rgPlace("Ka1 kj9 Tb1 Pd4 ng5 Ti1 nf3 Pd7", "w - - 0 10"),
		want: []string{"b1e3", "b1f4", "b1g5", "i1f3", "i1g4", "i1f5", "i1e6"},
		dont: []string{"b1d4", "b1e5", "b1h6", "i1e4", "i1d7", "i1d5"},
	}, {
		// Rhino: a W step, then from an empty square one diagonal step
		// outward.
		name: "rhino",
		fen:  rgPlace("Ka1 kj10 R'e5 ne6 Pd5 ng5", "w - - 0 10"),
		want: []string{"e5e6", "e5f5", "e5e4", "e5g6", "e5g4", "e5d3", "e5f3"},
		dont: []string{"e5d7", "e5f7", "e5c6", "e5c4", "e5d5", "e5d4", "e5f6"},
	}, {
		// Lion: leaps of two move or capture; one step only captures.
		name: "lion",
		fen:  rgPlace("Ka1 kj10 Le5 nd6 Pf5 ne4", "w - - 0 10"),
		want: []string{"e5d6", "e5e4", "e5c5", "e5g5", "e5e7", "e5e3", "e5c7", "e5g7", "e5c3", "e5g3"},
		dont: []string{"e5f5", "e5e6", "e5d5", "e5f6", "e5f4", "e5d4", "e5f7"},
	}, {
		// Block: up to three squares, no jumping, never captures; nothing
		// captures it.
		name: "block",
		fen:  rgPlace("Ka1 kj10 B''e5 ne7 Qd9 b''e9 Ng6 b''f8", "w - - 0 10"),
		want: []string{"e5e6", "e5e4", "e5e2", "e5h8", "e5b5", "e5b2", "e5h2", "g6e7", "d9c8"},
		dont: []string{"e5e7", "e5e1", "e5i9", "e5a5", "d9e9", "g6f8", "e5i1"},
	}, {
		// Cannon, Vao, Leo: moves as R, B, Q; captures over one screen.
		name: "cannons",
		fen:  rgPlace("Ka1 kj10 Oe2 Pe4 ne7 ne9 Vb2 nd4 ng7 L'h1 Ph3 rh8 nh9", "w - - 0 10"),
		want: []string{"e2e3", "e2e7", "e2j2", "b2c3", "b2g7", "h1h2", "h1h8", "h1i2", "h1j3"},
		dont: []string{"e2e4", "e2e9", "e2e5", "b2d4", "b2e5", "h1h3", "h1h9"},
	}, {
		// RULES R20 and the SPEC's count of completed moves.
		name:  "cannon frozen: no check",
		fen:   rgPlace("Ka1 ke10 Oe2 Pe4 Vb2", "b - - 0 3"),
		check: -1,
	}, {
		name: "cannon frozen: no move",
		fen:  rgPlace("Ka1 ke10 Oe2 Pe4 Vb2", "w - - 0 3"),
		dont: []string{"e2e3", "b2c3"},
	}, {
		name:  "thaw: White's cannon checks with Black to move at move 5",
		fen:   rgPlace("Ka1 ke10 Oe2 Pe4 oj9 Pj6", "b - - 0 5"),
		check: 1,
		want:  []string{"e10d10", "e10f9"},
		dont:  []string{"j9j8", "j9j7", "e10e9"},
	}, {
		name: "thaw: Black's cannon moves at move 6",
		fen:  rgPlace("Ka1 ke10 Pe4 oj9 Pj6", "b - - 0 6"),
		want: []string{"j9j8", "j9j7", "j9i9"},
	}, {
		name: "thaw: White still frozen at move 5",
		fen:  rgPlace("Ka1 ke10 Oe2", "w - - 0 5"),
		dont: []string{"e2e3"},
	}, {
		name: "thaw: White moves at move 6",
		fen:  rgPlace("Ka1 ke10 Oe2", "w - - 0 6"),
		want: []string{"e2e3"},
	}, {
		name: "grasshopper and scorpion",
		fen:  rgPlace("Ka1 kj10 G'e5 Pe7 nh8 nc5 S'd1 Pd3 Pe2 nf3", "w - - 0 10"),
		want: []string{"e5e8", "e5b5", "e5i9", "e5e1", "d1d4", "d1e1", "d1c2", "d1f3", "d1c1"},
		dont: []string{"e5e6", "e5e7", "e5c5", "e5f6", "e5h8", "d1d3", "d1e2", "d1g4"},
	}, {
		name: "knightrider and dabbabarider",
		fen:  rgPlace("Ka1 kj10 N'b1 Pc3 nd5 pf7 D'a4 na8 ra9", "w - - 0 10"),
		want: []string{"b1d2", "b1f3", "b1h4", "b1j5", "b1a3", "a4a6", "a4a8", "a4c4", "a4i4", "a4a2"},
		dont: []string{"b1c3", "b1e5", "b1d5", "a4a10"},
	}, {
		name: "giraffe and pegasus",
		fen:  rgPlace("Ka1 kj10 Ie1 P'c3 nf5 Pd5 ne6", "w - - 0 10"),
		want: []string{"e1f5", "e1i2", "e1a2", "c3f5", "c3f1", "c3e6", "c3a6", "c3g4", "c3g2", "c3d7", "c3b7"},
		dont: []string{"e1d5", "e1e5", "c3c5"},
	}, {
		name: "giraffe and pegasus frozen",
		fen:  rgPlace("Ka1 kj10 Ie1 P'c3 nf5 Pd5 ne6", "w - - 0 4"),
		dont: []string{"e1f5", "c3f5", "c3e6"},
	}, {
		// Steward: moves as a Wazir, captures as a Ferz. Ox: moves as a
		// Knight, Dabbaba or Alfil, captures as a Ferz.
		name: "steward and ox",
		fen:  rgPlace("Ka1 kj10 T''e5 ne6 nf6 O'c3 nd4 ne4 nc5 na5", "w - - 0 10"),
		want: []string{"e5d5", "e5f5", "e5f6", "e5d4", "c3d4", "c3d5", "c3b5", "c3a4", "c3e2",
			"c3c1", "c3e3", "c3a3", "c3e1"},
		dont: []string{"e5e6", "e5e4", "e5d6", "e5f4", "c3e4", "c3c5", "c3a5", "c3b4", "c3c4", "c3e5"},
	}, {
		// Butterfly (White: forward is up): (1,2), (3,1), (2,-1), (1,-1);
		// Crab: (1,2), (2,-1).
		name: "butterfly and crab",
		fen:  rgPlace("Ka1 kj10 U'e5 X'e2 u'e7 x'h9", "w - - 0 10"),
		want: []string{"e5d7", "e5f7", "e5b6", "e5h6", "e5c4", "e5g4", "e5d4", "e5f4", "e2d4", "e2f4", "e2c1", "e2g1"},
		dont: []string{"e5c6", "e5g6", "e5d3", "e5f3", "e5d6", "e5f6", "e2c3", "e2g3", "e2d1"},
	}, {
		name: "butterfly and crab for Black",
		fen:  rgPlace("Ka1 kj10 U'e5 X'e2 u'e7 x'h9", "b - - 0 10"),
		want: []string{"e7d5", "e7f5", "e7b6", "e7h6", "e7c8", "e7g8", "e7d8", "e7f8", "h9g7", "h9i7", "h9f10"},
		dont: []string{"e7c6", "e7d9", "e7d6", "h9f8", "h9g10", "h9j10"},
	}, {
		name: "side and vertical movers, templar, frog",
		fen:  rgPlace("Ka1 kj10 S''c5 ne5 V'h4 T'c8 nd9 F'g1", "w - - 0 10"),
		want: []string{"c5d5", "c5e5", "c5a5", "c5c6", "c5c4", "h4h10", "h4h1", "h4g4", "h4i4",
			"c8d9", "c8b9", "c8a10", "c8e6", "c8a6", "c8e8", "c8c10", "c8c6", "g1g4", "g1d1",
			"g1j1", "g1f2", "g1h2"},
		dont: []string{"c5f5", "c5c7", "c5d6", "h4f4", "c8e10", "c8f5", "g1g3", "g1g2"},
	}, {
		// RULES R19: the classical army is complete, so no promotion: the
		// Pawn on b9 cannot move, yet it checks.
		name:  "promotion: a Pawn that cannot promote still checks",
		fen:   "2k7/1P6P1/10/10/10/10/10/10/3C4RR/KABBNN3Q b - - 0 10",
		check: 1,
		want:  []string{"c10b10", "c10b9", "c10c9"},
		dont:  []string{"c10d10", "c10d9"},
	}, {
		name: "promotion: a Pawn that cannot promote stays",
		fen:  "4k5/1P6P1/5P4/10/10/10/10/10/3C4RR/KABBNN3Q w - - 0 10",
		want: []string{"f8f9"},
		dont: []string{"b9b10", "i9i10", "f8f9q", "b9b10q", "b9a10", "b9c10"},
	}, {
		name: "promotion: captured (a Rook lost)",
		fen:  "6k3/1P8/7P2/10/10/10/10/10/2QC5R/KABBNN4 w - - 0 10",
		want: []string{"b9b10r", "h8h9", "h8h9r"},
		dont: []string{"b9b10", "b9b10q", "b9b10n", "h8h9q"},
	}, {
		name: "promotion: Black, nothing lost",
		fen:  "nnbbrracq1/10/10/10/10/10/10/6p3/1p8/4k4K b - - 0 10",
		want: []string{"g3g2"},
		dont: []string{"b2b1", "b2b1q", "g3g2q"},
	}, {
		name: "promotion: Black, the Queen lost",
		fen:  "nnbbrrac2/10/10/10/10/10/10/6p3/1p8/4k4K b - - 0 10",
		want: []string{"g3g2", "g3g2q", "b2b1q"},
		dont: []string{"b2b1", "b2b1r"},
	}, {
		name: "promotion: initial with extra pieces",
		fen:  "6k3/1P8/7P2/10/10/10/10/10/2QC4RR/KABBNN4 w - - 0 10 initial:QCARRBBNNXHqcarrbbnnxh",
		want: []string{"b9b10q", "b9b10x", "b9b10h", "b9b10n", "b9b10c", "h8h9", "h8h9q", "h8h9h"},
		dont: []string{"b9b10", "b9b10g", "b9b10s"},
	}, {
		name: "promotion: all",
		fen:  "6k3/1P8/10/10/10/10/10/10/10/K9 w - - 0 10 all",
		want: []string{"b9b10q", "b9b10b''", "b9b10l'", "b9b10g", "b9b10p''"},
		dont: []string{"b9b10", "b9b10k", "b9b10p"},
	}, {
		name: "en passant",
		fen:  rgPlace("Ka1 kj10 Pe6 pd6 Pc3", "w - d7 0 10"),
		want: []string{"e6d7", "e6e7"},
		caps: map[string]string{"e6d7": "d6", "e6e7": ""},
	}, {
		name: "double step from the third rank only",
		fen:  rgPlace("Ka1 kj10 Pc3 Pd4 pe8 pf7", "w - - 0 10"),
		want: []string{"c3c5", "c3c4", "d4d5"},
		dont: []string{"d4d6"},
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rp, err := rgParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			ms := rp.legalMoves()
			legal := map[string]rgMove{}
			for _, m := range ms {
				legal[rp.uci(m)] = m
			}
			for _, u := range tc.want {
				if _, ok := legal[u]; !ok {
					t.Errorf("reference: %s should be legal in %s", u, tc.fen)
				}
			}
			for _, u := range tc.dont {
				if _, ok := legal[u]; ok {
					t.Errorf("reference: %s should not be legal in %s", u, tc.fen)
				}
			}
			for u, want := range tc.caps {
				m, ok := legal[u]
				if !ok {
					t.Errorf("reference: %s should be legal in %s", u, tc.fen)
					continue
				}
				if got := strings.Join(rp.captures(m), ","); got != want {
					t.Errorf("reference: %s captures [%s]; want [%s]", u, got, want)
				}
			}
			if tc.check != 0 && rp.inCheck() != (tc.check > 0) {
				t.Errorf("reference: in check = %v in %s", rp.inCheck(), tc.fen)
			}
			ep, err := rgEnginePosition(t, tc.fen)
			if err != nil {
				t.Errorf("engine rejects %s: %v", tc.fen, err)
				return
			}
			rgCompare(t, rp, ms, ep)
		})
	}
}
