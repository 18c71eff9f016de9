package fsf

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// fsfBinary, when set, makes TestPerftSections write
// testdata/perft-sections.txt afresh from that Fairy-Stockfish binary
// instead of checking against it (see the file's header).
var fsfBinary = flag.String("fsf", "", "a Fairy-Stockfish binary (largeboards=yes): regenerate testdata/perft-sections.txt with it")

const sectionsFile = "testdata/perft-sections.txt"

// target is one variant the import accepts: a section of variants.ini, or
// an empty child of a built-in parent, with the name Fairy-Stockfish
// knows it by (its UCI_Variant).
type target struct {
	name    string // the section, or "builtin:" and the parent
	variant string // Fairy-Stockfish's UCI_Variant
	def     *rules.Definition
}

// importTargets imports every section of Fairy-Stockfish's variants.ini and
// an empty child of every built-in parent, and returns those that import,
// and how many did not, by the code of their first problem.
func importTargets(t *testing.T, ini []byte) ([]target, map[string]int) {
	t.Helper()
	var out []target
	refused := map[string]int{}
	for _, s := range importText(t, string(ini)) {
		if s.Definition == nil {
			refused[s.Problems[0].Code]++
			continue
		}
		out = append(out, target{name: s.Name, variant: s.Name, def: s.Definition})
	}
	var b strings.Builder
	for _, p := range BuiltinParents() {
		b.WriteString("[child-" + p + ":" + p + "]\n")
	}
	for _, s := range importText(t, b.String()) {
		p := strings.TrimPrefix(s.Name, "child-")
		if s.Definition == nil {
			refused["builtin:"+s.Problems[0].Code]++
			continue
		}
		out = append(out, target{name: "builtin:" + p, variant: p, def: s.Definition})
	}
	return out, refused
}

// sectionCase is one position of testdata/perft-sections.txt.
type sectionCase struct {
	section string
	fen     string // "startpos": the variant's start
	perft   map[int]uint64
	moves   []string // Fairy-Stockfish's legal moves in UCI, sorted
}

func readSectionCases(t *testing.T) []sectionCase {
	t.Helper()
	f, err := os.Open(sectionsFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []sectionCase
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		key, rest, _ := strings.Cut(l, " ")
		if key == "section" {
			out = append(out, sectionCase{section: rest, perft: map[int]uint64{}})
			continue
		}
		if len(out) == 0 {
			t.Fatalf("%s:%d: %q before any section line", sectionsFile, n, l)
		}
		c := &out[len(out)-1]
		switch key {
		case "fen":
			c.fen = rest
		case "moves":
			c.moves = strings.Fields(rest)
		case "perft":
			d, nodes, _ := strings.Cut(rest, " ")
			depth, err1 := strconv.Atoi(d)
			count, err2 := strconv.ParseUint(nodes, 10, 64)
			if err1 != nil || err2 != nil {
				t.Fatalf("%s:%d: bad perft line %q", sectionsFile, n, l)
			}
			c.perft[depth] = count
		default:
			t.Fatalf("%s:%d: unknown line %q", sectionsFile, n, l)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestPerftSections imports every section of Fairy-Stockfish's variants.ini
// (FSF_VARIANTS_INI, as TestFairyStockfishVariantsINI) and every built-in
// parent, and checks each one that imports against Fairy-Stockfish's own
// perft of it (testdata/perft-sections.txt, whose header says how it was
// made): from the start and from positions reached by random playouts, at
// depths 1 to 3 (under -short depth 3 from the start only), and the legal
// moves at the root written in UCI as Fairy-Stockfish writes them. A section that imports
// and has no numbers recorded fails: nothing is accepted unproven.
func TestPerftSections(t *testing.T) {
	path := os.Getenv("FSF_VARIANTS_INI")
	if path == "" {
		t.Skip("FSF_VARIANTS_INI is not set: it names Fairy-Stockfish's src/variants.ini (commit c19b5f6c)")
	}
	ini, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	targets, refused := importTargets(t, ini)
	if *fsfBinary != "" {
		writeSectionCases(t, path, targets)
		return
	}
	cases := readSectionCases(t)
	bySection := map[string][]sectionCase{}
	for _, c := range cases {
		bySection[c.section] = append(bySection[c.section], c)
	}
	for _, tg := range targets {
		cs := bySection[tg.name]
		if len(cs) == 0 {
			t.Errorf("[%s] imports but %s has no Fairy-Stockfish perft of it", tg.name, sectionsFile)
			continue
		}
		delete(bySection, tg.name)
		v, err := rules.Compile(tg.def)
		if err != nil {
			t.Errorf("[%s] Compile: %v", tg.name, err)
			continue
		}
		for _, c := range cs {
			checkSectionCase(t, tg.name, v, c)
		}
	}
	for name := range bySection {
		t.Errorf("%s has numbers for [%s], which no longer imports", sectionsFile, name)
	}
	t.Logf("%d targets imported and checked; refused by first problem: %v", len(targets), refused)
}

func checkSectionCase(t *testing.T, name string, v *rules.Variant, c sectionCase) {
	t.Helper()
	p := v.Start()
	if c.fen != "startpos" {
		s, err := rules.ParseFEN(v, c.fen)
		if err == nil {
			p, err = rules.NewPosition(s)
		}
		if err != nil {
			t.Errorf("[%s] %s: %v", name, c.fen, err)
			return
		}
	}
	if c.moves != nil {
		var got []string
		for _, m := range p.LegalMoves() {
			got = append(got, p.UCI(m))
		}
		slices.Sort(got)
		if !slices.Equal(got, c.moves) {
			t.Errorf("[%s] %s: legal moves %v; Fairy-Stockfish's %v", name, c.fen, got, c.moves)
		}
	}
	for depth := 1; depth <= 3; depth++ {
		want, ok := c.perft[depth]
		if !ok || depth == 3 && testing.Short() && c.fen != "startpos" {
			continue
		}
		if got := rules.Perft(p, depth); got != want {
			t.Errorf("[%s] %s: perft %d = %d; Fairy-Stockfish counts %d", name, c.fen, depth, got, want)
		}
	}
}

// randomPositions returns n positions reached from the start by random
// playouts of 6 to 40 plies with a fixed seed, none of them without a
// legal move.
func randomPositions(v *rules.Variant, name string, n int) []*rules.Position {
	seed := uint64(0)
	for _, c := range name {
		seed = seed*31 + uint64(c)
	}
	rng := rand.New(rand.NewPCG(seed, 30))
	var out []*rules.Position
	for tries := 0; len(out) < n && tries < 10*n; tries++ {
		p := v.Start()
		plies := 6 + rng.IntN(35)
		for i := 0; i < plies; i++ {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				break
			}
			q, err := p.Play(moves[rng.IntN(len(moves))])
			if err != nil || len(q.LegalMoves()) == 0 {
				break
			}
			p = q
		}
		if len(p.LegalMoves()) > 0 && p.FEN() != v.Start().FEN() {
			out = append(out, p)
		}
	}
	return out
}

// writeSectionCases runs Fairy-Stockfish on every target and writes
// testdata/perft-sections.txt.
func writeSectionCases(t *testing.T, iniPath string, targets []target) {
	eng, err := startFSF(*fsfBinary, iniPath)
	if err != nil {
		t.Fatal(err)
	}
	defer eng.close()
	var b strings.Builder
	b.WriteString(sectionsHeader)
	for _, tg := range targets {
		v, err := rules.Compile(tg.def)
		if err != nil {
			t.Fatalf("[%s] Compile: %v", tg.name, err)
		}
		fens := []string{"startpos"}
		n := 3
		if e, err := strconv.Atoi(os.Getenv("FSF_PERFT_RANDOM")); err == nil {
			// More positions, to search for differences: the test
			// reports each; the file then keeps them all.
			n = e
		}
		for _, p := range randomPositions(v, tg.name, n) {
			fens = append(fens, p.FEN())
		}
		for _, fen := range fens {
			c := sectionCase{section: tg.name, fen: fen, perft: map[int]uint64{}}
			for depth := 1; depth <= 3; depth++ {
				nodes, moves, err := eng.perft(tg.variant, fen, depth)
				if err != nil {
					t.Fatalf("[%s] %s: %v", tg.name, fen, err)
				}
				if depth == 1 {
					c.moves = moves
				}
				c.perft[depth] = nodes
			}
			fmt.Fprintf(&b, "\nsection %s\nfen %s\nmoves %s\n", c.section, c.fen, strings.Join(c.moves, " "))
			for depth := 1; depth <= 3; depth++ {
				fmt.Fprintf(&b, "perft %d %d\n", depth, c.perft[depth])
			}
			checkSectionCase(t, tg.name, v, c)
			if bv := builtinOf(tg); bv != nil {
				// The service's own game of that name plays the same.
				checkSectionCase(t, tg.name+" (the built-in "+bv.ID()+")", bv, sectionCase{fen: fen, perft: c.perft})
			}
		}
	}
	if err := os.WriteFile(filepath.FromSlash(sectionsFile), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

const sectionsHeader = `# Fairy-Stockfish's perft of every variant the import accepts: the sections
# of Fairy-Stockfish's src/variants.ini (commit c19b5f6c) that import, and
# "builtin:NAME", an empty child of each built-in parent that imports.
# Made by Fairy-Stockfish built from source at commit c19b5f6c
# (make -j2 build ARCH=x86-64-modern largeboards=yes nnue=no), driven by
#   FSF_VARIANTS_INI=.../variants.ini go test ./internal/fsf -run TestPerftSections -fsf .../stockfish
# which for each position sends "setoption name VariantPath value
# variants.ini", "setoption name UCI_Variant value NAME", "position startpos"
# or "position fen FEN" and "go perft N" for N = 1, 2, 3, and records the
# node counts and, from depth 1, the legal moves as Fairy-Stockfish writes
# them in UCI (sorted). The positions other than the start are reached from
# it by random playouts of this engine (fixed seeds), written in its FEN,
# which Fairy-Stockfish reads; "fen startpos" is each engine's own start.
# The run that wrote the file checked this engine against every number, as
# TestPerftSections does; one with 100 random positions per variant
# (FSF_PERFT_RANDOM=100: 7,000 positions of the 70 variants accepted once
# the extinction keys, mustCapture and stalemateValue = win were
# translated) found no difference either, nor did one with 10
# (FSF_PERFT_RANDOM=20: 2,184 positions of the 104 accepted once
# explosions, pseudo-royal pieces, castling by a King that is not royal,
# flags of every piece or of several, and games without a King were).
# Format: one block per position: "section", "fen", "moves", "perft DEPTH NODES".
`

// builtinOf returns this service's built-in variant that a built-in parent
// of Fairy-Stockfish names, or nil.
func builtinOf(tg target) *rules.Variant {
	if !strings.HasPrefix(tg.name, "builtin:") {
		return nil
	}
	id := map[string]string{"normal": "chess", "fischerandom": "chess960"}[tg.variant]
	if id == "" {
		id = tg.variant
	}
	v, err := rules.Builtin(id)
	if err != nil {
		return nil
	}
	return v
}
