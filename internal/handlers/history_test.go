package handlers_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/adjudicator/adjudicator/internal/cache"
	"github.com/adjudicator/adjudicator/internal/handlers"
)

// The Knights' dance: after its four moves chess is back at the start.
var knightsDance = []string{"Nf3", "Nf6", "Ng1", "Ng8"}

func dance(times int, more ...string) []string {
	var moves []string
	for range times {
		moves = append(moves, knightsDance...)
	}
	return append(moves, more...)
}

type statusAnswer struct {
	FEN    string `json:"fen"`
	Status struct {
		Outcome        string   `json:"outcome"`
		Repetitions    int      `json:"repetitions"`
		ClaimableDraws []string `json:"claimableDraws"`
		HalfmoveClock  int      `json:"halfmoveClock"`
		FullmoveNumber int      `json:"fullmoveNumber"`
		LegalMoveCount int      `json:"legalMoveCount"`
	} `json:"status"`
	Moves []json.RawMessage `json:"moves"`
	Legal *bool             `json:"legal"`
}

func postAnswer(t *testing.T, h http.Handler, path string, body map[string]any) (int, statusAnswer, string) {
	t.Helper()
	rec := serve(h, request(http.MethodPost, path, jsonText(body)))
	var a statusAnswer
	if rec.Code == http.StatusOK {
		if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil {
			t.Fatalf("POST %s: %v", path, err)
		}
	}
	return rec.Code, a, rec.Body.String()
}

// TestHistoryRepetition: legal-moves, status and validate-move count the
// repetitions of the moves given after the fen, as games/adjudicate does;
// the FEN alone cannot.
func TestHistoryRepetition(t *testing.T) {
	h := newServer(t).Handler()
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	for _, path := range []string{"/v1/status", "/v1/legal-moves"} {
		code, a, body := postAnswer(t, h, path, map[string]any{"variant": "chess", "moves": dance(2)})
		st := a.Status
		if code != 200 || st.Repetitions != 3 || !slices.Equal(st.ClaimableDraws, []string{"threefold-repetition"}) || st.Outcome != "ongoing" {
			t.Errorf("%s after the dance twice = %d %s; want the start a third time, threefold claimable", path, code, body)
		}
		if a.FEN != "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 8 5" || st.HalfmoveClock != 8 || st.FullmoveNumber != 5 {
			t.Errorf("%s: fen %q, clocks %d %d; want the start with 8 and 5", path, a.FEN, st.HalfmoveClock, st.FullmoveNumber)
		}
		// The same position without its history has occurred once.
		_, alone, _ := postAnswer(t, h, path, map[string]any{"variant": "chess", "fen": a.FEN})
		if alone.Status.Repetitions != 1 || len(alone.Status.ClaimableDraws) != 0 {
			t.Errorf("%s of the FEN alone: %+v; want one occurrence", path, alone.Status)
		}
		// The fifth occurrence ends the game.
		_, five, _ := postAnswer(t, h, path, map[string]any{"variant": "chess", "fen": start, "moves": dance(4)})
		if five.Status.Outcome != "fivefold-repetition" || five.Status.Repetitions != 5 {
			t.Errorf("%s after the dance four times: %+v; want fivefold-repetition", path, five.Status)
		}
	}

	// validate-move: the move that completes the third occurrence.
	code, a, body := postAnswer(t, h, "/v1/validate-move", map[string]any{"variant": "chess", "moves": dance(2)[:7], "move": "Ng8"})
	if code != 200 || a.Legal == nil || !*a.Legal || a.Status.Repetitions != 3 || !slices.Equal(a.Status.ClaimableDraws, []string{"threefold-repetition"}) {
		t.Errorf("validate-move Ng8 after seven moves of the dance = %d %s; want legal, threefold claimable after it", code, body)
	}
	// After the fifth occurrence no move is legal.
	code, a, body = postAnswer(t, h, "/v1/validate-move", map[string]any{"variant": "chess", "moves": dance(4), "move": "Nf3"})
	if code != 200 || a.Legal == nil || *a.Legal || !strings.Contains(body, `"game-over"`) {
		t.Errorf("validate-move after a fivefold repetition = %d %s; want legal false, game-over", code, body)
	}
}

// TestHistoryMatchesFEN: without repetitions, the answers after moves are
// the answers of the FEN they lead to.
func TestHistoryMatchesFEN(t *testing.T) {
	h := newServer(t).Handler()
	moves := []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"}
	for _, path := range []string{"/v1/legal-moves", "/v1/status"} {
		rec := serve(h, request(http.MethodPost, path, jsonText(map[string]any{"variant": "chess", "moves": moves})))
		var a statusAnswer
		if err := json.Unmarshal(rec.Body.Bytes(), &a); rec.Code != 200 || err != nil {
			t.Fatalf("%s with moves = %d %s", path, rec.Code, rec.Body.String())
		}
		direct := serve(h, request(http.MethodPost, path, jsonText(map[string]any{"variant": "chess", "fen": a.FEN})))
		if direct.Body.String() != rec.Body.String() {
			t.Errorf("%s after the moves:\n%s\ndiffers from the answer for its FEN:\n%s", path, rec.Body.String(), direct.Body.String())
		}
	}
	withMoves := serve(h, request(http.MethodPost, "/v1/validate-move", jsonText(map[string]any{"variant": "chess", "moves": moves, "move": "Re1"})))
	_, a, _ := postAnswer(t, h, "/v1/status", map[string]any{"variant": "chess", "moves": moves})
	direct := serve(h, request(http.MethodPost, "/v1/validate-move", jsonText(map[string]any{"variant": "chess", "fen": a.FEN, "move": "Re1"})))
	if withMoves.Code != 200 || withMoves.Body.String() != direct.Body.String() {
		t.Errorf("validate-move Re1 after the moves:\n%s\ndiffers from the answer for its FEN:\n%s", withMoves.Body.String(), direct.Body.String())
	}
}

// TestHistoryProblems: a move of the history that cannot be played makes
// the request a problem that names it.
func TestHistoryProblems(t *testing.T) {
	h := newServer(t).Handler()
	tests := []struct {
		path  string
		body  map[string]any
		code  string
		field string
	}{
		{"/v1/status", map[string]any{"variant": "chess", "moves": []string{"e4", "e4"}}, "illegal-move", "moves[1]"},
		{"/v1/legal-moves", map[string]any{"variant": "chess", "moves": []string{"e4", "zz9"}}, "invalid-move", "moves[1]"},
		{"/v1/validate-move", map[string]any{"variant": "chess", "moves": []string{"f3", "e5", "g4", "Qh4#", "a3"}, "move": "a6"}, "game-over", "moves[4]"},
		{"/v1/status", map[string]any{"variant": "chess", "moves": make([]string, testMaxMoves+1)}, "limit-exceeded", "moves"},
	}
	for _, tt := range tests {
		rec := serve(h, request(http.MethodPost, tt.path, jsonText(tt.body)))
		var p handlers.Problem
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || p.Code != tt.code || p.Field != tt.field {
			t.Errorf("%s %v = %d %s; want %s in %s", tt.path, tt.body["moves"], rec.Code, rec.Body.String(), tt.code, tt.field)
		}
	}
}

var pliesTotal = regexp.MustCompile(`(?m)^adjudicator_engine_plies_total (\d+)$`)

// TestHistoryCached: the game states of these operations are cached under
// the prefix keys of games/adjudicate: after status of a game, the next
// move's legal-moves and an adjudication of the same moves replay only
// what is new.
func TestHistoryCached(t *testing.T) {
	reg := prometheus.NewRegistry()
	mem := cache.NewMemory(cache.MemoryConfig{Entries: 1000, MaxValue: 1 << 20, TTL: time.Hour}, cache.NewMetrics(reg))
	srv, err := handlers.New(testConfig(), zap.NewNop(), mem, reg)
	if err != nil {
		t.Fatal(err)
	}
	h := srv.Handler()
	plies := func() int {
		m := pliesTotal.FindStringSubmatch(metricsText(t, srv))
		if m == nil {
			return 0
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	moves := []string{"d4", "d5", "c4", "e6", "Nc3", "Nf6"}
	if code, _, body := postAnswer(t, h, "/v1/status", map[string]any{"variant": "chess", "moves": moves}); code != 200 {
		t.Fatalf("status: %d %s", code, body)
	}
	if n := plies(); n != len(moves) {
		t.Fatalf("plies after the first status = %d; want %d", n, len(moves))
	}
	if code, _, body := postAnswer(t, h, "/v1/legal-moves", map[string]any{"variant": "chess", "moves": append(slices.Clone(moves), "Bg5")}); code != 200 {
		t.Fatalf("legal-moves: %d %s", code, body)
	}
	if n := plies(); n != len(moves)+1 {
		t.Errorf("plies after legal-moves with one more move = %d; want %d (one replayed)", n, len(moves)+1)
	}
	rec := serve(h, request(http.MethodPost, "/v1/games/adjudicate", jsonText(map[string]any{"variant": "chess", "moves": append(slices.Clone(moves), "Bg5")})))
	if rec.Code != 200 {
		t.Fatalf("adjudicate: %d %s", rec.Code, rec.Body.String())
	}
	if n := plies(); n != len(moves)+1 {
		t.Errorf("plies after adjudicating the same moves = %d; want %d (none replayed)", n, len(moves)+1)
	}
}
