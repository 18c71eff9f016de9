package handlers_test

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/adjudicator/adjudicator/internal/handlers"
)

func newServerWith(t *testing.T, edit func(*handlers.Config)) *handlers.Server {
	t.Helper()
	cfg := testConfig()
	edit(&cfg)
	srv, err := handlers.New(cfg, zap.NewNop(), nil, prometheus.NewRegistry())
	if err != nil {
		t.Fatalf("handlers.New: %v", err)
	}
	return srv
}

func request(method, path, body string, header ...string) *http.Request {
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, r)
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	return req
}

func TestParseOrigins(t *testing.T) {
	good := map[string][]string{
		"":                                    nil,
		"https://site.example":                {"https://site.example"},
		" https://A.example , http://b:8080,": {"https://a.example", "http://b:8080"},
		"*":                                   {"*"},
	}
	for in, want := range good {
		got, err := handlers.ParseOrigins(in)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("ParseOrigins(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"site.example", "https://site.example/", "https://site.example/app",
		"ftp://site.example", "https://", "https://u@site.example", "https://site.example?x=1", "*.example"} {
		if got, err := handlers.ParseOrigins(in); err == nil {
			t.Errorf("ParseOrigins(%q) = %q; want an error", in, got)
		}
	}
}

func TestCORS(t *testing.T) {
	const site, other = "https://site.example", "https://other.example"
	srv := newServerWith(t, func(c *handlers.Config) { c.CORSOrigins = []string{site} })
	h := srv.Handler()
	body := `{"variant":"chess"}`

	pre := serve(h, request(http.MethodOptions, "/v1/legal-moves", "", "Origin", site,
		"Access-Control-Request-Method", "POST", "Access-Control-Request-Headers", "content-type"))
	if pre.Code != http.StatusNoContent || pre.Header().Get("Access-Control-Allow-Origin") != site {
		t.Fatalf("preflight from %s = %d %v; want 204 allowing it", site, pre.Code, pre.Header())
	}
	for k, want := range map[string]string{"Access-Control-Allow-Methods": "POST", "Access-Control-Allow-Headers": "Content-Type", "Access-Control-Max-Age": "600"} {
		if !strings.Contains(pre.Header().Get(k), want) {
			t.Errorf("preflight: %s = %q; want it to hold %q", k, pre.Header().Get(k), want)
		}
	}

	ok := serve(h, request(http.MethodPost, "/v1/legal-moves", body, "Origin", site))
	if ok.Code != http.StatusOK || ok.Header().Get("Access-Control-Allow-Origin") != site {
		t.Errorf("POST from %s = %d, Allow-Origin %q; want 200 allowing it", site, ok.Code, ok.Header().Get("Access-Control-Allow-Origin"))
	}
	if exp := ok.Header().Get("Access-Control-Expose-Headers"); !strings.Contains(exp, "Retry-After") || !strings.Contains(exp, "Etag") && !strings.Contains(exp, "ETag") {
		t.Errorf("POST from %s: Expose-Headers = %q; want Retry-After and ETag", site, exp)
	}
	if !slices.Contains(ok.Header().Values("Vary"), "Origin") {
		t.Errorf("POST from %s: Vary = %q; want Origin", site, ok.Header().Values("Vary"))
	}
	// A problem is readable by the allowed page too.
	bad := serve(h, request(http.MethodPost, "/v1/legal-moves", `{"variant":"chess","fen":"x"}`, "Origin", site))
	if bad.Code != http.StatusUnprocessableEntity || bad.Header().Get("Access-Control-Allow-Origin") != site {
		t.Errorf("bad FEN from %s = %d, Allow-Origin %q; want 422 allowing it", site, bad.Code, bad.Header().Get("Access-Control-Allow-Origin"))
	}

	// Another origin gets no Access-Control header at all: its browser
	// refuses the preflight, and cannot read a simple request's answer.
	for _, req := range []*http.Request{
		request(http.MethodOptions, "/v1/legal-moves", "", "Origin", other, "Access-Control-Request-Method", "POST"),
		request(http.MethodPost, "/v1/legal-moves", body, "Origin", other),
		request(http.MethodOptions, "/v1/legal-moves", "", "Origin", "https://site.example.evil", "Access-Control-Request-Method", "POST"),
	} {
		rec := serve(h, req)
		for k := range rec.Header() {
			if strings.HasPrefix(k, "Access-Control-") {
				t.Errorf("%s %s from %s: %s = %q; want no Access-Control header", req.Method, req.URL.Path, req.Header.Get("Origin"), k, rec.Header().Get(k))
			}
		}
	}

	// Off by default.
	rec := serve(newServer(t).Handler(), request(http.MethodOptions, "/v1/legal-moves", "", "Origin", site, "Access-Control-Request-Method", "POST"))
	if v := rec.Header().Get("Access-Control-Allow-Origin"); v != "" {
		t.Errorf("default server: preflight Allow-Origin = %q; want none", v)
	}
	// "*": any origin, never with credentials.
	anyOrigin := newServerWith(t, func(c *handlers.Config) { c.CORSOrigins = []string{"*"} })
	rec = serve(anyOrigin.Handler(), request(http.MethodPost, "/v1/legal-moves", body, "Origin", other))
	if rec.Header().Get("Access-Control-Allow-Origin") != "*" || rec.Header().Get("Access-Control-Allow-Credentials") != "" {
		t.Errorf("origins *: Allow-Origin %q, Allow-Credentials %q; want * and none", rec.Header().Get("Access-Control-Allow-Origin"), rec.Header().Get("Access-Control-Allow-Credentials"))
	}
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("gzip: %v", err)
	}
	return out
}

func TestGzip(t *testing.T) {
	h := newServer(t).Handler()
	tests := []struct {
		name       string
		req        func() *http.Request
		compressed bool
	}{
		{"chess middle-game legal moves (about 5 KB)", func() *http.Request {
			return request(http.MethodPost, "/v1/legal-moves", `{"variant":"chess","fen":"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"}`)
		}, false},
		{"Bigorra middle-game legal moves", func() *http.Request {
			return request(http.MethodPost, "/v1/legal-moves", `{"variant":"bigorra","fen":"h'm's'2foad'dujc's'm'h'/cmzvjxlkqghyv1mc/ernbb'1iwwin'b'b1re/2ttc'p'1p'p'1ztp'tp'1/1p'p1p1ppppp'pnppp/10p5/p2p1p2Tt6/16/9T3P2/12T3/1P6P3P3/P1PPPPPP1PPPP'1PP/1P'TP'P'1P'D'P'1t1B'1P'1/ERNBB'N'IWWIN'1BNRE/CMZVSXLKQGHYVZMC/H'M'S'TJFOA1DUS'J1M'H' w Kk a11 0 31"}`)
		}, true},
		{"Grand Chess definition", func() *http.Request { return request(http.MethodGet, "/v1/variants/grand", "") }, true},
		{"Bigorra picture", func() *http.Request { return request(http.MethodGet, "/v1/board.svg?variant=bigorra", "") }, true},
		{"a small problem", func() *http.Request {
			return request(http.MethodPost, "/v1/legal-moves", `{"variant":"chess","fen":"x"}`)
		}, false},
	}
	for _, tt := range tests {
		plain := serve(h, tt.req())
		req := tt.req()
		req.Header.Set("Accept-Encoding", "gzip, deflate")
		zipped := serve(h, req)
		if plain.Header().Get("Content-Encoding") != "" {
			t.Errorf("%s without Accept-Encoding: Content-Encoding %q", tt.name, plain.Header().Get("Content-Encoding"))
		}
		if zipped.Code != plain.Code || zipped.Header().Get("Content-Type") != plain.Header().Get("Content-Type") {
			t.Errorf("%s: gzip changed the answer: %d %q vs %d %q", tt.name, zipped.Code, zipped.Header().Get("Content-Type"), plain.Code, plain.Header().Get("Content-Type"))
		}
		if !slices.Contains(zipped.Header().Values("Vary"), "Accept-Encoding") {
			t.Errorf("%s: Vary = %q; want Accept-Encoding", tt.name, zipped.Header().Values("Vary"))
		}
		got := zipped.Body.Bytes()
		if enc := zipped.Header().Get("Content-Encoding"); (enc == "gzip") != tt.compressed {
			t.Errorf("%s (%d bytes): Content-Encoding %q; want compressed %v (from %d bytes)", tt.name, plain.Body.Len(), enc, tt.compressed, handlers.GzipMinBytes)
		} else if tt.compressed {
			if len(got) >= plain.Body.Len()/2 {
				t.Errorf("%s: %d bytes gzipped from %d", tt.name, len(got), plain.Body.Len())
			}
			got = gunzip(t, got)
		}
		if !bytes.Equal(got, plain.Body.Bytes()) {
			t.Errorf("%s: the gzipped answer does not decompress to the plain one", tt.name)
		}
		if tt.compressed != (plain.Body.Len() >= handlers.GzipMinBytes) {
			t.Errorf("%s: %d bytes; the test expects the other side of %d", tt.name, plain.Body.Len(), handlers.GzipMinBytes)
		}
	}
}

// revalidated are the routes whose answers carry validators, with a path
// for each.
var revalidated = []string{"/v1/variants", "/v1/variants/chess", "/openapi.yaml", "/", "/docs",
	"/docs/rules", "/problems", "/problems/invalid-fen"}

func TestETag(t *testing.T) {
	srv, reg := newServerWithRegistry(t)
	h := srv.Handler()
	for _, path := range revalidated {
		first := serve(h, request(http.MethodGet, path, ""))
		tag := first.Header().Get("ETag")
		if first.Code != http.StatusOK || !strings.HasPrefix(tag, `W/"`) || first.Header().Get("Cache-Control") == "" {
			t.Errorf("GET %s = %d, ETag %q, Cache-Control %q; want 200 with both", path, first.Code, tag, first.Header().Get("Cache-Control"))
			continue
		}
		if again := serve(h, request(http.MethodGet, path, "")); again.Header().Get("ETag") != tag {
			t.Errorf("GET %s: ETag %q, then %q", path, tag, again.Header().Get("ETag"))
		}
		strong := strings.TrimPrefix(tag, "W/")
		for _, inm := range []string{tag, strong, `"other", ` + tag, "*"} {
			rec := serve(h, request(http.MethodGet, path, "", "If-None-Match", inm))
			if rec.Code != http.StatusNotModified || rec.Body.Len() != 0 || rec.Header().Get("ETag") != tag {
				t.Errorf("GET %s If-None-Match %s = %d (%d bytes, ETag %q); want 304, no body, the ETag", path, inm, rec.Code, rec.Body.Len(), rec.Header().Get("ETag"))
			}
		}
		rec := serve(h, request(http.MethodGet, path, "", "If-None-Match", `"stale"`))
		if rec.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), first.Body.Bytes()) {
			t.Errorf("GET %s If-None-Match a stale tag = %d; want 200 and the page", path, rec.Code)
		}
		zreq := request(http.MethodGet, path, "", "Accept-Encoding", "gzip")
		if z := serve(h, zreq); z.Header().Get("ETag") != tag {
			t.Errorf("GET %s with gzip: ETag %q; want the same weak tag %q", path, z.Header().Get("ETag"), tag)
		}
	}
	// The playground chooses its own Cache-Control; the ETag comes on top.
	if cc := serve(h, request(http.MethodGet, "/", "")).Header().Get("Cache-Control"); cc != "no-cache" {
		t.Errorf("GET /: Cache-Control %q; want the playground's no-cache", cc)
	}
	// Errors carry no validator.
	if rec := serve(h, request(http.MethodGet, "/v1/variants/nosuch", "")); rec.Header().Get("ETag") != "" {
		t.Errorf("GET /v1/variants/nosuch: ETag %q on a problem", rec.Header().Get("ETag"))
	}
	// Computed answers carry none either.
	if rec := serve(h, request(http.MethodPost, "/v1/legal-moves", `{"variant":"chess"}`)); rec.Header().Get("ETag") != "" {
		t.Errorf("POST /v1/legal-moves: ETag %q", rec.Header().Get("ETag"))
	}
	text := metricsText(t, srv)
	if want := `adjudicator_http_requests_total{code="304",method="GET",problem="",route="/v1/variants"} 4`; !strings.Contains(text, want) {
		t.Errorf("GET /metrics lacks %s", want)
	}
	_ = reg
}

// routeExample fills an echo route's parameters with values that exist.
var routeExample = map[string]string{":id": "chess", ":code": "invalid-fen", ":page": "rules", ":file": "swagger-ui.css"}

// TestHEAD: every GET route answers HEAD with the GET's status and headers
// and no body, through a real listener (net/http drops HEAD bodies).
func TestHEAD(t *testing.T) {
	srv := newServer(t)
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	e := srv.Handler().(*echo.Echo)
	n := 0
	for _, r := range e.Routes() {
		if r.Method != http.MethodGet {
			continue
		}
		path := r.Path
		for param, value := range routeExample {
			path = strings.ReplaceAll(path, param, value)
		}
		if strings.ContainsAny(path, ":*") {
			t.Errorf("route %s: no example value for its parameter (routeExample)", r.Path)
			continue
		}
		n++
		// The same Accept-Encoding for both: Go's client asks for gzip on
		// a GET by itself, never on a HEAD.
		get, head, gotBody, headBody := getAndHead(t, ts.URL+path)
		if head.StatusCode != get.StatusCode || len(headBody) != 0 || len(gotBody) == 0 {
			t.Errorf("HEAD %s = %d with %d body bytes; GET = %d with %d", path, head.StatusCode, len(headBody), get.StatusCode, len(gotBody))
		}
		for _, k := range []string{"Content-Type", "ETag", "Cache-Control"} {
			if head.Header.Get(k) != get.Header.Get(k) {
				t.Errorf("HEAD %s: %s %q; GET has %q", path, k, head.Header.Get(k), get.Header.Get(k))
			}
		}
	}
	if n < 12 {
		t.Errorf("only %d GET routes", n)
	}
}

// getAndHead sends a GET and a HEAD of url and reads both answers.
func getAndHead(t *testing.T, url string) (get, head *http.Response, getBody, headBody []byte) {
	t.Helper()
	var err error
	if get, err = do(http.MethodGet, url); err != nil {
		t.Fatal(err)
	}
	getBody, _ = io.ReadAll(get.Body)
	get.Body.Close()
	if head, err = do(http.MethodHead, url); err != nil {
		t.Fatal(err)
	}
	headBody, _ = io.ReadAll(head.Body)
	head.Body.Close()
	return get, head, getBody, headBody
}

func do(method, url string) (*http.Response, error) {
	req, err := http.NewRequest(method, url, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept-Encoding", "gzip")
	return http.DefaultClient.Do(req)
}

func TestProblemPages(t *testing.T) {
	h := newServer(t).Handler()
	index := serve(h, request(http.MethodGet, "/problems", ""))
	if index.Code != http.StatusOK || !strings.HasPrefix(index.Header().Get("Content-Type"), "text/html") {
		t.Fatalf("GET /problems = %d %q", index.Code, index.Header().Get("Content-Type"))
	}
	// Every problem the golden cases produce has a page at its type, and
	// the index links it.
	seen := 0
	for name, rec := range runCases(t, goldenCases()) {
		if rec.Header().Get("Content-Type") != "application/problem+json" {
			continue
		}
		var p handlers.Problem
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		seen++
		page := serve(h, request(http.MethodGet, p.Type, ""))
		if page.Code != http.StatusOK || !strings.Contains(page.Body.String(), "<code>"+p.Code+"</code>") {
			t.Errorf("%s: GET %s (its type) = %d; want the page of %s", name, p.Type, page.Code, p.Code)
		}
		if !strings.Contains(index.Body.String(), `href="`+p.Type+`"`) {
			t.Errorf("GET /problems does not link %s", p.Type)
		}
	}
	if seen < 10 {
		t.Errorf("only %d problems among the golden cases", seen)
	}
	rec := serve(h, request(http.MethodGet, "/problems/no-such-code", ""))
	if rec.Code != http.StatusNotFound || rec.Header().Get("Content-Type") != "application/problem+json" {
		t.Errorf("GET /problems/no-such-code = %d %q; want a 404 problem", rec.Code, rec.Header().Get("Content-Type"))
	}
}

// TestUnknownVariantOneCode: every route that takes a variant answers an
// unknown one with the code unknown-variant (404 where the path names it).
func TestUnknownVariantOneCode(t *testing.T) {
	h := newServer(t).Handler()
	reqs := map[*http.Request]int{
		request(http.MethodGet, "/v1/variants/nosuch", ""):                                  404,
		request(http.MethodHead, "/v1/variants/nosuch", ""):                                 404,
		request(http.MethodGet, "/v1/board.svg?variant=nosuch", ""):                         422,
		request(http.MethodPost, "/v1/legal-moves", `{"variant":"nosuch"}`):                 422,
		request(http.MethodPost, "/v1/status", `{"variant":"nosuch"}`):                      422,
		request(http.MethodPost, "/v1/validate-move", `{"variant":"nosuch","move":"e4"}`):   422,
		request(http.MethodPost, "/v1/games/adjudicate", `{"variant":"nosuch","moves":[]}`): 422,
		request(http.MethodPost, "/v1/perft", `{"variant":"nosuch","depth":1}`):             422,
		request(http.MethodPost, "/v1/setups", `{"variant":"nosuch"}`):                      422,
		request(http.MethodPost, "/v1/board.svg", `{"variant":"nosuch"}`):                   422,
	}
	for req, status := range reqs {
		rec := serve(h, req)
		if rec.Code != status {
			t.Errorf("%s %s = %d; want %d", req.Method, req.URL, rec.Code, status)
		}
		if req.Method == http.MethodHead {
			continue
		}
		var p handlers.Problem
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || p.Code != "unknown-variant" || p.Type != "/problems/unknown-variant" {
			t.Errorf("%s %s: %s; want code unknown-variant", req.Method, req.URL, rec.Body.Bytes())
		}
	}
}

func TestSeparateMetrics(t *testing.T) {
	srv := newServerWith(t, func(c *handlers.Config) { c.SeparateMetrics = true })
	if rec := serve(srv.Handler(), request(http.MethodGet, "/metrics", "")); rec.Code != http.StatusNotFound {
		t.Errorf("GET /metrics on the API port = %d; want 404 with SeparateMetrics", rec.Code)
	}
	serve(srv.Handler(), request(http.MethodGet, "/livez", ""))
	rec := serve(srv.MetricsHandler(), request(http.MethodGet, "/metrics", ""))
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `route="/livez"`) {
		t.Errorf("MetricsHandler = %d; want 200 with the API's counts", rec.Code)
	}
}

func TestRequestLog(t *testing.T) {
	core, logs := observer.New(zapcore.InfoLevel)
	srv, err := handlers.New(testConfig(), zap.New(core), nil, prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	body := `{"variant":"grand","fen":"x"}`
	req := request(http.MethodPost, "/v1/legal-moves", body, "User-Agent", "bot/1.0", "X-Forwarded-For", "203.0.113.9")
	req.RemoteAddr = "192.0.2.7:4711"
	rec := serve(srv.Handler(), req)
	serve(srv.Handler(), request(http.MethodGet, "/v1/variants/shako", ""))
	entries := logs.FilterMessage("request").All()
	if len(entries) != 2 {
		t.Fatalf("%d request log lines; want 2", len(entries))
	}
	got := entries[0].ContextMap()
	want := map[string]any{"method": "POST", "route": "/v1/legal-moves", "status": int64(422), "problem": "invalid-fen",
		"remote_addr": "192.0.2.7:4711", "user_agent": "bot/1.0", "forwarded_for": "203.0.113.9",
		"variant": "grand", "bytes_in": int64(len(body)), "bytes_out": int64(rec.Body.Len())}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("log field %s = %v (%T); want %v", k, got[k], got[k], v)
		}
	}
	if v := entries[1].ContextMap()["variant"]; v != "shako" {
		t.Errorf("GET /v1/variants/shako: log variant %v", v)
	}
}
