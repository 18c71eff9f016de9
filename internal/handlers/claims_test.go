package handlers_test

import (
	"encoding/json"
	"net/http"
	"testing"
)

// TestFlagAndAbort: a flag fall wins for the other side when it can still
// checkmate and draws when it cannot; an abort ends the game without a
// result; neither changes a game that ended on the board. The status agrees
// with the top-level result every time.
func TestFlagAndAbort(t *testing.T) {
	h := newServer(t).Handler()
	tests := []struct {
		name, fen    string
		moves        []string
		claim        string
		by           string
		result       string
		reason       string
		winner       string
		accepted     bool
		white, black bool // status.canMate
	}{
		{"white's flag, Black has all", "", []string{"e4", "e5"}, "flag", "white", "0-1", "flag-fall", "black", true, true, true},
		{"black's flag, White has all", "", []string{"e4"}, "flag", "black", "1-0", "flag-fall", "white", true, true, true},
		{"white's flag, Black has a lone King", "k7/8/8/8/8/8/8/KQ6 w - - 0 1", nil, "flag", "white", "1/2-1/2", "flag-fall-draw", "", true, true, false},
		{"black's flag, White has King and Knight against a Queen", "k7/7q/8/8/8/8/8/KN6 b - - 0 1", nil, "flag", "black", "1/2-1/2", "flag-fall-draw", "", true, false, true},
		{"black's flag, White has King and Rook", "k7/8/8/8/8/8/8/KR6 b - - 0 1", nil, "flag", "black", "1-0", "flag-fall", "white", true, true, false},
		{"abort", "", []string{"d4"}, "abort", "black", "*", "aborted", "", true, true, true},
		{"flag after mate", "", []string{"f3", "e5", "g4", "Qh4#"}, "flag", "black", "0-1", "checkmate", "black", false, true, true},
		{"abort after mate", "", []string{"f3", "e5", "g4", "Qh4#"}, "abort", "white", "0-1", "checkmate", "black", false, true, true},
	}
	for _, tt := range tests {
		body := map[string]any{"variant": "chess", "moves": tt.moves, "claim": map[string]string{"type": tt.claim, "by": tt.by}}
		if tt.moves == nil {
			body["moves"] = []string{}
		}
		if tt.fen != "" {
			body["fen"] = tt.fen
		}
		rec := serve(h, request(http.MethodPost, "/v1/games/adjudicate", jsonText(body)))
		var a struct {
			Result, Reason string
			ClaimAccepted  *bool `json:"claimAccepted"`
			Status         struct {
				Outcome, Result, Winner string
				CanMate                 struct{ White, Black bool } `json:"canMate"`
			}
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &a); rec.Code != 200 || err != nil || a.ClaimAccepted == nil {
			t.Fatalf("%s: %d %s", tt.name, rec.Code, rec.Body.String())
		}
		if a.Result != tt.result || a.Reason != tt.reason || *a.ClaimAccepted != tt.accepted {
			t.Errorf("%s: result %s, reason %s, accepted %v; want %s, %s, %v", tt.name, a.Result, a.Reason, *a.ClaimAccepted, tt.result, tt.reason, tt.accepted)
		}
		if a.Status.Result != a.Result || a.Status.Outcome != a.Reason || a.Status.Winner != tt.winner {
			t.Errorf("%s: status %+v; want it to agree with result %s, reason %s, winner %q", tt.name, a.Status, a.Result, a.Reason, tt.winner)
		}
		if a.Status.CanMate.White != tt.white || a.Status.CanMate.Black != tt.black {
			t.Errorf("%s: canMate %+v; want white %v, black %v", tt.name, a.Status.CanMate, tt.white, tt.black)
		}
	}
}

// TestCanMateInStatus: every status gives canMate per side.
func TestCanMateInStatus(t *testing.T) {
	h := newServer(t).Handler()
	for fen, want := range map[string][2]bool{
		"":                                {true, true},
		"8/8/4k3/8/8/4K3/8/8 w - - 0 1":   {false, false},
		"8/8/4k3/8/8/4K3/4P3/8 w - - 0 1": {true, false},
	} {
		body := map[string]any{"variant": "chess"}
		if fen != "" {
			body["fen"] = fen
		}
		rec := serve(h, request(http.MethodPost, "/v1/status", jsonText(body)))
		var a struct {
			Status struct {
				CanMate struct{ White, Black bool } `json:"canMate"`
			}
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil || [2]bool{a.Status.CanMate.White, a.Status.CanMate.Black} != want {
			t.Errorf("status of %q: %s; want canMate %v", fen, rec.Body.String(), want)
		}
	}
}
