package cache

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/adjudicator/adjudicator/internal/cache/redistest"
)

// benchValue is the size of a typical cached answer (chess legal-moves,
// 3.8 KB in docs/CAPACITY.md).
const benchValue = 4 << 10

// BenchmarkRedisGetHit: one Get that hits a 4 KB answer on a local
// redis-server, the whole round trip and the seal's check. round-trips/op
// is what the calls counter says each Get cost, redis-us/op the CPU time
// Redis used for it (INFO cpu).
func BenchmarkRedisGetHit(b *testing.B) {
	srv := startRedis(b)
	r, reg := newTestRedis(b, srv, func(c *RedisConfig) { c.MaxValue = 1 << 20 })
	ctx := context.Background()
	const key = "r1:legal-moves:0123456789abcdef0123456789abcdef01234567"
	value := bytes.Repeat([]byte{'v'}, benchValue)
	r.Set(ctx, key, value)
	waitHit(b, r, key, value, hang)
	before, busy := readCost(b, reg), redisBusy(b, srv)
	for b.Loop() {
		if _, ok := r.Get(ctx, key); !ok {
			b.Fatalf("Get(%q) = a miss; want a hit", key)
		}
	}
	busy = redisBusy(b, srv) - busy
	got := readCost(b, reg).minus(before)
	b.ReportMetric((got.get+got.pipeline)/float64(b.N), "round-trips/op")
	b.ReportMetric(busy/float64(b.N), "redis-us/op")
}

// BenchmarkRedisGetManyHit: one GetMany of 4 keys that all hit, as an
// adjudication asks for its cached prefixes.
func BenchmarkRedisGetManyHit(b *testing.B) {
	srv := startRedis(b)
	r, reg := newTestRedis(b, srv, func(c *RedisConfig) { c.MaxValue = 1 << 20 })
	ctx := context.Background()
	keys := make([]string, 4)
	value := bytes.Repeat([]byte{'v'}, benchValue/4)
	for i := range keys {
		keys[i] = fmt.Sprint("r1:game:", i)
		r.Set(ctx, keys[i], value)
		waitHit(b, r, keys[i], value, hang)
	}
	before, busy := readCost(b, reg), redisBusy(b, srv)
	for b.Loop() {
		for i, v := range r.GetMany(ctx, keys) {
			if v == nil {
				b.Fatalf("GetMany(%q)[%d] = a miss; want a hit", keys, i)
			}
		}
	}
	busy = redisBusy(b, srv) - busy
	got := readCost(b, reg).minus(before)
	b.ReportMetric((got.get+got.pipeline)/float64(b.N), "round-trips/op")
	b.ReportMetric(busy/float64(b.N), "redis-us/op")
}

// redisBusy is the CPU time, in microseconds, that srv's process has used
// (INFO cpu: used_cpu_user and used_cpu_sys), what docs/CAPACITY.md counts
// as Redis's cost.
func redisBusy(t testing.TB, srv *redistest.Server) float64 {
	t.Helper()
	info, err := srv.Client().Info(context.Background(), "cpu").Result()
	if err != nil {
		t.Fatalf("INFO cpu: %v", err)
	}
	total := 0.0
	for _, line := range strings.Split(info, "\n") {
		name, value, _ := strings.Cut(strings.TrimSpace(line), ":")
		if name != "used_cpu_user" && name != "used_cpu_sys" {
			continue
		}
		v, err := strconv.ParseFloat(value, 64)
		if err != nil {
			t.Fatalf("INFO cpu line %q: %v", line, err)
		}
		total += v * 1e6
	}
	return total
}
