package handlers

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/adjudicator/adjudicator/internal/rules"

	"github.com/adjudicator/adjudicator/internal/testctx"
)

// heldPool is a server with a pool of one worker and one queue place, and
// a way to hold the worker: hold starts a computation that runs until
// release is called.
type heldPool struct {
	srv     *Server
	reg     *prometheus.Registry
	queued  chan struct{} // receives when a computation starts to wait
	release func()
	held    chan error // the held computation's result
}

func newHeldPool(t *testing.T, cfg Config, log *zap.Logger) *heldPool {
	t.Helper()
	cfg.HeavyWorkers, cfg.HeavyQueue = 1, 1
	reg := prometheus.NewRegistry()
	srv, err := New(cfg, log, nil, reg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	hp := &heldPool{srv: srv, reg: reg, queued: make(chan struct{}, 4), held: make(chan error, 1)}
	srv.pool.waiting = func() { hp.queued <- struct{}{} }
	hp.hold()
	return hp
}

// hold takes the worker until release is called.
func (hp *heldPool) hold() {
	started, release := make(chan struct{}), make(chan struct{})
	hp.release = func() { close(release) }
	go func() {
		hp.held <- hp.srv.heavy(context.Background(), func() error {
			close(started)
			<-release
			return nil
		})
	}()
	<-started
}

func (hp *heldPool) post(path, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	hp.srv.Handler().ServeHTTP(rec, req)
	return rec
}

func (hp *heldPool) get(path string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	hp.srv.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	return rec
}

// gauges reads the pool's metrics: in flight, queued, rejected.
func (hp *heldPool) gauges(t *testing.T) [3]float64 {
	t.Helper()
	families, err := hp.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	var out [3]float64
	for _, mf := range families {
		m := mf.GetMetric()
		switch mf.GetName() {
		case "adjudicator_heavy_inflight":
			out[0] = m[0].GetGauge().GetValue()
		case "adjudicator_heavy_queued":
			out[1] = m[0].GetGauge().GetValue()
		case "adjudicator_heavy_rejected_total":
			out[2] = m[0].GetCounter().GetValue()
		}
	}
	return out
}

const inlineVariant = `{"id":"mini","name":"Mini","files":4,"ranks":4,"startFEN":"k3/4/4/1R1K w - - 0 1",` +
	`"pieces":[{"name":"King","letter":"K","betza":"K","royal":true},{"name":"Rook","letter":"R","betza":"R"}],"rules":{}}`

// TestAdmission: with the worker held and a perft queued, further heavy
// requests get 429 overloaded with Retry-After at once, while probes,
// /metrics and built-in variants' cheap requests answer; once released,
// the queued perft completes and the pool is empty again.
func TestAdmission(t *testing.T) {
	hp := newHeldPool(t, DefaultConfig(), zap.NewNop())
	queued := make(chan *httptest.ResponseRecorder, 1)
	go func() { queued <- hp.post("/v1/perft", `{"variant":"chess","depth":3}`) }()
	<-hp.queued
	if got := hp.gauges(t); got != [3]float64{1, 1, 0} {
		t.Errorf("pool with one held and one queued: in flight, queued, rejected = %v; want [1 1 0]", got)
	}
	heavy := []struct{ path, body string }{
		{"/v1/perft", `{"variant":"chess","depth":2}`},
		{"/v1/legal-moves", `{"definition":` + inlineVariant + `}`},
		{"/v1/status", `{"definition":` + inlineVariant + `}`},
		{"/v1/games/adjudicate", `{"variant":"chess","moves":` + jsonMoves(heavyPlies+1) + `}`},
	}
	for _, h := range heavy {
		rec := hp.post(h.path, h.body)
		if rec.Code != http.StatusTooManyRequests || !strings.Contains(rec.Body.String(), `"code":"overloaded"`) ||
			rec.Header().Get("Retry-After") != "1" {
			t.Errorf("%s with the pool full = %d %s, Retry-After %q; want 429 overloaded, Retry-After 1",
				h.path, rec.Code, rec.Body, rec.Header().Get("Retry-After"))
		}
	}
	// Decided before the pool: the same 422 as on a quiet server.
	if rec := hp.post("/v1/perft", `{"variant":"chess","depth":7}`); rec.Code != http.StatusUnprocessableEntity ||
		!strings.Contains(rec.Body.String(), `"code":"limit-exceeded"`) {
		t.Errorf("perft chess 7 with the pool full = %d %s; want 422 limit-exceeded", rec.Code, rec.Body)
	}
	cheap := []*httptest.ResponseRecorder{
		hp.get("/livez"), hp.get("/readyz"), hp.get("/v1/variants"),
		hp.post("/v1/legal-moves", `{"variant":"chess"}`),
		hp.post("/v1/status", `{"variant":"shako"}`),
		hp.post("/v1/validate-move", `{"variant":"chess","move":"e4"}`),
		hp.post("/v1/games/adjudicate", `{"variant":"chess","moves":["e4","e5","Nf3"]}`),
	}
	for i, rec := range cheap {
		if rec.Code != http.StatusOK {
			t.Errorf("cheap request %d with the pool full = %d %s; want 200", i, rec.Code, rec.Body)
		}
	}
	metrics := hp.get("/metrics")
	for _, want := range []string{"adjudicator_heavy_inflight 1", "adjudicator_heavy_queued 1", "adjudicator_heavy_rejected_total 4"} {
		if metrics.Code != http.StatusOK || !strings.Contains(metrics.Body.String(), want+"\n") {
			t.Errorf("/metrics with the pool full = %d, lacks %q", metrics.Code, want)
		}
	}
	if strings.Contains(metrics.Body.String(), `adjudicator_inline_variants_total{outcome="rejected"}`) {
		t.Errorf("/metrics counts a definition refused for want of a worker as rejected")
	}
	hp.release()
	if err := <-hp.held; err != nil {
		t.Errorf("held computation = %v", err)
	}
	if rec := <-queued; rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"nodes":8902`) {
		t.Errorf("queued perft = %d %s; want 200 and 8902 nodes", rec.Code, rec.Body)
	}
	for _, h := range heavy {
		if rec := hp.post(h.path, h.body); rec.Code != http.StatusOK {
			t.Errorf("%s after release = %d %s; want 200", h.path, rec.Code, rec.Body)
		}
	}
	if got := hp.gauges(t); got != [3]float64{0, 0, 4} {
		t.Errorf("pool after release: in flight, queued, rejected = %v; want [0 0 4]", got)
	}
	// The definition is compiled now: its answers are heavy all the same
	// (the server has no answer cache), and the compile is not retried.
	hp.hold()
	waited := make(chan error, 1)
	go func() { waited <- hp.srv.heavy(context.Background(), func() error { return nil }) }()
	<-hp.queued
	for _, path := range []string{"/v1/legal-moves", "/v1/status", "/v1/validate-move"} {
		body := `{"definition":` + inlineVariant + `,"fen":"k3/4/4/R2K b - - 0 1"}`
		if path == "/v1/validate-move" {
			body = `{"definition":` + inlineVariant + `,"move":"Rb2"}`
		}
		if rec := hp.post(path, body); rec.Code != http.StatusTooManyRequests {
			t.Errorf("%s on a compiled definition with the pool full = %d %s; want 429", path, rec.Code, rec.Body)
		}
	}
	hp.release()
	if err, err2 := <-hp.held, <-waited; err != nil || err2 != nil {
		t.Errorf("held and queued computations = %v, %v", err, err2)
	}
	if got := hp.gauges(t); got != [3]float64{0, 0, 7} {
		t.Errorf("pool at the end: in flight, queued, rejected = %v; want [0 0 7]", got)
	}
}

// jsonMoves is a JSON list of n chess moves: Knights going out and back
// (the game ends by repetition on the way; only its length matters here).
func jsonMoves(n int) string {
	dance := []string{`"Nf3"`, `"Nf6"`, `"Ng1"`, `"Ng8"`}
	out := make([]string, n)
	for i := range out {
		out[i] = dance[i%4]
	}
	return "[" + strings.Join(out, ",") + "]"
}

// TestQueuedUntilDeadline: a heavy request waiting in the queue fails at
// its own deadline with 503 timeout and Retry-After, logged at warn with
// no stack trace (the logger here adds stacks at error, as production's).
func TestQueuedUntilDeadline(t *testing.T) {
	core, logs := observer.New(zapcore.DebugLevel)
	cfg := DefaultConfig()
	cfg.RequestTimeout = 50 * time.Millisecond
	hp := newHeldPool(t, cfg, zap.New(core, zap.AddStacktrace(zapcore.ErrorLevel)))
	defer hp.release()
	rec := hp.post("/v1/perft", `{"variant":"chess","depth":3}`)
	if rec.Code != http.StatusServiceUnavailable || !strings.Contains(rec.Body.String(), `"code":"timeout"`) ||
		rec.Header().Get("Retry-After") != "1" {
		t.Fatalf("queued perft past its deadline = %d %s, Retry-After %q; want 503 timeout, Retry-After 1",
			rec.Code, rec.Body, rec.Header().Get("Retry-After"))
	}
	entries := logs.FilterMessage("request").All()
	if len(entries) != 1 || entries[0].Level != zapcore.WarnLevel || entries[0].Stack != "" {
		t.Fatalf("log of a timeout = %+v; want one request line at warn without a stack", entries)
	}
	if got := hp.gauges(t); got != [3]float64{1, 0, 0} {
		t.Errorf("pool after the queued request's deadline: in flight, queued, rejected = %v; want [1 0 0]", got)
	}
}

// TestReplayPollsEveryPly: the replay checks its deadline before every
// ply and stops at the check that finds it done.
func TestReplayPollsEveryPly(t *testing.T) {
	srv, err := New(DefaultConfig(), zap.NewNop(), nil, prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	start := rules.MustBuiltin("chess").Start()
	moves := strings.Fields("e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5")
	keys := prefixKeys("b:chess", start.FEN(), moves)
	ctx := testctx.NewPolls(0)
	r, err := srv.replay(ctx, start.Variant(), start, moves, keys, false)
	if err != nil || r.out.Plies != len(moves) {
		t.Fatalf("replay = %v; want %d plies", err, len(moves))
	}
	if ctx.N != len(moves) {
		t.Errorf("replay of %d plies polled %d times; want once a ply", len(moves), ctx.N)
	}
	ctx = testctx.NewPolls(7)
	if _, err := srv.replay(ctx, start.Variant(), start, moves, keys, false); err != context.Canceled || ctx.N != 7 {
		t.Errorf("replay with a context done at poll 7 = %v after %d polls; want %v after 7", err, ctx.N, context.Canceled)
	}
}
