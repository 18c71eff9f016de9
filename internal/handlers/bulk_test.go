package handlers_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/adjudicator/adjudicator/internal/handlers"
	"github.com/adjudicator/adjudicator/internal/rules"
)

// randomGames plays n chess games of random legal moves, at most plies
// each, from a fixed seed: distinct games that end in every way.
func randomGames(t testing.TB, n, plies int) [][]string {
	t.Helper()
	v, err := rules.Builtin("chess")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(14, uint64(n)))
	games := make([][]string, n)
	for i := range games {
		g := rules.NewGame(v.Start())
		for range plies {
			legal := g.LegalMoves()
			if len(legal) == 0 || g.Status().Outcome != rules.Ongoing {
				break
			}
			m := legal[r.IntN(len(legal))]
			games[i] = append(games[i], g.Position().UCI(m))
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
		}
	}
	return games
}

func ndjson(lines ...string) string { return strings.Join(lines, "\n") + "\n" }

func bulkPost(h http.Handler, body string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(http.MethodPost, "/v1/games/adjudicate/bulk", strings.NewReader(body))
	req.Header.Set("Content-Type", "application/x-ndjson")
	return serve(h, req)
}

// answerLines decodes an NDJSON answer.
func answerLines(t *testing.T, body []byte) []map[string]any {
	t.Helper()
	var out []map[string]any
	sc := bufio.NewScanner(bytes.NewReader(body))
	sc.Buffer(nil, 16<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("answer line %q: %v", sc.Text(), err)
		}
		out = append(out, m)
	}
	return out
}

// single is the answer of one game sent alone, as a bulk line has it
// (with the index).
func single(t *testing.T, h http.Handler, index int, line string) map[string]any {
	t.Helper()
	rec := serve(h, request(http.MethodPost, "/v1/games/adjudicate", line))
	var m map[string]any
	if err := json.Unmarshal(rec.Body.Bytes(), &m); err != nil {
		t.Fatalf("single %s: %v", line, err)
	}
	if rec.Code != http.StatusOK {
		delete(m, "instance")
		m = map[string]any{"problem": m}
	}
	m["index"] = float64(index)
	return m
}

// TestBulk: every kind of game, good and bad, gets in bulk the answer it
// gets alone, in order, with its index; blank lines are skipped.
func TestBulk(t *testing.T) {
	h := newServer(t).Handler()
	lines := []string{
		`{"variant":"chess","moves":["f3","e5","g4","Qh4#"]}`,
		`{"variant":"chess","moves":["e4","e5"],"claim":{"type":"resign","by":"black"}}`,
		`{"variant":"chess","moves":["e4","e5","Ke3"]}`,
		`{"variant":"shako","moves":[]}`,
		`{"definition":` + losAlamos + `,"moves":["b2b3","b5b4"]}`,
		`{"variant":"nosuch","moves":[]}`,
		`{"variant":"chess","moves":["e4"],"extra":1}`,
		`{"variant":"chess","moves":["e4"],"moves":["d4"]}`,
		`{"variant":"chess"`,
		`{"variant":"chess","moves":` + jsonText(dance(2)) + `}`,
	}
	body := ndjson(append(lines[:5:5], append([]string{"", "   "}, lines[5:]...)...)...)
	rec := bulkPost(h, body)
	if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "application/x-ndjson" {
		t.Fatalf("bulk = %d %q %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body.String())
	}
	got := answerLines(t, rec.Body.Bytes())
	if len(got) != len(lines) {
		t.Fatalf("bulk answered %d lines for %d games:\n%s", len(got), len(lines), rec.Body.String())
	}
	for i, line := range lines {
		want := single(t, h, i, line)
		if p, ok := got[i]["problem"].(map[string]any); ok {
			delete(p, "instance")
		}
		if !reflect.DeepEqual(got[i], want) {
			t.Errorf("game %d %s:\nbulk   %v\nsingle %v", i, line, got[i], want)
		}
	}
}

// TestBulkLimits: the stream ends with a line that says where, for a body
// that breaks a bound; the games before it are answered.
func TestBulkLimits(t *testing.T) {
	srv := newServerWith(t, func(c *handlers.Config) { c.MaxBulkGames = 3 })
	game := `{"variant":"chess","moves":["e4"]}`
	tests := []struct {
		name, body string
		answered   int
		code       string
	}{
		{"too many games", ndjson(game, game, game, game, game), 3, "limit-exceeded"},
		{"a line over the body limit", ndjson(game, `{"variant":"chess","moves":["`+strings.Repeat("e", testMaxBodyBytes)+`"]}`, game), 1, "body-too-large"},
	}
	for _, tt := range tests {
		rec := bulkPost(srv.Handler(), tt.body)
		got := answerLines(t, rec.Body.Bytes())
		if len(got) != tt.answered+1 {
			t.Fatalf("%s: %d lines; want %d answers and the stop:\n%s", tt.name, len(got), tt.answered, rec.Body.String())
		}
		last := got[len(got)-1]
		p, _ := last["problem"].(map[string]any)
		if last["stopped"] != true || last["index"] != float64(tt.answered) || p["code"] != tt.code {
			t.Errorf("%s: last line %v; want stopped at %d with %s", tt.name, last, tt.answered, tt.code)
		}
	}
}

// TestBulkStreams: answers go out while the games are still read, and the
// request's time budget ends the stream with a line that says where.
func TestBulkStreams(t *testing.T) {
	srv := newServerWith(t, func(c *handlers.Config) { c.RequestTimeout = 2 * time.Second })
	ts := httptest.NewServer(srv.Handler())
	defer ts.Close()
	pr, pw := io.Pipe()
	defer pw.Close()
	req, err := http.NewRequest(http.MethodPost, ts.URL+"/v1/games/adjudicate/bulk", pr)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/x-ndjson")
	go func() { _, _ = io.WriteString(pw, `{"variant":"chess","moves":["e4","e5"]}`+"\n") }()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	lines := bufio.NewScanner(resp.Body)
	if !lines.Scan() || !strings.Contains(lines.Text(), `"index":0`) || !strings.Contains(lines.Text(), `"legal":true`) {
		t.Fatalf("first line %q (%v); want game 0's answer while the body is still open", lines.Text(), lines.Err())
	}
	// The second game never comes: the budget ends the stream.
	if !lines.Scan() {
		t.Fatalf("no last line: %v", lines.Err())
	}
	var stop struct {
		Index   int  `json:"index"`
		Stopped bool `json:"stopped"`
		Problem struct {
			Code string `json:"code"`
		} `json:"problem"`
	}
	if err := json.Unmarshal(lines.Bytes(), &stop); err != nil || !stop.Stopped || stop.Index != 1 || stop.Problem.Code != "timeout" {
		t.Errorf("last line %s; want stopped at 1 by timeout", lines.Text())
	}
}

// TestBulk10000 is the bulk test: 10,000 games of up to 80 plies in
// one request, each answer equal to the game's answer alone. It runs in
// its own step of scripts/test.sh, without the race detector.
func TestBulk10000(t *testing.T) {
	if testing.Short() {
		t.Skip("10,000 games: run without -short (scripts/test.sh does)")
	}
	cfg := testConfig()
	cfg.RequestTimeout = 5 * time.Minute
	srv, err := handlers.New(cfg, zap.NewNop(), nil, prometheus.NewRegistry())
	if err != nil {
		t.Fatal(err)
	}
	h := srv.Handler()
	games := randomGames(t, 10_000, 80)
	body, lines := ndjsonGames(games)
	start := time.Now()
	rec := bulkPost(h, body.String())
	t.Logf("10,000 games, %d bytes, answered in %v", body.Len(), time.Since(start))
	got := answerLines(t, rec.Body.Bytes())
	if len(got) != len(games) {
		t.Fatalf("%d answer lines for %d games", len(got), len(games))
	}
	ends := map[string]int{}
	for i, line := range lines {
		if i%10 == 0 || got[i]["reason"] != "ongoing" { // every tenth, and every game that ended
			if want := single(t, h, i, line); !reflect.DeepEqual(got[i], want) {
				t.Fatalf("game %d:\nbulk   %v\nsingle %v", i, got[i], want)
			}
		}
		ends[fmt.Sprint(got[i]["reason"])]++
	}
	t.Logf("reasons: %v", ends)
	if ends["ongoing"] == len(games) {
		t.Errorf("every game is ongoing; the test should see games end")
	}
}

// ndjsonGames writes chess games as the lines of a bulk body: the body, and
// each game's line.
func ndjsonGames(games [][]string) (*strings.Builder, []string) {
	var body strings.Builder
	lines := make([]string, len(games))
	for i, g := range games {
		lines[i] = jsonText(map[string]any{"variant": "chess", "moves": g})
		body.WriteString(lines[i] + "\n")
	}
	return &body, lines
}

// BenchmarkBulk adjudicates 1,000 random games of 80 plies in one bulk
// request per operation, and each game alone, through the full handler:
//
//	go test ./internal/handlers -run '^$' -bench Bulk -benchtime 5x
func BenchmarkBulk(b *testing.B) {
	games := randomGames(b, 1000, 80)
	body, lines := ndjsonGames(games)
	cfg := testConfig()
	cfg.RequestTimeout = time.Minute
	srv, err := handlers.New(cfg, zap.NewNop(), nil, prometheus.NewRegistry())
	if err != nil {
		b.Fatal(err)
	}
	h := srv.Handler()
	b.Run("bulk", func(b *testing.B) {
		for b.Loop() {
			if rec := bulkPost(h, body.String()); rec.Code != http.StatusOK {
				b.Fatal(rec.Code)
			}
		}
		b.ReportMetric(float64(len(games)*b.N)/b.Elapsed().Seconds(), "games/s")
	})
	b.Run("single", func(b *testing.B) {
		for b.Loop() {
			for _, line := range lines {
				serve(h, request(http.MethodPost, "/v1/games/adjudicate", line))
			}
		}
		b.ReportMetric(float64(len(games)*b.N)/b.Elapsed().Seconds(), "games/s")
	})
}

// TestBulkPGN: a multi-game PGN file is a bulk request too: each game gets
// the answer of its text sent alone as pgn, a game that does not read its
// invalid-pgn problem, and the games after it their answers.
func TestBulkPGN(t *testing.T) {
	h := newServer(t).Handler()
	var file strings.Builder
	var texts []string
	for _, name := range []string{"opera.pgn", "shako.pgn", "", "grand.pgn", "kasparov-topalov.pgn"} {
		text := "[Event \"broken\"]\n\n1. e4 N@f3 *\n\n" // a drop: no move of this service
		if name != "" {
			b, err := os.ReadFile(filepath.Join("..", "pgn", "testdata", name))
			if err != nil {
				t.Fatal(err)
			}
			text = string(b) + "\n"
		}
		texts = append(texts, text)
		file.WriteString(text)
	}
	req := httptest.NewRequest(http.MethodPost, "/v1/games/adjudicate/bulk", strings.NewReader(file.String()))
	req.Header.Set("Content-Type", "application/x-chess-pgn")
	rec := serve(h, req)
	got := answerLines(t, rec.Body.Bytes())
	if rec.Code != 200 || len(got) != len(texts) {
		t.Fatalf("PGN bulk = %d, %d lines for %d games:\n%s", rec.Code, len(got), len(texts), rec.Body.String())
	}
	for i, text := range texts {
		if i == 2 {
			p, _ := got[i]["problem"].(map[string]any)
			if p["code"] != "invalid-pgn" {
				t.Errorf("the broken game: %v; want invalid-pgn", got[i])
			}
			continue
		}
		want := single(t, h, i, jsonText(map[string]any{"pgn": text}))
		if !reflect.DeepEqual(got[i], want) {
			t.Errorf("game %d:\nbulk   %v\nsingle %v", i, got[i], want)
		}
	}
}
