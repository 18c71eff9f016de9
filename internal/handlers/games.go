package handlers

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// adjudicateRequest is the body of games/adjudicate.
type adjudicateRequest struct {
	variantSpec
	FEN   *string  `json:"fen,omitempty"`
	Moves []string `json:"moves"`
	Claim *claim   `json:"claim,omitempty"`
}

// claim is a player's claim at the end of the moves: a draw claim or a
// resignation.
type claim struct {
	Type string `json:"type"` // draw or resign
	By   string `json:"by"`   // white or black
}

// illegalMove reports the first move of a game that could not be played.
type illegalMove struct {
	Index   int         `json:"index"`
	Move    string      `json:"move"`
	Problem moveProblem `json:"problem"`
}

// adjudication is the answer of games/adjudicate.
type adjudication struct {
	Variant           string       `json:"variant"`
	Legal             bool         `json:"legal"`
	Plies             int          `json:"plies"`
	FirstIllegalIndex *int         `json:"firstIllegalIndex,omitempty"`
	IllegalMove       *illegalMove `json:"illegalMove,omitempty"`
	FEN               string       `json:"fen"`
	Result            string       `json:"result"`
	Reason            string       `json:"reason"`
	ClaimAccepted     *bool        `json:"claimAccepted,omitempty"`
	Status            statusInfo   `json:"status"`
	ClaimableDraws    []string     `json:"claimableDraws"`
	Moves             []string     `json:"moves"`
}

// ctxEvery is how many plies pass between checks of the request's deadline.
const ctxEvery = 32

func (s *Server) adjudicate(c echo.Context) error {
	var req adjudicateRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	if len(req.Moves) > s.cfg.MaxMoves {
		return problem(string(rules.ErrLimitExceeded), "moves", "at most %d moves per game, not %d", s.cfg.MaxMoves, len(req.Moves))
	}
	v, p, err := s.position(req.variantSpec, req.FEN)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	g := rules.NewGame(p)
	out := adjudication{Variant: v.ID(), Legal: true, Moves: make([]string, 0, len(req.Moves))}
	for i, text := range req.Moves {
		if i%ctxEvery == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		err := s.playText(g, text)
		if err != nil {
			mp, ok := toMoveProblem(err)
			if !ok {
				return err
			}
			idx := i
			out.Legal, out.FirstIllegalIndex = false, &idx
			out.IllegalMove = &illegalMove{Index: i, Move: text, Problem: mp}
			break
		}
		out.Moves = append(out.Moves, g.Position().UCI(g.Moves()[len(g.Moves())-1]))
	}
	s.metrics.plies.Add(float64(len(out.Moves)))
	s.metrics.positions.Inc()
	out.Plies = len(out.Moves)
	pos := g.Position()
	st := g.Status()
	out.FEN = pos.FEN()
	out.Status = describeStatus(pos, st)
	out.ClaimableDraws = out.Status.ClaimableDraws
	out.Result, out.Reason = st.Result(), st.Outcome.String()
	switch {
	case !out.Legal && st.Outcome == rules.Ongoing:
		// The game stands at an illegal move: no result.
		out.Result, out.Reason = "*", "illegal-move"
	case !out.Legal:
		// The game had ended on the board before the move that could not
		// be played: the result is that ending's.
	case req.Claim != nil:
		applyClaim(&out, st, req.Claim)
	}
	return c.JSON(http.StatusOK, out)
}

// playText parses and plays one move of a game. A move after the end of
// the game is reported as game-over.
func (s *Server) playText(g *rules.Game, text string) error {
	if st := g.Status(); st.Outcome != rules.Ongoing {
		return &rules.Error{Code: rules.ErrGameOver, Field: "move", Offset: -1, Reason: "game-over",
			Detail: fmt.Sprintf("the game ended by %s before this move", st.Outcome)}
	}
	m, err := g.ParseMove(text)
	if err != nil {
		return err
	}
	return g.Play(m)
}

// applyClaim settles a claim made at the end of a legal game that has not
// ended: a resignation always stands; a draw claim stands when a draw can
// be claimed in the final position.
func applyClaim(out *adjudication, st rules.Status, cl *claim) {
	accepted := false
	switch {
	case st.Outcome != rules.Ongoing:
		// The game ended on the board; the claim changes nothing.
	case cl.Type == "resign":
		accepted = true
		out.Reason = "resignation"
		out.Result = "0-1"
		if cl.By == "black" {
			out.Result = "1-0"
		}
	case cl.Type == "draw" && len(st.Claimable) > 0:
		accepted = true
		out.Reason, out.Result = "draw-claim", "1/2-1/2"
	}
	out.ClaimAccepted = &accepted
}
