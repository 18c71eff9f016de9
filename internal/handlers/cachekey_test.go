package handlers

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"
)

// TestCacheKeyStable: keys are the version, the operation and the first 40
// hex digits of SHA-256 over the version and each part after a zero byte,
// as every earlier build wrote them, so that replicas of different builds
// of one engine version share a Redis; parts longer than the key's stack
// buffer included.
func TestCacheKeyStable(t *testing.T) {
	for _, parts := range [][]string{
		nil,
		{"b:chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"after", strings.Repeat("e2e4 ", 200)},
		{"i:" + strings.Repeat("x", 600), "", "moves"},
	} {
		h := sha256.New()
		h.Write([]byte(rulesVersion()))
		for _, p := range parts {
			h.Write([]byte{0})
			h.Write([]byte(p))
		}
		want := rulesVersion() + ":legal-moves:" + hex.EncodeToString(h.Sum(nil))[:40]
		if got := cacheKey("legal-moves", parts...); got != want {
			t.Errorf("cacheKey(%.40q) = %q; want %q", parts, got, want)
		}
	}
}
