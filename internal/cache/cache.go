// Package cache implements the cache that internal/handlers uses: a
// bounded in-process tier, and a Redis tier (go-redis, a single server,
// Sentinel or Cluster) that replicas share. Redis is an accelerator, never
// a dependency: every Redis call has a short timeout and no retries, a
// circuit breaker stops calling a failing Redis and probes it again later,
// writes happen in the background and are dropped rather than queued
// without bound, and every failure is a miss.
//
// Values are sealed with a checksum bound to their key, so a corrupted or
// foreign value is ignored (and counted), never served.
package cache

import (
	"context"
	"encoding/binary"
	"hash/fnv"
	"time"

	"github.com/hashicorp/golang-lru/v2/expirable"
)

// magic starts every sealed value; the version is part of it.
var magic = [4]byte{'A', 'D', 'J', '1'}

const sealOverhead = len(magic) + 8

// seal frames a value: magic, a 64-bit FNV-1a sum of key and payload, payload.
func seal(key string, payload []byte) []byte {
	out := make([]byte, sealOverhead, sealOverhead+len(payload))
	copy(out, magic[:])
	binary.BigEndian.PutUint64(out[len(magic):], sum(key, payload))
	return append(out, payload...)
}

// unseal returns the payload of a sealed value, or false when the value is
// not one this package sealed for this key.
func unseal(key string, data []byte) ([]byte, bool) {
	if len(data) < sealOverhead || [4]byte(data[:4]) != magic {
		return nil, false
	}
	payload := data[sealOverhead:]
	if binary.BigEndian.Uint64(data[len(magic):]) != sum(key, payload) {
		return nil, false
	}
	return payload, true
}

func sum(key string, payload []byte) uint64 {
	h := fnv.New64a()
	h.Write([]byte(key))
	h.Write([]byte{0})
	h.Write(payload)
	return h.Sum64()
}

// Memory is the in-process tier: a bounded LRU whose entries expire.
type Memory struct {
	lru      *expirable.LRU[string, []byte]
	maxValue int
	stats    *Metrics
}

// NewMemory returns an in-process cache of at most entries values of at
// most maxValue bytes each, expiring after ttl.
func NewMemory(entries, maxValue int, ttl time.Duration, stats *Metrics) *Memory {
	return &Memory{lru: expirable.NewLRU[string, []byte](max(entries, 1), nil, ttl), maxValue: maxValue, stats: stats}
}

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

// Set stores a value, unless it is larger than the limit.
func (m *Memory) Set(_ context.Context, key string, value []byte) {
	if len(value) > m.maxValue {
		m.stats.write("memory", "too-large")
		return
	}
	m.lru.Add(key, value)
	m.stats.write("memory", "ok")
}

// Tiered puts the in-process tier in front of Redis: a read tries memory,
// then Redis (filling memory on a hit); a write goes to both, to Redis in
// the background.
type Tiered struct {
	Memory *Memory
	Redis  *Redis
}

// Get returns the value under key from the first tier that has it.
func (t *Tiered) Get(ctx context.Context, key string) ([]byte, bool) {
	if v, ok := t.Memory.Get(ctx, key); ok {
		return v, true
	}
	v, ok := t.Redis.Get(ctx, key)
	if ok {
		t.Memory.Set(ctx, key, v)
	}
	return v, ok
}

// GetMany returns the values under keys: from memory where it has them,
// the rest with one Redis round trip.
func (t *Tiered) GetMany(ctx context.Context, keys []string) [][]byte {
	out := t.Memory.GetMany(ctx, keys)
	var missing []string
	var at []int
	for i, v := range out {
		if v == nil {
			missing = append(missing, keys[i])
			at = append(at, i)
		}
	}
	for j, v := range t.Redis.GetMany(ctx, missing) {
		if v != nil {
			out[at[j]] = v
			t.Memory.Set(ctx, missing[j], v)
		}
	}
	return out
}

// Set stores value in both tiers.
func (t *Tiered) Set(ctx context.Context, key string, value []byte) {
	t.Memory.Set(ctx, key, value)
	t.Redis.Set(ctx, key, value)
}
