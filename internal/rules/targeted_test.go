package rules

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// The replay's shortcuts (Game.PlayText, moveParser.resolve, legalIn) must
// answer exactly what the whole legal-move list answers. These tests play
// fixed-seed random games in every built-in variant and in the benchmark
// positions (powers, Devs, every promotion), and compare, position by
// position, the shortcut with the full computation it replaces.

// targetedStarts are the positions the games start from.
func targetedStarts(t *testing.T) []*Position {
	t.Helper()
	vs, err := Builtins()
	if err != nil {
		t.Fatal(err)
	}
	var out []*Position
	for _, v := range vs {
		out = append(out, v.Start())
	}
	for _, b := range perftBenches {
		if b.fen != "" {
			out = append(out, mustPosition(t, b.variant, b.fen))
		}
	}
	for _, b := range legalMovesBenches {
		if b.fen != "" {
			out = append(out, mustPosition(t, b.variant, b.fen))
		}
	}
	return out
}

// sampleTexts returns move texts to parse in p: every legal move in
// coordinate form and in SAN (with its marks, and without them), and
// texts that name no legal move: pseudo-legal moves, random square pairs,
// SAN of each piece letter to random squares, castling.
func sampleTexts(p *Position, legal []Move, r *rand.Rand) []string {
	var texts []string
	for _, d := range p.Describe(legal) {
		texts = append(texts, p.UCI(d.Move), d.SAN, strings.TrimRight(d.SAN, "+#"))
		if d.Move.Promotion != 0 {
			texts = append(texts, d.Move.From.String()+d.Move.To.String())
		}
	}
	for _, m := range p.pseudoMoves(nil, p.InCheck()) {
		texts = append(texts, p.UCI(m))
	}
	sq := func() string {
		return SquareAt(r.IntN(p.v.files), r.IntN(p.v.ranks)).String()
	}
	for range 8 {
		texts = append(texts, sq()+sq(), sq()+"-"+sq(), sq(), sq()+"x"+sq()[:1]+"+")
		t := PieceType(1 + r.IntN(len(p.v.types)))
		texts = append(texts, p.v.Letter(t)+sq(), p.v.Letter(t)+"x"+sq()+"#", "P "+sq()+"-"+sq())
	}
	return append(texts, "O-O", "O-O-O", "o-o", "0-0-0", "O-O+", "e9", "Zz9", "")
}

// TestTargetedParse: Game.ParseMove before the legal moves are known, and
// Position.ParseMove, give for every text the move or the error that
// parsing against the whole list of legal moves gives; legalIn with a mask
// and a destination lists the moves of legalMoves from those squares to
// that one, in order.
func TestTargetedParse(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for _, start := range targetedStarts(t) {
		g := NewGame(start)
		for ply := 0; ply < 24 && g.Status().Outcome == Ongoing; ply++ {
			p := g.Position()
			legal := slices.Clone(g.LegalMoves())
			for _, text := range sampleTexts(p, legal, r) {
				wm, werr := p.parseMove(text, legal, nil)
				fresh := NewGame(p)
				gm, gerr := fresh.ParseMove(text)
				pm, perr := p.ParseMove(text)
				if gm != wm || !reflect.DeepEqual(gerr, werr) || pm != wm || !reflect.DeepEqual(perr, werr) {
					t.Fatalf("%s %s: %q: targeted %v, %v and %v, %v; whole list %v, %v",
						p.v.ID(), p.FEN(), text, gm, gerr, pm, perr, wm, werr)
				}
			}
			for range 4 {
				var mask bitboard
				for range 1 + r.IntN(6) {
					mask.set(SquareAt(r.IntN(p.v.files), r.IntN(p.v.ranks)))
				}
				if r.IntN(2) == 0 && p.king[p.side] != NoSquare {
					mask.set(p.king[p.side])
				}
				for _, to := range []Square{NoSquare, SquareAt(r.IntN(p.v.files), r.IntN(p.v.ranks)), legal[r.IntN(len(legal))].To} {
					var want []Move
					for _, m := range legal {
						if mask.has(m.From) && (to == NoSquare || m.To == to) {
							want = append(want, m)
						}
					}
					if got := p.legalIn(nil, &mask, to); !slices.Equal(got, want) {
						t.Fatalf("%s %s: legalIn to %s = %v, want %v", p.v.ID(), p.FEN(), to, got, want)
					}
				}
			}
			if err := g.Play(legal[r.IntN(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// referencePlay is what a replay did per move before PlayText: the full
// status, a parse against the whole list, the marks checked against the
// move's full detail, Play.
func referencePlay(g *Game, text string) (string, []Annotation, error) {
	if st := g.Status(); st.Outcome != Ongoing {
		return "", nil, &Error{Code: ErrGameOver, Field: fieldMove, Offset: -1, Reason: "game-over",
			Detail: fmt.Sprintf("the game ended by %s before this move", st.Outcome)}
	}
	g.LegalMoves()
	m, err := g.ParseMove(text)
	if err != nil {
		return "", nil, err
	}
	p := g.Position()
	uci, notes := p.UCI(m), Annotate(text, p.Detail(m))
	return uci, notes, g.Play(m)
}

// TestPlayTextMatchesPlay replays random games, a wrong text now and then
// and a move after each end, with PlayText and with referencePlay: every
// answer, every repetition key and every final status agree. The games are
// long enough to end by checkmate, stalemate, dead material and the move
// rules; a game is also driven into fivefold repetition.
func TestPlayTextMatchesPlay(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 5))
	ends := map[Outcome]int{}
	notes := 0
	for _, start := range targetedStarts(t) {
		for game := range 3 {
			fast, ref := NewGame(start), NewGame(start)
			for ply := 0; ply < 400; ply++ {
				var texts []string
				if st := ref.Status(); st.Outcome == Ongoing {
					legal := ref.LegalMoves()
					m := legal[r.IntN(len(legal))]
					if game == 2 {
						// Captures first, toward the ends of few pieces.
						if i := slices.IndexFunc(legal, func(b Move) bool {
							return len(ref.Position().Captures(b)) > 0
						}); i >= 0 && r.IntN(3) > 0 {
							m = legal[i]
						}
					}
					if game == 1 {
						// Double steps and en-passant captures first: the
						// repetition keys count a legal en-passant capture.
						if i := slices.IndexFunc(legal, func(b Move) bool {
							return b.Kind == MoveDoubleStep || b.Kind == MoveEnPassant
						}); i >= 0 && r.IntN(3) > 0 {
							m = legal[i]
						}
					}
					if n := len(ref.Moves()); game == 0 && n > 8 {
						// Take the side's last move back, toward a
						// repetition, where a plain move can.
						last := ref.Moves()[n-2]
						if i := slices.IndexFunc(legal, func(b Move) bool {
							return b.From == last.To && b.To == last.From && b.Promotion == 0
						}); i >= 0 {
							m = legal[i]
						}
					}
					p := ref.Position()
					texts = []string{p.UCI(m), p.SAN(m)}[r.IntN(2):][:1]
					switch r.IntN(6) {
					case 0: // marks that may be false
						texts[0] += []string{"+", "#", "+!", "#?"}[r.IntN(4)]
					case 1:
						squares := m.From.String() + m.To.String()
						texts[0] = m.From.String() + "x" + m.To.String() + strings.TrimPrefix(p.UCI(m), squares)
					}
					if r.IntN(8) == 0 {
						texts = append([]string{sampleTexts(p, legal, r)[r.IntN(10)]}, texts...)
					}
				} else {
					ends[st.Outcome]++
					texts = []string{"e2e4", "a1a2", "O-O"}
					if legal := ref.LegalMoves(); len(legal) > 0 {
						// A move the board allows, after an end by rule.
						texts = append(texts, ref.Position().UCI(legal[0]))
					}
				}
				for _, text := range texts {
					fu, fnotes, ferr := fast.PlayText(text)
					ru, rnotes, rerr := referencePlay(ref, text)
					if fu != ru || !reflect.DeepEqual(ferr, rerr) || !reflect.DeepEqual(fnotes, rnotes) {
						t.Fatalf("%s %s: %q: PlayText %q, %v, %v; reference %q, %v, %v",
							start.v.ID(), ref.Position().FEN(), text, fu, fnotes, ferr, ru, rnotes, rerr)
					}
					notes += len(fnotes)
				}
				if !reflect.DeepEqual(fast.State(), ref.State()) || !slices.Equal(fast.Moves(), ref.Moves()) {
					t.Fatalf("%s: after %d moves the games differ: %v and %v", start.v.ID(), len(ref.Moves()), fast.State(), ref.State())
				}
				if k := fast.State().Keys; k[len(k)-1] != fast.Position().RepetitionKey() {
					t.Fatalf("%s %s: repetition key %x, want %x", start.v.ID(), fast.Position().FEN(), k[len(k)-1], fast.Position().RepetitionKey())
				}
				if ref.Status().Outcome != Ongoing && ply%2 == 1 {
					break
				}
			}
			if !reflect.DeepEqual(fast.Status(), ref.Status()) {
				t.Fatalf("%s: final status %+v, want %+v", start.v.ID(), fast.Status(), ref.Status())
			}
		}
	}
	t.Logf("ends: %v; %d false marks", ends, notes)
	if notes == 0 {
		t.Errorf("no false mark: the test should see some")
	}
	for _, o := range []Outcome{Checkmate, FivefoldRepetition} {
		if ends[o] == 0 {
			t.Errorf("no game ended by %s: the test should see it", o)
		}
	}
}

// TestPlayTextKeepsTheStart: a game plays on its own copy of the start
// position, and a clone plays on without changing the game.
func TestPlayTextKeepsTheStart(t *testing.T) {
	start := MustBuiltin("chess").Start()
	fen := start.FEN()
	g := NewGame(start)
	for _, m := range []string{"e4", "e5", "Nf3"} {
		if _, _, err := g.PlayText(m); err != nil {
			t.Fatal(err)
		}
	}
	if start.FEN() != fen || g.Start() != start {
		t.Fatalf("the start position changed: %s", start.FEN())
	}
	c := g.Clone()
	before := g.Position().FEN()
	if _, _, err := c.PlayText("Nc6"); err != nil {
		t.Fatal(err)
	}
	if g.Position().FEN() != before || c.Position().FEN() == before {
		t.Fatalf("game %s, clone %s", g.Position().FEN(), c.Position().FEN())
	}
}
