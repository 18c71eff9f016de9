package handlers

import (
	"bytes"
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/adjudicator/adjudicator/internal/cache"
	"github.com/adjudicator/adjudicator/internal/cache/redistest"
)

// TestServiceFailover: the service under load with a Redis Cluster as its
// only cache (a memory tier that keeps nothing), and a master killed
// mid-run. No request fails or answers other bytes than the service
// without a cache, and the answers come from Redis again once the replica
// has taken over. The log says how long that took.
func TestServiceFailover(t *testing.T) {
	cl := redistest.StartCluster(t)
	n := ctNewNodeWith(t, "cluster", ctRedisOnly, nil, func(c *cache.RedisConfig) {
		c.URL, c.Mode = cl.URL(), "cluster"
		c.Queue = 4096
	})
	ref := ctNewNode(t, "reference", ctNone, nil)
	// The positions of two games, asked about by FEN (legal-moves, status)
	// and by moves (legal-moves after the moves): answers spread over the
	// three shards.
	var reqs []ctReq
	for seed := range uint64(2) {
		moves, fens := ctGame(t, "chess", 40, seed+11)
		for i, fen := range fens {
			reqs = append(reqs, ctLegal("chess", fen), ctStatus("chess", fen),
				ctPosition("/v1/legal-moves", "chess", "", map[string]any{"moves": moves[:i]}))
		}
	}
	want := make([][]byte, len(reqs))
	for i, r := range reqs {
		want[i] = bytes.Clone(ref.must(t, r))
	}

	var sent, hits atomic.Int64
	var mu sync.Mutex
	var wrong []string
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				k := i % len(reqs)
				code, body, _ := n.do(reqs[k])
				sent.Add(1)
				if code != http.StatusOK || !bytes.Equal(body, want[k]) {
					mu.Lock()
					wrong = append(wrong, fmt.Sprintf("%s: %d %.200s", reqs[k], code, body))
					mu.Unlock()
				}
				time.Sleep(time.Millisecond)
			}
		}()
	}
	defer func() { close(stop); wg.Wait() }()

	// The hit rate of the Redis lookups since a mark.
	hitRate := func(mark0, hit0 float64) float64 {
		all := n.metric(t, "adjudicator_cache_lookups_total", "tier", "redis") - mark0
		return (n.lookups(t, "redis", "hit") - hit0) / max(all, 1)
	}
	// waitHits polls until the hit rate is back: the test asserts that it
	// comes back, not how fast (the log says that). It gives up only when
	// go test's own -timeout is near, to fail with this message rather
	// than the timeout's stack dump.
	deadline, bounded := t.Deadline()
	waitHits := func(what string) time.Duration {
		start := time.Now()
		for {
			mark, hit := n.metric(t, "adjudicator_cache_lookups_total", "tier", "redis"), n.lookups(t, "redis", "hit")
			time.Sleep(200 * time.Millisecond)
			if r := hitRate(mark, hit); r >= 0.9 {
				hits.Store(int64(100 * r))
				return time.Since(start)
			}
			if bounded && time.Until(deadline) < 30*time.Second {
				t.Fatalf("%s: the Redis hit rate never came back above 90%% before the test binary's timeout", what)
			}
		}
	}
	waitHits("warming up")
	killed := time.Now()
	dead := cl.KillMasterOf(ctPrefix + "any key")
	cl.WaitFailover(dead)
	promoted := time.Since(killed)
	back := waitHits("after the failover")
	t.Logf("master killed; replica promoted after %v; Redis hit rate back to %d%% %v later; %d requests; Redis lookups: %v errors, %v timeouts, %v skipped by the breaker",
		promoted.Round(time.Millisecond), hits.Load(), back.Round(time.Millisecond), sent.Load(),
		n.lookups(t, "redis", "error"), n.lookups(t, "redis", "timeout"), n.lookups(t, "redis", "skipped"))
	mu.Lock()
	defer mu.Unlock()
	if len(wrong) > 0 {
		t.Errorf("%d requests failed or answered other bytes, the first: %s", len(wrong), wrong[0])
	}
}
