package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// writeGames writes n random chess games of plies plies (seeds 1, 2, ...;
// a seed whose game cannot go on that long is skipped) as NDJSON
// adjudication requests: the bodies of the bulk measurement of
// docs/BENCHMARKS.md, sent one a request (-bodies) or all in one.
func writeGames(w io.Writer, n, plies int) error {
	bw := bufio.NewWriter(w)
	for seed, written := uint64(1), 0; written < n; seed++ {
		moves, ok := randomGame(seed, plies)
		if !ok {
			continue
		}
		b, err := json.Marshal(gameBody{Variant: "chess", Moves: moves})
		if err != nil {
			return err
		}
		bw.Write(append(b, '\n'))
		written++
	}
	return bw.Flush()
}

// gameBody is an adjudication request.
type gameBody struct {
	Variant string   `json:"variant"`
	Moves   []string `json:"moves"`
}

// loadBodies reads a file of request bodies, one JSON document a line.
func loadBodies(path string) ([][]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("-bodies: %v", err)
	}
	var bodies [][]byte
	for i, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if !json.Valid(line) || len(line) > maxBodyBytes {
			return nil, fmt.Errorf("-bodies: line %d of %s is not a JSON body of at most %d bytes", i+1, path, maxBodyBytes)
		}
		bodies = append(bodies, line)
	}
	if len(bodies) == 0 {
		return nil, fmt.Errorf("-bodies: %s has no body", path)
	}
	return bodies, nil
}

// randomGame plays plies random legal moves from the chess start with the
// engine's public API, never choosing a move that ends the game (mate,
// stalemate, the move rule, repetition, insufficient material). ok is false
// when every move would end it (the caller tries another seed).
func randomGame(seed uint64, plies int) (moves []string, ok bool) {
	v, err := rules.Builtin("chess")
	if err != nil {
		panic(err)
	}
	rng := rand.New(rand.NewPCG(seed, 200))
	g := rules.NewGame(v.Start())
	for len(moves) < plies {
		p := g.Position()
		// A copy: the game's own slice changes with the next move played,
		// and a move that ends the game is taken back by a replay.
		legal := slices.Clone(g.LegalMoves())
		played := false
		for _, i := range rng.Perm(len(legal)) {
			m := legal[i]
			san := p.SAN(m)
			if err := g.Play(m); err != nil {
				panic(err)
			}
			if g.Status().Outcome == rules.Ongoing {
				moves, played = append(moves, san), true
				break
			}
			// The move ended the game: start again from the moves so far
			// (the game played on p, which must be as it was).
			g = replay(v, moves)
			p = g.Position()
		}
		if !played {
			return moves, false
		}
	}
	return moves, true
}

func replay(v *rules.Variant, moves []string) *rules.Game {
	g := rules.NewGame(v.Start())
	for _, s := range moves {
		m, err := g.ParseMove(s)
		if err != nil {
			panic(err)
		}
		if err := g.Play(m); err != nil {
			panic(err)
		}
	}
	return g
}
