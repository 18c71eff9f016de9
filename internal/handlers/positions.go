package handlers

import (
	"context"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// positionRequest is the body of legal-moves and status.
type positionRequest struct {
	variantSpec
	FEN *string `json:"fen,omitempty"`
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
		Repetitions: st.Repetitions}
	if st.Outcome == rules.Checkmate {
		si.Winner = st.Winner.String()
	}
	if p.Variant().MovesPerTurn() > 1 {
		si.MovesLeft = p.MovesLeft()
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
	_, p, err := s.position(ctx, req.variantSpec, req.FEN)
	if err != nil {
		return err
	}
	return s.reply(c, cacheKey("legal-moves", variantKey(req.variantSpec), p.FEN()), s.pooled(ctx, req.inline(), func() (any, error) {
		s.metrics.positions.Inc()
		legal := p.LegalMoves()
		details, err := p.DescribeContext(ctx, legal)
		if err != nil {
			return nil, err
		}
		st := describeStatus(p, p.StatusWith(legal))
		return legalMovesJSON(p, details, &st), nil
	}))
}

func (s *Server) status(c echo.Context) error {
	var req positionRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	v, p, err := s.position(c.Request().Context(), req.variantSpec, req.FEN)
	if err != nil {
		return err
	}
	return s.reply(c, cacheKey("status", variantKey(req.variantSpec), p.FEN()), s.pooled(c.Request().Context(), req.inline(), func() (any, error) {
		s.metrics.positions.Inc()
		return map[string]any{"variant": v.ID(), "fen": p.FEN(), "status": describeStatus(p, p.Status())}, nil
	}))
}

// validateRequest is the body of validate-move.
type validateRequest struct {
	variantSpec
	FEN  *string `json:"fen,omitempty"`
	Move string  `json:"move"`
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
	_, p, err := s.position(c.Request().Context(), req.variantSpec, req.FEN)
	if err != nil {
		return err
	}
	return s.reply(c, cacheKey("validate-move", variantKey(req.variantSpec), p.FEN(), req.Move), s.pooled(c.Request().Context(), req.inline(), func() (any, error) {
		return s.validated(p, req.Move)
	}))
}

// validated is the answer of validate-move: the verdict on one move.
func (s *Server) validated(p *rules.Position, text string) (any, error) {
	s.metrics.positions.Inc()
	if st := p.Status(); st.Outcome != rules.Ongoing {
		return map[string]any{"legal": false, "problem": moveProblem{
			Code: string(rules.ErrGameOver), Reason: "game-over",
			Detail: "the game is over: " + st.Outcome.String(),
		}}, nil
	}
	m, err := p.ParseMove(text)
	if err != nil {
		mp, ok := toMoveProblem(err)
		if !ok {
			return nil, err
		}
		return map[string]any{"legal": false, "problem": mp}, nil
	}
	d := p.Detail(m)
	next, err := p.Play(m)
	if err != nil {
		return nil, err
	}
	out := map[string]any{
		"legal": true, "move": describeMove(p, d), "fen": next.FEN(), "status": describeStatus(next, next.Status()),
	}
	if a := annotationInfos(rules.Annotate(text, d)); a != nil {
		out["annotations"] = a // present only when a mark is false, so other answers stay as they were
	}
	return out, nil
}
