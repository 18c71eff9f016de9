package handlers

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"
)

// countingReader counts the bytes read from it.
type countingReader struct {
	r io.Reader
	n atomic.Int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}

func bulkRequestOf(body io.Reader) *http.Request {
	req := httptest.NewRequest(http.MethodPost, "/v1/games/adjudicate/bulk", body)
	req.Header.Set("Content-Type", "application/x-ndjson")
	return req
}

// TestBulkAdmitted: a bulk stream takes a place of the pool like any heavy
// request: with the worker held and the queue full, it is refused at once
// with 429 overloaded and Retry-After, before its body is read (before:
// it was let in and its games waited for slots with no bound on the
// streams that did so).
func TestBulkAdmitted(t *testing.T) {
	hp := newHeldPool(t, DefaultConfig(), zap.NewNop())
	queued := make(chan *httptest.ResponseRecorder, 1)
	go func() { queued <- hp.post("/v1/perft", `{"variant":"chess","depth":3}`) }()
	<-hp.queued
	body := &countingReader{r: strings.NewReader(`{"variant":"chess","moves":["e4"]}` + "\n")}
	rec := httptest.NewRecorder()
	hp.srv.Handler().ServeHTTP(rec, bulkRequestOf(body))
	if rec.Code != http.StatusTooManyRequests || !strings.Contains(rec.Body.String(), `"code":"overloaded"`) ||
		rec.Header().Get("Retry-After") == "" {
		t.Errorf("bulk stream on a full pool = %d %s, Retry-After %q; want 429 overloaded with Retry-After",
			rec.Code, rec.Body, rec.Header().Get("Retry-After"))
	}
	if n := body.n.Load(); n != 0 {
		t.Errorf("the refused stream's body was read (%d bytes); want none", n)
	}
	hp.release()
	if rec := <-queued; rec.Code != http.StatusOK {
		t.Errorf("the queued perft = %d %s", rec.Code, rec.Body)
	}
	// With room again, the same stream is answered.
	rec = httptest.NewRecorder()
	hp.srv.Handler().ServeHTTP(rec, bulkRequestOf(strings.NewReader(`{"variant":"chess","moves":["e4"]}`+"\n")))
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"legal":true`) {
		t.Errorf("bulk stream on a free pool = %d %s", rec.Code, rec.Body)
	}
}

// stalledWriter is a client that reads no answer: every Write waits until
// release.
type stalledWriter struct {
	header  http.Header
	release chan struct{}
	buf     bytes.Buffer
	mu      sync.Mutex
}

func (w *stalledWriter) Header() http.Header { return w.header }
func (w *stalledWriter) WriteHeader(int)     {}
func (w *stalledWriter) Flush()              {}
func (w *stalledWriter) Write(p []byte) (int, error) {
	<-w.release
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}

// TestBulkBackPressure: a client that reads none of its answers stops the
// stream from reading its games once --bulk-buffer-bytes of lines and
// answers are held (before: the stream read as many games as its window
// of games in progress held, whatever their size); released, the stream
// answers every game.
func TestBulkBackPressure(t *testing.T) {
	const lineBytes, games, budget = 64 << 10, 20, 64 << 10
	cfg := DefaultConfig()
	cfg.HeavyWorkers, cfg.BulkBufferBytes, cfg.RequestTimeout = 1, budget, time.Minute
	srv, err := New(cfg, zap.NewNop(), nil, prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	// Each line is a legal game padded to lineBytes with spaces.
	var b strings.Builder
	for range games {
		line := `{"variant":"chess","moves":["e4","e5"]}`
		b.WriteString(line + strings.Repeat(" ", lineBytes-len(line)-1) + "\n")
	}
	body := &countingReader{r: strings.NewReader(b.String())}
	w := &stalledWriter{header: http.Header{}, release: make(chan struct{})}
	done := make(chan struct{})
	go func() {
		srv.Handler().ServeHTTP(w, bulkRequestOf(body).WithContext(context.Background()))
		close(done)
	}()
	// Wait until the stream stops reading (nothing more read for 300 ms, at
	// most 10 s): a slower machine only reads less by then.
	last, stable := int64(-1), 0
	for i := 0; i < 100 && stable < 3; i++ {
		time.Sleep(100 * time.Millisecond)
		if n := body.n.Load(); n == last {
			stable++
		} else {
			last, stable = n, 0
		}
	}
	// What may be read: the budget, one line past it, and the reader's
	// buffer (64 KiB).
	if limit := int64(budget + lineBytes + 64<<10); last > limit {
		t.Errorf("with no answer read, the stream read %d bytes of its body; want at most %d", last, limit)
	}
	close(w.release)
	<-done
	if got := strings.Count(w.buf.String(), `"legal":true`); got != games {
		t.Errorf("%d games answered legal once the client read; want %d\n%.500s", got, games, w.buf.String())
	}
}

// TestByteBudget: take waits for room and gives up with its context; an
// item larger than the budget passes when nothing is held; force never
// waits.
func TestByteBudget(t *testing.T) {
	b := newByteBudget(100)
	ctx := context.Background()
	if err := b.take(ctx, 250); err != nil || b.held() != 250 {
		t.Fatalf("take(250) on an empty budget of 100 = %v, held %d; want it let in", err, b.held())
	}
	b.force(10)
	waited := make(chan error, 1)
	go func() { waited <- b.take(ctx, 50) }()
	b.give(250)
	if err := <-waited; err != nil || b.held() != 60 {
		t.Errorf("take(50) after the room was given back = %v, held %d; want 60 held", err, b.held())
	}
	cctx, cancel := context.WithCancel(ctx)
	go func() { waited <- b.take(cctx, 80) }()
	cancel()
	if err := <-waited; err != context.Canceled || b.held() != 60 {
		t.Errorf("take(80) with no room and a cancelled context = %v, held %d; want canceled, 60 held", err, b.held())
	}
}
