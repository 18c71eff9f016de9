package handlers

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"strconv"
	"sync"

	"github.com/labstack/echo/v4"
	"golang.org/x/sync/singleflight"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// responseVersion changes with the shape of cached responses.
const responseVersion = "r2" // r2: status.canMate

// rulesVersion hashes everything an answer depends on besides the request:
// the embedded variant files, the engine version and the response format.
// It starts every cache key, so a deploy with changed rules never reads
// answers computed under the old ones.
var rulesVersion = sync.OnceValue(func() string {
	h := sha256.New()
	h.Write(rules.RulesData())
	h.Write([]byte{0})
	h.Write([]byte(rules.EngineVersion))
	h.Write([]byte{0})
	h.Write([]byte(responseVersion))
	return hex.EncodeToString(h.Sum(nil))[:16]
})

// variantKey names a request's variant in cache keys: the built-in id, or
// the hash of the inline definition's text.
func variantKey(vs variantSpec) string {
	if vs.inline() {
		sum := sha256.Sum256(vs.Definition)
		return "d:" + hex.EncodeToString(sum[:])
	}
	return "b:" + vs.Variant
}

// cacheKey builds the key of an operation's answer from its parts.
func cacheKey(op string, parts ...string) string {
	h := sha256.New()
	h.Write([]byte(rulesVersion()))
	for _, p := range parts {
		h.Write([]byte{0})
		h.Write([]byte(p))
	}
	return rulesVersion() + ":" + op + ":" + hex.EncodeToString(h.Sum(nil))[:40]
}

// answers caches whole JSON answers and computes each missing one once for
// all concurrent identical requests.
type answers struct {
	cache  Cache
	flight singleflight.Group
}

// get returns the answer under key, computing and storing it on a miss.
// Only successful answers are stored. compute returns a value to encode, or
// the encoded answer itself as a json.RawMessage ending in a newline.
func (a *answers) get(ctx context.Context, key string, compute func() (any, error)) ([]byte, error) {
	if a.cache != nil {
		if b, ok := a.cache.Get(ctx, key); ok {
			return b, nil
		}
	}
	v, err, _ := a.flight.Do(key, func() (any, error) {
		out, err := compute()
		if err != nil {
			return nil, err
		}
		raw, ok := out.(json.RawMessage)
		b := []byte(raw)
		if !ok {
			if b, err = json.Marshal(out); err != nil {
				return nil, err
			}
			b = append(b, '\n')
		}
		if a.cache != nil {
			a.cache.Set(context.WithoutCancel(ctx), key, b)
		}
		return b, nil
	})
	if err != nil {
		return nil, err
	}
	return v.([]byte), nil
}

// reply sends a cached or computed JSON answer.
func (s *Server) reply(c echo.Context, key string, compute func() (any, error)) error {
	b, err := s.answers.get(c.Request().Context(), key, compute)
	if err != nil {
		return err
	}
	s.known.remember(c, key)
	return answer(c, b)
}

// answer sends an encoded JSON answer with its length, so that net/http
// writes it in one piece rather than in chunks (it chunks an answer of
// unknown length over 2 KB). The gzip layer drops the length when it
// compresses.
func answer(c echo.Context, b []byte) error {
	c.Response().Header().Set(echo.HeaderContentLength, strconv.Itoa(len(b)))
	return c.JSONBlob(http.StatusOK, b)
}
