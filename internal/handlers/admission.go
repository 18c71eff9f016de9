package handlers

// Admission control. Heavy work runs in a bounded pool: a few worker slots
// (GOMAXPROCS by default, one computation a core) and a short queue in
// front of them. A heavy request that finds the queue full is answered at
// once with 429 overloaded; a queued one waits for a slot at most until its
// own deadline (then 503 timeout). Cheap requests never enter the pool, so
// probes, /metrics and built-in variants' moves keep their latency while
// every slot is busy.
//
// Heavy work is:
//   - every perft;
//   - an adjudication with more than heavyPlies moves to replay after the
//     cached prefix;
//   - legal-moves, status and validate-move on an inline definition, when
//     the answer is not in the cache, and the whole replay of a game on one;
//   - the compile of an inline definition.
//
// Pool slots are never nested: a request takes one slot at a time (the
// compile, then the computation), so one worker cannot deadlock. The one
// exception never waits: a perft with workers takes further slots, and
// places, only while they are free (extra), so a busy server counts it
// with fewer workers instead of queueing it or going beyond the pool.

import (
	"context"
	"math"
	"runtime"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
)

// codeOverloaded is the problem code of a heavy request refused because
// the pool and its queue are full.
const codeOverloaded = "overloaded"

// heavyPlies is how many moves an adjudication may replay before it counts
// as heavy. The cache keeps a game's state every checkpointEvery (32) plies
// and at the end of each request, so a game sent again with a few more
// moves (the correspondence pattern) replays fewer than 32; 64 plies of the
// heaviest built-in variant (Bigorra, 16x16, 150 pieces) replay in 1.5 to
// 2.5 ms (BenchmarkReplay: 21 to 38 µs a ply), of chess in 0.3 ms. Only a
// cold replay of a long game, or one on an inline definition, enters the
// pool.
const heavyPlies = 64

// overloadedRetryAfter is the Retry-After of a 429 overloaded, in seconds:
// a slot frees as soon as any heavy computation ends, and the refusal
// itself costs nothing, so clients may come back soon (with backoff).
const overloadedRetryAfter = 1

// pool is the bounded pool of heavy work.
type pool struct {
	slots    chan struct{} // a token per running computation
	admitted chan struct{} // a token per running or queued computation
	inflight prometheus.Gauge
	queued   prometheus.Gauge
	rejected prometheus.Counter
	// waiting, when set (by tests), is called when a computation starts
	// waiting in the queue.
	waiting func()
}

// newPool makes a pool of workers slots (GOMAXPROCS when below 1) and a
// queue of queue places (none when below 0).
func newPool(workers, queue int, m *metrics) *pool {
	if workers < 1 {
		workers = runtime.GOMAXPROCS(0)
	}
	queue = max(queue, 0)
	return &pool{slots: make(chan struct{}, workers), admitted: make(chan struct{}, workers+queue),
		inflight: m.heavyInflight, queued: m.heavyQueued, rejected: m.heavyRejected}
}

// heavy runs fn in the pool of heavy work: at once when a slot is free,
// after waiting in the queue otherwise. It fails without running fn with a
// 429 overloaded problem when the queue is full, and with the context's
// error (503 timeout) when ctx ends while it waits. It returns fn's error.
func (s *Server) heavy(ctx context.Context, fn func() error) error {
	if inPool(ctx) {
		return fn() // the caller holds a slot already (heavyWait)
	}
	pl := s.pool
	leave, err := pl.admit()
	if err != nil {
		return err
	}
	defer leave()
	select {
	case pl.slots <- struct{}{}:
	default:
		pl.queued.Inc()
		if pl.waiting != nil {
			pl.waiting()
		}
		select {
		case pl.slots <- struct{}{}:
			pl.queued.Dec()
		case <-ctx.Done():
			pl.queued.Dec()
			return ctx.Err()
		}
	}
	pl.inflight.Inc()
	defer func() {
		pl.inflight.Dec()
		<-pl.slots
	}()
	return fn()
}

// admit takes a place in the pool (a slot, or a place in its queue)
// without waiting, or refuses with 429 overloaded when there is none.
// leave gives the place back.
func (pl *pool) admit() (leave func(), err error) {
	select {
	case pl.admitted <- struct{}{}:
		return func() { <-pl.admitted }, nil
	default:
		pl.rejected.Inc()
		return nil, problem(codeOverloaded, "", "the server is busy with %d heavy computations and %d waiting; retry later",
			cap(pl.slots), cap(pl.admitted)-cap(pl.slots))
	}
}

// extra takes up to n more slots, each with its place, for a computation
// that holds one already, without waiting: as many as are free now (none
// while others queue). It returns how many it took; release gives them
// back.
func (pl *pool) extra(n int) int {
	k := 0
	for ; k < n; k++ {
		select {
		case pl.admitted <- struct{}{}:
		default:
			return pl.took(k)
		}
		select {
		case pl.slots <- struct{}{}:
		default:
			<-pl.admitted
			return pl.took(k)
		}
	}
	return pl.took(k)
}

// took counts k extra slots as in flight and returns k.
func (pl *pool) took(k int) int {
	pl.inflight.Add(float64(k))
	return k
}

// release gives back k slots taken by extra.
func (pl *pool) release(k int) {
	pl.inflight.Sub(float64(k))
	for range k {
		<-pl.slots
		<-pl.admitted
	}
}

// setRetryAfter sets the Retry-After header (whole seconds) of the
// problems that ask the client to come back: 429 overloaded, and 503
// timeout after a request's time budget (by then the load that slowed it
// has had as long to drain).
func (s *Server) setRetryAfter(c echo.Context, p *Problem) {
	var secs int
	switch p.Code {
	case codeOverloaded:
		secs = overloadedRetryAfter
	case codeTimeout:
		secs = int(math.Ceil(max(s.cfg.RequestTimeout, time.Second).Seconds()))
	default:
		return
	}
	c.Response().Header().Set("Retry-After", strconv.Itoa(secs))
}

// pooled wraps the computation of an answer to run in the pool when heavy
// holds; the wrapped one runs only on a cache miss (reply), under the
// shared computation's context.
func (s *Server) pooled(heavy bool, compute func(ctx context.Context, buf []byte) (any, error)) func(ctx context.Context, buf []byte) (any, error) {
	if !heavy {
		return compute
	}
	return func(ctx context.Context, buf []byte) (out any, err error) {
		err = s.heavy(ctx, func() (err error) {
			out, err = compute(ctx, buf)
			return err
		})
		return out, err
	}
}
