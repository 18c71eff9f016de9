package handlers

// Binding from the validated document. The validation decodes the body
// into a generic document to check it against the contract; the hottest
// requests (legal-moves, status, validate-move, adjudicate) take their fields from
// that document rather than decoding the body a second time. A request
// that the document cannot express exactly falls back to decoding the
// body: one with an inline definition (whose own bytes name it), or with
// a key or a type the code below does not expect.

import (
	"encoding/json"
	"strings"
	"unicode"
	"unicode/utf8"
)

// docBinder is a request that can take its fields from the document.
type docBinder interface {
	// bindDoc fills the request from doc and says whether it could; when
	// it could not, the request is left for the decoder to fill.
	bindDoc(doc map[string]any) bool
	logName() string
}

// docString reads an optional string: nil when absent or null.
func docString(doc map[string]any, key string) (*string, bool) {
	v, present := doc[key]
	if !present || v == nil {
		return nil, true
	}
	s, ok := v.(string)
	return &s, ok
}

// docMoves reads a request's moves from the value of its moves key: an
// array of strings, or one string of moves separated by white space
// (splitMoves); nil when absent (nil) or null.
func docMoves(v any) ([]string, bool) {
	switch v := v.(type) {
	case nil:
		return nil, true
	case string:
		return splitMoves(v), true
	case []any:
		out := make([]string, len(v))
		for i, e := range v {
			s, ok := e.(string)
			if !ok {
				return nil, false
			}
			out[i] = s
		}
		return out, true
	}
	return nil, false
}

// moveList is the moves of a request as the JSON decoder reads them: an
// array of strings, or one string of moves separated by white space, as
// lichess's NDJSON exports write them (contract: MoveText).
type moveList []string

// UnmarshalJSON reads an array of strings or one string of moves.
func (ml *moveList) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var text string
		if err := json.Unmarshal(b, &text); err != nil {
			return err
		}
		*ml = splitMoves(text)
		return nil
	}
	var list []string
	if err := json.Unmarshal(b, &list); err != nil {
		return err
	}
	*ml = list
	return nil
}

// splitMoves splits a string of moves at white space into its words, each
// a move, so that the i-th word is moves[i] in errors and its offsets are
// offsets in the word. A word e.p. or ep is the en passant suffix of the
// move before it and stays joined to it as written (exd6 e.p.). Move
// numbers and result tokens are not skipped: a string holds moves only,
// as lichess writes them, and anything else is an invalid move at its
// index. An empty string is no move (an empty, not a nil, list).
func splitMoves(text string) []string {
	out := make([]string, 0, strings.Count(text, " ")+1)
	start := -1 // the start of the last word, in text
	for i := 0; i < len(text); {
		r, n := utf8.DecodeRuneInString(text[i:])
		if unicode.IsSpace(r) {
			i += n
			continue
		}
		j := i
		for j < len(text) {
			r, n := utf8.DecodeRuneInString(text[j:])
			if unicode.IsSpace(r) {
				break
			}
			j += n
		}
		if w := text[i:j]; (w == "e.p." || w == "ep") && len(out) > 0 {
			out[len(out)-1] = text[start:j]
		} else {
			out, start = append(out, w), i
		}
		i = j
	}
	return out
}

// bindPosition fills the fields that position requests share; move says
// whether the request also has a key move.
func bindPosition(doc map[string]any, vs *variantSpec, fen **string, moves *moveList, move bool) bool {
	for k := range doc {
		switch {
		case k == "variant", k == "fen", k == "moves", move && k == "move":
		default:
			return false // a definition, or a key this code does not know
		}
	}
	v, ok := docString(doc, "variant")
	if !ok {
		return false
	}
	if v != nil {
		vs.Variant = *v
	}
	if *fen, ok = docString(doc, "fen"); !ok {
		return false
	}
	*moves, ok = docMoves(doc["moves"])
	return ok
}

func (r *positionRequest) bindDoc(doc map[string]any) bool {
	var out positionRequest
	if !bindPosition(doc, &out.variantSpec, &out.FEN, &out.Moves, false) {
		return false
	}
	*r = out
	return true
}

func (r *validateRequest) bindDoc(doc map[string]any) bool {
	var out validateRequest
	if !bindPosition(doc, &out.variantSpec, &out.FEN, &out.Moves, true) {
		return false
	}
	move, ok := docString(doc, "move")
	if !ok {
		return false
	}
	if move != nil {
		out.Move = *move
	}
	*r = out
	return true
}

func (r *adjudicateRequest) bindDoc(doc map[string]any) bool {
	req, ok := adjudicateFromDoc(doc)
	if ok {
		*r = *req
	}
	return ok
}
