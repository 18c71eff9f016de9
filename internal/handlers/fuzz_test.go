package handlers_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
)

// fuzzBody serves arbitrary bytes as the JSON body of a POST to path and
// checks the properties every answer has: never a 5xx; a 2xx is JSON that
// check accepts; anything else is a problem+json document with a code and
// the response's status.
func fuzzBody(f *testing.F, path string, check func(t *testing.T, body []byte)) {
	for _, tt := range goldenCases() {
		if tt.path == path && tt.method == http.MethodPost && len(tt.body) < 8<<10 {
			f.Add([]byte(tt.body))
		}
	}
	for _, seed := range []string{
		``, `{}`, `[]`, `null`, `"chess"`, `{"variant":"chess"`, `{"variant":"chess","fen":null}`,
		`{"variant":"chess","fen":""}`, `{"variant":"chess","fen":"8/8/8/8/8/8/8/8 w - - 0 1"}`,
		`{"variant":"chess","move":"e2e4","moves":["e4"],"depth":1}`, `{"variant":"shako","definition":null}`,
		`{"definition":{}}`, `{"definition":"chess"}`, "{\"variant\":\"ch\u00e9ss\"}", "\xff\xfe{}",
	} {
		f.Add([]byte(seed))
	}
	srv := newServer(f)
	h := srv.Handler()
	f.Fuzz(func(t *testing.T, body []byte) {
		req := httptest.NewRequest(http.MethodPost, path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		rec := serve(h, req)
		ct := rec.Header().Get("Content-Type")
		switch {
		case rec.Code >= 500:
			t.Fatalf("POST %s %q = %d %s; want no 5xx", path, body, rec.Code, bytes.TrimSpace(rec.Body.Bytes()))
		case rec.Code >= 200 && rec.Code < 300:
			if ct != "application/json" || !json.Valid(rec.Body.Bytes()) {
				t.Fatalf("POST %s %q = %d %q %s; want application/json", path, body, rec.Code, ct, bytes.TrimSpace(rec.Body.Bytes()))
			}
			check(t, rec.Body.Bytes())
		default:
			var p problemBody
			if ct != "application/problem+json" || json.Unmarshal(rec.Body.Bytes(), &p) != nil ||
				p.Code == "" || p.Status != rec.Code || p.Type != "/problems/"+p.Code {
				t.Fatalf("POST %s %q = %d %q %s; want a problem+json with a code", path, body, rec.Code, ct, bytes.TrimSpace(rec.Body.Bytes()))
			}
		}
	})
}

func FuzzLegalMovesBody(f *testing.F) {
	fuzzBody(f, "/v1/legal-moves", func(t *testing.T, body []byte) {
		var got struct {
			Moves  []json.RawMessage `json:"moves"`
			Status struct {
				LegalMoveCount int `json:"legalMoveCount"`
			} `json:"status"`
		}
		if err := json.Unmarshal(body, &got); err != nil || got.Status.LegalMoveCount != len(got.Moves) {
			t.Fatalf("POST /v1/legal-moves = %s; want legalMoveCount = len(moves)", body)
		}
	})
}

func FuzzValidateMoveBody(f *testing.F) {
	fuzzBody(f, "/v1/validate-move", func(t *testing.T, body []byte) {
		var got struct {
			Legal   bool            `json:"legal"`
			Move    json.RawMessage `json:"move"`
			FEN     string          `json:"fen"`
			Problem *struct {
				Code string `json:"code"`
			} `json:"problem"`
		}
		if err := json.Unmarshal(body, &got); err != nil {
			t.Fatalf("POST /v1/validate-move = %s: %v", body, err)
		}
		if got.Legal != (got.Problem == nil) || got.Legal != (got.FEN != "" && got.Move != nil) {
			t.Fatalf("POST /v1/validate-move = %s; want move and fen when legal, a problem otherwise", body)
		}
	})
}

func FuzzAdjudicateBody(f *testing.F) {
	fuzzBody(f, "/v1/games/adjudicate", func(t *testing.T, body []byte) {
		var got struct {
			Legal             bool     `json:"legal"`
			Plies             int      `json:"plies"`
			FirstIllegalIndex *int     `json:"firstIllegalIndex"`
			Moves             []string `json:"moves"`
		}
		if err := json.Unmarshal(body, &got); err != nil {
			t.Fatalf("POST /v1/games/adjudicate = %s: %v", body, err)
		}
		if got.Plies != len(got.Moves) || got.Legal != (got.FirstIllegalIndex == nil) ||
			(got.FirstIllegalIndex != nil && *got.FirstIllegalIndex != got.Plies) {
			t.Fatalf("POST /v1/games/adjudicate = %s; want plies = len(moves) = firstIllegalIndex when illegal", body)
		}
	})
}

func FuzzSetupBody(f *testing.F) {
	fuzzBody(f, "/v1/setups", func(t *testing.T, body []byte) {
		var r struct {
			Variant string
			Seed    *uint64
			FEN     string
		}
		if err := json.Unmarshal(body, &r); err != nil || r.Variant == "" || r.Seed == nil || r.FEN == "" {
			t.Fatalf("POST /v1/setups = %s; want variant, seed and fen", body)
		}
	})
}
