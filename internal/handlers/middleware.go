package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// observe times the request, bounds its computation by the request
// timeout, logs one line and records the metrics.
func (s *Server) observe(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		ctx, cancel := context.WithTimeout(c.Request().Context(), s.cfg.RequestTimeout)
		defer cancel()
		c.SetRequest(c.Request().WithContext(ctx))
		err := next(c)
		if err != nil {
			c.Error(err)
		}
		route := c.Path()
		if route == "" {
			route = "unmatched"
		}
		status := c.Response().Status
		el := time.Since(start)
		s.metrics.observe(route, methodLabel(c.Request().Method), status, el)
		level := zapcore.InfoLevel
		fields := []zap.Field{
			zap.String("method", c.Request().Method),
			zap.String("route", route),
			zap.Int("status", status),
			zap.Duration("latency", el),
			zap.String("request_id", requestID(c)),
		}
		if p, ok := c.Get("problem").(*Problem); ok {
			fields = append(fields, zap.String("problem", p.Code))
			if p.Field != "" {
				fields = append(fields, zap.String("field", p.Field))
			}
		}
		if cause, ok := c.Get("cause").(error); ok {
			level = zapcore.ErrorLevel
			fields = append(fields, zap.Error(cause))
		}
		if ce := s.log.Check(level, "request"); ce != nil {
			ce.Write(fields...)
		}
		return nil
	}
}

// methodLabel keeps the metrics' method label to the methods HTTP defines,
// so a client cannot create label values at will.
func methodLabel(m string) string {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return m
	}
	return "other"
}

func requestID(c echo.Context) string {
	id, _ := c.Get("requestID").(string)
	return id
}

// validate reads the body within the size limit, rejects malformed JSON
// with the offset of the bad character, and checks the request against the
// OpenAPI document before any handler runs. Handlers read the body from
// the context.
func (s *Server) validate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		route, params, err := s.spec.router.FindRoute(req)
		if err != nil {
			// echo answers 404 or 405 for what the document lacks; the
			// router test keeps both in step.
			return next(c)
		}
		var body []byte
		if req.Body != nil && req.Body != http.NoBody {
			body, err = io.ReadAll(http.MaxBytesReader(c.Response(), req.Body, s.cfg.MaxBodyBytes))
			var tooBig *http.MaxBytesError
			if errors.As(err, &tooBig) {
				return problem(codeBodyTooLarge, "", "the body is larger than %d bytes", s.cfg.MaxBodyBytes)
			}
			if err != nil {
				return problem(codeBadRequest, "", "reading the body: %v", err)
			}
		}
		if route.Operation.RequestBody != nil {
			if mt, _, _ := mime.ParseMediaType(req.Header.Get(echo.HeaderContentType)); mt != echo.MIMEApplicationJSON {
				return problem(codeUnsupportedMedia, "Content-Type", "the body must be application/json, not %q", req.Header.Get(echo.HeaderContentType))
			}
			if len(bytes.TrimSpace(body)) == 0 {
				return problem(codeBadRequest, "", "the request needs a JSON body")
			}
			if err := checkJSON(body); err != nil {
				return err
			}
		}
		req.Body = io.NopCloser(bytes.NewReader(body))
		if err := s.spec.validateRequest(req, route, params); err != nil {
			return err
		}
		c.Set("body", body)
		return next(c)
	}
}

// checkJSON reports malformed JSON with the offset of the bad byte (the
// end of the body when it stops early), and a key repeated in one object
// with the offset of the repeat: encoding/json would silently keep the last.
// Valid bodies are read once, by the key walk; only a malformed one is read
// again, for the absolute offset of its fault.
func checkJSON(body []byte) error {
	err := checkDuplicateKeys(body)
	var p *Problem
	if err == nil || errors.As(err, &p) {
		return err
	}
	var syn *json.SyntaxError
	err = json.Unmarshal(body, new(any))
	switch {
	case err == nil:
		return problem(codeBadRequest, "", "malformed JSON").withOffset(len(body))
	case errors.As(err, &syn):
		off := int(syn.Offset) - 1
		if syn.Error() == "unexpected end of JSON input" {
			off = len(body)
		}
		return problem(codeBadRequest, "", "malformed JSON: %v", syn).withOffset(off)
	}
	return problem(codeBadRequest, "", "malformed JSON: %v", err).withOffset(len(body))
}

// checkDuplicateKeys walks the JSON and rejects a key given twice in one
// object, naming its path; a syntax error comes back as the decoder's error.
func checkDuplicateKeys(body []byte) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	var walk func(path string) error
	walk = func(path string) error {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('{'):
			seen := map[string]bool{}
			for dec.More() {
				off := int(dec.InputOffset())
				kt, err := dec.Token()
				if err != nil {
					return err
				}
				key := kt.(string)
				field := joinPath(path, key)
				if seen[key] {
					return problem(codeBadRequest, field, "key %q appears twice", key).withOffset(keyOffset(body, off))
				}
				seen[key] = true
				if err := walk(field); err != nil {
					return err
				}
			}
			_, err = dec.Token()
			return err
		case json.Delim('['):
			for i := 0; dec.More(); i++ {
				if err := walk(fmt.Sprintf("%s[%d]", path, i)); err != nil {
					return err
				}
			}
			_, err = dec.Token()
			return err
		}
		return nil
	}
	if err := walk(""); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("data after the JSON value")
	}
	return nil
}

// keyOffset skips the separators before a key that the decoder has not consumed.
func keyOffset(body []byte, off int) int {
	for off < len(body) && strings.IndexByte(" \t\r\n,", body[off]) >= 0 {
		off++
	}
	return off
}

// bind decodes the validated body into v.
func bind(c echo.Context, v any) error {
	body, _ := c.Get("body").([]byte)
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return problem(codeBadRequest, "", "%v", err)
	}
	return nil
}
