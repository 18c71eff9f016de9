package fsf

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"slices"
	"strconv"
	"strings"
)

// fsfEngine is a running Fairy-Stockfish spoken to over UCI, for
// regenerating testdata/perft-sections.txt (TestPerftSections -fsf).
type fsfEngine struct {
	cmd     *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Scanner
	variant string
}

// startFSF starts the binary and loads the configuration file ini.
func startFSF(binary, ini string) (*fsfEngine, error) {
	cmd := exec.Command(binary)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	e := &fsfEngine{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	e.out.Buffer(nil, 1<<20)
	if err := e.send("uci", "setoption name VariantPath value "+ini); err != nil {
		return nil, err
	}
	return e, e.sync()
}

func (e *fsfEngine) send(lines ...string) error {
	_, err := io.WriteString(e.in, strings.Join(lines, "\n")+"\n")
	return err
}

// sync waits for readyok.
func (e *fsfEngine) sync() error {
	if err := e.send("isready"); err != nil {
		return err
	}
	for e.out.Scan() {
		if e.out.Text() == "readyok" {
			return nil
		}
	}
	return fmt.Errorf("fairy-stockfish ended before readyok: %v", e.out.Err())
}

// perft returns Fairy-Stockfish's perft of variant from fen ("startpos" for
// its start) and the root moves it lists, sorted.
func (e *fsfEngine) perft(variant, fen string, depth int) (uint64, []string, error) {
	if variant != e.variant {
		if err := e.send("setoption name UCI_Variant value " + variant); err != nil {
			return 0, nil, err
		}
		e.variant = variant
	}
	pos := "position startpos"
	if fen != "startpos" {
		pos = "position fen " + fen
	}
	if err := e.send("ucinewgame", pos); err != nil {
		return 0, nil, err
	}
	if err := e.sync(); err != nil {
		return 0, nil, err
	}
	if err := e.send(fmt.Sprintf("go perft %d", depth)); err != nil {
		return 0, nil, err
	}
	var moves []string
	for e.out.Scan() {
		l := e.out.Text()
		if n, ok := strings.CutPrefix(l, "Nodes searched: "); ok {
			nodes, err := strconv.ParseUint(n, 10, 64)
			slices.Sort(moves)
			return nodes, moves, err
		}
		if m, _, ok := strings.Cut(l, ": "); ok && !strings.Contains(m, " ") {
			moves = append(moves, m)
		}
	}
	return 0, nil, fmt.Errorf("fairy-stockfish ended during perft: %v", e.out.Err())
}

func (e *fsfEngine) close() {
	_ = e.send("quit")
	_ = e.in.Close()
	_ = e.cmd.Wait()
}
