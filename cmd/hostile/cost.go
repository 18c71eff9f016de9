package main

// The cost measurement (-costs, docs/LIMITS.md "What the worst request
// costs"): for every endpoint, the most expensive request found within the
// default limits, sent alone to a server that does nothing else, with what
// it cost the server: CPU time (utime+stime of /proc/PID/stat before and
// after) and the rise of its peak resident memory (VmHWM after, minus
// VmHWM before; cost.sh restarts the server before each case, and a case
// that must prepare the server first resets the peak after it through
// /proc/PID/clear_refs). Each case is one request (two for the one that
// prepares), bounded by the client's timeout. The bodies are built here,
// from the rules engine: games are random legal games (as loadgen's
// -gen-games) and definitions are sized against rules.Estimate.

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"time"
)

// costCase is one request of the measurement.
type costCase struct {
	id       string // the name -costs takes
	endpoint string // as the table shows it
	sends    string // what the request holds, in a few words
	method   string
	ctype    string // POST only
	build    func() (path string, body []byte)
	// prepare, when set, sends what the server must hold before the
	// measured request (a definition to name by its hash), and returns
	// the measured request's path.
	prepare func(h *costHarness, path string) (string, error)
}

// costCases are the cases, one or more shapes per endpoint.
func costCases() []costCase {
	js, ndjson, pgnType := "application/json", mimeNDJSONType, "application/x-chess-pgn"
	post := func(path string, body func() []byte) func() (string, []byte) {
		return func() (string, []byte) { return path, body() }
	}
	get := func(path func() string) func() (string, []byte) {
		return func() (string, []byte) { return path(), nil }
	}
	return []costCase{
		{id: "variants", endpoint: "GET /v1/variants", sends: "the list", method: http.MethodGet,
			build: get(func() string { return "/v1/variants" })},
		{id: "variant", endpoint: "GET /v1/variants/{id}", sends: "grand, the largest definition", method: http.MethodGet,
			build: get(func() string { return "/v1/variants/grand" })},
		{id: "json", endpoint: "POST /v1/status", sends: "1 MiB of JSON: a moves list of 349,000 numbers", method: http.MethodPost, ctype: js,
			build: post("/v1/status", func() []byte { return jsonBody() })},
		{id: "legal-moves", endpoint: "POST /v1/legal-moves", sends: "inline 16x16 at the compile budget (24.3 of 25.2 MB), 79 move-only riders: 5,029 moves to describe", method: http.MethodPost, ctype: js,
			build: post("/v1/legal-moves", func() []byte {
				return mustJSON(map[string]any{"definition": crowdedDefinition("cost", crowdedFEN(true))})
			})},
		{id: "legal-moves-5000", endpoint: "POST /v1/legal-moves", sends: "the same variant, 37 riders a side, 5,000 moves each naming the type (Ab3) of 37 pieces", method: http.MethodPost, ctype: js,
			build: post("/v1/legal-moves", func() []byte { return inlineGameBody(nil) })},
		{id: "status-5000", endpoint: "POST /v1/status", sends: "as legal-moves-5000", method: http.MethodPost, ctype: js,
			build: post("/v1/status", func() []byte { return inlineGameBody(nil) })},
		{id: "validate-move-5000", endpoint: "POST /v1/validate-move", sends: "as legal-moves-5000, and a move", method: http.MethodPost, ctype: js,
			build: post("/v1/validate-move", func() []byte {
				return inlineGameBody(map[string]any{"move": inlineGame().next})
			})},
		{id: "adjudicate-inline", endpoint: "POST /v1/games/adjudicate", sends: "as legal-moves-5000, each move marked # (false), pgnOut", method: http.MethodPost, ctype: js,
			build: post("/v1/games/adjudicate", func() []byte {
				return inlineGameBody(map[string]any{"moves": marked(inlineGame().moves, "#"), "pgnOut": true})
			})},
		{id: "adjudicate-terachess2", endpoint: "POST /v1/games/adjudicate", sends: "terachess2, 5,000 legal moves keeping the board full, marked #, pgnOut", method: http.MethodPost, ctype: js,
			build: post("/v1/games/adjudicate", func() []byte { return builtinGameBody("terachess2", 1, true) })},
		{id: "adjudicate-giant-quick", endpoint: "POST /v1/games/adjudicate", sends: "giant-quick, the same", method: http.MethodPost, ctype: js,
			build: post("/v1/games/adjudicate", func() []byte { return builtinGameBody("giant-quick", 1, true) })},
		{id: "adjudicate-pgn", endpoint: "POST /v1/games/adjudicate (pgn)", sends: "giant-quick's game as PGN, marked #", method: http.MethodPost, ctype: js,
			build: post("/v1/games/adjudicate", func() []byte {
				return mustJSON(map[string]any{"pgn": pgnGame("giant-quick", 1)})
			})},
		{id: "bulk-compiles", endpoint: "POST /v1/games/adjudicate/bulk (NDJSON)", sends: fmt.Sprintf("%d lines, each a distinct definition at the budget", bulkCompiles), method: http.MethodPost, ctype: ndjson,
			build: post("/v1/games/adjudicate/bulk", bulkCompileBody)},
		{id: "bulk-games", endpoint: "POST /v1/games/adjudicate/bulk (NDJSON)", sends: fmt.Sprintf("%d giant-quick games of 5,000 moves marked #, distinct starts, pgnOut", bulkGames), method: http.MethodPost, ctype: ndjson,
			build: post("/v1/games/adjudicate/bulk", bulkGameBody)},
		{id: "bulk-pgn", endpoint: "POST /v1/games/adjudicate/bulk (PGN file)", sends: fmt.Sprintf("%d of those games as one PGN file", bulkPGNGames), method: http.MethodPost, ctype: pgnType,
			build: post("/v1/games/adjudicate/bulk", bulkPGNBody)},
		{id: "perft", endpoint: "POST /v1/perft", sends: "giant-quick after 8 plies, depth 5, workers 256: the forecast allows it, the clock stops it", method: http.MethodPost, ctype: js,
			build: post("/v1/perft", func() []byte {
				return mustJSON(map[string]any{"variant": "giant-quick", "fen": perftFEN, "depth": 5, "workers": 256})
			})},
		{id: "perft-inline", endpoint: "POST /v1/perft", sends: "the legal-moves variant, depth 4, workers 256", method: http.MethodPost, ctype: js,
			build: post("/v1/perft", func() []byte {
				return mustJSON(map[string]any{"definition": crowdedDefinition("cost", crowdedFEN(true)), "depth": 4, "workers": 256})
			})},
		{id: "import", endpoint: "POST /v1/variants/import", sends: "a 16x16 parent of 20 custom Riders near the budget, and 511 one-line children", method: http.MethodPost, ctype: js,
			build: post("/v1/variants/import", func() []byte { return importBody(importBetza) })},
		{id: "import-answer", endpoint: "POST /v1/variants/import", sends: "the same with Wazirs (quick to compile): every child a full definition", method: http.MethodPost, ctype: js,
			build: post("/v1/variants/import", func() []byte { return importBody("W") })},
		{id: "board-post", endpoint: "POST /v1/board.svg", sends: "a piece named with 64 bytes of & (the longest name), on all 254 squares, size 2048", method: http.MethodPost, ctype: js,
			build: post("/v1/board.svg", func() []byte { return boardBody(crowdedNameFEN) })},
		{id: "board-get-hash", endpoint: "GET /v1/board.svg", sends: "definitionHash of such a definition (sent first, Kings only), all squares", method: http.MethodGet,
			build: get(func() string { return "" }), prepare: prepareHashed},
		{id: "board-get", endpoint: "GET /v1/board.svg", sends: "terachess2 full board, size 2048, 256 marks, 64 arrows", method: http.MethodGet,
			build: get(builtinBoardQuery)},
		{id: "setups", endpoint: "POST /v1/setups", sends: "the legal-moves definition, mode classical", method: http.MethodPost, ctype: js,
			build: post("/v1/setups", func() []byte {
				return mustJSON(map[string]any{"definition": crowdedDefinition("cost", crowdedFEN(true)), "mode": "classical"})
			})},
	}
}

const mimeNDJSONType = "application/x-ndjson"

// perftFEN is giant-quick after the first 8 plies of builtinGame: its
// perft 5 is forecast under twice the leaf budget, and takes longer than
// the time budget on two cores.
const perftFEN = "rrnnbbqqkgbbnnrr/rrnnbbqqggbbnnrr/ssddeemmcceeddss/ssddeemm1ceeddss/pppppppppppppppp/ppppppp1ppppppp1/7p1c6/15p/" +
	"P9P5/16/1PPPPPPPPPCPPPPP/PPPPPPPPPPPPPPPP/SSDDEEMMCCEEDDSS/SSDDEEMMC1EEDDSS/RRNNBBQQGGBBNNRR/RRNNBBQQKGBBNNRR w ABOPabop - 2 2 4"

// runCosts runs the cost cases: which is a case's id, "all" (one server
// for all: each peak is then over those before it), or "list".
func runCosts(which, base string, pid int, stdout, stderr io.Writer) int {
	cases := costCases()
	if which == "list" {
		for _, c := range cases {
			fmt.Fprintln(stdout, c.id)
		}
		return 0
	}
	if pid <= 0 {
		fmt.Fprintln(stderr, "hostile: -costs measures the server's process: give its -pid")
		return 2
	}
	h := &costHarness{base: base, pid: pid, client: &http.Client{Timeout: 60 * time.Second}}
	ran := 0
	for _, c := range cases {
		if which != "all" && c.id != which {
			continue
		}
		ran++
		row, err := h.measure(c)
		if err != nil {
			fmt.Fprintf(stderr, "hostile: %s: %v\n", c.id, err)
			return 1
		}
		fmt.Fprintln(stdout, row)
	}
	if ran == 0 {
		fmt.Fprintf(stderr, "hostile: no cost case %q (-costs list names them)\n", which)
		return 2
	}
	return 0
}

// costHarness sends a case's request and reads the server's costs.
type costHarness struct {
	base   string
	pid    int
	client *http.Client
}

// costResult is what one request cost.
type costResult struct {
	sent, wire, decoded int64
	status              int
	code                string // the problem's code; for a stream, its games' problems and its stop
	wall, cpu           time.Duration
	peakMB              float64
}

// measure sends the case's request and reports its costs as a table row.
func (h *costHarness) measure(c costCase) (string, error) {
	path, body := c.build()
	if c.prepare != nil {
		var err error
		if path, err = c.prepare(h, path); err != nil {
			return "", err
		}
		resetPeak(h.pid)
	}
	time.Sleep(300 * time.Millisecond) // let the server settle (GC of the preparation)
	cpu0, err := procCPU(h.pid)
	if err != nil {
		return "", err
	}
	idle, err := procPeak(h.pid)
	if err != nil {
		return "", err
	}
	r, err := h.send(c, path, body)
	if err != nil {
		return "", err
	}
	time.Sleep(300 * time.Millisecond) // work past the answer (a shared computation, GC) counts
	cpu1, err := procCPU(h.pid)
	if err != nil {
		return "", err
	}
	peak, err := procPeak(h.pid)
	if err != nil {
		return "", err
	}
	r.cpu, r.peakMB = cpu1-cpu0, peak-idle
	return r.row(c), nil
}

// send sends the request, accepting gzip as most clients do (so the
// server compresses what it compresses), and reads the whole answer.
func (h *costHarness) send(c costCase, path string, body []byte) (costResult, error) {
	req, err := http.NewRequest(c.method, h.base+path, bytes.NewReader(body))
	if err != nil {
		return costResult{}, err
	}
	if body != nil {
		req.Header.Set("Content-Type", c.ctype)
	}
	req.Header.Set("Accept-Encoding", "gzip")
	sent := &countingWriter{}
	if err := req.Write(sent); err != nil {
		return costResult{}, err
	}
	req.Body = http.NoBody
	if len(body) > 0 {
		req.Body = io.NopCloser(bytes.NewReader(body))
	}
	r := costResult{sent: sent.n}
	start := time.Now()
	resp, err := h.client.Do(req)
	if err != nil {
		return r, err
	}
	defer resp.Body.Close()
	wire := &countingReader{r: resp.Body}
	var in io.Reader = wire
	if resp.Header.Get("Content-Encoding") == "gzip" {
		zr, err := gzip.NewReader(wire)
		if err != nil {
			return r, err
		}
		in = zr
	}
	lines := &lineScan{}
	n, err := io.Copy(lines, in)
	r.wall = time.Since(start)
	if err != nil {
		return r, err
	}
	r.wire, r.decoded, r.status = wire.n, n, resp.StatusCode
	r.code = lines.code(c.ctype == mimeNDJSONType || strings.Contains(c.ctype, "pgn"))
	return r, nil
}

// row writes the result as a Markdown table row: case, endpoint, what it
// sends, bytes sent (the whole request: request line, headers and body),
// answer bytes (decoded, and on the wire), status and
// code, wall time, CPU, peak memory rise, CPU µs per KB sent, peak MB per
// MB sent and answer bytes per byte sent.
func (r costResult) row(c costCase) string {
	kb := float64(r.sent) / 1024
	wire := ""
	if r.wire != r.decoded {
		wire = fmt.Sprintf(" (%s gz)", bytesText(r.wire))
	}
	status := strconv.Itoa(r.status)
	if r.code != "" {
		status += " " + r.code
	}
	return fmt.Sprintf("| `%s` | %s | %s | %s | %s%s | %s | %.2f s | %.2f s | %.0f | %.0f | %.0f | %.1f |",
		c.id, c.endpoint, c.sends, bytesText(r.sent), bytesText(r.decoded), wire, status,
		r.wall.Seconds(), r.cpu.Seconds(), r.peakMB, float64(r.cpu.Microseconds())/kb, r.peakMB/(kb/1024), float64(r.decoded)/float64(r.sent))
}

func bytesText(n int64) string {
	switch {
	case n >= 10<<20:
		return fmt.Sprintf("%.0f MB", float64(n)/(1<<20))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 10<<10:
		return fmt.Sprintf("%.0f KB", float64(n)/(1<<10))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// countingWriter counts what a request writes: its bytes on the wire.
type countingWriter struct{ n int64 }

func (c *countingWriter) Write(p []byte) (int, error) {
	c.n += int64(len(p))
	return len(p), nil
}

type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// lineScan keeps the head of the answer and of its last line, and counts
// the lines that carry a problem, without holding the answer.
type lineScan struct {
	head, line, last []byte
	lines, problems  int
}

const scanHead = 4096

func (l *lineScan) Write(p []byte) (int, error) {
	if room := scanHead - len(l.head); room > 0 {
		l.head = append(l.head, p[:min(room, len(p))]...)
	}
	for _, b := range p {
		if b == '\n' {
			l.endLine()
			continue
		}
		if len(l.line) < scanHead {
			l.line = append(l.line, b)
		}
	}
	return len(p), nil
}

func (l *lineScan) endLine() {
	l.lines++
	if bytes.Contains(l.line, []byte(`"problem"`)) {
		l.problems++
	}
	l.last, l.line = append(l.last[:0], l.line...), l.line[:0]
}

// code is the problem's code of a single answer; of a stream, how many
// lines it had and how many were problems, and the code that stopped it.
func (l *lineScan) code(stream bool) string {
	var p struct {
		Code    string `json:"code"`
		Stopped bool   `json:"stopped"`
		Problem struct {
			Code string `json:"code"`
		} `json:"problem"`
	}
	if !stream {
		_ = json.Unmarshal(l.head, &p)
		return p.Code
	}
	if len(l.line) > 0 {
		l.endLine()
	}
	stopped := json.Unmarshal(l.last, &p) == nil && p.Stopped
	if stopped {
		l.lines, l.problems = l.lines-1, l.problems-1
	}
	out := fmt.Sprintf("%d games, %d problems", l.lines, l.problems)
	switch {
	case stopped:
		out += ", stopped: " + p.Problem.Code
	case p.Code != "":
		out += ": " + p.Code
	}
	return out
}

// procCPU is the process's utime+stime (fields 14 and 15 of
// /proc/PID/stat, in clock ticks of 10 ms: USER_HZ is 100 on Linux).
func procCPU(pid int) (time.Duration, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	i := bytes.LastIndexByte(b, ')')
	f := strings.Fields(string(b[i+1:]))
	if len(f) < 13 {
		return 0, fmt.Errorf("/proc/%d/stat: %d fields after the name", pid, len(f))
	}
	// After the name: state is field 3, utime 14 and stime 15.
	u, err1 := strconv.ParseInt(f[11], 10, 64)
	s, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("/proc/%d/stat: utime %q, stime %q", pid, f[11], f[12])
	}
	return time.Duration(u+s) * 10 * time.Millisecond, nil
}

// procPeak is the process's VmHWM in MB.
func procPeak(pid int) (float64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		var kb float64
		if _, err := fmt.Sscanf(line, "VmHWM: %f kB", &kb); err == nil {
			return kb / 1024, nil
		}
	}
	return 0, fmt.Errorf("/proc/%d/status has no VmHWM", pid)
}

// resetPeak sets VmHWM to the present VmRSS (Linux's clear_refs value 5);
// where that is refused the peak of the preparation stays in.
func resetPeak(pid int) {
	_ = os.WriteFile(fmt.Sprintf("/proc/%d/clear_refs", pid), []byte("5"), 0)
}

// mustJSON encodes v as a body: as json.Marshal, but & < > written as
// they are, as most clients write them (Go's \u0026 is six bytes).
func mustJSON(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic(err)
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// once memoizes a body that takes time to build (a game of 5,000 moves):
// several cases of one run share it.
func once[T any](f func() T) func() T {
	var o sync.Once
	var v T
	return func() T { o.Do(func() { v = f() }); return v }
}
