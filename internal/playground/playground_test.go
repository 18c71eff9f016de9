package playground_test

import (
	"bytes"
	"context"
	"encoding/xml"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers/legacy"
	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/adjudicator/adjudicator/api"
	"github.com/adjudicator/adjudicator/internal/handlers"
	"github.com/adjudicator/adjudicator/internal/playground"
)

// maxPageBytes bounds the first load: the page with its style and script.
const maxPageBytes = 100 << 10

func getPage(t *testing.T, h http.Handler, target string) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, target, nil))
	return rec
}

// TestPage: GET / is a small HTML page, self-contained under its
// Content-Security-Policy, that names every control.
func TestPage(t *testing.T) {
	e := echo.New()
	e.GET(playground.Path, playground.Handler)
	rec := getPage(t, e, "/")
	if rec.Code != http.StatusOK {
		t.Fatalf("GET / = %d; want 200", rec.Code)
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/html") {
		t.Errorf("GET /: Content-Type %q; want text/html", ct)
	}
	body := rec.Body.Bytes()
	if len(body) >= maxPageBytes {
		t.Errorf("GET /: %d bytes; want under %d", len(body), maxPageBytes)
	}
	if !bytes.Equal(body, playground.Page()) {
		t.Error("GET / does not serve Page()")
	}
	csp := rec.Header().Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'none'", "script-src 'sha256-", "style-src 'sha256-", "connect-src 'self'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("GET /: Content-Security-Policy %q lacks %q", csp, want)
		}
	}
	page := string(body)
	// Nothing is fetched from elsewhere: no external script, style or font.
	for _, bad := range []string{"http://", "https://", "<script src", "<link rel=\"stylesheet\"", "@import", "@font-face"} {
		if strings.Contains(page, bad) {
			t.Errorf("GET /: the page contains %q", bad)
		}
	}
	if strings.Contains(page, "/*STYLE*/") || strings.Contains(page, "/*SCRIPT*/") {
		t.Error("GET /: the style or the script is not inlined")
	}

	ctl := controls(t, page)
	for _, id := range []string{"variant", "source-builtin", "source-inline", "definition", "start-default", "start-fen", "fen",
		"start-setup", "setup-mode", "setup-count", "setup-pieces", "setup-promotion", "setup-seed", "setup-duplicates",
		"setup-mirror", "setup-number", "start", "undo", "flip", "copy-fen", "copy-moves", "copy-link", "use-picture", "choice-cancel",
		"view-start", "view-prev", "view-next", "view-end", "claim-by", "claim-draw", "claim-agreement", "claim-resign", "claim-flag",
		"claim-abort"} {
		c, ok := ctl[id]
		if !ok {
			t.Errorf("GET /: no control with id %q", id)
			continue
		}
		if c.name == "" {
			t.Errorf("GET /: control %q (%s) has no label", id, c.tag)
		}
	}
	for id, c := range ctl {
		if c.name == "" {
			t.Errorf("GET /: control %q (%s) has no label", id, c.tag)
		}
	}
	for _, id := range []string{`id="board"`, `id="status"`, `id="moves"`, `id="choice"`, `id="game-link"`, `id="error"`,
		`id="files"`, `id="ranks"`, `id="move-fen"`, `id="claim-result"`,
		`href="/docs"`, `href="/v1/variants"`, `role="status"`, `role="alert"`} {
		if !strings.Contains(page, id) {
			t.Errorf("GET /: the page lacks %s", id)
		}
	}
	// The script asks the API, never decides: it calls these endpoints.
	for _, call := range []string{"/v1/variants", "/v1/legal-moves", "/v1/validate-move", "/v1/games/adjudicate", "/v1/setups", "/v1/board.svg"} {
		if !strings.Contains(page, "'"+call) {
			t.Errorf("GET /: the script does not call %s", call)
		}
	}
}

// control is a form control of the page and its accessible name.
type control struct{ tag, name string }

var (
	scriptRe = regexp.MustCompile(`(?s)<script>.*?</script>`)
	styleRe  = regexp.MustCompile(`(?s)<style>.*?</style>`)
)

// controls reads the page's inputs, selects, textareas and buttons by id,
// each with its name: aria-label, a <label for>, or a button's text.
func controls(t *testing.T, page string) map[string]control {
	t.Helper()
	page = scriptRe.ReplaceAllString(page, "")
	page = styleRe.ReplaceAllString(page, "")
	dec := xml.NewDecoder(strings.NewReader(page))
	dec.Strict = false
	dec.AutoClose = xml.HTMLAutoClose
	dec.Entity = xml.HTMLEntity
	out := map[string]control{}
	labels := map[string]string{} // for -> text
	var open []string             // ids of the open buttons and labels
	text := map[string]*strings.Builder{}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("GET /: the page does not parse: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			attr := map[string]string{}
			for _, a := range tok.Attr {
				attr[a.Name.Local] = a.Value
			}
			switch tag := tok.Name.Local; tag {
			case "input", "select", "textarea", "button":
				id := attr["id"]
				if id == "" {
					t.Errorf("GET /: a %s without an id", tag)
					continue
				}
				out[id] = control{tag: tag, name: attr["aria-label"]}
				if tag == "button" || tag == "select" || tag == "textarea" {
					open = append(open, "c:"+id)
					text["c:"+id] = &strings.Builder{}
				}
			case "label":
				key := "l:" + attr["for"]
				open = append(open, key)
				text[key] = &strings.Builder{}
			}
		case xml.CharData:
			for _, k := range open {
				text[k].Write(tok)
			}
		case xml.EndElement:
			switch tok.Name.Local {
			case "button", "label", "select", "textarea":
				if len(open) > 0 {
					k := open[len(open)-1]
					open = open[:len(open)-1]
					s := strings.TrimSpace(text[k].String())
					if strings.HasPrefix(k, "l:") {
						labels[k[2:]] = s
					} else if c := out[k[2:]]; c.tag == "button" && c.name == "" {
						c.name = s
						out[k[2:]] = c
					}
				}
			}
		}
	}
	for id, c := range out {
		if c.name == "" {
			c.name = labels[id]
			out[id] = c
		}
	}
	return out
}

// TestPageServed: the service routes GET / to the page through its OpenAPI
// validation, with the query that reproduces a game, and refuses a query
// the document does not allow.
func TestPageServed(t *testing.T) {
	srv, err := handlers.New(handlers.DefaultConfig(), zap.NewNop(), nil, prometheus.NewRegistry())
	if err != nil {
		t.Fatalf("handlers.New: %v", err)
	}
	doc, err := openapi3.NewLoader().LoadFromData(api.Spec)
	if err != nil {
		t.Fatalf("api/openapi.yaml: %v", err)
	}
	router, err := legacy.NewRouter(doc)
	if err != nil {
		t.Fatalf("api/openapi.yaml: %v", err)
	}
	for _, target := range []string{"/", "/?variant=chess&moves=f2f3,e7e5&flip=true",
		"/?variant=grand&fen=" + strings.ReplaceAll("k9/4P5/10/10/10/10/10/10/10/K9 w - - 0 1", " ", "%20")} {
		rec := getPage(t, srv.Handler(), target)
		if rec.Code != http.StatusOK || !bytes.Equal(rec.Body.Bytes(), playground.Page()) {
			t.Errorf("GET %s = %d %.200s; want 200 and the page", target, rec.Code, rec.Body.String())
		}
		// The answer is the document's: 200 text/html.
		req := httptest.NewRequest(http.MethodGet, target, nil)
		route, params, err := router.FindRoute(req)
		if err != nil {
			t.Fatalf("GET %s: no operation in api/openapi.yaml: %v", target, err)
		}
		resp := route.Operation.Responses.Status(rec.Code)
		if resp == nil || resp.Value == nil || resp.Value.Content.Get(rec.Header().Get("Content-Type")) == nil {
			t.Errorf("GET %s: api/openapi.yaml has no %d response of type %q", target, rec.Code, rec.Header().Get("Content-Type"))
		}
		err = openapi3filter.ValidateResponse(context.Background(), &openapi3filter.ResponseValidationInput{
			RequestValidationInput: &openapi3filter.RequestValidationInput{Request: req, PathParams: params, Route: route},
			Status:                 rec.Code, Header: rec.Header(), Body: io.NopCloser(bytes.NewReader(rec.Body.Bytes())),
			Options: &openapi3filter.Options{IncludeResponseStatus: true, ExcludeResponseBody: true},
		})
		if err != nil {
			t.Errorf("GET %s: the answer does not match api/openapi.yaml: %v", target, err)
		}
		if rec.Header().Get("Content-Security-Policy") == "" {
			t.Errorf("GET %s: no Content-Security-Policy", target)
		}
	}
	if rec := getPage(t, srv.Handler(), "/?flip=sideways"); rec.Code != http.StatusBadRequest {
		t.Errorf("GET /?flip=sideways = %d; want 400 (flip is a boolean)", rec.Code)
	}
}
