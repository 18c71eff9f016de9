package docsite

import (
	"bytes"
	"strings"
	"testing"
)

var testFiles = map[string]string{"VARIANTS.md": "variants", "RULES.md": "rules"}

func TestRenderLinks(t *testing.T) {
	src := `# Title

- [size](VARIANTS.md#size-limits)
- [rules](./RULES.md)
- [up and back](../docs/RULES.md#r3)
- [code](../internal/rules/variant.go)
- [bench](BENCHMARKS.md#load-run)
- [here](#title)
- [site](https://example.org/a?b=c)
- [contract](/openapi.yaml)
- ![a board](board.png)
- <script>alert(1)</script>
`
	got := string(render([]byte(src), testFiles).body)
	for _, want := range []string{
		`<a href="/docs/variants#size-limits">size</a>`,
		`<a href="/docs/rules">rules</a>`,
		`<a href="/docs/rules#r3">up and back</a>`,
		`<li>code</li>`,
		`<li>bench</li>`,
		`<a href="#title">here</a>`,
		`<a href="https://example.org/a?b=c">site</a>`,
		`<a href="/openapi.yaml">contract</a>`,
		`<li>a board</li>`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("rendered HTML lacks %s:\n%s", want, got)
		}
	}
	for _, bad := range []string{"internal/rules", "BENCHMARKS", "board.png", "<img", "<script"} {
		if strings.Contains(got, bad) {
			t.Errorf("rendered HTML holds %q:\n%s", bad, got)
		}
	}
}

func TestRenderHeadingsAndTables(t *testing.T) {
	src := "# How the engine decides\n\n## Two-leg moves: `a` and `y`\n\n## Safe to expose (issue: hostile clients)\n\n" +
		"## Errors\n\n### Errors\n\n## snake_case and Échecs\n\n## [Linked](RULES.md) heading\n\n" +
		"| field | meaning |\n| --- | --- |\n| `id` | the variant's id |\n"
	r := render([]byte(src), testFiles)
	if r.title != "How the engine decides" {
		t.Errorf("title %q; want the first heading's text", r.title)
	}
	got := string(r.body)
	for _, want := range []string{
		`<h1 id="how-the-engine-decides">`,
		`<h2 id="two-leg-moves-a-and-y">`,
		`<h2 id="safe-to-expose-issue-hostile-clients">`,
		`<h2 id="errors">`,
		`<h3 id="errors-1">`,
		`<h2 id="snake_case-and-échecs">`,
		`<h2 id="linked-heading">`,
		"<table>", "<th>field</th>", "<td><code>id</code></td>",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("rendered HTML lacks %s:\n%s", want, got)
		}
	}
}

func TestHeadingIDWithoutText(t *testing.T) {
	used := map[string]bool{}
	if a, b := headingID("!!", used), headingID("?", used); a != "section" || b != "section-1" {
		t.Errorf("ids of headings without letters: %q, %q; want section, section-1", a, b)
	}
}

func TestAcceptsGzip(t *testing.T) {
	for _, tt := range []struct {
		headers []string
		want    bool
	}{
		{nil, false},
		{[]string{""}, false},
		{[]string{"gzip"}, true},
		{[]string{"GZIP"}, true},
		{[]string{"br, gzip, deflate"}, true},
		{[]string{"gzip;q=0"}, false},
		{[]string{"gzip; q=0.0, *"}, false},
		{[]string{"gzip;q=0.5"}, true},
		{[]string{"x-gzip"}, true},
		{[]string{"*"}, true},
		{[]string{"*;q=0"}, false},
		{[]string{"identity"}, false},
		{[]string{"br", "gzip"}, true},
		{[]string{"gzip;q=bad"}, false},
	} {
		if got := acceptsGzip(tt.headers); got != tt.want {
			t.Errorf("acceptsGzip(%q) = %v; want %v", tt.headers, got, tt.want)
		}
	}
}

// TestAssets checks every file of /docs/ui/: the gzipped ones decompress,
// and each holds what its name says.
func TestAssets(t *testing.T) {
	starts := map[string]string{
		"swagger-ui-bundle.js": "", "swagger-ui.css": "", "reference.js": "//",
		"docs.css": "/*", "favicon-16x16.png": "\x89PNG", "favicon-32x32.png": "\x89PNG",
	}
	for name, a := range assets {
		want, ok := starts[name]
		if !ok {
			t.Errorf("unexpected asset %s", name)
			continue
		}
		body := a.body
		if a.gzipped {
			if !bytes.HasPrefix(a.body, []byte{0x1f, 0x8b}) {
				t.Errorf("%s is marked gzipped but is not gzip data", name)
			}
			var err error
			if body, err = a.plain(); err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
		}
		if len(body) == 0 || !strings.HasPrefix(string(body), want) {
			t.Errorf("%s: %d bytes starting %q; want them to start %q", name, len(body), body[:min(len(body), 8)], want)
		}
	}
	if len(assets) != len(starts) {
		t.Errorf("%d assets; want %d", len(assets), len(starts))
	}
}
