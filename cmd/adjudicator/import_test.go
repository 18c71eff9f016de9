package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// TestImportCommand imports a section from standard input, feeds its
// definition to perft, and checks a section that cannot be imported.
func TestImportCommand(t *testing.T) {
	old := stdin
	defer func() { stdin = old }()
	ini := "[capablanca-nc:capablanca]\ncastling = false\n\n[house:crazyhouse]\n"
	stdin = strings.NewReader(ini)
	var out, errOut bytes.Buffer
	if code := run([]string{"import", "--section", "capablanca-nc", "-"}, &out, &errOut); code != 0 {
		t.Fatalf("import --section = %d: %s", code, errOut.String())
	}
	if _, err := rules.DecodeDefinition(out.Bytes()); err != nil {
		t.Fatalf("the printed definition does not decode: %v\n%s", err, out.String())
	}
	stdin = bytes.NewReader(out.Bytes())
	var perftOut bytes.Buffer
	if code := run([]string{"perft", "--definition", "-", "--depth", "2"}, &perftOut, &errOut); code != 0 {
		t.Fatalf("perft = %d: %s", code, errOut.String())
	}
	if lines := strings.Fields(perftOut.String()); lines[len(lines)-1] != "784" {
		t.Errorf("perft 2 = %q; want 784 (Capablanca's, castling plays no part)", perftOut.String())
	}
	stdin = strings.NewReader(ini)
	out.Reset()
	errOut.Reset()
	if code := run([]string{"import", "--section", "house", "-"}, &out, &errOut); code != 1 ||
		!strings.Contains(errOut.String(), "pieceDrops") || !strings.Contains(errOut.String(), "built-in crazyhouse") {
		t.Errorf("import of a drop variant = %d, %q; want 1 naming pieceDrops and its built-in", code, errOut.String())
	}
	stdin = strings.NewReader(ini)
	out.Reset()
	if code := run([]string{"import", "-"}, &out, &errOut); code != 1 {
		t.Errorf("import of a text with a section that cannot be imported = %d; want 1", code)
	}
	var all struct{ Variants []json.RawMessage }
	if err := json.Unmarshal(out.Bytes(), &all); err != nil || len(all.Variants) != 2 {
		t.Errorf("import prints %d sections (%v); want 2", len(all.Variants), err)
	}
}

// TestImportArgumentOrder: the file may come before or after --section, as
// the README writes it, and "--" ends the flags.
func TestImportArgumentOrder(t *testing.T) {
	old := stdin
	defer func() { stdin = old }()
	ini := "[capablanca-nc:capablanca]\ncastling = false\n"
	tests := []struct {
		give []string
		want int
	}{
		{[]string{"import", "--section", "capablanca-nc", "-"}, 0},
		{[]string{"import", "-", "--section", "capablanca-nc"}, 0},
		{[]string{"import", "-", "--section=capablanca-nc"}, 0},
		{[]string{"import", "--section", "capablanca-nc", "--", "-"}, 0},
		{[]string{"import", "-", "--section", "nosuch"}, 1},
		{[]string{"import", "-", "-", "--section", "capablanca-nc"}, 2},
		{[]string{"import", "-", "--bogus"}, 2},
		{[]string{"import", "--section", "capablanca-nc"}, 2},
	}
	for _, tt := range tests {
		stdin = strings.NewReader(ini)
		var out, errOut bytes.Buffer
		code := run(tt.give, &out, &errOut)
		if code != tt.want {
			t.Errorf("%v = %d (%s); want %d", tt.give, code, errOut.String(), tt.want)
			continue
		}
		if code == 0 {
			if _, err := rules.DecodeDefinition(out.Bytes()); err != nil {
				t.Errorf("%v printed no definition: %v", tt.give, err)
			}
		}
	}
}
