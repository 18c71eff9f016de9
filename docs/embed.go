// Package docs carries the Markdown documents of this directory in the
// binary, so that the service can serve them (internal/docsite) without
// reading the repository at run time.
package docs

import "embed"

// FS holds every Markdown file of this directory, by its file name.
//
//go:embed *.md
var FS embed.FS
