package handlers

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

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
	bulk := doc.Components.Schemas["AdjudicateRequest"]
	if bulk == nil || bulk.Value == nil {
		return nil, errors.New("api/openapi.yaml has no AdjudicateRequest schema")
	}
	return &spec{doc: doc, router: r, bulkSchema: bulk.Value}, nil
}

// validateRequest checks a request against its operation and turns the
// first violation into a problem naming the field.
func (sp *spec) validateRequest(req *http.Request, route *routers.Route, params map[string]string) error {
	in := &openapi3filter.RequestValidationInput{
		Request: req, PathParams: params, Route: route,
		Options: &openapi3filter.Options{SkipSettingDefaults: true},
	}
	err := openapi3filter.ValidateRequest(req.Context(), in)
	if err == nil {
		return nil
	}
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
