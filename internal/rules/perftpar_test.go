package rules

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
)

// parallelWorkers are the worker counts every parallel test runs: the
// serial path, a few, and more than any position below has root moves.
var parallelWorkers = []int{1, 2, 3, 8, 300}

// parallelCases are positions of several variants, with their counts from
// the perft suites (0: see the serial count; mate is 0 indeed); few is a
// position of two root moves, mate one of none.
var parallelCases = []struct {
	name, variant, fen string
	depth              int
	nodes              uint64
	roots              int // legal moves of the position
}{
	{"chess-start", "chess", "", 4, 197281, 20},
	{"kiwipete", "chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862, 48},
	{"position-3", "chess", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4, 43238, 14},
	{"shako-start", "shako", "", 3, 185938, 58},
	{"grand-start", "grand", "", 2, 4225, 65},
	{"few", "chess", "k7/8/8/8/8/8/8/K6r w - - 0 1", 3, 0, 2},
	{"mate", "chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", 1, 0, 0},
	{"mate-deep", "chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", 3, 0, 0},
}

// TestPerftParallel: for every position and number of workers, the count
// and the divide entries, in order, are the serial ones.
func TestPerftParallel(t *testing.T) {
	for _, tt := range parallelCases {
		p := mustPosition(t, tt.variant, tt.fen)
		if got := len(p.LegalMoves()); got != tt.roots {
			t.Fatalf("%s: %d root moves; want %d", tt.name, got, tt.roots)
		}
		wantN, wantDiv, err := PerftContext(context.Background(), p, tt.depth, 0, true)
		if err != nil {
			t.Fatalf("%s: PerftContext = %v", tt.name, err)
		}
		if tt.nodes != 0 && wantN != tt.nodes {
			t.Fatalf("%s: PerftContext(%d) = %d; want %d", tt.name, tt.depth, wantN, tt.nodes)
		}
		for _, w := range parallelWorkers {
			t.Run(fmt.Sprintf("%s/%d", tt.name, w), func(t *testing.T) {
				n, div, err := PerftParallel(context.Background(), p, tt.depth, 0, true, w)
				if err != nil || n != wantN {
					t.Fatalf("PerftParallel(%s, %d, workers %d) = %d, %v; want %d, nil", tt.name, tt.depth, w, n, err, wantN)
				}
				if !slices.Equal(div, wantDiv) {
					t.Errorf("PerftParallel(%s, %d, workers %d) divide = %v; want %v", tt.name, tt.depth, w, div, wantDiv)
				}
				n, div, err = PerftParallel(context.Background(), p, tt.depth, 0, false, w)
				if err != nil || n != wantN || div != nil {
					t.Errorf("PerftParallel(%s, %d, workers %d, no divide) = %d, %v, %v; want %d, nil, nil", tt.name, tt.depth, w, n, div, err, wantN)
				}
			})
		}
	}
}

// TestPerftWorkers: one worker a root move at most, one for depth 1 and
// for positions of fewer than two moves.
func TestPerftWorkers(t *testing.T) {
	start := mustPosition(t, "chess", "")
	few := mustPosition(t, "chess", "k7/8/8/8/8/8/8/K6r w - - 0 1")
	mate := mustPosition(t, "chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
	tests := []struct {
		name           string
		p              *Position
		depth, workers int
		want           int
	}{
		{"start", start, 4, 2, 2},
		{"start", start, 4, 64, 20},
		{"start", start, 4, 0, 1},
		{"start", start, 1, 8, 1},
		{"few", few, 3, 8, 2},
		{"mate", mate, 3, 8, 1},
	}
	for _, tt := range tests {
		if got := PerftWorkers(tt.p, tt.depth, tt.workers); got != tt.want {
			t.Errorf("PerftWorkers(%s, %d, %d) = %d; want %d", tt.name, tt.depth, tt.workers, got, tt.want)
		}
	}
}

// TestPerftParallelBudget: a budget one leaf short of the count is
// exceeded, with the serial error, and the exact budget is not, whatever
// the number of workers.
func TestPerftParallelBudget(t *testing.T) {
	tests := []struct {
		variant, fen string
		depth        int
		nodes        uint64
	}{
		{"chess", "", 4, 197281},
		{"chess", "", 2, 400},
		{"shako", "", 3, 185938},
	}
	for _, tt := range tests {
		p := mustPosition(t, tt.variant, tt.fen)
		_, _, want := PerftContext(context.Background(), p, tt.depth, tt.nodes-1, false)
		if CodeOf(want) != ErrLimitExceeded {
			t.Fatalf("PerftContext(%s, %d, budget %d) = %v; want %s", tt.variant, tt.depth, tt.nodes-1, want, ErrLimitExceeded)
		}
		for _, w := range parallelWorkers {
			_, _, err := PerftParallel(context.Background(), p, tt.depth, tt.nodes-1, true, w)
			if CodeOf(err) != ErrLimitExceeded || err.Error() != want.Error() {
				t.Errorf("PerftParallel(%s, %d, budget %d, workers %d) = %v; want %v", tt.variant, tt.depth, tt.nodes-1, w, err, want)
			}
			n, _, err := PerftParallel(context.Background(), p, tt.depth, tt.nodes, true, w)
			if err != nil || n != tt.nodes {
				t.Errorf("PerftParallel(%s, %d, budget %d, workers %d) = %d, %v; want %d, nil", tt.variant, tt.depth, tt.nodes, w, n, err, tt.nodes)
			}
		}
	}
}

// sharedPolls is testctx.Polls for several goroutines: its Done channel is
// closed from the stop-th poll on, and n counts the polls.
type sharedPolls struct {
	context.Context
	stop int64
	n    atomic.Int64
	once sync.Once
	ch   chan struct{}
}

func newSharedPolls(stop int64) *sharedPolls {
	return &sharedPolls{Context: context.Background(), stop: stop, ch: make(chan struct{})}
}

func (c *sharedPolls) Done() <-chan struct{} {
	if c.n.Add(1) >= c.stop {
		c.once.Do(func() { close(c.ch) }) // returns once the channel is closed
	}
	return c.ch
}

func (c *sharedPolls) Err() error {
	select {
	case <-c.ch:
		return context.Canceled
	default:
		return nil
	}
}

// TestPerftParallelStops: a context done before the count, or in the
// middle of it, stops every worker with the context's error; each stops at
// its first poll after the context is done, so there are at most workers-1
// polls after the one that found it done.
func TestPerftParallelStops(t *testing.T) {
	p := mustPosition(t, "chess", "")
	for _, w := range parallelWorkers {
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, _, err := PerftParallel(ctx, p, 5, 0, true, w); err != context.Canceled {
			t.Errorf("PerftParallel(cancelled, workers %d) = %v; want %v", w, err, context.Canceled)
		}
		for _, stop := range []int64{1, 2, 50, 5000} {
			ctx := newSharedPolls(stop)
			// Depth 7 of chess: 3,195,901,860 leaves, stopped long before.
			n, div, err := PerftParallel(ctx, p, 7, 0, true, w)
			if err != context.Canceled || n != 0 || div != nil {
				t.Errorf("PerftParallel(done at poll %d, workers %d) = %d, %d entries, %v; want 0, none, %v",
					stop, w, n, len(div), err, context.Canceled)
			}
			used := int64(PerftWorkers(p, 7, w))
			if got := ctx.n.Load(); got < stop || got > stop+used-1 {
				t.Errorf("PerftParallel(done at poll %d, workers %d) polled %d times; want %d to %d", stop, w, got, stop, stop+used-1)
			}
		}
	}
}

// TestPerftParallelDeadline: an expired deadline is the context's error.
func TestPerftParallelDeadline(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 0)
	defer cancel()
	for _, w := range parallelWorkers {
		if _, _, err := PerftParallel(ctx, mustPosition(t, "chess", ""), 4, 0, false, w); err != context.DeadlineExceeded {
			t.Errorf("PerftParallel(expired, workers %d) = %v; want %v", w, err, context.DeadlineExceeded)
		}
	}
}

// BenchmarkPerftParallel reports leaves per second in all ("leaves/s") and
// a worker ("leaves/s/worker") for one worker (the serial PerftContext)
// and two; compare the ratios of one run, on an otherwise idle machine.
func BenchmarkPerftParallel(b *testing.B) {
	for _, bb := range []struct {
		variant string
		depth   int
	}{{"chess", 5}, {"shako", 4}} {
		for _, w := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/%d/workers=%d", bb.variant, bb.depth, w), func(b *testing.B) {
				p := mustPosition(b, bb.variant, "")
				var leaves uint64
				for b.Loop() {
					n, _, err := PerftParallel(context.Background(), p, bb.depth, 0, false, w)
					if err != nil {
						b.Fatal(err)
					}
					leaves += n
				}
				rate := float64(leaves) / b.Elapsed().Seconds()
				b.ReportMetric(rate, "leaves/s")
				b.ReportMetric(rate/float64(w), "leaves/s/worker")
			})
		}
	}
}
