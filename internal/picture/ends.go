package picture

import (
	"math"
	"slices"
	"strconv"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// The variant's own ends, drawn so that a picture shows what is at stake:
//   - the flag squares (rules.Variant.FlagSquares: King of the Hill's hill,
//     Racing Kings' eighth rank), each with a faint tint and a thin inset
//     outline in flagColour, under the pieces; a square that wins for one
//     colour only also carries a small disc of that colour in its lower-left
//     corner, so that White's squares and Black's read apart where they
//     differ and as one style where they coincide;
//   - in a variant with a check limit, the checks each side has given out
//     of the limit ("2/3" after a plus drawn in the side's colour), at the
//     left end of that side's edge: in the frame's corner with coordinates,
//     on a label of the frame's colour over the board's corner without.
//   - where captures explode (atomic; rules.Variant.Explodes), a last move
//     that left its destination empty was a capture that exploded there:
//     the squares the explosion swept are tinted in blastColour and a burst
//     marks its centre, under the pieces (the Pawns it spared stand on it).
//
// Pictures of variants without these rules are unchanged.

// Colours of the variant's ends.
const (
	flagColour       = "#2c63c9" // the flag squares' outline, and their tint at flagTintOpacity
	flagTintOpacity  = ".16"
	flagLineOpacity  = ".75"
	blastColour      = "#d9531e" // the explosion's squares at blastTintOpacity, its burst at blastOpacity
	blastTintOpacity = ".22"
	blastOpacity     = ".85"
)

// flagSquares sorts the variant's flag squares on the board into r.flags:
// both colours', White's alone and Black's alone, each in the definition's
// order.
func (r *renderer) flagSquares() {
	white, black := r.v.FlagSquares(rules.White), r.v.FlagSquares(rules.Black)
	for _, s := range white {
		if !r.onBoard(s) || slices.Contains(r.flags[0], s) || slices.Contains(r.flags[1], s) {
			continue
		}
		if slices.Contains(black, s) {
			r.flags[0] = append(r.flags[0], s)
		} else {
			r.flags[1] = append(r.flags[1], s)
		}
	}
	for _, s := range black {
		if r.onBoard(s) && !slices.Contains(white, s) && !slices.Contains(r.flags[2], s) {
			r.flags[2] = append(r.flags[2], s)
		}
	}
}

// endsBytes estimates the bytes the check counters and the explosion take.
func (r *renderer) endsBytes() int {
	n := 0
	if r.v.CheckLimit() != 0 {
		n += 900
	}
	if r.blast != rules.NoSquare {
		n += 700
	}
	return n
}

// blastSquare finds where the last move exploded, in a variant whose
// captures explode: its destination, when the move left it empty.
func (r *renderer) blastSquare() {
	r.blast = rules.NoSquare
	last := r.validSquares(r.o.LastMove)
	if !r.v.Explodes() || len(last) != 2 || r.p.PieceAt(last[1]) != 0 {
		return
	}
	r.blast = last[1]
}

// blastMark tints the squares the explosion swept and draws a burst, an
// eight-pointed star, on its centre.
func (r *renderer) blastMark() {
	if r.blast == rules.NoSquare {
		return
	}
	r.s(`<path fill="` + blastColour + `" fill-opacity="` + blastTintOpacity + `" d="`)
	f0, r0 := r.blast.File(), r.blast.Rank()
	for df := -1; df <= 1; df++ {
		for dr := -1; dr <= 1; dr++ {
			f, rk := f0+df, r0+dr
			if f < 0 || rk < 0 || f >= r.files || rk >= r.ranks {
				continue
			}
			if s := rules.SquareAt(f, rk); r.onBoard(s) {
				r.squarePath(s)
			}
		}
	}
	r.s(`"/>` + "\n")
	x, y := r.corner(r.blast)
	r.s(`<path fill="` + blastColour + `" fill-opacity="` + blastOpacity + `" d="M`)
	// Sixteen points around the centre, long and short in turn.
	for i := 0; i < 16; i++ {
		rad := 40
		if i%2 == 1 {
			rad = 17
		}
		if i > 0 {
			r.s("L")
		}
		a := float64(i) * math.Pi / 8
		r.n(x + 50 + int(math.Round(float64(rad)*math.Sin(a))))
		r.s(" ")
		r.n(y + 50 - int(math.Round(float64(rad)*math.Cos(a))))
	}
	r.s(`z"/>` + "\n")
}

// flagMarks tints and outlines the flag squares, and puts a disc of the
// colour on those that win for one colour only.
func (r *renderer) flagMarks() {
	if len(r.flags[0])+len(r.flags[1])+len(r.flags[2]) == 0 {
		return
	}
	r.s(`<path fill="` + flagColour + `" fill-opacity="` + flagTintOpacity + `" stroke="` + flagColour +
		`" stroke-opacity="` + flagLineOpacity + `" stroke-width="4" d="`)
	for _, list := range r.flags {
		for _, s := range list {
			x, y := r.corner(s)
			r.s("M")
			r.n(x + 6)
			r.s(" ")
			r.n(y + 6)
			r.s("h88v88h-88z")
		}
	}
	r.s(`"/>` + "\n")
	for c, list := range r.flags[1:] {
		if len(list) == 0 {
			continue
		}
		fill, line := sideColours(rules.Color(c))
		r.s(`<g fill="`, fill, `" stroke="`, line, `" stroke-width="2">`)
		for _, s := range list {
			x, y := r.corner(s)
			r.s(`<circle`)
			r.attr("cx", x+14)
			r.attr("cy", y+86)
			r.s(` r="6"/>`)
		}
		r.s("</g>\n")
	}
}

// sideColours returns the fill and the outline of a disc of colour c, as
// the side to move's disc is drawn.
func sideColours(c rules.Color) (fill, line string) {
	if c == rules.Black {
		return "#111", "#bbb"
	}
	return whiteFill, "#777"
}

// checkCounters writes, in a variant with a check limit, the checks each
// side has given out of the limit, at the left end of its edge.
func (r *renderer) checkCounters() {
	limit := r.v.CheckLimit()
	if limit == 0 {
		return
	}
	for c := rules.White; c <= rules.Black; c++ {
		given := r.p.Checks(c)
		label := strconv.Itoa(given) + "/" + strconv.Itoa(limit)
		// The label's width in ems, a little over bold sans-serif digits.
		ems := 45 + 70*(len(label)-1) // hundredths
		var fs, x0 int
		if r.margin > 0 {
			// In the frame's corner, clear of the first file's letter.
			fs = r.margin / 2
			x0 = (r.margin - fs - 8) / 2
			room := r.margin + unit/2 - r.margin*62/100*45/100 - 4 - x0
			if w := counterWidth(fs, ems); w > room {
				fs = fs * room / w
			}
		} else {
			fs, x0 = 24, 3
		}
		h := fs + 8
		y0 := (r.margin - h) / 2
		if r.margin == 0 {
			y0 = 3
		}
		if (c == rules.White) != r.o.Flip {
			y0 = r.h - y0 - h
		}
		w := counterWidth(fs, ems)
		pad, p := fs/4, fs*7/10/3*3
		r.s("<g><title>")
		r.s(colourName(c))
		r.s(" has given ")
		r.n(given)
		r.s(" of ")
		r.n(limit)
		if limit == 1 {
			r.s(" check")
		} else {
			r.s(" checks")
		}
		r.s("</title>")
		if r.margin == 0 {
			r.s(`<rect`)
			r.attr("x", x0)
			r.attr("y", y0)
			r.attr("width", w)
			r.attr("height", h)
			r.s(` rx="6" fill="` + frameColour + `"/>`)
		}
		// A plus, check's sign, in the side's colour.
		fill, line := sideColours(c)
		t := p / 3
		r.s(`<path fill="`, fill, `" stroke="`, line, `" stroke-width="2" stroke-linejoin="round" d="M`)
		r.n(x0 + pad + t)
		r.s(" ")
		r.n(y0 + (h-p)/2)
		r.plus(t)
		r.s(`"/><text font-family="sans-serif" font-weight="bold" text-anchor="middle" fill="` + labelColour + `"`)
		r.attr("x", x0+pad+p+fs/5+fs*ems/200)
		r.attr("y", y0+h/2+fs*36/100)
		r.attr("font-size", fs)
		r.s(">")
		r.s(label)
		r.s("</text></g>\n")
	}
}

// plus appends the rest of a plus's outline, arms t wide, from the left
// end of its upper edge.
func (r *renderer) plus(t int) {
	for i, d := range [11]int{1, 1, 1, 1, -1, 1, -1, -1, -1, -1, 1} {
		if i%2 == 0 {
			r.s("h")
		} else {
			r.s("v")
		}
		r.n(d * t)
	}
	r.s("z")
}

// counterWidth is the width of a check counter whose label is ems
// hundredths of an em wide, at font size fs.
func counterWidth(fs, ems int) int {
	return fs/4 + fs*7/10/3*3 + fs/5 + fs*ems/100 + fs/4
}

// describeEnds writes the flag squares and the checks given in words.
func (r *renderer) describeEnds() {
	for i, what := range [3]string{" Flag squares:", " White's flag squares:", " Black's flag squares:"} {
		if len(r.flags[i]) == 0 {
			continue
		}
		r.s(what)
		for _, s := range r.flags[i] {
			r.s(" ")
			r.s(s.String())
		}
		r.s(".")
	}
	if limit := r.v.CheckLimit(); limit > 0 {
		r.s(" Checks given: White ")
		r.n(r.p.Checks(rules.White))
		r.s(", Black ")
		r.n(r.p.Checks(rules.Black))
		r.s(", of ")
		r.n(limit)
		r.s(".")
	}
}
