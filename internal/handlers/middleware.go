package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"
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
			if p, _ := c.Get("problem").(*Problem); p != nil && p.Code == codeTimeout {
				// Out of its time budget: the load or the request, not a
				// fault of the server; warn, without the stack trace that
				// the production logger adds at error.
				level = zapcore.WarnLevel
			}
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

// validate reads the body within the size limit, rejects malformed JSON,
// repeated keys and too deep a nesting with the offset of the bad byte
// (scanJSON), and checks the request against the OpenAPI document before
// any handler runs. Handlers read the body from the context.
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
			if err := scanJSON(req.Context(), body); err != nil {
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
