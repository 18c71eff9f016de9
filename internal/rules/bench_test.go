package rules

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// Perft benchmarks report leaves per second ("leaves/s"); the allocation
// count per run must stay a small constant (one position copy and the
// per-ply move buffers), never grow with the number of moves.
var perftBenches = []struct {
	variant, name, fen string
	depth              int
}{
	{"chess", "start", "", 5},
	{"chess", "kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4},
	{"shako", "start", "", 4},
	{"gigachess2", "start", "", 3},
	{"terachess2", "start", "", 3},
	{"bigorra", "start", "", 3},
	{"grand", "start", "", 4},
	// adjudicator setup --mode random --count 19 --seed 3: nineteen random
	// pieces a side, half of them catalogue pieces with special moves.
	{"grand", "random-setup", grandRandomSetup, 3},
	// The suite's "all-both": Pawns of both sides promote to any of 71 types.
	{"grand", "all-promotions", "10/3P6/6P2k/7n2/10/10/10/5p4/2p7/K6R2 w - - 0 40 all", 3},
	// The classical array with the eight exotic pieces on each side's
	// first rank (power.go): every power in play from the first move.
	{"grand", "exotic-eight", grandExoticEight, 4},
	{"giant", "start", "", 4},
	{"giant-quick", "start", "", 4},
}

const grandExoticEight = "ra'''w'''c'''i'''h'''f'''d'''m'''r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/RA'''W'''C'''I'''H'''F'''D'''M'''R w - - 0 1 captured:QCARRBBNNA'''W'''C'''I'''H'''F'''D'''M'''qcarrbbnna'''w'''c'''i'''h'''f'''d'''m'''"

const grandRandomSetup = "g''k''bd'o''u'l'o'qi/h'gw'e'f'k1tc'k'/pppppppppp/10/10/10/10/PPPPPPPPPP/H'GW'E'F'K1TC'K'/G''K''BD'O''U'L'O'QI w - - 0 1 captured:QBGC'K'H'E'D'O'G''IO''W'U'F'K''TL'qbgc'k'h'e'd'o'g''io''w'u'f'k''tl'"

func BenchmarkPerft(b *testing.B) {
	for _, bb := range perftBenches {
		b.Run(fmt.Sprintf("%s/%s/%d", bb.variant, bb.name, bb.depth), func(b *testing.B) {
			p := mustPosition(b, bb.variant, bb.fen)
			b.ReportAllocs()
			var leaves uint64
			for b.Loop() {
				leaves += Perft(p, bb.depth)
			}
			b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}

var legalMovesBenches = []struct{ variant, name, fen string }{
	{"chess", "start", ""},
	{"chess", "kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
	{"shako", "middlegame", "r5k3/4q2c2/1ebppnp3/1pp3BeEQ/10/2PE2P3/1P3P4/5NP2P/rR3KB3/7C2 w Q - 3 35"},
	// 60 plies of a fixed-seed random game (a third of them captures when
	// one was available): 150 pieces, 132 legal moves.
	{"bigorra", "middlegame", bigorraMiddlegame},
	// The Grand Chess suite's "bent": Dragon, Tiger, Rhino, Gryphon,
	// Edgehog, Duke, Kangaroo and Block.
	// Two Devs a side among the pieces: Dev moves, joint attacks, checks.
	{"giant", "devs", "r2kq11/16/16/16/16/16/6dd8/6dd8/2s3DD8/4Q1DD1N6/16/4pp10/16/2S13/16/R3K10R w - - 0 30"},
	{"grand", "bent-riders", "2k''6t/j'2u3k2/p3r'2pp1/2o''2yd''3/E''3pb''4/9e''/3D''YP1O''2/P3B''R'2P1/1KP3U1J'1/2T3K''3 w - - 0 20"},
	// The exotic-eight array a few moves on (Pawns advanced, Black's
	// Advancer and Chameleon out, each side's Fools copying a Pawn).
	{"grand", "exotic-middlegame", "r1w'''c'''i'''1f'''d'''m'''r/1nbqkcabn1/ppp1ppp1pp/3p4h'''1/6p3/1a'''2P5/10/PPPP1PPPPP/1NBQKCABN1/RA'''W'''C'''I'''H'''F'''D'''M'''R w - - 0 4 fool:P/P"},
}

// BenchmarkNewSetup reads a Grand Chess setup the variant has not seen,
// with a new army, and lists its moves: the cost of a game's first request.
func BenchmarkNewSetup(b *testing.B) {
	v := MustBuiltin("grand")
	b.ReportAllocs()
	seed := uint64(0)
	for b.Loop() {
		seed++
		fen, err := GenerateSetup(v, SetupOptions{Mode: "random", Count: 19, Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		p := positionOf(b, v, fen)
		p.LegalMoves()
	}
}

const bigorraMiddlegame = "h'm's'2foad'dujc's'm'h'/cmzvjxlkqghyv1mc/ernbb'1iwwin'b'b1re/2ttc'p'1p'p'1ztp'tp'1/1p'p1p1ppppp'pnppp/10p5/p2p1p2Tt6/16/9T3P2/12T3/1P6P3P3/P1PPPPPP1PPPP'1PP/1P'TP'P'1P'D'P'1t1B'1P'1/ERNBB'N'IWWIN'1BNRE/CMZVSXLKQGHYVZMC/H'M'S'TJFOA1DUS'J1M'H' w Kk a11 0 31"

func BenchmarkLegalMoves(b *testing.B) {
	for _, bb := range legalMovesBenches {
		b.Run(bb.variant+"/"+bb.name, func(b *testing.B) {
			p := mustPosition(b, bb.variant, bb.fen)
			buf := make([]Move, 0, 512)
			b.ReportAllocs()
			for b.Loop() {
				buf = p.legalMoves(buf[:0])
			}
		})
	}
}

// randomGame plays up to plies random legal moves with a fixed seed and
// returns them in coordinate form; it stops early at the end of the game.
func randomGame(tb testing.TB, variant string, plies int, seed uint64) []string {
	tb.Helper()
	g := NewGame(MustBuiltin(variant).Start())
	r := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	var out []string
	for len(out) < plies && g.Status().Outcome == Ongoing {
		legal := g.LegalMoves()
		m := legal[r.IntN(len(legal))]
		out = append(out, g.Position().UCI(m))
		if err := g.Play(m); err != nil {
			tb.Fatal(err)
		}
	}
	return out
}

// BenchmarkReplay replays a whole game from its move texts, as
// games/adjudicate does (Game.PlayText): parse each move, check it, play
// it, keep the repetition history.
func BenchmarkReplay(b *testing.B) {
	for _, bb := range []struct {
		variant string
		plies   int
		san     bool
	}{{"chess", 200, false}, {"chess", 200, true}, {"bigorra", 500, false}} {
		moves := randomGame(b, bb.variant, bb.plies, 42)
		start := MustBuiltin(bb.variant).Start()
		name := fmt.Sprintf("%s/%d", bb.variant, len(moves))
		if bb.san {
			// The same game in SAN with its check marks, as PGN has it.
			g := NewGame(start)
			for i, text := range moves {
				m, err := g.ParseMove(text)
				if err != nil {
					b.Fatal(err)
				}
				moves[i] = g.Position().SAN(m)
				if err := g.Play(m); err != nil {
					b.Fatal(err)
				}
			}
			name += "/san"
		}
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				g := NewGame(start)
				for _, text := range moves {
					if _, _, err := g.PlayText(text); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(moves)), "ns/ply")
		})
	}
}
