package cache

// The Redis tier against a Redis Cluster (three masters, three replicas)
// and a Sentinel deployment (a master, a replica, three sentinels), real
// processes from package redistest: reads, writes, pipelines across
// slots, the seal, and a master killed under load.

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/redis/go-redis/v9"

	"github.com/adjudicator/adjudicator/internal/cache/redistest"
)

// newRedisAt returns a Redis tier at url in mode with the test settings,
// changed by edit when it is not nil.
func newRedisAt(t testing.TB, url, mode string, edit func(*RedisConfig)) (*Redis, *prometheus.Registry) {
	t.Helper()
	cfg := testRedisConfig(url)
	cfg.Mode = mode
	if edit != nil {
		edit(&cfg)
	}
	stats, reg := newStats(t)
	r, err := NewRedis(cfg, stats)
	if err != nil {
		t.Fatalf("NewRedis(%s, %s): %v", mode, url, err)
	}
	t.Cleanup(func() { _ = r.Close() })
	return r, reg
}

// topology is a Redis deployment under test: the tier's URL and mode,
// an administrative client for tampering, and how to kill the server
// that holds key and wait for its replica to take over.
type topology struct {
	url, mode string
	admin     redis.UniversalClient
	// kill kills the master of key and returns a function that waits
	// until a replica has taken over.
	kill func(key string) (waitFailover func())
}

func startTopology(t *testing.T, mode string) topology {
	t.Helper()
	switch mode {
	case "cluster":
		c := redistest.StartCluster(t)
		admin := redis.NewClusterClient(&redis.ClusterOptions{Addrs: c.Addrs(), ReadTimeout: 5 * time.Second})
		t.Cleanup(func() { _ = admin.Close() })
		return topology{c.URL(), mode, admin, func(key string) func() {
			dead := c.KillMasterOf(testPrefix + key)
			return func() { c.WaitFailover(dead) }
		}}
	case "sentinel":
		s := redistest.StartSentinel(t, 1)
		admin := redis.NewFailoverClient(&redis.FailoverOptions{MasterName: redistest.MasterName,
			SentinelAddrs: []string{s.Sentinels[0].Addr()}, ReadTimeout: 5 * time.Second})
		t.Cleanup(func() { _ = admin.Close() })
		return topology{s.URL(), mode, admin, func(string) func() {
			old := s.KillMaster()
			return func() { s.WaitFailover(old) }
		}}
	}
	t.Fatalf("no topology %q", mode)
	return topology{}
}

// TestRedisTopologies: in cluster and sentinel mode, a miss, a Set, a
// hit; GetMany of keys spread over many slots (in a Cluster, all three
// masters) in one call; values that do not verify are misses.
func TestRedisTopologies(t *testing.T) {
	for _, mode := range []string{"cluster", "sentinel"} {
		t.Run(mode, func(t *testing.T) {
			top := startTopology(t, mode)
			r, reg := newRedisAt(t, top.url, top.mode, nil)
			ctx := context.Background()
			if got, ok := r.Get(ctx, "k"); ok {
				t.Errorf("Get(%q) before Set = %q, true; want a miss", "k", got)
			}
			const n = 60
			keys := make([]string, n)
			slots := map[int64]bool{}
			for i := range keys {
				keys[i] = fmt.Sprint("r1:game:", i)
				r.Set(ctx, keys[i], []byte("v:"+keys[i]))
				slots[redisSlot(t, top.admin, testPrefix+keys[i])] = true
			}
			for _, k := range keys {
				waitHit(t, r, k, []byte("v:"+k), hang)
			}
			if mode == "cluster" && len(slots) < n/2 {
				t.Fatalf("the %d keys hash to %d slots; want them spread", n, len(slots))
			}
			before := lookups(t, reg, "redis", "hit")
			got := r.GetMany(ctx, append(keys, "absent"))
			for i, k := range keys {
				if string(got[i]) != "v:"+k {
					t.Errorf("GetMany(...)[%d] (%q) = %q; want %q", i, k, got[i], "v:"+k)
				}
			}
			if got[n] != nil {
				t.Errorf("GetMany(...)[%d] (absent) = %q; want nil", n, got[n])
			}
			if hits := lookups(t, reg, "redis", "hit") - before; hits != n {
				t.Errorf("redis hits of one GetMany = %v; want %d", hits, n)
			}

			s := testSealer(t, testSecret)
			forged := map[string][]byte{
				"garbage":       []byte("garbage"),
				"moved":         s.seal(testPrefix+keys[1], []byte("v:"+keys[1])),
				"other secret":  testSealer(t, bytes.Repeat([]byte{'s'}, MinSecretBytes)).seal(testPrefix+"other secret", []byte("x")),
				"unsealed data": []byte("v:unsealed data"),
			}
			for k, raw := range forged {
				if err := top.admin.Set(ctx, testPrefix+k, raw, 0).Err(); err != nil {
					t.Fatalf("SET %s: %v", k, err)
				}
			}
			for k := range forged {
				if got, ok := r.Get(ctx, k); ok {
					t.Errorf("Get(%q), a forged value = %q, true; want a miss", k, got)
				}
				if got := r.GetMany(ctx, []string{k, keys[0]}); got[0] != nil || string(got[1]) != "v:"+keys[0] {
					t.Errorf("GetMany(%q, %q) = %q; want a miss, then %q", k, keys[0], got, "v:"+keys[0])
				}
			}
			if got, want := lookups(t, reg, "redis", "corrupt"), float64(2*len(forged)); got != want {
				t.Errorf("redis lookups corrupt = %v; want %v", got, want)
			}
			if got := lookups(t, reg, "redis", "error") + lookups(t, reg, "redis", "timeout"); got != 0 {
				t.Errorf("redis lookups error or timeout = %v; want 0", got)
			}
		})
	}
}

// redisSlot is the key's hash slot (the same computation for any mode).
func redisSlot(t testing.TB, c redis.UniversalClient, key string) int64 {
	t.Helper()
	cc, ok := c.(*redis.ClusterClient)
	if !ok {
		return 0
	}
	slot, err := cc.ClusterKeySlot(context.Background(), key).Result()
	if err != nil {
		t.Fatalf("CLUSTER KEYSLOT %s: %v", key, err)
	}
	return slot
}

// failoverLoad is what the goroutines of TestRedisFailoverUnderLoad saw.
type failoverLoad struct {
	gets, hits atomic.Int64
	mu         sync.Mutex
	wrong      []string
	slowest    time.Duration
	window     []bool // the latest lookups, hit or not, newest last
}

// saw records one Get.
func (l *failoverLoad) saw(hit bool, took time.Duration) {
	l.gets.Add(1)
	if hit {
		l.hits.Add(1)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.slowest = max(l.slowest, took)
	l.window = append(l.window, hit)
	if len(l.window) > recoveryWindow {
		l.window = l.window[1:]
	}
}

// rate is the hit rate of the latest recoveryWindow lookups (0 until
// there are that many since the last reset).
func (l *failoverLoad) rate() float64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.window) < recoveryWindow {
		return 0
	}
	hits := 0
	for _, h := range l.window {
		if h {
			hits++
		}
	}
	return float64(hits) / float64(len(l.window))
}

func (l *failoverLoad) reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.window = l.window[:0]
}

// recoveryWindow lookups with at least recovered of them hits: the hit
// rate has recovered.
const (
	recoveryWindow = 200
	recovered      = 0.9
)

// TestRedisFailoverUnderLoad: goroutines Get and (on a miss) Set keys of a
// small set continuously; a master is killed mid-run. Every call returns
// (the API has no errors: a failure is a miss), no Get ever returns
// another key's value or a changed one, and once a replica has taken
// over, the hit rate of the latest lookups is back above 90%. How long
// that took is logged (go test -v -run TestRedisFailoverUnderLoad), the
// figure docs/BENCHMARKS.md records.
func TestRedisFailoverUnderLoad(t *testing.T) {
	for _, mode := range []string{"cluster", "sentinel"} {
		t.Run(mode, func(t *testing.T) {
			top := startTopology(t, mode)
			r, reg := newRedisAt(t, top.url, top.mode, func(c *RedisConfig) { c.Queue = 4096 })
			const workers, keys = 4, 300
			value := func(k string) []byte { return []byte("value of " + k) }
			var load failoverLoad
			stop := make(chan struct{})
			var wg sync.WaitGroup
			for w := range workers {
				wg.Add(1)
				go func() {
					defer wg.Done()
					rng := rand.New(rand.NewPCG(uint64(w), 1))
					ctx := context.Background()
					for {
						select {
						case <-stop:
							return
						default:
						}
						k := fmt.Sprint("r1:game:", rng.IntN(keys))
						start := time.Now()
						got, ok := r.Get(ctx, k)
						load.saw(ok, time.Since(start))
						if ok && !bytes.Equal(got, value(k)) {
							load.mu.Lock()
							load.wrong = append(load.wrong, fmt.Sprintf("Get(%q) = %q", k, got))
							load.mu.Unlock()
						}
						if !ok {
							r.Set(ctx, k, value(k))
						}
						time.Sleep(time.Millisecond) // steady, not a spin: each a client of a busy replica
						if rng.IntN(8) == 0 {        // now and then a pipeline, as the game handler does
							ks := []string{k, fmt.Sprint("r1:game:", rng.IntN(keys)), fmt.Sprint("r1:game:", rng.IntN(keys))}
							for i, v := range r.GetMany(ctx, ks) {
								if v != nil && !bytes.Equal(v, value(ks[i])) {
									load.mu.Lock()
									load.wrong = append(load.wrong, fmt.Sprintf("GetMany(%q)[%d] = %q", ks, i, v))
									load.mu.Unlock()
								}
							}
						}
					}
				}()
			}
			finished := make(chan struct{})
			t.Cleanup(func() {
				close(stop)
				select {
				case <-finished:
				case <-time.After(hang):
					t.Errorf("the load's goroutines still running %v after the stop: a call hangs", hang)
				}
			})
			go func() { wg.Wait(); close(finished) }()

			waitFor(t, "a warm cache (90% hits)", hang, func() bool { return load.rate() >= recovered })
			ok := lookups(t, reg, "redis", "hit")
			killed := time.Now()
			waitFailover := top.kill("r1:game:0")
			load.reset()
			waitFailover()
			promoted := time.Now()
			waitFor(t, "the hit rate back above 90% after the failover", 2*hang, func() bool { return load.rate() >= recovered })
			back := time.Now()
			load.mu.Lock()
			slowest := load.slowest
			load.mu.Unlock()
			t.Logf("%s: master killed; replica promoted after %v; hit rate of the latest %d lookups back to %.0f%% after %v (%v after the promotion); %d lookups (%d hits), %v errors, %v timeouts, %v skipped, breaker opened %v times; slowest Get %v",
				mode, promoted.Sub(killed).Round(time.Millisecond), recoveryWindow, 100*load.rate(), back.Sub(killed).Round(time.Millisecond),
				back.Sub(promoted).Round(time.Millisecond), load.gets.Load(), load.hits.Load(),
				lookups(t, reg, "redis", "error"), lookups(t, reg, "redis", "timeout"), lookups(t, reg, "redis", "skipped"),
				metric(t, reg, "adjudicator_cache_breaker_transitions_total", "to", "open"), slowest)
			if ok == 0 {
				t.Errorf("no redis hit before the kill")
			}
			load.mu.Lock()
			defer load.mu.Unlock()
			if len(load.wrong) > 0 {
				t.Errorf("%d lookups served a wrong value, e.g. %s; want none", len(load.wrong), load.wrong[0])
			}
		})
	}
}

// TestRedisSentinelPasswords: against sentinels and servers that all
// require a password, the tier works when it has both the servers'
// password (Password) and the sentinels' (SentinelPassword, or the URL's
// user info), and fails its PING without either.
func TestRedisSentinelPasswords(t *testing.T) {
	const pw = "sentinel-test-pw"
	s := redistest.StartSentinelAuth(t, 1, pw)
	ctx := context.Background()
	withURLInfo := strings.Replace(s.URL(), "redis://", "redis://:"+pw+"@", 1)
	for _, c := range []struct {
		name           string
		url            string
		server, guards string
		works          bool
	}{
		{"both passwords", s.URL(), pw, pw, true},
		{"the sentinels' from the URL", withURLInfo, pw, "", true},
		{"no sentinel password", s.URL(), pw, "", false},
		{"no server password", s.URL(), "", pw, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			r, _ := newRedisAt(t, c.url, "sentinel", func(cfg *RedisConfig) {
				cfg.Password, cfg.SentinelPassword = c.server, c.guards
			})
			err := r.Ping(ctx)
			if works := err == nil; works != c.works {
				t.Fatalf("Ping = %v; want it to work: %v", err, c.works)
			}
			if !c.works {
				return
			}
			key := "pw:" + c.name
			r.Set(ctx, key, []byte("v"))
			waitHit(t, r, key, []byte("v"), hang)
		})
	}
}

// TestRedisClusterPassword: against a Cluster whose nodes require a
// password, the tier works with it (Password, as from
// ADJUDICATOR_REDIS_PASSWORD, or in the URL) and fails its PING without.
func TestRedisClusterPassword(t *testing.T) {
	const pw = "cluster-test-pw"
	c := redistest.StartClusterAuth(t, pw)
	ctx := context.Background()
	withURLInfo := strings.Replace(c.URL(), "redis://", "redis://:"+pw+"@", 1)
	for _, tc := range []struct {
		name, url, password string
		works               bool
	}{
		{"password", c.URL(), pw, true},
		{"in the URL", withURLInfo, "", true},
		{"none", c.URL(), "", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r, _ := newRedisAt(t, tc.url, "cluster", func(cfg *RedisConfig) { cfg.Password = tc.password })
			err := r.Ping(ctx)
			if works := err == nil; works != tc.works {
				t.Fatalf("Ping = %v; want it to work: %v", err, tc.works)
			}
			if !tc.works {
				return
			}
			keys := []string{"pw:a:" + tc.name, "pw:b:" + tc.name, "pw:c:" + tc.name}
			for _, k := range keys {
				r.Set(ctx, k, []byte("v"))
			}
			for _, k := range keys {
				waitHit(t, r, k, []byte("v"), hang)
			}
			if got := r.GetMany(ctx, keys); string(got[0])+string(got[1])+string(got[2]) != "vvv" {
				t.Errorf("GetMany = %q; want three hits", got)
			}
		})
	}
}
