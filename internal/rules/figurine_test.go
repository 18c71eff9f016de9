package rules

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestFigurineSAN: every figurine, white and black forms, reads as the
// piece of its name in SAN, captures, promotions and disambiguations
// included, and the Pawn figurine before a file is a Pawn move.
func TestFigurineSAN(t *testing.T) {
	const promo = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"
	const ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
	tests := []struct {
		variant, fen, give, want string
	}{
		{"chess", "", "♘f3", "g1f3"},
		{"chess", "", "♞f3", "g1f3"},
		{"chess", "", "♘g1f3", "g1f3"},
		{"chess", "", "♙e4", "e2e4"},
		{"chess", "", "♟e4", "e2e4"},
		{"chess", kiwipeteFEN, "♗xa6", "e2a6"},
		{"chess", kiwipeteFEN, "♝xa6", "e2a6"},
		{"chess", kiwipeteFEN, "♕xf6", "f3f6"},
		{"chess", kiwipeteFEN, "♛xf6", "f3f6"},
		{"chess", kiwipeteFEN, "♖f1", "h1f1"},
		{"chess", kiwipeteFEN, "♜f1", "h1f1"},
		{"chess", kiwipeteFEN, "♔d1", "e1d1"},
		{"chess", kiwipeteFEN, "♚f1", "e1f1"},
		{"chess", kiwipeteFEN, "♙dxe6", "d5e6"},
		{"chess", promo, "b8=♕", "b7b8q"},
		{"chess", promo, "b8♘+", "b7b8n"},
		{"chess", promo, "b8=♜", "b7b8r"},
		{"chess", ep, "♙exd6", "e5d6"},
	}
	for _, tt := range tests {
		p := mustPosition(t, tt.variant, tt.fen)
		want := uciMove(t, p, tt.want)
		if m, err := p.ParseMove(tt.give); err != nil || m != want {
			t.Errorf("%s: ParseMove(%q) = %v, %v; want %s", tt.variant, tt.give, m, err, tt.want)
		}
	}
	// The compound pieces' figurines read as the pieces of their names:
	// Capablanca's Archbishop and Chancellor, Embassy's Cardinal and
	// Marshall (the same pieces by other names).
	compound := []struct{ variant, give, letters string }{
		{"capablanca", "\U0001FA50b3", "Ab3"},
		{"capablanca", "\U0001FA53b3", "Ab3"},
		{"capablanca", "\U0001FA4Fg3", "Cg3"},
		{"capablanca", "\U0001FA52g3", "Cg3"},
		{"embassy", "\U0001FA4F" + "e3", "Ce3"},
		{"embassy", "\U0001FA50" + "h3", "Ah3"},
	}
	for _, tt := range compound {
		p := mustPosition(t, tt.variant, "")
		want, err := p.ParseMove(tt.letters)
		if err != nil {
			t.Fatalf("%s: ParseMove(%q) = %v", tt.variant, tt.letters, err)
		}
		if m, err := p.ParseMove(tt.give); err != nil || m != want {
			t.Errorf("%s: ParseMove(%q) = %v, %v; want %v, as %s", tt.variant, tt.give, m, err, want, tt.letters)
		}
	}
}

// TestFigurineByName: a figurine names a piece by its name, never by the
// letter: where the letter N is a Nightrider and no piece is a Knight
// (wolf), ♘ is refused with the figurine quoted as text and its offset.
func TestFigurineByName(t *testing.T) {
	tests := []struct {
		variant, give string
		off           int
		detail        string
	}{
		{"wolf", "♘c3", 0, "wolf has no Knight, which the figurine '♘' stands for"},
		{"courier", "♗c3", 0, "courier has no Bishop, which the figurine '♗' stands for"},
		{"chess", "b♘", 1, "expected a square, not '♘'"},
		{"chess", "\U0001FA4Ec3", 0, "chess has no Amazon, which the figurine '\U0001FA4E' stands for"},
		{"chess", "♠f3", 0, "expected a piece letter, not '♠'"},
		{"chess", "\xe2f3", 0, "expected a piece letter, not invalid UTF-8 byte 0xE2"},
		{"chess", "Nf3\xe2", 3, "expected a piece letter, not invalid UTF-8 byte 0xE2"},
		{"chess", "e4\xff", 2, "invalid UTF-8 byte 0xFF"},
	}
	for _, tt := range tests {
		p := mustPosition(t, tt.variant, "")
		_, err := p.ParseMove(tt.give)
		var e *Error
		if !errors.As(err, &e) || e.Code != ErrInvalidMove || e.Offset != tt.off {
			t.Errorf("%s: ParseMove(%q) = %v; want invalid-move at offset %d", tt.variant, tt.give, err, tt.off)
			continue
		}
		if !strings.Contains(e.Detail, tt.detail) || strings.Contains(e.Detail, `\x`) || !utf8.ValidString(e.Detail) {
			t.Errorf("%s: ParseMove(%q) detail %q; want it to contain %q, with no escaped byte", tt.variant, tt.give, e.Detail, tt.detail)
		}
	}
}

// TestEnPassantSuffix: e.p. and ep, joined or after spaces, with check
// marks after them, are read on an en passant capture in SAN and in
// coordinate form; on any other move they are an illegal move with
// reason not-en-passant at the offset of the suffix.
func TestEnPassantSuffix(t *testing.T) {
	const ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"
	p := mustPosition(t, "chess", ep)
	want := uciMove(t, p, "e5d6")
	for _, text := range []string{"exd6e.p.", "exd6ep", "exd6 e.p.", "exd6 ep", "exd6  e.p.", "exd6e.p.+", "exd6+ e.p.", "ed6e.p.", "e5d6e.p.", "e5xd6 ep", " exd6 e.p. ", "♙exd6e.p."} {
		if m, err := p.ParseMove(text); err != nil || m != want {
			t.Errorf("ParseMove(%q) = %v, %v; want e5d6", text, m, err)
		}
	}
	bad := []struct {
		fen, give string
		code      Code
		reason    string
		off       int
	}{
		{ep, "e6e.p.", ErrIllegalMove, "not-en-passant", 2},
		{ep, "e6 ep", ErrIllegalMove, "not-en-passant", 3},
		{ep, "Kd2 e.p.", ErrIllegalMove, "not-en-passant", 4},
		{ep, "e1d1ep", ErrIllegalMove, "not-en-passant", 4},
		{"", "e4 e.p.", ErrIllegalMove, "not-en-passant", 3},
		{"", "O-O e.p.", ErrIllegalMove, "castling-blocked", -1}, // the castling's own error first
		{kiwipeteFEN, "O-O e.p.", ErrIllegalMove, "not-en-passant", 4},
		{kiwipeteFEN, "d5xe6e.p.", ErrIllegalMove, "not-en-passant", 5},
		// Not a suffix: the text does not parse.
		{ep, "exd6e.p", ErrInvalidMove, "", 4},
		{ep, "exd6e.p.x", ErrInvalidMove, "", 4},
		{ep, "e.p.", ErrInvalidMove, "", 1},
		{ep, " e.p.", ErrInvalidMove, "", 2},
	}
	for _, tt := range bad {
		_, err := mustPosition(t, "chess", tt.fen).ParseMove(tt.give)
		var e *Error
		if !errors.As(err, &e) || e.Code != tt.code || e.Reason != tt.reason || e.Offset != tt.off {
			t.Errorf("ParseMove(%q) in %q = %v (reason %q); want %s %q at offset %d", tt.give, tt.fen, err, reasonOf(err), tt.code, tt.reason, tt.off)
		}
	}
}

// reasonOf returns the Reason of an *Error, "" otherwise.
func reasonOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Reason
	}
	return ""
}

// TestQuoteAt: a character is quoted whole, an invalid byte by its value.
func TestQuoteAt(t *testing.T) {
	tests := []struct {
		text string
		i    int
		want string
	}{
		{"x", 0, "'x'"},
		{"a♘", 1, "'♘'"},
		{"\xe2\x99", 0, "invalid UTF-8 byte 0xE2"},
		{"\x01", 0, `'\x01'`},
	}
	for _, tt := range tests {
		if got := quoteAt(tt.text, tt.i); got != tt.want {
			t.Errorf("quoteAt(%q, %d) = %s; want %s", tt.text, tt.i, got, tt.want)
		}
	}
}
