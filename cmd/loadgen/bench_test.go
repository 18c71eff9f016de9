package main

// In-process benchmarks of the same four requests as the load run, for
// CPU profiles of the service without a pprof endpoint in it:
//
//	go test ./cmd/loadgen -run '^$' -bench . -cpuprofile /tmp/cpu.out
//	go tool pprof -top -cum /tmp/cpu.out

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/adjudicator/adjudicator/internal/cache"
	"github.com/adjudicator/adjudicator/internal/handlers"
)

// The bodies of the load run (docs/BENCHMARKS.md).
const (
	chessPath   = "testdata/legal-moves-chess.json"
	bigorraPath = "testdata/legal-moves-bigorra.json"
)

func readBody(b *testing.B, path string) string {
	b.Helper()
	body, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	return string(body)
}

func benchHandler(b *testing.B, h http.Handler, path, body string) {
	b.Helper()
	serve := func() *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	if rec := serve(); rec.Code != http.StatusOK {
		b.Fatalf("POST %s: %d %s", path, rec.Code, rec.Body.String())
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		serve()
	}
}

func service(b *testing.B) http.Handler {
	b.Helper()
	return serviceWith(b, nil)
}

// cachedService has the default in-process cache of `adjudicator serve`.
func cachedService(b *testing.B) http.Handler {
	b.Helper()
	reg := prometheus.NewRegistry()
	mem := cache.NewMemory(cache.MemoryConfig{Entries: 10000, Bytes: 256 << 20, MaxValue: 1 << 20, TTL: time.Hour}, cache.NewMetrics(reg))
	return serviceWith(b, mem)
}

func serviceWith(b *testing.B, c handlers.Cache) http.Handler {
	b.Helper()
	s, err := handlers.New(handlers.DefaultConfig(), zap.NewNop(), c, prometheus.NewRegistry())
	if err != nil {
		b.Fatal(err)
	}
	return s.Handler()
}

func BenchmarkBaseline(b *testing.B) {
	benchHandler(b, newBaseline(), "/v1/legal-moves", readBody(b, chessPath))
}

func BenchmarkLegalMovesChess(b *testing.B) {
	benchHandler(b, service(b), "/v1/legal-moves", readBody(b, chessPath))
}

func BenchmarkLegalMovesChessCached(b *testing.B) {
	benchHandler(b, cachedService(b), "/v1/legal-moves", readBody(b, chessPath))
}

func BenchmarkLegalMovesBigorra(b *testing.B) {
	benchHandler(b, service(b), "/v1/legal-moves", readBody(b, bigorraPath))
}

func BenchmarkAdjudicate200(b *testing.B) {
	benchHandler(b, service(b), "/v1/games/adjudicate", readBody(b, game200Path))
}
