package rules

// Tests of Grand Chess's piece catalogue (variants/grand.json) against the
// yucata.de rule text (../shared/rules/seeds/grand-chess-yucata.txt), RULES
// R1-R4 and R19-R24, and the engine contract for the points the text leaves open.
//
// Every expectation below is written from the rule text, never from the
// piece definitions: the plain leapers and riders are given as explicit
// tables of (dx, dy) leaps and ride directions (gpCatalogue), which a small
// model (gpModel) turns into destination sets; every piece with a special
// path (Hero, Shaman, Duke, Rhino, Dragon, Tiger, Gryphon, Edgehog,
// Kangaroo, Archer, Block, Grasshopper, Scorpion, Cannon, Vao, Leo) has its
// destinations listed by hand as square names.
//
// Board: 10x10, files a-j, ranks 1-10; White moves up the board. Unless a
// case says otherwise the White King stands on c10 and the Black King on
// g10, off every line and leap of the tested piece from e5 and from a1, and
// the FEN move number is 10, so no piece is frozen (RULES R20).

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// gpMode says whether an atom of a piece's move moves, captures or both.
type gpMode uint8

const (
	gpMoves gpMode = 1 << iota // may go to an empty square
	gpTakes                    // may capture an enemy piece
	gpBoth  = gpMoves | gpTakes
)

// gpAtom is one leap or ride of a piece (White's view; Black's is mirrored):
// offset (dx, dy), repeated up to max times in the same direction (max 1: a
// single leap or step; 0: unlimited) where every square landed on before the
// last must be empty. The squares between two landing squares never matter.
type gpAtom struct {
	dx, dy, max int
	mode        gpMode
}

// gpSym returns the leap or ride (a, b) in every orientation: (±a, ±b) and
// (±b, ±a), each once.
func gpSym(a, b, max int, mode gpMode) []gpAtom {
	var out []gpAtom
	for _, v := range [][2]int{{a, b}, {b, a}} {
		for _, sx := range []int{1, -1} {
			for _, sy := range []int{1, -1} {
				at := gpAtom{v[0] * sx, v[1] * sy, max, mode}
				if !slices.Contains(out, at) {
					out = append(out, at)
				}
			}
		}
	}
	return out
}

// Building blocks named as in the rule text.
func gpLeap(a, b int) []gpAtom { return gpSym(a, b, 1, gpBoth) }
func gpRide(a, b int) []gpAtom { return gpSym(a, b, 0, gpBoth) }

var (
	gpW = gpLeap(0, 1) // wazir: one step orthogonally
	gpF = gpLeap(1, 1) // ferz: one step diagonally
	gpK = gpJoin(gpW, gpF)
	gpD = gpLeap(0, 2) // dabbaba (2,0)
	gpA = gpLeap(2, 2) // elephant (2,2)
	gpN = gpLeap(1, 2) // knight (2,1)
	gpC = gpLeap(1, 3) // camel (3,1)
	gpZ = gpLeap(2, 3) // zebra (3,2)
	gpG = gpLeap(1, 4) // giraffe (4,1)
	gpH = gpLeap(0, 3) // frog's (3,0)
	gpR = gpRide(0, 1)
	gpB = gpRide(1, 1)
	gpQ = gpJoin(gpR, gpB)
)

func gpJoin(parts ...[]gpAtom) []gpAtom {
	var out []gpAtom
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// gpOnly returns the atoms with their mode replaced.
func gpOnly(mode gpMode, atoms []gpAtom) []gpAtom {
	out := slices.Clone(atoms)
	for i := range out {
		out[i].mode = mode
	}
	return out
}

// gpUpTo returns the rides limited to n squares.
func gpUpTo(n int, atoms []gpAtom) []gpAtom {
	out := slices.Clone(atoms)
	for i := range out {
		out[i].max = n
	}
	return out
}

// gpPiece is one piece type of grand.json: its letter and name, and its
// move either as atoms (valid on any board) or as hand-written destination
// lists from e5 and from a1 on the otherwise empty board.
type gpPiece struct {
	letter, name string
	atoms        []gpAtom
	e5, a1       string // hand lists, used when atoms is nil
}

// gpClassical are the eight classical types; gpCatalogue the 65 extra ones,
// in the order of the text's appendix.
var gpClassical = []gpPiece{
	{letter: "K", name: "King", atoms: gpK},
	{letter: "Q", name: "Queen", atoms: gpQ},
	{letter: "C", name: "Marshall", atoms: gpJoin(gpR, gpN)},
	{letter: "A", name: "Cardinal", atoms: gpJoin(gpB, gpN)},
	{letter: "R", name: "Rook", atoms: gpR},
	{letter: "B", name: "Bishop", atoms: gpB},
	{letter: "N", name: "Knight", atoms: gpN},
	// One step forward; the double step is from rank 3 only; captures
	// diagonally forward (nothing to capture here).
	{letter: "P", name: "Pawn", e5: "e6", a1: "a2"},
}

var gpCatalogue = []gpPiece{
	{letter: "G", name: "Guard", atoms: gpK},
	{letter: "C'", name: "Centaur", atoms: gpJoin(gpK, gpN)},
	{letter: "A'", name: "Amazon", atoms: gpJoin(gpQ, gpN)},
	{letter: "N'", name: "KnightRider", atoms: gpRide(1, 2)},
	// A knight's leaps; the capture from afar is tested on its own.
	{letter: "X", name: "Archer", e5: "d7 f7 c6 g6 c4 g4 d3 f3", a1: "b3 c2"},
	// "moves horizontally through any number of unoccupied squares ...
	// one square directly forward or backward".
	{letter: "S''", name: "Side Mover", atoms: []gpAtom{{1, 0, 0, gpBoth}, {-1, 0, 0, gpBoth}, {0, 1, 1, gpBoth}, {0, -1, 1, gpBoth}}},
	{letter: "V'", name: "Vertical Mover", atoms: []gpAtom{{0, 1, 0, gpBoth}, {0, -1, 0, gpBoth}, {1, 0, 1, gpBoth}, {-1, 0, 1, gpBoth}}},
	{letter: "F", name: "Ferz", atoms: gpF},
	{letter: "K'", name: "DragonKing", atoms: gpJoin(gpR, gpF)},
	{letter: "F''", name: "Knight-Ferz", atoms: gpJoin(gpN, gpF)},
	{letter: "W", name: "Wazir", atoms: gpW},
	// "moves like wazir ... captures like ferz".
	{letter: "T''", name: "Steward", atoms: gpJoin(gpOnly(gpMoves, gpW), gpOnly(gpTakes, gpF))},
	{letter: "H'", name: "DragonHorse", atoms: gpJoin(gpB, gpW)},
	{letter: "U''", name: "Knight-Wazir", atoms: gpJoin(gpN, gpW)},
	// W step, then (if that square was empty) one step diagonally outward.
	{letter: "R'", name: "Rhino", e5: "e6 e4 d5 f5 d7 f7 d3 f3 c6 c4 g6 g4", a1: "a2 b1 b3 c2"},
	{letter: "E", name: "Elephant", atoms: gpA},
	{letter: "H''", name: "Phoenix", atoms: gpJoin(gpA, gpW)},
	{letter: "E'", name: "Modern Elephant", atoms: gpJoin(gpA, gpF)},
	{letter: "M", name: "Mammoth", atoms: gpJoin(gpA, gpK)},
	{letter: "D", name: "Dabbaba", atoms: gpD},
	{letter: "D'", name: "DabbabaRider", atoms: gpRide(0, 2)},
	{letter: "N''", name: "Knight-Dabbaba", atoms: gpJoin(gpN, gpD)},
	{letter: "I''", name: "Dabbaba-Wazir", atoms: gpJoin(gpD, gpW)},
	{letter: "I'", name: "Kirin", atoms: gpJoin(gpD, gpF)},
	{letter: "Y'", name: "Alibaba", atoms: gpJoin(gpA, gpD)},
	{letter: "B'", name: "Badger", atoms: gpJoin(gpB, gpD)},
	// "moves like knight or like dabbaba or like elephant ... captures like ferz".
	{letter: "O'", name: "Ox", atoms: gpJoin(gpOnly(gpMoves, gpJoin(gpN, gpD, gpA)), gpOnly(gpTakes, gpF))},
	{letter: "J", name: "Camel", atoms: gpC},
	{letter: "C''", name: "Camel-Ferz", atoms: gpJoin(gpC, gpF)},
	{letter: "J''", name: "Camel-Wazir", atoms: gpJoin(gpC, gpW)},
	{letter: "G''", name: "Camel-Guard", atoms: gpJoin(gpC, gpK)},
	{letter: "J'", name: "Camel-Rook", atoms: gpJoin(gpC, gpR)},
	{letter: "I", name: "Giraffe", atoms: gpG},
	{letter: "Z", name: "Zebra", atoms: gpZ},
	{letter: "P''", name: "Zebra-Ferz", atoms: gpJoin(gpZ, gpF)},
	{letter: "R''", name: "Zebra-Wazir", atoms: gpJoin(gpZ, gpW)},
	{letter: "O''", name: "Zebra-Bishop", atoms: gpJoin(gpZ, gpB)},
	{letter: "Z'", name: "Zebra-Rook", atoms: gpJoin(gpZ, gpR)},
	{letter: "Q''", name: "Zebra-Guard", atoms: gpJoin(gpZ, gpK)},
	{letter: "P'", name: "Pegasus", atoms: gpJoin(gpZ, gpG)},
	{letter: "W'", name: "Wildebeest", atoms: gpJoin(gpN, gpC)},
	{letter: "M''", name: "Camel-Zebra", atoms: gpJoin(gpC, gpZ)},
	{letter: "L''", name: "Knight-Camel-Zebra", atoms: gpJoin(gpN, gpC, gpZ)},
	// Hoppers need a piece to jump: nothing on the empty board.
	{letter: "G'", name: "Grasshopper", e5: "", a1: ""},
	{letter: "S'", name: "Scorpion", e5: "d6 e6 f6 d5 f5 d4 e4 f4", a1: "a2 b1 b2"},
	// W, D, (3,0) squares and knight squares (step + leap in either order).
	{letter: "H", name: "Hero", e5: "e6 e4 d5 f5 e7 e3 c5 g5 e8 e2 b5 h5 d7 f7 c6 g6 c4 g4 d3 f3", a1: "a2 b1 a3 c1 a4 d1 b3 c2"},
	// F, A, (3,3) squares and camel squares (from a1: d2 and b4 only by
	// leaping to c3 first, the step-first path leaves the board).
	{letter: "S", name: "Shaman", e5: "d6 f6 d4 f4 c7 g7 c3 g3 b8 h8 b2 h2 h6 h4 b6 b4 f8 d8 f2 d2", a1: "b2 c3 d4 d2 b4"},
	// Up to three squares in the eight directions.
	{letter: "B''", name: "Block", e5: "e6-e8 e4-e2 d5-b5 f5-h5 d6-b8 f6-h8 d4-b2 f4-h2", a1: "a2-a4 b1-d1 b2-d4"},
	// "as a knight, except ... one space diagonally backwards instead of the
	// knight's two rear-most moves, and ... like a camel sideways in a
	// forward direction instead of the knight's two sideways moves that are
	// also forward": (±1,+2), (±2,-1), (±1,-1), (±3,+1).
	{letter: "U'", name: "Butterfly", atoms: []gpAtom{
		{1, 2, 1, gpBoth}, {-1, 2, 1, gpBoth}, {2, -1, 1, gpBoth}, {-2, -1, 1, gpBoth},
		{1, -1, 1, gpBoth}, {-1, -1, 1, gpBoth}, {3, 1, 1, gpBoth}, {-3, 1, 1, gpBoth}}},
	// "two squares vertically forwards and one square horizontally, or one
	// square vertically backwards and two squares horizontally".
	{letter: "X'", name: "Crab", atoms: []gpAtom{{1, 2, 1, gpBoth}, {-1, 2, 1, gpBoth}, {2, -1, 1, gpBoth}, {-2, -1, 1, gpBoth}}},
	// Rook; or a diagonal step, then dabbaba-rider leaps along either
	// orthogonal direction leading away from the start.
	{letter: "D''", name: "Dragon",
		e5: "e6-e10 e1-e4 a5-d5 f5-j5 d6 f6 d4 f4 f8 f10 h6 j6 d8 d10 b6 h4 j4 f2 b4 d2",
		a1: "a2-a10 b1-j1 b2 b4 b6 b8 b10 d2 f2 h2 j2"},
	// Queen lines; every move starts or ends on an edge square.
	{letter: "E''", name: "Edgehog", e5: "e1 e10 a5 j5 j10 a9 i1 a1", a1: "a2-a10 b1-j1 b2-j10"},
	// (k+1,k) squares with k >= 1, in all eight orientations.
	{letter: "U", name: "Duke",
		e5: "g6 g4 c6 c4 f7 f3 d7 d3 h7 h3 b7 b3 g8 g2 c8 c2 i8 i2 a8 a2 h9 h1 b9 b1 j9 j1 i10 a10",
		a1: "c2 b3 d3 c4 e4 d5 f5 e6 g6 f7 h7 g8 i8 h9 j9 i10"},
	{letter: "F'", name: "Frog", atoms: gpJoin(gpF, gpH)},
	// A diagonal step, then a rook's slide along either orthogonal direction
	// leading away from the start.
	{letter: "Y", name: "Gryphon",
		e5: "d6 f6 d4 f4 f7-f10 g6-j6 d7-d10 c6-a6 f3-f1 g4-j4 d3-d1 c4-a4",
		a1: "b2 b3-b10 c2-j2"},
	{letter: "K''", name: "Kangaroo", e5: "", a1: ""},
	// D and A leaps move or capture; one step captures only.
	{letter: "L", name: "Lion", atoms: gpJoin(gpD, gpA, gpOnly(gpTakes, gpK))},
	{letter: "M'", name: "Mage", atoms: gpJoin(gpK, gpD, gpA, gpN)},
	{letter: "A''", name: "Champion", atoms: gpJoin(gpW, gpA, gpD)},
	{letter: "Q'", name: "Squirrel", atoms: gpJoin(gpD, gpA, gpN)},
	// Dabbaba, or one or two squares diagonally as a bishop.
	{letter: "T'", name: "Templar", atoms: gpJoin(gpD, gpUpTo(2, gpB))},
	// A (3,2) leap, then on as a bishop along the diagonal with the leap's signs.
	{letter: "T", name: "Tiger",
		e5: "g8 h9 i10 c8 b9 a10 g2 h1 c2 b1 h7 i8 j9 b7 a8 h3 i2 j1 b3 a2",
		a1: "c4 d5 e6 f7 g8 h9 i10 d3 e4 f5 g6 h7 i8 j9"},
	// Move as Rook, Bishop, Queen; capture only over a screen.
	{letter: "O", name: "Cannon", e5: "e6-e10 e1-e4 a5-d5 f5-j5", a1: "a2-a10 b1-j1"},
	{letter: "V", name: "Vao", e5: "f6-j10 d6-a9 f4-i1 d4-a1", a1: "b2-j10"},
	{letter: "L'", name: "Leo", e5: "e6-e10 e1-e4 a5-d5 f5-j5 f6-j10 d6-a9 f4-i1 d4-a1", a1: "a2-a10 b1-j1 b2-j10"},
}

// gpVariant is Grand Chess.
func gpVariant() *Variant { return MustBuiltin("grand") }

// gpSq reads a square name of the 10x10 board.
func gpSq(t testing.TB, name string) Square {
	t.Helper()
	sq, ok := gpParseSq(name)
	if !ok {
		t.Fatalf("bad square %q in the test data", name)
	}
	return sq
}

func gpParseSq(name string) (Square, bool) {
	if len(name) < 2 || name[0] < 'a' || name[0] > 'j' {
		return NoSquare, false
	}
	r, err := strconv.Atoi(name[1:])
	if err != nil || r < 1 || r > 10 || name[1] == '0' {
		return NoSquare, false
	}
	return SquareAt(int(name[0]-'a'), r-1), true
}

// gpPlaced is one piece of a placement list.
type gpPlaced struct {
	letter string // as in FEN: upper case White, lower case Black
	sq     Square
}

// gpPlace reads a placement list such as "Kc10 kg10 R'e5 pd5": each token is
// a FEN letter (with its apostrophes) followed by a square.
func gpPlace(t testing.TB, place string) []gpPlaced {
	t.Helper()
	var out []gpPlaced
	for _, tok := range strings.Fields(place) {
		i := len(tok)
		for i > 0 && tok[i-1] >= '0' && tok[i-1] <= '9' {
			i--
		}
		if i < 2 {
			t.Fatalf("bad placement token %q", tok)
		}
		out = append(out, gpPlaced{tok[:i-1], gpSq(t, tok[i-1:])})
	}
	return out
}

// gpFEN writes the FEN of a placement list: side to move, no rights, no en
// passant, halfmove 0, the given move number and an optional seventh field.
func gpFEN(t testing.TB, place, side string, fullmove int, extra string) string {
	t.Helper()
	var grid [10][10]string
	for _, pc := range gpPlace(t, place) {
		if grid[pc.sq.Rank()][pc.sq.File()] != "" {
			t.Fatalf("two pieces on %s in %q", pc.sq, place)
		}
		grid[pc.sq.Rank()][pc.sq.File()] = pc.letter
	}
	fen := fmt.Sprintf("%s %s - - 0 %d", boardFEN(10, 10, func(f, r int) string { return grid[r][f] }), side, fullmove)
	if extra != "" {
		fen += " " + extra
	}
	return fen
}

// gpPos returns the position of a placement list.
func gpPos(t testing.TB, place, side string, fullmove int, extra string) *Position {
	t.Helper()
	return positionOf(t, gpVariant(), gpFEN(t, place, side, fullmove, extra))
}

// gpSetupErr parses and validates a FEN and returns the first error.
func gpSetupErr(fen string) error {
	s, err := ParseFEN(gpVariant(), fen)
	if err != nil {
		return err
	}
	_, err = NewPosition(s)
	return err
}

// gpMirror mirrors a placement list across the middle of the board and swaps
// the colours: "N'e5 Pe6 kg9" becomes "n'e6 pe5 Kg2".
func gpMirror(t testing.TB, place string) string {
	t.Helper()
	var out []string
	for _, pc := range gpPlace(t, place) {
		l := pc.letter
		if c := l[0]; c >= 'A' && c <= 'Z' {
			l = strings.ToLower(l[:1]) + l[1:]
		} else {
			l = strings.ToUpper(l[:1]) + l[1:]
		}
		out = append(out, l+SquareAt(pc.sq.File(), 9-pc.sq.Rank()).String())
	}
	return strings.Join(out, " ")
}

// gpMirrorList mirrors the squares of a token list (see gpDests).
func gpMirrorList(t testing.TB, list string) string {
	t.Helper()
	var out []string
	for _, tok := range strings.Fields(gpExpand(t, list)) {
		pre, sq, post := gpSplitToken(tok)
		s := gpSq(t, sq)
		out = append(out, pre+SquareAt(s.File(), 9-s.Rank()).String()+post)
	}
	return czSort(out)
}

// gpDests lists the legal moves of the piece on from as tokens: the
// destination, prefixed by x when the move captures and followed by =L when
// it promotes to the piece with letter L; sorted by square.
func gpDests(p *Position, from Square) string { return czDests(p, from.String()) }

// gpSplitToken splits "xe10=N'" into "x", "e10", "=N'".
func gpSplitToken(tok string) (pre, sq, post string) {
	if strings.HasPrefix(tok, "x") {
		pre, tok = "x", tok[1:]
	}
	if i := strings.IndexByte(tok, '='); i >= 0 {
		tok, post = tok[:i], tok[i:]
	}
	return pre, tok, post
}

// gpExpand expands the ranges of a hand-written list: "e6-e10" is every
// square of the straight line from e6 to e10, both included.
func gpExpand(t testing.TB, list string) string {
	t.Helper()
	var out []string
	for _, tok := range strings.Fields(list) {
		a, b, ok := strings.Cut(tok, "-")
		if !ok {
			out = append(out, tok)
			continue
		}
		sa, sb := gpSq(t, a), gpSq(t, b)
		df, dr := sb.File()-sa.File(), sb.Rank()-sa.Rank()
		n := max(abs(df), abs(dr))
		if df != 0 && dr != 0 && abs(df) != abs(dr) {
			t.Fatalf("range %q is not a line", tok)
		}
		for i := 0; i <= n; i++ {
			out = append(out, SquareAt(sa.File()+sign(df)*i, sa.Rank()+sign(dr)*i).String())
		}
	}
	return strings.Join(out, " ")
}

// gpNorm sorts a hand-written list after expanding its ranges.
func gpNorm(t testing.TB, list string) string {
	t.Helper()
	return czSort(strings.Fields(gpExpand(t, list)))
}

// gpModel returns the destinations of a White piece with the given atoms on
// from, with the other pieces of place on the board, as gpDests tokens.
func gpModel(t testing.TB, atoms []gpAtom, place string, from Square) string {
	t.Helper()
	board := map[Square]string{}
	for _, pc := range gpPlace(t, place) {
		if pc.sq != from {
			board[pc.sq] = pc.letter
		}
	}
	seen := map[string]bool{}
	var out []string
	add := func(tok string) {
		if !seen[tok] {
			seen[tok] = true
			out = append(out, tok)
		}
	}
	for _, at := range atoms {
		for k := 1; at.max == 0 || k <= at.max; k++ {
			f, r := from.File()+k*at.dx, from.Rank()+k*at.dy
			if f < 0 || f >= 10 || r < 0 || r >= 10 {
				break
			}
			to := SquareAt(f, r)
			l, occupied := board[to]
			if !occupied {
				if at.mode&gpMoves != 0 {
					add(to.String())
				}
				continue
			}
			if l[0] >= 'a' && l[0] <= 'z' && at.mode&gpTakes != 0 {
				if l == "k" {
					t.Fatalf("test setup: the model captures the Black King on %s", to)
				}
				add("x" + to.String())
			}
			break
		}
	}
	return czSort(out)
}

// gpExotic are the letters of the eight exotic pieces, which follow the
// 73 types of gpPieces in grand.json (exotic_test.go tests them).
var gpExotic = []string{"A'''", "W'''", "C'''", "I'''", "H'''", "F'''", "D'''", "M'''"}

// gpPieces returns all 73 types: the classical eight and the catalogue.
func gpPieces() []gpPiece { return append(slices.Clone(gpClassical), gpCatalogue...) }

// Required test 1: every type on an otherwise empty board, from e5 and from
// a1, and (for the types given as atoms) with pieces to capture and block.
func TestGrandPiecesCatalogue(t *testing.T) {
	v := gpVariant()
	if len(gpCatalogue) != 65 || len(gpClassical) != 8 {
		t.Fatalf("test data: %d catalogue and %d classical types", len(gpCatalogue), len(gpClassical))
	}
	if got := v.PieceTypes(); got != 73+len(gpExotic) {
		t.Errorf("grand has %d piece types; want %d", got, 73+len(gpExotic))
	}
	for _, pc := range gpPieces() {
		for _, from := range []string{"e5", "a1"} {
			t.Run(pc.name+"/"+from, func(t *testing.T) {
				place := "Kc10 kg10 " + pc.letter + from
				if from == "a1" && v.barred[White].has(v.byLetter[pc.letter]) {
					// A Pawn never stands on its own first rank (TestFirstRankPawns).
					err := gpSetupErr(gpFEN(t, place, "w", 10, ""))
					if re, ok := err.(*Error); !ok || re.Code != ErrIllegalPosition {
						t.Errorf("%s on a1: %v; want %s", pc.name, err, ErrIllegalPosition)
					}
					return
				}
				if pc.letter == "K" {
					place = "kg10 K" + from
				}
				p := gpPos(t, place, "w", 10, "")
				sq := gpSq(t, from)
				if got := p.PieceAt(sq); got == 0 || v.PieceName(got.Type()) != pc.name || got.Color() != White {
					t.Fatalf("%s on %s is not a White %s", pc.letter, from, pc.name)
				}
				var want string
				switch {
				case pc.atoms != nil:
					want = gpModel(t, pc.atoms, place, sq)
				case from == "e5":
					want = gpNorm(t, pc.e5)
				default:
					want = gpNorm(t, pc.a1)
				}
				if got := gpDests(p, sq); got != want {
					t.Errorf("%s from %s on the empty board:\n got %q\nwant %q\n(FEN %s)", pc.name, from, got, want, p.FEN())
				}
			})
		}
	}
}

// The second variant of test 1: black Knights to capture and a white Knight
// in the way, for every type given as atoms (the model follows the board),
// with the three types that capture differently from how they move written
// out by hand as well.
func TestGrandPiecesCaptureVariants(t *testing.T) {
	extra := map[string]string{
		// Knights on d6 (a ferz square), e6 (a wazir square), f7 (a knight
		// square); White's own Knight on d4.
		"e5": "nd6 ne6 nf7 Nd4",
		// Knights on b2 (ferz), a3 (dabbaba), c2 (knight); own Knight on b1.
		"a1": "nb2 na3 nc2 Nb1",
	}
	hand := map[string]string{
		// Steward: moves to empty wazir squares, captures on ferz squares only.
		"Steward/e5": "xd6 e4 d5 f5",
		"Steward/a1": "a2 xb2",
		// Ox: knight, dabbaba and elephant squares only when empty (f7 holds
		// an enemy: no), captures on ferz squares only (d6).
		"Ox/e5": "xd6 d7 c6 g6 c4 g4 d3 f3 e7 e3 c5 g5 c7 g7 c3 g3",
		"Ox/a1": "b3 c1 c3 xb2",
		// Lion: leaps two in eight directions (moving or capturing, over
		// anything), captures one step away (d6, e6), never just steps.
		"Lion/e5": "e7 e3 c5 g5 c7 g7 c3 g3 xd6 xe6",
		"Lion/a1": "xa3 c1 c3 xb2",
	}
	for _, pc := range gpPieces() {
		if pc.atoms == nil || pc.letter == "K" {
			continue
		}
		for _, from := range []string{"e5", "a1"} {
			t.Run(pc.name+"/"+from, func(t *testing.T) {
				place := "Kc10 kg10 " + pc.letter + from + " " + extra[from]
				p := gpPos(t, place, "w", 10, "")
				sq := gpSq(t, from)
				want := gpModel(t, pc.atoms, place, sq)
				if h, ok := hand[pc.name+"/"+from]; ok {
					if hw := gpNorm(t, h); hw != want {
						t.Fatalf("test data: hand list %q and model %q differ", hw, want)
					}
				}
				if got := gpDests(p, sq); got != want {
					t.Errorf("%s from %s with %s:\n got %q\nwant %q\n(FEN %s)", pc.name, from, extra[from], got, want, p.FEN())
				}
			})
		}
	}
}

// Black's directional pieces move down the board: a black piece on e6 has
// White's destinations from e5 mirrored.
func TestGrandPiecesDirectionalBlack(t *testing.T) {
	for _, pc := range gpPieces() {
		switch pc.name {
		case "Pawn", "Butterfly", "Crab", "Side Mover", "Vertical Mover":
		default:
			continue
		}
		t.Run(pc.name, func(t *testing.T) {
			white := "Kc10 kg10 " + pc.letter + "e5"
			var want string
			if pc.atoms != nil {
				want = gpModel(t, pc.atoms, white, gpSq(t, "e5"))
			} else {
				want = gpNorm(t, pc.e5)
			}
			p := gpPos(t, gpMirror(t, white), "b", 10, "")
			if got, want := gpDests(p, gpSq(t, "e6")), gpMirrorList(t, want); got != want {
				t.Errorf("black %s from e6: got %q; want %q", pc.name, got, want)
			}
		})
	}
}

// gpCase is a position and the hand-written moves of one piece in it.
type gpCase struct {
	name, place string
	from, want  string
}

// gpRunCases checks the moves of each case with White to move at move 10.
func gpRunCases(t *testing.T, cases []gpCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := gpPos(t, tc.place, "w", 10, "")
			if got, want := gpDests(p, gpSq(t, tc.from)), gpNorm(t, tc.want); got != want {
				t.Errorf("%s from %s in %s:\n got %q\nwant %q", tc.name, tc.from, p.FEN(), got, want)
			}
		})
	}
}

// Required test 2: blocked paths, hurdles, and the two-path pieces.
func TestGrandPiecesBlockers(t *testing.T) {
	const duke = "g6 g4 c6 c4 f7 f3 d7 d3 h7 h3 b7 b3 g8 g2 c8 c2 i8 i2 a8 a2 h9 h1 b9 b1 j9 j1 i10 a10"
	without := func(list string, gone ...string) string {
		var out []string
		for _, s := range strings.Fields(list) {
			if !slices.Contains(gone, s) {
				out = append(out, s)
			}
		}
		return strings.Join(out, " ")
	}
	gpRunCases(t, []gpCase{
		// Rhino: "one square orthogonally, and then optionally, only if the
		// first square was empty, one square diagonally outward". e6 (own)
		// stops d7 and f7; d5 (enemy) is taken but stops c6 and c4; g6 is
		// taken at the end of the bent path through f5.
		{"Rhino lame legs", "Kc10 kg10 R'e5 Pe6 pd5 pg6", "e5", "xd5 f5 xg6 g4 e4 d3 f3"},
		// "The difference comes when the first square orthogonally is
		// blocked": the Knight-Wazir on the same board leaps anyway.
		{"Knight-Wazir on the Rhino's board", "Kc10 kg10 U''e5 Pe6 pd5 pg6", "e5", "d7 f7 c6 xg6 c4 g4 d3 f3 e4 xd5 f5"},
		// Gryphon: f6 taken (no continuation), d4 own (nothing through it),
		// d6 then up to d8 (taken) and left to c6 (b6 own), f4 then down and
		// right to the edges.
		{"Gryphon", "Kc10 kg10 Ye5 pf6 Pd4 pd8 Pb6", "e5", "xf6 d6 d7 xd8 c6 f4 f3 f2 f1 g4 h4 i4 j4"},
		// Dragon: rook lines stop at e7 (own) and b5 (taken); f6 own and d6
		// taken give no continuation; from f4 the dabbaba-rider leaps over
		// g4 to take h4 and over f3 to f2; from d4 over c4 to b4, d2 own.
		{"Dragon", "Kc10 kg10 D''e5 Pe7 pb5 Pf6 pd6 pg4 ph4 pf3 Pd2 pc4", "e5",
			"e6 e4 e3 e2 e1 d5 c5 xb5 f5 g5 h5 i5 j5 xd6 f4 xh4 f2 d4 b4"},
		// Tiger: the zebra leap ignores f6 and g6; g8 own and c8 taken give
		// no slide; after h7 the slide takes j9; after h3 it stops at i2 (own).
		{"Tiger", "Kc10 kg10 Te5 Pg8 pc8 pj9 Pf6 Pg6 Pi2", "e5", "xc8 h7 i8 xj9 b7 a8 g2 h1 c2 b1 h3 b3 a2"},
		// Duke: g6 is reached via f5 (step, then diagonal) or via f6
		// (diagonal, then step). One of them blocked: still reachable...
		{"Duke one path blocked", "Kc10 kg10 Ue5 Pf5", "e5", duke},
		// ...both blocked: g6 and the longer h7, i8, j9 behind them are not.
		{"Duke both paths blocked", "Kc10 kg10 Ue5 Pf5 Pf6", "e5", without(duke, "g6", "h7", "i8", "j9")},
		// An enemy on the destination is taken through the open path.
		{"Duke captures", "Kc10 kg10 Ue5 Pf5 pg6", "e5", strings.Replace(duke, "g6", "xg6", 1)},
		// g7 blocks the second path of h7 (f6, g7), the first (f5, g6) is open.
		{"Duke deeper path, one blocked", "Kc10 kg10 Ue5 Pg7", "e5", duke},
		// g6 and g7 block both paths of h7, i8 and j9 (g8 stays reachable
		// through e6 and f7).
		{"Duke deeper paths, both blocked", "Kc10 kg10 Ue5 Pg6 Pg7", "e5", without(duke, "g6", "h7", "i8", "j9")},
		// Hero, the text's example: "The hero can not move to H5 because
		// both black knights are blocking the first part of both paths";
		// both Knights can be taken.
		{"Hero, the text's example", "Kc10 kg10 He5 nf5 ng5", "e5",
			"e6 e4 d5 xf5 e7 e3 c5 xg5 e8 e2 b5 d7 f7 c6 g6 c4 g4 d3 f3"},
		// One path blocked: h5 through g5 (leap first).
		{"Hero, one path blocked", "Kc10 kg10 He5 nf5", "e5",
			"e6 e4 d5 xf5 e7 e3 c5 g5 e8 e2 b5 h5 d7 f7 c6 g6 c4 g4 d3 f3"},
		// f7 via f5 or e7, both own: unreachable; e8 via e6, h5 via g5, f3
		// via e3 and d7 via d5 stay reachable.
		{"Hero, both paths of a knight square blocked", "Kc10 kg10 He5 Pe7 Pf5", "e5",
			"e6 e4 d5 e3 c5 g5 e8 e2 b5 h5 d7 c6 g6 c4 g4 d3 f3"},
		// Shaman, the text's example: "The shaman can not move to H8 because
		// both black knights are blocking": h8 via f6 or g7.
		{"Shaman, the text's example", "Kc10 kg10 Se5 nf6 ng7", "e5",
			"d6 xf6 d4 f4 c7 xg7 c3 g3 b8 b2 h2 h6 h4 b6 b4 f8 d8 f2 d2"},
		// h6 = (1,-1)+(2,2): via f4 or g7, both own: unreachable; h8 via f6,
		// f8 via d6, d2 via c3 stay reachable.
		{"Shaman, both paths of a camel square blocked", "Kc10 kg10 Se5 Pf4 Pg7", "e5",
			"d6 f6 d4 c7 c3 g3 b8 h8 b2 h2 h4 b6 b4 f8 d8 f2 d2"},
		// Edgehog from the interior: only edge squares; e10 and a9 are cut
		// off, b8 (not an edge) cannot be taken, j5 (an edge) can.
		{"Edgehog from the interior", "Kc10 kg10 E''e5 Pe8 pb8 pj5", "e5", "e1 a5 xj5 j10 i1 a1"},
		// Edgehog from an edge square: any square of its lines, to the
		// first piece.
		{"Edgehog from the edge", "Kc10 kg10 E''a5 pd5 Pc7", "a5", "a6-a10 a1-a4 b5 c5 xd5 b6 b4 c3 d2 e1"},
		// Grasshopper: no hurdle: no move; one hurdle: lands just beyond it;
		// two pieces on a line: only the first is jumped (e7, landing on e8
		// before e9), and an enemy just beyond the hurdle is taken (g7 after f6).
		{"Grasshopper, no hurdle", "Kc10 kg10 G'e5", "e5", ""},
		{"Grasshopper, one hurdle", "Kc10 kg10 G'e5 pe8", "e5", "e9"},
		{"Grasshopper, two hurdles", "Kc10 kg10 G'e5 pe7 pe9 Pf6 pg7", "e5", "e8 xg7"},
		// Own piece or the edge just beyond the hurdle: no move.
		{"Grasshopper, no landing square", "Kc10 kg10 G'e5 Pd4 Pc3 Pj5 pa5 pe6", "e5", "e7"},
		// Scorpion: the Guard's steps plus the Grasshopper's hops.
		{"Scorpion, no hurdle", "Kc10 kg10 S'e5", "e5", "d6 e6 f6 d5 f5 d4 e4 f4"},
		{"Scorpion, one hurdle", "Kc10 kg10 S'e5 pe8", "e5", "d6 e6 f6 d5 f5 d4 e4 f4 e9"},
		{"Scorpion, adjacent hurdles", "Kc10 kg10 S'e5 Pe6 pf6", "e5", "d6 xf6 d5 f5 d4 e4 f4 e7 g7"},
		// Kangaroo: no hurdle or one hurdle per line: no move; two hurdles:
		// lands just after the second (e10, i9, a5, j5, a9), takes an enemy
		// there (e1), not an own piece (b2), not off the board (after i1).
		{"Kangaroo, no hurdle", "Kc10 kg10 K''e5", "e5", ""},
		{"Kangaroo, one hurdle", "Kc10 kg10 K''e5 pe7 pf6 Pd5", "e5", ""},
		{"Kangaroo, two hurdles", "Kc10 kg10 K''e5 pe7 Pe9 pf6 ph8 Pc5 pb5 Pg5 pi5 pe3 pe2 ne1 pd4 pc3 Pb2 Pd6 pb8 pg3 ni1", "e5",
			"e10 i9 a5 j5 xe1 a9"},
		// Cannon: moves as a Rook; captures over exactly one screen of either
		// colour, empty squares allowed on both sides; not its own piece.
		{"Cannon, no screen", "Kc10 kg10 Oe5", "e5", "e6-e10 e1-e4 a5-d5 f5-j5"},
		{"Cannon, one piece", "Kc10 kg10 Oe5 pe8", "e5", "e6 e7 e1-e4 a5-d5 f5-j5"},
		{"Cannon, two pieces", "Kc10 kg10 Oe5 pe7 pe9 Pg5 nj5 Pc5 Pa5", "e5", "e6 xe9 f5 xj5 d5 e1-e4"},
		// Vao: the same along diagonals.
		{"Vao, no screen", "Kc10 kg10 Ve5", "e5", "f6-j10 d6-a9 f4-i1 d4-a1"},
		{"Vao, one piece", "Kc10 kg10 Ve5 pg7", "e5", "f6 d6-a9 f4-i1 d4-a1"},
		{"Vao, two pieces", "Kc10 kg10 Ve5 pg7 pi9 Pd4 pc3 pf4 ph2 Pc7", "e5", "f6 xi9 xc3 xh2 d6"},
		// Leo: the same along queen lines.
		{"Leo, no screen", "Kc10 kg10 L'e5", "e5", "e6-e10 e1-e4 a5-d5 f5-j5 f6-j10 d6-a9 f4-i1 d4-a1"},
		{"Leo, one piece", "Kc10 kg10 L'e5 pe8", "e5", "e6 e7 e1-e4 a5-d5 f5-j5 f6-j10 d6-a9 f4-i1 d4-a1"},
		{"Leo, two pieces", "Kc10 kg10 L'e5 pe7 ne10 Pc7 pa9 pg5 ph5", "e5",
			"e6 xe10 d6 xa9 f5 xh5 e1-e4 a5-d5 f6-j10 f4-i1 d4-a1"},
		// KnightRider: every square landed on before the last must be empty
		// (f7 own stops g9; g6 taken stops i7; c9 taken after d7); pawns on
		// e6 and d6, between the leaps, do not matter.
		{"KnightRider", "Kc10 kg10 N'e5 Pf7 pg6 Pe6 Pd6 pc9", "e5", "xg6 d7 xc9 c6 a7 f3 g1 g4 i3 d3 c1 c4 a3"},
		// DabbabaRider: blocked on a landing square (g5 own, c5 taken), not by
		// the squares in between (e6, e8, e4, e2).
		{"DabbabaRider", "Kc10 kg10 D'e5 Pe6 pe8 Pg5 pc5 pe4 pe2", "e5", "e7 e9 xc5 e3 e1"},
		// Block: up to three squares, stopped by any piece, never capturing.
		{"Block", "Kc10 kg10 B''e5 Pe7 pf6 pc5", "e5", "e6 d5 e4 e3 e2 f5 g5 h5 d6 c7 b8 f4 g3 h2 d4 c3 b2"},
	})
}

// gpCaptures returns the sorted names of the squares m captures on.
func gpCaptures(p *Position, m Move) string {
	var out []string
	for _, s := range p.Captures(m) {
		out = append(out, s.String())
	}
	return czSort(out)
}

// Required test 3: the Archer's capture from afar.
func TestGrandPiecesArcher(t *testing.T) {
	v := gpVariant()
	e5 := gpSq(t, "e5")
	// The text's diagram: "white archer ... can capture both black knights by
	// moving to G6. The archer can also capture black bishop by moving to G4."
	// The Knights stand on g6 and i7 (one more knight leap beyond), the
	// Bishop on i3 (beyond g4).
	t.Run("the text's example", func(t *testing.T) {
		p := gpPos(t, "Ka1 kj10 Xe5 ng6 ni7 bi3", "w", 10, "")
		want := map[string]string{"g6": "g6 i7", "g4": "i3", "f7": "", "d7": "", "c6": "", "c4": "", "d3": "", "f3": ""}
		got := map[string]string{}
		for _, m := range p.LegalMoves() {
			if m.From == e5 {
				got[m.To.String()] = gpCaptures(p, m)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("Archer moves and captures in %s:\n got %v\nwant %v", p.FEN(), got, want)
		}
		q, err := p.Play(uciMove(t, p, "e5g6"))
		if err != nil {
			t.Fatal(err)
		}
		if pc := q.PieceAt(gpSq(t, "g6")); pc == 0 || v.PieceName(pc.Type()) != "Archer" || pc.Color() != White {
			t.Errorf("after e5g6 the Archer is not on g6: %s", q.FEN())
		}
		if q.PieceAt(gpSq(t, "i7")) != 0 || q.PieceAt(e5) != 0 {
			t.Errorf("after e5g6 i7 and e5 should be empty: %s", q.FEN())
		}
		q, err = p.Play(uciMove(t, p, "e5g4"))
		if err != nil {
			t.Fatal(err)
		}
		if q.PieceAt(gpSq(t, "i3")) != 0 {
			t.Errorf("after e5g4 the Bishop on i3 should be gone: %s", q.FEN())
		}
	})
	// Never its own piece (c9), never a Block (a7 beyond c6, i7 beyond g6);
	// no move onto a Block (f3) or onto an own piece (c4), even with an enemy
	// beyond (a3).
	t.Run("own pieces and Blocks", func(t *testing.T) {
		p := gpPos(t, "Ka1 kj10 Xe5 Pc9 b''a7 b''f3 Pc4 na3 ng6 b''i7", "w", 10, "")
		want := map[string]string{"d7": "", "c6": "", "g6": "g6", "f7": "", "g4": "", "d3": ""}
		got := map[string]string{}
		for _, m := range p.LegalMoves() {
			if m.From == e5 {
				got[m.To.String()] = gpCaptures(p, m)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("Archer moves and captures in %s:\n got %v\nwant %v", p.FEN(), got, want)
		}
	})
	// "If the black king was placed instead of the knight I7, then the
	// resulting position would be illegal ... If it was black to move, then
	// the black king would be in check and would need to eliminate the threat
	// by moving away or by capturing the archer with the knight."
	t.Run("check from afar", func(t *testing.T) {
		const place = "Ka1 Xe5 ng6 ki7 bi3"
		if err := gpSetupErr(gpFEN(t, place, "w", 10, "")); err == nil {
			t.Errorf("%s with White to move (the Archer takes the King from afar) was accepted", gpFEN(t, place, "w", 10, ""))
		}
		p := gpPos(t, place, "b", 10, "")
		if !p.InCheck() {
			t.Errorf("%s: the Black King should be in check", p.FEN())
		}
		if got := fmt.Sprint(p.Checkers()); got != "[e5]" {
			t.Errorf("Checkers in %s = %s; want [e5]", p.FEN(), got)
		}
		var got []string
		for _, m := range p.LegalMoves() {
			got = append(got, p.UCI(m))
		}
		sort.Strings(got)
		want := strings.Fields("g6e5 i7h6 i7h7 i7h8 i7i6 i7i8 i7j6 i7j7 i7j8")
		if !slices.Equal(got, want) {
			t.Errorf("Black's moves in %s: got %v; want %v", p.FEN(), got, want)
		}
	})
	// The leap to g6 is impossible (own piece there, or a Block): no check.
	for _, g6 := range []string{"Pg6", "b''g6", "B''g6"} {
		t.Run("no check through "+g6, func(t *testing.T) {
			place := "Ka1 Xe5 ki7 " + g6
			p := gpPos(t, place, "b", 10, "")
			if p.InCheck() {
				t.Errorf("%s: the Archer cannot leap to g6, so no check", p.FEN())
			}
			gpPos(t, place, "w", 10, "")
		})
	}
}

// Required test 4: the Block can be captured by nothing, captures nothing,
// and blocks lines.
func TestGrandPiecesBlockImmunity(t *testing.T) {
	cases := []gpCase{
		{"Rook", "Ka1 kj10 Ra5 b''e5", "a5", "a6-a10 a2-a4 b5-d5"},
		{"Knight", "Ka1 kj10 Nc4 b''e5", "c4", "a5 a3 b6 d6 e3 b2 d2"},
		{"Pawn capture", "Ka1 kj10 Pd4 Pe4 b''e5", "d4", "d5"},
		{"Pawn step", "Ka1 kj10 Pd4 Pe4 b''e5", "e4", ""},
		{"King", "Ke4 kj10 b''e5", "e4", "d3 e3 f3 d4 f4 d5 f5"},
		// a3-c4 would take e5 from afar: the leap is made, nothing taken.
		{"Archer from afar", "Ka1 kj10 Xa3 b''e5", "a3", "b5 c4 c2 b1"},
		{"Cannon", "Ka10 kj10 Oe1 Pe3 b''e5", "e1", "e2 a1-d1 f1-j1"},
		{"Lion", "Ka1 kj10 Ld4 b''e5", "d4", "d6 d2 b4 f4 b6 f6 b2 f2"},
		// Hoppers cannot land on it either.
		{"Grasshopper", "Ka1 kj10 G'c5 Pd5 b''e5", "c5", ""},
		{"Kangaroo", "Ka1 kj10 K''b5 Pc5 Pd5 b''e5", "b5", ""},
		// Queen lines from c3 stop before e5 on the diagonal (d4 only; b2
		// before the own King on a1); knight squares a2 a4 b1 b5 d1 d5 e2 e4.
		{"Amazon", "Ka1 kj10 A'c3 b''e5", "c3", "c4-c10 c2 c1 a3 b3 d3-j3 d4 b4 a5 b2 d2 e1 a2 a4 b1 b5 d1 d5 e2 e4"},
	}
	gpRunCases(t, cases)
	for _, tc := range cases {
		p := gpPos(t, tc.place, "w", 10, "")
		e5 := gpSq(t, "e5")
		for _, m := range p.LegalMoves() {
			if m.To == e5 || slices.Contains(p.Captures(m), e5) {
				t.Errorf("%s: %s captures the Block on e5", p.FEN(), p.UCI(m))
			}
		}
	}
	// It never captures: White's Knights on e6, f6 and c5 stop it without
	// being taken.
	t.Run("never captures", func(t *testing.T) {
		p := gpPos(t, "Kj1 ka10 b''e5 Ne6 Nf6 Nc5", "b", 10, "")
		want := gpNorm(t, "d5 e4 e3 e2 f5 g5 h5 d6 c7 b8 f4 g3 h2 d4 c3 b2")
		if got := gpDests(p, gpSq(t, "e5")); got != want {
			t.Errorf("Block in %s: got %q; want %q", p.FEN(), got, want)
		}
	})
	// It gives no check: a King may stand next to it, and cannot take it.
	t.Run("gives no check", func(t *testing.T) {
		gpPos(t, "Ka1 kd6 B''e5", "w", 10, "")
		p := gpPos(t, "Ka1 kd6 B''e5", "b", 10, "")
		if p.InCheck() {
			t.Errorf("%s: a Block gives no check", p.FEN())
		}
		if got, want := gpDests(p, gpSq(t, "d6")), gpNorm(t, "c5 d5 c6 e6 c7 d7 e7"); got != want {
			t.Errorf("King in %s: got %q; want %q", p.FEN(), got, want)
		}
	})
	// It blocks lines: the Rook on e9 does not check the King on e1 through
	// the Block on e5 and stops at e6.
	t.Run("blocks lines", func(t *testing.T) {
		const place = "Ke1 B''e5 re9 ka10"
		if p := gpPos(t, place, "w", 10, ""); p.InCheck() {
			t.Errorf("%s: the Block on e5 shields the King", p.FEN())
		}
		p := gpPos(t, place, "b", 10, "")
		if got, want := gpDests(p, gpSq(t, "e9")), gpNorm(t, "e10 e6-e8 a9-d9 f9-j9"); got != want {
			t.Errorf("Rook in %s: got %q; want %q", p.FEN(), got, want)
		}
	})
}

// Required test 5: the twelve frozen types (RULES R20). Each stands on e5
// (Black's on e6, the whole board mirrored) with the hurdles it needs, once
// giving check to the enemy King on target, once with that King far away.
func TestGrandPiecesFrozen(t *testing.T) {
	frozen := []struct{ name, piece, target string }{
		{"KnightRider", "N'e5", "g9"},       // e5-f7-g9
		{"DabbabaRider", "D'e5", "e9"},      // e5-e7-e9
		{"Giraffe", "Ie5", "f9"},            // (1,4)
		{"Pegasus", "P'e5", "f9"},           // (1,4)
		{"Grasshopper", "G'e5 Pe6", "e7"},   // over e6
		{"Scorpion", "S'e5", "e6"},          // its Guard step
		{"Kangaroo", "K''e5 Pe6 Pe7", "e8"}, // over e6 and e7
		{"Dragon", "D''e5", "f8"},           // f6, then a dabbaba leap
		{"Tiger", "Te5", "h9"},              // g8, then a bishop step
		{"Cannon", "Oe5 Pe7", "e9"},         // over e7
		{"Vao", "Ve5 Pf6", "h8"},            // over f6
		{"Leo", "L'e5 Pe6", "e8"},           // over e6
	}
	for _, fc := range frozen {
		for _, black := range []bool{false, true} {
			colour := "White"
			if black {
				colour = "Black"
			}
			t.Run(fc.name+"/"+colour, func(t *testing.T) {
				check := "Ka1 k" + fc.target + " " + fc.piece
				far := "Ka1 kc10 " + fc.piece
				from, us, them := "e5", "w", "b"
				// Moves completed by the piece's side: White has completed
				// fullmove-1 with White to move and fullmove with Black to
				// move; Black has completed fullmove-1.
				lastFrozen, thawed := 4, 5 // Black to move: White completed 4, 5
				if black {
					check, far = gpMirror(t, check), gpMirror(t, far)
					from, us, them = "e6", "b", "w"
					lastFrozen, thawed = 5, 6 // White to move: Black completed 4, 5
				}
				sq := gpSq(t, from)
				// Its side to move at move 5 (four moves completed): no move,
				// and the enemy King is not attacked (the FEN is legal).
				p := gpPos(t, check, us, 5, "")
				if got := gpDests(p, sq); got != "" {
					t.Errorf("frozen %s in %s moves: %q", fc.name, p.FEN(), got)
				}
				// Move 6 (five completed): it attacks the King of the side not
				// to move, so the position is illegal.
				if fen := gpFEN(t, check, us, 6, ""); gpSetupErr(fen) == nil {
					t.Errorf("%s: the thawed %s attacks the King of the side not to move; the FEN was accepted", fen, fc.name)
				}
				// The other side to move: no check before the fifth completed
				// move, check from it on.
				p = gpPos(t, check, them, lastFrozen, "")
				if p.InCheck() {
					t.Errorf("%s: the frozen %s gives check", p.FEN(), fc.name)
				}
				p = gpPos(t, check, them, thawed, "")
				if !p.InCheck() {
					t.Errorf("%s: the thawed %s gives no check", p.FEN(), fc.name)
				}
				if got := fmt.Sprint(p.Checkers()); got != "["+from+"]" {
					t.Errorf("Checkers in %s = %s; want [%s]", p.FEN(), got, from)
				}
				// With the enemy King far away: no move at move 5, and at move 6
				// the same moves as at move 10.
				p = gpPos(t, far, us, 5, "")
				if got := gpDests(p, sq); got != "" {
					t.Errorf("frozen %s in %s moves: %q", fc.name, p.FEN(), got)
				}
				got := gpDests(gpPos(t, far, us, 6, ""), sq)
				want := gpDests(gpPos(t, far, us, 10, ""), sq)
				if got != want || got == "" {
					t.Errorf("thawed %s in %s: moves %q at move 6, %q at move 10", fc.name, gpFEN(t, far, us, 6, ""), got, want)
				}
			})
		}
	}
}

// gpWhiteArmy is White's classical army (QCARRBBNN) and King, its lines shut
// by seven Pawns on rank 2; gpWithout removes pieces from a placement.
const gpWhiteArmy = "Ra1 Nb1 Bc1 Qd1 Ce1 Af1 Bg1 Nh1 Ri1 Kj1 Pa2 Pd2 Pe2 Pf2 Pg2 Ph2 Pi2"

func gpWithout(place string, gone ...string) string {
	var out []string
	for _, tok := range strings.Fields(place) {
		if !slices.Contains(gone, tok) {
			out = append(out, tok)
		}
	}
	return strings.Join(out, " ")
}

// gpPromos writes, for each destination token, one token per promotion letter.
func gpPromos(dests string, letters ...string) string {
	var out []string
	for _, d := range strings.Fields(dests) {
		for _, l := range letters {
			out = append(out, d+"="+l)
		}
	}
	return strings.Join(out, " ")
}

// Required test 6: promotion types (RULES R19 and the FEN's seventh field).
func TestGrandPiecesPromotion(t *testing.T) {
	var all []string // every non-royal, non-Pawn letter of grand.json
	for _, pc := range gpPieces() {
		if pc.letter != "K" && pc.letter != "P" {
			all = append(all, pc.letter)
		}
	}
	all = append(all, gpExotic...)
	if len(all) != 71+len(gpExotic) {
		t.Fatalf("test data: %d promotion letters", len(all))
	}
	lostQN := gpWithout(gpWhiteArmy, "Qd1", "Nh1")
	tests := []struct {
		name, place, side, extra, from, want string
	}{
		// "captured" (the default): nothing lost, so the Pawn on the ninth
		// rank can neither step nor capture onto the tenth.
		{"captured, nothing lost", gpWhiteArmy + " Pe9 kh10 nd10 nf10", "w", "", "e9", ""},
		{"captured written out, nothing lost", gpWhiteArmy + " Pe9 kh10 nd10 nf10", "w", "captured", "e9", ""},
		// The Queen and a Knight lost: only those, compulsory on rank 10.
		{"captured, Queen and Knight lost", lostQN + " Pe9 kh10 nd10 nf10", "w", "", "e9", gpPromos("e10 xd10 xf10", "Q", "N")},
		// Optional on ranks 8 and 9: the plain move and the promotions.
		{"optional on 8 and 9", lostQN + " Pc7 Pe8 kh10 nd9", "w", "", "e8", "e9 xd9 " + gpPromos("e9 xd9", "Q", "N")},
		{"optional on 8", lostQN + " Pc7 Pe8 kh10 nd9", "w", "", "c7", "c8 " + gpPromos("c8", "Q", "N")},
		{"optional, nothing lost", gpWhiteArmy + " Pe8 kh10", "w", "", "e8", "e9"},
		// Black promotes on rank 1, to its own lost Queen only.
		{"Black, captured", gpMirror(t, lostQN+" Nh1") + " pe2 Kh1 Nd1 Nf1", "b", "", "e2", gpPromos("e1 xd1 xf1", "Q")},
		// "initial": any type of the initial army, lost or not; the Archer
		// and KnightRider belong to it here, the other types do not.
		{"initial with an army", gpWhiteArmy + " Xj2 N'j3 Pe9 kh10 nd10 nf10", "w", "initial:QCARRBBNNXN'qcarrbbnnxn'", "e9",
			gpPromos("e10 xd10 xf10", "Q", "C", "A", "R", "B", "N", "X", "N'")},
		{"initial, classical army", gpWhiteArmy + " Pe9 kh10 nd10 nf10", "w", "initial", "e9",
			gpPromos("e10 xd10 xf10", "Q", "C", "A", "R", "B", "N")},
		// "captured" with an army holding an Archer that is not on the board.
		{"captured with an army", gpWhiteArmy + " Pe9 kh10 nd10 nf10", "w", "captured:QCARRBBNNXqcarrbbnnx", "e9", gpPromos("e10 xd10 xf10", "X")},
		// "all": the 79 non-royal, non-Pawn types of grand.json.
		{"all", gpWhiteArmy + " Pe9 kh10", "w", "all", "e9", gpPromos("e10", all...)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := gpPos(t, tc.place, tc.side, 10, tc.extra)
			if got, want := gpDests(p, gpSq(t, tc.from)), czSort(strings.Fields(tc.want)); got != want {
				t.Errorf("Pawn %s in %s:\n got %q\nwant %q", tc.from, p.FEN(), got, want)
			}
		})
	}
	// Coordinate form of a promotion.
	p := gpPos(t, lostQN+" Pe9 kh10", "w", 10, "")
	uciMove(t, p, "e9e10q")
	// The Pawn on the ninth rank that cannot move still gives check to a
	// King on a diagonal square of rank 10.
	for _, k := range []string{"kd10", "kf10"} {
		t.Run("check by the stuck Pawn "+k, func(t *testing.T) {
			place := gpWhiteArmy + " Pe9 " + k
			p := gpPos(t, place, "b", 10, "")
			if !p.InCheck() || fmt.Sprint(p.Checkers()) != "[e9]" {
				t.Errorf("%s: InCheck %v, Checkers %v; want the Pawn on e9 to check", p.FEN(), p.InCheck(), p.Checkers())
			}
			if fen := gpFEN(t, place, "w", 10, ""); gpSetupErr(fen) == nil {
				t.Errorf("%s: the Black King is attacked by the Pawn with White to move; the FEN was accepted", fen)
			}
		})
	}
}

// The seventh FEN field: written only when it differs from the default
// ("captured" with the classical armies), armies in grand.json order.
func TestGrandPiecesPromotionFEN(t *testing.T) {
	const start = "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"
	tests := []struct{ field, want string }{
		{"", ""},
		{"captured", ""},
		{"captured:RRNNBBQCAnnbbrrqca", ""},
		{"all", "all"},
		{"initial:XN'QCARRBBNNn'xqcarrbbnn", "initial:QCARRBBNNN'Xqcarrbbnnn'x"},
		{"captured:QCARRBBNNXqcarrbbnng", "captured:QCARRBBNNXqcarrbbnng"},
		{"initial:GQCARRBBNNB''qcarrbbnnb''s''", "initial:QCARRBBNNGB''qcarrbbnns''b''"},
	}
	for _, tc := range tests {
		t.Run(tc.field, func(t *testing.T) {
			in := strings.TrimSpace(start + " " + tc.field)
			want := strings.TrimSpace(start + " " + tc.want)
			p := positionOf(t, gpVariant(), in)
			if got := p.FEN(); got != want {
				t.Errorf("FEN of %q = %q; want %q", in, got, want)
			}
			if got := positionOf(t, gpVariant(), p.FEN()).FEN(); got != want {
				t.Errorf("FEN round trip of %q = %q; want %q", want, got, want)
			}
		})
	}
	// "initial" with the classical armies differs from the default, so the
	// field is written, armies included ("the army in piece-definition
	// order"), and reads back the same.
	t.Run("initial", func(t *testing.T) {
		want := start + " initial:QCARRBBNNqcarrbbnn"
		if got := positionOf(t, gpVariant(), start+" initial").FEN(); got != want {
			t.Errorf("FEN of %q = %q; want %q", start+" initial", got, want)
		}
		if got := positionOf(t, gpVariant(), want).FEN(); got != want {
			t.Errorf("FEN round trip of %q = %q", want, got)
		}
	})
	// "all" takes no army.
	if err := gpSetupErr(start + " all:QCARRBBNNqcarrbbnn"); err == nil {
		t.Errorf("%q was accepted: 'all' takes no army", start+" all:QCARRBBNNqcarrbbnn")
	}
}

// Required test 7: the classical start position.
func TestGrandPiecesStart(t *testing.T) {
	v := gpVariant()
	p := v.Start()
	legal := p.LegalMoves()
	if len(legal) != 65 {
		t.Errorf("start position: %d legal moves; want 65", len(legal))
	}
	doubles := 0
	for _, m := range legal {
		if m.Kind == MoveCastle {
			t.Errorf("castling move %s in the start position", p.UCI(m))
		}
		if m.From.Rank() == 2 && m.To.Rank() == 4 {
			doubles++
			if m.Kind != MoveDoubleStep {
				t.Errorf("%s: kind %v; want double-step", p.UCI(m), m.Kind)
			}
		}
	}
	if doubles != 10 {
		t.Errorf("start position: %d double steps from rank 3; want 10", doubles)
	}
	if got := strings.Fields(p.FEN())[2]; got != "-" {
		t.Errorf("rights field of the start position = %q; want -", got)
	}
}

// Pawns step twice only from their third rank, and en passant follows.
func TestGrandPiecesPawnSteps(t *testing.T) {
	gpRunCases(t, []gpCase{
		{"from rank 2", "Ka1 kj10 Pb2 Pd4 Pg3", "b2", "b3"},
		{"from rank 4", "Ka1 kj10 Pb2 Pd4 Pg3", "d4", "d5"},
		{"from rank 3", "Ka1 kj10 Pb2 Pd4 Pg3", "g3", "g4 g5"},
	})
	p := gpPos(t, "Ka1 kj10 pb9 pd7 pg8", "b", 10, "")
	for from, want := range map[string]string{"b9": "b8", "d7": "d6", "g8": "g7 g6"} {
		if got := gpDests(p, gpSq(t, from)); got != gpNorm(t, want) {
			t.Errorf("black Pawn %s in %s: got %q; want %q", from, p.FEN(), got, gpNorm(t, want))
		}
	}
	p = gpPos(t, "Ka1 kj10 Pg3 ph5", "w", 10, "")
	q, err := p.Play(uciMove(t, p, "g3g5"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := gpDests(q, gpSq(t, "h5")), "xg4 h4"; got != want {
		t.Errorf("black Pawn h5 in %s: got %q; want %q", q.FEN(), got, want)
	}
	m := uciMove(t, q, "h5g4")
	if m.Kind != MoveEnPassant || gpCaptures(q, m) != "g5" {
		t.Errorf("h5g4 in %s: kind %v, captures %q; want en passant of g5", q.FEN(), m.Kind, gpCaptures(q, m))
	}
}
