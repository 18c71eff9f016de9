package handlers_test

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adjudicator/adjudicator/internal/pgn"
	"github.com/adjudicator/adjudicator/internal/rules"
)

// endAnswer is what the end-of-game tests read of an adjudication.
type endAnswer struct {
	Legal         bool
	Result        string
	Reason        string
	ClaimAccepted *bool `json:"claimAccepted"`
	FEN           string
	PGN           string
	Status        struct {
		Outcome, Result, Winner string
		LegalMoveCount          int                         `json:"legalMoveCount"`
		CanMate                 struct{ White, Black bool } `json:"canMate"`
		ChecksGiven             *struct{ White, Black int } `json:"checksGiven"`
	}
}

func adjudicateEnd(t *testing.T, h http.Handler, body map[string]any) endAnswer {
	t.Helper()
	rec := serve(h, request(http.MethodPost, "/v1/games/adjudicate", jsonText(body)))
	var a endAnswer
	if err := json.Unmarshal(rec.Body.Bytes(), &a); rec.Code != 200 || err != nil {
		t.Fatalf("%s: %d %s", jsonText(body), rec.Code, rec.Body.String())
	}
	return a
}

// Every outcome of the game-end rules, reached by real moves through the
// API, with its winner, result and reason; the variant named as lichess
// names it.
func TestEndOutcomes(t *testing.T) {
	h := newServer(t).Handler()
	tests := []struct {
		name, variant, fen    string
		moves                 string
		result, reason, winer string
	}{
		{"three checks (python-chess's random game)", "Three-check", "",
			"b3 h6 c3 Nf6 Qc2 g5 Qe4 e6 Qxe6+ Be7 Qxe7+ Kxe7 Ba3+", "1-0", "three-checks", "white"},
		{"five checks, the fifth given", "5check", "4k3/8/8/8/8/8/8/R3K3 w - - 1+5 0 30",
			"Ra8+", "1-0", "three-checks", "white"},
		{"king of the hill", "King of the Hill", "",
			"e3 e6 Ke2 Ke7 Kd3 Kd6 Kd4", "1-0", "king-of-the-hill", "white"},
		{"race won by Black's King home first", "Racing Kings", "8/1K4k1/8/8/8/8/8/8 b - - 0 1",
			"Kg8", "0-1", "race-won", "black"},
		{"race drawn by Black's answer", "racingkings", "8/1K4k1/8/8/8/8/8/8 w - - 0 1",
			"Kb8 Kg8", "1/2-1/2", "race-drawn", ""},
		{"race won: Black's answer falls short", "racingkings", "8/1K4k1/8/8/8/8/8/8 w - - 0 1",
			"Kb8 Kf6", "1-0", "race-won", "white"},
		{"antichess: the last piece given away", "Antichess", "8/8/8/8/8/8/1k6/R7 w - - 0 1",
			"Ra2 Kxa2", "1-0", "extinction", "white"},
		{"antichess: stalemated after White's move", "antichess", "8/8/8/8/p7/8/P7/8 w - - 0 1",
			"a3", "0-1", "stalemate-win", "black"},
		{"horde: the last Pawn taken", "Horde", "8/8/8/8/8/8/3k4/4P3 b - - 0 1",
			"Kxe1", "0-1", "extinction", "black"},
		{"horde: mate by the Pawns", "horde", "k7/1nP5/PPP5/8/8/8/8/8 w - - 0 1",
			"cxb7#", "1-0", "checkmate", "white"},
		{"losers: mated wins", "losers", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
			"Ra8#", "0-1", "checkmate-win", "black"},
		{"atomic: the King blown up beside f7", "Atomic", "",
			"e4 d5 Qh5 Nf6 Qxf7", "1-0", "explosion", "white"},
		{"atomic: blown up though the mover is in check", "atomic", "3qk3/4p3/8/8/8/8/8/3QK2r w - - 0 1",
			"Qxd8", "1-0", "explosion", "white"},
		{"no-check atomic: a King that captures blows itself up", "nocheckatomic", "4k3/8/8/8/8/2n5/3K4/8 w - - 0 1",
			"Kxc3", "0-1", "extinction", "black"},
		{"extinction: the last King taken", "extinction", "",
			"e4 f5 Qh5 a6 Qxe8", "1-0", "extinction", "white"},
		{"coregal: the Queen checkmated", "coregal", "3b3k/8/8/7r/8/8/1P6/QRK5 b - - 0 1",
			"Ra5", "0-1", "checkmate", "black"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			body := map[string]any{"variant": tt.variant, "moves": tt.moves}
			if tt.fen != "" {
				body["fen"] = tt.fen
			}
			a := adjudicateEnd(t, h, body)
			if !a.Legal || a.Result != tt.result || a.Reason != tt.reason || a.Status.Winner != tt.winer ||
				a.Status.Outcome != tt.reason || a.Status.LegalMoveCount != 0 {
				t.Errorf("legal %v, result %s, reason %s, status %+v; want legal, %s, %s, winner %q, no legal move",
					a.Legal, a.Result, a.Reason, a.Status, tt.result, tt.reason, tt.winer)
			}
		})
	}
}

// A move after the last check is refused as after any end; the status
// counts the checks given, and the FEN writes the checks still needed.
func TestThreeCheckThroughAPI(t *testing.T) {
	h := newServer(t).Handler()
	a := adjudicateEnd(t, h, map[string]any{"variant": "3check", "moves": "b3 h6 c3 Nf6 Qc2 g5 Qe4 e6 Qxe6+ Be7 Qxe7+"})
	if a.Result != "*" || a.Status.ChecksGiven == nil || a.Status.ChecksGiven.White != 2 || a.Status.ChecksGiven.Black != 0 ||
		!strings.Contains(a.FEN, " 1+3 ") {
		t.Errorf("after two checks: result %s, checksGiven %+v, FEN %s; want *, 2 and 0, 1+3", a.Result, a.Status.ChecksGiven, a.FEN)
	}
	a = adjudicateEnd(t, h, map[string]any{"variant": "3check", "moves": "b3 h6 c3 Nf6 Qc2 g5 Qe4 e6 Qxe6+ Be7 Qxe7+ Kxe7 Ba3+ d6"})
	if a.Legal || a.Result != "1-0" || a.Reason != "three-checks" {
		t.Errorf("a move after the third check: legal %v, %s, %s; want illegal, 1-0, three-checks", a.Legal, a.Result, a.Reason)
	}
	// chess has no check counts: no checksGiven member.
	rec := serve(h, request(http.MethodPost, "/v1/status", `{"variant":"chess"}`))
	if strings.Contains(rec.Body.String(), "checksGiven") {
		t.Errorf("chess status: %s; want no checksGiven", rec.Body.String())
	}
	// lichess's dialect of the counts is read, the other written.
	rec = serve(h, request(http.MethodPost, "/v1/status", `{"variant":"3check","fen":"4k3/8/8/8/8/8/8/R3K3 w - - 0 30 +2+0"}`))
	if !strings.Contains(rec.Body.String(), `"fen":"4k3/8/8/8/8/8/8/R3K3 w - - 1+3 0 30"`) || !strings.Contains(rec.Body.String(), `"checksGiven":{"white":2,"black":0}`) {
		t.Errorf("status in lichess's dialect: %s; want the FEN with 1+3 and checksGiven 2, 0", rec.Body.String())
	}
	rec = serve(h, request(http.MethodPost, "/v1/status", `{"variant":"3check","fen":"4k3/8/8/8/8/8/8/R3K3 w - - 4+3 0 30"}`))
	if p := decodeProblem(t, rec.Body.Bytes()); rec.Code != 422 || p.Code != "invalid-fen" || p.Field != "fen" {
		t.Errorf("4+3 in three-check: %d %s; want 422 invalid-fen", rec.Code, rec.Body.String())
	}
}

// Racing Kings refuses a move that gives check, antichess a quiet move
// where a capture is possible, each with its own reason.
func TestRacingKingsGivesCheck(t *testing.T) {
	h := newServer(t).Handler()
	rec := serve(h, request(http.MethodPost, "/v1/validate-move", `{"variant":"antichess","moves":["e3","b5"],"move":"Nc3"}`))
	if !strings.Contains(rec.Body.String(), `"reason":"must-capture"`) {
		t.Errorf("Nc3 after 1.e3 b5 in antichess: %d %s; want the reason must-capture", rec.Code, rec.Body.String())
	}
	rec = serve(h, request(http.MethodPost, "/v1/validate-move", `{"variant":"racingkings","move":"Nc3"}`))
	var a struct {
		Legal   bool
		Problem struct{ Code, Reason string }
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil || a.Legal || a.Problem.Reason != "gives-check" {
		t.Errorf("Nc3 in Racing Kings: %d %s; want illegal, reason gives-check", rec.Code, rec.Body.String())
	}
	// Atomic: a King never captures; atomar's Kings never take each other.
	for _, tt := range []struct{ body, reason string }{
		{`{"variant":"atomic","fen":"4k3/pppp4/8/8/8/8/3n4/4K3 w - - 0 1","move":"Kxd2"}`, "explodes-own-king"},
		{`{"variant":"atomar","fen":"8/8/8/8/8/8/3k4/4K3 w - - 0 1","move":"Kxd2"}`, "immune"},
		{`{"variant":"coregal","fen":"4k3/8/8/8/8/8/5K2/r2Q4 w - - 0 1","move":"Ke2"}`, "pseudo-royal-attacked"},
	} {
		rec = serve(h, request(http.MethodPost, "/v1/validate-move", tt.body))
		if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil || a.Legal || a.Problem.Reason != tt.reason {
			t.Errorf("%s: %d %s; want illegal, reason %s", tt.body, rec.Code, rec.Body.String(), tt.reason)
		}
	}
}

// A flag fall follows the variant: a lone King can still win a race or
// reach the hill, so its opponent's flag falls to a loss; in three-check a
// lone King gives no check, so it draws.
func TestFlagFallByVariant(t *testing.T) {
	h := newServer(t).Handler()
	tests := []struct {
		variant, fen   string
		result, reason string
	}{
		{"racingkings", "8/8/8/1K6/8/8/6kq/8 b - - 0 1", "1-0", "flag-fall"},
		{"kingofthehill", "k7/8/8/8/8/8/8/KQ6 w - - 0 1", "0-1", "flag-fall"},
		{"3check", "k7/8/8/8/8/8/8/KQ6 w - - 3+3 0 1", "1/2-1/2", "flag-fall-draw"},
		{"antichess", "8/8/8/8/4b3/8/3B4/K7 w - - 0 1", "0-1", "flag-fall"},
		{"antichess", "8/8/8/8/8/8/1n6/N7 w - - 0 1", "1/2-1/2", "flag-fall-draw"},
		{"horde", "8/8/8/8/8/3k4/8/4B3 b - - 0 1", "1/2-1/2", "flag-fall-draw"},   // a lone Bishop cannot mate
		{"horde", "8/8/8/8/8/3k4/8/4B3 w - - 0 1", "0-1", "flag-fall"},            // the King can take the horde
		{"atomic", "3qk3/8/8/8/8/8/8/4K3 b - - 0 1", "1/2-1/2", "flag-fall-draw"}, // a bare King cannot win
		{"atomic", "4k3/8/8/8/8/8/8/4KQ2 b - - 0 1", "1-0", "flag-fall"},
		{"atomic", "4k3/4p3/8/8/8/8/8/4KN2 b - - 0 1", "1-0", "flag-fall"}, // the Pawn may be blown up beside its King
	}
	for _, tt := range tests {
		by := "black"
		if strings.Contains(tt.fen, " w ") {
			by = "white"
		}
		a := adjudicateEnd(t, h, map[string]any{"variant": tt.variant, "fen": tt.fen, "moves": []string{}, "claim": map[string]string{"type": "flag", "by": by}})
		if a.Result != tt.result || a.Reason != tt.reason {
			t.Errorf("%s, %s's flag in %s: %s, %s; want %s, %s", tt.variant, by, tt.fen, a.Result, a.Reason, tt.result, tt.reason)
		}
	}
}

// A PGN as lichess exports it: the Variant tag and a FEN tag in lichess's
// dialect of the check counts.
func TestThreeCheckPGN(t *testing.T) {
	h := newServer(t).Handler()
	pgn := "[Event \"Casual\"]\n[Variant \"Three-check\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w - - 0 30 +2+0\"]\n[SetUp \"1\"]\n[Result \"1-0\"]\n\n30. Ra8+ 1-0\n"
	a := adjudicateEnd(t, h, map[string]any{"pgn": pgn})
	if !a.Legal || a.Result != "1-0" || a.Reason != "three-checks" {
		t.Errorf("PGN: legal %v, %s, %s; want 1-0 by three-checks", a.Legal, a.Result, a.Reason)
	}
	if !strings.Contains(a.PGN, `[Variant "Three-check"]`) || !strings.Contains(a.PGN, " 1+3 0 30\"]") {
		t.Errorf("PGN written back:\n%s\nwant lichess's Variant tag and the FEN with 1+3", a.PGN)
	}
}

// The lichess records of testdata/records/lichess (README.md there): every
// move legal and the result the record's. A PGN of a variant not served yet
// answers unknown-variant until it is.
func TestLichessVariantRecords(t *testing.T) {
	h := newServer(t).Handler()
	pending := map[string]bool{} // lichess Variant tags of records kept for variants not served yet
	dir := filepath.Join("testdata", "records", "lichess")
	pgns, err := filepath.Glob(filepath.Join(dir, "*.pgn"))
	if err != nil || len(pgns) == 0 {
		t.Fatalf("no records: %v", err)
	}
	for _, file := range pgns {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, game := range splitGames(string(text)) {
			g, err := pgn.Parse(game)
			if err != nil {
				t.Fatalf("%s game %d: %v", file, i+1, err)
			}
			tag, _ := g.Tag("Variant")
			code, a, raw := adjudicatePGN(t, h, map[string]any{"pgn": game})
			if pending[tag] {
				if p := decodeProblem(t, []byte(raw)); code != 404 && code != 422 || p.Code != "unknown-variant" {
					t.Errorf("%s game %d (Variant %q): %d %.300s; want unknown-variant until the variant is served (then drop it from pending)", file, i+1, tag, code, raw)
				}
				continue
			}
			if code != 200 || !a.Legal || a.PGNResult == nil || !a.PGNResult.Agrees || len(a.Moves) != len(g.MoveTexts()) {
				t.Errorf("%s game %d (Variant %q) = %d %.400s; want every move legal and the result agreeing", file, i+1, tag, code, raw)
			}
		}
	}
	// lichess's game export: the variant key, the moves as one string, the
	// end as status and winner.
	jsons, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(jsons) == 0 {
		t.Fatalf("no game exports: %v", err)
	}
	for _, file := range jsons {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var export struct{ Variant, Moves, Status, Winner string }
		if err := json.Unmarshal(text, &export); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		a := adjudicateEnd(t, h, map[string]any{"variant": export.Variant, "moves": export.Moves})
		want := map[string]string{"white": "1-0", "black": "0-1"}[export.Winner]
		if !a.Legal || export.Status != "variantEnd" || a.Result != want || a.Status.Winner != export.Winner || a.Reason != "three-checks" {
			t.Errorf("%s (lichess status %s, winner %s): legal %v, %s by %s; want legal, %s by three-checks", file, export.Status, export.Winner, a.Legal, a.Result, a.Reason, want)
		}
	}
}

// The ends of a variant without a royal piece, and a flag of every piece,
// in inline definitions: a stalemate that loses is the only end of
// Fairy-Stockfish's nim and tuktuk; two Kings that may not be left
// attacked (Fairy-Stockfish's twokings2) are checkmated together; any
// piece on a corner wins Fairy-Stockfish's rooksquare.
func TestInlineEndsThroughAPI(t *testing.T) {
	h := newServer(t).Handler()
	chessWith := func(edit func(d *rules.Definition)) *rules.Definition {
		d := rules.MustBuiltin("chess").Definition()
		edit(&d)
		return &d
	}
	nim := &rules.Definition{ID: "nim-2x3", Name: "Nim on 2x3", Files: 2, Ranks: 3, StartFEN: "p1/2/P1 w - - 0 1",
		Pieces: []rules.PieceDef{{Name: "Pusher", Letter: "P", Betza: "mfR"}}, Rules: rules.RulesDef{Stalemate: "loss"}}
	twoKings := chessWith(func(d *rules.Definition) {
		d.Pieces[0].Royal = false
		d.Rules.Castling, d.Rules.InsufficientMaterial = nil, "none"
		d.Rules.PseudoRoyal = &rules.PseudoRoyalDef{Pieces: []string{"K"}, UpTo: 2}
		d.StartFEN = "rnbkkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w - - 0 1"
	})
	corners := chessWith(func(d *rules.Definition) {
		d.Rules.Flag = &rules.FlagDef{Piece: "*", White: []string{"a8", "h8"}, Black: []string{"a1", "h1"}}
	})
	for _, tt := range []struct {
		name                  string
		def                   *rules.Definition
		fen, moves            string
		result, reason, winer string
	}{
		{"nim: the side that cannot move loses", nim, "", "a2", "1-0", "stalemate-loss", "white"},
		{"two Kings checkmated on the back rank", twoKings, "k6k/pp4pp/8/8/8/8/8/4RKK1 w - - 0 1", "Re8", "1-0", "checkmate", "white"},
		{"a Rook on a corner", corners, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "Ra8", "1-0", "king-of-the-hill", "white"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			body := map[string]any{"definition": tt.def, "moves": tt.moves}
			if tt.fen != "" {
				body["fen"] = tt.fen
			}
			a := adjudicateEnd(t, h, body)
			if !a.Legal || a.Result != tt.result || a.Reason != tt.reason || a.Status.Winner != tt.winer || a.Status.LegalMoveCount != 0 {
				t.Errorf("legal %v, result %s, reason %s, status %+v; want legal, %s, %s, winner %q, no legal move",
					a.Legal, a.Result, a.Reason, a.Status, tt.result, tt.reason, tt.winer)
			}
		})
	}
}
