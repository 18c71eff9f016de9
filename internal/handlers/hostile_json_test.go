package handlers_test

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/adjudicator/adjudicator/internal/handlers"
)

// hostileMaxDepth is the nesting limit of request bodies (maxJSONDepth).
const hostileMaxDepth = 64

// hostileBodyBytes is the default body limit, which the nesting corpus fills.
const hostileBodyBytes = 1 << 20

// nestShape is one way of nesting a body: the text that opens level i and
// the text that closes it.
type nestShape struct {
	name  string
	open  func(i int) string
	close func(i int) string
}

var nestShapes = []nestShape{
	{"arrays", func(int) string { return "[" }, func(int) string { return "]" }},
	{"objects", func(int) string { return `{"a":` }, func(int) string { return "}" }},
	// {"variant":"chess","x":[{"a": repeated: three levels a repeat.
	{"mixed", func(i int) string {
		return [...]string{`{"variant":"chess","x":`, "[", `{"a":`}[i%3]
	}, func(i int) string {
		return [...]string{"}", "]", "}"}[i%3]
	}},
}

// body nests depth levels around a 1 (arrays: around nothing).
func (sh nestShape) body(depth int) []byte {
	var b bytes.Buffer
	for i := range depth {
		b.WriteString(sh.open(i))
	}
	if sh.name != "arrays" {
		b.WriteByte('1')
	}
	for i := depth - 1; i >= 0; i-- {
		b.WriteString(sh.close(i))
	}
	return b.Bytes()
}

// fill is the deepest nesting whose body fits in limit bytes.
func (sh nestShape) fill(limit int) int {
	size := 0
	if sh.name != "arrays" {
		size = 1
	}
	d := 0
	for ; ; d++ {
		size += len(sh.open(d)) + len(sh.close(d))
		if size > limit {
			return d
		}
	}
}

// bracketOffset is the offset of the n-th opening bracket (from 1) of a
// body whose strings hold no brackets.
func bracketOffset(body []byte, n int) int {
	for i, c := range body {
		if c == '[' || c == '{' {
			if n--; n == 0 {
				return i
			}
		}
	}
	return -1
}

// newHostileServer is the test server with the default body limit.
func newHostileServer(tb testing.TB) http.Handler {
	tb.Helper()
	cfg := testConfig()
	cfg.MaxBodyBytes = hostileBodyBytes
	srv, err := handlers.New(cfg, zap.NewNop(), nil, prometheus.NewRegistry())
	if err != nil {
		tb.Fatalf("handlers.New: %v", err)
	}
	return srv.Handler()
}

func postJSON(h http.Handler, path string, body []byte) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	return serve(h, req)
}

// TestHostileNesting serves the nesting corpus up to the body limit: every
// body nested deeper than the limit answers 400 json-too-deep at the
// bracket that goes too deep, one at the limit passes the pre-pass, one
// over the body limit answers 413.
func TestHostileNesting(t *testing.T) {
	h := newHostileServer(t)
	for _, sh := range nestShapes {
		fill := sh.fill(hostileBodyBytes)
		for _, depth := range []int{hostileMaxDepth, hostileMaxDepth + 1, 1000, 100_000, fill, fill + 1} {
			body := sh.body(depth)
			what := fmt.Sprintf("%s depth %d (%d bytes)", sh.name, depth, len(body))
			rec := postJSON(h, "/v1/legal-moves", body)
			p := checkProblem(t, what, rec)
			switch {
			case len(body) > hostileBodyBytes:
				if rec.Code != http.StatusRequestEntityTooLarge || p.Code != "body-too-large" {
					t.Errorf("%s = %d %s; want 413 body-too-large", what, rec.Code, p.Code)
				}
			case depth <= hostileMaxDepth:
				if p.Code == "json-too-deep" {
					t.Errorf("%s = %d %s; want a nesting at the limit accepted", what, rec.Code, p.Code)
				}
			default:
				want := bracketOffset(body, hostileMaxDepth+1)
				if rec.Code != http.StatusBadRequest || p.Code != "json-too-deep" || p.Offset == nil || *p.Offset != want {
					t.Errorf("%s = %d %s offset %v; want 400 json-too-deep offset %d", what, rec.Code, p.Code, p.Offset, want)
				}
			}
		}
	}
}

// TestHostileNestingProblem pins the whole problem of a too deep body.
func TestHostileNestingProblem(t *testing.T) {
	body := `{"variant":"chess","x":` + strings.Repeat("[", hostileMaxDepth) + "]"
	rec := postJSON(newHostileServer(t), "/v1/legal-moves", []byte(body))
	want := `{"type":"/problems/json-too-deep","title":"JSON nested too deep","status":400,` +
		`"detail":"the JSON nests deeper than 64 levels","instance":"/v1/legal-moves","code":"json-too-deep","offset":86}`
	if got := strings.TrimSpace(rec.Body.String()); rec.Code != http.StatusBadRequest || got != want {
		t.Errorf("POST /v1/legal-moves %.40q... = %d %s; want 400 %s", body, rec.Code, got, want)
	}
}

// BenchmarkHostileNesting measures what the deepest bodies that fit in the
// body limit cost through the server: time and memory per request.
func BenchmarkHostileNesting(b *testing.B) {
	h := newHostileServer(b)
	for _, sh := range nestShapes {
		body := sh.body(sh.fill(hostileBodyBytes))
		b.Run(sh.name, func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				if rec := postJSON(h, "/v1/legal-moves", body); rec.Code != http.StatusBadRequest {
					b.Fatalf("%s = %d; want 400", sh.name, rec.Code)
				}
			}
		})
	}
}
