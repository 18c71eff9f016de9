package rules

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// Engine-side tests of the eight exotic pieces (power.go and the files it
// lists): what a kit without them pays, the FEN field of the Fools' memory,
// notation, explanations, definitions, and the fast attack and legality
// tests against plain generation. The rules themselves are checked against
// the independent reference in refexotic_test.go.

// exoticPieces are the eight powers on a 10x10 board, with pieces they
// interact with.
var exoticPieces = []PieceDef{
	{Name: "Advancer", Letter: "A", Betza: "mQ", Behaviour: "advancer"},
	{Name: "Withdrawer", Letter: "W", Betza: "mQ", Behaviour: "withdrawer"},
	{Name: "Coordinator", Letter: "C", Betza: "mQ", Behaviour: "coordinator"},
	{Name: "Immobilizer", Letter: "I", Betza: "mQ", Behaviour: "immobilizer"},
	{Name: "Chameleon", Letter: "H", Betza: "mQ", Behaviour: "chameleon"},
	{Name: "Fool", Letter: "F", Behaviour: "fool"},
	{Name: "Diplomat", Letter: "D", Betza: "mK", Behaviour: "diplomat"},
	{Name: "Windmill", Letter: "M", Behaviour: "windmill"},
	{Name: "Archer", Letter: "X", Betza: "N", Behaviour: "archer"},
	{Name: "Block", Letter: "B", Betza: "mQ3", Immune: true},
	{Name: "Cannon", Letter: "N", Betza: "mRcpR"},
	{Name: "Queen", Letter: "Q", Betza: "Q"},
	{Name: "Kangaroo", Letter: "G", Behaviour: "kangaroo"},
}

// TestPowersCostNothingWithout: no variant without the behaviours sets a
// power bit, and a Grand Chess game without the pieces runs on a kit with
// none of them; the promotion type all may make a Fool, so it remembers
// what a Fool would copy, without testing any power.
func TestPowersCostNothingWithout(t *testing.T) {
	for _, id := range []string{"chess", "shako", "gigachess2", "terachess2", "bigorra", "giant", "giant-quick"} {
		if v := MustBuiltin(id); v.hasPower || v.powered != (pieceSet{}) || v.fools != (typeSet{}) {
			t.Errorf("%s has power bits", id)
		}
	}
	v := MustBuiltin("grand")
	if !v.hasPower {
		t.Fatal("grand has no powers")
	}
	p := v.Start()
	if k := p.kit; k.odd || k.track || k.foolable || k.oddSet != (pieceSet{}) {
		t.Errorf("the classical Grand start's kit has power flags: odd %v track %v foolable %v", k.odd, k.track, k.foolable)
	}
	all := positionOf(t, v, grandStart+" all")
	if k := all.kit; k.odd || !k.track || !k.foolable {
		t.Errorf("Grand with promotion type all: odd %v track %v foolable %v; want false true true", k.odd, k.track, k.foolable)
	}
	with := positionOf(t, v, "r8r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/RI'''7R w - - 0 1")
	if k := with.kit; !k.odd || k.track {
		t.Errorf("Grand with an Immobilizer: odd %v track %v; want true false", k.odd, k.track)
	}
}

// TestFoolField reads and writes the FEN's field of the Fools' memory.
func TestFoolField(t *testing.T) {
	v := MustBuiltin("grand")
	const board = "9k/10/10/10/4F'''5/10/10/10/10/K9"
	tests := []struct {
		give, want string // want "" is give itself
	}{
		{board + " w - - 0 2 fool:N/-", ""},
		{board + " w - - 0 2 fool:-/Q", ""},
		{board + " w - - 0 2 fool:-/-", board + " w - - 0 2"},
		{board + " w - - 0 2", ""},
		{board + " w - - 0 2 all fool:N'/B''", ""},
		// No Fool on the board and none to promote to: the memory means nothing.
		{"9k/10/10/10/10/10/10/10/10/K9 w - - 0 2 fool:N/Q", "9k/10/10/10/10/10/10/10/10/K9 w - - 0 2"},
		// ... but with the promotion type all a Pawn may become one.
		{"9k/10/10/10/10/10/10/10/10/K9 w - - 0 2 all fool:N/Q", ""},
		{"9k/10/10/10/4F'''5/10/10/10/10/K9 b - - 0 2 fool:B''/B''@e6", ""},
		{"9k/10/10/10/4F'''5/10/10/10/10/K9 b - - 0 2 fool:I'''/I'''@e6", ""},
	}
	for _, tt := range tests {
		want := tt.want
		if want == "" {
			want = tt.give
		}
		if got := positionOf(t, v, tt.give).FEN(); got != want {
			t.Errorf("FEN of %q = %q; want %q", tt.give, got, want)
		}
	}
	bad := []struct {
		give  string
		code  Code
		field string
	}{
		{board + " w - - 0 2 fool:N", ErrInvalidFEN, "fool"},
		{board + " w - - 0 2 fool:n/-", ErrInvalidFEN, "fool"},
		{board + " w - - 0 2 fool:F'''/-", ErrInvalidFEN, "fool"},
		{board + " w - - 0 2 fool:H'''/-", ErrInvalidFEN, "fool"},
		{board + " w - - 0 2 fool:N/-@k11", ErrInvalidFEN, "fool"},
		{board + " w - - 0 2 fool:N/- captured", ErrInvalidFEN, "fen"},
		{board + " w - - 0 2 fool:B''/B''@e6", ErrIllegalPosition, "fool"}, // White's Fool, White to move
		{board + " b - - 0 2 fool:B''/N@e6", ErrIllegalPosition, "fool"},
		{board + " b - - 0 2 fool:N/N@e6", ErrIllegalPosition, "fool"},
		{board + " b - - 0 2 fool:B''/B''@e5", ErrIllegalPosition, "fool"},
	}
	for _, tt := range bad {
		s, err := ParseFEN(v, tt.give)
		if err == nil {
			_, err = NewPosition(s)
		}
		e, ok := err.(*Error)
		if !ok || e.Code != tt.code || e.Field != tt.field {
			t.Errorf("%q: %v; want %s in %s", tt.give, err, tt.code, tt.field)
		}
		if ok && e.Code == ErrInvalidFEN && (e.Offset < 0 || e.Offset > len(tt.give)) {
			t.Errorf("%q: offset %d outside the text", tt.give, e.Offset)
		}
	}
}

// TestFoolMemoryInRepetitions: the copied type belongs to the repetition
// key where a Fool can use it, and the FEN written after each move reads
// back to the same position.
func TestFoolMemoryInRepetitions(t *testing.T) {
	v := MustBuiltin("grand")
	a := positionOf(t, v, "9k/10/10/10/4F'''5/10/10/10/10/K9 w - - 0 2 fool:N/-")
	b := positionOf(t, v, "9k/10/10/10/4F'''5/10/10/10/10/K9 w - - 0 2 fool:Q/-")
	c := positionOf(t, v, "9k/10/10/10/4F'''5/10/10/10/10/K9 w - - 0 2 fool:N/Q")
	if a.RepetitionKey() == b.RepetitionKey() {
		t.Error("copying a Knight or a Queen gives the same repetition key")
	}
	if a.RepetitionKey() != c.RepetitionKey() {
		t.Error("what Black's Fools would copy changes the key though Black has none")
	}
	for _, m := range a.LegalMoves() {
		q, err := a.Play(m)
		if err != nil {
			t.Fatal(err)
		}
		r := positionOf(t, v, q.FEN())
		if r.RepetitionKey() != q.RepetitionKey() || r.FEN() != q.FEN() {
			t.Errorf("after %s: %q reads back as %q", a.UCI(m), q.FEN(), r.FEN())
		}
	}
}

// TestExoticNotation: a conversion is written from the converter to the
// converted square, in SAN as a capture; captures off the destination are
// listed; every notation reads back.
func TestExoticNotation(t *testing.T) {
	v := MustBuiltin("grand")
	p := positionOf(t, v, "9k/10/10/10/4n5/4D'''5/10/10/10/K9 w - - 0 2")
	m, err := p.ParseMove("e5e6")
	if err != nil || m.Kind != MoveConvert {
		t.Fatalf("ParseMove(e5e6) = %v, %v; want a conversion", m, err)
	}
	d := p.Detail(m)
	if d.SAN != "D'''xe6" || len(d.Captures) != 0 || !slices.Equal(d.Converted, []Square{m.To}) {
		t.Errorf("conversion: SAN %q captures %v converted %v; want D'''xe6, none, [e6]", d.SAN, d.Captures, d.Converted)
	}
	for _, text := range []string{"D'''xe6", "D''' e5-e6", "e5-e6", "D'''e6"} {
		if got, err := p.ParseMove(text); err != nil || got != m {
			t.Errorf("ParseMove(%q) = %v, %v; want %v", text, got, err, m)
		}
	}
	q, err := p.Play(m)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := q.FEN(), "9k/10/10/10/4N5/4D'''5/10/10/10/K9 b - - 0 2"; got != want {
		t.Errorf("after the conversion: %q; want %q", got, want)
	}
	// The Chameleon of the text's diagram takes five pieces by one move.
	c := positionOf(t, v, "9k/10/2a'''7/c'''9/3pH'''5/5w'''4/10/K2c'''6/10/10 w - d7 0 2")
	m, err = c.ParseMove("H'''xd7")
	if err != nil {
		t.Fatal(err)
	}
	got := squareNames2(c.Captures(m))
	if want := []string{"a7", "c8", "d3", "d6", "f5"}; m.Kind != MoveMulti || !slices.Equal(got, want) {
		t.Errorf("e6d7: kind %s captures %v; want multi-capture %v", m.Kind, got, want)
	}
	after, _ := c.Play(m)
	if want := "9k/10/10/3H'''6/10/10/10/K9/10/10 b - - 0 2"; after.FEN() != want {
		t.Errorf("after e6d7: %q; want %q", after.FEN(), want)
	}
}

func squareNames2(sqs []Square) []string {
	var out []string
	for _, s := range sqs {
		out = append(out, s.String())
	}
	slices.Sort(out)
	return out
}

// TestExoticExplain: validate-move's reasons for the powers.
func TestExoticExplain(t *testing.T) {
	v := MustBuiltin("grand")
	tests := []struct {
		fen, move, reason string
	}{
		// The Knight on e5 is next to a Black Immobilizer.
		{"9k/10/10/4i'''5/4N5/10/10/10/10/K9 w - - 0 10", "e6d4", "immobilized"},
		// Nothing to copy before the opponent's first move.
		{"9k/10/10/10/4F'''5/10/10/10/10/K9 w - - 0 2", "e6e7", "nothing-to-copy"},
		// A KnightRider is frozen for five moves.
		{"9k/10/10/10/4N'5/10/10/10/10/K9 w - - 0 2", "e6f8", "frozen"},
		// A Block cannot be converted, nor a Fool that copied a Block.
		{"9k/10/10/10/4b''5/4D'''5/10/10/10/K9 w - - 0 10", "e5e6", "immune"},
		{"9k/10/10/10/4f'''5/4D'''5/10/10/10/K9 w - - 0 10 fool:B''/B''@e6", "e5e6", "immune"},
		// The Chameleon never takes a Fool.
		{"9k/10/10/10/4f'''5/4H'''5/10/10/10/K9 w - - 0 10", "e5e6", "unreachable"},
	}
	for _, tt := range tests {
		p := positionOf(t, v, tt.fen)
		_, err := p.ParseMove(tt.move)
		e, ok := err.(*Error)
		if !ok || e.Code != ErrIllegalMove || e.Reason != tt.reason {
			t.Errorf("%s in %s: %v; want reason %s", tt.move, tt.fen, err, tt.reason)
		}
	}
}

// TestPowerDefinitions: what a definition may and may not give a piece
// with a power, and a custom variant's Chameleon imitating its own pieces.
func TestPowerDefinitions(t *testing.T) {
	base := func(extra ...PieceDef) *Definition {
		return &Definition{ID: "ex", Name: "Ex", Files: 8, Ranks: 8, StartFEN: "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
			Pieces: append([]PieceDef{{Name: "King", Letter: "K", Betza: "K", Royal: true}}, extra...)}
	}
	bad := []struct {
		name  string
		def   *Definition
		field string
	}{
		{"capturing advancer", base(PieceDef{Name: "A", Letter: "A", Betza: "Q", Behaviour: "advancer"}), "pieces[1].betza"},
		{"fool with betza", base(PieceDef{Name: "F", Letter: "F", Betza: "N", Behaviour: "fool"}), "pieces[1].betza"},
		{"advancer without betza", base(PieceDef{Name: "A", Letter: "A", Behaviour: "advancer"}), "pieces[1].betza"},
		{"hopping chameleon", base(PieceDef{Name: "H", Letter: "H", Betza: "mpR", Behaviour: "chameleon"}), "pieces[1].betza"},
		{"immune diplomat", base(PieceDef{Name: "D", Letter: "D", Betza: "mK", Behaviour: "diplomat", Immune: true}), "pieces[1].immune"},
		{"promoting windmill", base(PieceDef{Name: "M", Letter: "M", Behaviour: "windmill", PromotesTo: []string{"K"}}), "pieces[1].behaviour"},
	}
	for _, tt := range bad {
		_, err := Compile(tt.def)
		if e, ok := err.(*Error); !ok || e.Code != ErrInvalidVariant && e.Code != ErrInvalidBetza || e.Field != tt.field {
			t.Errorf("%s: %v; want invalid-variant in %s", tt.name, err, tt.field)
		}
	}
	quick := base(PieceDef{Name: "F", Letter: "F", Behaviour: "fool"})
	quick.Rules.MovesPerTurn = 2
	if _, err := Compile(quick); CodeOf(err) != ErrInvalidVariant {
		t.Errorf("a Fool in a variant of two moves a turn: %v; want invalid-variant", err)
	}
	// A custom Chameleon takes a custom Camel by the Camel's leap, and the
	// Rook-moving Advancer takes by approach along files and ranks only.
	d := base(PieceDef{Name: "Chameleon", Letter: "H", Betza: "mR", Behaviour: "chameleon"},
		PieceDef{Name: "Camel", Letter: "J", Betza: "C"},
		PieceDef{Name: "Advancer", Letter: "A", Betza: "mR", Behaviour: "advancer"})
	v, err := Compile(d)
	if err != nil {
		t.Fatal(err)
	}
	p := positionOf(t, v, "4k3/8/2j5/8/8/1H6/4K3/A5j1 w - - 0 1")
	var got []string
	for _, m := range p.LegalMoves() {
		if c := p.Captures(m); len(c) > 0 {
			got = append(got, fmt.Sprintf("%s:%s", p.UCI(m), strings.Join(squareNames2(c), ",")))
		}
	}
	slices.Sort(got)
	if want := []string{"a1f1:g1", "b3c6:c6"}; !slices.Equal(got, want) {
		t.Errorf("captures %v; want %v", got, want)
	}
}

// TestExoticAttacksAgreeWithCaptures: in random positions with every power
// and random Fools' memories, attacked agrees with generating each piece's
// captures and conversions against a King put on the square, and the legal
// moves (with the guard's shortcuts) agree with playing every move.
func TestExoticAttacksAgreeWithCaptures(t *testing.T) {
	v := zooVariant(t, 10, 10, exoticPieces)
	positions := randomPositions(t, v, 19, 80, 16)
	positions = append(positions, randomPositions(t, v, 20, 60, 30)...)
	rng := rand.New(rand.NewPCG(21, 22))
	types := []PieceType{v.byLetter["Q"], v.byLetter["N"], v.byLetter["A"], v.byLetter["W"], v.byLetter["C"],
		v.byLetter["D"], v.byLetter["M"], v.byLetter["X"], v.byLetter["B"], v.byLetter["I"], v.byLetter["K"], v.byLetter["O"], 0}
	var withMemory []*Position
	for _, p := range positions {
		s := p.Setup()
		s.Copies = [2]PieceType{types[rng.IntN(len(types))], types[rng.IntN(len(types))]}
		if q, err := NewPosition(s); err == nil {
			withMemory = append(withMemory, q)
		}
	}
	for _, p := range append(positions, withMemory...) {
		checkPowerAttacks(t, p)
		checkLegalByTrial(t, p)
	}
}

// checkPowerAttacks compares attacked with generation for every square
// holding nothing or an enemy piece (replaced by a stand-in King).
func checkPowerAttacks(t *testing.T, p *Position) {
	t.Helper()
	v := p.v
	for by := White; by <= Black; by++ {
		for sq := Square(0); sq < NumSquares; sq++ {
			if !v.onBoard.has(sq) || p.board[sq] != 0 && p.board[sq].Color() == by || sq == p.king[by.Other()] {
				continue
			}
			q := p.clone()
			if q.board[sq] != 0 {
				q.remove(sq)
			}
			q.put(sq, makePiece(v.royal, by.Other())) // a stand-in: the real King stays
			q.king[by.Other()] = p.king[by.Other()]
			q.computeHeld()
			want := ""
			for from := Square(0); from < NumSquares && want == ""; from++ {
				pc := q.board[from]
				if pc == 0 || pc.Color() != by || q.idle(from, pc) {
					continue
				}
				for _, m := range q.pieceMoves(nil, from, pc, true) {
					if slices.Contains(q.Captures(m), sq) || slices.Contains(q.Converted(m), sq) {
						want = fmt.Sprintf("%s %s by %s", v.Letter(pc.Type()), from, q.UCI(m))
					}
				}
			}
			if got := q.attacked(sq, by); got != (want != "") {
				t.Errorf("%s: attacked(%s, %s) = %v; generation says %q", q.FEN(), sq, by, got, want)
			}
		}
	}
}

// FuzzFoolField reads the Fools' memory field: accepted text round-trips,
// rejected text is an invalid-fen error inside the text.
func FuzzFoolField(f *testing.F) {
	for _, s := range []string{"fool:N/-", "fool:-/Q", "fool:B''/B''@e6", "fool:I'''/I'''@e6", "fool:", "fool:/", "fool:N/N@", "fool:N'''''/-"} {
		f.Add(s)
	}
	v := MustBuiltin("grand")
	const board = "9k/10/10/10/4F'''5/10/10/10/10/K9 b - - 0 2 "
	f.Fuzz(func(t *testing.T, field string) {
		text := board + field
		s, err := ParseFEN(v, text)
		if err != nil {
			if e, ok := err.(*Error); !ok || e.Code != ErrInvalidFEN || e.Offset < 0 || e.Offset > len(text) {
				t.Fatalf("ParseFEN(%q) = %v", text, err)
			}
			return
		}
		canon := s.FEN()
		if again := mustSetup(t, v, canon).FEN(); again != canon {
			t.Fatalf("%q prints as %q, which prints back as %q", text, canon, again)
		}
		if p, err := NewPosition(s); err == nil {
			if q := positionOf(t, v, p.FEN()); q.FEN() != p.FEN() {
				t.Fatalf("%q: position %q reads back as %q", text, p.FEN(), q.FEN())
			}
		} else if CodeOf(err) != ErrIllegalPosition {
			t.Fatalf("NewPosition(%q) = %v", text, err)
		}
	})
}

// TestHeldMaskFollowsMoves: the immobilization mask that make and unmake
// keep up to date (updateHeld) equals the mask computed afresh, after
// every move and every take-back of fixed-seed random playouts, and unmake
// restores the position exactly.
func TestHeldMaskFollowsMoves(t *testing.T) {
	v := MustBuiltin("grand")
	rng := rand.New(rand.NewPCG(31, 32))
	starts := []string{
		"ra'''w'''c'''i'''h'''f'''d'''m'''r/1nbqkcabn1/pppppppppp/10/10/10/10/PPPPPPPPPP/1NBQKCABN1/RA'''W'''C'''I'''H'''F'''D'''M'''R w - - 0 1",
		"9k/10/10/4i'''5/4N5/3D'''M'''5/10/10/10/K9 w - - 0 2 fool:-/W'''",
	}
	check := func(p *Position, when string) {
		q := p.clone()
		q.computeHeld()
		if q.stuck != p.stuck {
			t.Fatalf("%s %s: the mask kept differs from the mask computed", p.FEN(), when)
		}
	}
	for _, fen := range starts {
		p := positionOf(t, v, fen)
		plies := 0
		for ply := 0; ply < 120; ply++ {
			legal := p.LegalMoves()
			if len(legal) == 0 {
				break
			}
			for _, m := range legal {
				before := *p
				u := p.make(m)
				check(p, "after "+p.UCI(m))
				p.unmake(m, u)
				if *p != before {
					t.Fatalf("%s: unmake of %s does not restore the position", before.FEN(), before.UCI(m))
				}
			}
			m := legal[rng.IntN(len(legal))]
			p.play(m)
			check(p, "after playing")
			plies++
		}
		if plies < 20 {
			t.Errorf("%s: the playout ended after %d plies", fen, plies)
		}
	}
}

// TestFrozenAndImmobilized: the exported views of a piece that may not
// move, as a board picture shows them.
func TestFrozenAndImmobilized(t *testing.T) {
	v := MustBuiltin("grand")
	p := positionOf(t, v, "9k/10/10/4i'''5/4N5/10/10/10/10/K9 w - - 0 10")
	e6, _ := v.ParseSquare("e6")
	e7, _ := v.ParseSquare("e7")
	if !p.Immobilized(e6) || p.Immobilized(e7) || p.Frozen(e6) {
		t.Errorf("Immobilized(e6, e7) = %v, %v; Frozen(e6) = %v; want true, false, false", p.Immobilized(e6), p.Immobilized(e7), p.Frozen(e6))
	}
	q := positionOf(t, v, "9k/10/10/10/4N'5/10/10/10/10/K9 w - - 0 2")
	if !q.Frozen(e6) || q.Immobilized(e6) {
		t.Errorf("a KnightRider at move 2: Frozen %v Immobilized %v; want true, false", q.Frozen(e6), q.Immobilized(e6))
	}
	if sq, err := v.ParseSquare("k1"); err == nil || sq != NoSquare {
		t.Errorf("ParseSquare(k1) on 10x10 = %v, %v; want an error", sq, err)
	}
	giant := MustBuiltin("giant")
	if v.IsDev(0) || v.IsDev(v.byLetter["K"]) || !giant.IsDev(giant.byLetter["D"]) {
		t.Error("IsDev: only the Giant Chess Dev is a Dev")
	}
}
