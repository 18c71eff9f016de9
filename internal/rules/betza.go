package rules

import (
	"sort"
	"strings"
)

// vec is a board displacement: df files to the right, dr ranks forward for White.
type vec struct{ df, dr int }

func (v vec) neg() vec { return vec{-v.df, -v.dr} }

// shapeKind says how a move shape travels.
type shapeKind uint8

const (
	shapeLeap      shapeKind = iota + 1 // one jump by v, conditions on lame or jump squares
	shapeRide                           // repeated steps by v through empty squares
	shapeHop                            // ride to a screen, then ride on beyond it (p)
	shapeGrass                          // ride to a screen, land just beyond it (g)
	shapeBent                           // one leap by v onto an empty square, then ride by v2
	shapeSlideStep                      // ride by v through empty squares, then one step by v2 from any of them
	shapeKangaroo                       // ride over exactly two screens, land just beyond the second
	shapeEdgeRide                       // (tables only) a ride from an inner square that may stop on edge squares only
)

// shape is one expanded move of a piece, seen from White's side: a single
// direction with everything needed to find its destinations on a board.
type shape struct {
	kind    shapeKind
	v       vec   // leap vector, ride step, or first leg of a bent move
	v2      vec   // bent: the continuation step
	max     int   // ride or bent-continuation range; 0 is unlimited
	move    bool  // may end on an empty square
	capture bool  // may end on an enemy piece
	empty   []vec // leap: offsets that must be empty (lame leaps, n)
	full    []vec // leap: offsets that must be occupied (j)
	either  []vec // leap: two squares of which at least one must be empty (Hero, Shaman)
	initial bool  // only from the piece's initial ranks (i)
	promote bool  // promotes on arrival in the zone (see PieceDef.PromotesBy)
	edge    bool  // the move must begin or end on an edge square (Edgehog)
	afar    bool  // leap: also captures one more leap beyond (Archer)
}

// atomInfo describes a Betza atom letter.
type atomInfo struct {
	base  vec  // canonical vector, df <= dr, both >= 0
	rider bool // R, B, Q ride by default
	also  byte // K and Q stand for two atoms: the second one
}

var atoms = map[byte]atomInfo{
	'W': {base: vec{0, 1}},
	'F': {base: vec{1, 1}},
	'D': {base: vec{0, 2}},
	'N': {base: vec{1, 2}},
	'A': {base: vec{2, 2}},
	'H': {base: vec{0, 3}},
	'C': {base: vec{1, 3}},
	'Z': {base: vec{2, 3}},
	'G': {base: vec{3, 3}},
	'L': {base: vec{1, 3}}, // Camel, as C
	'J': {base: vec{2, 3}}, // Zebra, as Z
	'K': {base: vec{0, 1}, also: 'F'},
	'R': {base: vec{0, 1}, rider: true},
	'B': {base: vec{1, 1}, rider: true},
	'Q': {base: vec{0, 1}, rider: true, also: 'F'},
}

// compass lists the eight unit directions counter-clockwise from forward.
var compass = [8]vec{{0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}, {1, 0}, {1, 1}}

func compassIndex(v vec) int {
	u := vec{sign(v.df), sign(v.dr)}
	for i, c := range compass {
		if c == u {
			return i
		}
	}
	return -1
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// allVectors returns the up to eight symmetric images of a canonical vector.
func allVectors(b vec) []vec {
	seen := map[vec]bool{}
	var out []vec
	for _, v := range []vec{{b.df, b.dr}, {b.dr, b.df}} {
		for _, sf := range []int{1, -1} {
			for _, sr := range []int{1, -1} {
				w := vec{v.df * sf, v.dr * sr}
				if !seen[w] {
					seen[w] = true
					out = append(out, w)
				}
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		return compassAngle(out[i]) < compassAngle(out[j])
	})
	return out
}

// compassAngle orders vectors counter-clockwise from forward, for stable output.
func compassAngle(v vec) int {
	// Quadrant-based ordering without floating point.
	q := 0
	switch {
	case v.df <= 0 && v.dr > 0:
		q = 0
	case v.df < 0 && v.dr <= 0:
		q = 1
	case v.df >= 0 && v.dr < 0:
		q = 2
	default:
		q = 3
	}
	return q*1000 + abs(v.df)*30 + abs(v.dr)
}

// betzaError builds the error for a bad movement string.
func betzaError(field string, offset int, format string, args ...any) *Error {
	return newError(ErrInvalidBetza, field, offset, format, args...)
}

// parseBetza expands an XBetza movement string into shapes for White.
// field names the string in errors; every error carries the byte offset of
// the offending character. See docs/BETZA.md for the accepted language.
func parseBetza(text, field string) ([]shape, error) {
	if strings.TrimSpace(text) == "" {
		return nil, betzaError(field, 0, "empty movement string")
	}
	var out []shape
	seen := map[shapeKey]bool{}
	i := 0
	for i < len(text) {
		start := i
		for i < len(text) && text[i] >= 'a' && text[i] <= 'z' {
			i++
		}
		mods := text[start:i]
		if i >= len(text) {
			return nil, betzaError(field, start, "modifiers %q are not followed by an atom", mods)
		}
		at := i
		letter := text[i]
		info, ok := atoms[letter]
		if !ok {
			return nil, betzaError(field, i, "unknown atom %s", quoteAt(text, i))
		}
		i++
		if i < len(text) && text[i] == 'X' {
			// XBetza's extended atoms: the leap grows by orthogonal steps
			// along its longer axis, FX being the Giraffe (1,4).
			if info.rider || info.also != 0 {
				return nil, betzaError(field, i, "X extends a leaper atom, not %c", letter)
			}
			info.base = extend(info.base)
			i++
		}
		rider := info.rider
		if i < len(text) && text[i] == letter && !info.rider {
			rider = true
			i++
		}
		rng := 0
		digits := i
		for i < len(text) && text[i] >= '0' && text[i] <= '9' {
			rng = rng*10 + int(text[i]-'0')
			i++
			if rng > 99 {
				return nil, betzaError(field, digits, "range is too large")
			}
		}
		// A range makes a rider: W3 goes up to three steps, W0 (like WW)
		// any number; a range of 1 leaves a leaper as it is.
		if i > digits && rng != 1 {
			rider = true
		}
		if !rider {
			rng = 1
		}
		t := term{mods: mods, modAt: start, atom: letter, base: info.base, atomAt: at, rider: rider, rng: rng, rngAt: digits}
		shapes, err := t.expand(field)
		if err != nil {
			return nil, err
		}
		for _, s := range shapes {
			if k := s.key(); !seen[k] {
				seen[k] = true
				out = append(out, s)
			}
		}
	}
	return out, nil
}

// shapeKey identifies a shape, so that a string naming the same move twice
// (KW, NfN) does not produce the same move twice.
type shapeKey struct {
	kind       shapeKind
	v, v2      vec
	max        int
	move, capt bool
	initial    bool
	empty      [2]vec
	nEmpty     int
	full       vec
	hasFull    bool
	either     [2]vec
	edge, afar bool
}

func (s shape) key() shapeKey {
	k := shapeKey{kind: s.kind, v: s.v, v2: s.v2, max: s.max, move: s.move, capt: s.capture,
		initial: s.initial, nEmpty: len(s.empty), hasFull: len(s.full) > 0}
	copy(k.empty[:], s.empty)
	copy(k.either[:], s.either)
	k.edge, k.afar = s.edge, s.afar
	if k.hasFull {
		k.full = s.full[0]
	}
	return k
}

// extend applies XBetza's X suffix: G grows by one orthogonal step, A and
// Z by two, the others by three.
func extend(b vec) vec {
	switch b {
	case vec{3, 3}:
		return vec{3, 4}
	case vec{2, 2}, vec{2, 3}:
		return vec{b.df, b.dr + 2}
	}
	return vec{b.df, b.dr + 3}
}

// term is one modifiers+atom group of a Betza string.
type term struct {
	mods   string
	modAt  int
	atom   byte
	base   vec // the atom's canonical vector (extended by X)
	atomAt int
	rider  bool
	rng    int // 1 leaper, 0 unlimited rider, n range-limited rider
	rngAt  int // offset of the range digits (or where they would be)
}

// dirGroup is one direction group (f, fs, hl...) and the offset of its first letter.
type dirGroup struct {
	text string
	at   int
}

// legMods are the modifiers that apply to one leg of a term.
type legMods struct {
	dirs    string // direction letters in order: f b l r s v h
	dirOffs []int  // the offset of each letter of dirs
	move    bool
	capture bool
	hop     byte // 'p' or 'g'
	lame    bool
	jump    bool
	initial bool
	slide   bool         // y: the next leg rides
	at      map[byte]int // offset of the first occurrence of each modifier letter
}

// first returns the offset of the first of the given modifier letters
// present on the leg, or -1.
func (lm *legMods) first(letters string) int {
	best := -1
	for k := 0; k < len(letters); k++ {
		if off, ok := lm.at[letters[k]]; ok && (best < 0 || off < best) {
			best = off
		}
	}
	return best
}

// groups splits the leg's direction letters into groups with their offsets.
func (lm *legMods) groups() []dirGroup {
	var out []dirGroup
	for _, g := range splitDirGroups(lm.dirs) {
		out = append(out, dirGroup{text: lm.dirs[g[0]:g[1]], at: lm.dirOffs[g[0]]})
	}
	return out
}

func (t term) splitLegs(field string) ([]legMods, error) {
	var legs []legMods
	cur := legMods{at: map[byte]int{}}
	for k := 0; k < len(t.mods); k++ {
		c := t.mods[k]
		off := t.modAt + k
		if _, dup := cur.at[c]; !dup {
			cur.at[c] = off
		}
		switch c {
		case 'a':
			if len(legs) == 1 {
				return nil, betzaError(field, off, "moves of more than two legs are not supported")
			}
			delete(cur.at, 'a')
			legs = append(legs, cur)
			cur = legMods{at: map[byte]int{}}
		case 'm':
			cur.move = true
		case 'c':
			cur.capture = true
		case 'p', 'g':
			if cur.hop != 0 {
				return nil, betzaError(field, off, "two hop modifiers on one leg")
			}
			cur.hop = c
		case 'n':
			cur.lame = true
		case 'j':
			cur.jump = true
		case 'i':
			cur.initial = true
		case 'y':
			cur.slide = true
		case 'f', 'b', 'l', 'r', 's', 'v', 'h':
			cur.dirs += string(c)
			cur.dirOffs = append(cur.dirOffs, off)
		default:
			return nil, betzaError(field, off, "unknown modifier %q", string(c))
		}
	}
	return append(legs, cur), nil
}

func (t term) expand(field string) ([]shape, error) {
	legs, err := t.splitLegs(field)
	if err != nil {
		return nil, err
	}
	info := atoms[t.atom]
	bases := []vec{t.base}
	if info.also != 0 {
		bases = append(bases, atoms[info.also].base)
	}
	if len(legs) == 2 {
		return t.expandBent(field, legs, bases)
	}
	lm := legs[0]
	if lm.slide {
		return nil, betzaError(field, lm.at['y'], "y needs a following leg (a)")
	}
	vs, err := selectDirs(bases, lm.groups(), field)
	if err != nil {
		return nil, err
	}
	var out []shape
	for _, v := range vs {
		s, err := t.single(field, lm, v)
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// single builds the shape of a one-leg move along v. Errors about a
// modifier that does not fit the atom point at the modifier.
func (t term) single(field string, lm legMods, v vec) (shape, error) {
	s := shape{v: v, move: lm.move || !lm.capture, capture: lm.capture || !lm.move, initial: lm.initial}
	switch {
	case lm.hop != 0:
		hopAt := lm.at[lm.hop]
		if !t.rider {
			return s, betzaError(field, hopAt, "%c needs a rider, not the leaper %c", lm.hop, t.atom)
		}
		if off := lm.first("nj"); off >= 0 {
			return s, betzaError(field, off, "hoppers cannot also be lame or jumping")
		}
		if t.rng != 0 {
			return s, betzaError(field, t.rngAt, "range-limited hoppers are not supported")
		}
		s.kind = shapeHop
		if lm.hop == 'g' {
			s.kind = shapeGrass
		}
	case t.rider:
		if off := lm.first("nj"); off >= 0 {
			return s, betzaError(field, off, "n and j apply to leapers, not riders")
		}
		s.kind, s.max = shapeRide, t.rng
	default:
		s.kind = shapeLeap
		if lm.lame && lm.jump {
			return s, betzaError(field, max(lm.at['n'], lm.at['j']), "a leap cannot be both lame (n) and jumping (j)")
		}
		if !lm.lame && !lm.jump {
			break
		}
		mid, err := leapPath(v)
		if err != nil {
			return s, betzaError(field, lm.first("nj"), "%c cannot be lame or jumping: %v", t.atom, err)
		}
		if lm.lame {
			s.empty = mid
			break
		}
		if oblique(v) || len(mid) != 1 {
			return s, betzaError(field, lm.at['j'], "j needs a straight leap with one square between (D or A), not %c", t.atom)
		}
		s.full = mid
	}
	return s, nil
}

// oblique says whether v is neither orthogonal nor diagonal.
func oblique(v vec) bool { return v.df != 0 && v.dr != 0 && abs(v.df) != abs(v.dr) }

// leapPath returns the squares a lame leap passes: the squares between for
// straight leaps, the orthogonal first step for the knight (the Xiangqi horse).
func leapPath(v vec) ([]vec, error) {
	a, b := abs(v.df), abs(v.dr)
	if a == 0 || b == 0 || a == b {
		n := max(a, b)
		u := vec{sign(v.df), sign(v.dr)}
		var mid []vec
		for k := 1; k < n; k++ {
			mid = append(mid, vec{u.df * k, u.dr * k})
		}
		if len(mid) == 0 {
			return nil, errString("a one-step move has no path")
		}
		return mid, nil
	}
	if (a == 1 && b == 2) || (a == 2 && b == 1) {
		if a == 2 {
			return []vec{{sign(v.df), 0}}, nil
		}
		return []vec{{0, sign(v.dr)}}, nil
	}
	return nil, errString("no lame path is defined for this oblique leap")
}

type errString string

func (e errString) Error() string { return string(e) }

// expandBent builds two-leg moves: a one-step first leg into an empty
// square, then a continuation turned relative to it (f l r s v, and fl fr
// fs bl br bs for 45- and 135-degree turns), riding when the first leg has y.
func (t term) expandBent(field string, legs []legMods, bases []vec) ([]shape, error) {
	l1, l2 := legs[0], legs[1]
	if len(bases) != 1 {
		return nil, betzaError(field, t.atomAt, "two-leg moves need a single atom, not %c", t.atom)
	}
	b := bases[0]
	if !(b == vec{0, 1} || b == vec{1, 1}) {
		return nil, betzaError(field, t.atomAt, "two-leg moves are supported for W and F atoms only")
	}
	if off := l1.first("cpgnji"); off >= 0 {
		return nil, betzaError(field, off, "the first leg of a two-leg move only passes an empty square")
	}
	if off := l2.first("pgnjiy"); off >= 0 {
		return nil, betzaError(field, off, "unsupported modifier on the last leg")
	}
	if t.rider {
		return nil, betzaError(field, t.atomAt, "a two-leg move takes a plain atom; use y to make the last leg ride")
	}
	turns, err := relativeTurns(l2.groups(), field)
	if err != nil {
		return nil, err
	}
	firsts, err := selectDirs(bases, l1.groups(), field)
	if err != nil {
		return nil, err
	}
	var out []shape
	for _, v1 := range firsts {
		ci := compassIndex(v1)
		for _, turn := range turns {
			v2 := compass[(ci+turn+8)%8]
			s := shape{kind: shapeBent, v: v1, v2: v2, max: 1,
				move: l2.move || !l2.capture, capture: l2.capture || !l2.move}
			if l1.slide {
				s.max = 0
			}
			out = append(out, s)
		}
	}
	return out, nil
}

// relativeTurns maps relative direction groups of a later leg to turns in
// eighths of a circle, counter-clockwise (left) positive. Straight back is
// never a turn: the continuation would start on the mover's own square.
func relativeTurns(groups []dirGroup, field string) ([]int, error) {
	if len(groups) == 0 {
		return []int{0, 1, 2, 3, -3, -2, -1}, nil
	}
	table := map[string][]int{
		"f": {0}, "l": {2}, "r": {-2}, "s": {2, -2}, "v": {0},
		"fl": {1}, "lf": {1}, "fr": {-1}, "rf": {-1}, "fs": {1, -1}, "sf": {1, -1},
		"bl": {3}, "lb": {3}, "br": {-3}, "rb": {-3}, "bs": {3, -3}, "sb": {3, -3},
	}
	var out []int
	seen := map[int]bool{}
	for _, g := range groups {
		if g.text == "b" {
			return nil, betzaError(field, g.at, "the last leg cannot turn straight back onto the start square")
		}
		ts, ok := table[g.text]
		if !ok {
			return nil, betzaError(field, g.at, "relative direction %q is not supported", g.text)
		}
		for _, x := range ts {
			if !seen[x] {
				seen[x] = true
				out = append(out, x)
			}
		}
	}
	return out, nil
}

// splitDirGroups splits a direction string into groups, returned as
// [start, end) index pairs: a letter of f/b followed by l/r/s (or the
// reverse), a doubled f b l r, h followed by l or r, and l or r followed by
// v form one group; anything else stands alone.
func splitDirGroups(dirs string) [][2]int {
	var out [][2]int
	for k := 0; k < len(dirs); k++ {
		if k+1 < len(dirs) && pairs(dirs[k], dirs[k+1]) {
			out = append(out, [2]int{k, k + 2})
			k++
			continue
		}
		out = append(out, [2]int{k, k + 1})
	}
	return out
}

func pairs(a, b byte) bool {
	vert := func(c byte) bool { return c == 'f' || c == 'b' }
	side := func(c byte) bool { return c == 'l' || c == 'r' || c == 's' }
	return (vert(a) && side(b)) || (side(a) && vert(b)) || (a == b && strings.IndexByte("fblr", a) >= 0) ||
		(a == 'h' && (b == 'l' || b == 'r')) || ((a == 'l' || a == 'r') && b == 'v')
}

// selectDirs returns the vectors of an atom (the symmetric images of its
// bases, two for K and Q) that the direction groups select (absolute
// directions, White's view). No groups select all. A group that selects no
// vector of the atom is an error at the group.
func selectDirs(bases []vec, groups []dirGroup, field string) ([]vec, error) {
	var vs []vec
	orth := true
	for _, b := range bases {
		vs = append(vs, allVectors(b)...)
		orth = orth && b.df == 0
	}
	if len(groups) == 0 {
		return vs, nil
	}
	keep := map[vec]bool{}
	for _, g := range groups {
		matched := false
		for _, v := range vs {
			ok, err := dirMatches(v, g.text, orth)
			if err != nil {
				return nil, betzaError(field, g.at, "%v", err)
			}
			if ok {
				keep[v] = true
				matched = true
			}
		}
		if !matched {
			return nil, betzaError(field, g.at, "direction %q selects no move of this atom", g.text)
		}
	}
	var out []vec
	for _, v := range vs {
		if keep[v] {
			out = append(out, v)
		}
	}
	return out, nil
}

// dirMatches says whether vector v belongs to a direction group. orth says
// the whole atom is orthogonal (W D H R and their riders): there, as in
// XBetza, two letters of a group name two separate directions (fsW is
// forward and sideways).
func dirMatches(v vec, group string, orth bool) (bool, error) {
	obl := oblique(v)
	half := func(c byte) bool {
		switch c {
		case 'f':
			return v.dr > 0
		case 'b':
			return v.dr < 0
		case 'l':
			return v.df < 0
		case 'r':
			return v.df > 0
		case 's':
			return v.df != 0
		case 'v':
			return v.dr != 0
		}
		return false
	}
	tall := abs(v.dr) > abs(v.df)
	switch {
	case len(group) == 1:
		if group == "h" {
			return false, errString("h must be followed by l or r")
		}
		return half(group[0]), nil
	case group[0] == 'h': // hl / hr: chiral halves of an oblique atom
		if !obl {
			return false, errString("h selects a chiral half of an oblique atom only")
		}
		left := (v.df > 0) == (v.dr > 0) == tall
		if group[1] == 'l' {
			return left, nil
		}
		return !left, nil
	case orth:
		return half(group[0]) || half(group[1]), nil
	case group[0] == group[1]: // ff bb ll rr: the narrow pair of an oblique atom
		if !obl {
			return half(group[0]), nil
		}
		if group[0] == 'f' || group[0] == 'b' {
			return half(group[0]) && tall, nil
		}
		return half(group[0]) && !tall, nil
	case group[1] == 'v': // lv rv: the tall pair on one side
		return half(group[0]) && (!obl || tall), nil
	default: // f/b with l/r/s, in either order
		a, b := group[0], group[1]
		sideFirst := a == 'l' || a == 'r' || a == 's'
		if sideFirst {
			a, b = b, a
		}
		if !obl {
			return half(a) && half(b), nil
		}
		// Oblique atoms, as in XBetza: fr is the upper move of the rr pair
		// (the wide one), rf the right move of the ff pair (the tall one);
		// fs = fl+fr is the wide forward pair, sf = lf+rf the tall one.
		return half(a) && half(b) && tall == sideFirst, nil
	}
}
