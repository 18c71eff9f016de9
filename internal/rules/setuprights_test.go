package rules

import (
	"slices"
	"strings"
	"testing"
)

// The classical setup of every built-in variant is its start FEN: the
// same rights, en-passant field and clocks.
func TestSetupClassicalIsStart(t *testing.T) {
	vs, err := Builtins()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		for _, o := range []SetupOptions{{}, {Mode: "classical", Seed: 1}, {Mode: "classical", Seed: 77}} {
			if got := suGenerate(t, v, o); got != v.StartFEN() {
				t.Errorf("GenerateSetup(%s, %+v) = %q; want the start %q", v.ID(), o, got, v.StartFEN())
			}
		}
	}
	if got := suGenerate(t, MustBuiltin("chess"), SetupOptions{Seed: 1}); !strings.HasSuffix(got, " w KQkq - 0 1") {
		t.Errorf("GenerateSetup(chess, seed 1) = %q; want the rights KQkq", got)
	}
}

// srOptions are setups of every mode that each built-in variant can make.
func srOptions(v *Variant) []SetupOptions {
	if _, err := GenerateSetup(v, SetupOptions{Mode: "random", Count: 2}); err != nil && strings.Contains(err.Error(), "only mode classical") {
		return nil // Racing Kings, Horde, antichess (TestSetupArmiesApart)
	}
	opts := []SetupOptions{
		{Mode: "random", Count: 3},
		{Mode: "random", Count: 6, Duplicates: true},
		{Mode: "random", Count: 6, Duplicates: true, Mirror: true},
	}
	if v.ID() == "grand" {
		opts = append(opts, SetupOptions{Mode: "classical-random", Count: 4},
			SetupOptions{Mode: "random", Count: 19, Duplicates: true, Mirror: true})
	}
	return opts
}

// Every generated setup of every built-in variant is a legal position
// whose rights are exactly those its placement supports, and it allows
// every castling move that the start allows with the same pieces on the
// castling rank.
func TestSetupRights(t *testing.T) {
	vs, err := Builtins()
	if err != nil {
		t.Fatal(err)
	}
	seeds := uint64(40)
	if testing.Short() {
		seeds = 12
	}
	castled := 0
	for _, v := range vs {
		start := srOpened(t, v.Start())
		for _, o := range srOptions(v) {
			for seed := range seeds {
				o.Seed = seed
				fen := suGenerate(t, v, o)
				p := positionOf(t, v, fen)
				srCheckRights(t, v, o, p, fen)
				castled += srCheckCastling(t, start, srOpened(t, p), fen)
			}
		}
	}
	if castled == 0 {
		t.Error("no generated setup could castle; the castling comparison checked nothing")
	}
}

// srCheckRights checks that a side has the start's jump right exactly when
// its King stands on its start square, and a castling right exactly for
// each Rook on that King's rank at least three files away that the rights
// field can write (in the kq notation, the Rooks K and Q stand for; the
// start gives both sides rights in every built-in variant with castling).
func srCheckRights(t *testing.T, v *Variant, o SetupOptions, p *Position, fen string) {
	t.Helper()
	for c := White; c <= Black; c++ {
		home := v.kingHome[c] == p.castler(c)
		if want := home && v.start.jump[c]; p.jump[c] != want {
			t.Errorf("GenerateSetup(%s, %+v) = %q: %s jump right %v; want %v", v.ID(), o, fen, c, p.jump[c], want)
		}
		var want uint16
		for f := 0; home && v.rook != 0 && f < v.files; f++ {
			if p.board[SquareAt(f, v.castleRank[c])] == makePiece(v.rook, c) && abs(f-p.castler(c).File()) >= 3 {
				want |= 1 << f
			}
		}
		if v.castling == "kq" {
			s := p.Setup()
			want &= srBit(s.sideRook(c, true)) | srBit(s.sideRook(c, false))
		}
		if p.castle[c] != want {
			t.Errorf("GenerateSetup(%s, %+v) = %q: %s castling files %b; want %b", v.ID(), o, fen, c, p.castle[c], want)
		}
	}
}

// srOpened returns p with every piece between each King and its castling
// Rooks removed but those Rooks, so that castling depends on the rights,
// the King and the Rooks alone.
func srOpened(t *testing.T, p *Position) *Position {
	t.Helper()
	s := p.Setup()
	for c := White; c <= Black; c++ {
		k := p.castler(c)
		for rights := p.castle[c]; rights != 0; rights &= rights - 1 {
			f := trailingFile(rights)
			lo, hi := min(f, k.File()), max(f, k.File())
			for g := lo + 1; g < hi; g++ {
				if p.castle[c]&(1<<g) == 0 {
					s.Board[SquareAt(g, k.Rank())] = 0
				}
			}
		}
	}
	q, err := NewPosition(s)
	if err != nil {
		t.Fatalf("NewPosition(%q opened) = %v", p.FEN(), err)
	}
	return q
}

// srBit is the rights bit of file f, 0 for -1.
func srBit(f int) uint16 {
	if f < 0 {
		return 0
	}
	return 1 << f
}

func trailingFile(rights uint16) int {
	f := 0
	for rights&1 == 0 {
		rights >>= 1
		f++
	}
	return f
}

// srCheckCastling checks that each castling move of the opened start whose
// King and Rook stand on the same squares in the opened setup, with its
// passed and landing squares unattacked there, is legal in the setup. It
// returns how many such moves it found.
func srCheckCastling(t *testing.T, start, p *Position, fen string) int {
	t.Helper()
	if start.side != p.side || p.InCheck() {
		return 0
	}
	legal := p.LegalMoves()
	n := 0
	for _, m := range start.LegalMoves() {
		if m.Kind != MoveCastle {
			continue
		}
		rook, _ := start.castleRook(m)
		dir := 1
		if m.To.File() < m.From.File() {
			dir = -1
		}
		pass := SquareAt(m.From.File()+dir, m.From.Rank())
		if p.board[m.From] != start.board[m.From] || p.board[rook] != start.board[rook] ||
			p.attacked(pass, p.side.Other()) || p.attacked(m.To, p.side.Other()) {
			continue
		}
		n++
		if !slices.Contains(legal, m) {
			t.Errorf("setup %q (opened: %q) does not allow %s, which the start allows", fen, p.FEN(), p.UCI(m))
		}
	}
	return n
}

// An inline variant keeps what its start FEN says: the side to move, the
// en-passant square and the clocks, and only the rights it gives.
func TestSetupRightsInline(t *testing.T) {
	tests := []struct {
		startFEN string
		give     SetupOptions
		want     string // suffix of the generated FEN
	}{
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", SetupOptions{}, "/RNBQKBNR b KQkq e3 0 1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qk - 3 9", SetupOptions{}, "/RNBQKBNR w Qk - 3 9"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", SetupOptions{}, "/RNBQKBNR w - - 0 1"},
		// Selected setups whose King lands on e1 with Rooks on a1 and h1:
		// a side gets rights only when the start gives it some.
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Q - 0 1", SetupOptions{Mode: "selected", Pieces: []string{"R", "R"}, Duplicates: true, Seed: srKingHomeSeed}, " w KQ - 0 1"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", SetupOptions{Mode: "selected", Pieces: []string{"R", "R"}, Duplicates: true, Seed: srKingHomeSeed}, " w - - 0 1"},
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", SetupOptions{Mode: "selected", Pieces: []string{"R", "R"}, Duplicates: true, Seed: srKingHomeSeed}, " b KQkq e3 0 1"},
	}
	for _, tt := range tests {
		d := chessDefinition(t)
		d.StartFEN = tt.startFEN
		v, err := Compile(d)
		if err != nil {
			t.Fatalf("Compile(start %q) = %v", tt.startFEN, err)
		}
		fen := suGenerate(t, v, tt.give)
		if !strings.HasSuffix(fen, tt.want) {
			t.Errorf("GenerateSetup(start %q, %+v) = %q; want it to end in %q", tt.startFEN, tt.give, fen, tt.want)
		}
		positionOf(t, v, fen)
	}
}

// srKingHomeSeed puts the King on e1 and the Rooks on a1 and h1 when the
// King and two Rooks are selected in chess (TestSetupKingHomeSeed).
const srKingHomeSeed = 83

func TestSetupKingHomeSeed(t *testing.T) {
	fen := suGenerate(t, MustBuiltin("chess"), SetupOptions{Mode: "selected", Pieces: []string{"R", "R"}, Duplicates: true, Seed: srKingHomeSeed})
	if want := "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1"; fen != want {
		t.Errorf("GenerateSetup(chess, selected R R, seed %d) = %q; want %q", srKingHomeSeed, fen, want)
	}
}

// Giant Chess setups never put a Dev on one square: it cannot be drawn,
// and selecting it is an error.
func TestSetupNoDev(t *testing.T) {
	v := MustBuiltin("giant")
	for seed := range uint64(60) {
		fen := suGenerate(t, v, SetupOptions{Mode: "random", Count: 16, Duplicates: true, Seed: seed})
		positionOf(t, v, fen)
	}
	_, err := GenerateSetup(v, SetupOptions{Mode: "selected", Pieces: []string{"Q", "D"}})
	if e, ok := err.(*Error); !ok || e.Code != ErrInvalidArgument || e.Field != "pieces[1]" {
		t.Errorf("GenerateSetup(giant, selected Q D) = %v; want %s in pieces[1]", err, ErrInvalidArgument)
	}
}

// A variant whose armies share the home ranks (Racing Kings) refuses the
// modes that mirror White's setup for Black, naming the mode.
func TestSetupArmiesApart(t *testing.T) {
	v := MustBuiltin("racingkings")
	for _, mode := range []string{"random", "selected", "classical-random", "classical-selected"} {
		_, err := GenerateSetup(v, SetupOptions{Mode: mode, Count: 2})
		if e, ok := err.(*Error); !ok || e.Code != ErrInvalidArgument || e.Field != "mode" || !strings.Contains(e.Detail, "own halves") {
			t.Errorf("GenerateSetup(racingkings, %s) = %v; want invalid-argument at mode (armies not apart)", mode, err)
		}
	}
	if _, err := GenerateSetup(MustBuiltin("3check"), SetupOptions{Mode: "random", Count: 3}); err != nil {
		t.Errorf("GenerateSetup(3check, random) = %v; want a setup", err)
	}
}
