package fsf

import (
	"strings"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// The royal piece, pseudo-royal pieces and explosions.
//
// Fairy-Stockfish's royal piece is its King (the king key). Its
// extinctionPseudoRoyal makes the extinctionPieceTypes pseudo-royal
// instead (Position::set_state, Position::legal): a side's pieces of such a
// type may not be left attacked while it has extinctionPieceCount + 1 or
// fewer of them, a side with one attacked and no legal move is checkmated
// (Position::stalemate_value), and the extinction rule itself no longer
// applies (Position::is_immediate_game_end), unless captures explode.
//
// The format says the same with rules.pseudoRoyal (upTo the count + 1),
// with one exception: where one type is pseudo-royal, never a promotion
// target, with one piece a side at the start and a count of 0 (atomic's
// commoner King, 6x6atom's), that piece cannot be taken, and is a royal
// King in all but name: it is written royal, and the explosions, the
// castling and the checks are the format's royal ones (rules.blast: "with
// a royal piece"), which the built-in atomic plays as Fairy-Stockfish does.

// noRoyal is the royal kind of a variant that has none.
const noRoyal = -1

// royalKind returns the kind the translation writes royal: the King, the
// one pseudo-royal kind that is a King in all but name, or noRoyal.
func (t *translation) royalKind() int {
	s := t.s
	if _, ok := s.letters[kindKing]; ok && t.reachable(kindKing) {
		return kindKing
	}
	if !s.extinctionPseudoRoyal || s.extinctionAll || len(s.extinctionKinds) != 1 || s.extinctionCount != 0 ||
		s.checkCounting || !s.checking || s.blast && s.extinctionValue != "loss" {
		return noRoyal
	}
	var k int
	for k = range s.extinctionKinds {
	}
	c, ok := s.letters[k]
	if !ok || s.promoPieces[0][k] || s.promoPieces[1][k] || s.blastImmune[k] {
		return noRoyal
	}
	board, _, _ := strings.Cut(s.startFEN, " ")
	var n [2]int
	boardSquares(board, func(b byte, _, _ int) {
		switch b {
		case upper(c):
			n[0]++
		case c:
			n[1]++
		}
	})
	if n != [2]int{1, 1} {
		return noRoyal
	}
	return k
}

// pseudoRoyal writes extinctionPseudoRoyal as rules.pseudoRoyal, where the
// pseudo-royal pieces are not a royal King in all but name (royalKind).
// It reports whether it did.
func (t *translation) pseudoRoyal(d *rules.Definition) bool {
	s := t.s
	if !s.extinctionPseudoRoyal || t.royal != kindKing && t.royal != noRoyal {
		return false
	}
	switch {
	case s.blast:
		t.fail("extinctionPseudoRoyal", CodeUnsupported, "extinctionPseudoRoyal = true with blastOnCapture: the format's explosions guard one royal piece a side, not pseudo-royal pieces")
		return true
	case s.extinctionAll:
		t.fail("extinctionPieceTypes", CodeUnsupported, "extinctionPseudoRoyal = true with * : the format's pseudo-royal pieces are of named types")
		return true
	case s.extinctionKinds[kindKing] && t.royal == kindKing:
		t.fail("extinctionPieceTypes", CodeUnsupported, "extinctionPseudoRoyal = true names the royal King: the format's King is royal already")
		return true
	}
	g := &rules.PseudoRoyalDef{}
	for _, k := range t.kinds {
		if s.extinctionKinds[k] {
			g.Pieces = append(g.Pieces, t.letter[k])
		}
	}
	if len(g.Pieces) == 0 {
		return false // no pseudo-royal piece ever stands on the board
	}
	switch upTo := s.extinctionCount + 1; {
	case upTo >= s.files*s.ranks:
		// Never more pieces than squares: always pseudo-royal (coregal's
		// 64).
	case upTo > 64:
		t.fail("extinctionPieceCount", CodeUnsupported, "extinctionPieceCount = %d: the format's pseudo-royal pieces lose their rank above at most 64", s.extinctionCount)
		return true
	default:
		g.UpTo = upTo
	}
	if c := d.Rules.Castling; c != nil && c.King != "" && s.extinctionKinds[s.kingPiece[0]] {
		t.fail("castlingKingPiece", CodeUnsupported, "castling by a pseudo-royal piece that is not royal: the format castles such a piece with no regard to attacks, Fairy-Stockfish guards the squares it passes")
	}
	d.Rules.PseudoRoyal = g
	return true
}

// blast writes blastOnCapture as rules.blast: Fairy-Stockfish's explosion
// (Position::do_move) spares its pawn type on a neighbouring square and
// the blastImmuneTypes everywhere; mutuallyImmuneTypes is
// rules.mutuallyImmune.
func (t *translation) blast(d *rules.Definition) {
	s := t.s
	for _, k := range t.kinds {
		if s.mutualImmune[k] {
			d.Rules.MutuallyImmune = append(d.Rules.MutuallyImmune, t.letter[k])
		}
	}
	if !s.blast {
		return
	}
	if t.royal == kindKing {
		t.fail("blastOnCapture", CodeUnsupported, "blastOnCapture = true with a royal King: Fairy-Stockfish guards only pseudo-royal pieces from explosions, the format explodes around a royal King as atomic does")
		return
	}
	b := &rules.BlastDef{}
	for _, k := range t.kinds {
		switch {
		case s.blastImmune[k]:
			b.Immune = append(b.Immune, t.letter[k])
		case k == kindPawn:
			b.Spare = append(b.Spare, t.letter[k])
		}
	}
	d.Rules.Blast = b
}
