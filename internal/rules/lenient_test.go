package rules

import (
	"errors"
	"strings"
	"testing"
)

// Lenient input (issue 15): FENs without their clocks and EPD, castling in
// any case, and promotions with a single choice written without it.

const chessStart4 = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"

// grandStart4 is Grand Chess's start without its clocks.
var grandStart4 = strings.TrimSuffix(grandStart, " 0 1")

// giantEmpty4 is a Giant Chess board with the two Kings, without clocks.
const giantEmpty4 = "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - -"

// placed writes a FEN of a built-in variant from a placement list ("Ke1
// ke8", see placeFEN) and the fields after the board.
func placed(t testing.TB, variant, spec, rest string) string {
	t.Helper()
	board, _, _ := strings.Cut(placeFEN(t, MustBuiltin(variant), "w", spec), " ")
	return board + " " + rest
}

// TestFENWithoutClocks: a FEN of four fields, alone or followed by EPD
// operations, reads as the same FEN with the clocks 0 and 1, and prints in
// the full form, the variant's further fields at their defaults.
func TestFENWithoutClocks(t *testing.T) {
	tests := []struct {
		variant, give, want string
	}{
		{"chess", chessStart4, chessStart4 + " 0 1"},
		{"chess", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 1"},
		{"chess", "4k3/8/8/8/8/8/8/4K2R b K -", "4k3/8/8/8/8/8/8/4K2R b K - 0 1"},
		// EPD: the operations are read for their form and ignored, the
		// clock operations too.
		{"chess", chessStart4 + " bm e4;", chessStart4 + " 0 1"},
		{"chess", chessStart4 + ` bm e4 d4; id "WAC.001";`, chessStart4 + " 0 1"},
		{"chess", chessStart4 + ` c0 "a ; b  c" "d";  noop; id "say \"hi\"\\";`, chessStart4 + " 0 1"},
		{"chess", chessStart4 + " hmvc 12; fmvn 30;", chessStart4 + " 0 1"},
		{"chess", chessStart4 + " draw_reject;", chessStart4 + " 0 1"},
		{"shako", strings.TrimSuffix(MustBuiltin("shako").Start().FEN(), " 0 1"), MustBuiltin("shako").Start().FEN()},
		// The variants with further fields: those take their defaults.
		{"grand", grandStart4, grandStart},
		{"grand", grandStart4 + " bm e4;", grandStart},
		{"giant-quick", giantEmpty4, giantEmpty4 + " 0 1 4"},
		{"giant", giantEmpty4, giantEmpty4 + " 0 1"},
		{"gigachess2", strings.TrimSuffix(MustBuiltin("gigachess2").Start().FEN(), " 0 1"), MustBuiltin("gigachess2").Start().FEN()},
	}
	for _, tt := range tests {
		v := MustBuiltin(tt.variant)
		s, err := ParseFEN(v, tt.give)
		if err != nil {
			t.Errorf("ParseFEN(%s, %q) = %v", tt.variant, tt.give, err)
			continue
		}
		if s.Halfmoves != 0 || s.Fullmoves != 1 {
			t.Errorf("ParseFEN(%q): clocks %d %d; want 0 1", tt.give, s.Halfmoves, s.Fullmoves)
		}
		p, err := NewPosition(s)
		if err != nil {
			t.Errorf("NewPosition(%q) = %v", tt.give, err)
			continue
		}
		if got := p.FEN(); got != tt.want {
			t.Errorf("ParseFEN(%s, %q) prints %q; want %q", tt.variant, tt.give, got, tt.want)
		}
		if full := positionOf(t, v, tt.want); full.Hash() != p.Hash() || len(full.LegalMoves()) != len(p.LegalMoves()) {
			t.Errorf("ParseFEN(%q) is not the position %q", tt.give, tt.want)
		}
	}
}

// TestFENWithoutClocksErrors: what stays refused, with the field and the
// byte offset of the fault in the whole text.
func TestFENWithoutClocksErrors(t *testing.T) {
	n := len(chessStart4)
	tests := []struct {
		variant, give string
		field         string
		offset        int
	}{
		// One clock without the other, and too few fields.
		{"chess", chessStart4 + " 0", "fen", n + 2},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "fen", n - 2},
		{"giant-quick", giantEmpty4 + " 3", "fen", len(giantEmpty4) + 2},
		// Empty fields are still errors, in the position fields first.
		{"chess", chessStart4 + " ", "halfmoves", n + 1},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq  -", "en-passant", n - 1},
		{"chess", chessStart4 + "  bm e4;", "halfmoves", n + 1},
		// The four fields are checked as in a full FEN.
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq -", "rights", 48},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 bm e4;", "en-passant", 51},
		// Malformed EPD operations.
		{"chess", chessStart4 + " bm e4", "epd", n + 6},
		{"chess", chessStart4 + " bm e4; id", "epd", n + 10},
		{"chess", chessStart4 + ` id "x;`, "epd", n + 4},
		{"chess", chessStart4 + " bm:e4;", "epd", n + 3},
		// What does not start with a letter is read as the clocks.
		{"chess", chessStart4 + " ;", "fen", n + 2},
		{"chess", chessStart4 + " -bm e4;", "halfmoves", n + 1},
		{"chess", chessStart4 + " -1 1", "halfmoves", n + 1},
		{"chess", chessStart4 + " bm e4;\t", "epd", n + 7},
		{"chess", chessStart4 + " bm \x01;", "epd", n + 4},
		// A further field where the clocks belong is named, not taken for
		// an operation.
		{"grand", grandStart4 + " initial:QRqr", "fen", len(grandStart4) + 1},
		{"grand", grandStart4 + " all", "fen", len(grandStart4) + 1},
		{"grand", grandStart4 + " captured;", "fen", len(grandStart4) + 1},
		{"grand", grandStart4 + " fool:N/-", "fen", len(grandStart4) + 1},
		{"grand", grandStart4 + " 0 1 fool:N/- x", "fen", len(grandStart4) + 14},
	}
	for _, tt := range tests {
		_, err := ParseFEN(MustBuiltin(tt.variant), tt.give)
		var e *Error
		if !errors.As(err, &e) || e.Code != ErrInvalidFEN || e.Field != tt.field || e.Offset != tt.offset {
			t.Errorf("ParseFEN(%s, %q) = %v (field %q, offset %d); want %s in %s at offset %d",
				tt.variant, tt.give, err, fieldOf(e), offsetOf(e), ErrInvalidFEN, tt.field, tt.offset)
		}
	}
}

func fieldOf(e *Error) string {
	if e == nil {
		return ""
	}
	return e.Field
}

func offsetOf(e *Error) int {
	if e == nil {
		return -2
	}
	return e.Offset
}

// TestCastlingAnyCase: O-O and O-O-O read with each O written O, o or 0,
// in every variant with castling, the same as O-O; the check suffix is
// read as before. Giant Chess has a file o, and o-o is still castling.
func TestCastlingAnyCase(t *testing.T) {
	giant := placed(t, "giant", "Ki1 Rb1 Ro1 ki16", "w BO - 0 1")
	tests := []struct {
		variant, fen string
		give         []string
		want         string
	}{
		{"chess", kiwipeteFEN, []string{"O-O", "o-o", "O-o", "o-O", "0-o", "o-o!", "0-0?!"}, "e1g1"},
		{"chess", kiwipeteFEN, []string{"O-O-O", "o-o-o", "O-o-O", "0-0-0", "o-0-O"}, "e1c1"},
		{"chess", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", []string{"O-O+", "o-o+", "0-o#"}, "e1g1"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", []string{"o-o", "o-o-o"}, ""},
		{"shako", "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ER3K2RE/C8C w KQkq - 0 1", []string{"o-o", "o-o-o"}, ""},
		{"giant", giant, []string{"o-o", "O-o", "o-o-o", "0-0-0"}, ""},
	}
	for _, tt := range tests {
		p := mustPosition(t, tt.variant, tt.fen)
		for _, text := range tt.give {
			m, err := p.ParseMove(text)
			if err != nil {
				t.Errorf("%s: ParseMove(%q) = %v", tt.variant, text, err)
				continue
			}
			if m.Kind != MoveCastle {
				t.Errorf("%s: ParseMove(%q) = %s, not castling", tt.variant, text, p.UCI(m))
			}
			want := tt.want
			if want == "" { // the same as upper case
				upper, err := p.ParseMove(strings.NewReplacer("o", "O", "0", "O").Replace(text))
				if err != nil {
					t.Fatalf("%s: ParseMove(upper case of %q) = %v", tt.variant, text, err)
				}
				want = p.UCI(upper)
			}
			if got := p.UCI(m); got != want {
				t.Errorf("%s: ParseMove(%q) = %s; want %s", tt.variant, text, got, want)
			}
			if san := p.SAN(m); !strings.HasPrefix(san, "O-O") {
				t.Errorf("%s: SAN of %q = %q; want the normalised O-O form", tt.variant, text, san)
			}
		}
	}
	// Not castling: other mixtures, and castling that is not legal.
	bad := []struct {
		fen, give string
		code      Code
		reason    string
	}{
		{kiwipeteFEN, "o-o-o-o", ErrInvalidMove, ""},
		{kiwipeteFEN, "oo", ErrInvalidMove, ""},
		{kiwipeteFEN, "o_o", ErrInvalidMove, ""},
		{kiwipeteFEN, "O-", ErrInvalidMove, ""},
		{"", "o-o", ErrIllegalMove, "castling-blocked"},
		{"", "0-o-o", ErrIllegalMove, "castling-blocked"},
	}
	for _, tt := range bad {
		_, err := mustPosition(t, "chess", tt.fen).ParseMove(tt.give)
		var e *Error
		if !errors.As(err, &e) || e.Code != tt.code || e.Reason != tt.reason {
			t.Errorf("ParseMove(%q) in %q = %v; want %s %s", tt.give, tt.fen, err, tt.code, tt.reason)
		}
	}
}

// TestForcedPromotion: a move to a promotion square written without its
// piece is the promotion when it is the only legal move from that square to
// that one (a single choice, no way to stay), in coordinate, SAN and Game
// Courier form; printed, it carries its piece. With several choices it
// still needs the piece.
func TestForcedPromotion(t *testing.T) {
	// Gigachess II: the Pawn on e12 double-steps to the last rank and
	// becomes a Queen; the Knights on c12 and g12 become Buffaloes.
	giga := "14/14/2N1P1N7/14/14/14/14/14/14/14/14/14/14/K12k w - - 0 1"
	// Terachess II: the Troll's step onto the last rank promotes; its
	// leap onto it does not (RULES R12). The Troll on h13 leaps to e16 and
	// h16, the one on e15 steps to e16: Te16 without a piece is the leap,
	// the move that does not promote, as SAN writes it.
	tera := "16/4T11/16/7T8/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1"
	// Grand Chess, promotion type captured: White has lost only its
	// Queen, the one piece its Pawn may become on the last rank; on the
	// optional ranks the Pawn may also stay.
	grand := "7k2/4P5/10/10/10/10/10/10/1NB1KCABN1/R8R w - - 0 1"
	grandOptional := "7k2/10/4P5/10/10/10/10/10/1NB1KCABN1/R8R w - - 0 1"
	tests := []struct {
		variant, fen string
		give         []string
		want, san    string
	}{
		{"gigachess2", giga, []string{"e12e14", "e12-e14", "e14", "P e12-e14", "e12e14q", "e14=Q"}, "e12e14q", "e14=Q"},
		{"gigachess2", giga, []string{"c12d14", "Ncd14", "N c12-d14"}, "c12d14f", "Nd14=F"},
		{"terachess2", tera, []string{"e15e16", "Te16=Q", "e15e16q", "T e15-e16"}, "e15e16q", "Te16=Q"},
		{"terachess2", tera, []string{"h13e16", "Te16"}, "h13e16", "Te16"},
		{"terachess2", tera, []string{"h13h16", "Th16"}, "h13h16", "Th16"},
		{"bigorra", "16/4P11/16/16/16/16/16/16/16/16/16/16/16/16/16/K14k w - - 0 1", []string{"e15e16", "e16"}, "e15e16q", "e16=Q"},
		{"grand", grand, []string{"e9e10", "e10", "e9-e10", "e10+", "e9e10q"}, "e9e10q", "e10=Q+"},
		{"grand", grandOptional, []string{"e8e9", "e9"}, "e8e9", "e9"},
	}
	for _, tt := range tests {
		p := mustPosition(t, tt.variant, tt.fen)
		for _, text := range tt.give {
			m, err := p.ParseMove(text)
			if err != nil {
				t.Errorf("%s: ParseMove(%q) = %v", tt.variant, text, err)
				continue
			}
			if got := p.UCI(m); got != tt.want {
				t.Errorf("%s: ParseMove(%q) = %s; want %s", tt.variant, text, got, tt.want)
			}
			if got := p.SAN(m); got != tt.san {
				t.Errorf("%s: SAN of ParseMove(%q) = %s; want %s", tt.variant, text, got, tt.san)
			}
		}
	}
	bad := []struct {
		variant, fen, give string
		code               Code
		reason             string
	}{
		// Chess: four choices.
		{"chess", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8", ErrIllegalMove, "needs-promotion"},
		{"chess", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8", ErrIllegalMove, "needs-promotion"},
		{"chess", "8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7-e8", ErrIllegalMove, "needs-promotion"},
		{"shako", "k9/4P5/10/10/10/10/10/10/10/K9 w - - 0 1", "e9e10", ErrIllegalMove, "needs-promotion"},
		{"giant", placed(t, "giant", "Ka1 Pe14 kp16", "w - - 0 1"), "e14e15", ErrIllegalMove, "needs-promotion"},
		// Grand Chess with the Queen and the Archbishop lost: two choices.
		{"grand", "7k2/4P5/10/10/10/10/10/10/1NB1KC1BN1/R8R w - - 0 1", "e9e10", ErrIllegalMove, "needs-promotion"},
		{"grand", "7k2/4P5/10/10/10/10/10/10/1NB1KC1BN1/R8R w - - 0 1", "e10", ErrIllegalMove, "needs-promotion"},
		// Two Knights reach d14, each with one choice: SAN without the
		// origin is ambiguous, as it is with the piece named.
		{"gigachess2", "14/14/2N1N9/14/14/14/14/14/14/14/14/14/14/K12k w - - 0 1", "Nd14", ErrAmbiguousMove, ""},
		{"gigachess2", "14/14/2N1N9/14/14/14/14/14/14/14/14/14/14/K12k w - - 0 1", "Nd14=F", ErrAmbiguousMove, ""},
		// A wrong piece named stays wrong.
		{"gigachess2", giga, "e12e14a", ErrIllegalMove, "bad-promotion"},
	}
	for _, tt := range bad {
		_, err := mustPosition(t, tt.variant, tt.fen).ParseMove(tt.give)
		var e *Error
		if !errors.As(err, &e) || e.Code != tt.code || e.Reason != tt.reason {
			t.Errorf("%s: ParseMove(%q) in %q = %v; want %s %s", tt.variant, tt.give, tt.fen, err, tt.code, tt.reason)
		}
	}
	// A Game reads the same.
	g := NewGame(mustPosition(t, "gigachess2", giga))
	m, err := g.ParseMove("e12e14")
	if err != nil || g.Position().UCI(m) != "e12e14q" {
		t.Errorf("Game.ParseMove(e12e14) = %v, %v; want e12e14q", m, err)
	}
}
