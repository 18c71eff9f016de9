package handlers_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"
	"github.com/labstack/echo/v4"

	"github.com/adjudicator/adjudicator/internal/handlers"
	"github.com/adjudicator/adjudicator/internal/rules"
)

// servedSpec fetches the document the server serves and loads it.
func servedSpec(t *testing.T) *openapi3.T {
	t.Helper()
	rec := serve(newServer(t).Handler(), httptest.NewRequest(http.MethodGet, "/openapi.yaml", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /openapi.yaml = %d %s; want 200", rec.Code, bytes.TrimSpace(rec.Body.Bytes()))
	}
	doc, err := openapi3.NewLoader().LoadFromData(rec.Body.Bytes())
	if err != nil {
		t.Fatalf("GET /openapi.yaml: LoadFromData: %v", err)
	}
	return doc
}

func TestSpecValidates(t *testing.T) {
	doc := servedSpec(t)
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("GET /openapi.yaml: Validate: %v", err)
	}
	if doc.OpenAPI != "3.0.3" {
		t.Errorf("GET /openapi.yaml: openapi = %q; want 3.0.3", doc.OpenAPI)
	}
}

var echoParam = regexp.MustCompile(`:([A-Za-z0-9_]+)`)

// TestSpecRoutes checks that echo routes exactly the operations of the
// document: no route the document lacks, no operation without a route.
func TestSpecRoutes(t *testing.T) {
	doc := servedSpec(t)
	e, ok := newServer(t).Handler().(*echo.Echo)
	if !ok {
		t.Fatalf("Handler() is %T; want *echo.Echo", newServer(t).Handler())
	}
	routed := map[string]bool{}
	for _, r := range e.Routes() {
		routed[r.Method+" "+echoParam.ReplaceAllString(r.Path, "{$1}")] = true
	}
	documented := map[string]bool{}
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			documented[method+" "+path] = true
		}
	}
	// HEAD is routed beside every GET and documented once, in the
	// document's description, not as operations of their own.
	for _, op := range sortedKeys(routed) {
		if path, ok := strings.CutPrefix(op, http.MethodHead+" "); ok {
			if !documented[http.MethodGet+" "+path] {
				t.Errorf("echo routes %s without a documented GET %s", op, path)
			}
			continue
		}
		if !documented[op] {
			t.Errorf("echo routes %s; api/openapi.yaml does not document it", op)
		}
	}
	for _, op := range sortedKeys(documented) {
		if !routed[op] {
			t.Errorf("api/openapi.yaml documents %s; echo does not route it", op)
		}
		if path, ok := strings.CutPrefix(op, http.MethodGet+" "); ok && !routed[http.MethodHead+" "+path] {
			t.Errorf("echo does not route HEAD %s beside its GET", path)
		}
	}
	if len(documented) != 22 {
		t.Errorf("api/openapi.yaml has %d operations; want 22", len(documented))
	}
}

func sortedKeys(m map[string]bool) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// specRouter builds a kin-openapi router from the served document, with
// every object schema of a response closed (additionalProperties: false)
// so that a field the document does not declare fails the check.
func specRouter(t *testing.T) routers.Router {
	t.Helper()
	doc := servedSpec(t)
	if err := doc.Validate(context.Background()); err != nil {
		t.Fatalf("GET /openapi.yaml: Validate: %v", err)
	}
	seen := map[*openapi3.Schema]bool{}
	for _, item := range doc.Paths.Map() {
		for _, op := range item.Operations() {
			for _, resp := range op.Responses.Map() {
				for _, mt := range resp.Value.Content {
					if mt.Schema != nil {
						closeSchema(mt.Schema.Value, seen)
					}
				}
			}
		}
	}
	r, err := legacy.NewRouter(doc)
	if err != nil {
		t.Fatalf("legacy.NewRouter: %v", err)
	}
	return r
}

// checkResponse validates one response against the operation of its
// request: status, headers and body (problem responses against the default
// response).
func checkResponse(t *testing.T, router routers.Router, what string, req *http.Request, rec *httptest.ResponseRecorder) {
	t.Helper()
	if err := responseError(router, req, rec); err != nil {
		t.Errorf("%s = %d %s\ndoes not match api/openapi.yaml: %v", what, rec.Code, truncate(rec.Body.String(), 600), err)
	}
}

func responseError(router routers.Router, req *http.Request, rec *httptest.ResponseRecorder) error {
	route, params, err := router.FindRoute(req)
	if err != nil {
		return fmt.Errorf("no operation: %w", err)
	}
	opts := &openapi3filter.Options{IncludeResponseStatus: true, MultiError: true}
	ct := rec.Header().Get("Content-Type")
	if mt, _, _ := strings.Cut(ct, ";"); openapi3filter.RegisteredBodyDecoder(mt) == nil {
		// kin-openapi cannot read this body (text/html): check the media
		// type here and the status and headers there.
		opts.ExcludeResponseBody = true
		resp := route.Operation.Responses.Status(rec.Code)
		if resp == nil || resp.Value == nil || resp.Value.Content.Get(ct) == nil || rec.Body.Len() == 0 {
			return fmt.Errorf("no %d response with Content-Type %q", rec.Code, ct)
		}
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{
			Request: req, PathParams: params, Route: route,
		},
		Status:  rec.Code,
		Header:  rec.Header(),
		Body:    io.NopCloser(bytes.NewReader(rec.Body.Bytes())),
		Options: opts,
	}
	return openapi3filter.ValidateResponse(context.Background(), in)
}

// closeSchema sets additionalProperties: false on s and every object schema
// below it that has properties and says nothing of additional ones.
func closeSchema(s *openapi3.Schema, seen map[*openapi3.Schema]bool) {
	if s == nil || seen[s] {
		return
	}
	seen[s] = true
	if len(s.Properties) > 0 && s.AdditionalProperties.Has == nil && s.AdditionalProperties.Schema == nil {
		no := false
		s.AdditionalProperties.Has = &no
	}
	for _, p := range s.Properties {
		closeSchema(p.Value, seen)
	}
	if s.Items != nil {
		closeSchema(s.Items.Value, seen)
	}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// TestResponsesMatchSpec validates every golden response against the
// document. Requests to a path or method the document lacks (404, 405
// from the router) have no operation to check against; they must be
// exactly those cases.
func TestResponsesMatchSpec(t *testing.T) {
	router := specRouter(t)
	cases := goldenCases()
	got := runCases(t, cases)
	for _, tt := range cases {
		req := tt.request()
		if _, _, err := router.FindRoute(req); err != nil {
			if tt.status != http.StatusNotFound && tt.status != http.StatusMethodNotAllowed {
				t.Errorf("%s: no operation in api/openapi.yaml (%v)", tt, err)
			}
			continue
		}
		checkResponse(t, router, tt.String(), req, got[tt.name])
	}
}

// TestOperationsResponsesMatchSpec validates the answers that have no
// golden file: the document itself, the docs page and the metrics.
func TestOperationsResponsesMatchSpec(t *testing.T) {
	router := specRouter(t)
	srv := newServer(t)
	for _, path := range []string{"/openapi.yaml", "/docs", "/metrics"} {
		req := httptest.NewRequest(http.MethodGet, path, nil)
		rec := serve(srv.Handler(), req)
		checkResponse(t, router, "GET "+path, httptest.NewRequest(http.MethodGet, path, nil), rec)
	}
}

// TestSpecProblemCodes checks that the enum of Problem.code is exactly the
// codes the service produces (handlers.ProblemCodes, its one table of
// codes), and that every problem code the golden cases produce is in it.
func TestSpecProblemCodes(t *testing.T) {
	doc := servedSpec(t)
	listed := map[string]bool{}
	for _, v := range doc.Components.Schemas["Problem"].Value.Properties["code"].Value.Enum {
		s, _ := v.(string)
		listed[s] = true
	}
	produced := map[string]bool{}
	for code := range handlers.ProblemCodes() {
		produced[code] = true
	}
	for _, code := range sortedKeys(produced) {
		if !listed[code] {
			t.Errorf("the service produces problem code %q; the enum of Problem.code in api/openapi.yaml lacks it", code)
		}
	}
	for _, code := range sortedKeys(listed) {
		if !produced[code] {
			t.Errorf("the enum of Problem.code in api/openapi.yaml lists %q; the service has no such code", code)
		}
	}
	if !produced["overloaded"] || !produced["unknown-variant"] {
		t.Errorf("handlers.ProblemCodes() = %v; want it to hold overloaded and unknown-variant", sortedKeys(produced))
	}
	got := runCases(t, goldenCases())
	for name, rec := range got {
		if rec.Header().Get("Content-Type") != "application/problem+json" {
			continue
		}
		p := checkProblem(t, name, rec)
		if !listed[p.Code] {
			t.Errorf("%s: problem code %q is not in the enum of Problem.code of api/openapi.yaml", name, p.Code)
		}
	}
}

// TestSpecGeneratorNames checks that no schema is named as a type that
// client generators make for an operation (oapi-codegen makes
// <OperationId>Response, <OperationId>Params, <OperationId>JSONBody and
// <OperationId>JSONRequestBody), so that a generated client compiles.
func TestSpecGeneratorNames(t *testing.T) {
	doc := servedSpec(t)
	reserved := map[string]string{}
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			if op.OperationID == "" {
				t.Errorf("%s %s has no operationId", method, path)
				continue
			}
			base := strings.ToUpper(op.OperationID[:1]) + op.OperationID[1:]
			for _, suffix := range []string{"Response", "Params", "JSONBody", "JSONRequestBody"} {
				reserved[base+suffix] = op.OperationID
			}
		}
	}
	for name := range doc.Components.Schemas {
		if op, ok := reserved[name]; ok {
			t.Errorf("schema %s has the name a generator gives a type of operation %s; rename it", name, op)
		}
	}
	for name := range doc.Components.Responses {
		if op, ok := reserved[name]; ok {
			t.Errorf("response %s has the name a generator gives a type of operation %s; rename it", name, op)
		}
	}
}

// TestSpecDescriptions checks that a client developer finds a word on
// everything: every operation has a summary and a description, every
// parameter and every schema a description, and every property a
// description of its own or a reference to a described schema.
func TestSpecDescriptions(t *testing.T) {
	doc := servedSpec(t)
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			if op.Summary == "" || op.Description == "" {
				t.Errorf("%s %s (%s): summary %q, description %q; want both", method, path, op.OperationID, op.Summary, op.Description)
			}
			for _, p := range op.Parameters {
				if p.Value.Description == "" {
					t.Errorf("%s %s: parameter %s has no description", method, path, p.Value.Name)
				}
			}
		}
	}
	for name, ref := range doc.Components.Schemas {
		s := ref.Value
		if s.Description == "" {
			t.Errorf("schema %s has no description", name)
		}
		for prop, p := range s.Properties {
			if p.Ref == "" && p.Value.Description == "" {
				t.Errorf("schema %s: property %s has no description", name, prop)
			}
		}
	}
}

// TestResponseCheckRejects makes sure the response check can fail: answers
// that break the document in each way it checks.
func TestResponseCheckRejects(t *testing.T) {
	router := specRouter(t)
	tests := []struct {
		name, method, path string
		status             int
		ctype, body        string
	}{
		{"missing required field", http.MethodPost, "/v1/status", 200, "application/json", `{"variant":"chess","fen":"x"}`},
		{"undeclared field", http.MethodGet, "/livez", 200, "application/json", `{"status":"ok","extra":1}`},
		{"wrong enum", http.MethodGet, "/livez", 200, "application/json", `{"status":"fine"}`},
		{"undeclared status", http.MethodGet, "/livez", 201, "application/json", `{"status":"ok"}`},
		{"problem as plain JSON", http.MethodPost, "/v1/status", 400, "application/json", `{"type":"/problems/x","title":"x","status":400,"code":"x"}`},
		{"problem without code", http.MethodPost, "/v1/status", 400, "application/problem+json", `{"type":"/problems/x","title":"x","status":400}`},
		{"html for JSON", http.MethodGet, "/docs", 200, "application/json", `{}`},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		rec.Header().Set("Content-Type", tt.ctype)
		rec.WriteHeader(tt.status)
		rec.WriteString(tt.body)
		var body io.Reader
		if tt.method == http.MethodPost {
			body = strings.NewReader(`{"variant":"chess"}`)
		}
		req := httptest.NewRequest(tt.method, tt.path, body)
		if err := responseError(router, req, rec); err == nil {
			t.Errorf("%s: %s %s = %d %s passed the response check; want an error", tt.name, tt.method, tt.path, tt.status, tt.body)
		}
	}
}

// TestSpecBehaviours: the document's enum of PieceDef.behaviour is the
// engine's list of behaviours, so that an inline definition may use every
// one and a built-in variant's definition (GET /v1/variants/{id}) matches
// the document.
func TestSpecBehaviours(t *testing.T) {
	doc := servedSpec(t)
	var listed []string
	for _, v := range doc.Components.Schemas["PieceDef"].Value.Properties["behaviour"].Value.Enum {
		s, _ := v.(string)
		listed = append(listed, s)
	}
	want := slices.Sorted(slices.Values(rules.Behaviours))
	if got := slices.Sorted(slices.Values(listed)); !slices.Equal(got, want) {
		t.Errorf("api/openapi.yaml: PieceDef.behaviour enum = %q; the engine's rules.Behaviours = %q", got, want)
	}
}
