package client

import (
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strconv"
	"strings"
)

// Error makes a Problem an error, so that a caller of Service finds it with
// errors.As and switches on its Code:
//
//	var p *client.Problem
//	if errors.As(err, &p) && p.Code == "invalid-fen" { ... }
//
// The text names the code and the HTTP status, then the detail, the field and
// the offset when the service gave them.
func (p *Problem) Error() string {
	var b strings.Builder
	b.WriteString("adjudicator: ")
	b.WriteString(string(p.Code))
	b.WriteString(" (")
	b.WriteString(strconv.Itoa(p.Status))
	b.WriteString(")")
	switch {
	case p.Detail != nil && *p.Detail != "":
		b.WriteString(": ")
		b.WriteString(*p.Detail)
	case p.Title != "":
		b.WriteString(": ")
		b.WriteString(p.Title)
	}
	if p.Field != nil && *p.Field != "" {
		b.WriteString(" (field ")
		b.WriteString(*p.Field)
		if p.Offset != nil {
			b.WriteString(", offset ")
			b.WriteString(strconv.Itoa(*p.Offset))
		}
		b.WriteString(")")
	}
	return b.String()
}

// StatusError is an answer that is neither the success of its operation nor
// a problem document of the service: an error page of a proxy or a load
// balancer in front of it, an answer whose media type is not the one the
// operation promises, or a problem document that does not parse.
type StatusError struct {
	// StatusCode is the HTTP status of the answer.
	StatusCode int
	// ContentType is its Content-Type header, as sent.
	ContentType string
	// Body is the whole body of the answer.
	Body []byte
}

// Error names the status and the media type of the answer.
func (e *StatusError) Error() string {
	text := http.StatusText(e.StatusCode)
	if text == "" {
		text = "unknown status"
	}
	ct := e.ContentType
	if ct == "" {
		ct = "no content type"
	}
	return fmt.Sprintf("adjudicator: unexpected answer %d %s (%s, %d bytes)", e.StatusCode, text, ct, len(e.Body))
}

// answer reads the body of resp and returns it when resp is a 200 answer of
// the media type mediaType, and otherwise the error that resp stands for: a
// *Problem for a problem document of the service, a *StatusError for any
// other answer. err is that of the call that gave resp and is returned as it
// is.
func answer(resp *http.Response, err error, mediaType string) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	defer func() { _ = resp.Body.Close() }()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("adjudicator: reading the answer: %w", err)
	}
	contentType := resp.Header.Get("Content-Type")
	mt, _, _ := mime.ParseMediaType(contentType)
	if resp.StatusCode == http.StatusOK && mt == mediaType {
		return body, nil
	}
	if resp.StatusCode >= 400 && mt == "application/problem+json" {
		var p Problem
		if json.Unmarshal(body, &p) == nil && p.Code != "" {
			if p.Status == 0 {
				p.Status = resp.StatusCode
			}
			return nil, &p
		}
	}
	return nil, &StatusError{StatusCode: resp.StatusCode, ContentType: contentType, Body: body}
}

// decode is answer for a JSON operation: it decodes the body of a success
// into a T.
func decode[T any](resp *http.Response, err error) (*T, error) {
	body, err := answer(resp, err, "application/json")
	if err != nil {
		return nil, err
	}
	v := new(T)
	if err := json.Unmarshal(body, v); err != nil {
		return nil, fmt.Errorf("adjudicator: decoding the answer: %w", err)
	}
	return v, nil
}
