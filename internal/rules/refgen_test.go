package rules

// A slow, plain reference move generator for Gigachess II, Terachess II and
// Bigorra, written from the rule texts (seeds/gigachess-ii.txt,
// terachess-ii.txt, bigorra.txt, RULES R1-R13 and R28-R30 and
// SETUPS.md) without sharing any code, table or piece definition with the
// engine. It works on a plain 2D array indexed [file][rank], generates every
// piece's moves in loops over (file, rank) offsets, tests for check by
// generating all the enemy's captures and looking for one that lands on the
// King, and makes a move on a copy of the board. It is meant to be obviously
// right, not fast; it establishes the perft numbers of
// testdata/perft/{gigachess2,terachess2,bigorra}.perft, and the tests below
// compare it with the engine through the public API only.

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

// refKind is a piece type of the reference generator.
type refKind int8

const (
	refNone refKind = iota
	refKing
	refQueen
	refRook
	refBishop
	refKnight
	refAmazon
	refMarshall
	refCardinal
	refCentaur
	refAdmiral
	refMissionary
	refEagle
	refRhinoceros
	refLion
	refCamel
	refGiraffe
	refBuffalo
	refCannon
	refArcher
	refSorceress
	refMachine
	refElephant
	refDuchess
	refPrince
	refPawn
	refTroll
	refSoldier
	refSnake
	refShip
	refHawk
	refMammoth
	refSquirrel
	refCheetah
	refDirewolf
	refKinds
)

var refKindNames = [refKinds]string{"", "King", "Queen", "Rook", "Bishop", "Knight",
	"Amazon", "Marshall", "Cardinal", "Centaur", "Admiral", "Missionary", "Eagle",
	"Rhinoceros", "Lion", "Camel", "Giraffe", "Buffalo", "Cannon", "Archer",
	"Sorceress", "Machine", "Elephant", "Duchess", "Prince", "Pawn", "Troll",
	"Soldier", "Snake", "Ship", "Hawk", "Mammoth", "Squirrel", "Cheetah", "Direwolf"}

// refGame describes one of the three games: board size, letters (SETUPS.md
// and, for Bigorra's extra types, the JSON files' letters), promotions (the
// "Rules" section of each text and RULES R12) and the start FEN.
type refGame struct {
	id           string
	files, ranks int
	letter       map[refKind]string // upper case, e.g. "N'"
	kindOf       map[string]refKind // upper-case letter -> kind
	promo        [refKinds]refKind  // what each kind promotes to on the last rank
	trollPromo   refKind            // what a Troll becomes by its pawn-like step or capture
	epTakers     [refKinds]bool     // the kinds that may capture en passant
	start        string
}

func newRefGame(id string, files, ranks int, letters map[refKind]string,
	promo map[refKind]refKind, trollPromo refKind, epTakers []refKind, start string) *refGame {
	g := &refGame{id: id, files: files, ranks: ranks, letter: letters,
		kindOf: map[string]refKind{}, trollPromo: trollPromo, start: start}
	for k, l := range letters {
		g.kindOf[l] = k
	}
	for k, to := range promo {
		g.promo[k] = to
	}
	for _, k := range epTakers {
		g.epTakers[k] = true
	}
	return g
}

// refLettersCazaux are the letters of SETUPS.md.
func refLettersCazaux() map[refKind]string {
	return map[refKind]string{
		refCannon: "C", refCamel: "M", refGiraffe: "Z", refArcher: "V",
		refRhinoceros: "U", refMarshall: "H", refSorceress: "O", refAmazon: "A",
		refCardinal: "X", refBuffalo: "F", refElephant: "E", refRook: "R",
		refKnight: "N", refBishop: "B", refMachine: "W", refCentaur: "J",
		refQueen: "Q", refKing: "K", refDuchess: "D", refPrince: "I",
		refMissionary: "Y", refEagle: "G", refLion: "L", refAdmiral: "S",
		refPawn: "P",
	}
}

// The promotions common to the three games (each text's "Rules" section).
func refPromoCazaux() map[refKind]refKind {
	return map[refKind]refKind{
		refPawn: refQueen, refPrince: refAmazon,
		refKnight: refBuffalo, refCamel: refBuffalo, refGiraffe: refBuffalo,
		refElephant: refLion, refMachine: refLion, refCentaur: refLion,
	}
}

var refGames = func() map[string]*refGame {
	giga := newRefGame("gigachess2", 14, 14, refLettersCazaux(), refPromoCazaux(), refNone,
		[]refKind{refPawn},
		"cmzvuhoaxfvzmc/ernbwjqkdwbnre/ppppiyglsipppp/4pppppp4/14/14/14/14/14/14/4PPPPPP4/PPPPIYGLSIPPPP/ERNBWJQKDWBNRE/CMZVUHOAXFVZMC w Kk - 0 1")

	teraLetters := refLettersCazaux()
	teraLetters[refTroll] = "T"
	tera := newRefGame("terachess2", 16, 16, teraLetters, refPromoCazaux(), refQueen,
		[]refKind{refPawn},
		"sjyhxfdoodfxhyjs/cmztuvlkalvutzmc/ernbwigqqgiwbnre/pppppppppppppppp/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/ERNBWIGQQGIWBNRE/CMZTUVLKALVUTZMC/SJYHXFDOODFXHYJS w Kk - 0 1")

	bigLetters := refLettersCazaux()
	bigLetters[refTroll] = "T"
	bigLetters[refSoldier] = "P'"
	bigLetters[refSnake] = "N'"
	bigLetters[refShip] = "B'"
	bigLetters[refHawk] = "H'"
	bigLetters[refMammoth] = "M'"
	bigLetters[refSquirrel] = "S'"
	bigLetters[refCheetah] = "C'"
	bigLetters[refDirewolf] = "D'"
	bigPromo := refPromoCazaux()
	bigPromo[refSoldier] = refQueen
	bigPromo[refMammoth] = refLion
	bigPromo[refSquirrel] = refLion
	bigPromo[refShip] = refEagle
	bigPromo[refSnake] = refRhinoceros
	bigPromo[refHawk] = refDuchess
	big := newRefGame("bigorra", 16, 16, bigLetters, bigPromo, refDirewolf,
		[]refKind{refPawn, refSoldier},
		"h'm's'c'jfoad'dujc's'm'h'/cmzvsxlkqghyvzmc/ernbb'n'iwwin'b'bnre/tp'tp'tp'tp'p'tp'tp'tp't/pppppppppppppppp/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/TP'TP'TP'TP'P'TP'TP'TP'T/ERNBB'N'IWWIN'B'BNRE/CMZVSXLKQGHYVZMC/H'M'S'C'JFOAD'DUJC'S'M'H' w Kk - 0 1")
	return map[string]*refGame{giga.id: giga, tera.id: tera, big.id: big}
}()

// refPos is a position: cell[file][rank] holds +kind for White, -kind for
// Black, 0 for an empty square. Files and ranks count from 0.
type refPos struct {
	g          *refGame
	cell       [16][16]int8
	white      bool    // White to move
	jump       [2]bool // [0] White's King may still jump, [1] Black's
	epF, epR   int     // en-passant square, -1 when none
	half, full int
}

// refMove is a move: from, to, the kind promoted to (refNone if none), and
// the two special cases of the Pawn family.
type refMove struct {
	ff, fr, tf, tr int
	promo          refKind
	ep             bool // en-passant capture: also removes the piece on (tf, fr)
	double         bool // two-square step: sets the en-passant square
}

func refColorIndex(white bool) int {
	if white {
		return 0
	}
	return 1
}

func refAbs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func refSign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func (p *refPos) on(f, r int) bool { return f >= 0 && f < p.g.files && r >= 0 && r < p.g.ranks }

// refSquare names a square: file letter and 1-based rank (RULES R28).
func refSquare(f, r int) string { return string(rune('a'+f)) + strconv.Itoa(r+1) }

// uci writes m in coordinate form with a lower-case promotion letter.
func (p *refPos) uci(m refMove) string {
	s := refSquare(m.ff, m.fr) + refSquare(m.tf, m.tr)
	if m.promo != refNone {
		s += strings.ToLower(p.g.letter[m.promo])
	}
	return s
}

// parseRefFEN reads the six FEN fields of RULES R30.
func parseRefFEN(g *refGame, fen string) (*refPos, error) {
	fields := strings.Split(fen, " ")
	if len(fields) != 6 {
		return nil, fmt.Errorf("FEN %q: want 6 fields, got %d", fen, len(fields))
	}
	p := &refPos{g: g, epF: -1, epR: -1}
	rows := strings.Split(fields[0], "/")
	if len(rows) != g.ranks {
		return nil, fmt.Errorf("FEN %q: want %d ranks, got %d", fen, g.ranks, len(rows))
	}
	for i, row := range rows {
		r := g.ranks - 1 - i
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
			l := strings.ToUpper(string(ch))
			j++
			if j < len(row) && row[j] == '\'' {
				l += "'"
				j++
			}
			k, ok := g.kindOf[l]
			if !ok {
				return nil, fmt.Errorf("FEN %q: unknown piece %q", fen, l)
			}
			if f >= g.files {
				return nil, fmt.Errorf("FEN %q: rank %d too long", fen, r+1)
			}
			if ch >= 'a' && ch <= 'z' {
				p.cell[f][r] = -int8(k)
			} else {
				p.cell[f][r] = int8(k)
			}
			f++
		}
		if f != g.files {
			return nil, fmt.Errorf("FEN %q: rank %d has %d files", fen, r+1, f)
		}
	}
	switch fields[1] {
	case "w":
		p.white = true
	case "b":
		p.white = false
	default:
		return nil, fmt.Errorf("FEN %q: bad side %q", fen, fields[1])
	}
	if fields[2] != "-" {
		for _, ch := range fields[2] {
			switch ch {
			case 'K':
				p.jump[0] = true
			case 'k':
				p.jump[1] = true
			default:
				return nil, fmt.Errorf("FEN %q: bad rights %q", fen, fields[2])
			}
		}
	}
	if fields[3] != "-" {
		s := fields[3]
		r, err := strconv.Atoi(s[1:])
		if err != nil || s[0] < 'a' || int(s[0]-'a') >= g.files || r < 1 || r > g.ranks {
			return nil, fmt.Errorf("FEN %q: bad en-passant square %q", fen, s)
		}
		p.epF, p.epR = int(s[0]-'a'), r-1
	}
	var err error
	if p.half, err = strconv.Atoi(fields[4]); err != nil {
		return nil, fmt.Errorf("FEN %q: bad halfmove clock", fen)
	}
	if p.full, err = strconv.Atoi(fields[5]); err != nil {
		return nil, fmt.Errorf("FEN %q: bad move number", fen)
	}
	return p, nil
}

// fen writes the position in the same six fields.
func (p *refPos) fen() string {
	var b strings.Builder
	for r := p.g.ranks - 1; r >= 0; r-- {
		empty := 0
		for f := 0; f < p.g.files; f++ {
			c := p.cell[f][r]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			l := p.g.letter[refKind(refAbs(int(c)))]
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
		b.WriteString(" w ")
	} else {
		b.WriteString(" b ")
	}
	rights := ""
	if p.jump[0] {
		rights += "K"
	}
	if p.jump[1] {
		rights += "k"
	}
	if rights == "" {
		rights = "-"
	}
	b.WriteString(rights)
	if p.epF >= 0 {
		b.WriteString(" " + refSquare(p.epF, p.epR))
	} else {
		b.WriteString(" -")
	}
	fmt.Fprintf(&b, " %d %d", p.half, p.full)
	return b.String()
}

// refOffsets returns (a, b) in every direction: signs and both orders,
// without repeats. refOffsets(2, 1) is the Knight's eight leaps.
func refOffsets(a, b int) [][2]int {
	var out [][2]int
	seen := map[[2]int]bool{}
	for _, o := range [][2]int{{a, b}, {b, a}} {
		for _, sx := range []int{1, -1} {
			for _, sy := range []int{1, -1} {
				d := [2]int{o[0] * sx, o[1] * sy}
				if !seen[d] {
					seen[d] = true
					out = append(out, d)
				}
			}
		}
	}
	return out
}

// refRing returns every offset at exactly n squares' distance (the larger
// of the two coordinate differences is n).
func refRing(n int) [][2]int {
	var out [][2]int
	for dx := -n; dx <= n; dx++ {
		for dy := -n; dy <= n; dy++ {
			if max(refAbs(dx), refAbs(dy)) == n {
				out = append(out, [2]int{dx, dy})
			}
		}
	}
	return out
}

var (
	refOrth    = refOffsets(1, 0) // the four orthogonal directions
	refDiag    = refOffsets(1, 1) // the four diagonal directions
	refAll8    = append(append([][2]int{}, refOrth...), refDiag...)
	refKnightL = refOffsets(2, 1)
	refCamelL  = refOffsets(3, 1)
	refZebraL  = refOffsets(3, 2)
	refDabba   = refOffsets(2, 0) // two squares orthogonally
	refAlfil   = refOffsets(2, 2) // two squares diagonally
	refTripO   = refOffsets(3, 0) // three squares orthogonally
	refTripD   = refOffsets(3, 3) // three squares diagonally
	refRing2   = refRing(2)       // every square two squares away
	refRing3   = refRing(3)       // every square three squares away
)

// refGen collects the moves of the piece on (f, r). For the attack test
// (capOnly) it only notes whether one of its captures lands on the target.
type refGen struct {
	p          *refPos
	f, r       int
	white      bool
	promo      refKind // kind a move onto the last rank promotes to, refNone if none
	out        []refMove
	capOnly    bool // only captures of pieces are wanted (attack test)
	tgtF, tgtR int  // with capOnly: the square looked at
	hit        bool // with capOnly: a capture lands on it
}

func (g *refGen) enemy(c int8) bool { return c != 0 && (c > 0) != g.white }

func (g *refGen) lastRank() int {
	if g.white {
		return g.p.g.ranks - 1
	}
	return 0
}

func (g *refGen) add(tf, tr int, isCapture bool) {
	if g.capOnly {
		if isCapture && tf == g.tgtF && tr == g.tgtR {
			g.hit = true
		}
		return
	}
	m := refMove{ff: g.f, fr: g.r, tf: tf, tr: tr}
	if g.promo != refNone && tr == g.lastRank() {
		m.promo = g.promo
	}
	g.out = append(g.out, m)
}

// leap: to (f+dx, r+dy) whatever stands between, moving or capturing.
func (g *refGen) leap(d [2]int) {
	tf, tr := g.f+d[0], g.r+d[1]
	if !g.p.on(tf, tr) {
		return
	}
	c := g.p.cell[tf][tr]
	switch {
	case c == 0:
		g.add(tf, tr, false)
	case g.enemy(c):
		g.add(tf, tr, true)
	}
}

// leaps: every offset of every set.
func (g *refGen) leaps(sets ...[][2]int) {
	for _, set := range sets {
		for _, d := range set {
			g.leap(d)
		}
	}
}

// slides: a rider along every direction of the set.
func (g *refGen) slides(set [][2]int) {
	for _, d := range set {
		g.slide(d)
	}
}

// slideFrom: a rider starting at (sf, sr) (not itself a destination), along d.
func (g *refGen) slideFrom(sf, sr int, d [2]int) {
	for tf, tr := sf+d[0], sr+d[1]; g.p.on(tf, tr); tf, tr = tf+d[0], tr+d[1] {
		c := g.p.cell[tf][tr]
		if c == 0 {
			g.add(tf, tr, false)
			continue
		}
		if g.enemy(c) {
			g.add(tf, tr, true)
		}
		return
	}
}

func (g *refGen) slide(d [2]int) { g.slideFrom(g.f, g.r, d) }

// hop: Cannon/Archer/Sorceress line (RULES R10): non-captures up to the
// first piece (the screen); the capture is of the first piece after it.
func (g *refGen) hop(d [2]int) {
	tf, tr := g.f+d[0], g.r+d[1]
	for ; g.p.on(tf, tr) && g.p.cell[tf][tr] == 0; tf, tr = tf+d[0], tr+d[1] {
		g.add(tf, tr, false)
	}
	if !g.p.on(tf, tr) {
		return
	}
	for tf, tr = tf+d[0], tr+d[1]; g.p.on(tf, tr); tf, tr = tf+d[0], tr+d[1] {
		c := g.p.cell[tf][tr]
		if c == 0 {
			continue
		}
		if g.enemy(c) {
			g.add(tf, tr, true)
		}
		return
	}
}

// bent: one step along first (a stop or capture), then, if that square is
// empty, a slide along each of conts (RULES R9).
func (g *refGen) bent(first [2]int, conts ...[2]int) {
	sf, sr := g.f+first[0], g.r+first[1]
	if !g.p.on(sf, sr) {
		return
	}
	c := g.p.cell[sf][sr]
	if c != 0 {
		if g.enemy(c) {
			g.add(sf, sr, true)
		}
		return
	}
	g.add(sf, sr, false)
	for _, d := range conts {
		g.slideFrom(sf, sr, d)
	}
}

// stepQuiet: to an empty square only (Pawn-like non-capturing step).
func (g *refGen) stepQuiet(dx, dy int) {
	tf, tr := g.f+dx, g.r+dy
	if g.p.on(tf, tr) && g.p.cell[tf][tr] == 0 {
		g.add(tf, tr, false)
	}
}

// stepCapture: onto an enemy piece only (Pawn-like capture).
func (g *refGen) stepCapture(dx, dy int) {
	tf, tr := g.f+dx, g.r+dy
	if g.p.on(tf, tr) && g.enemy(g.p.cell[tf][tr]) {
		g.add(tf, tr, true)
	}
}

// doubleStep: two squares straight forward, both empty (RULES R6).
func (g *refGen) doubleStep(fwd int) {
	if g.capOnly {
		return
	}
	if g.p.on(g.f, g.r+2*fwd) && g.p.cell[g.f][g.r+fwd] == 0 && g.p.cell[g.f][g.r+2*fwd] == 0 {
		m := refMove{ff: g.f, fr: g.r, tf: g.f, tr: g.r + 2*fwd, double: true}
		if g.promo != refNone && m.tr == g.lastRank() {
			m.promo = g.promo
		}
		g.out = append(g.out, m)
	}
}

// enPassant: the diagonal-forward capture onto the en-passant square
// (RULES R7), for the side to move only.
func (g *refGen) enPassant(fwd int) {
	p := g.p
	if g.capOnly || p.epF < 0 || g.white != p.white {
		return
	}
	for _, dx := range []int{-1, 1} {
		if g.f+dx == p.epF && g.r+fwd == p.epR && p.cell[p.epF][p.epR] == 0 &&
			g.enemy(p.cell[p.epF][g.r]) {
			m := refMove{ff: g.f, fr: g.r, tf: p.epF, tr: p.epR, ep: true}
			if g.promo != refNone && m.tr == g.lastRank() {
				m.promo = g.promo
			}
			g.out = append(g.out, m)
		}
	}
}

// pieceMoves appends the moves of the piece on (f, r), King's jump and the
// legality test excepted.
func (p *refPos) pieceMoves(f, r int, out []refMove) []refMove {
	g := refGen{p: p, f: f, r: r, white: p.cell[f][r] > 0, out: out}
	p.generate(&g)
	return g.out
}

// capturesOnto says whether one of the captures of the piece on (f, r)
// lands on (tf, tr): the same generation, keeping only captures of pieces
// (en passant never takes a King and never lands on an occupied square).
func (p *refPos) capturesOnto(f, r, tf, tr int) bool {
	g := refGen{p: p, f: f, r: r, white: p.cell[f][r] > 0, capOnly: true, tgtF: tf, tgtR: tr}
	p.generate(&g)
	return g.hit
}

// generate runs the moves of the piece on (g.f, g.r) through g.
func (p *refPos) generate(g *refGen) {
	c := p.cell[g.f][g.r]
	if c == 0 {
		return
	}
	k := refKind(refAbs(int(c)))
	g.promo = p.g.promo[k]
	fwd := 1
	if c < 0 {
		fwd = -1
	}
	switch k {
	case refKing:
		g.leaps(refAll8) // the jump is added by legalMoves
	case refQueen:
		g.slides(refAll8)
	case refRook:
		g.slides(refOrth)
	case refBishop:
		g.slides(refDiag)
	case refKnight:
		g.leaps(refKnightL)
	case refAmazon: // Queen + Knight
		g.slides(refAll8)
		g.leaps(refKnightL)
	case refMarshall: // Rook + Knight
		g.slides(refOrth)
		g.leaps(refKnightL)
	case refCardinal: // Bishop + Knight
		g.slides(refDiag)
		g.leaps(refKnightL)
	case refCentaur: // Knight + non-royal King
		g.leaps(refKnightL, refAll8)
	case refAdmiral: // Rook + King
		g.slides(refOrth)
		g.leaps(refDiag)
	case refMissionary: // Bishop + King
		g.slides(refDiag)
		g.leaps(refOrth)
	case refEagle: // diagonal step, then rook away from the start
		for _, d := range refDiag {
			g.bent(d, [2]int{d[0], 0}, [2]int{0, d[1]})
		}
	case refRhinoceros: // orthogonal step, then bishop away from the start
		for _, d := range refOrth {
			if d[0] != 0 {
				g.bent(d, [2]int{d[0], 1}, [2]int{d[0], -1})
			} else {
				g.bent(d, [2]int{1, d[1]}, [2]int{-1, d[1]})
			}
		}
	case refSnake: // vertical step, then a diagonal in that vertical direction
		for _, dy := range []int{1, -1} {
			g.bent([2]int{0, dy}, [2]int{1, dy}, [2]int{-1, dy})
		}
	case refShip: // diagonal step, then straight on vertically
		for _, d := range refDiag {
			g.bent(d, [2]int{0, d[1]})
		}
	case refLion: // King, Dabbaba, Alfil and Knight leaps
		g.leaps(refAll8, refDabba, refAlfil, refKnightL)
	case refCamel:
		g.leaps(refCamelL)
	case refGiraffe:
		g.leaps(refZebraL)
	case refBuffalo:
		g.leaps(refKnightL, refCamelL, refZebraL)
	case refCannon:
		for _, d := range refOrth {
			g.hop(d)
		}
	case refArcher:
		for _, d := range refDiag {
			g.hop(d)
		}
	case refSorceress:
		for _, d := range refAll8 {
			g.hop(d)
		}
	case refMachine: // one or two orthogonally, leaping
		g.leaps(refOrth, refDabba)
	case refElephant: // one or two diagonally, leaping
		g.leaps(refDiag, refAlfil)
	case refDuchess: // one to three in any straight direction, leaping
		g.leaps(refAll8, refDabba, refAlfil, refTripO, refTripD)
	case refPrince: // non-royal King + non-capturing double step forward
		g.leaps(refAll8)
		g.doubleStep(fwd)
	case refPawn:
		g.stepQuiet(0, fwd)
		g.doubleStep(fwd)
		g.stepCapture(-1, fwd)
		g.stepCapture(1, fwd)
		if p.g.epTakers[refPawn] {
			g.enPassant(fwd)
		}
	case refSoldier:
		g.stepQuiet(0, fwd)
		g.stepQuiet(-1, 0) // sideways steps never capture (RULES R13)
		g.stepQuiet(1, 0)
		g.doubleStep(fwd)
		g.stepCapture(-1, fwd)
		g.stepCapture(1, fwd)
		if p.g.epTakers[refSoldier] {
			g.enPassant(fwd)
		}
	case refTroll:
		g.promo = refNone // never promotes by the three-square leap
		g.leaps(refTripO, refTripD)
		g.promo = p.g.trollPromo
		g.stepQuiet(0, fwd)
		g.stepCapture(-1, fwd)
		g.stepCapture(1, fwd)
	case refHawk: // two or three squares straight, leaping
		g.leaps(refDabba, refTripO, refAlfil, refTripD)
	case refMammoth: // one or two squares straight, leaping
		g.leaps(refAll8, refDabba, refAlfil)
	case refSquirrel: // Knight, Alfil, Dabbaba
		g.leaps(refKnightL, refDabba, refAlfil)
	case refCheetah:
		g.leaps(refRing3)
	case refDirewolf:
		g.leaps(refRing2, refRing3)
	default:
		panic(fmt.Sprintf("refgen: no moves for kind %d", k))
	}
}

// attackedBy says whether a piece of the given side on (f, r) could be
// captured by a piece of the other side, if that side were to move
// (RULES R1). It puts a stand-in piece on the square (occupancy of the
// square itself changes no line to it) and looks through every enemy
// capture.
func (p *refPos) attackedBy(f, r int, byWhite bool) bool {
	q := *p
	if byWhite {
		q.cell[f][r] = -int8(refPawn)
	} else {
		q.cell[f][r] = int8(refPawn)
	}
	for af := 0; af < q.g.files; af++ {
		for ar := 0; ar < q.g.ranks; ar++ {
			c := q.cell[af][ar]
			if c != 0 && (c > 0) == byWhite && q.capturesOnto(af, ar, f, r) {
				return true
			}
		}
	}
	return false
}

func (p *refPos) kingSquare(white bool) (int, int, bool) {
	want := int8(refKing)
	if !white {
		want = -want
	}
	for f := 0; f < p.g.files; f++ {
		for r := 0; r < p.g.ranks; r++ {
			if p.cell[f][r] == want {
				return f, r, true
			}
		}
	}
	return 0, 0, false
}

// inCheck: some enemy capture lands on the King of the given side.
func (p *refPos) inCheck(white bool) bool {
	kf, kr, ok := p.kingSquare(white)
	if !ok {
		return false
	}
	for f := 0; f < p.g.files; f++ {
		for r := 0; r < p.g.ranks; r++ {
			c := p.cell[f][r]
			if c != 0 && (c > 0) != white && p.capturesOnto(f, r, kf, kr) {
				return true
			}
		}
	}
	return false
}

// kingJumps: RULES R8. First move only (the right), not in check, to an
// empty square at (2,0), (2,2) or (2,1); the passed square unattacked, or
// for (2,1) at least one of the two squares on the way unattacked, judged
// before the move. Whether the destination is attacked is left to the
// legality test.
func (p *refPos) kingJumps(out []refMove) []refMove {
	if !p.jump[refColorIndex(p.white)] {
		return out
	}
	kf, kr, ok := p.kingSquare(p.white)
	if !ok || p.inCheck(p.white) {
		return out
	}
	enemy := !p.white
	var offs [][2]int
	offs = append(offs, refDabba...)
	offs = append(offs, refAlfil...)
	offs = append(offs, refKnightL...)
	for _, d := range offs {
		tf, tr := kf+d[0], kr+d[1]
		if !p.on(tf, tr) || p.cell[tf][tr] != 0 {
			continue
		}
		var allowed bool
		if d[0] == 0 || d[1] == 0 || refAbs(d[0]) == refAbs(d[1]) {
			allowed = !p.attackedBy(kf+d[0]/2, kr+d[1]/2, enemy)
		} else {
			var of, or int // the orthogonal neighbour on the way
			if refAbs(d[0]) == 2 {
				of, or = kf+refSign(d[0]), kr
			} else {
				of, or = kf, kr+refSign(d[1])
			}
			df, dr := kf+refSign(d[0]), kr+refSign(d[1]) // the diagonal one
			allowed = !p.attackedBy(of, or, enemy) || !p.attackedBy(df, dr, enemy)
		}
		if allowed {
			out = append(out, refMove{ff: kf, fr: kr, tf: tf, tr: tr})
		}
	}
	return out
}

// play returns the position after m (a copy).
func (p *refPos) play(m refMove) *refPos {
	q := *p
	piece := q.cell[m.ff][m.fr]
	k := refKind(refAbs(int(piece)))
	capture := q.cell[m.tf][m.tr] != 0
	q.cell[m.ff][m.fr] = 0
	if m.ep {
		q.cell[m.tf][m.fr] = 0 // the piece that made the two-square step
		capture = true
	}
	if m.promo != refNone {
		piece = int8(m.promo) * int8(refSign(int(piece)))
	}
	q.cell[m.tf][m.tr] = piece
	if k == refKing {
		q.jump[refColorIndex(p.white)] = false
	}
	q.epF, q.epR = -1, -1
	if m.double {
		q.epF, q.epR = m.tf, (m.fr+m.tr)/2
	}
	if capture || k == refPawn || k == refSoldier {
		q.half = 0
	} else {
		q.half++
	}
	if !p.white {
		q.full++
	}
	q.white = !p.white
	return &q
}

// legalMoves: every move after which the mover's King is not in check
// (RULES R2).
func (p *refPos) legalMoves() []refMove {
	var pseudo []refMove
	for f := 0; f < p.g.files; f++ {
		for r := 0; r < p.g.ranks; r++ {
			c := p.cell[f][r]
			if c != 0 && (c > 0) == p.white {
				pseudo = p.pieceMoves(f, r, pseudo)
			}
		}
	}
	pseudo = p.kingJumps(pseudo)
	legal := pseudo[:0]
	for _, m := range pseudo {
		if !p.play(m).inCheck(p.white) {
			legal = append(legal, m)
		}
	}
	return legal
}

// refPerftParallel counts perft leaves with the shared plumbing of refperft_test.go.
func refPerftParallel(p *refPos, depth int) uint64 {
	return refPerftParallelOf[*refPos, refMove](p, depth)
}

func mustRefFEN(t testing.TB, g *refGame, fen string) *refPos {
	t.Helper()
	p, err := parseRefFEN(g, fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// refPlayout plays plies moves from the start with a fixed seed. The choice
// is random but weighted toward captures, promotions and forward moves so
// that the board opens up and pieces reach the far ranks within a few
// dozen plies. It stops early when the side to move has no move.
func refPlayout(g *refGame, seed int64, plies int) *refPos {
	rng := rand.New(rand.NewSource(seed))
	p, err := parseRefFEN(g, g.start)
	if err != nil {
		panic(err)
	}
	for range plies {
		ms := p.legalMoves()
		if len(ms) == 0 {
			break
		}
		p = p.play(ms[refPick(p, ms, rng)])
	}
	return p
}

func refPick(p *refPos, ms []refMove, rng *rand.Rand) int {
	weights := make([]int, len(ms))
	total := 0
	for i, m := range ms {
		w := 2
		if p.cell[m.tf][m.tr] != 0 || m.ep {
			w += 12
		}
		if m.promo != refNone {
			w += 40
		}
		if p.white && m.tr > m.fr || !p.white && m.tr < m.fr {
			switch refKind(refAbs(int(p.cell[m.ff][m.fr]))) {
			case refPawn, refSoldier, refPrince, refTroll:
				w += 6
			default:
				w += 2
			}
		}
		weights[i] = w
		total += w
	}
	x := rng.Intn(total)
	for i, w := range weights {
		if x < w {
			return i
		}
		x -= w
	}
	return len(ms) - 1
}

// ----------------------------------------------------------------------------
// Tests.

// TestReferenceTerachessPublished: the reference reproduces the published
// Terachess II start counts (Terachess-Stockfish).
func TestReferenceTerachessPublished(t *testing.T) {
	p := mustRefFEN(t, refGames["terachess2"], refGames["terachess2"].start)
	for d, want := range []uint64{1: 54, 2: 2916, 3: 175508} {
		if d == 0 {
			continue
		}
		if got := refPerftParallel(p, d); got != want {
			t.Errorf("reference perft(%d) of the Terachess II start = %d; want %d", d, got, want)
		}
	}
}

// skipUnderRace skips the slow reference comparisons under the race
// detector: they run in one goroutine, so it finds nothing there and slows
// them tenfold. scripts/test.sh runs them without it.
func skipUnderRace(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("single-goroutine reference comparison: run without -race (scripts/test.sh does)")
	}
}

// refCaseLimitShort and refCaseLimit bound the cases the reference
// recomputes under -short and without it; REFGEN_ALL=1 lifts both. The
// reference counts some 250,000 to 500,000 leaves a second on two cores, so
// the default run takes one and a half to three minutes, and REFGEN_ALL=1
// (about 87 million leaves) three to six; under -short it recomputes the
// cases of at most 200,000 leaves.
const (
	refCaseLimitShort = 200_000
	refCaseLimit      = 4_000_000
)

// TestReferencePerftSuites recomputes every count of the three suites with
// the reference generator (those over refCaseLimit only with REFGEN_ALL=1),
// and checks that each position played from the start
// ("play-s<seed>-p<plies>") is the one the playout reaches.
func TestReferencePerftSuites(t *testing.T) {
	skipUnderRace(t)
	all := os.Getenv("REFGEN_ALL") == "1"
	for _, id := range []string{"gigachess2", "terachess2", "bigorra"} {
		g := refGames[id]
		played := map[string]bool{}
		for _, tc := range readPerftSuite(t, id) {
			if seed, plies, ok := refParsePlayID(tc.id); ok && !played[tc.id] {
				played[tc.id] = true
				if got := refPlayout(g, seed, plies).fen(); got != tc.fen {
					t.Errorf("%s: playout seed %d, %d plies reaches\n%s\nnot\n%s", id, seed, plies, got, tc.fen)
				}
			}
			t.Run(fmt.Sprintf("%s/%s/%d", id, tc.id, tc.depth), func(t *testing.T) {
				if !all && testing.Short() && tc.nodes > refCaseLimitShort {
					t.Skipf("%d nodes: skipped under -short", tc.nodes)
				}
				if !all && tc.nodes > refCaseLimit {
					t.Skipf("%d nodes: too slow for the reference in the default run (about %ds); set REFGEN_ALL=1",
						tc.nodes, tc.nodes/250_000)
				}
				start := time.Now()
				got := refPerftParallel(mustRefFEN(t, g, tc.fen), tc.depth)
				if got != tc.nodes {
					t.Errorf("reference perft(%q, %d) = %d; want %d", tc.fen, tc.depth, got, tc.nodes)
				}
				t.Logf("%d nodes in %v", got, time.Since(start).Round(time.Millisecond))
			})
		}
	}
}

func refParsePlayID(id string) (seed int64, plies int, ok bool) {
	rest, found := strings.CutPrefix(id, "play-s")
	if !found {
		return 0, 0, false
	}
	ss, ps, found := strings.Cut(rest, "-p")
	if !found {
		return 0, 0, false
	}
	s, err1 := strconv.ParseInt(ss, 10, 64)
	n, err2 := strconv.Atoi(ps)
	if err1 != nil || err2 != nil {
		return 0, 0, false
	}
	return s, n, true
}

// refEnginePosition loads a FEN into the engine through its public API.
func refEnginePosition(t testing.TB, v *Variant, fen string) *Position {
	t.Helper()
	s, err := ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("engine ParseFEN(%q) = %v", fen, err)
	}
	p, err := NewPosition(s)
	if err != nil {
		t.Fatalf("engine NewPosition(%q) = %v", fen, err)
	}
	return p
}

// refCompare compares the legal-move sets of the reference and the engine
// and reports the moves only one of them has.
func refCompare(t *testing.T, rp *refPos, ms []refMove, ep *Position) (same bool) {
	t.Helper()
	ref := map[string]bool{}
	for _, m := range ms {
		s := rp.uci(m)
		if ref[s] {
			t.Errorf("reference generates %s twice in %s", s, rp.fen())
		}
		ref[s] = true
	}
	eng := map[string]bool{}
	for _, m := range ep.LegalMoves() {
		s := ep.UCI(m)
		if eng[s] {
			t.Errorf("engine generates %s twice in %s", s, rp.fen())
		}
		eng[s] = true
	}
	var onlyRef, onlyEng []string
	for s := range ref {
		if !eng[s] {
			onlyRef = append(onlyRef, s)
		}
	}
	for s := range eng {
		if !ref[s] {
			onlyEng = append(onlyEng, s)
		}
	}
	if len(onlyRef)+len(onlyEng) == 0 {
		return true
	}
	sort.Strings(onlyRef)
	sort.Strings(onlyEng)
	t.Errorf("legal moves differ in %s\n  only the reference: %v\n  only the engine:    %v", rp.fen(), onlyRef, onlyEng)
	return false
}

// refTally counts the special moves among ms, to show in the log what a
// comparison covered.
func refTally(p *refPos, ms []refMove, tally map[string]int) {
	tally["positions"]++
	if p.inCheck(p.white) {
		tally["in check"]++
	}
	for _, m := range ms {
		k := refKind(refAbs(int(p.cell[m.ff][m.fr])))
		captures := p.cell[m.tf][m.tr] != 0
		switch {
		case k == refKing && max(refAbs(m.tf-m.ff), refAbs(m.tr-m.fr)) == 2:
			tally["King jumps"]++
		case m.ep:
			tally["en passant by "+refKindNames[k]]++
			if v := refKind(refAbs(int(p.cell[m.tf][m.fr]))); v != refPawn && v != refPrince && v != refSoldier {
				tally["en passant of a piece promoted by its double step"]++
			}
		case m.double && m.promo != refNone:
			tally["double steps that promote"]++
		case k == refTroll && m.promo == refNone && (m.tr == 0 || m.tr == p.g.ranks-1) &&
			refAbs(m.tr-m.fr) == 3:
			tally["Troll leaps to the last rank (no promotion)"]++
		case (k == refCannon || k == refArcher || k == refSorceress) && captures:
			tally["hopper captures"]++
		case k == refEagle || k == refRhinoceros || k == refSnake || k == refShip:
			if max(refAbs(m.tf-m.ff), refAbs(m.tr-m.fr)) >= 2 {
				tally["bent-rider moves past the first step"]++
			}
		}
		if m.promo != refNone {
			tally["promotions by "+refKindNames[k]]++
		}
	}
}

// TestReferenceAgreesOnPlayouts plays fixed-seed games and compares the
// legal-move sets of the reference and the engine at every ply.
func TestReferenceAgreesOnPlayouts(t *testing.T) {
	skipUnderRace(t)
	// Move choice per game: uniform, weighted like refPlayout, and twice
	// one that pushes Pawns, Soldiers, Princes and Trolls forward so that
	// they reach the last ranks.
	policies := []string{"uniform", "weighted", "advance", "advance"}
	plies := 120
	if testing.Short() {
		policies, plies = []string{"uniform", "advance"}, 100
	}
	for _, id := range []string{"gigachess2", "terachess2", "bigorra"} {
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			g := refGames[id]
			v := MustBuiltin(id)
			if got := v.StartFEN(); got != g.start {
				t.Errorf("engine start FEN %q; reference %q", got, g.start)
			}
			tally := map[string]int{}
			for game, policy := range policies {
				seed := int64(1000*len(id) + game)
				rng := rand.New(rand.NewSource(seed))
				rp := mustRefFEN(t, g, g.start)
				ep := refEnginePosition(t, v, g.start)
				for ply := range plies {
					ms := rp.legalMoves()
					refTally(rp, ms, tally)
					if !refCompare(t, rp, ms, ep) {
						t.Fatalf("game %d (seed %d, %s), ply %d", game, seed, policy, ply)
					}
					if a, b := rp.fen(), ep.FEN(); a != b {
						t.Fatalf("game %d, ply %d: positions differ:\n  reference %s\n  engine    %s", game, ply, rp.fen(), ep.FEN())
					}
					if len(ms) == 0 {
						break
					}
					var m refMove
					switch policy {
					case "uniform":
						m = ms[rng.Intn(len(ms))]
					case "weighted":
						m = ms[refPick(rp, ms, rng)]
					default:
						m = ms[refPickAdvance(rp, ms, rng)]
					}
					u := rp.uci(m)
					var next *Position
					for _, x := range ep.LegalMoves() {
						if ep.UCI(x) == u {
							var err error
							if next, err = ep.Play(x); err != nil {
								t.Fatalf("engine Play(%s) in %s: %v", u, rp.fen(), err)
							}
							break
						}
					}
					if next == nil {
						t.Fatalf("engine lacks %s in %s", u, rp.fen())
					}
					rp, ep = rp.play(m), next
				}
			}
			refLogTally(t, tally)
		})
	}
}

// refPickAdvance prefers promotions, then forward moves of Pawns, Soldiers,
// Princes and Trolls, then captures.
func refPickAdvance(p *refPos, ms []refMove, rng *rand.Rand) int {
	weights := make([]int, len(ms))
	total := 0
	for i, m := range ms {
		w := 1
		if p.cell[m.tf][m.tr] != 0 || m.ep {
			w += 6
		}
		if m.promo != refNone {
			w += 200
		}
		if p.white && m.tr > m.fr || !p.white && m.tr < m.fr {
			switch refKind(refAbs(int(p.cell[m.ff][m.fr]))) {
			case refPawn, refSoldier, refPrince, refTroll:
				w += 25
			}
		}
		weights[i] = w
		total += w
	}
	x := rng.Intn(total)
	for i, w := range weights {
		if x < w {
			return i
		}
		x -= w
	}
	return len(ms) - 1
}

// refRandomPosition places both Kings and a few random pieces of the game
// on random squares, with random jump rights for Kings on their start
// squares, side to move and, where a
// Pawn, Prince or Soldier of the side that just moved could have made a
// two-square step, sometimes an en-passant square. Pieces that promote are
// kept off their last rank, Pawns and Soldiers also off their first.
func refRandomPosition(g *refGame, rng *rand.Rand) *refPos {
	var kinds []refKind
	for k := range g.letter {
		if k != refKing {
			kinds = append(kinds, k)
		}
	}
	sort.Slice(kinds, func(i, j int) bool { return kinds[i] < kinds[j] })
	for {
		p := &refPos{g: g, epF: -1, epR: -1, white: rng.Intn(2) == 0, full: 1 + rng.Intn(60)}
		put := func(k refKind, white bool) {
			for {
				f, r := rng.Intn(g.files), rng.Intn(g.ranks)
				if p.cell[f][r] != 0 {
					continue
				}
				last, first := g.ranks-1, 0
				if !white {
					last, first = 0, g.ranks-1
				}
				if r == last && g.promo[k] != refNone ||
					r == first && (k == refPawn || k == refSoldier) {
					continue
				}
				if white {
					p.cell[f][r] = int8(k)
				} else {
					p.cell[f][r] = -int8(k)
				}
				return
			}
		}
		// Each King stands on its start square (h2, and h13 or h15) with
		// its jump right half of the time: the engine accepts the right
		// only there.
		for i, white := range []bool{true, false} {
			kr := 1
			if !white {
				kr = g.ranks - 2
			}
			if rng.Intn(2) == 0 && p.cell[7][kr] == 0 {
				p.cell[7][kr] = int8(refKing) * int8(1-2*i)
				p.jump[i] = rng.Intn(4) > 0
			} else {
				put(refKing, white)
			}
		}
		for range 4 + rng.Intn(22) {
			put(kinds[rng.Intn(len(kinds))], rng.Intn(2) == 0)
		}
		if p.inCheck(!p.white) {
			continue // the side that just moved cannot be in check
		}
		if rng.Intn(4) > 0 {
			// A Pawn, Prince or Soldier of the side that just moved, with
			// the two squares behind it empty, may just have stepped two.
			back := -1 // White just moved: it came from below
			if p.white {
				back = 1
			}
			var cands [][2]int
			for f := 0; f < g.files; f++ {
				for r := 0; r < g.ranks; r++ {
					c := p.cell[f][r]
					k := refKind(refAbs(int(c)))
					last := r == 0 && p.white || r == g.ranks-1 && !p.white
					stepper := k == refPawn || k == refPrince || k == refSoldier ||
						last && (k == refQueen || k == refAmazon) // promoted by the step
					if c == 0 || (c > 0) == p.white || !stepper {
						continue
					}
					if p.on(f, r+2*back) && p.cell[f][r+back] == 0 && p.cell[f][r+2*back] == 0 {
						cands = append(cands, [2]int{f, r + back})
					}
				}
			}
			if len(cands) > 0 {
				c := cands[rng.Intn(len(cands))]
				p.epF, p.epR = c[0], c[1]
				// Usually give the side to move a Pawn (or Soldier) that
				// can take en passant.
				tf, tr := c[0]+1-2*rng.Intn(2), c[1]-back
				if rng.Intn(4) > 0 && p.on(tf, tr) && p.cell[tf][tr] == 0 {
					k := refPawn
					if g.epTakers[refSoldier] && rng.Intn(2) == 0 {
						k = refSoldier
					}
					if p.white {
						p.cell[tf][tr] = int8(k)
					} else {
						p.cell[tf][tr] = -int8(k)
					}
					if p.inCheck(!p.white) {
						p.cell[tf][tr] = 0
					}
				}
			}
		}
		return p
	}
}

// TestReferenceAgreesOnRandomPositions compares the reference and the
// engine on sparse random positions and on every position one move later:
// long lines, promotions, checks and King's jumps near attacked squares
// come up far more often than in games from the start.
func TestReferenceAgreesOnRandomPositions(t *testing.T) {
	skipUnderRace(t)
	count := 150
	if testing.Short() {
		count = 40
	}
	for _, id := range []string{"gigachess2", "terachess2", "bigorra"} {
		t.Run(id, func(t *testing.T) {
			t.Parallel()
			g := refGames[id]
			v := MustBuiltin(id)
			rng := rand.New(rand.NewSource(int64(len(id)) * 7919))
			rejected, compared, failures := 0, 0, 0
			tally := map[string]int{}
			for range count {
				rp := refRandomPosition(g, rng)
				fen := rp.fen()
				s, err := ParseFEN(v, fen)
				if err != nil {
					t.Errorf("engine rejects %s: %v", fen, err)
					rejected++
					continue
				}
				ep, err := NewPosition(s)
				if err != nil {
					t.Logf("engine rejects %s: %v", fen, err)
					rejected++
					continue
				}
				compared++
				ms := rp.legalMoves()
				refTally(rp, ms, tally)
				if !refCompare(t, rp, ms, ep) {
					failures++
				} else {
					engineMoves := map[string]Move{}
					for _, m := range ep.LegalMoves() {
						engineMoves[ep.UCI(m)] = m
					}
					for _, m := range ms {
						u := rp.uci(m)
						next, err := ep.Play(engineMoves[u])
						if err != nil {
							t.Fatalf("engine Play(%s) in %s: %v", u, fen, err)
						}
						compared++
						child := rp.play(m)
						cms := child.legalMoves()
						refTally(child, cms, tally)
						if !refCompare(t, child, cms, next) {
							t.Logf("(after %s in %s)", u, fen)
							failures++
						}
						if failures >= 5 {
							break
						}
					}
				}
				if failures >= 5 {
					t.Fatalf("too many differences")
				}
			}
			refLogTally(t, tally)
			t.Logf("%d positions compared, %d rejected by the engine", compared, rejected)
		})
	}
}

// TestReferenceCraftedRules checks the reference itself against the rule
// texts on small hand-made positions (moves that must and must not be
// legal), then compares it with the engine in each of them.
func TestReferenceCraftedRules(t *testing.T) {
	cases := []struct {
		name, game, fen string
		play            []string // moves played first, in order
		want, dont      []string
	}{{
		// RULES R8: the rook on a3 attacks the whole third rank.
		name: "jump: passed squares attacked", game: "terachess2",
		fen:  "7k8/16/16/16/16/16/16/16/16/16/16/16/16/r15/7K8/16 w K - 0 1",
		want: []string{"h2f2", "h2j2", "h2f1", "h2j1", "h2g1", "h2i2"},
		dont: []string{"h2h4", "h2f4", "h2j4", "h2g4", "h2i4", "h2f3", "h2j3", "h2h3", "h2g3"},
	}, {
		// The knight on g5 attacks h3, f3 and i4: for h2-g4 the diagonal
		// neighbour g3 is free, so the jump is allowed; h2-i4 lands on an
		// attacked square; h2-h4 passes the attacked h3.
		name: "jump: one of two squares free", game: "terachess2",
		fen:  "7k8/16/16/16/16/16/16/16/16/16/16/6n9/16/16/7K8/16 w K - 0 1",
		want: []string{"h2g4", "h2f4", "h2j4", "h2j3", "h2f1"},
		dont: []string{"h2h4", "h2i4", "h2f3", "h2h3"},
	}, {
		// The knight on j4 attacks both h3 and i2: h2-i4 (orthogonal
		// neighbour h3, diagonal i3) is allowed through i3; h2-j3
		// (orthogonal i2, diagonal i3) too; h2-j2 passes i2.
		name: "jump: knight jump squares", game: "terachess2",
		fen:  "7k8/16/16/16/16/16/16/16/16/16/16/16/9n6/16/7K8/16 w K - 0 1",
		want: []string{"h2i4", "h2j3", "h2f2"},
		dont: []string{"h2j2", "h2h4", "h2h3", "h2i2"},
	}, {
		// Being checked does not lose the right: the check is blocked,
		// and the King may jump on its next move.
		name: "jump: right kept after a check", game: "terachess2",
		fen:  "7k8/16/16/16/16/16/7r8/16/16/16/16/R15/16/16/7K8/16 w K - 0 1",
		play: []string{"a5h5", "h16g16"},
		want: []string{"h2f2", "h2j2", "h2h4", "h2f4", "h2i4"},
	}, {
		name: "jump: in check", game: "terachess2",
		fen:  "7k8/16/16/16/16/16/7r8/16/16/16/16/16/16/16/7K8/16 w K - 0 1",
		want: []string{"h2g1", "h2i1", "h2g2"},
		dont: []string{"h2f1", "h2f2", "h2j2", "h2j1", "h2f3", "h2j3", "h2h1"},
	}, {
		name: "jump: lost after a King move", game: "terachess2",
		fen:  "7k8/16/16/16/16/16/16/16/16/16/16/16/16/16/7K8/16 w K - 0 1",
		play: []string{"h2h3", "h16h15"},
		want: []string{"h3h2", "h3g4"},
		dont: []string{"h3h5", "h3f3", "h3j5", "h3f4"},
	}, {
		// RULES R12: a Troll promotes by its step or capture only.
		name: "troll promotion", game: "terachess2",
		fen:  "k3r11/3T12/16/10T5/16/16/16/16/16/16/16/16/16/16/7K8/16 w K - 0 1",
		want: []string{"d15d16q", "d15e16q", "k13k16", "k13n16", "k13h16", "k13k14", "d15a15", "d15d12"},
		dont: []string{"d15d16", "d15c16q", "d15e16", "k13k16q", "k13n16q", "k13h16q", "k13l14"},
	}, {
		name: "troll promotion to Direwolf", game: "bigorra",
		fen:  "k3r11/3T12/16/16/16/16/16/16/16/16/16/16/16/16/7K8/16 w K - 0 1",
		want: []string{"d15d16d'", "d15e16d'"},
		dont: []string{"d15d16q"},
	}, {
		// RULES R7: the double step onto the last rank promotes and can
		// be taken en passant, which removes the new Queen.
		name: "en passant of a promoted Pawn", game: "terachess2",
		fen:  "3p12/16/4P11/16/16/16/16/15k/16/16/16/16/16/16/7K8/16 w - - 0 1",
		play: []string{"e14e16q"},
		want: []string{"d16e15"},
	}, {
		name: "en passant of a Prince promoted to Amazon", game: "gigachess2",
		fen:  "3p10/14/4I9/14/14/13k/14/14/14/14/14/14/7K6/14 w - - 0 1",
		play: []string{"e12e14a"},
		want: []string{"d14e13"},
	}, {
		// Only Pawns take en passant; a Troll, which captures like a
		// Pawn, does not.
		name: "en passant: Pawn yes, Troll no", game: "terachess2",
		fen:  "7k8/16/16/16/16/16/16/16/16/16/16/3p1t10/16/4P11/7K8/16 w - - 0 1",
		play: []string{"e3e5"},
		want: []string{"d5e4"},
		dont: []string{"f5e4"},
	}, {
		// Bigorra: Soldiers take en passant and can be taken so.
		name: "en passant by a Soldier", game: "bigorra",
		fen:  "7k8/16/16/16/16/16/16/16/16/16/16/3p'12/16/4P'11/7K8/16 w - - 0 1",
		play: []string{"e3e5"},
		want: []string{"d5e4"},
	}, {
		name: "en passant: the next move only", game: "terachess2",
		fen:  "7k8/16/16/16/16/16/16/16/16/16/16/3p12/16/4P11/7K8/16 w - - 0 1",
		play: []string{"e3e5", "h16h15", "h2h3"},
		dont: []string{"d5e4"},
	}, {
		// RULES R13: the Soldier's sideways step never captures.
		name: "soldier", game: "bigorra",
		fen:  "7k8/16/16/16/16/16/16/16/16/16/16/3nP'11/16/16/7K8/16 w - - 0 1",
		want: []string{"e5e6", "e5e7", "e5f5"},
		dont: []string{"e5d5", "e5f6", "e5d6"},
	}, {
		// RULES R10: a Cannon checks through exactly one screen; with two
		// screens there is no check.
		name: "cannon check through a screen", game: "terachess2",
		fen:  "7k8/16/16/16/16/16/7p8/16/16/16/16/7C8/16/16/1K14/16 b - - 0 1",
		want: []string{"h16g16", "h16i15"},
		dont: []string{"h16h15", "h10h9"},
	}, {
		name: "cannon with two screens gives no check", game: "terachess2",
		fen:  "7k8/16/7p8/16/16/16/7p8/16/16/16/16/7C8/16/16/1K14/16 b - - 0 1",
		want: []string{"h16h15", "h14h13"},
	}, {
		// RULES R9: the Eagle stops or captures on its first step and
		// slides on only from an empty one, away from its start.
		name: "eagle", game: "terachess2",
		fen:  "7k8/16/16/16/16/16/16/16/16/16/16/16/16/5p10/4G2K8/16 w - - 0 1",
		want: []string{"e2f3", "e2d3", "e2d1", "e2f1", "e2g1", "e2c1", "e2d8", "e2a3", "e2c3"},
		dont: []string{"e2g3", "e2f4", "e2e3", "e2d2", "e2e1", "e2c2"},
	}, {
		name: "rhinoceros", game: "terachess2",
		fen:  "7k8/16/16/16/16/16/16/16/16/16/16/16/16/16/3Up2K8/16 w - - 0 1",
		want: []string{"d2e2", "d2d3", "d2e4", "d2c4", "d2a6", "d2c2", "d2b3", "d2a4", "d2b1", "d2d1"},
		dont: []string{"d2f3", "d2f1", "d2e3", "d2c3", "d2d4", "d2e1", "d2c1", "d2b2"},
	}, {
		// The Snake: a vertical first step, then the diagonals going on in
		// that vertical direction. The Ship: a diagonal first step, then
		// straight on vertically.
		name: "snake and ship", game: "bigorra",
		fen:  "7k8/16/16/16/16/16/16/16/16/16/16/16/16/16/3N'3K2B'5/16 w - - 0 1",
		want: []string{"d2d3", "d2e4", "d2c4", "d2a6", "d2d1", "k2l3", "k2l16g", "k2j3", "k2j1", "k2l1"},
		dont: []string{"d2d4", "d2e2", "d2e3", "d2e1", "d2c1", "k2m4", "k2l2", "k2k3", "k2l16"},
	}, {
		// Capturing onto the last rank promotes too (Knight to Buffalo).
		name: "promotion by capture", game: "gigachess2",
		fen:  "4r2k6/14/3N10/14/14/14/14/14/14/14/14/14/7K6/14 w - - 0 1",
		want: []string{"d12e14f", "d12c14f"},
		dont: []string{"d12e14", "d12e14q"},
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := refGames[tc.game]
			v := MustBuiltin(tc.game)
			rp := mustRefFEN(t, g, tc.fen)
			ep := refEnginePosition(t, v, tc.fen)
			for i := 0; ; i++ {
				ms := rp.legalMoves()
				if !refCompare(t, rp, ms, ep) {
					t.Logf("(after %v)", tc.play[:i])
				}
				if i == len(tc.play) {
					break
				}
				u := tc.play[i]
				var found bool
				for _, m := range ms {
					if rp.uci(m) == u {
						rp, found = rp.play(m), true
						break
					}
				}
				if !found {
					t.Fatalf("reference: %s is not legal in %s", u, rp.fen())
				}
				var next *Position
				for _, m := range ep.LegalMoves() {
					if ep.UCI(m) == u {
						next, _ = ep.Play(m)
					}
				}
				if next == nil {
					t.Fatalf("engine: %s is not legal in %s", u, ep.FEN())
				}
				ep = next
			}
			legal := map[string]bool{}
			for _, m := range rp.legalMoves() {
				legal[rp.uci(m)] = true
			}
			for _, u := range tc.want {
				if !legal[u] {
					t.Errorf("reference: %s should be legal in %s", u, rp.fen())
				}
			}
			for _, u := range tc.dont {
				if legal[u] {
					t.Errorf("reference: %s should not be legal in %s", u, rp.fen())
				}
			}
		})
	}
}

// The engine on the suites the reference established.
func TestPerftGigachess2(t *testing.T) { runPerftSuite(t, "gigachess2") }
func TestPerftTerachess2(t *testing.T) { runPerftSuite(t, "terachess2") }
func TestPerftBigorra(t *testing.T)    { runPerftSuite(t, "bigorra") }
