package handlers

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"
)

var bindSeeds = []string{
	`{"variant":"chess"}`,
	`{"variant":"chess","fen":"8/8/8/8/8/8/8/K6k w - - 0 1"}`,
	`{"variant":"chess","fen":null,"moves":null}`,
	`{"variant":"chess","moves":[]}`,
	`{"variant":"chess","moves":["e4","e5"],"move":"Nf3"}`,
	`{"variant":null,"fen":""}`,
	`{"variant":"chess","definition":{"id":"x"}}`,
	`{"variant":"chess","move":null}`,
	`{"variant":"chess","moves":["e4",1]}`,
	`{"variant":"chess","other":1}`,
	`{"variant":7}`,
	`{"variant":"chess","moves":"e4"}`,
	`{"variant":"caf\u00e9\ud800"}`,
	`{"variant":"chess","moves":"e4 e5\tNf3  exd6 e.p. ep","move":"Nc6"}`,
	`{"variant":"chess","moves":""}`,
	`{"variant":"chess","moves":"  "}`,
	`{"variant":"chess","moves":{"a":1}}`,
}

// bindBoth binds body into want by decoding and into got from its
// document; ok says bindDoc took it.
func bindBoth[T any, P interface {
	*T
	docBinder
}](t *testing.T, body []byte) (want, got T, decoded, ok bool) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	decoded = dec.Decode(&want) == nil
	var doc any
	dec = json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if dec.Decode(&doc) != nil {
		return want, got, decoded, false
	}
	m, isMap := doc.(map[string]any)
	if !isMap {
		return want, got, decoded, false
	}
	ok = P(&got).bindDoc(m)
	return want, got, decoded, ok
}

func checkBind(t *testing.T, body []byte) {
	t.Helper()
	pw, pg, pd, pok := bindBoth[positionRequest](t, body)
	if pok && (!pd || !reflect.DeepEqual(pw, pg)) {
		t.Errorf("positionRequest of %s: from the document %+v; decoded %+v (decoded: %v)", body, pg, pw, pd)
	}
	vw, vg, vd, vok := bindBoth[validateRequest](t, body)
	if vok && (!vd || !reflect.DeepEqual(vw, vg)) {
		t.Errorf("validateRequest of %s: from the document %+v; decoded %+v (decoded: %v)", body, vg, vw, vd)
	}
}

// TestBindDocMatchesDecode: a request taken from the validated document is
// the one the decoder makes of the body, and a request with an inline
// definition or a key or type the binder does not expect is left to the
// decoder.
func TestBindDocMatchesDecode(t *testing.T) {
	for _, body := range bindSeeds {
		checkBind(t, []byte(body))
	}
	for _, body := range []string{bindSeeds[6], bindSeeds[8], bindSeeds[9], bindSeeds[10], bindSeeds[16]} {
		if _, _, _, ok := bindBoth[positionRequest](t, []byte(body)); ok {
			t.Errorf("positionRequest of %s taken from the document; want it left to the decoder", body)
		}
	}
	if _, _, _, ok := bindBoth[positionRequest](t, []byte(bindSeeds[4])); ok {
		t.Errorf("positionRequest with a move taken from the document; want it left to the decoder")
	}
	if _, _, _, ok := bindBoth[validateRequest](t, []byte(bindSeeds[4])); !ok {
		t.Errorf("validateRequest of %s left to the decoder; want it from the document", bindSeeds[4])
	}
	// Moves as one string are taken from the document, as the decoder
	// reads them.
	for _, body := range []string{bindSeeds[11], bindSeeds[14]} {
		if _, _, _, ok := bindBoth[positionRequest](t, []byte(body)); !ok {
			t.Errorf("positionRequest of %s left to the decoder; want it from the document", body)
		}
	}
}

// TestSplitMoves: a string of moves splits at white space into its words,
// an e.p. or ep word staying with the move before it as written; nothing
// else is dropped or joined, and no word is no move.
func TestSplitMoves(t *testing.T) {
	tests := []struct {
		give string
		want []string
	}{
		{"", []string{}},
		{"   ", []string{}},
		{"e4", []string{"e4"}},
		{"e4 e5 Nf3", []string{"e4", "e5", "Nf3"}},
		{" e4\te5\n Nf3 ", []string{"e4", "e5", "Nf3"}},
		{"e4\u00a0e5", []string{"e4", "e5"}},
		{"exd6 e.p. Nf3", []string{"exd6 e.p.", "Nf3"}},
		{"exd6  ep", []string{"exd6  ep"}},
		{"e.p. e4", []string{"e.p.", "e4"}},
		{"1. e4 e5 1-0", []string{"1.", "e4", "e5", "1-0"}},
		{"♘f3 ♞f6", []string{"♘f3", "♞f6"}},
	}
	for _, tt := range tests {
		if got := splitMoves(tt.give); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("splitMoves(%q) = %q; want %q", tt.give, got, tt.want)
		}
	}
}

func FuzzBindDoc(f *testing.F) {
	for _, s := range bindSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) { checkBind(t, body) })
}
