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

// TestClaimBy: by is required where the outcome depends on it (resign,
// flag: a 422 invalid-argument naming claim.by), and optional for draw,
// agreement and abort, which are settled without it.
func TestClaimBy(t *testing.T) {
	h := newServer(t).Handler()
	threefold := []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"}
	tests := []struct {
		claim  map[string]string
		moves  []string
		status int
		reason string // the accepted claim's reason, with status 200
	}{
		{map[string]string{"type": "draw"}, threefold, 200, "draw-claim"},
		{map[string]string{"type": "agreement"}, []string{"e4"}, 200, "draw-agreement"},
		{map[string]string{"type": "abort"}, []string{"e4"}, 200, "aborted"},
		{map[string]string{"type": "agreement", "by": "black"}, []string{"e4"}, 200, "draw-agreement"},
		{map[string]string{"type": "resign"}, []string{"e4"}, 422, ""},
		{map[string]string{"type": "flag"}, []string{"e4"}, 422, ""},
		{map[string]string{"by": "white"}, []string{"e4"}, 400, ""}, // type stays required
	}
	for _, tt := range tests {
		body := jsonText(map[string]any{"variant": "chess", "moves": tt.moves, "claim": tt.claim})
		rec := serve(h, request(http.MethodPost, "/v1/games/adjudicate", body))
		if rec.Code != tt.status {
			t.Errorf("%s = %d %s; want %d", body, rec.Code, rec.Body.String(), tt.status)
			continue
		}
		var a struct {
			Reason        string
			ClaimAccepted *bool `json:"claimAccepted"`
			Code, Field   string
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil {
			t.Fatal(err)
		}
		switch tt.status {
		case 200:
			if a.ClaimAccepted == nil || !*a.ClaimAccepted || a.Reason != tt.reason {
				t.Errorf("%s = %s; want the claim accepted, reason %s", body, rec.Body.String(), tt.reason)
			}
		case 422:
			if a.Code != "invalid-argument" || a.Field != "claim.by" {
				t.Errorf("%s = %s; want invalid-argument in claim.by", body, rec.Body.String())
			}
		}
	}
}

// TestClaimRejected: a claim that does not stand says why with a stable
// code, and one that stands has no claimRejected.
func TestClaimRejected(t *testing.T) {
	h := newServer(t).Handler()
	mate := []string{"f3", "e5", "g4", "Qh4#"}
	tests := []struct {
		name  string
		moves []string
		claim map[string]string
		code  string // "": accepted
	}{
		{"draw with none to claim", []string{"e4", "e5"}, map[string]string{"type": "draw", "by": "white"}, "no-claimable-draw"},
		{"draw with none to claim, no by", []string{"e4"}, map[string]string{"type": "draw"}, "no-claimable-draw"},
		{"draw after mate", mate, map[string]string{"type": "draw"}, "game-over"},
		{"resign after mate", mate, map[string]string{"type": "resign", "by": "white"}, "game-over"},
		{"agreement after mate", mate, map[string]string{"type": "agreement"}, "game-over"},
		{"abort after an illegal move", []string{"e4", "e4"}, map[string]string{"type": "abort"}, "illegal-move"},
		{"resign after an illegal move", []string{"e5"}, map[string]string{"type": "resign", "by": "black"}, "illegal-move"},
		{"resign", []string{"e4"}, map[string]string{"type": "resign", "by": "black"}, ""},
	}
	for _, tt := range tests {
		body := jsonText(map[string]any{"variant": "chess", "moves": tt.moves, "claim": tt.claim})
		rec := serve(h, request(http.MethodPost, "/v1/games/adjudicate", body))
		var a struct {
			ClaimAccepted *bool `json:"claimAccepted"`
			ClaimRejected *struct {
				Code, Detail string
			} `json:"claimRejected"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &a); rec.Code != 200 || err != nil || a.ClaimAccepted == nil {
			t.Fatalf("%s: %d %s", tt.name, rec.Code, rec.Body.String())
		}
		switch {
		case tt.code == "" && (!*a.ClaimAccepted || a.ClaimRejected != nil):
			t.Errorf("%s: %s; want the claim accepted, no claimRejected", tt.name, rec.Body.String())
		case tt.code != "" && (*a.ClaimAccepted || a.ClaimRejected == nil || a.ClaimRejected.Code != tt.code || a.ClaimRejected.Detail == ""):
			t.Errorf("%s: %s; want claimAccepted false, claimRejected code %s with a detail", tt.name, rec.Body.String(), tt.code)
		}
	}
}
