package rules

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"
)

// variantFile returns an embedded variant file.
func variantFile(t testing.TB, name string) []byte {
	t.Helper()
	data, err := variantFiles.ReadFile("variants/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// chessDefinition decodes a fresh copy of the embedded chess definition.
func chessDefinition(t testing.TB) *Definition {
	t.Helper()
	d, err := DecodeDefinition(variantFile(t, "chess.json"))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestDecodeDefinitionErrors(t *testing.T) {
	big := append([]byte(`{"id":"x","description":"`), bytes.Repeat([]byte("a"), MaxDefinitionBytes)...)
	big = append(big, `"}`...)
	tests := []struct {
		name  string
		give  string
		field string
		// The offset must lie in [from, to]: encoding/json reports some
		// errors just after the bad character or value (see the report).
		from, to int
	}{
		{"unknown field", `{"id":"x","colour":1}`, "colour", 10, 10},
		{"unknown field in a piece", `{"pieces":[{"name":"a","bogus":2}]}`, "pieces[0].bogus", 23, 23},
		{"unknown field in the rules", `{"rules":{"castling":{"rook":"R","side":"k"}}}`, "rules.castling.side", 33, 33},
		{"trailing object", `{"id":"x"} {}`, "", 11, 12},
		{"trailing garbage", `{"id":"x"} x`, "", 11, 12},
		{"wrong type", `{"id":"x","files":"8"}`, "files", 18, 21},
		{"wrong type in the rules", `{"rules":{"castling":{"rook":5}}}`, "rules.castling.rook", 29, 30},
		{"wrong type for a list", `{"pieces":{}}`, "pieces", 10, 11},
		{"fraction for an integer", `{"ranks":7.5}`, "ranks", 9, 12},
		{"malformed", `{"id":"x",}`, "", 10, 11},
		{"bad literal", `{"id":tru}`, "", 9, 10},
		{"not an object", `[]`, "", 0, 1},
		{"too large", string(big), "", -1, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeDefinition([]byte(tt.give))
			e, ok := err.(*Error)
			if !ok || e.Code != ErrInvalidVariant || e.Field != tt.field || e.Offset < tt.from || e.Offset > tt.to {
				t.Errorf("DecodeDefinition(%.60q) = %v; want %s in %q at an offset in %d..%d", tt.give, err, ErrInvalidVariant, tt.field, tt.from, tt.to)
			}
			if ok && tt.field != "" && !strings.Contains(e.Error(), tt.field) {
				t.Errorf("DecodeDefinition(%.60q) = %v; the message does not name %s", tt.give, err, tt.field)
			}
		})
	}
}

func TestDecodeDefinitionKnownBugs(t *testing.T) {
	t.Run("truncated JSON", func(t *testing.T) {

		give := `{"id":"x"`
		_, err := DecodeDefinition([]byte(give))
		if e, ok := err.(*Error); !ok || e.Offset != len(give) {
			t.Errorf("DecodeDefinition(%q) = %v; want offset %d", give, err, len(give))
		}
	})
	t.Run("field names differing in case", func(t *testing.T) {

		if _, err := DecodeDefinition([]byte(`{"id":"x","Files":8}`)); err == nil {
			t.Errorf(`DecodeDefinition({"Files":8}) accepted a key that is not "files"`)
		}
	})
	t.Run("repeated keys", func(t *testing.T) {

		if _, err := DecodeDefinition([]byte(`{"id":"a","id":"b"}`)); err == nil {
			t.Errorf("DecodeDefinition accepted a repeated key")
		}
	})
	t.Run("JSON path of a type error in a list", func(t *testing.T) {

		_, err := DecodeDefinition([]byte(`{"pieces":[{"name":"a","value":"3"}]}`))
		if e, ok := err.(*Error); !ok || e.Field != "pieces[0].value" {
			t.Errorf("DecodeDefinition = %v; want field pieces[0].value", err)
		}
	})
}

func TestCompileErrors(t *testing.T) {
	tests := []struct {
		name   string
		change func(d *Definition)
		code   Code
		field  string
		offset int
	}{
		{"empty id", func(d *Definition) { d.ID = "" }, ErrInvalidVariant, "id", -1},
		{"bad id", func(d *Definition) { d.ID = "Chess!" }, ErrInvalidVariant, "id", -1},
		{"long id", func(d *Definition) { d.ID = strings.Repeat("a", 65) }, ErrInvalidVariant, "id", -1},
		{"no name", func(d *Definition) { d.Name = "" }, ErrInvalidVariant, "name", -1},
		{"no files", func(d *Definition) { d.Files = 0 }, ErrInvalidVariant, "files", -1},
		{"too many files", func(d *Definition) { d.Files = 17 }, ErrInvalidVariant, "files", -1},
		{"no ranks", func(d *Definition) { d.Ranks = 0 }, ErrInvalidVariant, "ranks", -1},
		{"too many ranks", func(d *Definition) { d.Ranks = 17 }, ErrInvalidVariant, "ranks", -1},
		{"no pieces", func(d *Definition) { d.Pieces = nil }, ErrInvalidVariant, "pieces", -1},
		{"no royal", func(d *Definition) { d.Pieces[0].Royal = false }, ErrInvalidVariant, "pieces", -1},
		{"two royals", func(d *Definition) { d.Pieces[1].Royal = true }, ErrInvalidVariant, "pieces[1].royal", -1},
		{"piece without a name", func(d *Definition) { d.Pieces[3].Name = "" }, ErrInvalidVariant, "pieces[3].name", -1},
		{"duplicate letter", func(d *Definition) { d.Pieces[2].Letter = "Q" }, ErrInvalidVariant, "pieces[2].letter", -1},
		{"lower-case letter", func(d *Definition) { d.Pieces[2].Letter = "r" }, ErrInvalidVariant, "pieces[2].letter", -1},
		{"two letters", func(d *Definition) { d.Pieces[2].Letter = "RR" }, ErrInvalidVariant, "pieces[2].letter", -1},
		{"no letter", func(d *Definition) { d.Pieces[2].Letter = "" }, ErrInvalidVariant, "pieces[2].letter", -1},
		{"digit letter", func(d *Definition) { d.Pieces[2].Letter = "1" }, ErrInvalidVariant, "pieces[2].letter", -1},
		{"bad movement", func(d *Definition) { d.Pieces[2].Betza = "mRx" }, ErrInvalidBetza, "pieces[2].betza", 2},
		{"i without initial ranks", func(d *Definition) { d.Pieces[4].Betza = "NiD" }, ErrInvalidVariant, "pieces[4].initialRanks", -1},
		{"initial rank off the board", func(d *Definition) { d.Pieces[4].InitialRanks = []int{1, 9} }, ErrInvalidVariant, "pieces[4].initialRanks[1]", -1},
		{"double-step rank off the board", func(d *Definition) { d.Pieces[5].DoubleStep.Ranks = []int{0} }, ErrInvalidVariant, "pieces[5].doubleStep.ranks[0]", -1},
		{"double-step square off the board", func(d *Definition) { d.Pieces[5].DoubleStep.Squares = []string{"b3", "i3"} }, ErrInvalidVariant, "pieces[5].doubleStep.squares[1]", -1},
		{"double-step square malformed", func(d *Definition) { d.Pieces[5].DoubleStep.Squares = []string{"b3x"} }, ErrInvalidVariant, "pieces[5].doubleStep.squares[0]", -1},
		{"negative frozen moves", func(d *Definition) { d.Pieces[1].FrozenMoves = -1 }, ErrInvalidVariant, "pieces[1].frozenMoves", -1},
		{"unknown promotion letter", func(d *Definition) { d.Pieces[5].PromotesTo = []string{"Q", "X"} }, ErrInvalidVariant, "pieces[5].promotesTo[1]", -1},
		{"promotion to the royal piece", func(d *Definition) { d.Pieces[5].PromotesTo = []string{"K"} }, ErrInvalidVariant, "pieces[5].promotesTo[0]", -1},
		{"unknown castling rook", func(d *Definition) { d.Rules.Castling.Rook = "X" }, ErrInvalidVariant, "rules.castling.rook", -1},
		{"bad castling notation", func(d *Definition) { d.Rules.Castling.Notation = "shredder" }, ErrInvalidVariant, "rules.castling.notation", -1},
		{"castling and the king's jump", func(d *Definition) { d.Rules.KingJump = true }, ErrInvalidVariant, "rules.kingJump", -1},
		{"castling any distance with landing files", func(d *Definition) {
			d.Rules.Castling.AnyDistance = true
			d.Rules.Castling.Sides = &CastlingSides{High: CastlingSide{King: "g", Rook: "f"}, Low: CastlingSide{King: "c", Rook: "d"}}
		}, ErrInvalidVariant, "rules.castling.anyDistance", -1},
		{"triple-step rank off the board", func(d *Definition) { d.Pieces[5].TripleStep = &DoubleStepDef{Ranks: []int{9}} }, ErrInvalidVariant, "pieces[5].tripleStep.ranks[0]", -1},
		{"triple-step square off the board", func(d *Definition) { d.Pieces[5].TripleStep = &DoubleStepDef{Squares: []string{"a9"}} }, ErrInvalidVariant, "pieces[5].tripleStep.squares[0]", -1},
		{"en-passant maker without a double step", func(d *Definition) { d.Rules.EnPassant.Makers = []string{"P", "N"} }, ErrInvalidVariant, "rules.enPassant.makers[1]", -1},
		{"unknown en-passant maker", func(d *Definition) { d.Rules.EnPassant.Makers = []string{"X"} }, ErrInvalidVariant, "rules.enPassant.makers[0]", -1},
		{"unknown en-passant taker", func(d *Definition) { d.Rules.EnPassant.Takers = []string{"X"} }, ErrInvalidVariant, "rules.enPassant.takers[0]", -1},
		{"promotion rank off the board", func(d *Definition) { d.Rules.Promotion.Ranks = []int{9} }, ErrInvalidVariant, "rules.promotion.ranks[0]", -1},
		{"promotion rank 0", func(d *Definition) { d.Rules.Promotion.Ranks = []int{8, 0} }, ErrInvalidVariant, "rules.promotion.ranks[1]", -1},
		{"optional rank off the board", func(d *Definition) { d.Rules.Promotion.OptionalRanks = []int{-7} }, ErrInvalidVariant, "rules.promotion.optionalRanks[0]", -1},
		{"bad promotion choice", func(d *Definition) { d.Rules.Promotion.Choice = "any" }, ErrInvalidVariant, "rules.promotion.choice", -1},
		{"letter with four apostrophes", func(d *Definition) { d.Pieces[2].Letter = "R''''" }, ErrInvalidVariant, "pieces[2].letter", -1},
		{"letter with a quote", func(d *Definition) { d.Pieces[2].Letter = `R"` }, ErrInvalidVariant, "pieces[2].letter", -1},
		{"no movement at all", func(d *Definition) { d.Pieces[1].Betza = "" }, ErrInvalidBetza, "pieces[1].betza", 0},
		{"unknown behaviour", func(d *Definition) { d.Pieces[1].Behaviour = "sorcerer" }, ErrInvalidVariant, "pieces[1].behaviour", -1},
		{"archer without leaps", func(d *Definition) { d.Pieces[1].Behaviour = "archer" }, ErrInvalidVariant, "pieces[1].behaviour", -1},
		{"edgehog with a hopper", func(d *Definition) { d.Pieces[1].Betza, d.Pieces[1].Behaviour = "mRcpR", "edgehog" }, ErrInvalidVariant, "pieces[1].behaviour", -1},
		{"immune King", func(d *Definition) { d.Pieces[0].Immune = true }, ErrInvalidVariant, "pieces[0].immune", -1},
		{"bent step of three", func(d *Definition) { d.Pieces[1].Bent = []BentDef{{First: "F", Then: "vs", Step: 3}} }, ErrInvalidVariant, "pieces[1].bent[0].step", -1},
		{"bent after a slide, ranging", func(d *Definition) { d.Pieces[1].Bent = []BentDef{{First: "B", Then: "vs"}} }, ErrInvalidVariant, "pieces[1].bent[0].range", -1},
		{"bent after a lame leap", func(d *Definition) { d.Pieces[1].Bent = []BentDef{{First: "nN", Then: "fb"}} }, ErrInvalidVariant, "pieces[1].bent[0].first", -1},
		{"bent with no outward direction", func(d *Definition) { d.Pieces[1].Bent = []BentDef{{First: "fZ", Then: "b"}} }, ErrInvalidVariant, "pieces[1].bent[0].then", -1},
		{"unknown promotion choice", func(d *Definition) { d.Rules.Promotion.Choices = []string{"all", "some"} }, ErrInvalidVariant, "rules.promotion.choices[1]", -1},
		{"promotion choice twice", func(d *Definition) { d.Rules.Promotion.Choices = []string{"all", "all"} }, ErrInvalidVariant, "rules.promotion.choices[1]", -1},
		{"choices without the default", func(d *Definition) { d.Rules.Promotion.Choices = []string{"captured", "initial"} }, ErrInvalidVariant, "rules.promotion.choices", -1},
		{"dev with a betza", func(d *Definition) { d.Pieces[1].Behaviour = "dev" }, ErrInvalidVariant, "pieces[1].behaviour", -1},
		{"royal dev", func(d *Definition) { d.Pieces[0].Betza, d.Pieces[0].Behaviour = "", "dev" }, ErrInvalidVariant, "pieces[0].behaviour", -1},
		{"dev on an odd board", func(d *Definition) {
			d.Files, d.StartFEN = 7, "rnbqkbn/ppppppp/7/7/7/7/PPPPPPP/RNBQKBN w Qq - 0 1"
			d.Pieces[1].Betza, d.Pieces[1].Behaviour = "", "dev"
		}, ErrInvalidVariant, "pieces[1].behaviour", -1},
		{"archer and dev", func(d *Definition) {
			d.Pieces[1].Betza, d.Pieces[1].Behaviour = "", "dev"
			d.Pieces[4].Behaviour = "archer"
		}, ErrInvalidVariant, "pieces[4].behaviour", -1},
		{"nine moves a turn", func(d *Definition) { d.Rules.MovesPerTurn = 9 }, ErrInvalidVariant, "rules.movesPerTurn", -1},
		{"moves a turn and promotion choices", func(d *Definition) {
			d.Rules.MovesPerTurn = 2
			d.Rules.Promotion.Choices = []string{"all", "initial"}
		}, ErrInvalidVariant, "rules.movesPerTurn", -1},
		{"negative draw threshold", func(d *Definition) { d.Rules.Draws.MoveClaim = -1 }, ErrInvalidVariant, "rules.draws", -1},
		{"bad insufficient material", func(d *Definition) { d.Rules.InsufficientMaterial = "bare" }, ErrInvalidVariant, "rules.insufficientMaterial", -1},
		{"bad stalemate", func(d *Definition) { d.Rules.Stalemate = "won" }, ErrInvalidVariant, "rules.stalemate", -1},
		{"bad bare king", func(d *Definition) { d.Rules.BareKing = "draw" }, ErrInvalidVariant, "rules.bareKing", -1},
		{"bare king with FIDE material", func(d *Definition) {
			d.Rules.BareKing, d.Rules.InsufficientMaterial = "loss", "fide"
		}, ErrInvalidVariant, "rules.bareKing", -1},
		{"start FEN board does not parse",
			func(d *Definition) { d.StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1" },
			ErrInvalidVariant, "startFEN.board", 42},
		{"start FEN turn does not parse",
			func(d *Definition) { d.StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1" },
			ErrInvalidVariant, "startFEN.turn", 44},
		{"start FEN rights do not parse",
			func(d *Definition) { d.StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1" },
			ErrInvalidVariant, "startFEN.rights", 49},
		{"start FEN with five fields",
			func(d *Definition) { d.StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0" },
			ErrInvalidVariant, "startFEN.fen", 54},
		{"start FEN without a black King",
			func(d *Definition) { d.StartFEN = "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1" },
			ErrInvalidVariant, "startFEN.board", -1},
		{"start FEN with a Pawn on the promotion rank",
			func(d *Definition) { d.StartFEN = "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNR w KQq - 0 1" },
			ErrInvalidVariant, "startFEN.board", 7}, // the offset of the Pawn in the FEN
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := chessDefinition(t)
			tt.change(d)
			_, err := Compile(d)
			e, ok := err.(*Error)
			if !ok || e.Code != tt.code || e.Field != tt.field || e.Offset != tt.offset {
				t.Errorf("Compile = %#v; want %s in %s at offset %d", err, tt.code, tt.field, tt.offset)
			}
			if ok && !strings.Contains(e.Error(), tt.field) {
				t.Errorf("Compile = %v; the message does not name %s", err, tt.field)
			}
		})
	}
}

// TestDefinitionRoundTrip: every embedded variant re-encodes to JSON and
// recompiles into the same variant.
func TestDefinitionRoundTrip(t *testing.T) {
	entries, err := variantFiles.ReadDir("variants")
	if err != nil {
		t.Fatal(err)
	}
	for _, entry := range entries {
		t.Run(entry.Name(), func(t *testing.T) {
			d1, err := DecodeDefinition(variantFile(t, entry.Name()))
			if err != nil {
				t.Fatal(err)
			}
			v1, err := Compile(d1)
			if err != nil {
				t.Fatal(err)
			}
			if got := v1.Definition(); !reflect.DeepEqual(&got, d1) {
				t.Errorf("Definition() differs from the decoded file")
			}
			data, err := json.Marshal(v1.Definition())
			if err != nil {
				t.Fatal(err)
			}
			d2, err := DecodeDefinition(data)
			if err != nil {
				t.Fatalf("DecodeDefinition(re-encoded %s) = %v", entry.Name(), err)
			}
			if !reflect.DeepEqual(d1, d2) {
				t.Errorf("re-encoded definition decodes to %+v; want %+v", d2, d1)
			}
			again, err := json.Marshal(d2)
			if err != nil || !bytes.Equal(again, data) {
				t.Errorf("second encoding differs from the first:\n%s\n%s", again, data)
			}
			v2, err := Compile(d2)
			if err != nil {
				t.Fatalf("Compile(re-encoded %s) = %v", entry.Name(), err)
			}
			if v1.StartFEN() != v2.StartFEN() || v1.Start().FEN() != v2.Start().FEN() {
				t.Errorf("start FEN %q; want %q", v2.Start().FEN(), v1.Start().FEN())
			}
			if !reflect.DeepEqual(v1.moves, v2.moves) || !sameAttackTables(v1, v2) ||
				!reflect.DeepEqual(v1.zone, v2.zone) || !reflect.DeepEqual(v1.types, v2.types) {
				t.Errorf("recompiled tables differ")
			}
			if a, b := Perft(v1.Start(), 2), Perft(v2.Start(), 2); a != b {
				t.Errorf("Perft(start, 2) = %d after the round trip; want %d", b, a)
			}
		})
	}
}

// TestDefinitionIsACopy: the definition a variant returns is the caller's to
// change; a compiled variant is immutable.
func TestDefinitionIsACopy(t *testing.T) {

	in := chessDefinition(t)
	v, err := Compile(in)
	if err != nil {
		t.Fatal(err)
	}
	in.Pieces[5].PromotesTo[1] = "N"
	in.Rules.Castling.Rook = "N"
	d := v.Definition()
	d.Pieces[0].Name = "Emperor"
	d.Pieces[5].PromotesTo[0] = "K"
	d.Rules.Promotion.Ranks[0] = 1
	got := v.Definition()
	if got.Pieces[0].Name != "King" || got.Pieces[5].PromotesTo[0] != "Q" || got.Rules.Promotion.Ranks[0] != 8 {
		t.Errorf("changing a returned Definition changed the variant")
	}
	if got.Pieces[5].PromotesTo[1] != "R" || got.Rules.Castling.Rook != "R" {
		t.Errorf("changing the Definition passed to Compile changed the variant")
	}
}

// TestVariantsDocExample: the complete example of docs/VARIANTS.md is a
// definition that compiles and plays.
func TestVariantsDocExample(t *testing.T) {
	doc, err := os.ReadFile("../../docs/VARIANTS.md")
	if err != nil {
		t.Skip(err)
	}
	const open = "```json\n"
	start := bytes.Index(doc, []byte("<!-- example -->\n"+open))
	if start < 0 {
		t.Fatal("docs/VARIANTS.md has no example block")
	}
	start += len("<!-- example -->\n" + open)
	end := bytes.Index(doc[start:], []byte("```"))
	d, err := DecodeDefinition(doc[start : start+end])
	if err != nil {
		t.Fatalf("DecodeDefinition(example) = %v", err)
	}
	v, err := Compile(d)
	if err != nil {
		t.Fatalf("Compile(example) = %v", err)
	}
	if n := len(v.Start().LegalMoves()); n == 0 {
		t.Errorf("the example's start position has no legal moves")
	}
}

// definitionSeeds are small definitions for FuzzDefinition besides the
// embedded files: a tiny board, the largest board, and broken ones.
var definitionSeeds = []string{
	`{"id":"line","name":"Line","files":8,"ranks":1,"startFEN":"KNR2rnk w - - 0 1","pieces":[{"name":"King","letter":"K","betza":"K","royal":true},{"name":"Rook","letter":"R","betza":"R"},{"name":"Pawn","letter":"P","betza":"fmWfcF","pawnClass":true,"doubleStep":{},"promotesTo":["R"]},{"name":"Knight","letter":"N","betza":"D"}],"rules":{"castling":{"rook":"R","notation":"kq","sides":{"high":{"king":"g","rook":"f"},"low":{"king":"c","rook":"d"}}},"enPassant":{"makers":["P"],"takers":["P"],"quietFirst":true},"promotion":{"ranks":[1]},"draws":{}}}`,
	`{"id":"haynie","name":"Haynie","files":6,"ranks":6,"startFEN":"r2k1r/pppppp/6/6/PPPPPP/R2K1R w KQkq - 0 1","pieces":[{"name":"King","letter":"K","betza":"K","royal":true},{"name":"Rook","letter":"R","betza":"R"},{"name":"Pawn","letter":"P","betza":"K","pawnClass":true,"doubleStep":{"ranks":[2]}}],"rules":{"castling":{"rook":"R","notation":"kq","sides":{"high":{"king":"e","rook":"d"},"low":{"king":"c","rook":"d"}}},"enPassant":{"makers":["P"],"takers":["P"],"quietFirst":true},"draws":{}}}`,
	`{"id":"tiny","name":"Tiny","files":2,"ranks":3,"startFEN":"k1/2/K1 w - - 0 1","pieces":[{"name":"King","letter":"K","betza":"K","value":0,"royal":true}],"rules":{"draws":{}}}`,
	`{"id":"big","name":"Big","files":16,"ranks":16,"startFEN":"k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/C'14K w - - 0 1","pieces":[{"name":"King","letter":"K","betza":"K","value":0,"royal":true},{"name":"Cannon","letter":"C'","betza":"mRcpRFyafsF","value":4}],"rules":{"draws":{"moveEnd":75}}}`,
	`{"id":"jump","name":"Jump","files":6,"ranks":6,"startFEN":"2k3/pppppp/6/6/PPPPPP/2K3 w Kk - 0 1","pieces":[{"name":"King","letter":"K","betza":"K","value":0,"royal":true},{"name":"Pawn","letter":"P","betza":"fmWfcF","value":1,"pawnClass":true,"doubleStep":{},"promotesTo":["Q"]},{"name":"Queen","letter":"Q","betza":"Q","value":9,"frozenMoves":2}],"rules":{"kingJump":true,"enPassant":{"makers":["P"],"takers":["P"]},"promotion":{"ranks":[6],"choice":"captured"},"draws":{}}}`,
	`{"id":"files","name":"Files","files":8,"ranks":4,"startFEN":"rk4rr/8/8/RK4RR w ABGHabgh - 0 1","pieces":[{"name":"King","letter":"K","betza":"K","value":0,"royal":true},{"name":"Rook","letter":"R","betza":"R","value":5}],"rules":{"castling":{"rook":"R","notation":"files"},"draws":{}}}`,
	`{"id":"x","name":"X","files":8,"ranks":8,"startFEN":"k7/8/8/8/8/8/8/7K w - - 0 1","pieces":[{"name":"King","letter":"K","betza":"qK","value":0,"royal":true}],"rules":{"draws":{}}}`,
	`{"id":"x","bogus":1}`,
	`{"id":"x","files":"8"}`,
	`{"id":"x",`,
	`null`,
}

// FuzzDefinition: DecodeDefinition and Compile never panic; their errors
// are *Error values with Code ErrInvalidVariant (ErrInvalidBetza for a
// movement string; FEN errors of the start position are relabelled
// ErrInvalidVariant); a compiled variant's start position lists its legal
// moves and plays a few of them.
func FuzzDefinition(f *testing.F) {
	f.Add(variantFile(f, "chess.json"))
	f.Add(variantFile(f, "shako.json"))
	for _, s := range definitionSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := DecodeDefinition(data)
		if err != nil {
			e, ok := err.(*Error)
			if !ok || e.Code != ErrInvalidVariant || e.Offset < -1 || e.Offset > len(data) {
				t.Fatalf("DecodeDefinition = %#v; want an *Error %s with an offset in -1..%d", err, ErrInvalidVariant, len(data))
			}
			return
		}
		v, err := Compile(d)
		if err != nil {
			e, ok := err.(*Error)
			if !ok || e.Code != ErrInvalidVariant && e.Code != ErrInvalidBetza || e.Field == "" || e.Offset < -1 {
				t.Fatalf("Compile = %#v; want an *Error %s or %s naming a field", err, ErrInvalidVariant, ErrInvalidBetza)
			}
			return
		}
		p := v.Start()
		if _, err := ParseFEN(v, p.FEN()); err != nil {
			t.Fatalf("ParseFEN(start FEN %q) = %v", p.FEN(), err)
		}
		for ply := 0; ply < 4; ply++ {
			moves := p.LegalMoves()
			if len(moves) == 0 {
				return
			}
			m := moves[(ply*7+len(data))%len(moves)]
			q, err := p.Play(m)
			if err != nil {
				t.Fatalf("Play(%s) in %s = %v", p.UCI(m), p.FEN(), err)
			}
			p = q
		}
	})
}

// TestFilesNotationFileK: with castling rights written as Rook files, a
// Rook on file k (boards of 11 files or more, such as Giant Chess) holds a
// right like any other.
func TestFilesNotationFileK(t *testing.T) {

	d := &Definition{ID: "wide", Name: "Wide", Files: 12, Ranks: 4,
		StartFEN: "r4k4rr/12/12/R4K4RR w AKLakl - 0 1",
		Pieces:   []PieceDef{{Name: "King", Letter: "K", Betza: "K", Royal: true}, {Name: "Rook", Letter: "R", Betza: "R"}},
		Rules:    RulesDef{Castling: &CastlingDef{Rook: "R", Notation: "files"}}}
	v, err := Compile(d)
	if err != nil {
		t.Fatalf("Compile = %v", err)
	}
	if got := v.Start().FEN(); got != d.StartFEN {
		t.Errorf("start FEN = %q; want %q", got, d.StartFEN)
	}
}

// sameAttackTables says whether two variants' start kits have the same
// attack tables on every square.
func sameAttackTables(v1, v2 *Variant) bool {
	for c := White; c <= Black; c++ {
		for sq := Square(0); sq < NumSquares; sq++ {
			if v1.onBoard.has(sq) && !reflect.DeepEqual(v1.base.table(c, sq), v2.base.table(c, sq)) {
				return false
			}
		}
	}
	return true
}
