package handlers_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/routers"
	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/adjudicator/adjudicator/internal/handlers"
	"github.com/adjudicator/adjudicator/internal/rules"
)

// annotation is one entry of an answer's annotations.
type annotation struct {
	Index  *int   `json:"index"`
	Move   string `json:"move"`
	Mark   string `json:"mark"`
	Code   string `json:"code"`
	Detail string `json:"detail"`
}

// annPost posts body to path, requires a 200 that matches
// api/openapi.yaml and returns the body.
func annPost(t *testing.T, srv *handlers.Server, path string, body any) []byte {
	t.Helper()
	req := func() *http.Request {
		r := httptest.NewRequest(http.MethodPost, path, strings.NewReader(jsonText(body)))
		r.Header.Set("Content-Type", "application/json")
		return r
	}
	rec := serve(srv.Handler(), req())
	if rec.Code != http.StatusOK {
		t.Fatalf("POST %s %s = %d %s; want 200", path, jsonText(body), rec.Code, rec.Body.Bytes())
	}
	checkResponse(t, annRouter(t), "POST "+path+" "+jsonText(body), req(), rec)
	return rec.Body.Bytes()
}

var (
	annRouterOnce sync.Once
	annRouterVal  routers.Router
)

// annRouter is the router of the served document, built once.
func annRouter(t *testing.T) routers.Router {
	annRouterOnce.Do(func() { annRouterVal = specRouter(t) })
	return annRouterVal
}

// validate-move accepts a move with a false mark and reports the mark; an
// answer without false marks has no annotations field.
func TestValidateMoveAnnotations(t *testing.T) {
	tests := []struct {
		move string
		want string // codes, in order; "" for no annotations field
	}{
		{"e2xe4", "false-capture"},
		{"e4#", "false-mate"},
		{"Nf3#", "false-mate"},
		{"Nf3+", "false-check"},
		{"P e2xe4+", "false-capture false-check"},
		{"e4", ""},
		{"Nf3!", ""},
		{"e2-e4", ""},
	}
	srv := newServer(t)
	for _, tt := range tests {
		body := annPost(t, srv, "/v1/validate-move", map[string]any{"variant": "chess", "move": tt.move})
		var got struct {
			Legal       bool         `json:"legal"`
			Annotations []annotation `json:"annotations"`
		}
		if err := json.Unmarshal(body, &got); err != nil {
			t.Fatal(err)
		}
		if !got.Legal {
			t.Errorf("validate-move %q = %s; want legal", tt.move, body)
		}
		var codes []string
		for _, a := range got.Annotations {
			codes = append(codes, a.Code)
			if a.Mark == "" || a.Detail == "" || a.Index != nil {
				t.Errorf("validate-move %q: annotation %+v; want a mark and a detail, no index", tt.move, a)
			}
		}
		if c := strings.Join(codes, " "); c != tt.want {
			t.Errorf("validate-move %q annotations = %q; want %q", tt.move, c, tt.want)
		}
		if has := bytes.Contains(body, []byte(`"annotations"`)); has != (tt.want != "") {
			t.Errorf("validate-move %q = %s: annotations field present %v; want %v", tt.move, body, has, tt.want != "")
		}
	}
}

// annotatedGame is a legal chess game of 42 plies with false marks on
// moves 2 (+), 4 (x and #) and 40 (#), the last after the checkpoint at 32
// plies. Moves 6 to 41 are quiet moves (no capture, no check) picked from
// the legal ones by a fixed rule, written in SAN.
func annotatedGame(t *testing.T) []string {
	t.Helper()
	g := rules.NewGame(rules.MustBuiltin("chess").Start())
	moves := []string{"e4", "e5", "Nf3+", "Nc6", "Bxb5#", "Nf6"}
	for i := 0; i < 42; i++ {
		if i >= len(moves) {
			legal := g.LegalMoves()
			for k := range legal {
				m := legal[(i*7+k)%len(legal)]
				if san := g.Position().SAN(m); !strings.ContainsAny(san, "x+#") {
					moves = append(moves, san)
					break
				}
			}
		}
		m, err := g.ParseMove(moves[i])
		if err != nil {
			t.Fatalf("move %d %q: %v", i, moves[i], err)
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("move %d %q: %v", i, moves[i], err)
		}
	}
	if st := g.Status(); st.Outcome != rules.Ongoing {
		t.Fatalf("the game ended: %s", st.Outcome)
	}
	moves[40] += "#"
	return moves
}

// adjudicate reports every false mark with the move's index and text, the
// same whether the game is replayed from the start or resumed from a
// cached prefix.
func TestAdjudicateAnnotations(t *testing.T) {
	game := annotatedGame(t)
	want := []annotation{
		{Index: ptr(2), Move: "Nf3+", Mark: "+", Code: "false-check"},
		{Index: ptr(4), Move: "Bxb5#", Mark: "x", Code: "false-capture"},
		{Index: ptr(4), Move: "Bxb5#", Mark: "#", Code: "false-mate"},
		{Index: ptr(40), Move: game[40], Mark: "#", Code: "false-mate"},
	}
	fresh := newServer(t)
	ref := annPost(t, fresh, "/v1/games/adjudicate", map[string]any{"variant": "chess", "moves": game})
	var got struct {
		Legal       bool         `json:"legal"`
		Plies       int          `json:"plies"`
		Annotations []annotation `json:"annotations"`
	}
	if err := json.Unmarshal(ref, &got); err != nil {
		t.Fatal(err)
	}
	if !got.Legal || got.Plies != len(game) || len(got.Annotations) != len(want) {
		t.Fatalf("adjudicate = %s; want a legal game of %d plies with %d annotations", ref, len(game), len(want))
	}
	for i, a := range got.Annotations {
		w := want[i]
		if a.Index == nil || *a.Index != *w.Index || a.Move != w.Move || a.Mark != w.Mark || a.Code != w.Code || a.Detail == "" {
			t.Errorf("annotations[%d] = %+v; want %+v with a detail", i, a, w)
		}
	}

	// A server with a cache adjudicates prefixes, resuming from the cached
	// state of an earlier one (the whole of it, its move before the last,
	// or the checkpoint at 32 plies) wherever one is there: each answer is
	// byte for byte the one replayed from the start.
	c := &countingCache{values: map[string][]byte{}}
	cached, err := handlers.New(testConfig(), zap.NewNop(), c, prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		plies   int
		resumes bool
	}{
		{5, false},  // from the start; stores 5
		{6, true},   // from 5
		{36, false}, // from the start; stores 32 and 36
		{38, true},  // from the checkpoint 32, past moves 2 and 4
		{41, true},  // from 32
		{42, true},  // from 41
	}
	for _, st := range steps {
		prefix := game[:st.plies]
		hits := c.hitCount()
		body := annPost(t, cached, "/v1/games/adjudicate", map[string]any{"variant": "chess", "moves": prefix})
		wantBody := annPost(t, fresh, "/v1/games/adjudicate", map[string]any{"variant": "chess", "moves": prefix})
		if !bytes.Equal(body, wantBody) {
			t.Errorf("adjudicate %d moves with a cache = %s; want %s (from the start)", st.plies, body, wantBody)
		}
		if resumed := c.hitCount() > hits; resumed != st.resumes {
			t.Errorf("adjudicate %d moves: resumed from a cached prefix %v; want %v", st.plies, resumed, st.resumes)
		}
	}
	// Without marks, the answer has no annotations field.
	plain := annPost(t, fresh, "/v1/games/adjudicate", map[string]any{"variant": "chess", "moves": []string{"e4", "e5", "Nf3"}})
	if bytes.Contains(plain, []byte(`"annotations"`)) {
		t.Errorf("adjudicate e4 e5 Nf3 = %s; want no annotations field", plain)
	}
}

func ptr(i int) *int { return &i }

// countingCache is an in-process cache that counts the lookups it answers.
type countingCache struct {
	mu     sync.Mutex
	values map[string][]byte
	hits   int
}

func (c *countingCache) Get(_ context.Context, key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	b, ok := c.values[key]
	if ok {
		c.hits++
	}
	return b, ok
}

func (c *countingCache) Set(_ context.Context, key string, value []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.values[key] = value
}

func (c *countingCache) hitCount() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits
}
