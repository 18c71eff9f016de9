package fsf

import (
	"strings"
	"unicode"

	"github.com/adjudicator/adjudicator/internal/rules"
)

// castling: the landing files of the King, the Rook beside it inward.
func (t *translation) castling(d *rules.Definition) {
	s := t.s
	if !s.castling {
		return
	}
	if !sameKinds(s.rookPieces[0], s.rookPieces[1]) || len(s.rookPieces[0]) != 1 {
		t.fail("castlingRookPieces", CodeUnsupported, "the format castles with one type of partner, the same for both sides")
		return
	}
	var rook int
	for k := range s.rookPieces[0] {
		rook = k
	}
	if _, ok := t.letter[rook]; !ok {
		return // no partner on the board: no castling
	}
	board, _, _ := strings.Cut(d.StartFEN, " ")
	// Without rights in the start no game castles, whatever the rules say.
	// Fairy-Stockfish reads rights from letters only (not "7+7", a count
	// of checks where the rights are missing).
	rights := len(strings.Fields(d.StartFEN)) > 2 && strings.IndexFunc(strings.Fields(d.StartFEN)[2], unicode.IsLetter) >= 0
	// Fairy-Stockfish castles its castlingKingPiece, royal or not; the
	// format castles the royal piece, or where there is none the piece
	// castling.king names (giveaway's commoner), which Fairy-Stockfish
	// castles with no regard to attacks as the format does
	// (Position::legal: "Non-royal pieces can not be impeded").
	king := t.royal
	if king == noRoyal {
		king = s.kingPiece[0]
	}
	if _, present := t.letter[king]; !present || s.kingPiece[0] != king || s.kingPiece[1] != king {
		// Without rights no game castles (threekings).
		if rights {
			t.fail("castlingKingPiece", CodeUnsupported, "castling = true with a castling King that is neither the royal piece nor, in a variant without one, the same piece for both sides: the format castles the royal piece, or one piece type named for both")
		}
		return
	}
	if t.royal == noRoyal && !rights {
		return // a King that is not royal castles from its start only by a right
	}
	if t.royal == noRoyal && s.chess960 {
		t.fail("chess960", CodeUnsupported, "chess960 = true without a royal piece: the format castles a piece that is not royal from its start square only")
		return
	}
	kingFile, kingRank := homeSquare(board, t.letter[king])
	if kingRank >= 0 && kingRank != s.castlingRank {
		// Fairy-Stockfish castles on castlingRank only.
		if rights {
			t.fail("castlingRank", CodeUnsupported, "castling on rank %d while the King starts on rank %d: the format castles on the King's start rank", s.castlingRank+1, kingRank+1)
		}
		return
	}
	if kingFile >= 0 && !s.chess960 {
		// Where the start gives no rights, a castling written otherwise
		// than Fairy-Stockfish writes it is left out: a FEN with rights
		// is then refused rather than castled in other words.
		fail := t.fail
		if !rights {
			fail = func(string, string, string, ...any) {}
		}
		for _, f := range []int{s.qsFile, s.ksFile} {
			// Fairy-Stockfish writes castling King takes Rook where the
			// King's own move reaches its landing square, the format
			// where the King moves less than two files.
			switch d := f - kingFile; {
			case abs(d) >= 2 && reaches(t.moves[king].moves, d):
				fail("king", CodeUnsupported, "the King's own move reaches its castling square on file %c, so Fairy-Stockfish writes that castling King takes Rook; the format writes it with the King's landing square", 'a'+f)
				return
			case d == 0:
				fail("king", CodeUnsupported, "castling leaves the King on its file %c: Fairy-Stockfish writes it from the King's square to the same square, the format King takes Rook", 'a'+f)
				return
			case abs(d) == 1 && !reaches(t.moves[king].moves, d):
				fail("king", CodeUnsupported, "castling moves the King from file %c to file %c, which its own move does not reach, so Fairy-Stockfish writes it with the King's landing square; the format writes it King takes Rook", 'a'+kingFile, 'a'+f)
				return
			}
		}
	}
	c := &rules.CastlingDef{Rook: t.letter[rook], Notation: "kq"}
	if t.royal == noRoyal {
		c.King = t.letter[king]
	}
	if s.chess960 {
		c.AnyStart = true
	}
	// The landing files are always given, even chess's: without them the
	// format's King moves two files toward a Rook three files away or
	// more, where Fairy-Stockfish castles with a nearer Rook too (a Rook
	// on g1 with the right K: the King to g1, the Rook to f1).
	if key, file, ok := t.castlingFits(); !ok {
		if rights {
			t.fail(key, CodeUnsupported, "castling lands the King on file %d of a board of %d files, or the Rook beside it off the board", file+1, s.files)
		}
		// Without rights (a narrow board that keeps chess's
		// default files) Fairy-Stockfish never castles, nor does
		// the translation.
		return
	}
	file := func(f int) string { return string(rune('a' + f)) }
	c.Sides = &rules.CastlingSides{
		High: rules.CastlingSide{King: file(s.ksFile), Rook: file(s.ksFile - 1)},
		Low:  rules.CastlingSide{King: file(s.qsFile), Rook: file(s.qsFile + 1)},
	}
	d.Rules.Castling = c
}

// reaches says whether one of moves, quiet, goes df files along the rank
// over empty squares.
func reaches(moves []move, df int) bool {
	for _, m := range moves {
		if !m.quiet || m.v.dr != 0 || m.v.df == 0 || df%m.v.df != 0 || df/m.v.df <= 0 {
			continue
		}
		n := df / m.v.df
		if n == 1 && m.kind == leap || m.kind == ride && (m.dist == 0 || n <= m.dist) {
			return true
		}
	}
	return false
}

// castlingFits says whether the King and the Rook land on the board
// castling on each side, or names the key and the King's file of a side
// that does not.
func (t *translation) castlingFits() (string, int, bool) {
	s := t.s
	switch {
	case s.ksFile < 1 || s.ksFile >= s.files:
		return "castlingKingsideFile", s.ksFile, false
	case s.qsFile+1 >= s.files:
		return "castlingQueensideFile", s.qsFile, false
	}
	return "", 0, true
}

// homeSquare finds the file and rank (from 0) of White's King on the start
// board, nearest its own side, or -1, -1.
func homeSquare(board, king string) (int, int) {
	ranks := strings.Split(board, "/")
	for ri := len(ranks) - 1; ri >= 0; ri-- {
		row := ranks[ri]
		f := 0
		for i := 0; i < len(row); i++ {
			c := row[i]
			switch {
			case c >= '0' && c <= '9':
				n := int(c - '0')
				for i+1 < len(row) && row[i+1] >= '0' && row[i+1] <= '9' {
					i++
					n = n*10 + int(row[i]-'0')
				}
				f += n
			case string(c) == king:
				return f, len(ranks) - 1 - ri
			default:
				f++
			}
		}
	}
	return -1, -1
}
