package handlers

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"slices"
	"strconv"

	"github.com/labstack/echo/v4"
	"golang.org/x/sync/singleflight"

	"github.com/adjudicator/adjudicator/internal/pgn"
	"github.com/adjudicator/adjudicator/internal/rules"
)

// adjudicateRequest is the body of games/adjudicate.
type adjudicateRequest struct {
	variantSpec
	FEN   *string  `json:"fen,omitempty"`
	Moves []string `json:"moves"`
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
	By   string `json:"by"`   // white or black: the claimant, the resigner, the player whose flag fell or who aborts, or who offered the agreed draw
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
	// Annotations are the marks of legal moves' texts that contradict the
	// moves, in move order; absent when there is none.
	Annotations []moveAnnotation `json:"annotations,omitempty"`
	// PGN is the game as PGN, for a pgn request or one with pgnOut; and
	// PGNResult the check of a pgn request's result token.
	PGN       string     `json:"pgn,omitempty"`
	PGNResult *pgnResult `json:"pgnResult,omitempty"`
}

// checkpointEvery: the state of a game is cached every so many plies, as
// well as at the end of each request's moves, so that a game submitted again
// with more moves (the correspondence pattern) replays only the new ones.
const checkpointEvery = 32

// prefixState is the cached state of a game after a prefix of its moves.
// Key is the key it is stored under, which names the start and every move
// text of the prefix: a state read back under another key (copied there, or
// written by another deployment) does not belong to those moves and is
// ignored, whatever the transport's own seal says.
type prefixState struct {
	Key   string          `json:"key"`
	State rules.GameState `json:"state"`
	Moves []string        `json:"moves"` // the prefix, normalised
	// Annotations are those of the prefix's moves, so that a replay resumed
	// after it reports them as a replay from the start does.
	Annotations []moveAnnotation `json:"annotations,omitempty"`
}

// gameKeys names the cached states of a game after the prefixes of its
// moves: at(i) is the key of the state after the first i moves. A key is a
// hash of the rules version, the variant, the start and the texts of those
// moves, each with its length before it, so that a key names the start and
// every move up to it and no two prefixes share a key. The keys a request
// uses (the checkpoints and the last two) are made in one pass over the
// moves; any other costs a pass of its own.
type gameKeys struct {
	head  string   // what is hashed before the moves
	moves []string // the game's moves
	made  []madeKey
}

type madeKey struct {
	i   int
	key string
}

// prefixKeys returns the keys of the game of the variant vkey from startFEN
// through moves.
func prefixKeys(vkey, startFEN string, moves []string) *gameKeys {
	k := &gameKeys{head: rulesVersion() + "\x00" + vkey + "\x00" + startFEN + "\x00", moves: moves}
	n := len(moves)
	h := sha256.New()
	buf := make([]byte, 0, len(k.head)+8*n)
	buf = append(buf, k.head...)
	var sum [sha256.Size]byte
	for i := 0; ; i++ {
		if i > 0 && (i%checkpointEvery == 0 || i >= n-1) {
			h.Write(buf)
			buf = buf[:0]
			k.made = append(k.made, madeKey{i, gameKey(h.Sum(sum[:0]))})
		}
		if i == n {
			return k
		}
		buf = append(binary.AppendUvarint(buf, uint64(len(moves[i]))), moves[i]...)
	}
}

// gameKey is the key of a prefix's hash.
func gameKey(sum []byte) string {
	return rulesVersion() + ":game:" + hex.EncodeToString(sum[:20])
}

// at returns the key of the state after the first i moves.
func (k *gameKeys) at(i int) string {
	for _, m := range k.made {
		if m.i == i {
			return m.key
		}
	}
	buf := []byte(k.head)
	for _, m := range k.moves[:i] {
		buf = append(binary.AppendUvarint(buf, uint64(len(m))), m...)
	}
	sum := sha256.Sum256(buf)
	return gameKey(sum[:])
}

// last returns the key of the whole game.
func (k *gameKeys) last() string { return k.at(len(k.moves)) }

// manyGetter is a Cache that can look several keys up in one round trip.
type manyGetter interface {
	GetMany(ctx context.Context, keys []string) [][]byte
}

// resume finds the longest cached prefix among the whole game, the game
// less its last move, and the last checkpoint, and resumes it. The three
// are looked up at once where the cache allows it, so that a slow Redis
// costs one timeout.
func (s *Server) resume(ctx context.Context, v *rules.Variant, keys *gameKeys) (*rules.Game, []string, []moveAnnotation) {
	if s.cache == nil {
		return nil, nil, nil
	}
	n := len(keys.moves)
	var lens []int
	for _, i := range []int{n, n - 1, n / checkpointEvery * checkpointEvery} {
		if i > 0 && !slices.Contains(lens, i) {
			lens = append(lens, i)
		}
	}
	want := make([]string, len(lens))
	for j, i := range lens {
		want[j] = keys.at(i)
	}
	var got [][]byte
	if mg, ok := s.cache.(manyGetter); ok {
		got = mg.GetMany(ctx, want)
	} else {
		got = make([][]byte, len(want))
		for j, k := range want {
			got[j], _ = s.cache.Get(ctx, k)
		}
	}
	for j, b := range got {
		if b == nil {
			continue
		}
		var ps prefixState
		if json.Unmarshal(b, &ps) != nil || ps.Key != want[j] || len(ps.Moves) != lens[j] {
			continue
		}
		if g, err := rules.ResumeGame(v, ps.State); err == nil {
			return g, ps.Moves, ps.Annotations
		}
	}
	return nil, nil, nil
}

// store caches the game's state st after len(moves) moves, with the
// annotations of those moves.
func (s *Server) store(ctx context.Context, key string, st rules.GameState, moves []string, notes []moveAnnotation) {
	if s.cache == nil {
		return
	}
	b, err := appendPrefixState(nil, &prefixState{Key: key, State: st, Moves: moves, Annotations: notes})
	if err == nil {
		s.cache.Set(context.WithoutCancel(ctx), key, b)
	}
}

// appendPrefixState appends ps as JSON, as json.Marshal writes it (the
// test says so), without reflection: a replay stores one at every
// checkpoint.
func appendPrefixState(b []byte, ps *prefixState) ([]byte, error) {
	b = append(b, `{"key":`...)
	b = appendJSONString(b, ps.Key)
	b = append(b, `,"state":{"fen":`...)
	b = appendJSONString(b, ps.State.FEN)
	b = append(b, `,"keys":`...)
	if ps.State.Keys == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, k := range ps.State.Keys {
			if i > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendUint(b, k, 10)
		}
		b = append(b, ']')
	}
	b = append(b, `},"moves":`...)
	if ps.Moves == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i, m := range ps.Moves {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendJSONString(b, m)
		}
		b = append(b, ']')
	}
	if len(ps.Annotations) > 0 {
		notes, err := json.Marshal(ps.Annotations)
		if err != nil {
			return nil, err
		}
		b = append(append(b, `,"annotations":`...), notes...)
	}
	return append(b, '}'), nil
}

// appendJSONString appends s as a JSON string, as json.Marshal writes it:
// printable ASCII but for the characters it escapes as is, anything else
// through json.Marshal.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, _ := json.Marshal(s)
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// replay is the part of an adjudication that depends on the moves only.
type replay struct {
	out adjudication
	st  rules.Status
}

func (s *Server) adjudicate(c echo.Context) error {
	if bulkRequest(c) {
		return s.adjudicateBulk(c)
	}
	var req adjudicateRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	out, err := s.adjudicateGame(c.Request().Context(), &req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
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
	if out.Legal && req.Claim != nil {
		applyClaim(&out, rp.st, req.Claim)
	}
	if from != nil || req.PGNOut {
		text, err := toPGN(v, p, &out, from)
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
		if len(played)%checkpointEvery == 0 && len(played) < len(moves) && s.cache != nil {
			s.store(ctx, keys.at(len(played)), g.State(), played, out.Annotations)
		}
	}
	pos := g.Position()
	if len(played) > resumed && s.cache != nil {
		state := g.State()
		s.store(ctx, keys.at(len(played)), state, played, out.Annotations)
		out.FEN = state.FEN
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

// applyClaim settles a claim made at the end of a legal game that has not
// ended on the board: a resignation, a draw by agreement, a flag fall and
// an abort always stand; a draw claim stands when a draw can be claimed in
// the final position. An
// accepted claim ends the game, so the status says so too: its outcome is
// the claim's reason and its result the adjudicated one (and the winner, for
// a resignation), as the top-level result and reason. out is the caller's
// own copy of the shared replay: its strings may be replaced, its slices
// must not be written to.
func applyClaim(out *adjudication, st rules.Status, cl *claim) {
	accepted := false
	switch {
	case st.Outcome != rules.Ongoing:
		// The game ended on the board; the claim changes nothing.
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
