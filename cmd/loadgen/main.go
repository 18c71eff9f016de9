// Command loadgen is a small HTTP load generator for measuring Adjudicator
// on the local machine. It keeps every request's latency and prints the
// throughput, the 50th, 90th and 99th percentiles, the maximum and the count
// of non-2xx answers; it exits 1 when any request fails outright
// (connection error, timeout).
//
//	loadgen -url http://127.0.0.1:8080/v1/legal-moves -body body.json -c 32 -d 10s
//	loadgen -url http://127.0.0.1:8080/livez -n 10000
//	loadgen -url http://127.0.0.1:8081/v1/status,http://127.0.0.1:8082/v1/status -bodies b.ndjson -rate 2000 -d 10s
//	loadgen -serve-baseline 127.0.0.1:8081
//	loadgen -gen-games 1000 -plies 80 -variant shako >games.ndjson
//	loadgen -gen-positions 1000 -plies 40 -variant grand -with-move >validate.ndjson
//	loadgen -gen-correspondence 100 -plies 60 >correspondence.ndjson
//
// It only talks to loopback addresses (127.0.0.1, localhost, ::1), every
// connection is checked to end on a loopback address, proxies and
// redirects are ignored, and a run is bounded: at most 10 minutes, 10
// million requests and 1024 connections.
//
// Several comma-separated URLs take the requests in turn, as a load
// balancer's round robin would: request i goes to URL i mod n (and sends
// line i of -bodies). With -rate R the requests start R a second, evenly
// spaced, so that a server is measured at a given load rather than
// saturated.
//
// With -serve-baseline ADDR it is instead a bare echo v4 server answering
// every request with a fixed small JSON body: the reference point for the
// service's throughput, measured on the same machine in the same run. The
// generator itself uses only the standard library.
//
// With one of the -gen-* flags it instead writes request bodies to
// standard output, one a line (NDJSON, for -bodies), made of random games
// of the built-in variant -variant (chess by default) of -plies plies,
// seeds 1, 2, ... (a seed whose game cannot last that long is skipped),
// played by the engine's own rules package, each still going on after its
// last move:
//
//   - -gen-games N: N adjudication requests {"variant", "moves"}, a game
//     each (games/adjudicate, a request each; or the whole output as one
//     NDJSON body to games/adjudicate/bulk);
//   - -gen-positions N: N position requests {"variant", "fen"}, the
//     positions the same games end in (legal-moves, status); with
//     -with-move each also has a "move", a legal move of the position in
//     SAN drawn by the game's generator (validate-move);
//   - -gen-correspondence N: the adjudication requests of a correspondence
//     site playing those N games: each game resubmitted whole after every
//     move, the games interleaved, so that for k = 1..plies and each game g
//     in turn, g's first k moves (N*plies lines).
//
// One mode at most (-gen-games, -gen-positions, -gen-correspondence,
// -serve-baseline); an output is bounded to 1 million lines, 5,000 plies a
// game and 100 million moves.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// The bounds of one run.
const (
	maxConcurrency = 1024
	maxRate        = 1_000_000 // -rate, requests a second
	maxRequests    = 10_000_000
	maxDuration    = 10 * time.Minute
	maxBodyBytes   = 16 << 20
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// config is one run's settings.
type config struct {
	urls        []*url.URL // request i goes to urls[i mod len(urls)]
	method      string
	body        []byte
	ctype       string
	concurrency int
	duration    time.Duration // 0: until requests are sent
	requests    int           // 0: until duration has passed
	warmup      time.Duration
	timeout     time.Duration
	gzip        bool     // send Accept-Encoding: gzip (the answers are counted as received, compressed)
	bodies      [][]byte // -bodies: request i sends bodies[i % len(bodies)] instead of body
	rate        float64  // -rate: requests started a second, evenly spaced; 0: as fast as the connections allow
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("loadgen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	rawURL := fs.String("url", "", "target URL; its host must be 127.0.0.1, localhost or ::1; several, comma-separated, take the requests in turn, as a load balancer's round robin would (request i goes to URL i mod n)")
	method := fs.String("method", "", "HTTP method (default GET, or POST with -body)")
	body := fs.String("body", "", "request body: inline JSON (starting with { or [) or a file path")
	ctype := fs.String("H", "application/json", "Content-Type of the body")
	conc := fs.Int("c", 32, fmt.Sprintf("concurrent connections (1 to %d)", maxConcurrency))
	dur := fs.Duration("d", 0, fmt.Sprintf("duration of the run (at most %v; default 10s when -n is not given)", maxDuration))
	num := fs.Int("n", 0, fmt.Sprintf("number of requests (at most %d)", maxRequests))
	warmup := fs.Duration("warmup", 0, "unmeasured warm-up before the run (at most 1m)")
	rate := fs.Float64("rate", 0, fmt.Sprintf("requests started a second, evenly spaced (at most %d), so that a server can be measured at a given load rather than saturated; a request waits for a free connection, so fewer start when -c is too small; 0: as fast as the connections allow", maxRate))
	timeout := fs.Duration("timeout", 10*time.Second, "time limit of one request")
	bodiesFile := fs.String("bodies", "", "a file of request bodies, one a line (NDJSON): request i sends line i, cycling; instead of -body")
	genGames := fs.Int("gen-games", 0, fmt.Sprintf("instead of generating load, write this many random games of -variant of -plies plies as NDJSON adjudication requests (games/adjudicate; all at once: games/adjudicate/bulk) to standard output (at most %d)", maxGenLines))
	genPositions := fs.Int("gen-positions", 0, fmt.Sprintf("instead of generating load, write the positions after -plies plies of this many such games as NDJSON position requests {variant, fen} (legal-moves, status) to standard output (at most %d)", maxGenLines))
	withMove := fs.Bool("with-move", false, "with -gen-positions, add to each body a legal move of its position in SAN, drawn by the game's generator: validate-move requests")
	genCorr := fs.Int("gen-correspondence", 0, fmt.Sprintf("instead of generating load, write the adjudication requests of a correspondence site playing this many such games: each game resubmitted whole after every move, the games interleaved (N*plies lines, at most %d)", maxGenLines))
	genPlies := fs.Int("plies", 80, fmt.Sprintf("plies of each game of the -gen-* outputs (1 to %d, or 0 with -gen-positions: the start position)", maxGenPlies))
	genVariant := fs.String("variant", "chess", "built-in variant of the -gen-* outputs")
	acceptGzip := fs.Bool("gzip", false, "send Accept-Encoding: gzip, as browsers and most HTTP clients do; bytes received are then the compressed ones")
	baseline := fs.String("serve-baseline", "", "instead of generating load, serve the bare echo baseline on this loopback address")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "loadgen: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	// The modes that replace the load, of which one at most is given.
	var modes []string
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "gen-games", "gen-positions", "gen-correspondence", "serve-baseline":
			modes = append(modes, "-"+f.Name)
		}
	})
	if len(modes) > 1 {
		fmt.Fprintf(stderr, "loadgen: %s: only one of -gen-games, -gen-positions, -gen-correspondence and -serve-baseline may be given\n", strings.Join(modes, " and "))
		return 2
	}
	var gen genConfig
	var err error
	switch {
	case len(modes) == 1 && modes[0] == "-gen-games":
		gen, err = newGenConfig(modeGames, "gen-games", *genGames, *genPlies, *genVariant, *withMove)
	case len(modes) == 1 && modes[0] == "-gen-positions":
		gen, err = newGenConfig(modePositions, "gen-positions", *genPositions, *genPlies, *genVariant, *withMove)
	case len(modes) == 1 && modes[0] == "-gen-correspondence":
		gen, err = newGenConfig(modeCorrespondence, "gen-correspondence", *genCorr, *genPlies, *genVariant, *withMove)
	case *withMove:
		err = errors.New("-with-move goes with -gen-positions only")
	}
	if err != nil {
		fmt.Fprintf(stderr, "loadgen: %v\n", err)
		return 2
	}
	if gen.mode != 0 {
		if err := writeGen(stdout, gen); err != nil {
			fmt.Fprintf(stderr, "loadgen: %v\n", err)
			return 1
		}
		return 0
	}
	if *baseline != "" {
		if err := serveBaseline(*baseline, stderr); err != nil {
			fmt.Fprintf(stderr, "loadgen: %v\n", err)
			return 1
		}
		return 0
	}
	cfg, err := newConfig(*rawURL, *method, *body, *ctype, *conc, *dur, *num, *warmup, *timeout)
	if err != nil {
		fmt.Fprintf(stderr, "loadgen: %v\n", err)
		return 2
	}
	cfg.gzip = *acceptGzip
	if *rate < 0 || *rate > maxRate || *rate != *rate {
		fmt.Fprintf(stderr, "loadgen: -rate must be 0 to %d\n", maxRate)
		return 2
	}
	cfg.rate = *rate
	if *bodiesFile != "" {
		if cfg.bodies, err = loadBodies(*bodiesFile); err != nil {
			fmt.Fprintf(stderr, "loadgen: %v\n", err)
			return 2
		}
		if cfg.method == http.MethodGet {
			cfg.method = http.MethodPost
		}
	}
	res := generate(cfg)
	res.print(stdout, cfg)
	if res.errors > 0 {
		fmt.Fprintf(stderr, "loadgen: %d requests failed; first: %v\n", res.errors, res.firstErr)
		return 1
	}
	return 0
}

// newConfig checks the flags and loads the body.
func newConfig(rawURL, method, body, ctype string, conc int, dur time.Duration, num int, warmup, timeout time.Duration) (config, error) {
	var urls []*url.URL
	for raw := range strings.SplitSeq(rawURL, ",") {
		u, err := checkURL(raw)
		if err != nil {
			return config{}, err
		}
		urls = append(urls, u)
	}
	cfg := config{urls: urls, method: method, ctype: ctype, concurrency: conc, duration: dur, requests: num,
		warmup: warmup, timeout: timeout}
	if conc < 1 || conc > maxConcurrency {
		return cfg, fmt.Errorf("-c must be 1 to %d", maxConcurrency)
	}
	if num < 0 || num > maxRequests {
		return cfg, fmt.Errorf("-n must be 0 to %d", maxRequests)
	}
	if dur < 0 || dur > maxDuration {
		return cfg, fmt.Errorf("-d must be 0 to %v", maxDuration)
	}
	if warmup < 0 || warmup > time.Minute {
		return cfg, errors.New("-warmup must be 0 to 1m")
	}
	if timeout <= 0 || timeout > time.Minute {
		return cfg, errors.New("-timeout must be above 0 and at most 1m")
	}
	if num == 0 && dur == 0 {
		cfg.duration = 10 * time.Second
	}
	var err error
	if cfg.body, err = loadBody(body); err != nil {
		return cfg, err
	}
	if cfg.method == "" {
		cfg.method = http.MethodGet
		if cfg.body != nil {
			cfg.method = http.MethodPost
		}
	}
	cfg.method = strings.ToUpper(cfg.method)
	return cfg, nil
}

// loopbackHosts are the only hosts loadgen talks to.
var loopbackHosts = map[string]bool{"127.0.0.1": true, "localhost": true, "::1": true}

// checkURL parses an http(s) URL and refuses any host but a loopback one.
func checkURL(raw string) (*url.URL, error) {
	if raw == "" {
		return nil, errors.New("-url is required")
	}
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("-url: %v", err)
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("-url: scheme %q, want http or https", u.Scheme)
	}
	if h := strings.ToLower(u.Hostname()); !loopbackHosts[h] {
		return nil, fmt.Errorf("-url: host %q is not loopback (127.0.0.1, localhost or ::1 only)", u.Hostname())
	}
	return u, nil
}

// checkListenAddr refuses a listening address whose host is not loopback.
func checkListenAddr(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("address %q: %v", addr, err)
	}
	if !loopbackHosts[strings.ToLower(host)] {
		return fmt.Errorf("address %q is not loopback (127.0.0.1, localhost or ::1 only)", addr)
	}
	return nil
}

// loadBody reads -body: inline JSON when it starts with { or [, a file
// otherwise; nil when empty.
func loadBody(arg string) ([]byte, error) {
	t := strings.TrimSpace(arg)
	switch {
	case t == "":
		return nil, nil
	case t[0] == '{' || t[0] == '[':
		if !json.Valid([]byte(t)) {
			return nil, errors.New("-body: inline JSON is not valid")
		}
		return []byte(t), nil
	}
	f, err := os.Open(arg)
	if err != nil {
		return nil, fmt.Errorf("-body: %v", err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxBodyBytes+1))
	if err != nil {
		return nil, fmt.Errorf("-body: %v", err)
	}
	if len(b) > maxBodyBytes {
		return nil, fmt.Errorf("-body: %s is larger than %d bytes", arg, maxBodyBytes)
	}
	return b, nil
}

// newClient returns a client that keeps one connection per worker alive,
// uses no proxy, follows no redirect and dials loopback addresses only.
func newClient(cfg config) *http.Client {
	d := &net.Dialer{Timeout: 5 * time.Second}
	tr := &http.Transport{
		Proxy: nil,
		DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
			c, err := d.DialContext(ctx, network, addr)
			if err != nil {
				return nil, err
			}
			if ta, ok := c.RemoteAddr().(*net.TCPAddr); !ok || !ta.IP.IsLoopback() {
				c.Close()
				return nil, fmt.Errorf("refusing %v: not a loopback address", c.RemoteAddr())
			}
			return c, nil
		},
		MaxIdleConns:        cfg.concurrency,
		MaxIdleConnsPerHost: cfg.concurrency,
		MaxConnsPerHost:     cfg.concurrency,
		IdleConnTimeout:     time.Minute,
		DisableCompression:  true,
	}
	return &http.Client{
		Transport:     tr,
		Timeout:       cfg.timeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
}

// result is what a run measured.
type result struct {
	elapsed   time.Duration
	latencies []time.Duration // of every completed request, sorted
	codes     map[int]int     // answers by status code
	non2xx    int
	errors    int
	firstErr  error
	bytesIn   int64
}

// worker is one connection's share of a run.
type worker struct {
	latencies []time.Duration
	codes     map[int]int
	errors    int
	firstErr  error
	bytesIn   int64
}

// generate runs the warm-up, then the measured load.
func generate(cfg config) result {
	client := newClient(cfg)
	defer client.CloseIdleConnections()
	if cfg.warmup > 0 {
		w := cfg
		w.duration, w.requests = cfg.warmup, 0
		if r := load(client, w); r.errors > 0 {
			return r
		}
	}
	return load(client, cfg)
}

// load sends requests from cfg.concurrency workers until cfg.requests are
// sent or cfg.duration has passed, whichever comes first (and never more
// than maxRequests). Requests in flight at the deadline finish and count.
func load(client *http.Client, cfg config) result {
	limit := int64(maxRequests)
	if cfg.requests > 0 {
		limit = int64(cfg.requests)
	}
	var issued atomic.Int64
	start := time.Now()
	var deadline time.Time
	if cfg.duration > 0 {
		deadline = start.Add(cfg.duration)
	}
	workers := make([]*worker, cfg.concurrency)
	var wg sync.WaitGroup
	// With -rate, a worker starts a request only with a ticket, and the
	// tickets come evenly spaced until the limit or the deadline.
	var tickets chan struct{}
	if cfg.rate > 0 {
		tickets = make(chan struct{})
		go pace(tickets, start, cfg.rate, limit, deadline)
	}
	for i := range workers {
		w := &worker{codes: map[int]int{}}
		if cfg.requests > 0 {
			w.latencies = make([]time.Duration, 0, cfg.requests/cfg.concurrency+1)
		} else {
			w.latencies = make([]time.Duration, 0, 4096)
		}
		workers[i] = w
		wg.Go(func() {
			for {
				if tickets != nil {
					if _, ok := <-tickets; !ok {
						return
					}
				}
				n := issued.Add(1)
				if n > limit || !deadline.IsZero() && !time.Now().Before(deadline) {
					return
				}
				w.do(client, cfg, int(n-1))
			}
		})
	}
	wg.Wait()
	res := result{elapsed: time.Since(start), codes: map[int]int{}}
	for _, w := range workers {
		res.latencies = append(res.latencies, w.latencies...)
		for c, n := range w.codes {
			res.codes[c] += n
			if c < 200 || c > 299 {
				res.non2xx += n
			}
		}
		res.errors += w.errors
		if res.firstErr == nil {
			res.firstErr = w.firstErr
		}
		res.bytesIn += w.bytesIn
	}
	slices.Sort(res.latencies)
	return res
}

// pace hands out tickets at rate a second from start, the k-th at start +
// k/rate, then closes tickets once limit are out or the deadline (if not
// zero) has passed. A ticket no worker takes in time (every connection
// busy) is handed out late, not skipped.
func pace(tickets chan<- struct{}, start time.Time, rate float64, limit int64, deadline time.Time) {
	defer close(tickets)
	for k := int64(0); k < limit; k++ {
		at := start.Add(time.Duration(float64(k) / rate * float64(time.Second)))
		if !deadline.IsZero() && !at.Before(deadline) {
			return
		}
		time.Sleep(time.Until(at))
		tickets <- struct{}{}
	}
}

// do sends one request and records its latency (time to the last byte of
// the answer) or its error.
func (w *worker) do(client *http.Client, cfg config, i int) {
	var body io.Reader
	switch {
	case len(cfg.bodies) > 0:
		body = bytes.NewReader(cfg.bodies[i%len(cfg.bodies)])
	case cfg.body != nil:
		body = bytes.NewReader(cfg.body)
	}
	req, err := http.NewRequest(cfg.method, cfg.urls[i%len(cfg.urls)].String(), body)
	if err != nil {
		w.fail(err)
		return
	}
	if body != nil {
		req.Header.Set("Content-Type", cfg.ctype)
	}
	if cfg.gzip {
		req.Header.Set("Accept-Encoding", "gzip")
	}
	t0 := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		w.fail(err)
		return
	}
	n, err := io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	el := time.Since(t0)
	if err != nil {
		w.fail(err)
		return
	}
	w.latencies = append(w.latencies, el)
	w.codes[resp.StatusCode]++
	w.bytesIn += n
}

func (w *worker) fail(err error) {
	w.errors++
	if w.firstErr == nil {
		w.firstErr = err
	}
}

// percentile returns the p-th percentile (0 < p <= 100) of sorted
// latencies by the nearest-rank method: the smallest value with at least
// p% of the values at or below it. It is 0 for no values, the minimum for
// p <= 0.
func percentile(sorted []time.Duration, p float64) time.Duration {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	if p <= 0 {
		return sorted[0]
	}
	rank := int(math.Ceil(p / 100 * float64(n)))
	rank = min(max(rank, 1), n)
	return sorted[rank-1]
}

func (r result) print(w io.Writer, cfg config) {
	targets := make([]string, len(cfg.urls))
	for k, u := range cfg.urls {
		targets[k] = u.String()
	}
	fmt.Fprintf(w, "target      %s %s (%d body bytes)\n", cfg.method, strings.Join(targets, ", "), len(cfg.body))
	fmt.Fprintf(w, "load        %d connections, ", cfg.concurrency)
	switch {
	case cfg.requests > 0 && cfg.duration > 0:
		fmt.Fprintf(w, "%d requests or %v\n", cfg.requests, cfg.duration)
	case cfg.requests > 0:
		fmt.Fprintf(w, "%d requests\n", cfg.requests)
	default:
		fmt.Fprintf(w, "%v\n", cfg.duration)
	}
	done := len(r.latencies)
	fmt.Fprintf(w, "requests    %d in %.2fs: %.0f requests/s, %.1f MB/s received\n", done, r.elapsed.Seconds(),
		float64(done)/r.elapsed.Seconds(), float64(r.bytesIn)/r.elapsed.Seconds()/1e6)
	fmt.Fprintf(w, "latency     p50 %v  p90 %v  p99 %v  max %v\n", round(percentile(r.latencies, 50)),
		round(percentile(r.latencies, 90)), round(percentile(r.latencies, 99)), round(percentile(r.latencies, 100)))
	codes := make([]int, 0, len(r.codes))
	for c := range r.codes {
		codes = append(codes, c)
	}
	sort.Ints(codes)
	var parts []string
	for _, c := range codes {
		parts = append(parts, fmt.Sprintf("%d: %d", c, r.codes[c]))
	}
	fmt.Fprintf(w, "status      %s\n", strings.Join(parts, ", "))
	fmt.Fprintf(w, "non-2xx     %d\n", r.non2xx)
	fmt.Fprintf(w, "errors      %d\n", r.errors)
}

// round keeps three significant figures or so.
func round(d time.Duration) time.Duration {
	switch {
	case d >= time.Second:
		return d.Round(time.Millisecond)
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond)
	}
	return d.Round(time.Microsecond)
}
