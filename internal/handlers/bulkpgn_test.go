package handlers_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// pgnBulkPost posts a PGN file as a bulk adjudication.
func pgnBulkPost(h http.Handler, file string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, "/v1/games/adjudicate/bulk", strings.NewReader(file))
	req.Header.Set("Content-Type", "application/x-chess-pgn")
	return serve(h, req)
}

// TestBulkPGNTaglessGames: a game without tags is a game (PGN allows it:
// the termination marker ends the game before it). Every game of the file
// gets one answer line, in order, whatever stands between the games, and
// a game without tags does not spoil the one before it.
func TestBulkPGNTaglessGames(t *testing.T) {
	h := newServer(t).Handler()
	tests := []struct {
		name  string
		file  string
		moves [][]string // of each game, in UCI
	}{
		{"tagged then tagless", "[Event \"a\"]\n\n1. e4 e5 1-0\n\n1. d4 d5 *\n",
			[][]string{{"e2e4", "e7e5"}, {"d2d4", "d7d5"}}},
		{"tagless first, no blank lines", "1. e4 0-1\n[Event \"b\"]\n1. d4 *\n1. c4 1/2-1/2",
			[][]string{{"e2e4"}, {"d2d4"}, {"c2c4"}}},
		{"a tagless game of only a marker", "[Event \"a\"]\n1. e4 1-0\n*\n", [][]string{{"e2e4"}, {}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := pgnBulkPost(h, tt.file)
			got := answerLines(t, rec.Body.Bytes())
			if rec.Code != http.StatusOK || len(got) != len(tt.moves) {
				t.Fatalf("PGN bulk of %q = %d, %d lines; want %d:\n%s", tt.file, rec.Code, len(got), len(tt.moves), rec.Body.String())
			}
			for i, line := range got {
				moves, _ := json.Marshal(line["moves"])
				want, _ := json.Marshal(tt.moves[i])
				if line["index"] != float64(i) || line["legal"] != true || line["problem"] != nil || string(moves) != string(want) {
					t.Errorf("line %d = %v; want index %d, legal, moves %s", i, line, i, want)
				}
			}
		})
	}
}

// TestPGNTagControlCharacters: a tag value that holds a control character
// (PGN strings hold printing characters only) is a 422 invalid-pgn at that
// character, alone or as a game of a PGN file, whose next game is still
// answered; it is never written back into an answer.
func TestPGNTagControlCharacters(t *testing.T) {
	h := newServer(t).Handler()
	for _, c := range []string{"\x00", "\x1b", "\x7f", "\t"} {
		text := "[Event \"a" + c + "b\"]\n\n1. e4 *\n"
		rec := serve(h, request(http.MethodPost, "/v1/games/adjudicate", jsonText(map[string]any{"pgn": text})))
		var p struct {
			Code, Field  string
			Line, Column int
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || rec.Code != http.StatusUnprocessableEntity ||
			p.Code != "invalid-pgn" || p.Field != "pgn" || p.Line != 1 || p.Column != 10 {
			t.Errorf("pgn %q = %d %s; want 422 invalid-pgn in pgn at 1:10", text, rec.Code, rec.Body.String())
		}

		rec = pgnBulkPost(h, text+"\n[Event \"next\"]\n\n1. d4 *\n")
		got := answerLines(t, rec.Body.Bytes())
		if rec.Code != http.StatusOK || len(got) != 2 {
			t.Fatalf("PGN bulk with %q = %d, %d lines; want 2:\n%s", c, rec.Code, len(got), rec.Body.String())
		}
		if p, _ := got[0]["problem"].(map[string]any); got[0]["index"] != 0.0 || p["code"] != "invalid-pgn" {
			t.Errorf("PGN bulk with %q, line 0 = %v; want invalid-pgn", c, got[0])
		}
		if got[1]["index"] != 1.0 || got[1]["legal"] != true {
			t.Errorf("PGN bulk with %q, line 1 = %v; want the next game, legal", c, got[1])
		}
	}
}
