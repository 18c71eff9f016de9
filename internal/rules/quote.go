package rules

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// quoteAt quotes, for an error message, the character that starts at byte
// offset i of text: the whole rune as text in single quotes ('♘', 'x'),
// never one byte of it escaped, or "invalid UTF-8 byte 0xE2" when no valid
// rune starts there. Offsets in errors stay byte offsets; only the words
// decode. i must be within text.
func quoteAt(text string, i int) string {
	r, n := utf8.DecodeRuneInString(text[i:])
	if r == utf8.RuneError && n <= 1 {
		return fmt.Sprintf("invalid UTF-8 byte 0x%02X", text[i])
	}
	return strconv.QuoteRune(r)
}

// quoteText quotes a field of the input for an error message, as Go
// quotes a string, its characters as text; bytes that are not UTF-8 are
// shown as U+FFFD and said to be invalid, never escaped.
func quoteText(s string) string {
	if utf8.ValidString(s) {
		return strconv.Quote(s)
	}
	return strconv.Quote(strings.ToValidUTF8(s, "\uFFFD")) + " (invalid UTF-8)"
}
