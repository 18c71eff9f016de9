// Package docsite serves the documentation of the service: the interactive
// API reference at /docs (Swagger UI on the service's own /openapi.yaml,
// with "Try it out" against the serving instance), the files it needs at
// /docs/ui/{file}, and the Markdown documents of docs/ rendered to HTML at
// /docs/{page}. Everything is embedded in the binary and comes from the
// serving origin: no page loads anything from elsewhere, and every page
// carries a Content-Security-Policy that says so.
package docsite

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"net/http"
	"sync"

	"github.com/labstack/echo/v4"

	"github.com/adjudicator/adjudicator/docs"
)

// PathPrefix is where the documentation pages are served: /docs is the API
// reference, /docs/{page} a Markdown document.
const PathPrefix = "/docs/"

// Page is a Markdown document served at PathPrefix + Name.
type Page struct {
	Name  string // the last segment of its path: variants
	File  string // its file in the docs directory: VARIANTS.md
	Label string // its name in the navigation
}

// pages are the served documents, in the order of the navigation.
var pages = []Page{
	{Name: "variants", File: "VARIANTS.md", Label: "Variant definitions"},
	{Name: "betza", File: "BETZA.md", Label: "Movement language"},
	{Name: "rules", File: "RULES.md", Label: "Rules"},
	{Name: "limits", File: "LIMITS.md", Label: "Limits"},
}

// Pages returns the served Markdown documents.
func Pages() []Page { return append([]Page(nil), pages...) }

// Register routes the documentation through get, which registers a GET
// route (and its HEAD).
func Register(get func(path string, h echo.HandlerFunc)) {
	get("/docs", reference)
	get(PathPrefix+"ui/:file", uiFile)
	get(PathPrefix+":page", document)
}

// The Content-Security-Policies of the pages. The reference needs scripts
// and style sheets of this origin, data: images (Swagger UI's icons), blob:
// images (an image answered to "Try it out", such as /v1/board.svg) and
// requests to this origin (the contract and the calls tried). A document
// needs only its style sheet and icons.
const (
	referenceCSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; " +
		"connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
	documentCSP = "default-src 'none'; style-src 'self'; img-src 'self'; " +
		"base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)

//go:embed ui/page.html
var pageHTML string

var pageTemplate = template.Must(template.New("page").Parse(pageHTML))

type navItem struct {
	Href, Label string
	Current     bool
}

type pageData struct {
	Title     string
	Nav       []navItem
	Styles    []string
	Scripts   []string
	Reference bool
	Body      template.HTML
}

// nav is the navigation of every page, current being the path of the page
// that shows it.
func nav(current string) []navItem {
	items := []navItem{{Href: "/docs", Label: "API reference"}}
	for _, p := range pages {
		items = append(items, navItem{Href: PathPrefix + p.Name, Label: p.Label})
	}
	items = append(items,
		navItem{Href: "/problems", Label: "Problems"},
		navItem{Href: "/openapi.yaml", Label: "OpenAPI document"},
		navItem{Href: "/", Label: "Playground"},
	)
	for i := range items {
		items[i].Current = items[i].Href == current
	}
	return items
}

// site is every page as served.
type site struct {
	reference []byte
	documents map[string][]byte // by page name
}

// built renders the pages once, on first use: the same bytes for every
// request of the same build.
var built = sync.OnceValues(func() (*site, error) {
	files := map[string]string{}
	for _, p := range pages {
		files[p.File] = p.Name
	}
	s := &site{documents: map[string][]byte{}}
	var err error
	s.reference, err = execute(pageData{
		Title: "API reference", Nav: nav("/docs"), Reference: true,
		Styles:  []string{PathPrefix + "ui/swagger-ui.css", PathPrefix + "ui/docs.css"},
		Scripts: []string{PathPrefix + "ui/swagger-ui-bundle.js", PathPrefix + "ui/reference.js"},
	})
	if err != nil {
		return nil, err
	}
	for _, p := range pages {
		src, err := docs.FS.ReadFile(p.File)
		if err != nil {
			return nil, fmt.Errorf("docsite: %w", err)
		}
		r := render(src, files)
		title := r.title
		if title == "" {
			title = p.Label
		}
		s.documents[p.Name], err = execute(pageData{
			Title: title, Nav: nav(PathPrefix + p.Name),
			Styles: []string{PathPrefix + "ui/docs.css"},
			// The HTML is goldmark's rendering of our own document, with
			// raw HTML left out: it is trusted as it is.
			Body: template.HTML(r.body),
		})
		if err != nil {
			return nil, err
		}
	}
	return s, nil
})

func execute(d pageData) ([]byte, error) {
	var buf bytes.Buffer
	if err := pageTemplate.Execute(&buf, d); err != nil {
		return nil, fmt.Errorf("docsite: page %q: %w", d.Title, err)
	}
	return buf.Bytes(), nil
}

// htmlHeaders sets the headers of an HTML page with the policy csp.
func htmlHeaders(c echo.Context, csp string) {
	h := c.Response().Header()
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
}

// reference answers GET /docs with the API reference.
func reference(c echo.Context) error {
	s, err := built()
	if err != nil {
		return err
	}
	htmlHeaders(c, referenceCSP)
	return c.HTMLBlob(http.StatusOK, s.reference)
}

// document answers GET /docs/{page} with a Markdown document as HTML, and
// 404 for a page that does not exist.
func document(c echo.Context) error {
	s, err := built()
	if err != nil {
		return err
	}
	b, ok := s.documents[c.Param("page")]
	if !ok {
		return echo.ErrNotFound
	}
	htmlHeaders(c, documentCSP)
	return c.HTMLBlob(http.StatusOK, b)
}
