package client

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// script is a test server that answers its requests in turn with the
// answers given, the last one again once they run out, and records the
// bodies it received.
type script struct {
	t       *testing.T
	answers []scripted
	mu      sync.Mutex
	bodies  []string
	calls   atomic.Int32
}

type scripted struct {
	status     int
	retryAfter string // the Retry-After header; none when empty
	body       string // a problem document unless status is 200
}

func (s *script) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := int(s.calls.Add(1)) - 1
	body, err := io.ReadAll(r.Body)
	if err != nil {
		s.t.Errorf("reading the request: %v", err)
	}
	s.mu.Lock()
	s.bodies = append(s.bodies, string(body))
	s.mu.Unlock()
	a := s.answers[min(n, len(s.answers)-1)]
	if a.retryAfter != "" {
		w.Header().Set("Retry-After", a.retryAfter)
	}
	if a.status == http.StatusOK {
		w.Header().Set("Content-Type", "application/json")
	} else {
		w.Header().Set("Content-Type", "application/problem+json")
	}
	w.WriteHeader(a.status)
	_, _ = io.WriteString(w, a.body)
}

func problemBody(status int, code string) string {
	return fmt.Sprintf(`{"type":"/problems/%s","title":"%s","status":%d,"code":"%s","detail":"a %s problem"}`,
		code, code, status, code, code)
}

const legalMovesOK = `{"variant":"chess","fen":"8/8/8/8/8/8/8/K6k w - - 0 1","moves":[],"status":{"turn":"white","inCheck":false,"checkers":[],"outcome":"stalemate","result":"1/2-1/2","claimableDraws":[],"legalMoveCount":0,"halfmoveClock":0,"fullmoveNumber":1,"repetitions":1}}`

// waits records the waits a RetryDoer asks for instead of sleeping them.
type waits struct {
	mu sync.Mutex
	d  []time.Duration
}

func (w *waits) sleep(ctx context.Context, d time.Duration) error {
	w.mu.Lock()
	w.d = append(w.d, d)
	w.mu.Unlock()
	return ctx.Err()
}

func (w *waits) list() []time.Duration {
	w.mu.Lock()
	defer w.mu.Unlock()
	return append([]time.Duration(nil), w.d...)
}

// newTestService returns a Service on the script whose retries record their
// waits in w instead of sleeping.
func newTestService(t *testing.T, s *script, w *waits, opts ...Option) *Service {
	t.Helper()
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	svc, err := New(ts.URL, append([]Option{WithHTTPDoer(ts.Client())}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	if w != nil {
		svc.raw.Client.(*RetryDoer).sleep = w.sleep
	}
	return svc
}

func chessStart() PositionRequest {
	v := "chess"
	return PositionRequest{Variant: &v}
}

func TestRetryOn429ThenSuccess(t *testing.T) {
	s := &script{t: t, answers: []scripted{
		{status: 429, retryAfter: "1", body: problemBody(429, "overloaded")},
		{status: 200, body: legalMovesOK},
	}}
	w := &waits{}
	svc := newTestService(t, s, w)
	got, err := svc.LegalMoves(context.Background(), chessStart())
	if err != nil {
		t.Fatalf("LegalMoves: %v", err)
	}
	if got.Status.Outcome != "stalemate" || got.Fen != "8/8/8/8/8/8/8/K6k w - - 0 1" {
		t.Errorf("answer %+v, want the scripted stalemate", got)
	}
	if n := s.calls.Load(); n != 2 {
		t.Errorf("%d requests, want 2 (one retry)", n)
	}
	if d := w.list(); len(d) != 1 || d[0] != time.Second {
		t.Errorf("waits %v, want [1s] (the Retry-After)", d)
	}
	// The repeated request carries the same body as the first.
	if len(s.bodies) != 2 || s.bodies[0] != s.bodies[1] || !strings.Contains(s.bodies[0], `"variant":"chess"`) {
		t.Errorf("request bodies %q, want the same legal-moves request twice", s.bodies)
	}
}

func TestRetryGivesUpAfterMaxAttempts(t *testing.T) {
	s := &script{t: t, answers: []scripted{{status: 503, retryAfter: "2", body: problemBody(503, "timeout")}}}
	w := &waits{}
	svc := newTestService(t, s, w)
	_, err := svc.LegalMoves(context.Background(), chessStart())
	var p *Problem
	if !errors.As(err, &p) || p.Code != "timeout" || p.Status != 503 {
		t.Fatalf("error %v, want the timeout problem", err)
	}
	if n := s.calls.Load(); n != DefaultMaxAttempts {
		t.Errorf("%d requests, want %d", n, DefaultMaxAttempts)
	}
	if d := w.list(); len(d) != DefaultMaxAttempts-1 || d[0] != 2*time.Second || d[1] != 2*time.Second {
		t.Errorf("waits %v, want two of 2s", d)
	}
}

func TestMaxAttemptsOption(t *testing.T) {
	s := &script{t: t, answers: []scripted{{status: 429, retryAfter: "1", body: problemBody(429, "overloaded")}}}
	w := &waits{}
	svc := newTestService(t, s, w, WithMaxAttempts(5))
	_, err := svc.Status(context.Background(), chessStart())
	var p *Problem
	if !errors.As(err, &p) || p.Code != "overloaded" {
		t.Fatalf("error %v, want the overloaded problem", err)
	}
	if n := s.calls.Load(); n != 5 {
		t.Errorf("%d requests, want 5", n)
	}

	s1 := &script{t: t, answers: s.answers}
	svc1 := newTestService(t, s1, w, WithMaxAttempts(1))
	if _, err := svc1.Status(context.Background(), chessStart()); !errors.As(err, &p) {
		t.Fatalf("error %v, want the overloaded problem", err)
	}
	if n := s1.calls.Load(); n != 1 {
		t.Errorf("with WithMaxAttempts(1): %d requests, want 1", n)
	}
}

func TestNoRetryOnOtherStatus(t *testing.T) {
	for _, status := range []int{400, 404, 413, 422, 500, 502} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			s := &script{t: t, answers: []scripted{
				{status: status, retryAfter: "1", body: problemBody(status, "bad-request")},
				{status: 200, body: legalMovesOK},
			}}
			w := &waits{}
			svc := newTestService(t, s, w)
			_, err := svc.LegalMoves(context.Background(), chessStart())
			var p *Problem
			if !errors.As(err, &p) || p.Status != status {
				t.Fatalf("error %v, want the %d problem", err, status)
			}
			if n := s.calls.Load(); n != 1 {
				t.Errorf("%d requests, want 1", n)
			}
			if d := w.list(); len(d) != 0 {
				t.Errorf("waits %v, want none", d)
			}
		})
	}
}

// A context that would end before the Retry-After has passed gets the 429
// answer at once, without a wait.
func TestRetryAfterPastTheDeadline(t *testing.T) {
	s := &script{t: t, answers: []scripted{
		{status: 429, retryAfter: "5", body: problemBody(429, "overloaded")},
		{status: 200, body: legalMovesOK},
	}}
	w := &waits{}
	svc := newTestService(t, s, w)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_, err := svc.LegalMoves(ctx, chessStart())
	var p *Problem
	if !errors.As(err, &p) || p.Code != "overloaded" {
		t.Fatalf("error %v, want the overloaded problem", err)
	}
	if n := s.calls.Load(); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
	if d := w.list(); len(d) != 0 {
		t.Errorf("waits %v, want none", d)
	}
}

// A context cancelled while the client waits to repeat a request ends the
// wait with the context's error. This runs the real timer: the context is
// cancelled once the first answer, which asks for 10 seconds, has arrived.
func TestRetryWaitEndsWithTheContext(t *testing.T) {
	s := &script{t: t, answers: []scripted{
		{status: 429, retryAfter: "10", body: problemBody(429, "overloaded")},
		{status: 200, body: legalMovesOK},
	}}
	ts := httptest.NewServer(s)
	defer ts.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cancelling := doerFunc(func(r *http.Request) (*http.Response, error) {
		resp, err := ts.Client().Do(r)
		cancel()
		return resp, err
	})
	svc, err := New(ts.URL, WithHTTPDoer(cancelling))
	if err != nil {
		t.Fatal(err)
	}
	_, err = svc.LegalMoves(ctx, chessStart())
	if !errors.Is(err, context.Canceled) || !strings.Contains(err.Error(), "waiting 10s to repeat POST") {
		t.Fatalf("error %v, want context.Canceled during the wait", err)
	}
	if n := s.calls.Load(); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}

func TestRetryAfterLongerThanMaxWait(t *testing.T) {
	s := &script{t: t, answers: []scripted{
		{status: 503, retryAfter: "30", body: problemBody(503, "timeout")},
		{status: 200, body: legalMovesOK},
	}}
	w := &waits{}
	svc := newTestService(t, s, w)
	_, err := svc.LegalMoves(context.Background(), chessStart())
	var p *Problem
	if !errors.As(err, &p) || p.Code != "timeout" {
		t.Fatalf("error %v, want the timeout problem", err)
	}
	if n := s.calls.Load(); n != 1 {
		t.Errorf("%d requests, want 1 (30s is over the default maximum wait)", n)
	}

	s2 := &script{t: t, answers: s.answers}
	svc2 := newTestService(t, s2, w, WithMaxRetryWait(time.Minute))
	if _, err := svc2.LegalMoves(context.Background(), chessStart()); err != nil {
		t.Fatalf("with WithMaxRetryWait(time.Minute): %v", err)
	}
	if n := s2.calls.Load(); n != 2 {
		t.Errorf("with WithMaxRetryWait(time.Minute): %d requests, want 2", n)
	}
}

// A body that cannot be read a second time is sent once.
func TestNoRetryWithoutReplayableBody(t *testing.T) {
	s := &script{t: t, answers: []scripted{
		{status: 429, retryAfter: "1", body: problemBody(429, "overloaded")},
		{status: 200, body: legalMovesOK},
	}}
	w := &waits{}
	svc := newTestService(t, s, w)
	body := io.MultiReader(strings.NewReader(`{"variant":"chess"}`)) // hides the strings.Reader from http.NewRequest
	resp, err := svc.raw.LegalMovesWithBody(context.Background(), "application/json", body)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	if resp.StatusCode != 429 {
		t.Errorf("status %d, want the 429 answer", resp.StatusCode)
	}
	if n := s.calls.Load(); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}

// doerFunc is an HttpRequestDoer made of a function.
type doerFunc func(*http.Request) (*http.Response, error)

func (f doerFunc) Do(r *http.Request) (*http.Response, error) { return f(r) }

func TestNoRetryOnTransportError(t *testing.T) {
	var calls int
	broken := errors.New("connection reset")
	d := &RetryDoer{Doer: doerFunc(func(*http.Request) (*http.Response, error) {
		calls++
		return nil, broken
	})}
	req, err := http.NewRequest(http.MethodGet, "http://adjudicator.invalid/v1/variants", nil)
	if err != nil {
		t.Fatal(err)
	}
	_, err = d.Do(req)
	if !errors.Is(err, broken) {
		t.Errorf("error %v, want the transport's", err)
	}
	if calls != 1 {
		t.Errorf("%d attempts, want 1", calls)
	}
}

func TestRetryAfterValues(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		value string
		want  time.Duration
	}{
		{"", defaultRetryAfter},
		{"0", 0},
		{"1", time.Second},
		{" 7 ", 7 * time.Second},
		{"-1", defaultRetryAfter},
		{"soon", defaultRetryAfter},
		{"1.5", defaultRetryAfter},
		{now.Add(3 * time.Second).Format(http.TimeFormat), 3 * time.Second},
		{now.Add(-time.Hour).Format(http.TimeFormat), 0},
	} {
		if got := retryAfter(c.value, now); got != c.want {
			t.Errorf("retryAfter(%q) = %v, want %v", c.value, got, c.want)
		}
	}
}

func TestNewRefusesBadSettings(t *testing.T) {
	for _, c := range []struct {
		server string
		opts   []Option
	}{
		{"localhost:8080", nil},
		{"/v1", nil},
		{"ftp://adjudicator.example", nil},
		{"http://", nil},
		{"http://adjudicator.example", []Option{WithMaxAttempts(0)}},
		{"http://adjudicator.example", []Option{WithMaxRetryWait(0)}},
	} {
		if _, err := New(c.server, c.opts...); err == nil {
			t.Errorf("New(%q, %d options) succeeded, want an error", c.server, len(c.opts))
		}
	}
	if _, err := New("https://adjudicator.example/prefix"); err != nil {
		t.Errorf("New with a path prefix: %v", err)
	}
}
