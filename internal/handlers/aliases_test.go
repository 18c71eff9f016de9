package handlers_test

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/adjudicator/adjudicator/internal/pgn"
)

// variantProblem is the part of a problem the alias tests read.
type variantProblem struct {
	Code, Field, Detail string
	Suggestions         []string
}

func decodeProblem(t *testing.T, body []byte) variantProblem {
	t.Helper()
	var p variantProblem
	if err := json.Unmarshal(body, &p); err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	return p
}

// TestVariantAliasesInRequests: a request's variant may be any name other
// programs give the variant; the answer names it by its id. A name that
// matches nothing is unknown-variant with the closest ids.
func TestVariantAliasesInRequests(t *testing.T) {
	h := newServer(t).Handler()
	tests := []struct{ give, want string }{
		{"fischerandom", "chess960"},
		{"Chess 960", "chess960"},
		{"FRC", "chess960"},
		{"normal", "chess"},
		{"From Position", "chess"},
		{"Standard", "chess"},
		{"Grand Chess", "grand"},
		{"giant_quick", "giant-quick"},
	}
	for _, tt := range tests {
		for _, path := range []string{"/v1/legal-moves", "/v1/status"} {
			rec := serve(h, request(http.MethodPost, path, jsonText(map[string]any{"variant": tt.give})))
			var a struct{ Variant string }
			if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil || rec.Code != 200 || a.Variant != tt.want {
				t.Errorf("%s with variant %q = %d %.200s; want 200 naming %s", path, tt.give, rec.Code, rec.Body, tt.want)
			}
		}
	}
	rec := serve(h, request(http.MethodPost, "/v1/games/adjudicate", jsonText(map[string]any{"variant": "Fischerandom", "moves": []string{"e4"}})))
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"variant":"chess960"`) {
		t.Errorf("adjudicate with variant Fischerandom = %d %.200s; want chess960", rec.Code, rec.Body)
	}

	for _, tt := range []struct {
		give string
		want []string
	}{
		{"chess96", []string{"chess960", "chess"}},
		{"capablnca", []string{"capablanca"}},
		{"crazyhouse", nil},
	} {
		rec := serve(h, request(http.MethodPost, "/v1/legal-moves", jsonText(map[string]any{"variant": tt.give})))
		p := decodeProblem(t, rec.Body.Bytes())
		if rec.Code != 422 || p.Code != "unknown-variant" || p.Field != "variant" || !slices.Equal(p.Suggestions, tt.want) {
			t.Errorf("variant %q = %d %s; want 422 unknown-variant in variant suggesting %q", tt.give, rec.Code, rec.Body, tt.want)
		}
		if len(tt.want) > 0 && !strings.Contains(p.Detail, "did you mean "+tt.want[0]) {
			t.Errorf("variant %q: detail %q does not name %s", tt.give, p.Detail, tt.want[0])
		}
	}
}

// TestVariantByAlias: GET /v1/variants/{id} answers the variant for any of
// its names, with its canonical id; an unknown one is 404 with suggestions.
func TestVariantByAlias(t *testing.T) {
	h := newServer(t).Handler()
	for _, tt := range []struct{ give, want string }{
		{"Fischerandom", "chess960"}, {"normal", "chess"}, {"From%20Position", "chess"}, {"CAPABLANCA", "capablanca"},
	} {
		rec := serve(h, request(http.MethodGet, "/v1/variants/"+tt.give, ""))
		var d struct{ ID string }
		if err := json.Unmarshal(rec.Body.Bytes(), &d); err != nil || rec.Code != 200 || d.ID != tt.want {
			t.Errorf("GET /v1/variants/%s = %d %.200s; want %s", tt.give, rec.Code, rec.Body, tt.want)
		}
	}
	rec := serve(h, request(http.MethodGet, "/v1/variants/gothc", ""))
	// "gothc" is one edit from gothic and two from kingofthehill's alias koth.
	if p := decodeProblem(t, rec.Body.Bytes()); rec.Code != 404 || p.Code != "unknown-variant" || p.Field != "id" || !slices.Equal(p.Suggestions, []string{"gothic", "kingofthehill"}) {
		t.Errorf("GET /v1/variants/gothc = %d %s; want 404 suggesting gothic and kingofthehill", rec.Code, rec.Body)
	}
}

// TestVariantListAliases: GET /v1/variants lists each variant's aliases,
// with the programs that use them, and the PGN name it writes.
func TestVariantListAliases(t *testing.T) {
	h := newServer(t).Handler()
	rec := serve(h, request(http.MethodGet, "/v1/variants", ""))
	var list struct {
		Variants []struct {
			ID      string
			PGNName *string `json:"pgnName"`
			Aliases []struct {
				Name   string
				UsedBy []string
			}
		}
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &list); err != nil || rec.Code != 200 {
		t.Fatalf("GET /v1/variants = %d %v", rec.Code, err)
	}
	found := map[string]bool{}
	for _, v := range list.Variants {
		if v.Aliases == nil {
			t.Errorf("%s: no aliases member", v.ID)
		}
		switch v.ID {
		case "chess":
			if v.PGNName != nil {
				t.Errorf("chess: pgnName %q; want none", *v.PGNName)
			}
		case "chess960":
			if v.PGNName == nil || *v.PGNName != "Chess960" {
				t.Errorf("chess960: pgnName %v; want Chess960", v.PGNName)
			}
		case "kingofthehill", "3check", "racingkings", "antichess", "horde", "atomic":
			// lichess's PGN Variant tags.
			want := map[string]string{"kingofthehill": "King of the Hill", "3check": "Three-check", "racingkings": "Racing Kings", "antichess": "Antichess", "horde": "Horde", "atomic": "Atomic"}[v.ID]
			if v.PGNName == nil || *v.PGNName != want {
				t.Errorf("%s: pgnName %v; want %s", v.ID, v.PGNName, want)
			}
		default:
			if v.PGNName == nil || *v.PGNName != v.ID {
				t.Errorf("%s: pgnName %v; want its id", v.ID, v.PGNName)
			}
		}
		for _, a := range v.Aliases {
			found[v.ID+":"+a.Name] = true
			if a.Name == "fischerandom" && !slices.Contains(a.UsedBy, "cutechess") {
				t.Errorf("fischerandom used by %q; want cutechess among them", a.UsedBy)
			}
		}
	}
	for _, want := range []string{"chess:normal", "chess:From Position", "chess960:fischerandom", "chess960:chess 960", "grand:grand"} {
		if !found[want] {
			t.Errorf("GET /v1/variants lacks the alias %s", want)
		}
	}
}

// TestPGNVariantTagAliases: the Variant tag may hold any name of the
// variant; a request's variant must name the same variant as the tag, by
// whatever names; an unknown tag is unknown-variant in pgn.
func TestPGNVariantTagAliases(t *testing.T) {
	h := newServer(t).Handler()
	const frc = `[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]` + "\n\n1. g3 g6 2. f3 f6 3. Rf2 Rf7 *"
	tests := []struct {
		variant, tag, want string
	}{
		{"", "normal", "chess"},
		{"", "From Position", "chess"},
		{"", "Standard", "chess"},
		{"", "", "chess"},
		{"", "fischerandom", "chess960"},
		{"", "chess 960", "chess960"},
		{"chess960", "Fischerandom", "chess960"},
		{"FRC", "Chess960", "chess960"},
		{"fischerandom", "chess 960", "chess960"},
		{"normal", "Standard", "chess"},
	}
	for _, tt := range tests {
		text := `[Variant "` + tt.tag + `"]` + "\n" + frc
		if tt.want == "chess" {
			text = `[Variant "` + tt.tag + `"]` + "\n\n1. e4 e5 *"
		}
		body := map[string]any{"pgn": text}
		if tt.variant != "" {
			body["variant"] = tt.variant
		}
		code, a, raw := adjudicatePGN(t, h, body)
		if code != 200 || !a.Legal || a.Variant != tt.want {
			t.Errorf("variant %q, tag %q = %d %.300s; want legal %s", tt.variant, tt.tag, code, raw, tt.want)
		}
	}
	for _, tt := range []struct {
		variant, tag, code string
		suggest            []string
	}{
		{"chess", "fischerandom", "invalid-argument", nil},
		{"Chess960", "normal", "invalid-argument", nil},
		{"", "Crazyhouse", "unknown-variant", nil},
		{"", "chess96", "unknown-variant", []string{"chess960", "chess"}},
		{"chess", "Fischerrandon", "unknown-variant", []string{"chess960"}},
	} {
		body := map[string]any{"pgn": `[Variant "` + tt.tag + `"]` + "\n\n1. e4 *"}
		if tt.variant != "" {
			body["variant"] = tt.variant
		}
		rec := serve(h, request(http.MethodPost, "/v1/games/adjudicate", jsonText(body)))
		p := decodeProblem(t, rec.Body.Bytes())
		if rec.Code != 422 || p.Code != tt.code || p.Field != "pgn" || !slices.Equal(p.Suggestions, tt.suggest) {
			t.Errorf("variant %q, tag %q = %d %s; want %s in pgn suggesting %q", tt.variant, tt.tag, rec.Code, rec.Body, tt.code, tt.suggest)
		}
	}
}

// TestPGNWriterVariantName: the PGN answered names chess960 as lichess
// does (Chess960), no Variant tag for chess, and reads back to the same
// game and variant.
func TestPGNWriterVariantName(t *testing.T) {
	h := newServer(t).Handler()
	for _, tt := range []struct{ variant, tag string }{
		{"fischerandom", "Chess960"}, {"chess960", "Chess960"}, {"capablanca", "capablanca"}, {"normal", ""},
	} {
		code, a, raw := adjudicatePGN(t, h, map[string]any{"variant": tt.variant, "moves": []string{"e4", "e5"}, "pgnOut": true})
		if code != 200 {
			t.Fatalf("%s: %d %s", tt.variant, code, raw)
		}
		g, err := pgn.Parse(a.PGN)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := g.Tag("Variant"); got != tt.tag || ok != (tt.tag != "") {
			t.Errorf("%s: Variant tag %q (%v); want %q", tt.variant, got, ok, tt.tag)
		}
		_, again, raw := adjudicatePGN(t, h, map[string]any{"pgn": a.PGN})
		if again.Variant != a.Variant || !slices.Equal(again.Moves, a.Moves) || again.PGN != a.PGN {
			t.Errorf("%s: the answered PGN reads back as %.300s", tt.variant, raw)
		}
	}
}

// splitGames cuts a PGN file into its games' texts, leaving out the "%"
// lines that say where the file came from.
func splitGames(text string) []string {
	var games []string
	var cur strings.Builder
	inMoves := false
	for line := range strings.SplitSeq(strings.ReplaceAll(text, "\r\n", "\n"), "\n") {
		switch {
		case strings.HasPrefix(line, "%"):
			continue
		case strings.HasPrefix(line, "["):
			if inMoves {
				games = append(games, cur.String())
				cur.Reset()
				inMoves = false
			}
		case strings.TrimSpace(line) != "":
			inMoves = true
		}
		cur.WriteString(line + "\n")
	}
	if strings.TrimSpace(cur.String()) != "" {
		games = append(games, cur.String())
	}
	return games
}

// TestOtherProgramsVariantNames: the real records of testdata/records,
// whose Variant tags are spelt as lichess, cutechess, DGT LiveChess, TCEC
// and The Week in Chess spell them (normal, From Position, Chess960,
// Fischerandom, fischerandom, chess 960), adjudicate from their PGN alone:
// every move legal and the result token agreeing.
func TestOtherProgramsVariantNames(t *testing.T) {
	h := newServer(t).Handler()
	files, err := filepath.Glob(filepath.Join("testdata", "records", "*.pgn"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no records: %v", err)
	}
	tags := map[string]bool{}
	games := 0
	for _, file := range files {
		text, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, game := range splitGames(string(text)) {
			games++
			g, err := pgn.Parse(game)
			if err != nil {
				t.Errorf("%s game %d: %v", file, i+1, err)
				continue
			}
			tag, _ := g.Tag("Variant")
			tags[tag] = true
			code, a, raw := adjudicatePGN(t, h, map[string]any{"pgn": game})
			if code != 200 || !a.Legal || a.PGNResult == nil || !a.PGNResult.Agrees {
				t.Errorf("%s game %d (Variant %q) = %d %.400s; want every move legal and the result agreeing", file, i+1, tag, code, raw)
				continue
			}
			if len(a.Moves) != len(g.MoveTexts()) {
				t.Errorf("%s game %d: %d moves played of the %d of the record", file, i+1, len(a.Moves), len(g.MoveTexts()))
			}
		}
	}
	for _, want := range []string{"normal", "From Position", "Chess960", "Fischerandom", "fischerandom", "chess 960"} {
		if !tags[want] {
			t.Errorf("no record with [Variant %q]", want)
		}
	}
	if games < 16 {
		t.Errorf("read %d games; the records hold 16", games)
	}
}
