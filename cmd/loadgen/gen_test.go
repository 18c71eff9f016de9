package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// genOutput runs loadgen with args, which must succeed, and returns its
// standard output split into lines.
func genOutput(t *testing.T, args ...string) (out []byte, lines [][]byte) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := run(args, &stdout, &stderr); code != 0 || stderr.Len() > 0 {
		t.Fatalf("loadgen %s = %d, stderr %q", strings.Join(args, " "), code, stderr.String())
	}
	out = stdout.Bytes()
	if len(out) == 0 || out[len(out)-1] != '\n' {
		t.Fatalf("loadgen %s: the output does not end with a newline", strings.Join(args, " "))
	}
	return out, bytes.Split(out[:len(out)-1], []byte("\n"))
}

// TestGenGamesChessUnchanged pins the chess output of -gen-games: the
// digests were computed from the output of the code before -variant was
// added (-gen-games 1 -plies 80, and -gen-games 5 -plies 40), and
// testdata/game200.json is what that code wrote for -gen-games 1 -plies 200.
func TestGenGamesChessUnchanged(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"-gen-games", "1", "-plies", "80"}, "d3c8b8be390aeaa97f35d0748fc53c0e66c872b77171b401f6ca67f7d89a72f4"},
		{[]string{"-gen-games", "5", "-plies", "40", "-variant", "chess"}, "8b14292486e597325b9c2aea81fda447b65099c7c5da3266fab59dcda7e98755"},
	} {
		out, _ := genOutput(t, tt.args...)
		if sum := sha256.Sum256(out); hex.EncodeToString(sum[:]) != tt.want {
			t.Errorf("loadgen %s: SHA-256 %x, want %s (the chess games changed)", strings.Join(tt.args, " "), sum, tt.want)
		}
	}
	out, _ := genOutput(t, "-gen-games", "1", "-plies", "200")
	want, err := os.ReadFile(filepath.FromSlash(game200Path))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out, want) {
		t.Errorf("loadgen -gen-games 1 -plies 200 is not %s", game200Path)
	}
}

// genVariants are the variants the tests generate bodies of: the
// standard board, 10x8 with its own pieces, 10x10 and 16x16.
var genVariants = []string{"chess", "shako", "grand", "bigorra"}

// spec is api/openapi.yaml, loaded once.
var spec = sync.OnceValues(func() (*openapi3.T, error) {
	return openapi3.NewLoader().LoadFromFile(filepath.Join("..", "..", "api", "openapi.yaml"))
})

// checkSchema checks one body against a request schema of api/openapi.yaml.
func checkSchema(t *testing.T, schema string, body []byte) {
	t.Helper()
	doc, err := spec()
	if err != nil {
		t.Fatalf("api/openapi.yaml: %v", err)
	}
	ref := doc.Components.Schemas[schema]
	if ref == nil || ref.Value == nil {
		t.Fatalf("api/openapi.yaml has no schema %s", schema)
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	if err := ref.Value.VisitJSON(v); err != nil {
		t.Errorf("%s is not a valid %s: %v", body, schema, err)
	}
}

// decodeStrict decodes one JSON body into v, refusing unknown keys.
func decodeStrict(t *testing.T, body []byte, v any) {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: %v", body, err)
	}
}

// TestGenPositions checks the -gen-positions bodies: valid requests of the
// API, FENs of the variant that are the positions the -gen-games games of
// the same seeds end in, and with -with-move a legal move there in the
// engine's SAN.
func TestGenPositions(t *testing.T) {
	const n, plies = 4, 10
	for _, id := range genVariants {
		t.Run(id, func(t *testing.T) {
			v := rules.MustBuiltin(id)
			nArg, pliesArg := fmt.Sprint(n), fmt.Sprint(plies)
			_, games := genOutput(t, "-gen-games", nArg, "-plies", pliesArg, "-variant", id)
			_, plain := genOutput(t, "-gen-positions", nArg, "-plies", pliesArg, "-variant", id)
			_, moved := genOutput(t, "-gen-positions", nArg, "-plies", pliesArg, "-variant", id, "-with-move")
			if len(games) != n || len(plain) != n || len(moved) != n {
				t.Fatalf("%d games, %d positions, %d with a move; want %d each", len(games), len(plain), len(moved), n)
			}
			for i := range n {
				checkSchema(t, "AdjudicateRequest", games[i])
				checkSchema(t, "PositionRequest", plain[i])
				checkSchema(t, "ValidateMoveRequest", moved[i])
				var game gameBody
				var pos, val positionBody
				decodeStrict(t, games[i], &game)
				decodeStrict(t, plain[i], &pos)
				decodeStrict(t, moved[i], &val)
				if game.Variant != id || pos.Variant != id || val.Variant != id {
					t.Fatalf("line %d: variants %q, %q, %q; want %q", i+1, game.Variant, pos.Variant, val.Variant, id)
				}
				if pos.Move != "" || bytes.Contains(plain[i], []byte(`"move"`)) {
					t.Errorf("line %d: %s has a move without -with-move", i+1, plain[i])
				}
				if val.FEN != pos.FEN {
					t.Errorf("line %d: -with-move changes the FEN: %q, not %q", i+1, val.FEN, pos.FEN)
				}
				if len(game.Moves) != plies {
					t.Fatalf("game %d has %d moves, want %d", i+1, len(game.Moves), plies)
				}
				after := replay(v, game.Moves)
				if got := after.Position().FEN(); got != pos.FEN {
					t.Errorf("line %d: FEN %q; the -gen-games game of the seed ends in %q", i+1, pos.FEN, got)
				}

				setup, err := rules.ParseFEN(v, pos.FEN)
				if err != nil {
					t.Fatalf("line %d: ParseFEN(%s, %q): %v", i+1, id, pos.FEN, err)
				}
				p, err := rules.NewPosition(setup)
				if err != nil {
					t.Fatalf("line %d: NewPosition(%q): %v", i+1, pos.FEN, err)
				}
				if p.FEN() != pos.FEN {
					t.Errorf("line %d: FEN %q reads back as %q", i+1, pos.FEN, p.FEN())
				}
				g := rules.NewGame(p)
				if st := g.Status(); st.Outcome != rules.Ongoing {
					t.Errorf("line %d: the position has ended (%v)", i+1, st.Outcome)
				}
				m, err := g.ParseMove(val.Move)
				if err != nil {
					t.Fatalf("line %d: move %q in %q: %v", i+1, val.Move, val.FEN, err)
				}
				if !slices.Contains(g.LegalMoves(), m) {
					t.Errorf("line %d: move %q is not among the legal moves of %q", i+1, val.Move, val.FEN)
				}
				if san := p.SAN(m); san != val.Move {
					t.Errorf("line %d: move %q is %q in the engine's SAN", i+1, val.Move, san)
				}
			}
		})
	}
}

// TestGenStartPositions: -gen-positions with -plies 0 writes the start.
func TestGenStartPositions(t *testing.T) {
	v := rules.MustBuiltin("shako")
	_, lines := genOutput(t, "-gen-positions", "2", "-plies", "0", "-variant", "shako", "-with-move")
	for i, line := range lines {
		var body positionBody
		decodeStrict(t, line, &body)
		if body.FEN != v.Start().FEN() || body.Move == "" {
			t.Errorf("line %d: %s; want the start %q and a move", i+1, line, v.Start().FEN())
		}
	}
}

// TestGenDeterministic: the same flags write the same bytes.
func TestGenDeterministic(t *testing.T) {
	for _, args := range [][]string{
		{"-gen-games", "3", "-plies", "10", "-variant", "grand"},
		{"-gen-positions", "3", "-plies", "10", "-variant", "bigorra", "-with-move"},
		{"-gen-positions", "3", "-plies", "10", "-variant", "shako"},
		{"-gen-correspondence", "3", "-plies", "6", "-variant", "chess"},
	} {
		first, _ := genOutput(t, args...)
		second, _ := genOutput(t, args...)
		if !bytes.Equal(first, second) {
			t.Errorf("loadgen %s writes different bytes on a second run", strings.Join(args, " "))
		}
	}
}

// TestGenCorrespondence checks the order and the prefixes of
// -gen-correspondence: line (k-1)*N+g has game g's first k moves, which
// line k*N+g continues by one move, and the last N lines are the -gen-games
// games.
func TestGenCorrespondence(t *testing.T) {
	const n, plies = 3, 10
	for _, id := range []string{"chess", "shako"} {
		t.Run(id, func(t *testing.T) {
			nArg, pliesArg := fmt.Sprint(n), fmt.Sprint(plies)
			_, lines := genOutput(t, "-gen-correspondence", nArg, "-plies", pliesArg, "-variant", id)
			_, games := genOutput(t, "-gen-games", nArg, "-plies", pliesArg, "-variant", id)
			if len(lines) != n*plies {
				t.Fatalf("%d lines, want %d", len(lines), n*plies)
			}
			bodies := make([]gameBody, len(lines))
			for i, line := range lines {
				decodeStrict(t, line, &bodies[i])
				if bodies[i].Variant != id {
					t.Fatalf("line %d: variant %q, want %q", i+1, bodies[i].Variant, id)
				}
			}
			checkSchema(t, "AdjudicateRequest", lines[0])
			checkSchema(t, "AdjudicateRequest", lines[len(lines)-1])
			for k := 1; k <= plies; k++ {
				for g := 1; g <= n; g++ {
					i := (k-1)*n + g // 1-based line number
					b := bodies[i-1]
					if len(b.Moves) != k {
						t.Fatalf("line %d (game %d, k %d): %d moves, want %d", i, g, k, len(b.Moves), k)
					}
					if k == plies {
						var game gameBody
						decodeStrict(t, games[g-1], &game)
						if !slices.Equal(b.Moves, game.Moves) {
							t.Errorf("line %d: %v; want game %d of -gen-games, %v", i, b.Moves, g, game.Moves)
						}
						continue
					}
					if next := bodies[i+n-1]; !slices.Equal(b.Moves, next.Moves[:k]) {
						t.Errorf("line %d %v is not a prefix of line %d %v", i, b.Moves, i+n, next.Moves)
					}
				}
			}
		})
	}
}

// TestGenFlags checks the refusals of the -gen-* flags: each exits 2 with
// a message, and writes nothing.
func TestGenFlags(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string // in the message
	}{
		{[]string{"-gen-games", "1", "-variant", "nope"}, "loadgen: unknown built-in variant \"nope\"\n"},
		{[]string{"-gen-positions", "1", "-variant", ""}, "loadgen: unknown built-in variant \"\"\n"},
		{[]string{"-gen-games", "1", "-gen-positions", "1"}, "only one of"},
		{[]string{"-gen-correspondence", "1", "-serve-baseline", "127.0.0.1:0"}, "only one of"},
		{[]string{"-gen-positions", "1", "-gen-correspondence", "1"}, "only one of"},
		{[]string{"-gen-games", "0"}, "-gen-games must be 1 to 1000000"},
		{[]string{"-gen-positions", "-3"}, "-gen-positions must be 1 to 1000000"},
		{[]string{"-gen-correspondence", "1000001", "-plies", "1"}, "-gen-correspondence must be 1 to 1000000"},
		{[]string{"-gen-games", "1", "-plies", "0"}, "-plies must be 1 to 5000"},
		{[]string{"-gen-positions", "1", "-plies", "-1"}, "-plies must be 0 to 5000"},
		{[]string{"-gen-positions", "1", "-plies", "5001"}, "-plies must be 0 to 5000"},
		{[]string{"-gen-correspondence", "20000", "-plies", "100"}, "2000000 lines, more than 1000000"},
		{[]string{"-gen-correspondence", "200", "-plies", "5000"}, "moves, more than 100000000"},
		{[]string{"-gen-positions", "1000000", "-plies", "5000"}, "moves, more than 100000000"},
		{[]string{"-gen-games", "1", "-with-move"}, "-with-move goes with -gen-positions only"},
		{[]string{"-url", "http://127.0.0.1:1/", "-with-move"}, "-with-move goes with -gen-positions only"},
	} {
		var out, errb bytes.Buffer
		code := run(tt.args, &out, &errb)
		if code != 2 || out.Len() > 0 || !strings.Contains(errb.String(), tt.want) {
			t.Errorf("loadgen %s = %d, stdout %d bytes, stderr %q; want 2, nothing, and %q",
				strings.Join(tt.args, " "), code, out.Len(), errb.String(), tt.want)
		}
	}
}
