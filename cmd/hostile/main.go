// Command hostile sends the hostile requests of docs/BENCHMARKS.md
// ("Hostile input") to a running Adjudicator on the local machine and
// prints, for each, the status, the problem code, the time it took and the
// server's resident memory after it (VmRSS) and at its peak (VmHWM), read
// from /proc/PID/status:
//
//	hostile -url http://127.0.0.1:8080 -pid 12345
//
// The corpus: deep JSON nesting up to the 1 MiB body limit, an inline
// definition of 104 piece types with 234-character movement strings, eight
// distinct ones of those, perft at the limits on an inline 16x16 variant and
// on chess, and 16 heavy perfts at once while /livez is timed; then the
// second round (round2.go): an import chain of 240 KB alone and four at
// once, 128 bulk streams of 1 MB lines at once, a malformed escape in a
// GET and a request id of 500 KB. It talks only
// to loopback addresses, and every part of it is bounded in count and time.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"time"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("hostile", flag.ContinueOnError)
	fs.SetOutput(stderr)
	base := fs.String("url", "http://127.0.0.1:8080", "the service's base URL; its host must be a loopback address")
	pid := fs.Int("pid", 0, "the service's process id, to report its memory (0: not reported)")
	only := fs.String("only", "", "run only the cases whose name contains this")
	dump := fs.String("dump", "", "print the body of the first single-request case whose name contains this, and stop")
	costs := fs.String("costs", "", "instead, measure the worst request of each endpoint (cost.go): a case's id, all, or list")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	u, err := url.Parse(*base)
	if err != nil || !loopback(u.Hostname()) {
		fmt.Fprintf(stderr, "hostile: -url must name a loopback host (127.0.0.1, localhost, ::1), not %q\n", *base)
		return 2
	}
	if *costs != "" {
		return runCosts(*costs, strings.TrimSuffix(*base, "/"), *pid, stdout, stderr)
	}
	if *dump != "" {
		for _, c := range corpus() {
			if c.body != nil && strings.Contains(c.name, *dump) {
				_, _ = stdout.Write(c.body)
				return 0
			}
		}
		fmt.Fprintf(stderr, "hostile: no single-request case matches %q\n", *dump)
		return 2
	}
	h := &harness{base: strings.TrimSuffix(*base, "/"), pid: *pid, out: stdout,
		client: &http.Client{Timeout: 60 * time.Second}}
	fmt.Fprintf(stdout, "%-34s %6s  %-22s %9s  %9s %9s\n", "case", "status", "code", "time", "rss MB", "peak MB")
	for _, c := range corpus() {
		if *only != "" && !strings.Contains(c.name, *only) {
			continue
		}
		c.run(h)
	}
	return 0
}

func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// harness sends requests and reports each.
type harness struct {
	base   string
	pid    int
	out    io.Writer
	client *http.Client
}

// answer is what one request got.
type answer struct {
	status int
	code   string
	took   time.Duration
	err    error
}

func (h *harness) post(path string, body []byte) answer {
	start := time.Now()
	resp, err := h.client.Post(h.base+path, "application/json", bytes.NewReader(body))
	if err != nil {
		return answer{took: time.Since(start), err: err}
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	var p struct {
		Code string `json:"code"`
	}
	_ = json.Unmarshal(b, &p)
	return answer{status: resp.StatusCode, code: p.Code, took: time.Since(start)}
}

func (h *harness) get(path string) answer {
	start := time.Now()
	resp, err := h.client.Get(h.base + path)
	if err != nil {
		return answer{took: time.Since(start), err: err}
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return answer{status: resp.StatusCode, took: time.Since(start)}
}

// memory returns the server's VmRSS and VmHWM in MB, or zeros.
func (h *harness) memory() (rss, peak float64) {
	if h.pid == 0 {
		return 0, 0
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", h.pid))
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		var kb float64
		if _, err := fmt.Sscanf(line, "VmRSS: %f kB", &kb); err == nil {
			rss = kb / 1024
		}
		if _, err := fmt.Sscanf(line, "VmHWM: %f kB", &kb); err == nil {
			peak = kb / 1024
		}
	}
	return rss, peak
}

func (h *harness) report(name string, a answer) {
	rss, peak := h.memory()
	status := fmt.Sprint(a.status)
	code := a.code
	if a.err != nil {
		status, code = "error", a.err.Error()
		if len(code) > 22 {
			code = code[:22]
		}
	}
	fmt.Fprintf(h.out, "%-34s %6s  %-22s %9s  %9.0f %9.0f\n", name, status, code, a.took.Round(time.Millisecond), rss, peak)
}

// testCase is one hostile request, or a group of them.
type testCase struct {
	name string
	run  func(h *harness)
	body []byte // of a single request
}

func single(name, path string, body []byte) testCase {
	return testCase{name, func(h *harness) { h.report(name, h.post(path, body)) }, body}
}

func corpus() []testCase {
	const mib = 1 << 20
	cases := []testCase{
		single("nesting [x40000 (80 KB)", "/v1/legal-moves", nested("[", "]", 40000)),
		single("nesting mixed objects (320 KB)", "/v1/legal-moves", repeatTo(`{"variant":"chess","x":[{"a":`, 320<<10)),
		single("nesting {\"a\": to 1 MiB", "/v1/legal-moves", nestedTo(`{"a":`, "}", mib)),
		single("nesting [ to 1 MiB", "/v1/legal-moves", nestedTo("[", "]", mib)),
		single("definition 104 x 234-char betza", "/v1/legal-moves", position(bigDefinition(0))),
	}
	cases = append(cases, testCase{name: "8 distinct such definitions", run: func(h *harness) {
		var worst answer
		for i := 1; i <= 8; i++ {
			if a := h.post("/v1/legal-moves", position(bigDefinition(i))); a.took >= worst.took {
				worst = a
			}
		}
		h.report("8 distinct such definitions (slowest)", worst)
	}})
	cases = append(cases,
		testCase{name: "perft 4, terachess2 inline", run: func(h *harness) {
			h.report("perft 4, terachess2 inline", inlinePerft(h, "terachess2", 4))
		}},
		testCase{name: "perft 5, terachess2 inline", run: func(h *harness) {
			h.report("perft 5, terachess2 inline", inlinePerft(h, "terachess2", 5))
		}},
		single("perft 7, chess", "/v1/perft", []byte(`{"variant":"chess","depth":7}`)),
		testCase{name: "16 perft 6 at once + /livez", run: parallelPerft},
	)
	return append(cases, roundTwo()...)
}

// parallelPerft sends 16 chess perfts of depth 6 at once and times /livez
// while they run.
func parallelPerft(h *harness) {
	body := []byte(`{"variant":"chess","depth":6}`)
	var wg sync.WaitGroup
	answers := make([]answer, 16)
	for i := range answers {
		wg.Add(1)
		go func() { defer wg.Done(); answers[i] = h.post("/v1/perft", body) }()
	}
	time.Sleep(200 * time.Millisecond)
	var probes []time.Duration
	for range 20 {
		probes = append(probes, h.get("/livez").took)
		time.Sleep(50 * time.Millisecond)
	}
	wg.Wait()
	counts := map[string]int{}
	for _, a := range answers {
		counts[fmt.Sprintf("%d %s", a.status, a.code)]++
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(h.out, "  16 perft 6 at once: %2d x %s\n", counts[k], k)
	}
	slices.Sort(probes)
	fmt.Fprintf(h.out, "  /livez meanwhile: median %v, max %v (20 probes)\n",
		probes[len(probes)/2].Round(100*time.Microsecond), probes[len(probes)-1].Round(100*time.Microsecond))
	rss, peak := h.memory()
	fmt.Fprintf(h.out, "  memory after: rss %.0f MB, peak %.0f MB\n", rss, peak)
}

func nested(open, close string, n int) []byte {
	return []byte(strings.Repeat(open, n) + strings.Repeat(close, n))
}

// nestedTo nests open ... close as deep as fits in size bytes.
func nestedTo(open, close string, size int) []byte {
	return nested(open, close, size/(len(open)+len(close)))
}

func repeatTo(s string, size int) []byte {
	return []byte(strings.Repeat(s, size/len(s)))
}

// letters returns n distinct piece letters other than K (at most 103: with
// K, the 104 letters a definition can use).
func letters(n int) []string {
	var out []string
	for _, suffix := range []string{"", "'", "''", "'''"} {
		for c := 'A'; c <= 'Z'; c++ {
			if (c != 'K' || suffix != "") && len(out) < n {
				out = append(out, string(c)+suffix)
			}
		}
	}
	return out
}

type piece struct {
	Name   string `json:"name"`
	Letter string `json:"letter"`
	Betza  string `json:"betza"`
	Royal  bool   `json:"royal,omitempty"`
}

type definition struct {
	ID       string         `json:"id"`
	Name     string         `json:"name"`
	Files    int            `json:"files"`
	Ranks    int            `json:"ranks"`
	StartFEN string         `json:"startFEN"`
	Pieces   []piece        `json:"pieces"`
	Rules    map[string]any `json:"rules"`
}

// bigDefinition is the definition of the finding as far as letters go: 104
// piece types (every letter there is; the finding said 127, which letters
// cannot name), each with a 234-character movement string, on an empty
// 16x16 board with the two Kings; i makes it distinct.
func bigDefinition(i int) definition {
	betza := strings.Repeat("QNNZZCCGGHHAADDpQgQFyafsFWyafsWafsWFafF", 6)
	d := definition{ID: fmt.Sprintf("big-%d", i), Name: fmt.Sprintf("big %d", i), Files: 16, Ranks: 16,
		StartFEN: "k15/" + strings.Repeat("16/", 14) + "15K w - - 0 1", Rules: map[string]any{},
		Pieces: []piece{{Name: "King", Letter: "K", Betza: "K", Royal: true}}}
	for j, l := range letters(103) {
		d.Pieces = append(d.Pieces, piece{Name: fmt.Sprintf("piece %d", j), Letter: l, Betza: betza})
	}
	return d
}

func position(d definition) []byte {
	b, _ := json.Marshal(map[string]any{"definition": d})
	return b
}

// inlinePerft is perft at depth on an inline copy of a built-in variant,
// fetched from the server: the inline path with no cache to help.
func inlinePerft(h *harness, variant string, depth int) answer {
	resp, err := h.client.Get(h.base + "/v1/variants/" + variant)
	if err != nil {
		return answer{err: err}
	}
	defer resp.Body.Close()
	var d map[string]any
	if err := json.NewDecoder(resp.Body).Decode(&d); err != nil {
		return answer{err: err}
	}
	d["id"] = variant + "-inline"
	b, _ := json.Marshal(map[string]any{"definition": d, "depth": depth})
	return h.post("/v1/perft", b)
}
