package rules

// Tests of the three Cazaux games as shipped (variants/gigachess2.json,
// terachess2.json, bigorra.json) against their rule texts
// (../shared/rules/seeds/gigachess-ii.txt, terachess-ii.txt, bigorra.txt)
// and RULES R1-R13 and R28-R30. Every expected set below was worked out by
// hand from the text; the comment of each case gives the reasoning.
//
// Boards: Gigachess II is 14x14 (files a-n), Terachess II and Bigorra are
// 16x16 (files a-p). The Kings start on h2 and, for Black, h13 (Gigachess)
// or h15 (Terachess, Bigorra). Letters as in SETUPS.md; Bigorra's eight
// extra types are P' Soldier, N' Snake, B' Ship, H' Hawk, M' Mammoth,
// S' Squirrel, C' Cheetah, D' Direwolf.

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"testing"
)

// czDests lists the legal moves of the piece on from as tokens: the
// destination, prefixed by x when the move captures (en passant included)
// and followed by =L when it promotes to the piece with letter L. Tokens are
// sorted by square; a move listed twice shows twice.
func czDests(p *Position, from string) string {
	var out []string
	for _, m := range p.LegalMoves() {
		if m.From.String() != from {
			continue
		}
		s := m.To.String()
		if len(p.Captures(m)) > 0 {
			s = "x" + s
		}
		if m.Promotion != 0 {
			s += "=" + p.Variant().Letter(m.Promotion)
		}
		out = append(out, s)
	}
	return czSort(out)
}

// czNorm sorts a hand-written list of czDests tokens.
func czNorm(list string) string { return czSort(strings.Fields(list)) }

func czSort(tokens []string) string {
	key := func(tok string) Square {
		tok = strings.TrimPrefix(tok, "x")
		if i := strings.IndexByte(tok, '='); i >= 0 {
			tok = tok[:i]
		}
		sq, _ := parseSquare(tok, MaxFiles, MaxRanks)
		return sq
	}
	sort.SliceStable(tokens, func(i, j int) bool {
		if a, b := key(tokens[i]), key(tokens[j]); a != b {
			return a < b
		}
		return tokens[i] < tokens[j]
	})
	return strings.Join(tokens, " ")
}

// czPlay plays coordinate moves from p and returns the position reached.
func czPlay(t *testing.T, p *Position, moves ...string) *Position {
	t.Helper()
	for _, s := range moves {
		q, err := p.Play(uciMove(t, p, s))
		if err != nil {
			t.Fatalf("Play(%s) in %s = %v", s, p.FEN(), err)
		}
		p = q
	}
	return p
}

// czRights returns the rights field of p's FEN.
func czRights(p *Position) string { return strings.Fields(p.FEN())[2] }

// The King's jump (RULES R8, and in each text: "On its first move, the
// King may jump to a free square at two squares' distance ... from h2, it
// can jump to f1, f2, f3, f4, g4, h4, i4, j4, j3, j2 or j1 ... the jump is
// forbidden if that intermediate square is threatened ... When jumping like
// a Knight, at least one of the two intermediate squares must be free of
// threat ... not permitted if the King is in check").
func TestCazauxKingJump(t *testing.T) {
	const (
		steps = "g1 h1 i1 g2 i2 g3 h3 i3"
		jumps = "f1 f2 f3 f4 g4 h4 i4 j4 j3 j2 j1"
	)
	tests := []struct {
		variant, name, fen, from, want string
	}{
		// Lone Kings: the eight steps and the eleven jumps the texts list
		// from h2 (those two ranks down would leave the board).
		{"gigachess2", "the eleven jumps of the text", "14/7k6/14/14/14/14/14/14/14/14/14/14/7K6/14 w K - 0 1", "h2", steps + " " + jumps},
		{"terachess2", "the eleven jumps of the text", "16/7k8/16/16/16/16/16/16/16/16/16/16/16/16/7K8/16 w K - 0 1", "h2", steps + " " + jumps},
		{"bigorra", "the eleven jumps of the text", "16/7k8/16/16/16/16/16/16/16/16/16/16/16/16/7K8/16 w K - 0 1", "h2", steps + " " + jumps},
		// Black's King jumps the same way: from h13 on 14 ranks to f14 j14
		// (rank 15 does not exist), f13 j13, f12 j12 and f11 g11 h11 i11 j11;
		// from h15 on 16 ranks likewise.
		{"gigachess2", "Black's jumps", "14/7k6/14/14/14/14/14/14/14/14/14/14/7K6/14 b k - 0 1", "h13",
			"g14 h14 i14 g13 i13 g12 h12 i12 f14 j14 f13 j13 f12 j12 f11 g11 h11 i11 j11"},
		{"terachess2", "Black's jumps", "16/7k8/16/16/16/16/16/16/16/16/16/16/16/16/7K8/16 b k - 0 1", "h15",
			"g16 h16 i16 g15 i15 g14 h14 i14 f16 j16 f15 j15 f14 j14 f13 g13 h13 i13 j13"},
		{"bigorra", "Black's jumps", "16/7k8/16/16/16/16/16/16/16/16/16/16/16/16/7K8/16 b k - 0 1", "h15",
			"g16 h16 i16 g15 i15 g14 h14 i14 f16 j16 f15 j15 f14 j14 f13 g13 h13 i13 j13"},
		// The Rook on h10 checks along the h-file: no jump at all; the steps
		// on the h-file (h1, h3) stay attacked.
		{"gigachess2", "no jump in check", "14/7k6/14/14/7r6/14/14/14/14/14/14/14/7K6/14 w K - 0 1", "h2", "g1 g2 g3 i1 i2 i3"},
		{"terachess2", "no jump in check", "16/7k8/16/16/16/16/7r8/16/16/16/16/16/16/16/7K8/16 w K - 0 1", "h2", "g1 g2 g3 i1 i2 i3"},
		{"bigorra", "no jump in check", "16/7k8/16/16/16/16/7r8/16/16/16/16/16/16/16/7K8/16 w K - 0 1", "h2", "g1 g2 g3 i1 i2 i3"},
		// The Cannon on h10 checks over the white Pawn on h5: no jump either.
		{"gigachess2", "no jump in a Cannon's check", "14/7k6/14/14/7c6/14/14/14/14/7P6/14/14/7K6/14 w K - 0 1", "h2", "g1 g2 g3 i1 i2 i3"},
		{"terachess2", "no jump in a Cannon's check", "16/7k8/16/16/16/16/7c8/16/16/16/16/7P8/16/16/7K8/16 w K - 0 1", "h2", "g1 g2 g3 i1 i2 i3"},
		{"bigorra", "no jump in a Cannon's check", "16/7k8/16/16/16/16/7c8/16/16/16/16/7P8/16/16/7K8/16 w K - 0 1", "h2", "g1 g2 g3 i1 i2 i3"},
		// The Bishop on b7 attacks c6 d5 e4 f3 g2 h1. The (2,0) jump to f2
		// passes the attacked g2: refused although f2 itself is safe. f1
		// passes g2 (attacked) and g1 (free): allowed. f3 lands on an
		// attacked square. Steps h1 and g2 are attacked.
		{"gigachess2", "(2,0) jump over an attacked square", "14/7k6/14/14/14/14/14/1b12/14/14/14/14/7K6/14 w K - 0 1", "h2",
			"g1 i1 i2 g3 h3 i3 f1 f4 g4 h4 i4 j4 j3 j2 j1"},
		{"terachess2", "(2,0) jump over an attacked square", "16/7k8/16/16/16/16/16/16/16/1b14/16/16/16/16/7K8/16 w K - 0 1", "h2",
			"g1 i1 i2 g3 h3 i3 f1 f4 g4 h4 i4 j4 j3 j2 j1"},
		{"bigorra", "(2,0) jump over an attacked square", "16/7k8/16/16/16/16/16/16/16/1b14/16/16/16/16/7K8/16 w K - 0 1", "h2",
			"g1 i1 i2 g3 h3 i3 f1 f4 g4 h4 i4 j4 j3 j2 j1"},
		// The black Pawn on h4 attacks g3 and i3. The (2,2) jumps to f4 and
		// j4 pass them: refused. The knight jumps f3 (g2 free, g3 attacked),
		// g4 (h3 free, g3 attacked), i4 (h3 free, i3 attacked) and j3 (i2
		// free, i3 attacked) have one free passed square: allowed. h4 holds
		// the Pawn: the jump never captures.
		{"gigachess2", "(2,2) jumps over attacked squares, knight jumps with one", "14/7k6/14/14/14/14/14/14/14/14/7p6/14/7K6/14 w K - 0 1", "h2",
			"g1 h1 i1 g2 i2 h3 f1 f2 f3 g4 i4 j1 j2 j3"},
		{"terachess2", "(2,2) jumps over attacked squares, knight jumps with one", "16/7k8/16/16/16/16/16/16/16/16/16/16/7p8/16/7K8/16 w K - 0 1", "h2",
			"g1 h1 i1 g2 i2 h3 f1 f2 f3 g4 i4 j1 j2 j3"},
		{"bigorra", "(2,2) jumps over attacked squares, knight jumps with one", "16/7k8/16/16/16/16/16/16/16/16/16/16/7p8/16/7K8/16 w K - 0 1", "h2",
			"g1 h1 i1 g2 i2 h3 f1 f2 f3 g4 i4 j1 j2 j3"},
		// The Rook on g12 attacks the whole g-file below it. The knight jumps
		// f1 (g2 and g1) and f3 (g2 and g3) pass two attacked squares:
		// refused although f1 and f3 are safe. f2 and f4 pass g2 and g3; g4
		// is attacked.
		{"gigachess2", "knight jumps with both passed squares attacked", "14/7k6/6r7/14/14/14/14/14/14/14/14/14/7K6/14 w K - 0 1", "h2",
			"h1 h3 i1 i2 i3 h4 i4 j1 j2 j3 j4"},
		{"terachess2", "knight jumps with both passed squares attacked", "16/7k8/16/16/6r9/16/16/16/16/16/16/16/16/16/7K8/16 w K - 0 1", "h2",
			"h1 h3 i1 i2 i3 h4 i4 j1 j2 j3 j4"},
		{"bigorra", "knight jumps with both passed squares attacked", "16/7k8/16/16/6r9/16/16/16/16/16/16/16/16/16/7K8/16 w K - 0 1", "h2",
			"h1 h3 i1 i2 i3 h4 i4 j1 j2 j3 j4"},
		// White pieces on all eight neighbours: no step, and every jump, for
		// "it does not matter if the square jumped over is occupied".
		{"gigachess2", "occupied passed squares", "14/7k6/14/14/14/14/14/14/14/14/14/6PPP5/6BKB5/6NRN5 w K - 0 1", "h2", jumps},
		{"terachess2", "occupied passed squares", "16/7k8/16/16/16/16/16/16/16/16/16/16/16/6PPP7/6BKB7/6NRN7 w K - 0 1", "h2", jumps},
		{"bigorra", "occupied passed squares", "16/7k8/16/16/16/16/16/16/16/16/16/16/16/6PPP7/6BKB7/6NRN7 w K - 0 1", "h2", jumps},
		// The Cannon on l2 has no screen toward h2 (no check), but it attacks
		// g2 over the King: "attacked" is judged before the move (RULES R8),
		// so the jump to f2 is refused, while the step to g2 is legal (with the
		// King on g2 nothing screens) and so are f1 and f3 (g1, g3 free), j2
		// and j1 (i2 is not attacked: nothing screens it).
		{"gigachess2", "a Cannon attacks the passed square over the King", "14/7k6/14/14/14/14/14/14/14/14/14/14/7K3c2/14 w K - 0 1", "h2",
			steps + " f1 f3 f4 g4 h4 i4 j4 j3 j2 j1"},
		{"terachess2", "a Cannon attacks the passed square over the King", "16/7k8/16/16/16/16/16/16/16/16/16/16/16/16/7K3c4/16 w K - 0 1", "h2",
			steps + " f1 f3 f4 g4 h4 i4 j4 j3 j2 j1"},
		{"bigorra", "a Cannon attacks the passed square over the King", "16/7k8/16/16/16/16/16/16/16/16/16/16/16/16/7K3c4/16 w K - 0 1", "h2",
			steps + " f1 f3 f4 g4 h4 i4 j4 j3 j2 j1"},
	}
	for _, tt := range tests {
		t.Run(tt.variant+"/"+tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.variant, tt.fen)
			if got, want := czDests(p, tt.from), czNorm(tt.want); got != want {
				t.Errorf("czDests(%q, %s) = %q; want %q", tt.fen, tt.from, got, want)
			}
			// A King move two squares away is a jump, a step is a normal move.
			for _, m := range p.LegalMoves() {
				far := max(abs(m.To.File()-m.From.File()), abs(m.To.Rank()-m.From.Rank())) == 2
				if m.From.String() == tt.from && (m.Kind == MoveKingJump) != far {
					t.Errorf("Kind of %s in %q = %v", p.UCI(m), tt.fen, m.Kind)
				}
			}
		})
	}
}

// The jump right (K/k in FEN, RULES R8 and R30) is lost after any King move,
// the jump included, and only then: being checked does not lose it.
func TestCazauxKingJumpRight(t *testing.T) {
	tests := []struct {
		variant, fen string
		moves        []string // played in turn
		rights       []string // the rights field after each move
		from, want   string   // then the King's moves from from
	}{
		// Black's Rook checks from h10 (the right stays), White blocks on h5,
		// Black's King steps (k is lost, K stays): the white King, checked
		// before but never moved, still has its eight steps and eleven jumps
		// (the Rook's h-file stops at h5).
		{"gigachess2", "14/7k6/14/14/1r12/14/14/14/14/R13/14/14/7K6/14 b Kk - 0 1",
			[]string{"b10h10", "a5h5", "h13i13"}, []string{"Kk", "Kk", "K"},
			"h2", "g1 h1 i1 g2 i2 g3 h3 i3 f1 f2 f3 f4 g4 h4 i4 j4 j3 j2 j1"},
		{"terachess2", "16/7k8/16/16/16/16/1r14/16/16/16/16/R15/16/16/7K8/16 b Kk - 0 1",
			[]string{"b10h10", "a5h5", "h15i15"}, []string{"Kk", "Kk", "K"},
			"h2", "g1 h1 i1 g2 i2 g3 h3 i3 f1 f2 f3 f4 g4 h4 i4 j4 j3 j2 j1"},
		{"bigorra", "16/7k8/16/16/16/16/1r14/16/16/16/16/R15/16/16/7K8/16 b Kk - 0 1",
			[]string{"b10h10", "a5h5", "h15i15"}, []string{"Kk", "Kk", "K"},
			"h2", "g1 h1 i1 g2 i2 g3 h3 i3 f1 f2 f3 f4 g4 h4 i4 j4 j3 j2 j1"},
		// The same, then the jump h2-f3 loses K; a King that has jumped does
		// not jump again: from f3 only its steps.
		{"gigachess2", "14/7k6/14/14/1r12/14/14/14/14/R13/14/14/7K6/14 b Kk - 0 1",
			[]string{"b10h10", "a5h5", "h13i13", "h2f3", "i13i12"}, []string{"Kk", "Kk", "K", "-", "-"},
			"f3", "e2 f2 g2 e3 g3 e4 f4 g4"},
		{"bigorra", "16/7k8/16/16/16/16/1r14/16/16/16/16/R15/16/16/7K8/16 b Kk - 0 1",
			[]string{"b10h10", "a5h5", "h15i15", "h2f3", "i15i14"}, []string{"Kk", "Kk", "K", "-", "-"},
			"f3", "e2 f2 g2 e3 g3 e4 f4 g4"},
		// A King step loses the right even when the King comes back home.
		{"gigachess2", "14/7k6/14/14/14/14/14/14/14/14/14/14/7K6/14 w Kk - 0 1",
			[]string{"h2h3", "h13h12", "h3h2", "h12h13"}, []string{"k", "-", "-", "-"},
			"h2", "g1 h1 i1 g2 i2 g3 h3 i3"},
		{"terachess2", "16/7k8/16/16/16/16/16/16/16/16/16/16/16/16/7K8/16 w Kk - 0 1",
			[]string{"h2h3", "h15h14", "h3h2", "h14h15"}, []string{"k", "-", "-", "-"},
			"h2", "g1 h1 i1 g2 i2 g3 h3 i3"},
		// The jump itself loses only the mover's right; Black still jumps.
		{"terachess2", "16/7k8/16/16/16/16/16/16/16/16/16/16/16/16/7K8/16 w Kk - 0 1",
			[]string{"h2j3"}, []string{"k"},
			"h15", "g16 h16 i16 g15 i15 g14 h14 i14 f16 j16 f15 j15 f14 j14 f13 g13 h13 i13 j13"},
	}
	for _, tt := range tests {
		t.Run(tt.variant, func(t *testing.T) {
			p := mustPosition(t, tt.variant, tt.fen)
			for i, s := range tt.moves {
				p = czPlay(t, p, s)
				if got := czRights(p); got != tt.rights[i] {
					t.Errorf("czRights(after %s) = %q; want %q (%s)", strings.Join(tt.moves[:i+1], " "), got, tt.rights[i], p.FEN())
				}
			}
			if got, want := czDests(p, tt.from), czNorm(tt.want); got != want {
				t.Errorf("czDests(%q, %s) = %q; want %q", p.FEN(), tt.from, got, want)
			}
		})
	}
}

// En passant (RULES R6 and R7; texts: "Any time a Pawn or Prince takes a
// double step and passes through the capture square of an opposing Pawn,
// that Pawn may capture ... This en passant capture must be made in the
// move immediately following ... Only a Pawn may capture en passant; the
// Prince does not have this option"; Bigorra adds the Soldier as maker and
// taker). Each case plays moves, then checks the en-passant square, the
// moves of one piece, and optionally plays one of them.
func TestCazauxEnPassant(t *testing.T) {
	tests := []struct {
		name, variant, fen string
		moves              []string // played first
		wantEP             string   // EnPassant() after them
		from, want         string   // czDests of the piece on from
		take               string   // then this move is played...
		takeKind           MoveKind // ...with this kind...
		after              string   // ...giving this FEN
	}{
		// The Pawn e7 (not on its start ranks 3-4) steps to e9 passing e8;
		// the black Pawn d9 has d8, d7 (its own double step) and e8 en
		// passant, which removes the Pawn from e9.
		{"Pawn's double step from the middle, taken by a Pawn", "gigachess2",
			"14/7k6/14/14/14/3p10/14/4P9/14/14/14/14/7K6/14 w - - 0 1",
			[]string{"e7e9"}, "e8", "d9", "d8 d7 xe8",
			"d9e8", MoveEnPassant, "14/7k6/14/14/14/14/4p9/14/14/14/14/14/7K6/14 w - - 0 2"},
		// The same with a Prince: the Pawn removes the Prince.
		{"Prince's double step from the middle, taken by a Pawn", "gigachess2",
			"14/7k6/14/14/14/3p10/14/4I9/14/14/14/14/7K6/14 w - - 0 1",
			[]string{"e7e9"}, "e8", "d9", "d8 d7 xe8",
			"d9e8", MoveEnPassant, "14/7k6/14/14/14/14/4p9/14/14/14/14/14/7K6/14 w - - 0 2"},
		// A black Prince on d9 instead: it may step to e8, but as a plain
		// move that captures nothing (it takes the Pawn only on e9 itself);
		// its own double step goes to d7.
		{"not taken by a Prince", "gigachess2",
			"14/7k6/14/14/14/3i10/14/4P9/14/14/14/14/7K6/14 w - - 0 1",
			[]string{"e7e9"}, "e8", "d9", "c10 d10 e10 c9 xe9 c8 d8 e8 d7",
			"d9e8", MoveNormal, "14/7k6/14/14/14/4P9/4i9/14/14/14/14/14/7K6/14 w - - 1 2"},
		// The right lasts one move: after a King move each, d9 has no e8.
		{"the right lasts one move", "gigachess2",
			"14/7k6/14/14/14/3p10/14/4P9/14/14/14/14/7K6/14 w - - 0 1",
			[]string{"e7e9", "h13h14", "h2h1"}, "-", "d9", "d8 d7",
			"", 0, ""},
		// A double step onto the last rank promotes at once (one move to e14,
		// e14=Q) and can still be taken en passant: d14 takes on e13 and the
		// Queen is removed.
		{"double step onto the last rank, taken", "gigachess2",
			"3p10/14/4P9/14/14/14/k13/14/14/14/14/14/7K6/14 w - - 0 1",
			nil, "-", "e12", "e13 e14=Q",
			"e12e14q", MoveDoubleStep, "3pQ9/14/14/14/14/14/k13/14/14/14/14/14/7K6/14 b - e13 0 1"},
		{"double step onto the last rank, taken (2)", "gigachess2",
			"3p10/14/4P9/14/14/14/k13/14/14/14/14/14/7K6/14 w - - 0 1",
			[]string{"e12e14q"}, "e13", "d14", "d13 d12 xe13",
			"d14e13", MoveEnPassant, "14/4p9/14/14/14/14/k13/14/14/14/14/14/7K6/14 w - - 0 2"},
		// The same with a Prince promoting to an Amazon on Terachess II's 16th
		// rank (the Prince is not pawn-class, RULES R4: the clock goes on).
		{"Prince's double step onto the last rank", "terachess2",
			"5p10/16/4I11/16/16/16/16/16/k15/16/16/16/16/16/7K8/16 w - - 0 1",
			nil, "-", "e14", "d13 e13 f13 d14 f14 d15 e15 f15 e16=A",
			"e14e16a", MoveDoubleStep, "4Ap10/16/16/16/16/16/16/16/k15/16/16/16/16/16/7K8/16 b - e15 1 1"},
		{"Prince's double step onto the last rank (2)", "terachess2",
			"5p10/16/4I11/16/16/16/16/16/k15/16/16/16/16/16/7K8/16 w - - 0 1",
			[]string{"e14e16a"}, "e15", "f16", "f15 f14 xe15",
			"f16e15", MoveEnPassant, "16/4p11/16/16/16/16/16/16/k15/16/16/16/16/16/7K8/16 w - - 0 2"},
		// A black Prince steps g11-g9 from the middle: the Pawn f9 takes it
		// on g10; the Prince h9 only steps to g10 (g9 it captures normally).
		{"black Prince's double step, the Pawn takes", "terachess2",
			"16/7k8/16/16/16/6i9/16/5P1I8/16/16/16/16/16/16/7K8/16 b - - 0 1",
			[]string{"g11g9"}, "g10", "f9", "f10 f11 xg10",
			"f9g10", MoveEnPassant, "16/7k8/16/16/16/16/6P9/7I8/16/16/16/16/16/16/7K8/16 b - - 0 2"},
		{"black Prince's double step, the Prince does not take", "terachess2",
			"16/7k8/16/16/16/6i9/16/5P1I8/16/16/16/16/16/16/7K8/16 b - - 0 1",
			[]string{"g11g9"}, "g10", "h9", "g8 h8 i8 xg9 i9 g10 h10 i10 h11",
			"h9g10", MoveNormal, "16/7k8/16/16/16/16/6I9/5Pi9/16/16/16/16/16/16/7K8/16 b - - 2 2"},
		// The Troll's three-square leap e7-e10 is no double step: no
		// en-passant square (RULES R7); the Pawn d11 takes the Troll on e10
		// only by an ordinary capture.
		{"the Troll makes none", "terachess2",
			"16/7k8/16/16/16/3p12/16/16/16/4T11/16/16/16/16/7K8/16 w - - 0 1",
			[]string{"e7e10"}, "-", "d11", "d10 d9 xe10",
			"", 0, ""},
		// The black Pawn d12-d10 passes d11: the white Pawn e10 takes there,
		// the Troll c10 (HG leaps c7 c13 f7 f10 f13, step c11) does not.
		{"the Troll takes none", "terachess2",
			"16/7k8/16/16/3p12/16/2T1P11/16/16/16/16/16/16/16/7K8/16 b - - 0 1",
			[]string{"d12d10"}, "d11", "c10", "c7 c11 c13 f7 f10 f13",
			"", 0, ""},
		{"the Pawn beside the Troll takes", "terachess2",
			"16/7k8/16/16/3p12/16/2T1P11/16/16/16/16/16/16/16/7K8/16 b - - 0 1",
			[]string{"d12d10"}, "d11", "e10", "e11 e12 xd11",
			"e10d11", MoveEnPassant, "16/7k8/16/16/16/3P12/2T13/16/16/16/16/16/16/16/7K8/16 b - - 0 2"},
		// Bigorra: the Soldier e7-e9 is taken by the Soldier d9 on e8; d9's
		// other moves: d8, d7, the sideways c9 (e9 is occupied: no capture
		// sideways).
		{"Soldier's double step, taken by a Soldier", "bigorra",
			"16/7k8/16/16/16/16/16/3p'12/16/4P'11/16/16/16/16/7K8/16 w - - 0 1",
			[]string{"e7e9"}, "e8", "d9", "c9 d8 d7 xe8",
			"d9e8", MoveEnPassant, "16/7k8/16/16/16/16/16/16/4p'11/16/16/16/16/16/7K8/16 w - - 0 2"},
		// A black Pawn f12-f10: the white Soldier g10 (g11, g12, sideways h10;
		// f10 is occupied) and the white Pawn e10 both may take on f11.
		{"Pawn's double step, taken by a Soldier", "bigorra",
			"16/7k8/16/16/5p10/16/4P1P'9/16/16/16/16/16/16/16/7K8/16 b - - 0 1",
			[]string{"f12f10"}, "f11", "g10", "g11 g12 h10 xf11",
			"g10f11", MoveEnPassant, "16/7k8/16/16/16/5P'10/4P11/16/16/16/16/16/16/16/7K8/16 b - - 0 2"},
		{"Pawn's double step, taken by a Pawn", "bigorra",
			"16/7k8/16/16/5p10/16/4P1P'9/16/16/16/16/16/16/16/7K8/16 b - - 0 1",
			[]string{"f12f10"}, "f11", "e10", "e11 e12 xf11",
			"", 0, ""},
		// The black Pawn e9-e7 passes e8, beside the white Soldier d8: the
		// Soldier's sideways step to e8 is a plain move that takes nothing
		// (RULES R13), and its diagonal captures (c9, e9) do not reach e8.
		{"Soldier's sideways step onto the en-passant square", "bigorra",
			"16/7k8/16/16/16/16/16/4p11/3P'12/16/16/16/16/16/7K8/16 b - - 0 1",
			[]string{"e9e7"}, "e8", "d8", "c8 e8 d9 d10",
			"d8e8", MoveNormal, "16/7k8/16/16/16/16/16/16/4P'11/4p11/16/16/16/16/7K8/16 b - - 0 2"},
		// The Soldier e14 doubles onto e16 and promotes to a Queen; the black
		// Soldier f16 (f15, f14, sideways g16; e16 is occupied) takes it on e15.
		{"Soldier's double step onto the last rank, taken", "bigorra",
			"5p'10/16/4P'11/16/16/16/16/16/k15/16/16/16/16/16/7K8/16 w - - 0 1",
			[]string{"e14e16q"}, "e15", "f16", "f15 f14 g16 xe15",
			"f16e15", MoveEnPassant, "16/4p'11/16/16/16/16/16/16/k15/16/16/16/16/16/7K8/16 w - - 0 2"},
	}
	for _, tt := range tests {
		t.Run(tt.variant+"/"+tt.name, func(t *testing.T) {
			p := czPlay(t, mustPosition(t, tt.variant, tt.fen), tt.moves...)
			if got := p.EnPassant().String(); got != tt.wantEP {
				t.Errorf("EnPassant(%q) = %s; want %s", p.FEN(), got, tt.wantEP)
			}
			if got, want := czDests(p, tt.from), czNorm(tt.want); got != want {
				t.Errorf("czDests(%q, %s) = %q; want %q", p.FEN(), tt.from, got, want)
			}
			// The FEN written here loads again as the same position.
			if q := mustPosition(t, tt.variant, p.FEN()); q.FEN() != p.FEN() || !slices.Equal(q.LegalMoves(), p.LegalMoves()) {
				t.Errorf("mustPosition(%q) does not give back the same position", p.FEN())
			}
			if tt.take == "" {
				for _, m := range p.LegalMoves() {
					if m.Kind == MoveEnPassant && tt.wantEP == "-" {
						t.Errorf("LegalMoves(%q) has en passant %s", p.FEN(), p.UCI(m))
					}
				}
				return
			}
			m := uciMove(t, p, tt.take)
			if m.Kind != tt.takeKind {
				t.Errorf("Kind(%s in %q) = %v; want %v", tt.take, p.FEN(), m.Kind, tt.takeKind)
			}
			if got := czPlay(t, p, tt.take).FEN(); got != tt.after {
				t.Errorf("FEN(after %s) = %q; want %q", tt.take, got, tt.after)
			}
		})
	}
}

// Eagle, Rhinoceros (all three games), Snake and Ship (Bigorra): a first
// step onto an empty square or a capture there; from an empty first square
// a ride in the allowed directions only (RULES R9). White to move; the
// Kings stand out of the way (a1, and n14 or p16).
func TestCazauxBentRiders(t *testing.T) {
	tests := []struct {
		variant, name, fen, from, want string
	}{
		// Eagle f6. g7 holds a white Pawn: no g7, nothing beyond. e7 holds a
		// black Knight: captured, nothing beyond (e8 and d7 are empty but out
		// of reach). g5 empty: down g4 then the Rook g3 (captured); right h5
		// i5 up to the own Pawn j5. e5 empty: left d5 then the Pawn c5; down
		// e4 e3 up to the own Pawn e2. The orthogonal neighbours are never
		// reached (they would be the continuation toward the start): the
		// black Pawns f7 and g6 are not captured, e6 and f5 not entered.
		{"gigachess2", "Eagle", "13k/14/14/14/14/14/14/4npP7/5Gp7/2p6P4/14/6r7/4P9/K13 w - - 0 1", "f6",
			"xe7 g5 g4 xg3 h5 i5 e5 d5 xc5 e4 e3"},
		// Rhinoceros f6. f7 own Pawn: nothing up. e6 black Knight: captured,
		// no diagonal beyond (d7 and d5 empty). f5 empty: down-left e4 then
		// the Pawn d3; down-right g4 up to the own Pawn h3. g6 empty: up-right
		// h7 then the Pawn i8; down-right h5 up to the own Pawn i4. The black
		// Pawns on the diagonal neighbours e7 g7 e5 g5 are out of reach.
		{"gigachess2", "Rhinoceros", "13k/14/14/14/14/14/8p5/4pPp7/4nU8/4p1p7/8P5/3p3P6/14/K13 w - - 0 1", "f6",
			"xe6 f5 e4 xd3 g4 g6 h7 xi8 h5"},
		// The same set-ups on a 16x16 board.
		{"terachess2", "Eagle", "15k/16/16/16/16/16/16/16/16/4npP9/5Gp9/2p6P6/16/6r9/4P11/K15 w - - 0 1", "f6",
			"xe7 g5 g4 xg3 h5 i5 e5 d5 xc5 e4 e3"},
		{"bigorra", "Rhinoceros", "15k/16/16/16/16/16/16/16/8p7/4pPp9/4nU10/4p1p9/8P7/3p3P8/16/K15 w - - 0 1", "f6",
			"xe6 f5 e4 xd3 g4 g6 h7 xi8 h5"},
		// Snake f6, f7 empty: up-left e8 then the Pawn d9, up-right g8 up to
		// the own Pawn h9. f5 holds a black Knight: captured, no diagonal
		// beyond (e4, g4 empty). The horizontal neighbours e6 g6 (black
		// Pawns) are not taken: no horizontal first step, and no diagonal
		// from f7 going back down.
		{"bigorra", "Snake, upward", "15k/16/16/16/16/16/16/3p3P8/16/16/4pN'p9/5n10/16/16/16/K15 w - - 0 1", "f6",
			"f7 e8 xd9 g8 xf5"},
		// Snake f6 with an own Pawn on f7: down to f5, then down-left e4 and
		// the Pawn d3, down-right g4 h3 up to the own Pawn i2.
		{"bigorra", "Snake, downward", "15k/16/16/16/16/16/16/16/16/5P10/5N'10/16/16/3p12/8P7/K15 w - - 0 1", "f6",
			"f5 e4 xd3 g4 h3"},
		// Ship f6. g7 empty: up g8 g9 and the Pawn g10; e7 own Pawn: nothing;
		// g5 black Pawn: captured, nothing beyond (g4 empty); e5 empty: down
		// e4 e3 up to the own Pawn e2. Never horizontal (h7 and d5, black,
		// are not taken) and never against the first step's vertical
		// direction (g6 and e6, black, are not taken).
		{"bigorra", "Ship", "15k/16/16/16/16/16/6p9/16/16/4P2p8/4pB'p9/3p2p9/16/16/4P11/K15 w - - 0 1", "f6",
			"g7 g8 g9 xg10 xg5 e5 e4 e3"},
		// A black Ship on k11 (Black to move, Kings a1 and p16): steps j10 l10
		// j12 l12, then down from j10 (j9, up to its own Pawn j8) and from l10
		// (l9, then the white Pawn l8), up from j12 (j13, then the white Pawn
		// j14) and from l12 (l13, up to its own Pawn l14).
		{"bigorra", "black Ship", "15K/16/9P1p4/16/16/10b'5/16/16/9p1P4/16/16/16/16/16/16/k15 b - - 0 1", "k11",
			"j10 j9 l10 l9 xl8 j12 j13 xj14 l12 l13"},
	}
	for _, tt := range tests {
		t.Run(tt.variant+"/"+tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.variant, tt.fen)
			if got, want := czDests(p, tt.from), czNorm(tt.want); got != want {
				t.Errorf("czDests(%q, %s) = %q; want %q", tt.fen, tt.from, got, want)
			}
		})
	}
}

// Cannon, Archer and Sorceress move without capturing as a Rook, Bishop and
// Queen, and capture by jumping exactly one piece of either colour (the
// screen) and taking the first piece after it (RULES R10).
func TestCazauxHopperMoves(t *testing.T) {
	tests := []struct {
		variant, name, fen, from, want string
	}{
		// Cannon f6. Up: f7 f8, the black Pawn f9 screens, f10 empty, the
		// Knight f11 is taken (f9 itself is not). Down: f5 f4, the own Pawn f3
		// screens, beyond it the own Rook f1: no capture. Left: the black Pawn
		// e6 screens at once, d6 c6 are not entered (no move past a screen),
		// the Bishop b6 is taken. Right: g6 to n6, nothing to take.
		{"gigachess2", "Cannon", "13k/14/14/5n8/14/5p8/14/14/1b2pC8/14/14/5P8/14/K4R8 w - - 0 1", "f6",
			"f7 f8 xf11 f5 f4 xb6 g6 h6 i6 j6 k6 l6 m6 n6"},
		// Archer f6. Up-right g7 h8, the own Pawn i9 screens, the Knight k11
		// is taken. Up-left: the black Pawn e7 screens, then the own Pawn d8:
		// nothing. Down-left e5 to a1 (Kings on a14 and n14). Down-right g5,
		// the black Pawn h4 screens (not taken), i3 is not entered, the Rook
		// j2 is taken.
		{"gigachess2", "Archer", "K12k/14/14/10n3/14/8P5/3P10/4p9/5V8/14/7p6/14/9r4/14 w - - 0 1", "f6",
			"g7 h8 xk11 e5 d4 c3 b2 a1 g5 xj2"},
		// Sorceress f6 (Kings p1, p16). Up: f7, screen f8, f9 f10 empty, the
		// Rook f11 taken. Down: the own Pawn f5 screens, f4 empty, the Knight
		// f3 taken. Left: e6 to a6. Right: g6, the own Pawn h6 screens, the
		// Pawn i6 taken. Up-right: the Pawn g7 screens, the Pawn h8 taken.
		// Up-left: e7 d8, the own Pawn c9 screens, b10 a11 empty: nothing.
		// Down-right: g5, the own Pawn h4 screens, the own Pawn i3: nothing.
		// Down-left: e5 to a1.
		{"terachess2", "Sorceress", "15k/16/16/16/16/5r10/16/2P13/5p1p8/6p9/5O1Pp7/5P10/7P8/5n2P7/16/15K w - - 0 1", "f6",
			"f7 xf11 xf3 a6 b6 c6 d6 e6 g6 xi6 xh8 e7 d8 g5 e5 d4 c3 b2 a1"},
	}
	for _, tt := range tests {
		t.Run(tt.variant+"/"+tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.variant, tt.fen)
			if got, want := czDests(p, tt.from), czNorm(tt.want); got != want {
				t.Errorf("czDests(%q, %s) = %q; want %q", tt.fen, tt.from, got, want)
			}
		})
	}
}

// Hoppers give check through exactly one screen of either colour, never
// through none or two (RULES R1 and R10). White's King h2, White to move.
func TestCazauxHopperChecks(t *testing.T) {
	tests := []struct {
		variant, name, fen string
		checkers           string // "" when not in check
	}{
		{"gigachess2", "Cannon over an own piece", "14/7k6/14/14/7c6/14/14/14/14/7P6/14/14/7K6/14 w - - 0 1", "h10"},
		{"gigachess2", "Cannon over an enemy piece", "14/7k6/14/14/7c6/14/14/14/14/7p6/14/14/7K6/14 w - - 0 1", "h10"},
		{"gigachess2", "Cannon over two pieces", "14/7k6/14/14/7c6/14/14/7p6/14/7P6/14/14/7K6/14 w - - 0 1", ""},
		{"gigachess2", "Cannon without a screen", "14/7k6/14/14/7c6/14/14/14/14/14/14/14/7K6/14 w - - 0 1", ""},
		// The Archer on b8 sees h2 along c7 d6 e5 f4 g3.
		{"gigachess2", "Archer over an own piece", "14/7k6/14/14/14/14/1v12/14/14/4N9/14/14/7K6/14 w - - 0 1", "b8"},
		{"gigachess2", "Archer over two pieces", "14/7k6/14/14/14/14/1v12/14/3p10/4N9/14/14/7K6/14 w - - 0 1", ""},
		{"gigachess2", "Archer without a screen", "14/7k6/14/14/14/14/1v12/14/14/14/14/14/7K6/14 w - - 0 1", ""},
		{"gigachess2", "Sorceress diagonally over an enemy piece", "14/7k6/14/14/14/14/1o12/14/14/4p9/14/14/7K6/14 w - - 0 1", "b8"},
		{"gigachess2", "Sorceress along the file over an own piece", "14/7k6/14/14/7o6/14/14/14/14/7P6/14/14/7K6/14 w - - 0 1", "h10"},
		{"gigachess2", "Sorceress over two pieces", "14/7k6/14/14/7o6/14/14/7p6/14/7P6/14/14/7K6/14 w - - 0 1", ""},
		{"terachess2", "Cannon over an own piece", "16/7k8/16/16/16/16/7c8/16/16/16/16/7P8/16/16/7K8/16 w - - 0 1", "h10"},
		{"terachess2", "Cannon over two pieces", "16/7k8/16/16/16/16/7c8/16/16/7p8/16/7P8/16/16/7K8/16 w - - 0 1", ""},
		{"terachess2", "Archer over an own piece", "16/7k8/16/16/16/16/16/16/1v14/16/16/4N11/16/16/7K8/16 w - - 0 1", "b8"},
		{"terachess2", "Archer over two pieces", "16/7k8/16/16/16/16/16/16/1v14/16/3p12/4N11/16/16/7K8/16 w - - 0 1", ""},
		{"bigorra", "Sorceress diagonally over an enemy piece", "16/7k8/16/16/16/16/16/16/1o14/16/16/4p11/16/16/7K8/16 w - - 0 1", "b8"},
		{"bigorra", "Sorceress over two pieces", "16/7k8/16/16/16/16/7o8/16/16/7p8/16/7P8/16/16/7K8/16 w - - 0 1", ""},
		{"bigorra", "Cannon over an own Soldier", "16/7k8/16/16/16/16/7c8/16/16/16/16/7P'8/16/16/7K8/16 w - - 0 1", "h10"},
	}
	for _, tt := range tests {
		t.Run(tt.variant+"/"+tt.name, func(t *testing.T) {
			st := mustPosition(t, tt.variant, tt.fen).Status()
			var got []string
			for _, s := range st.Checkers {
				got = append(got, s.String())
			}
			if st.InCheck != (tt.checkers != "") || strings.Join(got, " ") != tt.checkers {
				t.Errorf("Status(%q) = check %v by %v; want by %q", tt.fen, st.InCheck, got, tt.checkers)
			}
		})
	}
}

// Screens and pins (RULES R2, R9 and R10). White's King h2, Black's Cannon
// h10 (or Archer b8, Sorceress h10), then pins by bent riders; the legal
// moves of one white piece.
func TestCazauxPins(t *testing.T) {
	tests := []struct {
		variant, name, fen, from, want string
	}{
		// Unscreen: the Rook h5 is the only screen, White is in check. Every
		// move off the h-file removes the check; along the file it stays the
		// screen (h3 h4 h6 ... h9 are illegal); taking the Cannon is legal.
		{"gigachess2", "the only screen leaves the line", "14/7k6/14/14/7c6/14/14/14/14/7R6/14/14/7K6/14 w - - 0 1", "h5",
			"a5 b5 c5 d5 e5 f5 g5 i5 j5 k5 l5 m5 n5 xh10"},
		// Screening: nothing stands between Cannon and King (no check). The
		// Rook a5 may go anywhere but h5, where it would become the screen.
		{"gigachess2", "a piece may not become the screen", "14/7k6/14/14/7c6/14/14/14/14/R13/14/14/7K6/14 w - - 0 1", "a5",
			"b5 c5 d5 e5 f5 g5 i5 j5 k5 l5 m5 n5 a1 a2 a3 a4 a6 a7 a8 a9 a10 a11 a12 a13 a14"},
		// Two screens, the black Pawn h7 and the white Rook h5: no check,
		// and the Rook is pinned. It may move along the file between the
		// Pawn and the King (h6, h4, h3: still two screens); taking h7 would
		// leave it the only screen.
		{"gigachess2", "pinned as one of two screens of either colour", "14/7k6/14/14/7c6/14/14/7p6/14/7R6/14/14/7K6/14 w - - 0 1", "h5",
			"h3 h4 h6"},
		// The Knight e5 is the only screen of the Archer b8 (check): each of
		// its moves leaves the diagonal and is legal.
		{"gigachess2", "Archer: the screen leaves", "14/7k6/14/14/14/14/1v12/14/14/4N9/14/14/7K6/14 w - - 0 1", "e5",
			"c4 c6 d3 d7 f3 f7 g4 g6"},
		// No screen on b8-h2: the Rook f1 may not stop on f4.
		{"gigachess2", "Archer: a piece may not become the screen", "14/7k6/14/14/14/14/1v12/14/14/14/14/14/7K6/5R8 w - - 0 1", "f1",
			"a1 b1 c1 d1 e1 g1 h1 i1 j1 k1 l1 m1 n1 f2 f3 f5 f6 f7 f8 f9 f10 f11 f12 f13 f14"},
		// The Bishop h5 is the only screen of the Sorceress h10: all its
		// moves leave the file.
		{"terachess2", "Sorceress: the screen leaves", "16/7k8/16/16/16/16/7o8/16/16/16/16/7B8/16/16/7K8/16 w - - 0 1", "h5",
			"g6 f7 e8 d9 c10 b11 a12 i6 j7 k8 l9 m10 n11 o12 p13 g4 f3 e2 d1 i4 j3 k2 l1"},
		// Bent riders pin too. The black Eagle c5 reaches h4 by its step to
		// d4 and on along rank 4: the Knight f4 on that ride cannot move
		// (none of its leaps takes the Eagle).
		{"gigachess2", "pinned on an Eagle's ride", "14/7k6/14/14/14/14/14/14/14/2g11/5N1K6/14/14/14 w - - 0 1", "f4", ""},
		// A Rook on the Eagle's first square d4 may only stay on the ride.
		{"gigachess2", "pinned on an Eagle's first square", "14/7k6/14/14/14/14/14/14/14/2g11/3R3K6/14/14/14 w - - 0 1", "d4",
			"e4 f4 g4"},
		// The black Ship c5 reaches d1 by its step to d4 and on down the
		// d-file: the Bishop d3 cannot leave it, a Rook on d4 may go to d3 or
		// d2 only.
		{"bigorra", "pinned on a Ship's ride", "16/7k8/16/16/16/16/16/16/16/16/16/2b'13/16/3B12/16/3K12 w - - 0 1", "d3", ""},
		{"bigorra", "pinned on a Ship's first square", "16/7k8/16/16/16/16/16/16/16/16/16/2b'13/3R12/16/16/3K12 w - - 0 1", "d4",
			"d3 d2"},
		// The black Snake d5 reaches g1 by its step to d4 and down the
		// diagonal e3 f2: the Knight f2 cannot move; a Rook on d4 may only
		// take the Snake.
		{"bigorra", "pinned on a Snake's ride", "16/7k8/16/16/16/16/16/16/16/16/16/3n'12/16/16/5N10/6K9 w - - 0 1", "f2", ""},
		{"bigorra", "pinned on a Snake's first square", "16/7k8/16/16/16/16/16/16/16/16/16/3n'12/3R12/16/16/6K9 w - - 0 1", "d4",
			"xd5"},
		// The Soldier h5 is the only screen: its step and double step keep
		// it on the file; its sideways steps g5, i5 are the legal moves.
		{"bigorra", "Soldier as the only screen", "16/7k8/16/16/16/16/7c8/16/16/16/16/7P'8/16/16/7K8/16 w - - 0 1", "h5",
			"g5 i5"},
	}
	for _, tt := range tests {
		t.Run(tt.variant+"/"+tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.variant, tt.fen)
			if got, want := czDests(p, tt.from), czNorm(tt.want); got != want {
				t.Errorf("czDests(%q, %s) = %q; want %q", tt.fen, tt.from, got, want)
			}
		})
	}
}

// Leapers are never blocked (RULES R11). The piece stands on g7 (14x14) or
// h8 (16x16) with White Pawns on the eight squares around it and black
// Pawns on all sixteen squares two steps away; the third ring is empty.
// Steps therefore find own pieces, leaps of two capture over the occupied
// first ring, leaps of three land over both occupied rings.
func TestCazauxLeapers(t *testing.T) {
	const (
		// Gigachess II, the piece on g7.
		giga   = "13k/14/14/14/14/4ppppp5/4pPPPp5/4pP%sPp5/4pPPPp5/4ppppp5/14/14/14/K13 w - - 0 1"
		ring2G = "xe5 xf5 xg5 xh5 xi5 xe6 xi6 xe7 xi7 xe8 xi8 xe9 xf9 xg9 xh9 xi9"
		// Terachess II and Bigorra, the piece on h8.
		big    = "15k/16/16/16/16/16/5ppppp6/5pPPPp6/5pP%sPp6/5pPPPp6/5ppppp6/16/16/16/16/K15 w - - 0 1"
		ring2B = "xf6 xg6 xh6 xi6 xj6 xf7 xj7 xf8 xj8 xf9 xj9 xf10 xg10 xh10 xi10 xj10"
		ring3B = "e5 f5 g5 h5 i5 j5 k5 e6 k6 e7 k7 e8 k8 e9 k9 e10 k10 e11 f11 g11 h11 i11 j11 k11"
	)
	tests := []struct {
		variant, name, letter, want string
	}{
		// Machine WD: the Dabbaba leaps g5 g9 e7 i7 over the first ring.
		{"gigachess2", "Machine", "W", "xg5 xg9 xe7 xi7"},
		// Elephant FA: the Alfil leaps e5 i5 e9 i9.
		{"gigachess2", "Elephant", "E", "xe5 xi5 xe9 xi9"},
		// Duchess: two squares straight (captures) and three (moves), leaping.
		{"gigachess2", "Duchess", "D", "xg5 xg9 xe7 xi7 xe5 xi5 xe9 xi9 g4 g10 d7 j7 d4 j4 d10 j10"},
		// Lion KNAD: every square two away, the whole second ring.
		{"gigachess2", "Lion", "L", ring2G},
		// Buffalo NCZ: Knight squares of the second ring, Camel and Giraffe
		// squares of the third.
		{"gigachess2", "Buffalo", "F", "xf5 xh5 xe6 xi6 xe8 xi8 xf9 xh9 f4 h4 f10 h10 d6 d8 j6 j8 e4 i4 e10 i10 d5 d9 j5 j9"},
		{"terachess2", "Machine", "W", "xh6 xh10 xf8 xj8"},
		{"terachess2", "Elephant", "E", "xf6 xj6 xf10 xj10"},
		{"terachess2", "Duchess", "D", "xh6 xh10 xf8 xj8 xf6 xj6 xf10 xj10 h5 h11 e8 k8 e5 k5 e11 k11"},
		{"terachess2", "Lion", "L", ring2B},
		// Troll: the eight three-square leaps; its step and captures find
		// own Pawns.
		{"terachess2", "Troll", "T", "h5 h11 e8 k8 e5 k5 e11 k11"},
		{"bigorra", "Machine", "W", "xh6 xh10 xf8 xj8"},
		{"bigorra", "Elephant", "E", "xf6 xj6 xf10 xj10"},
		{"bigorra", "Duchess", "D", "xh6 xh10 xf8 xj8 xf6 xj6 xf10 xj10 h5 h11 e8 k8 e5 k5 e11 k11"},
		{"bigorra", "Lion", "L", ring2B},
		// Hawk DAHG: two or three squares straight, leaping.
		{"bigorra", "Hawk", "H'", "xh6 xh10 xf8 xj8 xf6 xj6 xf10 xj10 h5 h11 e8 k8 e5 k5 e11 k11"},
		// Mammoth KDA: its steps find own Pawns, its two-square leaps capture.
		{"bigorra", "Mammoth", "M'", "xh6 xh10 xf8 xj8 xf6 xj6 xf10 xj10"},
		// Squirrel NAD: the whole second ring.
		{"bigorra", "Squirrel", "S'", ring2B},
		// Cheetah HCZG: the whole third ring.
		{"bigorra", "Cheetah", "C'", ring3B},
		// Direwolf: the second and the third ring.
		{"bigorra", "Direwolf", "D'", ring2B + " " + ring3B},
	}
	for _, tt := range tests {
		t.Run(tt.variant+"/"+tt.name, func(t *testing.T) {
			fen, from := fmt.Sprintf(big, tt.letter), "h8"
			if tt.variant == "gigachess2" {
				fen, from = fmt.Sprintf(giga, tt.letter), "g7"
			}
			p := mustPosition(t, tt.variant, fen)
			if got, want := czDests(p, from), czNorm(tt.want); got != want {
				t.Errorf("czDests(%q, %s) = %q; want %q", fen, from, got, want)
			}
		})
	}
}

// Promotion on the last rank is immediate, compulsory and without choice,
// with each piece's own target, by a move and by a capture (RULES R12, the
// texts' promotion lists). The want lists are the piece's complete legal
// moves: exactly one move to each last-rank square, with its promotion, and
// none elsewhere. White King a1, black King n1 or p1; black Knights are the
// targets on the last rank.
func TestCazauxPromotion(t *testing.T) {
	tests := []struct {
		variant, name, fen, from, want string
	}{
		// Gigachess II (last rank 14).
		// Pawn to Queen: the step e14 and the capture d14.
		{"gigachess2", "Pawn", "3n10/4P9/14/14/14/14/14/14/14/14/14/14/14/K12k w - - 0 1", "e13", "xd14=Q e14=Q"},
		// Prince to Amazon: its three forward steps promote, the others not;
		// no double step off the board.
		{"gigachess2", "Prince", "3n10/4I9/14/14/14/14/14/14/14/14/14/14/14/K12k w - - 0 1", "e13",
			"xd14=A e14=A f14=A d13 f13 d12 e12 f12"},
		// Knight to Buffalo: d14 f14 on the last rank.
		{"gigachess2", "Knight", "3n10/14/4N9/14/14/14/14/14/14/14/14/14/14/K12k w - - 0 1", "e12",
			"xd14=F f14=F c13 g13 c11 g11 d10 f10"},
		// Camel to Buffalo: (1,3) leaps to d14 f14.
		{"gigachess2", "Camel", "3n10/14/14/4M9/14/14/14/14/14/14/14/14/14/K12k w - - 0 1", "e11",
			"xd14=F f14=F b12 h12 b10 h10 d8 f8"},
		// Giraffe to Buffalo: (2,3) leaps to c14 g14.
		{"gigachess2", "Giraffe", "2n11/14/14/4Z9/14/14/14/14/14/14/14/14/14/K12k w - - 0 1", "e11",
			"xc14=F g14=F b13 h13 b9 h9 c8 g8"},
		// Elephant to Lion: the Alfil leaps c14 g14.
		{"gigachess2", "Elephant", "2n11/14/4E9/14/14/14/14/14/14/14/14/14/14/K12k w - - 0 1", "e12",
			"d13 f13 d11 f11 xc14=L g14=L c10 g10"},
		// Machine to Lion: by its Dabbaba leap e12-e14, and by its step
		// capturing on e14.
		{"gigachess2", "Machine, by a move", "14/14/4W9/14/14/14/14/14/14/14/14/14/14/K12k w - - 0 1", "e12",
			"e13 d12 f12 e11 e14=L c12 g12 e10"},
		{"gigachess2", "Machine, by a capture", "4n9/4W9/14/14/14/14/14/14/14/14/14/14/14/K12k w - - 0 1", "e13",
			"xe14=L d13 f13 e12 c13 g13 e11"},
		// Centaur to Lion: King steps d14 e14 f14 and Knight leaps c14 g14.
		{"gigachess2", "Centaur", "3n10/4J9/14/14/14/14/14/14/14/14/14/14/14/K12k w - - 0 1", "e13",
			"xd14=L e14=L f14=L c14=L g14=L d13 f13 d12 e12 f12 c12 g12 d11 f11"},

		// Terachess II (last rank 16): the same, two ranks higher, and the Troll.
		{"terachess2", "Pawn", "3n12/4P11/16/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e15", "xd16=Q e16=Q"},
		{"terachess2", "Prince", "3n12/4I11/16/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e15",
			"xd16=A e16=A f16=A d15 f15 d14 e14 f14"},
		{"terachess2", "Knight", "3n12/16/4N11/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e14",
			"xd16=F f16=F c15 g15 c13 g13 d12 f12"},
		{"terachess2", "Camel", "3n12/16/16/4M11/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e13",
			"xd16=F f16=F b14 h14 b12 h12 d10 f10"},
		{"terachess2", "Giraffe", "2n13/16/16/4Z11/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e13",
			"xc16=F g16=F b15 h15 b11 h11 c10 g10"},
		{"terachess2", "Elephant", "2n13/16/4E11/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e14",
			"d15 f15 d13 f13 xc16=L g16=L c12 g12"},
		{"terachess2", "Machine, by a move", "16/16/4W11/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e14",
			"e15 d14 f14 e13 e16=L c14 g14 e12"},
		{"terachess2", "Machine, by a capture", "4n11/4W11/16/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e15",
			"xe16=L d15 f15 e14 c15 g15 e13"},
		{"terachess2", "Centaur", "3n12/4J11/16/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e15",
			"xd16=L e16=L f16=L c16=L g16=L d15 f15 d14 e14 f14 c14 g14 d13 f13"},
		// Troll e15: its step e16 and its capture d16 promote to a Queen;
		// its leaps (e12, b15, h15, b12, h12) do not reach the last rank.
		{"terachess2", "Troll, by its step and capture", "3n12/4T11/16/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e15",
			"e16=Q xd16=Q e12 b15 h15 b12 h12"},
		// Troll e13: its leaps e16, b16 and h16 (a capture) reach the last
		// rank without promoting; its step e14.
		{"terachess2", "Troll, by its leap", "7n8/16/16/4T11/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e13",
			"e16 b16 xh16 e10 b13 h13 b10 h10 e14"},

		// Bigorra (last rank 16).
		{"bigorra", "Pawn", "3n12/4P11/16/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e15", "xd16=Q e16=Q"},
		// Soldier to Queen: step e16 and capture d16; its sideways steps stay.
		{"bigorra", "Soldier", "3n12/4P'11/16/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e15",
			"e16=Q xd16=Q d15 f15"},
		{"bigorra", "Prince", "3n12/4I11/16/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e15",
			"xd16=A e16=A f16=A d15 f15 d14 e14 f14"},
		{"bigorra", "Knight", "3n12/16/4N11/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e14",
			"xd16=F f16=F c15 g15 c13 g13 d12 f12"},
		{"bigorra", "Camel", "3n12/16/16/4M11/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e13",
			"xd16=F f16=F b14 h14 b12 h12 d10 f10"},
		{"bigorra", "Giraffe", "2n13/16/16/4Z11/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e13",
			"xc16=F g16=F b15 h15 b11 h11 c10 g10"},
		{"bigorra", "Elephant", "2n13/16/4E11/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e14",
			"d15 f15 d13 f13 xc16=L g16=L c12 g12"},
		{"bigorra", "Machine, by a move", "16/16/4W11/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e14",
			"e15 d14 f14 e13 e16=L c14 g14 e12"},
		{"bigorra", "Machine, by a capture", "4n11/4W11/16/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e15",
			"xe16=L d15 f15 e14 c15 g15 e13"},
		{"bigorra", "Centaur", "3n12/4J11/16/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e15",
			"xd16=L e16=L f16=L c16=L g16=L d15 f15 d14 e14 f14 c14 g14 d13 f13"},
		// Mammoth to Lion: its Dabbaba e16 and Alfil c16 (capture), g16.
		{"bigorra", "Mammoth", "2n13/16/4M'11/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e14",
			"d15 e15 f15 d14 f14 d13 e13 f13 e16=L c14 g14 e12 xc16=L g16=L c12 g12"},
		// Squirrel to Lion: Knight d16 (capture) f16, Alfil c16 g16, Dabbaba e16.
		{"bigorra", "Squirrel", "3n12/16/4S'11/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e14",
			"xd16=L f16=L c15 g15 c13 g13 d12 f12 c16=L g16=L c12 g12 e16=L c14 g14 e12"},
		// Ship to Eagle: after its diagonal steps d15, f15 it goes on up to
		// d16 and f16 (a capture); the own Pawns d12 f12 end the downward
		// rides from d13 and f13.
		{"bigorra", "Ship", "5n10/16/4B'11/16/3P1P10/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e14",
			"d15 f15 d13 f13 d16=G xf16=G"},
		// Snake to Rhinoceros: up to e15, then diagonally d16 and f16 (a
		// capture); down to e13, where the own Pawns d12 f12 stop it.
		{"bigorra", "Snake", "5n10/16/4N'11/16/3P1P10/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e14",
			"e15 e13 d16=U xf16=U"},
		// Hawk to Duchess: the three-square leaps e16, b16 (a capture), h16.
		{"bigorra", "Hawk", "1n14/16/16/4H'11/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e13",
			"e15 e11 c13 g13 c15 g15 c11 g11 e16=D e10 b13 h13 xb16=D h16=D b10 h10"},
		// Troll to Direwolf by its step and capture, not by its leap.
		{"bigorra", "Troll, by its step and capture", "5n10/4T11/16/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e15",
			"e16=D' xf16=D' e12 b15 h15 b12 h12"},
		{"bigorra", "Troll, by its leap", "1n14/16/16/4T11/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", "e13",
			"e16 xb16 h16 e10 b13 h13 b10 h10 e14"},
		// Black promotes on rank 1 (White King a16, black King p16; a white
		// Knight on d1 or h1 is the target).
		{"terachess2", "black Pawn", "K14k/16/16/16/16/16/16/16/16/16/16/16/16/16/4p11/3N12 b - - 0 1", "e2", "e1=Q xd1=Q"},
		// The black Troll's step and capture go down; its leaps e5 b2 h2 b5 h5.
		{"terachess2", "black Troll, by its step and capture", "K14k/16/16/16/16/16/16/16/16/16/16/16/16/16/4t11/3N12 b - - 0 1", "e2",
			"e1=Q xd1=Q e5 b2 h2 b5 h5"},
		// From e4 its leaps e1, b1 and h1 (a capture) do not promote.
		{"terachess2", "black Troll, by its leap", "K14k/16/16/16/16/16/16/16/16/16/16/16/4t11/16/16/7N8 b - - 0 1", "e4",
			"e1 b1 xh1 e7 b4 h4 b7 h7 e3"},
		{"bigorra", "black Soldier", "K14k/16/16/16/16/16/16/16/16/16/16/16/16/16/4p'11/3N12 b - - 0 1", "e2", "e1=Q xd1=Q d2 f2"},
		{"bigorra", "black Troll", "K14k/16/16/16/16/16/16/16/16/16/16/16/16/16/4t11/3N12 b - - 0 1", "e2",
			"e1=D' xd1=D' e5 b2 h2 b5 h5"},
	}
	for _, tt := range tests {
		t.Run(tt.variant+"/"+tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.variant, tt.fen)
			if got, want := czDests(p, tt.from), czNorm(tt.want); got != want {
				t.Errorf("czDests(%q, %s) = %q; want %q", tt.fen, tt.from, got, want)
			}
			// Without choice: the same move with no promotion or with any
			// other piece is not legal.
			for _, m := range p.LegalMoves() {
				if m.From.String() != tt.from {
					continue
				}
				for pt := PieceType(0); int(pt) <= p.Variant().PieceTypes(); pt++ {
					other := Move{From: m.From, To: m.To, Promotion: pt}
					if pt != m.Promotion && p.IsLegal(other) {
						t.Errorf("IsLegal(%s with promotion %d) in %q = true; only %s is legal", p.UCI(m), pt, tt.fen, p.UCI(m))
					}
				}
			}
		})
	}
}

// A Troll that leapt onto the last rank stays a Troll, and the position is
// legal (RULES R12; a Pawn or Knight there is not).
func TestCazauxTrollOnLastRank(t *testing.T) {
	for _, variant := range []string{"terachess2", "bigorra"} {
		t.Run(variant, func(t *testing.T) {
			p := mustPosition(t, variant, "7n8/16/16/4T11/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1")
			q := czPlay(t, p, "e13e16")
			const want = "4T2n8/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K14k b - - 1 1"
			if got := q.FEN(); got != want {
				t.Fatalf("FEN(after e13e16) = %q; want %q", got, want)
			}
			if r := mustPosition(t, variant, want); r.FEN() != want {
				t.Errorf("mustPosition(%q).FEN() = %q", want, r.FEN())
			}
			// With White to move, the Troll on e16 leaps back (e13, b16, b13,
			// h13, and h16 taking the Knight); its step and captures would
			// leave the board.
			const white = "4T2n8/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 1 2"
			if got, want := czDests(mustPosition(t, variant, white), "e16"), czNorm("e13 b16 xh16 b13 h13"); got != want {
				t.Errorf("czDests(%q, e16) = %q; want %q", white, got, want)
			}
			for _, bad := range []string{
				"4P11/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1",
				"4N11/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1",
			} {
				s, err := ParseFEN(MustBuiltin(variant), bad)
				if err != nil {
					t.Fatalf("ParseFEN(%q) = %v", bad, err)
				}
				if _, err := NewPosition(s); err == nil {
					t.Errorf("NewPosition(%q) = nil error; want a piece that must have promoted", bad)
				}
			}
		})
	}
}

// The Soldier (Bigorra): "captures 1-square diagonally forward like a Pawn,
// but moves with no capture either 1-square forward or sideways ... can
// also step two empty squares forward from any position"; its sideways step
// never captures (RULES R13), and so gives no check.
func TestCazauxSoldier(t *testing.T) {
	tests := []struct {
		name, fen, from, want string
	}{
		// e8: forward e9, double e10 (not a start rank), sideways f8; the
		// Knight f9 is taken diagonally; the Knight d8 beside it is not.
		{"steps, double step, capture", "16/7k8/16/16/16/16/16/5n10/3nP'11/16/16/16/16/16/7K8/16 w - - 0 1", "e8",
			"e9 e10 f8 xf9"},
		// A Knight on e9 blocks both forward moves.
		{"blocked forward", "16/7k8/16/16/16/16/16/4n11/4P'11/16/16/16/16/16/7K8/16 w - - 0 1", "e8",
			"d8 f8"},
		// An own Knight on e10 blocks the double step only.
		{"double step blocked on its second square", "16/7k8/16/16/16/16/4N11/16/4P'11/16/16/16/16/16/7K8/16 w - - 0 1", "e8",
			"e9 d8 f8"},
		// A black Soldier on e9 goes down: e8, e7, sideways f9 (the white
		// Knight d9 beside it is not taken), and takes the Knight f8.
		{"Black's Soldier", "16/7k8/16/16/16/16/16/3Np'11/5N10/16/16/16/16/16/7K8/16 b - - 0 1", "e9",
			"e8 e7 f9 xf8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, "bigorra", tt.fen)
			if got, want := czDests(p, tt.from), czNorm(tt.want); got != want {
				t.Errorf("czDests(%q, %s) = %q; want %q", tt.fen, tt.from, got, want)
			}
		})
	}
	// The black King d8 beside the white Soldier e8 is not in check.
	const fen = "16/16/16/16/16/16/16/16/3kP'11/16/16/16/16/16/7K8/16 b - - 0 1"
	if p := mustPosition(t, "bigorra", fen); p.InCheck() {
		t.Errorf("InCheck(%q) = true; want false (the sideways step does not capture)", fen)
	}
}

// Checkmate and stalemate (RULES R3; "identical to standard chess"),
// among them mates given by a hopper through its screen and by bent riders.
// Black to move in every case, Black's King in the corner.
func TestCazauxOutcomes(t *testing.T) {
	tests := []struct {
		variant, name, fen string
		want               Outcome
		checkers           string
	}{
		// The Cannon a1 checks a14 over the Pawn a5; a13 stays on its line,
		// the Rook b1 holds b13 and b14; nothing can come between.
		{"gigachess2", "Cannon mate", "k13/14/14/14/14/14/14/14/14/P13/14/14/7K6/CR12 b - - 0 1", Checkmate, "a1"},
		// The same, but the Rook n9 can come to a9 as a second screen, which
		// ends the check: not mate.
		{"gigachess2", "Cannon check parried by a second screen", "k13/14/14/14/14/13r/14/14/14/P13/14/14/7K6/CR12 b - - 0 1", Ongoing, "a1"},
		// The same with a black Bishop e1 that can take the screen a5: it
		// would stand there as the new screen, so the check stays; its other
		// moves (b4 blocks the Rook, but not the Cannon) do not help: mate.
		{"gigachess2", "taking the screen leaves a screen", "k13/14/14/14/14/14/14/14/14/P13/14/14/7K6/CR2b9 b - - 0 1", Checkmate, "a1"},
		// The Eagle b12 checks a14 by its diagonal step to a13 and on up;
		// a13 is its own first step, the Bishop c14 holds b13, the Knight d13
		// holds b14.
		{"gigachess2", "Eagle mate", "k1B11/3N10/1G12/14/14/14/14/14/14/14/14/14/7K6/14 b - - 0 1", Checkmate, "b12"},
		// The Cannon a1 has no screen: no check. The Knight c12 holds a13,
		// the Rook b1 holds b13 and b14: stalemate.
		{"gigachess2", "stalemate beside an unscreened Cannon", "k13/14/2N11/14/14/14/14/14/14/14/14/14/7K6/CR12 b - - 0 1", Stalemate, ""},
		// The Archer p1 checks a16 along the long diagonal over the Pawn i8;
		// b15 is on its line, the Rook c15 holds a15 (and b15), the Knight
		// d15 holds b16.
		{"terachess2", "Archer mate", "k15/2RN12/16/16/16/16/16/16/8P7/16/16/16/16/16/7K8/15V b - - 0 1", Checkmate, "p1"},
		// The Rhinoceros c15 checks a16 by its step to b15 and the diagonal
		// on; b15 is its own step, the Knight c14 holds a15 and b16.
		{"terachess2", "Rhinoceros mate", "k15/2U13/2N13/16/16/16/16/16/16/16/16/16/16/16/7K8/16 b - - 0 1", Checkmate, "c15"},
		// The Queen b14 holds a15, b15, b16, not a16.
		{"terachess2", "stalemate", "k15/16/1Q14/16/16/16/16/16/16/16/16/16/16/16/7K8/16 b - - 0 1", Stalemate, ""},
		// The Ship b14 checks a16 by its step to a15 and on up; the Rook p15
		// holds b15 (and a15), the Knight c14 holds b16 (and a15).
		{"bigorra", "Ship mate", "k15/15R/1B'N13/16/16/16/16/16/16/16/16/16/16/16/7K8/16 b - - 0 1", Checkmate, "b14"},
		// The Snake b14 checks a16 by its step to b15 and the diagonal on;
		// the Knight c14 holds a15 and b16.
		{"bigorra", "Snake mate", "k15/16/1N'N13/16/16/16/16/16/16/16/16/16/16/16/7K8/16 b - - 0 1", Checkmate, "b14"},
		// The Sorceress a1 checks a16 over the Pawn a8; the Rook b1 holds
		// b15 and b16.
		{"bigorra", "Sorceress mate", "k15/16/16/16/16/16/16/16/P15/16/16/16/16/16/7K8/OR14 b - - 0 1", Checkmate, "a1"},
		// The Queen b14 holds the King's squares; the black Pawn e10 is
		// blocked by the Pawn e9 and has nothing to take.
		{"bigorra", "stalemate", "k15/16/1Q14/16/16/16/4p11/4P11/16/16/16/16/16/16/7K8/16 b - - 0 1", Stalemate, ""},
	}
	for _, tt := range tests {
		t.Run(tt.variant+"/"+tt.name, func(t *testing.T) {
			st := mustPosition(t, tt.variant, tt.fen).Status()
			var got []string
			for _, s := range st.Checkers {
				got = append(got, s.String())
			}
			if st.Outcome != tt.want || strings.Join(got, " ") != tt.checkers {
				t.Errorf("Status(%q) = %v, checkers %v; want %v, checkers %q", tt.fen, st.Outcome, got, tt.want, tt.checkers)
			}
			if tt.want == Checkmate && (st.Winner != White || st.Result() != "1-0") {
				t.Errorf("Status(%q) = winner %v, result %s; want white, 1-0", tt.fen, st.Winner, st.Result())
			}
			if tt.want == Stalemate && st.Result() != "1/2-1/2" {
				t.Errorf("Status(%q).Result() = %s; want 1/2-1/2", tt.fen, st.Result())
			}
		})
	}
	// The one parry of the Cannon's check is the second screen.
	p := mustPosition(t, "gigachess2", "k13/14/14/14/14/13r/14/14/14/P13/14/14/7K6/CR12 b - - 0 1")
	var got []string
	for _, m := range p.LegalMoves() {
		got = append(got, p.UCI(m))
	}
	if !slices.Equal(got, []string{"n9a9"}) {
		t.Errorf("LegalMoves(%q) = %v; want [n9a9]", p.FEN(), got)
	}
}

// FEN round trip (RULES R30): ParseFEN then FEN gives the same text, for
// the start positions (as SETUPS.md gives them) and for positions with the
// jump rights partly lost and an en-passant square set.
func TestCazauxFENRoundTrip(t *testing.T) {
	starts := map[string]string{
		"gigachess2": "cmzvuhoaxfvzmc/ernbwjqkdwbnre/ppppiyglsipppp/4pppppp4/14/14/14/14/14/14/4PPPPPP4/PPPPIYGLSIPPPP/ERNBWJQKDWBNRE/CMZVUHOAXFVZMC w Kk - 0 1",
		"terachess2": "sjyhxfdoodfxhyjs/cmztuvlkalvutzmc/ernbwigqqgiwbnre/pppppppppppppppp/16/16/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/ERNBWIGQQGIWBNRE/CMZTUVLKALVUTZMC/SJYHXFDOODFXHYJS w Kk - 0 1",
		// SETUPS.md's rank lists in the letters of bigorra.json.
		"bigorra": "h'm's'c'jfoad'dujc's'm'h'/cmzvsxlkqghyvzmc/ernbb'n'iwwin'b'bnre/tp'tp'tp'tp'p'tp'tp'tp't/pppppppppppppppp/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/TP'TP'TP'TP'P'TP'TP'TP'T/ERNBB'N'IWWIN'B'BNRE/CMZVSXLKQGHYVZMC/H'M'S'C'JFOAD'DUJC'S'M'H' w Kk - 0 1",
	}
	for variant, want := range starts {
		v := MustBuiltin(variant)
		if got := v.StartFEN(); got != want {
			t.Errorf("StartFEN(%s) = %q; want %q", variant, got, want)
		}
		if got := v.Start().FEN(); got != want {
			t.Errorf("Start(%s).FEN() = %q; want %q", variant, got, want)
		}
	}
	// Gigachess II from the start: e4-e6 (a Pawn's double step from its
	// second start rank), then e11-e9.
	p := czPlay(t, MustBuiltin("gigachess2").Start(), "e4e6")
	if got, want := p.FEN(), "cmzvuhoaxfvzmc/ernbwjqkdwbnre/ppppiyglsipppp/4pppppp4/14/14/14/14/4P9/14/5PPPPP4/PPPPIYGLSIPPPP/ERNBWJQKDWBNRE/CMZVUHOAXFVZMC b Kk e5 0 1"; got != want {
		t.Errorf("FEN(after e4e6) = %q; want %q", got, want)
	}
	p = czPlay(t, p, "e11e9")
	if got, want := p.FEN(), "cmzvuhoaxfvzmc/ernbwjqkdwbnre/ppppiyglsipppp/5ppppp4/14/4p9/14/14/4P9/14/5PPPPP4/PPPPIYGLSIPPPP/ERNBWJQKDWBNRE/CMZVUHOAXFVZMC w Kk e10 0 2"; got != want {
		t.Errorf("FEN(after e4e6 e11e9) = %q; want %q", got, want)
	}
	tests := []struct {
		variant, fen string
	}{
		{"gigachess2", starts["gigachess2"]},
		{"terachess2", starts["terachess2"]},
		{"bigorra", starts["bigorra"]},
		{"gigachess2", "cmzvuhoaxfvzmc/ernbwjqkdwbnre/ppppiyglsipppp/4pppppp4/14/14/14/14/4P9/14/5PPPPP4/PPPPIYGLSIPPPP/ERNBWJQKDWBNRE/CMZVUHOAXFVZMC b Kk e5 0 1"},
		// Black has lost its right (its King went away and came back); the
		// black Pawn e11 has just stepped to e9.
		{"gigachess2", "cmzvuhoaxfvzmc/ernbwjqkdwbnre/ppppiyglsipppp/5ppppp4/14/4p9/14/14/14/14/4PPPPPP4/PPPPIYGLSIPPPP/ERNBWJQKDWBNRE/CMZVUHOAXFVZMC w K e10 0 2"},
		// White has lost its right; the Pawn e4 has just stepped to e6.
		{"terachess2", "sjyhxfdoodfxhyjs/cmztuvlkalvutzmc/ernbwigqqgiwbnre/pppppppppppppppp/16/16/16/16/16/16/4P11/16/PPPP1PPPPPPPPPPP/ERNBWIGQQGIWBNRE/CMZTUVLKALVUTZMC/SJYHXFDOODFXHYJS b k e5 0 1"},
		// No rights; the white Soldier has just stepped d5-d7 (en passant on
		// d6 for the black Soldier e7); apostrophe letters of both colours.
		{"bigorra", "16/8k7/1n'c'13/16/12d'3/16/16/14s'1/16/3P'p'11/16/9M'6/16/2C'10B'2/6K9/H'15 b - d6 0 23"},
		// Both rights; a white Troll on its last rank, a black one on its own.
		{"bigorra", "4T11/7k8/16/16/13p'2/16/10h'5/16/5D'10/16/16/2P'13/16/16/7K8/1t14 w Kk - 7 40"},
	}
	for _, tt := range tests {
		s, err := ParseFEN(MustBuiltin(tt.variant), tt.fen)
		if err != nil {
			t.Errorf("ParseFEN(%q) = %v", tt.fen, err)
			continue
		}
		if got := s.FEN(); got != tt.fen {
			t.Errorf("ParseFEN(%q).FEN() = %q", tt.fen, got)
		}
		p, err := NewPosition(s)
		if err != nil {
			t.Errorf("NewPosition(%q) = %v", tt.fen, err)
			continue
		}
		if got := p.FEN(); got != tt.fen {
			t.Errorf("NewPosition(%q).FEN() = %q", tt.fen, got)
		}
	}
}

// Variant.Definition lists every piece type of the rule text, with its
// name (as the text spells it in its piece descriptions), letter (SETUPS.md
// and RULES R29), movement, promotion and value (the values the text
// gives; Bigorra's text gives none).
func TestCazauxDefinitions(t *testing.T) {
	type piece struct {
		letter, betza string
		value         float64 // -1: none
		promotesTo    string  // "" for none
	}
	// The 25 types of Gigachess II with its values (Rook = 5).
	giga := map[string]piece{
		"King":       {"K", "K", -1, ""},
		"Queen":      {"Q", "Q", 9.75, ""},
		"Rook":       {"R", "R", 5, ""},
		"Bishop":     {"B", "B", 3.5, ""},
		"Knight":     {"N", "N", 2.5, "F"},
		"Amazon":     {"A", "QN", 14, ""},
		"Marshall":   {"H", "RN", 8.25, ""},
		"Cardinal":   {"X", "BN", 6.75, ""},
		"Centaur":    {"J", "KN", 5.75, "L"},
		"Admiral":    {"S", "RF", 6.75, ""},
		"Missionary": {"Y", "BW", 5.5, ""},
		"Eagle":      {"G", "FyafsF", 9, ""},
		"Rhinoceros": {"U", "WyafsW", 7.5, ""},
		"Lion":       {"L", "KNAD", 9, ""},
		"Camel":      {"M", "C", 2.25, "F"},
		"Giraffe":    {"Z", "Z", 2, "F"},
		"Buffalo":    {"F", "NCZ", 8, ""},
		"Cannon":     {"C", "mRcpR", 3.5, ""},
		"Archer":     {"V", "mBcpB", 2.5, ""},
		"Machine":    {"W", "WD", 2.75, "L"},
		"Elephant":   {"E", "FA", 2.5, "L"},
		"Prince":     {"I", "K", 3, "A"},
		"Pawn":       {"P", "fmWfcF", 0.75, "Q"},
		"Sorceress":  {"O", "mQcpQ", 6.5, ""},
		"Duchess":    {"D", "WFDAHG", 8.75, ""},
	}
	// Terachess II: the same types with the Zillions values of its text,
	// and the Troll.
	tera := map[string]piece{
		"King": {"K", "K", -1, ""}, "Queen": {"Q", "Q", 8.3, ""}, "Rook": {"R", "R", 5, ""},
		"Bishop": {"B", "B", 3.4, ""}, "Knight": {"N", "N", 2, "F"}, "Amazon": {"A", "QN", 10.2, ""},
		"Marshall": {"H", "RN", 6.9, ""}, "Cardinal": {"X", "BN", 5.3, ""}, "Centaur": {"J", "KN", 4.1, "L"},
		"Admiral": {"S", "RF", 6, ""}, "Missionary": {"Y", "BW", 4.4, ""}, "Eagle": {"G", "FyafsF", 8.4, ""},
		"Rhinoceros": {"U", "WyafsW", 6.1, ""}, "Lion": {"L", "KNAD", 6, ""}, "Camel": {"M", "C", 1.8, "F"},
		"Giraffe": {"Z", "Z", 1.7, "F"}, "Buffalo": {"F", "NCZ", 5.4, ""}, "Cannon": {"C", "mRcpR", 5, ""},
		"Archer": {"V", "mBcpB", 3.3, ""}, "Machine": {"W", "WD", 2.2, "L"}, "Elephant": {"E", "FA", 2, "L"},
		"Prince": {"I", "K", 2.3, "A"}, "Pawn": {"P", "fmWfcF", 0.5, "Q"}, "Sorceress": {"O", "mQcpQ", 8.2, ""},
		"Duchess": {"D", "WFDAHG", 5.8, ""}, "Troll": {"T", "HGfmWfcF", 2.4, "Q"},
	}
	// Bigorra: 34 types, no values.
	big := map[string]piece{
		"King": {"K", "K", -1, ""}, "Queen": {"Q", "Q", -1, ""}, "Rook": {"R", "R", -1, ""},
		"Bishop": {"B", "B", -1, ""}, "Knight": {"N", "N", -1, "F"}, "Pawn": {"P", "fmWfcF", -1, "Q"},
		"Soldier": {"P'", "fmWsmWfcF", -1, "Q"}, "Amazon": {"A", "QN", -1, ""}, "Marshall": {"H", "RN", -1, ""},
		"Cardinal": {"X", "BN", -1, ""}, "Admiral": {"S", "RF", -1, ""}, "Missionary": {"Y", "BW", -1, ""},
		"Eagle": {"G", "FyafsF", -1, ""}, "Rhinoceros": {"U", "WyafsW", -1, ""}, "Lion": {"L", "KNAD", -1, ""},
		"Centaur": {"J", "KN", -1, "L"}, "Camel": {"M", "C", -1, "F"}, "Giraffe": {"Z", "Z", -1, "F"},
		"Buffalo": {"F", "NCZ", -1, ""}, "Cannon": {"C", "mRcpR", -1, ""}, "Archer": {"V", "mBcpB", -1, ""},
		"Machine": {"W", "WD", -1, "L"}, "Elephant": {"E", "FA", -1, "L"}, "Prince": {"I", "K", -1, "A"},
		"Sorceress": {"O", "mQcpQ", -1, ""}, "Duchess": {"D", "WFDAHG", -1, ""}, "Troll": {"T", "HGfmWfcF", -1, "D'"},
		"Snake": {"N'", "vWvyafsW", -1, "U"}, "Ship": {"B'", "F", -1, "G"}, "Hawk": {"H'", "DAHG", -1, "D"},
		"Mammoth": {"M'", "KDA", -1, "L"}, "Squirrel": {"S'", "NAD", -1, "L"}, "Cheetah": {"C'", "HCZG", -1, ""},
		"Direwolf": {"D'", "NADHCZG", -1, ""},
	}
	tests := []struct {
		variant string
		size    int
		pieces  map[string]piece
		makers  []string // en passant
		takers  []string
	}{
		{"gigachess2", 14, giga, []string{"P", "I"}, []string{"P"}},
		{"terachess2", 16, tera, []string{"P", "I"}, []string{"P"}},
		{"bigorra", 16, big, []string{"P", "P'", "I"}, []string{"P", "P'"}},
	}
	for _, tt := range tests {
		t.Run(tt.variant, func(t *testing.T) {
			d := MustBuiltin(tt.variant).Definition()
			if d.Files != tt.size || d.Ranks != tt.size {
				t.Errorf("Definition(%s) board = %dx%d; want %dx%d", tt.variant, d.Files, d.Ranks, tt.size, tt.size)
			}
			if len(d.Pieces) != len(tt.pieces) {
				t.Errorf("Definition(%s) has %d piece types; want %d", tt.variant, len(d.Pieces), len(tt.pieces))
			}
			seen := map[string]bool{}
			for _, pd := range d.Pieces {
				want, ok := tt.pieces[pd.Name]
				if !ok {
					t.Errorf("Definition(%s) has a piece %q the text does not name", tt.variant, pd.Name)
					continue
				}
				seen[pd.Name] = true
				value := -1.0
				if pd.Value != nil {
					value = *pd.Value
				}
				got := piece{pd.Letter, pd.Betza, value, strings.Join(pd.PromotesTo, " ")}
				if got != want {
					t.Errorf("Definition(%s) %s = %+v; want %+v", tt.variant, pd.Name, got, want)
				}
				// Royal only the King; pawn-class only Pawn and Soldier
				// (RULES R4); the double step for Pawn, Prince and Soldier
				// from anywhere (RULES R6); promotesBy only for the Troll.
				if pd.Royal != (pd.Name == "King") {
					t.Errorf("Definition(%s) %s royal = %v", tt.variant, pd.Name, pd.Royal)
				}
				if pd.PawnClass != (pd.Name == "Pawn" || pd.Name == "Soldier") {
					t.Errorf("Definition(%s) %s pawnClass = %v", tt.variant, pd.Name, pd.PawnClass)
				}
				double := pd.Name == "Pawn" || pd.Name == "Prince" || pd.Name == "Soldier"
				if (pd.DoubleStep != nil) != double || pd.DoubleStep != nil && len(pd.DoubleStep.Ranks) != 0 {
					t.Errorf("Definition(%s) %s doubleStep = %+v; want %v from anywhere", tt.variant, pd.Name, pd.DoubleStep, double)
				}
				if wantBy := map[bool]string{true: "fmWfcF"}[pd.Name == "Troll"]; pd.PromotesBy != wantBy {
					t.Errorf("Definition(%s) %s promotesBy = %q; want %q", tt.variant, pd.Name, pd.PromotesBy, wantBy)
				}
				// The Ship's ride (a diagonal step, then vertically on in that
				// step's direction) is beyond Betza.
				wantBent := []BentDef(nil)
				if pd.Name == "Ship" {
					wantBent = []BentDef{{First: "F", Then: "v"}}
				}
				if !slices.Equal(pd.Bent, wantBent) {
					t.Errorf("Definition(%s) %s bent = %+v; want %+v", tt.variant, pd.Name, pd.Bent, wantBent)
				}
			}
			for name := range tt.pieces {
				if !seen[name] {
					t.Errorf("Definition(%s) lacks the %s", tt.variant, name)
				}
			}
			r := d.Rules
			if !r.KingJump || r.Castling != nil {
				t.Errorf("Definition(%s) kingJump = %v, castling = %+v; want the jump and no castling", tt.variant, r.KingJump, r.Castling)
			}
			if r.EnPassant == nil || !slices.Equal(r.EnPassant.Makers, tt.makers) || !slices.Equal(r.EnPassant.Takers, tt.takers) {
				t.Errorf("Definition(%s) enPassant = %+v; want makers %v, takers %v", tt.variant, r.EnPassant, tt.makers, tt.takers)
			}
			if r.Promotion == nil || !slices.Equal(r.Promotion.Ranks, []int{tt.size}) || len(r.Promotion.OptionalRanks) != 0 ||
				r.Promotion.Choice != "" && r.Promotion.Choice != "list" {
				t.Errorf("Definition(%s) promotion = %+v; want compulsory on rank %d, the piece's list", tt.variant, r.Promotion, tt.size)
			}
		})
	}
}

// czCrowded is a crowded Bigorra position, White to move: two Soldiers
// (c10, e10) can step to d10, two Cheetahs (c5, i5) and two Hawks (a3, g3)
// share destinations, a Troll (e15) promotes to a Direwolf by its step and
// captures while another (b13) leaps onto the last rank, the Ship e14, the
// Snake j14 and the Squirrel n14 promote, the black Pawn g10 has just
// stepped from g12 (en passant on g11 for the Pawn h10 and the Soldier f10),
// and the King h2 may still jump.
const czCrowded = "k2n1n4n5/4T11/q1m'1B'4N'3S'2/1T5s'4M'3/4n'4c4p'1/r15/2P'1P'P'pP4c'3/15t/1h'7D'4b'1/16/11d'4/2C'5C'7/16/H'3P1H'9/3P3K8/R2Q1B10 w K g11 0 30"

// Notation (RULES R28, R29): every legal move reads back from its SAN and
// from its coordinate form, apostrophe letters included.
func TestCazauxNotationRoundTrip(t *testing.T) {
	v := MustBuiltin("bigorra")
	// A few moves of czCrowded in SAN, by the rules of Position.SAN.
	p := mustPosition(t, "bigorra", czCrowded)
	for uci, want := range map[string]string{
		"c10d10":   "P'cd10",    // the Soldier e10 can go there too
		"e10d10":   "P'ed10",    //
		"f10g11":   "P'xg11",    // en passant is a capture
		"h10g11":   "hxg11",     // a Pawn capture names its file
		"c5f5":     "C'cf5",     // the Cheetah i5 can go there too
		"i5f5":     "C'if5",     //
		"a3d3":     "H'ad3",     // and the Hawk g3
		"e15e16d'": "Te16=D'",   // the Troll's step promotes...
		"b13e16":   "Te16",      // ...its leap does not
		"e15b15":   "Tb15+",     // from b15 the Troll's forward capture hits a16
		"e15d16d'": "Txd16=D'#", // the Direwolf on d16 hits a16 a15 b15 b16; nothing takes it
		"e14d16g":  "B'xd16=G",  // the Ship via d15; an Eagle on d16 does not check a16
		"j14k16u":  "N'xk16=U",
		"n14p16l":  "S'p16=L",
		"h2f3":     "Kf3", // the King's jump is a plain King move
	} {
		m := uciMove(t, p, uci)
		if got := p.SAN(m); got != want {
			t.Errorf("SAN(%s) = %q; want %q", uci, got, want)
		}
	}
	// Other accepted forms with apostrophe letters name the same move.
	want := uciMove(t, p, "e15e16d'")
	for _, text := range []string{"e15e16d'", "e15e16D'", "e15-e16=D'", "Te16=D'", "Te16D'", "Te15e16=D'", "T e15-e16; D'-e16", "t e15-e16; d'-e16"} {
		if got, err := p.ParseMove(text); err != nil || got != want {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", text, got, err, want)
		}
	}

	check := func(t *testing.T, p *Position) {
		t.Helper()
		for _, m := range p.LegalMoves() {
			for _, text := range []string{p.SAN(m), p.UCI(m)} {
				if got, err := p.ParseMove(text); err != nil || got != m {
					t.Errorf("ParseMove(%q) in %q = %v, %v; want %v", text, p.FEN(), got, err, m)
				}
			}
		}
	}
	// The start, czCrowded, and the positions of two fixed playouts.
	plies := 24
	if testing.Short() {
		plies = 8
	}
	for _, fen := range []string{v.StartFEN(), czCrowded} {
		p := mustPosition(t, "bigorra", fen)
		for ply := 0; ply <= plies; ply++ {
			check(t, p)
			legal := p.LegalMoves()
			if len(legal) == 0 {
				break
			}
			p = czPlay(t, p, p.UCI(legal[(ply*7+3)%len(legal)]))
		}
	}
}
