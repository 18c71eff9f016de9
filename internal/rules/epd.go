package rules

import (
	"fmt"
	"strings"
)

// epdFields is the number of fields a FEN keeps without its two clocks:
// board, side to move, rights and en-passant square, as EPD writes them.
const epdFields = 4

// fieldEPD names the EPD operations in errors.
const fieldEPD = "epd"

// extraFields describes, for an error about the number of fields, the
// fields the variant's FEN may add after the six usual ones.
func (v *Variant) extraFields() string {
	if v.checkLimit > 0 {
		return fmt.Sprintf(", the checks each side still needs (%d+%d) after the en-passant field or the checks given (+0+0) after the move number", v.checkLimit, v.checkLimit)
	}
	fools := v.fools != (typeSet{})
	switch {
	case len(v.choices) > 0 && fools:
		return ", optionally a promotion type, and optionally the Fools' field fool:W/B"
	case len(v.choices) > 0:
		return " and optionally a seventh (promotion type)"
	case fools:
		return " and optionally the Fools' field fool:W/B"
	case v.perTurn > 1:
		return " and optionally a seventh (moves left in the turn)"
	}
	return ""
}

// checkEPD checks text[off:], what follows the four position fields of an
// EPD: operations, each an opcode (a letter, then letters, digits and
// underscores), operands separated by spaces (a word, or a string in double
// quotes that may hold spaces and semicolons and escape \" and \\), and a
// semicolon, as in `bm e4; id "x";`. The operations are not interpreted.
// A variant's further FEN field written where the clocks belong (a
// promotion type, the Fools' field) is refused by name: that field comes
// after the clocks, and reading it as an operation would drop it.
func (v *Variant) checkEPD(text string, off int) error {
	first, _, _ := strings.Cut(text[off:], " ")
	name, _, _ := strings.Cut(strings.TrimSuffix(first, ";"), ":")
	if _, ok := promoChoice(name); ok && name != "" && len(v.choices) > 0 {
		return newError(ErrInvalidFEN, "fen", off, "the promotion field %s comes after the halfmove clock and the move number", quoteText(first))
	}
	if v.fools != (typeSet{}) && isFoolField(first) {
		return newError(ErrInvalidFEN, "fen", off, "the Fools' field %s comes after the halfmove clock and the move number", quoteText(first))
	}
	bad := func(at int, format string, args ...any) error {
		return newError(ErrInvalidFEN, fieldEPD, at, format, args...)
	}
	i := off
	for i < len(text) {
		start := i
		if !isLetter(text[i]) {
			return bad(i, "an EPD operation starts with its opcode, a letter, not %s", quoteAt(text, i))
		}
		for i < len(text) && (isLetter(text[i]) || isDigit(text[i]) || text[i] == '_') {
			i++
		}
		opcode := text[start:i]
		for ended := false; !ended; {
			if i == len(text) {
				return bad(i, "the EPD operation %s must end with ;", opcode)
			}
			switch c := text[i]; {
			case c == ';':
				ended = true
				i++
			case c == ' ':
				i++
			case c == '"':
				end, ok := stringEnd(text, i)
				if !ok {
					return bad(i, "the string of the EPD operation %s has no closing \"", opcode)
				}
				i = end
			case c < ' ' || c == 0x7f:
				return bad(i, "unexpected control character %s in an EPD operation", quoteAt(text, i))
			case i == start+len(opcode):
				return bad(i, "unexpected character %s after the EPD opcode %s", quoteAt(text, i), opcode)
			default:
				for i < len(text) && text[i] > ' ' && text[i] != 0x7f && text[i] != ';' && text[i] != '"' {
					i++
				}
			}
		}
		for i < len(text) && text[i] == ' ' {
			i++
		}
	}
	return nil
}

// stringEnd returns the offset after the closing quote of the string that
// starts with the quote at text[i], and whether there is one.
func stringEnd(text string, i int) (int, bool) {
	for j := i + 1; j < len(text); j++ {
		switch text[j] {
		case '\\':
			j++
		case '"':
			return j + 1, true
		}
	}
	return 0, false
}

func isLetter(c byte) bool { return isLower(c) || isUpper(c) }
