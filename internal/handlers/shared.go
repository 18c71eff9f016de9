package handlers

import (
	"context"
	"sync"
	"time"
)

// Shared computations. Identical requests in flight (legal-moves, status
// and validate-move with the same answer key) compute their answer once.
// The computation belongs to none of them: it runs under a context of its
// own, whose deadline is the latest of the waiting requests' deadlines
// (each is its request's time budget), never more than budget after the
// computation started, and which ends early when every request waiting
// for it has gone. A request whose client leaves, or whose own deadline
// passes, stops waiting with its own context's error (the one that
// computes, once done: see do); the others wait on.

// flightGroup runs one computation per key at a time for all the requests
// that ask for it.
type flightGroup struct {
	budget time.Duration // the longest a computation may run; 0: a day
	mu     sync.Mutex
	calls  map[string]*flightCall
	// joined and left, when set (by tests), are called when a request
	// starts to wait for a computation in flight and when one leaves it.
	joined, left func()
}

// flightCall is a computation in flight and the requests waiting for it.
type flightCall struct {
	done     chan struct{} // closed when val and err are set
	val      []byte
	err      error
	waiters  int // requests still waiting
	takers   int // the requests waiting when the answer came
	ctx      context.Context
	cancel   context.CancelFunc
	timer    *time.Timer // cancels the computation at its deadline
	deadline time.Time
	limit    time.Time // start + budget: the deadline never passes it
}

// do returns the answer under key, computing it with fn unless a
// computation of it is in flight, whose answer it then waits for. shared
// says the bytes are another request's as well. fn runs under the
// computation's context (above), in the goroutine of the request that
// started it (a goroutine of its own would start with a small stack and
// grow it again for every answer: 10% of the computed legal-moves path).
// A request that waits returns ctx's error as soon as ctx ends, and the
// computation goes on for the others. The request that computes cannot
// stop waiting: when it leaves, the computation goes on if others wait
// for it (bounded by its deadline, as above), and it answers ctx's error
// once done; if none waits, the computation is cancelled.
func (g *flightGroup) do(ctx context.Context, key string, fn func(context.Context) ([]byte, error)) (b []byte, shared bool, err error) {
	g.mu.Lock()
	if g.calls == nil {
		g.calls = map[string]*flightCall{}
	}
	if c, ok := g.calls[key]; ok {
		c.waiters++
		c.extend(ctx)
		g.mu.Unlock()
		if g.joined != nil {
			g.joined()
		}
		return g.wait(ctx, c)
	}
	c := g.start(ctx)
	g.calls[key] = c
	g.mu.Unlock()
	stop := context.AfterFunc(ctx, func() { g.leave(c) })
	g.run(key, c, fn)
	if !stop() && ctx.Err() != nil {
		return nil, false, ctx.Err() // this request left while it computed
	}
	return c.val, c.takers > 1, c.err
}

// run computes c's answer and hands it to the requests waiting then.
func (g *flightGroup) run(key string, c *flightCall, fn func(context.Context) ([]byte, error)) {
	val, err := fn(c.ctx)
	c.timer.Stop()
	c.cancel()
	g.mu.Lock()
	delete(g.calls, key)
	c.val, c.err, c.takers = val, err, c.waiters
	g.mu.Unlock()
	close(c.done)
}

// start makes the call of a first request, under g.mu.
func (g *flightGroup) start(ctx context.Context) *flightCall {
	budget := g.budget
	if budget <= 0 {
		budget = 24 * time.Hour
	}
	now := time.Now()
	c := &flightCall{done: make(chan struct{}), waiters: 1, limit: now.Add(budget), deadline: now.Add(budget)}
	if d, ok := ctx.Deadline(); ok && d.Before(c.deadline) {
		c.deadline = d
	}
	c.ctx, c.cancel = context.WithCancel(context.WithoutCancel(ctx))
	c.timer = time.AfterFunc(time.Until(c.deadline), c.cancel)
	return c
}

// extend moves the call's deadline to ctx's when that is later, within the
// call's limit; under g.mu.
func (c *flightCall) extend(ctx context.Context) {
	d, ok := ctx.Deadline()
	if !ok || d.After(c.limit) {
		d = c.limit
	}
	if d.After(c.deadline) {
		c.deadline = d
		c.timer.Reset(time.Until(d))
	}
}

// wait waits for c's answer as long as ctx allows.
func (g *flightGroup) wait(ctx context.Context, c *flightCall) ([]byte, bool, error) {
	select {
	case <-c.done:
		return c.val, c.takers > 1, c.err
	case <-ctx.Done():
		select {
		case <-c.done: // both at once: the answer is there
			return c.val, c.takers > 1, c.err
		default:
		}
		g.leave(c)
		return nil, false, ctx.Err()
	}
}

// leave counts a request that stopped waiting for c, and cancels the
// computation when none is left.
func (g *flightGroup) leave(c *flightCall) {
	g.mu.Lock()
	c.waiters--
	last := c.waiters == 0
	g.mu.Unlock()
	if last {
		c.cancel()
	}
	if g.left != nil {
		g.left()
	}
}
