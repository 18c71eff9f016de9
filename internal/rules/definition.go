package rules

import (
	"encoding/json"
	"fmt"
	"reflect"
)

// Definition is a variant as data: the format of the files under
// variants/ and of the inline definitions clients send. docs/VARIANTS.md
// documents every field; unknown fields are errors.
type Definition struct {
	ID          string     `json:"id"`
	Name        string     `json:"name"`
	Description string     `json:"description,omitempty"`
	Files       int        `json:"files"`
	Ranks       int        `json:"ranks"`
	StartFEN    string     `json:"startFEN"`
	Pieces      []PieceDef `json:"pieces"`
	Rules       RulesDef   `json:"rules"`
}

// PieceDef is one piece type of a variant.
type PieceDef struct {
	Name string `json:"name"`
	// Letter is the FEN letter, upper case for White; it may be followed by
	// an apostrophe (N') where a variant runs out of letters.
	Letter string `json:"letter"`
	Betza  string `json:"betza"`
	// Value is the piece's value as its rule text gives it, normalised as
	// there (Rook = 5 in the Cazaux games); absent when the text gives none.
	Value *float64 `json:"value,omitempty"`
	Royal bool     `json:"royal,omitempty"`
	// PawnClass pieces reset the move counter of the draw rules when they move.
	PawnClass bool `json:"pawnClass,omitempty"`
	// InitialRanks are the ranks, counted from the owner's side starting at
	// 1, where moves marked i in Betza are allowed.
	InitialRanks []int `json:"initialRanks,omitempty"`
	// DoubleStep lets the piece step two squares straight forward, both
	// empty, without capturing.
	DoubleStep *DoubleStepDef `json:"doubleStep,omitempty"`
	// PromotesTo lists the letters this piece may promote to in the zone.
	PromotesTo []string `json:"promotesTo,omitempty"`
	// PromotesBy, when set, is the part of Betza whose moves promote; the
	// piece's other moves into the zone do not (the Troll promotes by its
	// pawn-like step, never by its leap). Empty: every move promotes.
	PromotesBy string `json:"promotesBy,omitempty"`
	// Bent lists bent riders that Betza cannot say (the Ship).
	Bent []BentDef `json:"bent,omitempty"`
	// FrozenMoves: the piece neither moves nor gives check until its side
	// has completed this many moves.
	FrozenMoves int `json:"frozenMoves,omitempty"`
	// Description is free text for clients to show.
	Description string `json:"description,omitempty"`
}

// BentDef is a bent rider: one step (First: W or F, with optional Betza
// direction letters) onto an empty square, then a ride (Range squares, 0
// unlimited) along those of the absolute directions Then (Betza direction
// letters) that turn 45 degrees from the first step. The Ship is
// {"first": "F", "then": "v"}: a diagonal step, then on vertically in that
// step's vertical direction. The stop after the first step is not part of
// it; give it in Betza (F).
type BentDef struct {
	First string `json:"first"`
	Then  string `json:"then"`
	Range int    `json:"range,omitempty"`
}

// DoubleStepDef says where a piece may step two squares.
type DoubleStepDef struct {
	// Ranks, counted from the owner's side starting at 1; empty means anywhere.
	Ranks []int `json:"ranks,omitempty"`
}

// RulesDef holds the rule switches of a variant.
type RulesDef struct {
	Castling  *CastlingDef  `json:"castling,omitempty"`
	KingJump  bool          `json:"kingJump,omitempty"`
	EnPassant *EnPassantDef `json:"enPassant,omitempty"`
	Promotion *PromotionDef `json:"promotion,omitempty"`
	Draws     DrawsDef      `json:"draws"`
	// InsufficientMaterial is "fide" (dead positions as FIDE) or "none".
	InsufficientMaterial string `json:"insufficientMaterial,omitempty"`
}

// CastlingDef enables castling: the unmoved King moves two squares toward an
// unmoved Rook on its own rank, every square between them empty, not in
// check and not passing or landing on an attacked square; the Rook lands on
// the square the King passed.
type CastlingDef struct {
	// Rook is the letter of the castling partner.
	Rook string `json:"rook"`
	// Notation of the FEN rights: "kq" (KQkq) or "files" (Shredder letters).
	Notation string `json:"notation"`
}

// EnPassantDef says which pieces' double steps can be taken en passant
// (makers) and which pieces may take (takers), by a capture onto the passed square.
type EnPassantDef struct {
	Makers []string `json:"makers"`
	Takers []string `json:"takers"`
}

// PromotionDef describes where and how pieces with PromotesTo promote.
type PromotionDef struct {
	// Ranks where promotion is compulsory (from the owner's side, from 1).
	Ranks []int `json:"ranks"`
	// OptionalRanks where a piece may promote or stay.
	OptionalRanks []int `json:"optionalRanks,omitempty"`
	// Choice is "list" (the piece's PromotesTo, the default) or "captured"
	// (only to a type of which the side now has fewer than at the start).
	Choice string `json:"choice,omitempty"`
}

// DrawsDef sets the draw rules; zero values switch a rule off.
type DrawsDef struct {
	RepetitionClaim int `json:"repetitionClaim,omitempty"`
	RepetitionEnd   int `json:"repetitionEnd,omitempty"`
	MoveClaim       int `json:"moveClaim,omitempty"`
	MoveEnd         int `json:"moveEnd,omitempty"`
}

// MaxDefinitionBytes bounds the size of a definition text.
const MaxDefinitionBytes = 1 << 20

// DecodeDefinition reads a JSON definition strictly: unknown or
// differently-cased keys, repeated keys, values of the wrong type and
// trailing data are errors naming the JSON path and the byte offset.
func DecodeDefinition(data []byte) (*Definition, error) {
	if len(data) > MaxDefinitionBytes {
		return nil, newError(ErrInvalidVariant, "", -1, "definition is larger than %d bytes", MaxDefinitionBytes)
	}
	if err := checkStrictJSON(data, reflect.TypeFor[Definition]()); err != nil {
		return nil, err
	}
	var d Definition
	if err := json.Unmarshal(data, &d); err != nil {
		// The strict check accepted the text, so this cannot happen.
		return nil, newError(ErrInvalidVariant, "", -1, "%v", err)
	}
	return &d, nil
}

// clone returns a deep copy of d, so that a compiled variant shares nothing
// with its caller.
func (d *Definition) clone() Definition {
	data, err := json.Marshal(d)
	if err != nil {
		panic(fmt.Sprintf("marshal definition: %v", err))
	}
	var c Definition
	if err := json.Unmarshal(data, &c); err != nil {
		panic(fmt.Sprintf("unmarshal definition: %v", err))
	}
	return c
}

func fieldf(format string, args ...any) string { return fmt.Sprintf(format, args...) }
