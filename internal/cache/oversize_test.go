package cache

// A value longer than the largest the tier writes is refused by its
// length, read no further than one byte past the largest: a large value
// planted under a hot key costs a bounded read, not one that times out or
// a huge allocation, and it never counts against the breaker.

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"

	"github.com/adjudicator/adjudicator/internal/cache/redistest"
)

// hugeValue is the size of the large planted value: large enough that
// reading it would show in the bytes counter and the heap, small enough
// for a local Redis (planted with SETRANGE, so never sent over the wire).
const hugeValue = 64 << 20

// plantSize makes the value under full n bytes long (zeros) with SETRANGE,
// so that only the command, not the value, crosses the socket.
func plantSize(t testing.TB, c redis.UniversalClient, full string, n int) {
	t.Helper()
	if err := c.Del(context.Background(), full).Err(); err != nil {
		t.Fatalf("DEL %s: %v", full, err)
	}
	if err := c.SetRange(context.Background(), full, int64(n-1), "\x00").Err(); err != nil {
		t.Fatalf("SETRANGE %s %d: %v", full, n-1, err)
	}
}

// refusedBounded checks that the oversized value under key is refused
// after a bounded read, by Get and by GetMany (with a key holding good,
// and one holding nothing): each a miss, a size rejection and a corrupt
// lookup; one call each; the bytes read the keys, one byte more than the
// largest sealed value for key, and good's sealed value; no timeout,
// error or probe; the breaker closed.
func refusedBounded(t *testing.T, r *Redis, reg prometheus.Gatherer, key, goodKey string, good []byte, stored int) {
	t.Helper()
	ctx := context.Background()
	sizeBefore, corruptBefore := rejected(t, reg, rejectSize), lookups(t, reg, "redis", "corrupt")

	cost := costOf(t, reg, func() {
		if v, ok := r.Get(ctx, key); ok {
			t.Errorf("Get(%q) of a %d-byte value = %d bytes, true; want a miss", key, stored, len(v))
		}
	})
	bounded := r.cfg.MaxValue + sealOverhead + 1
	if want := (redisCost{get: 1, read: float64(len(testPrefix+key) + bounded)}); cost != want {
		t.Errorf("Get(%q) of a %d-byte value cost %+v; want %+v (the key sent, the value read to one byte past the largest)", key, stored, cost, want)
	}

	keys := []string{key, goodKey, "r1:absent"}
	sealedGood := len(testSealer(t, testSecret).seal(testPrefix+goodKey, good))
	cost = costOf(t, reg, func() {
		got := r.GetMany(ctx, keys)
		if got[0] != nil || !bytes.Equal(got[1], good) || got[2] != nil {
			t.Errorf("GetMany(%q) = %d, %d, %d bytes; want a miss, %d bytes, a miss", keys, len(got[0]), len(got[1]), len(got[2]), len(good))
		}
	})
	read := sealedGood + bounded
	for _, k := range keys {
		read += len(testPrefix + k)
	}
	if want := (redisCost{pipeline: 1, read: float64(read)}); cost != want {
		t.Errorf("GetMany(%q) with a %d-byte value cost %+v; want %+v (the keys sent, the good value read, the oversized one to one byte past the largest)", keys, stored, cost, want)
	}

	if got, want := rejected(t, reg, rejectSize)-sizeBefore, 2.0; got != want {
		t.Errorf("rejected{reason=size} = %v more; want %v (Get and GetMany)", got, want)
	}
	if got, want := lookups(t, reg, "redis", "corrupt")-corruptBefore, 2.0; got != want {
		t.Errorf("redis lookups corrupt = %v more; want %v (a size rejection is a corrupt lookup)", got, want)
	}
	for _, res := range []string{"timeout", "error", "skipped"} {
		if got := lookups(t, reg, "redis", res); got != 0 {
			t.Errorf("redis lookups %s = %v; want 0", res, got)
		}
	}
	if got := probes(t, reg, "ok") + probes(t, reg, "failed") + probes(t, reg, "skipped"); got != 0 {
		t.Errorf("redis probes = %v; want 0 (nothing timed out)", got)
	}
	if got := breakerState(t, reg); got != 0 {
		t.Errorf("breaker state = %v; want 0 (closed: a value refused by its length is not a failure of Redis)", got)
	}
	if got := metric(t, reg, "adjudicator_cache_breaker_transitions_total", "to", "open"); got != 0 {
		t.Errorf("breaker transitions to open = %v; want 0", got)
	}
}

// TestRedisOversizeNotRead: a value one byte longer than the longest the
// tier writes (a payload of MaxValue+1 bytes, sealed with the right secret
// for its key, so only its length is wrong) is refused without being
// read, by Get and GetMany; a value of exactly MaxValue is still a hit.
func TestRedisOversizeNotRead(t *testing.T) {
	srv := startRedis(t)
	r, reg := newTestRedis(t, srv, nil)
	const maxValue = 1024 // testRedisConfig's MaxValue
	s := testSealer(t, testSecret)
	const key, atLimit = "r1:legal-moves:over", "r1:legal-moves:at-limit"
	over := s.seal(testPrefix+key, bytes.Repeat([]byte{'x'}, maxValue+1))
	srv.Set(testPrefix+key, over)
	good := bytes.Repeat([]byte{'y'}, maxValue)
	srv.Set(testPrefix+atLimit, s.seal(testPrefix+atLimit, good))

	refusedBounded(t, r, reg, key, atLimit, good, len(over))
	if v, ok := r.Get(context.Background(), atLimit); !ok || !bytes.Equal(v, good) {
		t.Errorf("Get(%q) of a %d-byte value (the limit) = %d bytes, %v; want a hit", atLimit, maxValue, len(v), ok)
	}
}

// TestRedisHugeValueNotRead: 64 MB planted under a key costs a Get and a
// GetMany a bounded reply each (1 MiB and a few bytes, the default
// --cache-max-value): a miss, counted as a size rejection, the breaker
// closed. Before, the whole value was read.
func TestRedisHugeValueNotRead(t *testing.T) {
	srv := startRedis(t)
	r, reg := newTestRedis(t, srv, func(c *RedisConfig) { c.MaxValue = 1 << 20 }) // the default
	const key, goodKey = "r1:legal-moves:huge", "r1:legal-moves:good"
	plantSize(t, srv.Client(), testPrefix+key, hugeValue)
	good := []byte(`{"moves":["e2e4"]}`)
	setAndSettle(t, r, reg, goodKey, good, 1)
	sent := netOutput(t, srv)
	refusedBounded(t, r, reg, key, goodKey, good, hugeValue)
	// Redis's own count, not the tier's: what it sent to every client
	// (the admin client's INFO replies included) while the value was refused.
	if sent = netOutput(t, srv) - sent; sent > int64(2*(1<<20+sealOverhead+1)+64<<10) {
		t.Errorf("Redis sent %d bytes during the refusals of a %d-byte value; want two reads bounded by the largest value", sent, hugeValue)
	}
}

// netOutput is INFO stats total_net_output_bytes: every byte srv has sent.
func netOutput(t testing.TB, srv *redistest.Server) int64 {
	t.Helper()
	info, err := srv.Client().Info(context.Background(), "stats").Result()
	if err != nil {
		t.Fatalf("INFO stats: %v", err)
	}
	for _, line := range strings.Split(info, "\n") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "total_net_output_bytes:"); ok {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				t.Fatalf("INFO stats line %q: %v", line, err)
			}
			return n
		}
	}
	t.Fatalf("INFO stats has no total_net_output_bytes")
	return 0
}

// TestRedisOversizeTopologies: the same refusals in a Redis Cluster (the
// lookup runs on the master of the key's slot; GetMany's keys spread over
// the masters) and behind Sentinel, for a value one byte too long and for
// 64 MB.
func TestRedisOversizeTopologies(t *testing.T) {
	for _, mode := range []string{"cluster", "sentinel"} {
		t.Run(mode, func(t *testing.T) {
			top := startTopology(t, mode)
			r, reg := newRedisAt(t, top.url, top.mode, nil)
			const maxValue = 1024 // testRedisConfig's MaxValue
			s := testSealer(t, testSecret)
			ctx := context.Background()
			for i, size := range []int{maxValue + 1 + sealOverhead, hugeValue} {
				key, goodKey := fmt.Sprint("r1:legal-moves:over:", i), fmt.Sprint("r1:game:good:", i)
				if size == hugeValue {
					plantSize(t, top.admin, testPrefix+key, size)
				} else if err := top.admin.Set(ctx, testPrefix+key, s.seal(testPrefix+key, bytes.Repeat([]byte{'x'}, maxValue+1)), 0).Err(); err != nil {
					t.Fatalf("SET %s: %v", key, err)
				}
				good := []byte("v:" + goodKey)
				setAndSettle(t, r, reg, goodKey, good, float64(i+1))
				if mode == "cluster" && redisSlot(t, top.admin, testPrefix+key) == redisSlot(t, top.admin, testPrefix+goodKey) {
					t.Fatalf("%q and %q share a slot; want GetMany to span two", key, goodKey)
				}
				refusedBounded(t, r, reg, key, goodKey, good, size)
			}
		})
	}
}
