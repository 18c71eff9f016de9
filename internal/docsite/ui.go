package docsite

import (
	"bytes"
	"compress/gzip"
	"embed"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/labstack/echo/v4"
	swaggerui "github.com/swaggest/swgui/v5/static"
)

//go:embed ui/reference.js ui/docs.css
var ownFiles embed.FS

// asset is one file served at /docs/ui/{name}.
type asset struct {
	contentType string
	body        []byte
	gzipped     bool                   // body is gzip data
	plain       func() ([]byte, error) // the decompressed body of a gzipped asset, made once
}

// assets are the files of /docs/ui/: Swagger UI's script, style sheet and
// icons as the module github.com/swaggest/swgui embeds them (the script and
// the style sheet gzipped), and the reference's start script and the pages'
// style sheet of this package. No other name is served.
var assets = func() map[string]*asset {
	m := map[string]*asset{}
	add := func(fsys fs.FS, file, name, contentType string, gzipped bool) {
		b, err := fs.ReadFile(fsys, file)
		if err != nil {
			panic(fmt.Sprintf("docsite: embedded %s: %v", file, err)) // embedded: cannot fail
		}
		a := &asset{contentType: contentType, body: b, gzipped: gzipped}
		if gzipped {
			a.plain = sync.OnceValues(func() ([]byte, error) { return gunzip(b) })
		}
		m[name] = a
	}
	const js, css = "text/javascript; charset=utf-8", "text/css; charset=utf-8"
	add(swaggerui.FS, "swagger-ui-bundle.js.gz", "swagger-ui-bundle.js", js, true)
	add(swaggerui.FS, "swagger-ui.css.gz", "swagger-ui.css", css, true)
	add(swaggerui.FS, "favicon-16x16.png", "favicon-16x16.png", "image/png", false)
	add(swaggerui.FS, "favicon-32x32.png", "favicon-32x32.png", "image/png", false)
	add(ownFiles, "ui/reference.js", "reference.js", js, false)
	add(ownFiles, "ui/docs.css", "docs.css", css, false)
	return m
}()

// UIFiles returns the names served under /docs/ui/, sorted.
func UIFiles() []string {
	return slices.Sorted(maps.Keys(assets))
}

func gunzip(b []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}

// uiFile answers GET /docs/ui/{file}. A gzipped asset goes out as it is
// stored, with Content-Encoding: gzip, to a client that accepts gzip, and
// decompressed to any other.
func uiFile(c echo.Context) error {
	a, ok := assets[c.Param("file")]
	if !ok {
		return echo.ErrNotFound
	}
	h := c.Response().Header()
	h.Set("X-Content-Type-Options", "nosniff")
	body := a.body
	if a.gzipped {
		h.Add("Vary", "Accept-Encoding")
		if acceptsGzip(c.Request().Header.Values("Accept-Encoding")) {
			h.Set("Content-Encoding", "gzip")
		} else {
			var err error
			if body, err = a.plain(); err != nil {
				return fmt.Errorf("docsite: decompress %s: %w", c.Param("file"), err)
			}
		}
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	return c.Blob(http.StatusOK, a.contentType, body)
}

// acceptsGzip reports whether Accept-Encoding headers accept gzip: gzip (or
// x-gzip) with a weight above zero, or else * with a weight above zero.
func acceptsGzip(headers []string) bool {
	gz, star := -1.0, -1.0
	for _, h := range headers {
		for _, item := range strings.Split(h, ",") {
			name, params, _ := strings.Cut(item, ";")
			q := 1.0
			for _, p := range strings.Split(params, ";") {
				k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
				if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
					f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
					if err != nil {
						f = 0
					}
					q = f
				}
			}
			switch name = strings.ToLower(strings.TrimSpace(name)); name {
			case "gzip", "x-gzip":
				gz = max(gz, q)
			case "*":
				star = max(star, q)
			}
		}
	}
	if gz >= 0 {
		return gz > 0
	}
	return star > 0
}
