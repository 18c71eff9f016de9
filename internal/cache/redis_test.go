package cache

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/adjudicator/adjudicator/internal/cache/redistest"
)

// Short settings for the fault tests, so that they take about a second
// each; the other tests use a generous timeout (slowTimeout), so that a
// loaded machine (the race detector, two shared cores) does not turn a slow
// answer into a miss and their exact counts hold.
//
// No test asserts how long a call takes: on the shared 2-core machine a
// 50ms timer was seen firing 72ms late, and a bound of 178ms failed at
// 223ms. Tests assert outcomes (a miss, a count) and order (a call returned
// while Redis was still stopped); latencies are logged. hang only turns a
// call that never returns into a failure with a message: it is many times
// what any awaited event takes, so it never decides a passing run.
const (
	hang        = 20 * time.Second
	slowTimeout = time.Second
	testTimeout = 50 * time.Millisecond
	// testProbeTimeout is short enough that a probe of a stalled server
	// fails within the fault tests' second; a probe of a server that
	// answers is never asked to be that quick.
	testProbeTimeout = 200 * time.Millisecond
	testBreakerOpen  = 300 * time.Millisecond
	testFailures     = 3
	testPrefix       = "test:"
)

func testRedisConfig(url string) RedisConfig {
	return RedisConfig{URL: url, Mode: "single", Secret: testSecret, Prefix: testPrefix, TTL: time.Hour, Timeout: slowTimeout,
		MaxValue: 1024, BreakerFailures: testFailures, BreakerOpen: testBreakerOpen, Writers: 2, Queue: 64}
}

// newTestRedis returns a Redis tier on srv with the test settings, changed
// by edit when it is not nil.
func newTestRedis(t testing.TB, srv *redistest.Server, edit func(*RedisConfig)) (*Redis, *prometheus.Registry) {
	t.Helper()
	cfg := testRedisConfig(srv.URL())
	if edit != nil {
		edit(&cfg)
	}
	stats, reg := newStats(t)
	r, err := NewRedis(cfg, stats)
	if err != nil {
		t.Fatalf("NewRedis: %v", err)
	}
	t.Cleanup(func() { _ = r.Close() })
	return r, reg
}

// waitHit polls Get until it returns want (writes are asynchronous).
func waitHit(t testing.TB, c interface {
	Get(context.Context, string) ([]byte, bool)
}, key string, want []byte, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for {
		got, ok := c.Get(context.Background(), key)
		if ok && bytes.Equal(got, want) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("Get(%q) = %.40q, %v for %v after Set; want %.40q, true", key, got, ok, within, want)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// waitFor polls cond until it holds.
func waitFor(t testing.TB, what string, within time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %v", what, within)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// settled waits until n writes have been answered: a write can land in
// Redis before its writer has read the reply, and a test that kills Redis
// must not let that reply turn into a late failure.
func settled(t testing.TB, reg prometheus.Gatherer, n float64) {
	t.Helper()
	waitFor(t, fmt.Sprintf("%v writes answered", n), hang, func() bool {
		return writes(t, reg, "redis", "ok")+writes(t, reg, "redis", "error") >= n
	})
}

// returns runs f on another goroutine and fails the test if f has not
// returned within hang: a hang detector, never a latency bound. f must
// not call t.Fatal.
func returns(t testing.TB, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(hang):
		t.Fatalf("%s: still waiting after %v", what, hang)
	}
}

func breakerState(t testing.TB, reg prometheus.Gatherer) float64 {
	t.Helper()
	return metric(t, reg, "adjudicator_cache_breaker_state")
}

func TestNewRedisRejects(t *testing.T) {
	tests := []struct {
		url, mode string
	}{
		{"", "single"},
		{"localhost:6379", "single"},
		{"http://localhost:6379", "single"},
		{"redis://localhost:6379", "replica"},
		{"redis://localhost:6379/notanumber", "single"},
	}
	for _, tt := range tests {
		stats, _ := newStats(t)
		cfg := DefaultRedisConfig()
		cfg.URL, cfg.Mode, cfg.Secret = tt.url, tt.mode, testSecret
		if r, err := NewRedis(cfg, stats); err == nil {
			_ = r.Close()
			t.Errorf("NewRedis(url %q, mode %q) = nil error; want an error", tt.url, tt.mode)
		}
	}
	for _, secret := range [][]byte{nil, []byte("short"), testSecret[:MinSecretBytes-1]} {
		stats, _ := newStats(t)
		cfg := DefaultRedisConfig()
		cfg.URL, cfg.Secret = "redis://localhost:6379", secret
		if r, err := NewRedis(cfg, stats); err == nil {
			_ = r.Close()
			t.Errorf("NewRedis(secret of %d bytes) = nil error; want a refusal (at least %d)", len(secret), MinSecretBytes)
		}
	}
}

// TestRedisMissThenHit: a miss, a Set, then (once the background write
// lands) a hit; the key carries the prefix, the value is signed for the
// prefixed key and expires after the TTL.
func TestRedisMissThenHit(t *testing.T) {
	srv := startRedis(t)
	r, reg := newTestRedis(t, srv, nil)
	tests := []struct {
		key   string
		value []byte
	}{
		{"r1:legal-moves:abc", []byte(`{"moves":[]}` + "\n")},
		{"r1:game:0123", []byte(`{"state":{}}`)},
		{"empty value", []byte{}},
		{"binary", []byte{0, 0xff, 0, 1}},
		{"ключ", []byte("значение")},
		{"at the limit", bytes.Repeat([]byte{'x'}, 1024)},
	}
	ctx := context.Background()
	for i, tt := range tests {
		if got, ok := r.Get(ctx, tt.key); ok {
			t.Errorf("Get(%q) before Set = %q, true; want a miss", tt.key, got)
		}
		r.Set(ctx, tt.key, tt.value)
		waitHit(t, r, tt.key, tt.value, hang)
		raw, ok := srv.Get(testPrefix + tt.key)
		if !ok {
			t.Errorf("GET %q (prefixed) found nothing; want the sealed value", testPrefix+tt.key)
		} else if got, reason := testSealer(t, testSecret).unseal(testPrefix+tt.key, raw, 1024); reason != "" || !bytes.Equal(got, tt.value) {
			t.Errorf("unseal(%q, GET %q) = %.40q, %q; want %.40q and no reason", testPrefix+tt.key, testPrefix+tt.key, got, reason, tt.value)
		}
		if _, ok := srv.Get(tt.key); ok {
			t.Errorf("GET %q (unprefixed) found a value; want every key under %q", tt.key, testPrefix)
		}
		ttl := srv.Client().TTL(ctx, testPrefix+tt.key).Val()
		if ttl <= time.Hour-time.Minute || ttl > time.Hour {
			t.Errorf("TTL %q = %v; want about 1h", testPrefix+tt.key, ttl)
		}
		if got, want := lookups(t, reg, "redis", "miss"), float64(i+1); got < want {
			t.Errorf("redis misses = %v; want at least %v", got, want)
		}
	}
	if got, want := writes(t, reg, "redis", "ok"), float64(len(tests)); got != want {
		t.Errorf("redis writes ok = %v; want %v", got, want)
	}
	if got := lookups(t, reg, "redis", "corrupt") + lookups(t, reg, "redis", "error"); got != 0 {
		t.Errorf("redis lookups corrupt or error = %v; want 0", got)
	}
}

// TestRedisPrefixes: two deployments with their own prefixes share a
// server without seeing each other's values.
func TestRedisPrefixes(t *testing.T) {
	srv := startRedis(t)
	a, _ := newTestRedis(t, srv, func(c *RedisConfig) { c.Prefix = "blue:" })
	b, _ := newTestRedis(t, srv, func(c *RedisConfig) { c.Prefix = "green:" })
	ctx := context.Background()
	a.Set(ctx, "k", []byte("blue"))
	waitHit(t, a, "k", []byte("blue"), hang)
	if got, ok := b.Get(ctx, "k"); ok {
		t.Errorf("Get(%q) under another prefix = %q, true; want a miss", "k", got)
	}
	b.Set(ctx, "k", []byte("green"))
	waitHit(t, b, "k", []byte("green"), hang)
	if got, ok := a.Get(ctx, "k"); !ok || string(got) != "blue" {
		t.Errorf("Get(%q) = %q, %v; want %q, true", "k", got, ok, "blue")
	}
	keys := srv.Keys("*")
	sort.Strings(keys)
	if want := []string{"blue:k", "green:k"}; fmt.Sprint(keys) != fmt.Sprint(want) {
		t.Errorf("SCAN * = %v; want %v", keys, want)
	}
}

// TestRedisTooLarge: a value over MaxValue is not written (and counted).
func TestRedisTooLarge(t *testing.T) {
	srv := startRedis(t)
	r, reg := newTestRedis(t, srv, nil)
	ctx := context.Background()
	r.Set(ctx, "big", bytes.Repeat([]byte{'x'}, 1025))
	r.Set(ctx, "fits", bytes.Repeat([]byte{'x'}, 1024))
	waitHit(t, r, "fits", bytes.Repeat([]byte{'x'}, 1024), hang)
	if got, ok := r.Get(ctx, "big"); ok {
		t.Errorf("Get(%q) = %d bytes, true; want a miss (1025 bytes > MaxValue 1024)", "big", len(got))
	}
	if _, ok := srv.Get(testPrefix + "big"); ok {
		t.Errorf("GET %q found a value; want none", testPrefix+"big")
	}
	if got, want := writes(t, reg, "redis", "too-large"), 1.0; got != want {
		t.Errorf("redis writes too-large = %v; want %v", got, want)
	}
}

// TestRedisCorruptValue: whatever else sits under a key (garbage, a value
// sealed for another key, a damaged value) is a miss, counted as corrupt,
// and never served; a later good write replaces it. (An empty value reads
// as a missing key: GETRANGE answers both alike, and no sealed value is
// empty.)
func TestRedisCorruptValue(t *testing.T) {
	srv := startRedis(t)
	r, reg := newTestRedis(t, srv, nil)
	const key = "r1:legal-moves:abc"
	value := []byte(`{"moves":["e2e4"]}`)
	s := testSealer(t, testSecret)
	seal := func(key string, payload []byte) []byte { return s.seal(testPrefix+key, payload) }
	good := seal(key, value)
	flipped := bytes.Clone(good)
	flipped[len(flipped)-3] ^= 0x20
	tests := []struct {
		name string
		raw  []byte
	}{
		{"garbage", []byte("garbage")},
		{"the payload unsealed", value},
		{"sealed for another key", seal("r1:legal-moves:abd", value)},
		{"sealed for another rules version", seal("r0:legal-moves:abc", value)},
		{"another answer sealed for another key", seal("r1:status:abc", []byte(`{"status":{}}`))},
		{"truncated", good[:len(good)-1]},
		{"header only", good[:sealOverhead]},
		{"bit flipped", flipped},
		{"appended to", append(bytes.Clone(good), ' ')},
	}
	ctx := context.Background()
	for i, tt := range tests {
		srv.Set(testPrefix+key, tt.raw)
		if got, ok := r.Get(ctx, key); ok {
			t.Errorf("%s: Get(%q) = %q, true; want a miss", tt.name, key, got)
		}
		if got, want := lookups(t, reg, "redis", "corrupt"), float64(i+1); got != want {
			t.Errorf("%s: redis lookups corrupt = %v; want %v", tt.name, got, want)
		}
	}
	if got := lookups(t, reg, "redis", "hit"); got != 0 {
		t.Errorf("redis hits = %v; want 0", got)
	}
	if got := breakerState(t, reg); got != 0 {
		t.Errorf("breaker state after corrupt values = %v; want 0 (a corrupt value is not a failure of Redis)", got)
	}
	r.Set(ctx, key, value)
	waitHit(t, r, key, value, hang)
}

// TestTieredFillsMemory: a Redis hit fills the memory tier, which then
// answers without Redis, even with Redis gone.
func TestTieredFillsMemory(t *testing.T) {
	srv := startRedis(t)
	stats, reg := newStats(t)
	cfg := testRedisConfig(srv.URL())
	r, err := NewRedis(cfg, stats)
	if err != nil {
		t.Fatalf("NewRedis: %v", err)
	}
	t.Cleanup(func() { _ = r.Close() })
	tiered := &Tiered{Memory: NewMemory(MemoryConfig{Entries: 10, Bytes: 1 << 20, MaxValue: 1024, TTL: time.Hour}, stats), Redis: r}
	ctx := context.Background()

	// Written by another replica: in Redis only.
	other, _ := newTestRedis(t, srv, nil)
	other.Set(ctx, "k", []byte("v"))
	waitHit(t, other, "k", []byte("v"), hang)

	steps := []struct {
		name                   string
		key                    string
		want                   string // "" for a miss
		memHits, redisHits     float64
		memMisses, redisMisses float64
	}{
		{"first read: from Redis", "k", "v", 0, 1, 1, 0},
		{"second read: from memory", "k", "v", 1, 1, 1, 0},
		{"unknown key: both miss", "nothing", "", 1, 1, 2, 1},
	}
	for _, st := range steps {
		got, ok := tiered.Get(ctx, st.key)
		if ok != (st.want != "") || string(got) != st.want {
			t.Errorf("%s: Get(%q) = %q, %v; want %q, %v", st.name, st.key, got, ok, st.want, st.want != "")
		}
		counts := []struct {
			what      string
			got, want float64
		}{
			{"memory hits", lookups(t, reg, "memory", "hit"), st.memHits},
			{"redis hits", lookups(t, reg, "redis", "hit"), st.redisHits},
			{"memory misses", lookups(t, reg, "memory", "miss"), st.memMisses},
			{"redis misses", lookups(t, reg, "redis", "miss"), st.redisMisses},
		}
		for _, c := range counts {
			if c.got != c.want {
				t.Errorf("%s: %s = %v; want %v", st.name, c.what, c.got, c.want)
			}
		}
	}

	tiered.Set(ctx, "k2", []byte("v2"))
	if got, ok := tiered.Memory.Get(ctx, "k2"); !ok || string(got) != "v2" {
		t.Errorf("Memory.Get(%q) right after Tiered.Set = %q, %v; want %q, true", "k2", got, ok, "v2")
	}
	waitHit(t, other, "k2", []byte("v2"), hang)

	srv.Kill()
	for _, k := range []string{"k", "k2"} {
		if got, ok := tiered.Get(ctx, k); !ok {
			t.Errorf("Get(%q) with Redis killed = %q, %v; want a hit from memory", k, got, ok)
		}
	}
	if got, ok := tiered.Get(ctx, "nothing"); ok {
		t.Errorf("Get(%q) with Redis killed = %q, true; want a miss", "nothing", got)
	}
}

// TestRedisGetMany: one MGET answers several keys: hits, misses and
// corrupt values each counted, in the order asked.
func TestRedisGetMany(t *testing.T) {
	srv := startRedis(t)
	r, reg := newTestRedis(t, srv, nil)
	ctx := context.Background()
	for _, k := range []string{"a", "b"} {
		r.Set(ctx, k, []byte("v:"+k))
		waitHit(t, r, k, []byte("v:"+k), hang)
	}
	srv.Set(testPrefix+"bad", []byte("garbage"))
	srv.Set(testPrefix+"foreign", testSealer(t, testSecret).seal(testPrefix+"a", []byte("v:a")))
	hits, misses := lookups(t, reg, "redis", "hit"), lookups(t, reg, "redis", "miss")
	tests := []struct {
		keys []string
		want []string // "" for nil
	}{
		{nil, nil},
		{[]string{"a"}, []string{"v:a"}},
		{[]string{"a", "b"}, []string{"v:a", "v:b"}},
		{[]string{"b", "nothing", "a"}, []string{"v:b", "", "v:a"}},
		{[]string{"bad", "a", "foreign"}, []string{"", "v:a", ""}},
		{[]string{"nothing", "nothing"}, []string{"", ""}},
	}
	wantHits, wantMisses, wantCorrupt := hits, misses, 0.0
	for _, tt := range tests {
		got := r.GetMany(ctx, tt.keys)
		if len(got) != len(tt.keys) {
			t.Fatalf("GetMany(%q) = %d values; want %d", tt.keys, len(got), len(tt.keys))
		}
		for i, k := range tt.keys {
			if (got[i] == nil) != (tt.want[i] == "") || string(got[i]) != tt.want[i] {
				t.Errorf("GetMany(%q)[%d] (%q) = %q; want %q", tt.keys, i, k, got[i], tt.want[i])
			}
			switch {
			case tt.want[i] != "":
				wantHits++
			case k == "bad" || k == "foreign":
				wantCorrupt++
			default:
				wantMisses++
			}
		}
	}
	if got := lookups(t, reg, "redis", "hit"); got != wantHits {
		t.Errorf("redis hits = %v; want %v", got, wantHits)
	}
	if got := lookups(t, reg, "redis", "miss"); got != wantMisses {
		t.Errorf("redis misses = %v; want %v", got, wantMisses)
	}
	if got := lookups(t, reg, "redis", "corrupt"); got != wantCorrupt {
		t.Errorf("redis corrupt = %v; want %v", got, wantCorrupt)
	}

	// With Redis killed: misses, then skipped once the breaker opens.
	settled(t, reg, 2)
	srv.Kill()
	for range testFailures + 5 {
		if got := r.GetMany(ctx, []string{"a", "b"}); got[0] != nil || got[1] != nil {
			t.Errorf("GetMany with Redis killed = %q; want misses", got)
		}
	}
	if got := breakerState(t, reg); got != 2 {
		t.Errorf("breaker state after failing GetMany calls = %v; want 2 (open)", got)
	}
	if got := lookups(t, reg, "redis", "skipped"); got != 5 {
		t.Errorf("redis lookups skipped = %v; want 5 (one per call)", got)
	}
}

// TestTieredGetMany: memory answers what it has, Redis the rest in one
// call, and what Redis had fills memory.
func TestTieredGetMany(t *testing.T) {
	srv := startRedis(t)
	stats, reg := newStats(t)
	r, err := NewRedis(testRedisConfig(srv.URL()), stats)
	if err != nil {
		t.Fatalf("NewRedis: %v", err)
	}
	t.Cleanup(func() { _ = r.Close() })
	tiered := &Tiered{Memory: NewMemory(MemoryConfig{Entries: 10, Bytes: 1 << 20, MaxValue: 1024, TTL: time.Hour}, stats), Redis: r}
	other, _ := newTestRedis(t, srv, nil) // another replica
	ctx := context.Background()
	tiered.Memory.Set(ctx, "m", []byte("memory only"))
	other.Set(ctx, "r", []byte("redis only"))
	waitHit(t, other, "r", []byte("redis only"), hang)

	keys := []string{"m", "r", "nothing"}
	got := tiered.GetMany(ctx, keys)
	want := []string{"memory only", "redis only", ""}
	for i := range keys {
		if string(got[i]) != want[i] || (got[i] == nil) != (want[i] == "") {
			t.Errorf("GetMany(%q)[%d] = %q; want %q", keys, i, got[i], want[i])
		}
	}
	if got, want := lookups(t, reg, "redis", "hit")+lookups(t, reg, "redis", "miss"), 2.0; got != want {
		t.Errorf("redis lookups = %v; want %v (the two keys memory lacked)", got, want)
	}
	if v, ok := tiered.Memory.Get(ctx, "r"); !ok || string(v) != "redis only" {
		t.Errorf("Memory.Get(%q) after GetMany = %q, %v; want %q, true (filled from Redis)", "r", v, ok, "redis only")
	}
}

// TestRedisClosed: writes after Close are dropped, not queued or panicking.
func TestRedisClosed(t *testing.T) {
	srv := startRedis(t)
	r, reg := newTestRedis(t, srv, nil)
	if err := r.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	for range 100 { // more than the queue holds
		r.Set(context.Background(), "k", []byte("v"))
	}
	if got := writes(t, reg, "redis", "dropped"); got != 100 {
		t.Errorf("redis writes dropped after Close = %v; want 100", got)
	}
	if got, ok := r.Get(context.Background(), "k"); ok {
		t.Errorf("Get(%q) after Close = %q, true; want a miss", "k", got)
	}
}
