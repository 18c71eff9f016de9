package handlers_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/adjudicator/adjudicator/internal/handlers"
)

// hostileBetza is the movement of issue 12's finding 4: every leaper and
// rider shape, hoppers and bent lines, on one piece.
const hostileBetza = "QNNZZCCGGHHAADDpQgQFyafsFWyafsW"

// hostileFEN holds 100 pieces of hostileBetza, 50 a side on the four
// ranks nearest each King, placed so that neither King is in check: 2,248
// legal moves from the start.
const hostileFEN = "kxxxxxxxxxxxxxxx/xxxxxxxxxxxxxxxx/xxxxxxxxxxxxxxxx/1xxx12/16/16/16/16/16/16/16/16/" +
	"1XXX12/XXXXXXXXXXXXXXXX/XXXXXXXXXXXXXXXX/KXXXXXXXXXXXXXXX w - - 0 1"

// hostileDefinition is the 16x16 inline variant of hostileFEN.
func hostileDefinition() string {
	return jsonText(map[string]any{
		"id": "hostile", "name": "Hostile", "files": 16, "ranks": 16, "startFEN": hostileFEN,
		"pieces": []map[string]any{
			{"name": "King", "letter": "K", "betza": "K", "royal": true},
			{"name": "Everything", "letter": "X", "betza": hostileBetza},
		},
		"rules": map[string]any{},
	})
}

// shortServer is a server with the default limits and a short request
// timeout.
func shortServer(t *testing.T, timeout time.Duration) *handlers.Server {
	t.Helper()
	cfg := handlers.DefaultConfig()
	cfg.RequestTimeout = timeout
	srv, err := handlers.New(cfg, zap.NewNop(), nil, prometheus.NewRegistry())
	if err != nil {
		t.Fatalf("handlers.New: %v", err)
	}
	return srv
}

// postBody posts a JSON body to path.
func postBody(h http.Handler, path, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	return serve(h, req)
}

// checkBounded: an answer of a computation at the limits is a success, a
// 422 limit-exceeded on the depth decided before counting, or a 503
// timeout with Retry-After; never a 500.
func checkBounded(t *testing.T, what string, rec *httptest.ResponseRecorder) {
	t.Helper()
	switch rec.Code {
	case http.StatusOK:
	case http.StatusUnprocessableEntity, http.StatusServiceUnavailable:
		var p struct{ Code, Field string }
		if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
			t.Fatalf("%s: %d %s: %v", what, rec.Code, rec.Body, err)
		}
		switch {
		case rec.Code == http.StatusUnprocessableEntity && (p.Code != "limit-exceeded" || p.Field != "depth"):
			t.Errorf("%s = 422 %s in %q; want limit-exceeded in depth", what, p.Code, p.Field)
		case rec.Code == http.StatusServiceUnavailable && (p.Code != "timeout" || rec.Header().Get("Retry-After") == ""):
			t.Errorf("%s = 503 %s, Retry-After %q; want timeout with Retry-After", what, p.Code, rec.Header().Get("Retry-After"))
		}
	default:
		t.Errorf("%s = %d %s; want 200, 422 or 503", what, rec.Code, rec.Body)
	}
}

// TestHostilePerft runs perft at the limits of a heavy inline variant with
// a short budget: each answer is bounded (checkBounded) and documented,
// deep ones are refused before counting. Elapsed times are logged, never
// asserted.
func TestHostilePerft(t *testing.T) {
	srv := shortServer(t, 300*time.Millisecond)
	router := specRouter(t)
	send := func(path, body string) *httptest.ResponseRecorder {
		rec := postBody(srv.Handler(), path, body)
		checkResponse(t, router, path, httptest.NewRequest(http.MethodPost, path, nil), rec)
		return rec
	}
	def := hostileDefinition()
	for depth := 1; depth <= 7; depth++ {
		start := time.Now()
		rec := send("/v1/perft", fmt.Sprintf(`{"definition":%s,"depth":%d}`, def, depth))
		t.Logf("perft depth %d: %d in %v", depth, rec.Code, time.Since(start))
		checkBounded(t, fmt.Sprintf("perft depth %d", depth), rec)
		if depth >= 3 && rec.Code != http.StatusUnprocessableEntity {
			// Thousands of moves a ply: the forecast is far over budget.
			t.Errorf("perft depth %d of the hostile variant = %d; want 422 decided in advance", depth, rec.Code)
		}
	}
	start := time.Now()
	rec := send("/v1/legal-moves", `{"definition":`+def+`}`)
	t.Logf("legal-moves: %d in %v", rec.Code, time.Since(start))
	checkBounded(t, "legal-moves", rec)
}

// TestPerftDecidedInAdvance: chess from the start to depth 7 is refused
// with 422 before counting (TestAdmission repeats it with every slot of
// heavy work taken), and chess to depth 4, forecast from depth 3, is
// counted. The budget is a minute, so that the race detector on a loaded
// machine cannot turn the count into a timeout: the outcome is the forecast's.
func TestPerftDecidedInAdvance(t *testing.T) {
	srv := shortServer(t, time.Minute)
	rec := postBody(srv.Handler(), "/v1/perft", `{"variant":"chess","depth":7}`)
	if rec.Code != http.StatusUnprocessableEntity || !strings.Contains(rec.Body.String(), `"code":"limit-exceeded"`) ||
		!strings.Contains(rec.Body.String(), "estimated at") {
		t.Errorf("perft chess 7 = %d %s; want 422 limit-exceeded, estimated", rec.Code, rec.Body)
	}
	rec = postBody(srv.Handler(), "/v1/perft", `{"variant":"chess","depth":4}`)
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"nodes":197281`) {
		t.Errorf("perft chess 4 = %d %s; want 200 and 197281 nodes", rec.Code, rec.Body)
	}
}
