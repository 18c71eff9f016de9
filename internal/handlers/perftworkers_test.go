package handlers

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
)

// perftAnswer is the answer of POST /v1/perft as a client reads it.
type perftAnswer struct {
	Nodes  uint64        `json:"nodes"`
	Divide []divideEntry `json:"divide"`
	Run    perftRun      `json:"run"`
}

// workersServer is a server of the default limits but the leaf budget,
// with a pool of workers slots and no queue.
func workersServer(t *testing.T, workers int, budget uint64) *Server {
	t.Helper()
	cfg := DefaultConfig()
	cfg.HeavyWorkers, cfg.HeavyQueue, cfg.MaxPerftNodes = workers, 0, budget
	srv, err := New(cfg, zap.NewNop(), nil, prometheus.NewRegistry())
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return srv
}

// postPerft posts a perft request to srv.
func postPerft(srv *Server, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, "/v1/perft", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	srv.Handler().ServeHTTP(rec, req)
	return rec
}

// holdSlots takes n slots of srv's pool until the returned function is
// called.
func holdSlots(t *testing.T, srv *Server, n int) func() {
	t.Helper()
	release := make(chan struct{})
	done := make(chan error, n)
	for range n {
		started := make(chan struct{})
		go func() {
			done <- srv.heavy(context.Background(), func() error {
				close(started)
				<-release
				return nil
			})
		}()
		<-started
	}
	return func() {
		close(release)
		for range n {
			if err := <-done; err != nil {
				t.Errorf("held computation: %v", err)
			}
		}
	}
}

// TestPerftWorkersSameCount: through the API, the count and the divide
// entries, in order, are the same for every number of workers, and the
// run names the workers used: at most the pool's slots and the root moves.
func TestPerftWorkersSameCount(t *testing.T) {
	srv := workersServer(t, 8, 200_000_000)
	tests := []struct {
		name, position string // the request's variant or definition, and fen
		depth          int
		nodes          uint64 // 0: the serial count's
	}{
		{"chess", `"variant":"chess"`, 3, 8902},
		{"kiwipete", `"variant":"chess","fen":"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"`, 3, 97862},
		{"shako", `"variant":"shako"`, 2, 3364},
		{"two-moves", `"variant":"chess","fen":"k7/8/8/8/8/8/8/K6r w - - 0 1"`, 4, 0},
		{"mate", `"variant":"chess","fen":"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"`, 1, 0},
		{"inline", `"definition":` + inlineVariant, 3, 0},
	}
	for _, tt := range tests {
		var serial perftAnswer
		for _, w := range []int{0, 1, 2, 3, 8, 256} {
			body := fmt.Sprintf(`{%s,"depth":%d,"divide":true}`, tt.position, tt.depth)
			if w > 0 {
				body = fmt.Sprintf(`{%s,"depth":%d,"divide":true,"workers":%d}`, tt.position, tt.depth, w)
			}
			rec := postPerft(srv, body)
			var got perftAnswer
			if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &got) != nil {
				t.Fatalf("%s, workers %d = %d %s; want 200", tt.name, w, rec.Code, rec.Body)
			}
			if w == 0 {
				serial = got
				if tt.nodes != 0 && got.Nodes != tt.nodes {
					t.Errorf("%s = %d nodes; want %d", tt.name, got.Nodes, tt.nodes)
				}
			}
			if got.Nodes != serial.Nodes || !slices.Equal(got.Divide, serial.Divide) {
				t.Errorf("%s, workers %d = %d nodes, divide %v; want the serial %d, %v", tt.name, w, got.Nodes, got.Divide, serial.Nodes, serial.Divide)
			}
			want := 1 // depth 1 is counted serially
			if tt.depth > 1 {
				want = max(1, min(w, 8, len(serial.Divide))) // the pool's slots, the root moves
			}
			if got.Run.Workers != want {
				t.Errorf("%s, workers %d: run.workers = %d; want %d", tt.name, w, got.Run.Workers, want)
			}
		}
	}
	if n := len(srv.pool.slots) + len(srv.pool.admitted); n != 0 {
		t.Errorf("after the perfts, %d slots and places of the pool are taken; want none", n)
	}
}

// TestPerftWorkersBudget: a count over the leaf budget is the same 422 for
// every number of workers.
func TestPerftWorkersBudget(t *testing.T) {
	srv := workersServer(t, 8, 100_000)
	want := postPerft(srv, `{"variant":"chess","depth":4}`)
	if want.Code != http.StatusUnprocessableEntity || !strings.Contains(want.Body.String(), "exceeds this server's budget") {
		t.Fatalf("perft chess 4 over a budget of 100,000 = %d %s; want 422, counted to the budget", want.Code, want.Body)
	}
	for _, w := range []int{1, 2, 3, 8} {
		rec := postPerft(srv, fmt.Sprintf(`{"variant":"chess","depth":4,"workers":%d}`, w))
		if rec.Code != want.Code || rec.Body.String() != want.Body.String() {
			t.Errorf("perft chess 4, workers %d = %d %s; want %d %s", w, rec.Code, rec.Body, want.Code, want.Body)
		}
	}
}

// TestPerftWorkersBusyPool: the extra workers are only slots free when the
// count starts: with some held, a perft counts with the rest, the same
// count, and gives them all back.
func TestPerftWorkersBusyPool(t *testing.T) {
	srv := workersServer(t, 3, 200_000_000)
	for held := range 3 {
		release := holdSlots(t, srv, held)
		rec := postPerft(srv, `{"variant":"chess","depth":3,"workers":3}`)
		var got perftAnswer
		if rec.Code != http.StatusOK || json.Unmarshal(rec.Body.Bytes(), &got) != nil || got.Nodes != 8902 {
			t.Fatalf("perft with %d of 3 slots held = %d %s; want 200, 8902 nodes", held, rec.Code, rec.Body)
		}
		if got.Run.Workers != 3-held {
			t.Errorf("perft with %d of 3 slots held: run.workers = %d; want %d", held, got.Run.Workers, 3-held)
		}
		if n := len(srv.pool.slots); n != held {
			t.Errorf("after the perft with %d slots held, %d are taken; want %d", held, n, held)
		}
		release()
	}
	// Every slot held: the request has no slot to start in and no queue.
	release := holdSlots(t, srv, 3)
	if rec := postPerft(srv, `{"variant":"chess","depth":3,"workers":3}`); rec.Code != http.StatusTooManyRequests {
		t.Errorf("perft with every slot held and no queue = %d %s; want 429", rec.Code, rec.Body)
	}
	release()
}

// TestPoolExtra: extra takes only free slots, each with a place, and
// release gives them back.
func TestPoolExtra(t *testing.T) {
	srv := workersServer(t, 4, 0)
	pl := srv.pool
	release := holdSlots(t, srv, 1)
	if k := pl.extra(5); k != 3 {
		t.Errorf("extra(5) with 3 slots free = %d; want 3", k)
	}
	if k := pl.extra(1); k != 0 {
		t.Errorf("extra(1) with none free = %d; want 0", k)
	}
	pl.release(3)
	if len(pl.slots) != 1 || len(pl.admitted) != 1 {
		t.Errorf("after release(3): %d slots, %d places taken; want 1, 1", len(pl.slots), len(pl.admitted))
	}
	release()
}
