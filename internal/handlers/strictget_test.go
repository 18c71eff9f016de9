package handlers_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"github.com/adjudicator/adjudicator/api"
	"github.com/adjudicator/adjudicator/internal/handlers"
)

// problemOf decodes a problem answer, or fails the test.
func problemOf(t *testing.T, what string, rec *httptest.ResponseRecorder) handlers.Problem {
	t.Helper()
	var p handlers.Problem
	if ct := rec.Header().Get("Content-Type"); ct != "application/problem+json" {
		t.Fatalf("%s = %d %q %.200s; want a problem", what, rec.Code, ct, rec.Body.Bytes())
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return p
}

// TestGETQueryStrict: a GET's query string is read as strictly as the
// POST's body: a malformed escape, a semicolon and a repeated name are
// bad-request, an unknown name is schema-violation, each naming the
// parameter; HEAD answers the same, and none of it may be cached.
func TestGETQueryStrict(t *testing.T) {
	h := newServer(t).Handler()
	tests := []struct {
		give      string
		wantCode  string
		wantField string
	}{
		{"/v1/board.svg?variant=chess&fen=%zz", "bad-request", "fen"},
		{"/v1/board.svg?variant=chess&fen=%2", "bad-request", "fen"},
		{"/v1/board.svg?variant=chess&bogus=1", "schema-violation", "bogus"},
		{"/v1/board.svg?variant=chess&bogus", "schema-violation", "bogus"},
		{"/v1/board.svg?variant=chess&variant=shako", "bad-request", "variant"},
		{"/v1/board.svg?variant=chess&fen=&fen=x", "bad-request", "fen"},
		{"/v1/board.svg?variant=chess;flip=true", "bad-request", "variant"},
		{"/v1/board.svg?%zz=1", "bad-request", "%zz"},
		{"/v1/board.svg?=chess", "schema-violation", ""},
		{"/v1/board.svg?Variant=chess", "schema-violation", "Variant"},
		{"/v1/variants?bogus=1", "schema-violation", "bogus"},
		{"/v1/variants/chess?x=%zz", "bad-request", "x"},
		{"/?variant=chess&utm_source=mail", "schema-violation", "utm_source"},
		{"/?variant=chess&moves=e2e4&moves=e7e5", "bad-request", "moves"},
		{"/livez?probe=1", "schema-violation", "probe"},
		{"/problems/invalid-fen?%", "bad-request", "%"},
		{"/v1/board.svg?variant=chess&" + strings.Repeat("k", 1000) + "=1", "schema-violation", strings.Repeat("k", 256) + "..."},
	}
	for _, tt := range tests {
		for _, method := range []string{http.MethodGet, http.MethodHead} {
			rec := serve(h, request(method, tt.give, ""))
			what := method + " " + tt.give
			if rec.Code != http.StatusBadRequest {
				t.Errorf("%s = %d %.200s; want 400", what, rec.Code, rec.Body.Bytes())
				continue
			}
			if cc := rec.Header().Get("Cache-Control"); cc != "no-store" {
				t.Errorf("%s: Cache-Control %q; want no-store", what, cc)
			}
			if method == http.MethodHead {
				continue
			}
			p := problemOf(t, what, rec)
			if p.Code != tt.wantCode || p.Field != tt.wantField || p.Detail == "" {
				t.Errorf("%s: %s in %q (%s); want %s in %q", what, p.Code, p.Field, p.Detail, tt.wantCode, tt.wantField)
			}
		}
	}
	// The POST refuses the same faults with the same codes.
	for body, want := range map[string]string{
		`{"variant":"chess","bogus":1}`:           "schema-violation",
		`{"variant":"chess","variant":"shako"}`:   "bad-request",
		`{"variant":"chess","fen":"x","fen":"y"}`: "bad-request",
	} {
		rec := serve(h, request(http.MethodPost, "/v1/board.svg", body))
		if p := problemOf(t, "POST /v1/board.svg "+body, rec); rec.Code != http.StatusBadRequest || p.Code != want {
			t.Errorf("POST /v1/board.svg %s = %d %s; want 400 %s", body, rec.Code, p.Code, want)
		}
	}
	// What the contract lists still goes through, and so do empty pairs.
	for _, path := range []string{"/v1/board.svg?variant=chess&&flip=true&", "/v1/board.svg?variant=chess&fen=" +
		"rnbqkbnr%2Fpppppppp%2F8%2F8%2F4P3%2F8%2FPPPP1PPP%2FRNBQKBNR+b+KQkq+-+0+1", "/?variant=chess&moves=f2f3,e7e5&flip=true", "/livez"} {
		if rec := serve(h, request(http.MethodGet, path, "")); rec.Code != http.StatusOK {
			t.Errorf("GET %s = %d %.200s; want 200", path, rec.Code, rec.Body.Bytes())
		}
	}
}

// getOperations returns the GET operations of the contract by echo route
// pattern (/v1/variants/:id).
func getOperations(t *testing.T) map[string]*openapi3.Operation {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData(api.Spec)
	if err != nil {
		t.Fatalf("api/openapi.yaml: %v", err)
	}
	ops := map[string]*openapi3.Operation{}
	for path, item := range doc.Paths.Map() {
		if item.Get == nil {
			continue
		}
		route := path
		for _, p := range item.Get.Parameters {
			if p.Value.In == openapi3.ParameterInPath {
				route = strings.ReplaceAll(route, "{"+p.Value.Name+"}", ":"+p.Value.Name)
			}
		}
		ops[route] = item.Get
	}
	return ops
}

// getRoutes returns the GET routes of the server, sorted.
func getRoutes(srv *handlers.Server) []string {
	var out []string
	for _, r := range srv.Handler().(*echo.Echo).Routes() {
		if r.Method == http.MethodGet {
			out = append(out, r.Path)
		}
	}
	slices.Sort(out)
	return out
}

// fill replaces the route's parameters by values.
func fill(route string, values map[string]string) string {
	for param, value := range values {
		route = strings.ReplaceAll(route, param, value)
	}
	return route
}

// TestEveryGETQueryStrict: every GET route refuses an unknown query
// parameter and a malformed escape, and accepts by name every query
// parameter its operation in the contract lists.
func TestEveryGETQueryStrict(t *testing.T) {
	srv := newServer(t)
	h := srv.Handler()
	ops := getOperations(t)
	for _, route := range getRoutes(srv) {
		op := ops[route]
		if op == nil {
			t.Errorf("GET %s: no operation in api/openapi.yaml", route)
			continue
		}
		path := fill(route, routeExample)
		for q, want := range map[string]string{"?bogus=1": "schema-violation", "?%zz": "bad-request", "?bogus=%zz": "bad-request"} {
			rec := serve(h, request(http.MethodGet, path+q, ""))
			if p := problemOf(t, "GET "+path+q, rec); rec.Code != http.StatusBadRequest || p.Code != want || p.Field == "" {
				t.Errorf("GET %s%s = %d %s in %q; want 400 %s naming the parameter", path, q, rec.Code, p.Code, p.Field, want)
			}
		}
		for _, ref := range op.Parameters {
			if p := ref.Value; p.In == openapi3.ParameterInQuery {
				q := "?" + p.Name + "=x"
				rec := serve(h, request(http.MethodGet, path+q, ""))
				if rec.Code >= 400 {
					if p := problemOf(t, "GET "+path+q, rec); strings.Contains(p.Detail, "unknown") || p.Code == "bad-request" {
						t.Errorf("GET %s%s: %s %s; want the listed parameter accepted by name", path, q, p.Code, p.Detail)
					}
				}
			}
		}
	}
}

// TestErrorsNotStored: every error answer says Cache-Control: no-store,
// even where the success would be cached publicly; successes keep theirs.
func TestErrorsNotStored(t *testing.T) {
	h := newServer(t).Handler()
	for _, req := range []*http.Request{
		request(http.MethodGet, "/v1/board.svg?variant=chess&fen=%zz", ""),
		request(http.MethodGet, "/v1/board.svg?variant=chess&fen=x", ""),
		request(http.MethodGet, "/v1/board.svg?variant=chess&size=1", ""),
		request(http.MethodHead, "/v1/board.svg?variant=nosuch", ""),
		request(http.MethodGet, "/v1/variants/nosuch", ""),
		request(http.MethodGet, "/problems/nosuch", ""),
		request(http.MethodGet, "/v1/nothing", ""),
		request(http.MethodGet, "/v1/legal-moves", ""),
		request(http.MethodPost, "/v1/legal-moves", `{"variant":"chess","fen":"x"}`),
	} {
		rec := serve(h, req)
		if rec.Code < 400 || rec.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("%s %s = %d, Cache-Control %q; want an error with no-store", req.Method, req.URL, rec.Code, rec.Header().Get("Cache-Control"))
		}
	}
	if rec := serve(h, request(http.MethodGet, "/v1/board.svg?variant=chess", "")); rec.Code != http.StatusOK ||
		rec.Header().Get("Cache-Control") != "public, max-age=86400" {
		t.Errorf("GET /v1/board.svg?variant=chess = %d, Cache-Control %q; want 200 public", rec.Code, rec.Header().Get("Cache-Control"))
	}
}

// TestGzipWeights: Accept-Encoding's weights are honoured (RFC 9110,
// 12.5.3): q=0 in any spelling refuses gzip, * stands for what is not
// listed, and a client that refuses identity gets even a small answer
// gzipped.
func TestGzipWeights(t *testing.T) {
	h := newServer(t).Handler()
	const large, small = "/v1/board.svg?variant=bigorra", "/livez"
	plain := serve(h, request(http.MethodGet, large, ""))
	if plain.Body.Len() < handlers.GzipMinBytes {
		t.Fatalf("GET %s: %d bytes; the test wants an answer of at least %d", large, plain.Body.Len(), handlers.GzipMinBytes)
	}
	tests := []struct {
		path, give string
		want       bool // compressed
	}{
		{large, "gzip", true},
		{large, "gzip;q=0", false},
		{large, "gzip;q=0.0", false},
		{large, "gzip;q=0.000", false},
		{large, "gzip; q=0", false},
		{large, "GZIP;Q=0", false},
		{large, "deflate, gzip;q=0, br", false},
		{large, "gzip;q=0, *", false},
		{large, "*;q=0, identity", false},
		{large, "*;q=0", false},
		{large, "identity;q=0", false},
		{large, "gzip;q=nonsense", false},
		{large, "gzip;q=0.0001", false},
		{large, "gzip;q=2", false},
		{large, "br, deflate", false},
		{large, "", false},
		{large, "gzip;q=0.5", true},
		{large, "gzip;q=0.001", true},
		{large, "gzip;q=1.000", true},
		{large, "GZIP", true},
		{large, "x-gzip", true},
		{large, "*", true},
		{large, "identity, *;q=0.1", true},
		{large, "br;q=1, gzip;q=0.8", true},
		{small, "gzip", false},
		{small, "gzip, identity;q=0", true},
		{small, "*, identity;q=0", true},
	}
	for _, tt := range tests {
		req := request(http.MethodGet, tt.path, "")
		if tt.give != "" {
			req.Header.Set("Accept-Encoding", tt.give)
		}
		rec := serve(h, req)
		if enc := rec.Header().Get("Content-Encoding"); (enc == "gzip") != tt.want || rec.Code != http.StatusOK {
			t.Errorf("GET %s with Accept-Encoding %q = %d, Content-Encoding %q; want gzip %v", tt.path, tt.give, rec.Code, enc, tt.want)
			continue
		}
		if !slices.Contains(rec.Header().Values("Vary"), "Accept-Encoding") {
			t.Errorf("GET %s with Accept-Encoding %q: Vary %q; want Accept-Encoding", tt.path, tt.give, rec.Header().Values("Vary"))
		}
		if tt.want && tt.path == large && string(gunzip(t, rec.Body.Bytes())) != plain.Body.String() {
			t.Errorf("GET %s with Accept-Encoding %q: the gzipped answer is not the plain one", tt.path, tt.give)
		}
	}
}

// TestRequestIDBounded: a client's X-Request-Id is adopted only when it
// can be an id (at most 128 visible ASCII bytes); any other gets a fresh
// id, in the answer and in the log, as a request without one does.
func TestRequestIDBounded(t *testing.T) {
	core, logs := observer.New(zapcore.InfoLevel)
	srv, err := handlers.New(testConfig(), zap.New(core), nil, prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		give  string
		adopt bool
	}{
		{"req-42_abc.DEF:7/x", true},
		{strings.Repeat("a", 128), true},
		{"~!\"#$%&'()*+,-./09:;<=>?@AZ[\\]^_`az{|}", true},
		{strings.Repeat("a", 1000), false},
		{strings.Repeat("a", 129), false},
		{"abc\x01def", false},
		{"abc\ndef", false},
		{"abc\x7fdef", false},
		{"two words", false},
		{"caf\u00e9", false},
		{"", false},
	}
	for _, tt := range tests {
		req := request(http.MethodGet, "/livez", "")
		if tt.give != "" {
			req.Header["X-Request-Id"] = []string{tt.give}
		}
		before := len(logs.All())
		rec := serve(srv.Handler(), req)
		id := rec.Header().Get("X-Request-Id")
		entries := logs.All()[before:]
		if len(entries) != 1 {
			t.Fatalf("X-Request-Id %.40q: %d log lines; want 1", tt.give, len(entries))
		}
		logged, _ := entries[0].ContextMap()["request_id"].(string)
		if logged != id {
			t.Errorf("X-Request-Id %.40q: logged %.40q, answered %.40q; want the same", tt.give, logged, id)
		}
		if (id == tt.give) != tt.adopt {
			t.Errorf("X-Request-Id %.40q: answered %.40q; want it adopted %v", tt.give, id, tt.adopt)
		}
		if !tt.adopt && (len(id) < 16 || len(id) > 128 || strings.ContainsFunc(id, func(r rune) bool { return r < 0x21 || r > 0x7e })) {
			t.Errorf("X-Request-Id %.40q: fresh id %.40q; want a generated one", tt.give, id)
		}
	}
}

// headSamples are path parameter values that exist, that name nothing
// (404), that the contract's patterns refuse (400: what HEAD answered 404
// to), and none.
var headSamples = []map[string]string{
	routeExample,
	{":id": "nosuch", ":code": "no-such", ":page": "nosuch", ":file": "nosuch.js"},
	{":id": "No_Such", ":code": "No_Such", ":page": "No_Such", ":file": "no%20such.js"},
	{":id": "", ":code": "", ":page": "", ":file": ""},
}

// TestHEADAsGET: for every GET route of the router, with good and bad
// path parameters and query strings (the GET operation's own parameters
// with a bad value too), HEAD answers GET's status and headers, with no
// body, through a real listener.
func TestHEADAsGET(t *testing.T) {
	srv := newServer(t)
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	ops := getOperations(t)
	n := 0
	for _, route := range getRoutes(srv) {
		queries := []string{"", "?bogus=1", "?%zz"}
		if op := ops[route]; op != nil {
			for _, ref := range op.Parameters {
				p := ref.Value
				if p.In != openapi3.ParameterInQuery {
					continue
				}
				queries = append(queries, "?"+p.Name+"=%21")
				if s := p.Schema.Value; s.MaxLength != nil {
					// One byte over the contract's bound.
					queries = append(queries, "?"+p.Name+"="+strings.Repeat("9", int(*s.MaxLength)+1))
				}
			}
		}
		for _, sample := range headSamples {
			for _, q := range queries {
				path := fill(route, sample) + q
				get, head, getBody, headBody := getAndHead(t, ts.URL+path)
				n++
				if head.StatusCode != get.StatusCode || len(headBody) != 0 {
					t.Errorf("HEAD %s = %d with %d body bytes; GET = %d %.120s", path, head.StatusCode, len(headBody), get.StatusCode, getBody)
					continue
				}
				for _, k := range []string{"Content-Type", "Cache-Control", "ETag", "Vary", "Allow"} {
					if head.Header.Get(k) != get.Header.Get(k) {
						t.Errorf("HEAD %s: %s %q; GET has %q", path, k, head.Header.Get(k), get.Header.Get(k))
					}
				}
			}
		}
	}
	if n < 100 {
		t.Errorf("only %d requests compared", n)
	}
}
