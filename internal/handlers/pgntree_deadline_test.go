package handlers

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/adjudicator/adjudicator/internal/pgn"
	"github.com/adjudicator/adjudicator/internal/rules"
)

// TestToPGNDeadline: writing a game back stops at the request's deadline,
// before each variation it checks and every 64 mainline moves: with a
// cancelled context a game with variations and a bare game of 100 plies
// both end in the context's error; with a live one both are written.
func TestToPGNDeadline(t *testing.T) {
	v := rules.MustBuiltin("chess")
	long, _ := ctGame(t, "chess", 100, 7)
	for _, text := range []string{
		"1. e4 (1. d4 d5) e5 (1... c5) 2. Nf3 *",
		strings.Join(long, " ") + " *",
	} {
		g, err := pgn.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		game := rules.NewGame(v.Start())
		out := &adjudication{Result: "*"}
		for _, m := range g.MoveTexts() {
			mv, err := game.ParseMove(m)
			if err != nil {
				t.Fatal(err)
			}
			out.Moves = append(out.Moves, game.Position().UCI(mv))
			if err := game.Play(mv); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := toPGN(context.Background(), v, v.Start(), out, g); err != nil {
			t.Errorf("%.40q with a live context: %v", text, err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := toPGN(ctx, v, v.Start(), out, g); !errors.Is(err, context.Canceled) {
			t.Errorf("%.40q with a cancelled context: %v, want context.Canceled", text, err)
		}
	}
}
