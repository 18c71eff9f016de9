package handlers_test

// A forged answer in the shared Redis (issue 12, finding 3): whoever can
// write to Redis rewrites the chess start's legal-moves value; the service
// ignores it and answers the real 20 moves.

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"hash/fnv"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/adjudicator/adjudicator/internal/cache"
	"github.com/adjudicator/adjudicator/internal/cache/redistest"
	"github.com/adjudicator/adjudicator/internal/handlers"
)

const forgedPrefix = "forgetest:"

// forgedNode is a replica whose every lookup goes to Redis (its memory
// tier keeps nothing), with the cache metrics on their own registry.
func forgedNode(t *testing.T, rs *redistest.Server, secret string) (*handlers.Server, *prometheus.Registry) {
	t.Helper()
	cacheReg := prometheus.NewRegistry()
	stats := cache.NewMetrics(cacheReg)
	cfg := cache.DefaultRedisConfig()
	cfg.URL, cfg.Prefix, cfg.Secret = rs.URL(), forgedPrefix, []byte(secret)
	cfg.Timeout, cfg.ManyTimeout = time.Second, time.Second
	r, err := cache.NewRedis(cfg, stats)
	if err != nil {
		t.Fatalf("cache.NewRedis: %v", err)
	}
	t.Cleanup(func() { _ = r.Close() })
	mem := cache.NewMemory(cache.MemoryConfig{Entries: 1, MaxValue: 0, TTL: time.Hour}, stats)
	srv, err := handlers.New(handlers.DefaultConfig(), zap.NewNop(), &cache.Tiered{Memory: mem, Redis: r}, prometheus.NewRegistry())
	if err != nil {
		t.Fatalf("handlers.New: %v", err)
	}
	return srv, cacheReg
}

func legalStart(t *testing.T, srv *handlers.Server) []byte {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/v1/legal-moves", strings.NewReader(`{"variant":"chess"}`))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	srv.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Fatalf("legal-moves of the chess start = %d %s; want 200", rec.Code, rec.Body)
	}
	return rec.Body.Bytes()
}

// sealFNV is the unkeyed seal values had before they were signed: "ADJ1",
// the FNV-1a sum of the key (without prefix), a zero byte and the payload.
func sealFNV(key string, payload []byte) []byte {
	h := fnv.New64a()
	h.Write([]byte(key))
	h.Write([]byte{0})
	h.Write(payload)
	return append(binary.BigEndian.AppendUint64([]byte("ADJ1"), h.Sum64()), payload...)
}

// TestForgedCachedAnswerIgnored: the chess start's legal moves, rewritten
// in Redis to one move, Kxe8# (checkmate, 1-0), under the old FNV seal or
// signed with another deployment's secret, are not served: a fresh replica
// answers the 20 real moves, byte for byte, and counts the rejection.
func TestForgedCachedAnswerIgnored(t *testing.T) {
	const secret = "handlers forged-answer test secret, 32+ bytes"
	rs := redistest.Start(t)
	writer, _ := forgedNode(t, rs, secret)
	real := legalStart(t, writer)
	var answer map[string]any
	if err := json.Unmarshal(real, &answer); err != nil {
		t.Fatal(err)
	}
	if moves, _ := answer["moves"].([]any); len(moves) != 20 {
		t.Fatalf("legal moves of the chess start = %d; want 20", len(moves))
	}
	var keys []string
	for deadline := time.Now().Add(20 * time.Second); len(keys) == 0; keys = rs.Keys(forgedPrefix + "*") {
		if time.Now().After(deadline) {
			t.Fatalf("no key under %s in Redis 20 s after the answer", forgedPrefix)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if len(keys) != 1 {
		t.Fatalf("Redis holds %q; want the one legal-moves answer", keys)
	}
	answer["moves"] = []any{map[string]any{"uci": "e1e8", "san": "Kxe8#", "from": "e1", "to": "e8", "piece": "K",
		"captures": []any{"e8"}, "converted": []any{}, "flags": []any{"capture", "checkmate"}}}
	forged, err := json.Marshal(answer)
	if err != nil {
		t.Fatal(err)
	}
	key := strings.TrimPrefix(keys[0], forgedPrefix)

	stranger := cache.DefaultRedisConfig()
	stranger.URL, stranger.Prefix, stranger.Secret = rs.URL(), forgedPrefix, []byte("a stranger's secret, just as long as ours")
	tests := []struct {
		name   string
		reason string
		forge  func(t *testing.T)
	}{
		{"the old FNV seal", "format", func(t *testing.T) { rs.Set(keys[0], sealFNV(key, forged)) }},
		{"another secret's MAC", "mac", func(t *testing.T) {
			r, err := cache.NewRedis(stranger, cache.NewMetrics(prometheus.NewRegistry()))
			if err != nil {
				t.Fatal(err)
			}
			defer r.Close()
			before, _ := rs.Get(keys[0])
			r.Set(context.Background(), key, forged)
			for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(10 * time.Millisecond) {
				if now, _ := rs.Get(keys[0]); !bytes.Equal(now, before) {
					return
				}
				if time.Now().After(deadline) {
					t.Fatalf("the stranger's write did not land within 20 s")
				}
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.forge(t)
			reader, reg := forgedNode(t, rs, secret)
			if got := legalStart(t, reader); !bytes.Equal(got, real) {
				t.Errorf("legal-moves with %s in Redis = %.200s; want the real answer %.200s", tt.name, got, real)
			}
			for _, reason := range []string{"format", "mac", "size"} {
				want := 0.0
				if reason == tt.reason {
					want = 1
				}
				if got := rejectedCount(t, reg, reason); got != want {
					t.Errorf("adjudicator_cache_rejected_total{reason=%q} = %v; want %v", reason, got, want)
				}
			}
		})
	}
}

// rejectedCount is adjudicator_cache_rejected_total of the Redis tier for reason.
func rejectedCount(t *testing.T, reg prometheus.Gatherer, reason string) float64 {
	t.Helper()
	families, err := reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != "adjudicator_cache_rejected_total" {
			continue
		}
		for _, m := range f.GetMetric() {
			labels := map[string]string{}
			for _, l := range m.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			if labels["tier"] == "redis" && labels["reason"] == reason {
				return m.GetCounter().GetValue()
			}
		}
	}
	return 0
}
