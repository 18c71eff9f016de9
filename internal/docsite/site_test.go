package docsite_test

import (
	"bytes"
	"compress/gzip"
	"html"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/adjudicator/adjudicator/internal/browsertest"
	"github.com/adjudicator/adjudicator/internal/docsite"
)

type answer struct {
	status int
	header http.Header
	body   []byte
	ids    map[string]bool // the element ids of an HTML body, filled by TestLinksResolve
}

// fetch GETs u with the given Accept-Encoding (none when empty); the
// client does not decompress what it did not ask for itself.
func fetch(t *testing.T, u, acceptEncoding string) answer {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	if acceptEncoding != "" {
		req.Header.Set("Accept-Encoding", acceptEncoding)
	} else {
		// Without it, Go's transport would ask for gzip itself.
		req.Header.Set("Accept-Encoding", "identity")
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", u, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: %v", u, err)
	}
	return answer{status: resp.StatusCode, header: resp.Header, body: body}
}

// sitePages are the paths of the HTML pages of the documentation.
func sitePages() []string {
	paths := []string{"/docs"}
	for _, p := range docsite.Pages() {
		paths = append(paths, docsite.PathPrefix+p.Name)
	}
	return paths
}

// reference is one URL in a page: the tag and attribute that hold it.
type reference struct{ tag, attr, url string }

var (
	refRE = regexp.MustCompile(`<([a-z]+)\b[^>]*?\s(href|src)="([^"]*)"`)
	idRE  = regexp.MustCompile(`\sid="([^"]*)"`)
)

func references(page []byte) []reference {
	var refs []reference
	for _, m := range refRE.FindAllSubmatch(page, -1) {
		refs = append(refs, reference{string(m[1]), string(m[2]), html.UnescapeString(string(m[3]))})
	}
	return refs
}

func ids(page []byte) map[string]bool {
	set := map[string]bool{}
	for _, m := range idRE.FindAllSubmatch(page, -1) {
		set[html.UnescapeString(string(m[1]))] = true
	}
	return set
}

// TestLinksResolve follows every link and resource of every page: a URL
// of the serving origin must answer 200, and its fragment must be an id of
// the page it names. A page loads nothing from elsewhere; only a document's
// <a> may lead to another site, and the API reference links to none.
func TestLinksResolve(t *testing.T) {
	ts := browsertest.Server(t)
	base, _ := url.Parse(ts.URL)
	pages := map[string]answer{}
	load := func(path string) answer {
		if a, ok := pages[path]; ok {
			return a
		}
		a := fetch(t, ts.URL+path, "")
		a.ids = ids(a.body)
		pages[path] = a
		return a
	}
	links := 0
	for _, path := range sitePages() {
		page := load(path)
		if page.status != http.StatusOK {
			t.Fatalf("GET %s = %d", path, page.status)
		}
		from, _ := url.Parse(ts.URL + path)
		for _, ref := range references(page.body) {
			links++
			u, err := from.Parse(ref.url)
			if err != nil {
				t.Errorf("%s: <%s %s=%q> does not parse: %v", path, ref.tag, ref.attr, ref.url, err)
				continue
			}
			if u.Host != base.Host || u.Scheme != base.Scheme {
				if path == "/docs" || ref.tag != "a" || u.Scheme != "https" {
					t.Errorf("%s: <%s %s=%q> is not of this origin", path, ref.tag, ref.attr, ref.url)
				}
				continue
			}
			target := load(u.EscapedPath())
			if target.status != http.StatusOK {
				t.Errorf("%s: <%s %s=%q>: GET %s = %d; want 200", path, ref.tag, ref.attr, ref.url, u.EscapedPath(), target.status)
				continue
			}
			if u.Fragment != "" && !target.ids[u.Fragment] {
				t.Errorf("%s: <%s %s=%q>: %s has no element with id %q", path, ref.tag, ref.attr, ref.url, u.Path, u.Fragment)
			}
		}
	}
	if links < 50 {
		t.Errorf("found %d links in the documentation; want the navigation of every page and the links between documents", links)
	}
}

// TestReferenceSameOrigin checks that the API reference and its start
// script name only paths of this origin, the contract among them, and turn
// off Swagger UI's validator, which would send the contract elsewhere.
func TestReferenceSameOrigin(t *testing.T) {
	ts := browsertest.Server(t)
	page := fetch(t, ts.URL+"/docs", "")
	refs := references(page.body)
	var scripts []string
	for _, ref := range refs {
		if !strings.HasPrefix(ref.url, "/") || strings.HasPrefix(ref.url, "//") {
			t.Errorf("/docs: <%s %s=%q> is not a path of this origin", ref.tag, ref.attr, ref.url)
		}
		if ref.tag == "script" {
			scripts = append(scripts, ref.url)
		}
	}
	if strings.Join(scripts, " ") != "/docs/ui/swagger-ui-bundle.js /docs/ui/reference.js" {
		t.Errorf("/docs loads the scripts %q; want Swagger UI and its start script", scripts)
	}
	if bytes.Contains(page.body, []byte("<script>")) || bytes.Contains(page.body, []byte(" style=")) {
		t.Errorf("/docs holds an inline script or style, which its policy forbids")
	}
	csp := page.header.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'none'", "script-src 'self';", "connect-src 'self';"} {
		if !strings.Contains(csp, want) {
			t.Errorf("/docs: Content-Security-Policy %q lacks %s", csp, want)
		}
	}
	start := fetch(t, ts.URL+"/docs/ui/reference.js", "")
	for _, want := range []string{"url: '/openapi.yaml'", "validatorUrl: null"} {
		if !bytes.Contains(start.body, []byte(want)) {
			t.Errorf("/docs/ui/reference.js lacks %s", want)
		}
	}
	if bytes.Contains(start.body, []byte("http")) {
		t.Errorf("/docs/ui/reference.js names a URL with a scheme:\n%s", start.body)
	}
}

// TestUIFilesEncoding fetches every file of /docs/ui/ with and without
// gzip: the gzipped answer decompresses to the plain one.
func TestUIFilesEncoding(t *testing.T) {
	ts := browsertest.Server(t)
	gzipped := 0
	for _, name := range docsite.UIFiles() {
		plain := fetch(t, ts.URL+"/docs/ui/"+name, "")
		if plain.status != http.StatusOK || plain.header.Get("Content-Encoding") != "" || len(plain.body) == 0 {
			t.Errorf("GET /docs/ui/%s without gzip = %d, Content-Encoding %q, %d bytes; want 200, none, the file",
				name, plain.status, plain.header.Get("Content-Encoding"), len(plain.body))
			continue
		}
		packed := fetch(t, ts.URL+"/docs/ui/"+name, "gzip, deflate, br")
		if packed.status != http.StatusOK {
			t.Errorf("GET /docs/ui/%s with gzip = %d", name, packed.status)
			continue
		}
		if packed.header.Get("Content-Encoding") != "gzip" {
			if !bytes.Equal(packed.body, plain.body) {
				t.Errorf("GET /docs/ui/%s: the uncompressed answers differ", name)
			}
			continue
		}
		gzipped++
		if !strings.Contains(packed.header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("GET /docs/ui/%s: Vary %q; want Accept-Encoding", name, packed.header.Get("Vary"))
		}
		zr, err := gzip.NewReader(bytes.NewReader(packed.body))
		if err != nil {
			t.Errorf("GET /docs/ui/%s with gzip: %v", name, err)
			continue
		}
		unpacked, err := io.ReadAll(zr)
		if err != nil || !bytes.Equal(unpacked, plain.body) {
			t.Errorf("GET /docs/ui/%s: the gzipped answer does not decompress to the plain one (%v)", name, err)
		}
		if len(packed.body) >= len(plain.body) {
			t.Errorf("GET /docs/ui/%s: gzipped %d bytes, plain %d", name, len(packed.body), len(plain.body))
		}
	}
	if gzipped != 2 {
		t.Errorf("%d files of /docs/ui/ served gzipped; want Swagger UI's script and style sheet", gzipped)
	}
}
