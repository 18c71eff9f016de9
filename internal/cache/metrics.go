package cache

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Metrics counts what the cache does: lookups by tier and result (hit,
// miss, timeout, error, skipped while the breaker is open, corrupt), Redis
// values rejected by reason (each also a corrupt lookup), writes by tier
// and result, Redis latency, the breaker's state and its transitions, the
// probes that timeouts start, the bytes the in-process tier holds, and
// what the Redis tier costs: round trips sent, by call, and the bytes of
// keys and values they carried.
type Metrics struct {
	lookups     *prometheus.CounterVec
	rejected    *prometheus.CounterVec
	writes      *prometheus.CounterVec
	redisL      prometheus.Histogram
	state       prometheus.Gauge
	transitions *prometheus.CounterVec
	probes      *prometheus.CounterVec
	memBytes    prometheus.Gauge
	redisCalls  *prometheus.CounterVec
	redisBytes  *prometheus.CounterVec
	// The series of redisCalls and redisBytes, looked up once: every
	// request that reaches Redis counts on them.
	getCalls, pipelineCalls, setCalls prometheus.Counter
	readBytes, writtenBytes           prometheus.Counter
}

// NewMetrics registers the cache metrics on reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		lookups: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "adjudicator_cache_lookups_total", Help: "Cache lookups by tier and result: hit, miss, timeout, error (Redis unreachable or the connection failed), skipped (breaker open), corrupt.",
		}, []string{"tier", "result"}),
		rejected: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "adjudicator_cache_rejected_total", Help: "Redis values ignored, by reason: size (longer than the largest value), format (not this version's seal), mac (signature does not verify: another secret, key or prefix, or forged).",
		}, []string{"tier", "reason"}),
		writes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "adjudicator_cache_writes_total", Help: "Cache writes by tier and result: ok, timeout, error, skipped (breaker open), dropped (queue full), too-large.",
		}, []string{"tier", "result"}),
		redisL: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name: "adjudicator_cache_redis_seconds", Help: "Latency of Redis lookups that answered.",
			Buckets: []float64{.0001, .00025, .0005, .001, .0025, .005, .01, .025, .05, .1},
		}),
		state: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "adjudicator_cache_breaker_state", Help: "Redis circuit breaker: 0 closed, 1 half-open, 2 open.",
		}),
		transitions: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "adjudicator_cache_breaker_transitions_total", Help: "Changes of the Redis circuit breaker's state, by the state entered: closed, half-open, open.",
		}, []string{"to"}),
		probes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "adjudicator_cache_redis_probes_total", Help: "Background PINGs started by Redis calls that timed out, by result: ok, failed (opens the breaker), skipped (breaker open).",
		}, []string{"result"}),
		memBytes: prometheus.NewGauge(prometheus.GaugeOpts{
			Name: "adjudicator_cache_memory_bytes", Help: "Bytes the in-process cache counts against --cache-bytes: keys, values and a fixed overhead per entry.",
		}),
		redisCalls: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "adjudicator_cache_redis_calls_total", Help: "Round trips sent to Redis (not those the open breaker refused; those that timed out or failed count), by call: get (one GETRANGE of a key, at most one byte past the largest value), pipeline (one pipelined round trip of them, however many keys; a Cluster client splits it into one per shard holding them, sent at once), set (one round trip of background writes: a SET, or a pipeline of the SETs that were waiting).",
		}, []string{"call"}),
		redisBytes: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "adjudicator_cache_redis_bytes_total", Help: "Bytes of keys (with the prefix) and values exchanged with Redis, by direction: read (the key of each lookup sent and the value it returned, even one then rejected; a value over the largest is read one byte past that), written (the key and sealed value of each SET sent). Protocol framing is not counted.",
		}, []string{"direction"}),
	}
	m.getCalls, m.pipelineCalls, m.setCalls = m.redisCalls.WithLabelValues("get"), m.redisCalls.WithLabelValues("pipeline"), m.redisCalls.WithLabelValues("set")
	m.readBytes, m.writtenBytes = m.redisBytes.WithLabelValues("read"), m.redisBytes.WithLabelValues("written")
	reg.MustRegister(m.lookups, m.rejected, m.writes, m.redisL, m.state, m.transitions, m.probes, m.memBytes, m.redisCalls, m.redisBytes)
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

// reject counts a value that does not open: a corrupt lookup, by reason.
func (m *Metrics) reject(tier, reason string) {
	m.result(tier, "corrupt")
	m.rejected.WithLabelValues(tier, reason).Inc()
}

func (m *Metrics) memoryBytes(delta int64)   { m.memBytes.Add(float64(delta)) }
func (m *Metrics) write(tier, result string) { m.writes.WithLabelValues(tier, result).Inc() }
func (m *Metrics) latency(d time.Duration)   { m.redisL.Observe(d.Seconds()) }
func (m *Metrics) probe(result string)       { m.probes.WithLabelValues(result).Inc() }

// redisGet, redisPipeline and redisSet count one round trip sent to Redis
// and the key and value bytes it read or wrote.
func (m *Metrics) redisGet(read int)      { m.getCalls.Inc(); m.readBytes.Add(float64(read)) }
func (m *Metrics) redisPipeline(read int) { m.pipelineCalls.Inc(); m.readBytes.Add(float64(read)) }
func (m *Metrics) redisSet(written int)   { m.setCalls.Inc(); m.writtenBytes.Add(float64(written)) }

// breakerStates names the gobreaker states, the values of the state gauge.
var breakerStates = [...]string{"closed", "half-open", "open"}

// breaker sets the state gauge; a change also counts a transition.
func (m *Metrics) breaker(state int, changed bool) {
	m.state.Set(float64(state))
	if changed && state >= 0 && state < len(breakerStates) {
		m.transitions.WithLabelValues(breakerStates[state]).Inc()
	}
}
