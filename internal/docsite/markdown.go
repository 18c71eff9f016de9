package docsite

import (
	"bytes"
	"fmt"
	"net/url"
	"path"
	"strings"
	"unicode"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// markdown converts the documents: CommonMark with the tables, strikethrough
// and task lists of GitHub. Bare URLs stay text (no linkify), and raw HTML
// is left out of the output (goldmark's default), so a document cannot put
// a script or a request to elsewhere into a served page.
var markdown = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.TaskList))

// rendered is one Markdown document converted to HTML.
type rendered struct {
	title string // the text of its first level-1 heading
	body  []byte // the HTML of the document, without the page around it
}

// render converts src, a document of the docs directory, to HTML. files maps
// the file names of the served documents (VARIANTS.md) to their page names
// (variants): links to them point at the served pages, links to any other
// file of the repository become their text, and images become their
// alternative text. Headings get the ids GitHub gives them, so that the
// anchors written for the repository work on the served pages too.
func render(src []byte, files map[string]string) rendered {
	doc := markdown.Parser().Parse(text.NewReader(src))
	var r rendered
	ids := map[string]bool{}
	var unwrap []ast.Node
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			title := plainText(n, src)
			n.SetAttributeString("id", []byte(headingID(title, ids)))
			if n.Level == 1 && r.title == "" {
				r.title = title
			}
		case *ast.Link:
			if dest, ok := resolveLink(string(n.Destination), files); ok {
				n.Destination = []byte(dest)
			} else {
				unwrap = append(unwrap, n)
			}
		case *ast.Image:
			unwrap = append(unwrap, n)
		}
		return ast.WalkContinue, nil
	})
	for _, n := range unwrap {
		parent := n.Parent()
		for c := n.FirstChild(); c != nil; {
			next := c.NextSibling()
			parent.InsertBefore(parent, n, c)
			c = next
		}
		parent.RemoveChild(parent, n)
	}
	var buf bytes.Buffer
	// Rendering into a bytes.Buffer cannot fail: the writer never errs.
	_ = markdown.Renderer().Render(&buf, src, doc)
	r.body = buf.Bytes()
	return r
}

// resolveLink maps a link's destination in a document of the docs directory
// to where it points on the served site. It reports false for a link that
// would lead nowhere there: a relative link to a file that is not served.
// Links with a scheme or a host, absolute paths and anchors of the same page
// are kept as they are.
func resolveLink(dest string, files map[string]string) (string, bool) {
	u, err := url.Parse(dest)
	if err != nil {
		return "", false
	}
	if u.Scheme != "" || u.Host != "" || u.Path == "" || strings.HasPrefix(u.Path, "/") {
		return dest, true
	}
	target := path.Join("docs", u.Path)
	name, ok := files[strings.TrimPrefix(target, "docs/")]
	if !ok || !strings.HasPrefix(target, "docs/") {
		return "", false
	}
	out := PathPrefix + name
	if u.Fragment != "" {
		out += "#" + u.EscapedFragment()
	}
	return out, true
}

// plainText is the text a reader sees in n: its text and code spans, without
// the Markdown marks and without link destinations.
func plainText(n ast.Node, src []byte) string {
	var sb strings.Builder
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			sb.Write(c.Segment.Value(src))
			if c.SoftLineBreak() || c.HardLineBreak() {
				sb.WriteByte(' ')
			}
		case *ast.String:
			sb.Write(c.Value)
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(sb.String())
}

// headingID is the anchor GitHub gives a heading of the text title: the text
// in lower case, spaces as hyphens, and every character other than a letter,
// a digit, a hyphen or an underscore left out; a repeated id gets -1, -2 and
// so on. used holds the ids already given in the document.
func headingID(title string, used map[string]bool) string {
	var sb strings.Builder
	for _, r := range strings.ToLower(title) {
		switch {
		case unicode.IsLetter(r), unicode.IsDigit(r), r == '-', r == '_':
			sb.WriteRune(r)
		case r == ' ':
			sb.WriteByte('-')
		}
	}
	base := sb.String()
	if base == "" {
		base = "section"
	}
	id := base
	for n := 1; used[id]; n++ {
		id = fmt.Sprintf("%s-%d", base, n)
	}
	used[id] = true
	return id
}
