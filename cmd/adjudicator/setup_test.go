package main

import (
	"strings"
	"testing"

	"github.com/adjudicator/adjudicator/internal/rules"
)

func TestSetupCommand(t *testing.T) {
	tests := []struct {
		give []string
		want string
	}{
		{[]string{"setup"}, "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"},
		{[]string{"setup", "--variant", "chess"}, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{[]string{"setup", "--mode", "classical-random", "--count", "3", "--seed", "1"},
			"r1z3c''2r/hnbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/HNBQKCABN1/R1Z3C''2R w - - 0 1 captured:QCARRBBNNC''ZHqcarrbbnnc''zh"},
		{[]string{"setup", "--mode", "classical-selected", "--pieces", "B'', G", "--seed", "1"},
			"rg2b''4r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/RG2B''4R w - - 0 1 captured:QCARRBBNNGB''qcarrbbnngb''"},
		{[]string{"setup", "--mode", "random", "--count", "5", "--mirror", "--promotion", "initial", "--seed", "2"},
			"h'8c'/5d'h'''2k/pppppppppp/10/10/10/10/PPPPPPPPPP/K2H'''D'5/C'8H' w - - 0 1 initial:C'H'D'H'''c'h'd'h'''"},
		{[]string{"setup", "--mode", "selected", "--pieces", "Q,X", "--promotion", "all", "--seed", "2"},
			"x3k4q/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/X3K4Q w - - 0 1 all"},
	}
	for _, tt := range tests {
		code, out, errs := runCmd(tt.give...)
		if code != 0 || out != tt.want+"\n" {
			t.Errorf("adjudicator %v = %d, %q (stderr %q); want 0, %q", tt.give, code, out, errs, tt.want)
		}
	}
}

// The command prints what rules.GenerateSetup returns for the same options.
func TestSetupCommandMatchesEngine(t *testing.T) {
	o := rules.SetupOptions{Mode: "selected", Pieces: []string{"Q", "Q", "E''"}, Duplicates: true, Seed: 1 << 63}
	want, err := rules.GenerateSetup(rules.MustBuiltin("grand"), o)
	if err != nil {
		t.Fatal(err)
	}
	give := []string{"setup", "--mode", "selected", "--pieces", "Q,Q,E''", "--duplicates", "--seed", "9223372036854775808"}
	if code, out, errs := runCmd(give...); code != 0 || out != want+"\n" {
		t.Errorf("adjudicator %v = %d, %q (stderr %q); want 0, %q", give, code, out, errs, want)
	}
}

func TestSetupCommandErrors(t *testing.T) {
	tests := [][]string{
		{"setup", "--variant", "nope"},
		{"setup", "--mode", "bogus"},
		{"setup", "--mode", "random", "--count", "20"},
		{"setup", "--mode", "classical-random", "--count", "11"},
		{"setup", "--mode", "classical-selected", "--pieces", "G,G"},
		{"setup", "--mode", "selected", "--pieces", "K"},
		{"setup", "--mode", "selected", "--pieces", "Q,"},
		{"setup", "--promotion", "bogus"},
		{"setup", "--variant", "chess", "--mode", "classical-random", "--count", "1"},
		{"setup", "--seed", "-1"},
		{"setup", "--bogus"},
		{"setup", "extra"},
	}
	for _, give := range tests {
		code, out, errs := runCmd(give...)
		if code != 2 || out != "" || errs == "" {
			t.Errorf("adjudicator %v = %d, %q, stderr %q; want 2, no output and a message", give, code, out, errs)
		}
	}
	if _, _, errs := runCmd("setup", "--mode", "selected", "--pieces", "Q,K"); !strings.Contains(errs, "pieces[1]") {
		t.Errorf("adjudicator setup --pieces Q,K: stderr %q does not name pieces[1]", errs)
	}
}
