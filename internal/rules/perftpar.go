package rules

// Parallel perft: the root moves are shared out among workers, each with
// its own copy of the position and its own move buffers, taking the next
// uncounted root move as it finishes one (subtrees differ in size, so
// fixed shares would leave workers idle). The leaf budget is shared: each
// worker adds its leaves to one atomic count every perftFlush leaves and
// when it ends, so the budget is passed exactly when the serial count
// passes it, whatever the number of workers; the workers stop at most
// perftFlush leaves each later.

import (
	"context"
	"math"
	"sync"
	"sync/atomic"
)

// perftFlush is how many leaves a worker counts before it adds them to
// the shared count: a few hundred move generations of chess, so that the
// workers rarely touch the shared cache line.
const perftFlush = 1 << 14

// perftShared is what the workers of one PerftParallel share.
type perftShared struct {
	next   atomic.Int64  // the index of the next root move to count
	leaves atomic.Uint64 // the leaves the workers have added so far
	limit  uint64        // the most leaves allowed
	stop   atomic.Bool   // set with err: every worker stops
	mu     sync.Mutex
	err    error // the first error of any worker
}

// fail records err, if it is the first, and stops every worker.
func (sh *perftShared) fail(err error) {
	sh.mu.Lock()
	if sh.err == nil {
		sh.err = err
	}
	sh.mu.Unlock()
	sh.stop.Store(true)
}

// firstErr returns the first error of any worker.
func (sh *perftShared) firstErr() error {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	return sh.err
}

// flush adds a worker's leaves to the shared count. It stops the worker
// when the count passes the budget, or when another worker has stopped.
func (sh *perftShared) flush(pf *perft) {
	n := pf.leaves
	pf.leaves = 0
	if sh.leaves.Add(n) > sh.limit {
		sh.fail(newError(ErrLimitExceeded, "depth", -1, "more than %d leaves", sh.limit))
	}
	if sh.stop.Load() {
		pf.err = sh.firstErr()
	}
}

// work counts root moves until none is left or a worker stops, writing the
// count below moves[i] to counts[i].
func (sh *perftShared) work(pf *perft, moves []Move, depth int, counts []uint64) {
	for !sh.stop.Load() {
		i := int(sh.next.Add(1) - 1)
		if i >= len(moves) {
			break
		}
		u := pf.p.play(moves[i])
		counts[i] = pf.count(depth - 1)
		pf.p.unmake(moves[i], u)
		if pf.err != nil {
			sh.fail(pf.err)
			return
		}
	}
	sh.flush(pf)
}

// PerftWorkers returns how many workers PerftParallel uses for a perft of
// p to depth when it is given workers: at most one a root move, and one
// (the serial count) for depth 1 or fewer than two root moves.
func PerftWorkers(p *Position, depth, workers int) int {
	if workers <= 1 || depth <= 1 {
		return 1
	}
	return max(1, min(workers, len(p.LegalMoves())))
}

// PerftParallel is PerftContext with the root moves shared out among
// workers goroutines (PerftWorkers says how many it uses). The count, the
// divide entries and their order (that of the root moves' generation) are
// those of PerftContext, and so is the error: ErrLimitExceeded when the
// count passes maxLeaves, the context's error once ctx is done, which
// every worker polls before each of its move generations. With one worker
// it is PerftContext.
func PerftParallel(ctx context.Context, p *Position, depth int, maxLeaves uint64, divide bool, workers int) (uint64, []DivideEntry, error) {
	if workers <= 1 || depth <= 1 || depth > MaxPerftDepth {
		return PerftContext(ctx, p, depth, maxLeaves, divide)
	}
	if done(ctx) {
		return 0, nil, ctx.Err()
	}
	moves := p.LegalMoves()
	workers = min(workers, len(moves))
	if workers <= 1 {
		return PerftContext(ctx, p, depth, maxLeaves, divide)
	}
	sh := &perftShared{limit: maxLeaves}
	if maxLeaves == 0 {
		sh.limit = math.MaxUint64
	}
	counts := make([]uint64, len(moves))
	var wg sync.WaitGroup
	for range workers {
		pf := &perft{p: p.clone(), limit: perftFlush, ctx: ctx, shared: sh}
		wg.Go(func() { sh.work(pf, moves, depth, counts) })
	}
	wg.Wait()
	if err := sh.firstErr(); err != nil {
		return 0, nil, err
	}
	var total uint64
	var out []DivideEntry
	for i, n := range counts {
		total += n
		if divide {
			out = append(out, DivideEntry{Move: moves[i], Nodes: n})
		}
	}
	return total, out, nil
}
