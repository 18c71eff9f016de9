package fsf

import "github.com/adjudicator/adjudicator/internal/rules"

// enPassant: the pieces with a double step make it, enPassantTypes take.
func (t *translation) enPassant(d *rules.Definition) {
	s := t.s
	var makers, takers []string
	for i, k := range t.kinds {
		if d.Pieces[i].DoubleStep != nil {
			makers = append(makers, t.letter[k])
		} else if t.moves[k].initial {
			t.fail(pieceKinds[k].key, CodeUnsupported,
				"an initial move other than the two-square step forward makes en-passant squares in Fairy-Stockfish; the format's en passant follows double steps only")
		}
		if s.epTypes[0][k] != s.epTypes[1][k] {
			t.fail("enPassantTypes", CodeUnsupported, "the two sides take en passant with different pieces")
			return
		}
		if s.epTypes[0][k] {
			takers = append(takers, t.letter[k])
		}
	}
	for c, region := range s.epRegion {
		if region != nil && !t.whole(region) {
			key := []string{"enPassantRegionWhite", "enPassantRegionBlack"}[c]
			if _, ok := s.at[key]; !ok {
				key = "enPassantRegion"
			}
			t.fail(key, CodeUnsupported, "the format takes en passant on any square")
			return
		}
	}
	if len(makers) == 0 || len(takers) == 0 {
		return
	}
	ep := &rules.EnPassantDef{Makers: makers, Takers: takers}
	for _, k := range t.kinds {
		if !s.epTypes[0][k] {
			continue
		}
		for _, m := range t.moves[k].moves {
			if m.capture && !m.quiet && m.kind != leap {
				t.fail(pieceKinds[k].key, CodeUnsupported,
					"%s takes en passant and captures by riding or hopping without moving so: Fairy-Stockfish takes en passant with such a capture too, the format's takers only by a leap", pieceKinds[k].key)
				return
			}
		}
		if bothWays(t.moves[k].moves) {
			// Fairy-Stockfish takes en passant only onto a square no
			// quiet move of the taker reaches.
			ep.QuietFirst = true
		}
	}
	d.Rules.EnPassant = ep
}

// bothWays says whether a piece may reach some square both by a capturing
// leap and by a quiet move, so that Fairy-Stockfish's rule for en passant
// there (only onto squares no quiet move reaches) can matter.
func bothWays(moves []move) bool {
	quiet := map[vec]bool{}
	for _, m := range moves {
		if !m.quiet {
			continue
		}
		n := 1
		if m.kind != leap {
			n = 16
			if m.kind == ride && m.dist > 0 {
				n = m.dist
			}
		}
		for i := 1; i <= n; i++ {
			quiet[vec{m.v.df * i, m.v.dr * i}] = true
		}
	}
	for _, m := range moves {
		if m.capture && m.kind == leap && quiet[m.v] {
			return true
		}
	}
	return false
}
