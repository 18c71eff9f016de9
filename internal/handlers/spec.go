package handlers

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	"github.com/adjudicator/adjudicator/api"
)

// spec is the parsed OpenAPI document and its router.
type spec struct {
	doc    *openapi3.T
	router routers.Router
	// bulkSchema is AdjudicateRequest, which each line of a bulk
	// adjudication must match.
	bulkSchema *openapi3.Schema
	// checks holds, by method and echo route ("POST /v1/legal-moves"),
	// what validate checks of the operation: found once per route, not
	// per request (checkFor).
	checks sync.Map
}

// check is what validate checks of one operation.
type check struct {
	route *routers.Route
	// params: the operation has parameters or security requirements,
	// which openapi3filter checks.
	params bool
	// takesBody: the operation has a request body, which must be JSON.
	takesBody bool
	// body is the schema of the body; nil when the document gives none.
	body *openapi3.Schema
	// query holds the operation's query parameters by name: the only
	// names a GET's query string may use (checkQuery).
	query map[string]*openapi3.Parameter
}

// checkFor returns the check of the operation that echo routed req to
// (route, its path pattern), or nil when the document has no such
// operation. The first request of each route finds the operation with
// kin-openapi's router; the router test keeps both routers in step, so
// every request that echo sends to one route matches the same operation.
//
// Only the methods HTTP defines are kept (methodLabel): echo names a
// route for any method on a known path (to answer 405), and a client must
// not grow the map with methods of its own.
//
// A HEAD is checked as the GET of the same path: the document lists the
// GET operations only, and a HEAD must answer what its GET answers, a 400
// included (server.go routes HEAD wherever it routes GET).
func (sp *spec) checkFor(req *http.Request, route string) *check {
	key := req.Method + " " + route
	keep := route != "" && methodLabel(req.Method) != "other"
	if keep {
		if ck, ok := sp.checks.Load(key); ok {
			return ck.(*check)
		}
	}
	r, _, err := sp.router.FindRoute(asGET(req))
	var ck *check
	if err == nil {
		op := r.Operation
		ck = &check{route: r, params: len(op.Parameters) > 0 || len(r.PathItem.Parameters) > 0 ||
			op.Security != nil && len(*op.Security) > 0 || op.Security == nil && len(sp.doc.Security) > 0,
			query: queryParameters(r.PathItem.Parameters, op.Parameters)}
		if rb := op.RequestBody; rb != nil {
			ck.takesBody = true
		}
		if rb := op.RequestBody; rb != nil && rb.Value != nil {
			if mt := rb.Value.Content.Get("application/json"); mt != nil && mt.Schema != nil {
				ck.body = mt.Schema.Value
			}
		}
	}
	if keep {
		sp.checks.Store(key, ck)
	}
	return ck
}

// asGET returns req, or for a HEAD a shallow copy of it as a GET: what
// the document's router and openapi3filter are given for a HEAD.
func asGET(req *http.Request) *http.Request {
	if req.Method != http.MethodHead {
		return req
	}
	get := req.WithContext(req.Context())
	get.Method = http.MethodGet
	return get
}

// queryParameters gathers the query parameters of an operation and of its
// path, by name.
func queryParameters(lists ...openapi3.Parameters) map[string]*openapi3.Parameter {
	out := map[string]*openapi3.Parameter{}
	for _, list := range lists {
		for _, ref := range list {
			if p := ref.Value; p != nil && p.In == openapi3.ParameterInQuery {
				out[p.Name] = p
			}
		}
	}
	return out
}

// checkQuery reads a GET's raw query string as strictly as validate reads
// a POST's body, since echo's and net/http's readers drop what they cannot
// read without a word: a pair with a malformed escape (%zz) or a
// semicolon is bad-request, as malformed JSON is; a name the operation
// does not list is schema-violation, as an unknown field of a body is; a
// name given twice is bad-request, as a key given twice in a body is,
// unless the parameter is an array (no parameter of the contract is one
// today). Each problem names the parameter, clipped as the log clips a
// client's text.
func (ck *check) checkQuery(raw string) error {
	seen := make(map[string]bool, len(ck.query))
	for raw != "" {
		var pair string
		pair, raw, _ = strings.Cut(raw, "&")
		if pair == "" {
			continue
		}
		rawName, rawValue, _ := strings.Cut(pair, "=")
		if strings.Contains(pair, ";") {
			name, _, _ := strings.Cut(rawName, ";")
			return problem(codeBadRequest, clip(name), "query pair %q holds a semicolon: separate parameters with & and escape a ; in a value as %%3B", clip(pair))
		}
		name, err := url.QueryUnescape(rawName)
		if err != nil {
			return problem(codeBadRequest, clip(rawName), "query parameter name %q: %v", clip(rawName), err)
		}
		if _, err := url.QueryUnescape(rawValue); err != nil {
			return problem(codeBadRequest, clip(name), "query parameter %s: %v", clip(name), err)
		}
		p, ok := ck.query[name]
		if !ok {
			return problem(codeSchemaViolation, clip(name), "unknown query parameter %q: %s", clip(name), ck.queryNames())
		}
		if seen[name] && !(p.Schema != nil && p.Schema.Value != nil && p.Schema.Value.Type.Is(openapi3.TypeArray)) {
			return problem(codeBadRequest, clip(name), "query parameter %s is given twice", clip(name))
		}
		seen[name] = true
	}
	return nil
}

// queryNames says which query parameters the operation takes.
func (ck *check) queryNames() string {
	if len(ck.query) == 0 {
		return "this operation takes none"
	}
	names := slices.Sorted(maps.Keys(ck.query))
	return "this operation takes " + strings.Join(names, ", ")
}

func loadSpec() (*spec, error) {
	loader := openapi3.NewLoader()
	doc, err := loader.LoadFromData(api.Spec)
	if err != nil {
		return nil, fmt.Errorf("load api/openapi.yaml: %w", err)
	}
	if err := doc.Validate(context.Background()); err != nil {
		return nil, fmt.Errorf("validate api/openapi.yaml: %w", err)
	}
	r, err := legacy.NewRouter(doc)
	if err != nil {
		return nil, fmt.Errorf("route api/openapi.yaml: %w", err)
	}
	// After the router's validation: a list of types is not OpenAPI 3.0.
	mergeTypeAlternatives(doc) // oneof.go
	bulk := doc.Components.Schemas["AdjudicateRequest"]
	if bulk == nil || bulk.Value == nil {
		return nil, errors.New("api/openapi.yaml has no AdjudicateRequest schema")
	}
	return &spec{doc: doc, router: r, bulkSchema: bulk.Value}, nil
}

// validateRequest checks a request against its operation and turns the
// first violation into a problem naming the field: the body's value (doc,
// which validate decoded in its one pass over the body) against the
// operation's schema, with openapi3filter's options for a request, and
// the parameters, when the operation has any, with openapi3filter.
func (sp *spec) validateRequest(req *http.Request, ck *check, params map[string]string, doc any) error {
	if ck.params {
		in := &openapi3filter.RequestValidationInput{
			Request: asGET(req), PathParams: params, Route: ck.route,
			Options: &openapi3filter.Options{SkipSettingDefaults: true, ExcludeRequestBody: true},
		}
		if err := openapi3filter.ValidateRequest(req.Context(), in); err != nil {
			return requestProblem(err)
		}
	}
	if ck.body == nil {
		return nil
	}
	if err := ck.body.VisitJSON(doc, openapi3.VisitAsRequest()); err != nil {
		return requestProblem(err)
	}
	return nil
}

// requestProblem turns a validation error into a problem naming the field.
func requestProblem(err error) error {
	var se *openapi3.SchemaError
	if errors.As(err, &se) {
		p := schemaProblem(se)
		var re *openapi3filter.RequestError
		if errors.As(err, &re) && re.Parameter != nil {
			p.Field = re.Parameter.Name
		}
		return p
	}
	var re *openapi3filter.RequestError
	if errors.As(err, &re) {
		field := ""
		if re.Parameter != nil {
			field = re.Parameter.Name
		}
		return problem(codeSchemaViolation, field, "%s", re.Reason)
	}
	return problem(codeSchemaViolation, "", "%v", err)
}

// schemaProblem is the schema-violation problem of a schema error, naming
// the field at fault.
func schemaProblem(se *openapi3.SchemaError) *Problem {
	field := pointerPath(se.JSONPointer())
	if name, ok := unknownProperty(se); ok {
		field = joinPath(field, name)
	}
	return problem(codeSchemaViolation, field, "%s", schemaReason(se))
}

// schemaReason words a schema error without kin-openapi's dump of the schema.
func schemaReason(se *openapi3.SchemaError) string {
	if r, ok := typeReason(se); ok {
		return r // moves, an array or a string (oneof.go)
	}
	r := se.Reason
	if r == "" {
		r = "does not match the schema"
	}
	return r
}

// unknownProperty returns the name of the property a schema error rejects
// as not allowed by additionalProperties: false. kin-openapi names it only
// in the reason text, property "name" is unsupported.
func unknownProperty(se *openapi3.SchemaError) (string, bool) {
	const pre, post = "property ", " is unsupported"
	r := se.Reason
	if se.SchemaField != "properties" || !strings.HasPrefix(r, pre) || !strings.HasSuffix(r, post) {
		return "", false
	}
	name, err := strconv.Unquote(r[len(pre) : len(r)-len(post)])
	return name, err == nil
}

func joinPath(path, name string) string {
	if path == "" {
		return name
	}
	return path + "." + name
}

// pointerPath turns a JSON pointer (definition, pieces, 2, betza) into the
// field path used everywhere else: definition.pieces[2].betza.
func pointerPath(ptr []string) string {
	var sb strings.Builder
	for _, p := range ptr {
		if _, err := strconv.Atoi(p); err == nil {
			sb.WriteString("[" + p + "]")
			continue
		}
		if sb.Len() > 0 {
			sb.WriteByte('.')
		}
		sb.WriteString(p)
	}
	return sb.String()
}
