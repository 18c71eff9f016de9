package main

// End-to-end test: the real binary, built with go build, run as a
// subprocess and driven over HTTP on a loopback port.

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// TestEndToEnd builds the binary once and runs every scenario against it.
// It takes 10-25 s on the project's shared 2-core machine (the build, then
// a 3-9 s perft kept in flight across SIGTERM), so -short skips it; scripts/test.sh
// runs -short, so run it as: go test -count=1 -run TestEndToEnd ./cmd/adjudicator
func TestEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("skipped by -short: builds the binary and keeps a 3-9 s perft in flight across SIGTERM (10-25 s in all)")
	}
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skipf("the go command is not on PATH, cannot build the binary: %v", err)
	}
	bin := filepath.Join(t.TempDir(), "adjudicator")
	build := exec.Command(goBin, "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Run("API", func(t *testing.T) { testAPI(t, bin) })
	t.Run("GracefulShutdown", func(t *testing.T) { testGracefulShutdown(t, bin) })
	t.Run("Environment", func(t *testing.T) { testEnvironment(t, bin) })
	t.Run("FlagsOverEnvironment", func(t *testing.T) { testFlagsOverEnvironment(t, bin) })
	t.Run("BadConfiguration", func(t *testing.T) { testBadConfiguration(t, bin) })
	t.Run("Help", func(t *testing.T) { testHelp(t, bin) })
	t.Run("AddressInUse", func(t *testing.T) { testAddressInUse(t, bin) })
	t.Run("SharedCluster", func(t *testing.T) { testSharedCluster(t, bin) })
}

// server is one running adjudicator process.
type server struct {
	t    *testing.T
	cmd  *exec.Cmd
	addr string // host:port it listens on
	base string // http://addr

	mu   sync.Mutex
	log  bytes.Buffer  // standard error so far
	done chan struct{} // closed when the process has exited
	code int           // exit code, valid once done is closed
}

// startServer runs bin serve with args and env (added to the test's own
// environment, with every ADJUDICATOR_* variable removed first) and waits
// for its "listening" log line.
func startServer(t *testing.T, bin string, env []string, args ...string) *server {
	t.Helper()
	s := &server{t: t, done: make(chan struct{})}
	s.cmd = exec.Command(bin, append([]string{"serve"}, args...)...)
	s.cmd.Env = append(cleanEnv(), env...)
	stderr, err := s.cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	addrc := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 0, 64<<10), 1<<20)
		for sc.Scan() {
			line := sc.Text()
			s.mu.Lock()
			s.log.WriteString(line + "\n")
			s.mu.Unlock()
			var rec struct{ Msg, Addr string }
			if json.Unmarshal([]byte(line), &rec) == nil && rec.Msg == "listening" {
				select {
				case addrc <- rec.Addr:
				default:
				}
			}
		}
		// Wait only once the pipe is drained (exec's rule for StderrPipe).
		_ = s.cmd.Wait()
		s.code = s.cmd.ProcessState.ExitCode() // -1 when killed by a signal
		close(s.done)
	}()
	t.Cleanup(func() {
		select {
		case <-s.done:
		default:
			_ = s.cmd.Process.Kill()
			<-s.done
		}
		if t.Failed() {
			t.Logf("server log:\n%s", s.logText())
		}
	})
	select {
	case s.addr = <-addrc:
	case <-s.done:
		t.Fatalf("the server exited with code %d before listening; log:\n%s", s.code, s.logText())
	case <-time.After(15 * time.Second):
		t.Fatalf("no listening line within 15 s; log:\n%s", s.logText())
	}
	s.base = "http://" + s.addr
	return s
}

// cleanEnv is the test's environment without ADJUDICATOR_* variables, so a
// developer's settings cannot change the outcome.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "ADJUDICATOR_") {
			env = append(env, kv)
		}
	}
	return env
}

func (s *server) logText() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.log.String()
}

// wait waits up to d for the process to exit and returns its exit code.
func (s *server) wait(d time.Duration) (int, bool) {
	select {
	case <-s.done:
		return s.code, true
	case <-time.After(d):
		return 0, false
	}
}

// runBinary runs bin with args to completion and returns its exit code and
// standard error.
func runBinary(t *testing.T, bin string, env []string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Env = append(cleanEnv(), env...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	done := make(chan error, 1)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() { done <- cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		<-done
		t.Fatalf("adjudicator %v did not exit within 10 s; stderr:\n%s", args, stderr.String())
	}
	return cmd.ProcessState.ExitCode(), stderr.String()
}

var httpClient = &http.Client{Timeout: 20 * time.Second}

// response is an HTTP answer read whole.
type response struct {
	status int
	ctype  string
	body   []byte
}

func (r response) decode(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("decoding %s: %v", r.body, err)
	}
}

// do sends a request; body, when not empty, is sent as application/json.
func (s *server) do(t *testing.T, method, path, body string) response {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, s.base+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s %s: reading the body: %v", method, path, err)
	}
	return response{status: resp.StatusCode, ctype: resp.Header.Get("Content-Type"), body: b}
}

// want checks the status and the media type (without parameters).
func (r response) want(t *testing.T, what string, status int, ctype string) {
	t.Helper()
	mt, _, _ := strings.Cut(r.ctype, ";")
	if r.status != status || strings.TrimSpace(mt) != ctype {
		t.Fatalf("%s: %d %q, want %d %q; body %s", what, r.status, r.ctype, status, ctype, r.body)
	}
}

type moveJSON struct {
	UCI, SAN, From, To, Piece string
	Flags                     []string
}

type statusJSON struct {
	Turn           string
	InCheck        bool
	Outcome        string
	Result         string
	Winner         string
	LegalMoveCount int
}

type legalMovesJSON struct {
	Variant string
	FEN     string
	Moves   []moveJSON
	Status  statusJSON
}

type problemJSON struct {
	Type, Title, Code, Field, Instance string
	Status                             int
	Offset                             *int
}

// engineMoves is the number of legal moves the engine itself finds.
func engineMoves(t *testing.T, variant, fen string) int {
	t.Helper()
	v, err := rules.Builtin(variant)
	if err != nil {
		t.Fatal(err)
	}
	p := v.Start()
	if fen != "" {
		s, err := rules.ParseFEN(v, fen)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = rules.NewPosition(s); err != nil {
			t.Fatal(err)
		}
	}
	return len(p.LegalMoves())
}

const kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"

func testAPI(t *testing.T, bin string) {
	s := startServer(t, bin, nil, "--addr", "127.0.0.1:0")
	if host, _, _ := net.SplitHostPort(s.addr); host != "127.0.0.1" {
		t.Fatalf("listening on %q, want 127.0.0.1", s.addr)
	}

	var health struct{ Status string }
	r := s.do(t, "GET", "/livez", "")
	r.want(t, "livez", 200, "application/json")
	if r.decode(t, &health); health.Status != "ok" {
		t.Errorf("livez status %q, want ok", health.Status)
	}
	r = s.do(t, "GET", "/readyz", "")
	r.want(t, "readyz", 200, "application/json")
	if r.decode(t, &health); health.Status != "ready" {
		t.Errorf("readyz status %q, want ready", health.Status)
	}

	r = s.do(t, "GET", "/v1/variants", "")
	r.want(t, "variants", 200, "application/json")
	var list struct {
		Variants []struct {
			ID           string
			Files, Ranks int
			StartFEN     string
		}
	}
	r.decode(t, &list)
	ids := map[string]int{}
	for _, v := range list.Variants {
		ids[v.ID] = v.Files
	}
	if ids["chess"] != 8 || ids["bigorra"] != 16 || ids["shako"] != 10 {
		t.Errorf("variants lists %v; want chess 8 files, shako 10, bigorra 16", ids)
	}

	// Legal moves: chess start, Kiwipete, Bigorra start, each against the
	// engine's own count.
	for _, tc := range []struct{ variant, fen string }{
		{"chess", ""}, {"chess", kiwipete}, {"bigorra", ""},
	} {
		body := fmt.Sprintf(`{"variant":%q}`, tc.variant)
		if tc.fen != "" {
			body = fmt.Sprintf(`{"variant":%q,"fen":%q}`, tc.variant, tc.fen)
		}
		r = s.do(t, "POST", "/v1/legal-moves", body)
		r.want(t, "legal-moves "+body, 200, "application/json")
		var lm legalMovesJSON
		r.decode(t, &lm)
		want := engineMoves(t, tc.variant, tc.fen)
		if lm.Variant != tc.variant || len(lm.Moves) != want || lm.Status.LegalMoveCount != want ||
			lm.Status.Turn != "white" || lm.Status.Outcome != "ongoing" {
			t.Errorf("legal-moves %s: variant %q, %d moves, status %+v; want %q, %d moves, white, ongoing",
				body, lm.Variant, len(lm.Moves), lm.Status, tc.variant, want)
		}
		if tc.fen != "" && lm.FEN != tc.fen {
			t.Errorf("legal-moves %s: fen %q", body, lm.FEN)
		}
		if tc.variant == "chess" && tc.fen == "" {
			found := false
			for _, m := range lm.Moves {
				if m.UCI == "e2e4" {
					found = m.SAN == "e4" && m.Piece == "P" && strings.Contains(strings.Join(m.Flags, ","), "double-step")
				}
			}
			if !found {
				t.Errorf("chess start: no e2e4 listed as e4, P, double-step: %+v", lm.Moves)
			}
		}
	}

	// Validate a legal and an illegal move.
	r = s.do(t, "POST", "/v1/validate-move", `{"variant":"chess","move":"Nf3"}`)
	r.want(t, "validate-move Nf3", 200, "application/json")
	var vm struct {
		Legal   bool
		Move    moveJSON
		FEN     string
		Status  statusJSON
		Problem struct{ Code, Reason string }
	}
	r.decode(t, &vm)
	if !vm.Legal || vm.Move.UCI != "g1f3" || vm.FEN != "rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1" || vm.Status.Turn != "black" {
		t.Errorf("validate-move Nf3 = %s", r.body)
	}
	r = s.do(t, "POST", "/v1/validate-move", `{"variant":"chess","move":"e2e5"}`)
	r.want(t, "validate-move e2e5", 200, "application/json")
	vm.Legal, vm.Problem.Code = true, ""
	if r.decode(t, &vm); vm.Legal || vm.Problem.Code != "illegal-move" {
		t.Errorf("validate-move e2e5 = %s; want legal false, illegal-move", r.body)
	}

	// Adjudicate a short game that ends in mate (fool's mate).
	r = s.do(t, "POST", "/v1/games/adjudicate", `{"variant":"chess","moves":["f3","e5","g4","Qh4#"]}`)
	r.want(t, "adjudicate", 200, "application/json")
	var adj struct {
		Legal         bool
		Plies         int
		Result        string
		Reason        string
		Moves         []string
		Status        statusJSON
		ClaimAccepted *bool
	}
	r.decode(t, &adj)
	if !adj.Legal || adj.Plies != 4 || adj.Result != "0-1" || adj.Reason != "checkmate" ||
		adj.Status.Winner != "black" || !adj.Status.InCheck || strings.Join(adj.Moves, " ") != "f2f3 e7e5 g2g4 d8h4" {
		t.Errorf("adjudicate fool's mate = %s", r.body)
	}

	// Problems: an engine error (bad FEN) and an HTTP one (no such route),
	// both application/problem+json.
	r = s.do(t, "POST", "/v1/legal-moves", `{"variant":"chess","fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"}`)
	r.want(t, "bad FEN", 422, "application/problem+json")
	var pb problemJSON
	r.decode(t, &pb)
	if pb.Code != "invalid-fen" || pb.Type != "/problems/invalid-fen" || pb.Status != 422 || pb.Field != "fen" ||
		pb.Instance != "/v1/legal-moves" || pb.Offset == nil || *pb.Offset != 42 {
		t.Errorf("bad FEN problem = %s; want invalid-fen, field fen, offset 42", r.body)
	}
	r = s.do(t, "GET", "/v1/nothing-here", "")
	r.want(t, "unknown route", 404, "application/problem+json")
	if r.decode(t, &pb); pb.Code != "not-found" {
		t.Errorf("unknown route problem = %s", r.body)
	}
	r = s.do(t, "POST", "/v1/legal-moves", `{"variant":"chess",`)
	r.want(t, "malformed JSON", 400, "application/problem+json")
	if r.decode(t, &pb); pb.Code != "bad-request" {
		t.Errorf("malformed JSON problem = %s", r.body)
	}

	// A body that is not declared as JSON is refused, also as a problem.
	req, _ := http.NewRequest("POST", s.base+"/v1/legal-moves", strings.NewReader(`{"variant":"chess"}`))
	req.Header.Set("Content-Type", "text/plain")
	resp, err := httpClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	r = response{status: resp.StatusCode, ctype: resp.Header.Get("Content-Type"), body: b}
	r.want(t, "text/plain body", 415, "application/problem+json")
	if r.decode(t, &pb); pb.Status != 415 || pb.Field != "Content-Type" {
		t.Errorf("text/plain body problem = %s", r.body)
	}

	// Metrics count what was just served, by route pattern.
	r = s.do(t, "GET", "/metrics", "")
	r.want(t, "metrics", 200, "text/plain")
	for _, want := range []string{
		`adjudicator_http_requests_total{code="200",method="POST",problem="",route="/v1/legal-moves"} 3`,
		`adjudicator_http_requests_total{code="422",method="POST",problem="invalid-fen",route="/v1/legal-moves"} 1`,
		`adjudicator_http_requests_total{code="415",method="POST",problem="unsupported-media-type",route="/v1/legal-moves"} 1`,
		`adjudicator_http_requests_total{code="200",method="POST",problem="",route="/v1/games/adjudicate"} 1`,
		`adjudicator_http_requests_total{code="404",method="GET",problem="not-found",route="unmatched"} 1`,
		`adjudicator_engine_plies_total 4`,
		`adjudicator_http_request_duration_seconds_bucket{method="GET",route="/livez",le="+Inf"} 1`,
		`go_goroutines `,
		`adjudicator_build_info{engine="`,
		`adjudicator_http_requests_in_flight 1`,
	} {
		if !bytes.Contains(r.body, []byte(want)) {
			t.Errorf("metrics lack %q", want)
		}
	}
	if t.Failed() {
		t.Logf("metrics:\n%s", grepLines(string(r.body), "adjudicator_http_requests_total"))
	}

	// The request log: one JSON line per request at info level.
	if log := s.logText(); !strings.Contains(log, `"route":"/v1/games/adjudicate","status":200`) {
		t.Errorf("no request log line for adjudicate:\n%s", log)
	}
}

func grepLines(text, substr string) string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.Contains(l, substr) {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

// testGracefulShutdown sends SIGTERM while a perft of about three seconds
// is in flight: the perft must still answer 200 with the right count, new
// connections must be refused, and the process must log "shutting down",
// the perft's request line, "stopped" in that order and exit 0.
func testGracefulShutdown(t *testing.T, bin string) {
	// Generous time limits: on a busy shared machine the perft below has
	// taken 9 s, close to the default 10 s request timeout.
	s := startServer(t, bin, nil, "--addr", "127.0.0.1:0", "--request-timeout", "60s", "--drain-timeout", "60s")
	s.do(t, "GET", "/readyz", "").want(t, "readyz", 200, "application/json")

	// Chess start, depth 6: 119,060,324 leaves, 2.5-3.5 s on the project's
	// quiet machine (depth 5 takes 0.1 s, too short to be surely in flight).
	type result struct {
		r   response
		err error
		at  time.Time
	}
	resc := make(chan result, 1)
	go func() {
		req, _ := http.NewRequest("POST", s.base+"/v1/perft", strings.NewReader(`{"variant":"chess","depth":6}`))
		req.Header.Set("Content-Type", "application/json")
		resp, err := (&http.Client{Timeout: 30 * time.Second}).Do(req)
		if err != nil {
			resc <- result{err: err, at: time.Now()}
			return
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		resc <- result{r: response{status: resp.StatusCode, ctype: resp.Header.Get("Content-Type"), body: b}, err: err, at: time.Now()}
	}()
	time.Sleep(300 * time.Millisecond) // let the request reach the handler
	signalled := time.Now()
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}

	// While draining, the listener is closed: new connections fail.
	refused := false
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		c, err := net.DialTimeout("tcp", s.addr, 200*time.Millisecond)
		if err != nil {
			refused = true
			break
		}
		c.Close()
	}
	if !refused {
		t.Errorf("new connections still accepted 2 s after SIGTERM")
	}

	var res result
	select {
	case res = <-resc:
	case <-time.After(50 * time.Second):
		t.Fatal("the in-flight perft did not answer within 50 s of SIGTERM")
	}
	if res.err != nil {
		t.Fatalf("in-flight perft: %v", res.err)
	}
	res.r.want(t, "in-flight perft", 200, "application/json")
	var pf struct{ Nodes uint64 }
	if res.r.decode(t, &pf); pf.Nodes != 119060324 {
		t.Errorf("in-flight perft counted %d, want 119060324", pf.Nodes)
	}
	if !res.at.After(signalled) {
		t.Errorf("the perft answered before SIGTERM was sent: the test did not exercise draining")
	}
	code, exited := s.wait(3 * time.Second)
	if !exited {
		t.Fatalf("the process is still running 3 s after the in-flight request finished (%v after SIGTERM)", time.Since(signalled).Round(time.Millisecond))
	}
	if code != 0 {
		t.Errorf("exit code %d after SIGTERM, want 0", code)
	}
	t.Logf("perft answered %v after SIGTERM; process exited %v after SIGTERM",
		res.at.Sub(signalled).Round(time.Millisecond), time.Since(signalled).Round(time.Millisecond))

	log := s.logText()
	iShut := strings.Index(log, `"msg":"shutting down"`)
	iPerft := strings.Index(log, `"route":"/v1/perft","status":200`)
	iStop := strings.Index(log, `"msg":"stopped"`)
	if iShut < 0 || iPerft < 0 || iStop < 0 || !(iShut < iPerft && iPerft < iStop) {
		t.Errorf("log lacks, in order, shutting down (at %d), the perft's request line (at %d), stopped (at %d):\n%s",
			iShut, iPerft, iStop, log)
	}
}

// testEnvironment runs the server configured only by ADJUDICATOR_*
// variables: the address and the adjudication move limit.
func testEnvironment(t *testing.T, bin string) {
	s := startServer(t, bin, []string{"ADJUDICATOR_ADDR=127.0.0.1:0", "ADJUDICATOR_MAX_MOVES=3",
		"ADJUDICATOR_MAX_PERFT_DEPTH=2"})
	if host, port, _ := net.SplitHostPort(s.addr); host != "127.0.0.1" || port == "8080" {
		t.Fatalf("listening on %q: ADJUDICATOR_ADDR=127.0.0.1:0 not honoured", s.addr)
	}
	r := s.do(t, "POST", "/v1/games/adjudicate", `{"variant":"chess","moves":["f3","e5","g4"]}`)
	r.want(t, "3 moves with ADJUDICATOR_MAX_MOVES=3", 200, "application/json")
	r = s.do(t, "POST", "/v1/games/adjudicate", `{"variant":"chess","moves":["f3","e5","g4","Qh4#"]}`)
	r.want(t, "4 moves with ADJUDICATOR_MAX_MOVES=3", 422, "application/problem+json")
	var pb problemJSON
	if r.decode(t, &pb); pb.Code != "limit-exceeded" || pb.Field != "moves" {
		t.Errorf("4 moves with ADJUDICATOR_MAX_MOVES=3 = %s; want limit-exceeded in moves", r.body)
	}
	r = s.do(t, "POST", "/v1/perft", `{"variant":"chess","depth":3}`)
	r.want(t, "perft depth 3 with ADJUDICATOR_MAX_PERFT_DEPTH=2", 422, "application/problem+json")
	if r.decode(t, &pb); pb.Code != "limit-exceeded" || pb.Field != "depth" {
		t.Errorf("perft depth 3 with ADJUDICATOR_MAX_PERFT_DEPTH=2 = %s; want limit-exceeded in depth", r.body)
	}
}

// testFlagsOverEnvironment checks that flags win over the environment.
func testFlagsOverEnvironment(t *testing.T, bin string) {
	s := startServer(t, bin, []string{"ADJUDICATOR_ADDR=127.0.0.1:1", "ADJUDICATOR_MAX_MOVES=3"},
		"--addr", "127.0.0.1:0", "--max-moves", "4", "--max-perft-depth=1", "--log-level", "debug")
	if _, port, _ := net.SplitHostPort(s.addr); port == "1" {
		t.Fatalf("listening on %q: --addr did not override ADJUDICATOR_ADDR", s.addr)
	}
	s.do(t, "POST", "/v1/games/adjudicate", `{"variant":"chess","moves":["f3","e5","g4","Qh4#"]}`).
		want(t, "4 moves with --max-moves 4 over ADJUDICATOR_MAX_MOVES=3", 200, "application/json")
	s.do(t, "POST", "/v1/games/adjudicate", `{"variant":"chess","moves":["f3","e5","g4","Qh4#","Kf2"]}`).
		want(t, "5 moves with --max-moves 4", 422, "application/problem+json")
	s.do(t, "POST", "/v1/perft", `{"variant":"chess","depth":2}`).
		want(t, "perft depth 2 with --max-perft-depth=1", 422, "application/problem+json")
	s.do(t, "POST", "/v1/perft", `{"variant":"chess","depth":1}`).
		want(t, "perft depth 1 with --max-perft-depth=1", 200, "application/json")
	if err := s.cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	if code, ok := s.wait(5 * time.Second); !ok || code != 0 {
		t.Errorf("after SIGINT: exited %v, code %d; want exit 0 within 5 s", ok, code)
	}
}

// testHelp: serve -h lists the flags and exits 0.
func testHelp(t *testing.T, bin string) {
	code, stderr := runBinary(t, bin, nil, "serve", "-h")
	if code != 0 || !strings.Contains(stderr, "-redis-url") || !strings.Contains(stderr, "ADJUDICATOR_CACHE_SIZE") {
		t.Errorf("adjudicator serve -h: exit %d, stderr %q; want 0 and the flags", code, stderr)
	}
}

// testBadConfiguration: a bad flag, argument or setting exits with code 2
// and a message, before listening.
func testBadConfiguration(t *testing.T, bin string) {
	for _, tc := range []struct {
		env  []string
		args []string
		want string // in standard error
	}{
		{nil, []string{"serve", "--bogus"}, "bogus"},
		{nil, []string{"serve", "--max-moves", "many"}, "max-moves"},
		{nil, []string{"serve", "--max-moves", "-1"}, "must be positive"},
		{nil, []string{"serve", "--log-level", "loud"}, "log level"},
		{nil, []string{"serve", "--addr", "127.0.0.1:0", "extra"}, "unexpected argument"},
		{[]string{"ADJUDICATOR_MAX_MOVES=many"}, []string{"serve", "--addr", "127.0.0.1:0"}, "ADJUDICATOR_MAX_MOVES"},
		{[]string{"ADJUDICATOR_REQUEST_TIMEOUT=soon"}, []string{"serve", "--addr", "127.0.0.1:0"}, "ADJUDICATOR_REQUEST_TIMEOUT"},
		{[]string{"ADJUDICATOR_LOG_LEVEL=loud"}, []string{"serve", "--addr", "127.0.0.1:0"}, "log level"},
		{[]string{"ADJUDICATOR_MAX_PERFT_NODES=0"}, []string{"serve", "--addr", "127.0.0.1:0"}, "must be positive"},
		{[]string{"ADJUDICATOR_DRAIN_TIMEOUT=0s"}, []string{"serve", "--addr", "127.0.0.1:0"}, "must be positive"},
		{nil, []string{"serve", "--drain-timeout", "-1s"}, "must be positive"},
		{nil, []string{"serve", "--shutdown-delay", "-1s"}, "must be positive"},
		{nil, []string{"serve", "--cache-size", "-1"}, "must be positive"},
		{nil, []string{"serve", "--cache-bytes", "-1"}, "must be positive"},
		{[]string{"ADJUDICATOR_REDIS_URL=redis://127.0.0.1:1"}, []string{"serve", "--addr", "127.0.0.1:0"}, "ADJUDICATOR_CACHE_SECRET must be set"},
		{[]string{"ADJUDICATOR_CACHE_SECRET=short"}, []string{"serve", "--redis-url", "redis://127.0.0.1:1"}, "ADJUDICATOR_CACHE_SECRET is 5 bytes"},
		{nil, []string{"frobnicate"}, "unknown command"},
	} {
		code, stderr := runBinary(t, bin, tc.env, tc.args...)
		if code != 2 || !strings.Contains(stderr, tc.want) {
			t.Errorf("%v adjudicator %v: exit %d, stderr %q; want 2 and %q", tc.env, tc.args, code, stderr, tc.want)
		}
		if strings.Contains(stderr, `"listening"`) {
			t.Errorf("%v adjudicator %v: listened before failing", tc.env, tc.args)
		}
	}
}

// testAddressInUse: an address that cannot be bound is a runtime failure,
// exit 1, logged.
func testAddressInUse(t *testing.T, bin string) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	code, stderr := runBinary(t, bin, nil, "serve", "--addr", ln.Addr().String())
	if code != 1 || !strings.Contains(stderr, "address already in use") {
		t.Errorf("serve on a taken address: exit %d, stderr %q; want 1 and address already in use", code, stderr)
	}
}
