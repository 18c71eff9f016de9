package rules

// A slow, plain reference move generator for Giant Chess (16x16, with the
// Dev, a piece standing on a 2x2 block) and its quick form of four moves a
// turn, written from the rule text (seeds/giant-chess.txt), RULES
// R1-R4, R14-R18 and R28-R30, SETUPS.md and the Giant Chess contract, without
// sharing any code, table or piece definition with the engine or with the
// other references (refgen_test.go, refgrand_test.go); only the offset helper
// refOffsets, plain arithmetic that decides no rule, and the test plumbing
// (skipUnderRace, readPerftSuite, runPerftSuite) are borrowed.
//
// It works on a plain 2D array indexed [file][rank], a Dev written on each of
// its four squares; it generates every piece's moves in loops over (file,
// rank) offsets, tests for check by generating the enemy's captures (a Dev's
// block moves included) and looking for one onto the King's square, decides
// a capture of a Dev by another piece by generating all the capturing side's
// captures and checking that each of the Dev's four squares is among them,
// and plays a move on a copy. It is meant to be obviously right, not fast; it
// establishes the numbers of testdata/perft/giant.perft and
// giant-quick.perft, and the tests below compare it with the engine through
// the public API only.

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

// rgiKind is a piece type of the Giant Chess reference.
type rgiKind int8

const (
	rgiNone rgiKind = iota
	rgiKing
	rgiQueen
	rgiRook
	rgiBishop
	rgiKnight
	rgiGeneral    // Amazon: Queen + Knight
	rgiChancellor // Rook + Knight
	rgiMinister   // Bishop + Knight
	rgiShogi      // the Xiangqi Cannon: moves as a Rook, captures over one screen
	rgiElephant   // the same on diagonals
	rgiDev        // the giant on a 2x2 block
	rgiPawn
	rgiKinds
)

// rgiLetter: the FEN letter of each kind (White, upper case), SETUPS.md.
var rgiLetter = [rgiKinds]byte{0, 'K', 'Q', 'R', 'B', 'N', 'G', 'C', 'M', 'S', 'E', 'D', 'P'}

var rgiName = [rgiKinds]string{"", "King", "Queen", "Rook", "Bishop", "Knight", "General",
	"Chancellor", "Minister", "Shogi", "Elephant", "Dev", "Pawn"}

// rgiPromotions: what a Pawn may become (RULES R17: any piece but Pawn and
// King).
var rgiPromotions = []rgiKind{rgiQueen, rgiRook, rgiBishop, rgiKnight, rgiGeneral,
	rgiChancellor, rgiMinister, rgiShogi, rgiElephant, rgiDev}

func rgiKindOf(ch byte) rgiKind {
	up := ch &^ 0x20
	for k := rgiKing; k < rgiKinds; k++ {
		if rgiLetter[k] == up {
			return k
		}
	}
	return rgiNone
}

const (
	rgiStart = "rrnnbbqqkgbbnnrr/rrnnbbqqggbbnnrr/ssddeemmcceeddss/ssddeemmcceeddss/" +
		"pppppppppppppppp/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/PPPPPPPPPPPPPPPP/" +
		"SSDDEEMMCCEEDDSS/SSDDEEMMCCEEDDSS/RRNNBBQQGGBBNNRR/RRNNBBQQKGBBNNRR w ABOPabop - 0 1"
	rgiQuickStart = rgiStart + " 4"
	rgiKingFile   = 8 // i1 and i16: the King's start square
)

// rgiPos is a position: cell[file][rank] holds +kind for White, -kind for
// Black, 0 for an empty square; files and ranks count from 0.
type rgiPos struct {
	cell       [16][16]int8
	white      bool        // White to move
	rights     [2][16]bool // [side][file]: the unmoved Rook on that file of the side's first rank may castle
	epF, epR   int         // en-passant square, -1 when none
	half, full int         // halfmove clock (single moves), move number
	quick      bool        // the quick form: four moves a turn
	left       int         // quick form: moves left in the turn, counting the next one (1-4)
}

// rgiMove is a move. A Dev move gives the lower-left squares of its two
// blocks; castling gives the King's squares and the Rook's files.
type rgiMove struct {
	ff, fr, tf, tr int8
	promo          rgiKind
	dev            bool // a Dev's block move
	ep             bool // en passant: also removes the Pawn on (tf, fr)
	double         bool // a Pawn's two-square step
	castle         bool
	rf, rt         int8 // castling: the Rook's file before and after
}

func rgiOn(f, r int) bool { return f >= 0 && f < 16 && r >= 0 && r < 16 }

func rgiSide(white bool) int {
	if white {
		return 0
	}
	return 1
}

// rgiSign is +1 for White, -1 for Black.
func rgiSign(white bool) int8 {
	if white {
		return 1
	}
	return -1
}

// rgiFirstRank is the rank of a side's King and Rooks at the start.
func rgiFirstRank(white bool) int {
	if white {
		return 0
	}
	return 15
}

// rgiSquare names a square: file letter, 1-based rank (RULES R28).
func rgiSquare(f, r int) string { return string(rune('a'+f)) + strconv.Itoa(r+1) }

func (p *rgiPos) kindAt(f, r int) rgiKind { return rgiKind(refAbs(int(p.cell[f][r]))) }

// own: the square holds a piece of the given side.
func (p *rgiPos) own(f, r int, white bool) bool {
	c := p.cell[f][r]
	return c != 0 && (c > 0) == white
}

// uci writes m in coordinate form with a lower-case promotion letter.
func (p *rgiPos) uci(m rgiMove) string {
	s := rgiSquare(int(m.ff), int(m.fr)) + rgiSquare(int(m.tf), int(m.tr))
	if m.promo != rgiNone {
		s += strings.ToLower(string(rgiLetter[m.promo]))
	}
	return s
}

// captures lists the squares whose pieces m removes, sorted: the four squares
// of a captured Dev, every enemy square of the block a Dev moves into, the
// Pawn taken en passant.
func (p *rgiPos) captures(m rgiMove) []string {
	var out []string
	switch {
	case m.castle:
	case m.dev:
		for _, sq := range rgiBlock(int(m.tf), int(m.tr)) {
			if p.cell[sq[0]][sq[1]] != 0 {
				out = append(out, rgiSquare(sq[0], sq[1]))
			}
		}
	case p.kindAt(int(m.tf), int(m.tr)) == rgiDev:
		for _, sq := range rgiBlock(int(m.tf), int(m.tr)) {
			out = append(out, rgiSquare(sq[0], sq[1]))
		}
	case p.cell[m.tf][m.tr] != 0:
		out = append(out, rgiSquare(int(m.tf), int(m.tr)))
	case m.ep:
		out = append(out, rgiSquare(int(m.tf), int(m.fr)))
	}
	sort.Strings(out)
	return out
}

// rgiBlock lists the four squares of the aligned 2x2 block holding (f, r)
// (RULES R14: files a-b, c-d, ..., ranks 1-2, 3-4, ...).
func rgiBlock(f, r int) [4][2]int {
	bf, br := f&^1, r&^1
	return [4][2]int{{bf, br}, {bf + 1, br}, {bf, br + 1}, {bf + 1, br + 1}}
}

// ----------------------------------------------------------------------------
// FEN.

func rgiParseFEN(fen string, quick bool) (*rgiPos, error) {
	fields := strings.Split(fen, " ")
	if len(fields) != 6 && !(quick && len(fields) == 7) {
		return nil, fmt.Errorf("FEN %q: want 6 fields (7 for the quick form), got %d", fen, len(fields))
	}
	p := &rgiPos{epF: -1, epR: -1, quick: quick, left: 4}
	rows := strings.Split(fields[0], "/")
	if len(rows) != 16 {
		return nil, fmt.Errorf("FEN %q: want 16 ranks, got %d", fen, len(rows))
	}
	for i, row := range rows {
		r := 15 - i
		f := 0
		for j := 0; j < len(row); {
			ch := row[j]
			if ch >= '0' && ch <= '9' {
				k := j
				for k < len(row) && row[k] >= '0' && row[k] <= '9' {
					k++
				}
				n, _ := strconv.Atoi(row[j:k])
				if n == 0 {
					return nil, fmt.Errorf("FEN %q: empty count 0", fen)
				}
				f += n
				j = k
				continue
			}
			kind := rgiKindOf(ch)
			if kind == rgiNone {
				return nil, fmt.Errorf("FEN %q: unknown piece %q", fen, ch)
			}
			if f >= 16 {
				return nil, fmt.Errorf("FEN %q: rank %d too long", fen, r+1)
			}
			if ch >= 'a' && ch <= 'z' {
				p.cell[f][r] = -int8(kind)
			} else {
				p.cell[f][r] = int8(kind)
			}
			f++
			j++
		}
		if f != 16 {
			return nil, fmt.Errorf("FEN %q: rank %d has %d files", fen, r+1, f)
		}
	}
	kings := [2]int{}
	for f := 0; f < 16; f++ {
		for r := 0; r < 16; r++ {
			c := p.cell[f][r]
			switch p.kindAt(f, r) {
			case rgiKing:
				kings[rgiSide(c > 0)]++
			case rgiDev:
				// RULES R14 and the contract: a Dev letter must fill a
				// whole aligned block with four of the same colour.
				for _, sq := range rgiBlock(f, r) {
					if p.cell[sq[0]][sq[1]] != c {
						return nil, fmt.Errorf("FEN %q: the Dev on %s does not fill its block", fen, rgiSquare(f, r))
					}
				}
			case rgiPawn:
				// A Pawn promotes on arriving on its last two ranks.
				if rel := p.rel(r, c > 0); rel >= 14 {
					return nil, fmt.Errorf("FEN %q: Pawn on %s", fen, rgiSquare(f, r))
				}
			}
		}
	}
	if kings != [2]int{1, 1} {
		return nil, fmt.Errorf("FEN %q: want one King a side", fen)
	}
	switch fields[1] {
	case "w":
		p.white = true
	case "b":
	default:
		return nil, fmt.Errorf("FEN %q: bad side %q", fen, fields[1])
	}
	if fields[2] != "-" {
		for i := 0; i < len(fields[2]); i++ {
			ch := fields[2][i]
			white := ch >= 'A' && ch <= 'P'
			if !white && !(ch >= 'a' && ch <= 'p') {
				return nil, fmt.Errorf("FEN %q: bad castling right %q", fen, ch)
			}
			f, r := int(ch|0x20)-'a', rgiFirstRank(white)
			if p.cell[f][r] != int8(rgiRook)*rgiSign(white) || p.cell[rgiKingFile][r] != int8(rgiKing)*rgiSign(white) {
				return nil, fmt.Errorf("FEN %q: castling right %q without its unmoved King and Rook", fen, ch)
			}
			p.rights[rgiSide(white)][f] = true
		}
	}
	if s := fields[3]; s != "-" {
		if len(s) < 2 {
			return nil, fmt.Errorf("FEN %q: bad en-passant square %q", fen, s)
		}
		r, err := strconv.Atoi(s[1:])
		if err != nil || s[0] < 'a' || s[0] > 'p' || r < 1 || r > 16 {
			return nil, fmt.Errorf("FEN %q: bad en-passant square %q", fen, s)
		}
		f := int(s[0] - 'a')
		r--
		// The side that just moved stepped a Pawn from rank 5 or 6 (Black:
		// 12 or 11) over this square.
		mover := !p.white
		dir := 1
		if !mover {
			dir = -1
		}
		if rel := p.rel(r, mover); (rel != 5 && rel != 6) || p.cell[f][r] != 0 || p.cell[f][r-dir] != 0 ||
			p.cell[f][r+dir] != -int8(rgiPawn)*rgiSign(p.white) {
			return nil, fmt.Errorf("FEN %q: no double step over %s", fen, s)
		}
		p.epF, p.epR = f, r
	}
	var err error
	if p.half, err = strconv.Atoi(fields[4]); err != nil || p.half < 0 {
		return nil, fmt.Errorf("FEN %q: bad halfmove clock", fen)
	}
	if p.full, err = strconv.Atoi(fields[5]); err != nil || p.full < 1 {
		return nil, fmt.Errorf("FEN %q: bad move number", fen)
	}
	if len(fields) == 7 {
		if p.left, err = strconv.Atoi(fields[6]); err != nil || p.left < 1 || p.left > 4 {
			return nil, fmt.Errorf("FEN %q: bad count of moves left", fen)
		}
	}
	if p.kingAttacked(!p.white) {
		return nil, fmt.Errorf("FEN %q: the side not to move is in check", fen)
	}
	return p, nil
}

// rel is a rank counted from the side's own first rank (0-15).
func (p *rgiPos) rel(r int, white bool) int {
	if white {
		return r
	}
	return 15 - r
}

// fen writes the position: castling rights as the files of the Rooks, White
// (upper case) first, each side's in file order (RULES R30); the quick
// form's seventh field always.
func (p *rgiPos) fen() string {
	var b strings.Builder
	for r := 15; r >= 0; r-- {
		empty := 0
		for f := 0; f < 16; f++ {
			c := p.cell[f][r]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteString(strconv.Itoa(empty))
				empty = 0
			}
			l := rgiLetter[refAbs(int(c))]
			if c < 0 {
				l |= 0x20
			}
			b.WriteByte(l)
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
	for side, base := range []byte{'A', 'a'} {
		for f := 0; f < 16; f++ {
			if p.rights[side][f] {
				rights += string(base + byte(f))
			}
		}
	}
	if rights == "" {
		rights = "-"
	}
	b.WriteString(rights)
	if p.epF >= 0 {
		b.WriteString(" " + rgiSquare(p.epF, p.epR))
	} else {
		b.WriteString(" -")
	}
	fmt.Fprintf(&b, " %d %d", p.half, p.full)
	if p.quick {
		fmt.Fprintf(&b, " %d", p.left)
	}
	return b.String()
}

// ----------------------------------------------------------------------------
// Offsets.

var (
	rgiOrth   = refOffsets(1, 0)
	rgiDiag   = refOffsets(1, 1)
	rgiAll8   = append(append([][2]int{}, rgiOrth...), rgiDiag...)
	rgiLeaps  = refOffsets(2, 1)
	rgiBlocks = [][2]int{{2, 0}, {-2, 0}, {0, 2}, {0, -2}} // a Dev's moves, in squares
)

// rgiPowers describes a kind's moves: its slide directions, whether it
// leaps as a Knight, whether its slides are a cannon's (moving as the
// slider, capturing over exactly one screen).
type rgiPowers struct {
	slides [][2]int
	knight bool
	cannon bool
}

var rgiPower = [rgiKinds]rgiPowers{
	rgiQueen:      {slides: rgiAll8},
	rgiRook:       {slides: rgiOrth},
	rgiBishop:     {slides: rgiDiag},
	rgiKnight:     {knight: true},
	rgiGeneral:    {slides: rgiAll8, knight: true},
	rgiChancellor: {slides: rgiOrth, knight: true},
	rgiMinister:   {slides: rgiDiag, knight: true},
	rgiShogi:      {slides: rgiOrth, cannon: true},
	rgiElephant:   {slides: rgiDiag, cannon: true},
}

// ----------------------------------------------------------------------------
// Captures: what a piece could take as the board stands.

// targets appends every square the piece on (f, r) could capture on if an
// enemy piece stood there, ignoring pins and the rule that a Dev falls only
// to a joint attack: for a slider the first piece on each line, for a cannon
// the first piece beyond exactly one screen (of either colour, a Dev's
// square included), for a leaper, King or Pawn every square it reaches, for
// a Dev every square of each orthogonally adjacent block that holds none of
// its own side's pieces. A slider's or cannon's empty squares are left out:
// callers put a piece on a square to ask whether it is attacked.
func (p *rgiPos) targets(f, r int, out [][2]int) [][2]int {
	c := p.cell[f][r]
	white := c > 0
	switch kind := rgiKind(refAbs(int(c))); kind {
	case rgiKing:
		for _, d := range rgiAll8 {
			if rgiOn(f+d[0], r+d[1]) {
				out = append(out, [2]int{f + d[0], r + d[1]})
			}
		}
	case rgiPawn:
		fwd := 1
		if !white {
			fwd = -1
		}
		for _, df := range []int{-1, 1} {
			if rgiOn(f+df, r+fwd) {
				out = append(out, [2]int{f + df, r + fwd})
			}
		}
	case rgiDev:
		for _, d := range rgiBlocks {
			bf, br := f&^1+d[0], r&^1+d[1]
			if !rgiOn(bf, br) || p.blockHolds(bf, br, white) {
				continue
			}
			for _, sq := range rgiBlock(bf, br) {
				out = append(out, sq)
			}
		}
	default:
		pw := rgiPower[kind]
		if pw.knight {
			for _, d := range rgiLeaps {
				if rgiOn(f+d[0], r+d[1]) {
					out = append(out, [2]int{f + d[0], r + d[1]})
				}
			}
		}
		for _, d := range pw.slides {
			screens := 0
			if !pw.cannon {
				screens = 1 // a slider takes the first piece it meets
			}
			for x, y := f+d[0], r+d[1]; rgiOn(x, y); x, y = x+d[0], y+d[1] {
				if p.cell[x][y] == 0 {
					continue
				}
				if screens == 1 {
					out = append(out, [2]int{x, y})
					break
				}
				screens++ // the cannon's screen
			}
		}
	}
	return out
}

// blockHolds: the aligned block with lower-left square (bf, br) holds a
// piece of the given side.
func (p *rgiPos) blockHolds(bf, br int, white bool) bool {
	for _, sq := range rgiBlock(bf, br) {
		if p.own(sq[0], sq[1], white) {
			return true
		}
	}
	return false
}

// attackMap marks every square on which a piece of the given side could
// capture (targets), each Dev counted once.
func (p *rgiPos) attackMap(white bool) *[16][16]bool {
	var m [16][16]bool
	var buf [][2]int
	for f := 0; f < 16; f++ {
		for r := 0; r < 16; r++ {
			if !p.own(f, r, white) || p.kindAt(f, r) == rgiDev && (f%2 != 0 || r%2 != 0) {
				continue
			}
			buf = p.targets(f, r, buf[:0])
			for _, sq := range buf {
				m[sq[0]][sq[1]] = true
			}
		}
	}
	return &m
}

// attacked: a piece of side byWhite could capture on (tf, tr) (RULES R1:
// pins ignored). The square must be occupied (see targets).
func (p *rgiPos) attacked(tf, tr int, byWhite bool) bool {
	var buf [][2]int
	for f := 0; f < 16; f++ {
		for r := 0; r < 16; r++ {
			if !p.own(f, r, byWhite) || p.kindAt(f, r) == rgiDev && (f%2 != 0 || r%2 != 0) {
				continue
			}
			buf = p.targets(f, r, buf[:0])
			for _, sq := range buf {
				if sq[0] == tf && sq[1] == tr {
					return true
				}
			}
		}
	}
	return false
}

func (p *rgiPos) kingSquare(white bool) (int, int) {
	for f := 0; f < 16; f++ {
		for r := 0; r < 16; r++ {
			if p.cell[f][r] == int8(rgiKing)*rgiSign(white) {
				return f, r
			}
		}
	}
	panic("rgiPos: no King")
}

// kingAttacked: the given side's King is in check.
func (p *rgiPos) kingAttacked(white bool) bool {
	f, r := p.kingSquare(white)
	return p.attacked(f, r, !white)
}

func (p *rgiPos) inCheck() bool { return p.kingAttacked(p.white) }

// emptyAttacked: the empty square (f, r) is attacked by byWhite: a piece of
// the other side put there could be captured.
func (p *rgiPos) emptyAttacked(f, r int, byWhite bool) bool {
	q := *p
	q.cell[f][r] = int8(rgiQueen) * rgiSign(!byWhite)
	return q.attacked(f, r, byWhite)
}

// ----------------------------------------------------------------------------
// Moves.

// rgiGen collects the pseudo-legal moves of one position.
type rgiGen struct {
	p     *rgiPos
	joint *[16][16]bool // the mover's attack map, made when first needed
	out   []rgiMove
}

// land adds the move from (f, r) to (tf, tr) of a non-Dev piece if the
// square is empty or holds an enemy piece it may take: any piece but a Dev
// directly, a Dev only when all four of its squares are attacked by the
// mover's pieces together (RULES R15; the piece itself attacks (tf, tr),
// as every caller makes sure).
func (g *rgiGen) land(f, r, tf, tr int) {
	p := g.p
	c := p.cell[tf][tr]
	if c != 0 && (c > 0) == p.white {
		return
	}
	if rgiKind(refAbs(int(c))) == rgiDev {
		if g.joint == nil {
			g.joint = p.attackMap(p.white)
		}
		for _, sq := range rgiBlock(tf, tr) {
			if !g.joint[sq[0]][sq[1]] {
				return
			}
		}
	}
	g.out = append(g.out, rgiMove{ff: int8(f), fr: int8(r), tf: int8(tf), tr: int8(tr)})
}

// pawnTo adds a Pawn's move, with every promotion when it arrives on its
// last two ranks (RULES R17): a Dev only when the arrival square's block is
// otherwise empty once the move's captures are made.
func (g *rgiGen) pawnTo(f, r, tf, tr int, m rgiMove) {
	p := g.p
	m.ff, m.fr, m.tf, m.tr = int8(f), int8(r), int8(tf), int8(tr)
	if p.rel(tr, p.white) < 14 {
		g.out = append(g.out, m)
		return
	}
	for _, k := range rgiPromotions {
		if k == rgiDev && p.kindAt(tf, tr) != rgiDev {
			// (Taking a Dev empties its whole block, the arrival block.)
			ok := true
			for _, sq := range rgiBlock(tf, tr) {
				if (sq[0] != tf || sq[1] != tr) && p.cell[sq[0]][sq[1]] != 0 {
					ok = false
				}
			}
			if !ok {
				continue
			}
		}
		m.promo = k
		g.out = append(g.out, m)
	}
}

func (g *rgiGen) pawn(f, r int) {
	p := g.p
	fwd := 1
	if !p.white {
		fwd = -1
	}
	if rgiOn(f, r+fwd) && p.cell[f][r+fwd] == 0 {
		g.pawnTo(f, r, f, r+fwd, rgiMove{})
		// RULES R17: from rank 5 or 6 (Black 12 or 11), both squares
		// empty, whatever the Pawn did before.
		if rel := p.rel(r, p.white); (rel == 4 || rel == 5) && p.cell[f][r+2*fwd] == 0 {
			g.pawnTo(f, r, f, r+2*fwd, rgiMove{double: true})
		}
	}
	for _, df := range []int{-1, 1} {
		tf, tr := f+df, r+fwd
		if !rgiOn(tf, tr) {
			continue
		}
		if c := p.cell[tf][tr]; c != 0 && (c > 0) != p.white {
			if rgiKind(refAbs(int(c))) == rgiDev {
				n := len(g.out)
				g.land(f, r, tf, tr)
				if len(g.out) == n {
					continue
				}
				g.out = g.out[:n] // allowed: add it with its promotions
			}
			g.pawnTo(f, r, tf, tr, rgiMove{})
		} else if tf == p.epF && tr == p.epR && p.cell[tf][r] == -int8(rgiPawn)*rgiSign(p.white) {
			g.pawnTo(f, r, tf, tr, rgiMove{ep: true})
		}
	}
}

func (g *rgiGen) dev(f, r int) {
	p := g.p
	for _, d := range rgiBlocks {
		tf, tr := f+d[0], r+d[1]
		if rgiOn(tf, tr) && !p.blockHolds(tf, tr, p.white) {
			g.out = append(g.out, rgiMove{ff: int8(f), fr: int8(r), tf: int8(tf), tr: int8(tr), dev: true})
		}
	}
}

func (g *rgiGen) piece(f, r int, kind rgiKind) {
	p := g.p
	if kind == rgiKing {
		for _, d := range rgiAll8 {
			if rgiOn(f+d[0], r+d[1]) {
				g.land(f, r, f+d[0], r+d[1])
			}
		}
		g.castling(f, r)
		return
	}
	pw := rgiPower[kind]
	if pw.knight {
		for _, d := range rgiLeaps {
			if rgiOn(f+d[0], r+d[1]) {
				g.land(f, r, f+d[0], r+d[1])
			}
		}
	}
	for _, d := range pw.slides {
		x, y := f+d[0], r+d[1]
		for ; rgiOn(x, y) && p.cell[x][y] == 0; x, y = x+d[0], y+d[1] {
			g.out = append(g.out, rgiMove{ff: int8(f), fr: int8(r), tf: int8(x), tr: int8(y)})
		}
		if !rgiOn(x, y) {
			continue
		}
		if !pw.cannon {
			g.land(f, r, x, y)
			continue
		}
		// A cannon jumps the screen (x, y) and takes the first piece after.
		for x, y = x+d[0], y+d[1]; rgiOn(x, y); x, y = x+d[0], y+d[1] {
			if p.cell[x][y] != 0 {
				g.land(f, r, x, y)
				break
			}
		}
	}
}

// castling (RULES R16): the unmoved King moves two squares toward an
// unmoved Rook of its own first rank, every square between them empty, not
// in check, not passing or landing on an attacked square; the Rook lands on
// the square the King passed.
func (g *rgiGen) castling(f, r int) {
	p := g.p
	side := rgiSide(p.white)
	if r != rgiFirstRank(p.white) || f != rgiKingFile {
		return
	}
	checked := false
	for _, d := range []int{-1, 1} {
		x := f + d
		for rgiOn(x, r) && p.cell[x][r] == 0 {
			x += d
		}
		if !rgiOn(x, r) || !p.rights[side][x] || p.cell[x][r] != int8(rgiRook)*rgiSign(p.white) {
			continue
		}
		if refAbs(x-f) < 3 {
			continue // never with the setup's Rooks (a, b, o, p); see the contract
		}
		if !checked {
			if p.inCheck() {
				return
			}
			checked = true
		}
		if p.emptyAttacked(f+d, r, !p.white) || p.emptyAttacked(f+2*d, r, !p.white) {
			continue
		}
		g.out = append(g.out, rgiMove{ff: int8(f), fr: int8(r), tf: int8(f + 2*d), tr: int8(r),
			castle: true, rf: int8(x), rt: int8(f + d)})
	}
}

// pseudoMoves: every move of the side to move, before the test for check.
func (p *rgiPos) pseudoMoves() []rgiMove {
	g := rgiGen{p: p}
	for f := 0; f < 16; f++ {
		for r := 0; r < 16; r++ {
			if !p.own(f, r, p.white) {
				continue
			}
			switch kind := p.kindAt(f, r); kind {
			case rgiPawn:
				g.pawn(f, r)
			case rgiDev:
				if f%2 == 0 && r%2 == 0 {
					g.dev(f, r)
				}
			default:
				g.piece(f, r, kind)
			}
		}
	}
	return g.out
}

// apply makes m on a copy: the pieces, castling rights, en-passant square
// (set after every double step; the quick form clears it below when the
// turn goes on), the clock; the side to move is left unchanged.
func (p *rgiPos) apply(m rgiMove) *rgiPos {
	q := *p
	s := rgiSign(p.white)
	mover := p.kindAt(int(m.ff), int(m.fr))
	capture := false
	switch {
	case m.dev:
		for _, sq := range rgiBlock(int(m.ff), int(m.fr)) {
			q.cell[sq[0]][sq[1]] = 0
		}
		for _, sq := range rgiBlock(int(m.tf), int(m.tr)) {
			if q.cell[sq[0]][sq[1]] != 0 {
				capture = true
			}
			q.cell[sq[0]][sq[1]] = int8(rgiDev) * s
		}
	case m.castle:
		q.cell[m.ff][m.fr] = 0
		q.cell[m.rf][m.fr] = 0
		q.cell[m.tf][m.tr] = int8(rgiKing) * s
		q.cell[m.rt][m.fr] = int8(rgiRook) * s
	default:
		piece := q.cell[m.ff][m.fr]
		if c := q.cell[m.tf][m.tr]; c != 0 {
			capture = true
			if rgiKind(refAbs(int(c))) == rgiDev {
				for _, sq := range rgiBlock(int(m.tf), int(m.tr)) {
					q.cell[sq[0]][sq[1]] = 0
				}
			}
		}
		if m.ep {
			q.cell[m.tf][m.fr] = 0
			capture = true
		}
		q.cell[m.ff][m.fr] = 0
		switch m.promo {
		case rgiNone:
			q.cell[m.tf][m.tr] = piece
		case rgiDev:
			for _, sq := range rgiBlock(int(m.tf), int(m.tr)) {
				q.cell[sq[0]][sq[1]] = int8(rgiDev) * s
			}
		default:
			q.cell[m.tf][m.tr] = int8(m.promo) * s
		}
	}
	// Rights: lost with the King's move, and with a Rook's leaving or being
	// taken from its square.
	if mover == rgiKing {
		q.rights[rgiSide(p.white)] = [16]bool{}
	}
	for side, white := range []bool{true, false} {
		for x := 0; x < 16; x++ {
			if q.rights[side][x] && q.cell[x][rgiFirstRank(white)] != int8(rgiRook)*rgiSign(white) {
				q.rights[side][x] = false
			}
		}
	}
	q.epF, q.epR = -1, -1
	if m.double {
		q.epF, q.epR = int(m.tf), (int(m.fr)+int(m.tr))/2
	}
	if capture || mover == rgiPawn {
		q.half = 0
	} else {
		q.half++
	}
	return &q
}

// play returns the position after m. In the quick form (RULES R18 and the
// contract) the turn passes after the fourth move, after a move that gives
// check, or when the mover has no legal move left; a double step keeps its
// en-passant square only when the turn passes; the move number grows when
// Black's turn passes.
func (p *rgiPos) play(m rgiMove) *rgiPos {
	q := p.apply(m)
	if p.quick && p.left > 1 && !q.kingAttacked(!p.white) {
		// The turn goes on unless the mover has no legal move left; its
		// own double step gives no en-passant right.
		epF, epR := q.epF, q.epR
		q.epF, q.epR, q.left = -1, -1, p.left-1
		if q.hasLegalMove() {
			return q
		}
		q.epF, q.epR = epF, epR
	}
	q.white = !p.white
	q.left = 4
	if !p.white {
		q.full++
	}
	return q
}

func (p *rgiPos) legal(m rgiMove) bool { return !p.apply(m).kingAttacked(p.white) }

// legalMoves: every move after which the mover's King is not in check
// (RULES R2).
func (p *rgiPos) legalMoves() []rgiMove {
	pseudo := p.pseudoMoves()
	legal := pseudo[:0]
	for _, m := range pseudo {
		if p.legal(m) {
			legal = append(legal, m)
		}
	}
	return legal
}

func (p *rgiPos) hasLegalMove() bool {
	for _, m := range p.pseudoMoves() {
		if p.legal(m) {
			return true
		}
	}
	return false
}

// rgiPerftParallel counts perft leaves with the shared plumbing of refperft_test.go.
func rgiPerftParallel(p *rgiPos, depth int) uint64 {
	return refPerftParallelOf[*rgiPos, rgiMove](p, depth)
}

func rgiMustFEN(t testing.TB, fen string, quick bool) *rgiPos {
	t.Helper()
	p, err := rgiParseFEN(fen, quick)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// ----------------------------------------------------------------------------
// Hand-made rule cases.

// rgiPlace writes a FEN from pieces given as letter and square ("Ki1",
// "dc3": a Dev on the block holding c3) and the remaining fields (tail).
func rgiPlace(spec, tail string) string {
	p := &rgiPos{epF: -1, epR: -1}
	for _, tok := range strings.Fields(spec) {
		kind := rgiKindOf(tok[0])
		f := int(tok[1] - 'a')
		r, err := strconv.Atoi(tok[2:])
		if kind == rgiNone || err != nil || !rgiOn(f, r-1) {
			panic("rgiPlace: bad token " + tok)
		}
		c := int8(kind)
		if tok[0] >= 'a' && tok[0] <= 'z' {
			c = -c
		}
		squares := [][2]int{{f, r - 1}}
		if kind == rgiDev {
			b := rgiBlock(f, r-1)
			squares = b[:]
		}
		for _, sq := range squares {
			if p.cell[sq[0]][sq[1]] != 0 {
				panic("rgiPlace: square taken twice: " + tok)
			}
			p.cell[sq[0]][sq[1]] = c
		}
	}
	board, _, _ := strings.Cut(p.fen(), " ")
	return board + " " + tail
}

// rgiRuleCase is a hand-made position with moves that must and must not be
// legal, the squares some moves capture on, and whether the side to move is
// in check.
type rgiRuleCase struct {
	name, fen  string
	quick      bool
	want, dont []string
	caps       map[string]string // move -> captured squares, sorted, joined by ","
	check      int               // 1: the side to move is in check; -1: it is not
	after      map[string]string // move -> the FEN after it
}

var rgiRuleCases = []rgiRuleCase{{
	// The text's example: a Dev on cd34 is taken by either of the queens
	// on d2 and c5 (d2 attacks c3 and d3, c5 attacks c4 and d4).
	name: "text: two queens take a Dev",
	fen:  rgiPlace("Ka1 kp16 Qd2 Qc5 dc3", "w - - 0 20"),
	want: []string{"d2c3", "d2d3", "c5c4", "c5d4"},
	dont: []string{"d2d4", "c5c3"},
	caps: map[string]string{"d2c3": "c3,c4,d3,d4", "c5d4": "c3,c4,d3,d4"},
}, {
	name: "one queen alone cannot take a Dev",
	fen:  rgiPlace("Ka1 kp16 Qd2 dc3", "w - - 0 20"),
	want: []string{"d2e3", "d2d1"},
	dont: []string{"d2c3", "d2d3", "d2d4", "d2c4"},
}, {
	// Knights: b5 attacks c3 and d4, e5 attacks d3 and c4.
	name: "two knights take a Dev",
	fen:  rgiPlace("Ka1 kp16 Nb5 Ne5 dc3", "w - - 0 20"),
	want: []string{"b5c3", "b5d4", "e5d3", "e5c4"},
	caps: map[string]string{"b5c3": "c3,c4,d3,d4", "e5c4": "c3,c4,d3,d4"},
}, {
	// The Dev's own squares are screens: the Shogi on d1 takes d4 over
	// d3; the Rook on c1 attacks c3, the Knight on b2 d3 and c4.
	name: "a Shogi over the Dev's own square",
	fen:  rgiPlace("Ka1 kp16 Sd1 Rc1 Nb2 dc3", "w - - 0 20"),
	want: []string{"d1d4", "c1c3", "b2d3", "b2c4", "d1d2"},
	dont: []string{"d1d3", "c1c4", "d1d5"},
	caps: map[string]string{"d1d4": "c3,c4,d3,d4"},
}, {
	name: "c4 unattacked: no capture",
	fen:  rgiPlace("Ka1 kp16 Sd1 Rc1 Nb4 dc3", "w - - 0 20"),
	want: []string{"b4d5", "d1d2"},
	dont: []string{"d1d4", "c1c3", "b4d3"},
}, {
	// A Dev next to the block counts for all four squares; the Pawn on b2
	// attacks c3 and takes the Dev.
	name: "a Dev's attack joins the others'",
	fen:  rgiPlace("Ka1 kp16 Pb2 De3 dc3", "w - - 0 20"),
	want: []string{"b2c3", "e3c3"},
	caps: map[string]string{"b2c3": "c3,c4,d3,d4", "e3c3": "c3,c4,d3,d4"},
}, {
	// Dev moves: into an empty block, into a block with enemy pieces
	// (taken together), never into a block with its own piece.
	name: "Dev moves",
	fen:  rgiPlace("Ka1 kp16 Dg5 Pi6 ng7 bh8", "w - - 0 20"),
	want: []string{"g5g7", "g5e5", "g5g3"},
	dont: []string{"g5i5", "h6h8", "g6g8"},
	caps: map[string]string{"g5g7": "g7,h8", "g5e5": ""},
}, {
	name: "a Dev takes a Dev",
	fen:  rgiPlace("Ka1 kp16 Dg5 dg7", "w - - 0 20"),
	want: []string{"g5g7"},
	caps: map[string]string{"g5g7": "g7,g8,h7,h8"},
}, {
	name:  "Dev check",
	fen:   rgiPlace("Ka1 kg8 Dg5", "b - - 0 20"),
	check: 1,
	want:  []string{"g8f8", "g8f9", "g8f7"},
	dont:  []string{"g8g7", "g8h8", "g8h7"},
}, {
	// The King's block holds a White piece: the Dev cannot move there, so
	// no check.
	name:  "no Dev check when the King's block holds the Dev's side",
	fen:   rgiPlace("Ka1 kg7 Nh8 Dg5", "b - - 0 20"),
	check: -1,
	want:  []string{"g7h7", "g7g8"},
	dont:  []string{"g7h8", "g7f7"},
}, {
	// The King takes a Dev: e2 attacks d3, the Rook on c1 c3, the Rook on
	// a4 c4, the Bishop on f6 d4.
	name: "the King takes a Dev",
	fen:  rgiPlace("Ke2 ko16 Rc1 Ra4 Bf6 dc3", "w - - 0 20"),
	want: []string{"e2d3", "c1c3", "a4c4", "f6d4"},
	caps: map[string]string{"e2d3": "c3,c4,d3,d4"},
}, {
	name: "the King cannot take a Dev into check",
	fen:  rgiPlace("Ke2 ko16 Rc1 Ra4 Bf6 dc3 rd9", "w - - 0 20"),
	want: []string{"c1c3", "a4c4", "f6d4"},
	dont: []string{"e2d3"},
}, {
	// Promotion on ranks 15 and 16 to any piece but Pawn and King; to a
	// Dev only into an otherwise empty block.
	name: "promotion",
	fen:  rgiPlace("Ka1 kp1 Pc14 Pf14 ne16 Ph13", "w - - 0 20"),
	want: []string{"c14c15q", "c14c15r", "c14c15b", "c14c15n", "c14c15g", "c14c15c",
		"c14c15m", "c14c15s", "c14c15e", "c14c15d", "f14f15q", "h13h14"},
	dont: []string{"c14c15", "c14c15k", "c14c15p", "f14f15d", "f14f15", "h13h15"},
	after: map[string]string{
		"c14c15d": rgiPlace("Ka1 kp1 Dc15 Pf14 ne16 Ph13", "b - - 0 20"),
	},
}, {
	// A Pawn that takes a Dev on its promotion rank empties the block and
	// may become a Dev there; the Dev on ef1516 attacks the whole block.
	name: "a Pawn takes a Dev and becomes one",
	fen:  rgiPlace("Ka1 kp1 Pb14 De15 dc15", "w - - 0 20"),
	want: []string{"b14c15d", "b14c15q", "e15c15", "b14b15d"},
	caps: map[string]string{"b14c15d": "c15,c16,d15,d16"},
	after: map[string]string{
		"b14c15d": rgiPlace("Ka1 kp1 Dc15 De15", "b - - 0 20"),
	},
}, {
	name: "Black promotes on ranks 2 and 1",
	fen:  rgiPlace("Kp16 ka16 pc3 Qd2", "b - - 0 20"),
	want: []string{"c3d2d", "c3c2q", "c3d2q"},
	dont: []string{"c3c2", "c3c2d", "c3d2"},
}, {
	// Double steps from ranks 5 and 6 only (Black: 12 and 11), both
	// squares empty.
	name: "double steps",
	fen:  rgiPlace("Ka1 kp16 Pc5 Pd6 Pe7 Pf5 nf7 Pg5 ng6", "w - - 0 20"),
	want: []string{"c5c7", "c5c6", "d6d8", "d6d7", "e7e8", "f5f6"},
	dont: []string{"e7e9", "f5f7", "g5g7", "g5g6"},
	after: map[string]string{
		"c5c7": rgiPlace("Ka1 kp16 Pc7 Pd6 Pe7 Pf5 nf7 Pg5 ng6", "b - c6 0 20"),
		"d6d8": rgiPlace("Ka1 kp16 Pc5 Pd8 Pe7 Pf5 nf7 Pg5 ng6", "b - d7 0 20"),
	},
}, {
	name: "en passant",
	fen:  rgiPlace("Ka1 kp16 Pc10 pd10 pe10", "w - d11 0 20"),
	want: []string{"c10d11", "c10c11"},
	caps: map[string]string{"c10d11": "d10"},
}, {
	// En passant that empties the rank: illegal against the Rook, and
	// against the Shogi, which is left with one screen (the Knight h10).
	name: "en passant exposing the King",
	fen:  rgiPlace("Ka10 Pc10 pd10 rp10 kp16 Pf5", "w - d11 0 20"),
	want: []string{"c10c11"},
	dont: []string{"c10d11"},
}, {
	name: "en passant exposing the King to a Shogi",
	fen:  rgiPlace("Ka10 Pc10 pd10 Nh10 sp10 kp16", "w - d11 0 20"),
	want: []string{"c10c11"},
	dont: []string{"c10d11"},
}, {
	// RULES R15: a pinned piece's attack counts for the joint attack (the
	// Bishop f6, pinned by d8 to the King h4, attacks d4), though it
	// cannot take itself.
	name: "a pinned piece joins the joint attack",
	fen:  rgiPlace("Kh4 ko16 Qd2 Nb6 Bf6 bd8 dc3", "w - - 0 20"),
	want: []string{"d2c3", "d2d3", "b6c4", "f6e7", "f6g5"},
	dont: []string{"f6d4", "f6e5"},
	caps: map[string]string{"d2c3": "c3,c4,d3,d4"},
}, {
	// A capture that leaves another piece in the block: no Dev.
	name: "promotion by capture into a block that stays occupied",
	fen:  rgiPlace("Kp16 ka16 pc3 Qd2 Nc1", "b - - 0 20"),
	want: []string{"c3d2q", "c3d2n", "c3c2q"},
	dont: []string{"c3d2d", "c3c2d"},
}, {
	// Castling with several Rooks: the innermost on each side.
	name: "castling",
	fen:  rgiPlace("Ra1 Rb1 Ki1 Ro1 Rp1 kc14", "w ABOP - 0 20"),
	want: []string{"i1g1", "i1k1", "i1h1"},
	after: map[string]string{
		"i1g1": rgiPlace("Ra1 Kg1 Rh1 Ro1 Rp1 kc14", "b - - 1 20"),
		"i1k1": rgiPlace("Ra1 Rb1 Rj1 Kk1 Rp1 kc14", "b - - 1 20"),
		"b1b5": rgiPlace("Ra1 Rb5 Ki1 Ro1 Rp1 kc14", "b AOP - 1 20"),
	},
}, {
	name: "castling with the outer Rook once the inner has gone",
	fen:  rgiPlace("Ra1 Ki1 Rp1 kc14 bb2", "w AP - 0 20"),
	want: []string{"i1g1", "i1k1"},
	after: map[string]string{
		"i1g1": rgiPlace("Kg1 Rh1 Rp1 kc14 bb2", "b - - 1 20"),
	},
}, {
	// The right belongs to a Rook: a1 keeps it, but b1 (without one)
	// stands between; b1 keeps it while a1 has lost its own.
	name: "castling: only toward the nearest Rook, and only with its right",
	fen:  rgiPlace("Ra1 Rb1 Ki1 Rp1 kc14", "w A - 0 20"),
	want: []string{"i1h1", "b1h1"},
	dont: []string{"i1g1", "i1k1"},
}, {
	name: "castling with the inner Rook's own right",
	fen:  rgiPlace("Ra1 Rb1 Ki1 kc14", "w B - 0 20"),
	want: []string{"i1g1"},
	after: map[string]string{
		"i1g1": rgiPlace("Ra1 Kg1 Rh1 kc14", "b - - 1 20"),
	},
}, {
	// A Dev that takes both Rooks of a block takes their rights too.
	name: "a Dev takes two Rooks and their rights",
	fen:  rgiPlace("Ra1 Rb1 Ki1 Rp1 kc14 da3", "b ABP - 7 20"),
	want: []string{"a3a1"},
	caps: map[string]string{"a3a1": "a1,b1"},
	after: map[string]string{
		"a3a1": rgiPlace("Ki1 Rp1 kc14 da1", "w P - 0 21"),
	},
}, {
	// The Black Dev on gh34 attacks g1 and h1 (its block gh12 is empty),
	// so no castling to the left; to the right k1 is attacked by the
	// Shogi on k8 over the Pawn on k5.
	name: "castling through attacked squares",
	fen:  rgiPlace("Rb1 Ki1 Ro1 kp16 dg3 sk8 Pk5", "w BO - 0 20"),
	dont: []string{"i1g1", "i1k1"},
	want: []string{"i1j2", "i1j1"},
}, {
	name:  "no castling out of check",
	fen:   rgiPlace("Rb1 Ki1 Ro1 kp16 si8 Pi5", "w BO - 0 20"),
	check: 1,
	dont:  []string{"i1g1", "i1k1"},
}, {
	name:  "Shogi and Elephant checks over one screen",
	fen:   rgiPlace("Ki1 kp16 si9 Pi4 Pk3 el4", "w - - 0 20"),
	check: 1,
}, {
	// The quick form: a move that gives check ends the turn.
	name:  "quick: a check ends the turn",
	quick: true,
	fen:   rgiPlace("Ka1 kp16 Rb2", "w - - 0 20 3"),
	after: map[string]string{
		"b2b16": rgiPlace("Ka1 kp16 Rb16", "b - - 1 20 4"),
		"b2b15": rgiPlace("Ka1 kp16 Rb15", "w - - 1 20 2"),
	},
}, {
	name:  "quick: the fourth move ends the turn; a double step then gives en passant",
	quick: true,
	fen:   rgiPlace("Ka1 kp16 Pc5 pd7", "w - - 0 20 1"),
	after: map[string]string{
		"c5c7": rgiPlace("Ka1 kp16 Pc7 pd7", "b - c6 0 20 4"),
	},
}, {
	name:  "quick: no en passant for a double step in the middle of the turn",
	quick: true,
	fen:   rgiPlace("Ka1 kp16 Pc5 pd7", "w - - 0 20 2"),
	after: map[string]string{
		"c5c7": rgiPlace("Ka1 kp16 Pc7 pd7", "w - - 0 20 1"),
	},
}, {
	name:  "quick: Black's turn passes, the move number grows",
	quick: true,
	fen:   rgiPlace("Ka1 kp16 Pc5 pd12", "b - - 3 20 1"),
	after: map[string]string{
		"d12d10": rgiPlace("Ka1 kp16 Pc5 pd10", "w - d11 0 21 4"),
		"p16o16": rgiPlace("Ka1 ko16 Pc5 pd12", "w - - 4 21 4"),
	},
}, {
	// After c9-c10 White has no move left (the King on a1 is walled in by
	// the Rook on b16 and the Knight on c3, the Pawn on e5 is blocked), so
	// the turn passes early.
	name:  "quick: no legal move left passes the turn",
	quick: true,
	fen:   rgiPlace("Ka1 Pc9 Pe5 kp16 rb16 nc3 pc11 pe6", "w - - 0 20 3"),
	after: map[string]string{
		"c9c10": rgiPlace("Ka1 Pc10 Pe5 kp16 rb16 nc3 pc11 pe6", "b - - 0 20 4"),
	},
}, {
	// After c5-c7 White has no move left (c8 is taken, b8 and d8 are
	// empty), so the turn passes and the double step gives Black the
	// en-passant right: d7xc6.
	name:  "quick: a double step that leaves no move gives en passant",
	quick: true,
	fen:   rgiPlace("Ka1 Pc5 kp16 rb16 nc3 pd7 nc8", "w - - 0 20 3"),
	after: map[string]string{
		"c5c7": rgiPlace("Ka1 Pc7 kp16 rb16 nc3 pd7 nc8", "b - c6 0 20 4"),
		"c5c6": rgiPlace("Ka1 Pc6 kp16 rb16 nc3 pd7 nc8", "w - - 0 20 2"),
	},
}, {
	// e5-e7 checks the King on f8 and ends the turn: the Pawn d7 may take
	// the checking Pawn en passant.
	name:  "quick: a double step that checks gives en passant",
	quick: true,
	fen:   rgiPlace("Ka1 Pe5 kf8 pd7", "w - - 0 20 3"),
	after: map[string]string{
		"e5e7": rgiPlace("Ka1 Pe7 kf8 pd7", "b - e6 0 20 4"),
	},
}, {
	name:  "quick: en passant out of check",
	quick: true,
	fen:   rgiPlace("Ka1 Pe7 kf8 pd7", "b - e6 0 20 4"),
	check: 1,
	want:  []string{"d7e6", "f8e7", "f8g8"},
	caps:  map[string]string{"d7e6": "e7"},
}, {
	// A Dev takes every enemy piece of the block it enters: the King's
	// own Pawns beside it do not shield it. Mate.
	name:  "a Dev checks a King among its own pieces",
	fen:   rgiPlace("Ka1 Pa2 Pb2 Pb3 kp16 dc1", "w - - 0 20"),
	check: 1,
	dont:  []string{"a1b1", "a2a3", "b3b4"},
}}

func rgiCheckCase(tc rgiRuleCase) []string {
	var errs []string
	rp, err := rgiParseFEN(tc.fen, tc.quick)
	if err != nil {
		return []string{err.Error()}
	}
	legal := map[string]rgiMove{}
	for _, m := range rp.legalMoves() {
		legal[rp.uci(m)] = m
	}
	for _, u := range tc.want {
		if _, ok := legal[u]; !ok {
			errs = append(errs, u+" should be legal")
		}
	}
	for _, u := range tc.dont {
		if _, ok := legal[u]; ok {
			errs = append(errs, u+" should not be legal")
		}
	}
	for u, want := range tc.caps {
		if m, ok := legal[u]; !ok {
			errs = append(errs, u+" should be legal")
		} else if got := strings.Join(rp.captures(m), ","); got != want {
			errs = append(errs, u+" captures ["+got+"]; want ["+want+"]")
		}
	}
	for u, want := range tc.after {
		if m, ok := legal[u]; !ok {
			errs = append(errs, u+" should be legal")
		} else if got := rp.play(m).fen(); got != want {
			errs = append(errs, u+" gives "+got+"; want "+want)
		}
	}
	if tc.check != 0 && rp.inCheck() != (tc.check > 0) {
		errs = append(errs, "wrong check status")
	}
	return errs
}

// ----------------------------------------------------------------------------
// Random positions and move choice.

// rgiPick chooses a move weighted toward captures, Dev moves, promotions
// (a Dev most of all), castling, en passant and Pawn moves.
func rgiPick(p *rgiPos, ms []rgiMove, rng *rand.Rand) rgiMove {
	weights := make([]int, len(ms))
	total := 0
	for i, m := range ms {
		w := 1
		if len(p.captures(m)) > 0 {
			w += 10
		}
		if m.dev || !m.castle && p.kindAt(int(m.tf), int(m.tr)) == rgiDev {
			w += 15
		}
		switch m.promo {
		case rgiNone:
		case rgiDev:
			w += 60
		default:
			w += 20
		}
		if m.castle || m.ep {
			w += 40
		}
		if p.kindAt(int(m.ff), int(m.fr)) == rgiPawn {
			w += 4
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

// rgiRandomSparse places both Kings, up to three Devs a side on random
// aligned blocks and a few random pieces and Pawns (never on a Pawn's last
// two ranks), sometimes a King on its start square with Rooks and castling
// rights, sometimes an en-passant square behind a Pawn that may just have
// stepped two, and in the quick form a random count of moves left.
func rgiRandomSparse(rng *rand.Rand, quick bool) *rgiPos {
	for {
		p := &rgiPos{epF: -1, epR: -1, white: rng.Intn(2) == 0, full: 1 + rng.Intn(60),
			half: rng.Intn(20), quick: quick, left: 4}
		put := func(k rgiKind, white bool) bool {
			for range 50 {
				f, r := rng.Intn(16), rng.Intn(16)
				if k == rgiDev {
					f, r = f&^1, r&^1
					if p.blockHolds(f, r, true) || p.blockHolds(f, r, false) {
						continue
					}
					for _, sq := range rgiBlock(f, r) {
						p.cell[sq[0]][sq[1]] = int8(k) * rgiSign(white)
					}
					return true
				}
				if p.cell[f][r] != 0 || k == rgiPawn && (p.rel(r, white) < 3 || p.rel(r, white) > 13) {
					continue
				}
				p.cell[f][r] = int8(k) * rgiSign(white)
				return true
			}
			return false
		}
		for _, white := range []bool{true, false} {
			if fr := rgiFirstRank(white); rng.Intn(3) == 0 && p.cell[rgiKingFile][fr] == 0 {
				// The King at home with Rooks on some of a, b, o, p.
				p.cell[rgiKingFile][fr] = int8(rgiKing) * rgiSign(white)
				for _, x := range []int{0, 1, 14, 15} {
					if rng.Intn(2) == 0 && p.cell[x][fr] == 0 {
						p.cell[x][fr] = int8(rgiRook) * rgiSign(white)
						p.rights[rgiSide(white)][x] = rng.Intn(4) > 0
					}
				}
			} else {
				put(rgiKing, white)
			}
		}
		for range rng.Intn(7) {
			put(rgiDev, rng.Intn(2) == 0)
		}
		for range 3 + rng.Intn(16) {
			k := rgiQueen + rgiKind(rng.Intn(int(rgiDev-rgiQueen)))
			if rng.Intn(3) == 0 {
				k = rgiPawn
			}
			put(k, rng.Intn(2) == 0)
		}
		if p.kingAttacked(!p.white) {
			continue // the side that just moved cannot be in check
		}
		if quick {
			p.left = 1 + rng.Intn(4)
			if p.left < 4 && p.kingAttacked(p.white) {
				p.left = 4 // nobody is in check in the middle of a turn
			}
		}
		if p.left == 4 && rng.Intn(3) == 0 {
			// A Pawn of the side that just moved that may just have
			// stepped two, usually with an enemy Pawn beside it.
			mover := !p.white
			dir := 1
			if !mover {
				dir = -1
			}
			var cands [][2]int
			for f := 0; f < 16; f++ {
				for r := 0; r < 16; r++ {
					if rel := p.rel(r, mover); (rel == 6 || rel == 7) &&
						p.cell[f][r] == int8(rgiPawn)*rgiSign(mover) &&
						p.cell[f][r-dir] == 0 && p.cell[f][r-2*dir] == 0 {
						cands = append(cands, [2]int{f, r})
					}
				}
			}
			if len(cands) > 0 {
				c := cands[rng.Intn(len(cands))]
				p.epF, p.epR = c[0], c[1]-dir
				tf := c[0] + 1 - 2*rng.Intn(2)
				if rng.Intn(4) > 0 && rgiOn(tf, c[1]) && p.cell[tf][c[1]] == 0 {
					p.cell[tf][c[1]] = int8(rgiPawn) * rgiSign(p.white)
					if p.kingAttacked(!p.white) {
						p.cell[tf][c[1]] = 0
					}
				}
			}
		}
		return p
	}
}

// ----------------------------------------------------------------------------
// Comparison with the engine.

func rgiVariant(quick bool) string {
	if quick {
		return "giant-quick"
	}
	return "giant"
}

func rgiEnginePosition(t testing.TB, fen string, quick bool) (ep *Position, err error) {
	t.Helper()
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("engine panics: %v", r)
		}
	}()
	s, err := ParseFEN(MustBuiltin(rgiVariant(quick)), fen)
	if err != nil {
		return nil, err
	}
	return NewPosition(s)
}

// rgiCompare compares the legal moves (coordinate form), the squares each
// move captures on and whether the side to move is in check, and reports
// what differs.
func rgiCompare(t *testing.T, rp *rgiPos, ms []rgiMove, ep *Position) bool {
	t.Helper()
	ref := map[string]string{}
	for _, m := range ms {
		u := rp.uci(m)
		if _, dup := ref[u]; dup {
			t.Errorf("reference generates %s twice in %s", u, rp.fen())
		}
		ref[u] = strings.Join(rp.captures(m), ",")
	}
	if !refMovesAgree(t, rp.fen(), ref, ep) {
		return false
	}
	if a, b := rp.inCheck(), ep.InCheck(); a != b {
		t.Errorf("in check: reference %v, engine %v in %s", a, b, rp.fen())
		return false
	}
	return true
}

// rgiTally counts what a comparison covered, for the log.
func rgiTally(p *rgiPos, ms []rgiMove, tally map[string]int) {
	tally["positions"]++
	if p.inCheck() {
		tally["in check"]++
		if len(ms) == 0 {
			tally["checkmates"]++
		}
	} else if len(ms) == 0 {
		tally["stalemates"]++
	}
	if p.quick {
		tally[fmt.Sprintf("quick: positions with %d moves left", p.left)]++
	}
	for _, m := range ms {
		k := p.kindAt(int(m.ff), int(m.fr))
		switch {
		case m.castle:
			tally["castling"]++
		case m.ep:
			tally["en passant"]++
		case m.double:
			tally["double steps"]++
		case m.dev && len(p.captures(m)) > 0:
			tally["Dev captures"]++
		case m.dev:
			tally["Dev moves"]++
		case p.kindAt(int(m.tf), int(m.tr)) == rgiDev:
			tally["captures of a Dev by joint attack ("+rgiName[k]+")"]++
		case (k == rgiShogi || k == rgiElephant) && len(p.captures(m)) > 0:
			tally["cannon captures"]++
		}
		if m.promo == rgiDev {
			tally["promotions to a Dev"]++
		} else if m.promo != rgiNone {
			tally["other promotions"]++
		}
	}
}

// ----------------------------------------------------------------------------
// Tests.

// rgiCaseLimitShort and rgiCaseLimit bound the counts the reference
// recomputes under -short and without it; REFGEN_ALL=1 lifts both. The
// reference counts some 200,000 to 400,000 leaves a second on two cores, so
// the default run (every count of the two suites but the quick start's
// perft(5)) takes about a minute.
const (
	rgiCaseLimitShort = 200_000
	rgiCaseLimit      = 4_000_000
)

// TestReferenceGiantRules checks the reference itself against the rule
// texts on small hand-made positions (moves that must and must not be
// legal, the squares a move captures on, check, the position after a move),
// then compares it with the engine in each of them.
func TestReferenceGiantRules(t *testing.T) {
	skipUnderRace(t)
	for _, tc := range rgiRuleCases {
		t.Run(tc.name, func(t *testing.T) {
			for _, e := range rgiCheckCase(tc) {
				t.Errorf("reference: %s in %s", e, tc.fen)
			}
			rp, err := rgiParseFEN(tc.fen, tc.quick)
			if err != nil {
				return
			}
			ep, err := rgiEnginePosition(t, tc.fen, tc.quick)
			if err != nil {
				t.Errorf("engine rejects %s: %v", tc.fen, err)
				return
			}
			rgiCompare(t, rp, rp.legalMoves(), ep)
			if a, b := rp.fen(), refEngineFEN(ep); a != b {
				t.Errorf("FEN differs:\n  reference %s\n  engine    %s", a, b)
			}
			for u := range tc.after {
				if !rgiHasMove(rp, u) || !rgiHasEngineMove(ep, u) {
					continue // reported above
				}
				want := tc.after[u]
				if got := refEngineFEN(refEnginePlay(t, ep, u)); got != want {
					t.Errorf("engine: after %s in %s:\n  got  %s\n  want %s", u, tc.fen, got, want)
				}
			}
		})
	}
}

func rgiHasMove(p *rgiPos, u string) bool {
	for _, m := range p.legalMoves() {
		if p.uci(m) == u {
			return true
		}
	}
	return false
}

func rgiHasEngineMove(ep *Position, u string) bool {
	for _, m := range ep.LegalMoves() {
		if ep.UCI(m) == u {
			return true
		}
	}
	return false
}

// TestReferenceGiantPerftSuite recomputes every count of giant.perft and
// giant-quick.perft with the reference (those over rgiCaseLimit only with
// REFGEN_ALL=1, those over rgiCaseLimitShort not under -short).
func TestReferenceGiantPerftSuite(t *testing.T) {
	skipUnderRace(t)
	all := os.Getenv("REFGEN_ALL") == "1"
	for _, quick := range []bool{false, true} {
		variant := rgiVariant(quick)
		for _, tc := range readPerftSuite(t, variant) {
			t.Run(fmt.Sprintf("%s/%s/%d", variant, tc.id, tc.depth), func(t *testing.T) {
				if !all && testing.Short() && tc.nodes > rgiCaseLimitShort {
					t.Skipf("%d nodes: skipped under -short", tc.nodes)
				}
				if !all && tc.nodes > rgiCaseLimit {
					t.Skipf("%d nodes: too slow for the reference in the default run; set REFGEN_ALL=1", tc.nodes)
				}
				p := rgiMustFEN(t, tc.fen, quick)
				if got := p.fen(); got != tc.fen {
					t.Errorf("the suite's FEN is not in canonical form:\n  %s\n  %s", tc.fen, got)
				}
				start := time.Now()
				if got := rgiPerftParallel(p, tc.depth); got != tc.nodes {
					t.Errorf("reference perft(%q, %d) = %d; want %d", tc.fen, tc.depth, got, tc.nodes)
				}
				t.Logf("%d nodes in %v", tc.nodes, time.Since(start).Round(time.Millisecond))
			})
		}
	}
}

// TestPerftGiant and TestPerftGiantQuick: the engine on the suites the
// reference established.
func TestPerftGiant(t *testing.T)      { runPerftSuite(t, "giant") }
func TestPerftGiantQuick(t *testing.T) { runPerftSuite(t, "giant-quick") }

// TestReferenceGiantAgrees compares the engine's legal moves, the squares
// each captures on, check and its FEN with the reference's: in every suite
// position and the positions one move later, at every ply of fixed-seed
// playouts from the start and from the suite positions (moves weighted
// toward captures, Dev moves and promotions), and in sparse random
// positions with Devs and their children; both variants.
func TestReferenceGiantAgrees(t *testing.T) {
	skipUnderRace(t)
	for _, quick := range []bool{false, true} {
		variant := rgiVariant(quick)
		start := rgiStart
		if quick {
			start = rgiQuickStart
		}
		t.Run(variant, func(t *testing.T) {
			t.Run("start", func(t *testing.T) {
				if got := MustBuiltin(variant).StartFEN(); got != start {
					t.Errorf("engine start FEN %q; reference %q", got, start)
				}
			})
			t.Run("suite", func(t *testing.T) {
				tally := map[string]int{}
				seen := map[string]bool{}
				for _, tc := range readPerftSuite(t, variant) {
					if seen[tc.fen] {
						continue
					}
					seen[tc.fen] = true
					rp := rgiMustFEN(t, tc.fen, quick)
					ep, err := rgiEnginePosition(t, tc.fen, quick)
					if err != nil {
						t.Errorf("engine rejects %s: %v", tc.fen, err)
						continue
					}
					if !rgiCompareTree(t, rp, ep, tally) {
						t.Errorf("(suite position %s)", tc.id)
					}
				}
				refLogTally(t, tally)
			})
			t.Run("playouts", func(t *testing.T) {
				tally := map[string]int{}
				starts := []string{start}
				for _, tc := range readPerftSuite(t, variant) {
					if tc.fen != starts[len(starts)-1] {
						starts = append(starts, tc.fen)
					}
				}
				games, plies := 20, 80
				if testing.Short() {
					games, plies = 6, 60
				}
				if os.Getenv("REFGEN_ALL") == "1" {
					games, plies = 200, 120
				}
				for game := range games {
					seed := int64(9100 + game)
					rng := rand.New(rand.NewSource(seed))
					// Most games from the start, every fourth from a suite
					// position (Pawns near promotion, castling rights).
					from := start
					if game%4 == 3 {
						from = starts[(game/4)%len(starts)]
					}
					rp := rgiMustFEN(t, from, quick)
					ep, err := rgiEnginePosition(t, from, quick)
					if err != nil {
						t.Fatalf("engine rejects %s: %v", from, err)
					}
					var line []string
					for ply := range plies {
						ms := rp.legalMoves()
						rgiTally(rp, ms, tally)
						if !rgiCompare(t, rp, ms, ep) {
							t.Fatalf("game %d (seed %d, from %s), ply %d, after %v", game, seed, from, ply, line)
						}
						if a, b := rp.fen(), refEngineFEN(ep); a != b {
							t.Fatalf("game %d (seed %d), ply %d, after %v: FEN differs:\n  reference %s\n  engine    %s",
								game, seed, ply, line, a, b)
						}
						if len(ms) == 0 {
							break
						}
						m := rgiPick(rp, ms, rng)
						u := rp.uci(m)
						line = append(line, u)
						rp, ep = rp.play(m), refEnginePlay(t, ep, u)
					}
				}
				refLogTally(t, tally)
			})
			t.Run("sparse", func(t *testing.T) {
				tally := map[string]int{}
				count := 300
				if testing.Short() {
					count = 60
				}
				if os.Getenv("REFGEN_ALL") == "1" {
					count = 3000
				}
				rng := rand.New(rand.NewSource(6161))
				failures := 0
				for range count {
					rp := rgiRandomSparse(rng, quick)
					fen := rp.fen()
					ep, err := rgiEnginePosition(t, fen, quick)
					if err != nil {
						t.Errorf("engine rejects %s: %v", fen, err)
						failures++
					} else if !rgiCompareTree(t, rp, ep, tally) {
						failures++
					}
					if failures >= 5 {
						t.Fatalf("too many differences")
					}
				}
				refLogTally(t, tally)
			})
		})
	}
}

// rgiCompareTree compares rp and every position one move later.
func rgiCompareTree(t *testing.T, rp *rgiPos, ep *Position, tally map[string]int) bool {
	t.Helper()
	ms := rp.legalMoves()
	rgiTally(rp, ms, tally)
	if !rgiCompare(t, rp, ms, ep) {
		return false
	}
	if a, b := rp.fen(), refEngineFEN(ep); a != b {
		t.Errorf("FEN differs:\n  reference %s\n  engine    %s", a, b)
		return false
	}
	for _, m := range ms {
		u := rp.uci(m)
		child, next := rp.play(m), refEnginePlay(t, ep, u)
		cms := child.legalMoves()
		rgiTally(child, cms, tally)
		if !rgiCompare(t, child, cms, next) {
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
