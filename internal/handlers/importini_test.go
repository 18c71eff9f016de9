package handlers_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/adjudicator/adjudicator/internal/handlers"
)

// TestImportThenPlay imports a Fairy-Stockfish section and sends the
// definition it answers as an inline definition: the definition is usable
// as it stands, and its moves are the variant's.
func TestImportThenPlay(t *testing.T) {
	h := newServer(t).Handler()
	body, _ := json.Marshal(map[string]string{"ini": "[capablanca-nc:capablanca]\ncastling = false\n\n[house:crazyhouse]\n"})
	rec := postJSON(h, "/v1/variants/import", body)
	if rec.Code != http.StatusOK {
		t.Fatalf("import = %d %s", rec.Code, rec.Body)
	}
	var got struct {
		Imported int
		Variants []struct {
			Name       string
			Definition json.RawMessage
			Problems   []struct{ Code, Key string }
		}
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if got.Imported != 1 || len(got.Variants) != 2 || got.Variants[0].Definition == nil ||
		len(got.Variants[1].Problems) == 0 || got.Variants[1].Problems[0].Key == "" {
		t.Fatalf("import answer %s; want the first section imported, the second with problems naming keys", rec.Body)
	}
	req, _ := json.Marshal(map[string]any{"definition": got.Variants[0].Definition})
	rec = postJSON(h, "/v1/legal-moves", req)
	if rec.Code != http.StatusOK {
		t.Fatalf("legal-moves on the imported definition = %d %s", rec.Code, rec.Body)
	}
	var moves struct{ Moves []struct{ UCI string } }
	if err := json.Unmarshal(rec.Body.Bytes(), &moves); err != nil {
		t.Fatal(err)
	}
	if len(moves.Moves) != 28 {
		t.Errorf("%d legal moves from Capablanca Chess's start; want 28", len(moves.Moves))
	}
}

// importChain is a chain of sections, each the child of the one before,
// each setting four region keys of 900 bytes that keep it out: the
// attack that made 240 KB of text into 287 MB of answer when every child
// repeated its ancestors' problems with their values in full.
func importChain(sections int) []byte {
	var b strings.Builder
	value := strings.Repeat("a1 ", 300)
	pieces := []string{"Rook", "Knight", "Bishop", "Queen", "King", "Pawn", "Fers", "Wazir"}
	for i := range sections {
		if i == 0 {
			b.WriteString("[s0:chess]\n")
		} else {
			fmt.Fprintf(&b, "[s%d:s%d]\n", i, i-1)
		}
		for k := range 4 {
			fmt.Fprintf(&b, "mobilityRegionWhite%s = %s\n", pieces[(4*i+k)%len(pieces)], value)
		}
	}
	body, _ := json.Marshal(map[string]string{"ini": b.String()})
	return body
}

// TestImportAnswerBounded: the chain's answer is smaller than its text.
func TestImportAnswerBounded(t *testing.T) {
	body := importChain(14)
	rec := postJSON(newServer(t).Handler(), "/v1/variants/import", body)
	if rec.Code != http.StatusOK {
		t.Fatalf("import = %d %.300s", rec.Code, rec.Body)
	}
	if rec.Body.Len() > len(body) {
		t.Errorf("an answer of %d bytes to a text of %d; want at most the text's size", rec.Body.Len(), len(body))
	}
}

// TestImportAnswerBudget: an import whose answer would pass
// --max-answer-bytes stops there with 422 limit-exceeded naming the
// section it reached.
func TestImportAnswerBudget(t *testing.T) {
	h := newServerWith(t, func(c *handlers.Config) { c.MaxAnswerBytes = 2000 }).Handler()
	rec := postJSON(h, "/v1/variants/import", importChain(14))
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), `"code":"limit-exceeded"`) ||
		!strings.Contains(rec.Body.String(), "--max-answer-bytes") || !strings.Contains(rec.Body.String(), "at section [s") {
		t.Fatalf("import past the answer budget = %d %s; want 422 limit-exceeded at a section", rec.Code, rec.Body)
	}
	rec = postJSON(h, "/v1/variants/import", []byte(`{"ini":"[a:chess]\n"}`))
	if rec.Code != http.StatusOK {
		t.Errorf("a small import under the same budget = %d %s", rec.Code, rec.Body)
	}
}
