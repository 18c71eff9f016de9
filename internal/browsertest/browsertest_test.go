package browsertest

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestSameOrigin checks which requests count as staying on the server.
func TestSameOrigin(t *testing.T) {
	base := &url.URL{Scheme: "http", Host: "adjudicator.test:8080"}
	for _, c := range []struct {
		raw  string
		want bool
	}{
		{"http://adjudicator.test:8080/docs", true},
		{"http://adjudicator.test:8080/v1/legal-moves?x=1#y", true},
		{"data:image/png;base64,AAAA", true},
		{"blob:http://adjudicator.test:8080/0b6e1e0c-4b7f-4f0e-9a39-000000000000", true},
		{"https://adjudicator.test:8080/docs", false},
		{"http://adjudicator.test:8081/docs", false},
		{"http://adjudicator.test/docs", false},
		{"http://127.0.0.1:8080/docs", false},
		{"https://cdn.example.com/swagger-ui.css", false},
		{"blob:https://cdn.example.com/x", false},
		{"http://%zz/", false},
	} {
		if got := sameOrigin(base, c.raw); got != c.want {
			t.Errorf("sameOrigin(%s, %q) = %v; want %v", base, c.raw, got, c.want)
		}
	}
}

// TestProblems opens pages that go wrong in each way the tests of the
// playground and the documentation fail on, and checks that Problems names
// each; a page that goes right has none.
func TestProblems(t *testing.T) {
	mux := http.NewServeMux()
	page := func(path, csp, body string) {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			if csp != "" {
				w.Header().Set("Content-Security-Policy", csp)
			}
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			io.WriteString(w, "<!doctype html><title>t</title>"+body)
		})
	}
	var ts *httptest.Server
	page("/clean", "default-src 'self'", `<p>fine</p><script src="/fine.js"></script>`)
	mux.HandleFunc("/fine.js", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/javascript")
		io.WriteString(w, "document.title = 'fine';")
	})
	page("/throw", "", `<script>throw new Error('boom')</script>`)
	page("/csp", "default-src 'self'", `<script>document.title = 'inline'</script>`)
	page("/missing", "", `<img src="/missing.png" alt="">`)
	page("/warn", "", `<script>console.warn('careful')</script>`)
	mux.HandleFunc("/other", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		// The server itself, under its address rather than the tab's host
		// name: another origin.
		io.WriteString(w, `<!doctype html><title>t</title><img src="`+ts.URL+`/fine.js" alt="">`)
	})
	ts = httptest.NewServer(mux)
	t.Cleanup(ts.Close)

	b := Start(t, Options{Server: ts, Width: 800, Height: 600, Host: "browsertest.test", Screenshots: "adjudicator-browsertest"})
	if _, port, _ := net.SplitHostPort(ts.Listener.Addr().String()); b.Base.Hostname() != "browsertest.test" || b.Base.Port() != port {
		t.Fatalf("Base %s; want the server's port under browsertest.test", b.Base)
	}
	for _, c := range []struct {
		path string
		want []string // substrings of the problems, each in one of them
	}{
		{"/clean", nil},
		{"/throw", []string{"exception at ", "error: Uncaught Error: boom"}},
		{"/csp", []string{"CSP violation: script-src-elem inline"}},
		{"/missing", []string{b.Base.String() + "/missing.png answered 404"}},
		{"/warn", []string{`console.warning: "careful"`}},
		{"/other", []string{"a request to another origin than the test server " + b.Base.String() + ": " + ts.URL + "/fine.js"}},
	} {
		t.Run(strings.TrimPrefix(c.path, "/"), func(t *testing.T) {
			b.T = t
			b.Do("open "+c.path, chromedp.Navigate(b.Base.String()+c.path))
			probs := b.Problems()
			if c.want == nil && len(probs) > 0 {
				t.Errorf("%s: problems %q; want none", c.path, probs)
			}
			for _, w := range c.want {
				if !slices.ContainsFunc(probs, func(p string) bool { return strings.Contains(p, w) }) {
					t.Errorf("%s: problems %q; want one with %q", c.path, probs, w)
				}
			}
			b.Requested(c.path)
		})
	}
}
