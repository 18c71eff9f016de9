package handlers_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/adjudicator/adjudicator/internal/handlers"
)

// TestBoardNameBounded: a piece's name is repeated in the tooltip of every
// square the piece stands on, so a long name made the picture the product
// of the name and the board (1 MiB of name, a 1.27 GB answer). Names are
// at most 64 bytes, by the contract and by the compiler.
func TestBoardNameBounded(t *testing.T) {
	h := newServer(t).Handler()
	def := func(name string) []byte {
		b, _ := json.Marshal(map[string]any{"definition": map[string]any{
			"id": "names", "name": "names", "files": 4, "ranks": 4, "startFEN": "k3/AAAA/AAAA/K3 w - - 0 1", "rules": map[string]any{},
			"pieces": []map[string]any{{"name": "King", "letter": "K", "betza": "K", "royal": true}, {"name": name, "letter": "A", "betza": "mW"}}}})
		return b
	}
	if rec := postJSON(h, "/v1/board.svg", def(strings.Repeat("&", 64))); rec.Code != http.StatusOK {
		t.Fatalf("a 64-byte name = %d %.300s; want 200", rec.Code, rec.Body)
	}
	rec := postJSON(h, "/v1/board.svg", def(strings.Repeat("&", 65)))
	if rec.Code != http.StatusBadRequest && rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), "name") {
		t.Errorf("a 65-byte name = %d %.300s; want a 4xx naming the name", rec.Code, rec.Body)
	}
}

// TestBoardAnswerBudget: a picture past --max-answer-bytes is refused with
// 422 limit-exceeded, never cached publicly.
func TestBoardAnswerBudget(t *testing.T) {
	h := newServerWith(t, func(c *handlers.Config) { c.MaxAnswerBytes = 4096 }).Handler()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/v1/board.svg?variant=terachess2", nil))
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), `"code":"limit-exceeded"`) ||
		strings.Contains(rec.Header().Get("Cache-Control"), "public") {
		t.Errorf("a picture past the budget = %d %.300s, Cache-Control %q; want 422 limit-exceeded, not public",
			rec.Code, rec.Body, rec.Header().Get("Cache-Control"))
	}
}
