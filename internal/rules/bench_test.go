package rules

import (
	"fmt"
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
}

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
