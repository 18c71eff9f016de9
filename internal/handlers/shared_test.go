package handlers

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
)

// TestSharedOutlivesLeavingClient: two clients ask for the same answer of
// a heavy computation; the first one's computation waits in the pool's
// queue when its client goes away. The second client, well inside its own
// budget, still gets the answer (before: the computation ran under the
// first client's context and failed the second with 503 timeout).
func TestSharedOutlivesLeavingClient(t *testing.T) {
	hp := newHeldPool(t, DefaultConfig(), zap.NewNop())
	joined := make(chan struct{}, 1)
	hp.srv.answers.flight.joined = func() { joined <- struct{}{} }
	body := `{"definition":` + inlineVariant + `}`
	// The definition compiled first, so that the requests below wait for
	// the computation of their answer, not for the compile.
	hp.release()
	<-hp.held
	if rec := hp.post("/v1/status", body); rec.Code != http.StatusOK {
		t.Fatalf("status = %d %s", rec.Code, rec.Body)
	}
	hp.hold()

	ctxA, leave := context.WithCancel(context.Background())
	recA := make(chan *httptest.ResponseRecorder, 1)
	go func() {
		req := httptest.NewRequest(http.MethodPost, "/v1/legal-moves", strings.NewReader(body)).WithContext(ctxA)
		req.Header.Set("Content-Type", "application/json")
		rec := httptest.NewRecorder()
		hp.srv.Handler().ServeHTTP(rec, req)
		recA <- rec
	}()
	<-hp.queued // A's computation waits for the held worker
	recB := make(chan *httptest.ResponseRecorder, 1)
	go func() { recB <- hp.post("/v1/legal-moves", body) }()
	<-joined // B waits for A's computation
	left := make(chan struct{}, 1)
	hp.srv.answers.flight.left = func() { left <- struct{}{} }
	leave() // A's client goes away
	<-left
	hp.release()
	if rec := <-recA; rec.Code == http.StatusOK {
		t.Errorf("the client that left = %d; want an error answer (nobody reads it)", rec.Code)
	}
	rec := <-recB
	if rec.Code != http.StatusOK || !strings.Contains(rec.Body.String(), `"moves":[`) {
		t.Fatalf("the client that stayed = %d %s; want 200 with the moves", rec.Code, rec.Body)
	}
}

// TestFlightCancelledWhenAllLeave: a computation whose every waiting
// request has gone is cancelled; one with a request left is not.
func TestFlightCancelledWhenAllLeave(t *testing.T) {
	var g flightGroup
	joined, left := make(chan struct{}, 1), make(chan struct{}, 2)
	g.joined = func() { joined <- struct{}{} }
	g.left = func() { left <- struct{}{} }
	started, seen := make(chan struct{}), make(chan error, 1)
	ctxA, leaveA := context.WithCancel(context.Background())
	ctxB, leaveB := context.WithCancel(context.Background())
	errA := make(chan error, 1)
	go func() {
		_, _, err := g.do(ctxA, "k", func(ctx context.Context) ([]byte, error) {
			close(started)
			<-ctx.Done()
			seen <- ctx.Err()
			return nil, ctx.Err()
		})
		errA <- err
	}()
	<-started
	errB := make(chan error, 1)
	go func() {
		_, _, err := g.do(ctxB, "k", nil)
		errB <- err
	}()
	<-joined
	leaveA()
	<-left
	select {
	case err := <-seen:
		t.Fatalf("the computation ended (%v) with a request still waiting", err)
	default:
	}
	leaveB()
	if err := <-errB; !errors.Is(err, context.Canceled) {
		t.Errorf("the second request = %v; want its own context's error", err)
	}
	if err := <-seen; !errors.Is(err, context.Canceled) {
		t.Errorf("the computation's context = %v once all left; want canceled", err)
	}
	if err := <-errA; !errors.Is(err, context.Canceled) {
		t.Errorf("the first request = %v; want its own context's error", err)
	}
}

// TestFlightDeadlineExtended: the computation's deadline is the latest of
// its waiting requests', so the first request's deadline passing does not
// end it while a later one waits; the budget caps it.
func TestFlightDeadlineExtended(t *testing.T) {
	g := flightGroup{budget: time.Hour}
	joined, left := make(chan struct{}, 1), make(chan struct{}, 1)
	g.joined = func() { joined <- struct{}{} }
	g.left = func() { left <- struct{}{} }
	ctxA, cancelA := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancelA()
	started, release := make(chan struct{}), make(chan struct{})
	var compCtx context.Context
	errA := make(chan error, 1)
	go func() {
		_, _, err := g.do(ctxA, "k", func(ctx context.Context) ([]byte, error) {
			compCtx = ctx
			close(started)
			<-release
			return []byte("answer"), ctx.Err()
		})
		errA <- err
	}()
	<-started
	resB := make(chan string, 1)
	go func() {
		b, _, err := g.do(context.Background(), "k", nil)
		if err != nil {
			resB <- err.Error()
		}
		resB <- string(b)
	}()
	<-joined
	<-ctxA.Done() // the first request's deadline passes
	<-left
	if err := compCtx.Err(); err != nil {
		t.Errorf("the computation's context after the first deadline = %v; want it running for the second request", err)
	}
	close(release)
	if got := <-resB; got != "answer" {
		t.Errorf("the second request = %q; want the answer", got)
	}
	if err := <-errA; !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("the first request past its deadline = %v; want deadline exceeded", err)
	}
	c := (&flightGroup{budget: time.Minute}).start(context.Background())
	c.extend(context.Background())
	if d := time.Until(c.deadline); d > time.Minute {
		t.Errorf("a deadline %v away; want at most the budget", d)
	}
	c.cancel()
	c.timer.Stop()
}
