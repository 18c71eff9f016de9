package cache

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Metrics counts what the cache does: lookups by tier and result (hit,
// miss, error, skipped while the breaker is open, corrupt), writes by tier
// and result, Redis latency and the breaker's state.
type Metrics struct {
	lookups *prometheus.CounterVec
	writes  *prometheus.CounterVec
	redisL  prometheus.Histogram
	state   prometheus.Gauge
}

// NewMetrics registers the cache metrics on reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		lookups: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "adjudicator_cache_lookups_total", Help: "Cache lookups by tier and result: hit, miss, error, skipped (breaker open), corrupt.",
		}, []string{"tier", "result"}),
		writes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "adjudicator_cache_writes_total", Help: "Cache writes by tier and result: ok, error, skipped (breaker open), dropped (queue full), too-large.",
		}, []string{"tier", "result"}),
		redisL: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "adjudicator_cache_redis_seconds", Help: "Latency of Redis lookups that answered.",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1},
		}),
		state: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "adjudicator_cache_breaker_state", Help: "Redis circuit breaker: 0 closed, 1 half-open, 2 open.",
		}),
	}
	reg.MustRegister(m.lookups, m.writes, m.redisL, m.state)
	return m
}

func (m *Metrics) lookup(tier string, hit bool) {
	if hit {
		m.result(tier, "hit")
	} else {
		m.result(tier, "miss")
	}
}

func (m *Metrics) result(tier, result string) { m.lookups.WithLabelValues(tier, result).Inc() }
func (m *Metrics) write(tier, result string)  { m.writes.WithLabelValues(tier, result).Inc() }
func (m *Metrics) latency(d time.Duration)    { m.redisL.Observe(d.Seconds()) }
func (m *Metrics) breaker(state int)          { m.state.Set(float64(state)) }
