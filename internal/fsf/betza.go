package fsf

import (
	"cmp"
	"fmt"
	"sort"
	"strings"
)

// Fairy-Stockfish reads Betza its own way (its piece.cpp, documented at the
// top of its variants.ini); docs/BETZA.md lists where that dialect differs
// from ours. translateBetza reads a string as Fairy-Stockfish does into the
// moves it means, then writes those moves in our dialect, one direction
// group a term, so that nothing depends on how the two dialects group
// direction letters. What Fairy-Stockfish would silently skip is a problem
// here, with its offset.

// vec is a move vector from White's side: df files to the right, dr ranks
// forward.
type vec struct{ df, dr int }

// kind of a move.
const (
	leap = iota + 1 // a leaper (lame when lame is set)
	ride            // a rider, up to dist steps (0: unlimited)
	hop             // a cannon: rides to a screen, then beyond it
	gHop            // a grasshopper: lands just beyond the screen
)

// move is one atom direction of a term with its properties.
type move struct {
	v       vec
	quiet   bool // may move to an empty square
	capture bool // may capture
	kind    int
	dist    int
	lame    bool
	initial bool
}

// betzaProblem is a part of a string that cannot be translated.
type betzaProblem struct {
	offset int
	detail string
}

// betzaResult is a translated string.
type betzaResult struct {
	betza      string // our dialect, without the initial double step
	initial    bool   // uses i (needs initialRanks)
	doubleStep bool   // has the initial two-square step forward (ifmnD)
	enPassant  bool   // the e flag: takes en passant
	moves      []move // what the string means, from White's side
	problems   []betzaProblem
}

// atoms of Fairy-Stockfish: rank and file components (the longer first).
var leaperAtoms = map[byte][][2]int{
	'W': {{1, 0}}, 'F': {{1, 1}}, 'D': {{2, 0}}, 'N': {{2, 1}}, 'A': {{2, 2}},
	'H': {{3, 0}}, 'L': {{3, 1}}, 'C': {{3, 1}}, 'J': {{3, 2}}, 'Z': {{3, 2}},
	'G': {{3, 3}}, 'K': {{1, 0}, {1, 1}},
}

var riderAtoms = map[byte][][2]int{
	'R': {{1, 0}}, 'B': {{1, 1}}, 'Q': {{1, 0}, {1, 1}},
}

// fsfDirs lists, for the eight images of an atom (a, b) in the order of
// Fairy-Stockfish's table, the direction tokens that select it.
var fsfDirs = [8]struct {
	dr, df [2]int // coefficients of (a, b)
	tokens string
}{
	{[2]int{1, 0}, [2]int{0, 1}, "ff vv rf rv fh rh hr"},
	{[2]int{-1, 0}, [2]int{0, -1}, "bb vv lb lv bh lh hr"},
	{[2]int{0, -1}, [2]int{1, 0}, "rr ss br bs bh rh hr"},
	{[2]int{0, 1}, [2]int{-1, 0}, "ll ss fl fs fh lh hr"},
	{[2]int{0, 1}, [2]int{1, 0}, "rr ss fr fs fh rh hl"},
	{[2]int{0, -1}, [2]int{-1, 0}, "ll ss bl bs bh lh hl"},
	{[2]int{-1, 0}, [2]int{0, 1}, "bb vv rb rv bh rh hl"},
	{[2]int{1, 0}, [2]int{0, -1}, "ff vv lf lv fh lh hl"},
}

const fsfVerticals, fsfHorizontals = "fbvh", "rlsh"

// translateBetza translates one Fairy-Stockfish Betza string.
func translateBetza(s string) betzaResult {
	var res betzaResult
	var moves []move
	var quiet, capture, hopper, grass, lame, initial bool
	var dirs []string
	start := -1 // offset of the first modifier of the pending term
	mark := func(i int) {
		if start < 0 {
			start = i
		}
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
		case c == 'm':
			quiet = true
			mark(i)
		case c == 'c':
			capture = true
			mark(i)
		case c == 'p' || c == 'g':
			hopper, grass = true, grass || c == 'g'
			mark(i)
		case c == 'n':
			lame = true
			mark(i)
		case c == 'i':
			initial = true
			mark(i)
		case c == 'e':
			res.enPassant = true
		case strings.IndexByte(fsfVerticals, c) >= 0 || strings.IndexByte(fsfHorizontals, c) >= 0:
			mark(i)
			if i+1 < len(s) {
				c2 := s[i+1]
				if c2 == c || strings.IndexByte(fsfVerticals, c) >= 0 && strings.IndexByte(fsfHorizontals, c2) >= 0 ||
					strings.IndexByte(fsfHorizontals, c) >= 0 && strings.IndexByte(fsfVerticals, c2) >= 0 {
					dirs = append(dirs, string([]byte{c, c2}))
					i++
					continue
				}
			}
			dirs = append(dirs, string([]byte{c, c}))
		case leaperAtoms[c] != nil || riderAtoms[c] != nil:
			atoms, rider := riderAtoms[c], true
			if atoms == nil {
				atoms, rider = leaperAtoms[c], false
			}
			dist := 0
			if i+1 < len(s) && (s[i+1] >= '0' && s[i+1] <= '9' || s[i+1] == c) {
				rider = true
				if s[i+1] != c {
					dist = int(s[i+1] - '0')
				}
				i++
			}
			at := i
			if start >= 0 {
				at = start
			}
			kind := leap
			switch {
			case hopper && grass:
				kind = gHop
			case hopper:
				kind = hop
			case rider:
				kind = ride
			}
			if p := termProblem(c, kind, dist, lame, rider); p != "" {
				res.problems = append(res.problems, betzaProblem{at, p})
			} else {
				q, k := quiet, capture
				if !q && !k {
					q, k = true, true
				}
				if initial {
					// Fairy-Stockfish has no initial captures.
					k = false
				}
				if q || k {
					moves = append(moves, expand(atoms, dirs, move{quiet: q, capture: k, kind: kind, dist: dist,
						lame: lame && kind == leap, initial: initial})...)
				}
			}
			quiet, capture, hopper, grass, lame, initial, dirs, start = false, false, false, false, false, false, nil, -1
		default:
			res.problems = append(res.problems, betzaProblem{i, fmt.Sprintf("%q is not a letter of Fairy-Stockfish's Betza, which would skip it", c)})
		}
	}
	if start >= 0 {
		res.problems = append(res.problems, betzaProblem{start, "modifiers without an atom, which Fairy-Stockfish would skip"})
	}
	if len(res.problems) > 0 {
		return res
	}
	if !symmetric(moves) {
		res.problems = append(res.problems, betzaProblem{0, "the moves are not the same to the left and to the right: " +
			"Fairy-Stockfish turns Black's moves by half a turn where the format mirrors them across the middle rank"})
		return res
	}
	res.moves = moves
	res.betza, res.initial, res.doubleStep = write(moves)
	return res
}

// termProblem says why a term has no translation.
func termProblem(atom byte, kind, dist int, lame, rider bool) string {
	switch {
	case (kind == hop || kind == gHop) && dist != 0:
		return "a hopper with a range limit has no equivalent in the format"
	case (kind == hop || kind == gHop) && !rider:
		return "a hopper needs a rider (pR, pB, gR, gB, gQ)"
	case (kind == hop || kind == gHop) && atom != 'R' && atom != 'B' && atom != 'Q' && atom != 'W' && atom != 'F':
		return "Fairy-Stockfish's hoppers go along rook and bishop lines only"
	case lame && kind != leap:
		return "n on a rider or hopper, which Fairy-Stockfish ignores"
	case lame && atom != 'N' && atom != 'A' && atom != 'D':
		return "a lame leaper other than nN, nA and nD (the Janggi elephant nZ, for one) has no equivalent in the format"
	case kind == ride && dist > 0 && atom == 'K':
		return "a compound rider with a range is written as its parts (W3F3)"
	}
	return ""
}

// expand gives the moves a term's direction tokens select, as
// Fairy-Stockfish selects them.
func expand(atoms [][2]int, dirs []string, proto move) []move {
	var out []move
	seen := map[vec]bool{}
	for _, at := range atoms {
		a, b := at[0], at[1]
		tokens := dirs
		if len(atoms) == 1 && b == 0 {
			// Orthogonal atoms split a pair into its letters (fsW: f and s).
			tokens = nil
			for _, d := range dirs {
				if d[0] != d[1] {
					tokens = append(tokens, string([]byte{d[0], d[0]}), string([]byte{d[1], d[1]}))
				} else {
					tokens = append(tokens, d)
				}
			}
		}
		for _, fd := range fsfDirs {
			if len(tokens) > 0 && !anyToken(fd.tokens, tokens) {
				continue
			}
			v := vec{df: fd.df[0]*a + fd.df[1]*b, dr: fd.dr[0]*a + fd.dr[1]*b}
			if seen[v] {
				continue
			}
			seen[v] = true
			m := proto
			m.v = v
			out = append(out, m)
		}
	}
	return out
}

func anyToken(list string, tokens []string) bool {
	for _, t := range tokens {
		for _, l := range strings.Fields(list) {
			if l == t {
				return true
			}
		}
	}
	return false
}

// symmetric says whether the moves are the same mirrored left to right.
func symmetric(moves []move) bool {
	set := map[move]bool{}
	for _, m := range moves {
		set[m] = true
	}
	for _, m := range moves {
		r := m
		r.v.df = -r.v.df
		if !set[r] {
			return false
		}
	}
	return true
}

// write writes moves in our dialect. The initial two-square step forward
// that cannot capture and is blocked by a piece between (ifmnD) is the
// format's doubleStep, not a term.
func write(moves []move) (string, bool, bool) {
	type termKey struct {
		atom    string
		quiet   bool
		capture bool
		kind    int
		dist    int
		lame    bool
		initial bool
	}
	groups := map[termKey]map[vec]bool{}
	var order []termKey
	initial, doubleStep := false, false
	for _, m := range moves {
		if m.initial && m.quiet && !m.capture && m.kind == leap && m.lame && m.v == (vec{0, 2}) {
			doubleStep = true
			continue
		}
		k := termKey{atomOf(m.v), m.quiet, m.capture, m.kind, m.dist, m.lame, m.initial}
		if groups[k] == nil {
			groups[k] = map[vec]bool{}
			order = append(order, k)
		}
		groups[k][m.v] = true
		initial = initial || m.initial
	}
	// A whole W with a whole F of the same kind is written as K (Q for
	// riders), as a reader expects a King and a Queen.
	whole := func(k termKey) bool { return len(groups[k]) == 4 }
	merged := map[termKey]bool{}
	for _, k := range order {
		f := k
		f.atom = "F"
		if k.atom == "W" && whole(k) && groups[f] != nil && whole(f) {
			merged[k], merged[f] = true, true
		}
	}
	var b strings.Builder
	for _, k := range order {
		if merged[k] && k.atom == "F" {
			continue
		}
		groupsOfTerm := cover(k.atom, groups[k])
		if merged[k] {
			groupsOfTerm = []string{""}
		}
		for _, g := range groupsOfTerm {
			if k.initial {
				b.WriteByte('i')
			}
			switch {
			case k.quiet && !k.capture:
				b.WriteByte('m')
			case k.capture && !k.quiet:
				b.WriteByte('c')
			}
			switch k.kind {
			case hop:
				b.WriteByte('p')
			case gHop:
				b.WriteByte('g')
			}
			if k.lame {
				b.WriteByte('n')
			}
			b.WriteString(g)
			atom := k.atom
			if merged[k] {
				atom = "K"
			}
			switch {
			case k.kind == leap:
				b.WriteString(atom)
			case merged[k] && k.kind == ride && k.dist > 0:
				fmt.Fprintf(&b, "Q%d", k.dist)
			case merged[k]:
				b.WriteByte('Q')
			case k.kind == ride && k.dist > 0:
				fmt.Fprintf(&b, "%s%d", k.atom, k.dist)
			case k.atom == "W":
				b.WriteByte('R')
			case k.atom == "F":
				b.WriteByte('B')
			default:
				b.WriteString(k.atom + k.atom)
			}
		}
	}
	return b.String(), initial, doubleStep
}

// atomOf names the atom of a vector in our dialect.
func atomOf(v vec) string {
	x, y := abs(v.df), abs(v.dr)
	if x > y {
		x, y = y, x
	}
	return map[[2]int]string{{0, 1}: "W", {1, 1}: "F", {0, 2}: "D", {1, 2}: "N", {2, 2}: "A",
		{0, 3}: "H", {1, 3}: "C", {2, 3}: "Z", {3, 3}: "G"}[[2]int{x, y}]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// groupsOf lists our dialect's direction groups for an atom's vectors,
// largest first, each with the vectors it selects (docs/BETZA.md,
// "Directions"); "" selects them all.
func groupsOf(atom string) []struct {
	g   string
	sel func(vec) bool
} {
	type grp = struct {
		g   string
		sel func(vec) bool
	}
	sgn := func(x int) int { return cmp.Compare(x, 0) }
	all := grp{"", func(vec) bool { return true }}
	f := grp{"f", func(v vec) bool { return v.dr > 0 }}
	bk := grp{"b", func(v vec) bool { return v.dr < 0 }}
	l := grp{"l", func(v vec) bool { return v.df < 0 }}
	r := grp{"r", func(v vec) bool { return v.df > 0 }}
	switch atom {
	case "W", "D", "H":
		return []grp{all, {"v", func(v vec) bool { return v.df == 0 }}, {"s", func(v vec) bool { return v.dr == 0 }}, f, bk, l, r}
	case "F", "A", "G":
		out := []grp{all, f, bk, l, r}
		for _, d := range []string{"fr", "fl", "br", "bl"} {
			out = append(out, grp{d, func(v vec) bool {
				return sgn(v.dr) == map[byte]int{'f': 1, 'b': -1}[d[0]] && sgn(v.df) == map[byte]int{'r': 1, 'l': -1}[d[1]]
			}})
		}
		return out
	}
	// Oblique: tall moves have |dr| > |df|.
	tall := func(v vec) bool { return abs(v.dr) > abs(v.df) }
	out := []grp{all, f, bk, l, r,
		{"ff", func(v vec) bool { return v.dr > 0 && tall(v) }},
		{"bb", func(v vec) bool { return v.dr < 0 && tall(v) }},
		{"ll", func(v vec) bool { return v.df < 0 && !tall(v) }},
		{"rr", func(v vec) bool { return v.df > 0 && !tall(v) }},
		{"fs", func(v vec) bool { return v.dr > 0 && !tall(v) }},
		{"bs", func(v vec) bool { return v.dr < 0 && !tall(v) }},
		{"lv", func(v vec) bool { return v.df < 0 && tall(v) }},
		{"rv", func(v vec) bool { return v.df > 0 && tall(v) }},
	}
	// One move each: fr is the forward member of the wide right pair, rf
	// the right member of the tall forward pair.
	for _, d := range []string{"fr", "fl", "br", "bl", "rf", "lf", "rb", "lb"} {
		out = append(out, grp{d, func(v vec) bool {
			vert, horiz := d[0], d[1]
			wantTall := false
			if d[0] == 'r' || d[0] == 'l' {
				vert, horiz, wantTall = d[1], d[0], true
			}
			return tall(v) == wantTall && sgn(v.dr) == map[byte]int{'f': 1, 'b': -1}[vert] &&
				sgn(v.df) == map[byte]int{'r': 1, 'l': -1}[horiz]
		}})
	}
	return out
}

// cover picks direction groups that together select exactly set, largest
// first, and returns them in a fixed order.
func cover(atom string, set map[vec]bool) []string {
	var universe []vec
	for _, at := range leaperAtoms[atom[0]] {
		for _, m := range expand([][2]int{at}, nil, move{}) {
			universe = append(universe, m.v)
		}
	}
	left := map[vec]bool{}
	for v := range set {
		left[v] = true
	}
	var out []string
	for _, g := range groupsOf(atom) {
		var sel []vec
		ok := true
		for _, v := range universe {
			if g.sel(v) {
				if !set[v] {
					ok = false
					break
				}
				sel = append(sel, v)
			}
		}
		if !ok || len(sel) == 0 {
			continue
		}
		fresh := false
		for _, v := range sel {
			if left[v] {
				fresh = true
			}
		}
		if !fresh {
			continue
		}
		for _, v := range sel {
			delete(left, v)
		}
		out = append(out, g.g)
		if len(left) == 0 {
			break
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) < len(out[j]) })
	return out
}
