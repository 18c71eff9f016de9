package handlers

import (
	"context"
	"strconv"

	"github.com/adjudicator/adjudicator/internal/pgn"
	"github.com/adjudicator/adjudicator/internal/rules"
)

// The game tree of a pgn request: its comments, NAGs and variations (see
// package pgn). Each variation's moves are checked from its branch point,
// the position before the move it is an alternative to; an illegal move
// in a variation is listed in tree.illegalMoves with its path and leaves
// the mainline's adjudication alone. The answer's pgn keeps the tree, the
// checked variation moves in the engine's SAN, and the answer's tree
// member shows it, present only when the text had a comment, a NAG or a
// variation, so that a bare game's answer is unchanged.
//
// A path names a move of the tree from its top: moves[i] is the mainline
// move of index i (as in the answer's moves), variations[k] the k-th
// variation of the move before it (from 0, in the order of the text),
// moves[j] the j-th move of that variation; so
// moves[12].variations[0].moves[3].variations[1].moves[0] is nested
// twice. The tree covers the mainline moves played: after an illegal
// mainline move, neither its rest nor the rest's notes are answered.

// gameTree is the answer's tree member.
type gameTree struct {
	// Comments is the game comment, before the first move.
	Comments []string `json:"comments,omitempty"`
	// Moves are the mainline moves played, each with its notes.
	Moves []treeMove `json:"moves"`
	// End are the comments after the last move's variations.
	End []string `json:"end,omitempty"`
	// IllegalMoves are the first illegal move of each variation that
	// has one, in the order of the text.
	IllegalMoves []treeIllegalMove `json:"illegalMoves,omitempty"`
}

// treeMove is one move of the tree.
type treeMove struct {
	// SAN is the move in the engine's SAN; for a variation's illegal move
	// and the moves after it, which are not checked, the text as the
	// request wrote it (without suffix annotations).
	SAN string `json:"san"`
	// UCI is the move in coordinate form, for a legal move only.
	UCI        string          `json:"uci,omitempty"`
	Before     []string        `json:"before,omitempty"`
	NAGs       []int           `json:"nags,omitempty"`
	After      []string        `json:"after,omitempty"`
	Variations []treeVariation `json:"variations,omitempty"`
}

// treeVariation is one variation: an alternative to the move that holds
// it, from the position before that move.
type treeVariation struct {
	Moves []treeMove `json:"moves"`
	End   []string   `json:"end,omitempty"`
}

// treeIllegalMove is an illegal move of a variation.
type treeIllegalMove struct {
	Path    string      `json:"path"`
	Move    string      `json:"move"`
	Problem moveProblem `json:"problem"`
}

// treeBuilder checks and converts the tree of a pgn request while toPGN
// plays the mainline.
type treeBuilder struct {
	ctx       context.Context // the request's: checked before each variation
	from      *pgn.Game
	tree      *gameTree
	mainNotes []*pgn.Notes // of the answer's mainline moves
}

func newTreeBuilder(ctx context.Context, from *pgn.Game) *treeBuilder {
	return &treeBuilder{ctx: ctx, from: from, tree: &gameTree{Comments: from.Comments, Moves: []treeMove{}}}
}

// mainline adds mainline move i, whose SAN and UCI are given, to the tree
// and its notes to the answer's pgn; g stands before the move.
func (b *treeBuilder) mainline(g *rules.Game, i int, san, uci string) error {
	tm := treeMove{SAN: san, UCI: uci}
	var notes *pgn.Notes
	if n := b.from.MoveNotes(i); n != nil {
		var err error
		if notes, err = b.notes(g, n, "moves["+strconv.Itoa(i)+"]", &tm); err != nil {
			return err
		}
	}
	b.tree.Moves = append(b.tree.Moves, tm)
	b.mainNotes = append(b.mainNotes, notes)
	return nil
}

// finish ends the tree and gives the answer's game g its notes; the End
// comments belong to the answer when the whole mainline was played.
func (b *treeBuilder) finish(g *pgn.Game) {
	g.Notes = b.mainNotes
	if len(b.tree.Moves) == len(b.from.Moves) {
		g.Comments, g.End = b.from.Comments, b.from.End
		b.tree.End = b.from.End
	} else {
		g.Comments = b.from.Comments
	}
}

// notes converts the notes n of the move at path, whose variations start
// from g (which it leaves as it is), filling tm's notes; it returns the
// notes for the answer's pgn.
func (b *treeBuilder) notes(g *rules.Game, n *pgn.Notes, path string, tm *treeMove) (*pgn.Notes, error) {
	tm.Before, tm.NAGs, tm.After = n.Before, n.NAGs, n.After
	out := &pgn.Notes{Before: n.Before, NAGs: n.NAGs, After: n.After}
	if len(n.Variations) == 0 {
		return out, nil
	}
	out.Variations = make([]pgn.Variation, len(n.Variations))
	tm.Variations = make([]treeVariation, len(n.Variations))
	for k, v := range n.Variations {
		vpath := path + ".variations[" + strconv.Itoa(k) + "]"
		var err error
		if out.Variations[k], tm.Variations[k], err = b.variation(g, v, vpath); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// variation checks and converts one variation that starts from g.
func (b *treeBuilder) variation(from *rules.Game, v pgn.Variation, path string) (pgn.Variation, treeVariation, error) {
	if err := b.ctx.Err(); err != nil {
		return pgn.Variation{}, treeVariation{}, err
	}
	out := pgn.Variation{Moves: make([]pgn.Move, len(v.Moves)), End: v.End}
	if len(v.Notes) > 0 {
		out.Notes = make([]*pgn.Notes, len(v.Moves))
	}
	tv := treeVariation{Moves: make([]treeMove, len(v.Moves)), End: v.End}
	var g *rules.Game
	if len(v.Moves) > 0 {
		g = from.Clone()
	}
	legal := true
	for j, m := range v.Moves {
		mpath := path + ".moves[" + strconv.Itoa(j) + "]"
		tm := &tv.Moves[j]
		tm.SAN = m.Text
		out.Moves[j] = pgn.Move{Text: m.Text}
		n := v.MoveNotes(j)
		if !legal {
			if n != nil {
				out.Notes[j] = n
				tm.Before, tm.NAGs, tm.After = n.Before, n.NAGs, n.After
				tm.Variations = uncheckedVariations(n)
			}
			continue
		}
		// The move's own variations start before it.
		if n != nil {
			notes, err := b.notes(g, n, mpath, tm)
			if err != nil {
				return out, tv, err
			}
			out.Notes[j] = notes
		}
		mv, err := g.ParseMove(m.Text)
		san, uci := "", ""
		if err == nil {
			san, uci = g.Position().SAN(mv), g.Position().UCI(mv)
			err = g.Play(mv)
		}
		if err != nil {
			mp, ok := toMoveProblem(err)
			if !ok {
				return out, tv, err
			}
			b.tree.IllegalMoves = append(b.tree.IllegalMoves, treeIllegalMove{Path: mpath, Move: m.Text, Problem: mp})
			legal = false
			continue
		}
		tm.SAN, tm.UCI, out.Moves[j].Text = san, uci, san
	}
	return out, tv, nil
}

// uncheckedVariations converts the variations of a move, n its notes,
// that follows an illegal one: as the text wrote them, unchecked.
func uncheckedVariations(n *pgn.Notes) []treeVariation {
	if len(n.Variations) == 0 {
		return nil
	}
	out := make([]treeVariation, len(n.Variations))
	for k, v := range n.Variations {
		out[k] = treeVariation{Moves: make([]treeMove, len(v.Moves)), End: v.End}
		for j, vm := range v.Moves {
			tm := &out[k].Moves[j]
			tm.SAN = vm.Text
			if vn := v.MoveNotes(j); vn != nil {
				tm.Before, tm.NAGs, tm.After = vn.Before, vn.NAGs, vn.After
				tm.Variations = uncheckedVariations(vn)
			}
		}
	}
	return out
}
