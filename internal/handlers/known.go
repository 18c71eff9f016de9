package handlers

import (
	"crypto/sha256"

	lru "github.com/hashicorp/golang-lru/v2"
	"github.com/labstack/echo/v4"
	"github.com/prometheus/client_golang/prometheus"
)

// Known requests. The answer of legal-moves, status and validate-move is a
// function of the request's bytes alone (its operation, query and body),
// under one build's rules. So once a body has been validated and answered,
// the same bytes sent again need neither the validation nor the decoding,
// the FEN, the replay nor the key: validate finds the answer's cache key
// by the hash of the bytes, and answers with the cached bytes at once.
//
// The validation is not skipped but remembered: only a request that passed
// it, in this process, against the same document, and was answered is
// known, and an answer found this way is the one its computation stored.
// When the cache has forgotten the answer, or the bytes are new, the
// request takes the whole path, which records them again.

// knownEntries bounds the requests remembered: each entry is a 32-byte
// hash, a cache key of about 80 bytes, the variant's name for the log and
// the LRU's overhead, so 65,536 entries take about 20 MB at most.
const knownEntries = 1 << 16

// knownOps are the operations whose answers are found by their bytes.
var knownOps = map[string]bool{"legalMoves": true, "status": true, "validateMove": true}

// knownAnswer is where a known request's answer is cached.
type knownAnswer struct {
	key     string // the answer's cache key
	variant string // the request's variant, for the log
}

// known maps the hash of a request's bytes to its answer's cache key.
type known struct {
	cache  Cache
	lru    *lru.Cache[[sha256.Size]byte, knownAnswer]
	served prometheus.Counter
}

// newKnown returns the known requests of a server with cache; nil (no
// shortcut) without a cache.
func newKnown(cache Cache, served prometheus.Counter) *known {
	if cache == nil {
		return nil
	}
	l, err := lru.New[[sha256.Size]byte, knownAnswer](knownEntries)
	if err != nil {
		panic(err) // only for a size below one
	}
	return &known{cache: cache, lru: l, served: served}
}

// requestSum hashes what a known request's answer depends on.
func requestSum(op, query string, body []byte) [sha256.Size]byte {
	h := sha256.New()
	h.Write([]byte(op))
	h.Write([]byte{0})
	h.Write([]byte(query))
	h.Write([]byte{0})
	h.Write(body)
	var sum [sha256.Size]byte
	h.Sum(sum[:0])
	return sum
}

// serve answers a known request of op from the cache and says so (done);
// otherwise it notes the request's hash for remember and lets it through.
func (k *known) serve(c echo.Context, op string, body []byte) (done bool, err error) {
	if k == nil || !knownOps[op] {
		return false, nil
	}
	req := c.Request()
	sum := requestSum(op, req.URL.RawQuery, body)
	if a, ok := k.lru.Get(sum); ok {
		if b, ok := k.cache.Get(req.Context(), a.key); ok {
			c.Set("variant", a.variant)
			k.served.Inc()
			return true, answer(c, b)
		}
	}
	c.Set("knownSum", sum)
	return false, nil
}

// remember records that the request of c is answered under key.
func (k *known) remember(c echo.Context, key string) {
	if k == nil {
		return
	}
	sum, ok := c.Get("knownSum").([sha256.Size]byte)
	if !ok {
		return
	}
	v, _ := c.Get("variant").(string)
	k.lru.Add(sum, knownAnswer{key: key, variant: v})
}
