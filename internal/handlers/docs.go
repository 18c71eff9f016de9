package handlers

import (
	"bytes"
	"html/template"
	"net/http"
	"sort"

	"github.com/labstack/echo/v4"

	"github.com/adjudicator/adjudicator/api"
)

// docsRoutes routes the documentation pages through get, which adds
// HEAD and the caching headers of static pages.
func (s *Server) docsRoutes(get func(path string, h echo.HandlerFunc)) {
	get("/docs", s.docs)
}

func (s *Server) openAPI(c echo.Context) error {
	return c.Blob(http.StatusOK, "application/yaml", api.Spec)
}

// docsPage renders the OpenAPI document as one self-contained HTML page: no
// script or style is fetched from elsewhere.
var docsPage = template.Must(template.New("docs").Parse(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{.Title}} API</title>
<style>
body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.45;color:#222}
code,pre{font-family:ui-monospace,monospace;background:#f4f4f4;border-radius:3px}
pre{padding:.6rem;overflow-x:auto;white-space:pre-wrap}
.op{border-top:1px solid #ddd;padding:.6rem 0}
.m{display:inline-block;min-width:3.5rem;font-weight:bold}
.GET{color:#06c}.POST{color:#080}
</style></head><body>
<h1>{{.Title}} <small>{{.Version}}</small></h1>
<pre>{{.Description}}</pre>
<p>The full contract: <a href="/openapi.yaml">/openapi.yaml</a> (OpenAPI 3.0.3).</p>
<h2>Endpoints</h2>
{{range .Ops}}<div class="op"><span class="m {{.Method}}">{{.Method}}</span> <code>{{.Path}}</code> {{.Summary}}
{{if .Description}}<pre>{{.Description}}</pre>{{end}}
{{if .Request}}<div>Request body: <code>{{.Request}}</code></div>{{end}}
{{if .Response}}<div>Response: <code>{{.Response}}</code></div>{{end}}</div>
{{end}}
<h2>Schemas</h2>
{{range .Schemas}}<h3 id="{{.Name}}">{{.Name}}</h3>{{if .Description}}<p>{{.Description}}</p>{{end}}
<ul>{{range .Fields}}<li><code>{{.Name}}</code> <em>{{.Type}}</em>{{if .Required}} (required){{end}} {{.Description}}</li>{{end}}</ul>
{{end}}
</body></html>`))

type docsOp struct{ Method, Path, Summary, Description, Request, Response string }
type docsField struct {
	Name, Type, Description string
	Required                bool
}
type docsSchema struct {
	Name, Description string
	Fields            []docsField
}

func (s *Server) docs(c echo.Context) error {
	doc := s.spec.doc
	data := struct {
		Title, Version, Description string
		Ops                         []docsOp
		Schemas                     []docsSchema
	}{Title: doc.Info.Title, Version: doc.Info.Version, Description: doc.Info.Description}
	for _, path := range doc.Paths.InMatchingOrder() {
		item := doc.Paths.Value(path)
		for method, op := range item.Operations() {
			o := docsOp{Method: method, Path: path, Summary: op.Summary, Description: op.Description}
			if op.RequestBody != nil && op.RequestBody.Value != nil {
				if mt := op.RequestBody.Value.Content.Get("application/json"); mt != nil && mt.Schema != nil {
					o.Request = refName(mt.Schema.Ref)
				}
			}
			if r := op.Responses.Status(http.StatusOK); r != nil && r.Value != nil {
				if mt := r.Value.Content.Get("application/json"); mt != nil && mt.Schema != nil {
					o.Response = refName(mt.Schema.Ref)
				}
			}
			data.Ops = append(data.Ops, o)
		}
	}
	sort.Slice(data.Ops, func(i, j int) bool {
		if data.Ops[i].Path != data.Ops[j].Path {
			return data.Ops[i].Path < data.Ops[j].Path
		}
		return data.Ops[i].Method < data.Ops[j].Method
	})
	for name, ref := range doc.Components.Schemas {
		sc := docsSchema{Name: name, Description: ref.Value.Description}
		for fname, f := range ref.Value.Properties {
			typ := refName(f.Ref)
			if typ == "" && f.Value != nil && f.Value.Type != nil && len(*f.Value.Type) > 0 {
				typ = (*f.Value.Type)[0]
			}
			desc := ""
			if f.Value != nil {
				desc = f.Value.Description
			}
			sc.Fields = append(sc.Fields, docsField{Name: fname, Type: typ, Description: desc,
				Required: contains(ref.Value.Required, fname)})
		}
		sort.Slice(sc.Fields, func(i, j int) bool { return sc.Fields[i].Name < sc.Fields[j].Name })
		data.Schemas = append(data.Schemas, sc)
	}
	sort.Slice(data.Schemas, func(i, j int) bool { return data.Schemas[i].Name < data.Schemas[j].Name })
	var buf bytes.Buffer
	if err := docsPage.Execute(&buf, data); err != nil {
		return err
	}
	return c.HTMLBlob(http.StatusOK, buf.Bytes())
}

func refName(ref string) string {
	for i := len(ref) - 1; i >= 0; i-- {
		if ref[i] == '/' {
			return ref[i+1:]
		}
	}
	return ref
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
