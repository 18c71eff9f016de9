package main

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// game200 is the body of the adjudication benchmark: a legal chess game of
// 200 plies in SAN, still going on after its last move, so the service
// replays all 200 plies. Regenerate it with
//
//	go test ./cmd/loadgen -run TestGame200 -regen-game200
var regenGame200 = flag.Bool("regen-game200", false, "rewrite testdata/game200.json")

const game200Path = "testdata/game200.json"

func TestGame200(t *testing.T) {
	if *regenGame200 {
		for seed := uint64(1); ; seed++ {
			pl, ok := randomGame(rules.MustBuiltin("chess"), seed, 200)
			if !ok {
				continue
			}
			b, err := json.Marshal(gameBody{Variant: "chess", Moves: pl.moves})
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.FromSlash(game200Path), append(b, '\n'), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Logf("wrote %s from seed %d", game200Path, seed)
			break
		}
	}
	b, err := os.ReadFile(filepath.FromSlash(game200Path))
	if err != nil {
		t.Fatal(err)
	}
	var body gameBody
	if err := json.Unmarshal(b, &body); err != nil {
		t.Fatal(err)
	}
	if body.Variant != "chess" || len(body.Moves) != 200 {
		t.Fatalf("%s: variant %q, %d moves; want chess, 200", game200Path, body.Variant, len(body.Moves))
	}
	v, _ := rules.Builtin("chess")
	g := rules.NewGame(v.Start())
	for i, s := range body.Moves {
		if st := g.Status(); st.Outcome != rules.Ongoing {
			t.Fatalf("the game ended by %v before move %d", st.Outcome, i)
		}
		m, err := g.ParseMove(s)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			t.Fatalf("move %d %q: %v", i, s, err)
		}
	}
	if st := g.Status(); st.Outcome != rules.Ongoing {
		t.Errorf("the game ends by %v after its last move; want it ongoing", st.Outcome)
	}
}
