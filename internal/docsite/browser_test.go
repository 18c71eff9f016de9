package docsite_test

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/getkin/kin-openapi/openapi3"

	"github.com/adjudicator/adjudicator/api"
)

// chromium is Debian's browser, which scripts/test.sh installs.
const chromium = "/usr/bin/chromium"

// stepTimeout bounds every browser step, so that a hang fails fast.
const stepTimeout = 30 * time.Second

// watchProblems records, in every document the tab loads, uncaught errors,
// rejected promises and Content-Security-Policy violations.
const watchProblems = `window.__problems = [];
addEventListener('error', (e) => window.__problems.push('error: ' + (e.message || (e.target && (e.target.src || e.target.href)) || e.type)), true);
addEventListener('unhandledrejection', (e) => window.__problems.push('unhandled rejection: ' + e.reason));
addEventListener('securitypolicyviolation', (e) => window.__problems.push('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));`

// tab is one tab of a headless Chromium on the server at base. It records
// every request the tab makes, and every console error, exception and
// failed answer.
type tab struct {
	t    *testing.T
	ctx  context.Context
	base *url.URL
	dir  string // where the screenshots go

	mu       sync.Mutex
	requests []string // every URL requested
	problems []string // console errors, exceptions, failed requests
}

func screenshotDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("ADJUDICATOR_SCREENSHOTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), "adjudicator-docs")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatalf("screenshots: %v", err)
	}
	return dir
}

// siteHost is the name the tab knows the test server by. Swagger UI acts
// differently on localhost (it leaves out the validator badge there), so the
// tab sees the server under a name of its own, as it would a deployment.
const siteHost = "adjudicator.test"

// newTab starts Chromium with a window of width x height, on the server
// listening at addr (host:port), which the tab reaches as siteHost.
func newTab(t *testing.T, addr string, width, height int) *tab {
	t.Helper()
	if _, err := os.Stat(chromium); err != nil {
		t.Fatalf("chromium not found: install Debian's chromium (scripts/test.sh does): %v", err)
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		t.Fatal(err)
	}
	u := &url.URL{Scheme: "http", Host: net.JoinHostPort(siteHost, port)}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.Flag("host-resolver-rules", "MAP "+siteHost+" "+host),
		chromedp.ExecPath(chromium),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.WindowSize(width, height),
		chromedp.Flag("hide-scrollbars", true),
	)
	b := &tab{t: t, base: u, dir: screenshotDir(t)}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(actx, chromedp.WithListener(b.record))
	t.Cleanup(func() {
		cancelTab()
		cancelAlloc()
	})
	b.ctx = ctx
	// The first action starts the browser on the tab's own context (one
	// with a deadline would end the browser with it); a watchdog bounds it.
	watchdog := time.AfterFunc(stepTimeout, cancelTab)
	err = chromedp.Do(ctx, chromedp.Navigate("about:blank"))
	if !watchdog.Stop() {
		err = fmt.Errorf("no answer within %v (%v)", stepTimeout, err)
	}
	if err != nil {
		t.Fatalf("start %s: %v", chromium, err)
	}
	// chromedp enables the network, log and runtime events of the tab.
	b.run("watch for script errors", func(ctx context.Context) error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: watchProblems})
		return err
	})
	return b
}

// record is the tab's event listener.
func (b *tab) record(ev any) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		b.requests = append(b.requests, ev.Request.URL)
	case *network.EventResponseReceived:
		if ev.Response.Status >= 400 {
			b.problems = append(b.problems, fmt.Sprintf("%s answered %d", ev.Response.URL, ev.Response.Status))
		}
	case *network.EventLoadingFailed:
		b.problems = append(b.problems, fmt.Sprintf("request %s failed: %s %s", ev.RequestID, ev.ErrorText, ev.BlockedReason))
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		msg := d.Text
		if d.Exception != nil {
			msg += " " + d.Exception.Description
		}
		b.problems = append(b.problems, fmt.Sprintf("exception at %s:%d: %s", d.URL, d.LineNumber, msg))
	case *runtime.EventConsoleAPICalled:
		if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeWarning {
			var args []string
			for _, a := range ev.Args {
				args = append(args, string(a.Value)+a.Description)
			}
			b.problems = append(b.problems, fmt.Sprintf("console.%s: %s", ev.Type, strings.Join(args, " ")))
		}
	case *log.EventEntryAdded:
		if ev.Entry.Level == log.EntryLevelError || ev.Entry.Level == log.EntryLevelWarning {
			b.problems = append(b.problems, fmt.Sprintf("%s %s: %s %s", ev.Entry.Source, ev.Entry.Level, ev.Entry.Text, ev.Entry.URL))
		}
	}
}

// run runs f within stepTimeout, failing the test on its error.
func (b *tab) run(what string, f func(ctx context.Context) error) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, stepTimeout)
	defer cancel()
	if err := f(ctx); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

func (b *tab) do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	b.run(what, func(ctx context.Context) error { return chromedp.Do(ctx, steps...) })
}

// eval evaluates a JavaScript expression in the page.
func eval[T any](b *tab, expr string) T {
	b.t.Helper()
	var v T
	b.run("evaluate "+expr, func(ctx context.Context) error {
		var err error
		v, err = chromedp.Run(ctx, chromedp.Evaluate[T](expr))
		return err
	})
	return v
}

// check fails the test on any request to another origin and on any
// problem recorded so far, in the tab or in the page.
func (b *tab) check() {
	b.t.Helper()
	probs := eval[[]string](b, `window.__problems || []`)
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, r := range b.requests {
		if !b.sameOrigin(r) {
			b.t.Errorf("the page requested %s, which is not the test server %s", r, b.base)
		}
	}
	for _, p := range append(b.problems, probs...) {
		b.t.Errorf("the page had a problem: %s", p)
	}
	b.problems = nil
}

// sameOrigin reports whether the tab's request for raw stays on the test
// server: data: URLs stay in the page, blob: URLs carry their origin.
func (b *tab) sameOrigin(raw string) bool {
	if strings.HasPrefix(raw, "data:") {
		return true
	}
	u, err := url.Parse(strings.TrimPrefix(raw, "blob:"))
	return err == nil && u.Scheme == b.base.Scheme && u.Host == b.base.Host
}

// requested fails the test unless the tab has requested every path.
func (b *tab) requested(paths ...string) {
	b.t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, p := range paths {
		if !slices.Contains(b.requests, b.base.String()+p) {
			b.t.Errorf("the tab did not request %s; it requested %q", p, b.requests)
		}
	}
}

// screenshot writes the whole page as name.png (quality 100 is PNG).
func (b *tab) screenshot(name string) {
	b.t.Helper()
	b.run("screenshot "+name, func(ctx context.Context) error {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(b.dir, name+".png"), png, 0o644)
	})
}

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
	ts := newSiteServer(t)
	b := newTab(t, ts.Listener.Addr().String(), 1280, 1000)
	site := b.base.String()
	t.Logf("screenshots in %s", b.dir)

	t.Run("reference", func(t *testing.T) {
		b.t = t
		b.do("open /docs", chromedp.Navigate(site+"/docs"),
			chromedp.WaitVisible(chromedp.CSS(`#swagger-ui .opblock .opblock-summary-path`)))
		listed := eval[[]string](b, `[...document.querySelectorAll('#swagger-ui .opblock')].map((op) =>
			op.querySelector('.opblock-summary-method').textContent + ' ' +
			op.querySelector('.opblock-summary-path').getAttribute('data-path')).sort()`)
		if want := operations(t); !slices.Equal(listed, want) {
			t.Errorf("the reference lists\n%s\nwant the operations of api/openapi.yaml\n%s",
				strings.Join(listed, "\n"), strings.Join(want, "\n"))
		}
		if title := eval[string](b, `document.querySelector('#swagger-ui .info .title').textContent`); !strings.Contains(title, "Adjudicator") {
			t.Errorf("the reference's title is %q; want the contract's", title)
		}
		b.requested("/docs", "/docs/ui/swagger-ui-bundle.js", "/docs/ui/swagger-ui.css", "/docs/ui/reference.js", "/openapi.yaml")
		b.check()
		b.screenshot("1-reference")
	})

	t.Run("try-legal-moves", func(t *testing.T) {
		b.t = t
		const op = `#swagger-ui .opblock-post:has(.opblock-summary-path[data-path="/v1/legal-moves"])`
		b.do("open POST /v1/legal-moves", chromedp.Click(chromedp.CSS(op+` .opblock-summary-control`)),
			chromedp.WaitVisible(chromedp.CSS(op+` .try-out__btn`)))
		b.do("try it out", chromedp.Click(chromedp.CSS(op+` .try-out__btn`)),
			chromedp.WaitVisible(chromedp.CSS(op+` textarea.body-param__text`)))
		// React reads a textarea's value from input events: set the value as
		// typing would, through the prototype's setter, then fire input.
		typed := eval[string](b, `(() => {
			const ta = document.querySelector('`+op+` textarea.body-param__text');
			Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set.call(ta, `+"`"+legalMovesBody+"`"+`);
			ta.dispatchEvent(new Event('input', {bubbles: true}));
			return ta.value;
		})()`)
		if typed != legalMovesBody {
			t.Fatalf("the request body is %q; want %q", typed, legalMovesBody)
		}
		b.do("execute", chromedp.Click(chromedp.CSS(op+` button.execute`)),
			chromedp.WaitVisible(chromedp.CSS(op+` .live-responses-table tbody .response-col_status`)))
		status := eval[string](b, `document.querySelector('`+op+` .live-responses-table tbody .response-col_status').textContent.trim()`)
		body := eval[string](b, `document.querySelector('`+op+` .live-responses-table tbody .response-col_description pre').textContent`)
		if status != "200" || !strings.Contains(body, `"moves"`) || !strings.Contains(body, `"e7e5"`) {
			t.Errorf("try it out answered %s:\n%s\nwant 200 with the moves of chess after 1. e4", status, body)
		}
		curl := eval[string](b, `document.querySelector('`+op+` .curl-command').textContent`)
		if !strings.Contains(curl, site+"/v1/legal-moves") {
			t.Errorf("the call tried was\n%s\nwant one to the serving instance %s", curl, site)
		}
		b.requested("/v1/legal-moves")
		b.check()
		b.do("scroll to the answer", chromedp.ScrollIntoView(chromedp.CSS(op+` .live-responses-table`)))
		b.screenshot("2-try-legal-moves")
	})

	t.Run("document", func(t *testing.T) {
		b.t = t
		b.do("open /docs/variants", chromedp.Navigate(site+"/docs/variants"),
			chromedp.WaitVisible(chromedp.CSS(`main.markdown table`)))
		tables := eval[int](b, `document.querySelectorAll('main.markdown table').length`)
		cells := eval[int](b, `document.querySelector('main.markdown table').querySelectorAll('tbody td').length`)
		heads := eval[[]string](b, `[...document.querySelector('main.markdown table').querySelectorAll('thead th')].map((th) => th.textContent)`)
		border := eval[string](b, `getComputedStyle(document.querySelector('main.markdown td')).borderTopStyle`)
		if tables == 0 || cells < 2 || len(heads) < 2 || border != "solid" {
			t.Errorf("/docs/variants shows %d tables, the first with headings %q and %d cells, bordered %q; want tables drawn with the page's style",
				tables, heads, cells, border)
		}
		if cur := eval[string](b, `document.querySelector('nav a[aria-current="page"]').getAttribute('href')`); cur != "/docs/variants" {
			t.Errorf("the navigation marks %q as the current page; want /docs/variants", cur)
		}
		b.check()
		b.screenshot("3-document-variants")
	})
}
