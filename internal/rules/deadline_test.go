package rules

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/adjudicator/adjudicator/internal/testctx"
)

// TestPerftPollsEveryGeneration: PerftContext polls the context once
// before each move generation (1 + 20 + 400 generations to depth 3 from
// the chess start), so the work between two polls is one generation.
func TestPerftPollsEveryGeneration(t *testing.T) {
	ctx := testctx.NewPolls(0)
	n, _, err := PerftContext(ctx, mustPosition(t, "chess", ""), 3, 0, false)
	if err != nil || n != 8902 {
		t.Fatalf("PerftContext(start, 3) = %d, %v; want 8902, nil", n, err)
	}
	if ctx.N != 1+20+400 {
		t.Errorf("PerftContext(start, 3) polled %d times; want %d (once per generation)", ctx.N, 1+20+400)
	}
}

// TestPerftStopsAtFirstPoll: once the context is done, perft stops at that
// poll: no later poll, hence no later move generation.
func TestPerftStopsAtFirstPoll(t *testing.T) {
	tests := []struct {
		variant, fen string
		depth, stop  int
	}{
		{"chess", "", 5, 1},
		{"chess", "", 5, 2},
		{"chess", "", 5, 5000},
		{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 777},
		{"bigorra", "", 4, 300},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%d/%d", tt.variant, tt.depth, tt.stop), func(t *testing.T) {
			ctx := testctx.NewPolls(tt.stop)
			_, _, err := PerftContext(ctx, mustPosition(t, tt.variant, tt.fen), tt.depth, 0, false)
			if err != context.Canceled {
				t.Fatalf("PerftContext with a context done at poll %d = %v; want %v", tt.stop, err, context.Canceled)
			}
			if ctx.N != tt.stop {
				t.Errorf("PerftContext with a context done at poll %d polled %d times; want it to stop there", tt.stop, ctx.N)
			}
		})
	}
}

// TestEstimatePerftStopsAtFirstPoll: the estimate's probe counts under the
// same polling.
func TestEstimatePerftStopsAtFirstPoll(t *testing.T) {
	ctx := testctx.NewPolls(100)
	if _, err := EstimatePerft(ctx, mustPosition(t, "chess", ""), 7, 1<<16); err != context.Canceled {
		t.Fatalf("EstimatePerft with a context done at poll 100 = %v; want %v", err, context.Canceled)
	}
	if ctx.N != 100 {
		t.Errorf("EstimatePerft with a context done at poll 100 polled %d times", ctx.N)
	}
}

// TestEstimatePerft: the forecast counts exactly while within the probe,
// is exact when the whole count fits, and does not depend on anything but
// its arguments.
func TestEstimatePerft(t *testing.T) {
	const probe = 1 << 16
	tests := []struct {
		depth    int
		want     PerftEstimate
		min, max uint64 // bounds of an inexact estimate
	}{
		{depth: 3, want: PerftEstimate{Leaves: 8902, Depth: 3, Exact: true}},
		// Exact to depth 3 (8902, growth 8902/400), then extrapolated; the
		// true counts are 4,865,609 and 3,195,901,860.
		{depth: 5, min: 4_000_000, max: 5_000_000},
		{depth: 7, min: 2_000_000_000, max: 2_500_000_000},
	}
	p := mustPosition(t, "chess", "")
	for _, tt := range tests {
		got, err := EstimatePerft(context.Background(), p, tt.depth, probe)
		if err != nil {
			t.Fatalf("EstimatePerft(start, %d) = %v", tt.depth, err)
		}
		again, _ := EstimatePerft(context.Background(), p, tt.depth, probe)
		if again != got {
			t.Errorf("EstimatePerft(start, %d) = %+v, then %+v", tt.depth, got, again)
		}
		switch {
		case tt.want.Exact && got != tt.want:
			t.Errorf("EstimatePerft(start, %d) = %+v; want %+v", tt.depth, got, tt.want)
		case !tt.want.Exact && (got.Exact || got.Depth != 3 || got.Leaves < tt.min || got.Leaves > tt.max):
			t.Errorf("EstimatePerft(start, %d) = %+v; want exact to depth 3 and %d to %d leaves", tt.depth, got, tt.min, tt.max)
		}
	}
	// More root moves than the probe allows: the growth is at least the
	// probe's, so a forecast two plies down is over its square.
	got, err := EstimatePerft(context.Background(), p, 3, 10)
	if err != nil || got.Depth != 0 || got.Leaves < 11*11*11 {
		t.Errorf("EstimatePerft(start, 3, probe 10) = %+v, %v; want depth 0 and at least %d", got, err, 11*11*11)
	}
}

// TestDescribeContext: the same details as Describe, one poll before
// every 16th move, and a stop at the poll that finds the context done.
func TestDescribeContext(t *testing.T) {
	p := mustPosition(t, "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	legal := p.LegalMoves()
	ctx := testctx.NewPolls(0)
	got, err := p.DescribeContext(ctx, legal)
	if err != nil || !slices.EqualFunc(got, p.Describe(legal), func(a, b MoveDetail) bool {
		return a.Move == b.Move && a.SAN == b.SAN && a.Check == b.Check && a.Mate == b.Mate && slices.Equal(a.Captures, b.Captures)
	}) {
		t.Fatalf("DescribeContext(kiwipete) = %v, %v; want Describe's details", got, err)
	}
	if want := (len(legal) + 15) / 16; ctx.N != want {
		t.Errorf("DescribeContext polled %d times for %d moves; want %d", ctx.N, len(legal), want)
	}
	ctx = testctx.NewPolls(2)
	if _, err := p.DescribeContext(ctx, legal); err != context.Canceled || ctx.N != 2 {
		t.Errorf("DescribeContext with a context done at poll 2 = %v after %d polls; want %v after 2", err, ctx.N, context.Canceled)
	}
}

// BenchmarkPerftContext is BenchmarkPerft through PerftContext, with a
// budget and a live context: the cost of polling it.
func BenchmarkPerftContext(b *testing.B) {
	for _, bb := range perftBenches[:3] {
		b.Run(fmt.Sprintf("%s/%s/%d", bb.variant, bb.name, bb.depth), func(b *testing.B) {
			p := mustPosition(b, bb.variant, bb.fen)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			b.ReportAllocs()
			var leaves uint64
			for b.Loop() {
				n, _, err := PerftContext(ctx, p, bb.depth, 1<<40, false)
				if err != nil {
					b.Fatal(err)
				}
				leaves += n
			}
			b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
		})
	}
}
