package handlers

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/adjudicator/adjudicator/internal/rules"
)

func adjudicateOn(t *testing.T, srv *Server, moves []string) adjudication {
	t.Helper()
	body, _ := json.Marshal(map[string]any{"variant": "chess", "moves": moves})
	req := httptest.NewRequest(http.MethodPost, "/v1/games/adjudicate", strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	srv.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		t.Fatalf("adjudicate %v = %d %s; want 200", moves, rec.Code, rec.Body)
	}
	var out adjudication
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// TestForgedGameStateIgnored: the state of Fool's mate, stored under the
// key of the game e4 e5 with its moves rewritten to look like that game's,
// is not resumed: the state names the key it was written for, and that is
// not the key it was read under. (Forging the key field as well takes the
// cache's own seal, which for Redis is an HMAC with the service's secret.)
func TestForgedGameStateIgnored(t *testing.T) {
	c := newRecCache() // any key may be written, as someone with write access to a shared cache could
	srv, err := New(DefaultConfig(), zap.NewNop(), c, prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	fool := []string{"f3", "e5", "g4", "Qh4#"}
	if got := adjudicateOn(t, srv, fool); got.Result != "0-1" || got.Reason != "checkmate" {
		t.Fatalf("Fool's mate = %s %s; want 0-1 checkmate", got.Result, got.Reason)
	}
	start := rules.MustBuiltin("chess").Start().FEN()
	foolKeys := prefixKeys("b:chess", start, fool)
	raw, ok := c.Get(context.Background(), foolKeys.at(len(fool)))
	if !ok {
		t.Fatal("the final state of Fool's mate was not cached")
	}
	var ps prefixState
	if err := json.Unmarshal(raw, &ps); err != nil {
		t.Fatal(err)
	}
	if ps.Key != foolKeys.at(len(fool)) {
		t.Fatalf("cached state names key %q; want %q", ps.Key, foolKeys.at(len(fool)))
	}

	game := []string{"e4", "e5"}
	keys := prefixKeys("b:chess", start, game)
	// Forged to fit the plies of e4 e5 in everything but its key.
	forge := func(i int, key string) []byte {
		f := ps
		f.Key, f.To, f.Moves, f.Keys = key, i, []string{"e2e4", "e7e5"}[:i], ps.Keys[max(0, len(ps.Keys)-8*(i+1)):]
		b, _ := json.Marshal(f)
		return b
	}
	for i := 1; i <= len(game); i++ {
		c.Set(context.Background(), keys.at(i), forge(i, ps.Key))
	}
	got := adjudicateOn(t, srv, game)
	if got.Result != "*" || got.Reason != "ongoing" || got.Plies != 2 {
		t.Errorf("e4 e5 with a forged cached state = %s %s after %d plies; want * ongoing after 2", got.Result, got.Reason, got.Plies)
	}
	if !strings.HasPrefix(got.FEN, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq ") {
		t.Errorf("e4 e5 ends at %q; want the position after 1. e4 e5", got.FEN)
	}

	// Control: the same state naming the key it sits under is resumed, so
	// the key it names is what kept it out.
	c.Set(context.Background(), keys.at(2), forge(2, keys.at(2)))
	if got := adjudicateOn(t, srv, game); got.Result != "0-1" || got.Reason != "checkmate" {
		t.Errorf("control: e4 e5 with a forged state naming its key = %s %s; want the forged 0-1 checkmate", got.Result, got.Reason)
	}
}
