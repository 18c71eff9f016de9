package handlers

import (
	"encoding/json"

	"github.com/labstack/echo/v4"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// The answer budget. Every answer is at most Config.MaxAnswerBytes
// (--max-answer-bytes) long: work whose answer would pass it stops with a
// 422 limit-exceeded that names the bound, instead of building the answer
// and holding it in memory. The default is far above what any answer the
// contract allows reaches (docs/LIMITS.md lists each endpoint's largest);
// the bound is for the answers no contract foresaw. The import checks it
// section by section as it builds its answer (importini.go), the others
// when their answer is encoded.

// answerTooLarge is the problem of work stopped because its answer would
// pass the bound; where says how far it got.
func answerTooLarge(limit int, field, where string) *Problem {
	p := problem(string(rules.ErrLimitExceeded), field, "the answer would be larger than %d bytes (--max-answer-bytes)", limit)
	if where != "" {
		p.Detail += " " + where
	}
	return p
}

// encodeAnswer encodes v as an answer, a JSON value and a newline, within
// the budget.
func (s *Server) encodeAnswer(v any, field string) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	if len(b)+1 > s.cfg.MaxAnswerBytes {
		return nil, answerTooLarge(s.cfg.MaxAnswerBytes, field, "")
	}
	return append(b, '\n'), nil
}

// sendJSON sends v as a 200 answer within the budget.
func (s *Server) sendJSON(c echo.Context, v any, field string) error {
	b, err := s.encodeAnswer(v, field)
	if err != nil {
		return err
	}
	return answer(c, b)
}
