package main

// The second round of the hostile corpus (docs/LIMITS.md, "Round two"):
// an import whose answer grew with the square of its text, many bulk
// streams of 1 MB lines at once, and the small ones (a malformed escape in
// a GET, a request id of 500 KB, gzip refused with q=0).

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"
)

// importChain is the import of the finding: a chain of sections, each the
// child of the one before, each with keys region keys whose values are
// value bytes long. Before the fix every child repeated every ancestor's
// problems with the values in full (240 KB in, 287 MB out).
func importChain(sections, keys, value int) []byte {
	names := []string{"King", "Rook", "Knight", "Bishop", "Queen", "Pawn", "Fers", "Wazir", "Alfil", "Commoner"}
	v := strings.Repeat("a1 ", value/3)
	var b strings.Builder
	for i := range sections {
		if i == 0 {
			b.WriteString("[s0:chess]\n")
		} else {
			fmt.Fprintf(&b, "[s%d:s%d]\n", i, i-1)
		}
		for k := range keys {
			// A region key Fairy-Stockfish forms, then keys of the family
			// it does not form, other in every section (accepted before
			// the fix, and inherited by every descendant).
			if k == 0 {
				fmt.Fprintf(&b, "mobilityRegionWhite%s = %s\n", names[i%len(names)], v)
			} else {
				fmt.Fprintf(&b, "mobilityRegionWhiteS%dK%d = %s\n", i, k, v)
			}
		}
	}
	body, _ := json.Marshal(map[string]string{"ini": b.String()})
	return body
}

// postSized posts body with the content type and reads the whole answer,
// counting its bytes.
func (h *harness) postSized(path, contentType string, body io.Reader, header map[string]string) (answer, int64) {
	start := time.Now()
	req, err := http.NewRequest(http.MethodPost, h.base+path, body)
	if err != nil {
		return answer{err: err}, 0
	}
	req.Header.Set("Content-Type", contentType)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := h.client.Do(req)
	if err != nil {
		return answer{took: time.Since(start), err: err}, 0
	}
	defer resp.Body.Close()
	head := make([]byte, 4096)
	n, _ := io.ReadFull(resp.Body, head)
	rest, _ := io.Copy(io.Discard, resp.Body)
	var p struct {
		Code string `json:"code"`
	}
	_ = json.Unmarshal(head[:n], &p)
	return answer{status: resp.StatusCode, code: p.Code, took: time.Since(start)}, int64(n) + rest
}

// sized is a single request whose answer's size is reported too.
func sized(name, path string, body []byte) testCase {
	return testCase{name, func(h *harness) {
		a, n := h.postSized(path, "application/json", bytes.NewReader(body), nil)
		h.report(name, a)
		fmt.Fprintf(h.out, "  %d bytes in, %d bytes out\n", len(body), n)
	}, body}
}

func roundTwo() []testCase {
	chain := importChain(200, 36, 9) // about 240 KB, as the finding's
	return []testCase{
		sized("import chain 240 KB", "/v1/variants/import", chain),
		{name: "4 imports 240 KB at once", run: func(h *harness) {
			concurrent(h, "4 imports at once", 4, func() (answer, int64) {
				return h.postSized("/v1/variants/import", "application/json", bytes.NewReader(chain), nil)
			})
		}},
		{name: "128 bulk streams of 1 MB lines", run: func(h *harness) {
			concurrent(h, "128 bulk streams", 128, func() (answer, int64) {
				return h.postSized("/v1/games/adjudicate/bulk", "application/x-ndjson", bulkLines(24, 1<<20), nil)
			})
		}},
		{name: "board.svg fen=%zz", run: func(h *harness) {
			h.report("board.svg fen=%zz", h.get("/v1/board.svg?variant=chess&fen=%zz"))
		}},
		{name: "request id of 500 KB", run: func(h *harness) {
			a, _ := h.postSized("/v1/status", "application/json", strings.NewReader(`{"variant":"chess"}`),
				map[string]string{"X-Request-Id": strings.Repeat("x", 500<<10)})
			h.report("request id of 500 KB", a)
		}},
	}
}

// concurrent sends n requests at once and reports how they were answered,
// the slowest, and the server's memory after.
func concurrent(h *harness, name string, n int, send func() (answer, int64)) {
	var wg sync.WaitGroup
	answers, sizes := make([]answer, n), make([]int64, n)
	for i := range n {
		wg.Add(1)
		go func() { defer wg.Done(); answers[i], sizes[i] = send() }()
	}
	wg.Wait()
	counts := map[string]int{}
	var worst answer
	var out int64
	for i, a := range answers {
		k := fmt.Sprintf("%d %s", a.status, a.code)
		if a.err != nil {
			k = "error " + a.err.Error()
			if len(k) > 60 {
				k = k[:60]
			}
		}
		counts[k]++
		if a.took > worst.took {
			worst = a
		}
		out = max(out, sizes[i])
	}
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(h.out, "  %s: %3d x %s\n", name, counts[k], k)
	}
	h.report(name+" (slowest)", worst)
	fmt.Fprintf(h.out, "  largest answer %d bytes\n", out)
}

// bulkLines is an NDJSON body of n games, each a legal game padded with
// spaces to a line of size bytes: it is generated as it is read, so that
// many streams cost the client no memory.
func bulkLines(n, size int) io.Reader {
	game := `{"variant":"chess","moves":["e4","e5","Nf3"]}`
	line := game + strings.Repeat(" ", size-len(game)-1) + "\n"
	readers := make([]io.Reader, n)
	for i := range readers {
		readers[i] = strings.NewReader(line)
	}
	return io.MultiReader(readers...)
}
