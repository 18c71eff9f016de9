package pgn

import (
	"fmt"
	"strconv"
	"strings"
)

// movetextWriter writes a game's movetext, its tree with it, in lines
// under 80 characters (longer only where one comment is).
type movetextWriter struct {
	b      *strings.Builder
	line   int  // the length of the line being written
	glue   bool // the next unit follows a ( with no space
	number int  // the number of the game's first move
	black  bool // the game's first move is Black's
	depth  int  // of the variation being written
}

// put writes one unit of movetext, a space or a line break before it.
func (w *movetextWriter) put(unit string) {
	switch {
	case w.line == 0:
	case w.line+1+len(unit) > lineWidth:
		w.b.WriteByte('\n')
		w.line = 0
	case w.glue:
	default:
		w.b.WriteByte(' ')
		w.line++
	}
	w.glue = false
	w.b.WriteString(unit)
	if i := strings.LastIndexByte(unit, '\n'); i >= 0 {
		w.line = len(unit) - i - 1 // a comment of several lines
	} else {
		w.line += len(unit)
	}
}

// game writes the game comment, the mainline with its tree and the End
// comments.
func (w *movetextWriter) game(g *Game, number int, black bool) error {
	w.number, w.black = number, black
	if err := w.comments(g.Comments); err != nil {
		return err
	}
	if err := w.moves(g.Moves, g.Notes, 0, len(g.Comments) > 0, ""); err != nil {
		return err
	}
	return w.comments(g.End)
}

// moves writes a line of moves and their notes ns, the first of which is
// ply ply of the game (0: the game's first move); force asks for the
// first move's number even if it is Black's. where names the line in
// errors.
func (w *movetextWriter) moves(ms []Move, ns []*Notes, ply int, force bool, where string) error {
	force = force || ply == 0 || where != ""
	for i := range ms {
		m := &ms[i]
		text, f := checkMove(m.Text)
		if f != nil {
			return fmt.Errorf("pgn: %smove %d, %q: %s", where, i+1, m.Text, f.msg)
		}
		n := notesAt(ns, i)
		if n != nil && len(n.Before) > 0 {
			if err := w.comments(n.Before); err != nil {
				return err
			}
			force = true
		}
		k := ply + i
		if w.black {
			k++
		}
		switch {
		case k%2 == 0:
			w.put(strconv.Itoa(w.number+k/2) + ". " + text)
		case force:
			w.put(strconv.Itoa(w.number+k/2) + "... " + text)
		default:
			w.put(text)
		}
		force = false
		if n == nil {
			continue
		}
		if err := w.notes(n, ply+i, fmt.Sprintf("%smove %d, ", where, i+1)); err != nil {
			return err
		}
		force = len(n.After) > 0 || len(n.Variations) > 0
	}
	return nil
}

// notes writes what follows a move, ply ply of the game: its NAGs, its
// After comments and its variations.
func (w *movetextWriter) notes(n *Notes, ply int, where string) error {
	for _, nag := range n.NAGs {
		if nag < 0 || nag > maxNAG {
			return fmt.Errorf("pgn: %sNAG %d is not between 0 and %d", where, nag, maxNAG)
		}
		w.put("$" + strconv.Itoa(nag))
	}
	if err := w.comments(n.After); err != nil {
		return err
	}
	if len(n.Variations) > 0 && w.depth == maxDepthLimit {
		return fmt.Errorf("pgn: %svariations nested deeper than %d", where, maxDepthLimit)
	}
	for k := range n.Variations {
		v := &n.Variations[k]
		w.put("(")
		w.glue = true
		w.depth++
		err := w.moves(v.Moves, v.Notes, ply, true, fmt.Sprintf("%svariation %d, ", where, k+1))
		if err == nil {
			err = w.comments(v.End)
		}
		w.depth--
		if err != nil {
			return err
		}
		if w.line+1 > lineWidth {
			w.b.WriteByte('\n')
			w.line = 0
		}
		w.b.WriteByte(')')
		w.line++
		w.glue = false
	}
	return nil
}

// comments writes comments, each as { text }, or as a ; comment that ends
// its line when the text holds a }.
func (w *movetextWriter) comments(cs []string) error {
	for _, c := range cs {
		if !strings.Contains(c, "}") {
			if c == "" {
				w.put("{ }")
			} else {
				w.put("{ " + c + " }")
			}
			continue
		}
		if strings.ContainsAny(c, "\n") {
			return fmt.Errorf("pgn: the comment %q holds both a } and a line break: PGN has no way to write it", c)
		}
		w.put("; " + c)
		w.b.WriteByte('\n')
		w.line = 0
		w.glue = false
	}
	return nil
}
