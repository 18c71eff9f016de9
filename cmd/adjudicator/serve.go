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
	logLevel     string
	drainTimeout time.Duration
	http         handlers.Config
	cacheSize    int
	cacheMax     int
	cacheTTL     time.Duration
	redis        cache.RedisConfig
}

// envOr returns the environment variable name, or def when it is unset.
func envOr(name, def string) string {
	if v, ok := os.LookupEnv(name); ok {
		return v
	}
	return def
}

// parseServe reads the flags, each defaulting to its ADJUDICATOR_*
// environment variable and then to the built-in default.
func parseServe(args []string, stderr io.Writer) (serveConfig, error) {
	def := handlers.DefaultConfig()
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var c serveConfig
	var maxBody int64
	var maxNodes uint64
	fs.StringVar(&c.addr, "addr", envOr("ADJUDICATOR_ADDR", ":8080"), "listen address (ADJUDICATOR_ADDR)")
	fs.StringVar(&c.logLevel, "log-level", envOr("ADJUDICATOR_LOG_LEVEL", "info"), "debug, info, warn or error (ADJUDICATOR_LOG_LEVEL)")
	fs.DurationVar(&c.drainTimeout, "drain-timeout", 0, "how long shutdown waits for requests in flight (ADJUDICATOR_DRAIN_TIMEOUT, default 15s)")
	fs.DurationVar(&c.http.RequestTimeout, "request-timeout", 0, "time budget of one request (ADJUDICATOR_REQUEST_TIMEOUT, default 10s)")
	fs.Int64Var(&maxBody, "max-body-bytes", 0, "largest request body (ADJUDICATOR_MAX_BODY_BYTES, default 1048576)")
	fs.IntVar(&c.http.MaxMoves, "max-moves", 0, "most moves in one adjudication (ADJUDICATOR_MAX_MOVES, default 5000)")
	fs.IntVar(&c.http.MaxPerftDepth, "max-perft-depth", 0, "deepest perft (ADJUDICATOR_MAX_PERFT_DEPTH, default 7)")
	fs.Uint64Var(&maxNodes, "max-perft-nodes", 0, "largest perft count (ADJUDICATOR_MAX_PERFT_NODES, default 200000000)")
	fs.IntVar(&c.http.InlineVariants, "inline-variants", 0, "compiled inline definitions kept in memory (ADJUDICATOR_INLINE_VARIANTS, default 64)")
	rd := cache.DefaultRedisConfig()
	fs.IntVar(&c.cacheSize, "cache-size", 0, "answers kept in the in-process cache (ADJUDICATOR_CACHE_SIZE, default 10000)")
	fs.IntVar(&c.cacheMax, "cache-max-value", 0, "largest cached answer in bytes (ADJUDICATOR_CACHE_MAX_VALUE, default 1048576)")
	fs.DurationVar(&c.cacheTTL, "cache-ttl", 0, "lifetime of cached answers, in memory and in Redis (ADJUDICATOR_CACHE_TTL, default 24h)")
	fs.StringVar(&c.redis.URL, "redis-url", envOr("ADJUDICATOR_REDIS_URL", ""), "Redis URL, redis:// or rediss://; empty: no Redis (ADJUDICATOR_REDIS_URL)")
	fs.StringVar(&c.redis.Mode, "redis-mode", envOr("ADJUDICATOR_REDIS_MODE", rd.Mode), "single, cluster or sentinel (ADJUDICATOR_REDIS_MODE)")
	fs.StringVar(&c.redis.Prefix, "redis-prefix", envOr("ADJUDICATOR_REDIS_PREFIX", rd.Prefix), "prefix of every Redis key (ADJUDICATOR_REDIS_PREFIX)")
	fs.DurationVar(&c.redis.Timeout, "redis-timeout", 0, "timeout of one Redis call (ADJUDICATOR_REDIS_TIMEOUT, default 50ms)")
	if err := fs.Parse(args); err != nil {
		return c, err
	}
	if fs.NArg() > 0 {
		return c, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	c.http.MaxBodyBytes = maxBody
	c.http.MaxPerftNodes = maxNodes
	settings := []struct {
		env  string
		dst  any
		def  any
		zero bool
	}{
		{"ADJUDICATOR_DRAIN_TIMEOUT", &c.drainTimeout, 15 * time.Second, c.drainTimeout == 0},
		{"ADJUDICATOR_REQUEST_TIMEOUT", &c.http.RequestTimeout, def.RequestTimeout, c.http.RequestTimeout == 0},
		{"ADJUDICATOR_MAX_BODY_BYTES", &c.http.MaxBodyBytes, def.MaxBodyBytes, c.http.MaxBodyBytes == 0},
		{"ADJUDICATOR_MAX_MOVES", &c.http.MaxMoves, def.MaxMoves, c.http.MaxMoves == 0},
		{"ADJUDICATOR_MAX_PERFT_DEPTH", &c.http.MaxPerftDepth, def.MaxPerftDepth, c.http.MaxPerftDepth == 0},
		{"ADJUDICATOR_MAX_PERFT_NODES", &c.http.MaxPerftNodes, def.MaxPerftNodes, c.http.MaxPerftNodes == 0},
		{"ADJUDICATOR_INLINE_VARIANTS", &c.http.InlineVariants, def.InlineVariants, c.http.InlineVariants == 0},
		{"ADJUDICATOR_CACHE_SIZE", &c.cacheSize, 10000, c.cacheSize == 0},
		{"ADJUDICATOR_CACHE_MAX_VALUE", &c.cacheMax, 1 << 20, c.cacheMax == 0},
		{"ADJUDICATOR_CACHE_TTL", &c.cacheTTL, 24 * time.Hour, c.cacheTTL == 0},
		{"ADJUDICATOR_REDIS_TIMEOUT", &c.redis.Timeout, rd.Timeout, c.redis.Timeout == 0},
	}
	for _, s := range settings {
		if !s.zero {
			continue
		}
		if err := setFromEnv(s.env, s.dst, s.def); err != nil {
			return c, err
		}
	}
	if c.http.MaxBodyBytes < 1 || c.http.MaxMoves < 1 || c.http.MaxPerftDepth < 1 || c.http.InlineVariants < 1 ||
		c.http.RequestTimeout <= 0 || c.cacheSize < 1 || c.cacheMax < 1 || c.cacheTTL <= 0 || c.redis.Timeout <= 0 {
		return c, errors.New("limits must be positive")
	}
	c.redis.Password = os.Getenv("ADJUDICATOR_REDIS_PASSWORD")
	c.redis.TTL, c.redis.MaxValue = c.cacheTTL, c.cacheMax
	c.redis.BreakerFailures, c.redis.BreakerOpen = rd.BreakerFailures, rd.BreakerOpen
	c.redis.Writers, c.redis.Queue = rd.Writers, rd.Queue
	return c, nil
}

// setFromEnv sets *dst from the environment variable, or to def when unset.
func setFromEnv(name string, dst, def any) error {
	text, ok := os.LookupEnv(name)
	var err error
	switch d := dst.(type) {
	case *time.Duration:
		*d = def.(time.Duration)
		if ok {
			*d, err = time.ParseDuration(text)
		}
	case *int64:
		*d = def.(int64)
		if ok {
			*d, err = strconv.ParseInt(text, 10, 64)
		}
	case *int:
		*d = def.(int)
		if ok {
			*d, err = strconv.Atoi(text)
		}
	case *uint64:
		*d = def.(uint64)
		if ok {
			*d, err = strconv.ParseUint(text, 10, 64)
		}
	}
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
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
	mem := cache.NewMemory(cfg.cacheSize, cfg.cacheMax, cfg.cacheTTL, stats)
	if cfg.redis.URL == "" {
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
	return &cache.Tiered{Memory: mem, Redis: rc}, func() { _ = rc.Close() }, nil
}

func runServe(args []string, stdout, stderr io.Writer) int {
	cfg, err := parseServe(args, stderr)
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
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	log.Info("listening", zap.String("addr", ln.Addr().String()))
	if ready != nil {
		ready <- ln.Addr().String()
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down", zap.Duration("drain_timeout", cfg.drainTimeout))
	srv.Drain()
	sctx, cancel := context.WithTimeout(context.Background(), cfg.drainTimeout)
	defer cancel()
	if err := hs.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	log.Info("stopped")
	return nil
}
