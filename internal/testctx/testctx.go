// Package testctx has contexts for tests that measure a deadline in polls
// rather than in time, so that a test of "stops at its deadline" asserts an
// outcome and an order, never a duration. It imports only the standard
// library and is used by tests alone.
package testctx

import "context"

// Polls is a context whose deadline is a number of polls: its Done channel
// closes at the Stop-th call of Done (never when Stop is 0), and N counts
// the calls. It is for one goroutine: the code under test polls it as it
// would poll a request's context.
type Polls struct {
	context.Context
	Stop, N int
	ch      chan struct{}
}

// NewPolls returns a Polls that is done at the stop-th poll.
func NewPolls(stop int) *Polls {
	return &Polls{Context: context.Background(), Stop: stop, ch: make(chan struct{})}
}

// Done counts a poll and returns the channel, closed from the Stop-th on.
func (c *Polls) Done() <-chan struct{} {
	c.N++
	if c.N == c.Stop {
		close(c.ch)
	}
	return c.ch
}

// Err is context.Canceled once Done's channel is closed; it does not count
// as a poll.
func (c *Polls) Err() error {
	select {
	case <-c.ch:
		return context.Canceled
	default:
		return nil
	}
}
