package cache

// Redis faults: killed, stopped with SIGSTOP, busy in DEBUG SLEEP, full.
// Each test asserts outcomes and order, never durations (see hang).

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/adjudicator/adjudicator/internal/cache/redistest"
)

// recovers sets key until Get serves it again: after a restart the breaker
// may be open, and the write before the probe is skipped.
func recovers(t *testing.T, r *Redis, key string, value []byte) {
	t.Helper()
	ctx := context.Background()
	deadline := time.Now().Add(hang)
	for {
		r.Set(ctx, key, value)
		time.Sleep(10 * time.Millisecond)
		if got, ok := r.Get(ctx, key); ok && bytes.Equal(got, value) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("Get(%q) = miss for %v after Redis came back; want %q, true (the tier used again)", key, hang, value)
		}
	}
}

// TestRedisBreakerKillRestart: with the server killed, Gets are misses
// that fail (counted as errors) until the breaker opens after
// BreakerFailures of them; then they are skipped, without a call to Redis;
// after a restart and BreakerOpen, the tier is used again. The timeout is
// an hour: a refused connection is an answer, not a wait, so the Gets
// return long before it (returns reports one that waited).
func TestRedisBreakerKillRestart(t *testing.T) {
	srv := startRedis(t)
	r, reg := newTestRedis(t, srv, func(c *RedisConfig) { c.Timeout = time.Hour })
	ctx := context.Background()
	r.Set(ctx, "k", []byte("v"))
	waitHit(t, r, "k", []byte("v"), hang)
	settled(t, reg, 1)

	srv.Kill()
	var hits []string
	var took []time.Duration
	calls := 0
	returns(t, "Gets against a killed Redis (timeout 1h)", func() {
		for breakerState(t, reg) != 2 && calls < 10*testFailures {
			calls++
			start := time.Now()
			if got, ok := r.Get(ctx, "k"); ok {
				hits = append(hits, string(got))
			}
			took = append(took, time.Since(start))
		}
	})
	t.Logf("Gets against the killed server took %v", took)
	if len(hits) > 0 {
		t.Errorf("Gets with Redis killed served %q; want misses", hits)
	}
	if got := breakerState(t, reg); got != 2 || calls != testFailures {
		t.Errorf("after %d failing Gets the breaker state is %v; want 2 (open) after exactly %d (BreakerFailures)", calls, got, testFailures)
	}
	if got := lookups(t, reg, "redis", "error"); got != testFailures {
		t.Errorf("redis lookups error = %v; want %v", got, testFailures)
	}

	const skipped = 20
	took = took[:0]
	for range skipped {
		start := time.Now()
		if got, ok := r.Get(ctx, "k"); ok {
			t.Fatalf("Get(%q) with the breaker open = %q, true; want a miss", "k", got)
		}
		took = append(took, time.Since(start))
		r.Set(ctx, "while-open", []byte("x"))
	}
	slices.Sort(took)
	t.Logf("Gets with the breaker open: median %v, slowest %v", took[len(took)/2], took[len(took)-1])
	// Skipped, not error: the breaker answered, no call reached Redis.
	if got := lookups(t, reg, "redis", "skipped"); got != skipped {
		t.Errorf("redis lookups skipped = %v; want %v", got, skipped)
	}
	if got := lookups(t, reg, "redis", "error"); got != testFailures {
		t.Errorf("redis lookups error with the breaker open = %v; want still %v", got, testFailures)
	}
	waitFor(t, "writes skipped while open", hang, func() bool { return writes(t, reg, "redis", "skipped") > 0 })

	srv.Restart() // empty: nothing is saved
	recovers(t, r, "k", []byte("v"))
	if got := breakerState(t, reg); got != 0 {
		t.Errorf("breaker state after recovery = %v; want 0 (closed)", got)
	}
}

// TestRedisStall: a server that stops answering (paused with SIGSTOP, or
// busy in a DEBUG SLEEP of a minute) makes every Get and GetMany a miss:
// the first ones time out, which does not count against the breaker but
// starts a probe; the probe (a PING of ProbeTimeout) gets no answer either
// and opens the breaker, and the lookups are skipped, the later probes
// failing again. (Before the breaker learnt to tell a stalled Redis from
// a CPU-starved process, BreakerFailures timeouts opened it, counted as
// errors.) All of them return while the server is still stalled: a lookup
// that waited for the server would not. When the server answers again,
// values are served again.
func TestRedisStall(t *testing.T) {
	tests := []struct {
		name string
		// stall stalls the server and returns whether it is still stalled.
		stall  func(*redistest.Server) func() bool
		resume func(*testing.T, *redistest.Server, *Redis)
	}{
		{"SIGSTOP", func(s *redistest.Server) func() bool { s.Stop(); return s.Paused }, func(t *testing.T, s *redistest.Server, r *Redis) {
			s.Cont()
			waitHit(t, r, "k", []byte("v"), hang) // the value kept while paused
		}},
		{"DEBUG SLEEP", func(s *redistest.Server) func() bool {
			woke := s.Sleep(time.Minute)
			return func() bool {
				select {
				case <-woke:
					return false
				default:
					return true
				}
			}
		}, func(t *testing.T, s *redistest.Server, r *Redis) {
			s.Restart() // ends the sleep; the new server is empty
			recovers(t, r, "k", []byte("v"))
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := startRedis(t)
			r, reg := newTestRedis(t, srv, func(c *RedisConfig) { c.Timeout, c.ProbeTimeout = testTimeout, testProbeTimeout })
			t.Cleanup(func() {
				if srv.Paused() {
					srv.Cont()
				}
			})
			ctx := context.Background()
			r.Set(ctx, "k", []byte("v"))
			waitHit(t, r, "k", []byte("v"), hang)
			settled(t, reg, 1)

			stalled := tt.stall(srv)
			const gets = 40 // half Get, half GetMany of three keys
			var early, late int
			var slowest time.Duration
			returns(t, "lookups against a stalled Redis", func() {
				missed := false
				for i := range gets {
					start := time.Now()
					var hit bool
					if i%2 == 0 {
						_, hit = r.Get(ctx, "k")
					} else {
						hit = slices.ContainsFunc(r.GetMany(ctx, []string{"k", "k2", "k3"}), func(b []byte) bool { return b != nil })
					}
					slowest = max(slowest, time.Since(start))
					switch {
					case hit && !missed:
						early++ // answered before the stall took hold
					case hit:
						late++
					default:
						missed = true
					}
					time.Sleep(10 * time.Millisecond) // spans BreakerOpen: probes while stalled
				}
			})
			if !stalled() {
				t.Fatalf("the stall ended before the lookups returned: a lookup waited for the server")
			}
			t.Logf("slowest lookup while stalled: %v (timeout %v); %d answered before the stall took hold", slowest, testTimeout, early)
			if late > 0 || early == gets {
				t.Errorf("while stalled: %d lookups hit after the first miss, %d before; want every lookup after the first miss to miss", late, early)
			}
			timeouts, skipped := lookups(t, reg, "redis", "timeout"), lookups(t, reg, "redis", "skipped")
			if timeouts == 0 || skipped == 0 || timeouts+skipped != float64(gets-early) {
				t.Errorf("while stalled: %v timeouts and %v skipped of %d lookups; want timeouts, then skips", timeouts, skipped, gets-early)
			}
			if got := probes(t, reg, "failed"); got == 0 {
				t.Errorf("probes failed while stalled = 0; want the probe that opened the breaker")
			}
			if got := lookups(t, reg, "redis", "error"); got != 0 {
				t.Errorf("redis lookups error while stalled = %v; want 0 (a stall is timeouts)", got)
			}
			tt.resume(t, srv, r)
		})
	}
}

// probes is the count of probes with result.
func probes(t testing.TB, reg prometheus.Gatherer, result string) float64 {
	t.Helper()
	return metric(t, reg, "adjudicator_cache_redis_probes_total", "result", result)
}

// TestRedisSlowCallsKeepBreakerClosed: calls that time out while Redis
// still answers a probe within its generous timeout are misses, not
// failures: the breaker never opens. The server is made slow by a DEBUG
// SLEEP shorter than the probe's timeout, and, as a CPU-starved process
// would see it, by a timeout too short for any answer.
func TestRedisSlowCallsKeepBreakerClosed(t *testing.T) {
	tests := []struct {
		name string
		slow func(*redistest.Server) <-chan struct{} // makes calls time out until the channel closes
		edit func(*RedisConfig)
	}{
		{"DEBUG SLEEP within the probe's timeout", func(s *redistest.Server) <-chan struct{} { return s.Sleep(time.Second) },
			func(c *RedisConfig) { c.Timeout, c.ProbeTimeout = testTimeout, hang }},
		{"a timeout too short for any answer", func(*redistest.Server) <-chan struct{} { return nil },
			func(c *RedisConfig) {
				// the dial has a timeout of its own: a probe must connect
				c.Timeout, c.ManyTimeout, c.DialTimeout, c.ProbeTimeout = time.Nanosecond, time.Nanosecond, slowTimeout, hang
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := startRedis(t)
			r, reg := newTestRedis(t, srv, tt.edit)
			ctx := context.Background()
			srv.Set(testPrefix+"k", testSealer(t, testSecret).seal(testPrefix+"k", []byte("v")))
			woke := tt.slow(srv)
			const gets = 30
			returns(t, "lookups against a slow Redis", func() {
				for i := range gets {
					if i%2 == 0 {
						r.Get(ctx, "k")
					} else {
						r.GetMany(ctx, []string{"k", "k2"})
					}
				}
			})
			if woke != nil {
				<-woke
			}
			waitFor(t, "a probe answered", hang, func() bool { return probes(t, reg, "ok") > 0 })
			if got := lookups(t, reg, "redis", "timeout"); got == 0 {
				t.Errorf("redis lookups timeout = 0; want the slow calls counted as timeouts")
			}
			if got := metric(t, reg, "adjudicator_cache_breaker_transitions_total", "to", "open"); got != 0 || breakerState(t, reg) != 0 {
				t.Errorf("breaker opened %v times, state %v; want it never opened while the probes are answered", got, breakerState(t, reg))
			}
			if got := lookups(t, reg, "redis", "skipped") + lookups(t, reg, "redis", "error") + probes(t, reg, "failed"); got != 0 {
				t.Errorf("lookups skipped or error, and failed probes = %v; want 0", got)
			}
			if woke != nil {
				waitHit(t, r, "k", []byte("v"), hang)
			}
		})
	}
}

// TestRedisSetDoesNotWait: Set only queues. With Redis stopped and the
// timeout an hour, the one writer is stuck on its first batch; every Set
// still returns, while Redis is stopped and before any write is answered;
// the queue fills and the rest are dropped. Once Redis resumes, the
// queued writes land.
func TestRedisSetDoesNotWait(t *testing.T) {
	const writers, queue, sets = 1, 8, 100
	srv := startRedis(t)
	r, reg := newTestRedis(t, srv, func(c *RedisConfig) { c.Timeout, c.Writers, c.Queue = time.Hour, writers, queue })
	t.Cleanup(func() { // before r.Close, which waits for the writer
		if srv.Paused() {
			srv.Cont()
		}
	})
	ctx := context.Background()
	r.Set(ctx, "warm", []byte("v"))
	waitHit(t, r, "warm", []byte("v"), hang)
	settled(t, reg, 1)

	srv.Stop()
	returns(t, fmt.Sprintf("%d Sets with Redis stopped (timeout 1h)", sets), func() {
		for i := range sets {
			r.Set(ctx, fmt.Sprint("k", i), []byte("v"))
		}
	})
	answered := writes(t, reg, "redis", "ok") + writes(t, reg, "redis", "error") + writes(t, reg, "redis", "skipped")
	if !srv.Paused() || answered != 1 {
		t.Fatalf("after the Sets: Redis paused = %v, writes answered = %v; want true, 1 (only the one before the stop)", srv.Paused(), answered)
	}
	// The writer is stuck on the batch it took: the first write and those
	// it drained from the queue behind it. The drain runs while Set keeps
	// filling the queue (on another core), so the batch holds 1 to
	// maxWriteBatch writes, not only the queue's 8; the queue is full
	// behind it and every other write was dropped.
	dropped := writes(t, reg, "redis", "dropped")
	if held := sets - queue - dropped; held < writers || held > maxWriteBatch {
		t.Errorf("writes dropped with Redis stopped = %v; want %d to %d (the queue holds %d, the writer's batch 1 to %d)",
			dropped, sets-queue-maxWriteBatch, sets-queue-writers, queue, maxWriteBatch)
	}

	srv.Cont()
	waitFor(t, "the queued writes answered", hang, func() bool { return writes(t, reg, "redis", "ok") == 1+sets-dropped })
	if got, ok := r.Get(ctx, "k0"); !ok || string(got) != "v" {
		t.Errorf("Get(%q) after the resume = %q, %v; want %q, true (the first write was queued)", "k0", got, ok, "v")
	}
}

// TestRedisMaxMemory: with Redis full (maxmemory, noeviction), writes fail
// and are counted, reads of what is there keep working (the refusals do
// not open the breaker); once the limit is lifted, writes land again. The
// generous timeout keeps a slow machine from turning a read into a miss.
func TestRedisMaxMemory(t *testing.T) {
	srv := startRedis(t)
	r, reg := newTestRedis(t, srv, func(c *RedisConfig) { c.Timeout, c.MaxValue, c.Queue = slowTimeout, 64<<10, 1024 })
	ctx := context.Background()
	keep := []byte("kept")
	r.Set(ctx, "keep", keep)
	waitHit(t, r, "keep", keep, 2*time.Second)

	// Fill Redis past 1mb, then set the limit: every write is refused from
	// then on (just at the limit, a refused write frees its query buffer
	// and the next may fit, which hides nothing but makes the test vary).
	for i := range 12 {
		srv.Set(fmt.Sprint("filler-", i), bytes.Repeat([]byte{'f'}, 64<<10))
	}
	srv.SetMaxMemory("1mb")
	big := bytes.Repeat([]byte{'x'}, 16<<10)
	const rounds, burst = 5, 20
	var sets []time.Duration
	var slowGet time.Duration
	for round := range rounds {
		// A burst of writes (a busy replica stores several answers per
		// request), then reads: the refused writes must not stop the reads.
		for i := range burst {
			start := time.Now()
			r.Set(ctx, fmt.Sprint("big-", round, "-", i), big)
			sets = append(sets, time.Since(start))
		}
		waitFor(t, "every write answered", hang, func() bool {
			return writes(t, reg, "redis", "ok")+writes(t, reg, "redis", "error")+writes(t, reg, "redis", "skipped") >= float64((round+1)*burst+1)
		})
		for range 5 {
			start := time.Now()
			got, ok := r.Get(ctx, "keep")
			slowGet = max(slowGet, time.Since(start))
			if !ok || !bytes.Equal(got, keep) {
				t.Fatalf("Get(%q) after %d writes to a full Redis = %q, %v; want %q, true (reads keep working; breaker state %v)",
					"keep", (round+1)*burst, got, ok, keep, breakerState(t, reg))
			}
		}
	}
	slices.Sort(sets)
	t.Logf("Sets to a full Redis: median %v; slowest Get %v", sets[len(sets)/2], slowGet)
	if got := writes(t, reg, "redis", "error"); got == 0 {
		t.Errorf("redis writes error = 0 after %d writes of %d bytes to a 1mb Redis; want the OOM refusals counted", rounds*burst, len(big))
	}
	if got := lookups(t, reg, "redis", "skipped"); got != 0 {
		t.Errorf("redis lookups skipped = %v; want 0: a full Redis still answers reads, so the breaker must not open", got)
	}

	srv.SetMaxMemory("0")
	recovers(t, r, "after", []byte("room again"))
}
