// Package picture draws a position as an SVG picture: the board, the
// pieces (the six FIDE pieces as figures drawn here, every other type as a
// lettered token, a Dev once across its 2x2 block), badges on frozen and
// immobilized pieces, the side to move and optional markings (last move,
// check, marks, arrows, coordinates), and the variant's own ends: the
// flag squares (King of the Hill's hill, Racing Kings' goal rank) and the
// checks each side has given in a variant with a check limit (ends.go).
// The root has an accessible title ("Grand Chess, White to move") and a
// description (the FEN and every piece by colour, type and square), and
// each piece a tooltip.
//
// The output depends only on the position and the options: the same input
// gives the same bytes. Every number is an integer in a viewBox where a
// square is 100 units wide, and nothing is written in map order.
package picture

import (
	"strconv"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// DefaultSize, MinSize and MaxSize bound Options.Size (pixels of the picture's width).
const DefaultSize = 400

// MinSize is the smallest Options.Size; smaller sizes are raised to it.
const MinSize = 64

// MaxSize is the largest Options.Size; larger sizes are lowered to it.
const MaxSize = 2048

// Options say how to draw a position. The zero value draws the board alone
// at DefaultSize, White at the bottom, without coordinates or markings.
type Options struct {
	Size        int               // the picture's width in pixels; 0 means DefaultSize; callers clamp to [MinSize, MaxSize]
	Flip        bool              // Black's side at the bottom
	Coordinates bool              // file letters and rank numbers in a margin around the board
	LastMove    []rules.Square    // none, or two squares (from, to) highlighted
	Check       *rules.Square     // a square highlighted as a King in check; nil: none
	Marks       []rules.Square    // squares marked (e.g. a ring or a dot)
	Arrows      [][2]rules.Square // arrows from a square to a square
}

// unit is the side of a square in viewBox units.
const unit = 100

// Colours of the picture.
const (
	lightSquare = "#eed8b4"
	darkSquare  = "#b0845e"
	holeColour  = "#6b6b6b" // a square that is not part of the board
	frameColour = "#302e2b"
	labelColour = "#e6e1da"
	tintColour  = "#b9c93a" // last move, drawn at tintOpacity
	tintOpacity = ".55"
	markColour  = "#1d7a46" // rings and arrows, drawn at markOpacity
	markOpacity = ".8"
	whiteFill   = "#fbfbf8"
	whiteLine   = "#1c1c1c"
	blackFill   = "#2a2826"
	blackLine   = "#0a0a0a"
	blackDetail = "#ecebe6"
)

// SVG returns the picture of p. The same position and options give the same bytes.
//
// Squares in o outside the board are ignored.
func SVG(p *rules.Position, o Options) []byte {
	r := newRenderer(p, o)
	r.render()
	return r.b
}

// renderer holds the geometry of one picture while it is written.
type renderer struct {
	p      *rules.Position
	v      *rules.Variant
	o      Options
	files  int
	ranks  int
	margin int // width of the coordinates' frame, 0 without coordinates
	w, h   int // viewBox size
	size   int // width in pixels
	fen    string
	id     [6]byte // prefix of the picture's ids: "p" and five hex digits
	b      []byte

	check  rules.Square // o.Check once validated, or NoSquare
	used   [2][rules.MaxPieceTypes + 1]bool
	fide   [rules.MaxPieceTypes + 1]int // by type: 1 + the index of its figure in fideFigures, 0 for a token
	frozen bool                         // some piece carries the frozen badge
	held   bool                         // some piece carries the immobilized badge
	// squares lists the occupied squares to draw, in square order; a Dev's
	// block appears once, by its lower-left square.
	squares []rules.Square
	// flags holds the flag squares on the board (ends.go): [0] both
	// colours', [1] White's alone, [2] Black's alone; all empty without a flag.
	flags [3][]rules.Square
	// blast is the square of the explosion the last move made, where
	// captures explode (ends.go), or NoSquare.
	blast rules.Square
}

func newRenderer(p *rules.Position, o Options) *renderer {
	v := p.Variant()
	r := &renderer{p: p, v: v, o: o, files: v.Files(), ranks: v.Ranks(), fen: p.FEN(), check: rules.NoSquare}
	r.size = o.Size
	switch {
	case r.size == 0:
		r.size = DefaultSize
	case r.size < MinSize:
		r.size = MinSize
	case r.size > MaxSize:
		r.size = MaxSize
	}
	if o.Coordinates {
		r.margin = 30 + 2*max(r.files, r.ranks)
	}
	r.w = r.files*unit + 2*r.margin
	r.h = r.ranks*unit + 2*r.margin
	if o.Check != nil && r.onBoard(*o.Check) {
		r.check = *o.Check
	}
	r.flagSquares()
	r.blastSquare()
	r.makeID()
	return r
}

// inCheck says whether the side to move is in check.
func (r *renderer) inCheck() bool {
	return r.p.KingSquare(r.p.Turn()) != rules.NoSquare && r.p.InCheck()
}

// makeID derives the ids' prefix from everything drawn, so that pictures
// put in one HTML page do not take each other's definitions unless they
// are the same picture.
func (r *renderer) makeID() {
	const prime = 16777619
	h := uint32(2166136261)
	add := func(x uint32) {
		for range 4 {
			h = (h ^ (x & 0xff)) * prime
			x >>= 8
		}
	}
	text := func(t string) {
		for i := 0; i < len(t); i++ {
			h = (h ^ uint32(t[i])) * prime
		}
		h = (h ^ 0xff) * prime
	}
	text(r.fen)
	add(uint32(r.v.Files()<<8 | r.v.Ranks()))
	text(r.v.ID())
	text(r.v.Name())
	for t := 1; t <= r.v.PieceTypes(); t++ {
		text(r.v.PieceName(rules.PieceType(t)))
		text(r.v.Letter(rules.PieceType(t)))
	}
	flags := uint32(r.size) << 2
	if r.o.Flip {
		flags |= 1
	}
	if r.o.Coordinates {
		flags |= 2
	}
	add(flags)
	add(uint32(int32(r.check)))
	for _, s := range r.o.LastMove {
		add(uint32(int32(s)))
	}
	add(0xfffffffe)
	for _, s := range r.o.Marks {
		add(uint32(int32(s)))
	}
	add(0xfffffffd)
	for _, a := range r.o.Arrows {
		add(uint32(int32(a[0])))
		add(uint32(int32(a[1])))
	}
	const hex = "0123456789abcdef"
	h ^= h >> 20
	r.id[0] = 'p'
	for i := 5; i >= 1; i-- {
		r.id[i] = hex[h&15]
		h >>= 4
	}
}

// onBoard says whether s is a square of the board.
func (r *renderer) onBoard(s rules.Square) bool {
	return s >= 0 && s < rules.NumSquares && s.File() < r.files && s.Rank() < r.ranks && !r.v.Hole(s)
}

// corner returns the viewBox position of the upper-left corner of s.
func (r *renderer) corner(s rules.Square) (x, y int) {
	col, row := s.File(), r.ranks-1-s.Rank()
	if r.o.Flip {
		col, row = r.files-1-s.File(), s.Rank()
	}
	return r.margin + col*unit, r.margin + row*unit
}

// squareAtCorner returns the square whose upper-left corner is (x, y).
func (r *renderer) squareAtCorner(x, y int) rules.Square {
	col, row := (x-r.margin)/unit, (y-r.margin)/unit
	if r.o.Flip {
		return rules.SquareAt(r.files-1-col, row)
	}
	return rules.SquareAt(col, r.ranks-1-row)
}

// blockCorner returns the upper-left corner of the 2x2 block whose
// lower-left square is s.
func (r *renderer) blockCorner(s rules.Square) (x, y int) {
	x, y = r.corner(s)
	if r.o.Flip {
		return x - unit, y
	}
	return x, y - unit
}

func (r *renderer) render() {
	r.scan()
	// Room for all of it, so that the buffer grows once at most.
	kinds := 0
	for c := range r.used {
		for _, u := range r.used[c] {
			if u {
				kinds++
			}
		}
	}
	r.b = make([]byte, 0, 3072+2*len(r.fen)+len(r.squares)*120+kinds*240+r.ranks*20+
		(r.files+r.ranks)*70+(len(r.o.LastMove)+len(r.o.Marks)+2*len(r.o.Arrows))*60+
		(len(r.flags[0])+len(r.flags[1])+len(r.flags[2]))*40+r.endsBytes())
	r.header()
	r.defs()
	r.board()
	r.coordinates()
	r.pieces()
	r.marks()
	r.arrows()
	r.checkCounters()
	r.turn()
	r.s("</svg>\n")
}

// scan lists the pieces to draw and what the definitions must hold.
func (r *renderer) scan() {
	for t := 1; t <= r.v.PieceTypes(); t++ {
		r.fide[t] = fideIndex(r.v.PieceName(rules.PieceType(t)))
	}
	r.squares = make([]rules.Square, 0, 160)
	for rank := 0; rank < r.ranks; rank++ {
		for file := 0; file < r.files; file++ {
			s := rules.SquareAt(file, rank)
			pc := r.p.PieceAt(s)
			if pc == 0 {
				continue
			}
			if r.v.IsDev(pc.Type()) && (file%2 != 0 || rank%2 != 0) {
				continue
			}
			r.squares = append(r.squares, s)
			r.used[pc.Color()][pc.Type()] = true
			if r.p.Frozen(s) {
				r.frozen = true
			}
			if r.p.Immobilized(s) {
				r.held = true
			}
		}
	}
}

// s appends strings.
func (r *renderer) s(texts ...string) {
	for _, t := range texts {
		r.b = append(r.b, t...)
	}
}

// n appends an integer.
func (r *renderer) n(x int) { r.b = strconv.AppendInt(r.b, int64(x), 10) }

// ref appends the id of a definition: the prefix, "-" and name.
func (r *renderer) ref(name string) {
	r.b = append(r.b, r.id[:]...)
	r.b = append(r.b, '-')
	r.b = append(r.b, name...)
}

// attr appends ` name="x"`.
func (r *renderer) attr(name string, x int) {
	r.b = append(r.b, ' ')
	r.b = append(r.b, name...)
	r.b = append(r.b, '=', '"')
	r.n(x)
	r.b = append(r.b, '"')
}

// text appends t escaped for XML text and attributes.
func (r *renderer) text(t string) {
	for i := 0; i < len(t); i++ {
		switch c := t[i]; c {
		case '&':
			r.s("&amp;")
		case '<':
			r.s("&lt;")
		case '>':
			r.s("&gt;")
		case '"':
			r.s("&quot;")
		default:
			if c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
				r.b = append(r.b, ' ') // not allowed in XML 1.0
				continue
			}
			r.b = append(r.b, c)
		}
	}
}

func colourName(c rules.Color) string {
	if c == rules.White {
		return "White"
	}
	return "Black"
}

func (r *renderer) header() {
	r.s(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 `)
	r.n(r.w)
	r.s(" ")
	r.n(r.h)
	r.s(`"`)
	r.attr("width", r.size)
	r.attr("height", (r.size*r.h+r.w/2)/r.w)
	r.s(` role="img" aria-labelledby="`)
	r.ref("t")
	r.s(`" aria-describedby="`)
	r.ref("d")
	r.s(`">` + "\n<title id=\"")
	r.ref("t")
	r.s(`">`)
	r.text(r.v.Name())
	r.s(", ")
	r.s(colourName(r.p.Turn()))
	r.s(" to move</title>\n<desc id=\"")
	r.ref("d")
	r.s(`">`)
	r.describe()
	r.s("</desc>\n")
}

// describe writes the position in words: the FEN, then each side's pieces
// by type (in the variant's order) with their squares in square order.
func (r *renderer) describe() {
	r.s("FEN: ")
	r.text(r.fen)
	r.s(". ")
	r.s(colourName(r.p.Turn()))
	r.s(" to move")
	if r.inCheck() {
		r.s(", in check")
	}
	r.s(".")
	// Sort the squares by colour and type, keeping square order (a
	// counting sort: no allocation per type).
	var count [2*rules.MaxPieceTypes + 3]int
	for _, s := range r.squares {
		count[int(r.p.PieceAt(s))+1]++
	}
	for i := 1; i < len(count); i++ {
		count[i] += count[i-1]
	}
	sorted := make([]rules.Square, len(r.squares))
	for _, s := range r.squares {
		k := int(r.p.PieceAt(s))
		sorted[count[k]] = s
		count[k]++
	}
	for c := rules.White; c <= rules.Black; c++ {
		r.s(" ")
		r.s(colourName(c))
		r.s(":")
		first := true
		prev := rules.Piece(0)
		for _, s := range sorted {
			pc := r.p.PieceAt(s)
			if pc.Color() != c {
				continue
			}
			if pc != prev {
				if !first {
					r.s(";")
				}
				r.s(" ")
				r.text(r.v.PieceName(pc.Type()))
				prev = pc
			}
			first = false
			r.s(" ")
			r.squareName(s, pc)
			switch {
			case r.p.Frozen(s):
				r.s(" (frozen)")
			case r.p.Immobilized(s):
				r.s(" (immobilized)")
			}
		}
		if first {
			r.s(" no pieces")
		}
		r.s(".")
	}
	r.describeEnds()
	if r.check != rules.NoSquare {
		r.s(" Check on ")
		r.s(r.check.String())
		r.s(".")
	}
	if last := r.validSquares(r.o.LastMove); len(last) > 0 {
		r.s(" Last move:")
		for i, s := range last {
			if i > 0 {
				r.s(" to")
			}
			r.s(" ")
			r.s(s.String())
		}
		r.s(".")
	}
	if marks := r.validSquares(r.o.Marks); len(marks) > 0 {
		r.s(" Marked:")
		for _, s := range marks {
			r.s(" ")
			r.s(s.String())
		}
		r.s(".")
	}
	first := true
	for _, a := range r.o.Arrows {
		if !r.arrowDrawn(a) {
			continue
		}
		if first {
			r.s(" Arrows:")
		} else {
			r.s(",")
		}
		first = false
		r.s(" ")
		r.s(a[0].String())
		r.s(" to ")
		r.s(a[1].String())
	}
	if !first {
		r.s(".")
	}
}

// squareName writes where pc stands: its square, or a Dev's block (cd34).
func (r *renderer) squareName(s rules.Square, pc rules.Piece) {
	if !r.v.IsDev(pc.Type()) {
		r.s(s.String())
		return
	}
	r.b = append(r.b, byte('a'+s.File()), byte('b'+s.File()))
	r.n(s.Rank() + 1)
	r.n(s.Rank() + 2)
}

// validSquares returns the squares of list on the board, without repeats.
func (r *renderer) validSquares(list []rules.Square) []rules.Square {
	var out []rules.Square
next:
	for _, s := range list {
		if !r.onBoard(s) {
			continue
		}
		for _, t := range out {
			if t == s {
				continue next
			}
		}
		out = append(out, s)
	}
	return out
}

func (r *renderer) arrowDrawn(a [2]rules.Square) bool {
	return r.onBoard(a[0]) && r.onBoard(a[1]) && a[0] != a[1]
}

func (r *renderer) defs() {
	r.s("<defs>\n")
	r.discs()
	for i, f := range fideFigures {
		drawn := false
		for t := 1; t <= r.v.PieceTypes(); t++ {
			drawn = drawn || r.fide[t] == i+1 && (r.used[rules.White][t] || r.used[rules.Black][t])
		}
		if drawn {
			r.s(`<g id="`)
			r.ref(f.id)
			r.s(`">`)
			r.s(f.body)
			r.s(`<path fill="none" stroke="currentColor" stroke-width="3.5" d="`)
			r.s(f.detail)
			r.s(`"/></g>` + "\n")
		}
	}
	for c := rules.White; c <= rules.Black; c++ {
		for t := 1; t <= r.v.PieceTypes(); t++ {
			if r.used[c][t] {
				r.figure(rules.PieceType(t), c)
			}
		}
	}
	if r.frozen {
		// A snowflake on a blue disc, in the upper-left corner.
		r.s(`<g id="`)
		r.ref("f")
		r.s(`"><circle cx="15" cy="15" r="13" fill="#2f80d0" stroke="#fff" stroke-width="3"/>` +
			`<path d="M15 5v20M6 10l18 10M6 20l18-10" stroke="#fff" stroke-width="3" stroke-linecap="round"/></g>` + "\n")
	}
	if r.held {
		// A no-entry sign, in the upper-right corner.
		r.s(`<g id="`)
		r.ref("i")
		r.s(`"><circle cx="85" cy="15" r="13" fill="#d0302f" stroke="#fff" stroke-width="3"/>` +
			`<path d="M78 15h14" stroke="#fff" stroke-width="5" stroke-linecap="round"/></g>` + "\n")
	}
	if r.check != rules.NoSquare {
		r.s(`<radialGradient id="`)
		r.ref("c")
		r.s(`"><stop offset="0" stop-color="#ff0000"/><stop offset=".45" stop-color="#e00000" stop-opacity=".9"/>` +
			`<stop offset="1" stop-color="#a00000" stop-opacity="0"/></radialGradient>` + "\n")
	}
	r.s("</defs>\n")
}

// figureRef appends the id of the definition of (t, c): the prefix, "-",
// "w" or "b" and the type number.
func (r *renderer) figureRef(t rules.PieceType, c rules.Color) {
	r.b = append(r.b, r.id[:]...)
	if c == rules.White {
		r.b = append(r.b, '-', 'w')
	} else {
		r.b = append(r.b, '-', 'b')
	}
	r.n(int(t))
}

// figure writes the definition of the piece (t, c), drawn in a 100x100 box.
// The pieces' layer gives the stroke's width, joins and caps.
func (r *renderer) figure(t rules.PieceType, c rules.Color) {
	fill, line, detail := whiteFill, whiteLine, whiteLine
	if c == rules.Black {
		fill, line, detail = blackFill, blackLine, blackDetail
	}
	if f := r.fide[t]; f != 0 {
		r.s(`<g id="`)
		r.figureRef(t, c)
		// A little larger than drawn, about the centre of the base line.
		r.s(`" transform="matrix(1.08 0 0 1.08 -4 -6)" fill="`, fill, `" stroke="`, line, `" color="`, detail, `"><use xlink:href="#`)
		r.ref(fideFigures[f-1].id)
		r.s(`"/></g>` + "\n")
		return
	}
	// A token: the disc of its colour and the letter.
	letter := r.v.Letter(t)
	size := tokenFontSize(letter)
	r.s(`<g id="`)
	r.figureRef(t, c)
	r.s(`" fill="`, detail, `"><use xlink:href="#`)
	r.disc(c)
	r.s(`"/><text x="50"`)
	r.attr("y", 50+size*36/100)
	r.attr("font-size", size)
	r.s(">")
	r.text(letter)
	r.s("</text></g>\n")
}

// disc appends the id of the disc of the tokens of colour c.
func (r *renderer) disc(c rules.Color) {
	if c == rules.White {
		r.ref("wo")
	} else {
		r.ref("bo")
	}
}

// discs writes the discs of the tokens in use: a disc of the colour with
// a ring inside in the details' colour.
func (r *renderer) discs() {
	for c := rules.White; c <= rules.Black; c++ {
		fill, line, detail := whiteFill, whiteLine, whiteLine
		if c == rules.Black {
			fill, line, detail = blackFill, blackLine, blackDetail
		}
		for t := 1; t <= r.v.PieceTypes(); t++ {
			if !r.used[c][t] {
				continue
			}
			if r.fide[t] != 0 {
				continue
			}
			r.s(`<g id="`)
			r.disc(c)
			r.s(`"><circle cx="50" cy="50" r="42" fill="`, fill, `" stroke="`, line, `" stroke-width="4"/>`+
				`<circle cx="50" cy="50" r="35" fill="none" stroke="`, detail, `" stroke-width="2"/></g>`+"\n")
			break
		}
	}
}

// tokenFontSize returns the font size that fits letter (a capital and up
// to three apostrophes) inside a token's ring, about 60 units wide.
func tokenFontSize(letter string) int {
	// Widths in thousandths of an em, a little over those of common bold
	// sans-serif faces (DejaVu, Liberation, Arial, Helvetica).
	w := 0
	for i := 0; i < len(letter); i++ {
		switch letter[i] {
		case '\'':
			w += 340
		case 'W':
			w += 1100
		case 'M':
			w += 1000
		default:
			w += 850
		}
	}
	return min(54, 60*1000/w)
}

// fideIndex returns 1 + the index in fideFigures of the figure of the type
// named name, or 0 when it is a token.
func fideIndex(name string) int {
	for i, f := range fideFigures {
		if f.name == name {
			return i + 1
		}
	}
	return 0
}

// fideFigure is a FIDE piece drawn in a 100x100 box: the body's elements,
// filled and outlined by the group, and the path of the details, drawn in
// the details' colour (dark on White, light on Black).
type fideFigure struct {
	name   string // the type's name
	id     string // the drawing's id, after the picture's prefix
	body   string
	detail string
}

// fideFigures are the six FIDE pieces, by their type names. The drawings
// are this package's own: simple Staunton-like silhouettes on a common
// base.
var fideFigures = [...]fideFigure{
	{
		name: "King", id: "K",
		body: `<rect x="22" y="77" width="56" height="11" rx="3"/>` +
			`<path d="M29 77C35 66 40 59 40 48H60C60 59 65 66 71 77Z"/>` +
			`<rect x="33" y="42" width="34" height="8" rx="3"/>` +
			`<path d="M35 42L29 27H71L65 42Z"/>` +
			`<path d="M46 7h8v7h7v7h-7v6h-8v-6h-7v-7h7z"/>`,
		detail: "M37 69H63M36 34H64",
	},
	{
		name: "Queen", id: "Q",
		body: `<rect x="22" y="77" width="56" height="11" rx="3"/>` +
			`<path d="M29 77C35 66 40 60 40 52H60C60 60 65 66 71 77Z"/>` +
			`<rect x="33" y="46" width="34" height="8" rx="3"/>` +
			`<path d="M34 46L17 24L30 37L33 15L43 33L50 11L57 33L67 15L70 37L83 24L66 46Z"/>` +
			`<circle cx="17" cy="24" r="5"/><circle cx="33" cy="15" r="5"/><circle cx="50" cy="11" r="5"/>` +
			`<circle cx="67" cy="15" r="5"/><circle cx="83" cy="24" r="5"/>`,
		detail: "M37 69H63M35 41H65",
	},
	{
		name: "Rook", id: "R",
		body: `<rect x="22" y="77" width="56" height="11" rx="3"/>` +
			`<rect x="28" y="69" width="44" height="8" rx="2"/>` +
			`<path d="M34 69L36 40H64L66 69Z"/>` +
			`<path d="M27 40V15H38V23H45V15H55V23H62V15H73V40Z"/>`,
		detail: "M30 33H70M37 62H63",
	},
	{
		name: "Bishop", id: "B",
		body: `<rect x="24" y="79" width="52" height="9" rx="4"/>` +
			`<path d="M40 79L43 66H57L60 79Z"/>` +
			`<rect x="35" y="61" width="30" height="7" rx="3"/>` +
			`<path d="M50 17C64 29 71 43 65 54C61 61 39 61 35 54C29 43 36 29 50 17Z"/>` +
			`<circle cx="50" cy="13" r="6"/>`,
		detail: "M58 30L46 45M43 73H57",
	},
	{
		name: "Knight", id: "N",
		body: `<rect x="24" y="79" width="56" height="9" rx="3"/>` +
			`<path d="M32 79C31 69 39 61 46 55C40 57 34 60 28 62C21 63 16 57 19 50C25 40 33 30 45 22L49 9L58 18C73 24 83 42 80 62C79 70 78 75 78 79Z"/>`,
		detail: "M44 31h1M25 53h.5M60 22C72 32 76 48 73 72",
	},
	{
		name: "Pawn", id: "P",
		body: `<rect x="25" y="77" width="50" height="11" rx="3"/>` +
			`<path d="M33 77C38 68 43 60 44 51H56C57 60 62 68 67 77Z"/>` +
			`<rect x="37" y="46" width="26" height="7" rx="3"/>` +
			`<circle cx="50" cy="33" r="14"/>`,
		detail: "M40 70H60",
	},
}

// board draws the frame, the squares, the last move's tint and the check.
func (r *renderer) board() {
	if r.margin > 0 {
		r.s(`<rect`)
		r.attr("width", r.w)
		r.attr("height", r.h)
		r.s(` fill="` + frameColour + `"/>` + "\n")
	}
	r.s(`<rect`)
	r.attr("x", r.margin)
	r.attr("y", r.margin)
	r.attr("width", r.files*unit)
	r.attr("height", r.ranks*unit)
	r.s(` fill="` + lightSquare + `"/>` + "\n")
	// The dark squares: one dashed line a rank, dashes and gaps a square
	// long, as wide as a square (much shorter than a square apiece).
	r.s(`<path stroke="` + darkSquare + `" stroke-width="100" stroke-dasharray="100" d="`)
	for row := 0; row < r.ranks; row++ {
		first := 0 // the first dark column of the row
		x, y := r.margin, r.margin+row*unit
		if s := r.squareAtCorner(x, y); (s.File()+s.Rank())%2 != 0 { // a1 is dark
			first = 1
		}
		if first >= r.files {
			continue
		}
		r.s("M")
		r.n(x + first*unit)
		r.s(" ")
		r.n(y + unit/2)
		r.s("h")
		r.n((r.files - first) * unit)
	}
	r.s(`"/>` + "\n")
	r.holes()
	r.flagMarks()
	if last := r.validSquares(r.o.LastMove); len(last) > 0 {
		r.s(`<path fill="` + tintColour + `" fill-opacity="` + tintOpacity + `" d="`)
		for _, s := range last {
			r.squarePath(s)
		}
		r.s(`"/>` + "\n")
	}
	r.blastMark()
	if r.check != rules.NoSquare {
		x, y := r.corner(r.check)
		r.s(`<rect`)
		r.attr("x", x)
		r.attr("y", y)
		r.s(` width="100" height="100" fill="url(#`)
		r.ref("c")
		r.s(`)"/>` + "\n")
	}
}

// holes covers the squares that are not part of the board (written * in
// a FEN) with the hole colour.
func (r *renderer) holes() {
	open := false
	for sq := rules.Square(0); sq < rules.NumSquares; sq++ {
		if !r.v.Hole(sq) {
			continue
		}
		if !open {
			r.s(`<path fill="` + holeColour + `" d="`)
			open = true
		}
		r.squarePath(sq)
	}
	if open {
		r.s(`"/>` + "\n")
	}
}

// squarePath appends the outline of s to a path's data.
func (r *renderer) squarePath(s rules.Square) {
	x, y := r.corner(s)
	r.s("M")
	r.n(x)
	r.s(" ")
	r.n(y)
	r.s("h100v100h-100z")
}

// coordinates writes the file letters and rank numbers on the four sides.
func (r *renderer) coordinates() {
	if r.margin == 0 {
		return
	}
	size := r.margin * 62 / 100
	r.s(`<g font-family="sans-serif" text-anchor="middle" fill="` + labelColour + `"`)
	r.attr("font-size", size)
	r.s(">\n")
	base := size * 36 / 100 // from the centre line to the baseline
	for file := 0; file < r.files; file++ {
		x, _ := r.corner(rules.SquareAt(file, 0))
		for _, y := range [2]int{r.margin / 2, r.h - r.margin/2} {
			r.s(`<text`)
			r.attr("x", x+unit/2)
			r.attr("y", y+base)
			r.s(">")
			r.b = append(r.b, byte('a'+file))
			r.s("</text>")
		}
	}
	r.s("\n")
	for rank := 0; rank < r.ranks; rank++ {
		_, y := r.corner(rules.SquareAt(0, rank))
		for _, x := range [2]int{r.margin / 2, r.w - r.margin/2} {
			r.s(`<text`)
			r.attr("x", x)
			r.attr("y", y+unit/2+base)
			r.s(">")
			r.n(rank + 1)
			r.s("</text>")
		}
	}
	r.s("\n</g>\n")
}

// pieces places the figures, each in a group with its name as a tooltip.
func (r *renderer) pieces() {
	r.s(`<g font-family="sans-serif" font-weight="bold" text-anchor="middle" stroke-width="4" stroke-linejoin="round" stroke-linecap="round">` + "\n")
	for _, s := range r.squares {
		pc := r.p.PieceAt(s)
		dev := r.v.IsDev(pc.Type())
		r.s("<g><title>")
		r.s(colourName(pc.Color()))
		r.s(" ")
		r.text(r.v.PieceName(pc.Type()))
		r.s(" on ")
		r.squareName(s, pc)
		frozen, held := r.p.Frozen(s), r.p.Immobilized(s)
		if frozen {
			r.s(", frozen (five-move rule)")
		}
		if held {
			r.s(", immobilized")
		}
		r.s(`</title><use xlink:href="#`)
		r.figureRef(pc.Type(), pc.Color())
		var x, y int
		if dev {
			x, y = r.blockCorner(s)
			r.s(`" transform="matrix(2 0 0 2 `)
			r.n(x)
			r.s(" ")
			r.n(y)
			r.s(`)"/>`)
		} else {
			x, y = r.corner(s)
			r.s(`"`)
			r.attr("x", x)
			r.attr("y", y)
			r.s("/>")
		}
		if frozen {
			r.badge("f", x, y)
		}
		if held {
			if dev {
				x += unit
			}
			r.badge("i", x, y)
		}
		r.s("</g>\n")
	}
	r.s("</g>\n")
}

func (r *renderer) badge(name string, x, y int) {
	r.s(`<use xlink:href="#`)
	r.ref(name)
	r.s(`"`)
	r.attr("x", x)
	r.attr("y", y)
	r.s("/>")
}

// marks rings the marked squares.
func (r *renderer) marks() {
	marks := r.validSquares(r.o.Marks)
	if len(marks) == 0 {
		return
	}
	r.s(`<g fill="none" stroke="` + markColour + `" stroke-width="8" opacity="` + markOpacity + `">`)
	for _, s := range marks {
		x, y := r.corner(s)
		r.s(`<circle`)
		r.attr("cx", x+unit/2)
		r.attr("cy", y+unit/2)
		r.s(` r="43"/>`)
	}
	r.s("</g>\n")
}

// arrows draws each arrow as one outline: a shaft from the centre of the
// first square and a head whose point is at the centre of the second.
func (r *renderer) arrows() {
	open := false
	for _, a := range r.o.Arrows {
		if !r.arrowDrawn(a) {
			continue
		}
		if !open {
			r.s(`<g fill="` + markColour + `" opacity="` + markOpacity + `">`)
			open = true
		}
		x0, y0 := r.corner(a[0])
		x1, y1 := r.corner(a[1])
		r.arrow(x0+unit/2, y0+unit/2, x1+unit/2, y1+unit/2)
	}
	if open {
		r.s("</g>\n")
	}
}

// arrow writes the outline of an arrow from (x0, y0) to (x1, y1), in
// integers computed with integer arithmetic only.
func (r *renderer) arrow(x0, y0, x1, y1 int) {
	const (
		shaft = 9  // half the shaft's width
		head  = 22 // half the head's width
		long  = 40 // the head's length
	)
	dx, dy := x1-x0, y1-y0
	l := isqrt(dx*dx + dy*dy)
	// u = (dx, dy)/l along the arrow, n = (-dy, dx)/l across it.
	at := func(along, across int) (int, int) {
		return x0 + div(dx*along-dy*across, l), y0 + div(dy*along+dx*across, l)
	}
	pts := [7][2]int{}
	pts[0][0], pts[0][1] = at(0, shaft)
	pts[1][0], pts[1][1] = at(l-long, shaft)
	pts[2][0], pts[2][1] = at(l-long, head)
	pts[3][0], pts[3][1] = x1, y1
	pts[4][0], pts[4][1] = at(l-long, -head)
	pts[5][0], pts[5][1] = at(l-long, -shaft)
	pts[6][0], pts[6][1] = at(0, -shaft)
	r.s(`<path d="`)
	for i, pt := range pts {
		if i == 0 {
			r.s("M")
		} else {
			r.s("L")
		}
		r.n(pt[0])
		r.s(" ")
		r.n(pt[1])
	}
	r.s(`Z"/>`)
}

// isqrt returns the integer square root of n >= 0, rounded to nearest.
func isqrt(n int) int {
	x := 0
	for b := 1 << 30; b > 0; b >>= 2 {
		if x+b <= n {
			n -= x + b
			x = x>>1 + b
		} else {
			x >>= 1
		}
	}
	if n > x {
		x++
	}
	return x
}

// div returns a/b rounded to nearest, halves away from zero (b > 0).
func div(a, b int) int {
	if a < 0 {
		return -((-a + b/2) / b)
	}
	return (a + b/2) / b
}

// turn shows the side to move: a disc of its colour in the frame's corner
// on its side of the board, or, without a frame, in the board's corner.
func (r *renderer) turn() {
	bottom := (r.p.Turn() == rules.White) != r.o.Flip
	var cx, cy, radius int
	if r.margin > 0 {
		radius = r.margin * 32 / 100
		cx = r.w - r.margin/2
		cy = r.margin / 2
	} else {
		radius = max(r.files, r.ranks)/2 + 7
		cx = r.w - radius - 3
		cy = radius + 3
	}
	if bottom {
		cy = r.h - cy
	}
	fill, line := whiteFill, "#777"
	if r.p.Turn() == rules.Black {
		fill, line = "#111", "#bbb"
	}
	r.s(`<g><title>`)
	r.s(colourName(r.p.Turn()))
	r.s(` to move</title><circle`)
	r.attr("cx", cx)
	r.attr("cy", cy)
	r.attr("r", radius)
	r.s(` fill="`, fill, `" stroke="`, line, `"`)
	r.attr("stroke-width", max(2, radius/5))
	r.s("/></g>\n")
}
