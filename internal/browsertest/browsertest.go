// Package browsertest is test support only: it drives Debian's headless
// Chromium against the real handlers, for the browser tests of the
// playground and of the documentation. Only _test.go files may import it;
// the binary does not.
//
// [Server] serves the handlers as the binary does. [Start] opens a tab of a
// new Chromium on such a server. A [Tab] runs each step within [StepTimeout]
// and fails its test on the step's error; it records every request the tab
// makes and every problem it meets (console errors and warnings, exceptions,
// failed loads, answers of 400 and more, and, through a script in every
// document, uncaught errors, rejected promises and Content-Security-Policy
// violations), so that a test can fail on them with [Tab.Problems] or
// [Tab.Check].
package browsertest

import (
	"context"
	"fmt"
	"net"
	"net/http/httptest"
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
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/adjudicator/adjudicator/internal/handlers"
)

// Chromium is Debian's browser, which scripts/test.sh installs.
const Chromium = "/usr/bin/chromium"

// StepTimeout bounds every browser step, so that a hang fails fast.
const StepTimeout = 30 * time.Second

// watchProblems records, in every document the tab loads, uncaught errors
// (a resource that fails to load names its src or href), rejected promises
// and Content-Security-Policy violations in window.__problems.
const watchProblems = `window.__problems = [];
addEventListener('error', (e) => window.__problems.push('error: ' + (e.message || (e.target && (e.target.src || e.target.href)) || e.type)), true);
addEventListener('unhandledrejection', (e) => window.__problems.push('unhandled rejection: ' + e.reason));
addEventListener('securitypolicyviolation', (e) => window.__problems.push('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));`

// Server serves the real handlers with their default configuration, as the
// binary does, until the test ends.
func Server(t testing.TB) *httptest.Server {
	t.Helper()
	srv, err := handlers.New(handlers.DefaultConfig(), zap.NewNop(), nil, prometheus.NewRegistry())
	if err != nil {
		t.Fatalf("handlers.New: %v", err)
	}
	ts := httptest.NewServer(srv.Handler())
	t.Cleanup(ts.Close)
	return ts
}

// Options say how [Start] opens its tab.
type Options struct {
	// Server is the server the tab is for (required).
	Server *httptest.Server
	// Width and Height are the size of the browser's window in pixels.
	Width, Height int
	// Host, when set, is the name the tab reaches the server by: Chromium
	// resolves it to the server's address, so that pages see a host name as
	// they would on a deployment rather than 127.0.0.1.
	Host string
	// Screenshots names the folder under os.TempDir() that receives the
	// screenshots when ADJUDICATOR_SCREENSHOTS does not name one.
	Screenshots string
}

// Tab is one tab of a headless Chromium.
type Tab struct {
	// T is the test that a failing step fails. A subtest that drives a tab
	// started by its parent sets T to itself first.
	T testing.TB
	// Base is the server's URL as the tab knows it.
	Base *url.URL
	// Dir is the folder that [Tab.Screenshot] writes to.
	Dir string

	ctx context.Context

	mu       sync.Mutex
	requests []string // every URL requested
	problems []string // recorded by the listener since the last Problems
}

// Start starts Chromium on a blank page, and fails the test when Chromium
// is missing or does not start. The browser ends with the test.
func Start(t testing.TB, opts Options) *Tab {
	t.Helper()
	if _, err := os.Stat(Chromium); err != nil {
		t.Fatalf("chromium not found: install Debian's chromium (scripts/test.sh does): %v", err)
	}
	base, err := url.Parse(opts.Server.URL)
	if err != nil {
		t.Fatalf("server URL %q: %v", opts.Server.URL, err)
	}
	flags := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(Chromium),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.WindowSize(opts.Width, opts.Height),
		chromedp.Flag("hide-scrollbars", true),
	)
	if opts.Host != "" {
		host, port, err := net.SplitHostPort(base.Host)
		if err != nil {
			t.Fatalf("server URL %q: %v", opts.Server.URL, err)
		}
		flags = append(flags, chromedp.Flag("host-resolver-rules", "MAP "+opts.Host+" "+host))
		base.Host = net.JoinHostPort(opts.Host, port)
	}
	b := &Tab{T: t, Base: base, Dir: screenshotDir(t, opts.Screenshots)}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), flags...)
	ctx, cancelTab := chromedp.NewContext(actx, chromedp.WithListener(b.record))
	t.Cleanup(func() {
		cancelTab()
		cancelAlloc()
	})
	b.ctx = ctx
	// The first action starts the browser on the tab's own context (one
	// with a deadline would end the browser with it); a watchdog bounds it.
	watchdog := time.AfterFunc(StepTimeout, cancelTab)
	err = chromedp.Do(ctx, chromedp.Navigate("about:blank"))
	if !watchdog.Stop() {
		err = fmt.Errorf("no answer within %v (%v)", StepTimeout, err)
	}
	if err != nil {
		t.Fatalf("start %s: %v", Chromium, err)
	}
	// chromedp has enabled the network, log and runtime events of the tab,
	// which record hears; the script watches inside every document.
	b.Run("watch for script errors", func(ctx context.Context) error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: watchProblems})
		return err
	})
	return b
}

// screenshotDir makes and returns the folder for the screenshots:
// ADJUDICATOR_SCREENSHOTS, or else name under the system's temporary folder.
func screenshotDir(t testing.TB, name string) string {
	t.Helper()
	dir := os.Getenv("ADJUDICATOR_SCREENSHOTS")
	if dir == "" {
		dir = filepath.Join(os.TempDir(), name)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatalf("screenshots: %v", err)
	}
	return dir
}

// record is the tab's event listener.
func (b *Tab) record(ev any) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch ev := ev.(type) {
	case *network.EventRequestWillBeSent:
		b.requests = append(b.requests, ev.Request.URL)
	case *network.EventResponseReceived:
		// Chromium asks for /favicon.ico by itself for a page that names
		// no icon (the project's pages name theirs), and whether it asks
		// before the test reads the problems depends on its version and
		// the timing: its 404 is not the page's.
		if ev.Response.Status >= 400 && !browserFavicon(ev.Response.URL) {
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
		// The favicon's 404 comes back here too, as a network error.
		if (ev.Entry.Level == log.EntryLevelError || ev.Entry.Level == log.EntryLevelWarning) &&
			!(ev.Entry.Source == log.EntrySourceNetwork && browserFavicon(ev.Entry.URL)) {
			b.problems = append(b.problems, fmt.Sprintf("%s %s: %s %s", ev.Entry.Source, ev.Entry.Level, ev.Entry.Text, ev.Entry.URL))
		}
	}
}

// Run runs f within StepTimeout, failing the test on its error.
func (b *Tab) Run(what string, f func(ctx context.Context) error) {
	b.T.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, StepTimeout)
	defer cancel()
	if err := f(ctx); err != nil {
		b.T.Fatalf("%s: %v", what, err)
	}
}

// Do runs the chromedp steps as one step named what.
func (b *Tab) Do(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.T.Helper()
	b.Run(what, func(ctx context.Context) error { return chromedp.Do(ctx, steps...) })
}

// Eval evaluates a JavaScript expression in the tab's page and returns its
// value as a T.
func Eval[T any](b *Tab, expr string) T {
	b.T.Helper()
	var v T
	b.Run("evaluate "+expr, func(ctx context.Context) error {
		var err error
		v, err = chromedp.Run(ctx, chromedp.Evaluate[T](expr))
		return err
	})
	return v
}

// Screenshot writes the whole page as name.png in Dir (quality 100 is PNG).
func (b *Tab) Screenshot(name string) {
	b.T.Helper()
	b.Run("screenshot "+name, func(ctx context.Context) error {
		png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(b.Dir, name+".png"), png, 0o644)
	})
}

// Problems returns every request so far to another origin than Base, then
// what the tab recorded since the last call (console errors and warnings,
// exceptions, failed loads, answers of 400 and more), then what the page's
// script has recorded in the current document (uncaught errors, rejected
// promises, Content-Security-Policy violations). It is empty when all went
// well.
func (b *Tab) Problems() []string {
	b.T.Helper()
	page := Eval[[]string](b, `window.__problems || []`)
	b.mu.Lock()
	defer b.mu.Unlock()
	var probs []string
	for _, r := range b.requests {
		if !sameOrigin(b.Base, r) {
			probs = append(probs, fmt.Sprintf("a request to another origin than the test server %s: %s", b.Base, r))
		}
	}
	probs = append(probs, b.problems...)
	b.problems = nil
	return append(probs, page...)
}

// Check fails the test, and goes on, for each of the [Tab.Problems].
func (b *Tab) Check() {
	b.T.Helper()
	for _, p := range b.Problems() {
		b.T.Errorf("the page had a problem: %s", p)
	}
}

// Requested fails the test, and goes on, unless the tab has requested every
// path (with its query, if any) of Base.
func (b *Tab) Requested(paths ...string) {
	b.T.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, p := range paths {
		if !slices.Contains(b.requests, b.Base.String()+p) {
			b.T.Errorf("the tab did not request %s; it requested %q", p, b.requests)
		}
	}
}

// sameOrigin reports whether a request for raw stays on base's origin:
// data: URLs stay in the page, blob: URLs carry their origin.
func sameOrigin(base *url.URL, raw string) bool {
	if strings.HasPrefix(raw, "data:") {
		return true
	}
	u, err := url.Parse(strings.TrimPrefix(raw, "blob:"))
	return err == nil && u.Scheme == base.Scheme && u.Host == base.Host
}

// browserFavicon says whether rawURL is the icon that Chromium guesses for a
// page that names none.
func browserFavicon(rawURL string) bool {
	u, err := url.Parse(rawURL)
	return err == nil && u.Path == "/favicon.ico"
}
