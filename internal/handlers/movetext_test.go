package handlers_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestMovesAsString: every endpoint that takes moves takes them as one
// string separated by white space, as lichess's NDJSON exports write
// them, and answers as for the array of its words; an error names
// moves[i], the i-th word, and the offset in it.
func TestMovesAsString(t *testing.T) {
	h := newServer(t).Handler()
	const text, words = `e4 d5  exd5\tQxd5 Nc3`, `["e4","d5","exd5","Qxd5","Nc3"]` // \t: a tab in the JSON string
	for _, ep := range []struct{ path, extra string }{
		{"/v1/legal-moves", ""},
		{"/v1/status", ""},
		{"/v1/validate-move", `,"move":"Qa5"`},
		{"/v1/games/adjudicate", ""},
	} {
		asString := serve(h, request(http.MethodPost, ep.path, `{"variant":"chess","moves":"`+text+`"`+ep.extra+`}`))
		asArray := serve(h, request(http.MethodPost, ep.path, `{"variant":"chess","moves":`+words+ep.extra+`}`))
		if asString.Code != 200 || asString.Body.String() != asArray.Body.String() {
			t.Errorf("%s with moves %q = %d %s; want the answer to the array: %d %s", ep.path, text,
				asString.Code, asString.Body.String(), asArray.Code, asArray.Body.String())
		}
	}

	// The third word is off the board: moves[2], offset 2 in the word.
	rec := serve(h, request(http.MethodPost, "/v1/status", `{"variant":"chess","moves":"e4 e5 Nf9 Nc6"}`))
	var p struct {
		Code, Field string
		Offset      *int
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || rec.Code != 422 || p.Code != "invalid-move" || p.Field != "moves[2]" || p.Offset == nil || *p.Offset != 2 {
		t.Errorf("status with moves \"e4 e5 Nf9 Nc6\" = %d %s; want invalid-move in moves[2] at offset 2", rec.Code, rec.Body.String())
	}
	// Move numbers are no moves: strict, as lichess writes none.
	rec = serve(h, request(http.MethodPost, "/v1/games/adjudicate", `{"variant":"chess","moves":"1. e4 e5"}`))
	var a struct {
		Legal       bool
		IllegalMove struct {
			Index   int
			Move    string
			Problem struct {
				Code   string
				Offset *int
			}
		} `json:"illegalMove"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil || a.Legal || a.IllegalMove.Index != 0 || a.IllegalMove.Move != "1." || a.IllegalMove.Problem.Code != "invalid-move" {
		t.Errorf("adjudicate with moves \"1. e4 e5\" = %s; want the illegal move 0, \"1.\", invalid-move", rec.Body.String())
	}
	// An e.p. word stays with its move; an empty string is no move.
	for body, plies := range map[string]int{
		`{"variant":"chess","moves":"e4 a6 e5 d5 exd6 e.p."}`:   5,
		`{"variant":"chess","moves":"e4 a6 e5 d5 exd6 ep Nf6"}`: 6,
		`{"variant":"chess","moves":""}`:                        0,
	} {
		rec := serve(h, request(http.MethodPost, "/v1/games/adjudicate", body))
		var a struct {
			Legal bool
			Plies int
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil || rec.Code != 200 || !a.Legal || a.Plies != plies {
			t.Errorf("adjudicate %s = %d %s; want legal, %d plies", body, rec.Code, rec.Body.String(), plies)
		}
	}
	// Neither an array nor a string: a schema violation naming moves.
	for body, field := range map[string]string{
		`{"variant":"chess","moves":5}`:         "moves",
		`{"variant":"chess","moves":["e4",5]}`:  "moves[1]",
		`{"variant":"chess","moves":{"a":"b"}}`: "moves",
	} {
		rec := serve(h, request(http.MethodPost, "/v1/status", body))
		var p struct{ Code, Field, Detail string }
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || rec.Code != 400 || p.Code != "schema-violation" || p.Field != field {
			t.Errorf("status %s = %d %s; want schema-violation in %s", body, rec.Code, rec.Body.String(), field)
		}
	}
}

// TestInputFormsOverHTTP: figurine SAN, the e.p. suffix and the castling
// reasons reach validate-move's answer, the character quoted as text.
func TestInputFormsOverHTTP(t *testing.T) {
	h := newServer(t).Handler()
	tests := []struct {
		body                 string
		legal                bool
		code, reason, detail string
		offset               int
	}{
		{`{"variant":"chess","move":"♘f3"}`, true, "", "", "", -1},
		{`{"variant":"chess","fen":"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1","move":"exd6 e.p."}`, true, "", "", "", -1},
		{`{"variant":"chess","move":"e4 e.p."}`, false, "illegal-move", "not-en-passant", "", 3},
		{`{"variant":"wolf","move":"♘c3"}`, false, "invalid-move", "", "wolf has no Knight, which the figurine '♘' stands for", 0},
		{`{"variant":"chess","move":"Nf3♠"}`, false, "invalid-move", "", "not '♠'", 3},
		{`{"variant":"chess","fen":"5rk1/8/8/8/8/8/8/R3K2R w KQ - 0 1","move":"O-O"}`, false, "illegal-move", "castling-through-attack", "f1", -1},
		{`{"variant":"chess","move":"O-O"}`, false, "illegal-move", "castling-blocked", "f1", -1},
		{`{"variant":"chess","fen":"r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1","move":"O-O"}`, false, "illegal-move", "no-castling-right", "", -1},
	}
	for _, tt := range tests {
		rec := serve(h, request(http.MethodPost, "/v1/validate-move", tt.body))
		var a struct {
			Legal   bool
			Problem struct {
				Code, Reason, Detail string
				Offset               *int
			}
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil || rec.Code != 200 {
			t.Fatalf("%s = %d %s", tt.body, rec.Code, rec.Body.String())
		}
		off := -1
		if a.Problem.Offset != nil {
			off = *a.Problem.Offset
		}
		if a.Legal != tt.legal || a.Problem.Code != tt.code || a.Problem.Reason != tt.reason || off != tt.offset || !strings.Contains(a.Problem.Detail, tt.detail) {
			t.Errorf("%s = %s; want legal %v, code %q, reason %q, offset %d, detail with %q", tt.body, rec.Body.String(), tt.legal, tt.code, tt.reason, tt.offset, tt.detail)
		}
	}
}
