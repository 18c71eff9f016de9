package handlers_test

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/adjudicator/adjudicator/internal/pgn"
)

type pgnAnswer struct {
	Variant   string   `json:"variant"`
	Legal     bool     `json:"legal"`
	FEN       string   `json:"fen"`
	Result    string   `json:"result"`
	Reason    string   `json:"reason"`
	Moves     []string `json:"moves"`
	PGN       string   `json:"pgn"`
	PGNResult *struct {
		Token  string `json:"token"`
		Agrees bool   `json:"agrees"`
	} `json:"pgnResult"`
}

func adjudicatePGN(t *testing.T, h http.Handler, body map[string]any) (int, pgnAnswer, string) {
	t.Helper()
	rec := serve(h, request(http.MethodPost, "/v1/games/adjudicate", jsonText(body)))
	var a pgnAnswer
	if rec.Code == http.StatusOK {
		if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
	}
	return rec.Code, a, rec.Body.String()
}

// TestPGNRecords: the game records of internal/pgn/testdata (chess games as
// lichess and databases export them, a Shako and a Grand Chess game as
// pychess-variants does) adjudicate from their PGN, their variant taken
// from the Variant tag, and the PGN answered reads back to the same game.
func TestPGNRecords(t *testing.T) {
	h := newServer(t).Handler()
	tests := []struct {
		file, variant, result, reason, token string
		agrees                               bool
	}{
		{"opera.pgn", "chess", "1-0", "checkmate", "1-0", true},
		{"immortal.pgn", "chess", "1-0", "checkmate", "1-0", true},
		{"kasparov-topalov.pgn", "chess", "*", "ongoing", "1-0", true}, // Black resigned
		{"shako.pgn", "shako", "*", "ongoing", "*", true},
		{"grand.pgn", "grand", "*", "ongoing", "1-0", true},
	}
	for _, tt := range tests {
		text, err := os.ReadFile(filepath.Join("..", "pgn", "testdata", tt.file))
		if err != nil {
			t.Fatal(err)
		}
		code, a, body := adjudicatePGN(t, h, map[string]any{"pgn": string(text)})
		if code != 200 || !a.Legal || a.Variant != tt.variant || a.Result != tt.result || a.Reason != tt.reason {
			t.Errorf("%s = %d %.300s; want legal %s, %s %s", tt.file, code, body, tt.variant, tt.result, tt.reason)
			continue
		}
		if a.PGNResult == nil || a.PGNResult.Token != tt.token || a.PGNResult.Agrees != tt.agrees {
			t.Errorf("%s: pgnResult %+v; want %s agreeing %v", tt.file, a.PGNResult, tt.token, tt.agrees)
		}
		// The answered PGN is the same game.
		_, again, _ := adjudicatePGN(t, h, map[string]any{"pgn": a.PGN})
		if !slices.Equal(again.Moves, a.Moves) || again.FEN != a.FEN || again.Result != a.Result || again.PGN != a.PGN {
			t.Errorf("%s: the answered PGN does not read back to the same game:\n%s\nthen\n%s", tt.file, a.PGN, again.PGN)
		}
		if tt.variant != "chess" && !strings.Contains(a.PGN, `[Variant "`+tt.variant+`"]`) {
			t.Errorf("%s: answered PGN lacks its Variant tag:\n%s", tt.file, a.PGN)
		}
	}
}

func TestPGNAnswers(t *testing.T) {
	h := newServer(t).Handler()
	// pgnOut: the moves in SAN, the start in FEN and SetUp tags.
	code, a, body := adjudicatePGN(t, h, map[string]any{"variant": "chess", "fen": "4k3/8/8/8/8/8/4P3/4K3 b - - 0 7",
		"moves": []string{"e8d7", "e2e4"}, "pgnOut": true})
	want := "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 7\"]"
	if code != 200 || !strings.Contains(a.PGN, "7... Kd7 8. e4 *") || !strings.Contains(a.PGN, `[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 7"]`) ||
		!strings.Contains(a.PGN, `[SetUp "1"]`) || a.PGNResult != nil {
		t.Errorf("pgnOut = %d %s; want SAN from move 7 for Black and the FEN tags (%q)", code, body, want)
	}
	// A result token the moves contradict.
	_, a, _ = adjudicatePGN(t, h, map[string]any{"pgn": "1. f3 e5 2. g4 Qh4# 1-0"})
	if a.Result != "0-1" || a.PGNResult == nil || a.PGNResult.Agrees {
		t.Errorf("Fool's mate scored 1-0: result %s, pgnResult %+v; want 0-1 and disagreeing", a.Result, a.PGNResult)
	}
	// An illegal move in the PGN is in the answer, as for moves.
	_, a, _ = adjudicatePGN(t, h, map[string]any{"pgn": "1. e4 e5 2. Ke3 1-0"})
	if a.Legal || a.PGNResult == nil || a.PGNResult.Agrees {
		t.Errorf("an illegal move: %+v; want legal false, the token disagreeing", a)
	}
	// Lenient: lower-case castling and a PGN in coordinates.
	_, a, _ = adjudicatePGN(t, h, map[string]any{"pgn": "1. e2e4 e7e5 2. g1f3 b8c6 3. f1c4 g8f6 4. o-o *"})
	if !a.Legal || a.Moves[len(a.Moves)-1] != "e1g1" || !strings.Contains(a.PGN, "4. O-O *") {
		t.Errorf("coordinates and o-o: %+v", a)
	}
	// Castling any distance (Wildebeest Chess) is written with the King's
	// landing square and reads back.
	code, a, body = adjudicatePGN(t, h, map[string]any{"variant": "wildebeest", "fen": "r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1",
		"moves": []string{"f1i1", "f10a10", "a1a2"}, "pgnOut": true})
	if code != 200 || !strings.Contains(a.PGN, "1. O-O/i1 O-O-O/e10 2. Ra2") {
		t.Errorf("wildebeest castling in PGN = %d %s", code, body)
	}
	_, again, _ := adjudicatePGN(t, h, map[string]any{"pgn": a.PGN})
	if !slices.Equal(again.Moves, a.Moves) || again.FEN != a.FEN {
		t.Errorf("wildebeest castling: the answered PGN does not read back: %+v", again)
	}
}

func TestPGNProblems(t *testing.T) {
	h := newServer(t).Handler()
	tests := []struct {
		body         map[string]any
		code, field  string
		line, column int
	}{
		{map[string]any{"pgn": "[Event \"x\"]\n1. e4 {never closed"}, "invalid-pgn", "pgn", 2, 7},
		{map[string]any{"pgn": "1. N@f3 *"}, "invalid-pgn", "pgn", 1, 5}, // at the @
		{map[string]any{"pgn": "1. e4 *", "moves": []string{"e4"}}, "invalid-argument", "pgn", 0, 0},
		{map[string]any{"variant": "chess", "pgn": "[Variant \"shako\"]\n\n1. e4 *"}, "invalid-argument", "pgn", 0, 0},
		{map[string]any{"variant": "chess"}, "invalid-argument", "moves", 0, 0},
	}
	for _, tt := range tests {
		rec := serve(h, request(http.MethodPost, "/v1/games/adjudicate", jsonText(tt.body)))
		var p struct {
			Code, Field  string
			Line, Column int
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || rec.Code != 422 || p.Code != tt.code || p.Field != tt.field || p.Line != tt.line || p.Column != tt.column {
			t.Errorf("%v = %d %s; want %s in %s at %d:%d", tt.body, rec.Code, rec.Body.String(), tt.code, tt.field, tt.line, tt.column)
		}
	}
}

// TestOtherProgramsRecords: game records written by other programs
// (internal/pgn/testdata: a Grand Chess game exported by pychess-variants,
// random Shako and Grand Chess games written by Fairy-Stockfish through
// ffish, each game preceded by "% uci" and "% fen" lines with its moves and
// final position as Fairy-Stockfish has them) adjudicate from their PGN to
// the same moves and the same final position, and the PGN answered writes
// every move in the SAN the other program wrote. Two Fairy-Stockfish games
// end drawn with a King and a Bishop against a King: Grand Chess has no
// rule of insufficient material here (RULES R5), so they go on.
func TestOtherProgramsRecords(t *testing.T) {
	h := newServer(t).Handler()
	games, plies := 0, 0
	for _, file := range []string{"grand-pychess.pgn", "shako-ffish.pgn", "grand-ffish.pgn"} {
		text, err := os.ReadFile(filepath.Join("..", "pgn", "testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range splitRecords(string(text)) {
			games++
			code, a, body := adjudicatePGN(t, h, map[string]any{"pgn": rec.pgn})
			if code != 200 || !a.Legal || a.Result != "*" {
				t.Errorf("%s game %d = %d %.400s; want a legal game going on", file, games, code, body)
				continue
			}
			if !slices.Equal(a.Moves, rec.uci) {
				t.Errorf("%s game %d: moves\n%v\nwant\n%v", file, games, a.Moves, rec.uci)
			}
			if a.FEN != rec.fen {
				t.Errorf("%s game %d: final FEN %q, want %q", file, games, a.FEN, rec.fen)
			}
			theirs, err := pgn.Parse(rec.pgn)
			if err != nil {
				t.Fatal(err)
			}
			ours, err := pgn.Parse(a.PGN)
			if err != nil {
				t.Fatal(err)
			}
			if want, got := theirs.MoveTexts(), ours.MoveTexts(); !slices.Equal(got, want) {
				t.Errorf("%s game %d: SAN\n%v\nwant\n%v", file, games, got, want)
			}
			plies += len(a.Moves)
		}
	}
	if games != 7 || plies < 1700 {
		t.Fatalf("read %d games of %d plies; the files hold 7 of 1720", games, plies)
	}
}

type otherRecord struct {
	pgn string
	uci []string
	fen string
}

// splitRecords cuts a file into its games, each after its "% uci" and
// "% fen" lines.
func splitRecords(text string) []otherRecord {
	var out []otherRecord
	var cur *otherRecord
	for line := range strings.SplitSeq(text, "\n") {
		switch {
		case strings.HasPrefix(line, "% uci "):
			out = append(out, otherRecord{uci: strings.Fields(strings.TrimPrefix(line, "% uci "))})
			cur = &out[len(out)-1]
		case strings.HasPrefix(line, "% fen "):
			cur.fen = strings.TrimPrefix(line, "% fen ")
		case strings.HasPrefix(line, "%") || cur == nil:
		default:
			cur.pgn += line + "\n"
		}
	}
	return out
}
