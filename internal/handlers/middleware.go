package handlers

import (
	"bytes"
	"context"
	"crypto/rand"
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
		s.metrics.inflight.Inc()
		defer s.metrics.inflight.Dec()
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
		req, res := c.Request(), c.Response()
		status := res.Status
		el := time.Since(start)
		p, _ := c.Get("problem").(*Problem)
		code := ""
		if p != nil {
			code = p.Code
		}
		s.metrics.observe(route, methodLabel(req.Method), status, code, el)
		cause, failed := c.Get("cause").(error)
		level := zapcore.InfoLevel
		if failed {
			level = zapcore.ErrorLevel
			if p != nil && p.Code == codeTimeout {
				// Out of its time budget: the load or the request, not a
				// fault of the server; warn, without the stack trace that
				// the production logger adds at error.
				level = zapcore.WarnLevel
			}
		}
		// The fields are built only for a line the logger writes.
		ce := s.log.Check(level, "request")
		if ce == nil {
			return nil
		}
		fields := make([]zap.Field, 0, 16)
		fields = append(fields,
			zap.String("method", req.Method),
			zap.String("route", route),
			zap.Int("status", status),
			zap.Duration("latency", el),
			zap.String("request_id", requestID(c)),
			zap.String("remote_addr", req.RemoteAddr),
			zap.String("user_agent", clip(req.UserAgent())),
			zap.Int64("bytes_in", bytesIn(c)),
			zap.Int64("bytes_out", res.Size),
		)
		if fwd := req.Header.Get(echo.HeaderXForwardedFor); fwd != "" {
			fields = append(fields, zap.String("forwarded_for", clip(fwd)))
		}
		if v := requestVariant(c); v != "" {
			fields = append(fields, zap.String("variant", v))
		}
		if p != nil {
			fields = append(fields, zap.String("problem", p.Code))
			if p.Field != "" {
				fields = append(fields, zap.String("field", p.Field))
			}
		}
		if failed {
			fields = append(fields, zap.Error(cause))
		}
		ce.Write(fields...)
		return nil
	}
}

// clip bounds a client's text in the log to 256 bytes.
func clip(s string) string {
	const most = 256
	if len(s) > most {
		return s[:most] + "..."
	}
	return s
}

// bytesIn is the size of the request body as read (the body bytes the
// validation read), else as declared.
func bytesIn(c echo.Context) int64 {
	if body, ok := c.Get("body").([]byte); ok {
		return int64(len(body))
	}
	return max(c.Request().ContentLength, 0)
}

// requestVariant names the request's variant for the log: the id given in
// the body (bind records it), the path or the query, or "inline" for an
// inline definition; "" when the request names none.
func requestVariant(c echo.Context) string {
	if v, ok := c.Get("variant").(string); ok {
		return v
	}
	if c.Path() == "/v1/variants/:id" {
		return clip(c.Param("id"))
	}
	if c.Request().Method == http.MethodGet || c.Request().Method == http.MethodHead {
		if v := c.QueryParam("variant"); v != "" {
			return clip(v)
		}
		if c.QueryParam("definitionHash") != "" {
			return "inline"
		}
	}
	return ""
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

// maxRequestIDBytes bounds a client's X-Request-Id that the server adopts.
const maxRequestIDBytes = 128

// assignRequestID gives every request an id, answered in X-Request-Id
// and logged: the client's own when it sends one that can only be an id
// (validRequestID), otherwise a fresh one, as when it sends none. A longer
// or stranger text is neither echoed nor logged.
func assignRequestID(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		id := c.Request().Header.Get(echo.HeaderXRequestID)
		if !validRequestID(id) {
			id = rand.Text()
		}
		c.Response().Header().Set(echo.HeaderXRequestID, id)
		c.Set("requestID", id)
		return next(c)
	}
}

// validRequestID says whether a client's request id is one to adopt: 1 to
// maxRequestIDBytes bytes, each a visible ASCII character (0x21-0x7e: no
// space, no control byte, nothing beyond ASCII).
func validRequestID(id string) bool {
	if id == "" || len(id) > maxRequestIDBytes {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] < 0x21 || id[i] > 0x7e {
			return false
		}
	}
	return true
}

// validate reads the body within the size limit, rejects malformed JSON,
// repeated keys and too deep a nesting with the offset of the bad byte
// while it decodes the body in one pass (decodeJSON), and checks the request against the OpenAPI document before
// any handler runs: a GET's (and a HEAD's) query string too, pair by pair
// (checkQuery), since the parsed query that handlers read drops what it
// cannot read. Handlers read the body from the context. A request
// whose exact bytes were answered before is answered from the cache here
// (known.go), without the work that only a computed answer needs.
func (s *Server) validate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		ck := s.spec.checkFor(req, c.Path())
		if ck == nil {
			// echo answers 404 or 405 for what the document lacks; the
			// router test keeps both in step.
			return next(c)
		}
		if req.Method == http.MethodGet || req.Method == http.MethodHead {
			if err := ck.checkQuery(req.URL.RawQuery); err != nil {
				return err
			}
		}
		op := ck.route.Operation.OperationID
		stream, err := bulkMedia(op, req)
		if err != nil {
			return err
		}
		if stream {
			// A bulk adjudication streams its body; each line is checked
			// as a single request's body is (bulk.go).
			return next(c)
		}
		body, err := readBody(c, s.cfg.MaxBodyBytes)
		if err != nil {
			return err
		}
		c.Set("body", body)
		var doc any
		if ck.takesBody {
			if mt, _, _ := mime.ParseMediaType(req.Header.Get(echo.HeaderContentType)); mt != echo.MIMEApplicationJSON {
				return problem(codeUnsupportedMedia, "Content-Type", "the body must be application/json, not %q", req.Header.Get(echo.HeaderContentType))
			}
			if len(bytes.TrimSpace(body)) == 0 {
				return problem(codeBadRequest, "", "the request needs a JSON body")
			}
			if done, err := s.known.serve(c, op, body); done {
				return err
			}
			if doc, err = decodeJSON(req.Context(), body); err != nil {
				return err
			}
		}
		var params map[string]string
		if ck.params {
			names, values := c.ParamNames(), c.ParamValues()
			params = make(map[string]string, len(names))
			for i, n := range names {
				params[n] = values[i]
			}
		}
		req.Body = io.NopCloser(bytes.NewReader(body))
		if err := s.spec.validateRequest(req, ck, params, doc); err != nil {
			return err
		}
		if doc, ok := doc.(map[string]any); ok {
			c.Set("doc", doc)
		}
		return next(c)
	}
}

// readBody reads the request body within limit bytes: into a buffer of
// its declared length when it declares one, so that a body is read
// without growing copies.
func readBody(c echo.Context, limit int64) ([]byte, error) {
	req := c.Request()
	if req.Body == nil || req.Body == http.NoBody {
		return nil, nil
	}
	r := http.MaxBytesReader(c.Response(), req.Body, limit)
	var body []byte
	var err error
	if n := req.ContentLength; n > 0 && n <= limit {
		body = make([]byte, n)
		_, err = io.ReadFull(r, body)
		if err == nil {
			// A body longer than it declared is cut by net/http; read on
			// to the end so that the connection can be reused.
			_, err = io.Copy(io.Discard, r)
		}
	} else {
		body, err = io.ReadAll(r)
	}
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return nil, problem(codeBodyTooLarge, "", "the body is larger than %d bytes", limit)
	}
	if err != nil {
		return nil, problem(codeBadRequest, "", "reading the body: %v", err)
	}
	return body, nil
}

// bind decodes the validated body into v: from the document that the
// validation decoded when v can take it (docBinder), else from the body.
func bind(c echo.Context, v any) error {
	if b, ok := v.(docBinder); ok {
		if doc, ok := c.Get("doc").(map[string]any); ok && b.bindDoc(doc) {
			c.Set("variant", b.logName())
			return nil
		}
	}
	body, _ := c.Get("body").([]byte)
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return problem(codeBadRequest, "", "%v", err)
	}
	if n, ok := v.(interface{ logName() string }); ok {
		c.Set("variant", n.logName())
	}
	return nil
}
