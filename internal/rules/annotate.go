package rules

import "strings"

// Annotations: the marks a move text makes about the move (docs/RULES.md,
// "Annotations"). ParseMove reads a capture mark x, a check mark + and a
// mate mark # without checking them, so that a move is judged by what it
// does, not by how it is written. A referee still notices a mark that says
// something false: Annotate reports each one, and the move stays legal. A
// missing mark is never reported (exd5 may be written ed5 where the reader
// accepts it, Nf3+ may be written Nf3): records that leave marks out are
// common, and only a mark that is there can contradict the move. The
// marks ! and ? judge the move's quality and claim nothing.

// The codes of the annotations.
const (
	AnnotationFalseCapture = "false-capture" // x on a move that captures nothing
	AnnotationFalseCheck   = "false-check"   // + on a move that gives no check
	AnnotationFalseMate    = "false-mate"    // # on a move that does not checkmate
)

// Annotation is a mark of a move text that contradicts the move.
type Annotation struct {
	Mark   string // the mark as written: "x", "+" or "#"
	Code   string // AnnotationFalseCapture, AnnotationFalseCheck or AnnotationFalseMate
	Detail string // what the move does instead
}

// moveMarks are the claims a move text makes.
type moveMarks struct {
	capture, check, mate bool
}

// marksOf finds the marks of a move text in any notation ParseMove reads.
// A check or mate mark is a +, # in the trailing run of +, #, ! and ? of
// the text or of either part of a Game Courier move. A capture mark is an x
// standing between two parts of the move, the character before it not a
// space and a square or a Dev's block after it (e4xd5, Nxf3, exd5, Nbxd2,
// P e4xd5, cd34xcd56): an x that is a piece letter (Game Courier's "x
// e2-e4", a promotion to a piece lettered X, e9e10x) is never followed by
// a square.
func marksOf(text string) moveMarks {
	var mm moveMarks
	for part := range strings.SplitSeq(text, ";") {
		part = strings.TrimSpace(part)
		body := strings.TrimRight(part, "+#!?")
		suffix := part[len(body):]
		mm.check = mm.check || strings.Contains(suffix, "+")
		mm.mate = mm.mate || strings.Contains(suffix, "#")
		for i := 1; i < len(body); i++ {
			if body[i] == 'x' && body[i-1] != ' ' && squareAhead(body[i+1:]) {
				mm.capture = true
			}
		}
	}
	return mm
}

// markable says whether text has a character that can be a mark: without
// one, marksOf finds none.
func markable(text string) bool {
	for i := 0; i < len(text); i++ {
		if c := text[i]; c == 'x' || c == '+' || c == '#' {
			return true
		}
	}
	return false
}

// squareAhead says whether s starts with a square (a file letter and a
// digit) or a Dev's block (two file letters and a digit).
func squareAhead(s string) bool {
	n := 1
	if len(s) > 1 && isLower(s[1]) {
		n = 2
	}
	return len(s) > n && isLower(s[0]) && isDigit(s[n])
}

// Annotate returns the marks of text, the text of the legal move d
// describes (its MoveDetail from Detail or Describe), that contradict the
// move: a capture mark on a move that captures nothing, a check mark on a
// move that gives no check, a mate mark on a move that does not checkmate,
// in that order. It returns nil when every mark is true or there is none.
func Annotate(text string, d MoveDetail) []Annotation {
	return annotate(marksOf(text), d)
}

// annotate is Annotate for the marks mm. Of d it reads Captures and
// Converted for a capture mark, Check for a check or mate mark, and Mate for
// a mate mark.
func annotate(mm moveMarks, d MoveDetail) []Annotation {
	var out []Annotation
	if mm.capture && len(d.Captures) == 0 && len(d.Converted) == 0 { // a conversion is written as a capture
		out = append(out, Annotation{Mark: "x", Code: AnnotationFalseCapture, Detail: "the move captures nothing"})
	}
	if mm.check && !d.Check {
		out = append(out, Annotation{Mark: "+", Code: AnnotationFalseCheck, Detail: "the move does not give check"})
	}
	if mm.mate && !d.Mate {
		detail := "the move does not checkmate"
		if d.Check {
			detail = "the move gives check but not checkmate"
		}
		out = append(out, Annotation{Mark: "#", Code: AnnotationFalseMate, Detail: detail})
	}
	return out
}

// Annotate returns the contradicting marks of text, the text of the legal
// move m in the game's current position (see the function Annotate). Call
// it before playing m. It looks at the move only when text carries a mark,
// and then only at what the marks claim: a check mark costs a trial of the
// move, a mate mark the legal moves after it.
func (g *Game) Annotate(text string, m Move) []Annotation {
	if !markable(text) {
		return nil
	}
	mm := marksOf(text)
	if mm == (moveMarks{}) {
		return nil
	}
	p := g.pos
	d := MoveDetail{Move: m}
	if mm.capture {
		d.Captures, d.Converted = p.Captures(m), p.Converted(m)
	}
	if (mm.check || mm.mate) && !p.quiet(m) {
		// A trial on the game's own position; the start may be shared.
		trial := p
		if !g.own {
			trial = p.clone()
		}
		d.Check, d.Mate = trial.checks(m, mm.mate)
	}
	return annotate(mm, d)
}
