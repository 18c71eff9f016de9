package rules

import "strings"

// This file compiles the named behaviours of PieceDef that Betza cannot
// say, and the promotesBy restriction, into the same shapes as Betza.

// parseBent expands a BentDef into shapes for White.
func parseBent(b BentDef, field string) ([]shape, error) {
	first, err := parseBetza(b.First, field+".first")
	if err != nil {
		return nil, err
	}
	for _, s := range first {
		plain := len(s.empty) == 0 && len(s.full) == 0 && !s.initial && s.move && s.capture
		leap := s.kind == shapeLeap
		slide := s.kind == shapeRide && unit(s.v)
		if !plain || !leap && !slide {
			return nil, newError(ErrInvalidVariant, field+".first", -1, "the first leg of a bent rider is a plain leap or slide, with direction letters at most")
		}
		if slide && b.Range != 1 {
			return nil, newError(ErrInvalidVariant, field+".range", -1, "after a slide the continuation is one step: range must be 1")
		}
	}
	if b.Range < 0 || b.Range > MaxFiles {
		return nil, newError(ErrInvalidVariant, field+".range", -1, "range must be 0 (unlimited) to %d", MaxFiles)
	}
	step := b.Step
	switch step {
	case 0:
		step = 1
	case 1, 2:
	default:
		return nil, newError(ErrInvalidVariant, field+".step", -1, "step must be 1 or 2")
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
		for _, t := range thens {
			if !outward(f.v, t) {
				continue
			}
			s := shape{kind: shapeBent, v: f.v, v2: vec{t.df * step, t.dr * step}, max: b.Range, move: true, capture: true}
			if f.kind == shapeRide {
				s.kind, s.max = shapeSlideStep, f.max
			}
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return nil, newError(ErrInvalidVariant, field+".then", -1, "no direction of then leads outward from the first leg")
	}
	return out, nil
}

// unit says whether v is a one-square step.
func unit(v vec) bool { return max(abs(v.df), abs(v.dr)) == 1 }

// outward says whether a continuation along the unit direction t leads away
// from a first leg v: turned 45 degrees from a one-square step, or, after a
// longer leap, the direction with the signs of the leap.
func outward(v, t vec) bool {
	if unit(v) {
		d := (compassIndex(t) - compassIndex(v) + 8) % 8
		return d == 1 || d == 7
	}
	return t == vec{sign(v.df), sign(v.dr)}
}

// Behaviours are the named ways of moving of PieceDef.Behaviour.
var Behaviours = []string{"advancer", "archer", "chameleon", "coordinator", "dev", "diplomat", "edgehog", "fool", "hero",
	"immobilizer", "kangaroo", "shaman", "windmill", "withdrawer"}

// applyBehaviour adds or changes the shapes of a piece for its named behaviour.
func applyBehaviour(shapes []shape, name, field string) ([]shape, error) {
	switch name {
	case "":
	case "archer":
		n := 0
		for i := range shapes {
			if shapes[i].kind == shapeLeap && shapes[i].capture {
				shapes[i].afar = true
				n++
			}
		}
		if n == 0 {
			return nil, newError(ErrInvalidVariant, field, -1, "archer needs capturing leaps in betza")
		}
	case "edgehog":
		for i := range shapes {
			if k := shapes[i].kind; k != shapeLeap && k != shapeRide {
				return nil, newError(ErrInvalidVariant, field, -1, "edgehog applies to leaps and slides only")
			}
			shapes[i].edge = true
		}
	case "hero":
		shapes = append(shapes, twoPartLeaps(vec{0, 1}, vec{0, 2})...)
	case "shaman":
		shapes = append(shapes, twoPartLeaps(vec{1, 1}, vec{2, 2})...)
	case "dev":
		if len(shapes) > 0 {
			return nil, newError(ErrInvalidVariant, field, -1, "a dev moves by whole blocks only: give it no betza or bent")
		}
	case "advancer", "withdrawer", "coordinator", "immobilizer", "chameleon", "fool", "diplomat", "windmill":
		// Powers (power.go): checked by checkPower once the shapes are known.
	case "kangaroo":
		for _, d := range compass {
			shapes = append(shapes, shape{kind: shapeKangaroo, v: d, move: true, capture: true})
		}
	default:
		return nil, newError(ErrInvalidVariant, field, -1, "unknown behaviour %q (one of %s)", name, strings.Join(Behaviours, ", "))
	}
	return shapes, nil
}

// twoPartLeaps returns the Hero's (or Shaman's) moves of a step and a leap
// in either order, each to a destination neither part reaches alone: the
// square reached by the first part, the step's or the leap's, must be
// empty, so the destination is open when either of the two is.
func twoPartLeaps(stepBase, leapBase vec) []shape {
	var out []shape
	for _, u := range allVectors(stepBase) {
		for _, w := range allVectors(leapBase) {
			d := vec{u.df + w.df, u.dr + w.dr}
			if w == (vec{-2 * u.df, -2 * u.dr}) {
				continue // back over the start: a plain step
			}
			out = append(out, shape{kind: shapeLeap, v: d, either: []vec{u, w}, move: true, capture: true})
		}
	}
	return out
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
