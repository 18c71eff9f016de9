package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"

	"github.com/adjudicator/adjudicator/internal/cache"
	"github.com/adjudicator/adjudicator/internal/handlers"
)

// serveConfig is everything serve reads from flags and the environment.
type serveConfig struct {
	addr         string
	metricsAddr  string // "" serves /metrics on addr
	logLevel     string
	drainTimeout time.Duration
	// shutdownDelay keeps the listener open, /readyz answering 503, this
	// long after SIGTERM, so load balancers stop sending before it closes.
	shutdownDelay time.Duration
	http          handlers.Config
	cacheSize     int
	cacheBytes    int64
	cacheMax      int
	cacheTTL      time.Duration
	redis         cache.RedisConfig
}

// envOr returns the environment variable name, or def when it is unset.
func envOr(name, def string) string {
	if v, ok := os.LookupEnv(name); ok {
		return v
	}
	return def
}

// envValues reads typed defaults from ADJUDICATOR_* variables, keeping the
// first malformed one as its error.
type envValues struct{ err error }

func (e *envValues) parse(name string, parse func(string) error) {
	if text, ok := os.LookupEnv(name); ok && e.err == nil {
		if err := parse(text); err != nil {
			e.err = fmt.Errorf("%s: %w", name, err)
		}
	}
}

func (e *envValues) duration(name string, def time.Duration) time.Duration {
	e.parse(name, func(t string) (err error) { def, err = time.ParseDuration(t); return })
	return def
}

func (e *envValues) int(name string, def int) int {
	e.parse(name, func(t string) (err error) { def, err = strconv.Atoi(t); return })
	return def
}

func (e *envValues) int64(name string, def int64) int64 {
	e.parse(name, func(t string) (err error) { def, err = strconv.ParseInt(t, 10, 64); return })
	return def
}

func (e *envValues) uint64(name string, def uint64) uint64 {
	e.parse(name, func(t string) (err error) { def, err = strconv.ParseUint(t, 10, 64); return })
	return def
}

// parseServe reads the flags; each defaults to its ADJUDICATOR_* environment
// variable and then to the built-in default.
func parseServe(args []string, stderr io.Writer) (serveConfig, error) {
	def := handlers.DefaultConfig()
	rd := cache.DefaultRedisConfig()
	var env envValues
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c serveConfig
	fs.StringVar(&c.addr, "addr", envOr("ADJUDICATOR_ADDR", ":8080"), "listen address (ADJUDICATOR_ADDR)")
	fs.StringVar(&c.metricsAddr, "metrics-addr", envOr("ADJUDICATOR_METRICS_ADDR", ""), "listen address of /metrics alone, so it stays off a public ingress; empty: /metrics on --addr (ADJUDICATOR_METRICS_ADDR)")
	corsOrigins := fs.String("cors-origins", envOr("ADJUDICATOR_CORS_ORIGINS", ""), "comma-separated origins whose pages may call the service from a browser (https://site.example), or *; empty: CORS off (ADJUDICATOR_CORS_ORIGINS)")
	fs.StringVar(&c.logLevel, "log-level", envOr("ADJUDICATOR_LOG_LEVEL", "info"), "debug, info, warn or error (ADJUDICATOR_LOG_LEVEL)")
	fs.DurationVar(&c.drainTimeout, "drain-timeout", env.duration("ADJUDICATOR_DRAIN_TIMEOUT", 15*time.Second), "how long shutdown waits for requests in flight (ADJUDICATOR_DRAIN_TIMEOUT)")
	fs.DurationVar(&c.shutdownDelay, "shutdown-delay", env.duration("ADJUDICATOR_SHUTDOWN_DELAY", 0), "on SIGTERM, how long /readyz answers 503 before the listener closes (ADJUDICATOR_SHUTDOWN_DELAY)")
	fs.DurationVar(&c.http.RequestTimeout, "request-timeout", env.duration("ADJUDICATOR_REQUEST_TIMEOUT", def.RequestTimeout), "time budget of one request (ADJUDICATOR_REQUEST_TIMEOUT)")
	fs.Int64Var(&c.http.MaxBodyBytes, "max-body-bytes", env.int64("ADJUDICATOR_MAX_BODY_BYTES", def.MaxBodyBytes), "largest request body (ADJUDICATOR_MAX_BODY_BYTES)")
	fs.IntVar(&c.http.MaxMoves, "max-moves", env.int("ADJUDICATOR_MAX_MOVES", def.MaxMoves), "most moves in one adjudication (ADJUDICATOR_MAX_MOVES)")
	fs.Int64Var(&c.http.MaxBulkBytes, "max-bulk-bytes", env.int64("ADJUDICATOR_MAX_BULK_BYTES", def.MaxBulkBytes), "largest body of a bulk adjudication, NDJSON or a PGN file (ADJUDICATOR_MAX_BULK_BYTES)")
	fs.IntVar(&c.http.MaxBulkGames, "max-bulk-games", env.int("ADJUDICATOR_MAX_BULK_GAMES", def.MaxBulkGames), "most games in one bulk adjudication (ADJUDICATOR_MAX_BULK_GAMES)")
	fs.IntVar(&c.http.MaxPerftDepth, "max-perft-depth", env.int("ADJUDICATOR_MAX_PERFT_DEPTH", def.MaxPerftDepth), "deepest perft (ADJUDICATOR_MAX_PERFT_DEPTH)")
	fs.Uint64Var(&c.http.MaxPerftNodes, "max-perft-nodes", env.uint64("ADJUDICATOR_MAX_PERFT_NODES", def.MaxPerftNodes), "largest perft count (ADJUDICATOR_MAX_PERFT_NODES)")
	fs.IntVar(&c.http.HeavyWorkers, "heavy-workers", env.int("ADJUDICATOR_HEAVY_WORKERS", def.HeavyWorkers), "heavy computations (perft, long replays, inline definitions) run at once; default GOMAXPROCS (ADJUDICATOR_HEAVY_WORKERS)")
	fs.IntVar(&c.http.HeavyQueue, "heavy-queue", env.int("ADJUDICATOR_HEAVY_QUEUE", def.HeavyQueue), "heavy computations waiting for a worker; beyond, 429 overloaded; default twice GOMAXPROCS (ADJUDICATOR_HEAVY_QUEUE)")
	fs.IntVar(&c.http.MaxAnswerBytes, "max-answer-bytes", env.int("ADJUDICATOR_MAX_ANSWER_BYTES", def.MaxAnswerBytes), "largest answer of one request (and line of a bulk answer); work that would pass it stops with 422 limit-exceeded (ADJUDICATOR_MAX_ANSWER_BYTES)")
	fs.IntVar(&c.http.BulkBufferBytes, "bulk-buffer-bytes", env.int("ADJUDICATOR_BULK_BUFFER_BYTES", def.BulkBufferBytes), "bytes of games read ahead and answers not yet written that one bulk stream may hold (ADJUDICATOR_BULK_BUFFER_BYTES)")
	fs.IntVar(&c.http.InlineVariants, "inline-variants", env.int("ADJUDICATOR_INLINE_VARIANTS", def.InlineVariants), "most compiled inline definitions kept in memory (ADJUDICATOR_INLINE_VARIANTS)")
	fs.Int64Var(&c.http.InlineCacheBytes, "inline-cache-bytes", env.int64("ADJUDICATOR_INLINE_CACHE_BYTES", def.InlineCacheBytes), "most bytes of compiled inline definitions kept in memory, by their estimated footprint (ADJUDICATOR_INLINE_CACHE_BYTES)")
	fs.Int64Var(&c.http.MaxStateBytes, "max-state-bytes", env.int64("ADJUDICATOR_MAX_STATE_BYTES", def.MaxStateBytes), "most bytes of game states (keys and values) one adjudication, or one game of a bulk one, writes to the cache; the checkpoints past it are skipped; 0: none (ADJUDICATOR_MAX_STATE_BYTES)")
	fs.IntVar(&c.cacheSize, "cache-size", env.int("ADJUDICATOR_CACHE_SIZE", 10000), "answers kept in the in-process cache; 0: none (ADJUDICATOR_CACHE_SIZE)")
	fs.Int64Var(&c.cacheBytes, "cache-bytes", env.int64("ADJUDICATOR_CACHE_BYTES", 128<<20), "bytes the in-process cache may hold, keys and values plus 256 per entry; 0: none (ADJUDICATOR_CACHE_BYTES)")
	fs.IntVar(&c.cacheMax, "cache-max-value", env.int("ADJUDICATOR_CACHE_MAX_VALUE", 1<<20), "largest cached answer in bytes (ADJUDICATOR_CACHE_MAX_VALUE)")
	fs.DurationVar(&c.cacheTTL, "cache-ttl", env.duration("ADJUDICATOR_CACHE_TTL", 24*time.Hour), "lifetime of cached answers, in memory and in Redis (ADJUDICATOR_CACHE_TTL)")
	fs.StringVar(&c.redis.URL, "redis-url", envOr("ADJUDICATOR_REDIS_URL", ""), "Redis URL, redis:// or rediss://; empty: no Redis (ADJUDICATOR_REDIS_URL)")
	fs.StringVar(&c.redis.Mode, "redis-mode", envOr("ADJUDICATOR_REDIS_MODE", rd.Mode), "single, cluster or sentinel (ADJUDICATOR_REDIS_MODE)")
	fs.StringVar(&c.redis.Prefix, "redis-prefix", envOr("ADJUDICATOR_REDIS_PREFIX", rd.Prefix), "prefix of every Redis key (ADJUDICATOR_REDIS_PREFIX)")
	fs.StringVar(&c.redis.MasterName, "redis-master-name", envOr("ADJUDICATOR_REDIS_MASTER_NAME", ""), "sentinel mode: name of the master the sentinels watch, instead of the URL's master_name (ADJUDICATOR_REDIS_MASTER_NAME)")
	fs.DurationVar(&c.redis.Timeout, "redis-timeout", env.duration("ADJUDICATOR_REDIS_TIMEOUT", rd.Timeout), "timeout of a Redis read of one key; a timeout is a miss and starts a probe (ADJUDICATOR_REDIS_TIMEOUT)")
	fs.DurationVar(&c.redis.ManyTimeout, "redis-read-many-timeout", env.duration("ADJUDICATOR_REDIS_READ_MANY_TIMEOUT", rd.ManyTimeout), "timeout of a Redis read of several keys in one pipeline (ADJUDICATOR_REDIS_READ_MANY_TIMEOUT)")
	fs.DurationVar(&c.redis.WriteTimeout, "redis-write-timeout", env.duration("ADJUDICATOR_REDIS_WRITE_TIMEOUT", rd.WriteTimeout), "timeout of a background Redis write (ADJUDICATOR_REDIS_WRITE_TIMEOUT)")
	fs.DurationVar(&c.redis.DialTimeout, "redis-dial-timeout", env.duration("ADJUDICATOR_REDIS_DIAL_TIMEOUT", rd.DialTimeout), "timeout of opening a Redis connection (ADJUDICATOR_REDIS_DIAL_TIMEOUT)")
	fs.DurationVar(&c.redis.ProbeTimeout, "redis-probe-timeout", env.duration("ADJUDICATOR_REDIS_PROBE_TIMEOUT", rd.ProbeTimeout), "timeout of the PING that a timed-out call starts; its failure opens the breaker (ADJUDICATOR_REDIS_PROBE_TIMEOUT)")
	fs.IntVar(&c.redis.BreakerFailures, "redis-breaker-failures", env.int("ADJUDICATOR_REDIS_BREAKER_FAILURES", rd.BreakerFailures), "consecutive failed Redis connections (not timeouts) that open the breaker (ADJUDICATOR_REDIS_BREAKER_FAILURES)")
	fs.DurationVar(&c.redis.BreakerOpen, "redis-breaker-open", env.duration("ADJUDICATOR_REDIS_BREAKER_OPEN", rd.BreakerOpen), "how long the open breaker skips Redis before it tries again (ADJUDICATOR_REDIS_BREAKER_OPEN)")
	if env.err != nil {
		return c, env.err
	}
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	origins, err := handlers.ParseOrigins(*corsOrigins)
	if err != nil {
		return c, err
	}
	c.http.CORSOrigins = origins
	c.http.SeparateMetrics = c.metricsAddr != ""
	c.http.Version = version
	switch {
	case c.http.MaxBodyBytes < 1, c.http.MaxMoves < 1, c.http.MaxBulkBytes < 1, c.http.MaxBulkGames < 1, c.http.MaxPerftDepth < 1, c.http.MaxPerftNodes < 1,
		c.http.InlineVariants < 1, c.http.InlineCacheBytes < 1, c.http.MaxAnswerBytes < 1, c.http.BulkBufferBytes < 1, c.http.RequestTimeout <= 0, c.drainTimeout <= 0, c.shutdownDelay < 0,
		c.cacheSize < 0, c.cacheBytes < 0, c.http.MaxStateBytes < 0, c.cacheMax < 1, c.cacheTTL <= 0, c.redis.Timeout <= 0, c.redis.ManyTimeout <= 0,
		c.redis.WriteTimeout <= 0, c.redis.DialTimeout <= 0, c.redis.ProbeTimeout <= 0, c.redis.BreakerFailures < 1, c.redis.BreakerOpen <= 0:
		return c, errors.New("limits, timeouts and redis-breaker-* must be positive (cache-size, cache-bytes, max-state-bytes and shutdown-delay may be 0)")
	}
	if c.http.HeavyWorkers < 1 || c.http.HeavyQueue < 0 {
		return c, errors.New("heavy-workers must be positive and heavy-queue at least 0")
	}
	c.redis.Password = os.Getenv("ADJUDICATOR_REDIS_PASSWORD")
	c.redis.SentinelPassword = os.Getenv("ADJUDICATOR_REDIS_SENTINEL_PASSWORD")
	c.redis.Secret = []byte(os.Getenv("ADJUDICATOR_CACHE_SECRET"))
	if err := checkSecret(c.redis); err != nil {
		return c, err
	}
	c.redis.TTL, c.redis.MaxValue = c.cacheTTL, c.cacheMax
	c.redis.Writers, c.redis.Queue = rd.Writers, rd.Queue
	return c, nil
}

// checkSecret refuses a Redis tier without a strong secret: anyone who can
// write to the Redis could otherwise change every replica's answers. The
// secret comes from the environment only, never a flag, which ps would
// show; its bytes are the key as they stand (nothing is decoded).
func checkSecret(rc cache.RedisConfig) error {
	const how = "at least 32 random bytes, the same on every replica, e.g. `openssl rand -base64 48`"
	switch {
	case rc.URL == "":
		return nil
	case len(rc.Secret) == 0:
		return fmt.Errorf("ADJUDICATOR_CACHE_SECRET must be set when Redis is configured: %s", how)
	case len(rc.Secret) < cache.MinSecretBytes:
		return fmt.Errorf("ADJUDICATOR_CACHE_SECRET is %d bytes; it must be %s", len(rc.Secret), how)
	}
	return nil
}

func newLogger(level string) (*zap.Logger, error) {
	lvl, err := zapcore.ParseLevel(level)
	if err != nil {
		return nil, err
	}
	cfg := zap.NewProductionConfig()
	cfg.Level = zap.NewAtomicLevelAt(lvl)
	cfg.Sampling = nil
	return cfg.Build()
}

// newCache builds the in-process cache and, with a Redis URL, the Redis
// tier behind it. Redis need not answer at start: it is only an accelerator.
func newCache(ctx context.Context, cfg serveConfig, log *zap.Logger, reg *prometheus.Registry) (handlers.Cache, func(), error) {
	stats := cache.NewMetrics(reg)
	var mem *cache.Memory
	if cfg.cacheSize > 0 && cfg.cacheBytes > 0 {
		mem = cache.NewMemory(cache.MemoryConfig{Entries: cfg.cacheSize, Bytes: cfg.cacheBytes,
			MaxValue: cfg.cacheMax, TTL: cfg.cacheTTL}, stats)
	}
	if cfg.redis.URL == "" {
		if mem == nil {
			return nil, func() {}, nil
		}
		return mem, func() {}, nil
	}
	rc, err := cache.NewRedis(cfg.redis, stats)
	if err != nil {
		return nil, nil, err
	}
	if err := rc.Ping(ctx); err != nil {
		log.Warn("redis does not answer yet; serving from the in-process cache and computation", zap.Error(err))
	} else {
		log.Info("redis connected", zap.String("mode", cfg.redis.Mode))
	}
	if mem == nil {
		return rc, func() { _ = rc.Close() }, nil
	}
	return &cache.Tiered{Memory: mem, Redis: rc}, func() { _ = rc.Close() }, nil
}

func runServe(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseServe(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return 0
	}
	if err != nil {
		fmt.Fprintf(stderr, "serve: %v\n", err)
		return 2
	}
	log, err := newLogger(cfg.logLevel)
	if err != nil {
		fmt.Fprintf(stderr, "serve: log level: %v\n", err)
		return 2
	}
	defer func() { _ = log.Sync() }()
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()
	if err := serve(ctx, cfg, log, nil); err != nil {
		log.Error("serve", zap.Error(err))
		return 1
	}
	return 0
}

// serve runs the server until ctx is done, then drains: /readyz turns 503,
// the listener closes, requests in flight finish (up to the drain timeout).
// ready, when not nil, receives the listening address.
func serve(ctx context.Context, cfg serveConfig, log *zap.Logger, ready chan<- string) error {
	reg := prometheus.NewRegistry()
	c, closeCache, err := newCache(ctx, cfg, log, reg)
	if err != nil {
		return err
	}
	defer closeCache()
	srv, err := handlers.New(cfg.http, log, c, reg)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.addr)
	if err != nil {
		return err
	}
	hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: 30 * time.Second, WriteTimeout: cfg.http.RequestTimeout + 30*time.Second, IdleTimeout: 2 * time.Minute}
	errc := make(chan error, 2)
	go func() { errc <- hs.Serve(ln) }()
	var ms *http.Server
	if cfg.metricsAddr != "" {
		mln, err := net.Listen("tcp", cfg.metricsAddr)
		if err != nil {
			_ = hs.Close()
			return err
		}
		mux := http.NewServeMux()
		mux.Handle("GET /metrics", srv.MetricsHandler())
		ms = &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
			WriteTimeout: 30 * time.Second, IdleTimeout: 2 * time.Minute}
		go func() { errc <- ms.Serve(mln) }()
		log.Info("metrics listening", zap.String("addr", mln.Addr().String()))
	}
	log.Info("listening", zap.String("addr", ln.Addr().String()), zap.String("version", version))
	if ready != nil {
		ready <- ln.Addr().String()
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	// A second signal now ends the process at once.
	signal.Reset(syscall.SIGTERM, os.Interrupt)
	log.Info("shutting down", zap.Duration("shutdown_delay", cfg.shutdownDelay), zap.Duration("drain_timeout", cfg.drainTimeout))
	srv.Drain()
	time.Sleep(cfg.shutdownDelay)
	sctx, cancel := context.WithTimeout(context.Background(), cfg.drainTimeout)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if ms != nil {
		// Last, so that the drain's final counts can still be scraped.
		if err := ms.Shutdown(sctx); err != nil {
			return fmt.Errorf("shutdown of the metrics listener: %w", err)
		}
	}
	log.Info("stopped")
	return nil
}
