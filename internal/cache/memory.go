package cache

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hashicorp/golang-lru/v2/expirable"
)

// EntryOverhead is what one entry of the in-process tier is counted for
// beyond the bytes of its key and value: the LRU's list element (key and
// value headers, expiry, links), its two map slots (the index and an
// expiry bucket) and allocation rounding. About 145 bytes were measured
// on amd64 (TestMemoryEntryOverhead logs the figure and fails should it
// pass this constant); 256 errs on the safe side.
const EntryOverhead = 256

// MemoryConfig bounds the in-process tier.
type MemoryConfig struct {
	// Entries is the most values kept (at least one).
	Entries int
	// Bytes is the most bytes kept, counting each entry as its key, its
	// value and EntryOverhead; 0 means no byte bound.
	Bytes int64
	// MaxValue is the largest value kept.
	MaxValue int
	// TTL is the lifetime of a value.
	TTL time.Duration
}

// Memory is the in-process tier: an LRU bounded by entries and by bytes,
// whose entries expire. It is safe for concurrent use.
//
// The byte count is exact: the LRU calls onEvict for every entry it drops
// (by count, by age in its background sweep, or by Remove), but not when
// Add replaces a key's value in place, so Set removes the key first and
// Add always inserts. The count is raised before an entry goes in and
// lowered by onEvict, which the LRU calls under its own lock: it must not
// take mu (Set holds mu while it calls into the LRU), hence an atomic.
type Memory struct {
	cfg   MemoryConfig
	mu    sync.Mutex // serialises Set: evicting to fit and inserting are one step
	lru   *expirable.LRU[string, []byte]
	bytes atomic.Int64
	stats *Metrics
}

// NewMemory returns an in-process cache bounded by cfg.
func NewMemory(cfg MemoryConfig, stats *Metrics) *Memory {
	m := &Memory{cfg: cfg, stats: stats}
	m.lru = expirable.NewLRU(max(cfg.Entries, 1), m.evicted, cfg.TTL)
	return m
}

// cost is what an entry counts against the byte bound.
func cost(key string, value []byte) int64 {
	return int64(len(key)) + int64(len(value)) + EntryOverhead
}

// evicted is the LRU's eviction callback.
func (m *Memory) evicted(key string, value []byte) {
	c := cost(key, value)
	m.bytes.Add(-c)
	m.stats.memoryBytes(-c)
}

// Bytes is what the entries held now count against the byte bound.
func (m *Memory) Bytes() int64 { return m.bytes.Load() }

// Len is the number of entries held now (expired ones included until the
// LRU's sweep drops them).
func (m *Memory) Len() int { return m.lru.Len() }

// Get returns the value under key.
func (m *Memory) Get(_ context.Context, key string) ([]byte, bool) {
	v, ok := m.lru.Get(key)
	m.stats.lookup("memory", ok)
	return v, ok
}

// GetMany returns the values under keys, nil where missing.
func (m *Memory) GetMany(ctx context.Context, keys []string) [][]byte {
	out := make([][]byte, len(keys))
	for i, k := range keys {
		out[i], _ = m.Get(ctx, k)
	}
	return out
}

// Set stores a value, evicting the least recently used entries until it
// fits, unless it is larger than MaxValue or alone exceeds the byte bound.
func (m *Memory) Set(_ context.Context, key string, value []byte) {
	c := cost(key, value)
	if len(value) > m.cfg.MaxValue || m.cfg.Bytes > 0 && c > m.cfg.Bytes {
		m.stats.write("memory", "too-large")
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.lru.Remove(key)
	for m.cfg.Bytes > 0 && m.bytes.Load()+c > m.cfg.Bytes {
		if _, _, ok := m.lru.RemoveOldest(); !ok {
			break
		}
	}
	m.bytes.Add(c)
	m.stats.memoryBytes(c)
	m.lru.Add(key, value)
	m.stats.write("memory", "ok")
}
