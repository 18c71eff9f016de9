package handlers

// Service-level tests of the cache against a real redis-server that each
// test starts on a free port (package internal/cache/redistest): answers
// shared between replicas, invalidation by rules version, game-prefix
// reuse, correctness against a server without cache, corrupted values,
// and Redis killed, paused or full in the middle of a run of requests.
// This file is in package handlers (not handlers_test) to reach the cache
// keys and the rules version.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/adjudicator/adjudicator/internal/cache"
	"github.com/adjudicator/adjudicator/internal/cache/redistest"
	"github.com/adjudicator/adjudicator/internal/rules"
)

// Redis settings. The fault runs use a short timeout and breaker so that
// they take about a second; the other tests a generous timeout, so that a
// loaded machine (the race detector, two shared cores) does not turn a
// slow answer into a miss and their exact counts hold.
const (
	ctSlowTimeout   = time.Second
	ctRedisTimeout  = 50 * time.Millisecond
	ctBreakerOpen   = 300 * time.Millisecond
	ctBreakerFails  = 3
	ctPrefix        = "adjtest:"
	ctKiwipete      = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	ctBigorraMiddle = "h'm's'2foad'dujc's'm'h'/cmzvjxlkqghyv1mc/ernbb'1iwwin'b'b1re/2ttc'p'1p'p'1ztp'tp'1/1p'p1p1ppppp'pnppp/10p5/p2p1p2Tt6/16/9T3P2/12T3/1P6P3P3/P1PPPPPP1PPPP'1PP/1P'TP'P'1P'D'P'1t1B'1P'1/ERNBB'N'IWWIN'1BNRE/CMZVSXLKQGHYVZMC/H'M'S'TJFOA1DUS'J1M'H' w Kk a11 0 31"
)

// ctKind is how a test server caches.
type ctKind string

const (
	ctNone      ctKind = "none"       // no cache at all
	ctMemory    ctKind = "memory"     // the in-process tier only
	ctTiered    ctKind = "tiered"     // memory in front of Redis, as serve builds it
	ctRedisOnly ctKind = "redis-only" // a memory tier that keeps nothing: every lookup goes to Redis
)

// ctNode is one replica of the service with its own metrics registry.
// The cache metrics are also on a registry of their own, cheap to read
// while waiting for writes (the service's registry has the process
// collector, which reads /proc).
type ctNode struct {
	name     string
	kind     ctKind
	srv      *Server
	reg      *prometheus.Registry
	cacheReg *prometheus.Registry
}

// ctBoth registers collectors on several registries.
type ctBoth []*prometheus.Registry

func (b ctBoth) Register(c prometheus.Collector) error {
	for _, r := range b {
		if err := r.Register(c); err != nil {
			return err
		}
	}
	return nil
}

func (b ctBoth) MustRegister(cs ...prometheus.Collector) {
	for _, r := range b {
		r.MustRegister(cs...)
	}
}

func (b ctBoth) Unregister(c prometheus.Collector) bool {
	ok := true
	for _, r := range b {
		ok = r.Unregister(c) && ok
	}
	return ok
}

func ctRedisConfig(rs *redistest.Server) cache.RedisConfig {
	cfg := cache.DefaultRedisConfig()
	cfg.Prefix, cfg.TTL = ctPrefix, time.Hour
	if rs != nil { // else the caller's edit sets the URL (a Cluster's)
		cfg.URL = rs.URL()
	}
	cfg.Secret = []byte("handlers test secret, at least 32 bytes long")
	cfg.Timeout, cfg.ManyTimeout, cfg.WriteTimeout, cfg.ProbeTimeout = ctSlowTimeout, ctSlowTimeout, ctSlowTimeout, ctSlowTimeout
	cfg.BreakerFailures, cfg.BreakerOpen = ctBreakerFails, ctBreakerOpen
	return cfg
}

// ctNewNode builds a server as serve does: the cache metrics and the
// service metrics on one registry.
func ctNewNode(tb testing.TB, name string, kind ctKind, rs *redistest.Server) *ctNode {
	tb.Helper()
	return ctNewNodeWith(tb, name, kind, rs, nil)
}

func ctNewNodeWith(tb testing.TB, name string, kind ctKind, rs *redistest.Server, edit func(*cache.RedisConfig)) *ctNode {
	tb.Helper()
	reg, cacheReg := prometheus.NewRegistry(), prometheus.NewRegistry()
	var c Cache
	if kind != ctNone {
		stats := cache.NewMetrics(ctBoth{reg, cacheReg})
		mem := cache.NewMemory(cache.MemoryConfig{Entries: 10000, Bytes: 128 << 20, MaxValue: 1 << 20, TTL: time.Hour}, stats)
		if kind == ctRedisOnly {
			mem = cache.NewMemory(cache.MemoryConfig{Entries: 1, MaxValue: 0, TTL: time.Hour}, stats) // every value is too large for it
		}
		c = mem
		if kind == ctTiered || kind == ctRedisOnly {
			cfg := ctRedisConfig(rs)
			if edit != nil {
				edit(&cfg)
			}
			r, err := cache.NewRedis(cfg, stats)
			if err != nil {
				tb.Fatalf("cache.NewRedis: %v", err)
			}
			tb.Cleanup(func() { _ = r.Close() })
			c = &cache.Tiered{Memory: mem, Redis: r}
		}
	}
	cfg := DefaultConfig()
	srv, err := New(cfg, zap.NewNop(), c, reg)
	if err != nil {
		tb.Fatalf("New: %v", err)
	}
	return &ctNode{name: name, kind: kind, srv: srv, reg: reg, cacheReg: cacheReg}
}

// ctReq is one request of these tests.
type ctReq struct {
	path string
	body string
}

// id names the request in maps: path and body.
func (r ctReq) id() string { return r.path + " " + r.body }

func (r ctReq) String() string {
	b := r.body
	if len(b) > 100 {
		b = b[:100] + fmt.Sprintf("...(%d bytes)", len(r.body))
	}
	return "POST " + r.path + " " + b
}

func ctJSON(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func ctPosition(path, variant, fen string, extra map[string]any) ctReq {
	body := map[string]any{"variant": variant}
	if fen != "" {
		body["fen"] = fen
	}
	for k, v := range extra {
		body[k] = v
	}
	return ctReq{path, ctJSON(body)}
}

func ctLegal(variant, fen string) ctReq { return ctPosition("/v1/legal-moves", variant, fen, nil) }
func ctStatus(variant, fen string) ctReq {
	return ctPosition("/v1/status", variant, fen, nil)
}
func ctValidate(variant, fen, move string) ctReq {
	return ctPosition("/v1/validate-move", variant, fen, map[string]any{"move": move})
}

// ctAdjudicate is a game from the start; claim is "" or "draw/white",
// "resign/black" and so on.
func ctAdjudicate(variant string, moves []string, claim string) ctReq {
	body := map[string]any{"variant": variant, "moves": moves}
	if claim != "" {
		typ, by, _ := strings.Cut(claim, "/")
		body["claim"] = map[string]string{"type": typ, "by": by}
	}
	return ctReq{"/v1/games/adjudicate", ctJSON(body)}
}

// do serves one request in process and times it.
func (n *ctNode) do(r ctReq) (int, []byte, time.Duration) {
	req := httptest.NewRequest(http.MethodPost, r.path, strings.NewReader(r.body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	start := time.Now()
	n.srv.Handler().ServeHTTP(rec, req)
	return rec.Code, rec.Body.Bytes(), time.Since(start)
}

// must serves a request that must succeed.
func (n *ctNode) must(tb testing.TB, r ctReq) []byte {
	tb.Helper()
	code, body, _ := n.do(r)
	if code != http.StatusOK {
		tb.Fatalf("%s: %s = %d %s; want 200", n.name, r, code, bytes.TrimSpace(body))
	}
	return body
}

// metric sums the series of a metric whose labels include the pairs.
func (n *ctNode) metric(tb testing.TB, name string, labels ...string) float64 {
	tb.Helper()
	return ctSum(tb, n.reg, name, labels...)
}

func ctSum(tb testing.TB, reg prometheus.Gatherer, name string, labels ...string) float64 {
	tb.Helper()
	families, err := reg.Gather()
	if err != nil {
		tb.Fatalf("Gather: %v", err)
	}
	total := 0.0
	for _, f := range families {
		if f.GetName() != name {
			continue
		}
	series:
		for _, m := range f.GetMetric() {
			for i := 0; i+1 < len(labels); i += 2 {
				found := false
				for _, l := range m.GetLabel() {
					found = found || l.GetName() == labels[i] && l.GetValue() == labels[i+1]
				}
				if !found {
					continue series
				}
			}
			total += m.GetCounter().GetValue() + m.GetGauge().GetValue()
		}
	}
	return total
}

func (n *ctNode) plies(tb testing.TB) float64 {
	tb.Helper()
	return n.metric(tb, "adjudicator_engine_plies_total")
}

func (n *ctNode) positions(tb testing.TB) float64 {
	tb.Helper()
	return n.metric(tb, "adjudicator_engine_positions_total")
}

func (n *ctNode) lookups(tb testing.TB, tier, result string) float64 {
	tb.Helper()
	return n.metric(tb, "adjudicator_cache_lookups_total", "tier", tier, "result", result)
}

// waitWrites waits until every write this node queued for Redis has been
// answered (ok, error, skipped, dropped): Tiered writes every value to
// both tiers, and fills memory once per Redis hit.
func (n *ctNode) waitWrites(tb testing.TB) {
	tb.Helper()
	if n.kind != ctTiered && n.kind != ctRedisOnly {
		return
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		queued := ctSum(tb, n.cacheReg, "adjudicator_cache_writes_total", "tier", "memory") -
			ctSum(tb, n.cacheReg, "adjudicator_cache_lookups_total", "tier", "redis", "result", "hit")
		answered := ctSum(tb, n.cacheReg, "adjudicator_cache_writes_total", "tier", "redis")
		if answered >= queued {
			return
		}
		if time.Now().After(deadline) {
			tb.Fatalf("%s: %v of %v Redis writes answered after 5s", n.name, answered, queued)
		}
		time.Sleep(time.Millisecond)
	}
}

// ctGame plays n random legal plies of a variant from its start with a
// fixed seed, alternately in SAN and in coordinate form, and returns them
// with the FEN before each ply and after the last (fens[i] is the
// position before moves[i]).
func ctGame(tb testing.TB, variant string, n int, seed uint64) (moves, fens []string) {
	tb.Helper()
	g := rules.NewGame(rules.MustBuiltin(variant).Start())
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	fens = append(fens, g.Position().FEN())
	for i := range n {
		if st := g.Status(); st.Outcome != rules.Ongoing {
			tb.Fatalf("ctGame(%s, %d, seed %d) ended after %d plies by %v; pick another seed", variant, n, seed, i, st.Outcome)
		}
		legal := g.LegalMoves()
		m := legal[rng.IntN(len(legal))]
		if i%2 == 0 {
			moves = append(moves, g.Position().SAN(m))
		} else {
			moves = append(moves, g.Position().UCI(m))
		}
		if err := g.Play(m); err != nil {
			tb.Fatalf("ctGame: %v", err)
		}
		fens = append(fens, g.Position().FEN())
	}
	return moves, fens
}

// ctRedisKeys lists the keys in Redis under the test prefix.
func ctRedisKeys(tb testing.TB, rs *redistest.Server) []string {
	tb.Helper()
	keys := rs.Keys(ctPrefix + "*")
	sort.Strings(keys)
	return keys
}

// TestCacheSharedAcrossServers: an answer computed by server A is a Redis
// hit for server B, byte-identical, and B computes nothing.
func TestCacheSharedAcrossServers(t *testing.T) {
	rs := redistest.Start(t)
	ref := ctNewNode(t, "no cache", ctNone, nil)
	a := ctNewNode(t, "A", ctTiered, rs)
	b := ctNewNode(t, "B", ctTiered, rs)
	game, fens := ctGame(t, "chess", 40, 11)
	tests := []struct {
		req       ctReq
		positions bool // answered from positions (legal-moves, status, validate-move)
		fromRedis bool // B has not seen it: it must be a Redis hit
	}{
		{ctLegal("chess", ctKiwipete), true, true},
		{ctLegal("bigorra", ctBigorraMiddle), true, true},
		{ctLegal("shako", ""), true, true},
		{ctStatus("chess", fens[40]), true, true},
		{ctValidate("chess", ctKiwipete, "e5f7"), true, true},
		{ctValidate("chess", ctKiwipete, "e1e3"), true, true},
		{ctValidate("terachess2", "", "Nonsense"), true, true},
		{ctAdjudicate("chess", game, ""), false, true},
		{ctAdjudicate("chess", game, "draw/white"), false, false}, // the game's state is in B's memory now (Redis may be asked too)
	}
	for _, tt := range tests {
		want := ref.must(t, tt.req)
		gotA := a.must(t, tt.req)
		a.waitWrites(t)
		hits, positions, plies := b.lookups(t, "redis", "hit"), b.positions(t), b.plies(t)
		gotB := b.must(t, tt.req)
		if !bytes.Equal(gotA, want) {
			t.Errorf("A: %s = %.200s; want %.200s (no cache)", tt.req, gotA, want)
		}
		if !bytes.Equal(gotB, gotA) {
			t.Errorf("B: %s = %.200s; want A's answer %.200s byte for byte", tt.req, gotB, gotA)
		}
		if got := b.lookups(t, "redis", "hit") - hits; tt.fromRedis && got < 1 {
			t.Errorf("B: %s: Redis hits grew by %v; want at least 1", tt.req, got)
		}
		if tt.positions {
			if got := b.positions(t) - positions; got != 0 {
				t.Errorf("B: %s: computed %v positions; want 0 (served from Redis)", tt.req, got)
			}
		}
		if got := b.plies(t) - plies; got != 0 {
			t.Errorf("B: %s: replayed %v plies; want 0 (served from Redis)", tt.req, got)
		}
	}
	// The same figure as the metrics endpoint shows it.
	rec := httptest.NewRecorder()
	b.srv.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/metrics", nil))
	line := fmt.Sprintf(`adjudicator_cache_lookups_total{result="hit",tier="redis"} %v`, b.lookups(t, "redis", "hit"))
	if !strings.Contains(rec.Body.String(), line+"\n") {
		t.Errorf("B: GET /metrics lacks %q", line)
	}
}

// TestCacheRulesVersionInvalidation: every key in Redis starts with the
// prefix and the rules version; answers and game states stored under
// another rules version (an older deploy) are never read, even when they
// are wrong; the control shows the same value is read under its own
// version, so the miss is the version's doing.
func TestCacheRulesVersionInvalidation(t *testing.T) {
	rs := redistest.Start(t)
	ref := ctNewNode(t, "no cache", ctNone, nil)
	current := rulesVersion()
	const old = "00000000deadbeef"
	withVersion := func(v string, f func()) {
		saved := rulesVersion
		rulesVersion = func() string { return v }
		defer func() { rulesVersion = saved }()
		f()
	}
	game, fens := ctGame(t, "chess", 70, 5)
	planted := []byte(`{"planted":"by an older deploy"}` + "\n")

	// An older deploy computes a game and an answer, and leaves a wrong
	// answer under another position's key.
	withVersion(old, func() {
		o := ctNewNode(t, "old deploy", ctTiered, rs)
		o.must(t, ctAdjudicate("chess", game, ""))
		o.must(t, ctLegal("chess", fens[10]))
		o.srv.cache.Set(context.Background(), cacheKey("legal-moves", "b:chess", fens[20]), planted)
		o.waitWrites(t)
	})
	// This deploy writes its own.
	cur := ctNewNode(t, "this deploy", ctTiered, rs)
	cur.must(t, ctLegal("chess", fens[30]))
	cur.must(t, ctStatus("chess", fens[30]))
	cur.must(t, ctValidate("chess", fens[30], game[30]))
	other, _ := ctGame(t, "chess", 40, 6) // not a prefix of game: the new replica below resumes nothing of it
	cur.must(t, ctAdjudicate("chess", other, ""))
	cur.waitWrites(t)

	keys := ctRedisKeys(t, rs)
	var oldKeys, curKeys int
	for _, k := range keys {
		rest, ok := strings.CutPrefix(k, ctPrefix)
		version, op, _ := strings.Cut(rest, ":")
		op, _, _ = strings.Cut(op, ":")
		switch {
		case !ok:
			t.Errorf("key %q lacks the prefix %q", k, ctPrefix)
		case version == old:
			oldKeys++
		case version == current:
			curKeys++
		default:
			t.Errorf("key %q: rules version %q; want %q (or the planted %q)", k, version, current, old)
		}
		if !slices.Contains([]string{"legal-moves", "status", "validate-move", "game2"}, op) {
			t.Errorf("key %q: operation %q; want legal-moves, status, validate-move or game2", k, op)
		}
	}
	// Old: game checkpoints 32, 64 and the end, legal-moves twice. This
	// deploy: three answers, game checkpoint 32 and the end.
	if oldKeys != 5 || curKeys != 5 {
		t.Errorf("Redis holds %d keys of the old rules and %d of the current; want 5 and 5: %q", oldKeys, curKeys, keys)
	}

	// A new replica of this deploy reads nothing the old one wrote.
	n := ctNewNode(t, "new replica", ctTiered, rs)
	tests := []struct {
		req        ctReq
		wantPlies  float64
		wantPosInc float64
	}{
		{ctLegal("chess", fens[20]), 0, 1}, // the planted key
		{ctLegal("chess", fens[10]), 0, 1},
		{ctAdjudicate("chess", game, ""), float64(len(game)), 1},
	}
	for _, tt := range tests {
		plies, positions := n.plies(t), n.positions(t)
		got := n.must(t, tt.req)
		if want := ref.must(t, tt.req); !bytes.Equal(got, want) {
			t.Errorf("%s = %.200s; want %.200s (no cache)", tt.req, got, want)
		}
		if got := n.plies(t) - plies; got != tt.wantPlies {
			t.Errorf("%s: replayed %v plies; want %v (nothing of the old rules reused)", tt.req, got, tt.wantPlies)
		}
		if got := n.positions(t) - positions; got != tt.wantPosInc {
			t.Errorf("%s: computed %v positions; want %v", tt.req, got, tt.wantPosInc)
		}
	}
	if got := n.lookups(t, "redis", "hit"); got != 0 {
		t.Errorf("Redis hits of the new replica = %v; want 0", got)
	}

	// Control: under the old version, the planted value is read.
	withVersion(old, func() {
		o := ctNewNode(t, "old deploy again", ctTiered, rs)
		if got := o.must(t, ctLegal("chess", fens[20])); !bytes.Equal(got, planted) {
			t.Errorf("control: under the old rules version, %s = %.100s; want the planted %s", ctLegal("chess", fens[20]), got, planted)
		}
	})
}

// TestGamePrefixReuse: a game submitted again with one more move replays
// one ply, on the server that saw it (memory) and on another (Redis);
// shorter prefixes resume from the last checkpoint.
func TestGamePrefixReuse(t *testing.T) {
	variants := []struct {
		variant string
		seed    uint64
	}{{"chess", 7}, {"terachess2", 3}}
	for _, v := range variants {
		t.Run(v.variant, func(t *testing.T) {
			rs := redistest.Start(t)
			ref := ctNewNode(t, "no cache", ctNone, nil)
			a := ctNewNode(t, "A", ctTiered, rs)
			b := ctNewNode(t, "B", ctTiered, rs)
			game, _ := ctGame(t, v.variant, 122, v.seed)
			steps := []struct {
				node      *ctNode
				plies     int
				wantPlies float64
				redisHit  bool // the prefix can only have come from Redis
			}{
				{a, 120, 120, false}, // from scratch; checkpoints 32, 64, 96
				{a, 121, 1, false},   // from 120, in A's memory
				{b, 122, 1, true},    // from 121, written by A
				{b, 100, 4, false},   // from checkpoint 96 (from Redis, or already in B's memory when lookups run at once)
				{a, 120, 0, false},   // the whole game, in A's memory
				{b, 119, 23, false},  // from checkpoint 96, now in B's memory
				{b, 121, 0, false},   // the whole game, in B's memory
				{a, 122, 0, true},    // the whole game, written by B
			}
			for _, st := range steps {
				req := ctAdjudicate(v.variant, game[:st.plies], "")
				want := ref.must(t, req)
				for _, n := range []*ctNode{a, b} {
					n.waitWrites(t)
				}
				plies, hits := st.node.plies(t), st.node.lookups(t, "redis", "hit")
				got := st.node.must(t, req)
				if !bytes.Equal(got, want) {
					t.Errorf("%s: %d plies = %.200s; want %.200s (no cache)", st.node.name, st.plies, got, want)
				}
				if got := st.node.plies(t) - plies; got != st.wantPlies {
					t.Errorf("%s: %d plies: adjudicator_engine_plies_total grew by %v; want %v", st.node.name, st.plies, got, st.wantPlies)
				}
				if got := st.node.lookups(t, "redis", "hit") - hits; st.redisHit && got < 1 {
					t.Errorf("%s: %d plies: Redis hits grew by %v; want at least 1 (resumed from Redis)", st.node.name, st.plies, got)
				}
			}
		})
	}
}

// TestCachedAnswersMatchUncached: for many positions and games of every
// built-in variant, the answers of cached servers (first computed, then
// served from memory or from Redis) are byte for byte those of a server
// without cache.
func TestCachedAnswersMatchUncached(t *testing.T) {
	rs := redistest.Start(t)
	ref := ctNewNode(t, "no cache", ctNone, nil)
	nodes := []*ctNode{
		ctNewNode(t, "memory", ctMemory, nil),
		ctNewNode(t, "tiered", ctTiered, rs),
		ctNewNode(t, "redis-only", ctRedisOnly, rs),
	}
	var reqs []ctReq
	variants := []struct {
		variant string
		plies   int
		seed    uint64
	}{{"chess", 60, 1}, {"shako", 40, 2}, {"gigachess2", 30, 3}, {"terachess2", 30, 4}, {"bigorra", 30, 5}}
	for _, v := range variants {
		game, fens := ctGame(t, v.variant, v.plies, v.seed)
		for i := 0; i < len(game); i += 5 {
			reqs = append(reqs,
				ctLegal(v.variant, fens[i]),
				ctStatus(v.variant, fens[i]),
				ctValidate(v.variant, fens[i], game[i]),
				ctValidate(v.variant, fens[i], "a1a1"),
			)
		}
		for _, k := range []int{1, 2, 10, 29, v.plies - 1, v.plies} {
			reqs = append(reqs, ctAdjudicate(v.variant, game[:k], ""))
		}
		reqs = append(reqs, ctAdjudicate(v.variant, game, "resign/white"), ctAdjudicate(v.variant, game, "draw/black"),
			ctAdjudicate(v.variant, append(slices.Clone(game[:20]), "z9z9"), ""))
	}
	// Repetitions across resumed games: every prefix of a knight dance
	// (fivefold after 16 plies, so moves after it are illegal), with a
	// draw claim; each resumes from the one before.
	dance := strings.Fields(strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 5))
	for k := 1; k <= len(dance); k++ {
		reqs = append(reqs, ctAdjudicate("chess", dance[:k], "draw/white"))
	}
	// Two spellings of one position (a double step with and without the
	// en-passant square): one cache key, one answer.
	reqs = append(reqs, ctLegal("chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"),
		ctLegal("chess", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"))

	for _, r := range reqs {
		want := ref.must(t, r)
		for _, n := range nodes {
			for round := range 2 {
				if got := n.must(t, r); !bytes.Equal(got, want) {
					t.Errorf("%s (round %d): %s = %.300s; want %.300s (no cache)", n.name, round+1, r, got, want)
				}
			}
		}
	}
	if n := nodes[2]; n.lookups(t, "redis", "hit") == 0 {
		t.Errorf("%s: no Redis hit in %d requests; want some", n.name, 2*len(reqs))
	}
	t.Logf("%d requests compared on %d servers", len(reqs), len(nodes))
}

// TestCorruptValuesIgnored: whatever sits under the keys of a game's
// states and of the answers (garbage, damaged values, values sealed for
// other keys) is a miss; the answer is recomputed, right.
func TestCorruptValuesIgnored(t *testing.T) {
	rs := redistest.Start(t)
	ref := ctNewNode(t, "no cache", ctNone, nil)
	game, fens := ctGame(t, "chess", 121, 7)
	tests := []struct {
		name    string
		corrupt func(keys []string, values [][]byte) [][]byte
	}{
		{"garbage", func(keys []string, values [][]byte) [][]byte {
			return ctEach(values, func(int, []byte) []byte { return []byte("garbage") })
		}},
		{"empty", func(keys []string, values [][]byte) [][]byte {
			return ctEach(values, func(int, []byte) []byte { return nil })
		}},
		{"truncated", func(keys []string, values [][]byte) [][]byte {
			return ctEach(values, func(_ int, v []byte) []byte { return v[:len(v)-1] })
		}},
		{"bit flipped", func(keys []string, values [][]byte) [][]byte {
			return ctEach(values, func(_ int, v []byte) []byte {
				v = bytes.Clone(v)
				v[len(v)/2] ^= 0x04
				return v
			})
		}},
		{"foreign: each key holds another key's sealed value", func(keys []string, values [][]byte) [][]byte {
			return ctEach(values, func(i int, _ []byte) []byte { return values[(i+1)%len(values)] })
		}},
		{"unsealed JSON of the right shape", func(keys []string, values [][]byte) [][]byte {
			return ctEach(values, func(_ int, v []byte) []byte { return v[12:] }) // the seal's 12-byte header removed
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rs.FlushAll()
			a := ctNewNode(t, "A", ctTiered, rs)
			a.must(t, ctAdjudicate("chess", game[:120], ""))
			a.must(t, ctLegal("chess", fens[121]))
			a.must(t, ctStatus("chess", fens[121]))
			a.waitWrites(t)
			keys := ctRedisKeys(t, rs)
			if len(keys) != 6 { // game checkpoints 32, 64, 96, the end; two answers
				t.Fatalf("Redis holds %d keys; want 6: %q", len(keys), keys)
			}
			values := make([][]byte, len(keys))
			for i, k := range keys {
				values[i], _ = rs.Get(k)
			}
			for i, v := range tt.corrupt(keys, values) {
				rs.Set(keys[i], v)
			}

			b := ctNewNode(t, "B", ctTiered, rs)
			for _, r := range []ctReq{ctAdjudicate("chess", game, ""), ctLegal("chess", fens[121]), ctStatus("chess", fens[121])} {
				if got, want := b.must(t, r), ref.must(t, r); !bytes.Equal(got, want) {
					t.Errorf("%s = %.200s; want %.200s (no cache)", r, got, want)
				}
			}
			if got, want := b.plies(t), float64(len(game)); got != want {
				t.Errorf("plies replayed = %v; want %v (no corrupt state resumed)", got, want)
			}
			if got := b.lookups(t, "redis", "hit"); got != 0 {
				t.Errorf("Redis hits = %v; want 0", got)
			}
			// The game's lookups: after 121 plies (absent), 32, 64, 96 and
			// 120 (corrupt); then the two answers.
			// An empty value reads as a missing key (the tier reads with
			// GETRANGE, which answers both alike): a miss, not corrupt.
			want := 6.0
			if tt.name == "empty" {
				want = 0
			}
			if got := b.lookups(t, "redis", "corrupt"); got != want {
				t.Errorf("Redis lookups corrupt = %v; want %v (the states after 32, 64, 96 and 120 plies, two answers)", got, want)
			}
		})
	}
}

// ctEach maps values.
func ctEach(values [][]byte, f func(int, []byte) []byte) [][]byte {
	out := make([][]byte, len(values))
	for i, v := range values {
		out[i] = f(i, v)
	}
	return out
}

// ctFaultWorkload is ~200 mixed requests: every fourth adjudicates a chess
// game one move longer than the last (the correspondence pattern, from 34
// plies on), the others ask legal moves, status and move verdicts of
// chess and Bigorra positions, repeating so that caches are hit.
func ctFaultWorkload(tb testing.TB) []ctReq {
	tb.Helper()
	game, chessFENs := ctGame(tb, "chess", 90, 21)
	bgame, bigFENs := ctGame(tb, "bigorra", 30, 22)
	type pos struct{ variant, fen, move string }
	var ps []pos
	for i := 0; i < 30; i += 3 {
		ps = append(ps, pos{"chess", chessFENs[i], game[i]}, pos{"bigorra", bigFENs[i], bgame[i]})
	}
	var reqs []ctReq
	for i := range 200 {
		j := i / 4
		switch i % 4 {
		case 0:
			reqs = append(reqs, ctAdjudicate("chess", game[:34+j], ""))
		case 1:
			p := ps[j%len(ps)]
			reqs = append(reqs, ctLegal(p.variant, p.fen))
		case 2:
			p := ps[(j*7)%len(ps)]
			reqs = append(reqs, ctStatus(p.variant, p.fen))
		case 3:
			p := ps[(j*3)%len(ps)]
			reqs = append(reqs, ctValidate(p.variant, p.fen, p.move))
		}
	}
	return reqs
}

// ctReference answers every request on a server without cache and times
// it: the median of three runs.
func ctReference(tb testing.TB, reqs []ctReq) (map[string][]byte, map[string]time.Duration) {
	tb.Helper()
	ref := ctNewNode(tb, "no cache", ctNone, nil)
	bodies, took := map[string][]byte{}, map[string]time.Duration{}
	for _, r := range reqs {
		if _, ok := bodies[r.id()]; ok {
			continue
		}
		var ds []time.Duration
		for range 3 {
			code, body, d := ref.do(r)
			if code != http.StatusOK {
				tb.Fatalf("no cache: %s = %d %s; want 200", r, code, body)
			}
			bodies[r.id()] = body
			ds = append(ds, d)
		}
		slices.Sort(ds)
		took[r.id()] = ds[1]
	}
	return bodies, took
}

// TestCacheFaults runs ~200 mixed requests through two replicas sharing a
// Redis that fails in the middle of the run (killed then restarted, paused
// with SIGSTOP then resumed, full): every answer is 200 and byte for byte
// the answer of a server without cache; while Redis is down or paused the
// breaker opens (lookups are skipped, not waited for), and once Redis is
// back, a fresh replica gets Redis hits again. How long requests took is
// logged, never asserted: time belongs in benchmarks.
func TestCacheFaults(t *testing.T) {
	reqs := ctFaultWorkload(t)
	want, took := ctReference(t, reqs)
	const faultAt, backAt = 72, 140 // request 72 is an adjudication
	tests := []struct {
		name        string
		fault, back func(*redistest.Server)
		breaks      bool // the fault opens the breaker: a full Redis still answers
	}{
		{"killed and restarted", (*redistest.Server).Kill, (*redistest.Server).Restart, true},
		{"paused with SIGSTOP, resumed with SIGCONT", (*redistest.Server).Stop, (*redistest.Server).Cont, true},
		{"full (maxmemory 1mb, noeviction), then limit lifted",
			func(s *redistest.Server) { s.SetMaxMemory("1mb") }, func(s *redistest.Server) { s.SetMaxMemory("0") }, false},
	}
	// Short timeouts, and a probe short enough to fail (and open the
	// breaker) while Redis is paused.
	short := func(c *cache.RedisConfig) {
		c.Timeout, c.ManyTimeout, c.WriteTimeout, c.ProbeTimeout = ctRedisTimeout, ctRedisTimeout, ctRedisTimeout, 4*ctRedisTimeout
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rs := redistest.Start(t)
			nodes := []*ctNode{ctNewNodeWith(t, "A", ctTiered, rs, short), ctNewNodeWith(t, "B", ctTiered, rs, short)}
			var worst time.Duration
			var worstAt int
			skipped := func() float64 {
				return nodes[0].lookups(t, "redis", "skipped") + nodes[1].lookups(t, "redis", "skipped")
			}
			var skippedAtFault, skippedAtBack float64
			for i, r := range reqs {
				switch i {
				case faultAt:
					skippedAtFault = skipped()
					tt.fault(rs)
				case backAt:
					skippedAtBack = skipped()
					tt.back(rs)
				}
				n := nodes[(i/4)%2] // consecutive adjudications alternate: the prefix comes from Redis
				code, body, d := n.do(r)
				if code != http.StatusOK || !bytes.Equal(body, want[r.id()]) {
					t.Fatalf("request %d on %s: %s = %d %.200s; want 200 %.200s (no cache)", i, n.name, r, code, body, want[r.id()])
				}
				if d > worst {
					worst, worstAt = d, i
				}
				if i >= faultAt && i < backAt {
					time.Sleep(5 * time.Millisecond) // the fault outlasts BreakerOpen: probes meet it
				}
			}
			if opened := skippedAtBack - skippedAtFault; tt.breaks && opened == 0 {
				t.Errorf("no Redis lookup was skipped during the fault: the breaker never opened")
			}
			t.Logf("slowest: request %d, %v (no cache: %v); Redis lookups on A: hit %v, miss %v, error %v, timeout %v, skipped %v; writes error %v",
				worstAt, worst, took[reqs[worstAt].id()], nodes[0].lookups(t, "redis", "hit"), nodes[0].lookups(t, "redis", "miss"), nodes[0].lookups(t, "redis", "error"),
				nodes[0].lookups(t, "redis", "timeout"), nodes[0].lookups(t, "redis", "skipped"), nodes[0].metric(t, "adjudicator_cache_writes_total", "tier", "redis", "result", "error"))
			ctCheckRecovered(t, rs, nodes[0], short)
		})
	}
}

// ctCheckRecovered: after Redis is back, answers written by a replica are
// Redis hits for a fresh one.
func ctCheckRecovered(t *testing.T, rs *redistest.Server, writer *ctNode, edit func(*cache.RedisConfig)) {
	t.Helper()
	time.Sleep(ctBreakerOpen + 50*time.Millisecond)
	_, fens := ctGame(t, "shako", 60, 23)
	deadline := time.Now().Add(5 * time.Second)
	for i := range fens {
		r := ctLegal("shako", fens[i])
		writer.must(t, r)
		writer.waitWrites(t)
		fresh := ctNewNodeWith(t, "fresh", ctTiered, rs, edit)
		fresh.must(t, r)
		if fresh.lookups(t, "redis", "hit") > 0 {
			return
		}
		if time.Now().After(deadline) {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("no Redis hit for a fresh replica within 5s after Redis came back")
}

// TestStalledRedisCostsOneTimeout: when Redis stops answering, a request
// waits for it at most one Redis timeout before computing. An adjudication
// looks up the states of its game at every checkpoint, less one move and
// whole: together they must cost one round trip, so one timeout, not one
// each. The outcome says so without a stopwatch: the
// request is answered right, Redis reports exactly one timed-out call (a
// failed pipeline counts once, three failed GETs would count three), and
// the breaker skipped nothing: a timeout only starts a probe, whose
// generous timeout outlasts the request.
func TestStalledRedisCostsOneTimeout(t *testing.T) {
	const timeout = 200 * time.Millisecond
	game, _ := ctGame(t, "chess", 40, 31)
	tests := []struct {
		name string
		req  ctReq
	}{
		{"legal-moves", ctLegal("chess", ctKiwipete)},
		{"adjudicate", ctAdjudicate("chess", game, "")},
	}
	want, _ := ctReference(t, []ctReq{tests[0].req, tests[1].req})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rs := redistest.Start(t)
			n := ctNewNodeWith(t, "A", ctTiered, rs, func(c *cache.RedisConfig) {
				c.Timeout, c.ManyTimeout, c.ProbeTimeout = timeout, timeout, 5*time.Second
				c.BreakerFailures = cache.DefaultRedisConfig().BreakerFailures
			})
			n.must(t, ctLegal("chess", "")) // connected
			n.waitWrites(t)
			rs.Stop()
			defer rs.Cont()
			errs0, skipped0 := n.lookups(t, "redis", "timeout"), n.lookups(t, "redis", "skipped")
			code, body, d := n.do(tt.req)
			if code != http.StatusOK || !bytes.Equal(body, want[tt.req.id()]) {
				t.Fatalf("%s = %d %.200s; want 200 %.200s", tt.req, code, body, want[tt.req.id()])
			}
			if errs := n.lookups(t, "redis", "timeout") - errs0; errs != 1 {
				t.Errorf("%s with Redis paused made %v timed-out Redis lookups; want 1 (one round trip)", tt.req, errs)
			}
			if skipped := n.lookups(t, "redis", "skipped") - skipped0; skipped != 0 {
				t.Errorf("%s with Redis paused skipped %v lookups; want 0 (a timeout alone does not open the breaker)", tt.req, skipped)
			}
			t.Logf("%s with Redis paused answered in %v (Redis timeout %v)", tt.req, d, timeout)
		})
	}
}

// TestAdjudicateSingleflight: 16 identical adjudications at once replay
// the game once. The first request's replay is held at its cache lookup
// (ctGate) until the other 15 have had time to join it, so the test does not
// depend on how fast a replay is.
func TestAdjudicateSingleflight(t *testing.T) {
	gate := &ctGate{entered: make(chan struct{}), release: make(chan struct{})}
	reg := prometheus.NewRegistry()
	srv, err := New(DefaultConfig(), zap.NewNop(), gate, reg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	n := &ctNode{name: "gated", kind: ctMemory, srv: srv, reg: reg}
	game, _ := ctGame(t, "bigorra", 600, 41)
	req := ctAdjudicate("bigorra", game, "")
	want := ctNewNode(t, "reference", ctNone, nil).must(t, req)
	const clients = 16
	var wg sync.WaitGroup
	bodies := make([][]byte, clients)
	codes := make([]int, clients)
	for i := range clients {
		wg.Go(func() { codes[i], bodies[i], _ = n.do(req) })
		if i == 0 {
			<-gate.entered // the first request's replay has started
		}
	}
	time.Sleep(300 * time.Millisecond) // the other 15 join it
	close(gate.release)
	wg.Wait()
	for i := range clients {
		if codes[i] != http.StatusOK || !bytes.Equal(bodies[i], want) {
			t.Errorf("client %d: %d %.200s; want 200 %.200s", i, codes[i], bodies[i], want)
		}
	}
	if got, want := n.plies(t), float64(len(game)); got != want {
		t.Errorf("adjudicator_engine_plies_total after %d identical requests at once = %v; want %v (one replay; %v replays ran)",
			clients, got, want, got/want)
	}
}

// ctGate is a cache that misses and holds the first lookup until released,
// so that a test knows a replay has started and can line requests up
// behind it.
type ctGate struct {
	once    sync.Once
	entered chan struct{}
	release chan struct{}
}

func (g *ctGate) Get(context.Context, string) ([]byte, bool) {
	first := false
	g.once.Do(func() { first = true })
	if first {
		close(g.entered)
		<-g.release
	}
	return nil, false
}

func (g *ctGate) Set(context.Context, string, []byte) {}

// TestAdjudicateFlightOutlivesItsFirstClient: identical adjudications share
// one replay; when the client whose request started it goes away, the
// others must still get their answer.
func TestAdjudicateFlightOutlivesItsFirstClient(t *testing.T) {
	gate := &ctGate{entered: make(chan struct{}), release: make(chan struct{})}
	srv, err := New(DefaultConfig(), zap.NewNop(), gate, prometheus.NewRegistry())
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	n := &ctNode{name: "gated", kind: ctMemory, srv: srv}
	game, _ := ctGame(t, "chess", 100, 31)
	req := ctAdjudicate("chess", game, "")
	want := ctNewNode(t, "reference", ctNone, nil).must(t, req)

	ctx, cancel := context.WithCancel(context.Background())
	first := make(chan int)
	go func() {
		r := httptest.NewRequest(http.MethodPost, req.path, strings.NewReader(req.body)).WithContext(ctx)
		r.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		srv.Handler().ServeHTTP(rec, r)
		first <- rec.Code
	}()
	<-gate.entered // the first request's replay has started
	second := make(chan []byte)
	var code int
	go func() {
		var body []byte
		code, body, _ = n.do(req)
		second <- body
	}()
	time.Sleep(200 * time.Millisecond) // the second request joins the replay
	cancel()                           // the first client goes away
	close(gate.release)
	<-first
	if body := <-second; code != http.StatusOK || !bytes.Equal(body, want) {
		t.Errorf("second client, after the first went away: %s = %d %.200s; want 200 %.200s", req, code, body, want)
	}
}

// ctTimer is the part of testing.B that ctCorrespondence stops and starts.
type ctTimer interface {
	StartTimer()
	StopTimer()
}

// ctCorrespondence submits a game as a correspondence site does: after
// each move, the whole game so far, to the nodes in turn (replicas behind a
// load balancer). Between submissions, minutes apart in real life, the
// Redis writes of the last one land; timer (when not nil) is stopped
// meanwhile. It returns the plies the engine replayed and the last answer.
func ctCorrespondence(tb testing.TB, reqs []ctReq, nodes []*ctNode, timer ctTimer) (plies float64, last []byte) {
	tb.Helper()
	before := 0.0
	for _, n := range nodes {
		before += n.plies(tb)
	}
	for k, r := range reqs {
		n := nodes[k%len(nodes)]
		last = n.must(tb, r)
		if n.kind == ctTiered || n.kind == ctRedisOnly {
			if timer != nil {
				timer.StopTimer()
			}
			n.waitWrites(tb)
			if timer != nil {
				timer.StartTimer()
			}
		}
	}
	for _, n := range nodes {
		plies += n.plies(tb)
	}
	return plies - before, last
}

// ctCorrespondenceGame is the game of the correspondence benchmark: 300
// random legal plies of Terachess II, and the 300 submissions of it.
func ctCorrespondenceGame(tb testing.TB, plies int) []ctReq {
	tb.Helper()
	game, _ := ctGame(tb, "terachess2", plies, 2)
	reqs := make([]ctReq, len(game))
	for k := range game {
		reqs[k] = ctAdjudicate("terachess2", game[:k+1], "")
	}
	return reqs
}

// ctCorrespondenceSetups are the cache set-ups compared: none, the
// in-process tier, two replicas with memory and a shared Redis taking turns
// (so every prefix comes from Redis), and one replica whose memory keeps
// nothing (Redis alone).
var ctCorrespondenceSetups = []struct {
	name  string
	kinds []ctKind
}{
	{"none", []ctKind{ctNone}},
	{"memory", []ctKind{ctMemory}},
	{"tiered-2-replicas", []ctKind{ctTiered, ctTiered}},
	{"redis-only", []ctKind{ctRedisOnly}},
}

func ctSetupNodes(tb testing.TB, kinds []ctKind, rs *redistest.Server) []*ctNode {
	tb.Helper()
	nodes := make([]*ctNode, len(kinds))
	for i, k := range kinds {
		nodes[i] = ctNewNode(tb, fmt.Sprint(k, i), k, rs)
	}
	return nodes
}

// TestCorrespondencePattern: a 300-ply game submitted 300 times, one move
// longer each time, replays each move once with any cache (300 plies)
// instead of 1+2+...+300 = 45150 without, and answers the same.
func TestCorrespondencePattern(t *testing.T) {
	const n = 300
	reqs := ctCorrespondenceGame(t, n)
	want := ctNewNode(t, "no cache", ctNone, nil).must(t, reqs[n-1])
	rs := redistest.Start(t)
	for _, setup := range ctCorrespondenceSetups[1:] { // none: 45150 plies by arithmetic
		t.Run(setup.name, func(t *testing.T) {
			rs.FlushAll()
			start := time.Now()
			plies, last := ctCorrespondence(t, reqs, ctSetupNodes(t, setup.kinds, rs), nil)
			if plies != n {
				t.Errorf("plies replayed over %d submissions = %v; want %d (one per move; %d without cache)", n, plies, n, n*(n+1)/2)
			}
			if !bytes.Equal(last, want) {
				t.Errorf("last answer = %.200s; want %.200s (no cache)", last, want)
			}
			t.Logf("%d submissions in %v", n, time.Since(start))
		})
	}
}

// BenchmarkCorrespondence: one op is the 300 submissions of a 300-ply
// Terachess II game; plies/op is the engine's work.
//
//	go test ./internal/handlers -run '^$' -bench Correspondence -benchtime 3x -count 3
func BenchmarkCorrespondence(b *testing.B) {
	reqs := ctCorrespondenceGame(b, 300)
	rs := redistest.Start(b)
	for _, setup := range ctCorrespondenceSetups {
		b.Run(setup.name, func(b *testing.B) {
			total := 0.0
			for range b.N {
				b.StopTimer()
				rs.FlushAll()
				nodes := ctSetupNodes(b, setup.kinds, rs)
				b.StartTimer()
				plies, _ := ctCorrespondence(b, reqs, nodes, b)
				total += plies
			}
			b.ReportMetric(total/float64(b.N), "plies/op")
		})
	}
}

// BenchmarkLegalMovesCache: legal moves of a position through the whole
// handler (validation, cache, encoding), computed every time (no cache),
// served from the in-process tier, and served from Redis (a memory tier
// that keeps nothing, so every lookup goes to Redis on loopback).
//
//	go test ./internal/handlers -run '^$' -bench LegalMovesCache -count 6
func BenchmarkLegalMovesCache(b *testing.B) {
	rs := redistest.Start(b)
	positions := []struct {
		name string
		req  ctReq
	}{
		{"chess-kiwipete", ctLegal("chess", ctKiwipete)},
		{"bigorra-middle", ctLegal("bigorra", ctBigorraMiddle)},
	}
	for _, p := range positions {
		for _, kind := range []ctKind{ctNone, ctMemory, ctRedisOnly} {
			b.Run(p.name+"/"+map[ctKind]string{ctNone: "computed", ctMemory: "memory", ctRedisOnly: "redis"}[kind], func(b *testing.B) {
				n := ctNewNode(b, string(kind), kind, rs)
				body := n.must(b, p.req) // warm: computed and stored
				n.waitWrites(b)
				b.ResetTimer()
				for range b.N {
					n.must(b, p.req)
				}
				b.StopTimer()
				b.ReportMetric(float64(len(body)), "answer-bytes")
				if kind == ctRedisOnly && n.lookups(b, "redis", "hit") < float64(b.N) {
					b.Fatalf("Redis hits = %v; want %d (every lookup from Redis)", n.lookups(b, "redis", "hit"), b.N)
				}
			})
		}
	}
}
