package rules

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// perftCase is one "perft DEPTH NODES" line of a suite.
type perftCase struct {
	id    string
	fen   string
	depth int
	nodes uint64
	line  int
}

// readPerftSuite reads testdata/perft/<variant>.perft.
func readPerftSuite(t testing.TB, variant string) []perftCase {
	t.Helper()
	path := filepath.Join("testdata", "perft", variant+".perft")
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []perftCase
	var id, fen string
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		key, rest, _ := strings.Cut(line, " ")
		switch key {
		case "id":
			id, fen = rest, ""
		case "fen":
			fen = rest
		case "perft":
			ds, ns, _ := strings.Cut(rest, " ")
			d, err1 := strconv.Atoi(ds)
			nodes, err2 := strconv.ParseUint(ns, 10, 64)
			if err1 != nil || err2 != nil || fen == "" {
				t.Fatalf("%s:%d: bad perft line %q", path, n, line)
			}
			out = append(out, perftCase{id: id, fen: fen, depth: d, nodes: nodes, line: n})
		default:
			t.Fatalf("%s:%d: unknown key %q", path, n, key)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("%s: no cases", path)
	}
	return out
}

// shortPerftNodes is the largest case run under -short.
const shortPerftNodes = 10_000_000

func runPerftSuite(t *testing.T, variant string) {
	v := MustBuiltin(variant)
	for _, tc := range readPerftSuite(t, variant) {
		t.Run(fmt.Sprintf("%s/%d", tc.id, tc.depth), func(t *testing.T) {
			if testing.Short() && tc.nodes > shortPerftNodes {
				t.Skipf("%d nodes: skipped under -short", tc.nodes)
			}
			t.Parallel()
			s, err := ParseFEN(v, tc.fen)
			if err != nil {
				t.Fatalf("ParseFEN(%q) = %v", tc.fen, err)
			}
			p, err := NewPosition(s)
			if err != nil {
				t.Fatalf("NewPosition(%q) = %v", tc.fen, err)
			}
			if got := Perft(p, tc.depth); got != tc.nodes {
				t.Errorf("Perft(%q, %d) = %d; want %d", tc.fen, tc.depth, got, tc.nodes)
			}
		})
	}
}

func TestPerftChess(t *testing.T) { runPerftSuite(t, "chess") }
func TestPerftShako(t *testing.T) { runPerftSuite(t, "shako") }

func TestPerftContext(t *testing.T) {
	p := mustPosition(t, "chess", "")
	n, div, err := PerftContext(context.Background(), p, 3, 0, true)
	if err != nil || n != 8902 || len(div) != 20 {
		t.Fatalf("PerftContext(start, 3) = %d, %d entries, %v; want 8902, 20, nil", n, len(div), err)
	}
	if _, _, err := PerftContext(context.Background(), p, 4, 100_000, false); CodeOf(err) != ErrLimitExceeded {
		t.Errorf("PerftContext(start, 4, budget 100000) = %v; want %s", err, ErrLimitExceeded)
	}
	if n, _, err := PerftContext(context.Background(), p, 4, 197281, false); err != nil || n != 197281 {
		t.Errorf("PerftContext(start, 4, budget exactly 197281) = %d, %v", n, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := PerftContext(ctx, p, 6, 0, false); err != context.Canceled {
		t.Errorf("PerftContext with a cancelled context = %v; want %v", err, context.Canceled)
	}
	if _, _, err := PerftContext(context.Background(), p, 0, 0, false); CodeOf(err) != ErrLimitExceeded {
		t.Errorf("PerftContext(depth 0) = %v; want %s", err, ErrLimitExceeded)
	}
}

// TestPerftDataVariants runs the suites of the variants that are data
// files only: castling as data (Chess960 and the 10x8 games), Fairy-
// Stockfish's catalogue, boards with squares that are not part of them.
// Each suite file names the source of its counts: published tables,
// Fairy-Stockfish's own suite, Fairy-Stockfish itself.
func TestPerftDataVariants(t *testing.T) {
	for _, id := range dataSuites {
		t.Run(id, func(t *testing.T) { runPerftSuite(t, id) })
	}
}

var dataSuites = []string{
	"chess960", "capablanca", "gothic", "janus", "embassy", "carrera",
	"modern", "chancellor", "tencubed", "torpedo", "opulent", "omicron", "troitzky",
	"courier", "wolf", "wildebeest", "knightmate",
}

// TestPerftEndRules runs the suites of the variants that end a game
// another way (ends.go): King of the Hill, three- and five-check, Racing
// Kings; each file names the published suites its counts come from.
func TestPerftEndRules(t *testing.T) {
	for _, id := range endSuites {
		t.Run(id, func(t *testing.T) { runPerftSuite(t, id) })
	}
}

var endSuites = []string{"kingofthehill", "3check", "5check", "racingkings", "antichess", "threekings", "horde", "losers", "terachess2-hill", "terachess2-3check", "giveaway", "codrus", "kinglet", "atomic", "atomic960", "nocheckatomic", "atomar", "extinction", "extinction960", "coregal"}

// Every suite file under testdata/perft is run by one of the perft tests:
// a suite no test reads proves nothing.
func TestPerftSuitesAllRun(t *testing.T) {
	run := map[string]bool{"chess": true, "shako": true, "grand": true, "gigachess2": true,
		"terachess2": true, "bigorra": true, "giant": true, "giant-quick": true}
	for _, id := range slices.Concat(dataSuites, endSuites) {
		run[id] = true
	}
	files, err := filepath.Glob(filepath.Join("testdata", "perft", "*.perft"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if id := strings.TrimSuffix(filepath.Base(f), ".perft"); !run[id] {
			t.Errorf("%s: no perft test runs it", f)
		}
	}
}
