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

// variantKey names a request's variant in cache keys: the built-in id
// (whichever alias named it), or the hash of the inline definition's text.
func variantKey(vs variantSpec) string {
	if vs.inline() {
		sum := sha256.Sum256(vs.Definition)
		return "d:" + hex.EncodeToString(sum[:])
	}
	return "b:" + vs.builtinID()
}

// cacheKey builds the key of an operation's answer from its parts.
func cacheKey(op string, parts ...string) string {
	var stack [512]byte // most keys' input fits: no allocation but the key's
	in := append(stack[:0], rulesVersion()...)
	for _, p := range parts {
		in = append(in, 0)
		in = append(in, p...)
	}
	sum := sha256.Sum256(in)
	var digits [2 * sha256.Size]byte
	hex.Encode(digits[:], sum[:])
	return rulesVersion() + ":" + op + ":" + string(digits[:40])
}

// answers caches whole JSON answers and computes each missing one once for
// all concurrent identical requests (shared.go).
type answers struct {
	cache    Cache
	flight   flightGroup
	maxBytes int // the answer budget (Config.MaxAnswerBytes)
}

// get returns the answer under key, computing and storing it on a miss.
// Only successful answers are stored. compute returns a value to encode, or
// the encoded answer itself as a json.RawMessage ending in a newline,
// which it may write into buf (empty, with room to grow); it runs under
// the shared computation's context, which it must use in place of ctx.
// own says the bytes returned are the caller's alone (no cache keeps them
// and no other request shares them), to be recycled once written
// (answerBuffers).
func (a *answers) get(ctx context.Context, key string, compute func(ctx context.Context, buf []byte) (any, error)) (b []byte, own bool, err error) {
	if a.cache != nil {
		if b, ok := a.cache.Get(ctx, key); ok {
			return b, false, nil
		}
	}
	b, shared, err := a.flight.do(ctx, key, func(ctx context.Context) ([]byte, error) {
		var buf []byte
		if a.cache == nil {
			buf = *answerBuffers.Get().(*[]byte)
		}
		out, err := compute(ctx, buf[:0])
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
		if len(b) > a.maxBytes {
			return nil, answerTooLarge(a.maxBytes, "", "")
		}
		if a.cache != nil {
			a.cache.Set(context.WithoutCancel(ctx), key, b)
		}
		return b, nil
	})
	if err != nil {
		return nil, false, err
	}
	return b, a.cache == nil && !shared, nil
}

// answerBuffers recycles the buffers of answers that nothing keeps once
// they are written: those of a server without a cache. A buffer grown
// past maxRecycled is left to the collector.
var answerBuffers = sync.Pool{New: func() any { return new([]byte) }}

const maxRecycled = 256 << 10

// recycle returns an answer's buffer to answerBuffers.
func recycle(b []byte) {
	if cap(b) <= maxRecycled {
		b = b[:0]
		answerBuffers.Put(&b)
	}
}

// detailBuffers recycles the move details legal-moves writes its answer
// from: the answer holds none of them once written. Storage grown past
// maxRecycledDetails moves is left to the collector.
var detailBuffers = sync.Pool{New: func() any { return new([]rules.MoveDetail) }}

const maxRecycledDetails = 1024

// reply sends a cached or computed JSON answer.
func (s *Server) reply(c echo.Context, key string, compute func(ctx context.Context, buf []byte) (any, error)) error {
	b, own, err := s.answers.get(c.Request().Context(), key, compute)
	if err != nil {
		return err
	}
	s.known.remember(c, key)
	err = answer(c, b)
	if own {
		recycle(b) // written: the response copied it
	}
	return err
}

// answer sends an encoded JSON answer with its length, so that net/http
// writes it in one piece rather than in chunks (it chunks an answer of
// unknown length over 2 KB). The gzip layer drops the length when it
// compresses.
func answer(c echo.Context, b []byte) error {
	c.Response().Header().Set(echo.HeaderContentLength, strconv.Itoa(len(b)))
	return c.JSONBlob(http.StatusOK, b)
}
