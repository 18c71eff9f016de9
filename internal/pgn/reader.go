package pgn

import (
	"bytes"
	"io"
	"strings"
)

// Defaults of Options.
const (
	DefaultMaxGameBytes = 1 << 20 // the service's default body limit
	DefaultMaxMoves     = 5000    // the service's default --max-moves
)

// maxToken bounds the length of one symbol token (a move, a tag name, a
// move number) in bytes.
const maxToken = 255

// Options bound what one game may hold. A zero field takes its default.
type Options struct {
	// MaxGameBytes bounds a game's text, counted from its first token to
	// its termination marker or, when it has none, to where the next game
	// begins or the input ends. Whitespace and comments between games
	// count toward neither.
	MaxGameBytes int
	// MaxMoves bounds the mainline moves (plies) of a game.
	MaxMoves int
	// MaxDepth bounds the nesting of variations (1: variations, but none
	// inside a variation); at most 1000.
	MaxDepth int
	// MaxVariations bounds the variations of a game, nested ones included.
	MaxVariations int
	// MaxVariationMoves bounds the moves of all of a game's variations
	// together; they do not count toward MaxMoves.
	MaxVariationMoves int
}

func (o Options) withDefaults() Options {
	if o.MaxGameBytes <= 0 {
		o.MaxGameBytes = DefaultMaxGameBytes
	}
	if o.MaxMoves <= 0 {
		o.MaxMoves = DefaultMaxMoves
	}
	if o.MaxDepth <= 0 {
		o.MaxDepth = DefaultMaxDepth
	}
	o.MaxDepth = min(o.MaxDepth, maxDepthLimit)
	if o.MaxVariations <= 0 {
		o.MaxVariations = DefaultMaxVariations
	}
	if o.MaxVariationMoves <= 0 {
		o.MaxVariationMoves = DefaultMaxVariationMoves
	}
	return o
}

// Reader reads the games of a PGN stream one at a time. The memory it
// holds is its buffer and the current game, which Options bound.
type Reader struct {
	src io.Reader
	buf []byte // the bytes read ahead are buf[lo:hi]
	lo  int
	hi  int
	eof bool // src has no more bytes
	opt Options
	pos Pos   // of the next byte
	err error // the first read error other than io.EOF; it ends the stream

	games  int    // games begun so far
	resync *state // where the previous game failed; Next skips its rest first
	bomOK  bool   // a byte order mark at the start has been looked for

	// The current game's bound: counting is set while its bytes count.
	counting  bool
	start     int // the offset of its first token
	startLine int
	tooBig    *SyntaxError

	tok  []byte  // the symbol token being read
	val  []byte  // the buffer of tag values, kept from tag to tag
	text []byte  // the buffer of comment texts, kept from comment to comment
	tree builder // the current game's tree
}

// state is what the lexer knows of a game's structure at a token
// boundary: whether its movetext has begun and how deep in variations it is.
type state struct {
	movetext bool
	depth    int
}

// NewReader returns a Reader of r's games.
func NewReader(r io.Reader, opt Options) *Reader {
	return &Reader{
		src: r,
		buf: make([]byte, bufSize),
		opt: opt.withDefaults(),
		pos: Pos{Line: 1, Column: 1},
		tok: make([]byte, 0, maxToken),
	}
}

// Next returns the next game, or io.EOF after the last one. Games split as
// the PGN standard has them: a game is its tag pairs, if any, then its
// movetext, which its termination marker (1-0, 0-1, 1/2-1/2, *) ends;
// what follows the marker is the next game, whether it starts with tags or
// not and whatever white space or comments stand between. A game without a
// marker ends where a tag pair follows its movetext, or at the end of the
// input.
//
// A game that does not read is a *SyntaxError naming the game and the
// position; the following call skips the rest of that game (through its
// termination marker, or up to the next tag section) and goes on with the
// next one. A read error of the underlying reader is returned as it is,
// and again on every later call.
func (r *Reader) Next() (*Game, error) {
	if r.resync != nil {
		st := *r.resync
		r.resync = nil
		r.discard(st)
	}
	if r.err != nil {
		return nil, r.err
	}
	if !r.bomOK {
		r.bomOK = true
		if b := r.peekN(3); string(b) == "\ufeff" {
			for range 3 {
				r.advance()
			}
			r.pos.Column = 1
		}
	}
	g, rs, err := r.game()
	if err == nil && g.Result != "" {
		return g, nil // complete, though a read error may follow it
	}
	if r.err != nil {
		return nil, r.err
	}
	if err != nil {
		r.resync = rs
		return nil, err
	}
	return g, nil
}

// Parse reads a text that holds exactly one game, with the default
// Options. Anything but whitespace, comments and escape lines after the
// game is an error: movetext after the result (which a Reader reads as a
// game without tags) is one at the result, a tag pair one at the tag.
func Parse(text string) (*Game, error) {
	return ParseOptions(text, Options{})
}

// ParseOptions is Parse with the given bounds.
func ParseOptions(text string, opt Options) (*Game, error) {
	// The text is the whole input: it serves as the buffer.
	r := &Reader{
		buf: []byte(text),
		hi:  len(text),
		eof: true,
		opt: opt.withDefaults(),
		pos: Pos{Line: 1, Column: 1},
		tok: make([]byte, 0, maxToken),
	}
	g, err := r.Next()
	if err == io.EOF {
		return nil, syntaxError(1, r.pos, "no game: the text holds no tag and no move")
	}
	if err != nil {
		return nil, err
	}
	if err := r.skipSpace(); err != nil {
		return nil, err
	}
	switch c := r.peek(); {
	case c >= 0 && c != '[' && g.Result != "":
		// Most likely a result in the middle of the game, not a game
		// without tags after it: say so at the result.
		return nil, syntaxError(1, g.ResultPos, "the result %s ends the game, but the movetext goes on at line %d, column %d", g.Result, r.pos.Line, r.pos.Column)
	case c >= 0:
		return nil, syntaxError(1, r.pos, "a second game starts here, where one game was expected")
	}
	return g, nil
}

// bufSize is the size of a Reader's buffer.
const bufSize = 64 << 10

// fill reads more of the source into the buffer, moving the unread bytes
// to its start first.
func (r *Reader) fill() {
	if r.eof || r.err != nil {
		return
	}
	if r.lo > 0 {
		r.hi = copy(r.buf, r.buf[r.lo:r.hi])
		r.lo = 0
	}
	for range 100 {
		n, err := r.src.Read(r.buf[r.hi:])
		r.hi += n
		switch {
		case err == io.EOF:
			r.eof = true
			return
		case err != nil:
			r.err = err
			return
		case n > 0:
			return
		}
	}
	r.err = io.ErrNoProgress
}

// peekN returns up to n bytes ahead without reading them (fewer at the
// end); n is at most bufSize.
func (r *Reader) peekN(n int) []byte {
	for r.hi-r.lo < n && !r.eof && r.err == nil {
		r.fill()
	}
	return r.buf[r.lo:min(r.hi, r.lo+n)]
}

// peek returns the next byte, or -1 at the end of the input.
func (r *Reader) peek() int {
	if r.lo < r.hi {
		return int(r.buf[r.lo])
	}
	if b := r.peekN(1); len(b) == 1 {
		return int(b[0])
	}
	return -1
}

// peek2 returns the byte after the next one, or -1.
func (r *Reader) peek2() int {
	if b := r.peekN(2); len(b) == 2 {
		return int(b[1])
	}
	return -1
}

// advance reads one byte and moves the position past it.
func (r *Reader) advance() {
	if r.lo == r.hi && len(r.peekN(1)) == 0 {
		return
	}
	at := r.pos
	c := r.buf[r.lo]
	r.lo++
	r.pos.Offset++
	switch {
	case c == '\n':
		r.pos.Line++
		r.pos.Column = 1
	case c&0xC0 != 0x80: // not a UTF-8 continuation byte
		r.pos.Column++
	}
	if r.counting && r.tooBig == nil && r.pos.Offset-r.start > r.opt.MaxGameBytes {
		r.tooBig = syntaxError(r.games, at, "game %d (from line %d) is larger than %d bytes", r.games, r.startLine, r.opt.MaxGameBytes)
	}
}

// skipTo reads up to and including the byte c, or to the end of the input;
// it says whether it found c. It moves over the buffered bytes a run at a
// time, which is what makes long comments cheap.
func (r *Reader) skipTo(c byte) bool { return r.readTo(c, false) }

// readTo is skipTo that, when keep is set, also appends the bytes it reads
// within the game's bound to r.text.
func (r *Reader) readTo(c byte, keep bool) bool {
	for {
		if r.peek() < 0 {
			return false
		}
		buf := r.buf[r.lo:r.hi]
		n, found := len(buf), false
		if i := bytes.IndexByte(buf, c); i >= 0 {
			n, found = i+1, true
		}
		if r.counting && r.tooBig == nil {
			if left := r.opt.MaxGameBytes - (r.pos.Offset - r.start); n > left {
				n, found = max(left, 1), false
				if n == 1 {
					r.advance() // crosses the bound: advance records it
					continue
				}
			}
		}
		if keep && r.tooBig == nil {
			r.text = append(r.text, buf[:n]...)
		}
		r.move(buf[:n])
		if found {
			return true
		}
	}
}

// move moves the position over the bytes b, which stand at the read
// position and are within the current game's bound, and reads them.
func (r *Reader) move(b []byte) {
	last := bytes.LastIndexByte(b, '\n')
	if last >= 0 {
		r.pos.Line += bytes.Count(b[:last+1], []byte{'\n'})
		r.pos.Column = 1
	}
	for _, c := range b[last+1:] {
		if c&0xC0 != 0x80 {
			r.pos.Column++
		}
	}
	r.pos.Offset += len(b)
	r.lo += len(b)
}

func isSpace(c int) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// skipSpace skips white space, comments and escape lines.
func (r *Reader) skipSpace() *SyntaxError {
	for {
		c := r.peek()
		switch {
		case isSpace(c):
			r.advance()
		case c == '{':
			at := r.pos
			if !r.skipTo('}') {
				return syntaxError(r.games, at, "unterminated comment: this { has no }")
			}
		case c == ';':
			r.skipTo('\n')
		case c == '%' && r.pos.Column == 1:
			r.skipTo('\n')
		default:
			return nil
		}
	}
}

// isSymbolChar says whether c may stand in a symbol token: the characters
// of PGN's symbols, the apostrophe of this project's piece letters, the
// annotation suffixes, and the characters of notations refused with a
// message of their own (@ , ^ ~).
func isSymbolChar(c int) bool {
	return c >= 0 && c < len(symbolChars) && symbolChars[c]
}

var symbolChars = func() (t [128]bool) {
	for c := range t {
		t[c] = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			strings.IndexByte("_+#=:-/'!?@,^~", byte(c)) >= 0
	}
	return t
}()

func isAlnum(c int) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// symbol reads a symbol token into r.tok; a token longer than maxToken is
// read whole and refused.
func (r *Reader) symbol() *SyntaxError {
	at := r.pos
	r.tok = r.tok[:0]
	// The fast path: a token that lies whole in the buffer and within the
	// game's bound. Symbol characters are ASCII and never a line break.
	n, buf := 0, r.buf[r.lo:r.hi]
	for n < len(buf) && n < maxToken && isSymbolChar(int(buf[n])) {
		n++
	}
	if r.lo+n < r.hi && !isSymbolChar(int(r.buf[r.lo+n])) && (!r.counting || r.pos.Offset+n-r.start <= r.opt.MaxGameBytes) {
		r.tok = append(r.tok, r.buf[r.lo:r.lo+n]...)
		r.lo += n
		r.pos.Offset += n
		r.pos.Column += n
		return nil
	}
	long := false
	for c := r.peek(); isSymbolChar(c); c = r.peek() {
		if len(r.tok) < maxToken {
			r.tok = append(r.tok, byte(c))
		} else {
			long = true
		}
		r.advance()
	}
	if long {
		return syntaxError(r.games, at, "a token longer than %d bytes", maxToken)
	}
	return nil
}

// dropStar reads a * that joins a symbol to more symbol characters, as in
// P*e4, and says whether there was one.
func (r *Reader) dropStar() bool {
	if r.peek() == '*' && isAlnum(r.peek2()) {
		r.advance()
		for isSymbolChar(r.peek()) {
			r.advance()
		}
		return true
	}
	return false
}

func allDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}
