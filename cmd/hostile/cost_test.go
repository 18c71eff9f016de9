package main

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"testing"

	"github.com/adjudicator/adjudicator/internal/fsf"
	"github.com/adjudicator/adjudicator/internal/rules"
)

// Default limits of the service (handlers.DefaultConfig, api/openapi.yaml).
const (
	defaultBodyBytes = 1 << 20
	defaultBulkBytes = 256 << 20
	maxQueryFEN      = 4096
	maxQueryList     = 2048
)

// slowCosts build games of 5,000 moves: skipped under -short.
var slowCosts = map[string]bool{"legal-moves-5000": true, "status-5000": true, "validate-move-5000": true,
	"adjudicate-inline": true, "adjudicate-terachess2": true, "adjudicate-giant-quick": true, "adjudicate-pgn": true,
	"bulk-games": true, "bulk-pgn": true}

// TestCostBodies: every body of the cost cases is within the default body
// limit (a bulk body within the bulk limit, each of its lines within the
// body limit) and has its endpoint's shape, without a server.
func TestCostBodies(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range costCases() {
		if seen[c.id] {
			t.Errorf("case id %q given twice", c.id)
		}
		seen[c.id] = true
		if testing.Short() && slowCosts[c.id] {
			continue
		}
		t.Run(c.id, func(t *testing.T) {
			path, body := c.build()
			switch {
			case c.method == "GET":
				checkQuery(t, path)
			case c.ctype == mimeNDJSONType:
				checkLines(t, body, bulkCount(c.id))
			case strings.Contains(c.ctype, "pgn"):
				if len(body) > defaultBulkBytes || bytes.Count(body, []byte("[Variant ")) != bulkPGNGames {
					t.Errorf("PGN file of %d bytes with %d games; want at most %d bytes and %d games", len(body), bytes.Count(body, []byte("[Variant ")), defaultBulkBytes, bulkPGNGames)
				}
			default:
				checkBody(t, path, body)
			}
		})
	}
}

func bulkCount(id string) int {
	if id == "bulk-compiles" {
		return bulkCompiles
	}
	return bulkGames
}

// checkBody checks a single JSON body against its endpoint's shape.
func checkBody(t *testing.T, path string, body []byte) {
	t.Helper()
	if len(body) > defaultBodyBytes {
		t.Fatalf("%s: body of %d bytes; want at most %d", path, len(body), defaultBodyBytes)
	}
	var req map[string]json.RawMessage
	if err := json.Unmarshal(body, &req); err != nil {
		t.Fatalf("%s: body is not a JSON object: %v", path, err)
	}
	want := map[string][]string{
		"/v1/legal-moves": {}, "/v1/status": {"moves"}, "/v1/validate-move": {"move", "moves"},
		"/v1/games/adjudicate": {}, "/v1/perft": {"depth"}, "/v1/variants/import": {"ini"},
		"/v1/board.svg": {"definition", "fen"}, "/v1/setups": {"definition", "mode"},
	}[path]
	for _, k := range want {
		if _, ok := req[k]; !ok {
			t.Errorf("%s: body has no %q", path, k)
		}
	}
	_, variant := req["variant"]
	_, def := req["definition"]
	_, pgn := req["pgn"]
	if path != "/v1/variants/import" && variant == def && !pgn {
		t.Errorf("%s: body has both or neither of variant and definition", path)
	}
	if d, ok := req["definition"]; ok {
		checkDefinition(t, d, req)
	}
	if variant && req["fen"] != nil {
		var id, fen string
		_ = json.Unmarshal(req["variant"], &id)
		_ = json.Unmarshal(req["fen"], &fen)
		checkQuery(t, "/?"+url.Values{"variant": {id}, "fen": {fen}}.Encode())
	}
	if ini, ok := req["ini"]; ok {
		checkImport(t, ini)
	}
	if path == "/v1/games/adjudicate" {
		checkGame(t, req)
	}
}

// checkDefinition: the definition compiles within the budget, and the
// request's FEN and moves are a legal game of it.
func checkDefinition(t *testing.T, raw json.RawMessage, req map[string]json.RawMessage) {
	t.Helper()
	var d rules.Definition
	if err := json.Unmarshal(raw, &d); err != nil {
		t.Fatalf("definition: %v", err)
	}
	v, err := rules.Compile(&d)
	if err != nil {
		t.Fatalf("definition %s does not compile: %v", d.ID, err)
	}
	p := v.Start()
	if f, ok := req["fen"]; ok {
		var fen string
		_ = json.Unmarshal(f, &fen)
		setup, err := rules.ParseFEN(v, fen)
		if err == nil {
			p, err = rules.NewPosition(setup)
		}
		if err != nil {
			t.Fatalf("fen %.40q...: %v", fen, err)
		}
	}
	var moves []string
	if m, ok := req["moves"]; ok {
		if err := json.Unmarshal(m, &moves); err != nil {
			t.Fatalf("moves: %v", err)
		}
	}
	g := playAll(t, rules.NewGame(p), moves)
	if m, ok := req["move"]; ok {
		var text string
		_ = json.Unmarshal(m, &text)
		if _, err := g.ParseMove(text); err != nil {
			t.Errorf("move %q after the moves: %v", text, err)
		}
	}
}

// checkGame: an adjudication of a built-in variant is a legal game of at
// most 5,000 moves, or a PGN text of one.
func checkGame(t *testing.T, req map[string]json.RawMessage) {
	t.Helper()
	var body struct {
		Variant, FEN, PGN string
		Moves             []string
	}
	if err := json.Unmarshal(mustJSON(req), &body); err != nil {
		t.Fatal(err)
	}
	if body.PGN != "" {
		if !strings.HasPrefix(body.PGN, `[Variant "`) || strings.Count(body.PGN, "#") != costPlies {
			t.Errorf("pgn: want a Variant tag and %d moves marked #", costPlies)
		}
		return
	}
	if len(body.Moves) != costPlies {
		t.Errorf("%d moves; want %d", len(body.Moves), costPlies)
	}
	if body.Variant == "" {
		return // an inline definition: checkDefinition played it
	}
	v, err := rules.Builtin(body.Variant)
	if err != nil {
		t.Fatal(err)
	}
	playAll(t, rules.NewGame(v.Start()), body.Moves)
}

// playAll plays the moves as the server reads them, and fails at the
// first that cannot be played.
func playAll(t *testing.T, g *rules.Game, moves []string) *rules.Game {
	t.Helper()
	for i, m := range moves {
		if _, _, err := g.PlayText(m); err != nil {
			t.Fatalf("moves[%d] %q: %v", i, m, err)
		}
	}
	return g
}

// checkImport: the text's first section imports, the sections are as many
// as the import takes.
func checkImport(t *testing.T, raw json.RawMessage) {
	t.Helper()
	var ini string
	if err := json.Unmarshal(raw, &ini); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(ini, "\n["); n+1 != fsf.MaxSections {
		t.Errorf("%d sections; want %d", n+1, fsf.MaxSections)
	}
	first := ini[:strings.Index(ini, "\n[")+1]
	secs, err := fsf.Import(context.Background(), []byte(first))
	if err != nil || len(secs) != 1 || secs[0].Definition == nil {
		t.Errorf("the parent section does not import: %v %+v", err, secs)
	}
}

// checkLines checks an NDJSON body: n lines, each a JSON object within
// the body limit, the whole within the bulk limit.
func checkLines(t *testing.T, body []byte, n int) {
	t.Helper()
	if len(body) > defaultBulkBytes {
		t.Fatalf("bulk body of %d bytes; want at most %d", len(body), defaultBulkBytes)
	}
	lines := bytes.Split(bytes.TrimSuffix(body, []byte("\n")), []byte("\n"))
	if len(lines) != n {
		t.Errorf("%d lines; want %d", len(lines), n)
	}
	for i, l := range lines {
		var req map[string]json.RawMessage
		if len(l) > defaultBodyBytes || json.Unmarshal(l, &req) != nil {
			t.Fatalf("line %d: %d bytes, not a JSON object of at most %d", i+1, len(l), defaultBodyBytes)
		}
		if _, ok := req["moves"]; !ok {
			t.Errorf("line %d has no moves", i+1)
		}
		if i == 0 {
			if d, ok := req["definition"]; ok {
				checkDefinition(t, d, req)
			}
		}
	}
}

// checkQuery checks a GET's query parameters against the contract's
// lengths.
func checkQuery(t *testing.T, path string) {
	t.Helper()
	u, err := url.Parse(path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	q := u.Query()
	if len(q.Get("fen")) > maxQueryFEN || len(q.Get("marks")) > maxQueryList || len(q.Get("arrows")) > maxQueryList {
		t.Errorf("%s: a parameter is over the contract's length", u.Path)
	}
	if fen := q.Get("fen"); fen != "" && q.Get("variant") != "" {
		v, err := rules.Builtin(q.Get("variant"))
		if err != nil {
			t.Fatal(err)
		}
		if setup, err := rules.ParseFEN(v, fen); err != nil {
			t.Errorf("fen: %v", err)
		} else if _, err := rules.NewPosition(setup); err != nil {
			t.Errorf("fen: %v", err)
		}
	}
}

// TestCostHashedBoard: the definition board-get-hash sends first is a
// variant whose crowded position is legal.
func TestCostHashedBoard(t *testing.T) {
	var d rules.Definition
	if err := json.Unmarshal(nameDefinition(), &d); err != nil {
		t.Fatal(err)
	}
	checkDefinition(t, nameDefinition(), map[string]json.RawMessage{"fen": mustJSON(crowdedNameFEN)})
}

// TestCostCases: -costs list names every case, and an unknown one is an
// error.
func TestCostCases(t *testing.T) {
	var out, errs bytes.Buffer
	if code := run([]string{"-costs", "list"}, &out, &errs); code != 0 || strings.Count(out.String(), "\n") != len(costCases()) {
		t.Errorf("-costs list = %d, %q", code, out.String())
	}
	if code := run([]string{"-costs", "nothing", "-pid", "1"}, &out, &errs); code != 2 {
		t.Errorf("-costs nothing = %d; want 2", code)
	}
	if code := run([]string{"-costs", "perft"}, &out, &errs); code != 2 {
		t.Errorf("-costs perft without -pid = %d; want 2", code)
	}
}
