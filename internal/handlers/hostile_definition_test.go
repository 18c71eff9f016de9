package handlers

// Issue 12, finding 2: an inline definition compiled to about 300 MB in
// seconds, and 64 were kept. These tests hold the compile budget at the
// HTTP edge and the byte bound of the compiled-definition cache. This file
// is in package handlers to read the cache's byte counter.

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// hdBetza is the finding's movement: 39 characters repeated to 234.
var hdBetza = strings.Repeat("QNNZZCCGGHHAADDpQgQFyafsFWyafsWafsWFafF", 6)

// hdDefinition returns a definition of n piece types on a size x size
// board holding only the Kings: the King and n-1 pieces of betza, lettered
// A to Z and then with apostrophes (104 letters in all).
func hdDefinition(id string, n, size int, betza string) *rules.Definition {
	d := &rules.Definition{ID: id, Name: id, Files: size, Ranks: size}
	d.Pieces = append(d.Pieces, rules.PieceDef{Name: "King", Letter: "K", Betza: "K", Royal: true})
	for i := 0; len(d.Pieces) < n; i++ {
		l := string(rune('A'+i%26)) + strings.Repeat("'", i/26)
		if l != "K" {
			d.Pieces = append(d.Pieces, rules.PieceDef{Name: "Piece " + l, Letter: l, Betza: betza})
		}
	}
	rows := make([]string, size)
	for r := range rows {
		rows[r] = fmt.Sprint(size)
	}
	rows[0], rows[size-1] = fmt.Sprintf("k%d", size-1), fmt.Sprintf("K%d", size-1)
	d.StartFEN = strings.Join(rows, "/") + " w - - 0 1"
	return d
}

func hdServer(t *testing.T, cfg Config) (*Server, *prometheus.Registry) {
	t.Helper()
	reg := prometheus.NewRegistry()
	s, err := New(cfg, zap.NewNop(), nil, reg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return s, reg
}

// hdStatus posts the definition to /v1/status.
func hdStatus(s *Server, d *rules.Definition) *httptest.ResponseRecorder {
	body, err := json.Marshal(map[string]any{"definition": d})
	if err != nil {
		panic(err)
	}
	req := httptest.NewRequest(http.MethodPost, "/v1/status", strings.NewReader(string(body)))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, req)
	return rec
}

type hdProblem struct {
	Code, Field, Detail string
}

func hdRefused(t *testing.T, what string, rec *httptest.ResponseRecorder, field string) hdProblem {
	t.Helper()
	var p hdProblem
	if err := json.Unmarshal(rec.Body.Bytes(), &p); err != nil || rec.Code != http.StatusUnprocessableEntity ||
		p.Code != string(rules.ErrLimitExceeded) || p.Field != field {
		t.Fatalf("%s = %d %s; want 422 limit-exceeded in %s", what, rec.Code, rec.Body, field)
	}
	return p
}

// hdCount reads adjudicator_inline_variants_total{outcome}.
// hdGauge is the value of the unlabelled gauge name, or -1 if reg has none.
func hdGauge(reg *prometheus.Registry, name string) float64 {
	mfs, err := reg.Gather()
	if err != nil {
		panic(err)
	}
	for _, mf := range mfs {
		if mf.GetName() == name && len(mf.GetMetric()) == 1 {
			return mf.GetMetric()[0].GetGauge().GetValue()
		}
	}
	return -1
}

func hdCount(reg *prometheus.Registry, outcome string) int {
	mfs, err := reg.Gather()
	if err != nil {
		panic(err)
	}
	for _, mf := range mfs {
		if mf.GetName() != "adjudicator_inline_variants_total" {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == "outcome" && l.GetValue() == outcome {
					return int(m.GetCounter().GetValue())
				}
			}
		}
	}
	return 0
}

// TestHostileDefinitionRefused: the finding's definition (104 piece types,
// as many as there are letters, each of the 234-character movement, on an
// empty 16x16 board) is refused with 422 limit-exceeded naming the first
// of its heaviest pieces, before any table is built: nothing is kept.
func TestHostileDefinitionRefused(t *testing.T) {
	s, reg := hdServer(t, DefaultConfig())
	p := hdRefused(t, "hostile definition", hdStatus(s, hdDefinition("hostile", 104, 16, hdBetza)), "definition.pieces[1].betza")
	if !strings.Contains(p.Detail, "at most 24 MB") {
		t.Errorf("detail %q; want the budget", p.Detail)
	}
	if bytes, n := s.variants.kept(); bytes != 0 || n != 0 || hdCount(reg, "rejected") != 1 {
		t.Errorf("after the hostile definition: %d bytes in %d variants kept, %d rejected; want 0, 0, 1", bytes, n, hdCount(reg, "rejected"))
	}
}

// TestDefinitionAtBudget: the largest definition of the movement that the
// budget accepts is answered; one more piece is refused.
func TestDefinitionAtBudget(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles a 20 MB variant")
	}
	n := 2
	for ; n < 104; n++ {
		if _, err := rules.Estimate(hdDefinition("edge", n+1, 16, hdBetza)); err != nil {
			break
		}
	}
	s, _ := hdServer(t, DefaultConfig())
	if rec := hdStatus(s, hdDefinition("edge", n, 16, hdBetza)); rec.Code != http.StatusOK {
		t.Fatalf("%d pieces = %d %s; want 200", n, rec.Code, rec.Body)
	}
	hdRefused(t, fmt.Sprintf("%d pieces", n+1), hdStatus(s, hdDefinition("edge", n+1, 16, hdBetza)), "definition.pieces[1].betza")
}

// TestInlineCacheBytes: the cache keeps the most recently used definitions
// whose footprints fit its bound, never more; an evicted definition is
// compiled again; one larger than the whole bound is answered, not kept.
func TestInlineCacheBytes(t *testing.T) {
	var defs []*rules.Definition
	var foot []int64
	for i := range 4 {
		d := hdDefinition(fmt.Sprintf("small-%d", i), 3, 8, "QN")
		v, err := rules.Compile(d)
		if err != nil {
			t.Fatal(err)
		}
		defs, foot = append(defs, d), append(foot, v.Footprint())
	}
	cfg := DefaultConfig()
	cfg.InlineCacheBytes = foot[0] + foot[1] + foot[2]/2 // room for two
	s, reg := hdServer(t, cfg)
	check := func(step string, wantKept, wantCompiled, wantReused int) {
		t.Helper()
		bytes, n := s.variants.kept()
		if bytes > cfg.InlineCacheBytes || n != wantKept || hdCount(reg, "compiled") != wantCompiled || hdCount(reg, "reused") != wantReused {
			t.Fatalf("after %s: %d bytes (bound %d) in %d variants, %d compiled, %d reused; want %d variants, %d compiled, %d reused",
				step, bytes, cfg.InlineCacheBytes, n, hdCount(reg, "compiled"), hdCount(reg, "reused"), wantKept, wantCompiled, wantReused)
		}
		if g, gb := hdGauge(reg, "adjudicator_inline_variants_kept"), hdGauge(reg, "adjudicator_inline_variants_bytes"); g != float64(n) || gb != float64(bytes) {
			t.Fatalf("after %s: the gauges say %v variants of %v bytes; the cache holds %d of %d", step, g, gb, n, bytes)
		}
	}
	for i, step := range []struct {
		def                    int
		kept, compiled, reused int
	}{
		{0, 1, 1, 0},
		{1, 2, 2, 0},
		{0, 2, 2, 1}, // 0 is now the most recent
		{2, 2, 3, 1}, // evicts 1
		{1, 2, 4, 1}, // compiled again, evicts 0
		{2, 2, 4, 2},
		{0, 2, 5, 2}, // compiled again, evicts 1
	} {
		if rec := hdStatus(s, defs[step.def]); rec.Code != http.StatusOK {
			t.Fatalf("step %d: definition %d = %d %s", i, step.def, rec.Code, rec.Body)
		}
		check(fmt.Sprintf("step %d (definition %d)", i, step.def), step.kept, step.compiled, step.reused)
	}

	big := hdDefinition("big", 12, 16, "QNNAA")
	v, err := rules.Compile(big)
	if err != nil {
		t.Fatal(err)
	}
	if v.Footprint() <= cfg.InlineCacheBytes {
		t.Fatalf("big footprint %d; want above the bound %d", v.Footprint(), cfg.InlineCacheBytes)
	}
	before, _ := s.variants.kept()
	for i := range 2 {
		if rec := hdStatus(s, big); rec.Code != http.StatusOK {
			t.Fatalf("big definition = %d %s; want 200", rec.Code, rec.Body)
		}
		check(fmt.Sprintf("big definition, time %d", i+1), 2, 6+i, 2)
	}
	if after, _ := s.variants.kept(); after != before {
		t.Errorf("bytes kept %d after the big definition; want unchanged %d", after, before)
	}
}
