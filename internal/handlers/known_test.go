package handlers

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/adjudicator/adjudicator/internal/cache"
)

func (n *ctNode) known(tb testing.TB) float64 {
	tb.Helper()
	return n.metric(tb, "adjudicator_known_requests_total")
}

// TestKnownRequests: the same bytes sent again are answered by their hash,
// with the bytes of the first answer and no computation; other bytes of
// the same request go the whole way and find the answer by its key.
func TestKnownRequests(t *testing.T) {
	n := ctNewNode(t, "known", ctMemory, nil)
	reqs := []ctReq{
		ctLegal("chess", ctKiwipete),
		ctStatus("chess", ctKiwipete),
		ctValidate("chess", ctKiwipete, "e2a6"),
		ctPosition("/v1/legal-moves", "chess", "", map[string]any{"moves": []string{"e4", "e5", "Nf3"}}),
	}
	for _, r := range reqs {
		first := n.must(t, r)
		positions, known := n.positions(t), n.known(t)
		again := n.must(t, r)
		if !bytes.Equal(again, first) {
			t.Errorf("%s: the known answer differs:\n%s\nwant\n%s", r, again, first)
		}
		if n.known(t) != known+1 || n.positions(t) != positions {
			t.Errorf("%s sent again: known %v -> %v, positions %v -> %v; want one known answer, nothing computed",
				r, known, n.known(t), positions, n.positions(t))
		}
		// The same request in other bytes: not known, the answer found by
		// its key, not computed.
		spaced := ctReq{r.path, " " + r.body + "\n"}
		known = n.known(t)
		if got := n.must(t, spaced); !bytes.Equal(got, first) {
			t.Errorf("%s respaced: %s; want %s", r, got, first)
		}
		if n.known(t) != known || n.positions(t) != positions {
			t.Errorf("%s respaced: known %v -> %v, positions %v -> %v; want the whole path, nothing computed",
				r, known, n.known(t), positions, n.positions(t))
		}
	}
}

// TestKnownRequestsStillChecked: what a known request's bytes cannot show
// is checked every time (the Content-Type, the operation: the same body
// on another path is not the same request), and a request that failed is
// never known.
func TestKnownRequestsStillChecked(t *testing.T) {
	n := ctNewNode(t, "known", ctMemory, nil)
	r := ctLegal("chess", ctKiwipete)
	n.must(t, r)
	n.must(t, r)
	req := httptest.NewRequest(http.MethodPost, r.path, strings.NewReader(r.body))
	req.Header.Set("Content-Type", "text/plain")
	rec := httptest.NewRecorder()
	n.srv.Handler().ServeHTTP(rec, req)
	if rec.Code != http.StatusUnsupportedMediaType {
		t.Errorf("a known body as text/plain: %d %s; want 415", rec.Code, rec.Body)
	}
	status := n.must(t, ctReq{"/v1/status", r.body})
	if bytes.Contains(status, []byte(`"moves"`)) {
		t.Errorf("status with legal-moves' known body answered legal-moves' answer: %s", status)
	}
	bad := ctLegal("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1")
	known := n.known(t)
	for range 2 {
		if code, body, _ := n.do(bad); code != http.StatusUnprocessableEntity {
			t.Fatalf("%s: %d %s; want 422", bad, code, body)
		}
	}
	if n.known(t) != known {
		t.Errorf("a failed request became known")
	}
}

// TestKnownRequestForgotten: a known request whose answer the cache has
// dropped is computed again, right.
func TestKnownRequestForgotten(t *testing.T) {
	reg := prometheus.NewRegistry()
	mem := cache.NewMemory(cache.MemoryConfig{Entries: 1, MaxValue: 1 << 20, TTL: time.Hour}, cache.NewMetrics(reg))
	srv, err := New(DefaultConfig(), zap.NewNop(), mem, reg)
	if err != nil {
		t.Fatal(err)
	}
	n := &ctNode{name: "one-entry", kind: ctMemory, srv: srv, reg: reg, cacheReg: reg}
	a, b := ctLegal("chess", ctKiwipete), ctLegal("chess", "")
	first := n.must(t, a)
	n.must(t, b) // evicts a's answer
	positions, known := n.positions(t), n.known(t)
	if got := n.must(t, a); !bytes.Equal(got, first) {
		t.Errorf("recomputed answer differs:\n%s\nwant\n%s", got, first)
	}
	if n.positions(t) != positions+1 || n.known(t) != known {
		t.Errorf("positions %v -> %v, known %v -> %v; want one computed, none known", positions, n.positions(t), known, n.known(t))
	}
}

// TestKnownRequestsWithoutCache: without a cache nothing is known.
func TestKnownRequestsWithoutCache(t *testing.T) {
	n := ctNewNode(t, "none", ctNone, nil)
	r := ctLegal("chess", ctKiwipete)
	first := n.must(t, r)
	if got := n.must(t, r); !bytes.Equal(got, first) || n.known(t) != 0 {
		t.Errorf("without a cache: known %v, answers equal %v", n.known(t), bytes.Equal(got, first))
	}
}

// TestRecycledAnswersIntact: without a cache, answer buffers are reused
// once written; concurrent requests, identical ones sharing one
// computation among them, each get their own answer whole.
func TestRecycledAnswersIntact(t *testing.T) {
	n := ctNewNode(t, "none", ctNone, nil)
	reqs := []ctReq{ctLegal("chess", ctKiwipete), ctLegal("chess", ""), ctStatus("chess", ctKiwipete),
		ctLegal("bigorra", ctBigorraMiddle)}
	want := make([][]byte, len(reqs))
	for i, r := range reqs {
		want[i] = bytes.Clone(n.must(t, r))
	}
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 40 {
				k := (w + i) % len(reqs)
				if w%2 == 0 {
					k = 0 // half the workers ask the same, to share computations
				}
				code, body, _ := n.do(reqs[k])
				if code != http.StatusOK || !bytes.Equal(body, want[k]) {
					errs <- fmt.Sprintf("%s: %d, %d bytes differ from the first answer's %d", reqs[k], code, len(body), len(want[k]))
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestKnownMemory: the requests remembered take at most the 32 MB that
// docs/LIMITS.md gives, full and with keys as long as the real ones; the
// log gives the figure.
func TestKnownMemory(t *testing.T) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	k := newKnown(ctNoCache{}, prometheus.NewCounter(prometheus.CounterOpts{Name: "x"}))
	key := cacheKey("legal-moves", "b:chess", ctKiwipete)
	for i := range knownEntries {
		var sum [32]byte
		binary.LittleEndian.PutUint64(sum[:], uint64(i))
		// Each entry its own key and variant strings, as from a request.
		k.lru.Add(sum, knownAnswer{key: strings.Clone(key), variant: strings.Clone("chess")})
	}
	runtime.GC()
	runtime.ReadMemStats(&after)
	used := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("%d known requests take %.1f MB (%d bytes each)", knownEntries, float64(used)/1e6, used/knownEntries)
	if used > 32<<20 || k.lru.Len() != knownEntries {
		t.Errorf("%d known requests take %d bytes; want at most 32 MiB", k.lru.Len(), used)
	}
}

// ctNoCache is a cache that keeps nothing.
type ctNoCache struct{}

func (ctNoCache) Get(context.Context, string) ([]byte, bool) { return nil, false }
func (ctNoCache) Set(context.Context, string, []byte)        {}

// TestChecksBounded: the operations found per route are kept for the
// methods HTTP defines only, so that requests with made-up methods or
// paths do not grow the map.
func TestChecksBounded(t *testing.T) {
	n := ctNewNode(t, "none", ctNone, nil)
	for i := range 50 {
		for _, req := range []*http.Request{
			httptest.NewRequest(fmt.Sprintf("M%d", i), "/v1/legal-moves", nil),
			httptest.NewRequest(http.MethodGet, fmt.Sprintf("/v1/nothing/%d", i), nil),
		} {
			n.srv.Handler().ServeHTTP(httptest.NewRecorder(), req)
		}
	}
	n.must(t, ctLegal("chess", ""))
	kept := 0
	n.srv.spec.checks.Range(func(k, _ any) bool {
		kept++
		if !strings.HasPrefix(k.(string), "POST ") {
			t.Errorf("kept %q", k)
		}
		return true
	})
	if kept != 1 {
		t.Errorf("%d operations kept; want 1 (POST /v1/legal-moves)", kept)
	}
}
