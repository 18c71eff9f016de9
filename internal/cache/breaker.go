package cache

// The breaker stops calling a Redis that cannot be reached, and only such
// a one. On a loaded node a call can time out because this process did
// not get the CPU to read the answer in time, not because Redis is down;
// were timeouts to open the breaker, a busy replica would turn Redis off
// just when it helps most. So:
//
//   - a call that Redis answers, even with an error reply (OOM when it is
//     full), is a success;
//   - a call that times out is a miss that counts neither way, but starts
//     a probe: a PING with the generous ProbeTimeout, in the background,
//     at most one at a time;
//   - a failed probe opens the breaker at once; so do BreakerFailures
//     consecutive calls that fail otherwise (refused or failed dials,
//     broken connections), which say Redis is unreachable without waiting;
//   - open, the breaker refuses every call (skipped) for BreakerOpen, then
//     lets one call through: its success closes it, its failure (or a
//     failed probe) opens it again.

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"

	"github.com/redis/go-redis/v9"
	"github.com/sony/gobreaker/v2"
)

// prober runs the probes: at most one at a time, none after stop.
type prober struct {
	running atomic.Bool
	failed  atomic.Bool // set by a failing probe, read by ReadyToTrip
	mu      sync.Mutex
	stopped bool
	wg      sync.WaitGroup
}

// start runs f on its own goroutine unless a probe runs or stop was
// called.
func (p *prober) start(f func()) {
	if !p.running.CompareAndSwap(false, true) {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stopped {
		p.running.Store(false)
		return
	}
	p.wg.Add(1)
	go func() {
		defer p.wg.Done()
		defer p.running.Store(false)
		f()
	}()
}

// stop waits for a running probe and lets no other start.
func (p *prober) stop() {
	p.mu.Lock()
	p.stopped = true
	p.mu.Unlock()
	p.wg.Wait()
}

// probeError is a failed probe. It wraps nothing on purpose: a probe that
// timed out must count as a failure, not be excluded as a timeout.
type probeError struct{ msg string }

func (e probeError) Error() string { return "redis probe: " + e.msg }

// newBreaker returns the breaker described above; p.failed tells it that
// the failure it counts is a probe's.
func newBreaker(cfg RedisConfig, stats *Metrics, p *prober) *gobreaker.CircuitBreaker[[]byte] {
	b := gobreaker.NewCircuitBreaker[[]byte](gobreaker.Settings{
		Name:        "redis",
		MaxRequests: 1,
		Timeout:     cfg.BreakerOpen,
		ReadyToTrip: func(c gobreaker.Counts) bool {
			return p.failed.Load() || c.ConsecutiveFailures >= uint32(max(cfg.BreakerFailures, 1))
		},
		// A timeout says nothing of Redis on a loaded node (the probe
		// decides), nor does a caller that gave up.
		IsExcluded: func(err error) bool { return isTimeout(err) || errors.Is(err, context.Canceled) },
		IsSuccessful: func(err error) bool {
			var reply redis.Error
			return err == nil || errors.Is(err, redis.Nil) || errors.As(err, &reply)
		},
		OnStateChange: func(_ string, _, to gobreaker.State) { stats.breaker(int(to), true) },
	})
	stats.breaker(int(gobreaker.StateClosed), false)
	return b
}

// probe starts a PING with ProbeTimeout under the breaker, unless one is
// running: its failure opens the breaker, its success is a success (it
// closes a half-open breaker). The result is counted in
// adjudicator_cache_redis_probes_total.
func (r *Redis) probe() {
	r.probes.start(func() {
		_, err := r.breaker.Execute(func() ([]byte, error) {
			ctx, cancel := context.WithTimeout(context.Background(), r.cfg.ProbeTimeout)
			defer cancel()
			if err := r.ping(ctx); err != nil {
				r.probes.failed.Store(true)
				return nil, probeError{err.Error()}
			}
			return nil, nil
		})
		r.probes.failed.Store(false)
		switch {
		case errors.Is(err, gobreaker.ErrOpenState), errors.Is(err, gobreaker.ErrTooManyRequests):
			r.stats.probe("skipped")
		case err != nil:
			r.stats.probe("failed")
		default:
			r.stats.probe("ok")
		}
	})
}
