package handlers

import (
	"context"

	"github.com/labstack/echo/v4"
	"golang.org/x/sync/singleflight"

	"github.com/adjudicator/adjudicator/internal/pgn"
	"github.com/adjudicator/adjudicator/internal/rules"
)

// adjudicateRequest is the body of games/adjudicate.
type adjudicateRequest struct {
	variantSpec
	FEN   *string  `json:"fen,omitempty"`
	Moves moveList `json:"moves"`         // an array or one string of moves (bind.go)
	PGN   *string  `json:"pgn,omitempty"` // the game as one PGN text, instead of fen and moves (pgngames.go)
	// PGNOut asks for the game as PGN in the answer (always there for a
	// pgn request).
	PGNOut bool   `json:"pgnOut,omitempty"`
	Claim  *claim `json:"claim,omitempty"`
}

// claim is a player's claim at the end of the moves: a draw claim, a draw
// by agreement, a resignation, a flag fall or an abort.
type claim struct {
	Type string `json:"type"` // draw, agreement, resign, flag or abort
	// By is white or black: the resigner or the player whose flag fell
	// (required for resign and flag, whose outcome depends on it); the
	// claimant, who aborts or who offered the agreed draw (optional, and
	// changing nothing, for draw, abort and agreement).
	By string `json:"by,omitempty"`
}

// claimByRequired says whether a claim of type t needs its by: the
// outcome of a resignation or a flag fall depends on who.
func claimByRequired(t string) bool { return t == "resign" || t == "flag" }

// The codes of a rejected claim (claimRejected.code), stable like the
// problem codes.
const (
	claimGameOver        = "game-over"         // the game ended on the board before the claim
	claimNoClaimableDraw = "no-claimable-draw" // a draw claim where no draw can be claimed
	claimIllegalMove     = "illegal-move"      // the game has an illegal move: the claim is not considered
)

// claimRejection says why a claim was not accepted.
type claimRejection struct {
	Code   string `json:"code"`
	Detail string `json:"detail"`
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
	// ClaimRejected says why, when a claim was made and not accepted.
	ClaimRejected  *claimRejection `json:"claimRejected,omitempty"`
	Status         statusInfo      `json:"status"`
	ClaimableDraws []string        `json:"claimableDraws"`
	Moves          []string        `json:"moves"`
	// Annotations are the marks of legal moves' texts that contradict the
	// moves, in move order; absent when there is none.
	Annotations []moveAnnotation `json:"annotations,omitempty"`
	// PGN is the game as PGN, for a pgn request or one with pgnOut; and
	// PGNResult the check of a pgn request's result token.
	PGN       string     `json:"pgn,omitempty"`
	PGNResult *pgnResult `json:"pgnResult,omitempty"`
	// Tree is the game tree of a pgn request whose text has comments,
	// NAGs or variations, its variations checked (pgntree.go).
	Tree *gameTree `json:"tree,omitempty"`
}

// replay is the part of an adjudication that depends on the moves only.
type replay struct {
	out adjudication
	st  rules.Status
}

func (s *Server) adjudicate(c echo.Context) error {
	var req adjudicateRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	out, err := s.adjudicateGame(c.Request().Context(), &req)
	if err != nil {
		return err
	}
	return s.sendJSON(c, out, "")
}

// adjudicateGame adjudicates one game: the whole of games/adjudicate for
// one request, and each game of a bulk request.
func (s *Server) adjudicateGame(ctx context.Context, req *adjudicateRequest) (*adjudication, error) {
	var from *pgn.Game
	switch {
	case req.PGN != nil:
		var err error
		if from, err = s.fromPGN(req); err != nil {
			return nil, err
		}
	case req.Moves == nil:
		return nil, problem(string(rules.ErrInvalidArgument), "moves", "give the game's moves (moves) or its PGN (pgn)")
	}
	if cl := req.Claim; cl != nil && cl.By == "" && claimByRequired(cl.Type) {
		return nil, problem(string(rules.ErrInvalidArgument), "claim.by", "a %s claim names the side (white or black) whose it is: the outcome depends on it", cl.Type)
	}
	if len(req.Moves) > s.cfg.MaxMoves {
		return nil, problem(string(rules.ErrLimitExceeded), "moves", "at most %d moves per game, not %d", s.cfg.MaxMoves, len(req.Moves))
	}
	v, p, err := s.position(ctx, req.variantSpec, req.FEN)
	if err != nil {
		return nil, err
	}
	keys := prefixKeys(variantKey(req.variantSpec), p.FEN(), req.Moves)
	var rp *replay
	if inPool(ctx) {
		// A game of a bulk request, in a worker of its own: it replays
		// there, within the stream's budget.
		if rp, err = s.replay(ctx, v, p, req.Moves, keys, req.inline()); err != nil {
			return nil, err
		}
	} else if rp, err = s.sharedReplay(ctx, v, p, req, keys); err != nil {
		return nil, err
	}
	out := rp.out
	if req.Claim != nil {
		applyClaim(&out, rp.st, req.Claim)
	}
	if from != nil || req.PGNOut {
		text, err := toPGN(ctx, v, p, &out, from)
		if err != nil {
			return nil, err
		}
		out.PGN = text
	}
	if from != nil {
		out.PGNResult = checkPGNResult(from, &out)
	}
	return &out, nil
}

// sharedReplay is the replay of a single request: identical adjudications
// in flight replay once. The replay belongs to none of them: it runs under
// its own time budget, so that the first client going away does not fail
// the others; each client waits only as long as its own request may.
func (s *Server) sharedReplay(ctx context.Context, v *rules.Variant, p *rules.Position, req *adjudicateRequest, keys *gameKeys) (*replay, error) {
	ch := s.flight.DoChan(keys.last(), func() (any, error) {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), s.cfg.RequestTimeout)
		defer cancel()
		return s.replay(rctx, v, p, req.Moves, keys, req.inline())
	})
	var r singleflight.Result
	select {
	case r = <-ch:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	if r.Err != nil {
		return nil, r.Err
	}
	return r.Val.(*replay), nil
}

// replay plays the moves from the longest cached prefix on, checking each,
// and caches the state at checkpoints and at the end. A replay of more
// than heavyPlies moves, or of a game of an inline variant, runs in the
// pool of heavy work.
func (s *Server) replay(ctx context.Context, v *rules.Variant, start *rules.Position, moves []string, keys *gameKeys, inline bool) (*replay, error) {
	g, played, notes := s.resume(ctx, v, keys)
	if g == nil {
		g, played = rules.NewGame(start), make([]string, 0, len(moves))
	}
	if !inline && len(moves)-len(played) <= heavyPlies {
		return s.playOn(ctx, v, g, played, notes, moves, keys)
	}
	var r *replay
	err := s.heavy(ctx, func() (err error) {
		r, err = s.playOn(ctx, v, g, played, notes, moves, keys)
		return err
	})
	return r, err
}

// playOn plays moves from g, which stands after played (a prefix of them,
// whose annotations are notes), checking the deadline before each ply: a
// ply costs a move generation, far more than the check.
func (s *Server) playOn(ctx context.Context, v *rules.Variant, g *rules.Game, played []string, notes []moveAnnotation, moves []string, keys *gameKeys) (*replay, error) {
	resumed := len(played)
	out := adjudication{Variant: v.ID(), Legal: true, Annotations: notes}
	w := stateWriter{left: s.cfg.MaxStateBytes}
	for i := resumed; i < len(moves); i++ {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		default:
		}
		uci, found, err := g.PlayText(moves[i])
		if err != nil {
			mp, ok := toMoveProblem(err)
			if !ok {
				return nil, err
			}
			idx := i
			out.Legal, out.FirstIllegalIndex = false, &idx
			out.IllegalMove = &illegalMove{Index: i, Move: moves[i], Problem: mp}
			break
		}
		played = append(played, uci)
		out.Annotations = appendAnnotations(out.Annotations, i, moves[i], found)
		if len(played)%checkpointEvery == 0 && len(played) < len(moves) && s.cache != nil && w.left >= 0 {
			s.store(ctx, &w, keys.at(len(played)), g, played, out.Annotations)
		}
	}
	pos := g.Position()
	if len(played) > resumed && s.cache != nil {
		out.FEN = s.store(ctx, &w, keys.at(len(played)), g, played, out.Annotations)
	} else {
		out.FEN = pos.FEN()
	}
	s.metrics.plies.Add(float64(len(played) - resumed))
	s.metrics.positions.Inc()
	out.Moves, out.Plies = played, len(played)
	st := g.Status()
	out.Status = describeStatus(pos, st)
	out.ClaimableDraws = out.Status.ClaimableDraws
	out.Result, out.Reason = st.Result(), st.Outcome.String()
	if !out.Legal && st.Outcome == rules.Ongoing {
		// The game stands at an illegal move: no result. (When the game had
		// ended on the board before it, the result is that ending's.)
		out.Result, out.Reason = "*", "illegal-move"
	}
	return &replay{out: out, st: st}, nil
}

// applyClaim settles a claim made at the end of a game: one made after
// an illegal move or after the game ended on the board is rejected
// (claimIllegalMove, claimGameOver); otherwise a resignation, a draw by
// agreement, a flag fall and an abort always stand, and a draw claim
// stands when a draw can be claimed in the final position
// (claimNoClaimableDraw otherwise). An accepted claim ends the game, so
// the status says so too: its outcome is the claim's reason and its
// result the adjudicated one (and the winner, for a resignation or a flag
// fall), as the top-level result and reason. out is the caller's own copy
// of the shared replay: its strings may be replaced, its slices must not
// be written to.
func applyClaim(out *adjudication, st rules.Status, cl *claim) {
	accepted := false
	switch {
	case !out.Legal:
		out.ClaimRejected = &claimRejection{Code: claimIllegalMove,
			Detail: "the game has an illegal move (illegalMove), so the claim is not considered"}
	case st.Outcome != rules.Ongoing:
		out.ClaimRejected = &claimRejection{Code: claimGameOver,
			Detail: "the game ended on the board (" + st.Outcome.String() + ") before the claim"}
	case cl.Type == "resign":
		accepted = true
		winner := rules.White
		if cl.By == "white" {
			winner = rules.Black
		}
		out.Reason = "resignation"
		out.Result = "1-0"
		if winner == rules.Black {
			out.Result = "0-1"
		}
		out.Status.Winner = winner.String()
	case cl.Type == "agreement":
		accepted = true
		out.Reason, out.Result = "draw-agreement", "1/2-1/2"
	case cl.Type == "draw" && len(st.Claimable) > 0:
		accepted = true
		out.Reason, out.Result = "draw-claim", "1/2-1/2"
	case cl.Type == "draw":
		out.ClaimRejected = &claimRejection{Code: claimNoClaimableDraw,
			Detail: "no draw can be claimed in the final position (no threefold repetition, the move rule not reached)"}
	case cl.Type == "flag":
		// The flag of by fell: the other side wins if it can still
		// checkmate, else the game is drawn (FIDE Laws 6.9).
		accepted = true
		other, canMate := rules.White, out.Status.CanMate.White
		if cl.By == "white" {
			other, canMate = rules.Black, out.Status.CanMate.Black
		}
		if canMate {
			out.Reason, out.Result = "flag-fall", "1-0"
			if other == rules.Black {
				out.Result = "0-1"
			}
			out.Status.Winner = other.String()
		} else {
			out.Reason, out.Result = "flag-fall-draw", "1/2-1/2"
		}
	case cl.Type == "abort":
		accepted = true
		out.Reason, out.Result = "aborted", "*"
	}
	if accepted {
		out.Status.Outcome, out.Status.Result = out.Reason, out.Result
	}
	out.ClaimAccepted = &accepted
}
