package rules_test

import (
	"fmt"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// Example shows the main path: a FEN becomes a Setup, the Setup a checked
// Position, which lists its legal moves and plays one.
func Example() {
	v, err := rules.Builtin("chess")
	if err != nil {
		panic(err)
	}
	setup, err := rules.ParseFEN(v, "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3")
	if err != nil {
		panic(err)
	}
	pos, err := rules.NewPosition(setup)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(pos.LegalMoves()), "legal moves")
	m, err := pos.ParseMove("Qxf7")
	if err != nil {
		panic(err)
	}
	fmt.Println(pos.SAN(m), pos.UCI(m))
	next, _ := pos.Play(m)
	st := next.Status()
	fmt.Println(next.FEN())
	fmt.Println(st.Outcome, st.Result())
	// Output:
	// 42 legal moves
	// Qxf7# f3f7
	// r1bqkbnr/pppp1Qpp/2n5/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 3
	// checkmate 1-0
}

// ExamplePosition_ParseMove shows the three kinds of move error.
func ExamplePosition_ParseMove() {
	pos := rules.MustBuiltin("chess").Start()
	for _, text := range []string{"e2e4", "Nf3", "e2e5", "Nd2", "z9"} {
		m, err := pos.ParseMove(text)
		if err != nil {
			fmt.Println(text, "->", rules.CodeOf(err))
			continue
		}
		fmt.Println(text, "->", pos.UCI(m))
	}
	// Output:
	// e2e4 -> e2e4
	// Nf3 -> g1f3
	// e2e5 -> illegal-move
	// Nd2 -> illegal-move
	// z9 -> invalid-move
}
