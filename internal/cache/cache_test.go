package cache

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// newStats returns metrics on a fresh registry, and the registry to read
// them from.
func newStats(t testing.TB) (*Metrics, *prometheus.Registry) {
	t.Helper()
	reg := prometheus.NewRegistry()
	return NewMetrics(reg), reg
}

// metric sums the series of the named metric whose labels include the
// given name/value pairs (a counter's or a gauge's value).
func metric(t testing.TB, reg prometheus.Gatherer, name string, labels ...string) float64 {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatalf("Gather: %v", err)
	}
	total := 0.0
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
	series:
		for _, m := range f.GetMetric() {
			for i := 0; i+1 < len(labels); i += 2 {
				found := false
				for _, l := range m.GetLabel() {
					if l.GetName() == labels[i] && l.GetValue() == labels[i+1] {
						found = true
					}
				}
				if !found {
					continue series
				}
			}
			total += m.GetCounter().GetValue() + m.GetGauge().GetValue()
		}
	}
	return total
}

func lookups(t testing.TB, reg prometheus.Gatherer, tier, result string) float64 {
	t.Helper()
	return metric(t, reg, "adjudicator_cache_lookups_total", "tier", tier, "result", result)
}

func writes(t testing.TB, reg prometheus.Gatherer, tier, result string) float64 {
	t.Helper()
	return metric(t, reg, "adjudicator_cache_writes_total", "tier", tier, "result", result)
}

func TestMemoryLRUBound(t *testing.T) {
	tests := []struct {
		name     string
		size     int
		ops      []string // "set k" or "get k" (a get refreshes k)
		wantHit  []string
		wantMiss []string
	}{
		{"within bound", 3, []string{"set a", "set b", "set c"}, []string{"a", "b", "c"}, nil},
		{"oldest evicted", 3, []string{"set a", "set b", "set c", "set d"}, []string{"b", "c", "d"}, []string{"a"}},
		{"read refreshes", 3, []string{"set a", "set b", "set c", "get a", "set d"}, []string{"a", "c", "d"}, []string{"b"}},
		{"rewrite refreshes", 2, []string{"set a", "set b", "set a", "set c"}, []string{"a", "c"}, []string{"b"}},
		{"size one", 1, []string{"set a", "set b"}, []string{"b"}, []string{"a"}},
		{"size zero keeps one", 0, []string{"set a"}, []string{"a"}, nil},
		{"many", 100, manySets(250), []string{"k150", "k249"}, []string{"k0", "k149"}},
	}
	ctx := context.Background()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stats, _ := newStats(t)
			m := NewMemory(MemoryConfig{Entries: tt.size, MaxValue: 64, TTL: time.Hour}, stats)
			for _, op := range tt.ops {
				var verb, key string
				fmt.Sscan(op, &verb, &key)
				if verb == "set" {
					m.Set(ctx, key, []byte("v:"+key))
				} else {
					m.Get(ctx, key)
				}
			}
			for _, k := range tt.wantHit {
				if got, ok := m.Get(ctx, k); !ok || string(got) != "v:"+k {
					t.Errorf("Get(%q) = %q, %v; want %q, true", k, got, ok, "v:"+k)
				}
			}
			for _, k := range tt.wantMiss {
				if got, ok := m.Get(ctx, k); ok {
					t.Errorf("Get(%q) = %q, %v; want a miss (evicted)", k, got, ok)
				}
			}
		})
	}
}

func manySets(n int) []string {
	ops := make([]string, n)
	for i := range ops {
		ops[i] = fmt.Sprintf("set k%d", i)
	}
	return ops
}

// TestMemoryTTL: a value is served before its TTL has passed, then it is a
// miss, and the LRU's sweep gives its bytes back. No outcome depends on how
// fast the machine is: a fresh value is read from a cache whose TTL is an
// hour, and the expired one after a sleep longer than its TTL, which no
// delay can shorten.
func TestMemoryTTL(t *testing.T) {
	const ttl = 20 * time.Millisecond
	ctx := context.Background()
	freshStats, freshReg := newStats(t)
	fresh := NewMemory(MemoryConfig{Entries: 10, Bytes: 1 << 20, MaxValue: 64, TTL: time.Hour}, freshStats)
	fresh.Set(ctx, "k", []byte("v"))
	if got, ok := fresh.Get(ctx, "k"); !ok || string(got) != "v" {
		t.Fatalf("Get(%q) before the TTL = %q, %v; want %q, true", "k", got, ok, "v")
	}
	if got, want := lookups(t, freshReg, "memory", "hit"), 1.0; got != want {
		t.Errorf("memory hits before the TTL = %v; want %v", got, want)
	}
	stats, reg := newStats(t)
	m := NewMemory(MemoryConfig{Entries: 10, Bytes: 1 << 20, MaxValue: 64, TTL: ttl}, stats)
	m.Set(ctx, "k", []byte("v"))
	time.Sleep(2 * ttl)
	if got, ok := m.Get(ctx, "k"); ok {
		t.Errorf("Get(%q) after twice the TTL = %q, true; want a miss (TTL %v)", "k", got, ttl)
	}
	if got, want := lookups(t, reg, "memory", "hit"), 0.0; got != want {
		t.Errorf("memory hits after the TTL = %v; want %v", got, want)
	}
	if got, want := lookups(t, reg, "memory", "miss"), 1.0; got != want {
		t.Errorf("memory misses after the TTL = %v; want %v", got, want)
	}
	waitFor(t, "the expired entry swept", hang, func() bool { return m.Len() == 0 })
	if got := m.Bytes(); got != 0 {
		t.Errorf("Bytes() after the sweep = %d; want 0", got)
	}
	if got := metric(t, reg, "adjudicator_cache_memory_bytes"); got != 0 {
		t.Errorf("adjudicator_cache_memory_bytes after the sweep = %v; want 0", got)
	}
}

func TestMemoryTooLarge(t *testing.T) {
	tests := []struct {
		size int
		want bool
	}{{0, true}, {63, true}, {64, true}, {65, false}, {1 << 20, false}}
	stats, reg := newStats(t)
	m := NewMemory(MemoryConfig{Entries: 10, MaxValue: 64, TTL: time.Hour}, stats)
	ctx := context.Background()
	for _, tt := range tests {
		key := fmt.Sprint("k", tt.size)
		m.Set(ctx, key, bytes.Repeat([]byte{'x'}, tt.size))
		if _, ok := m.Get(ctx, key); ok != tt.want {
			t.Errorf("Get(%q) after Set of %d bytes (limit 64): hit = %v; want %v", key, tt.size, ok, tt.want)
		}
	}
	if got, want := writes(t, reg, "memory", "too-large"), 2.0; got != want {
		t.Errorf("memory writes too-large = %v; want %v", got, want)
	}
}

// held is what the entries in m count, from the entries themselves: the
// figure Bytes must equal.
func held(m *Memory) (sum int64, n int) {
	for _, k := range m.lru.Keys() {
		if v, ok := m.lru.Peek(k); ok {
			sum += cost(k, v)
			n++
		}
	}
	return sum, n
}

// TestMemoryByteBound: with a byte bound, the least recently used entries
// go until a new one fits; a rewrite replaces the old value's bytes
// (the LRU's Add does not call the eviction callback for it); an entry
// larger than the whole bound is refused.
func TestMemoryByteBound(t *testing.T) {
	const entry = 100 + EntryOverhead // a one-byte key and a 99-byte value
	val := func(n int) []byte { return bytes.Repeat([]byte{'v'}, n) }
	tests := []struct {
		name     string
		bound    int64
		ops      []string // "set k n" (n bytes) or "get k"
		wantHit  []string
		wantMiss []string
	}{
		{"three fit", 3 * entry, []string{"set a 99", "set b 99", "set c 99"}, []string{"a", "b", "c"}, nil},
		{"the oldest goes", 3 * entry, []string{"set a 99", "set b 99", "set c 99", "set d 99"}, []string{"b", "c", "d"}, []string{"a"}},
		{"a read refreshes", 3 * entry, []string{"set a 99", "set b 99", "set c 99", "get a", "set d 99"}, []string{"a", "c", "d"}, []string{"b"}},
		{"a big one evicts two", 3 * entry, []string{"set a 99", "set b 99", "set c 99", "set d 199"}, []string{"c", "d"}, []string{"a", "b"}},
		{"a rewrite that grows evicts the oldest", 3 * entry, []string{"set a 99", "set b 99", "set c 99", "set c 199"}, []string{"b", "c"}, []string{"a"}},
		{"a rewrite that shrinks frees room", 3 * entry, []string{"set a 99", "set b 299", "set b 9", "set c 99"}, []string{"a", "b", "c"}, nil},
		{"exactly the bound", entry, []string{"set a 99"}, []string{"a"}, nil},
		{"one byte over the bound", entry - 1, []string{"set a 99"}, nil, []string{"a"}},
		{"too large for the bound keeps the rest", 2 * entry, []string{"set a 99", "set b 999"}, []string{"a"}, []string{"b"}},
	}
	ctx := context.Background()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			stats, reg := newStats(t)
			m := NewMemory(MemoryConfig{Entries: 100, Bytes: tt.bound, MaxValue: 1 << 20, TTL: time.Hour}, stats)
			for _, op := range tt.ops {
				var verb, key string
				var n int
				fmt.Sscan(op, &verb, &key, &n)
				if verb == "set" {
					m.Set(ctx, key, val(n))
				} else {
					m.Get(ctx, key)
				}
				if got, _ := held(m); m.Bytes() != got || got > tt.bound {
					t.Fatalf("after %q: Bytes() = %d, entries hold %d; want equal and at most %d", op, m.Bytes(), got, tt.bound)
				}
			}
			for _, k := range tt.wantHit {
				if _, ok := m.Get(ctx, k); !ok {
					t.Errorf("Get(%q) = miss; want a hit", k)
				}
			}
			for _, k := range tt.wantMiss {
				if got, ok := m.Get(ctx, k); ok {
					t.Errorf("Get(%q) = %d bytes, true; want a miss", k, len(got))
				}
			}
			if got, want := metric(t, reg, "adjudicator_cache_memory_bytes"), float64(m.Bytes()); got != want {
				t.Errorf("adjudicator_cache_memory_bytes = %v; want %v (Bytes())", got, want)
			}
		})
	}
}

// TestMemoryByteCounterConcurrent: writers rewriting and adding keys of
// random sizes, with the entry cap and the byte bound both in play, never
// push the counter over the bound (a reader watches it throughout), and
// at the end the counter equals what the entries hold.
func TestMemoryByteCounterConcurrent(t *testing.T) {
	const bound = 64 << 10
	stats, reg := newStats(t)
	m := NewMemory(MemoryConfig{Entries: 150, Bytes: bound, MaxValue: 4 << 10, TTL: time.Hour}, stats)
	ctx := context.Background()
	stop := make(chan struct{})
	var over atomic.Int64
	var watch sync.WaitGroup
	watch.Add(1)
	go func() {
		defer watch.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			if b := m.Bytes(); b > bound || b < 0 {
				over.Store(b)
			}
		}
	}()
	var writers sync.WaitGroup
	for w := range 4 {
		writers.Add(1)
		go func() {
			defer writers.Done()
			rng := rand.New(rand.NewPCG(uint64(w), 1))
			for range 5000 {
				key := fmt.Sprint("k", rng.IntN(400))
				if rng.IntN(4) == 0 {
					m.Get(ctx, key)
					continue
				}
				m.Set(ctx, key, make([]byte, rng.IntN(5<<10))) // some over MaxValue
			}
		}()
	}
	writers.Wait()
	close(stop)
	watch.Wait()
	if b := over.Load(); b != 0 {
		t.Errorf("Bytes() was seen at %d; want within [0, %d]", b, bound)
	}
	sum, n := held(m)
	if m.Bytes() != sum || sum > bound || n > 150 {
		t.Errorf("at the end: Bytes() = %d, %d entries hold %d; want equal, at most %d bytes and 150 entries", m.Bytes(), n, sum, bound)
	}
	if got, want := metric(t, reg, "adjudicator_cache_memory_bytes"), float64(sum); got != want {
		t.Errorf("adjudicator_cache_memory_bytes = %v; want %v", got, want)
	}
	if writes(t, reg, "memory", "too-large") == 0 {
		t.Errorf("no write over MaxValue was refused; the workload should include some")
	}
}

// TestMemoryEntryOverhead measures the heap one small entry takes beyond
// its key and value, and checks that EntryOverhead does not undercount
// it. Memory, not time: the figure is a heap size after a collection.
func TestMemoryEntryOverhead(t *testing.T) {
	const n = 20000
	stats, _ := newStats(t)
	keys := make([]string, n)
	values := make([][]byte, n)
	for i := range keys {
		keys[i] = fmt.Sprintf("r1:legal-moves:%08d", i)
		values[i] = make([]byte, 32)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	m := NewMemory(MemoryConfig{Entries: n, MaxValue: 64, TTL: time.Hour}, stats)
	for i := range keys {
		m.Set(context.Background(), keys[i], values[i])
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	perEntry := (int64(after.HeapAlloc) - int64(before.HeapAlloc)) / n
	t.Logf("heap per entry beyond key and value: %d bytes (EntryOverhead %d)", perEntry, EntryOverhead)
	if perEntry > EntryOverhead {
		t.Errorf("an entry takes %d bytes beyond its key and value; EntryOverhead = %d undercounts it", perEntry, EntryOverhead)
	}
	runtime.KeepAlive(m)
}
