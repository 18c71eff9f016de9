package pgn

// The game tree: what a record holds besides its mainline move tokens.
//
// A move's Notes stand beside it, in the Notes of its Game or Variation
// (nil when it has none, and the slice nil when no move has any, which is
// what keeps a bare record as cheap as before): the comments before it, its NAGs, the
// comments after it and its variations. A variation is an alternative to
// the move whose Notes hold it: its first move is played from the position
// before that move. The tree's placement rules, which the Reader applies
// and the writer follows, so that a record read, written and read again
// gives the same tree:
//
//   - a comment that follows a move (its NAGs and other comments between)
//     is one of that move's After comments;
//   - a comment at the start of a variation, or one that follows a
//     variation, is one of the Before comments of the line's next move; at
//     the end of the line, with no move left, it is one of the line's End
//     comments (Game.End, Variation.End), and in a variation without moves
//     every comment is;
//   - a comment before the game's first move (after its tags) is the game
//     comment, Game.Comments; comments before a game's first tag or move
//     stand between games and are skipped;
//   - a NAG ($14, or the suffix annotations ! ? !! ?? !? ?!, written or
//     standing alone) belongs to the line's last move, wherever it stands
//     after it; a NAG or a variation that follows no move is an error;
//   - a ; comment (to the end of its line) is kept like a brace comment
//     and written as one, unless its text holds a }.
//
// Comment texts are kept verbatim between their delimiters, white space
// at both ends removed: commands such as [%clk 0:03:00], [%eval 0.3],
// [%csl Ga4] and [%cal Ge2e4] are comment text.

// Notes is what a move carries besides its text.
type Notes struct {
	// Before are the comments that stand before the move: at the start of
	// a variation, or after the variations of the line's previous move.
	Before []string
	// NAGs are the move's Numeric Annotation Glyphs, 0 to 255, in the order
	// of the text; a suffix annotation is read as its NAG (! $1, ? $2,
	// !! $3, ?? $4, !? $5, ?! $6).
	NAGs []int
	// After are the comments that follow the move.
	After []string
	// Variations are the alternatives to the move, in the order of the
	// text: each starts from the position before the move.
	Variations []Variation
}

// Variation is one recursive annotation variation: a line of moves, each
// of which may carry Notes of its own, nested variations among them.
type Variation struct {
	Moves []Move
	// Notes are the moves' notes, as Game.Notes are the mainline's.
	Notes []*Notes
	// End are the comments that close the variation after its last move's
	// variations; in a variation without moves, all of its comments.
	End []string
}

// Bounds of the tree, and the defaults of the Options that bound it.
const (
	DefaultMaxDepth          = 100  // nesting of variations
	DefaultMaxVariations     = 5000 // variations of one game, nested ones included
	DefaultMaxVariationMoves = 5000 // moves of all variations of one game together
	maxDepthLimit            = 1000 // the deepest nesting any Options allow, and the writer writes
	maxNAG                   = 255  // the largest NAG, as the PGN standard has it
)

// suffixNAG returns the NAG of a suffix annotation, or 0 and false when s
// is not one of the six.
func suffixNAG(s []byte) (int, bool) {
	switch string(s) {
	case "!":
		return 1, true
	case "?":
		return 2, true
	case "!!":
		return 3, true
	case "??":
		return 4, true
	case "!?":
		return 5, true
	case "?!":
		return 6, true
	}
	return 0, false
}

// HasTree says whether g holds anything besides its mainline moves: a
// game comment, closing comments, or a move with Notes.
func (g *Game) HasTree() bool {
	if len(g.Comments) > 0 || len(g.End) > 0 {
		return true
	}
	for _, n := range g.Notes {
		if n != nil {
			return true
		}
	}
	return false
}

// MoveNotes returns the notes of mainline move i, nil when it has none.
func (g *Game) MoveNotes(i int) *Notes { return notesAt(g.Notes, i) }

// MoveNotes returns the notes of the variation's move j, nil when it has
// none.
func (v *Variation) MoveNotes(j int) *Notes { return notesAt(v.Notes, j) }

func notesAt(ns []*Notes, i int) *Notes {
	if i >= 0 && i < len(ns) {
		return ns[i]
	}
	return nil
}

// What a line's last element is, for placing what follows it.
const (
	lastNone      = iota // the line has no move yet
	lastMove             // a move (its NAGs and After comments may follow)
	lastVariation        // a variation of the line's last move
)

// line is a line of the tree the Reader is building: the mainline or a
// variation.
type line struct {
	moves   *[]Move
	notes   *[]*Notes
	end     *[]string
	pending []string // comments waiting for the line's next move
	last    int
	open    Pos // the ( of a variation
}

// builder builds a game's tree as the Reader reads its movetext. It lives
// in the Reader and keeps its stack from game to game, so that a bare
// game allocates nothing for it.
type builder struct {
	g          *Game
	cur        line
	stack      []line
	variations int // variations so far
	varMoves   int // moves of variations so far
}

func (b *builder) reset(g *Game) {
	b.g = g
	b.cur = line{moves: &g.Moves, notes: &g.Notes, end: &g.End}
	b.stack = b.stack[:0]
	b.variations, b.varMoves = 0, 0
}

// release lets go of the game, so that the Reader keeps none.
func (b *builder) release() {
	b.g, b.cur = nil, line{}
	clear(b.stack[:cap(b.stack)])
	b.stack = b.stack[:0]
}

// depth is the nesting depth of the line being read (0: the mainline).
func (b *builder) depth() int { return len(b.stack) }

// lastNotes returns the Notes of the line's last move, giving it some
// first.
func (b *builder) lastNotes() *Notes {
	i, ns := len(*b.cur.moves)-1, b.cur.notes
	for len(*ns) <= i {
		*ns = append(*ns, nil)
	}
	if (*ns)[i] == nil {
		(*ns)[i] = &Notes{}
	}
	return (*ns)[i]
}

// move adds a move to the line.
func (b *builder) move(m Move) {
	*b.cur.moves = append(*b.cur.moves, m)
	b.cur.last = lastMove
	if b.cur.pending != nil {
		b.lastNotes().Before = b.cur.pending
		b.cur.pending = nil
	}
}

// comment places a comment.
func (b *builder) comment(text string) {
	switch {
	case b.cur.last == lastMove:
		n := b.lastNotes()
		n.After = append(n.After, text)
	case b.cur.last == lastNone && len(b.stack) == 0:
		b.g.Comments = append(b.g.Comments, text)
	default:
		b.cur.pending = append(b.cur.pending, text)
	}
}

// nag gives the line's last move a NAG; it says false when the line has
// no move.
func (b *builder) nag(n int) bool {
	if b.cur.last == lastNone {
		return false
	}
	m := b.lastNotes()
	m.NAGs = append(m.NAGs, n)
	return true
}

// open starts a variation of the line's last move; it says false when the
// line has no move.
func (b *builder) open(at Pos) bool {
	if b.cur.last == lastNone {
		return false
	}
	n := b.lastNotes()
	n.Variations = append(n.Variations, Variation{})
	v := &n.Variations[len(n.Variations)-1]
	b.stack = append(b.stack, b.cur)
	b.cur = line{moves: &v.Moves, notes: &v.Notes, end: &v.End, open: at}
	b.variations++
	return true
}

// close ends the innermost variation.
func (b *builder) close() {
	b.endLine()
	b.cur = b.stack[len(b.stack)-1]
	b.stack = b.stack[:len(b.stack)-1]
	b.cur.last = lastVariation
}

// endLine gives the comments waiting for a next move to the line's End.
func (b *builder) endLine() {
	if b.cur.pending != nil {
		*b.cur.end = append(*b.cur.end, b.cur.pending...)
		b.cur.pending = nil
	}
}

// outermost returns where the outermost open variation starts.
func (b *builder) outermost() Pos {
	if len(b.stack) > 1 {
		return b.stack[1].open
	}
	return b.cur.open
}
