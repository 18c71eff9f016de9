package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// The bounds of the -gen-* outputs.
const (
	maxGenLines = 1_000_000   // lines of one output
	maxGenPlies = 5_000       // -plies: the service's default --max-moves
	maxGenMoves = 100_000_000 // moves played for one output, or written to it
	maxSkipped  = 1_000       // seeds in a row whose game cannot last -plies plies
)

// genMode is what a -gen-* flag writes.
type genMode int

const (
	modeGames          genMode = iota + 1 // -gen-games: adjudication requests, one a game
	modePositions                         // -gen-positions: position requests (legal-moves), with -with-move validate-move ones
	modeCorrespondence                    // -gen-correspondence: adjudication requests, each game after every move
)

// genConfig is the settings of one -gen-* output.
type genConfig struct {
	mode     genMode
	n        int
	plies    int
	variant  *rules.Variant
	withMove bool
}

// newGenConfig checks the flags of a -gen-* output: n is the value of the
// flag named name, which selected mode.
func newGenConfig(mode genMode, name string, n, plies int, variant string, withMove bool) (genConfig, error) {
	cfg := genConfig{mode: mode, n: n, plies: plies, withMove: withMove}
	if n < 1 || n > maxGenLines {
		return cfg, fmt.Errorf("-%s must be 1 to %d", name, maxGenLines)
	}
	minPlies := 1
	if mode == modePositions {
		minPlies = 0 // the start position
	}
	if plies < minPlies || plies > maxGenPlies {
		return cfg, fmt.Errorf("-plies must be %d to %d with -%s", minPlies, maxGenPlies, name)
	}
	if withMove && mode != modePositions {
		return cfg, errors.New("-with-move goes with -gen-positions only")
	}
	// n <= 1e6 and plies <= 5e3: the products below fit in an int64.
	lines, moves := int64(n), int64(n)*int64(plies)
	if mode == modeCorrespondence {
		lines = int64(n) * int64(plies)
		moves = int64(n) * int64(plies) * int64(plies+1) / 2
	}
	if lines > maxGenLines {
		return cfg, fmt.Errorf("-%s %d -plies %d: %d lines, more than %d", name, n, plies, lines, maxGenLines)
	}
	if moves > maxGenMoves {
		return cfg, fmt.Errorf("-%s %d -plies %d: %d moves, more than %d", name, n, plies, moves, maxGenMoves)
	}
	v, err := builtinVariant(variant)
	if err != nil {
		return cfg, err
	}
	cfg.variant = v
	return cfg, nil
}

// builtinVariant returns the built-in variant id. The rules package lists
// the built-in variants only compiled (rules.Builtins, all of them), so
// the id is checked by rules.Builtin's unknown-variant error.
func builtinVariant(id string) (*rules.Variant, error) {
	v, err := rules.Builtin(id)
	if rules.CodeOf(err) == rules.ErrUnknownVariant {
		return nil, fmt.Errorf("unknown built-in variant %q", id)
	}
	if err != nil {
		return nil, fmt.Errorf("-variant %s: %v", id, err)
	}
	return v, nil
}

// writeGen writes the output cfg describes.
func writeGen(w io.Writer, cfg genConfig) error {
	switch cfg.mode {
	case modeGames:
		return writeGames(w, cfg.variant, cfg.n, cfg.plies)
	case modePositions:
		return writePositions(w, cfg.variant, cfg.n, cfg.plies, cfg.withMove)
	case modeCorrespondence:
		return writeCorrespondence(w, cfg.variant, cfg.n, cfg.plies)
	}
	return fmt.Errorf("unknown output %d", cfg.mode)
}

// writeGames writes n random games of variant v of plies plies (seeds 1,
// 2, ...; a seed whose game cannot go on that long is skipped) as NDJSON
// adjudication requests: the bodies of the bulk measurement of
// docs/BENCHMARKS.md, sent one a request (-bodies) or all in one.
func writeGames(w io.Writer, v *rules.Variant, n, plies int) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw) // a line each, as json.Marshal writes it
	err := eachGame(v, n, plies, func(pl playout) error {
		return enc.Encode(gameBody{Variant: v.ID(), Moves: pl.moves})
	})
	if err != nil {
		return err
	}
	return bw.Flush()
}

// writePositions writes the positions after plies random plies of the n
// games writeGames would write, as NDJSON position requests (legal-moves,
// status); with withMove, each with a legal move of the position in SAN,
// drawn by the game's own generator after its last move (validate-move).
func writePositions(w io.Writer, v *rules.Variant, n, plies int, withMove bool) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	err := eachGame(v, n, plies, func(pl playout) error {
		p := pl.game.Position()
		body := positionBody{Variant: v.ID(), FEN: p.FEN()}
		if withMove {
			// The game is on after its last move (randomGame): it has one.
			legal := pl.game.LegalMoves()
			body.Move = p.SAN(legal[pl.rng.IntN(len(legal))])
		}
		return enc.Encode(body)
	})
	if err != nil {
		return err
	}
	return bw.Flush()
}

// writeCorrespondence writes the adjudication requests a correspondence
// site sends for the n games writeGames would write: each game resubmitted
// whole after every move, one move longer each time, the games interleaved
// as concurrent games are: for k = 1..plies, for each game g in order, g's
// first k moves. That is n*plies lines.
func writeCorrespondence(w io.Writer, v *rules.Variant, n, plies int) error {
	games := make([][]string, 0, n)
	err := eachGame(v, n, plies, func(pl playout) error {
		games = append(games, pl.moves)
		return nil
	})
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	for k := 1; k <= plies; k++ {
		for _, moves := range games {
			if err := enc.Encode(gameBody{Variant: v.ID(), Moves: moves[:k]}); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}

// eachGame calls yield with the random games of plies plies of seeds 1, 2,
// ... until n have been yielded, skipping a seed whose game cannot go on
// that long; it gives up after maxSkipped such seeds in a row.
func eachGame(v *rules.Variant, n, plies int, yield func(playout) error) error {
	skipped := 0
	for seed, done := uint64(1), 0; done < n; seed++ {
		pl, ok := randomGame(v, seed, plies)
		if !ok {
			if skipped++; skipped >= maxSkipped {
				return fmt.Errorf("no random game of %s lasts %d plies: seeds %d to %d all end sooner", v.ID(), plies, seed-maxSkipped+1, seed)
			}
			continue
		}
		skipped = 0
		if err := yield(pl); err != nil {
			return err
		}
		done++
	}
	return nil
}

// gameBody is an adjudication request.
type gameBody struct {
	Variant string   `json:"variant"`
	Moves   []string `json:"moves"`
}

// positionBody is a legal-moves (or status) request, and with Move a
// validate-move request (api/openapi.yaml: PositionRequest,
// ValidateMoveRequest).
type positionBody struct {
	Variant string `json:"variant"`
	FEN     string `json:"fen"`
	Move    string `json:"move,omitempty"`
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

// playout is a random game: its moves in SAN, the game after them, and the
// generator that chose them, for any further choice.
type playout struct {
	moves []string
	game  *rules.Game
	rng   *rand.Rand
}

// randomGame plays plies random legal moves from the start of v with the
// engine's public API, never choosing a move that ends the game (mate,
// stalemate, the move rule, repetition, insufficient material). ok is false
// when every move would end it (the caller tries another seed).
func randomGame(v *rules.Variant, seed uint64, plies int) (pl playout, ok bool) {
	rng := rand.New(rand.NewPCG(seed, 200))
	g := rules.NewGame(v.Start())
	var moves []string
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
			return playout{moves: moves, game: g, rng: rng}, false
		}
	}
	return playout{moves: moves, game: g, rng: rng}, true
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
