package handlers

import (
	"bytes"
	"context"
	"encoding/json"
	"strconv"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// maxJSONDepth is the deepest nesting of arrays and objects a request body
// may have. The bodies the contract describes nest a few levels (an inline
// definition is the deepest); 64 is plenty, and bounds what the pre-pass keeps.
// Deeper bodies answer 400 json-too-deep at the bracket that goes too deep.
const maxJSONDepth = 64

// scanDeadlineEvery is how many bytes the pre-pass reads between two looks
// at the request's deadline.
const scanDeadlineEvery = 64 << 10

// linearKeys is how many keys of one object are compared one by one for a
// repeat; an object with more gets a set.
const linearKeys = 16

// scanJSON is the pre-pass over a request body, before the OpenAPI check.
// It validates the JSON grammar (RFC 8259, as encoding/json accepts it) and
// rejects a key repeated in one object, of which encoding/json would
// silently keep the last. Keys are compared decoded: "a" and "\u0061" are the
// same key. One pass, no recursion: time linear in the body, memory linear in
// the nesting (at most maxJSONDepth) and the keys of the open objects.
//
// The problems: malformed JSON is bad-request with the offset of the bad
// byte (the end of the body when it stops early) and encoding/json's words;
// a repeated key is bad-request with its path as the field and the offset
// of its opening quote; too deep a nesting is json-too-deep. A done ctx,
// looked at before the first value and then between values every
// scanDeadlineEvery bytes, returns ctx.Err().
func scanJSON(ctx context.Context, body []byte) error {
	s := jsonScanner{ctx: ctx, body: body}
	return s.run()
}

// decodeJSON is scanJSON that also returns the body's value, as
// encoding/json decodes it into an any with UseNumber (objects are
// map[string]any, arrays []any, numbers json.Number): the one walk of a
// request's body that both its validation and its binding read.
func decodeJSON(ctx context.Context, body []byte) (any, error) {
	s := jsonScanner{ctx: ctx, body: body, build: true}
	if err := s.run(); err != nil {
		return nil, err
	}
	return s.root, nil
}

// jsonScanner is the state of one scanJSON.
type jsonScanner struct {
	ctx   context.Context
	body  []byte
	pos   int // the next byte to read
	tick  int // the offset of the next look at the deadline
	stack []jsonFrame
	keys  [][]byte // the decoded keys of the open objects, inner ones last
	// build: the scan also builds the value (decodeJSON), root when done.
	build bool
	root  any
}

// jsonFrame is one open array or object.
type jsonFrame struct {
	object bool
	index  int                 // in an array, the element being read
	key    []byte              // in an object, the decoded key of the value being read
	keys   int                 // in an object, where its keys start in jsonScanner.keys
	set    map[string]struct{} // in an object of more than linearKeys keys, its keys
	// The container's value so far, when the scan builds one.
	obj map[string]any
	arr []any
}

// run reads the body, one value or separator a turn.
func (s *jsonScanner) run() error {
	want := true // a value comes next
	for {
		if s.pos >= s.tick {
			if err := s.ctx.Err(); err != nil {
				return err
			}
			s.tick = s.pos + scanDeadlineEvery
		}
		s.space()
		var err error
		switch {
		case want:
			want, err = s.value()
		case len(s.stack) == 0:
			if s.pos < len(s.body) {
				return s.syntax("after top-level value")
			}
			return nil
		default:
			want, err = s.after()
		}
		if err != nil {
			return err
		}
	}
}

// value reads the value at s.pos. It reports whether a value comes next:
// the first element of the array or object it opened.
func (s *jsonScanner) value() (bool, error) {
	if s.pos >= len(s.body) {
		return false, s.end()
	}
	switch c := s.body[s.pos]; {
	case c == '{' || c == '[':
		return s.open(c == '{')
	case c == '"':
		raw, plain, err := s.str()
		if err == nil && s.build {
			if !plain {
				raw = decodeKey(raw)
			}
			s.emit(string(raw))
		}
		return false, err
	case c == '-' || isDigit(c):
		start := s.pos
		err := s.number()
		if err == nil && s.build {
			s.emit(json.Number(s.body[start:s.pos]))
		}
		return false, err
	case c == 't':
		return false, s.word("true", true)
	case c == 'f':
		return false, s.word("false", false)
	case c == 'n':
		return false, s.word("null", nil)
	}
	return false, s.syntax("looking for beginning of value")
}

// word reads a literal and emits its value.
func (s *jsonScanner) word(text string, v any) error {
	err := s.literal(text)
	if err == nil && s.build {
		s.emit(v)
	}
	return err
}

// emit puts a finished value where it belongs: in the open container, or
// at the root.
func (s *jsonScanner) emit(v any) {
	if len(s.stack) == 0 {
		s.root = v
		return
	}
	f := &s.stack[len(s.stack)-1]
	if f.object {
		f.obj[string(f.key)] = v
	} else {
		f.arr = append(f.arr, v)
	}
}

// open reads the bracket at s.pos, and the whole container if it is empty.
// It reports whether a value comes next.
func (s *jsonScanner) open(object bool) (bool, error) {
	if len(s.stack) == maxJSONDepth {
		return false, problem(codeJSONTooDeep, "", "the JSON nests deeper than %d levels", maxJSONDepth).withOffset(s.pos)
	}
	f := jsonFrame{object: object, keys: len(s.keys)}
	if s.build {
		if object {
			f.obj = map[string]any{}
		} else {
			f.arr = []any{}
		}
	}
	s.stack = append(s.stack, f)
	s.pos++
	s.space()
	closer := byte(']')
	if object {
		closer = '}'
	}
	if s.pos < len(s.body) && s.body[s.pos] == closer {
		s.pos++
		s.pop()
		return false, nil
	}
	if object {
		return true, s.key()
	}
	return true, nil
}

// after reads what follows a value inside an array or object: a comma and
// the next key, or the closing bracket. It reports whether a value comes next.
func (s *jsonScanner) after() (bool, error) {
	if s.pos >= len(s.body) {
		return false, s.end()
	}
	f := &s.stack[len(s.stack)-1]
	c := s.body[s.pos]
	switch {
	case c == ',':
		s.pos++
		if !f.object {
			f.index++
			return true, nil
		}
		s.space()
		return true, s.key()
	case c == '}' && f.object, c == ']' && !f.object:
		s.pos++
		s.pop()
		return false, nil
	case f.object:
		return false, s.syntax("after object key:value pair")
	}
	return false, s.syntax("after array element")
}

// pop closes the innermost container, and emits it when the scan builds.
func (s *jsonScanner) pop() {
	f := s.stack[len(s.stack)-1]
	s.keys = s.keys[:f.keys]
	s.stack = s.stack[:len(s.stack)-1]
	if !s.build {
		return
	}
	if f.object {
		s.emit(f.obj)
	} else {
		s.emit(f.arr)
	}
}

// key reads an object's key at s.pos and the colon after it, and rejects
// a key the object already has.
func (s *jsonScanner) key() error {
	if s.pos >= len(s.body) {
		return s.end()
	}
	if s.body[s.pos] != '"' {
		return s.syntax("looking for beginning of object key string")
	}
	start := s.pos
	raw, plain, err := s.str()
	if err != nil {
		return err
	}
	key := raw
	if !plain {
		key = decodeKey(raw)
	}
	f := &s.stack[len(s.stack)-1]
	if s.seen(f, key) {
		return problem(codeBadRequest, s.path(key), "key %q appears twice", key).withOffset(start)
	}
	f.key = key
	s.space()
	if s.pos >= len(s.body) {
		return s.end()
	}
	if s.body[s.pos] != ':' {
		return s.syntax("after object key")
	}
	s.pos++
	return nil
}

// seen reports whether the object f already has key, and adds it.
func (s *jsonScanner) seen(f *jsonFrame, key []byte) bool {
	if f.set != nil {
		if _, ok := f.set[string(key)]; ok {
			return true
		}
		f.set[string(key)] = struct{}{}
		return false
	}
	mine := s.keys[f.keys:]
	for _, k := range mine {
		if sameKey(k, key) {
			return true
		}
	}
	if len(mine) < linearKeys {
		s.keys = append(s.keys, key)
		return false
	}
	f.set = make(map[string]struct{}, 2*linearKeys)
	for _, k := range mine {
		f.set[string(k)] = struct{}{}
	}
	f.set[string(key)] = struct{}{}
	s.keys = s.keys[:f.keys]
	return false
}

// sameKey is bytes.Equal with the cheap tests first: most keys of an
// object differ in length or in their first or last byte.
func sameKey(a, b []byte) bool {
	n := len(a)
	return n == len(b) && (n == 0 || a[0] == b[0] && a[n-1] == b[n-1]) && bytes.Equal(a, b)
}

// path names the key of the innermost open object, as the problem field:
// definition.pieces[3].name.
func (s *jsonScanner) path(key []byte) string {
	var p []byte
	for _, f := range s.stack[:len(s.stack)-1] {
		if f.object {
			p = joinKey(p, f.key)
			continue
		}
		p = append(p, '[')
		p = strconv.AppendInt(p, int64(f.index), 10)
		p = append(p, ']')
	}
	return string(joinKey(p, key))
}

func joinKey(path, key []byte) []byte {
	if len(path) > 0 {
		path = append(path, '.')
	}
	return append(path, key...)
}

// str reads the string at s.pos, its opening quote, and returns its text as
// written. plain is false when it holds an escape or a byte beyond ASCII:
// its decoded text may differ.
func (s *jsonScanner) str() (raw []byte, plain bool, err error) {
	b := s.body
	start := s.pos + 1
	plain = true
	for i := start; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			s.pos = i + 1
			return b[start:i], plain, nil
		case c == '\\':
			plain = false
			n, err := s.escape(i + 1)
			if err != nil {
				return nil, false, err
			}
			i += n
		case c < 0x20:
			s.pos = i
			return nil, false, s.syntax("in string literal")
		case c >= utf8.RuneSelf:
			plain = false
		}
	}
	return nil, false, s.end()
}

// escape checks the escape whose letter is at i, after a backslash, and
// returns its length.
func (s *jsonScanner) escape(i int) (int, error) {
	b := s.body
	if i >= len(b) {
		return 0, s.end()
	}
	switch b[i] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return 1, nil
	case 'u':
		for k := 1; k <= 4; k++ {
			if i+k >= len(b) {
				return 0, s.end()
			}
			if !isHex(b[i+k]) {
				s.pos = i + k
				return 0, s.syntax(`in \u hexadecimal character escape`)
			}
		}
		return 5, nil
	}
	s.pos = i
	return 0, s.syntax("in string escape code")
}

// number reads the number at s.pos.
func (s *jsonScanner) number() error {
	b, i := s.body, s.pos
	if b[i] == '-' {
		i++
		if i >= len(b) {
			return s.end()
		}
		if !isDigit(b[i]) {
			s.pos = i
			return s.syntax("in numeric literal")
		}
	}
	if b[i] == '0' {
		i++
	} else {
		i = digits(b, i)
	}
	if i < len(b) && b[i] == '.' {
		i++
		if i >= len(b) {
			return s.end()
		}
		if !isDigit(b[i]) {
			s.pos = i
			return s.syntax("after decimal point in numeric literal")
		}
		i = digits(b, i)
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i >= len(b) {
			return s.end()
		}
		if !isDigit(b[i]) {
			s.pos = i
			return s.syntax("in exponent of numeric literal")
		}
		i = digits(b, i)
	}
	s.pos = i
	return nil
}

func digits(b []byte, i int) int {
	for i < len(b) && isDigit(b[i]) {
		i++
	}
	return i
}

// literal reads word (true, false or null) at s.pos.
func (s *jsonScanner) literal(word string) error {
	for k := 1; k < len(word); k++ {
		i := s.pos + k
		if i >= len(s.body) {
			return s.end()
		}
		if s.body[i] != word[k] {
			s.pos = i
			return s.syntax("in literal " + word + " (expecting " + quoteChar(word[k]) + ")")
		}
	}
	s.pos += len(word)
	return nil
}

func (s *jsonScanner) space() {
	for s.pos < len(s.body) {
		switch s.body[s.pos] {
		case ' ', '\t', '\r', '\n':
			s.pos++
		default:
			return
		}
	}
}

// syntax is the problem of the bad byte at s.pos, in encoding/json's words.
func (s *jsonScanner) syntax(context string) error {
	return problem(codeBadRequest, "", "malformed JSON: invalid character %s %s", quoteChar(s.body[s.pos]), context).withOffset(s.pos)
}

// end is the problem of a body that stops inside its value.
func (s *jsonScanner) end() error {
	return problem(codeBadRequest, "", "malformed JSON: unexpected end of JSON input").withOffset(len(s.body))
}

// quoteChar quotes a byte as encoding/json's syntax errors do.
func quoteChar(c byte) string {
	switch c {
	case '\'':
		return `'\''`
	case '"':
		return `'"'`
	}
	q := strconv.Quote(string(rune(c)))
	return "'" + q[1:len(q)-1] + "'"
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func isHex(c byte) bool {
	return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// decodeKey returns the text of a key that str found not plain, as
// encoding/json decodes it: escapes resolved, a \u surrogate pair joined,
// a lone surrogate and each byte of invalid UTF-8 replaced by U+FFFD.
func decodeKey(raw []byte) []byte {
	if bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
		return raw
	}
	out := make([]byte, 0, len(raw)+2*utf8.UTFMax)
	for i := 0; i < len(raw); {
		c := raw[i]
		switch {
		case c == '\\' && raw[i+1] == 'u':
			r := hex4(raw[i+2:])
			i += 6
			if utf16.IsSurrogate(r) {
				r2 := rune(-1)
				if i+6 <= len(raw) && raw[i] == '\\' && raw[i+1] == 'u' {
					r2 = hex4(raw[i+2:])
				}
				if pair := utf16.DecodeRune(r, r2); pair != unicode.ReplacementChar {
					r = pair
					i += 6
				} else {
					r = unicode.ReplacementChar
				}
			}
			out = utf8.AppendRune(out, r)
		case c == '\\':
			out = append(out, unescape(raw[i+1]))
			i += 2
		case c < utf8.RuneSelf:
			out = append(out, c)
			i++
		default:
			r, n := utf8.DecodeRune(raw[i:])
			out = utf8.AppendRune(out, r) // RuneError for a bad byte, n == 1
			i += n
		}
	}
	return out
}

// unescape is the byte a one-letter escape stands for.
func unescape(c byte) byte {
	switch c {
	case 'b':
		return '\b'
	case 'f':
		return '\f'
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 't':
		return '\t'
	}
	return c // " \ /
}

// hex4 is the value of four hexadecimal digits that str has checked.
func hex4(b []byte) rune {
	var r rune
	for _, c := range b[:4] {
		switch {
		case c <= '9':
			c -= '0'
		case c <= 'F':
			c -= 'A' - 10
		default:
			c -= 'a' - 10
		}
		r = r<<4 | rune(c)
	}
	return r
}
