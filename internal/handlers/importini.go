package handlers

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

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
// the pool of heavy work, within the request's deadline; the answer is
// encoded there too, section by section as each is imported, and the
// import stops when the answer would pass --max-answer-bytes.
func (s *Server) importVariants(c echo.Context) error {
	var req importRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	ctx := c.Request().Context()
	var out []byte
	err := s.heavy(ctx, func() (err error) {
		out, err = s.importAnswer(ctx, []byte(req.INI))
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
	return answer(c, out)
}

// importAnswer imports text and encodes the answer,
// {"variants":[...],"imported":N}, as it goes: a section is encoded as
// soon as it is imported and then dropped, so the answer's bytes are all
// the import holds, and they are bounded.
func (s *Server) importAnswer(ctx context.Context, text []byte) ([]byte, error) {
	out := append(make([]byte, 0, 4096), `{"variants":[`...)
	imported, n := 0, 0
	err := fsf.ImportEach(ctx, text, func(sec fsf.Section) error {
		b, err := json.Marshal(sec)
		if err != nil {
			return err
		}
		if len(out)+len(b)+64 > s.cfg.MaxAnswerBytes {
			return answerTooLarge(s.cfg.MaxAnswerBytes, "ini", fmt.Sprintf("at section [%s] (line %d), after %d sections", sec.Name, sec.Line, n))
		}
		if n > 0 {
			out = append(out, ',')
		}
		out = append(out, b...)
		n++
		if sec.Definition != nil {
			imported++
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	out = append(out, `],"imported":`...)
	out = strconv.AppendInt(out, int64(imported), 10)
	return append(out, "}\n"...), nil
}
