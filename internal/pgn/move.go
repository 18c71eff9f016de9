package pgn

import (
	"fmt"
	"strconv"
	"strings"
)

// Board and letter bounds of the move tokens this package reads.
const (
	MaxFiles       = 16 // files a-p
	MaxRanks       = 16 // ranks 1-16
	MaxApostrophes = 3  // a piece letter is A-Z followed by up to three apostrophes
)

// moveFault is why a move token is refused: the byte offset in the token
// of the first bad character and a message.
type moveFault struct {
	off int
	msg string
}

// checkMove checks the form of one move token and returns it without its
// annotation suffix (a trailing run of ! and ?). It accepts:
//
//   - castling: O-O and O-O-O, also written with zeros (0-0) or in lower
//     case (o-o), optionally followed by / and the King's landing square
//     where castling goes any distance (O-O/i1, Wildebeest Chess);
//   - SAN: an optional piece letter (A-Z, then up to three apostrophes:
//     C', or A with three), an optional origin file, rank or square, an optional x or
//     -, the destination square, an optional promotion (=Q, =C', or the
//     letter without =);
//   - coordinate form: two squares, optionally joined by - or x, and an
//     optional promotion (e7e8q, e7e8=Q);
//   - a Dev's move between 2x2 blocks (cd34-cd56);
//
// each followed by at most one + or #. Files are a-p and ranks 1-16. Drops
// (N@f3, P*e4), gating (/), multi-part moves (,), null moves (--) and
// Fairy-Stockfish's promoted-piece prefix (+R) are refused. Legality is not
// checked.
func checkMove(t string) (string, *moveFault) {
	end := len(t)
	for end > 0 && (t[end-1] == '!' || t[end-1] == '?') {
		end--
	}
	body := t[:end]
	if body == "" {
		return "", &moveFault{0, "an annotation without a move"}
	}
	if castleTo(body) {
		return body, nil
	}
	for i := 0; i < len(body); i++ {
		switch c := body[i]; c {
		case '@', '*':
			return "", &moveFault{i, "drops are not supported (" + string(c) + ")"}
		case '/':
			return "", &moveFault{i, "gating (/) is not supported"}
		case ',':
			return "", &moveFault{i, "a move in two parts (,) is not supported"}
		case '!', '?':
			return "", &moveFault{i, "an annotation (! or ?) belongs at the end of the move"}
		}
	}
	core := body
	if c := core[len(core)-1]; c == '+' || c == '#' {
		core = core[:len(core)-1]
	}
	if core == "" {
		return "", &moveFault{0, fmt.Sprintf("%q is not a move", body)}
	}
	if isCastle(core) {
		return body, nil
	}
	if strings.HasPrefix(core, "--") || core == "Z0" {
		return "", &moveFault{0, "null moves are not supported"}
	}
	p := &moveScanner{s: core}
	var f *moveFault
	switch c := core[0]; {
	case isUpper(c):
		f = p.pieceMove()
	case isLower(c):
		f = p.lowerMove()
	case c == '+':
		return "", &moveFault{0, "promoted pieces (+) are not supported"}
	default:
		f = p.unexpected("a piece letter, a square or castling")
	}
	if f == nil && p.i < len(core) {
		f = p.unexpected("the end of the move")
	}
	if f != nil {
		return "", f
	}
	return body, nil
}

// isCastle says whether s is O-O or O-O-O, written with O, o or 0 alike.
// castleTo says whether t is castling with the King's landing square, O-O/i1,
// with at most one + or # after it: a / followed by a square, where
// gating would name a piece (upper case).
func castleTo(t string) bool {
	i := strings.IndexByte(t, '/')
	if i < 0 || !isCastle(t[:i]) {
		return false
	}
	sq := strings.TrimSuffix(strings.TrimSuffix(t[i+1:], "+"), "#")
	p := &moveScanner{s: sq}
	return p.atSquare() && p.square() == nil && p.i == len(sq)
}

func isCastle(s string) bool {
	if len(s) != 3 && len(s) != 5 {
		return false
	}
	c := s[0]
	if c != 'O' && c != 'o' && c != '0' {
		return false
	}
	for i := 0; i < len(s); i++ {
		want := c
		if i%2 == 1 {
			want = '-'
		}
		if s[i] != want {
			return false
		}
	}
	return true
}

func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }
func isLower(c byte) bool { return c >= 'a' && c <= 'z' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isFile(c byte) bool  { return c >= 'a' && c < 'a'+MaxFiles }

// moveScanner reads a move token without its check suffix left to right.
type moveScanner struct {
	s string
	i int
}

func (p *moveScanner) peek(k int) byte {
	if p.i+k < len(p.s) {
		return p.s[p.i+k]
	}
	return 0
}

func (p *moveScanner) unexpected(want string) *moveFault {
	if p.i >= len(p.s) {
		return &moveFault{p.i, "expected " + want + " at the end of the move"}
	}
	return &moveFault{p.i, fmt.Sprintf("expected %s, not %q", want, p.s[p.i:p.i+1])}
}

// pieceMove reads SAN that starts with a piece letter.
func (p *moveScanner) pieceMove() *moveFault {
	if f := p.letter(false); f != nil {
		return f
	}
	switch c := p.peek(0); {
	case c == 'x' || c == '-':
		p.i++
	case isDigit(c):
		if f := p.rank(); f != nil {
			return f
		}
		p.separator()
	case isLower(c) && isDigit(p.peek(1)):
		if f := p.square(); f != nil {
			return f
		}
		if !p.separator() && !p.atSquare() {
			return p.promotion() // the square read was the destination
		}
	case isLower(c):
		if f := p.file(); f != nil {
			return f
		}
		p.separator()
	}
	if f := p.square(); f != nil {
		return f
	}
	return p.promotion()
}

// lowerMove reads a Pawn's SAN, a coordinate move or a Dev's block move.
func (p *moveScanner) lowerMove() *moveFault {
	if p.blockMove() {
		return nil
	}
	if isDigit(p.peek(1)) {
		if f := p.square(); f != nil {
			return f
		}
		if p.separator() || p.atSquare() {
			if f := p.square(); f != nil {
				return f
			}
		}
		return p.promotion()
	}
	if f := p.file(); f != nil {
		return f
	}
	if p.peek(0) == 'x' {
		p.i++
	}
	if f := p.square(); f != nil {
		return f
	}
	return p.promotion()
}

// blockMove reads a whole Dev move written with its blocks (cd34-cd56 or
// cd34cd56) and says whether the token is one; it reads nothing otherwise.
func (p *moveScanner) blockMove() bool {
	start := p.i
	if p.blockName() {
		p.separator()
		if p.blockName() && p.i == len(p.s) {
			return true
		}
	}
	p.i = start
	return false
}

// blockName reads an aligned 2x2 block: two adjacent files, the first of
// them a, c, e..., and two adjacent ranks, the first odd (cd34, op1516).
func (p *moveScanner) blockName() bool {
	f := p.peek(0)
	if !isFile(f) || (f-'a')%2 != 0 || p.peek(1) != f+1 || !isFile(f+1) {
		return false
	}
	n := 2
	for isDigit(p.peek(n)) {
		n++
	}
	digits := p.s[p.i+2 : p.i+n]
	for r := 1; r < MaxRanks; r += 2 {
		if digits == strconv.Itoa(r)+strconv.Itoa(r+1) {
			p.i += n
			return true
		}
	}
	return false
}

// separator skips an x or - between two parts and says whether it did.
func (p *moveScanner) separator() bool {
	if c := p.peek(0); c == 'x' || c == '-' {
		p.i++
		return true
	}
	return false
}

// atSquare says whether a square seems to start at the cursor.
func (p *moveScanner) atSquare() bool { return isLower(p.peek(0)) && isDigit(p.peek(1)) }

func (p *moveScanner) square() *moveFault {
	if f := p.file(); f != nil {
		return f
	}
	return p.rank()
}

func (p *moveScanner) file() *moveFault {
	c := p.peek(0)
	if !isLower(c) {
		return p.unexpected("a square")
	}
	if !isFile(c) {
		return &moveFault{p.i, fmt.Sprintf("file %c is off every board (files a-p)", c)}
	}
	p.i++
	return nil
}

func (p *moveScanner) rank() *moveFault {
	start := p.i
	if !isDigit(p.peek(0)) {
		return p.unexpected("a rank number")
	}
	if p.peek(0) == '0' {
		return &moveFault{start, "a rank number cannot start with 0"}
	}
	r := 0
	for isDigit(p.peek(0)) {
		r = min(r*10+int(p.peek(0)-'0'), 1000)
		p.i++
	}
	if r > MaxRanks {
		return &moveFault{start, fmt.Sprintf("rank %s is off every board (ranks 1-16)", p.s[start:p.i])}
	}
	return nil
}

// letter reads a piece letter and its apostrophes; anyCase admits a lower
// case letter (a promotion's, e7e8q).
func (p *moveScanner) letter(anyCase bool) *moveFault {
	c := p.peek(0)
	if !isUpper(c) && !(anyCase && isLower(c)) {
		return p.unexpected("a piece letter")
	}
	p.i++
	n := 0
	for p.peek(0) == '\'' {
		if n == MaxApostrophes {
			return &moveFault{p.i, "a piece letter has at most three apostrophes"}
		}
		n++
		p.i++
	}
	return nil
}

// promotion reads an optional promotion: =Q, =q, Q or q, with apostrophes.
func (p *moveScanner) promotion() *moveFault {
	switch c := p.peek(0); {
	case c == '=':
		p.i++
		return p.letter(true)
	case isUpper(c) || isLower(c):
		return p.letter(true)
	}
	return nil
}
