package handlers

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// Problem is an RFC 9457 problem document. Handlers return errors; the one
// error handler of the server turns every error into a Problem.
type Problem struct {
	Type     string `json:"type"`
	Title    string `json:"title"`
	Status   int    `json:"status"`
	Detail   string `json:"detail,omitempty"`
	Instance string `json:"instance,omitempty"`
	Code     string `json:"code"`
	Field    string `json:"field,omitempty"`
	Offset   *int   `json:"offset,omitempty"`
	Line     *int   `json:"line,omitempty"`   // invalid-pgn, invalid-ini: the line of the bad character, from 1
	Column   *int   `json:"column,omitempty"` // and its column, from 1, in characters
	Reason   string `json:"reason,omitempty"`
	// Suggestions: for unknown-variant, the ids of the built-in variants
	// whose names are closest to the one given, nearest first.
	Suggestions []string `json:"suggestions,omitempty"`
}

func (p *Problem) Error() string {
	s := p.Code
	if p.Field != "" {
		s += " in " + p.Field
	}
	if p.Detail != "" {
		s += ": " + p.Detail
	}
	return s
}

// The problem codes of the HTTP layer; the engine's codes (rules.Code) are
// used as they are.
const (
	codeBadRequest       = "bad-request"
	codeJSONTooDeep      = "json-too-deep"
	codeSchemaViolation  = "schema-violation"
	codeBodyTooLarge     = "body-too-large"
	codeUnsupportedMedia = "unsupported-media-type"
	codeNotFound         = "not-found"
	codeMethodNotAllowed = "method-not-allowed"
	codeTimeout          = "timeout"
	codeInternal         = "internal"
)

// problemKinds is the one table from error code to HTTP status and title.
var problemKinds = map[string]struct {
	status int
	title  string
}{
	codeBadRequest:                   {http.StatusBadRequest, "Malformed request"},
	codeJSONTooDeep:                  {http.StatusBadRequest, "JSON nested too deep"},
	codeSchemaViolation:              {http.StatusBadRequest, "Request does not match the API schema"},
	codeBodyTooLarge:                 {http.StatusRequestEntityTooLarge, "Request body too large"},
	codeUnsupportedMedia:             {http.StatusUnsupportedMediaType, "Unsupported media type"},
	codeNotFound:                     {http.StatusNotFound, "Not found"},
	codeMethodNotAllowed:             {http.StatusMethodNotAllowed, "Method not allowed"},
	codeTimeout:                      {http.StatusServiceUnavailable, "The request ran out of time"},
	codeOverloaded:                   {http.StatusTooManyRequests, "The server is busy with heavy work"},
	codeInternal:                     {http.StatusInternalServerError, "Internal error"},
	string(rules.ErrUnknownVariant):  {http.StatusUnprocessableEntity, "Unknown variant"},
	string(rules.ErrInvalidVariant):  {http.StatusUnprocessableEntity, "Invalid variant definition"},
	string(rules.ErrInvalidBetza):    {http.StatusUnprocessableEntity, "Invalid movement string"},
	string(rules.ErrInvalidFEN):      {http.StatusUnprocessableEntity, "Invalid FEN"},
	string(rules.ErrIllegalPosition): {http.StatusUnprocessableEntity, "Illegal position"},
	string(rules.ErrInvalidMove):     {http.StatusUnprocessableEntity, "Invalid move"},
	string(rules.ErrIllegalMove):     {http.StatusUnprocessableEntity, "Illegal move"},
	string(rules.ErrAmbiguousMove):   {http.StatusUnprocessableEntity, "Ambiguous move"},
	string(rules.ErrGameOver):        {http.StatusUnprocessableEntity, "The game is over"},
	string(rules.ErrLimitExceeded):   {http.StatusUnprocessableEntity, "Limit exceeded"},
	string(rules.ErrInvalidArgument): {http.StatusUnprocessableEntity, "Invalid argument"},
	codeInvalidPGN:                   {http.StatusUnprocessableEntity, "Invalid PGN"},
	codeInvalidINI:                   {http.StatusUnprocessableEntity, "Invalid variant configuration"},
}

// problem builds a Problem of a known code.
func problem(code, field, format string, args ...any) *Problem {
	k, ok := problemKinds[code]
	if !ok {
		k = problemKinds[codeInternal]
	}
	return &Problem{Type: "/problems/" + code, Title: k.title, Status: k.status, Code: code,
		Field: field, Detail: fmt.Sprintf(format, args...)}
}

// withOffset sets the byte offset of a problem.
func (p *Problem) withOffset(off int) *Problem {
	if off >= 0 {
		p.Offset = &off
	}
	return p
}

// fromRules turns an engine error into a problem; prefix names the request
// field that held the engine's input (fen, move, definition).
func fromRules(e *rules.Error, prefix string) *Problem {
	field := e.Field
	switch {
	case prefix == "":
	case field == "":
		field = prefix
	case prefix == "fen" || prefix == "move" || prefix == "depth":
		// The engine names the FEN's own field (board, rights...): keep the
		// request field and say which part of it in the detail.
		if field != prefix {
			e = &rules.Error{Code: e.Code, Field: e.Field, Offset: e.Offset, Reason: e.Reason,
				Detail: e.Field + ": " + e.Detail}
		}
		field = prefix
	default:
		field = prefix + "." + field
	}
	p := problem(string(e.Code), field, "%s", e.Detail).withOffset(e.Offset)
	p.Reason = e.Reason
	return p
}

// toProblem turns any error a handler returns into a problem.
func toProblem(err error) *Problem {
	var p *Problem
	var re *rules.Error
	var he *echo.HTTPError
	switch {
	case errors.As(err, &p):
		return p
	case errors.As(err, &re):
		return fromRules(re, "")
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return problem(codeTimeout, "", "the computation did not finish within the request's time budget")
	case errors.As(err, &he):
		switch he.Code {
		case http.StatusNotFound:
			return problem(codeNotFound, "", "no such resource")
		case http.StatusMethodNotAllowed:
			return problem(codeMethodNotAllowed, "", "this resource does not accept that method")
		case http.StatusRequestEntityTooLarge:
			return problem(codeBodyTooLarge, "", "%v", he.Message)
		case http.StatusBadRequest:
			return problem(codeBadRequest, "", "%v", he.Message)
		}
		if he.Code < 500 {
			p := problem(codeBadRequest, "", "%v", he.Message)
			p.Status, p.Title = he.Code, http.StatusText(he.Code)
			return p
		}
	}
	return problem(codeInternal, "", "internal error")
}
