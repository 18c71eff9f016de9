package main

// End-to-end test of two replicas of the service, two processes of the
// built binary, sharing one Redis Cluster (real redis-server processes,
// package redistest) under one cache secret.

import (
	"bufio"
	"bytes"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/adjudicator/adjudicator/internal/cache/redistest"
)

// testSharedCluster: a game adjudicated by replica A is resumed by replica
// B from the state A left in the Cluster: B's Redis hit counter rises, and
// its answers are those of a replica without any cache.
func testSharedCluster(t *testing.T, bin string) {
	c := redistest.StartCluster(t)
	env := []string{
		"ADJUDICATOR_REDIS_URL=" + c.URL(),
		"ADJUDICATOR_REDIS_MODE=cluster",
		"ADJUDICATOR_CACHE_SECRET=" + testSecret,
		// generous: a loaded machine must not turn the hit into a miss
		"ADJUDICATOR_REDIS_TIMEOUT=5s",
		"ADJUDICATOR_REDIS_READ_MANY_TIMEOUT=5s",
		"ADJUDICATOR_REDIS_WRITE_TIMEOUT=5s",
		"ADJUDICATOR_REDIS_PROBE_TIMEOUT=10s",
	}
	a := startServer(t, bin, env, "--addr", "127.0.0.1:0")
	b := startServer(t, bin, env, "--addr", "127.0.0.1:0")
	plain := startServer(t, bin, nil, "--addr", "127.0.0.1:0", "--cache-size", "0")
	const (
		prefix = `{"variant":"chess","moves":["e4","e5","Nf3","Nc6","Bc4","Nf6","Ng5","d5","exd5","Nxd5"]}`
		longer = `{"variant":"chess","moves":["e4","e5","Nf3","Nc6","Bc4","Nf6","Ng5","d5","exd5","Nxd5","Nxf7"]}`
	)
	ra := a.do(t, "POST", "/v1/games/adjudicate", prefix)
	ra.want(t, "adjudicate on A", 200, "application/json")
	waitMetric(t, a, `adjudicator_cache_writes_total{result="ok",tier="redis"}`, 1)

	// B resumes the longer game from the state A left after its prefix:
	// a Redis hit; then the prefix itself, now in B's memory.
	for i, body := range []string{longer, prefix} {
		hits := metricValue(t, b, `adjudicator_cache_lookups_total{result="hit",tier="redis"}`)
		rb := b.do(t, "POST", "/v1/games/adjudicate", body)
		rb.want(t, "adjudicate on B", 200, "application/json")
		want := plain.do(t, "POST", "/v1/games/adjudicate", body)
		if !bytes.Equal(rb.body, want.body) {
			t.Errorf("B's answer to %s = %s; want %s (no cache)", body, rb.body, want.body)
		}
		if got := metricValue(t, b, `adjudicator_cache_lookups_total{result="hit",tier="redis"}`); i == 0 && got <= hits {
			t.Errorf("B's Redis hits after %s = %v, before %v; want more (A's state resumed from the Cluster)", body, got, hits)
		}
	}
	if !bytes.Equal(ra.body, plain.do(t, "POST", "/v1/games/adjudicate", prefix).body) {
		t.Errorf("A's answer to %s = %s; want that of a replica without cache", prefix, ra.body)
	}
	if got := metricValue(t, b, `adjudicator_cache_rejected_total{reason="mac",tier="redis"}`); got != 0 {
		t.Errorf("B rejected %v values by their MAC; want 0 (same secret)", got)
	}
}

// metricValue is the value of the series named exactly by series (name
// and labels as /metrics writes them), 0 when absent.
func metricValue(t *testing.T, s *server, series string) float64 {
	t.Helper()
	r := s.do(t, "GET", "/metrics", "")
	sc := bufio.NewScanner(bytes.NewReader(r.body))
	sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), series+" "); ok {
			f, err := strconv.ParseFloat(v, 64)
			if err != nil {
				t.Fatalf("%s: %v", series, err)
			}
			return f
		}
	}
	return 0
}

// waitMetric polls /metrics until series reaches at least want.
func waitMetric(t *testing.T, s *server, series string, want float64) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for metricValue(t, s, series) < want {
		if time.Now().After(deadline) {
			t.Fatalf("%s below %v after 20 s", series, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
