package handlers

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// The HTTP conventions every answer follows: CORS for the origins the
// operator allows, gzip for large answers, and validators (ETag, 304) on
// the pages and documents that change only with a deploy.

// GzipMinBytes is the smallest answer compressed for a client that accepts
// gzip. Below it compression costs more than the bytes it saves on the
// links a site's backend uses: compressing the 5.3 KB legal-moves answer
// of a chess middle game at level 1 cut the loopback throughput to 0.79
// (docs/BENCHMARKS.md), so chess answers (typically 3-6 KB) go as they
// are, while the legal moves of 16x16 boards, the larger variant
// definitions (Grand Chess), the 16x16 pictures and the pages go
// compressed.
const GzipMinBytes = 8192

const (
	headerETag        = "ETag"
	headerIfNoneMatch = "If-None-Match"
)

// staticCacheControl is the Cache-Control of the revalidated pages, unless
// the handler set its own: five minutes, then a conditional request.
const staticCacheControl = "public, max-age=300"

// ParseOrigins reads the comma-separated list of origins allowed to call
// the service from a browser on another site (--cors-origins). Each is
// "*" (any origin) or scheme://host[:port] without a path, as browsers
// send it in the Origin header; empty entries are ignored.
func ParseOrigins(list string) ([]string, error) {
	var out []string
	for _, o := range strings.Split(list, ",") {
		o = strings.TrimSpace(o)
		if o == "" {
			continue
		}
		if o != "*" {
			u, err := url.Parse(o)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" ||
				u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil || o != u.Scheme+"://"+u.Host {
				return nil, fmt.Errorf("cors origin %q: want * or scheme://host[:port], as a browser's Origin header names it", o)
			}
			o = strings.ToLower(o)
		}
		out = append(out, o)
	}
	return out, nil
}

// cors allows the configured origins to call every route from a browser:
// simple requests get Access-Control-Allow-Origin, preflights the methods,
// headers and the ten minutes they may be cached. Origins are compared
// exactly (lower-cased); any other origin gets no Access-Control header,
// and its preflight a 204 the browser refuses.
func cors(origins []string) echo.MiddlewareFunc {
	cfg := middleware.CORSConfig{
		AllowMethods:  []string{http.MethodGet, http.MethodHead, http.MethodPost, http.MethodOptions},
		AllowHeaders:  []string{echo.HeaderContentType, echo.HeaderAccept, headerIfNoneMatch, echo.HeaderXRequestID},
		ExposeHeaders: []string{headerETag, echo.HeaderRetryAfter, echo.HeaderXRequestID, "Definition-Hash"},
		MaxAge:        600,
	}
	allowed := map[string]bool{}
	for _, o := range origins {
		allowed[o] = true
	}
	if allowed["*"] {
		cfg.AllowOrigins = []string{"*"}
	} else {
		cfg.AllowOriginFunc = func(origin string) (bool, error) { return allowed[strings.ToLower(origin)], nil }
	}
	return middleware.CORSWithConfig(cfg)
}

// compress gzips answers of at least GzipMinBytes for clients that accept
// it (acceptGzip), at the fastest level: the answers are JSON, SVG and
// HTML, which even level 1 shrinks four to ten times. The metrics handler
// compresses by itself, and the embedded Swagger UI files are stored
// compressed.
//
// echo's Gzip decides by whether Accept-Encoding holds the text "gzip",
// which gzip;q=0 does and * does not; here the decision is acceptGzip's,
// and echo's middleware only does the compressing: it is skipped when
// gzip is not acceptable, and sees Accept-Encoding: gzip when it is (the
// handler still sees the client's header).
func compress() echo.MiddlewareFunc {
	large := middleware.GzipWithConfig(middleware.GzipConfig{Level: gzip.BestSpeed, MinLength: GzipMinBytes})
	// For a client that refuses identity: every answer with a body.
	all := middleware.GzipWithConfig(middleware.GzipConfig{Level: gzip.BestSpeed})
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		restore := func(c echo.Context) error {
			if orig, ok := c.Get("acceptEncodingRequest").(*http.Request); ok {
				c.SetRequest(orig)
			}
			return next(c)
		}
		zipLarge, zipAll := large(restore), all(restore)
		return func(c echo.Context) error {
			if p := c.Path(); p == "/metrics" || strings.HasPrefix(p, "/docs/ui/") {
				return next(c)
			}
			req := c.Request()
			header := req.Header.Values(echo.HeaderAcceptEncoding)
			ok, identity := acceptGzip(header)
			if !ok {
				// The answer still depends on the header.
				c.Response().Header().Add(echo.HeaderVary, echo.HeaderAcceptEncoding)
				return next(c)
			}
			if !strings.Contains(req.Header.Get(echo.HeaderAcceptEncoding), "gzip") {
				// echo's test (the first value holds "gzip") would say no:
				// *, GZIP, or gzip in a second header line.
				orig := req
				req = req.Clone(req.Context())
				req.Header.Set(echo.HeaderAcceptEncoding, "gzip")
				c.SetRequest(req)
				c.Set("acceptEncodingRequest", orig)
			}
			if !identity {
				return zipAll(c)
			}
			return zipLarge(c)
		}
	}
}

// acceptGzip reads Accept-Encoding header values (RFC 9110, 12.5.3) and
// says whether gzip is acceptable and whether identity (no coding) is:
//
//   - codings and the q parameter are case-insensitive (GZIP;Q=0); x-gzip
//     is gzip (RFC 9110, 8.4.1.3);
//   - a weight is a qvalue, 0 to 1 with at most three decimals; a weight
//     that is not one makes its entry count as q=0, a refusal, rather than
//     guessing what the client meant;
//   - gzip is acceptable when it is listed with a weight above 0 (listed
//     twice, the higher weight counts), or else when * is;
//   - identity is acceptable unless identity;q=0, or *;q=0 without
//     identity listed;
//   - no header, or an empty one: gzip is not acceptable, identity is.
//
// When identity is refused and gzip accepted, every answer is gzipped,
// however small. When neither is acceptable (identity;q=0 alone, *;q=0),
// the answer goes without any coding rather than as a 406, as RFC 9110
// advises a server with no acceptable coding to do.
func acceptGzip(header []string) (gzipOK, identityOK bool) {
	gz, star, id := -1, -1, -1 // weights in thousandths; -1: not listed
	for _, h := range header {
		for _, item := range strings.Split(h, ",") {
			name, params, _ := strings.Cut(item, ";")
			name = strings.ToLower(strings.TrimSpace(name))
			if name == "" {
				continue
			}
			q := weight(params)
			switch name {
			case "gzip", "x-gzip":
				gz = max(gz, q)
			case "*":
				star = max(star, q)
			case "identity":
				id = max(id, q)
			}
		}
	}
	if gz < 0 {
		gz = star
	}
	identityOK = id > 0 || id < 0 && star != 0
	return gz > 0, identityOK
}

// weight returns the q parameter of an Accept-Encoding entry in
// thousandths: 1000 when there is none, 0 when it is not a qvalue
// ("0" ["." 0*3DIGIT] or "1" ["." 0*3"0"]).
func weight(params string) int {
	for _, p := range strings.Split(params, ";") {
		k, v, ok := strings.Cut(p, "=")
		if !ok || !strings.EqualFold(strings.TrimSpace(k), "q") {
			continue
		}
		whole, frac, _ := strings.Cut(strings.TrimSpace(v), ".")
		if (whole != "0" && whole != "1") || len(frac) > 3 {
			return 0
		}
		n := 0
		for i := range 3 {
			n *= 10
			if i < len(frac) {
				if frac[i] < '0' || frac[i] > '9' {
					return 0
				}
				n += int(frac[i] - '0')
			}
		}
		if whole == "1" {
			if n != 0 {
				return 0
			}
			return 1000
		}
		return n
	}
	return 1000
}

// noStore marks every error answer (status 400 and above) Cache-Control:
// no-store, replacing whatever the handler set: nothing wrong is kept by
// a shared cache or a browser. It runs as the status is written, so it
// covers the problems of the error handler, echo's 404 and 405 and a
// handler's own error status alike.
func noStore(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		res := c.Response()
		res.Before(func() {
			if res.Status >= http.StatusBadRequest {
				res.Header().Set(echo.HeaderCacheControl, "no-store")
			}
		})
		return next(c)
	}
}

// revalidate gives a GET (or HEAD) answer that depends only on the build a
// weak ETag (the hash of its bytes; weak because the gzip layer may send
// the same content in another encoding), a Cache-Control unless the
// handler set one, and answers 304 Not Modified with no body to a request
// whose If-None-Match names that ETag. Errors pass through unchanged.
func revalidate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		res := c.Response()
		real := res.Writer
		rec := &recorder{ResponseWriter: real}
		res.Writer = rec
		err := next(c)
		res.Writer = real
		if err != nil || !res.Committed {
			return err
		}
		if rec.status != http.StatusOK {
			if rec.status != 0 {
				real.WriteHeader(rec.status)
			}
			_, err := real.Write(rec.body.Bytes())
			return err
		}
		sum := sha256.Sum256(rec.body.Bytes())
		tag := `W/"` + base64.RawURLEncoding.EncodeToString(sum[:16]) + `"`
		h := real.Header()
		h.Set(headerETag, tag)
		if h.Get(echo.HeaderCacheControl) == "" {
			h.Set(echo.HeaderCacheControl, staticCacheControl)
		}
		if etagMatch(c.Request().Header.Get(headerIfNoneMatch), tag) {
			for _, k := range []string{echo.HeaderContentType, echo.HeaderContentLength, echo.HeaderContentEncoding} {
				h.Del(k)
			}
			real.WriteHeader(http.StatusNotModified)
			res.Status, res.Size = http.StatusNotModified, 0
			return nil
		}
		real.WriteHeader(http.StatusOK)
		_, err = real.Write(rec.body.Bytes())
		return err
	}
}

// etagMatch applies If-None-Match's weak comparison (RFC 9110, 13.1.2):
// "*" matches any answer, and a listed tag matches when the opaque parts
// agree, W/ or not.
func etagMatch(header, tag string) bool {
	if header == "" {
		return false
	}
	want := strings.TrimPrefix(tag, "W/")
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimSpace(t)
		if t == "*" || strings.TrimPrefix(t, "W/") == want {
			return true
		}
	}
	return false
}

// recorder keeps an answer's status and body until revalidate decides
// what goes out; headers go to the real writer's map directly.
type recorder struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (r *recorder) WriteHeader(code int) { r.status = code }

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.body.Write(b)
}
