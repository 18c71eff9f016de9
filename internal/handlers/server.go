// Package handlers is the HTTP layer of Adjudicator: the echo server, the
// OpenAPI request validation, the handlers of every endpoint, and the one
// place where errors become problem+json. Handlers decode, call the rules
// engine and encode; the engine knows nothing of HTTP.
package handlers

import (
	"context"
	"net/http"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
	"golang.org/x/sync/singleflight"

	"github.com/adjudicator/adjudicator/internal/playground"
	"github.com/adjudicator/adjudicator/internal/rules"
)

// Config holds the limits and settings of the HTTP layer.
type Config struct {
	MaxBodyBytes   int64         // largest request body accepted
	MaxMoves       int           // most moves in one adjudication
	MaxBulkBytes   int64         // largest body of a bulk adjudication (NDJSON)
	MaxBulkGames   int           // most games in one bulk adjudication
	MaxPerftDepth  int           // deepest perft
	MaxPerftNodes  uint64        // largest perft count
	RequestTimeout time.Duration // time budget of one request's computation
	InlineVariants int           // compiled inline definitions kept in memory
	HeavyWorkers   int           // heavy computations run at once; below 1: GOMAXPROCS
	HeavyQueue     int           // heavy computations waiting for a worker; more get 429
	MaxAnswerBytes int           // largest answer of one request, or one line of a bulk stream
	// BulkBufferBytes bounds the lines read ahead and the answers not yet
	// written that one bulk stream holds.
	BulkBufferBytes int

	// InlineCacheBytes bounds the footprints (rules.Variant.Footprint) of
	// the compiled inline definitions kept in memory.
	InlineCacheBytes int64
	// MaxStateBytes bounds the bytes of game states (keys and values, as
	// handed to the cache) that one request, or one game of a bulk
	// request, writes; states past it are skipped (games.go, store). 0: none.
	MaxStateBytes int64

	// CORSOrigins are the origins whose pages may call the service from a
	// browser (ParseOrigins); none: CORS is off.
	CORSOrigins []string
	// SeparateMetrics leaves /metrics off this handler: the binary serves
	// MetricsHandler on its own port.
	SeparateMetrics bool
	// Version is the build's version, in adjudicator_build_info.
	Version string
}

// DefaultConfig returns the defaults documented in the README.
func DefaultConfig() Config {
	return Config{
		MaxBodyBytes:    1 << 20,
		MaxMoves:        5000,
		MaxBulkBytes:    256 << 20,
		MaxBulkGames:    100_000,
		MaxPerftDepth:   7,
		MaxPerftNodes:   200_000_000,
		RequestTimeout:  10 * time.Second,
		InlineVariants:  64,
		HeavyWorkers:    runtime.GOMAXPROCS(0),
		HeavyQueue:      2 * runtime.GOMAXPROCS(0),
		MaxAnswerBytes:  16 << 20,
		BulkBufferBytes: 8 << 20,

		InlineCacheBytes: 512 << 20,
		MaxStateBytes:    defaultMaxStateBytes,
	}
}

// Cache stores computed answers by key. Implementations must be safe for
// concurrent use, must never block a response on a slow backend, and may
// forget anything at any time.
type Cache interface {
	Get(ctx context.Context, key string) ([]byte, bool)
	Set(ctx context.Context, key string, value []byte)
}

// Server is the HTTP service.
type Server struct {
	cfg      Config
	echo     *echo.Echo
	log      *zap.Logger
	metrics  *metrics
	cache    Cache
	variants *variantResolver
	spec     *spec
	answers  *answers
	known    *known             // requests answered before, by their bytes (known.go)
	pool     *pool              // heavy work (admission.go)
	flight   singleflight.Group // concurrent identical adjudications replay once
	registry *prometheus.Registry
	draining atomic.Bool
}

// New builds the server. cache may be nil (no caching); reg receives the
// metrics (use a fresh prometheus.NewRegistry per server).
func New(cfg Config, log *zap.Logger, cache Cache, reg *prometheus.Registry) (*Server, error) {
	sp, err := loadSpec()
	if err != nil {
		return nil, err
	}
	// Compile the built-in variants now, not on the first request.
	if _, err := rules.Builtins(); err != nil {
		return nil, err
	}
	if cfg.Version == "" {
		cfg.Version = "dev"
	}
	if cfg.MaxAnswerBytes < 1 {
		cfg.MaxAnswerBytes = DefaultConfig().MaxAnswerBytes
	}
	if cfg.BulkBufferBytes < 1 {
		cfg.BulkBufferBytes = DefaultConfig().BulkBufferBytes
	}
	s := &Server{cfg: cfg, log: log, cache: cache, spec: sp, metrics: newMetrics(reg, cfg.Version), registry: reg,
		variants: newVariantResolver(cfg.InlineVariants, cfg.InlineCacheBytes), answers: &answers{cache: cache, maxBytes: cfg.MaxAnswerBytes, flight: flightGroup{budget: cfg.RequestTimeout}},
	}
	s.known = newKnown(cache, s.metrics.known)
	registerInlineGauges(reg, s.variants)
	s.pool = newPool(cfg.HeavyWorkers, cfg.HeavyQueue, s.metrics)
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	e.HTTPErrorHandler = s.handleError
	e.Use(assignRequestID)
	e.Use(s.observe)
	e.Use(noStore)
	if len(cfg.CORSOrigins) > 0 {
		e.Use(cors(cfg.CORSOrigins))
	}
	e.Use(compress())
	e.Use(s.validate)
	s.routes(e, reg)
	s.echo = e
	return s, nil
}

// Handler returns the server's http.Handler.
func (s *Server) Handler() http.Handler { return s.echo }

// MetricsHandler serves the Prometheus metrics, for a listener of their
// own (Config.SeparateMetrics).
func (s *Server) MetricsHandler() http.Handler { return metricsHandler(s.registry) }

// Drain marks the server as shutting down: /readyz answers 503 from now on.
func (s *Server) Drain() { s.draining.Store(true) }

func (s *Server) routes(e *echo.Echo, reg *prometheus.Registry) {
	// get routes GET and HEAD alike: a HEAD answer is the GET answer's
	// status and headers, net/http drops the body.
	get := func(path string, h echo.HandlerFunc, m ...echo.MiddlewareFunc) {
		e.GET(path, h, m...)
		e.HEAD(path, h, m...)
	}
	// Answers that change only with a deploy carry validators (ETag, 304).
	static := func(path string, h echo.HandlerFunc) { get(path, h, revalidate) }
	static("/v1/variants", s.listVariants)
	static("/v1/variants/:id", s.getVariant)
	e.POST("/v1/legal-moves", s.legalMoves)
	e.POST("/v1/status", s.status)
	e.POST("/v1/validate-move", s.validateMove)
	e.POST("/v1/games/adjudicate", s.adjudicate)
	e.POST("/v1/games/adjudicate/bulk", s.adjudicateBulk)
	e.POST("/v1/perft", s.perft)
	e.POST("/v1/setups", s.setup)
	e.POST("/v1/variants/import", s.importVariants)
	get("/v1/board.svg", s.boardSVGQuery)
	e.POST("/v1/board.svg", s.boardSVG)
	static("/openapi.yaml", s.openAPI)
	s.docsRoutes(static)
	static("/problems", s.problemIndexPage)
	static("/problems/:code", s.problemPage)
	static(playground.Path, playground.Handler)
	get("/livez", s.livez)
	get("/readyz", s.readyz)
	if !s.cfg.SeparateMetrics {
		get("/metrics", echo.WrapHandler(metricsHandler(reg)))
	}
}

func (s *Server) livez(c echo.Context) error {
	return c.JSON(http.StatusOK, map[string]string{"status": "ok"})
}

func (s *Server) readyz(c echo.Context) error {
	if s.draining.Load() {
		return c.JSON(http.StatusServiceUnavailable, map[string]string{"status": "shutting-down"})
	}
	return c.JSON(http.StatusOK, map[string]string{"status": "ready"})
}

// handleError is echo's error handler: every error becomes problem+json,
// logged once here.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	p := toProblem(err)
	p.Instance = c.Request().URL.Path
	c.Set("problem", p)
	if p.Status >= 500 {
		c.Set("cause", err)
	}
	c.Response().Header().Set(echo.HeaderContentType, "application/problem+json")
	s.setRetryAfter(c, p)
	if c.Request().Method == http.MethodHead {
		_ = c.NoContent(p.Status)
		return
	}
	_ = c.JSON(p.Status, p)
}
