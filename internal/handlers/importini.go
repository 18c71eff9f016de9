package handlers

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/adjudicator/adjudicator/internal/fsf"
)

// codeInvalidINI is the problem of a configuration text that cannot be
// read at all (a line that is neither a comment nor key = value, a bad
// section header, no section).
const codeInvalidINI = "invalid-ini"

// importRequest is the body of variants/import: a Fairy-Stockfish
// configuration text (variants.ini).
type importRequest struct {
	INI string `json:"ini"`
}

// importVariants translates every section of a Fairy-Stockfish
// configuration into the definition format, or names what keeps it out.
// Each section is compiled to prove its definition, so the import runs in
// the pool of heavy work, within the request's deadline.
func (s *Server) importVariants(c echo.Context) error {
	var req importRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	ctx := c.Request().Context()
	var secs []fsf.Section
	err := s.heavy(ctx, func() (err error) {
		secs, err = fsf.Import(ctx, []byte(req.INI))
		return err
	})
	var se *fsf.SyntaxError
	switch {
	case errors.As(err, &se):
		p := problem(codeInvalidINI, "ini", "line %d, column %d: %s", se.Line, se.Column, se.Detail)
		p.Line, p.Column = &se.Line, &se.Column
		return p
	case err != nil:
		return err
	}
	imported := 0
	for _, sec := range secs {
		if sec.Definition != nil {
			imported++
		}
	}
	return c.JSON(http.StatusOK, map[string]any{"variants": secs, "imported": imported})
}
