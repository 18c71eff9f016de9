package rules

import (
	"slices"
	"strings"
	"testing"
)

// The golden setups were checked by hand: the extras of the classical modes
// stand on b1-i1, a2 and j2 and are catalogue pieces; the random modes fill
// ranks 1-2 only, with one King; Black is White mirrored across the middle
// rank (same files) or, with Mirror, rotated (a1 -> j10); the Pawns and the
// middle of the board are untouched; the seventh field lists the armies in
// grand.json order.
func TestGenerateSetupGolden(t *testing.T) {
	tests := []struct {
		give SetupOptions
		want string
	}{
		{SetupOptions{}, "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"},
		{SetupOptions{Mode: "classical", Promotion: "captured", Seed: 9}, "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"},
		{SetupOptions{Mode: "classical", Promotion: "initial"}, "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1 initial:QCARRBBNNqcarrbbnn"},
		{SetupOptions{Mode: "classical", Promotion: "all"}, "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1 all"},
		{SetupOptions{Mode: "classical-random", Count: 0, Seed: 5}, "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/R8R w - - 0 1"},
		{SetupOptions{Mode: "classical-random", Count: 3, Seed: 1},
			"r1z3c''2r/hnbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/HNBQKCABN1/R1Z3C''2R w - - 0 1 captured:QCARRBBNNC''ZHqcarrbbnnc''zh"},
		{SetupOptions{Mode: "classical-random", Count: 10, Mirror: true, Seed: 1},
			"rc''l'h''hk''r''xi''r/d'''nbqkcabnz/pppppppppp/10/10/10/10/PPPPPPPPPP/ZNBQKCABND'''/RI''XR''K''HH''L'C''R w - - 0 1 captured:QCARRBBNNXH''I''C''ZR''HK''L'D'''qcarrbbnnxh''i''c''zr''hk''l'd'''"},
		{SetupOptions{Mode: "classical-selected", Pieces: []string{"B''", "G"}, Seed: 1},
			"rg2b''4r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/RG2B''4R w - - 0 1 captured:QCARRBBNNGB''qcarrbbnngb''"},
		{SetupOptions{Mode: "random", Count: 19, Seed: 1},
			"a''i'r''p''s'm''gk''k1/beh''i'''v'e''g'ut'c''/pppppppppp/10/10/10/10/PPPPPPPPPP/BEH''I'''V'E''G'UT'C''/A''I'R''P''S'M''GK''K1 w - - 0 1 captured:BGV'EH''I'C''P''R''M''G'S'E''UK''A''T'I'''bgv'eh''i'c''p''r''m''g's'e''uk''a''t'i'''"},
		{SetupOptions{Mode: "random", Count: 5, Mirror: true, Promotion: "initial", Seed: 2},
			"h'8c'/5d'h'''2k/pppppppppp/10/10/10/10/PPPPPPPPPP/K2H'''D'5/C'8H' w - - 0 1 initial:C'H'D'H'''c'h'd'h'''"},
		{SetupOptions{Mode: "selected", Pieces: []string{"Q", "X"}, Promotion: "all", Seed: 2},
			"x3k4q/10/pppppppppp/10/10/10/10/PPPPPPPPPP/10/X3K4Q w - - 0 1 all"},
	}
	v := MustBuiltin("grand")
	for _, tt := range tests {
		if got, err := GenerateSetup(v, tt.give); got != tt.want || err != nil {
			t.Errorf("GenerateSetup(%+v) = %q, %v; want %q", tt.give, got, err, tt.want)
		}
	}
}

// suTemplates cover every mode with and without duplicates and mirroring.
var suTemplates = []SetupOptions{
	{Mode: "classical"},
	{Mode: "classical-random", Count: 4},
	{Mode: "classical-random", Count: 10, Duplicates: true, Mirror: true},
	{Mode: "classical-random", Count: 10, Promotion: "initial"},
	{Mode: "classical-selected", Pieces: []string{"G", "X", "B''", "K''"}, Promotion: "initial"},
	{Mode: "classical-selected", Pieces: []string{"G", "G", "D''"}, Duplicates: true, Mirror: true},
	{Mode: "random", Count: 1},
	{Mode: "random", Count: 19},
	{Mode: "random", Count: 19, Duplicates: true, Mirror: true, Promotion: "all"},
	{Mode: "random", Count: 8, Mirror: true, Promotion: "captured"},
	{Mode: "selected", Pieces: []string{"Q", "Q", "X", "N", "B''"}, Duplicates: true},
	{Mode: "selected", Pieces: []string{"R", "B", "N", "E''"}, Mirror: true, Promotion: "initial"},
}

func TestGenerateSetupReproducible(t *testing.T) {
	v := MustBuiltin("grand")
	for _, o := range suTemplates {
		o.Seed = 12345
		a := suGenerate(t, v, o)
		if b := suGenerate(t, v, o); a != b {
			t.Errorf("GenerateSetup(%+v) gave %q, then %q", o, a, b)
		}
	}
}

// Different seeds give different setups: of 50 seeds, at least 45 give
// setups of their own (a selection of 3 pieces has only 360 placements).
func TestGenerateSetupSeedsDiffer(t *testing.T) {
	v := MustBuiltin("grand")
	for _, o := range suTemplates {
		if o.Mode == "classical" || o.Mode == "random" && o.Count == 1 {
			continue
		}
		seen := map[string]bool{}
		for seed := range uint64(50) {
			o.Seed = seed
			seen[suGenerate(t, v, o)] = true
		}
		if len(seen) < 45 {
			t.Errorf("GenerateSetup(%+v) gives %d different setups for 50 seeds; want at least 45", o, len(seen))
		}
	}
}

// TestGenerateSetupRules checks every generated setup against RULES R27
// and plays it: the FEN parses and its legal moves can be generated.
func TestGenerateSetupRules(t *testing.T) {
	v := MustBuiltin("grand")
	defs := v.Definition().Pieces
	seeds := uint64(60)
	if testing.Short() {
		seeds = 10
	}
	for _, o := range suTemplates {
		repeats := 0
		for seed := range seeds {
			o.Seed = seed
			fen := suGenerate(t, v, o)
			s, err := ParseFEN(v, fen)
			if err != nil {
				t.Fatalf("ParseFEN(%q) = %v", fen, err)
			}
			extras := suCheckBoard(t, v, defs, o, &s.Board, fen)
			if suHasRepeat(extras) {
				repeats++
			}
			if got, want := suSeventh(fen), suWantSeventh(defs, o, &s.Board); got != want {
				t.Errorf("GenerateSetup(%+v) = %q: seventh field %q; want %q", o, fen, got, want)
			}
			p, err := NewPosition(s)
			if err != nil {
				t.Fatalf("NewPosition(%q) = %v", fen, err)
			}
			if len(p.LegalMoves()) == 0 {
				t.Errorf("GenerateSetup(%+v) = %q has no legal moves", o, fen)
			}
			if got := p.FEN(); got != fen {
				t.Errorf("ParseFEN(%q).FEN() = %q", fen, got)
			}
		}
		if o.Duplicates && o.Mode != "selected" && o.Mode != "classical-selected" && repeats == 0 {
			t.Errorf("GenerateSetup(%+v) never repeated a type in %d seeds", o, seeds)
		}
	}
}

func TestGenerateSetupOtherVariants(t *testing.T) {
	tests := []struct {
		variant string
		give    SetupOptions
	}{
		{"chess", SetupOptions{Mode: "random", Count: 5, Seed: 3}},
		{"chess", SetupOptions{Mode: "random", Count: 7, Duplicates: true, Seed: 3}},
		{"chess", SetupOptions{Mode: "selected", Pieces: []string{"Q", "N", "N"}, Duplicates: true, Mirror: true, Seed: 3}},
		{"shako", SetupOptions{Mode: "random", Count: 19, Duplicates: true, Mirror: true, Seed: 4}},
	}
	for _, tt := range tests {
		v := MustBuiltin(tt.variant)
		fen := suGenerate(t, v, tt.give)
		s, err := ParseFEN(v, fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q) = %v", fen, err)
		}
		suCheckBoard(t, v, v.Definition().Pieces, tt.give, &s.Board, fen)
		if _, err := NewPosition(s); err != nil {
			t.Errorf("NewPosition(%q) = %v", fen, err)
		}
	}
}

func TestGenerateSetupErrors(t *testing.T) {
	twelve := strings.Split("G,X,H,S,U,E,T,O,V,I,Z,W", ",")
	tests := []struct {
		variant string
		give    SetupOptions
		field   string
	}{
		{"grand", SetupOptions{Mode: "bogus"}, "mode"},
		{"grand", SetupOptions{Mode: "Random", Count: 3}, "mode"},
		{"grand", SetupOptions{Mode: "classical", Count: 1}, "count"},
		{"grand", SetupOptions{Mode: "classical", Pieces: []string{"G"}}, "pieces"},
		{"grand", SetupOptions{Mode: "classical-random", Count: -1}, "count"},
		{"grand", SetupOptions{Mode: "classical-random", Count: 11}, "count"},
		{"grand", SetupOptions{Mode: "classical-random", Count: 11, Duplicates: true}, "count"},
		{"grand", SetupOptions{Mode: "classical-random", Count: 2, Pieces: []string{"G"}}, "pieces"},
		{"grand", SetupOptions{Mode: "classical-selected", Pieces: []string{"G", "Q"}}, "pieces[1]"},
		{"grand", SetupOptions{Mode: "classical-selected", Pieces: []string{"K"}}, "pieces[0]"},
		{"grand", SetupOptions{Mode: "classical-selected", Pieces: []string{"P"}}, "pieces[0]"},
		{"grand", SetupOptions{Mode: "classical-selected", Pieces: []string{"G", "X", "G"}}, "pieces[2]"},
		{"grand", SetupOptions{Mode: "classical-selected", Pieces: []string{"g"}}, "pieces[0]"},
		{"grand", SetupOptions{Mode: "classical-selected", Pieces: []string{"X'''"}}, "pieces[0]"},
		{"grand", SetupOptions{Mode: "classical-selected", Pieces: []string{""}}, "pieces[0]"},
		{"grand", SetupOptions{Mode: "classical-selected", Pieces: []string{"G", "X"}, Count: 3}, "count"},
		{"grand", SetupOptions{Mode: "classical-selected", Pieces: twelve[:11]}, "pieces"},
		{"grand", SetupOptions{Mode: "random", Count: 0}, "count"},
		{"grand", SetupOptions{Mode: "random", Count: 20}, "count"},
		{"grand", SetupOptions{Mode: "random", Count: 20, Duplicates: true}, "count"},
		{"grand", SetupOptions{Mode: "random", Count: 4, Pieces: []string{"Q"}}, "pieces"},
		{"grand", SetupOptions{Mode: "selected", Pieces: []string{"Q", "K"}}, "pieces[1]"},
		{"grand", SetupOptions{Mode: "selected", Pieces: []string{"P"}}, "pieces[0]"},
		{"grand", SetupOptions{Mode: "selected", Pieces: []string{"Q", "R", "Q"}}, "pieces[2]"},
		{"grand", SetupOptions{Mode: "selected", Pieces: []string{"Q", "X"}, Count: 2}, "count"},
		{"grand", SetupOptions{Mode: "selected", Pieces: slices.Concat(twelve, twelve[:7])}, "pieces"},
		{"grand", SetupOptions{Mode: "classical", Promotion: "list"}, "promotion"},
		{"grand", SetupOptions{Mode: "random", Count: 5, Promotion: "Captured"}, "promotion"},
		{"chess", SetupOptions{Mode: "classical-random", Count: 1}, "mode"},
		{"chess", SetupOptions{Mode: "classical-selected", Pieces: []string{"Q"}}, "mode"},
		{"chess", SetupOptions{Mode: "random", Count: 8, Duplicates: true}, "count"},
		{"chess", SetupOptions{Mode: "random", Count: 6}, "count"},
		{"chess", SetupOptions{Mode: "random", Count: 3, Promotion: "initial"}, "promotion"},
	}
	for _, tt := range tests {
		fen, err := GenerateSetup(MustBuiltin(tt.variant), tt.give)
		e, ok := err.(*Error)
		if !ok || e.Code != ErrInvalidArgument || e.Field != tt.field || e.Offset != -1 || e.Detail == "" {
			t.Errorf("GenerateSetup(%s, %+v) = %q, %v; want %s in %s", tt.variant, tt.give, fen, err, ErrInvalidArgument, tt.field)
		}
	}
}

// The selected modes accept duplicates only when asked to, and the
// duplicate lists above become valid with Duplicates.
func TestGenerateSetupSelectedDuplicates(t *testing.T) {
	v := MustBuiltin("grand")
	for _, o := range []SetupOptions{
		{Mode: "classical-selected", Pieces: []string{"G", "X", "G"}},
		{Mode: "selected", Pieces: []string{"Q", "R", "Q"}, Count: 4},
	} {
		if _, err := GenerateSetup(v, o); err == nil {
			t.Errorf("GenerateSetup(%+v) = nil error; want a duplicate error", o)
		}
		o.Duplicates = true
		suGenerate(t, v, o)
	}
}

func suGenerate(t *testing.T, v *Variant, o SetupOptions) string {
	t.Helper()
	fen, err := GenerateSetup(v, o)
	if err != nil {
		t.Fatalf("GenerateSetup(%s, %+v) = %v", v.ID(), o, err)
	}
	return fen
}

// suImage is the square of Black's piece for White's on s.
func suImage(v *Variant, s Square, mirror bool) Square {
	f := s.File()
	if mirror {
		f = v.Files() - 1 - f
	}
	return SquareAt(f, v.Ranks()-1-s.Rank())
}

// suKind says whether t is the King, a pawn, or neither (or none).
func suKind(defs []PieceDef, t PieceType) (royal, pawn bool) {
	if t == 0 {
		return false, false
	}
	return defs[t-1].Royal, defs[t-1].PawnClass
}

// suCheckBoard checks a generated board against the options and returns
// the types placed on White's home ranks beyond the start array (the King
// included in the random modes).
func suCheckBoard(t *testing.T, v *Variant, defs []PieceDef, o SetupOptions, board *[NumSquares]Piece, fen string) []PieceType {
	t.Helper()
	start := v.Start()
	startTypes := map[PieceType]bool{}
	for r := 0; r < v.Ranks(); r++ {
		for f := 0; f < v.Files(); f++ {
			s := SquareAt(f, r)
			startTypes[start.PieceAt(s).Type()] = true
			if r >= 2 && r < v.Ranks()-2 && board[s] != start.PieceAt(s) {
				t.Errorf("%+v: %q changes %s outside the home ranks", o, fen, s)
			}
		}
	}
	replace := o.Mode == "random" || o.Mode == "selected"
	var placed []PieceType
	for r := 0; r < 2; r++ {
		for f := 0; f < v.Files(); f++ {
			s, img := SquareAt(f, r), suImage(v, SquareAt(f, r), o.Mirror)
			pc := board[s]
			_, pawn := suKind(defs, start.PieceAt(s).Type())
			switch {
			case pawn || !replace && start.PieceAt(s) != 0:
				if pc != start.PieceAt(s) || board[img] != start.PieceAt(img) {
					t.Errorf("%+v: %q moves the start piece on %s or %s", o, fen, s, img)
				}
				continue
			case !replace && start.PieceAt(img) != 0:
				t.Fatalf("%s: %s is empty at the start but its image %s is not", v.ID(), s, img)
			}
			want := Piece(0)
			if pc != 0 {
				want = MakePiece(pc.Type(), Black)
				placed = append(placed, pc.Type())
				if pc.Color() != White {
					t.Errorf("%+v: %q has a Black piece on %s", o, fen, s)
				}
			}
			if board[img] != want {
				t.Errorf("%+v: %q has %v on %s, the image of %s; want %v", o, fen, board[img], img, s, want)
			}
		}
	}
	suCheckPlaced(t, v, defs, o, placed, startTypes, fen)
	return placed
}

// suCheckPlaced checks the types placed beyond the start array.
func suCheckPlaced(t *testing.T, v *Variant, defs []PieceDef, o SetupOptions, placed []PieceType, startTypes map[PieceType]bool, fen string) {
	t.Helper()
	replace := o.Mode == "random" || o.Mode == "selected"
	want := o.Count
	if o.Mode == "classical-selected" || o.Mode == "selected" {
		want = len(o.Pieces)
		if replace {
			want++
		}
	}
	if len(placed) != want {
		t.Errorf("%+v: %q places %d pieces; want %d", o, fen, len(placed), want)
	}
	kings := 0
	var letters []string
	for _, pt := range placed {
		royal, pawn := suKind(defs, pt)
		switch {
		case royal:
			kings++
			continue
		case pawn:
			t.Errorf("%+v: %q places a pawn", o, fen)
		case !replace && startTypes[pt]:
			t.Errorf("%+v: %q adds %s, a piece of the start array", o, fen, v.Letter(pt))
		}
		letters = append(letters, v.Letter(pt))
	}
	if replace && kings != 1 || !replace && kings != 0 {
		t.Errorf("%+v: %q places %d Kings", o, fen, kings)
	}
	if !o.Duplicates && suHasRepeat(placed) {
		t.Errorf("%+v: %q repeats a type without duplicates", o, fen)
	}
	if o.Pieces != nil {
		slices.Sort(letters)
		want := slices.Sorted(slices.Values(o.Pieces))
		if !slices.Equal(letters, want) {
			t.Errorf("%+v: %q places %v; want %v", o, fen, letters, want)
		}
	}
}

func suHasRepeat(types []PieceType) bool {
	seen := map[PieceType]bool{}
	for _, pt := range types {
		if seen[pt] {
			return true
		}
		seen[pt] = true
	}
	return false
}

// suSeventh returns the seventh field of a FEN, or "".
func suSeventh(fen string) string {
	if f := strings.Fields(fen); len(f) > 6 {
		return f[6]
	}
	return ""
}

// suWantSeventh computes the seventh field the SPEC asks for in Grand.
func suWantSeventh(defs []PieceDef, o SetupOptions, board *[NumSquares]Piece) string {
	promo := o.Promotion
	if promo == "" {
		promo = "captured"
	}
	if promo == "all" {
		return "all"
	}
	army := suArmy(defs, board)
	if promo == "captured" && army == "QCARRBBNNqcarrbbnn" {
		return ""
	}
	return promo + ":" + army
}

// suArmy lists the pieces other than Kings and pawns, White's then Black's,
// in definition order.
func suArmy(defs []PieceDef, board *[NumSquares]Piece) string {
	var sb strings.Builder
	for _, c := range []Color{White, Black} {
		for i, pd := range defs {
			if pd.Royal || pd.PawnClass {
				continue
			}
			l := pd.Letter
			if c == Black {
				l = strings.ToLower(l)
			}
			for _, pc := range board {
				if pc == MakePiece(PieceType(i+1), c) {
					sb.WriteString(l)
				}
			}
		}
	}
	return sb.String()
}
