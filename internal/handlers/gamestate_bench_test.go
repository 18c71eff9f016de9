package handlers

import (
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/adjudicator/adjudicator/internal/cache"
)

// BenchmarkAdjudicateMemoryCache: adjudications of a 300-ply chess game
// through the whole handler with the in-process cache as serve builds it:
// submitted again whole (resumed from its whole length, no ply replayed),
// one op the 100 submissions of its plies 201 to 300, each one move longer
// (the correspondence pattern: each resumed from the one before), and new
// (replayed from the start on an empty cache, its states written). It uses
// only what the base commit has too, so that the two compare:
//
//	go test ./internal/handlers -run '^$' -bench AdjudicateMemoryCache -count 10
func BenchmarkAdjudicateMemoryCache(b *testing.B) {
	game, _ := ctGame(b, "chess", 300, 2)
	reg := prometheus.NewRegistry()
	stats := cache.NewMetrics(reg)
	newMemory := func() Cache {
		return cache.NewMemory(cache.MemoryConfig{Entries: 10000, Bytes: 128 << 20, MaxValue: 1 << 20, TTL: time.Hour}, stats)
	}
	srv, err := New(DefaultConfig(), zap.NewNop(), newMemory(), reg)
	if err != nil {
		b.Fatal(err)
	}
	n := &ctNode{name: "memory", kind: ctMemory, srv: srv, reg: reg, cacheReg: reg}
	// emptied gives the server a new, empty cache for its game states (the
	// states are all adjudications use).
	emptied := func() *ctNode {
		srv.cache = newMemory()
		return n
	}
	whole := ctAdjudicate("chess", game, "")
	b.Run("resubmitted", func(b *testing.B) {
		n := emptied()
		n.must(b, whole)
		b.ResetTimer()
		for range b.N {
			n.must(b, whole)
		}
	})
	b.Run("one-more-move", func(b *testing.B) {
		reqs := make([]ctReq, len(game)+1)
		for k := range reqs {
			reqs[k] = ctAdjudicate("chess", game[:k], "")
		}
		b.ResetTimer()
		for range b.N {
			b.StopTimer()
			n := emptied()
			n.must(b, reqs[200])
			b.StartTimer()
			for k := 201; k <= len(game); k++ {
				n.must(b, reqs[k])
			}
		}
	})
	b.Run("new", func(b *testing.B) {
		for range b.N {
			b.StopTimer()
			n := emptied()
			b.StartTimer()
			n.must(b, whole)
		}
	})
}
