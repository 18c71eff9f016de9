package cache

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
	"github.com/sony/gobreaker/v2"
)

// RedisConfig configures the Redis tier.
type RedisConfig struct {
	// URL is redis://[user:password@]host:port[/db] (rediss:// for TLS);
	// for Cluster and Sentinel, more addresses follow as ?addr=host:port.
	URL string
	// Mode is "single" (default), "cluster" or "sentinel" (then the URL's
	// query names master_name, or MasterName does).
	Mode string
	// MasterName, in sentinel mode, is the name of the master that the
	// sentinels watch; it replaces the URL's master_name.
	MasterName string
	// Password, when set, replaces the URL's password (so it can come
	// from a secret rather than the URL). In sentinel mode it is the
	// master's and the replicas' password; there the URL's user and
	// password are the sentinels' (go-redis's reading of a sentinel URL),
	// and the servers' may also come as ?password=.
	Password string
	// SentinelPassword, in sentinel mode, when set, is the sentinels' own
	// password (requirepass on the sentinels) and replaces the URL's.
	SentinelPassword string
	// Secret keys the HMAC-SHA256 that signs every value, at least
	// MinSecretBytes long and the same on every replica: a value signed
	// under another secret, or forged by anyone who can write to Redis
	// but lacks it, is ignored.
	Secret []byte
	// Prefix starts every key, so that several deployments can share a
	// server; it is signed with the value, so a value copied from another
	// prefix is ignored.
	Prefix string
	// TTL of every value.
	TTL time.Duration
	// Timeout bounds the read of one key (Get). A call that times out is
	// a miss; it does not count against the breaker (a CPU-starved process
	// times out too) but starts a probe (ProbeTimeout).
	Timeout time.Duration
	// ManyTimeout bounds the read of several keys in one pipeline
	// (GetMany); zero means Timeout.
	ManyTimeout time.Duration
	// WriteTimeout bounds one background write; zero means Timeout.
	WriteTimeout time.Duration
	// DialTimeout bounds opening a connection; zero means Timeout.
	DialTimeout time.Duration
	// ProbeTimeout bounds the PING that a timed-out call starts in the
	// background (one at a time): a probe that fails opens the breaker.
	// It should be generous, longer than any scheduling delay of a loaded
	// node; zero means ten times Timeout.
	ProbeTimeout time.Duration
	// MaxValue is the largest value written, and read: a longer value
	// (with the seal's overhead) is refused by its length, read no further
	// than one byte past it.
	MaxValue int
	// BreakerFailures consecutive failures that are not timeouts (a
	// refused or failed connection, a connection that breaks) open the
	// breaker, as does one failed probe; it stays open for BreakerOpen
	// before one call is let through.
	BreakerFailures int
	BreakerOpen     time.Duration
	// Writers and Queue: background writers, and how many writes may wait;
	// beyond that writes are dropped.
	Writers int
	Queue   int
}

// DefaultRedisConfig returns the defaults documented in the README. Secret
// has none: NewRedis refuses a config until one is set.
func DefaultRedisConfig() RedisConfig {
	return RedisConfig{Mode: "single", Prefix: "adj:", TTL: 24 * time.Hour,
		Timeout: 100 * time.Millisecond, ManyTimeout: 150 * time.Millisecond, WriteTimeout: time.Second,
		DialTimeout: 500 * time.Millisecond, ProbeTimeout: time.Second,
		MaxValue: 1 << 20, BreakerFailures: 5, BreakerOpen: 5 * time.Second, Writers: 4, Queue: 1024}
}

// withDefaults fills the timeouts left zero from Timeout.
func (c RedisConfig) withDefaults() RedisConfig {
	for _, d := range []*time.Duration{&c.ManyTimeout, &c.WriteTimeout, &c.DialTimeout} {
		if *d <= 0 {
			*d = c.Timeout
		}
	}
	if c.ProbeTimeout <= 0 {
		c.ProbeTimeout = 10 * c.Timeout
	}
	return c
}

// longest is the longest of the timeouts: the client's own socket
// deadlines, which only a call without a deadline of its own would meet.
func (c RedisConfig) longest() time.Duration {
	return max(c.Timeout, c.ManyTimeout, c.WriteTimeout, c.DialTimeout, c.ProbeTimeout)
}

// Redis is the shared tier. It is safe for concurrent use.
type Redis struct {
	cfg     RedisConfig
	client  redis.UniversalClient
	breaker *gobreaker.CircuitBreaker[[]byte]
	queue   chan write
	wg      sync.WaitGroup
	sealer  sealer
	stats   *Metrics
	closed  chan struct{}
	once    sync.Once
	probes  prober
}

type write struct {
	key   string
	value []byte
}

// quietLogger drops go-redis's own log lines (failed dials while Redis is
// down): the cache's metrics report the same, once per request, not per dial.
type quietLogger struct{}

func (quietLogger) Printf(context.Context, string, ...any) {}

var silenceRedis sync.Once

// NewRedis connects lazily (no call is made here) and starts the writers.
// It refuses a secret shorter than MinSecretBytes.
func NewRedis(cfg RedisConfig, stats *Metrics) (*Redis, error) {
	silenceRedis.Do(func() { redis.SetLogger(quietLogger{}) })
	cfg = cfg.withDefaults()
	sl, err := newSealer(cfg.Secret)
	if err != nil {
		return nil, err
	}
	client, err := newClient(cfg)
	if err != nil {
		return nil, err
	}
	r := &Redis{cfg: cfg, client: client, queue: make(chan write, max(cfg.Queue, 1)), sealer: sl, stats: stats,
		closed: make(chan struct{})}
	r.breaker = newBreaker(cfg, stats, &r.probes)
	for range max(cfg.Writers, 1) {
		r.wg.Add(1)
		go r.writer()
	}
	return r, nil
}

// knobs points at the settings that every mode's options share.
type knobs struct {
	password                  *string
	dial, read, write, pool   *time.Duration
	maxRetries, dialerRetries *int
	contextTimeout            *bool
}

// set gives any mode the same timeouts, no retries and one dial attempt:
// a slow Redis must cost a miss, not a wait. Every call carries a context
// deadline of its kind (ContextTimeoutEnabled), which the socket deadlines
// and the wait for a pooled connection honour; the client's own read and
// write timeouts are only the longest of them.
func (k knobs) set(cfg RedisConfig) {
	if cfg.Password != "" {
		*k.password = cfg.Password
	}
	t := cfg.longest()
	*k.dial, *k.read, *k.write, *k.pool = cfg.DialTimeout, t, t, t
	*k.maxRetries, *k.dialerRetries, *k.contextTimeout = -1, 1, true
}

// newClient builds the go-redis client for the configured mode.
func newClient(cfg RedisConfig) (redis.UniversalClient, error) {
	if _, err := url.Parse(cfg.URL); err != nil || !strings.HasPrefix(cfg.URL, "redis://") && !strings.HasPrefix(cfg.URL, "rediss://") {
		return nil, fmt.Errorf("redis url must start with redis:// or rediss://")
	}
	switch cfg.Mode {
	case "", "single":
		o, err := redis.ParseURL(cfg.URL)
		if err != nil {
			return nil, fmt.Errorf("redis url: %w", err)
		}
		knobs{&o.Password, &o.DialTimeout, &o.ReadTimeout, &o.WriteTimeout, &o.PoolTimeout,
			&o.MaxRetries, &o.DialerRetries, &o.ContextTimeoutEnabled}.set(cfg)
		return redis.NewClient(o), nil
	case "cluster":
		o, err := redis.ParseClusterURL(cfg.URL)
		if err != nil {
			return nil, fmt.Errorf("redis url: %w", err)
		}
		knobs{&o.Password, &o.DialTimeout, &o.ReadTimeout, &o.WriteTimeout, &o.PoolTimeout,
			&o.MaxRetries, &o.DialerRetries, &o.ContextTimeoutEnabled}.set(cfg)
		o.MaxRedirects = 1
		return redis.NewClusterClient(o), nil
	case "sentinel":
		o, err := redis.ParseFailoverURL(cfg.URL)
		if err != nil {
			return nil, fmt.Errorf("redis url: %w", err)
		}
		if cfg.MasterName != "" {
			o.MasterName = cfg.MasterName
		}
		if o.MasterName == "" {
			return nil, fmt.Errorf("redis sentinel mode needs the master's name (master_name in the url, or the master name)")
		}
		knobs{&o.Password, &o.DialTimeout, &o.ReadTimeout, &o.WriteTimeout, &o.PoolTimeout,
			&o.MaxRetries, &o.DialerRetries, &o.ContextTimeoutEnabled}.set(cfg)
		if cfg.SentinelPassword != "" {
			o.SentinelPassword = cfg.SentinelPassword
		}
		return redis.NewFailoverClient(o), nil
	}
	return nil, fmt.Errorf("redis mode must be single, cluster or sentinel, not %q", cfg.Mode)
}

// isTimeout says whether err is a timeout (a redis.Error can wrap one),
// including the wait for a free pooled connection.
func isTimeout(err error) bool {
	var ne interface{ Timeout() bool }
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, redis.ErrPoolTimeout) || errors.As(err, &ne) && ne.Timeout()
}

// PasswordFromEnv returns the password in the named environment variable,
// for RedisConfig.Password.
func PasswordFromEnv(name string) string { return os.Getenv(name) }

// call runs f under the breaker with a deadline of timeout. A timeout
// starts a probe; the caller counts what the error means for its lookup.
func (r *Redis) call(ctx context.Context, timeout time.Duration, f func(context.Context) error) error {
	_, err := r.breaker.Execute(func() ([]byte, error) {
		ctx, cancel := context.WithTimeout(ctx, timeout)
		defer cancel()
		err := f(ctx)
		if err != nil && !errors.Is(err, redis.Nil) {
			r.reloadCluster(err)
		}
		return nil, err
	})
	if err != nil && isTimeout(err) {
		r.probe()
	}
	return err
}

// reloadCluster has a Cluster client reload the slot map after a call
// failed other than with a reply: the node it called may have died and a
// replica taken its slots. go-redis reloads on its own only on a MOVED
// reply, which a dead node never sends, or once a minute; the reload is
// lazy, one at a time, at most one every 200ms.
func (r *Redis) reloadCluster(err error) {
	var reply redis.Error
	if c, ok := r.client.(*redis.ClusterClient); ok && !errors.As(err, &reply) {
		c.ReloadState(context.Background())
	}
}

// failure is the lookup or write result of a failed call: skipped when
// the breaker refused it, timeout, or error.
func failure(err error) string {
	switch {
	case errors.Is(err, gobreaker.ErrOpenState), errors.Is(err, gobreaker.ErrTooManyRequests):
		return "skipped"
	case isTimeout(err):
		return "timeout"
	}
	return "error"
}

// lookup sends (or queues, on a pipeline) the read of the full key: a
// GETRANGE of one byte more than the longest value this tier writes
// sealed, so that a large value planted under a hot key costs a bounded
// read (as large as the largest legitimate value, and refused by its
// length), never a read that times out or a huge allocation. GETRANGE
// costs Redis what GET costs (a Lua script that checks STRLEN first sends
// nothing, but costs Redis twice the CPU of a hit, and needs EVAL), and
// answers an empty string for a missing key; no sealed value is empty.
func (r *Redis) lookup(ctx context.Context, c rangeGetter, full string) *redis.StringCmd {
	return c.GetRange(ctx, full, 0, int64(r.cfg.MaxValue+sealOverhead))
}

// rangeGetter is what lookup needs of a client or a pipeline.
type rangeGetter interface {
	GetRange(ctx context.Context, key string, start, end int64) *redis.StringCmd
}

// reply reads a lookup's answer: the sealed value, or the reason it is
// refused (rejectSize when it is longer than any value this tier writes);
// a missing key is redis.Nil, as a GET's.
func (r *Redis) reply(cmd *redis.StringCmd) (data []byte, reason string, err error) {
	data, err = cmd.Bytes()
	switch {
	case err != nil:
		return nil, "", err
	case len(data) == 0:
		return nil, "", redis.Nil
	case len(data) > r.cfg.MaxValue+sealOverhead:
		return nil, rejectSize, nil
	}
	return data, "", nil
}

// Get returns the value under key, or a miss when Redis has none, fails,
// is slow, or the breaker is open, or the value is not one this
// deployment signed for this key. A value longer than any this tier
// writes is refused by its length, read no further than that (lookup).
func (r *Redis) Get(ctx context.Context, key string) ([]byte, bool) {
	start := time.Now()
	var data []byte
	var reason string
	err := r.call(ctx, r.cfg.Timeout, func(ctx context.Context) (err error) {
		full := r.cfg.Prefix + key
		cmd := r.lookup(ctx, r.client, full)
		data, reason, err = r.reply(cmd)
		r.stats.redisGet(len(full) + len(cmd.Val()))
		return err
	})
	switch {
	case errors.Is(err, redis.Nil):
		r.stats.latency(time.Since(start))
		r.stats.lookup("redis", false)
		return nil, false
	case err != nil:
		r.stats.result("redis", failure(err))
		return nil, false
	}
	r.stats.latency(time.Since(start))
	return r.open(key, data, reason)
}

// open checks a value read from Redis under key and counts the lookup;
// reason, when not empty, refused it before it was read.
func (r *Redis) open(key string, data []byte, reason string) ([]byte, bool) {
	payload := data
	if reason == "" {
		payload, reason = r.sealer.unseal(r.cfg.Prefix+key, data, r.cfg.MaxValue)
	}
	if reason != "" {
		r.stats.reject("redis", reason)
		return nil, false
	}
	r.stats.lookup("redis", true)
	return payload, true
}

// GetMany returns the values (nil where missing) under keys with one
// pipelined round trip of lookups (lookup: a value too long is refused
// by its length, read no further): a slow or failing Redis costs one
// timeout (ManyTimeout), not one per key. A pipeline rather than MGET,
// because a Cluster refuses an MGET whose keys hash to different slots; go-redis splits the pipeline by shard and sends
// the parts at once, so it still costs one round trip, that of the slowest
// shard. When part of it fails (one shard down), the failure is counted
// once and the keys that were answered are still served.
func (r *Redis) GetMany(ctx context.Context, keys []string) [][]byte {
	out := make([][]byte, len(keys))
	if len(keys) == 0 {
		return out
	}
	start := time.Now()
	var cmds []*redis.StringCmd
	err := r.call(ctx, r.cfg.ManyTimeout, func(ctx context.Context) error {
		_, err := r.client.Pipelined(ctx, func(p redis.Pipeliner) error {
			cmds = cmds[:0]
			for _, k := range keys {
				cmds = append(cmds, r.lookup(ctx, p, r.cfg.Prefix+k))
			}
			return nil
		})
		read := 0
		for i, cmd := range cmds { // keys sent, values returned ("" when missing or failed)
			read += len(r.cfg.Prefix) + len(keys[i]) + len(cmd.Val())
		}
		r.stats.redisPipeline(read)
		if errors.Is(err, redis.Nil) {
			err = nil // some keys missing: each command says which
		}
		return err
	})
	if err != nil {
		r.stats.result("redis", failure(err))
		if failure(err) == "skipped" {
			return out
		}
	} else {
		r.stats.latency(time.Since(start))
	}
	for i, cmd := range cmds {
		data, reason, err := r.reply(cmd)
		switch {
		case errors.Is(err, redis.Nil):
			r.stats.lookup("redis", false)
		case err == nil:
			out[i], _ = r.open(keys[i], data, reason)
		}
	}
	return out
}

// Set queues a write and returns at once; the write is dropped when the
// queue is full, the value too large, or the cache closed.
func (r *Redis) Set(_ context.Context, key string, value []byte) {
	if len(value) > r.cfg.MaxValue {
		r.stats.write("redis", "too-large")
		return
	}
	select {
	case <-r.closed:
		r.stats.write("redis", "dropped")
		return
	default:
	}
	select {
	case r.queue <- write{key: key, value: value}:
	default:
		r.stats.write("redis", "dropped")
	}
}

func (r *Redis) writer() {
	defer r.wg.Done()
	batch := make([]write, 0, maxWriteBatch)
	for {
		select {
		case <-r.closed:
			return
		case w := <-r.queue:
			batch = append(batch[:0], w)
		more:
			for len(batch) < maxWriteBatch {
				select {
				case w := <-r.queue:
					batch = append(batch, w)
				default:
					break more
				}
			}
			r.writeBatch(batch)
			clear(batch) // the values go to the collector, not wait for the next batch
		}
	}
}

// maxWriteBatch bounds the writes one round trip carries.
const maxWriteBatch = 64

// writeBatch writes the batch in one round trip: a SET, or a pipeline of
// SETs when writes were waiting (go-redis splits a Cluster's pipeline by
// shard and sends the parts at once). A writer that takes one write per
// round trip falls behind a busy replica, whose queue then fills and drops
// game states the other replicas would have resumed from; one that takes
// what is waiting keeps up at the rate of round trips, not of writes.
func (r *Redis) writeBatch(batch []write) {
	cmds := make([]*redis.StatusCmd, len(batch))
	err := r.call(context.Background(), r.cfg.WriteTimeout, func(ctx context.Context) error {
		written := 0
		_, err := r.client.Pipelined(ctx, func(p redis.Pipeliner) error {
			for i, w := range batch {
				full := r.cfg.Prefix + w.key
				sealed := r.sealer.seal(full, w.value)
				written += len(full) + len(sealed)
				cmds[i] = p.Set(ctx, full, sealed, r.cfg.TTL)
			}
			return nil
		})
		r.stats.redisSet(written)
		return err
	})
	for _, cmd := range cmds {
		switch {
		case cmd == nil: // the breaker refused the round trip
			r.stats.write("redis", failure(err))
		case cmd.Err() != nil:
			r.stats.write("redis", failure(cmd.Err()))
		default:
			r.stats.write("redis", "ok")
		}
	}
}

// Close stops the writers (pending writes are dropped) and the probe, then
// the client.
func (r *Redis) Close() error {
	r.once.Do(func() { close(r.closed) })
	r.wg.Wait()
	r.probes.stop()
	return r.client.Close()
}

// Ping reports whether Redis answers now (every master of a Cluster),
// within ProbeTimeout, for start-up logs.
func (r *Redis) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, r.cfg.ProbeTimeout)
	defer cancel()
	return r.ping(ctx)
}

// ping sends PING to the server, the Sentinel's current master, or every
// master of a Cluster.
func (r *Redis) ping(ctx context.Context) error {
	if c, ok := r.client.(*redis.ClusterClient); ok {
		return c.ForEachMaster(ctx, func(ctx context.Context, m *redis.Client) error { return m.Ping(ctx).Err() })
	}
	return r.client.Ping(ctx).Err()
}
