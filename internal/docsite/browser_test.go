package docsite_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/getkin/kin-openapi/openapi3"

	"github.com/adjudicator/adjudicator/api"
	"github.com/adjudicator/adjudicator/internal/browsertest"
)

// siteHost is the name the tab knows the test server by. Swagger UI acts
// differently on localhost (it leaves out the validator badge there), so the
// tab sees the server under a name of its own, as it would a deployment.
const siteHost = "adjudicator.test"

// operations are the operations of api/openapi.yaml as "METHOD /path".
func operations(t *testing.T) []string {
	t.Helper()
	doc, err := openapi3.NewLoader().LoadFromData(api.Spec)
	if err != nil {
		t.Fatalf("api/openapi.yaml: %v", err)
	}
	var ops []string
	for path, item := range doc.Paths.Map() {
		for method := range item.Operations() {
			ops = append(ops, method+" "+path)
		}
	}
	slices.Sort(ops)
	return ops
}

// legalMovesBody is the request tried: the legal moves of chess after 1. e4.
const legalMovesBody = `{"variant": "chess", "fen": "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"}`

// TestBrowser loads the documentation in headless Chromium against the
// real handlers: the API reference lists every operation of the contract
// and tries POST /v1/legal-moves, a Markdown document shows its tables, and
// no page requests anything from another origin or reports an error.
func TestBrowser(t *testing.T) {
	ts := browsertest.Server(t)
	b := browsertest.Start(t, browsertest.Options{
		Server: ts, Width: 1280, Height: 1000, Host: siteHost, Screenshots: "adjudicator-docs"})
	site := b.Base.String()
	t.Logf("screenshots in %s", b.Dir)

	t.Run("reference", func(t *testing.T) {
		b.T = t
		b.Do("open /docs", chromedp.Navigate(site+"/docs"),
			chromedp.WaitVisible(chromedp.CSS(`#swagger-ui .opblock .opblock-summary-path`)))
		listed := browsertest.Eval[[]string](b, `[...document.querySelectorAll('#swagger-ui .opblock')].map((op) =>
			op.querySelector('.opblock-summary-method').textContent + ' ' +
			op.querySelector('.opblock-summary-path').getAttribute('data-path')).sort()`)
		if want := operations(t); !slices.Equal(listed, want) {
			t.Errorf("the reference lists\n%s\nwant the operations of api/openapi.yaml\n%s",
				strings.Join(listed, "\n"), strings.Join(want, "\n"))
		}
		if title := browsertest.Eval[string](b, `document.querySelector('#swagger-ui .info .title').textContent`); !strings.Contains(title, "Adjudicator") {
			t.Errorf("the reference's title is %q; want the contract's", title)
		}
		b.Requested("/docs", "/docs/ui/swagger-ui-bundle.js", "/docs/ui/swagger-ui.css", "/docs/ui/reference.js", "/openapi.yaml")
		b.Check()
		b.Screenshot("1-reference")
	})

	t.Run("try-legal-moves", func(t *testing.T) {
		b.T = t
		const op = `#swagger-ui .opblock-post:has(.opblock-summary-path[data-path="/v1/legal-moves"])`
		b.Do("open POST /v1/legal-moves", chromedp.Click(chromedp.CSS(op+` .opblock-summary-control`)),
			chromedp.WaitVisible(chromedp.CSS(op+` .try-out__btn`)))
		b.Do("try it out", chromedp.Click(chromedp.CSS(op+` .try-out__btn`)),
			chromedp.WaitVisible(chromedp.CSS(op+` textarea.body-param__text`)))
		// React reads a textarea's value from input events: set the value as
		// typing would, through the prototype's setter, then fire input.
		typed := browsertest.Eval[string](b, `(() => {
			const ta = document.querySelector('`+op+` textarea.body-param__text');
			Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set.call(ta, `+"`"+legalMovesBody+"`"+`);
			ta.dispatchEvent(new Event('input', {bubbles: true}));
			return ta.value;
		})()`)
		if typed != legalMovesBody {
			t.Fatalf("the request body is %q; want %q", typed, legalMovesBody)
		}
		b.Do("execute", chromedp.Click(chromedp.CSS(op+` button.execute`)),
			chromedp.WaitVisible(chromedp.CSS(op+` .live-responses-table tbody .response-col_status`)))
		status := browsertest.Eval[string](b, `document.querySelector('`+op+` .live-responses-table tbody .response-col_status').textContent.trim()`)
		body := browsertest.Eval[string](b, `document.querySelector('`+op+` .live-responses-table tbody .response-col_description pre').textContent`)
		if status != "200" || !strings.Contains(body, `"moves"`) || !strings.Contains(body, `"e7e5"`) {
			t.Errorf("try it out answered %s:\n%s\nwant 200 with the moves of chess after 1. e4", status, body)
		}
		curl := browsertest.Eval[string](b, `document.querySelector('`+op+` .curl-command').textContent`)
		if !strings.Contains(curl, site+"/v1/legal-moves") {
			t.Errorf("the call tried was\n%s\nwant one to the serving instance %s", curl, site)
		}
		b.Requested("/v1/legal-moves")
		b.Check()
		b.Do("scroll to the answer", chromedp.ScrollIntoView(chromedp.CSS(op+` .live-responses-table`)))
		b.Screenshot("2-try-legal-moves")
	})

	t.Run("document", func(t *testing.T) {
		b.T = t
		b.Do("open /docs/variants", chromedp.Navigate(site+"/docs/variants"),
			chromedp.WaitVisible(chromedp.CSS(`main.markdown table`)))
		tables := browsertest.Eval[int](b, `document.querySelectorAll('main.markdown table').length`)
		cells := browsertest.Eval[int](b, `document.querySelector('main.markdown table').querySelectorAll('tbody td').length`)
		heads := browsertest.Eval[[]string](b, `[...document.querySelector('main.markdown table').querySelectorAll('thead th')].map((th) => th.textContent)`)
		border := browsertest.Eval[string](b, `getComputedStyle(document.querySelector('main.markdown td')).borderTopStyle`)
		if tables == 0 || cells < 2 || len(heads) < 2 || border != "solid" {
			t.Errorf("/docs/variants shows %d tables, the first with headings %q and %d cells, bordered %q; want tables drawn with the page's style",
				tables, heads, cells, border)
		}
		if cur := browsertest.Eval[string](b, `document.querySelector('nav a[aria-current="page"]').getAttribute('href')`); cur != "/docs/variants" {
			t.Errorf("the navigation marks %q as the current page; want /docs/variants", cur)
		}
		b.Check()
		b.Screenshot("3-document-variants")
	})
}
