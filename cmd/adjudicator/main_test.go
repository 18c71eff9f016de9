package main

import (
	"bytes"
	"strings"
	"testing"
)

func runCmd(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

func TestPerftCommand(t *testing.T) {
	tests := []struct {
		give []string
		want string
	}{
		{[]string{"perft", "--variant", "chess", "--depth", "3"}, "8902"},
		{[]string{"perft", "--variant", "shako", "--depth", "2"}, "3364"},
		{[]string{"perft", "--variant", "chess", "--fen", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", "--depth", "3"}, "2812"},
	}
	for _, tt := range tests {
		code, out, errs := runCmd(tt.give...)
		if code != 0 || lastLine(out) != tt.want {
			t.Errorf("adjudicator %v = %d, last line %q (stderr %q); want 0, %q", tt.give, code, lastLine(out), errs, tt.want)
		}
	}
}

func TestPerftDivide(t *testing.T) {
	code, out, _ := runCmd("perft", "--variant", "chess", "--depth", "2", "--divide")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 21 || lines[20] != "400" {
		t.Fatalf("perft --divide: code %d, %d lines, last %q; want 0, 21 lines, 400", code, len(lines), lines[len(lines)-1])
	}
	if !strings.Contains(out, "e2e4 20\n") || !strings.Contains(out, "g1f3 20\n") {
		t.Errorf("perft --divide output lacks e2e4 20 or g1f3 20:\n%s", out)
	}
}

func TestPerftCommandErrors(t *testing.T) {
	tests := [][]string{
		{"perft", "--variant", "nope", "--depth", "1"},
		{"perft", "--depth", "0"},
		{"perft", "--depth", "99"},
		{"perft", "--fen", "not a fen", "--depth", "1"},
		{"perft", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "--depth", "1"},
		{"perft", "--bogus"},
		{"perft", "extra"},
		{"frobnicate"},
		{},
	}
	for _, give := range tests {
		if code, _, errs := runCmd(give...); code != 2 || errs == "" {
			t.Errorf("adjudicator %v = %d, stderr %q; want 2 and a message", give, code, errs)
		}
	}
}

func TestVariantsCommand(t *testing.T) {
	code, out, _ := runCmd("variants")
	if code != 0 || !strings.Contains(out, "chess") || !strings.Contains(out, "shako") || !strings.Contains(out, "10x10") {
		t.Errorf("variants = %d, %q", code, out)
	}
}

func TestVersionCommand(t *testing.T) {
	if code, out, _ := runCmd("version"); code != 0 || strings.TrimSpace(out) != version {
		t.Errorf("adjudicator version = %d, %q; want 0, %q", code, out, version)
	}
}
