package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// verdict is what the JSON pre-pass says of a body: nothing (code ""), or
// a problem's code, field, detail and offset.
type verdict struct {
	code, field, detail string
	offset              int
}

func (v verdict) String() string {
	if v.code == "" {
		return "accepted"
	}
	return fmt.Sprintf("%s field %q offset %d: %s", v.code, v.field, v.offset, v.detail)
}

// scanVerdict runs scanJSON and turns its problem into a verdict.
func scanVerdict(t testing.TB, body []byte) verdict {
	t.Helper()
	err := scanJSON(context.Background(), body)
	if err == nil {
		return verdict{}
	}
	var p *Problem
	if !errors.As(err, &p) || p.Offset == nil {
		t.Fatalf("scanJSON(%q) = %v; want a problem with an offset", body, err)
	}
	return verdict{p.Code, p.Field, p.Detail, *p.Offset}
}

// refVerdict is the reference the scanner must agree with, written the
// simple way: encoding/json's tokens walked recursively, a map of keys per
// object, encoding/json's own syntax error for the words and the offset.
func refVerdict(body []byte) verdict {
	r := &refWalker{body: body, dec: json.NewDecoder(bytes.NewReader(body))}
	r.dec.UseNumber()
	if v := r.walk("", 0); v != nil {
		return *v
	}
	if _, err := r.dec.Token(); err != io.EOF || !json.Valid(body) {
		return *r.syntax()
	}
	return verdict{}
}

type refWalker struct {
	body []byte
	dec  *json.Decoder
}

// next is the offset of the next token: past white space and the
// separators the decoder has not consumed.
func (r *refWalker) next() int {
	off := int(r.dec.InputOffset())
	for off < len(r.body) && strings.IndexByte(" \t\r\n,:", r.body[off]) >= 0 {
		off++
	}
	return off
}

func (r *refWalker) walk(path string, depth int) *verdict {
	off := r.next()
	tok, err := r.dec.Token()
	if err != nil {
		return r.syntax()
	}
	if tok == json.Delim('{') || tok == json.Delim('[') {
		if depth == maxJSONDepth {
			return &verdict{code: codeJSONTooDeep, offset: off}
		}
	}
	switch tok {
	case json.Delim('{'):
		seen := map[string]bool{}
		for r.dec.More() {
			off := r.next()
			kt, err := r.dec.Token()
			if err != nil {
				return r.syntax()
			}
			key, _ := kt.(string)
			field := joinPath(path, key)
			if seen[key] {
				return &verdict{codeBadRequest, field, fmt.Sprintf("key %q appears twice", key), off}
			}
			seen[key] = true
			if v := r.walk(field, depth+1); v != nil {
				return v
			}
		}
	case json.Delim('['):
		for i := 0; r.dec.More(); i++ {
			if v := r.walk(fmt.Sprintf("%s[%d]", path, i), depth+1); v != nil {
				return v
			}
		}
	default:
		return nil
	}
	if _, err := r.dec.Token(); err != nil {
		return r.syntax()
	}
	return nil
}

// syntax is encoding/json's verdict on a body the walk found malformed.
func (r *refWalker) syntax() *verdict {
	var syn *json.SyntaxError
	if err := json.Unmarshal(r.body, new(any)); !errors.As(err, &syn) {
		return &verdict{code: "reference-confused", detail: fmt.Sprint(err)}
	}
	off, msg := int(syn.Offset)-1, syn.Error()
	// At the end of the body, encoding/json feeds its scanner a space to end
	// the last number or literal, and blames that space when it does not
	// fit: "-" is "invalid character ' ' in numeric literal". The scanner
	// says that the body stops early, as it does for "[".
	if n := len(r.body); int(syn.Offset) == n && n > 0 && r.body[n-1] != ' ' && strings.HasPrefix(msg, "invalid character ' '") {
		msg = "unexpected end of JSON input"
	}
	if msg == "unexpected end of JSON input" {
		off = len(r.body)
	}
	return &verdict{code: codeBadRequest, detail: "malformed JSON: " + msg, offset: off}
}

// agree checks the scanner against the reference on body. The too-deep
// problem's words are the scanner's own.
func agree(t *testing.T, body []byte) verdict {
	t.Helper()
	got, want := scanVerdict(t, body), refVerdict(body)
	if got.code == codeJSONTooDeep && want.code == codeJSONTooDeep {
		want.detail = got.detail
	}
	if got != want {
		t.Errorf("scanJSON(%q) = %v; want %v", body, got, want)
	}
	if got.offset < 0 || got.offset > len(body) {
		t.Errorf("scanJSON(%q) offset %d; want within [0, %d]", body, got.offset, len(body))
	}
	return got
}

var grammarTests = []string{
	// Valid.
	`0`, `-0`, `7`, `-12`, `1.5`, `-0.0e0`, `1e5`, `1E+5`, `1e-05`, `123456789012345678901234567890`,
	`1e999`, `true`, `false`, `null`, `""`, `"x"`, `"\"\\\/\b\f\n\r\t"`, `"\u00e9\u00E9"`,
	`"\ud83d\ude00"`, `"\ud800"`, `"\udc00\ud800"`, `"\uDFFF\u0041"`, "\"\xff\xfe\"", "\"\u00e9\u2028\"",
	`[]`, `{}`, ` [ 1 , 2 ] `, "\t\r\n{\"a\" : [ true , false , null ] }\n", `[[[]],[{}]]`,
	`{"a":{"b":{"c":[1,{"d":"e"}]}}}`, `{"a":1,"b":2}`, `["a","a"]`, `{"":1}`, `{"a":{"a":1}}`,
	`{"a":{"b":1},"b":2}`, `[{"a":1},{"a":2}]`,
	// Invalid.
	``, ` `, `01`, `-`, `-a`, `--1`, `1.`, `1.e5`, `.5`, `1e`, `1e+`, `1e+x`, `+1`, `0x10`, `1x`,
	`tru`, `trux`, `nul`, `nulll`, `fals`, `falsy`, `True`, `NaN`, `Infinity`, `'a'`, `"abc`,
	`"\x"`, `"\`, `"\u`, `"\u12"`, `"\u12g4"`, `"\U0041"`, "\"\t\"", "\"a\x00\"", "\"\x1f\"",
	`[`, `{`, `[1`, `[1,`, `{"a"`, `{"a":`, `{"a":1`, `{"a":1,`, `[1,]`, `[,1]`, `{"a"}`, `{"a":}`,
	`{"a":1,}`, `{,}`, `{1:2}`, `{a:1}`, `[1 2]`, `{"a":1 "b":2}`, `[}`, `{]`, `{} {}`, `[] x`,
	`"a" "b"`, "\x00", `[1]]`, `{"a":1}}`, "\xef\xbb\xbf{}", `[-]`, `[01]`, `{"a":01}`, `['a']`,
	`[1"]`, "\x80", `{"a":"b"]`, `["a"}`, `{"a" "b"}`, `{"a":tru}`, `/* */ {}`, "{}\x00",
}

// TestScanJSONGrammar checks the scanner's verdict, words and offset
// against encoding/json's on valid and malformed bodies.
func TestScanJSONGrammar(t *testing.T) {
	for _, give := range grammarTests {
		got := agree(t, []byte(give))
		if valid := json.Valid([]byte(give)); (got.code == "") != valid {
			t.Errorf("scanJSON(%q) = %v; json.Valid = %v", give, got, valid)
		}
	}
}

// TestScanJSONDuplicateKeys checks that keys are compared decoded, per
// object, with the path of the repeat and the offset of its quote.
func TestScanJSONDuplicateKeys(t *testing.T) {
	var many strings.Builder
	many.WriteString(`{"k":{`)
	for i := range 3 * linearKeys {
		fmt.Fprintf(&many, `"k%d":%d,`, i, i)
	}
	wide := many.String() + `"k7":0}}`
	tests := []struct {
		give  string
		field string // "" when the body is accepted
		off   int
	}{
		{`{"a":1,"a":2}`, "a", 7},
		{`{"a":1, "b":2 ,	"a":3}`, "a", 16},
		{`{"a":1,"\u0061":2}`, "a", 7},
		{`{"\u00e9":1,"é":2}`, "é", 12},
		{`{"\ud83d\ude00":1,"😀":2}`, "😀", 18},
		{`{"\ud800":1,"\udc00":2}`, "\ufffd", 12},
		{"{\"\xff\":1,\"\xfe\":2}", "\ufffd", 7},
		{"{\"\ufffd\":1,\"\xfe\":2}", "\ufffd", 9},
		{`{"\n":1,"\u000a":2}`, "\n", 8},
		{`{"a\/b":1,"a/b":2}`, "a/b", 10},
		{`{"definition":{"pieces":[{"name":"x"},{"name":"y"},{"name":"z","name":"w"}]}}`, "definition.pieces[2].name", 63},
		{`[0,[1,{"x":{"y":1,"y":2}}]]`, "[1][1].x.y", 18},
		{`{"a":{"b":1},"a":2}`, "a", 13},
		{`{"a":{"b":1,"b":2}}`, "a.b", 12},
		{wide, "k.k7", len(wide) - 8},
		{`{"a":{"b":1},"b":2}`, "", 0},
		{`{"a":1,"A":2}`, "", 0},
		{`{"a":1,"a ":2,"\u0061\u0062":3,"ab":4}`, "ab", 31},
		{many.String() + `"k":0}}`, "", 0},
	}
	for _, tt := range tests {
		got := agree(t, []byte(tt.give))
		want := verdict{}
		if tt.field != "" {
			key := tt.field[strings.LastIndexAny(tt.field, ".]")+1:]
			want = verdict{codeBadRequest, tt.field, fmt.Sprintf("key %q appears twice", key), tt.off}
		}
		if got != want {
			t.Errorf("scanJSON(%q) = %v; want %v", tt.give, got, want)
		}
	}
}

// TestScanJSONDepth checks the nesting limit: maxJSONDepth levels pass,
// one more is json-too-deep at the bracket that goes too deep, before any
// fault further on.
func TestScanJSONDepth(t *testing.T) {
	d := maxJSONDepth
	tests := []struct {
		give string
		off  int // -1: accepted
	}{
		{strings.Repeat("[", d) + strings.Repeat("]", d), -1},
		{strings.Repeat(`{"a":`, d) + "1" + strings.Repeat("}", d), -1},
		{strings.Repeat("[", d+1) + strings.Repeat("]", d+1), d},
		{strings.Repeat(`{"a":`, d+1) + "1" + strings.Repeat("}", d+1), 5 * d},
		{strings.Repeat(" [", d+1), 2*d + 1},
		{strings.Repeat("[", d) + "[{", d},
		{strings.Repeat("[", d) + "{}]", d},
		{strings.Repeat("[", d) + strings.Repeat("]", d) + strings.Repeat("[", d+1), -1},
		{strings.Repeat("[[],", d-1) + "[", -1},
		{strings.Repeat("[[],", d), 4*d - 3},
		{strings.Repeat("[", 1000) + "x", d},
	}
	for _, tt := range tests {
		got := agree(t, []byte(tt.give))
		switch {
		case tt.off < 0 && got.code == codeJSONTooDeep:
			t.Errorf("scanJSON(%.40q...) = %v; want no json-too-deep", tt.give, got)
		case tt.off >= 0 && (got.code != codeJSONTooDeep || got.offset != tt.off || got.field != ""):
			t.Errorf("scanJSON(%.40q...) = %v; want json-too-deep at %d", tt.give, got, tt.off)
		}
	}
}

// lookCounter is a context whose deadline passes after a number of looks.
type lookCounter struct {
	context.Context
	looks, allowed int
}

func (c *lookCounter) Err() error {
	c.looks++
	if c.looks > c.allowed {
		return context.DeadlineExceeded
	}
	return nil
}

// TestScanJSONDeadline checks that the scanner looks at the deadline once
// per scanDeadlineEvery bytes, and stops with the context's error.
func TestScanJSONDeadline(t *testing.T) {
	body := []byte("[" + strings.Repeat(`"abc",`, (1<<20)/6) + "0]")
	ctx := &lookCounter{Context: context.Background(), allowed: len(body)}
	if err := scanJSON(ctx, body); err != nil {
		t.Fatalf("scanJSON(1 MiB array) = %v; want nil", err)
	}
	if lo, hi := len(body)/scanDeadlineEvery, len(body)/scanDeadlineEvery+2; ctx.looks < lo || ctx.looks > hi {
		t.Errorf("scanJSON(%d bytes) looked at the deadline %d times; want %d to %d", len(body), ctx.looks, lo, hi)
	}
	ctx = &lookCounter{Context: context.Background(), allowed: 3}
	if err := scanJSON(ctx, body); !errors.Is(err, context.DeadlineExceeded) || ctx.looks != 4 {
		t.Errorf("scanJSON(1 MiB array, deadline after 3 looks) = %v after %d looks; want %v after 4",
			err, ctx.looks, context.DeadlineExceeded)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if err := scanJSON(done, []byte(`{}`)); !errors.Is(err, context.Canceled) {
		t.Errorf("scanJSON(canceled, {}) = %v; want %v", err, context.Canceled)
	}
}

// loadgenBodies are the request bodies of the load generator: ordinary
// traffic.
func loadgenBodies(tb testing.TB) map[string][]byte {
	tb.Helper()
	files, err := filepath.Glob("../../cmd/loadgen/testdata/*.json")
	if err != nil || len(files) == 0 {
		tb.Fatalf("no load generator bodies: %v", err)
	}
	bodies := map[string][]byte{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		bodies[strings.TrimSuffix(filepath.Base(f), ".json")] = b
	}
	return bodies
}

// FuzzScanJSON checks that the scanner accepts exactly what encoding/json
// accepts and the reference finds without a repeated key, and otherwise
// answers the reference's problem at the reference's offset; never a panic.
func FuzzScanJSON(f *testing.F) {
	for _, s := range grammarTests {
		f.Add([]byte(s))
	}
	for _, s := range []string{
		`{"a":1,"\u0061":2}`, `{"a":{"b":1},"b":2}`, `[0,[1,{"x":{"y":1,"y":2}}]]`,
		`{"\ud83d\ude00":1,"😀":2}`, "{\"\xff\":1,\"\xfe\":2}", `{"a\/b":1,"a/b":2}`,
		strings.Repeat("[", maxJSONDepth) + strings.Repeat("]", maxJSONDepth),
		strings.Repeat(`{"a":`, maxJSONDepth+1) + "1" + strings.Repeat("}", maxJSONDepth+1),
		`{"k0":0,"k1":1,"k2":2,"k3":3,"k4":4,"k5":5,"k6":6,"k7":7,"k8":8,"k9":9,"k10":10,"k11":11,"k12":12,"k13":13,"k14":14,"k15":15,"k16":16,"k3":3}`,
	} {
		f.Add([]byte(s))
	}
	for _, b := range loadgenBodies(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		got := agree(t, body)
		if got.code != codeJSONTooDeep && got.code != "" && json.Valid(body) && !strings.Contains(got.detail, "appears twice") {
			t.Errorf("scanJSON(%q) = %v; json.Valid accepts it", body, got)
		}
		if got.code == "" && !json.Valid(body) {
			t.Errorf("scanJSON(%q) accepted; json.Valid rejects it", body)
		}
	})
}

// BenchmarkScanJSON measures the pre-pass on the load generator's bodies.
func BenchmarkScanJSON(b *testing.B) {
	ctx := context.Background()
	for name, body := range loadgenBodies(b) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				if err := scanJSON(ctx, body); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// FuzzDecodeJSON: the value decodeJSON builds in its pass is the one
// encoding/json decodes (with UseNumber), for every body scanJSON accepts;
// and decodeJSON accepts and refuses what scanJSON does.
func FuzzDecodeJSON(f *testing.F) {
	for _, s := range grammarTests {
		f.Add([]byte(s))
	}
	for _, s := range []string{
		`{"a":[1,-2.5e3,"x\u00e9\ud83d\ude00",true,false,null,{},[]],"b":{"c":{"d":[[]]}}}`,
		"\"\xff\xfe\"", `"\ud800"`, `"\ud800\u0041"`, `{"":0}`, `[0.0e+0,-0]`, `  7  `,
	} {
		f.Add([]byte(s))
	}
	for _, b := range loadgenBodies(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		ctx := context.Background()
		got, err := decodeJSON(ctx, body)
		if scanErr := scanJSON(ctx, body); (err == nil) != (scanErr == nil) {
			t.Fatalf("decodeJSON(%q) = %v; scanJSON = %v", body, err, scanErr)
		}
		if err != nil {
			return
		}
		var want any
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.UseNumber()
		if err := dec.Decode(&want); err != nil {
			t.Fatalf("decodeJSON(%q) accepted; encoding/json: %v", body, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("decodeJSON(%q) = %#v; encoding/json decodes %#v", body, got, want)
		}
	})
}
