package rules

// Tests of Giant Chess (variants giant and giant-quick) against the rule
// text (../shared/rules/seeds/giant-chess.txt), RULES R1-R4, R14-R18 and
// R28-R30, and the setup of SETUPS.md. Every expected list below was worked
// out by hand from the text and the rulings; the comment of each case gives
// the reasoning. No expectation is taken from the engine.
//
// The board is 16x16 (files a-p, ranks 1-16). Letters: K King, Q Queen,
// R Rook, B Bishop, N Knight, G General (Q+N), C Chancellor (R+N),
// M Minister (B+N), S Shogi (orthogonal cannon), E Elephant (diagonal
// cannon), D Dev, P Pawn. A Dev stands on an aligned 2x2 block (files a-b,
// c-d, ..., ranks 1-2, 3-4, ...); in the placement lists of this file the
// token Dc3 puts a white Dev on c3, d3, c4 and d4 (the block cd34), and the
// Dev's moves are named by the lower-left squares of the blocks (c3c5).
// A block is written as in the text: cd34 is c3 d3 c4 d4.

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// giVariant returns a built-in variant or fails the test.
func giVariant(t testing.TB, id string) *Variant {
	t.Helper()
	v, err := Builtin(id)
	if err != nil {
		t.Fatalf("Builtin(%q) = %v", id, err)
	}
	return v
}

// giSq reads a square name of the 16x16 board.
func giSq(t testing.TB, name string) (f, r int) {
	t.Helper()
	if len(name) < 2 || name[0] < 'a' || name[0] > 'p' {
		t.Fatalf("bad square %q", name)
	}
	n, err := strconv.Atoi(name[1:])
	if err != nil || n < 1 || n > 16 || name[1] == '0' {
		t.Fatalf("bad square %q", name)
	}
	return int(name[0] - 'a'), n - 1
}

// giBoard writes the board field of a FEN from a placement list: tokens of
// one letter and a square, upper case White. With expand, a D or d token
// names the lower-left square of an aligned block and fills the whole
// block; without, every token is one square (to write broken Devs).
func giBoard(t testing.TB, place string, expand bool) string {
	t.Helper()
	var grid [16][16]string
	set := func(f, r int, l string) {
		if grid[r][f] != "" {
			t.Fatalf("two pieces on %c%d in %q", 'a'+f, r+1, place)
		}
		grid[r][f] = l
	}
	for _, tok := range strings.Fields(place) {
		l := tok[:1]
		f, r := giSq(t, tok[1:])
		if expand && (l == "D" || l == "d") {
			if f%2 != 0 || r%2 != 0 || f+1 > 15 || r+1 > 15 {
				t.Fatalf("%s: a Dev's lower-left square must start an aligned block", tok)
			}
			set(f, r, l)
			set(f+1, r, l)
			set(f, r+1, l)
			set(f+1, r+1, l)
			continue
		}
		set(f, r, l)
	}
	return boardFEN(16, 16, func(f, r int) string { return grid[r][f] })
}

// giFEN writes a FEN: the board of the placement list (Devs expanded) and
// the remaining fields as given ("w - - 0 1").
func giFEN(t testing.TB, place, rest string) string {
	t.Helper()
	return giBoard(t, place, true) + " " + rest
}

// giPos returns the position of a placement list in a variant.
func giPos(t testing.TB, variant, place, rest string) *Position {
	t.Helper()
	return positionOf(t, giVariant(t, variant), giFEN(t, place, rest))
}

// giCapDests lists only the capturing moves of the piece on from, as czDests
// tokens (xg9, xd15=Q).
func giCapDests(p *Position, from string) string {
	var out []string
	for _, tok := range strings.Fields(czDests(p, from)) {
		if strings.HasPrefix(tok, "x") {
			out = append(out, tok)
		}
	}
	return strings.Join(out, " ")
}

// giCaps lists the squares a move captures on, sorted.
func giCaps(p *Position, m Move) string {
	var out []string
	for _, s := range p.Captures(m) {
		out = append(out, s.String())
	}
	return czSort(out)
}

// giField returns field i (from 0) of p's FEN, or "" when it has fewer.
func giField(p *Position, i int) string {
	f := strings.Fields(p.FEN())
	if i >= len(f) {
		return ""
	}
	return f[i]
}

// giRank returns rank r (1-16) of the board field of p's FEN.
func giRank(p *Position, r int) string {
	rows := strings.Split(giField(p, 0), "/")
	if len(rows) != 16 {
		return "?"
	}
	return rows[16-r]
}

// giPromos expands "c15" into the ten promotions of the text (Q R B N G C M
// S E D), or nine without the Dev when noDev is set.
func giPromos(dest string, noDev bool) string {
	var out []string
	for _, l := range strings.Fields("Q R B N G C M S E D") {
		if l == "D" && noDev {
			continue
		}
		out = append(out, dest+"="+l)
	}
	return strings.Join(out, " ")
}

// giDestCase is one position and the moves expected of one piece.
type giDestCase struct {
	name, variant, place, rest, from, want string
	capturesOnly                           bool
}

func giRunDests(t *testing.T, cases []giDestCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			variant := tc.variant
			if variant == "" {
				variant = "giant"
			}
			p := giPos(t, variant, tc.place, tc.rest)
			got := czDests(p, tc.from)
			if tc.capturesOnly {
				got = giCapDests(p, tc.from)
			}
			if want := czNorm(tc.want); got != want {
				t.Errorf("moves of %s in %s\n got %q\nwant %q", tc.from, p.FEN(), got, want)
			}
		})
	}
}

// giExpectFEN plays the coordinate moves from p and compares the FEN reached.
func giExpectFEN(t *testing.T, p *Position, want string, moves ...string) *Position {
	t.Helper()
	q := czPlay(t, p, moves...)
	if got := q.FEN(); got != want {
		t.Errorf("after %v from %s\n got %s\nwant %s", moves, p.FEN(), got, want)
	}
	return q
}

// Required test 1a: the Dev's moves (RULES R14; the text: "a Dev standing
// on cd34 can move to any of the ab34, ef34, cd56 or cd12 four squares",
// "If the four squares ... are not occupied by one of the pieces of the same
// color, the giant can move there"). Kings stand far from every block in
// play.
func TestGiantDevMoves(t *testing.T) {
	giRunDests(t, []giDestCase{
		// gh78 in the centre: ef78 (e7), ij78 (i7), gh56 (g5), gh910 (g9).
		{name: "centre", place: "Dg7 Ka1 kp16", rest: "w - - 0 1", from: "g7", want: "e7 i7 g5 g9"},
		// ab78 on the a-file edge: no block to the left.
		{name: "edge", place: "Da7 Kp1 kp16", rest: "w - - 0 1", from: "a7", want: "a5 a9 c7"},
		// ab12 in the corner: only ab34 and cd12.
		{name: "corner", place: "Da1 Kp1 kp16", rest: "w - - 0 1", from: "a1", want: "a3 c1"},
		// A black Dev in the other corner, op1516: mn1516 and op1314.
		{name: "black corner", place: "do15 Ka1 kp1", rest: "b - - 0 1", from: "o15", want: "m15 o13"},
		// A black Dev on ij910: gh910, kl910, ij78, ij1112.
		{name: "black centre", place: "di9 Ka1 kp16", rest: "b - - 0 1", from: "i9", want: "g9 k9 i7 i11"},
		// One own Knight on h10, the upper right square of gh910, shuts that
		// block.
		{name: "own piece in the block", place: "Dg7 Nh10 Ka1 kp16", rest: "w - - 0 1", from: "g7", want: "e7 i7 g5"},
		// Own pieces on e8 (ef78), j7 (ij78) and h10 (gh910): only gh56.
		{name: "own pieces in three blocks", place: "Dg7 Be8 Rj7 Nh10 Ka1 kp16", rest: "w - - 0 1", from: "g7", want: "g5"},
		// gh56 holds a black Knight (h6) and a white Pawn (g5): the own
		// piece shuts it although an enemy stands there too.
		{name: "own and enemy piece in the block", place: "Dg7 Be8 Rj7 Nh10 Pg5 nh6 Ka1 kp16", rest: "w - - 0 1", from: "g7", want: ""},
	})
}

// Required test 1b: the Dev captures every enemy piece of the block it
// enters, one to four, and a whole enemy Dev (RULES R14, "Devs can capture
// devs directly"). Captures lists exactly the squares emptied.
func TestGiantDevCaptures(t *testing.T) {
	tests := []struct {
		name, place, rest, from, to, dests, caps, after string
	}{
		// White Dev gh78 into gh910 holding one to four black pieces; the
		// other three blocks are empty. Kings on a1 and p16 are out of every
		// line of the black pieces (the Queen on h10 sees a1 through
		// nothing: g9 is her own Knight).
		{"one", "Dg7 ng10 Ka1 kp16", "w - - 0 1", "g7", "g9", "e7 i7 g5 xg9", "g10", giBoardOnly("Dg9 Ka1 kp16") + " b - - 0 1"},
		{"two", "Dg7 ng9 bh10 Ka1 kp16", "w - - 0 1", "g7", "g9", "e7 i7 g5 xg9", "g9 h10", giBoardOnly("Dg9 Ka1 kp16") + " b - - 0 1"},
		{"three", "Dg7 ng9 bh9 rg10 Ka1 kp16", "w - - 0 1", "g7", "g9", "e7 i7 g5 xg9", "g9 h9 g10", giBoardOnly("Dg9 Ka1 kp16") + " b - - 0 1"},
		{"four", "Dg7 ng9 bh9 rg10 qh10 Ka1 kp16", "w - - 0 1", "g7", "g9", "e7 i7 g5 xg9", "g9 h9 g10 h10", giBoardOnly("Dg9 Ka1 kp16") + " b - - 0 1"},
		// A move without capture: nothing captured, the halfmove clock runs.
		{"no capture", "Dg7 ng10 Ka1 kp16", "w - - 0 1", "g7", "g5", "e7 i7 g5 xg9", "", giBoardOnly("Dg5 ng10 Ka1 kp16") + " b - - 1 1"},
		// Dev takes Dev: all four squares of the enemy Dev, either side.
		{"white Dev takes Dev", "Dg7 dg9 Ka1 kp16", "w - - 0 1", "g7", "g9", "e7 i7 g5 xg9", "g9 h9 g10 h10", giBoardOnly("Dg9 Ka1 kp16") + " b - - 0 1"},
		{"black Dev takes Dev", "Dg7 dg9 Ka1 kp16", "b - - 0 1", "g9", "g7", "e9 i9 g11 xg7", "g7 h7 g8 h8", giBoardOnly("dg7 Ka1 kp16") + " w - - 0 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := giPos(t, "giant", tc.place, tc.rest)
			if got, want := czDests(p, tc.from), czNorm(tc.dests); got != want {
				t.Errorf("Dev moves in %s\n got %q\nwant %q", p.FEN(), got, want)
			}
			m := uciMove(t, p, tc.from+tc.to)
			if got, want := giCaps(p, m), czNorm(tc.caps); got != want {
				t.Errorf("Captures(%s%s) = %q; want %q", tc.from, tc.to, got, want)
			}
			giExpectFEN(t, p, tc.after, tc.from+tc.to)
		})
	}
}

// giBoardOnly is giBoard with Devs expanded, for expected FENs in tables
// (no testing.TB there: a bad list panics).
func giBoardOnly(place string) string {
	return giBoard(giPanicTB{}, place, true)
}

// giPanicTB is a testing.TB whose Fatalf panics, for table literals.
type giPanicTB struct{ testing.TB }

func (giPanicTB) Helper()                           {}
func (giPanicTB) Fatalf(format string, args ...any) { panic(fmt.Sprintf(format, args...)) }

// Required test 1c: another piece captures a Dev only when all four of its
// squares are attacked by the capturing side, pieces together, and moves to
// one of those squares that it attacks itself; the whole Dev goes (RULES
// R15 and the text: "the other pieces of the opponent can capture the dev, if
// all of the four squares that dev is standing on are under threat ... a
// dev standing on cd34 can be captured by any of the two queens standing on
// d2 and c5, because the queen on d2 threatens c3 and d3 and the other queen
// threatens c4 and d4").
func TestGiantCaptureDev(t *testing.T) {
	tests := []struct {
		name, place, rest string
		dests             map[string]string // piece square -> capturing moves (or all moves, see full)
		full              map[string]bool   // these squares list every move
		play, caps, after string            // one capture played: squares captured, FEN reached
	}{
		{
			// The text's example. Qd2 attacks c3 (diagonal) and d3 (file; d4
			// is behind d3); Qc5 attacks c4 (file) and d4 (diagonal). The
			// black King on o16 is off both Queens' lines (Qd2's long
			// diagonal ends on p14, Qc5's on n16).
			name: "the text's Queens", place: "dc3 Qd2 Qc5 Kp1 ko16", rest: "w - - 0 1",
			dests: map[string]string{"d2": "xc3 xd3", "c5": "xc4 xd4"},
			play:  "d2c3", caps: "c3 d3 c4 d4",
			after: giBoardOnly("Qc3 Qc5 Kp1 ko16") + " b - - 0 1",
		},
		{
			// Knights likewise: Ne2 attacks c3 and d4 (and c1 f4 g1 g3),
			// Ne5 attacks c4 and d3 (and c6 d7 f3 f7 g4 g6). Either takes
			// the Dev on a square it attacks; all their moves are listed.
			name: "the text's Knights", place: "dc3 Ne2 Ne5 Kp1 ko16", rest: "w - - 0 1",
			dests: map[string]string{"e2": "c1 xc3 xd4 f4 g1 g3", "e5": "xc4 c6 xd3 d7 f3 f7 g4 g6"},
			full:  map[string]bool{"e2": true, "e5": true},
			play:  "e5d3", caps: "c3 d3 c4 d4",
			after: giBoardOnly("Ne2 Nd3 Kp1 ko16") + " b - - 0 1",
		},
		{
			// Several pieces together, Pawns by their diagonal captures: b2
			// attacks c3, e2 d3, b3 c4, e3 d4. The Pawns on rank 2 are
			// blocked by those on rank 3; b3 and e3 may also step.
			name: "four Pawns", place: "dc3 Pb2 Pe2 Pb3 Pe3 Kp1 ko16", rest: "w - - 0 1",
			dests: map[string]string{"b2": "xc3", "e2": "xd3", "b3": "b4 xc4", "e3": "e4 xd4"},
			full:  map[string]bool{"b2": true, "e2": true, "b3": true, "e3": true},
			play:  "b3c4", caps: "c3 d3 c4 d4",
			after: giBoardOnly("Pb2 Pe2 Pc4 Pe3 Kp1 ko16") + " b - - 0 1",
		},
		{
			// Each square attacked by one piece only, the capturing piece
			// included: Rg1 -> g9 (file), Rp10 -> h10 (rank), Bk6 -> h9
			// (k6 j7 i8 h9), Be8 -> g10 (e8 f9 g10). Each may take.
			name: "each square attacked by one piece", place: "dg9 Rg1 Rp10 Bk6 Be8 Ka1 km15", rest: "w - - 0 1",
			dests: map[string]string{"g1": "xg9", "p10": "xh10", "k6": "xh9", "e8": "xg10"},
			play:  "k6h9", caps: "g9 h9 g10 h10",
			after: giBoardOnly("Rg1 Rp10 Bh9 Be8 Ka1 km15") + " b - - 0 1",
		},
		{
			// The same without Rp10: h10 is not attacked, no capture at all.
			// The Rook on g1 stops below the Dev (g2-g8), its rank 1 runs to
			// b1 (a1 is its King).
			name: "one square not attacked", place: "dg9 Rg1 Bk6 Be8 Ka1 km15", rest: "w - - 0 1",
			dests: map[string]string{"g1": "b1 c1 d1 e1 f1 h1 i1 j1 k1 l1 m1 n1 o1 p1 g2 g3 g4 g5 g6 g7 g8", "k6": "", "e8": ""},
			full:  map[string]bool{"g1": true},
		},
		{
			// An adjacent own Dev (gh78) attacks all of gh910: the Knight on
			// f11, which attacks g9 and h10, may take the black Dev there.
			// Knight f11: d10 d12 e9 e13 g13 h12 g9 h10.
			name: "an adjacent Dev supplies the attack", place: "Dg7 dg9 Nf11 Ka1 km15", rest: "w - - 0 1",
			dests: map[string]string{"f11": "d10 d12 e9 e13 g13 h12 xg9 xh10", "g7": "e7 i7 g5 xg9"},
			full:  map[string]bool{"f11": true, "g7": true},
			play:  "f11h10", caps: "g9 h9 g10 h10",
			after: giBoardOnly("Dg7 Nh10 Ka1 km15") + " b - - 0 1",
		},
		{
			// Without the white Dev the Knight attacks only g9 and h10.
			name: "no adjacent Dev", place: "dg9 Nf11 Ka1 km15", rest: "w - - 0 1",
			dests: map[string]string{"f11": "d10 d12 e9 e13 g13 h12"},
			full:  map[string]bool{"f11": true},
		},
		{
			// Pins are ignored as for check: the Knight on e2, pinned by the
			// Rook on e8 against its King on e1, still attacks c3 and d4; b3
			// attacks c4 and c2 attacks d3. The Pawns may take; the pinned
			// Knight has no move.
			name: "a pinned piece still attacks", place: "dc3 Ke1 Ne2 re8 Pb3 Pc2 kp16", rest: "w - - 0 1",
			dests: map[string]string{"c2": "xd3", "b3": "b4 xc4", "e2": ""},
			full:  map[string]bool{"c2": true, "b3": true, "e2": true},
			play:  "c2d3", caps: "c3 d3 c4 d4",
			after: giBoardOnly("Ke1 Ne2 re8 Pb3 Pd3 kp16") + " b - - 0 1",
		},
		{
			// A King may take a Dev: the King on e4 stands in ef34, next to
			// the Dev on cd34, and is in check. It attacks d3 and d4, Rc1
			// attacks c3, Ra4 attacks c4. King moves: d3 and d4 take the Dev;
			// d5 (cd56), e3 f3 f4 (ef34) stay next to the Dev; e5 and f5
			// (ef56) are safe. The Rooks answer the check only by taking.
			name: "a King takes a Dev", place: "dc3 Ke4 Rc1 Ra4 kp16", rest: "w - - 0 1",
			dests: map[string]string{"e4": "xd3 xd4 e5 f5", "c1": "xc3", "a4": "xc4"},
			full:  map[string]bool{"e4": true, "c1": true, "a4": true},
			play:  "e4d4", caps: "c3 d3 c4 d4",
			after: giBoardOnly("Kd4 Rc1 Ra4 kp16") + " b - - 0 1",
		},
		{
			// The same with a black Rook on d16: once the Dev is gone the
			// Rook sees d4 and d3, so the King may not take; its attack on
			// d3 and d4 still counts for the Rooks, which take (the King on
			// e4 is off the d-file).
			name: "a King may not take into check", place: "dc3 Ke4 Rc1 Ra4 rd16 kp16", rest: "w - - 0 1",
			dests: map[string]string{"e4": "e5 f5", "c1": "xc3", "a4": "xc4"},
			full:  map[string]bool{"e4": true, "c1": true, "a4": true},
			play:  "a4c4", caps: "c3 d3 c4 d4",
			after: giBoardOnly("Ke4 Rc1 Rc4 rd16 kp16") + " b - - 0 1",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := giPos(t, "giant", tc.place, tc.rest)
			var froms []string
			for from := range tc.dests {
				froms = append(froms, from)
			}
			slices.Sort(froms)
			for _, from := range froms {
				got := giCapDests(p, from)
				if tc.full[from] {
					got = czDests(p, from)
				}
				if want := czNorm(tc.dests[from]); got != want {
					t.Errorf("moves of %s in %s\n got %q\nwant %q", from, p.FEN(), got, want)
				}
			}
			if tc.play == "" {
				return
			}
			m := uciMove(t, p, tc.play)
			if got, want := giCaps(p, m), czNorm(tc.caps); got != want {
				t.Errorf("Captures(%s) = %q; want %q", tc.play, got, want)
			}
			giExpectFEN(t, p, tc.after, tc.play)
		})
	}
}

// Required test 1d: the Dev gives check when the enemy King stands in a
// block it could move into (RULES R14): an orthogonally adjacent block
// holding no piece of the Dev's side.
func TestGiantDevCheck(t *testing.T) {
	devSquares := []string{"g7", "h7", "g8", "h8"}
	t.Run("check", func(t *testing.T) {
		// The black King on h10 stands in gh910, next to the Dev on gh78.
		// Its moves: g9 h9 g10 stay in gh910; i9 i10 (ij910) and g11 h11
		// i11 (gh1112, ij1112) are not next to gh78.
		p := giPos(t, "giant", "Dg7 Ka1 kh10", "b - - 0 1")
		if !p.InCheck() {
			t.Fatalf("%s: the Dev on gh78 should check the King on h10", p.FEN())
		}
		cs := p.Checkers()
		if len(cs) == 0 {
			t.Errorf("%s: no checkers", p.FEN())
		}
		for _, s := range cs {
			if !slices.Contains(devSquares, s.String()) {
				t.Errorf("%s: checker %s is not a square of the Dev", p.FEN(), s)
			}
		}
		if got, want := czDests(p, "h10"), czNorm("i9 i10 g11 h11 i11"); got != want {
			t.Errorf("King moves in %s\n got %q\nwant %q", p.FEN(), got, want)
		}
	})
	t.Run("check with a piece of the King's side in the block", func(t *testing.T) {
		// The black Knight on g9 shares gh910 with the King on h10: the Dev
		// could still enter (taking both), so it checks. King: i9 i10 g11
		// h11 i11 as above. The Knight cannot help: leaving the block does
		// not end the check and Black attacks only h7 of the Dev.
		p := giPos(t, "giant", "Dg7 Ka1 kh10 ng9", "b - - 0 1")
		if !p.InCheck() {
			t.Fatalf("%s: the Dev on gh78 should check the King on h10", p.FEN())
		}
		if got, want := czDests(p, "h10"), czNorm("i9 i10 g11 h11 i11"); got != want {
			t.Errorf("King moves in %s\n got %q\nwant %q", p.FEN(), got, want)
		}
		if got := czDests(p, "g9"); got != "" {
			t.Errorf("Knight moves in %s = %q; want none", p.FEN(), got)
		}
	})
	t.Run("no check with an own piece in the block", func(t *testing.T) {
		// The white Knight on g10 shares gh910 with the black King on h9:
		// the Dev cannot enter, no check. King moves from h9: g8 h8 are the
		// Dev (not all four squares attacked by Black); i8 is in ij78, next
		// to the Dev; i9 is attacked by the Knight; Kxg10 would empty gh910
		// of white pieces and leave the King in the Dev's reach; g9, h10
		// (still with the Knight in the block) and i10 (ij910) are safe.
		p := giPos(t, "giant", "Dg7 Ng10 Ka1 kh9", "b - - 0 1")
		if p.InCheck() {
			t.Errorf("%s: no check expected, Checkers %v", p.FEN(), p.Checkers())
		}
		if got, want := czDests(p, "h9"), czNorm("g9 h10 i10"); got != want {
			t.Errorf("King moves in %s\n got %q\nwant %q", p.FEN(), got, want)
		}
	})
	t.Run("a Dev move gives check", func(t *testing.T) {
		// Dg5-g7 brings the Dev next to gh910, where the King stands.
		p := giPos(t, "giant", "Dg5 Ka1 kh10", "w - - 0 1")
		m := uciMove(t, p, "g5g7")
		if got := p.SAN(m); got != "Dg7+" {
			t.Errorf("SAN(g5g7) = %q; want Dg7+", got)
		}
		q := czPlay(t, p, "g5g7")
		if !q.InCheck() {
			t.Errorf("%s: Black should be in check", q.FEN())
		}
	})
}

// Required test 1e: each Dev square is an occupied square for every purpose
// (RULES R14, contract): it blocks sliders and is a screen for Shogis and
// Elephants.
func TestGiantDevScreensAndBlocks(t *testing.T) {
	const (
		rank1 = "a1 b1 c1 d1 e1 f1 h1 i1 j1 k1 l1 m1 n1 o1 p1"
		up    = "g2 g3 g4"
	)
	giRunDests(t, []giDestCase{
		// Elephant e4: the diagonal e4 f5 g6 h7 passes one Dev square, g6
		// (of gh56), which screens the capture of the Knight on h7; f5 is a
		// plain move; g6 itself cannot be taken (the other Dev squares are
		// not attacked). Other diagonals: d5 c6 b7 a8, f3 g2 h1, d3 c2 b1.
		{name: "Elephant over an enemy Dev", place: "Ee4 dg5 nh7 Ka14 km15", rest: "w - - 0 1", from: "e4",
			want: "f5 xh7 d5 c6 b7 a8 f3 g2 h1 d3 c2 b1"},
		{name: "Elephant over an own Dev", place: "Ee4 Dg5 nh7 Ka14 km15", rest: "w - - 0 1", from: "e4",
			want: "f5 xh7 d5 c6 b7 a8 f3 g2 h1 d3 c2 b1"},
		// Nothing behind the screen: the Elephant stops at f5.
		{name: "Elephant, nothing to take", place: "Ee4 dg5 Ka14 km15", rest: "w - - 0 1", from: "e4",
			want: "f5 d5 c6 b7 a8 f3 g2 h1 d3 c2 b1"},
		// Shogi g1 and a black Dev on gh56: g5 is the screen and g6, the
		// next occupied square, the target. With h6 (Rp6), h5 (Bk2 via j3
		// i4) and g5 (Ra5) attacked too, the Shogi takes the Dev on g6.
		{name: "Shogi screened by the Dev's own square", place: "Sg1 dg5 Ra5 Rp6 Bk2 Ka14 km15", rest: "w - - 0 1", from: "g1",
			want: rank1 + " " + up + " xg6"},
		// Without those helpers the Shogi attacks g6 but may not take.
		{name: "Shogi, Dev not fully attacked", place: "Sg1 dg5 Ka14 km15", rest: "w - - 0 1", from: "g1",
			want: rank1 + " " + up},
		// An own Dev on gh56 puts two occupied squares (g5, g6) on the file:
		// the Knight on g9 has two pieces in front of it, not one.
		{name: "Shogi behind an own Dev", place: "Sg1 Dg5 ng9 Ka14 km15", rest: "w - - 0 1", from: "g1",
			want: rank1 + " " + up},
		// A Dev square blocks a Rook: Rg1 stops at g4 below gh56, whether
		// the Dev is an enemy (g5 attacked, but not the three other squares)
		// or its own.
		{name: "Rook blocked by an enemy Dev", place: "Rg1 dg5 Ka14 km15", rest: "w - - 0 1", from: "g1",
			want: rank1 + " " + up},
		{name: "Rook blocked by an own Dev", place: "Rg1 Dg5 nh9 Ka14 km15", rest: "w - - 0 1", from: "g1",
			want: rank1 + " " + up},
		// The Dev on gh34 shields its King on g1 from the Rook on g16: to
		// ef34 or ij34 it would open the g-file; to gh56 it still covers it
		// (g5 g6); gh12 holds its King.
		{name: "a pinned Dev", place: "Kg1 Dg3 rg16 kp16", rest: "w - - 0 1", from: "g3", want: "g5"},
	})
	// The other helpers of the Shogi case each take the Dev on their own
	// square, and the Shogi's capture empties all four.
	p := giPos(t, "giant", "Sg1 dg5 Ra5 Rp6 Bk2 Ka14 km15", "w - - 0 1")
	for from, want := range map[string]string{"a5": "xg5", "p6": "xh6", "k2": "xh5"} {
		if got := giCapDests(p, from); got != want {
			t.Errorf("captures of %s in %s = %q; want %q", from, p.FEN(), got, want)
		}
	}
	m := uciMove(t, p, "g1g6")
	if got, want := giCaps(p, m), czNorm("g5 h5 g6 h6"); got != want {
		t.Errorf("Captures(g1g6) = %q; want %q", got, want)
	}
	giExpectFEN(t, p, giFEN(t, "Sg6 Ra5 Rp6 Bk2 Ka14 km15", "b - - 0 1"), "g1g6")
}

// Required test 1f: a Dev letter must fill an aligned 2x2 block with four
// letters of one colour (RULES R29, contract "a Dev letter that does not
// fill a whole aligned block ... is an invalid FEN").
func TestGiantDevFEN(t *testing.T) {
	v := giVariant(t, "giant")
	setupErr := func(fen string) error {
		s, err := ParseFEN(v, fen)
		if err != nil {
			return err
		}
		_, err = NewPosition(s)
		return err
	}
	bad := map[string]string{
		"one letter":                "Dc3",
		"three letters":             "Dc3 Dd3 Dc4",
		"files b-c":                 "Db3 Dc3 Db4 Dc4",
		"ranks 2-3":                 "Dc2 Dd2 Dc3 Dd3",
		"files b-c, ranks 2-3":      "Db2 Dc2 Db3 Dc3",
		"mixed colours":             "Dc3 Dd3 Dc4 dd4",
		"a fifth letter":            "Dc3 Dd3 Dc4 Dd4 De3",
		"a row of four":             "Dc3 Dd3 De3 Df3",
		"six letters, 2x3":          "Dc3 Dd3 Dc4 Dd4 Dc5 Dd5",
		"black, one short":          "do15 dp15 do16",
		"black, unaligned ranks":    "do14 dp14 do15 dp15",
		"two blocks one letter off": "Dc3 Dd3 Dc4 Dd4 Dc5 Dd5 Dc6",
	}
	for name, place := range bad {
		fen := giBoard(t, place+" Ka1 kp16", false) + " w - - 0 1"
		if err := setupErr(fen); err == nil {
			t.Errorf("%s: %s accepted; want an error", name, fen)
		}
	}
	good := map[string]string{
		"one Dev":                   "Dc3 Dd3 Dc4 Dd4",
		"two Devs side by side":     "Dc3 Dd3 De3 Df3 Dc4 Dd4 De4 Df4",
		"two Devs one above other":  "Dc3 Dd3 Dc4 Dd4 Dc5 Dd5 Dc6 Dd6",
		"a black Dev in the corner": "do15 dp15 do16 dp16",
		"Devs of both colours":      "Dc7 Dd7 Dc8 Dd8 de7 df7 de8 df8",
	}
	for name, place := range good {
		fen := giBoard(t, place+" Ka1 kh16", false) + " w - - 0 1"
		s, err := ParseFEN(v, fen)
		if err != nil {
			t.Errorf("%s: ParseFEN(%s) = %v", name, fen, err)
			continue
		}
		p, err := NewPosition(s)
		if err != nil {
			t.Errorf("%s: NewPosition(%s) = %v", name, fen, err)
			continue
		}
		if got := p.FEN(); got != fen {
			t.Errorf("%s: FEN round trip\n got %s\nwant %s", name, got, fen)
		}
	}
}

// Required test 1g: notation (contract, RULES R28): the Dev's move is
// written with the lower-left squares of the blocks, c3c5 (also c3-c5), the
// text's cd34-cd56 (also cd34cd56) is read, SAN is Dc5 or Dxc5.
func TestGiantDevNotation(t *testing.T) {
	tests := []struct {
		name, place, san string
	}{
		{"move", "Dc3 Ka1 kp16", "Dc5"},
		// A black Knight on d6 stands in cd56: the move captures it.
		{"capture", "Dc3 nd6 Ka1 kp16", "Dxc5"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := giPos(t, "giant", tc.place, "w - - 0 1")
			m := uciMove(t, p, "c3c5")
			if got := p.UCI(m); got != "c3c5" {
				t.Errorf("UCI = %q; want c3c5", got)
			}
			if got := p.SAN(m); got != tc.san {
				t.Errorf("SAN = %q; want %q", got, tc.san)
			}
			for _, text := range []string{"c3c5", "c3-c5", "cd34-cd56", "cd34cd56", tc.san} {
				got, err := p.ParseMove(text)
				if err != nil {
					t.Errorf("ParseMove(%q) = %v", text, err)
					continue
				}
				if got != m {
					t.Errorf("ParseMove(%q) = %+v; want %+v", text, got, m)
				}
			}
		})
	}
}

// giCastle is the castling setup of the text's first rank: King i1, Rooks
// a1 b1 o1 p1, and Black's mirror.
const giCastle = "Ki1 Ra1 Rb1 Ro1 Rp1 ki16 ra16 rb16 ro16 rp16"

// Required test 2: castling (RULES R16, contract): the King moves two
// squares toward an unmoved Rook on its first rank with every square
// between empty, not in check, not passing or landing on an attacked
// square; the Rook lands on the square passed. From i1: toward b1 the King
// goes to g1 and the Rook to h1; toward o1 to k1 and j1.
func TestGiantCastling(t *testing.T) {
	const steps = "h1 j1 h2 i2 j2"
	tests := []struct {
		name, place, rest, want string
		play                    map[string]string // castling move -> rank 1 (or 16) and rights after
	}{
		{
			// Innermost first: b1 and o1, the squares c1-h1 and j1-n1 empty.
			name: "the inner Rooks", place: giCastle, rest: "w ABOPabop - 0 1",
			want: steps + " g1 k1",
			play: map[string]string{"i1g1": "R5KR6RR abop", "i1k1": "RR7RK4R abop"},
		},
		{
			// Black likewise toward b16 and o16.
			name: "Black's inner Rooks", place: giCastle, rest: "b ABOPabop - 0 1",
			want: "h16 j16 h15 i15 j15 g16 k16",
			play: map[string]string{"i16g16": "r5kr6rr ABOP", "i16k16": "rr7rk4r ABOP"},
		},
		{
			// The inner Rooks gone: a1 and p1, all squares between empty.
			name: "the outer Rooks", place: "Ki1 Ra1 Rp1 ki16", rest: "w AP - 0 1",
			want: steps + " g1 k1",
			play: map[string]string{"i1g1": "6KR7R -", "i1k1": "R8RK5 -"},
		},
		{
			// a1, o1 and p1 with their rights: the King's side uses o1, the
			// other a1 (b1 gone).
			name: "a1 once b1 has gone, o1 before p1", place: "Ki1 Ra1 Ro1 Rp1 ki16", rest: "w AOP - 0 1",
			want: steps + " g1 k1",
			play: map[string]string{"i1g1": "6KR6RR -", "i1k1": "R8RK4R -"},
		},
		{
			// The Rook on b1 has lost its right (moved and came back): a1
			// keeps its right but b1 stands between.
			name: "outer Rook behind an inner one", place: "Ki1 Ra1 Rb1 ki16", rest: "w A - 0 1",
			want: steps,
		},
		{
			// Own pieces between: Nd1 (c1-h1), Bl1 (j1-n1).
			name: "occupied squares between", place: giCastle + " Nd1 Bl1", rest: "w ABOPabop - 0 1",
			want: steps,
		},
		{
			name: "one side occupied", place: giCastle + " Nd1", rest: "w ABOPabop - 0 1",
			want: steps + " k1",
		},
		{
			// An outer Rook with a piece between: Ra1, Nc1.
			name: "outer Rook, occupied square", place: "Ki1 Ra1 Nc1 ki16", rest: "w A - 0 1",
			want: steps,
		},
		{
			// Rook i9 checks down the i-file (i2 attacked too).
			name: "in check", place: "Ki1 Ra1 Rb1 Ro1 Rp1 ki16 ri9", rest: "w ABOP - 0 1",
			want: "h1 j1 h2 j2",
		},
		{
			// Rook h9 attacks h1, the square the King passes toward b1 (and
			// h2): only k1.
			name: "through an attacked square", place: "Ki1 Ra1 Rb1 Ro1 Rp1 ki16 rh9", rest: "w ABOP - 0 1",
			want: "j1 i2 j2 k1",
		},
		{
			// Rook j9: j1 passed toward o1.
			name: "through an attacked square, King's side", place: "Ki1 Ra1 Rb1 Ro1 Rp1 ki16 rj9", rest: "w ABOP - 0 1",
			want: "h1 h2 i2 g1",
		},
		{
			// Rook g9 attacks g1, where the King would land.
			name: "onto an attacked square", place: "Ki1 Ra1 Rb1 Ro1 Rp1 ki16 rg9", rest: "w ABOP - 0 1",
			want: steps + " k1",
		},
		{
			name: "onto an attacked square, King's side", place: "Ki1 Ra1 Rb1 Ro1 Rp1 ki16 rk9", rest: "w ABOP - 0 1",
			want: steps + " g1",
		},
		{
			// Only the King's squares count: c1 (the Rook passes it) and b1
			// (the Rook itself) attacked by Rooks on c9 and b9 do not stop it.
			name: "the Rook's path attacked", place: "Ki1 Ra1 Rb1 Ro1 Rp1 ki16 rb9 rc9", rest: "w ABOP - 0 1",
			want: steps + " g1 k1",
		},
		{
			// A black Dev on gh34 attacks the block gh12 (g1 h1 g2 h2): the
			// King may not pass h1; ij12 is not next to gh34.
			name: "a square attacked by a Dev", place: "Ki1 Ra1 Rb1 Ro1 Rp1 ki16 dg3", rest: "w ABOP - 0 1",
			want: "i2 j1 j2 k1",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := giPos(t, "giant", tc.place, tc.rest)
			from := "i1"
			if p.Turn() == Black {
				from = "i16"
			}
			if got, want := czDests(p, from), czNorm(tc.want); got != want {
				t.Errorf("King moves in %s\n got %q\nwant %q", p.FEN(), got, want)
			}
			for mv, after := range tc.play {
				want := strings.Fields(after)
				m := uciMove(t, p, mv)
				if m.Kind != MoveCastle {
					t.Errorf("%s: Kind %v; want castling", mv, m.Kind)
				}
				q := czPlay(t, p, mv)
				r := 1
				if p.Turn() == Black {
					r = 16
				}
				if got := giRank(q, r); got != want[0] {
					t.Errorf("after %s: rank %d %q; want %q (%s)", mv, r, got, want[0], q.FEN())
				}
				if got := czRights(q); got != want[1] {
					t.Errorf("after %s: rights %q; want %q", mv, got, want[1])
				}
			}
		})
	}
}

// Required test 2b: castling rights are kept per Rook (RULES R16, R30): a
// Rook that moves or is captured loses its right, the King moving loses its
// side's rights.
func TestGiantCastlingRights(t *testing.T) {
	tests := []struct {
		name, place, rest string
		moves             []string
		rights, kingWant  string // rights after; White King's moves after ("" = not checked)
	}{
		// Rb1-c1: B goes; a1 keeps A but c1 blocks it. After ...e12-e11 and
		// Rc1-b1 back, B stays lost and b1 blocks a1.
		{"Rook moves", giCastle + " pe12", "w ABOPabop - 0 1", []string{"b1c1"}, "AOPabop", ""},
		{"Rook moves and returns", giCastle + " pe12", "w ABOPabop - 0 1", []string{"b1c1", "e12e11", "c1b1", "e11e10"}, "AOPabop", "h1 j1 h2 i2 j2 k1"},
		// The King steps and comes back: all four white rights gone.
		{"King moves", giCastle + " pe12", "w ABOPabop - 0 1", []string{"i1i2"}, "abop", ""},
		{"King moves and returns", giCastle + " pe12", "w ABOPabop - 0 1", []string{"i1i2", "e12e11", "i2i1", "e11e10"}, "abop", "h1 j1 h2 i2 j2"},
		// Ra16xa1 (a15-a2 empty): White's A and Black's a both go.
		{"Rook captured by a Rook", giCastle, "b ABOPabop - 0 1", []string{"a16a1"}, "BOPbop", ""},
		// Bj7xp1 (k6 l5 m4 n3 o2): P goes.
		{"Rook captured by a Bishop", giCastle + " bj7", "b ABOPabop - 0 1", []string{"j7p1"}, "ABOabop", "h1 j1 h2 i2 j2 g1 k1"},
		// A black Rook moves: p goes.
		{"black Rook moves", giCastle, "b ABOPabop - 0 1", []string{"p16p10"}, "ABOPabo", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := giPos(t, "giant", tc.place, tc.rest)
			q := czPlay(t, p, tc.moves...)
			if got := czRights(q); got != tc.rights {
				t.Errorf("rights after %v = %q; want %q (%s)", tc.moves, got, tc.rights, q.FEN())
			}
			if tc.kingWant != "" {
				if got, want := czDests(q, "i1"), czNorm(tc.kingWant); got != want {
					t.Errorf("King moves in %s\n got %q\nwant %q", q.FEN(), got, want)
				}
			}
		})
	}
}

// Required test 3a: double steps from ranks 5 and 6 (Black 12 and 11), not
// from 4 or 7 (RULES R17: "Any white pawn on rows 5, 6 or any black pawn
// on rows 11, 12 can make an initial double step move").
func TestGiantPawnSteps(t *testing.T) {
	giRunDests(t, []giDestCase{
		{name: "rank 4", place: "Pe4 Pf5 Pg6 Ph7 Ka1 kp16", rest: "w - - 0 1", from: "e4", want: "e5"},
		{name: "rank 5", place: "Pe4 Pf5 Pg6 Ph7 Ka1 kp16", rest: "w - - 0 1", from: "f5", want: "f6 f7"},
		{name: "rank 6", place: "Pe4 Pf5 Pg6 Ph7 Ka1 kp16", rest: "w - - 0 1", from: "g6", want: "g7 g8"},
		{name: "rank 7", place: "Pe4 Pf5 Pg6 Ph7 Ka1 kp16", rest: "w - - 0 1", from: "h7", want: "h8"},
		{name: "black rank 13", place: "pi12 pj11 pk13 pl10 Ka1 kp16", rest: "b - - 0 1", from: "k13", want: "k12"},
		{name: "black rank 12", place: "pi12 pj11 pk13 pl10 Ka1 kp16", rest: "b - - 0 1", from: "i12", want: "i11 i10"},
		{name: "black rank 11", place: "pi12 pj11 pk13 pl10 Ka1 kp16", rest: "b - - 0 1", from: "j11", want: "j10 j9"},
		{name: "black rank 10", place: "pi12 pj11 pk13 pl10 Ka1 kp16", rest: "b - - 0 1", from: "l10", want: "l9"},
		// Both squares must be empty: m7 (own Knight) stops the double
		// step of m5; n8 (black Bishop) that of n6.
		{name: "second square occupied", place: "Pm5 Nm7 Pn6 bn8 Ka1 kp16", rest: "w - - 0 1", from: "m5", want: "m6"},
		{name: "second square occupied, rank 6", place: "Pm5 Nm7 Pn6 bn8 Ka1 kp16", rest: "w - - 0 1", from: "n6", want: "n7"},
	})
}

// Required test 3b: en passant as in FIDE after a double step (RULES R17).
func TestGiantEnPassant(t *testing.T) {
	tests := []struct {
		name, place, rest, step, ep, taker, dests, take, caps, after string
	}{
		// e5-e7 passes e6; the Pawn on d7 takes there and removes e7.
		{"from rank 5", "Pe5 pd7 Ka1 kp16", "w - - 0 1", "e5e7", "e6", "d7", "d6 xe6", "d7e6", "e7",
			giBoardOnly("pe6 Ka1 kp16") + " w - - 0 2"},
		// e6-e8 passes e7; f8 takes.
		{"from rank 6", "Pe6 pf8 Ka1 kp16", "w - - 0 1", "e6e8", "e7", "f8", "f7 xe7", "f8e7", "e8",
			giBoardOnly("pe7 Ka1 kp16") + " w - - 0 2"},
		// Black: j11-j9 passes j10; i9 takes.
		{"black from rank 11", "pj11 Pi9 Ka1 kp16", "b - - 0 1", "j11j9", "j10", "i9", "i10 xj10", "i9j10", "j9",
			giBoardOnly("Pj10 Ka1 kp16") + " b - - 0 2"},
		// Black: k12-k10 passes k11; l10 takes.
		{"black from rank 12", "pk12 Pl10 Ka1 kp16", "b - - 0 1", "k12k10", "k11", "l10", "l11 xk11", "l10k11", "k10",
			giBoardOnly("Pk11 Ka1 kp16") + " b - - 0 2"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := czPlay(t, giPos(t, "giant", tc.place, tc.rest), tc.step)
			if got := giField(p, 3); got != tc.ep {
				t.Errorf("en-passant field after %s = %q; want %q", tc.step, got, tc.ep)
			}
			if got, want := czDests(p, tc.taker), czNorm(tc.dests); got != want {
				t.Errorf("moves of %s in %s\n got %q\nwant %q", tc.taker, p.FEN(), got, want)
			}
			m := uciMove(t, p, tc.take)
			if m.Kind != MoveEnPassant {
				t.Errorf("%s: Kind %v; want en-passant", tc.take, m.Kind)
			}
			if got := giCaps(p, m); got != tc.caps {
				t.Errorf("Captures(%s) = %q; want %q", tc.take, got, tc.caps)
			}
			giExpectFEN(t, p, tc.after, tc.take)
		})
	}
	t.Run("the next move only", func(t *testing.T) {
		p := czPlay(t, giPos(t, "giant", "Pe5 pd7 Ka1 kp16", "w - - 0 1"), "e5e7", "p16p15", "a1a2")
		if got, want := czDests(p, "d7"), czNorm("d6"); got != want {
			t.Errorf("moves of d7 in %s = %q; want %q", p.FEN(), got, want)
		}
	})
	t.Run("only a Pawn takes", func(t *testing.T) {
		// The Knight on c5 may go to e6, but that is no capture of e7.
		// Knight c5: a4 a6 b3 b7 d3 e4 e6 (d7 is its own Pawn).
		p := czPlay(t, giPos(t, "giant", "Pe5 pd7 nc5 Ka1 kp16", "w - - 0 1"), "e5e7")
		if got, want := czDests(p, "c5"), czNorm("a4 a6 b3 b7 d3 e4 e6"); got != want {
			t.Errorf("moves of c5 in %s\n got %q\nwant %q", p.FEN(), got, want)
		}
	})
}

// Required test 3c: promotion on reaching the last two ranks, compulsory, to Q R B N
// G C M S E or D; to a Dev only when the block of the arrival square is
// otherwise empty once the move's captures are made, the Dev then fills the
// block (RULES R17, contract).
func TestGiantPromotion(t *testing.T) {
	giRunDests(t, []giDestCase{
		// c14-c15 reaches rank 15: ten promotions, no plain move; cd1516
		// (c15 d15 c16 d16) is empty.
		{name: "rank 15", place: "Pc14 Ka1 kp10", rest: "w - - 0 1", from: "c14", want: giPromos("c15", false)},
		// A black Rook on d15 and a black Knight on b15: c15 is in cd1516
		// with the Rook (no Dev); taking the Rook empties cd1516 (Dev
		// allowed); taking the Knight leaves ab1516 empty (Dev allowed).
		{name: "captures and an enemy in the block", place: "Pc14 rd15 nb15 Ka1 kp10", rest: "w - - 0 1", from: "c14",
			want: giPromos("c15", true) + " " + giPromos("xd15", false) + " " + giPromos("xb15", false)},
		// An own Knight on f16 stands in ef1516: no Dev on e15.
		{name: "own piece in the block", place: "Pe14 Nf16 Ka1 kp10", rest: "w - - 0 1", from: "e14", want: giPromos("e15", true)},
		// Both Pawns of one block: c14 and d14 reach cd1516, each finds the
		// other outside the block (rank 14 is not in it).
		{name: "neighbour outside the block", place: "Pc14 Pd14 Ka1 kp10", rest: "w - - 0 1", from: "d14", want: giPromos("d15", false)},
		// A black piece on c16 with the capture on d15: after the capture
		// cd1516 still holds c16, no Dev there.
		{name: "capture, block still occupied", place: "Pc14 rd15 bc16 Ka1 kp10", rest: "w - - 0 1", from: "c14",
			want: giPromos("c15", true) + " " + giPromos("xd15", true)},
		// Black: k3-k2 reaches rank 2, kl12 empty.
		{name: "black rank 2", place: "pk3 Ka16 kp10", rest: "b - - 0 1", from: "k3", want: giPromos("k2", false)},
	})
	t.Run("the Dev fills its block", func(t *testing.T) {
		p := giPos(t, "giant", "Pc14 Ka1 kp10", "w - - 0 1")
		giExpectFEN(t, p, giFEN(t, "Dc15 Ka1 kp10", "b - - 0 1"), "c14c15d")
		p = giPos(t, "giant", "Pc14 rd15 nb15 Ka1 kp10", "w - - 0 1")
		m := uciMove(t, p, "c14d15d")
		if got := giCaps(p, m); got != "d15" {
			t.Errorf("Captures(c14d15d) = %q; want d15", got)
		}
		giExpectFEN(t, p, giFEN(t, "Dc15 nb15 Ka1 kp10", "b - - 0 1"), "c14d15d")
		p = giPos(t, "giant", "pk3 Ka16 kp10", "b - - 0 1")
		giExpectFEN(t, p, giFEN(t, "dk1 Ka16 kp10", "w - - 0 2"), "k3k2d")
	})
	t.Run("no Pawn on the last two ranks", func(t *testing.T) {
		// A Pawn promotes as soon as it reaches rank 15 (Black: 2), so no
		// Pawn can stand on ranks 15 and 16 (Black: 2 and 1) and a
		// promotion on rank 16 never arises by a move (no double step from
		// rank 14): such a FEN is refused.
		v := giVariant(t, "giant")
		for _, place := range []string{"Pc15", "Pc16", "pk2", "pk1"} {
			fen := giFEN(t, place+" Ka1 kp10", "w - - 0 1")
			s, err := ParseFEN(v, fen)
			if err == nil {
				_, err = NewPosition(s)
			}
			if err == nil {
				t.Errorf("%s accepted; want an error", fen)
			}
		}
	})
	t.Run("other promotions", func(t *testing.T) {
		p := giPos(t, "giant", "Pc14 Ka1 kp10", "w - - 0 1")
		for _, l := range strings.Fields("Q R B N G C M S E") {
			giExpectFEN(t, p, giFEN(t, l+"c15 Ka1 kp10", "b - - 0 1"), "c14c15"+strings.ToLower(l))
		}
	})
}

// giQuickStep is one move of the quick-form replay and the FEN fields
// expected after it: side, en passant, halfmove clock, move number, moves
// left in the turn.
type giQuickStep struct {
	move, side, ep string
	half, full     int
	left           int
}

// Required test 4: the quick form (RULES R18, contract): up to four moves
// a turn; a check ends the turn at once; the seventh FEN field counts the
// moves left; a double step gives en passant only when it ends the turn;
// the move number grows when Black's turn passes; the halfmove clock counts
// single moves.
func TestGiantQuickReplay(t *testing.T) {
	v := giVariant(t, "giant-quick")
	p := v.Start()
	if got := p.FEN(); !strings.HasSuffix(got, " 0 1 4") {
		t.Fatalf("start FEN %s; want it to end with ' 0 1 4'", got)
	}
	steps := []giQuickStep{
		// White's first turn: four moves, no check.
		{"f6f8", "w", "-", 0, 1, 3}, // double step mid-turn: no en passant
		{"f8f9", "w", "-", 0, 1, 2},
		{"g4f6", "w", "-", 1, 1, 1},  // Minister's knight leap into the vacated f6
		{"f6k11", "b", "-", 0, 1, 4}, // Minister f6-g7-h8-i9-j10xk11; the turn passes
		// Black's turn.
		{"a11a9", "b", "-", 0, 1, 3}, // double step mid-turn: no en passant
		{"b11b10", "b", "-", 0, 1, 2},
		{"c11c10", "b", "-", 0, 1, 1},
		{"g11g9", "w", "g10", 0, 2, 4}, // double step ending the turn, next to Pf9
		// White's second turn, cut short by a check on its third move.
		{"f9g10", "w", "-", 0, 2, 3},  // en passant, removes g9
		{"k11i12", "w", "-", 0, 2, 2}, // Minister's leap takes i12; no check
		{"i12h14", "b", "-", 0, 2, 4}, // Minister takes h14, checks i16 by a knight leap
		// Black answers.
		{"h15h14", "b", "-", 0, 2, 3},
		{"h14h15", "b", "-", 1, 2, 2},
		{"d11d9", "b", "-", 0, 2, 1}, // double step mid-turn
		{"e11e10", "w", "-", 0, 3, 4},
	}
	for i, st := range steps {
		prev := p
		m := uciMove(t, p, st.move)
		q, err := p.Play(m)
		if err != nil {
			t.Fatalf("step %d: Play(%s) = %v", i+1, st.move, err)
		}
		p = q
		f := strings.Fields(p.FEN())
		want := []string{st.side, st.ep, strconv.Itoa(st.half), strconv.Itoa(st.full), strconv.Itoa(st.left)}
		if len(f) != 7 || !slices.Equal(f[1:2], want[:1]) || !slices.Equal(f[3:], want[1:]) {
			t.Errorf("step %d (%s) from %s:\n got %s\nwant fields side %s, ep %s, halfmove %d, move %d, left %d",
				i+1, st.move, prev.FEN(), p.FEN(), st.side, st.ep, st.half, st.full, st.left)
		}
		// Every intermediate FEN reads back to itself.
		if got := positionOf(t, v, p.FEN()).FEN(); got != p.FEN() {
			t.Errorf("step %d: FEN round trip %s -> %s", i+1, p.FEN(), got)
		}
		switch st.move {
		case "f9g10":
			if got := giCaps(prev, m); got != "g9" {
				t.Errorf("Captures(f9g10) = %q; want g9", got)
			}
		case "i12h14":
			// The check: the turn has passed after White's third move.
			if !p.InCheck() || fmt.Sprint(p.Checkers()) != "[h14]" {
				t.Errorf("%s: InCheck %v, Checkers %v; want the Minister on h14 to check", p.FEN(), p.InCheck(), p.Checkers())
			}
			const want = "rrnnbbqqkgbbnnrr/rrnnbbqqggbbnnrr/ssddeemMcceeddss/ssddeemmcceeddss/pppppppp1ppppppp/" +
				"3ppp1ppp1ppppp/1pp3P9/p15/16/16/PPPPP1PPPPPPPPPP/PPPPPPPPPPPPPPPP/SSDDEE1MCCEEDDSS/" +
				"SSDDEEMMCCEEDDSS/RRNNBBQQGGBBNNRR/RRNNBBQQKGBBNNRR b ABOPabop - 0 2 4"
			if got := p.FEN(); got != want {
				t.Errorf("after the check\n got %s\nwant %s", got, want)
			}
			// The King cannot move (h16 h15 i15 j15 j16 are its own); the
			// check of a leaper cannot be blocked; h14 is taken by the
			// Queens g15 and h15, the General i15 (diagonal) and j15
			// (leap), the Chancellors i14 (rank) and j13 (leap), the
			// Minister g13 (diagonal).
			var got []string
			for _, m := range p.LegalMoves() {
				got = append(got, p.UCI(m))
			}
			slices.Sort(got)
			wantMoves := strings.Fields("g13h14 g15h14 h15h14 i14h14 i15h14 j13h14 j15h14")
			if !slices.Equal(got, wantMoves) {
				t.Errorf("Black's answers to the check: %v; want %v", got, wantMoves)
			}
		}
	}
	const final = "rrnnbbqqkgbbnnrr/rrnnbbqqggbbnnrr/ssddeem1cceeddss/ssddeemmcceeddss/pppppppp1ppppppp/" +
		"5p1ppp1ppppp/1pp1p1P9/p2p12/16/16/PPPPP1PPPPPPPPPP/PPPPPPPPPPPPPPPP/SSDDEE1MCCEEDDSS/" +
		"SSDDEEMMCCEEDDSS/RRNNBBQQGGBBNNRR/RRNNBBQQKGBBNNRR w ABOPabop - 0 3 4"
	if got := p.FEN(); got != final {
		t.Errorf("end of the replay\n got %s\nwant %s", got, final)
	}
}

// Required test 4b: no legal move in the middle of a turn passes the turn
// (RULES R18), and a FEN without the seventh field is read as 4.
func TestGiantQuickTurn(t *testing.T) {
	t.Run("no legal move mid-turn", func(t *testing.T) {
		// White, three moves left: the King on a1 cannot move (a2 is
		// attacked by the Bishop e6 via d5 c4 b3, b1 and b2 by the Rook on
		// b16); the Pawn c7 may step to c8 (not rank 5 or 6: no double
		// step) and is then blocked by the Knight on c9. After c7-c8 White
		// has no legal move with two left: the turn passes to Black, with
		// four, and the move number stays (White's turn passed).
		p := giPos(t, "giant-quick", "Ka1 Pc7 rb16 be6 nc9 kp16", "w - - 0 5 3")
		var legal []string
		for _, m := range p.LegalMoves() {
			legal = append(legal, p.UCI(m))
		}
		if !slices.Equal(legal, []string{"c7c8"}) {
			t.Fatalf("legal moves of %s: %v; want [c7c8]", p.FEN(), legal)
		}
		q := giExpectFEN(t, p, giFEN(t, "Ka1 Pc8 rb16 be6 nc9 kp16", "b - - 0 5 4"), "c7c8")
		if q.Turn() != Black {
			t.Errorf("%s: Black should move", q.FEN())
		}
		if len(q.LegalMoves()) == 0 {
			t.Errorf("%s: Black should have moves", q.FEN())
		}
	})
	t.Run("moves left in a turn", func(t *testing.T) {
		// A turn continues with the field counting down from any value.
		p := giPos(t, "giant-quick", "Ka1 Pc7 rb16 nc10 kp16", "w - - 0 5 2")
		giExpectFEN(t, p, giFEN(t, "Ka1 Pc8 rb16 nc10 kp16", "w - - 0 5 1"), "c7c8")
		giExpectFEN(t, p, giFEN(t, "Ka1 Pc9 rb16 nc10 kp16", "b - - 0 5 4"), "c7c8", "c8c9")
	})
	t.Run("a double step that checks ends the turn", func(t *testing.T) {
		// e5-e7 with three moves left checks the King on f8 (the Pawn
		// attacks d8 and f8): the turn passes, Black moves next, so the
		// en-passant right stands; d7xe6 is Black's only Pawn move (d6 would
		// leave the check).
		p := giPos(t, "giant-quick", "Pe5 pd7 kf8 Ka1", "w - - 0 1 3")
		q := giExpectFEN(t, p, giFEN(t, "Pe7 pd7 kf8 Ka1", "b - e6 0 1 4"), "e5e7")
		if !q.InCheck() {
			t.Errorf("%s: Black should be in check", q.FEN())
		}
		if got := czDests(q, "d7"); got != "xe6" {
			t.Errorf("moves of d7 in %s = %q; want xe6", q.FEN(), got)
		}
		// Without the check (King on p16) the turn goes on: no right.
		p = giPos(t, "giant-quick", "Pe5 pd7 kp16 Ka1", "w - - 0 1 3")
		giExpectFEN(t, p, giFEN(t, "Pe7 pd7 kp16 Ka1", "w - - 0 1 2"), "e5e7")
	})
	t.Run("seventh field missing", func(t *testing.T) {
		v := giVariant(t, "giant-quick")
		std := giVariant(t, "giant").StartFEN()
		if got := positionOf(t, v, std).FEN(); got != std+" 4" {
			t.Errorf("FEN without the seventh field read back as %s; want %s 4", got, std)
		}
	})
}

// giStart is the contract's start FEN of Giant Chess (SETUPS.md).
const giStart = "rrnnbbqqkgbbnnrr/rrnnbbqqggbbnnrr/ssddeemmcceeddss/ssddeemmcceeddss/pppppppppppppppp/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/PPPPPPPPPPPPPPPP/SSDDEEMMCCEEDDSS/SSDDEEMMCCEEDDSS/RRNNBBQQGGBBNNRR/RRNNBBQQKGBBNNRR w ABOPabop - 0 1"

// Required test 5: the start positions. Counted by hand from the setup:
// ranks 1-4 are full of White's pieces and ranks 5-6 of its Pawns, so
//   - each Pawn on rank 6 steps to rank 7 or, from rank 6, two squares to
//     rank 8: 16 x 2 = 32;
//   - the Pawns on rank 5 are blocked by those on rank 6;
//   - the steppers and sliders of ranks 1-4 (K Q R B G C M) see only own
//     pieces next to them;
//   - every knight leap (N on c1 c2 d1 d2 m1 m2 n1 n2, G on i2 j1 j2, M on
//     g3 g4 h3 h4, C on i3 i4 j3 j4) lands on rank 1-6, all own squares;
//   - the Devs cd34 and mn34 have own pieces in every neighbouring block;
//   - the Shogis (a b o p, ranks 3-4) and Elephants (e f k l, ranks 3-4)
//     find an own piece behind their first screen (Shogi a4: a5 screen,
//     a6 own; Elephant e4: f5 screen, g6 own; d5 screen, c6 own);
//   - no castling: every square between King and Rooks is occupied.
//
// 32 moves, all by the rank-6 Pawns; Black the same by symmetry; after any
// of them Black still has its 32 (nothing White can reach touches Black's
// ranks), so perft 2 is 32 x 32 = 1024.
//
// The quick form after 1. f6-f7, White to move again: the 15 other rank-6
// Pawns (30), f7-f8 (no double step from rank 7), f5-f6 (f7 occupied for a
// double step), and the Minister g4 leaping to f6; nothing else reaches f6
// or f7 (the diagonals through them hold own Pawns and no Elephant, no
// Shogi stands on the f-file): 33.
func TestGiantStart(t *testing.T) {
	giant := giVariant(t, "giant")
	quick := giVariant(t, "giant-quick")
	if got := giant.StartFEN(); got != giStart {
		t.Errorf("giant StartFEN\n got %s\nwant %s", got, giStart)
	}
	if got := quick.StartFEN(); got != giStart+" 4" {
		t.Errorf("giant-quick StartFEN\n got %s\nwant %s 4", got, giStart)
	}
	for _, c := range []struct {
		v   *Variant
		fen string
	}{{giant, giStart}, {quick, giStart + " 4"}} {
		if got := c.v.Start().FEN(); got != c.fen {
			t.Errorf("%s Start().FEN()\n got %s\nwant %s", c.v.ID(), got, c.fen)
		}
		if got := positionOf(t, c.v, c.fen).FEN(); got != c.fen {
			t.Errorf("%s start FEN round trip\n got %s\nwant %s", c.v.ID(), got, c.fen)
		}
	}

	// The 32 moves: every file, rank 6 to 7 and 8 (White), 11 to 10 and 9
	// (Black, on the same board with Black to move).
	pawnMoves := func(from, one, two int) []string {
		var out []string
		for f := 'a'; f <= 'p'; f++ {
			out = append(out, fmt.Sprintf("%c%d%c%d", f, from, f, one), fmt.Sprintf("%c%d%c%d", f, from, f, two))
		}
		slices.Sort(out)
		return out
	}
	uciList := func(p *Position) []string {
		var out []string
		for _, m := range p.LegalMoves() {
			out = append(out, p.UCI(m))
		}
		slices.Sort(out)
		return out
	}
	white := pawnMoves(6, 7, 8)
	black := pawnMoves(11, 10, 9)
	blackFEN := strings.Replace(giStart, " w ", " b ", 1)
	for _, c := range []struct {
		name string
		p    *Position
		want []string
	}{
		{"giant, White", giant.Start(), white},
		{"giant-quick, White", quick.Start(), white},
		{"giant, Black", positionOf(t, giant, blackFEN), black},
		{"giant-quick, Black", positionOf(t, quick, blackFEN+" 4"), black},
	} {
		if got := uciList(c.p); !slices.Equal(got, c.want) {
			t.Errorf("%s: %d legal moves %v\nwant %d %v", c.name, len(got), got, len(c.want), c.want)
		}
	}
	if got := Perft(giant.Start(), 1); got != 32 {
		t.Errorf("giant perft 1 = %d; want 32", got)
	}
	if got := Perft(quick.Start(), 1); got != 32 {
		t.Errorf("giant-quick perft 1 = %d; want 32", got)
	}
	if got := Perft(giant.Start(), 2); got != 1024 {
		t.Errorf("giant perft 2 = %d; want 1024", got)
	}
	// giant-quick perft 2: White moves twice. After a Pawn's x6-x7 White
	// has 32 moves plus the new ones, after x6-x8 33 plus them (the
	// base: 30 for the other rank-6 Pawns, 1 for the moved Pawn, 1 or 2
	// for the Pawn on x5, whose double step needs x7 empty). New moves
	// through the emptied x6: knight leaps from rank 4 (Minister g4 to f6
	// h6, Minister h4 to g6 i6, Chancellor i4 to h6 j6, Chancellor j4 to i6
	// k6) and Elephant captures over a rank-5 screen along the opened
	// diagonal to a rank-11 Pawn (e4 over f5 and g6 to l11, f4 over g5 and
	// h6 to m11, k4 over j5 and i6 to d11, l4 over k5 and j6 to e11).
	// Files f g h i j k gain 1 2 3 3 2 1, 12 in all, for each of the two
	// steps: 16 x 32 + 16 x 33 + 2 x 12 = 1064.
	if got := Perft(quick.Start(), 2); got != 1064 {
		t.Errorf("giant-quick perft 2 = %d; want 1064", got)
	}

	after := czPlay(t, quick.Start(), "f6f7")
	var want []string
	for _, m := range white {
		if !strings.HasPrefix(m, "f6") {
			want = append(want, m)
		}
	}
	want = append(want, "f7f8", "f5f6", "g4f6")
	slices.Sort(want)
	if got := uciList(after); !slices.Equal(got, want) {
		t.Errorf("giant-quick after f6f7 (%s): %d moves %v\nwant %d %v", after.FEN(), len(got), got, len(want), want)
	}
	if got := len(czPlay(t, giant.Start(), "f6f7").LegalMoves()); got != 32 {
		t.Errorf("giant after f6f7: Black has %d moves; want 32", got)
	}
}
