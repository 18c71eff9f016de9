package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// writeDefinition writes the definition of a built-in variant, renamed, as
// a client would send it inline, and returns the file's path.
func writeDefinition(t *testing.T, id string) (string, []byte) {
	t.Helper()
	d := rules.MustBuiltin(id).Definition()
	d.ID = "my-" + id
	data, err := json.Marshal(d)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), id+".json")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	return path, data
}

// TestDefinitionFlag: perft and setup take an inline definition from a
// file or standard input and answer as for the built-in it copies.
func TestDefinitionFlag(t *testing.T) {
	chess, chessJSON := writeDefinition(t, "chess")
	grand, _ := writeDefinition(t, "grand")
	for _, tt := range []struct {
		give []string
		want string
	}{
		{[]string{"perft", "--definition", chess, "--depth", "3"}, "8902"},
		{[]string{"perft", "--definition", chess, "--fen", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "--depth", "3"}, "2812"},
		{[]string{"perft", "--definition", "-", "--depth", "2"}, "400"},
	} {
		stdin = strings.NewReader(string(chessJSON))
		code, out, errs := runCmd(tt.give...)
		if code != 0 || lastLine(out) != tt.want {
			t.Errorf("adjudicator %v = %d, last line %q (stderr %q); want 0, %q", tt.give, code, lastLine(out), errs, tt.want)
		}
	}
	stdin = os.Stdin
	_, builtin, _ := runCmd("setup", "--variant", "grand", "--mode", "random", "--count", "12", "--seed", "9")
	code, inline, errs := runCmd("setup", "--definition", grand, "--mode", "random", "--count", "12", "--seed", "9")
	if code != 0 || inline != builtin || builtin == "" {
		t.Errorf("setup --definition = %d %q (%q); want the built-in's %q", code, inline, errs, builtin)
	}
}

func TestDefinitionFlagErrors(t *testing.T) {
	chess, _ := writeDefinition(t, "chess")
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"id":"x","files":8,"ranks":8,"pieces":[{"letter":"K","betza":"Q9"}],"rulez":{}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		give []string
		want string // in stderr
	}{
		{[]string{"perft", "--variant", "chess", "--definition", chess, "--depth", "1"}, "not both"},
		{[]string{"perft", "--definition", filepath.Join(t.TempDir(), "none.json"), "--depth", "1"}, "no such file"},
		{[]string{"perft", "--definition", bad, "--depth", "1"}, "rulez"},
		{[]string{"setup", "--definition", bad}, "rulez"},
	} {
		code, _, errs := runCmd(tt.give...)
		if code != 2 || !strings.Contains(errs, tt.want) {
			t.Errorf("adjudicator %v = %d, stderr %q; want 2 and %q", tt.give, code, errs, tt.want)
		}
	}
}

// TestVariantFlagAliases: --variant takes the names other programs give a
// variant and answers as for its id; a name that matches none is refused
// with the closest ids.
func TestVariantFlagAliases(t *testing.T) {
	_, want, _ := runCmd("perft", "--variant", "chess960", "--depth", "2")
	if lastLine(want) != "400" {
		t.Fatalf("perft --variant chess960 --depth 2: last line %q; want 400", lastLine(want))
	}
	for _, name := range []string{"fischerandom", "Chess 960", "FRC"} {
		code, out, errs := runCmd("perft", "--variant", name, "--depth", "2")
		if code != 0 || lastLine(out) != "400" {
			t.Errorf("perft --variant %q = %d, %q (stderr %q); want chess960's 400", name, code, lastLine(out), errs)
		}
	}
	code, out, errs := runCmd("perft", "--variant", "normal", "--depth", "3")
	if code != 0 || lastLine(out) != "8902" {
		t.Errorf("perft --variant normal = %d, %q (stderr %q); want chess's 8902", code, lastLine(out), errs)
	}
	code, _, errs = runCmd("perft", "--variant", "capablnca", "--depth", "1")
	if code != 2 || !strings.Contains(errs, `unknown variant "capablnca"`) || !strings.Contains(errs, "did you mean capablanca?") {
		t.Errorf("perft --variant capablnca = %d, stderr %q; want 2 and a suggestion of capablanca", code, errs)
	}
}
