package rules

// Game is a start position and the moves played from it: what the
// repetition rules need. A Game is not safe for concurrent use.
type Game struct {
	start *Position
	pos   *Position
	moves []Move
	keys  []uint64 // repetition keys of the start and of each position after it
}

// NewGame starts a game at p.
func NewGame(p *Position) *Game {
	return &Game{start: p, pos: p, keys: []uint64{p.RepetitionKey()}}
}

// Position returns the current position.
func (g *Game) Position() *Position { return g.pos }

// Start returns the start position.
func (g *Game) Start() *Position { return g.start }

// Moves returns the moves played so far.
func (g *Game) Moves() []Move { return g.moves }

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
func (g *Game) Status() Status { return g.pos.status(g.repetitions()) }

// Play plays a legal move. It fails with ErrGameOver once the game has
// ended, and with ErrIllegalMove (the position unchanged) for an illegal move.
func (g *Game) Play(m Move) error {
	if st := g.Status(); st.Outcome != Ongoing {
		return newError(ErrGameOver, "move", -1, "the game is over: %s", st.Outcome)
	}
	next, err := g.pos.Play(m)
	if err != nil {
		return err
	}
	g.pos = next
	g.moves = append(g.moves, m)
	g.keys = append(g.keys, next.RepetitionKey())
	return nil
}
