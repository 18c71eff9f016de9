package handlers

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/adjudicator/adjudicator/internal/pgn"
	"github.com/adjudicator/adjudicator/internal/rules"
)

// PGN in games/adjudicate: a request may give its game as one PGN text
// instead of fen and moves. The variant comes from the request or from the
// Variant tag (any name rules.ResolveVariant knows; absent or empty: chess), the start from
// the FEN tag, the moves from the mainline; its comments, NAGs and
// variations are the game tree (pgntree.go), each variation checked from
// its branch point. The answer then carries the game as PGN again, its
// moves and its variations' in the engine's SAN, its tree when it has
// one, and says whether the text's result token agrees with the
// adjudication.

const codeInvalidPGN = "invalid-pgn"

// pgnResult compares the result token of a PGN text with the adjudication.
type pgnResult struct {
	Token string `json:"token"` // as the text gives it (its Result tag when the movetext has none)
	// Agrees is false when the moves decide a result (checkmate, stalemate,
	// an automatic draw, an accepted claim) other than the token, or when
	// the token claims a result for a game cut short by an illegal move; a
	// decisive or drawn token on a game still going on agrees (a
	// resignation, a time forfeit or an agreement the moves do not show).
	Agrees bool `json:"agrees"`
}

// fromPGN fills the fen, moves and variant of a request from its pgn.
func (s *Server) fromPGN(req *adjudicateRequest) (*pgn.Game, error) {
	if req.Moves != nil || req.FEN != nil {
		return nil, problem(string(rules.ErrInvalidArgument), "pgn", "give either pgn or fen and moves, not both")
	}
	g, err := pgn.ParseOptions(*req.PGN, pgn.Options{MaxGameBytes: int(s.cfg.MaxBodyBytes), MaxMoves: s.cfg.MaxMoves})
	if err != nil {
		var se *pgn.SyntaxError
		if errors.As(err, &se) {
			p := problem(codeInvalidPGN, "pgn", "line %d, column %d: %s", se.Line, se.Column, se.Msg).withOffset(se.Offset)
			p.Line, p.Column = &se.Line, &se.Column
			return nil, p
		}
		return nil, problem(codeInvalidPGN, "pgn", "%v", err)
	}
	if tag, ok := g.Tag("Variant"); ok {
		if err := req.fromPGNTag(tag); err != nil {
			return nil, err
		}
	} else if req.Variant == "" && !req.inline() {
		req.Variant = "chess"
	}
	if fen, ok := g.Tag("FEN"); ok {
		req.FEN = &fen
	}
	req.Moves = g.MoveTexts()
	if req.Moves == nil {
		req.Moves = []string{}
	}
	return g, nil
}

// toPGN writes the adjudicated game as PGN: the tags of the text it came
// from (or none), the text's tree of comments, NAGs and checked
// variations (which it also sets as out.Tree, see pgntree.go), the
// Variant tag (the name rules.PGNVariantName gives, none for chess), the FEN and SetUp tags when it starts elsewhere than
// the variant's start, the moves played in SAN and the adjudicated result.
// No request makes the writer refuse the game: the tags of the text are
// those pgn.Reader read, which holds them to the writer's rules (names, no
// control characters in values, no tag twice), the variant's name is the
// alias table's, and the FEN and the moves are the engine's; a refusal is
// a fault of this service.
func toPGN(ctx context.Context, v *rules.Variant, start *rules.Position, out *adjudication, from *pgn.Game) (string, error) {
	g := &pgn.Game{}
	if from != nil {
		for _, t := range from.Tags {
			switch t.Name {
			case "Variant", "FEN", "SetUp", "Result":
			default:
				g.Tags = append(g.Tags, t)
			}
		}
	}
	if name, ok := rules.PGNVariantName(v.ID()); ok {
		g.SetTag("Variant", name)
	}
	if start.FEN() != v.Start().FEN() {
		g.SetTag("FEN", start.FEN())
		g.SetTag("SetUp", "1")
	}
	game := rules.NewGame(start)
	var tree *treeBuilder // the text's tree, when it has one (pgntree.go)
	if from != nil && from.HasTree() {
		tree = newTreeBuilder(ctx, from)
	}
	for i, uci := range out.Moves {
		if i%64 == 63 && ctx.Err() != nil {
			return "", ctx.Err()
		}
		m, err := game.ParseMove(uci)
		if err != nil {
			return "", err
		}
		move := pgn.Move{Text: game.Position().SAN(m)}
		if tree != nil {
			if err := tree.mainline(game, i, move.Text, uci); err != nil {
				return "", err
			}
		}
		g.Moves = append(g.Moves, move)
		if err := game.Play(m); err != nil {
			return "", err
		}
	}
	if tree != nil {
		tree.finish(g)
		out.Tree = tree.tree
	}
	g.Result = out.Result
	var sb strings.Builder
	number, black := start.Fullmoves(), start.Turn() == rules.Black
	if err := pgn.WriteNumbered(&sb, g, number, black); err != nil {
		return "", fmt.Errorf("write the answer's pgn: %w", err)
	}
	return sb.String(), nil
}

// checkPGNResult compares the text's result token with the adjudication.
func checkPGNResult(from *pgn.Game, out *adjudication) *pgnResult {
	token := from.Result
	if token == "" {
		token, _ = from.Tag("Result")
	}
	if token == "" {
		return nil
	}
	r := &pgnResult{Token: token, Agrees: token == out.Result}
	switch {
	case token == pgn.Unknown:
		r.Agrees = true // the text decides nothing
	case !out.Legal:
		r.Agrees = false
	case out.Reason == "ongoing":
		r.Agrees = true // a result the moves do not show
	}
	return r
}
