package handlers_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
)

// Bulk adjudication has its own operation, adjudicateBulk at
// POST /v1/games/adjudicate/bulk, so that every media type of an
// operation's answer is the one its request asks for and generated
// clients compile with their defaults (adjudicate answers JSON only).

// readCount counts the bytes read from it.
type readCount struct {
	r io.Reader
	n atomic.Int64
}

func (c *readCount) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

// TestBulkOnAdjudicateRefused: a bulk body (NDJSON, a PGN file) sent to
// POST /v1/games/adjudicate, where bulk adjudication was before it had
// its own path, is 415 unsupported-media-type naming the new path, before
// a byte of the body is read: a body far above --max-body-bytes is still
// 415, never 413 nor a stream.
func TestBulkOnAdjudicateRefused(t *testing.T) {
	srv := newServer(t)
	router := specRouter(t)
	line := `{"variant":"chess","moves":["f3","e5","g4","Qh4#"]}` + "\n"
	big := strings.Repeat(line, int(testConfig().MaxBodyBytes)/len(line)+2)
	for _, ct := range []string{"application/x-ndjson", "application/x-chess-pgn", "application/vnd.chess-pgn", "application/x-ndjson; charset=utf-8"} {
		body := &readCount{r: strings.NewReader(big)}
		req := httptest.NewRequest(http.MethodPost, "/v1/games/adjudicate", body)
		req.Header.Set("Content-Type", ct)
		rec := serve(srv.Handler(), req)
		what := "POST /v1/games/adjudicate " + ct
		p := checkProblem(t, what, rec)
		if rec.Code != http.StatusUnsupportedMediaType || p.Code != "unsupported-media-type" || p.Field != "Content-Type" ||
			!strings.Contains(p.Detail, "POST /v1/games/adjudicate/bulk") {
			t.Errorf("%s = %d %s; want 415 unsupported-media-type, field Content-Type, naming POST /v1/games/adjudicate/bulk", what, rec.Code, rec.Body.String())
		}
		if n := body.n.Load(); n != 0 {
			t.Errorf("%s: %d bytes of the body read before the refusal; want 0", what, n)
		}
		checkResponse(t, router, what, httptest.NewRequest(http.MethodPost, "/v1/games/adjudicate", nil), rec)
	}
	// A single game as JSON is answered there as before.
	rec := serve(srv.Handler(), request(http.MethodPost, "/v1/games/adjudicate", line))
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/json" {
		t.Errorf("POST /v1/games/adjudicate JSON = %d %q; want 200 application/json", rec.Code, rec.Header().Get("Content-Type"))
	}
}

// TestBulkRefusesOtherMedia: the bulk operation takes NDJSON and PGN files
// only; a JSON body (a single game), another type or none is 415 naming
// what it takes and where a single game goes, before the body is read.
func TestBulkRefusesOtherMedia(t *testing.T) {
	srv := newServer(t)
	router := specRouter(t)
	for _, ct := range []string{"application/json", "text/plain", ""} {
		body := &readCount{r: strings.NewReader(`{"variant":"chess","moves":["e4"]}`)}
		req := httptest.NewRequest(http.MethodPost, "/v1/games/adjudicate/bulk", body)
		if ct != "" {
			req.Header.Set("Content-Type", ct)
		}
		rec := serve(srv.Handler(), req)
		what := "POST /v1/games/adjudicate/bulk " + ct
		p := checkProblem(t, what, rec)
		if rec.Code != http.StatusUnsupportedMediaType || p.Code != "unsupported-media-type" || p.Field != "Content-Type" ||
			!strings.Contains(p.Detail, "application/x-ndjson") || !strings.Contains(p.Detail, "POST /v1/games/adjudicate") {
			t.Errorf("%s = %d %s; want 415 naming application/x-ndjson and POST /v1/games/adjudicate", what, rec.Code, rec.Body.String())
		}
		if n := body.n.Load(); n != 0 {
			t.Errorf("%s: %d bytes of the body read before the refusal; want 0", what, n)
		}
		checkResponse(t, router, what, httptest.NewRequest(http.MethodPost, "/v1/games/adjudicate/bulk", nil), rec)
	}
}

// TestBulkContractExamples sends each request example of adjudicateBulk in
// the served document with its media type (the PGN example under both PGN
// types) and checks the answer: 200 application/x-ndjson, one line a game
// of the example, each line a BulkAnswer of the document with its index in
// order, and a line without a problem an AdjudicationResult too.
func TestBulkContractExamples(t *testing.T) {
	srv := newServer(t)
	doc := servedSpec(t)
	item := doc.Paths.Find("/v1/games/adjudicate/bulk")
	if item == nil || item.Post == nil || item.Post.OperationID != "adjudicateBulk" {
		t.Fatal("api/openapi.yaml has no operation adjudicateBulk at POST /v1/games/adjudicate/bulk")
	}
	// adjudicate answers JSON only: a generated client reads its 200 as an
	// AdjudicationResult.
	if content := doc.Paths.Find("/v1/games/adjudicate").Post.Responses.Status(http.StatusOK).Value.Content; len(content) != 1 || content.Get("application/json") == nil {
		t.Errorf("adjudicate's 200 answer has media types %v; want application/json alone", mediaNames(content))
	}
	if content := item.Post.Responses.Status(http.StatusOK).Value.Content; len(content) != 1 || content.Get("application/x-ndjson") == nil {
		t.Errorf("adjudicateBulk's 200 answer has media types %v; want application/x-ndjson alone", mediaNames(content))
	}
	answer := doc.Components.Schemas["BulkAnswer"].Value
	result := doc.Components.Schemas["AdjudicationResult"].Value
	content := item.Post.RequestBody.Value.Content
	examples := map[string]string{}
	for _, ct := range []string{"application/x-ndjson", "application/x-chess-pgn", "application/vnd.chess-pgn"} {
		mt := content.Get(ct)
		if mt == nil {
			t.Errorf("adjudicateBulk takes no %s", ct)
			continue
		}
		examples[ct], _ = mt.Example.(string)
	}
	examples["application/vnd.chess-pgn"] = examples["application/x-chess-pgn"]
	for ct, body := range examples {
		games := strings.Count(body, "[Event ")
		if ct == "application/x-ndjson" {
			games = strings.Count(strings.TrimSpace(body), "\n") + 1
		}
		if games < 2 {
			t.Errorf("the %s example of adjudicateBulk has %d games; want at least 2", ct, games)
			continue
		}
		req := httptest.NewRequest(http.MethodPost, "/v1/games/adjudicate/bulk", strings.NewReader(body))
		req.Header.Set("Content-Type", ct)
		rec := serve(srv.Handler(), req)
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/x-ndjson" {
			t.Fatalf("%s example = %d %q %s; want 200 application/x-ndjson", ct, rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
		}
		sc := bufio.NewScanner(bytes.NewReader(rec.Body.Bytes()))
		sc.Buffer(nil, 1<<20)
		n := 0
		for ; sc.Scan(); n++ {
			var v map[string]any
			if err := json.Unmarshal(sc.Bytes(), &v); err != nil {
				t.Fatalf("%s example, line %d: %v", ct, n, err)
			}
			if err := answer.VisitJSON(v, openapi3.MultiErrors()); err != nil {
				t.Errorf("%s example, line %d is no BulkAnswer: %v\n%s", ct, n, err, sc.Text())
			}
			if v["index"] != float64(n) || v["stopped"] != nil {
				t.Errorf("%s example, line %d: index %v, stopped %v; want index %d and no stop", ct, n, v["index"], v["stopped"], n)
			}
			if _, bad := v["problem"]; !bad {
				delete(v, "index")
				if err := result.VisitJSON(v, openapi3.MultiErrors()); err != nil {
					t.Errorf("%s example, line %d is no AdjudicationResult: %v\n%s", ct, n, err, sc.Text())
				}
			}
		}
		if n != games {
			t.Errorf("%s example of %d games answered %d lines:\n%s", ct, games, n, rec.Body.String())
		}
	}
}

func mediaNames(c openapi3.Content) []string {
	var out []string
	for name := range c {
		out = append(out, name)
	}
	return out
}

// TestBulkRouteMetrics: the requests of the bulk operation are counted
// under its own route, apart from single adjudications.
func TestBulkRouteMetrics(t *testing.T) {
	srv, _ := newServerWithRegistry(t)
	h := srv.Handler()
	if rec := bulkPost(h, ndjson(`{"variant":"chess","moves":["e4"]}`)); rec.Code != http.StatusOK {
		t.Fatalf("bulk = %d %s", rec.Code, rec.Body.String())
	}
	serve(h, request(http.MethodPost, "/v1/games/adjudicate", `{"variant":"chess","moves":["e4"]}`))
	text := metricsText(t, srv)
	for _, want := range []string{
		`adjudicator_http_requests_total{code="200",method="POST",problem="",route="/v1/games/adjudicate/bulk"} 1`,
		`adjudicator_http_requests_total{code="200",method="POST",problem="",route="/v1/games/adjudicate"} 1`,
		"adjudicator_bulk_streams 0",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("/metrics lacks %s", want)
		}
	}
}
