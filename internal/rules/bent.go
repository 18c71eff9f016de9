package rules

// This file compiles the named behaviours of PieceDef that Betza cannot
// say, and the promotesBy restriction, into the same shapes as Betza.

// parseBent expands a BentDef into bent shapes for White.
func parseBent(b BentDef, field string) ([]shape, error) {
	first, err := parseBetza(b.First, field+".first")
	if err != nil {
		return nil, err
	}
	for _, s := range first {
		if s.kind != shapeLeap || len(s.empty) > 0 || len(s.full) > 0 || s.initial || !s.move || !s.capture ||
			!(abs(s.v.df) <= 1 && abs(s.v.dr) <= 1) {
			return nil, newError(ErrInvalidVariant, field+".first", -1, "the first step of a bent rider is a plain W or F step, with direction letters at most")
		}
	}
	if b.Range < 0 || b.Range > MaxFiles {
		return nil, newError(ErrInvalidVariant, field+".range", -1, "range must be 0 (unlimited) to %d", MaxFiles)
	}
	if b.Then == "" {
		return nil, newError(ErrInvalidVariant, field+".then", -1, "then needs direction letters")
	}
	var groups []dirGroup
	for _, g := range splitDirGroups(b.Then) {
		groups = append(groups, dirGroup{text: b.Then[g[0]:g[1]], at: g[0]})
	}
	thens, err := selectDirs([]vec{{0, 1}, {1, 1}}, groups, field+".then")
	if err != nil {
		return nil, err
	}
	var out []shape
	for _, f := range first {
		ci := compassIndex(f.v)
		for _, t := range thens {
			if d := (compassIndex(t) - ci + 8) % 8; d == 1 || d == 7 {
				out = append(out, shape{kind: shapeBent, v: f.v, v2: t, max: b.Range, move: true, capture: true})
			}
		}
	}
	if len(out) == 0 {
		return nil, newError(ErrInvalidVariant, field+".then", -1, "no direction of then turns 45 degrees from the first step")
	}
	return out, nil
}

// markPromotions sets the promote flag of the shapes that promote: all of
// them without promotesBy, else those that promotesBy also describes.
func markPromotions(shapes []shape, promotesBy, field string) error {
	if promotesBy == "" {
		for i := range shapes {
			shapes[i].promote = true
		}
		return nil
	}
	by, err := parseBetza(promotesBy, field)
	if err != nil {
		return err
	}
	for _, b := range by {
		found := false
		for i := range shapes {
			if shapes[i].key() == b.key() {
				shapes[i].promote = true
				found = true
			}
		}
		if !found {
			return newError(ErrInvalidVariant, field, -1, "promotesBy names a move the piece does not have")
		}
	}
	return nil
}
