package handlers_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/adjudicator/adjudicator/api"
	"github.com/adjudicator/adjudicator/internal/handlers"
	"github.com/adjudicator/adjudicator/internal/rules"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/golden")

// The limits of the test server: small enough that every limit can be
// reached by a cheap request.
const (
	testMaxBodyBytes  = 64 << 10
	testMaxMoves      = 600
	testMaxPerftDepth = 5
	testMaxPerftNodes = 100_000
)

func testConfig() handlers.Config {
	cfg := handlers.DefaultConfig()
	cfg.MaxBodyBytes = testMaxBodyBytes
	cfg.MaxMoves = testMaxMoves
	cfg.MaxPerftDepth = testMaxPerftDepth
	cfg.MaxPerftNodes = testMaxPerftNodes
	cfg.InlineVariants = 4
	return cfg
}

// newServer returns a server with the test limits, no cache and a fresh
// metrics registry.
func newServer(t testing.TB) *handlers.Server {
	t.Helper()
	srv, err := handlers.New(testConfig(), zap.NewNop(), nil, prometheus.NewRegistry())
	if err != nil {
		t.Fatalf("handlers.New: %v", err)
	}
	return srv
}

// apiCase is one request of the golden tests and what it must answer.
type apiCase struct {
	name   string // golden file testdata/golden/<name>.json
	method string
	path   string
	ctype  string // request Content-Type; "" means application/json for a POST, "-" none
	body   string
	drain  bool // serve from a drained server
	status int
	// wantType is the response Content-Type; "" means application/json for
	// a 2xx status and application/problem+json otherwise.
	wantType string
}

func (tt apiCase) request() *http.Request {
	var body io.Reader
	if tt.body != "" {
		body = strings.NewReader(tt.body)
	}
	req := httptest.NewRequest(tt.method, tt.path, body)
	switch {
	case tt.ctype == "-":
	case tt.ctype != "":
		req.Header.Set("Content-Type", tt.ctype)
	case tt.method == http.MethodPost:
		req.Header.Set("Content-Type", "application/json")
	}
	return req
}

func (tt apiCase) contentType() string {
	switch {
	case tt.wantType != "":
		return tt.wantType
	case tt.status >= 200 && tt.status < 300:
		return "application/json"
	}
	return "application/problem+json"
}

func (tt apiCase) String() string {
	body := tt.body
	if len(body) > 120 {
		body = body[:120] + fmt.Sprintf("...(%d bytes)", len(tt.body))
	}
	return fmt.Sprintf("%s %s %s", tt.method, tt.path, body)
}

// serve runs a request through the handler without a network.
func serve(h http.Handler, req *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// jsonText marshals v or panics: for building request bodies.
func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// FENs used by several cases.
const (
	fenKiwipete  = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	fenPromotion = "1r5k/P7/8/8/8/8/8/K7 w - - 0 1"
	fenCastling  = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	fenEnPassant = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
	fenFoolsMate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
	fenBeforeFM  = "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2"
	fenStalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
	fenCheck     = "rnbqkbnr/ppp2ppp/3p4/1B2p3/4P3/8/PPPP1PPP/RNBQK1NR b KQkq - 1 3"
	fenShako     = "c8c/ernbqkbnre/pppp1ppppp/10/4p5/5P4/10/PPPPP1PPPP/ERNBQKBNRE/C8C w KQkq e7 0 2"
	fenBigorra   = "h'm's'c'jfoad'dujc's'm'h'/cmzvsxlkqghyvzmc/ernbb'n'iwwin'b'bnre/tp'tp'tp'tp'p'tp'tp'tp't/pppppppppppppppp/16/16/16/16/16/16/PPPPPPPPPPPPPPPP/TP'TP'TP'TP'P'TP'TP'TP'T/ERNBB'N'IWWIN'B'BNRE/CMZVSXLKQGHYVZMC/H'M'S'C'JFOAD'DUJC'S'M'H' w Kk - 0 1"
	// fenAmbiguous: both Knights (b1, f3) reach d2.
	fenAmbiguous = "rnbqkbnr/pppppppp/8/8/8/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1"
	// fenPinned: the Knight on d2 is pinned by the Bishop on b4.
	fenPinned = "rnbqk1nr/pppp1ppp/8/4p3/1b1P4/8/PPPNPPPP/R1BQKBNR w KQkq - 2 3"
	// fenCastleInCheck: White may not castle out of the Rook's check.
	fenCastleInCheck = "4k3/8/8/8/8/8/8/R3K2r w Q - 0 1"
	fenBareKings     = "8/8/4k3/8/8/4K3/8/8 w - - 0 1"
	fenFiftyMoves    = "8/8/4k3/8/8/4K3/4R3/8 w - - 100 80"
	fenSeventyFive   = "8/8/4k3/8/8/4K3/4R3/8 w - - 150 120"
)

// losAlamos is a small 6x6 inline variant (Los Alamos chess), shared with
// the playground's browser test.
var losAlamos = func() string {
	b, err := os.ReadFile(filepath.Join("testdata", "los-alamos.json"))
	if err != nil {
		panic(err)
	}
	return string(b)
}()

// kangarooVariant is a 6x6 inline variant whose pieces move by named
// behaviours and bent definitions, and one of which cannot be captured.
const kangarooVariant = `{"id":"roo","name":"Kangaroos","files":6,"ranks":6,` +
	`"startFEN":"k5/6/2b3/6/1p4/G1B2K w - - 0 1",` +
	`"pieces":[{"name":"King","letter":"K","betza":"K","royal":true},` +
	`{"name":"Kangaroo","letter":"G","behaviour":"kangaroo"},` +
	`{"name":"Block","letter":"B","betza":"mQ3","immune":true},` +
	`{"name":"Pawn","letter":"P","betza":"fmWfcF"}],` +
	`"rules":{}}`

// badBetza is losAlamos with an unparseable King movement.
var badBetza = strings.Replace(losAlamos, `"betza":"K"`, `"betza":"K@"`, 1)

// badStartFEN is losAlamos with a start FEN of the wrong width.
var badStartFEN = strings.Replace(losAlamos, `rnqknr/pppppp/6/6/`, `rnqknr/ppppppp/6/6/`, 1)

// operaGame is Morphy v Duke Karl / Count Isouard, Paris 1858: 33 plies
// with captures, checks, castling long and a mate.
var operaGame = strings.Fields(`e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6
	Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5 cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6
	Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#`)

var scholarsMate = []string{"e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"}

// knightDance returns n rounds of Nf3 Nf6 Ng1 Ng8: after each round the
// start position is back.
func knightDance(n int) []string {
	var moves []string
	for range n {
		moves = append(moves, "Nf3", "Nf6", "Ng1", "Ng8")
	}
	return moves
}

// bigorraGame plays n plies of random legal Bigorra moves from the start
// (fixed seed), alternately in SAN and in coordinate form, stopping early
// if the game ends.
func bigorraGame(n int) []string {
	g := rules.NewGame(rules.MustBuiltin("bigorra").Start())
	rng := rand.New(rand.NewPCG(2024, 1858))
	var out []string
	for i := 0; i < n && g.Status().Outcome == rules.Ongoing; i++ {
		legal := g.LegalMoves()
		m := legal[rng.IntN(len(legal))]
		if i%2 == 0 {
			out = append(out, g.Position().SAN(m))
		} else {
			out = append(out, g.Position().UCI(m))
		}
		if err := g.Play(m); err != nil {
			panic(err)
		}
	}
	return out
}

func post(name, path, body string, status int) apiCase {
	return apiCase{name: name, method: http.MethodPost, path: path, body: body, status: status}
}

func get(name, path string, status int) apiCase {
	return apiCase{name: name, method: http.MethodGet, path: path, status: status}
}

// goldenCases are the requests of the golden tests, in the order they are
// served to one server (the inline-definition reuse depends on it).
func goldenCases() []apiCase {
	const (
		lm  = "/v1/legal-moves"
		st  = "/v1/status"
		vm  = "/v1/validate-move"
		adj = "/v1/games/adjudicate"
		pf  = "/v1/perft"
	)
	ok, bad, unproc := http.StatusOK, http.StatusBadRequest, http.StatusUnprocessableEntity
	pos := func(variant, fen string) string {
		m := map[string]any{"variant": variant}
		if fen != "" {
			m["fen"] = fen
		}
		return jsonText(m)
	}
	move := func(fen, mv string) string {
		m := map[string]any{"variant": "chess", "move": mv}
		if fen != "" {
			m["fen"] = fen
		}
		return jsonText(m)
	}
	game := func(fen string, moves []string, claim map[string]string) string {
		m := map[string]any{"variant": "chess", "moves": moves}
		if fen != "" {
			m["fen"] = fen
		}
		if claim != nil {
			m["claim"] = claim
		}
		return jsonText(m)
	}
	illegalOpera := append([]string(nil), operaGame...)
	illegalOpera[6] = "Ke3"
	tooMany := make([]string, testMaxMoves+1)
	for i := range tooMany {
		tooMany[i] = "Nf3"
	}
	return []apiCase{
		// Variants.
		get("variants", "/v1/variants", ok),
		get("variant-chess", "/v1/variants/chess", ok),
		get("variant-shako", "/v1/variants/shako", ok),
		get("variant-gigachess2", "/v1/variants/gigachess2", ok),
		get("variant-terachess2", "/v1/variants/terachess2", ok),
		get("variant-bigorra", "/v1/variants/bigorra", ok),
		get("variant-grand", "/v1/variants/grand", ok),
		get("variant-giant", "/v1/variants/giant", ok),
		get("variant-unknown", "/v1/variants/nosuch", http.StatusNotFound),
		get("variant-bad-id", "/v1/variants/"+strings.Repeat("x", 65), bad), // longer than any name

		// Legal moves.
		post("legal-moves-chess-start", lm, `{"variant":"chess"}`, ok),
		post("legal-moves-kiwipete", lm, pos("chess", fenKiwipete), ok),
		post("legal-moves-promotion", lm, pos("chess", fenPromotion), ok),
		post("legal-moves-castling", lm, pos("chess", fenCastling), ok),
		post("legal-moves-en-passant", lm, pos("chess", fenEnPassant), ok),
		post("legal-moves-checkmate", lm, pos("chess", fenFoolsMate), ok),
		post("legal-moves-stalemate", lm, pos("chess", fenStalemate), ok),
		post("legal-moves-shako", lm, pos("shako", fenShako), ok),
		post("legal-moves-bigorra", lm, pos("bigorra", fenBigorra), ok),
		post("legal-moves-grand-archer", lm, pos("grand", "9k/10/10/10/4n5/10/10/10/2X7/4K5 w - - 0 20"), ok),
		post("legal-moves-grand-kangaroo-block", lm, pos("grand", "9k/10/10/10/4b''5/10/4n5/10/4K''5/K9 w - - 0 20"), ok),
		// The exotic pieces: the text's Chameleon taking five pieces with
		// e6d7; a Diplomat converting (e5e6) and a Fool copying a Knight.
		post("legal-moves-grand-chameleon", lm, pos("grand", "9k/10/2a'''7/c'''9/3pH'''5/5w'''4/10/K2c'''6/10/10 w - d7 0 2"), ok),
		post("legal-moves-grand-diplomat-fool", lm, pos("grand", "9k/10/10/3F'''6/4n5/4D'''5/10/10/10/K9 w - - 0 12 fool:N/-"), ok),
		post("validate-move-grand-conversion", vm, jsonText(map[string]any{"variant": "grand", "fen": "9k/10/10/10/4n5/4D'''5/10/10/10/K9 w - - 0 12", "move": "D'''xe6"}), ok),
		post("validate-move-grand-immobilized", vm, jsonText(map[string]any{"variant": "grand", "fen": "9k/10/10/4i'''5/4N5/10/10/10/10/K9 w - - 0 10", "move": "e6d4"}), ok),
		post("adjudicate-grand-fool-copies", adj, jsonText(map[string]any{"variant": "grand", "fen": "9k/10/10/3F'''6/4n5/4D'''5/10/10/10/K9 b - - 0 12", "moves": []string{"e6c5", "d7b8"}}), ok),
		post("legal-moves-wildebeest-castling", lm, pos("wildebeest", "r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1"), ok),
		post("adjudicate-wildebeest-triple-step", adj, jsonText(map[string]any{"variant": "wildebeest", "fen": "5k5/11/11/11/11/3p1p5/3p7/11/4P6/5K5 w - - 0 1", "moves": []string{"e2e5", "d4e3"}}), ok),
		post("validate-move-wildebeest-castling", vm, jsonText(map[string]any{"variant": "wildebeest", "fen": "r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1", "move": "O-O/i1"}), ok),
		post("legal-moves-giant-dev", lm, pos("giant", "k15/16/16/16/16/16/16/16/16/16/16/2Q13/2dd12/2dd12/3Q12/15K w - - 0 1"), ok),
		post("legal-moves-inline", lm, `{"definition":`+losAlamos+`}`, ok),
		post("legal-moves-inline-behaviour", lm, `{"definition":`+kangarooVariant+`}`, ok),
		post("legal-moves-inline-reused", lm, `{"definition":`+losAlamos+`,"fen":"rnqknr/pppppp/6/3P2/PPP1PP/RNQKNR b - - 0 1"}`, ok),

		// Status.
		post("status-chess-start", st, `{"variant":"chess"}`, ok),
		post("status-check", st, pos("chess", fenCheck), ok),
		post("status-checkmate", st, pos("chess", fenFoolsMate), ok),
		post("status-stalemate", st, pos("chess", fenStalemate), ok),
		post("status-insufficient-material", st, pos("chess", fenBareKings), ok),
		post("status-fifty-moves", st, pos("chess", fenFiftyMoves), ok),
		post("status-seventy-five-moves", st, pos("chess", fenSeventyFive), ok),
		post("status-shako", st, pos("shako", fenShako), ok),
		post("status-wildebeest-stalemate-loss", st, pos("wildebeest", "k10/11/1Q9/11/11/11/11/11/11/5K5 b - - 0 1"), ok),
		post("status-courier-stalemate-loss", st, pos("courier", "k11/12/W11/11p/11P/12/12/1R2K7 b - - 0 1"), ok),
		post("status-courier-bare-king", st, pos("courier", "4k7/12/12/12/12/12/12/RN2K7 b - - 0 1"), ok),
		post("adjudicate-courier-bare-king-reply", adj, jsonText(map[string]any{"variant": "courier", "fen": "4k7/4R7/12/12/12/12/12/4K7 b - - 0 1", "moves": []string{"e8d8"}}), ok),
		post("status-inline", st, `{"definition":`+losAlamos+`}`, ok),
		post("status-giant-quick-mid-turn", st, pos("giant-quick", "rrnnbbqqkgbbnnrr/rrnnbbqqggbbnnrr/ssddeemmcceeddss/ssddeemmcceeddss/pppppppppppppppp/4pppppppppppp/16/pppp12/PPPP12/4P11/5PPPPPPPPPPP/PPPPPPPPPPPPPPPP/SSDDEEMMCCEEDDSS/SSDDEEMMCCEEDDSS/RRNNBBQQGGBBNNRR/RRNNBBQQKGBBNNRR w ABOPabop - 0 2 3"), ok),
		post("status-grand-pawn-cannot-promote", st, pos("grand", "4k5/3P6/10/10/10/10/10/10/10/4K5 b - - 0 40 captured:"), ok),

		// Validate-move: legal moves in every notation.
		post("validate-move-san", vm, move("", "Nf3"), ok),
		post("validate-move-coordinate-double-step", vm, move("", "e2e4"), ok),
		post("validate-move-coordinate-dash", vm, move("", "g1-f3"), ok),
		post("validate-move-castling", vm, move(fenKiwipete, "O-O-O"), ok),
		post("validate-move-castling-coordinate", vm, move(fenCastling, "e1g1"), ok),
		post("validate-move-en-passant", vm, move(fenEnPassant, "exf6"), ok),
		post("validate-move-promotion", vm, move(fenPromotion, "axb8=Q+"), ok),
		post("validate-move-underpromotion", vm, move(fenPromotion, "a7a8n"), ok),
		post("validate-move-checkmate", vm, move(fenBeforeFM, "Qh4#"), ok),
		post("validate-move-game-courier", vm, move("", "N g1-f3"), ok),
		post("validate-move-game-courier-promotion", vm, move(fenPromotion, "a7-a8; Q-a8"), ok),
		post("validate-move-shako", vm, jsonText(map[string]any{"variant": "shako", "fen": fenShako, "move": "Bxa8"}), ok),
		post("validate-move-inline", vm, `{"definition":`+losAlamos+`,"move":"Nc3"}`, ok),
		post("validate-move-giant-block-notation", vm, jsonText(map[string]any{"variant": "giant", "fen": "16/16/16/16/16/16/16/16/16/16/16/16/2DD12/2DD5k6/16/K15 w - - 0 1", "move": "cd34-cd56"}), ok),
		post("validate-move-grand-promotion-initial", vm, jsonText(map[string]any{"variant": "grand", "fen": "9k/P9/10/10/10/10/10/10/10/4K5 w - - 0 40 initial:QGqg", "move": "a9a10=G"}), ok),
		post("validate-move-grand-promotion-not-initial", vm, jsonText(map[string]any{"variant": "grand", "fen": "9k/P9/10/10/10/10/10/10/10/4K5 w - - 0 40 initial:QGqg", "move": "a9a10=R"}), ok),
		// Validate-move: moves that are not legal (200 with legal: false).
		post("validate-move-illegal-no-piece", vm, move("", "e3e4"), ok),
		post("validate-move-illegal-wrong-side", vm, move("", "e7e5"), ok),
		post("validate-move-illegal-unreachable", vm, move("", "e2e5"), ok),
		post("validate-move-illegal-in-check", vm, move(fenCastleInCheck, "O-O-O"), ok),
		post("validate-move-illegal-king-in-check", vm, move(fenPinned, "Nb3"), ok),
		post("validate-move-illegal-needs-promotion", vm, move(fenPromotion, "a7a8"), ok),
		post("validate-move-illegal-bad-promotion", vm, move(fenPromotion, "a7a8k"), ok),
		post("validate-move-off-board", vm, move("", "e2e9"), ok),
		post("validate-move-illegal-after-mate", vm, move(fenFoolsMate, "e2e4"), ok),
		post("validate-move-ambiguous", vm, move(fenAmbiguous, "Nd2"), ok),
		post("validate-move-unparseable", vm, move("", "Nf3!?x"), ok),
		post("validate-move-unparseable-letter", vm, move("", "Zf3"), ok),
		post("validate-move-empty", vm, move("", ""), ok),

		// Adjudicate.
		post("adjudicate-checkmate", adj, game("", operaGame, nil), ok),
		post("adjudicate-pgn-tree", adj, jsonText(map[string]any{"pgn": "[Event \"tree\"]\n\n{Opening} 1. e4 $1 {[%clk 0:03:00]} (1. d4 d5 (1... Nf6 2. Ke3) 2. c4) e5 2. Nf3!? Nc6 ; the rest\n*"}), ok),
		post("adjudicate-moves-string", adj, jsonText(map[string]any{"variant": "chess", "moves": "e4 e5 Nf3 Nc6", "claim": map[string]string{"type": "draw"}}), ok),
		post("adjudicate-illegal-middle", adj, game("", illegalOpera, nil), ok),
		post("adjudicate-unparseable-middle", adj, game("", []string{"e4", "e5", "Nf3", "??", "Nc3"}, nil), ok),
		post("adjudicate-move-after-mate", adj, game("", append(append([]string(nil), scholarsMate...), "Ke7"), nil), ok),
		post("adjudicate-threefold-claim-accepted", adj, game("", knightDance(2), map[string]string{"type": "draw", "by": "black"}), ok),
		post("adjudicate-draw-claim-rejected", adj, game("", knightDance(1), map[string]string{"type": "draw", "by": "white"}), ok),
		post("adjudicate-threefold-no-claim", adj, game("", knightDance(2), nil), ok),
		post("adjudicate-fivefold", adj, game("", append(knightDance(4), "e4"), nil), ok),
		post("adjudicate-resign-white", adj, game("", []string{"e4", "e5"}, map[string]string{"type": "resign", "by": "white"}), ok),
		post("adjudicate-resign-black", adj, game("", []string{"e4", "e5", "Qh5"}, map[string]string{"type": "resign", "by": "black"}), ok),
		post("adjudicate-resign-after-mate", adj, game("", scholarsMate, map[string]string{"type": "resign", "by": "black"}), ok),
		post("adjudicate-agreement", adj, game("", []string{"e4", "e5", "Nf3", "Nc6"}, map[string]string{"type": "agreement", "by": "white"}), ok),
		post("adjudicate-agreement-empty", adj, game("", []string{}, map[string]string{"type": "agreement", "by": "black"}), ok),
		post("adjudicate-agreement-after-mate", adj, game("", scholarsMate, map[string]string{"type": "agreement", "by": "black"}), ok),
		post("adjudicate-agreement-after-stalemate", adj, game(fenStalemate, []string{}, map[string]string{"type": "agreement", "by": "white"}), ok),
		post("adjudicate-agreement-illegal-move", adj, game("", illegalOpera, map[string]string{"type": "agreement", "by": "white"}), ok),
		post("adjudicate-draw-claim-after-mate", adj, game("", scholarsMate, map[string]string{"type": "draw", "by": "black"}), ok),
		post("adjudicate-draw-claim-fifty-moves", adj, game(fenFiftyMoves, []string{}, map[string]string{"type": "draw", "by": "white"}), ok),
		post("adjudicate-game-courier", adj, game("", []string{"P e2-e4", "p e7-e5", "N g1-f3", "n b8-c6", "B f1-c4", "b f8-c5", "K e1-g1"}, nil), ok),
		post("adjudicate-game-courier-promotion", adj, game(fenPromotion, []string{"a7-b8; Q-b8", "K h8-h7", "Q b8-b1"}, nil), ok),
		post("adjudicate-empty", adj, game("", []string{}, nil), ok),
		post("adjudicate-from-fen", adj, game(fenBeforeFM, []string{"Qh4#"}, nil), ok),
		post("adjudicate-giant-quick-turns", adj, jsonText(map[string]any{"variant": "giant-quick", "moves": []string{"a6a8", "b6b8", "c6c8", "d6d8", "a11a9", "b11b9", "c11c9", "d11d9", "e6e7"}}), ok),
		post("adjudicate-inline", adj, `{"definition":`+losAlamos+`,"moves":["d3","c4","dxc4","Qxc4"]}`, ok),
		post("adjudicate-bigorra-long", adj, jsonText(map[string]any{"variant": "bigorra", "moves": bigorraGame(300)}), ok),

		// Perft.
		post("perft-chess-3", pf, `{"variant":"chess","depth":3}`, ok),
		post("perft-kiwipete-2-divide", pf, jsonText(map[string]any{"variant": "chess", "fen": fenKiwipete, "depth": 2, "divide": true}), ok),
		post("perft-shako-2", pf, `{"variant":"shako","depth":2}`, ok),
		post("perft-inline-3", pf, `{"definition":`+losAlamos+`,"depth":3}`, ok),
		post("perft-too-deep", pf, `{"variant":"chess","depth":6}`, unproc),
		post("perft-over-budget", pf, `{"variant":"chess","depth":4}`, unproc),
		post("perft-depth-above-schema", pf, `{"variant":"chess","depth":33}`, bad),
		post("perft-depth-zero", pf, `{"variant":"chess","depth":0}`, bad),

		// Setups.
		post("setup-grand-classical", "/v1/setups", `{"variant":"grand","seed":1}`, ok),
		post("setup-grand-classical-random", "/v1/setups", `{"variant":"grand","mode":"classical-random","count":4,"seed":7}`, ok),
		post("setup-grand-selected-mirror", "/v1/setups", `{"variant":"grand","mode":"selected","pieces":["Q","X","B''","U"],"mirror":true,"promotion":"initial","seed":42}`, ok),
		post("setup-grand-random-all", "/v1/setups", `{"variant":"grand","mode":"random","count":19,"duplicates":true,"promotion":"all","seed":9007199254740991}`, ok),
		post("setup-too-many", "/v1/setups", `{"variant":"grand","mode":"classical-random","count":11,"seed":1}`, unproc),
		post("setup-selected-twice", "/v1/setups", `{"variant":"grand","mode":"classical-selected","pieces":["X","X"],"seed":1}`, unproc),
		post("setup-unknown-letter", "/v1/setups", `{"variant":"grand","mode":"selected","pieces":["Q","Z'''"],"seed":1}`, unproc),
		post("setup-bad-mode", "/v1/setups", `{"variant":"grand","mode":"chaos"}`, bad),
		post("setup-seed-too-large", "/v1/setups", `{"variant":"grand","seed":9007199254740992}`, bad),
		post("setup-chess-promotion", "/v1/setups", `{"variant":"chess","promotion":"initial","seed":1}`, unproc),

		// Operations.
		get("livez", "/livez", ok),
		get("readyz", "/readyz", ok),
		{name: "readyz-draining", method: http.MethodGet, path: "/readyz", drain: true,
			status: http.StatusServiceUnavailable, wantType: "application/json"},

		// Malformed requests.
		post("error-malformed-json", lm, `{"variant": "chess",}`, bad),
		post("error-truncated-json", lm, `{"variant": "ch`, bad),
		post("error-trailing-data", lm, `{"variant":"chess"} {}`, bad),
		post("error-duplicate-key", lm, `{"variant":"chess", "variant":"shako"}`, bad),
		post("error-duplicate-key-nested", adj, `{"variant":"chess","moves":[],"claim":{"type":"draw","by":"white","by":"black"}}`, bad),
		post("error-empty-body", lm, ``, bad),
		post("error-blank-body", st, " \n\t", bad),
		{name: "error-wrong-content-type", method: http.MethodPost, path: lm, ctype: "text/plain",
			body: `{"variant":"chess"}`, status: http.StatusUnsupportedMediaType},
		{name: "error-missing-content-type", method: http.MethodPost, path: st, ctype: "-",
			body: `{"variant":"chess"}`, status: http.StatusUnsupportedMediaType},
		post("error-body-not-object", lm, `["chess"]`, bad),
		post("error-unknown-field", lm, `{"variant":"chess","colour":"white"}`, bad),
		post("error-unknown-field-nested", adj, `{"variant":"chess","moves":[],"claim":{"type":"draw","by":"white","why":"bored"}}`, bad),
		post("error-wrong-type", lm, `{"variant":7}`, bad),
		post("error-several-violations", lm, `{"zeta":1,"variant":5,"alpha":2,"fen":[]}`, bad),
		post("error-wrong-type-array-item", adj, `{"variant":"chess","moves":["e4",5]}`, bad),
		post("error-wrong-enum", adj, `{"variant":"chess","moves":[],"claim":{"type":"surrender","by":"white"}}`, bad),
		post("error-missing-required", vm, `{"variant":"chess"}`, bad),
		post("error-missing-required-nested", adj, `{"variant":"chess","moves":[],"claim":{"by":"white"}}`, bad),
		post("error-claim-by-missing", adj, `{"variant":"chess","moves":["e4"],"claim":{"type":"resign"}}`, unproc),
		post("error-move-too-long", vm, move("", strings.Repeat("e", 65)), bad),
		post("error-definition-schema", lm, `{"definition":`+strings.Replace(losAlamos, `"files":6`, `"files":17`, 1)+`}`, bad),
		post("error-definition-unknown-field", lm, `{"definition":`+strings.Replace(losAlamos, `"royal":true`, `"royal":true,"wings":2`, 1)+`}`, bad),

		// Problems of the variant and the position.
		post("error-variant-and-definition", lm, `{"variant":"chess","definition":`+losAlamos+`}`, unproc),
		post("error-no-variant", lm, `{}`, unproc),
		post("error-no-variant-fen", st, `{"fen":"8/8/4k3/8/8/4K3/8/8 w - - 0 1"}`, unproc),
		post("error-unknown-variant", lm, `{"variant":"chass"}`, unproc),
		post("error-definition-betza", lm, `{"definition":`+badBetza+`}`, unproc),
		post("error-definition-start-fen", st, `{"definition":`+badStartFEN+`}`, unproc),
		post("error-bad-fen", lm, pos("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"), unproc),
		post("error-bad-fen-rights", st, pos("chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1"), unproc),
		post("error-bad-fen-validate-move", vm, move("8/8/8 w - - 0 1", "e4"), unproc),
		post("error-illegal-position", lm, pos("chess", "4k3/4Q3/8/8/8/8/8/4K3 w - - 0 1"), unproc),
		post("error-illegal-position-no-king", st, pos("chess", "8/8/8/8/8/8/8/4K3 w - - 0 1"), unproc),
		post("error-too-many-moves", adj, game("", tooMany, nil), unproc),
		post("error-body-too-large", lm, `{"variant":"chess","fen":"`+strings.Repeat(" ", testMaxBodyBytes)+`"}`,
			http.StatusRequestEntityTooLarge),

		// Routing.
		get("error-unknown-route", "/v1/nothing", http.StatusNotFound),
		get("error-wrong-method", lm, http.StatusMethodNotAllowed),
		post("error-wrong-method-post", "/v1/variants", `{}`, http.StatusMethodNotAllowed),
	}
}

// runCases serves every case in order, the drained ones from a drained
// server, and returns the responses by case name.
func runCases(t *testing.T, cases []apiCase) map[string]*httptest.ResponseRecorder {
	t.Helper()
	srv, drained := newServer(t), newServer(t)
	drained.Drain()
	out := make(map[string]*httptest.ResponseRecorder, len(cases))
	for _, tt := range cases {
		h := srv.Handler()
		if tt.drain {
			h = drained.Handler()
		}
		if _, dup := out[tt.name]; dup {
			t.Fatalf("two cases named %s", tt.name)
		}
		out[tt.name] = serve(h, tt.request())
	}
	return out
}

func goldenPath(name string) string { return filepath.Join("testdata", "golden", name+".json") }

func TestGolden(t *testing.T) {
	cases := goldenCases()
	got := runCases(t, cases)
	again := runCases(t, cases) // a second, fresh pair of servers: answers must not vary
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			rec := got[tt.name]
			rec.Body = bytes.NewBuffer(unmeasured(t, rec.Body.Bytes()))
			again[tt.name].Body = bytes.NewBuffer(unmeasured(t, again[tt.name].Body.Bytes()))
			if rec.Code != tt.status {
				t.Errorf("%s = %d %s; want %d", tt, rec.Code, bytes.TrimSpace(rec.Body.Bytes()), tt.status)
			}
			if ct := rec.Header().Get("Content-Type"); ct != tt.contentType() {
				t.Errorf("%s: Content-Type = %q; want %q", tt, ct, tt.contentType())
			}
			if !json.Valid(rec.Body.Bytes()) {
				t.Errorf("%s: the body is not JSON: %s", tt, bytes.TrimSpace(rec.Body.Bytes()))
			}
			if b := again[tt.name].Body.Bytes(); !bytes.Equal(rec.Body.Bytes(), b) {
				t.Errorf("%s: the answer is not deterministic:\n%s\nthen\n%s", tt, bytes.TrimSpace(rec.Body.Bytes()), b)
			}
			if tt.contentType() == "application/problem+json" {
				checkProblem(t, tt.String(), rec)
			}
			path := goldenPath(tt.name)
			if *update {
				if err := os.WriteFile(path, rec.Body.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test ./internal/handlers -update)", err)
			}
			if !bytes.Equal(rec.Body.Bytes(), want) {
				t.Errorf("%s = %d\n%s\nwant (%s)\n%s", tt, rec.Code, bytes.TrimSpace(rec.Body.Bytes()), path, want)
			}
		})
	}
}

// measuredFigure is a figure of a perft's run that varies from run to run
// (the contract's PerftRun): a time or a rate, never the count.
var measuredFigure = regexp.MustCompile(`"(elapsedMs|leavesPerSecond|leavesPerSecondPerWorker)":([^,}]+)`)

// unmeasured returns body with every measured figure set to 0, failing
// on one that is not a number at least 0, so that the rest of an answer
// with a run can be compared byte for byte.
func unmeasured(t *testing.T, body []byte) []byte {
	t.Helper()
	return measuredFigure.ReplaceAllFunc(body, func(m []byte) []byte {
		sub := measuredFigure.FindSubmatch(m)
		var f float64
		if err := json.Unmarshal(sub[2], &f); err != nil || f < 0 {
			t.Errorf("measured %s = %s; want a number at least 0", sub[1], sub[2])
		}
		return []byte(`"` + string(sub[1]) + `":0`)
	})
}

// TestGoldenFilesUsed fails on a golden file that no case writes.
func TestGoldenFilesUsed(t *testing.T) {
	names := map[string]bool{}
	for _, tt := range goldenCases() {
		names[tt.name] = true
	}
	files, err := filepath.Glob(filepath.Join("testdata", "golden", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if name := strings.TrimSuffix(filepath.Base(f), ".json"); !names[name] {
			t.Errorf("%s belongs to no case; delete it", f)
		}
	}
}

// problemBody is the problem+json document as a client reads it.
type problemBody struct {
	Type     string `json:"type"`
	Title    string `json:"title"`
	Status   int    `json:"status"`
	Detail   string `json:"detail"`
	Instance string `json:"instance"`
	Code     string `json:"code"`
	Field    string `json:"field"`
	Offset   *int   `json:"offset"`
}

// checkProblem checks the invariants of every problem response.
func checkProblem(t *testing.T, what string, rec *httptest.ResponseRecorder) problemBody {
	t.Helper()
	var p problemBody
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil {
		t.Errorf("%s: problem body: %v: %s", what, err, bytes.TrimSpace(rec.Body.Bytes()))
		return p
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/problem+json" {
		t.Errorf("%s = %d with Content-Type %q; want application/problem+json", what, rec.Code, ct)
	}
	if p.Code == "" || p.Type != "/problems/"+p.Code || p.Title == "" || p.Status != rec.Code {
		t.Errorf("%s = %d %s; want a problem with code, type /problems/{code}, title and status %d",
			what, rec.Code, bytes.TrimSpace(rec.Body.Bytes()), rec.Code)
	}
	return p
}

// TestProblemFields pins the parts of the error answers the brief names:
// the code, the field path and the offset.
func TestProblemFields(t *testing.T) {
	type want struct {
		code, field string
		offset      int // -1: none
	}
	// The offset of malformed JSON is that of the bad byte, or the length of
	// the body when it stops early (as the engine's definition decoder does).
	// An unknown property is named by its own path (colour, claim.why), as
	// the engine names an unknown key of a definition (pieces[0].bogus).
	tests := []struct {
		name string
		want want
	}{
		{"error-malformed-json", want{"bad-request", "", 20}},
		{"error-trailing-data", want{"bad-request", "", 20}},
		{"error-truncated-json", want{"bad-request", "", 15}},
		{"error-duplicate-key", want{"bad-request", "variant", 20}},
		{"error-duplicate-key-nested", want{"bad-request", "claim.by", 66}},
		{"error-empty-body", want{"bad-request", "", -1}},
		{"error-wrong-content-type", want{"unsupported-media-type", "Content-Type", -1}},
		{"error-unknown-field", want{"schema-violation", "colour", -1}},
		{"error-unknown-field-nested", want{"schema-violation", "claim.why", -1}},
		{"error-wrong-type", want{"schema-violation", "variant", -1}},
		{"error-wrong-type-array-item", want{"schema-violation", "moves[1]", -1}},
		{"error-missing-required", want{"schema-violation", "move", -1}},
		{"error-missing-required-nested", want{"schema-violation", "claim.type", -1}},
		{"error-claim-by-missing", want{"invalid-argument", "claim.by", -1}},
		{"error-definition-schema", want{"schema-violation", "definition.files", -1}},
		{"error-definition-unknown-field", want{"schema-violation", "definition.pieces[0].wings", -1}},
		{"error-variant-and-definition", want{"invalid-argument", "variant", -1}},
		{"error-no-variant", want{"invalid-argument", "variant", -1}},
		{"error-unknown-variant", want{"unknown-variant", "variant", -1}},
		{"error-definition-betza", want{"invalid-betza", "definition.pieces[0].betza", 1}},
		{"error-bad-fen", want{"invalid-fen", "fen", 42}},
		{"error-bad-fen-rights", want{"invalid-fen", "fen", 48}},
		{"error-bad-fen-validate-move", want{"invalid-fen", "fen", 5}},
		{"error-definition-start-fen", want{"invalid-variant", "definition.startFEN.board", 13}},
		{"error-illegal-position", want{"illegal-position", "fen", 1}}, // the black King in check
		{"error-too-many-moves", want{"limit-exceeded", "moves", -1}},
		{"perft-too-deep", want{"limit-exceeded", "depth", -1}},
		{"perft-over-budget", want{"limit-exceeded", "depth", -1}},
		{"perft-depth-above-schema", want{"schema-violation", "depth", -1}},
		{"error-body-too-large", want{"body-too-large", "", -1}},
		{"error-unknown-route", want{"not-found", "", -1}},
		{"error-wrong-method", want{"method-not-allowed", "", -1}},
		{"variant-unknown", want{"unknown-variant", "id", -1}},
		{"variant-bad-id", want{"schema-violation", "id", -1}},
	}
	cases := map[string]apiCase{}
	for _, c := range goldenCases() {
		cases[c.name] = c
	}
	srv := newServer(t)
	for _, tt := range tests {
		c, ok := cases[tt.name]
		if !ok {
			t.Fatalf("no golden case %s", tt.name)
		}
		rec := serve(srv.Handler(), c.request())
		p := checkProblem(t, c.String(), rec)
		off := -1
		if p.Offset != nil {
			off = *p.Offset
		}
		if got := (want{p.Code, p.Field, off}); got != tt.want {
			t.Errorf("%s = %d %s; want code %q field %q offset %d", c, rec.Code, bytes.TrimSpace(rec.Body.Bytes()),
				tt.want.code, tt.want.field, tt.want.offset)
		}
	}
}

// TestValidateMoveReasons pins the verdict of every illegal-move case.
func TestValidateMoveReasons(t *testing.T) {
	tests := []struct {
		name         string
		code, reason string
	}{
		{"validate-move-illegal-no-piece", "illegal-move", "no-piece"},
		{"validate-move-illegal-wrong-side", "illegal-move", "wrong-side"},
		{"validate-move-illegal-unreachable", "illegal-move", "unreachable"},
		{"validate-move-illegal-in-check", "illegal-move", "castling-out-of-check"},
		{"validate-move-illegal-king-in-check", "illegal-move", "king-in-check"},
		{"validate-move-illegal-needs-promotion", "illegal-move", "needs-promotion"},
		{"validate-move-illegal-bad-promotion", "illegal-move", "bad-promotion"},
		{"validate-move-off-board", "invalid-move", ""},
		{"validate-move-ambiguous", "ambiguous-move", ""},
		{"validate-move-unparseable", "invalid-move", ""},
		{"validate-move-unparseable-letter", "invalid-move", ""},
		{"validate-move-empty", "invalid-move", ""},
	}
	cases := map[string]apiCase{}
	for _, c := range goldenCases() {
		cases[c.name] = c
	}
	srv := newServer(t)
	for _, tt := range tests {
		c := cases[tt.name]
		rec := serve(srv.Handler(), c.request())
		var got struct {
			Legal   bool `json:"legal"`
			Problem struct {
				Code, Reason string
			} `json:"problem"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != http.StatusOK {
			t.Errorf("%s = %d %s; want 200", c, rec.Code, bytes.TrimSpace(rec.Body.Bytes()))
			continue
		}
		if got.Legal || got.Problem.Code != tt.code || got.Problem.Reason != tt.reason {
			t.Errorf("%s = %s; want legal false, code %q, reason %q", c, bytes.TrimSpace(rec.Body.Bytes()), tt.code, tt.reason)
		}
	}
}

// TestAdjudicateVerdicts pins the verdicts the brief names.
func TestAdjudicateVerdicts(t *testing.T) {
	type verdict struct {
		Legal             bool   `json:"legal"`
		Plies             int    `json:"plies"`
		FirstIllegalIndex *int   `json:"firstIllegalIndex"`
		Result            string `json:"result"`
		Reason            string `json:"reason"`
		ClaimAccepted     *bool  `json:"claimAccepted"`
		IllegalMove       *struct {
			Index   int
			Problem struct{ Code, Reason string }
		} `json:"illegalMove"`
	}
	tests := []struct {
		name          string
		legal         bool
		plies         int
		illegal       int // -1: none
		code          string
		result        string
		reason        string
		claimAccepted string // "", "true" or "false"
	}{
		{"adjudicate-checkmate", true, 33, -1, "", "1-0", "checkmate", ""},
		{"adjudicate-illegal-middle", false, 6, 6, "illegal-move", "*", "illegal-move", ""},
		{"adjudicate-unparseable-middle", false, 3, 3, "invalid-move", "*", "illegal-move", ""},
		{"adjudicate-move-after-mate", false, 7, 7, "game-over", "1-0", "checkmate", ""},
		{"adjudicate-threefold-claim-accepted", true, 8, -1, "", "1/2-1/2", "draw-claim", "true"},
		{"adjudicate-draw-claim-rejected", true, 4, -1, "", "*", "ongoing", "false"},
		{"adjudicate-threefold-no-claim", true, 8, -1, "", "*", "ongoing", ""},
		{"adjudicate-fivefold", false, 16, 16, "game-over", "1/2-1/2", "fivefold-repetition", ""},
		{"adjudicate-resign-white", true, 2, -1, "", "0-1", "resignation", "true"},
		{"adjudicate-resign-black", true, 3, -1, "", "1-0", "resignation", "true"},
		{"adjudicate-resign-after-mate", true, 7, -1, "", "1-0", "checkmate", "false"},
		{"adjudicate-agreement", true, 4, -1, "", "1/2-1/2", "draw-agreement", "true"},
		{"adjudicate-agreement-empty", true, 0, -1, "", "1/2-1/2", "draw-agreement", "true"},
		{"adjudicate-agreement-after-mate", true, 7, -1, "", "1-0", "checkmate", "false"},
		{"adjudicate-agreement-after-stalemate", true, 0, -1, "", "1/2-1/2", "stalemate", "false"},
		{"adjudicate-agreement-illegal-move", false, 6, 6, "illegal-move", "*", "illegal-move", "false"},
		{"adjudicate-draw-claim-after-mate", true, 7, -1, "", "1-0", "checkmate", "false"},
		{"adjudicate-draw-claim-fifty-moves", true, 0, -1, "", "1/2-1/2", "draw-claim", "true"},
		{"adjudicate-game-courier", true, 7, -1, "", "*", "ongoing", ""},
		{"adjudicate-game-courier-promotion", true, 3, -1, "", "*", "ongoing", ""},
		{"adjudicate-empty", true, 0, -1, "", "*", "ongoing", ""},
		{"adjudicate-from-fen", true, 1, -1, "", "0-1", "checkmate", ""},
		{"adjudicate-inline", true, 4, -1, "", "*", "ongoing", ""},
	}
	cases := map[string]apiCase{}
	for _, c := range goldenCases() {
		cases[c.name] = c
	}
	srv := newServer(t)
	for _, tt := range tests {
		c := cases[tt.name]
		rec := serve(srv.Handler(), c.request())
		var got verdict
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != http.StatusOK {
			t.Errorf("%s = %d %s; want 200", c, rec.Code, bytes.TrimSpace(rec.Body.Bytes()))
			continue
		}
		idx, code := -1, ""
		if got.FirstIllegalIndex != nil {
			idx = *got.FirstIllegalIndex
		}
		if got.IllegalMove != nil {
			code = got.IllegalMove.Problem.Code
			if got.IllegalMove.Index != idx {
				t.Errorf("%s: illegalMove.index %d != firstIllegalIndex %d", tt.name, got.IllegalMove.Index, idx)
			}
		}
		claim := ""
		if got.ClaimAccepted != nil {
			claim = fmt.Sprint(*got.ClaimAccepted)
		}
		if got.Legal != tt.legal || got.Plies != tt.plies || idx != tt.illegal || code != tt.code ||
			got.Result != tt.result || got.Reason != tt.reason || claim != tt.claimAccepted {
			t.Errorf("%s = %s;\nwant legal %v plies %d firstIllegalIndex %d code %q result %q reason %q claimAccepted %q",
				tt.name, bytes.TrimSpace(rec.Body.Bytes()), tt.legal, tt.plies, tt.illegal, tt.code, tt.result, tt.reason, tt.claimAccepted)
		}
	}
}

// TestAdjudicateStatusMatchesResult: the status of an adjudication agrees
// with its result. An accepted claim ends the game, so status.outcome is the
// claim's reason, status.result the adjudicated result and status.winner the
// winner of a resignation; without one the status is the final position's.
// The table pins every case with a claim; every other adjudication case
// must have status.result = result and, unless a move was illegal,
// status.outcome = reason.
func TestAdjudicateStatusMatchesResult(t *testing.T) {
	type status struct{ outcome, result, winner string }
	claims := map[string]status{
		"adjudicate-threefold-claim-accepted":  {"draw-claim", "1/2-1/2", ""},
		"adjudicate-draw-claim-fifty-moves":    {"draw-claim", "1/2-1/2", ""},
		"adjudicate-draw-claim-rejected":       {"ongoing", "*", ""},
		"adjudicate-draw-claim-after-mate":     {"checkmate", "1-0", "white"},
		"adjudicate-resign-white":              {"resignation", "0-1", "black"},
		"adjudicate-resign-black":              {"resignation", "1-0", "white"},
		"adjudicate-resign-after-mate":         {"checkmate", "1-0", "white"},
		"adjudicate-agreement":                 {"draw-agreement", "1/2-1/2", ""},
		"adjudicate-agreement-empty":           {"draw-agreement", "1/2-1/2", ""},
		"adjudicate-agreement-after-mate":      {"checkmate", "1-0", "white"},
		"adjudicate-agreement-after-stalemate": {"stalemate", "1/2-1/2", ""},
		"adjudicate-agreement-illegal-move":    {"ongoing", "*", ""},
		"adjudicate-moves-string":              {"ongoing", "*", ""},
	}
	srv := newServer(t)
	seen := 0
	for _, c := range goldenCases() {
		if c.path != "/v1/games/adjudicate" || c.status != http.StatusOK {
			continue
		}
		var req struct {
			Claim *struct{ Type, By string } `json:"claim"`
		}
		if err := json.Unmarshal([]byte(c.body), &req); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		want, pinned := claims[c.name]
		if req.Claim != nil && !pinned {
			t.Errorf("%s has a claim but no row in the table", c.name)
		}
		rec := serve(srv.Handler(), c.request())
		var got struct {
			Legal         bool   `json:"legal"`
			Result        string `json:"result"`
			Reason        string `json:"reason"`
			ClaimAccepted *bool  `json:"claimAccepted"`
			Status        struct {
				Outcome, Result, Winner string
			} `json:"status"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != http.StatusOK {
			t.Errorf("%s = %d %s; want 200", c, rec.Code, bytes.TrimSpace(rec.Body.Bytes()))
			continue
		}
		if got.Status.Result != got.Result {
			t.Errorf("%s: status.result %q != result %q", c.name, got.Status.Result, got.Result)
		}
		if got.Legal && got.Status.Outcome != got.Reason {
			t.Errorf("%s: status.outcome %q != reason %q", c.name, got.Status.Outcome, got.Reason)
		}
		if pinned {
			seen++
			if s := (status{got.Status.Outcome, got.Status.Result, got.Status.Winner}); s != want {
				t.Errorf("%s: status outcome %q result %q winner %q; want %q %q %q", c.name, s.outcome, s.result, s.winner,
					want.outcome, want.result, want.winner)
			}
		}
	}
	if seen != len(claims) {
		t.Errorf("found %d of the %d cases in the table among the golden cases", seen, len(claims))
	}
}

// TestBigorraLongGame checks the long random game against the engine: every
// move legal, normalised to the engine's coordinate form.
func TestBigorraLongGame(t *testing.T) {
	moves := bigorraGame(300)
	if len(moves) < 200 {
		t.Fatalf("bigorraGame(300) made only %d plies", len(moves))
	}
	g := rules.NewGame(rules.MustBuiltin("bigorra").Start())
	var want []string
	for _, text := range moves {
		m, err := g.ParseMove(text)
		if err != nil {
			t.Fatalf("ParseMove(%q) = %v", text, err)
		}
		want = append(want, g.Position().UCI(m))
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	body := jsonText(map[string]any{"variant": "bigorra", "moves": moves})
	rec := serve(newServer(t).Handler(), post("", "/v1/games/adjudicate", body, 200).request())
	var got struct {
		Legal bool     `json:"legal"`
		Plies int      `json:"plies"`
		FEN   string   `json:"fen"`
		Moves []string `json:"moves"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &got); err != nil || rec.Code != http.StatusOK {
		t.Fatalf("POST /v1/games/adjudicate (bigorra, %d plies) = %d %s; want 200", len(moves), rec.Code, bytes.TrimSpace(rec.Body.Bytes()))
	}
	if !got.Legal || got.Plies != len(moves) || got.FEN != g.Position().FEN() || strings.Join(got.Moves, " ") != strings.Join(want, " ") {
		t.Errorf("POST /v1/games/adjudicate (bigorra) = legal %v, %d plies, fen %s; want legal, %d plies, fen %s",
			got.Legal, got.Plies, got.FEN, len(moves), g.Position().FEN())
	}
}

// TestValidateMoveAfterGameEnd: in a position whose game is over, no move
// is legal. Adjudicate says game-over for the same position and move;
// validate-move must at least say legal false, and game-over where the
// side to move still has moves on the board (a dead position, the 75-move
// rule), since no other code fits there.
func TestValidateMoveAfterGameEnd(t *testing.T) {
	tests := []struct {
		fen, move string
		wantCode  string // "": any code
	}{
		{fenBareKings, "Kd3", "game-over"},   // insufficient-material
		{fenSeventyFive, "Re1", "game-over"}, // seventy-five-moves
		{fenFoolsMate, "e2e4", ""},           // checkmate
		{fenStalemate, "Kg8", ""},            // stalemate
	}
	srv := newServer(t)
	for _, tt := range tests {
		adj := post("", "/v1/games/adjudicate", jsonText(map[string]any{"variant": "chess", "fen": tt.fen, "moves": []string{tt.move}}), 200)
		rec := serve(srv.Handler(), adj.request())
		var a struct {
			IllegalMove struct{ Problem struct{ Code string } } `json:"illegalMove"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil || a.IllegalMove.Problem.Code != "game-over" {
			t.Errorf("%s = %d %s; want illegalMove.problem.code game-over", adj, rec.Code, bytes.TrimSpace(rec.Body.Bytes()))
		}
		vm := post("", "/v1/validate-move", jsonText(map[string]any{"variant": "chess", "fen": tt.fen, "move": tt.move}), 200)
		rec = serve(srv.Handler(), vm.request())
		var v struct {
			Legal   bool
			Problem struct{ Code string }
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil || v.Legal || (tt.wantCode != "" && v.Problem.Code != tt.wantCode) {
			t.Errorf("%s = %d %s; want legal false with problem.code %q", vm, rec.Code, bytes.TrimSpace(rec.Body.Bytes()), tt.wantCode)
		}
	}
}

// TestSetupSeedDrawn: without a seed the server draws one, returns it, and
// the same request with that seed gives the same setup, which the other
// endpoints read.
func TestSetupSeedDrawn(t *testing.T) {
	srv := newServer(t)
	type setup struct {
		Seed uint64
		FEN  string
	}
	get := func(body string) setup {
		t.Helper()
		rec := serve(srv.Handler(), post("", "/v1/setups", body, 200).request())
		var s setup
		if err := json.Unmarshal(rec.Body.Bytes(), &s); err != nil || rec.Code != 200 || s.FEN == "" {
			t.Fatalf("POST /v1/setups %s = %d %s", body, rec.Code, rec.Body.Bytes())
		}
		return s
	}
	first := get(`{"variant":"grand","mode":"random","count":12}`)
	again := get(jsonText(map[string]any{"variant": "grand", "mode": "random", "count": 12, "seed": first.Seed}))
	if again != first {
		t.Errorf("the drawn seed %d gives %q; the first answer was %q", first.Seed, again.FEN, first.FEN)
	}
	if other := get(`{"variant":"grand","mode":"random","count":12}`); other.Seed == first.Seed {
		t.Errorf("two requests without a seed drew the same seed %d", first.Seed)
	}
	rec := serve(srv.Handler(), post("", "/v1/legal-moves", jsonText(map[string]any{"variant": "grand", "fen": first.FEN}), 200).request())
	if rec.Code != 200 {
		t.Errorf("legal moves of the setup %s = %d %s", first.FEN, rec.Code, rec.Body.Bytes())
	}
}

// TestVariantDefinitionRoundTrip: the definition GET /v1/variants/{id}
// serves is accepted inline and plays exactly like the built-in variant.
func TestVariantDefinitionRoundTrip(t *testing.T) {
	srv := newServer(t)
	for _, id := range []string{"chess", "shako", "gigachess2", "terachess2", "bigorra"} {
		rec := serve(srv.Handler(), httptest.NewRequest(http.MethodGet, "/v1/variants/"+id, nil))
		if rec.Code != http.StatusOK {
			t.Fatalf("GET /v1/variants/%s = %d %s; want 200", id, rec.Code, bytes.TrimSpace(rec.Body.Bytes()))
		}
		builtin := serve(srv.Handler(), post("", "/v1/legal-moves", `{"variant":"`+id+`"}`, 200).request())
		inline := serve(srv.Handler(), post("", "/v1/legal-moves", `{"definition":`+rec.Body.String()+`}`, 200).request())
		if inline.Code != http.StatusOK || inline.Body.String() != builtin.Body.String() {
			t.Errorf("POST /v1/legal-moves {definition: GET /v1/variants/%s} = %d %s; want %d %s",
				id, inline.Code, truncate(inline.Body.String(), 300), builtin.Code, truncate(builtin.Body.String(), 300))
		}
	}
}

func TestInlineDefinitionReused(t *testing.T) {
	srv, reg := newServerWithRegistry(t)
	body := `{"definition":` + losAlamos + `}`
	for i := range 3 {
		rec := serve(srv.Handler(), post("", "/v1/legal-moves", body, 200).request())
		if rec.Code != http.StatusOK {
			t.Fatalf("POST /v1/legal-moves (inline, %d) = %d %s; want 200", i, rec.Code, bytes.TrimSpace(rec.Body.Bytes()))
		}
	}
	text := metricsText(t, srv)
	_ = reg
	for _, want := range []string{
		`adjudicator_inline_variants_total{outcome="compiled"} 1`,
		`adjudicator_inline_variants_total{outcome="reused"} 2`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("GET /metrics after three identical inline definitions lacks %q", want)
		}
	}
}

func newServerWithRegistry(t *testing.T) (*handlers.Server, *prometheus.Registry) {
	t.Helper()
	reg := prometheus.NewRegistry()
	srv, err := handlers.New(testConfig(), zap.NewNop(), nil, reg)
	if err != nil {
		t.Fatalf("handlers.New: %v", err)
	}
	return srv, reg
}

func metricsText(t *testing.T, srv *handlers.Server) string {
	t.Helper()
	rec := serve(srv.Handler(), httptest.NewRequest(http.MethodGet, "/metrics", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /metrics = %d %s; want 200", rec.Code, bytes.TrimSpace(rec.Body.Bytes()))
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
		t.Errorf("GET /metrics: Content-Type = %q; want text/plain", ct)
	}
	return rec.Body.String()
}

func TestOpenAPIDocumentServed(t *testing.T) {
	rec := serve(newServer(t).Handler(), httptest.NewRequest(http.MethodGet, "/openapi.yaml", nil))
	if rec.Code != http.StatusOK {
		t.Fatalf("GET /openapi.yaml = %d; want 200", rec.Code)
	}
	if ct := rec.Header().Get("Content-Type"); ct != "application/yaml" {
		t.Errorf("GET /openapi.yaml: Content-Type = %q; want application/yaml", ct)
	}
	if !bytes.Equal(rec.Body.Bytes(), api.Spec) {
		t.Errorf("GET /openapi.yaml does not serve api/openapi.yaml")
	}
}

// TestDocs serves the documentation: the API reference, the files it loads
// and the Markdown documents answer GET and HEAD with 200, their content
// types and policies, the same bytes from two servers; Swagger UI's gzipped
// files go out as gzip only to a client that accepts it; any other name is
// a 404 problem.
func TestDocs(t *testing.T) {
	h, other := newServer(t).Handler(), newServer(t).Handler()
	get := func(h http.Handler, method, path, acceptEncoding string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, path, nil)
		if acceptEncoding != "" {
			req.Header.Set("Accept-Encoding", acceptEncoding)
		}
		return serve(h, req)
	}
	const html, js, css = "text/html; charset=UTF-8", "text/javascript; charset=utf-8", "text/css; charset=utf-8"
	routes := map[string]string{
		"/docs": html, "/docs/ui/swagger-ui-bundle.js": js, "/docs/ui/swagger-ui.css": css,
		"/docs/ui/reference.js": js, "/docs/ui/docs.css": css,
		"/docs/ui/favicon-16x16.png": "image/png", "/docs/ui/favicon-32x32.png": "image/png",
	}
	// The navigation of the reference names the Markdown documents.
	nav := regexp.MustCompile(`<li><a href="(/docs/[a-z]+)"`).FindAllStringSubmatch(get(h, http.MethodGet, "/docs", "").Body.String(), -1)
	for _, m := range nav {
		routes[m[1]] = html
	}
	for _, want := range []string{"/docs/variants", "/docs/betza", "/docs/rules", "/docs/limits"} {
		if routes[want] != html {
			t.Errorf("the navigation of /docs does not link %s", want)
		}
	}
	for path, ct := range routes {
		rec := get(h, http.MethodGet, path, "")
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != ct || rec.Body.Len() == 0 {
			t.Errorf("GET %s = %d, Content-Type %q, %d bytes; want 200, %s, a body", path, rec.Code, rec.Header().Get("Content-Type"), rec.Body.Len(), ct)
			continue
		}
		if rec.Header().Get("X-Content-Type-Options") != "nosniff" || rec.Header().Get("Content-Encoding") != "" {
			t.Errorf("GET %s: X-Content-Type-Options %q, Content-Encoding %q; want nosniff, none",
				path, rec.Header().Get("X-Content-Type-Options"), rec.Header().Get("Content-Encoding"))
		}
		if csp := rec.Header().Get("Content-Security-Policy"); ct == html && !strings.HasPrefix(csp, "default-src 'none'; ") {
			t.Errorf("GET %s: Content-Security-Policy %q; want one that starts from default-src 'none'", path, csp)
		}
		if again := get(other, http.MethodGet, path, ""); !bytes.Equal(again.Body.Bytes(), rec.Body.Bytes()) {
			t.Errorf("GET %s: two servers answer different bytes", path)
		}
		if head := get(h, http.MethodHead, path, ""); head.Code != http.StatusOK || head.Header().Get("Content-Type") != ct {
			t.Errorf("HEAD %s = %d, Content-Type %q; want 200, %s", path, head.Code, head.Header().Get("Content-Type"), ct)
		}
	}
	gzipMagic := []byte{0x1f, 0x8b}
	for _, path := range []string{"/docs/ui/swagger-ui-bundle.js", "/docs/ui/swagger-ui.css"} {
		packed := get(h, http.MethodGet, path, "gzip, deflate, br")
		if packed.Code != http.StatusOK || packed.Header().Get("Content-Encoding") != "gzip" || !bytes.HasPrefix(packed.Body.Bytes(), gzipMagic) {
			t.Errorf("GET %s accepting gzip = %d, Content-Encoding %q; want 200 and gzip data", path, packed.Code, packed.Header().Get("Content-Encoding"))
		}
		for _, ae := range []string{"", "identity", "gzip;q=0"} {
			plain := get(h, http.MethodGet, path, ae)
			if plain.Header().Get("Content-Encoding") != "" || bytes.HasPrefix(plain.Body.Bytes(), gzipMagic) ||
				plain.Body.Len() <= packed.Body.Len() {
				t.Errorf("GET %s with Accept-Encoding %q: Content-Encoding %q, %d bytes; want the file decompressed",
					path, ae, plain.Header().Get("Content-Encoding"), plain.Body.Len())
			}
		}
	}
	for _, path := range []string{"/docs/nope", "/docs/benchmarks", "/docs/ui/nope.js",
		"/docs/ui/swagger-ui-bundle.js.gz", "/docs/ui/oauth2-redirect.html", "/docs/ui/embed.go"} {
		rec := get(h, http.MethodGet, path, "")
		var p struct {
			Status int    `json:"status"`
			Code   string `json:"code"`
		}
		err := json.Unmarshal(rec.Body.Bytes(), &p)
		if rec.Code != http.StatusNotFound || rec.Header().Get("Content-Type") != "application/problem+json" ||
			err != nil || p.Status != http.StatusNotFound || p.Code != "not-found" {
			t.Errorf("GET %s = %d, Content-Type %q, %s; want a 404 not-found problem", path, rec.Code, rec.Header().Get("Content-Type"), rec.Body.Bytes())
		}
	}
}

// TestMetrics serves every golden case, then reads the metrics: request
// counters by route pattern, and no FEN or raw path in any label.
func TestMetrics(t *testing.T) {
	srv := newServer(t)
	cases := goldenCases()
	var fens []string
	for _, tt := range cases {
		if tt.drain {
			continue
		}
		serve(srv.Handler(), tt.request())
		var b struct {
			FEN string `json:"fen"`
		}
		if json.Unmarshal([]byte(tt.body), &b) == nil && strings.TrimSpace(b.FEN) != "" {
			fens = append(fens, b.FEN)
		}
	}
	text := metricsText(t, srv)
	// Request counts carry the problem code, empty for an answer that is
	// not a problem.
	for _, want := range []string{
		`adjudicator_http_requests_total{code="200",method="POST",problem="",route="/v1/legal-moves"}`,
		`adjudicator_http_requests_total{code="200",method="POST",problem="",route="/v1/status"}`,
		`adjudicator_http_requests_total{code="200",method="POST",problem="",route="/v1/validate-move"}`,
		`adjudicator_http_requests_total{code="200",method="POST",problem="",route="/v1/games/adjudicate"}`,
		`adjudicator_http_requests_total{code="200",method="POST",problem="",route="/v1/perft"}`,
		`adjudicator_http_requests_total{code="200",method="GET",problem="",route="/v1/variants"}`,
		`adjudicator_http_requests_total{code="200",method="GET",problem="",route="/v1/variants/:id"}`,
		`adjudicator_http_requests_total{code="404",method="GET",problem="unknown-variant",route="/v1/variants/:id"}`,
		`adjudicator_http_requests_total{code="422",method="POST",problem="invalid-fen",route="/v1/legal-moves"}`,
		`adjudicator_http_requests_total{code="400",method="POST",problem="schema-violation",route="/v1/legal-moves"}`,
		`adjudicator_http_requests_total{code="413",method="POST",problem="body-too-large",route="/v1/legal-moves"}`,
		`adjudicator_http_request_duration_seconds_count{method="POST",route="/v1/perft"}`,
		`adjudicator_http_requests_in_flight 1`, // the GET /metrics itself
		`adjudicator_build_info{engine="` + rules.EngineVersion + `",goversion="` + runtime.Version() + `",rules="`,
		`",version="dev"} 1`,
		`adjudicator_engine_plies_total`,
		`adjudicator_engine_perft_leaves_total`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("GET /metrics lacks %s", want)
		}
	}
	if len(fens) < 10 {
		t.Fatalf("only %d FENs among the golden cases", len(fens))
	}
	for _, fen := range fens {
		board, _, _ := strings.Cut(fen, " ")
		if strings.Contains(text, board) {
			t.Errorf("GET /metrics shows the FEN %q", fen)
		}
	}
	for _, raw := range []string{"/v1/nothing", "/v1/variants/nosuch", "Not_An_Id", "los-alamos"} {
		if strings.Contains(text, raw) {
			t.Errorf("GET /metrics shows the raw request text %q", raw)
		}
	}
}

// TestMetricsMethodLabel: the method label comes from the client; a label
// must not take any value a client sends, or every odd request makes a new
// time series.
func TestMetricsMethodLabel(t *testing.T) {
	srv := newServer(t)
	for _, method := range []string{"BREW", "X-PROBE-1", "X-PROBE-2"} {
		rec := serve(srv.Handler(), httptest.NewRequest(method, "/livez", nil))
		if rec.Code != http.StatusMethodNotAllowed {
			t.Errorf("%s /livez = %d %s; want 405", method, rec.Code, bytes.TrimSpace(rec.Body.Bytes()))
		}
	}
	text := metricsText(t, srv)
	for _, method := range []string{"BREW", "X-PROBE-1", "X-PROBE-2"} {
		if strings.Contains(text, `method="`+method+`"`) {
			t.Errorf("GET /metrics has a series with method=%q: the method label is unbounded", method)
		}
	}
}

// TestNetworkServer serves through a real listener: the request id, a
// success, a problem and the body limit over HTTP.
func TestNetworkServer(t *testing.T) {
	ts := httptest.NewServer(newServer(t).Handler())
	defer ts.Close()
	tests := []struct {
		give     apiCase
		wantType string
	}{
		{post("", "/v1/legal-moves", `{"variant":"chess"}`, http.StatusOK), "application/json"},
		{post("", "/v1/legal-moves", `{"variant":"chass"}`, http.StatusUnprocessableEntity), "application/problem+json"},
		{post("", "/v1/legal-moves", `{"variant":"chess","fen":"`+strings.Repeat(" ", testMaxBodyBytes)+`"}`,
			http.StatusRequestEntityTooLarge), "application/problem+json"},
		{get("", "/readyz", http.StatusOK), "application/json"},
		{get("", "/v1/nothing", http.StatusNotFound), "application/problem+json"},
	}
	for _, tt := range tests {
		req, err := http.NewRequest(tt.give.method, ts.URL+tt.give.path, strings.NewReader(tt.give.body))
		if err != nil {
			t.Fatal(err)
		}
		if tt.give.method == http.MethodPost {
			req.Header.Set("Content-Type", "application/json")
		}
		resp, err := ts.Client().Do(req)
		if err != nil {
			t.Fatalf("%s: %v", tt.give, err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatalf("%s: reading the body: %v", tt.give, err)
		}
		if resp.StatusCode != tt.give.status {
			t.Errorf("%s = %d %s; want %d", tt.give, resp.StatusCode, body, tt.give.status)
		}
		if ct := resp.Header.Get("Content-Type"); ct != tt.wantType {
			t.Errorf("%s: Content-Type = %q; want %q", tt.give, ct, tt.wantType)
		}
		if resp.Header.Get("X-Request-Id") == "" {
			t.Errorf("%s: no X-Request-Id header", tt.give)
		}
		if !json.Valid(body) {
			t.Errorf("%s: the body is not JSON: %s", tt.give, body)
		}
	}
}
