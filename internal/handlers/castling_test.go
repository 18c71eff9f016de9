package handlers_test

import (
	"encoding/json"
	"net/http"
	"testing"
)

// TestCastlingAsDataInline: a definition with castling as data (sides,
// anyStart), taken from GET /v1/variants/{id}, passes the contract as an
// inline definition and counts what the built-in counts; a Chess960
// castling is listed King takes Rook.
func TestCastlingAsDataInline(t *testing.T) {
	h := newServer(t).Handler()
	for _, tt := range []struct {
		id, fen string
		depth   int
		nodes   int
	}{
		{"chess960", "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", 3, 11099},
		{"capablanca", "", 3, 25228},
	} {
		rec := serve(h, request(http.MethodGet, "/v1/variants/"+tt.id, ""))
		if rec.Code != 200 {
			t.Fatalf("GET /v1/variants/%s = %d", tt.id, rec.Code)
		}
		def := json.RawMessage(rec.Body.Bytes())
		body := map[string]any{"definition": def, "depth": tt.depth}
		if tt.fen != "" {
			body["fen"] = tt.fen
		}
		rec = serve(h, request(http.MethodPost, "/v1/perft", jsonText(body)))
		var got struct {
			Nodes int `json:"nodes"`
		}
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &got) != nil || got.Nodes != tt.nodes {
			t.Errorf("inline %s perft %d = %d %.300s; want %d nodes", tt.id, tt.depth, rec.Code, rec.Body.String(), tt.nodes)
		}
	}
	rec := serve(h, request(http.MethodPost, "/v1/legal-moves", `{"variant":"chess960","fen":"rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1"}`))
	var lm struct {
		Moves []struct {
			UCI string `json:"uci"`
			SAN string `json:"san"`
		} `json:"moves"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &lm); err != nil {
		t.Fatal(err)
	}
	found := map[string]string{}
	for _, m := range lm.Moves {
		found[m.SAN] = m.UCI
	}
	if found["O-O"] != "b1h1" || found["O-O-O"] != "b1a1" {
		t.Errorf("Chess960 castling listed as %q and %q; want b1h1 and b1a1", found["O-O"], found["O-O-O"])
	}
}

// TestChess960Setups: POST /v1/setups makes a Chess960 array from its
// number, or from the seed, and answers the number.
func TestChess960Setups(t *testing.T) {
	h := newServer(t).Handler()
	var got struct {
		FEN    string `json:"fen"`
		Number *int   `json:"number"`
		Seed   uint64 `json:"seed"`
	}
	rec := serve(h, request(http.MethodPost, "/v1/setups", `{"variant":"chess960","mode":"chess960","number":0}`))
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != 200 ||
		got.FEN != "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1" || got.Number == nil || *got.Number != 0 {
		t.Fatalf("number 0 = %d %s", rec.Code, rec.Body.String())
	}
	rec = serve(h, request(http.MethodPost, "/v1/setups", `{"variant":"chess960","mode":"chess960","seed":7}`))
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != 200 || got.Number == nil {
		t.Fatalf("seed 7 = %d %s", rec.Code, rec.Body.String())
	}
	again := serve(h, request(http.MethodPost, "/v1/setups", jsonText(map[string]any{"variant": "chess960", "mode": "chess960", "number": *got.Number})))
	var by struct {
		FEN string `json:"fen"`
	}
	if err := json.Unmarshal(again.Body.Bytes(), &by); err != nil || by.FEN != got.FEN {
		t.Errorf("seed 7 gives %s (number %d); that number gives %s", got.FEN, *got.Number, again.Body.String())
	}
	for _, body := range []string{
		`{"variant":"chess960","mode":"chess960","number":960}`,
		`{"variant":"chess","mode":"chess960","number":5}`,
	} {
		if rec := serve(h, request(http.MethodPost, "/v1/setups", body)); rec.Code != 422 && rec.Code != 400 {
			t.Errorf("%s = %d %s; want a 4xx problem", body, rec.Code, rec.Body.String())
		}
	}
}
