package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/adjudicator/adjudicator/internal/cache"
	"github.com/adjudicator/adjudicator/internal/cache/redistest"
)

func runCmd(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

func TestPerftCommand(t *testing.T) {
	tests := []struct {
		give []string
		want string
	}{
		{[]string{"perft", "--variant", "chess", "--depth", "3"}, "8902"},
		{[]string{"perft", "--variant", "shako", "--depth", "2"}, "3364"},
		{[]string{"perft", "--variant", "chess", "--fen", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "--depth", "3"}, "2812"},
	}
	for _, tt := range tests {
		code, out, errs := runCmd(tt.give...)
		if code != 0 || lastLine(out) != tt.want {
			t.Errorf("adjudicator %v = %d, last line %q (stderr %q); want 0, %q", tt.give, code, lastLine(out), errs, tt.want)
		}
	}
}

func TestPerftDivide(t *testing.T) {
	code, out, _ := runCmd("perft", "--variant", "chess", "--depth", "2", "--divide")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 21 || lines[20] != "400" {
		t.Fatalf("perft --divide: code %d, %d lines, last %q; want 0, 21 lines, 400", code, len(lines), lines[len(lines)-1])
	}
	if !strings.Contains(out, "e2e4 20\n") || !strings.Contains(out, "g1f3 20\n") {
		t.Errorf("perft --divide output lacks e2e4 20 or g1f3 20:\n%s", out)
	}
}

// TestPerftWorkersFlag: any number of workers prints the serial count and
// divide lines, in the same order, and the timing line names the workers
// used: at most one a root move.
func TestPerftWorkersFlag(t *testing.T) {
	for _, give := range [][]string{
		{"perft", "--variant", "chess", "--depth", "3", "--divide"},
		{"perft", "--variant", "chess", "--fen", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", "--depth", "2", "--divide"},
		{"perft", "--variant", "shako", "--depth", "2"},
	} {
		_, want, _ := runCmd(give...) // one worker by default
		for _, w := range []string{"1", "2", "3", "8", "100", "0"} {
			code, out, errs := runCmd(append(give, "--workers", w)...)
			if code != 0 || out != want {
				t.Errorf("adjudicator %v --workers %s = %d\n%s(stderr %q); want 0 and the serial output\n%s", give, w, code, out, errs, want)
			}
		}
	}
	tests := []struct {
		workers, want string
	}{
		{"1", "workers 1,"},
		{"2", "workers 2,"},
		{"100", "workers 20,"}, // 20 root moves
		{"0", fmt.Sprintf("workers %d,", min(runtime.GOMAXPROCS(0), 20))},
	}
	for _, tt := range tests {
		_, _, errs := runCmd("perft", "--variant", "chess", "--depth", "2", "--workers", tt.workers)
		if !strings.Contains(errs, tt.want) || !strings.Contains(errs, "M nodes/s a worker") {
			t.Errorf("perft --workers %s: stderr %q; want %q and the rate a worker", tt.workers, errs, tt.want)
		}
	}
}

func TestPerftCommandErrors(t *testing.T) {
	tests := [][]string{
		{"perft", "--variant", "nope", "--depth", "1"},
		{"perft", "--depth", "0"},
		{"perft", "--depth", "99"},
		{"perft", "--fen", "not a fen", "--depth", "1"},
		{"perft", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "--depth", "1"},
		{"perft", "--bogus"},
		{"perft", "extra"},
		{"perft", "--depth", "2", "--workers", "-1"},
		{"frobnicate"},
		{},
	}
	for _, give := range tests {
		if code, _, errs := runCmd(give...); code != 2 || errs == "" {
			t.Errorf("adjudicator %v = %d, stderr %q; want 2 and a message", give, code, errs)
		}
	}
}

func TestVariantsCommand(t *testing.T) {
	code, out, _ := runCmd("variants")
	if code != 0 || !strings.Contains(out, "chess") || !strings.Contains(out, "shako") || !strings.Contains(out, "10x10") {
		t.Errorf("variants = %d, %q", code, out)
	}
}

func TestVersionCommand(t *testing.T) {
	if code, out, _ := runCmd("version"); code != 0 || strings.TrimSpace(out) != version {
		t.Errorf("adjudicator version = %d, %q; want 0, %q", code, out, version)
	}
}

// testSecret is a cache secret of the required length.
const testSecret = "main test secret: 32 bytes or more, as serve requires"

// TestServeCacheSecret: with Redis, serve refuses to start without a
// secret of at least 32 bytes in ADJUDICATOR_CACHE_SECRET (there is no
// flag), saying what to set; without Redis, none is needed.
func TestServeCacheSecret(t *testing.T) {
	tests := []struct {
		name    string
		url     string
		secret  string
		args    []string
		wantErr string // "" for success
	}{
		{"no Redis, no secret", "", "", nil, ""},
		{"Redis, no secret", "redis://127.0.0.1:1", "", nil, "ADJUDICATOR_CACHE_SECRET must be set when Redis is configured: at least 32 random bytes"},
		{"Redis from a flag, no secret", "", "", []string{"--redis-url", "redis://127.0.0.1:1"}, "ADJUDICATOR_CACHE_SECRET must be set"},
		{"Redis, 31 bytes", "redis://127.0.0.1:1", testSecret[:31], nil, "ADJUDICATOR_CACHE_SECRET is 31 bytes"},
		{"Redis, 32 bytes", "redis://127.0.0.1:1", testSecret[:32], nil, ""},
		{"no secret flag", "redis://127.0.0.1:1", testSecret, []string{"--cache-secret", testSecret}, "flag provided but not defined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("ADJUDICATOR_REDIS_URL", tt.url)
			t.Setenv("ADJUDICATOR_CACHE_SECRET", tt.secret)
			cfg, err := parseServe(tt.args, io.Discard)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Fatalf("parseServe(%q) = %v; want nil", tt.args, err)
			case tt.wantErr == "" && string(cfg.redis.Secret) != tt.secret:
				t.Errorf("parseServe(%q): Secret = %q; want %q", tt.args, cfg.redis.Secret, tt.secret)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("parseServe(%q) = %v; want an error containing %q", tt.args, err, tt.wantErr)
			}
		})
	}
	t.Run("exit code and message", func(t *testing.T) {
		t.Setenv("ADJUDICATOR_REDIS_URL", "redis://127.0.0.1:1")
		t.Setenv("ADJUDICATOR_CACHE_SECRET", "")
		code, _, stderr := runCmd("serve", "--addr", "127.0.0.1:0")
		if code != 2 || !strings.Contains(stderr, "openssl rand -base64 48") {
			t.Errorf("serve with Redis and no secret = %d, stderr %q; want 2 and how to make a secret", code, stderr)
		}
	})
}

// TestServeCacheBytes: --cache-bytes (ADJUDICATOR_CACHE_BYTES, 128 MiB by
// default) bounds the in-process cache; 0 turns it off, as --cache-size 0
// does; a negative bound is refused.
func TestServeCacheBytes(t *testing.T) {
	tests := []struct {
		env  string // ADJUDICATOR_CACHE_BYTES, "-" for unset
		args []string
		want int64 // -1 for an error
	}{
		{"-", nil, 128 << 20},
		{"1000", nil, 1000},
		{"1000", []string{"--cache-bytes", "2000"}, 2000},
		{"0", nil, 0},
		{"-", []string{"--cache-bytes", "-1"}, -1},
		{"lots", nil, -1},
	}
	for _, tt := range tests {
		t.Setenv("ADJUDICATOR_CACHE_BYTES", tt.env)
		if tt.env == "-" {
			os.Unsetenv("ADJUDICATOR_CACHE_BYTES")
		}
		cfg, err := parseServe(tt.args, io.Discard)
		if got := cfg.cacheBytes; tt.want < 0 && err == nil || tt.want >= 0 && (err != nil || got != tt.want) {
			t.Errorf("ADJUDICATOR_CACHE_BYTES=%s parseServe(%q) = %d, %v; want %d (-1: an error)", tt.env, tt.args, got, err, tt.want)
		}
		if tt.want < 0 {
			continue
		}
		c, closeCache, err := newCache(context.Background(), cfg, zap.NewNop(), prometheus.NewRegistry())
		if err != nil {
			t.Fatalf("newCache: %v", err)
		}
		closeCache()
		if _, isMemory := c.(*cache.Memory); isMemory != (tt.want > 0) {
			t.Errorf("cache-bytes %d: newCache = %T; want an in-process cache only when the bound is positive", tt.want, c)
		}
	}
}

// TestServeRedisSecret runs serve in-process against a real Redis, without
// the in-process tier: a replica with the same secret serves what another
// wrote; one with another secret ignores it (counted as a MAC failure) and
// computes the answer itself.
func TestServeRedisSecret(t *testing.T) {
	rs := redistest.Start(t)
	const body = `{"variant":"chess"}`
	start := func(secret string) (base string, metrics func() string) {
		t.Setenv("ADJUDICATOR_CACHE_SECRET", secret)
		cfg, err := parseServe([]string{"--addr", "127.0.0.1:0", "--cache-size", "0", "--redis-url", rs.URL(), "--redis-timeout", "1s", "--redis-read-many-timeout", "1s"}, io.Discard)
		if err != nil {
			t.Fatalf("parseServe: %v", err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		ready, done := make(chan string, 1), make(chan error, 1)
		go func() { done <- serve(ctx, cfg, zap.NewNop(), ready) }()
		t.Cleanup(func() { cancel(); <-done })
		base = "http://" + <-ready
		return base, func() string { return string(httpGet(t, base+"/metrics")) }
	}
	postLegal := func(base string) string {
		resp, err := http.Post(base+"/v1/legal-moves", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != 200 || strings.Count(string(b), `"uci"`) != 20 {
			t.Fatalf("POST /v1/legal-moves %s = %d %.200s; want 200 and 20 moves", body, resp.StatusCode, b)
		}
		return string(b)
	}

	a, _ := start(testSecret)
	want := postLegal(a)
	deadline := time.Now().Add(20 * time.Second)
	for len(rs.Keys("adj:*")) == 0 { // the write is in the background
		if time.Now().After(deadline) {
			t.Fatalf("no key under adj: in Redis 20 s after the answer")
		}
		time.Sleep(10 * time.Millisecond)
	}
	for _, k := range rs.Keys("adj:*") {
		if v, _ := rs.Get(k); !bytes.HasPrefix(v, []byte("ADJ2")) {
			t.Errorf("Redis %s = %.20q; want a value signed in the ADJ2 format", k, v)
		}
	}

	b, bMetrics := start(testSecret)
	if got := postLegal(b); got != want {
		t.Errorf("same secret: answer %.100s; want %.100s", got, want)
	}
	if m := bMetrics(); !strings.Contains(m, `adjudicator_cache_lookups_total{result="hit",tier="redis"} 1`) {
		t.Errorf("same secret: /metrics lacks one Redis hit:\n%s", grep(m, "adjudicator_cache_"))
	}
	c, cMetrics := start("another deployment's secret, long enough too")
	if got := postLegal(c); got != want {
		t.Errorf("another secret: answer %.100s; want %.100s (computed)", got, want)
	}
	m := cMetrics()
	if !strings.Contains(m, `adjudicator_cache_rejected_total{reason="mac",tier="redis"} 1`) || strings.Contains(m, `result="hit",tier="redis"`) {
		t.Errorf("another secret: /metrics lacks one MAC rejection, or has a Redis hit:\n%s", grep(m, "adjudicator_cache_"))
	}
}

func httpGet(t *testing.T, url string) []byte {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// grep returns the lines of text that contain substr.
func grep(text, substr string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, substr) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// TestServeRedisSettings: each Redis timeout and breaker setting defaults
// to cache.DefaultRedisConfig, is read from its ADJUDICATOR_* variable and
// then from its flag; a value that is not positive is refused.
func TestServeRedisSettings(t *testing.T) {
	rd := cache.DefaultRedisConfig()
	tests := []struct {
		flag, env string
		field     func(*cache.RedisConfig) any
		def       any
		give      string // from the environment, then (doubled) from a flag
		env2, arg any
		bad       string
	}{
		{"--redis-timeout", "ADJUDICATOR_REDIS_TIMEOUT", func(c *cache.RedisConfig) any { return c.Timeout }, rd.Timeout, "70ms", 70 * time.Millisecond, 140 * time.Millisecond, "0s"},
		{"--redis-read-many-timeout", "ADJUDICATOR_REDIS_READ_MANY_TIMEOUT", func(c *cache.RedisConfig) any { return c.ManyTimeout }, rd.ManyTimeout, "80ms", 80 * time.Millisecond, 160 * time.Millisecond, "-1s"},
		{"--redis-write-timeout", "ADJUDICATOR_REDIS_WRITE_TIMEOUT", func(c *cache.RedisConfig) any { return c.WriteTimeout }, rd.WriteTimeout, "2s", 2 * time.Second, 4 * time.Second, "0s"},
		{"--redis-dial-timeout", "ADJUDICATOR_REDIS_DIAL_TIMEOUT", func(c *cache.RedisConfig) any { return c.DialTimeout }, rd.DialTimeout, "300ms", 300 * time.Millisecond, 600 * time.Millisecond, "0s"},
		{"--redis-probe-timeout", "ADJUDICATOR_REDIS_PROBE_TIMEOUT", func(c *cache.RedisConfig) any { return c.ProbeTimeout }, rd.ProbeTimeout, "3s", 3 * time.Second, 6 * time.Second, "0s"},
		{"--redis-breaker-open", "ADJUDICATOR_REDIS_BREAKER_OPEN", func(c *cache.RedisConfig) any { return c.BreakerOpen }, rd.BreakerOpen, "1s", time.Second, 2 * time.Second, "0s"},
		{"--redis-breaker-failures", "ADJUDICATOR_REDIS_BREAKER_FAILURES", func(c *cache.RedisConfig) any { return c.BreakerFailures }, rd.BreakerFailures, "7", 7, 14, "0"},
		{"--redis-master-name", "ADJUDICATOR_REDIS_MASTER_NAME", func(c *cache.RedisConfig) any { return c.MasterName }, "", "mymaster", "mymaster", "mymastermymaster", ""},
	}
	for _, tt := range tests {
		cfg, err := parseServe(nil, io.Discard)
		if err != nil || tt.field(&cfg.redis) != tt.def {
			t.Errorf("parseServe() %s = %v, %v; want %v (the default)", tt.flag, tt.field(&cfg.redis), err, tt.def)
		}
		t.Setenv(tt.env, tt.give)
		if cfg, err = parseServe(nil, io.Discard); err != nil || tt.field(&cfg.redis) != tt.env2 {
			t.Errorf("%s=%s parseServe() = %v, %v; want %v", tt.env, tt.give, tt.field(&cfg.redis), err, tt.env2)
		}
		if cfg, err = parseServe([]string{tt.flag, fmt.Sprint(tt.arg)}, io.Discard); err != nil || tt.field(&cfg.redis) != tt.arg {
			t.Errorf("parseServe(%s %v) = %v, %v; want the flag's value", tt.flag, tt.arg, tt.field(&cfg.redis), err)
		}
		if tt.bad != "" {
			if _, err = parseServe([]string{tt.flag, tt.bad}, io.Discard); err == nil {
				t.Errorf("parseServe(%s %s) = nil error; want a refusal", tt.flag, tt.bad)
			}
		}
	}
}

// TestServeMetricsAddr: with --metrics-addr the metrics have a listener of
// their own and the API's port answers /metrics with 404.
func TestServeMetricsAddr(t *testing.T) {
	cfg, err := parseServe([]string{"--addr", "127.0.0.1:0", "--metrics-addr", freeAddr(t)}, io.Discard)
	if err != nil || !cfg.http.SeparateMetrics {
		t.Fatalf("parseServe: %v, separate metrics %v", err, cfg.http.SeparateMetrics)
	}
	ctx, cancel := context.WithCancel(context.Background())
	ready, done := make(chan string, 1), make(chan error, 1)
	go func() { done <- serve(ctx, cfg, zap.NewNop(), ready) }()
	base := "http://" + <-ready
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	httpGet(t, base+"/livez")
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("GET /metrics on the API port = %d; want 404", resp.StatusCode)
	}
	m := string(httpGet(t, "http://"+cfg.metricsAddr+"/metrics"))
	if !strings.Contains(m, `route="/livez"`) || !strings.Contains(m, "adjudicator_build_info{") {
		t.Errorf("the metrics port lacks the API's counts or the build info:\n%s", grep(m, "adjudicator_http_requests_total"))
	}
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

func TestServeCORSOrigins(t *testing.T) {
	t.Setenv("ADJUDICATOR_CORS_ORIGINS", "https://a.example, https://b.example")
	cfg, err := parseServe(nil, io.Discard)
	if err != nil || strings.Join(cfg.http.CORSOrigins, " ") != "https://a.example https://b.example" {
		t.Errorf("ADJUDICATOR_CORS_ORIGINS: %q, %v", cfg.http.CORSOrigins, err)
	}
	cfg, err = parseServe([]string{"--cors-origins", "*"}, io.Discard)
	if err != nil || strings.Join(cfg.http.CORSOrigins, " ") != "*" {
		t.Errorf("--cors-origins *: %q, %v", cfg.http.CORSOrigins, err)
	}
	if _, err := parseServe([]string{"--cors-origins", "a.example"}, io.Discard); err == nil {
		t.Errorf("--cors-origins a.example: no error; want one (no scheme)")
	}
	os.Unsetenv("ADJUDICATOR_CORS_ORIGINS")
	if cfg, _ := parseServe(nil, io.Discard); cfg.http.CORSOrigins != nil {
		t.Errorf("default: CORS origins %q; want none", cfg.http.CORSOrigins)
	}
}
