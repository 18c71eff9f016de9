package rules

import (
	"runtime"
	"sync"
)

// refPosition is a position of one of the slow reference generators
// (refgen_test.go, refgrand_test.go, refgiant_test.go): its legal moves, and
// the position each leads to. The perft below is plumbing they share; the
// rules each generates stay their own.
type refPosition[P, M any] interface {
	legalMoves() []M
	play(M) P
}

// refPerftOf counts the leaves depth plies below p, counting the last ply's
// moves without playing them.
func refPerftOf[P refPosition[P, M], M any](p P, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	ms := p.legalMoves()
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		n += refPerftOf(p.play(m), depth-1)
	}
	return n
}

// refPerftParallelOf is refPerftOf with the positions two plies down shared
// among the CPUs.
func refPerftParallelOf[P refPosition[P, M], M any](p P, depth int) uint64 {
	if depth <= 2 {
		return refPerftOf(p, depth)
	}
	var jobs []P
	for _, m := range p.legalMoves() {
		q := p.play(m)
		for _, m2 := range q.legalMoves() {
			jobs = append(jobs, q.play(m2))
		}
	}
	var (
		mu    sync.Mutex
		total uint64
		wg    sync.WaitGroup
		next  = make(chan P)
	)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var sum uint64
			for q := range next {
				sum += refPerftOf(q, depth-2)
			}
			mu.Lock()
			total += sum
			mu.Unlock()
		}()
	}
	for _, q := range jobs {
		next <- q
	}
	close(next)
	wg.Wait()
	return total
}
