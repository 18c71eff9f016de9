package handlers

import (
	"context"
	"fmt"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// positionRequest is the body of legal-moves and status.
type positionRequest struct {
	variantSpec
	FEN   *string  `json:"fen,omitempty"`
	Moves moveList `json:"moves,omitempty"` // played from fen: the position asked about is the one after them; an array or one string (bind.go)
}

// afterMoves is the part of legal-moves, status and validate-move that
// takes moves after the fen: the game from the start position through the
// moves, so that repetitions and the claimable draws count the history.
// Its states are cached under the prefix keys of games/adjudicate, so a
// game asked about move after move, by any of these operations, replays
// only the new moves.
type afterMoves struct {
	v     *rules.Variant
	vkey  string // variantKey of the request
	start *rules.Position
	fen   string    // the start's FEN, written once for the keys and the answer
	moves []string  // none: the request is about the start position itself
	keys  *gameKeys // prefixKeys of the moves
	heavy bool      // the replay and the answer run in the pool of heavy work
}

// history checks the moves of a request and prepares their replay.
func (s *Server) history(vs variantSpec, v *rules.Variant, start *rules.Position, moves []string) (*afterMoves, error) {
	if len(moves) > s.cfg.MaxMoves {
		return nil, problem(string(rules.ErrLimitExceeded), "moves", "at most %d moves per game, not %d", s.cfg.MaxMoves, len(moves))
	}
	h := &afterMoves{v: v, vkey: variantKey(vs), start: start, fen: start.FEN(), moves: moves, heavy: vs.inline() || len(moves) > heavyPlies}
	if len(moves) > 0 {
		h.keys = prefixKeys(h.vkey, h.fen, moves)
	}
	return h, nil
}

// key names the answer of op: of the position itself by its FEN, or of the
// position after the moves by the last prefix key, which names the
// variant, the start and every move.
func (h *afterMoves) key(op string, parts ...string) string {
	if len(h.moves) == 0 {
		return cacheKey(op, append([]string{h.vkey, h.fen}, parts...)...)
	}
	return cacheKey(op, append([]string{"after", h.keys.last()}, parts...)...)
}

// game is the game the answer is about: the start position alone, or the
// moves replayed from the longest cached prefix on. A move that cannot be
// played is a problem of the request (its field moves[i]): the position
// asked about does not exist.
func (s *Server) game(ctx context.Context, h *afterMoves) (*rules.Game, error) {
	if len(h.moves) == 0 {
		s.metrics.positions.Inc() // playOn counts the position it ends in
		return rules.NewGame(h.start), nil
	}
	g, played, notes := s.resume(ctx, h.v, h.keys)
	if g == nil {
		g, played = rules.NewGame(h.start), make([]string, 0, len(h.moves))
	}
	r, err := s.playOn(ctx, h.v, g, played, notes, h.moves, h.keys)
	if err != nil {
		return nil, err
	}
	if im := r.out.IllegalMove; im != nil {
		p := problem(im.Problem.Code, fmt.Sprintf("moves[%d]", im.Index), "%s", im.Problem.Detail)
		p.Reason = im.Problem.Reason
		if im.Problem.Offset != nil {
			p = p.withOffset(*im.Problem.Offset)
		}
		return nil, p
	}
	return g, nil
}

// position resolves the variant (compiling an inline one within ctx) and
// parses the FEN (or takes the start).
func (s *Server) position(ctx context.Context, vs variantSpec, fen *string) (*rules.Variant, *rules.Position, error) {
	v, err := s.resolveContext(ctx, vs)
	if err != nil {
		return nil, nil, err
	}
	if fen == nil {
		return v, v.Start(), nil
	}
	setup, err := rules.ParseFEN(v, *fen)
	if err == nil {
		var p *rules.Position
		if p, err = rules.NewPosition(setup); err == nil {
			return v, p, nil
		}
	}
	if re, ok := err.(*rules.Error); ok {
		return nil, nil, fromRules(re, "fen")
	}
	return nil, nil, err
}

// moveInfo is a legal move as the API shows it.
type moveInfo struct {
	UCI       string   `json:"uci"`
	SAN       string   `json:"san"`
	From      string   `json:"from"`
	To        string   `json:"to"`
	Piece     string   `json:"piece"`
	Promotion string   `json:"promotion,omitempty"`
	Captures  []string `json:"captures"`  // every square whose piece the move removes
	Converted []string `json:"converted"` // every square whose piece the move turns to the mover's side
	Flags     []string `json:"flags"`
}

// statusInfo is a position's status as the API shows it.
type statusInfo struct {
	Turn           string   `json:"turn"`
	MovesLeft      int      `json:"movesLeft,omitempty"` // variants with several moves a turn
	InCheck        bool     `json:"inCheck"`
	Checkers       []string `json:"checkers"`
	Outcome        string   `json:"outcome"`
	Result         string   `json:"result"`
	Winner         string   `json:"winner,omitempty"`
	ClaimableDraws []string `json:"claimableDraws"`
	LegalMoveCount int      `json:"legalMoveCount"`
	HalfmoveClock  int      `json:"halfmoveClock"`
	FullmoveNumber int      `json:"fullmoveNumber"`
	Repetitions    int      `json:"repetitions"`
	// CanMate says, per side, whether it still has the material to
	// checkmate (rules.Position.CanMate): what a flag fall is decided by.
	CanMate sideFlags `json:"canMate"`
	// ChecksGiven counts the checks each side has given, in a variant
	// with a check limit (three-check); absent elsewhere.
	ChecksGiven *sideCounts `json:"checksGiven,omitempty"`
}

// sideCounts is a count for each side.
type sideCounts struct {
	White int `json:"white"`
	Black int `json:"black"`
}

// sideFlags is a yes or no for each side.
type sideFlags struct {
	White bool `json:"white"`
	Black bool `json:"black"`
}

func letterOf(v *rules.Variant, pc rules.Piece) string { return v.PieceLetter(pc) }

func squares(sqs []rules.Square) []string {
	out := make([]string, len(sqs))
	for i, s := range sqs {
		out[i] = s.String()
	}
	return out
}

func describeMove(p *rules.Position, d rules.MoveDetail) moveInfo {
	v := p.Variant()
	m := d.Move
	mi := moveInfo{UCI: p.UCI(m), SAN: d.SAN, From: m.From.String(), To: m.To.String(),
		Piece: letterOf(v, p.PieceAt(m.From)), Captures: squares(d.Captures), Converted: squares(d.Converted), Flags: []string{}}
	if len(d.Captures) > 0 {
		mi.Flags = append(mi.Flags, "capture")
	}
	if d.Check {
		mi.Flags = append(mi.Flags, "check")
	}
	if d.Mate {
		mi.Flags = append(mi.Flags, "checkmate")
	}
	if f := kindFlag(m.Kind); f != "" {
		mi.Flags = append(mi.Flags, f)
	}
	if m.Promotion != 0 {
		mi.Flags = append(mi.Flags, "promotion")
		mi.Promotion = v.Letter(m.Promotion)
		if p.Turn() == rules.Black {
			mi.Promotion = strings.ToLower(mi.Promotion)
		}
	}
	return mi
}

func describeStatus(p *rules.Position, st rules.Status) statusInfo {
	si := statusInfo{Turn: st.Turn.String(), InCheck: st.InCheck, Checkers: squares(st.Checkers),
		Outcome: st.Outcome.String(), Result: st.Result(), ClaimableDraws: []string{},
		LegalMoveCount: st.LegalMoves, HalfmoveClock: p.Halfmoves(), FullmoveNumber: p.Fullmoves(),
		Repetitions: st.Repetitions, CanMate: sideFlags{White: p.CanMate(rules.White), Black: p.CanMate(rules.Black)}}
	if st.Outcome.Decisive() {
		si.Winner = st.Winner.String()
	}
	if p.Variant().MovesPerTurn() > 1 {
		si.MovesLeft = p.MovesLeft()
	}
	if p.Variant().CheckLimit() > 0 {
		si.ChecksGiven = &sideCounts{White: p.Checks(rules.White), Black: p.Checks(rules.Black)}
	}
	for _, c := range st.Claimable {
		si.ClaimableDraws = append(si.ClaimableDraws, c.String())
	}
	return si
}

func (s *Server) legalMoves(c echo.Context) error {
	var req positionRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	ctx := c.Request().Context()
	v, p, err := s.position(ctx, req.variantSpec, req.FEN)
	if err != nil {
		return err
	}
	h, err := s.history(req.variantSpec, v, p, req.Moves)
	if err != nil {
		return err
	}
	return s.reply(c, h.key("legal-moves"), s.pooled(h.heavy, func(ctx context.Context, buf []byte) (any, error) {
		g, err := s.game(ctx, h)
		if err != nil {
			return nil, err
		}
		pos, legal := g.Position(), g.LegalMoves()
		kept := detailBuffers.Get().(*[]rules.MoveDetail)
		details, err := pos.DescribeInto(ctx, *kept, legal)
		if err != nil {
			detailBuffers.Put(kept)
			return nil, err
		}
		st := describeStatus(pos, g.Status())
		fen := h.fen
		if len(h.moves) > 0 {
			fen = pos.FEN()
		}
		out := legalMovesJSON(buf, pos, fen, details, &st)
		if cap(details) <= maxRecycledDetails {
			*kept = details
			detailBuffers.Put(kept)
		}
		return out, nil
	}))
}

func (s *Server) status(c echo.Context) error {
	var req positionRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	ctx := c.Request().Context()
	v, p, err := s.position(ctx, req.variantSpec, req.FEN)
	if err != nil {
		return err
	}
	h, err := s.history(req.variantSpec, v, p, req.Moves)
	if err != nil {
		return err
	}
	return s.reply(c, h.key("status"), s.pooled(h.heavy, func(ctx context.Context, buf []byte) (any, error) {
		g, err := s.game(ctx, h)
		if err != nil {
			return nil, err
		}
		pos := g.Position()
		fen := h.fen
		if len(h.moves) > 0 {
			fen = pos.FEN()
		}
		st := describeStatus(pos, g.Status())
		return statusJSON(buf, v.ID(), fen, &st), nil
	}))
}

// validateRequest is the body of validate-move.
type validateRequest struct {
	variantSpec
	FEN   *string  `json:"fen,omitempty"`
	Moves moveList `json:"moves,omitempty"` // played from fen before move; an array or one string (bind.go)
	Move  string   `json:"move"`
}

// moveProblem says why a move is not legal.
type moveProblem struct {
	Code   string `json:"code"`
	Reason string `json:"reason,omitempty"`
	Detail string `json:"detail"`
	Offset *int   `json:"offset,omitempty"`
}

func toMoveProblem(err error) (moveProblem, bool) {
	re, ok := err.(*rules.Error)
	if !ok {
		return moveProblem{}, false
	}
	mp := moveProblem{Code: string(re.Code), Reason: re.Reason, Detail: re.Detail}
	if re.Offset >= 0 {
		off := re.Offset
		mp.Offset = &off
	}
	return mp, true
}

func (s *Server) validateMove(c echo.Context) error {
	var req validateRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	ctx := c.Request().Context()
	v, p, err := s.position(ctx, req.variantSpec, req.FEN)
	if err != nil {
		return err
	}
	h, err := s.history(req.variantSpec, v, p, req.Moves)
	if err != nil {
		return err
	}
	return s.reply(c, h.key("validate-move", req.Move), s.pooled(h.heavy, func(ctx context.Context, _ []byte) (any, error) {
		g, err := s.game(ctx, h)
		if err != nil {
			return nil, err
		}
		return s.validated(g, req.Move)
	}))
}

// validated is validate-move's verdict on one move at the end of a game
// (a position alone is a game without moves): the status before and after
// it counts the game's history.
func (s *Server) validated(g *rules.Game, text string) (any, error) {
	p := g.Position()
	if st := g.Status(); st.Outcome != rules.Ongoing {
		return map[string]any{"legal": false, "problem": moveProblem{
			Code: string(rules.ErrGameOver), Reason: "game-over",
			Detail: "the game is over: " + st.Outcome.String(),
		}}, nil
	}
	m, err := g.ParseMove(text)
	if err != nil {
		mp, ok := toMoveProblem(err)
		if !ok {
			return nil, err
		}
		return map[string]any{"legal": false, "problem": mp}, nil
	}
	d := p.Detail(m)
	after := g.Clone() // g may be the replay's, which stays as it was stored
	if err := after.Play(m); err != nil {
		return nil, err
	}
	next := after.Position()
	out := map[string]any{
		"legal": true, "move": describeMove(p, d), "fen": next.FEN(), "status": describeStatus(next, after.Status()),
	}
	if a := annotationInfos(rules.Annotate(text, d)); a != nil {
		out["annotations"] = a
	}
	return out, nil
}
