package handlers

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/adjudicator/adjudicator/api"
	"github.com/adjudicator/adjudicator/internal/docsite"
)

// docsRoutes routes the documentation pages through get, which adds
// HEAD and the caching headers of static pages: the API reference at
// /docs, its files at /docs/ui/{file} and the Markdown documents at
// /docs/{page} (package docsite).
func (s *Server) docsRoutes(get func(path string, h echo.HandlerFunc)) {
	docsite.Register(get)
}

func (s *Server) openAPI(c echo.Context) error {
	return c.Blob(http.StatusOK, "application/yaml", api.Spec)
}
