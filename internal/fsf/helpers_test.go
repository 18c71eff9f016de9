package fsf

import (
	"slices"
	"testing"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// wantRefusedAt checks that every section of secs is refused with one
// problem, unsupported-key, at the key want gives for its name.
func wantRefusedAt(t *testing.T, secs []Section, want map[string]string) {
	t.Helper()
	if len(secs) != len(want) {
		t.Fatalf("%d sections; want %d", len(secs), len(want))
	}
	for _, s := range secs {
		if s.Definition != nil {
			t.Errorf("[%s] imported; want a problem at %s", s.Name, want[s.Name])
			continue
		}
		var keys []string
		for _, p := range s.Problems {
			if p.Code != CodeUnsupported {
				t.Errorf("[%s] problem %+v; want only %s", s.Name, p, CodeUnsupported)
			}
			keys = append(keys, p.Key)
		}
		if !slices.Contains(keys, want[s.Name]) || len(keys) != 1 {
			t.Errorf("[%s] problems at %v; want one at %s", s.Name, keys, want[s.Name])
		}
	}
}

// wantBuiltinChildren checks that the imported sections named in ids (a
// section's name to a built-in variant's id) play that built-in: the same
// start and the same perft to depth 3.
func wantBuiltinChildren(t *testing.T, secs []Section, ids map[string]string) {
	t.Helper()
	for _, s := range secs {
		id := ids[s.Name]
		if id == "" || s.Definition == nil {
			continue
		}
		v, err := rules.Compile(s.Definition)
		if err != nil {
			t.Fatal(err)
		}
		ours, err := rules.Builtin(id)
		if err != nil {
			t.Errorf("no built-in %s: %v", id, err)
			continue
		}
		if got, want := rules.Perft(v.Start(), 3), rules.Perft(ours.Start(), 3); got != want {
			t.Errorf("[%s] perft 3 = %d; the built-in %s counts %d", s.Name, got, id, want)
		}
		if v.Start().FEN() != ours.Start().FEN() {
			t.Errorf("[%s] start %q; the built-in %s's %q", s.Name, v.Start().FEN(), id, ours.Start().FEN())
		}
	}
}

// positionOf parses and checks a FEN of v, failing the test on an error.
func positionOf(t *testing.T, v *rules.Variant, fen string) *rules.Position {
	t.Helper()
	s, err := rules.ParseFEN(v, fen)
	if err != nil {
		t.Fatal(err)
	}
	p, err := rules.NewPosition(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// wantSectionPerft checks the perft of the imported section named
// section of secs from fen to each depth against Fairy-Stockfish's
// counts, nodes[d-1] for depth d.
func wantSectionPerft(t *testing.T, secs []Section, section, fen string, nodes ...uint64) {
	t.Helper()
	i := slices.IndexFunc(secs, func(s Section) bool { return s.Name == section })
	if i < 0 || secs[i].Definition == nil {
		return // reported where the section is checked
	}
	v, err := rules.Compile(secs[i].Definition)
	if err != nil {
		t.Fatal(err)
	}
	p := positionOf(t, v, fen)
	for d, want := range nodes {
		if got := rules.Perft(p, d+1); got != want {
			t.Errorf("[%s] %s: perft %d = %d; Fairy-Stockfish counts %d", section, fen, d+1, got, want)
		}
	}
}
