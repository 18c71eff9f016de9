package rules

import (
	"slices"
	"strings"
	"testing"
)

func TestFENRoundTrip(t *testing.T) {
	tests := []struct{ variant, give string }{
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
		{"chess", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2"},
		{"chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{"chess", "4k3/8/8/8/8/8/8/4K2R w K - 37 120"},
		{"chess", "r3k3/8/8/8/8/8/8/4K3 b q - 0 1"},
		{"shako", "c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1"},
		{"shako", "c8c/ernbqkbnre/ppppp1pppp/10/5p4/4P5/10/PPPP1PPPPP/ERNBQKBNRE/C8C b KQkq e4 0 2"},
		{"shako", "10/rr3k4/ppppp5/10/10/10/10/6PPPP/5K2RR/10 w Kq - 0 1"},
	}
	for _, tt := range tests {
		p := mustPosition(t, tt.variant, tt.give)
		if got := p.FEN(); got != tt.give {
			t.Errorf("ParseFEN(%q).FEN() = %q", tt.give, got)
		}
	}
}

const grandStart = "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"

// TestFENPromotionField: the seventh field of Grand Chess is written only
// when it differs from the default, in piece order, and reads back.
func TestFENPromotionField(t *testing.T) {
	tests := []struct{ give, want string }{
		{grandStart, grandStart},
		{grandStart + " captured", grandStart},
		{grandStart + " captured:QCARRBBNNqcarrbbnn", grandStart},
		{grandStart + " captured:NNBBRRACQnnbbrracq", grandStart},
		{grandStart + " initial", grandStart + " initial:QCARRBBNNqcarrbbnn"},
		{grandStart + " all", grandStart + " all"},
		{grandStart + " captured:QGX'qgx'", grandStart + " captured:QGX'qgx'"},
		{grandStart + " captured:", grandStart + " captured:"},
		{grandStart + " initial:B''b''", grandStart + " initial:B''b''"},
	}
	for _, tt := range tests {
		p := mustPosition(t, "grand", tt.give)
		if got := p.FEN(); got != tt.want {
			t.Errorf("FEN of %q = %q; want %q", tt.give, got, tt.want)
		}
		if got := mustPosition(t, "grand", tt.want).FEN(); got != tt.want {
			t.Errorf("FEN of %q = %q after reading it back", tt.want, got)
		}
	}
}

func TestParseFENErrors(t *testing.T) {
	tests := []struct {
		variant, give string
		field         string
		offset        int
	}{
		{"chess", "", "board", 0},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "fen", 54},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", "fen", 57},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR  w KQkq - 0 1", "turn", 44},
		{"chess", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", 18},
		{"chess", "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", 16},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "board", 34},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w KQkq - 0 1", "board", 43},
		{"chess", "rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", 13},
		{"chess", "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "board", 18},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "turn", 44},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", "rights", 48},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "rights", 47},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w QKkq - 0 1", "rights", 46},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1", "rights", 46},
		{"giant", "rrnnbbqqkgbbnnrr/rrnnbbqqggbbnnrr/ssddeemmcceeddss/ssddeemmcceeddss/pppppppppppppppp/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/PPPPPPPPPPPPPPPP/SSDDEEMMCCEEDDSS/SSDDEEMMCCEEDDSS/RRNNBBQQGGBBNNRR/RRNNBBQQKGBBNNRR w BAOPabop - 0 1", "rights", 218},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en-passant", 51},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmoves", 53},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", "fullmoves", 55},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 01 1", "halfmoves", 53},
		{"shako", "c8c/ernbqkbnre/pppppppppp/11/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1", "board", 26},
		// The seventh field of Grand Chess: the promotion type and armies.
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 captured", "fen", 57},
		{"grand", grandStart + " some", "promotion", 74},
		{"grand", grandStart + " list", "promotion", 74},
		{"grand", grandStart + " all:QR", "promotion", 77},
		{"grand", grandStart + " initial:QR1", "promotion", 84},
		{"grand", grandStart + " initial:QR%", "promotion", 84},
		{"grand", grandStart + " initial:QRP", "promotion", 84},
		{"grand", grandStart + " initial:QRK", "promotion", 84},
		{"grand", grandStart + " captured:QN''''", "promotion", 84},
		{"grand", grandStart + " captured 1", "fen", 83},
		{"grand", "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0", "fen", 71},
		{"grand", "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCAbN''''1/R8R w - - 0 1", "board", 57},
		// Giant Chess: a Dev fills an aligned block; the quick form's
		// seventh field counts the moves left in the turn.
		{"giant", "k15/16/16/16/16/16/16/16/16/16/16/16/3DD11/3DD11/16/K15 w - - 0 1", "board", 44},
		{"giant", "k15/16/16/16/16/16/16/16/16/16/16/16/2DD12/2Dd12/16/K15 w - - 0 1", "board", 44},
		{"giant", "k15/16/16/16/16/16/16/16/16/16/16/16/2D13/2DD12/16/K15 w - - 0 1", "board", 43},
		{"giant", "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1 4", "fen", 60},
		{"giant-quick", "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1 0", "moves-left", 60},
		{"giant-quick", "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1 5", "moves-left", 60},
		{"giant-quick", "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K15 w - - 0 1 x", "moves-left", 60},
	}
	for _, tt := range tests {
		_, err := ParseFEN(MustBuiltin(tt.variant), tt.give)
		e, ok := err.(*Error)
		if !ok || e.Code != ErrInvalidFEN || e.Field != tt.field || e.Offset != tt.offset {
			t.Errorf("ParseFEN(%q) = %v; want %s in %s at offset %d", tt.give, err, ErrInvalidFEN, tt.field, tt.offset)
		}
	}
}

func TestNewPositionErrors(t *testing.T) {
	tests := []struct {
		variant, give, field string
	}{
		{"chess", "8/8/8/8/8/8/8/4K3 w - - 0 1", "board"},
		{"chess", "4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "board"},
		{"chess", "4k3/8/8/8/8/8/8/4K2R b K - 0 1", ""},
		{"chess", "4k3/8/8/8/8/8/8/R3K3 w K - 0 1", "rights"},
		{"chess", "4k3/8/8/8/8/8/8/3K3R w K - 0 1", "rights"},
		{"chess", "4k3/8/8/8/8/8/8/4K3 w - e3 0 1", "en-passant"},
		{"chess", "4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", "en-passant"},
		{"chess", "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", ""},
		{"chess", "4k2R/8/8/8/8/8/8/4K3 w - - 0 1", "board"},
		{"chess", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "board"},
		// The quick form: no en-passant right and no check in the middle of a turn.
		{"giant-quick", "k15/16/16/16/16/16/16/16/16/16/4pP10/16/16/16/16/K15 b - f7 0 1 3", "en-passant"},
		{"giant-quick", "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K14r w - - 0 1 3", "moves-left"},
		{"giant-quick", "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/K14r w - - 0 1 4", ""},
		{"giant-quick", "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/2q13/K15 w - - 0 1 2", "moves-left"},
		{"giant-quick", "k15/16/16/16/16/16/16/16/16/16/16/16/16/16/2q13/K15 w - - 0 1 4", ""},
	}
	for _, tt := range tests {
		s, err := ParseFEN(MustBuiltin(tt.variant), tt.give)
		if err != nil {
			if tt.field == "rights" {
				if e, ok := err.(*Error); ok && e.Field == "rights" {
					continue
				}
			}
			t.Errorf("ParseFEN(%q) = %v", tt.give, err)
			continue
		}
		_, err = NewPosition(s)
		if tt.field == "" {
			if err != nil {
				t.Errorf("NewPosition(%q) = %v; want nil", tt.give, err)
			}
			continue
		}
		e, ok := err.(*Error)
		if !ok || e.Code != ErrIllegalPosition || e.Field != tt.field {
			t.Errorf("NewPosition(%q) = %v; want %s in %s", tt.give, err, ErrIllegalPosition, tt.field)
		}
	}
}

// FuzzParseFEN: accepted FENs round-trip exactly (one without its clocks,
// or an EPD, prints its four fields and the clocks 0 1); rejected ones give
// a typed error with an offset inside the text; positions list their moves.
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
		"c8c/ernbqkbnre/pppppppppp/10/10/10/10/PPPPPPPPPP/ERNBQKBNRE/C8C w KQkq - 0 1",
		"4k3/8/8/8/8/8/8/4K2R w K - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
		"k7/8/8/8/8/8/8/7K w - a9 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
		"rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"start\";",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - c0 \"a ; \\\"b\\\"  c\";  noop;",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - id \"x;",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm:e4;",
		"4k3/8/8/8/8/8/8/4K2R w K - ",
		// A clock that is a word, a King missing before K and Q, characters
		// that are not ASCII, a square at fault (fenwhere.go).
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
		"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ♔BNR w KQkq - 0 1",
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w K♔kq - 0 1",
		"rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w Qq - 0 1",
		"8/8/8/8/8/8/8/Kk6 w - - 0 1",
	} {
		f.Add("chess", s)
		f.Add("shako", s)
	}
	// Rights in both notations, Chess960 arrays, squares that are not part
	// of the board.
	for _, vs := range [][2]string{
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"},
		{"chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
		{"chess960", "4k3/8/8/8/8/8/8/4KR1R w F - 0 1"},
		{"capablanca", "r4k3r/10/10/10/10/10/10/R4K3R w KQkq - 0 1"},
		{"wildebeest", "5k5/11/11/11/11/3pPp5/3p7/2P8/11/5K5 b - e3e4 0 1"},
		{"wildebeest", "r4k4r/11/11/11/11/11/11/11/11/R4K4R w KQkq - 0 1"},
		{"wolf", "k7/8/8/Ps6/8/8/8/8/8/7K w - b8 0 2"},
		{"courier", "rnebmk1wbenr/1ppppp1pppp1/6f5/p5p4p/P5P4P/6F5/1PPPPP1PPPP1/RNEBMK1WBENR w - - 0 1"},
		{"omicron", "w**********w/*crnbqkbnrc*/*pppppppppp*/*10*/*10*/*10*/*10*/*PPPPPPPPPP*/*CRNBQKBNRC*/W**********W w KQkq - 0 1"},
		{"omicron", "w10w/*4k5*/*10*/*10*/*10*/*10*/*10*/*10*/*4K5*/W**********W w - - 0 1"},
	} {
		f.Add(vs[0], vs[1])
	}
	for _, s := range []string{
		grandStart, grandStart + " captured", grandStart + " initial:QGX'qgx'", grandStart + " all",
		grandStart + " captured:", "9k/10/10/10/4b''5/10/4n5/10/4K''5/K9 w - - 0 20 initial:B''K''b''k''",
		grandStart + " all fool:N/-", "9k/10/10/10/4F'''5/10/10/10/10/K9 b - - 0 2 fool:B''/B''@e6",
		strings.TrimSuffix(grandStart, " 0 1"), strings.TrimSuffix(grandStart, " 0 1") + " initial:QRqr",
		strings.TrimSuffix(grandStart, " 0 1") + " fool:N/-", strings.TrimSuffix(grandStart, " 0 1") + " bm e4;",
		"9k/10/2a'''7/c'''9/3pH'''5/5w'''4/10/K2c'''6/10/10 w - d7 0 2", "9k/10/10/4i'''5/4N5/3D'''M'''5/10/10/10/K9 w - - 0 2 fool:-/W'''",
	} {
		f.Add("grand", s)
	}
	for _, s := range []string{
		"rrnnbbqqkgbbnnrr/rrnnbbqqggbbnnrr/ssddeemmcceeddss/ssddeemmcceeddss/pppppppppppppppp/pppppppppppppppp/16/16/16/16/PPPPPPPPPPPPPPPP/PPPPPPPPPPPPPPPP/SSDDEEMMCCEEDDSS/SSDDEEMMCCEEDDSS/RRNNBBQQGGBBNNRR/RRNNBBQQKGBBNNRR w ABOPabop - 0 1",
		"k15/16/16/16/16/16/16/16/16/16/16/16/2DD12/2Dd12/16/K15 w - - 0 1",
		"r2kq11/16/16/16/16/16/6dd8/6dd8/2s3DD8/4Q1DD1N6/16/4pp10/16/2S13/16/R3K10R w - - 0 30",
	} {
		f.Add("giant", s)
		f.Add("giant-quick", s+" 3")
		four := strings.TrimSuffix(strings.TrimSuffix(s, " 30"), " 1")
		f.Add("giant", strings.TrimSuffix(four, " 0"))
		f.Add("giant-quick", strings.TrimSuffix(four, " 0")+" 3")
	}
	// Check counts in both dialects, and the variants without a royal piece.
	for _, vs := range [][2]string{
		{"3check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"},
		{"3check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+2"},
		{"3check", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1"},
		{"3check", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1 bm e4;"},
		{"3check", "4k3/8/8/8/8/8/8/R3K3 w - - 0+0 0 30"},
		{"5check", "4k3/8/8/8/8/8/8/R3K3 w - - 5+6 0 30"},
		{"antichess", "8/8/8/8/8/8/1k6/R7 w - - 0 1"},
		{"horde", "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"},
		// Atomic: the side to move's King blown up, touching Kings, a
		// Chess960 array.
		{"atomic", "rnbq3r/ppp1p1pp/8/3p4/4P3/8/PPPP1PPP/RNB1KBNR b KQ - 0 3"},
		{"atomic", "8/8/8/8/8/8/3k4/r3K3 w - - 0 1"},
		{"atomic960", "Rr2k1rR/3K4/3p4/8/8/8/7P/8 w kq - 0 1"},
		{"extinction960", "r1k1k2r/pppbqppp/2n2n2/8/8/2N2N2/PPPBQPPP/R3K2R b KQekq - 0 1"},
		{"nocheckatomic", "4k3/8/8/8/8/8/8/8 b - - 0 1"},
		{"racingkings", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"},
	} {
		f.Add(vs[0], vs[1])
	}
	f.Fuzz(func(t *testing.T, variant, text string) {
		v, err := Builtin(variant)
		if err != nil {
			return
		}
		s, err := ParseFEN(v, text)
		if err != nil {
			e, ok := err.(*Error)
			switch {
			case ok && e.Code == ErrIllegalPosition:
				// A side without exactly one King, where its rights K and
				// Q need one: at a second King, or nowhere.
				if e.Field != fieldBoard || e.Offset >= len(text) {
					t.Fatalf("ParseFEN(%q) = %#v; want illegal-position of the board", text, err)
				}
			case !ok || e.Code != ErrInvalidFEN || e.Offset < 0 || e.Offset > len(text):
				t.Fatalf("ParseFEN(%q) = %#v; want an invalid-fen error with an offset in the text", text, err)
			case escapedHighByte.MatchString(e.Detail):
				t.Fatalf("ParseFEN(%q) = %v; want the offending character quoted as text", text, err)
			}
			return
		}
		orig := text
		// The six fields print back exactly, or the four and the clocks
		// 0 1 for a FEN without them; the promotion field in its canonical
		// form, which reads back to itself.
		canon := s.FEN()
		full := canon
		given := strings.Split(text, " ")
		if v.checkLimit > 0 {
			// The check counts, in either dialect, compare apart: the
			// canonical FEN writes them after the en-passant field.
			fields := strings.Split(canon, " ")
			if fields[4] != string(s.checksText(nil)) {
				t.Fatalf("ParseFEN(%q).FEN() = %q: the counts written are not the counts read", text, canon)
			}
			canon = strings.Join(slices.Delete(fields, 4, 5), " ")
			switch {
			case len(given) > 4 && checksField(given[4], false):
				given = slices.Delete(given, 4, 5)
			case len(given) == 7 && checksField(given[6], true):
				given = given[:6]
			}
		}
		if len(given) == 4 || len(given) > 4 && isLetter(given[4][0]) {
			given = append(given[:4], "0", "1")
		}
		if s.otherRights(given[2]) || s.bareRights(given[2]) {
			// The rights in the other notation, or without the file of
			// the first of two castling Kings, read the same.
			given[2] = s.rightsText()
		}
		if c := strings.Split(canon, " "); len(given[3]) > 2 && len(c[3]) == len(given[3]) && sameSquares(given[3], c[3]) {
			given[3] = c[3] // a triple step's two squares, read in either order
		}
		if got := strings.Join(strings.Split(canon, " ")[:6], " "); got != strings.Join(given[:6], " ") {
			t.Fatalf("ParseFEN(%q).FEN() = %q", text, canon)
		}
		canon = full
		if again := mustSetup(t, v, canon).FEN(); again != canon {
			t.Fatalf("ParseFEN(%q).FEN() = %q, which prints back as %q", text, canon, again)
		}
		text = canon
		p, err := NewPosition(s)
		if err != nil {
			if CodeOf(err) != ErrIllegalPosition {
				t.Fatalf("NewPosition(%q) = %v; want illegal-position", text, err)
			}
			// The offset of the square or field at fault is one of the
			// FEN that the setup was read from.
			if e := err.(*Error); e.Offset < -1 || e.Offset >= len(orig) {
				t.Fatalf("NewPosition(%q) = %v; want an offset in the FEN or -1", orig, err)
			}
			return
		}
		if p.FEN() != text {
			t.Fatalf("NewPosition(%q).FEN() = %q", text, p.FEN())
		}
		for _, m := range p.LegalMoves() {
			q, err := p.Play(m)
			if err != nil {
				t.Fatalf("Play(%s) in %q = %v", p.UCI(m), text, err)
			}
			if _, err := NewPosition(mustSetup(t, v, q.FEN())); err != nil && !strings.Contains(err.Error(), "en-passant") {
				t.Fatalf("position after %s in %q does not reload: %v", p.UCI(m), text, err)
			}
		}
	})
}

func mustSetup(t *testing.T, v *Variant, fen string) *Setup {
	t.Helper()
	s, err := ParseFEN(v, fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q) = %v", fen, err)
	}
	return s
}

// sameSquares says whether two en-passant fields of two squares name the
// same squares, in either order.
func sameSquares(a, b string) bool {
	if a == b {
		return true
	}
	for i := 1; i < len(a); i++ {
		if a[i] >= 'a' && a[i] <= 'z' {
			return a[i:]+a[:i] == b
		}
	}
	return false
}
