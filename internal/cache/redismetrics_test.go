package cache

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/adjudicator/adjudicator/internal/cache/redistest"
)

// redisCost is a reading of the round-trip and byte counters.
type redisCost struct {
	get, pipeline, set, read, written float64
}

func readCost(t testing.TB, reg prometheus.Gatherer) redisCost {
	t.Helper()
	calls := func(call string) float64 { return metric(t, reg, "adjudicator_cache_redis_calls_total", "call", call) }
	bytes := func(dir string) float64 {
		return metric(t, reg, "adjudicator_cache_redis_bytes_total", "direction", dir)
	}
	return redisCost{get: calls("get"), pipeline: calls("pipeline"), set: calls("set"), read: bytes("read"), written: bytes("written")}
}

func (c redisCost) minus(o redisCost) redisCost {
	return redisCost{c.get - o.get, c.pipeline - o.pipeline, c.set - o.set, c.read - o.read, c.written - o.written}
}

// costOf returns what f cost in round trips and bytes.
func costOf(t testing.TB, reg prometheus.Gatherer, f func()) redisCost {
	t.Helper()
	before := readCost(t, reg)
	f()
	return readCost(t, reg).minus(before)
}

// storedLen is the length of the sealed value Redis holds under the full
// key, read with the administrative client.
func storedLen(t testing.TB, srv *redistest.Server, full string) int {
	t.Helper()
	raw, err := srv.Client().Get(context.Background(), full).Bytes()
	if err != nil {
		t.Fatalf("GET %q: %v; want the sealed value", full, err)
	}
	return len(raw)
}

// setAndSettle sets key and waits until the background write is answered
// ok (n writes in all).
func setAndSettle(t testing.TB, r *Redis, reg prometheus.Gatherer, key string, value []byte, n float64) {
	t.Helper()
	r.Set(context.Background(), key, value)
	waitFor(t, "the write answered", hang, func() bool { return writes(t, reg, "redis", "ok") == n })
}

// TestRedisCallsAndBytes: each Get is one get call that reads the prefixed
// key and the sealed value returned (even one then rejected), each
// background write one set call that writes the key and the sealed value,
// and each GetMany one pipeline call, whatever the number of keys.
func TestRedisCallsAndBytes(t *testing.T) {
	srv := startRedis(t)
	r, reg := newTestRedis(t, srv, nil)
	ctx := context.Background()
	check := func(what string, got, want redisCost) {
		t.Helper()
		if got != want {
			t.Errorf("%s cost %+v; want %+v", what, got, want)
		}
	}

	const miss = "r1:legal-moves:missing"
	got := costOf(t, reg, func() {
		if v, ok := r.Get(ctx, miss); ok {
			t.Fatalf("Get(%q) = %q, true; want a miss", miss, v)
		}
	})
	check("Get miss", got, redisCost{get: 1, read: float64(len(testPrefix + miss))})

	const key = "r1:legal-moves:abc"
	value := []byte(`{"moves":["e2e4"]}` + "\n")
	got = costOf(t, reg, func() { setAndSettle(t, r, reg, key, value, 1) })
	sealed := storedLen(t, srv, testPrefix+key)
	if sealed <= len(value) {
		t.Fatalf("stored value of %d bytes for a %d-byte value; want the seal's overhead too", sealed, len(value))
	}
	check("Set", got, redisCost{set: 1, written: float64(len(testPrefix+key) + sealed)})

	got = costOf(t, reg, func() {
		if v, ok := r.Get(ctx, key); !ok || string(v) != string(value) {
			t.Fatalf("Get(%q) = %q, %v; want %q, true", key, v, ok, value)
		}
	})
	check("Get hit", got, redisCost{get: 1, read: float64(len(testPrefix+key) + sealed)})

	// A value that does not open is still read.
	const forged = "r1:legal-moves:forged"
	junk := []byte("not a sealed value")
	srv.Set(testPrefix+forged, junk)
	got = costOf(t, reg, func() {
		if v, ok := r.Get(ctx, forged); ok {
			t.Fatalf("Get(%q) of a forged value = %q, true; want a miss", forged, v)
		}
	})
	check("Get of a rejected value", got, redisCost{get: 1, read: float64(len(testPrefix+forged) + len(junk))})

	const other = "r1:game:0123"
	setAndSettle(t, r, reg, other, []byte(`{"state":{}}`), 2)
	keys := []string{key, "r1:game:absent", other}
	got = costOf(t, reg, func() {
		vals := r.GetMany(ctx, keys)
		if vals[0] == nil || vals[1] != nil || vals[2] == nil {
			t.Fatalf("GetMany(%q) = %q; want hit, miss, hit", keys, vals)
		}
	})
	read := storedLen(t, srv, testPrefix+key) + storedLen(t, srv, testPrefix+other)
	for _, k := range keys {
		read += len(testPrefix + k)
	}
	check("GetMany of 3 keys, 2 present", got, redisCost{pipeline: 1, read: float64(read)})

	check("GetMany of no keys", costOf(t, reg, func() { r.GetMany(ctx, nil) }), redisCost{})
}

// TestRedisCallsRefusedByBreaker: the calls that fail against a killed
// Redis were sent and count; once the breaker is open, the Gets, GetManys
// and writes it refuses count neither a call nor a byte.
func TestRedisCallsRefusedByBreaker(t *testing.T) {
	srv := startRedis(t)
	// BreakerOpen of an hour: no call is let through to half-open during
	// the test, however slow the machine.
	r, reg := newTestRedis(t, srv, func(c *RedisConfig) { c.BreakerOpen = time.Hour })
	ctx := context.Background()

	srv.Kill()
	const key = "k"
	calls := 0
	got := costOf(t, reg, func() {
		for breakerState(t, reg) != 2 && calls < 10*testFailures {
			calls++
			if v, ok := r.Get(ctx, key); ok {
				t.Fatalf("Get(%q) with Redis killed = %q, true; want a miss", key, v)
			}
		}
	})
	if calls != testFailures {
		t.Fatalf("the breaker opened after %d failing Gets (state %v); want %d", calls, breakerState(t, reg), testFailures)
	}
	if want := (redisCost{get: testFailures, read: testFailures * float64(len(testPrefix+key))}); got != want {
		t.Errorf("failing Gets cost %+v; want %+v (a call that fails was sent)", got, want)
	}

	got = costOf(t, reg, func() {
		for range 5 {
			if v, ok := r.Get(ctx, key); ok {
				t.Fatalf("Get(%q) with the breaker open = %q, true; want a miss", key, v)
			}
			r.GetMany(ctx, []string{"a", "b", "c"})
			r.Set(ctx, "while-open", []byte("x"))
		}
		waitFor(t, "the writes skipped", hang, func() bool { return writes(t, reg, "redis", "skipped") == 5 })
	})
	if got != (redisCost{}) {
		t.Errorf("calls refused by the open breaker cost %+v; want nothing", got)
	}
	if got := lookups(t, reg, "redis", "skipped"); got != 10 {
		t.Errorf("redis lookups skipped = %v; want 10 (5 Gets, 5 GetManys)", got)
	}
}

// TestRedisWriteBatch: writes that wait in the queue go out in one round
// trip, each stored and counted as its own ok write, and the round trip's
// bytes are those of every key and sealed value.
func TestRedisWriteBatch(t *testing.T) {
	srv := startRedis(t)
	r, reg := newTestRedis(t, srv, nil)
	var batch []write
	for i := range 5 {
		batch = append(batch, write{key: fmt.Sprintf("r1:game:%d", i), value: []byte(fmt.Sprintf(`{"ply":%d}`, i))})
	}
	got := costOf(t, reg, func() { r.writeBatch(batch) })
	written := 0
	for _, w := range batch {
		written += len(testPrefix+w.key) + storedLen(t, srv, testPrefix+w.key)
		if v, ok := r.Get(context.Background(), w.key); !ok || string(v) != string(w.value) {
			t.Errorf("Get(%q) = %q, %v; want %q, true", w.key, v, ok, w.value)
		}
	}
	if want := (redisCost{set: 1, written: float64(written)}); got != want {
		t.Errorf("a batch of 5 writes cost %+v; want %+v", got, want)
	}
	if n := writes(t, reg, "redis", "ok"); n != 5 {
		t.Errorf("%v ok writes; want 5", n)
	}
}

// TestRedisWritesBatched: writes that arrive faster than round trips are
// taken together: a burst of 2,000 costs far fewer round trips, and every
// write lands.
func TestRedisWritesBatched(t *testing.T) {
	srv := startRedis(t)
	const n = 2000
	r, reg := newTestRedis(t, srv, func(c *RedisConfig) { c.Writers, c.Queue = 1, n })
	for i := range n {
		r.Set(context.Background(), fmt.Sprintf("r1:burst:%d", i), []byte("v"))
	}
	waitFor(t, "every write answered", hang, func() bool { return writes(t, reg, "redis", "ok") == n })
	if calls := readCost(t, reg).set; calls > n/4 {
		t.Errorf("%v write round trips for %d writes queued at once; want at most %d (batches)", calls, n, n/4)
	}
}
