package rules

import "slices"

// Game is a start position and the moves played from it: what the
// repetition rules need. It keeps the legal moves of the current position,
// so that replaying a game generates moves once per ply. A Game is not
// safe for concurrent use.
type Game struct {
	start *Position
	pos   *Position
	moves []Move
	keys  []uint64 // repetition keys of the start and of each position after it
	legal []Move   // legal moves of pos, valid when known is true
	known bool
}

// NewGame starts a game at p.
func NewGame(p *Position) *Game {
	g := &Game{start: p, pos: p}
	g.keys = []uint64{g.repetitionKey()}
	return g
}

// Position returns the current position.
func (g *Game) Position() *Position { return g.pos }

// Start returns the start position.
func (g *Game) Start() *Position { return g.start }

// Moves returns the moves played so far.
func (g *Game) Moves() []Move { return g.moves }

// LegalMoves returns the legal moves of the current position. The slice
// belongs to the game and changes with the next move.
func (g *Game) LegalMoves() []Move {
	if !g.known {
		g.legal = g.pos.legalMoves(g.legal[:0])
		g.known = true
	}
	return g.legal
}

// repetitionKey is Position.RepetitionKey using the known legal moves.
func (g *Game) repetitionKey() uint64 {
	p := g.pos
	if p.ep != NoSquare {
		for _, m := range g.LegalMoves() {
			if m.Kind == MoveEnPassant {
				return p.hash ^ zobristEP[p.ep] ^ p.memoryKey()
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
	c.moves = slices.Clone(g.moves)
	c.keys = slices.Clone(g.keys)
	c.legal = slices.Clone(g.legal)
	return &c
}

// ParseMove reads a move in any accepted notation in the current position.
func (g *Game) ParseMove(text string) (Move, error) {
	return g.pos.parseMove(text, g.LegalMoves())
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
	next := g.pos.clone()
	next.play(l)
	g.pos, g.known = next, false
	g.moves = append(g.moves, l)
	g.keys = append(g.keys, g.repetitionKey())
	return nil
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
