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
	// query must name master_name).
	Mode string
	// Password, when set, replaces the URL's password (so it can come
	// from a secret rather than the URL).
	Password string
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
	// Timeout of one Redis call (read or write).
	Timeout time.Duration
	// MaxValue is the largest value written.
	MaxValue int
	// BreakerFailures consecutive failures open the breaker, which stays
	// open for BreakerOpen before one probe is let through.
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
	return RedisConfig{Mode: "single", Prefix: "adj:", TTL: 24 * time.Hour, Timeout: 50 * time.Millisecond,
		MaxValue: 1 << 20, BreakerFailures: 5, BreakerOpen: 5 * time.Second, Writers: 4, Queue: 1024}
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
	r.breaker = gobreaker.NewCircuitBreaker[[]byte](gobreaker.Settings{
		Name:        "redis",
		MaxRequests: 1,
		Timeout:     cfg.BreakerOpen,
		ReadyToTrip: func(c gobreaker.Counts) bool { return c.ConsecutiveFailures >= uint32(max(cfg.BreakerFailures, 1)) },
		// A reply of the server, even an error such as OOM when it is full,
		// shows Redis alive: only timeouts and connection failures count
		// against it, so a full Redis does not stop the reads.
		IsSuccessful: func(err error) bool {
			var reply redis.Error
			return err == nil || errors.Is(err, redis.Nil) || errors.As(err, &reply) && !isTimeout(err)
		},
		OnStateChange: func(_ string, _, to gobreaker.State) { stats.breaker(int(to)) },
	})
	stats.breaker(int(gobreaker.StateClosed))
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

// set gives any mode the same short timeouts, no retries and one dial
// attempt: a slow Redis must cost a miss, not a wait.
func (k knobs) set(cfg RedisConfig) {
	if cfg.Password != "" {
		*k.password = cfg.Password
	}
	t := cfg.Timeout
	*k.dial, *k.read, *k.write, *k.pool = 4*t, t, t, t
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
		knobs{&o.Password, &o.DialTimeout, &o.ReadTimeout, &o.WriteTimeout, &o.PoolTimeout,
			&o.MaxRetries, &o.DialerRetries, &o.ContextTimeoutEnabled}.set(cfg)
		return redis.NewFailoverClient(o), nil
	}
	return nil, fmt.Errorf("redis mode must be single, cluster or sentinel, not %q", cfg.Mode)
}

// isTimeout says whether err is a timeout (a redis.Error can wrap one).
func isTimeout(err error) bool {
	var ne interface{ Timeout() bool }
	return errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout()
}

// PasswordFromEnv returns the password in the named environment variable,
// for RedisConfig.Password.
func PasswordFromEnv(name string) string { return os.Getenv(name) }

// Get returns the value under key, or a miss when Redis has none, fails,
// is slow, or the breaker is open, or the value is not one this
// deployment signed for this key.
func (r *Redis) Get(ctx context.Context, key string) ([]byte, bool) {
	start := time.Now()
	data, err := r.breaker.Execute(func() ([]byte, error) {
		ctx, cancel := context.WithTimeout(ctx, r.cfg.Timeout)
		defer cancel()
		return r.client.Get(ctx, r.cfg.Prefix+key).Bytes()
	})
	switch {
	case errors.Is(err, gobreaker.ErrOpenState), errors.Is(err, gobreaker.ErrTooManyRequests):
		r.stats.result("redis", "skipped")
		return nil, false
	case errors.Is(err, redis.Nil):
		r.stats.latency(time.Since(start))
		r.stats.lookup("redis", false)
		return nil, false
	case err != nil:
		r.stats.result("redis", "error")
		return nil, false
	}
	r.stats.latency(time.Since(start))
	return r.open(key, data)
}

// open checks a value read from Redis under key and counts the lookup.
func (r *Redis) open(key string, data []byte) ([]byte, bool) {
	payload, reason := r.sealer.unseal(r.cfg.Prefix+key, data, r.cfg.MaxValue)
	if reason != "" {
		r.stats.reject("redis", reason)
		return nil, false
	}
	r.stats.lookup("redis", true)
	return payload, true
}

// GetMany returns the values under keys (nil where missing) with one
// pipelined round trip of GETs: a slow or failing Redis costs one timeout,
// not one per key. A pipeline rather than MGET, because a Cluster splits a
// pipeline across its shards but refuses an MGET whose keys hash to
// different slots.
func (r *Redis) GetMany(ctx context.Context, keys []string) [][]byte {
	out := make([][]byte, len(keys))
	if len(keys) == 0 {
		return out
	}
	start := time.Now()
	var cmds []*redis.StringCmd
	_, err := r.breaker.Execute(func() ([]byte, error) {
		ctx, cancel := context.WithTimeout(ctx, r.cfg.Timeout)
		defer cancel()
		_, err := r.client.Pipelined(ctx, func(p redis.Pipeliner) error {
			cmds = cmds[:0]
			for _, k := range keys {
				cmds = append(cmds, p.Get(ctx, r.cfg.Prefix+k))
			}
			return nil
		})
		if errors.Is(err, redis.Nil) {
			err = nil // some keys missing: each command says which
		}
		return nil, err
	})
	switch {
	case errors.Is(err, gobreaker.ErrOpenState), errors.Is(err, gobreaker.ErrTooManyRequests):
		r.stats.result("redis", "skipped")
		return out
	case err != nil:
		r.stats.result("redis", "error")
		return out
	}
	r.stats.latency(time.Since(start))
	for i, cmd := range cmds {
		data, err := cmd.Bytes()
		if err != nil {
			r.stats.lookup("redis", false)
			continue
		}
		out[i], _ = r.open(keys[i], data)
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
	for {
		select {
		case <-r.closed:
			return
		case w := <-r.queue:
			_, err := r.breaker.Execute(func() ([]byte, error) {
				ctx, cancel := context.WithTimeout(context.Background(), r.cfg.Timeout)
				defer cancel()
				full := r.cfg.Prefix + w.key
				return nil, r.client.Set(ctx, full, r.sealer.seal(full, w.value), r.cfg.TTL).Err()
			})
			switch {
			case errors.Is(err, gobreaker.ErrOpenState), errors.Is(err, gobreaker.ErrTooManyRequests):
				r.stats.write("redis", "skipped")
			case err != nil:
				r.stats.write("redis", "error")
			default:
				r.stats.write("redis", "ok")
			}
		}
	}
}

// Close stops the writers (pending writes are dropped) and the client.
func (r *Redis) Close() error {
	r.once.Do(func() { close(r.closed) })
	r.wg.Wait()
	return r.client.Close()
}

// Ping reports whether Redis answers now, for start-up logs.
func (r *Redis) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 4*r.cfg.Timeout)
	defer cancel()
	return r.client.Ping(ctx).Err()
}
