package handlers_test

import (
	"encoding/json"
	"net/http"
	"testing"
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
