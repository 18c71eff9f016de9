package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// TestCorpus: every single-request body fits the service's default body
// limit of 1 MiB (so that it reaches the JSON check rather than the size
// check), the nesting bodies are as deep as they say, and the large
// definition names 104 distinct piece letters.
func TestCorpus(t *testing.T) {
	for _, c := range corpus() {
		if c.body == nil {
			continue
		}
		if len(c.body) > 1<<20 {
			t.Errorf("%s: body of %d bytes; want at most 1 MiB", c.name, len(c.body))
		}
	}
	if b := nestedTo("[", "]", 1<<20); len(b) != 1<<20 || bytes.Count(b, []byte("[")) != 1<<19 {
		t.Errorf("nestedTo 1 MiB: %d bytes, %d brackets", len(b), bytes.Count(b, []byte("[")))
	}
	d := bigDefinition(3)
	seen := map[string]bool{}
	for _, p := range d.Pieces {
		if seen[p.Letter] {
			t.Errorf("letter %q used twice", p.Letter)
		}
		seen[p.Letter] = true
	}
	if len(d.Pieces) != 104 {
		t.Errorf("bigDefinition has %d pieces; want 104", len(d.Pieces))
	}
	if !json.Valid(position(d)) || !strings.Contains(string(position(d)), `"big-3"`) {
		t.Errorf("position(bigDefinition(3)) is not the JSON of that definition")
	}
}

func TestLoopbackOnly(t *testing.T) {
	tests := []struct {
		give string
		want bool
	}{
		{"127.0.0.1", true}, {"localhost", true}, {"::1", true}, {"127.0.0.2", true},
		{"10.0.0.1", false}, {"example.com", false}, {"", false},
	}
	for _, tt := range tests {
		if got := loopback(tt.give); got != tt.want {
			t.Errorf("loopback(%q) = %v; want %v", tt.give, got, tt.want)
		}
	}
	var out, errs bytes.Buffer
	if code := run([]string{"-url", "http://10.0.0.1:8080"}, &out, &errs); code != 2 {
		t.Errorf("run with a non-loopback URL = %d; want 2", code)
	}
}
