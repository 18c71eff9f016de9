package handlers

import (
	"net/http"
	"runtime"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// metrics are the service's Prometheus metrics. Labels are routes (the
// pattern, never the raw path), methods and status codes: never a FEN or a
// move.
type metrics struct {
	requests  *prometheus.CounterVec
	inflight  prometheus.Gauge
	latency   *prometheus.HistogramVec
	plies     prometheus.Counter
	positions prometheus.Counter
	leaves    prometheus.Counter
	inline    *prometheus.CounterVec
	known     prometheus.Counter // answers found by the request's bytes (known.go)
	// The pool of heavy work (admission.go).
	heavyInflight prometheus.Gauge
	heavyQueued   prometheus.Gauge
	heavyRejected prometheus.Counter
	bulkStreams   prometheus.Gauge // bulk streams admitted (bulk.go)
}

func newMetrics(reg *prometheus.Registry, version string) *metrics {
	m := &metrics{
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "adjudicator_http_requests_total",
			Help: "HTTP requests by route, method, status code and problem code (empty for answers that are not problems).",
		}, []string{"route", "method", "code", "problem"}),
		inflight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "adjudicator_http_requests_in_flight", Help: "HTTP requests being served.",
		}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "adjudicator_http_request_duration_seconds",
			Help:    "HTTP request latency by route and method.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"route", "method"}),
		plies: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "adjudicator_engine_plies_total", Help: "Moves played while replaying games.",
		}),
		positions: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "adjudicator_engine_positions_total", Help: "Positions whose legal moves or status were computed for a response.",
		}),
		leaves: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "adjudicator_engine_perft_leaves_total", Help: "Leaves counted by perft requests.",
		}),
		inline: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "adjudicator_inline_variants_total", Help: "Inline variant definitions by outcome: compiled, reused, rejected.",
		}, []string{"outcome"}),
		known: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "adjudicator_known_requests_total",
			Help: "Requests answered from the cache by their bytes, before validation and decoding: the same bytes were answered before.",
		}),
		heavyInflight: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "adjudicator_heavy_inflight", Help: "Heavy computations running in the pool.",
		}),
		heavyQueued: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "adjudicator_heavy_queued", Help: "Heavy computations waiting for a slot of the pool.",
		}),
		heavyRejected: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "adjudicator_heavy_rejected_total", Help: "Heavy requests refused with 429 overloaded because the pool's queue was full.",
		}),
		bulkStreams: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "adjudicator_bulk_streams", Help: "Bulk adjudication streams admitted, each holding a place of the pool of heavy work.",
		}),
	}
	build := prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "adjudicator_build_info",
		Help: "Always 1; the labels say which build serves: its version, the Go version, the engine version and the rules version of the cache keys.",
		ConstLabels: prometheus.Labels{"version": version, "goversion": runtime.Version(),
			"engine": rules.EngineVersion, "rules": rulesVersion()},
	})
	build.Set(1)
	reg.MustRegister(build, m.requests, m.inflight, m.latency, m.plies, m.positions, m.leaves, m.inline, m.known,
		m.heavyInflight, m.heavyQueued, m.heavyRejected, m.bulkStreams,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return m
}

// registerInlineGauges registers what the inline definitions' cache holds,
// read when /metrics is scraped: the compiled variants kept and the sum of
// their estimated footprints (rules.Variant.Footprint, bounded by
// InlineCacheBytes), the part of a replica's memory that inline
// definitions take.
func registerInlineGauges(reg *prometheus.Registry, r *variantResolver) {
	reg.MustRegister(
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "adjudicator_inline_variants_kept", Help: "Compiled inline variant definitions kept in memory.",
		}, func() float64 { _, n := r.kept(); return float64(n) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "adjudicator_inline_variants_bytes", Help: "Estimated footprint of the compiled inline variant definitions kept in memory, in bytes; bounded by --inline-cache-bytes.",
		}, func() float64 { b, _ := r.kept(); return float64(b) }))
}

// observe counts a finished request; code is its problem code, or "".
// Routes, methods and problem codes are closed sets: no label value comes
// from the client.
func (m *metrics) observe(route, method string, status int, code string, el time.Duration) {
	m.requests.WithLabelValues(route, method, strconv.Itoa(status), code).Inc()
	m.latency.WithLabelValues(route, method).Observe(el.Seconds())
}

func metricsHandler(reg *prometheus.Registry) http.Handler {
	return promhttp.HandlerFor(reg, promhttp.HandlerOpts{Registry: reg})
}
