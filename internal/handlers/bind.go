package handlers

// Binding from the validated document. The validation decodes the body
// into a generic document to check it against the contract; the hottest
// requests (legal-moves, status, validate-move, adjudicate) take their fields from
// that document rather than decoding the body a second time. A request
// that the document cannot express exactly falls back to decoding the
// body: one with an inline definition (whose own bytes name it), or with
// a key or a type the code below does not expect.

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

// docStrings reads an optional array of strings: nil when absent or null.
func docStrings(doc map[string]any, key string) ([]string, bool) {
	v, present := doc[key]
	if !present || v == nil {
		return nil, true
	}
	list, ok := v.([]any)
	if !ok {
		return nil, false
	}
	out := make([]string, len(list))
	for i, e := range list {
		if out[i], ok = e.(string); !ok {
			return nil, false
		}
	}
	return out, true
}

// bindPosition fills the fields that position requests share; move says
// whether the request also has a key move.
func bindPosition(doc map[string]any, vs *variantSpec, fen **string, moves *[]string, move bool) bool {
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
	*moves, ok = docStrings(doc, "moves")
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
