package rules

import (
	"fmt"
	"slices"
)

// Game is a start position and the moves played from it: what the
// repetition rules need. It keeps the legal moves of the current position
// once they are known, and plays its moves on its own copy of the start
// position. A Game is not safe for concurrent use.
type Game struct {
	start *Position
	pos   *Position
	own   bool // pos is the game's own copy, played on in place
	moves []Move
	keys  []uint64 // repetition keys of the start and of each position after it
	legal []Move   // legal moves of pos, valid when known is true
	known bool
	some  []Move // scratch for the legal moves of some pieces (PlayText)
}

// NewGame starts a game at p.
func NewGame(p *Position) *Game {
	g := &Game{start: p, pos: p}
	g.keys = []uint64{g.repetitionKey()}
	return g
}

// Position returns the current position. It belongs to the game and
// changes with the game's next move: a caller that keeps a position across
// moves keeps a Clone of the game.
func (g *Game) Position() *Position { return g.pos }

// Start returns the start position.
func (g *Game) Start() *Position { return g.start }

// Moves returns the moves played so far.
func (g *Game) Moves() []Move { return g.moves }

// LegalMoves returns the legal moves of the current position. The slice
// belongs to the game and changes with the next move.
func (g *Game) LegalMoves() []Move {
	if !g.known {
		if g.legal == nil {
			g.legal = make([]Move, 0, 256) // the pseudo-legal moves of most positions of the large variants fit
		}
		g.legal = g.pos.legalMoves(g.legal[:0])
		g.known = true
	}
	return g.legal
}

// repetitionKey is Position.RepetitionKey using the known legal moves.
func (g *Game) repetitionKey() uint64 {
	p := g.pos
	if p.ep != NoSquare {
		legal := g.legal
		switch {
		case g.known:
		case p.targeted() && p.epFar == NoSquare:
			// En passant is a leap that captures onto the square: when no
			// piece of the side attacks it, none takes there.
			if !p.attacked(p.ep, p.side) {
				return p.hash ^ p.memoryKey()
			}
			// Only the pieces that take en passant can (RULES R4).
			takers := p.epTakers()
			g.some = p.legalIn(g.some[:0], &takers, p.ep)
			legal = g.some
		default:
			legal = g.LegalMoves()
		}
		for _, m := range legal {
			if m.Kind == MoveEnPassant {
				return p.hash ^ p.epHash() ^ p.memoryKey()
			}
		}
	}
	return p.hash ^ p.memoryKey()
}

// repetitions counts how often the current position has occurred. Only
// positions since the last capture or Pawn-class move can repeat it.
func (g *Game) repetitions() int {
	n := len(g.keys) - 1
	cur := g.keys[n]
	count := 1
	for i := n - 2; i >= 0 && i >= n-g.pos.halfmove; i -= 2 {
		if g.keys[i] == cur {
			count++
		}
	}
	return count
}

// Status returns the status of the current position with its history.
func (g *Game) Status() Status {
	return g.pos.statusOf(len(g.LegalMoves()), g.repetitions())
}

// Clone returns a copy of g that plays on without changing g.
func (g *Game) Clone() *Game {
	c := *g
	if g.own {
		c.pos = g.pos.clone()
	}
	c.moves = slices.Clone(g.moves)
	c.keys = slices.Clone(g.keys)
	c.legal = slices.Clone(g.legal)
	c.some = nil
	return &c
}

// ParseMove reads a move in any accepted notation in the current position.
func (g *Game) ParseMove(text string) (Move, error) {
	if g.known {
		return g.pos.parseMove(text, g.legal, nil)
	}
	return g.pos.parseMove(text, nil, &g.some)
}

// PlayText reads a move in any accepted notation (as ParseMove) and plays
// it. It returns the move in coordinate form (UCI), and the marks of text
// that contradict the move (Annotate). Once the game has ended, whatever
// the text, it fails with ErrGameOver and Reason "game-over"; otherwise as
// ParseMove does, the game unchanged.
//
// It answers what Status, ParseMove and Play would, for a fraction of
// their cost: it does not list the position's legal moves but those of
// the pieces the text can name (see moveParser.resolve), and a move found
// legal shows that the game has not ended by checkmate or stalemate, so
// that only the ends that do not count the legal moves remain to test
// (endedByRule). Every failure is settled with the full Status.
func (g *Game) PlayText(text string) (uci string, notes []Annotation, err error) {
	if g.endedByRule() {
		if err := g.overError(); err != nil {
			return "", nil, err
		}
	}
	m, err := g.ParseMove(text)
	if err != nil {
		if over := g.overError(); over != nil {
			return "", nil, over
		}
		return "", nil, err
	}
	notes = g.Annotate(text, m)
	var buf [16]byte
	if b := g.pos.appendUCI(buf[:0], m); string(b) == text {
		uci = text
	} else {
		uci = string(b)
	}
	g.play(m)
	return uci, notes, nil
}

// endedByRule says whether the current position ends the game by a rule
// that does not count the legal moves: dead material, a bare King, the
// automatic repetition or move-count end. The checkmates and stalemates
// are left to Status (statusOf gives those the first place).
func (g *Game) endedByRule() bool {
	j := judging{legal: -1}
	if g.pos.v.draws.RepetitionEnd > 0 {
		j.repetitions = g.repetitions()
	}
	o, _ := g.pos.judgeEnds(&j)
	return o != Ongoing
}

// overError is the error of a move after the end of the game, or nil while
// it goes on.
func (g *Game) overError() error {
	if st := g.Status(); st.Outcome != Ongoing {
		return &Error{Code: ErrGameOver, Field: fieldMove, Offset: -1, Reason: "game-over",
			Detail: fmt.Sprintf("the game ended by %s before this move", st.Outcome)}
	}
	return nil
}

// Play plays a legal move, matched on From, To and Promotion. It fails with
// ErrGameOver once the game has ended, and with ErrIllegalMove (the game
// unchanged) for an illegal move.
func (g *Game) Play(m Move) error {
	if st := g.Status(); st.Outcome != Ongoing {
		return newError(ErrGameOver, "move", -1, "the game is over: %s", st.Outcome)
	}
	var l Move
	found := false
	for _, c := range g.LegalMoves() {
		if c.From == m.From && c.To == m.To && c.Promotion == m.Promotion {
			l, found = c, true
			break
		}
	}
	if !found {
		return g.pos.illegal(m)
	}
	g.play(l)
	return nil
}

// play plays the legal move m: on the game's own copy of the position,
// made at its first move.
func (g *Game) play(m Move) {
	if !g.own {
		g.pos, g.own = g.pos.clone(), true
	}
	g.pos.play(m)
	g.known = false
	g.moves = append(g.moves, m)
	g.keys = append(g.keys, g.repetitionKey())
}

// GameState is what a Game needs to go on from its current position: the
// position, and the repetition keys of the positions since the last capture
// or Pawn-class move (oldest first, ending with the current one). It lets a
// service keep a game between requests without replaying it.
type GameState struct {
	FEN  string   `json:"fen"`
	Keys []uint64 `json:"keys"`
}

// State returns the game's state.
func (g *Game) State() GameState {
	n := len(g.keys)
	from := max(0, n-1-g.pos.halfmove)
	return GameState{FEN: g.pos.FEN(), Keys: slices.Clone(g.keys[from:])}
}

// ResumeGame continues a game from a state made by State. The state is
// checked: the FEN must be a legal position of v, the keys at most one more
// than its halfmove clock, and the last key that of the position. The
// resumed game's Start is the state's position and its Moves start empty.
func ResumeGame(v *Variant, st GameState) (*Game, error) {
	s, err := ParseFEN(v, st.FEN)
	if err != nil {
		return nil, err
	}
	p, err := NewPosition(s)
	if err != nil {
		return nil, err
	}
	g := &Game{start: p, pos: p}
	if len(st.Keys) == 0 || len(st.Keys) > p.halfmove+1 || st.Keys[len(st.Keys)-1] != g.repetitionKey() {
		return nil, newError(ErrInvalidArgument, "keys", -1, "the repetition keys do not belong to the position")
	}
	g.keys = slices.Clone(st.Keys)
	return g, nil
}
