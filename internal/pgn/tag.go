package pgn

import (
	"fmt"
	"unicode/utf8"
)

// isControl says whether c is a control character: a byte below 0x20 (tab
// and line breaks among them) or DEL. A tag value holds none.
func isControl(c byte) bool { return c < 0x20 || c == 0x7f }

// tag reads a tag pair, which stands on one line: [Name "Value"].
func (r *Reader) tag() (Tag, *SyntaxError) {
	open := r.pos
	r.advance()
	blanks := func() {
		for c := r.peek(); c == ' ' || c == '\t'; c = r.peek() {
			r.advance()
		}
	}
	unterminated := func() (Tag, *SyntaxError) {
		return Tag{}, syntaxError(r.games, open, "unterminated tag: this [ has no ] on its line")
	}
	blanks()
	if c := r.peek(); c < 0 || c == '\n' || c == '\r' {
		return unterminated()
	} else if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
		return Tag{}, syntaxError(r.games, r.pos, "expected a tag name (a letter, then letters, digits or _), not %s", describe(r.peekN(utf8.UTFMax)))
	}
	at := r.pos
	r.tok = r.tok[:0]
	for c := r.peek(); isAlnum(c) || c == '_'; c = r.peek() {
		if len(r.tok) == maxToken {
			return Tag{}, syntaxError(r.games, at, "a tag name longer than %d bytes", maxToken)
		}
		r.tok = append(r.tok, byte(c))
		r.advance()
	}
	name := string(r.tok)
	blanks()
	switch c := r.peek(); {
	case c < 0 || c == '\n' || c == '\r':
		return unterminated()
	case c != '"':
		return Tag{}, syntaxError(r.games, r.pos, "expected the value of tag %s in double quotes, not %s", name, describe(r.peekN(utf8.UTFMax)))
	}
	value, ctl, err := r.tagValue(name)
	r.val = value[:0]
	if err != nil {
		return Tag{}, err
	}
	blanks()
	switch c := r.peek(); {
	case ctl != nil:
		// The first fault of the tag; read to its ], where the next call
		// goes on, when the tag is whole.
		if c == ']' {
			r.advance()
		}
		return Tag{}, ctl
	case c < 0 || c == '\n' || c == '\r':
		return unterminated()
	case c != ']':
		return Tag{}, syntaxError(r.games, r.pos, "expected ] after the value of tag %s, not %s", name, describe(r.peekN(utf8.UTFMax)))
	}
	r.advance()
	return Tag{Name: name, Value: string(value)}, nil
}

// tagValue reads the value of the tag name, a string from its opening
// quote, at the read position, to its closing one on the same line,
// unescaping \" and \\, into r.val's buffer. A control character in it
// (tab included: PGN strings hold printing characters only) is ctl, the
// first one's fault; the string is read to its end all the same.
func (r *Reader) tagValue(name string) (value []byte, ctl, err *SyntaxError) {
	quote := r.pos
	r.advance()
	value = r.val[:0]
	for {
		c := r.peek()
		if c < 0 || c == '\n' || c == '\r' {
			return value, ctl, syntaxError(r.games, quote, "unterminated string: this \" has no closing \" on its line")
		}
		if ctl == nil && isControl(byte(c)) {
			ctl = syntaxError(r.games, r.pos, "the value of tag %s holds the control character 0x%02x; a tag value holds printing characters only", name, c)
		}
		r.advance()
		if c == '"' {
			return value, ctl, nil
		}
		if c == '\\' {
			if n := r.peek(); n == '"' || n == '\\' {
				c = n
				r.advance()
			}
		}
		if r.tooBig == nil {
			value = append(value, byte(c))
		}
	}
}

// describe names the character at the start of b for a message.
func describe(b []byte) string {
	if len(b) == 0 {
		return "the end of the input"
	}
	ch, size := utf8.DecodeRune(b)
	if ch == utf8.RuneError && size <= 1 {
		return fmt.Sprintf("the byte 0x%02x", b[0])
	}
	return fmt.Sprintf("%q", ch)
}
