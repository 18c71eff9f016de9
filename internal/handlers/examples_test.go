package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"mime"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
)

// The examples of api/openapi.yaml are answers of the service: every
// request example is sent to the live handlers and the answer must be the
// response example of the same name, value for value once both are
// decoded (key order and spacing aside). The
// server is the one a deployment gets without flags (DefaultConfig), so
// that an example that shows a limit shows the default one.
//
// How examples pair up, per operation:
//   - the request cases are the named examples of the JSON request body, or,
//     for an operation without a body, the named examples of its
//     parameters; an operation with neither has one case, the bare request
//     (named ""), and a singular `example` on a body counts as "" too;
//   - a parameter takes its named example of the case, else its singular
//     `example`, else it is left out;
//   - each response example (named, or "" for a singular `example`) of a
//     status is the answer of the request case of the same name, except
//     the illustrative ones (see illustrativeResponses) and the server
//     states (see stateExamples).

// textOperations answer 200 with a body that is not JSON and so have no
// example of it: their request cases must be answered 200 with a media
// type the operation documents.
var textOperations = map[string]string{
	"boardPicture":   "an SVG picture",
	"boardPictureOf": "an SVG picture",
	"openapi":        "this document, as YAML",
	"docs":           "an HTML page",
	"docsPage":       "an HTML page",
	"docsAsset":      "a stylesheet, script or image",
	"problemIndex":   "an HTML page",
	"problemPage":    "an HTML page",
	"playground":     "an HTML page",
	"metrics":        "the Prometheus text format",
	"adjudicateBulk": "an NDJSON stream, one answer a game",
}

// illustrativeResponses are the shared responses whose examples no request
// can produce on demand: a full pool of heavy work, a computation out of
// time. Their examples are checked as problems (TestExampleProblems), not
// against an answer.
var illustrativeResponses = []string{
	"#/components/responses/Overloaded",
	"#/components/responses/Timeout",
}

// stateExamples are response examples answered in a state of the server
// rather than to a request: operationId and status, and how to get the
// server there. Their request is the operation's bare request.
var stateExamples = map[string]func(*Server){
	"readyz 503": (*Server).Drain,
}

// ProblemCodes returns every problem code the service produces, with its
// status, for the tests of the external package (spec_test.go).
func ProblemCodes() map[string]int {
	out := make(map[string]int, len(problemKinds))
	for code, k := range problemKinds {
		out[code] = k.status
	}
	return out
}

func exampleServer(t *testing.T) *Server {
	t.Helper()
	srv, err := New(DefaultConfig(), zap.NewNop(), nil, prometheus.NewRegistry())
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return srv
}

// servedDoc fetches and loads the document the server serves.
func servedDoc(t *testing.T, srv *Server) *openapi3.T {
	t.Helper()
	rec := httptest.NewRecorder()
	srv.Handler().ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/openapi.yaml", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /openapi.yaml = %d", rec.Code)
	}
	doc, err := openapi3.NewLoader().LoadFromData(rec.Body.Bytes())
	if err != nil {
		t.Fatalf("GET /openapi.yaml: LoadFromData: %v", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("GET /openapi.yaml: Validate: %v", err)
	}
	return doc
}

// docOperation is one operation of the document.
type docOperation struct {
	method, path string
	op           *openapi3.Operation
}

func (o docOperation) String() string { return o.op.OperationID + " (" + o.method + " " + o.path + ")" }

func docOperations(doc *openapi3.T) []docOperation {
	var ops []docOperation
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			ops = append(ops, docOperation{method, path, op})
		}
	}
	sort.Slice(ops, func(i, j int) bool { return ops[i].op.OperationID < ops[j].op.OperationID })
	return ops
}

// jsonRequestBody returns the JSON media type of an operation's request
// body, nil when it has none.
func jsonRequestBody(op *openapi3.Operation) *openapi3.MediaType {
	if op.RequestBody == nil || op.RequestBody.Value == nil {
		return nil
	}
	return op.RequestBody.Value.Content.Get("application/json")
}

// mediaExamples returns a media type's examples by name, "" for a
// singular example.
func mediaExamples(mt *openapi3.MediaType) map[string]any {
	out := map[string]any{}
	if mt == nil {
		return out
	}
	if mt.Example != nil {
		out[""] = mt.Example
	}
	for name, ex := range mt.Examples {
		if ex != nil && ex.Value != nil {
			out[name] = ex.Value.Value
		}
	}
	return out
}

// requestCases returns the names of an operation's request cases.
func requestCases(op *openapi3.Operation) []string {
	if mt := jsonRequestBody(op); mt != nil {
		return slices.Sorted(maps.Keys(mediaExamples(mt)))
	}
	names := map[string]bool{}
	for _, p := range op.Parameters {
		for name := range p.Value.Examples {
			names[name] = true
		}
	}
	if len(names) == 0 {
		return []string{""}
	}
	return slices.Sorted(maps.Keys(names))
}

// exampleRequest builds the request of case name of an operation.
func exampleRequest(o docOperation, name string) (*http.Request, error) {
	path := o.path
	query := url.Values{}
	header := http.Header{}
	for _, pr := range o.op.Parameters {
		p := pr.Value
		var v any
		if ex, ok := p.Examples[name]; ok && ex.Value != nil {
			v = ex.Value.Value
		} else if p.Example != nil {
			v = p.Example
		} else {
			if p.Required {
				return nil, fmt.Errorf("required parameter %s has no example for case %q", p.Name, name)
			}
			continue
		}
		s := fmt.Sprint(v)
		switch p.In {
		case openapi3.ParameterInPath:
			path = strings.ReplaceAll(path, "{"+p.Name+"}", url.PathEscape(s))
		case openapi3.ParameterInQuery:
			query.Set(p.Name, s)
		case openapi3.ParameterInHeader:
			header.Set(p.Name, s)
		default:
			return nil, fmt.Errorf("parameter %s in %s is not supported here", p.Name, p.In)
		}
	}
	if len(query) > 0 {
		path += "?" + query.Encode()
	}
	var req *http.Request
	if mt := jsonRequestBody(o.op); mt != nil {
		v, ok := mediaExamples(mt)[name]
		if !ok {
			return nil, fmt.Errorf("no request body example %q", name)
		}
		body, err := json.Marshal(v)
		if err != nil {
			return nil, err
		}
		req = httptest.NewRequest(o.method, path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
	} else {
		req = httptest.NewRequest(o.method, path, nil)
	}
	for k, vs := range header {
		req.Header[k] = vs
	}
	return req, nil
}

// responseExample is one example of a response of an operation.
type responseExample struct {
	status    int
	mediaType string
	name      string
	value     any
	// illustrative examples are of a shared response no request produces
	// on demand.
	illustrative bool
}

// id names the example in messages: operationId.name, or
// operationId.status for a server state.
func (e responseExample) id(o docOperation) string {
	if _, ok := stateExamples[o.op.OperationID+" "+strconv.Itoa(e.status)]; ok {
		return o.op.OperationID + "." + strconv.Itoa(e.status)
	}
	if e.name == "" {
		return o.op.OperationID
	}
	return o.op.OperationID + "." + e.name
}

func responseExamples(op *openapi3.Operation) []responseExample {
	var out []responseExample
	for code, ref := range op.Responses.Map() {
		status, err := strconv.Atoi(code)
		if err != nil || ref.Value == nil {
			continue // default has no example: its answers vary
		}
		for mtName, mt := range ref.Value.Content {
			for name, v := range mediaExamples(mt) {
				out = append(out, responseExample{status: status, mediaType: mtName, name: name, value: v,
					illustrative: slices.Contains(illustrativeResponses, ref.Ref)})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].status != out[j].status {
			return out[i].status < out[j].status
		}
		return out[i].name < out[j].name
	})
	return out
}

// sameJSON reports whether two JSON texts decode to the same value.
func sameJSON(a, b []byte) (bool, error) {
	var va, vb any
	if err := json.Unmarshal(a, &va); err != nil {
		return false, err
	}
	if err := json.Unmarshal(b, &vb); err != nil {
		return false, err
	}
	sameRun(va, vb)
	return reflect.DeepEqual(va, vb), nil
}

// sameRun makes the measured run of a perft's answer b (the contract's
// PerftRun) that of its example a when it could be: the same keys, each a
// number, and at most the example's workers (a server of fewer cores has
// fewer slots). Its times and rates vary from run to run; the rest of the
// answer is compared as it is.
func sameRun(a, b any) {
	am, _ := a.(map[string]any)
	bm, _ := b.(map[string]any)
	ar, _ := am["run"].(map[string]any)
	br, _ := bm["run"].(map[string]any)
	if ar == nil || br == nil || !slices.Equal(slices.Sorted(maps.Keys(ar)), slices.Sorted(maps.Keys(br))) {
		return
	}
	for _, v := range br {
		if _, ok := v.(float64); !ok {
			return
		}
	}
	aw, _ := ar["workers"].(float64)
	if w, _ := br["workers"].(float64); w < 1 || w > aw {
		return
	}
	bm["run"] = ar
}

func mediaTypeOf(ct string) string {
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return ct
	}
	return mt
}

// TestExamplesAnswered sends every request example of the served document
// to the live handlers and compares each answer with its response example.
// A failure prints the answer, compact, after "got:", to paste into the
// document once the change it shows is wanted.
func TestExamplesAnswered(t *testing.T) {
	srv := exampleServer(t)
	doc := servedDoc(t, srv)
	router, err := legacy.NewRouter(doc)
	if err != nil {
		t.Fatalf("legacy.NewRouter: %v", err)
	}
	for _, o := range docOperations(doc) {
		paired := map[string]responseExample{}
		for _, ex := range responseExamples(o.op) {
			if ex.illustrative {
				continue
			}
			if state, ok := stateExamples[o.op.OperationID+" "+strconv.Itoa(ex.status)]; ok {
				in := exampleServer(t)
				state(in)
				if err := exampleMismatchIn(in, router, o, ex, ""); err != nil {
					t.Error(err)
				}
				continue
			}
			if prev, dup := paired[ex.name]; dup {
				t.Errorf("%s: response examples %q of %d and %d have the same name; one request cannot answer both", o, ex.name, prev.status, ex.status)
				continue
			}
			paired[ex.name] = ex
		}
		cases := requestCases(o.op)
		for _, name := range cases {
			ex, ok := paired[name]
			var err error
			if ok {
				err = exampleMismatchIn(srv, router, o, ex, name)
			} else {
				err = textMismatch(srv, router, o, name)
			}
			if err != nil {
				t.Error(err)
			}
		}
		for name, ex := range paired {
			if !slices.Contains(cases, name) {
				t.Errorf("%s: response example %q (%d) has no request example of that name to answer it", o, name, ex.status)
			}
		}
	}
}

// exampleMismatch sends the request of case name to srv and says how the
// answer differs from ex; nil when it does not.
func exampleMismatch(srv *Server, o docOperation, ex responseExample, name string) error {
	return exampleMismatchIn(srv, nil, o, ex, name)
}

// exampleMismatchIn is exampleMismatch that also checks the answer's
// status and headers against the document when router is not nil.
func exampleMismatchIn(srv *Server, router routers.Router, o docOperation, ex responseExample, name string) error {
	id := ex.id(o)
	req, err := exampleRequest(o, name)
	if err != nil {
		return fmt.Errorf("example %s: %w", id, err)
	}
	rec := httptest.NewRecorder()
	srv.Handler().ServeHTTP(rec, req)
	if err := answerBreaksDocument(router, o, name, rec); err != nil {
		return fmt.Errorf("example %s: %w", id, err)
	}
	got := bytes.TrimSpace(rec.Body.Bytes())
	if rec.Code != ex.status || mediaTypeOf(rec.Header().Get("Content-Type")) != ex.mediaType {
		return fmt.Errorf("example %s: %s %s = %d %s; the example is %d %s\ngot: %s", id, req.Method, req.URL, rec.Code,
			rec.Header().Get("Content-Type"), ex.status, ex.mediaType, got)
	}
	want, err := json.Marshal(ex.value)
	if err != nil {
		return fmt.Errorf("example %s: %w", id, err)
	}
	same, err := sameJSON(want, got)
	if err != nil {
		return fmt.Errorf("example %s: %s %s: %w\ngot: %s", id, req.Method, req.URL, err, got)
	}
	if !same {
		var w, g any
		_ = json.Unmarshal(want, &w)
		_ = json.Unmarshal(got, &g)
		return fmt.Errorf("example %s: %s %s answers otherwise than the example, first at %s\nwant: %s\ngot: %s",
			id, req.Method, req.URL, firstDifference(w, g, "$"), want, got)
	}
	return nil
}

// answerBreaksDocument checks the status and headers of the answer to
// request case name against the operation (the body is compared with the
// example, or is text); nil when router is nil.
func answerBreaksDocument(router routers.Router, o docOperation, name string, rec *httptest.ResponseRecorder) error {
	if router == nil {
		return nil
	}
	req, err := exampleRequest(o, name) // the first one's body is read
	if err != nil {
		return err
	}
	route, params, err := router.FindRoute(req)
	if err != nil {
		return fmt.Errorf("%s %s: no operation: %w", req.Method, req.URL, err)
	}
	err = openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route},
		Status:                 rec.Code,
		Header:                 rec.Header(),
		Options:                &openapi3filter.Options{IncludeResponseStatus: true, ExcludeResponseBody: true},
	})
	if err != nil {
		return fmt.Errorf("%s %s = %d: the answer does not match its response in the document: %w", req.Method, req.URL, rec.Code, err)
	}
	return nil
}

// firstDifference returns the path of the first place where two decoded
// JSON values differ, "" when they do not.
func firstDifference(a, b any, path string) string {
	switch av := a.(type) {
	case map[string]any:
		bv, ok := b.(map[string]any)
		if !ok {
			return path
		}
		keys := slices.Sorted(maps.Keys(av))
		for k := range bv {
			if _, in := av[k]; !in {
				keys = append(keys, k)
			}
		}
		for _, k := range keys {
			if d := firstDifference(av[k], bv[k], path+"."+k); d != "" {
				return d
			}
		}
		return ""
	case []any:
		bv, ok := b.([]any)
		if !ok {
			return path
		}
		for i := range max(len(av), len(bv)) {
			if i >= len(av) || i >= len(bv) {
				return fmt.Sprintf("%s[%d]", path, i)
			}
			if d := firstDifference(av[i], bv[i], fmt.Sprintf("%s[%d]", path, i)); d != "" {
				return d
			}
		}
		return ""
	}
	if !reflect.DeepEqual(a, b) {
		return path
	}
	return ""
}

// textMismatch sends the request of case name of an operation that has no
// response example for it: the operation must be one of textOperations,
// answering 200 with a body of a media type its 200 response documents.
func textMismatch(srv *Server, router routers.Router, o docOperation, name string) error {
	if _, ok := textOperations[o.op.OperationID]; !ok {
		return fmt.Errorf("%s: request example %q has no response example of that name", o, name)
	}
	req, err := exampleRequest(o, name)
	if err != nil {
		return fmt.Errorf("%s: example %q: %w", o, name, err)
	}
	rec := httptest.NewRecorder()
	srv.Handler().ServeHTTP(rec, req)
	if err := answerBreaksDocument(router, o, name, rec); err != nil {
		return fmt.Errorf("%s: example %q: %w", o, name, err)
	}
	ok := o.op.Responses.Status(http.StatusOK)
	ct := mediaTypeOf(rec.Header().Get("Content-Type"))
	if rec.Code != http.StatusOK || ok == nil || ok.Value.Content[ct] == nil || rec.Body.Len() == 0 {
		return fmt.Errorf("%s: example %q: %s %s = %d %q, %d bytes; want 200 with a body of a documented media type",
			o, name, req.Method, req.URL, rec.Code, ct, rec.Body.Len())
	}
	return nil
}

// TestExamplesPresent: every operation with a body has a request example,
// every operation with a JSON 200 answer an example of it, and the
// operations exempt from the second are exactly those whose 200 answer is
// not JSON.
func TestExamplesPresent(t *testing.T) {
	doc := servedDoc(t, exampleServer(t))
	textOps := map[string]bool{}
	for _, o := range docOperations(doc) {
		if mt := jsonRequestBody(o.op); mt != nil && len(mediaExamples(mt)) == 0 {
			t.Errorf("%s has a request body without an example", o)
		}
		ok := o.op.Responses.Status(http.StatusOK)
		if ok == nil || ok.Value == nil {
			t.Errorf("%s has no 200 response", o)
			continue
		}
		mt := ok.Value.Content.Get("application/json")
		if mt == nil {
			textOps[o.op.OperationID] = true
			continue
		}
		if len(mediaExamples(mt)) == 0 {
			t.Errorf("%s has a JSON 200 answer without an example", o)
		}
	}
	want := map[string]bool{}
	for op := range textOperations {
		want[op] = true
	}
	if !reflect.DeepEqual(textOps, want) {
		t.Errorf("operations whose 200 answer is not JSON: %v; textOperations exempts %v", slices.Sorted(maps.Keys(textOps)), slices.Sorted(maps.Keys(want)))
	}
}

// TestExampleProblems: every problem example, the illustrative ones
// included, is a problem the service gives: a code of problemKinds with
// the status, title and type of that code, in a response of that status.
// The one exception is unknown-variant, 404 on GET /v1/variants/{id} where
// the path names the variant.
func TestExampleProblems(t *testing.T) {
	doc := servedDoc(t, exampleServer(t))
	seen := 0
	for _, o := range docOperations(doc) {
		for _, ex := range responseExamples(o.op) {
			if ex.mediaType != "application/problem+json" {
				continue
			}
			seen++
			id := ex.id(o)
			b, err := json.Marshal(ex.value)
			if err != nil {
				t.Errorf("example %s: %v", id, err)
				continue
			}
			var p Problem
			if err := json.Unmarshal(b, &p); err != nil {
				t.Errorf("example %s: not a problem: %v", id, err)
				continue
			}
			k, known := problemKinds[p.Code]
			if !known {
				t.Errorf("example %s: code %q is not a problem code of the service", id, p.Code)
				continue
			}
			status := k.status
			if p.Code == "unknown-variant" && o.op.OperationID == "getVariant" {
				status = http.StatusNotFound
			}
			if p.Status != status || ex.status != status {
				t.Errorf("example %s: code %s with status %d in a %d response; the code's status is %d", id, p.Code, p.Status, ex.status, status)
			}
			if p.Title != k.title || p.Type != "/problems/"+p.Code {
				t.Errorf("example %s: title %q, type %q; code %s has title %q, type /problems/%s", id, p.Title, p.Type, p.Code, k.title, p.Code)
			}
		}
	}
	if seen == 0 {
		t.Fatal("the document has no problem example")
	}
}

// TestExampleDriftDetected makes sure the comparison can fail: a response
// example of the document changed in one value, deep or at the top, or
// given a field more or one less, no longer matches the live answer, while
// the example as it is does.
func TestExampleDriftDetected(t *testing.T) {
	srv := exampleServer(t)
	doc := servedDoc(t, srv)
	var o docOperation
	var ex responseExample
	for _, op := range docOperations(doc) {
		if op.op.OperationID != "validateMove" {
			continue
		}
		for _, e := range responseExamples(op.op) {
			if e.status == http.StatusOK && e.name == "legal" {
				o, ex = op, e
			}
		}
	}
	if o.op == nil {
		t.Fatal("no example legal of validateMove's 200 answer")
	}
	if err := exampleMismatch(srv, o, ex, ex.name); err != nil {
		t.Fatalf("the example as it is: %v", err)
	}
	// drifts edits a copy of the example's value.
	drifts := map[string]func(map[string]any){
		"a deep value":   func(v map[string]any) { v["status"].(map[string]any)["legalMoveCount"] = 21.0 },
		"a top value":    func(v map[string]any) { v["fen"] = "8/8/8/8/8/8/8/8 w - - 0 1" },
		"a field more":   func(v map[string]any) { v["annotations"] = []any{} },
		"a field less":   func(v map[string]any) { delete(v, "move") },
		"an array entry": func(v map[string]any) { v["status"].(map[string]any)["checkers"] = []any{"e1"} },
	}
	for what, edit := range drifts {
		b, err := json.Marshal(ex.value)
		if err != nil {
			t.Fatal(err)
		}
		var v map[string]any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		edit(v)
		changed := ex
		changed.value = v
		if err := exampleMismatch(srv, o, changed, ex.name); err == nil {
			t.Errorf("the example with %s changed still matches the answer", what)
		}
	}
	changed := ex
	changed.status = http.StatusUnprocessableEntity
	if err := exampleMismatch(srv, o, changed, ex.name); err == nil {
		t.Error("the example under another status still matches the answer")
	}
}
