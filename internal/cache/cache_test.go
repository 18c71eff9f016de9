package cache

import (
	"bytes"
	"context"
	"fmt"
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
			m := NewMemory(tt.size, 64, time.Hour, stats)
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

func TestMemoryTTL(t *testing.T) {
	const ttl = 100 * time.Millisecond
	stats, reg := newStats(t)
	m := NewMemory(10, 64, ttl, stats)
	ctx := context.Background()
	m.Set(ctx, "k", []byte("v"))
	start := time.Now()
	if got, ok := m.Get(ctx, "k"); !ok || string(got) != "v" {
		t.Fatalf("Get(%q) = %q, %v; want %q, true (fresh)", "k", got, ok, "v")
	}
	time.Sleep(ttl + 50*time.Millisecond)
	if got, ok := m.Get(ctx, "k"); ok {
		t.Errorf("Get(%q) after %v = %q, %v; want a miss (TTL %v)", "k", time.Since(start), got, ok, ttl)
	}
	if got, want := lookups(t, reg, "memory", "hit"), 1.0; got != want {
		t.Errorf("memory hits = %v; want %v", got, want)
	}
	if got, want := lookups(t, reg, "memory", "miss"), 1.0; got != want {
		t.Errorf("memory misses = %v; want %v", got, want)
	}
}

func TestMemoryTooLarge(t *testing.T) {
	tests := []struct {
		size int
		want bool
	}{{0, true}, {63, true}, {64, true}, {65, false}, {1 << 20, false}}
	stats, reg := newStats(t)
	m := NewMemory(10, 64, time.Hour, stats)
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

func TestSealRoundTrip(t *testing.T) {
	tests := []struct {
		key     string
		payload []byte
	}{
		{"k", []byte("v")},
		{"", []byte("no key")},
		{"empty payload", []byte{}},
		{"binary", []byte{0, 1, 2, 0xff, 0}},
		{"r1:legal-moves:0123", bytes.Repeat([]byte(`{"moves":[]}`), 1000)},
		{"ключ", []byte("значение")},
	}
	for _, tt := range tests {
		sealed := seal(tt.key, tt.payload)
		if len(sealed) != len(tt.payload)+sealOverhead {
			t.Errorf("len(seal(%q, %d bytes)) = %d; want %d", tt.key, len(tt.payload), len(sealed), len(tt.payload)+sealOverhead)
		}
		got, ok := unseal(tt.key, sealed)
		if !ok || !bytes.Equal(got, tt.payload) {
			t.Errorf("unseal(%q, seal(%q, %q)) = %q, %v; want %q, true", tt.key, tt.key, tt.payload, got, ok, tt.payload)
		}
	}
}

// TestSealRejects: a value sealed for another key, truncated, extended,
// with any bit flipped, or not sealed at all does not open.
func TestSealRejects(t *testing.T) {
	const key = "r1:status:abc"
	good := seal(key, []byte(`{"status":"ok"}`))
	tests := []struct {
		name string
		key  string
		data []byte
	}{
		{"nil", key, nil},
		{"empty", key, []byte{}},
		{"magic only", key, magic[:]},
		{"one byte short of a header", key, good[:sealOverhead-1]},
		{"header only", key, good[:sealOverhead]},
		{"truncated by one", key, good[:len(good)-1]},
		{"extended by one", key, append(bytes.Clone(good), '}')},
		{"another key", "r1:status:abd", good},
		{"key prefix", "r1:status:ab", good},
		{"another rules version", "r2:status:abc", good},
		{"plain JSON", key, []byte(`{"status":"ok"}`)},
		{"older format", key, append([]byte("ADJ0"), good[4:]...)},
		{"sum of another payload", key, append(bytes.Clone(good[:sealOverhead]), `{"status":"no"}`...)},
	}
	for i := range good {
		for bit := range 8 {
			flipped := bytes.Clone(good)
			flipped[i] ^= 1 << bit
			tests = append(tests, struct {
				name string
				key  string
				data []byte
			}{fmt.Sprintf("byte %d bit %d flipped", i, bit), key, flipped})
		}
	}
	for _, tt := range tests {
		if got, ok := unseal(tt.key, tt.data); ok {
			t.Errorf("%s: unseal(%q, %q) = %q, true; want a refusal", tt.name, tt.key, tt.data, got)
		}
	}
}

// TestSealBindsKeyAndPayload: moving bytes between the key and the payload
// changes the sum (the key is terminated before the payload).
func TestSealBindsKeyAndPayload(t *testing.T) {
	a := seal("ab", []byte("c"))
	if got, ok := unseal("a", append(bytes.Clone(a[:sealOverhead]), "bc"...)); ok {
		t.Errorf("unseal(%q, sum of (%q, %q) with payload %q) = %q, true; want a refusal", "a", "ab", "c", "bc", got)
	}
}
