// Package cache implements the cache that internal/handlers uses: a
// bounded in-process tier, and a Redis tier (go-redis, a single server,
// Sentinel or Cluster) that replicas share. Redis is an accelerator, never
// a dependency: every Redis call has a short timeout of its kind (read of
// one key, pipelined read of several, background write, dial) and no
// retries, writes happen in the background and are dropped rather than
// queued without bound, and every failure is a miss.
//
// A circuit breaker (breaker.go) stops calling a Redis that cannot be
// reached, but not one that a CPU-starved process merely read too late: a
// timeout is a miss that starts a background probe with a generous
// timeout, and only the probe's failure, or consecutive failures to
// connect, open it. In a Cluster the keys are spread over the shards as
// they hash (no hash tags): a pipelined read is split by shard and its
// parts sent at once, and the slot map is reloaded after a failed call, so
// that a replica promoted in place of a dead master is found.
//
// Values in Redis are signed with HMAC-SHA256 under a secret that the
// replicas of one deployment share (RedisConfig.Secret), over the full
// Redis key (prefix and key) and the payload: whoever can write to Redis
// but lacks the secret cannot forge an answer, nor move a value to another
// key or deployment. A value that does not verify is a miss, counted by
// its reason in adjudicator_cache_rejected_total, never served. The
// in-process tier holds the process's own memory and needs no MAC; it is
// bounded by entries and by bytes.
//
// The package knows nothing of what the values mean: keys and payloads
// are opaque bytes chosen by internal/handlers.
package cache

import "context"

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
