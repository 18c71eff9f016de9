// Package playground serves the playground: one HTML page at / that plays
// any variant through the service's own JSON API (variants, legal-moves,
// validate-move, games/adjudicate, setups), a client of it like any other.
// The page, its style sheet and its script are embedded and served as one
// document of under 100 KB: nothing is fetched from elsewhere, there is no
// framework and no build step. Every rule decision comes from the API.
package playground

import (
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"fmt"
	"io/fs"
	"net/http"
	"slices"
	"strings"

	"github.com/labstack/echo/v4"
)

//go:embed index.html style.css *.js
var files embed.FS

// scripts are the page's script files, split by concern, in the order in
// which build joins them into its one script: app.js (the state, the API,
// the game), board.js, moves.js, claims.js, setup.js, and main.js, which
// wires the controls and starts the page.
var scripts = []string{"app.js", "board.js", "moves.js", "claims.js", "setup.js", "main.js"}

// Path is where the page is served.
const Path = "/"

var page, csp = build()

// build inlines the style sheet and the script into the page and returns
// it with a Content-Security-Policy that allows exactly them.
func build() ([]byte, string) {
	read := func(name string) string {
		b, err := files.ReadFile(name)
		if err != nil {
			panic(err) // embedded: cannot fail
		}
		return string(b)
	}
	style, script := read("style.css"), joinScripts(read)
	html := read("index.html")
	for _, part := range []struct{ mark, text string }{{"/*STYLE*/", style}, {"/*SCRIPT*/", script}} {
		if strings.Count(html, part.mark) != 1 {
			panic("playground: index.html must hold " + part.mark + " once")
		}
		html = strings.Replace(html, part.mark, part.text, 1)
	}
	hash := func(s string) string {
		sum := sha256.Sum256([]byte(s))
		return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	policy := "default-src 'none'; script-src " + hash(script) + "; style-src " + hash(style) +
		"; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
	return []byte(html), policy
}

// joinScripts joins the script files in the order of scripts into one
// script: one strict-mode function, called at once, so that the files
// share their names and define no global.
func joinScripts(read func(string) string) string {
	embedded, err := fs.Glob(files, "*.js")
	if err != nil || !slices.Equal(embedded, slices.Sorted(slices.Values(scripts))) {
		panic(fmt.Sprintf("playground: the script files %q are not those of scripts %q", embedded, scripts))
	}
	var b strings.Builder
	b.WriteString("(() => {\n'use strict';\n")
	for _, name := range scripts {
		b.WriteString("\n")
		b.WriteString(read(name))
	}
	b.WriteString("})();\n")
	return b.String()
}

// Page returns the page as served.
func Page() []byte { return page }

// Handler answers GET / with the page.
func Handler(c echo.Context) error {
	h := c.Response().Header()
	h.Set("Content-Security-Policy", csp)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "no-cache")
	return c.HTMLBlob(http.StatusOK, page)
}
