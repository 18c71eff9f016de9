package rules

import (
	"errors"
	"strings"
	"testing"
)

// TestFENFieldErrors: each field of a FEN has its own words, a word where
// the halfmove clock belongs is the clock's error (not an EPD operation's),
// and a missing or extra King is said before the castling rights that
// need it are read.
func TestFENFieldErrors(t *testing.T) {
	const board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
	tests := []struct {
		fen    string
		code   Code
		field  string
		off    int
		detail string
	}{
		{board + " w KQkq - x 1", ErrInvalidFEN, "halfmoves", 53, "the halfmove clock must be a number, not \"x\""},
		{board + " w KQkq - -1 1", ErrInvalidFEN, "halfmoves", 53, "the halfmove clock must be a number"},
		{board + " w KQkq - 01 1", ErrInvalidFEN, "halfmoves", 53, "the halfmove clock \"01\" has a leading zero"},
		{board + " w KQkq - 0 x", ErrInvalidFEN, "fullmoves", 55, "the move number must be a number, not \"x\""},
		{board + " w KQkq - 0 0", ErrInvalidFEN, "fullmoves", 55, "the move number must be at least 1, not 0"},
		{board + " w KQkq - 0 99999999", ErrInvalidFEN, "fullmoves", 55, "the move number \"99999999\" is out of range"},
		// EPD operations are still operations.
		{board + " w KQkq - bm e4", ErrInvalidFEN, "epd", 58, "must end with ;"},
		{board + " w KQkq - bm \xe2;", ErrInvalidFEN, "epd", 56, ""}, // accepted as an operand: no error expected below
		// A missing or extra King before the rights K and Q.
		{"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", ErrIllegalPosition, "board", -1, "black has no King; exactly one is required"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w KQkq - 0 1", ErrIllegalPosition, "board", -1, "white has no King"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w KQkq - 0 1", ErrIllegalPosition, "board", 39, "white has 2 Kings"},
		// Characters are quoted as text.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ♔BNR w KQkq - 0 1", ErrInvalidFEN, "board", 39, "unexpected character '♔'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ\xe2BNR w KQkq - 0 1", ErrInvalidFEN, "board", 39, "unexpected character invalid UTF-8 byte 0xE2"},
		{board + " w K♔kq - 0 1", ErrInvalidFEN, "rights", 47, "right '♔'"},
		{board + " w KQkq - b♔ e4;", ErrInvalidFEN, "epd", 54, "unexpected character '♔' after the EPD opcode b"},
	}
	v := MustBuiltin("chess")
	for _, tt := range tests {
		s, err := ParseFEN(v, tt.fen)
		if err == nil {
			_, err = NewPosition(s)
		}
		if tt.detail == "" {
			if err != nil {
				t.Errorf("ParseFEN(%q) = %v; want it accepted", tt.fen, err)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.Code != tt.code || e.Field != tt.field || e.Offset != tt.off || !strings.Contains(e.Detail, tt.detail) {
			t.Errorf("ParseFEN(%q) = %v; want %s in %s at offset %d, %q", tt.fen, err, tt.code, tt.field, tt.off, tt.detail)
		}
		if strings.Contains(e.Detail, `\x`) {
			t.Errorf("ParseFEN(%q) detail %q has an escaped byte", tt.fen, e.Detail)
		}
	}
}

// TestIllegalPositionOffsets: an illegal position read from a FEN gives
// the offset of the square at fault, or of the field at fault, in the FEN;
// the same setup made otherwise gives -1.
func TestIllegalPositionOffsets(t *testing.T) {
	tests := []struct {
		variant, fen string
		field        string
		off          int
		detail       string
	}{
		{"chess", "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w Qq - 0 1", "board", 7, "white Pawn on h8 stands where it must have promoted"},
		{"chess", "4k3/8/8/8/8/8/8/p3K3 b - - 0 1", "board", 16, "black Pawn on a1"},
		{"chess", "rnbqkbnr/ppppp1pp/8/7Q/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1", "board", 4, "the black King on e8 is attacked by the white Queen on h5"},
		{"chess", "8/8/8/8/8/8/8/Kk6 w - - 0 1", "board", 15, "the black King on b1 is attacked by the white King on a1"},
		{"chess", "8/8/8/8/8/8/8/Kk6 b - - 0 1", "board", 14, "the white King on a1 is attacked by the black King on b1"},
		{"chess", "4k3/8/8/8/8/8/8/K3K3 w - - 0 1", "board", 18, "white has 2 Kings"},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w Hkq - 0 1", "rights", 46, "needs a Rook on h1"},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "en-passant", 51, "e6"},
	}
	for _, tt := range tests {
		v := MustBuiltin(tt.variant)
		s, err := ParseFEN(v, tt.fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q) = %v", tt.fen, err)
		}
		_, err = NewPosition(s)
		var e *Error
		if !errors.As(err, &e) || e.Code != ErrIllegalPosition || e.Field != tt.field || e.Offset != tt.off || !strings.Contains(e.Detail, tt.detail) {
			t.Errorf("NewPosition(%q) = %v; want illegal-position in %s at offset %d, %q", tt.fen, err, tt.field, tt.off, tt.detail)
			continue
		}
		// The same setup, not read from a FEN, has no text to point into.
		bare := *s
		bare.src = fenSource{}
		if _, err := NewPosition(&bare); !errors.As(err, &e) || e.Offset != -1 || e.Field != tt.field {
			t.Errorf("NewPosition(setup of %q, no FEN) = %v; want offset -1", tt.fen, err)
		}
	}
}
