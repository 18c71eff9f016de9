package rules

import (
	"fmt"
	"strings"
)

// Where a FEN is at fault: the offsets and words of the errors that
// ParseFEN and NewPosition give. An illegal-position error of a setup read
// from a FEN carries the byte offset, in that FEN, of the square at fault
// (a Pawn on its last rank, the King of the side not to move in check, a
// second King) or of the field at fault (the rights, the en-passant
// square); a setup made otherwise has no text and its errors keep offset
// -1, as do those no single place is to blame for (a missing King).

// fenSource is where the fields of a FEN stand: the board field's text,
// whose squares boardOffset finds, and the offsets of the later fields
// (-1: absent).
type fenSource struct {
	board     string
	rights    int
	enPassant int
	extra     int // the seventh field: promotion type or moves left
	fool      int // the Fools' field
	checks    int // the check counts
}

// at gives err, an *Error of NewPosition with no offset, the offset in the
// FEN of the square sq, or with NoSquare of the field err names, when the
// setup was read from a FEN; it returns err.
func (s *Setup) at(err error, sq Square) error {
	e, ok := err.(*Error)
	if !ok || e.Offset >= 0 || s.src.board == "" {
		return err
	}
	switch {
	case sq != NoSquare:
		e.Offset = boardOffset(s.Variant, s.src.board, sq)
	case e.Field == fieldRights:
		e.Offset = s.src.rights
	case e.Field == fieldEnPassant:
		e.Offset = s.src.enPassant
	case e.Field == fieldPromotion || e.Field == fieldMovesLeft:
		e.Offset = s.src.extra
	case e.Field == fieldFool:
		e.Offset = s.src.fool
	case e.Field == fieldChecks:
		e.Offset = s.src.checks
	}
	return err
}

// clockShaped says whether rest, the text after a FEN's four position
// fields, which are the first four of fields, reads as the two clocks
// rather than EPD operations: exactly two more fields, the last of them
// digits, and no semicolon.
func clockShaped(rest string, fields []string) bool {
	if len(fields) != 6 || strings.IndexByte(rest, ';') >= 0 || fields[5] == "" {
		return false
	}
	return strings.Trim(fields[5], "0123456789") == ""
}

// countWords names a count field of a FEN in an error.
func countWords(field string) string {
	switch field {
	case fieldHalfmoves:
		return "the halfmove clock"
	case fieldFullmoves:
		return "the move number"
	case fieldMovesLeft:
		return "the moves left in the turn"
	}
	return field
}

// royalCount checks that colour c has exactly one royal piece on the
// setup's board, which castling rights written K and Q need to be read:
// a missing or extra King is an illegal position, said as such before the
// rights (the offset is a second King's, -1 for a missing one).
func (s *Setup) royalCount(c Color) error {
	v := s.Variant
	if v.royal == 0 {
		// The castling King that is no royal piece: where promotions
		// made more, the one on its start square (kingSquare).
		if s.kingSquare(c) == NoSquare {
			return newError(ErrIllegalPosition, fieldBoard, -1, "%s has no %s to castle", c, v.PieceName(v.castleKing))
		}
		return nil
	}
	k := makePiece(v.royal, c)
	n, second := 0, NoSquare
	for sq := Square(0); sq < NumSquares; sq++ {
		if s.Board[sq] == k {
			if n++; n == 2 {
				second = sq
			}
		}
	}
	if n == 1 {
		return nil
	}
	return s.at(royalCountError(v, c, n), second)
}

// royalCountError says that colour c has n royal pieces, not one.
func royalCountError(v *Variant, c Color, n int) *Error {
	name := v.PieceName(v.royal)
	if n == 0 {
		return newError(ErrIllegalPosition, fieldBoard, -1, "%s has no %s; exactly one is required", c, name)
	}
	return newError(ErrIllegalPosition, fieldBoard, -1, "%s has %d %ss; exactly one is required", c, n, name)
}

// notToMoveInCheck is the error of a position whose side not to move is
// in check: at the square of its King, naming a piece that gives check.
func (p *Position) notToMoveInCheck() *Error {
	them := p.side.Other()
	k := p.king[them]
	if k == NoSquare || p.exempt(k, p.side) || !p.attacked(k, p.side) {
		// One of its pseudo-royal pieces is attacked (pseudoroyal.go).
		g := p.guardSquares(them)
		for s := Square(0); s < NumSquares; s++ {
			if g.has(s) && p.attacked(s, p.side) {
				k = s
				break
			}
		}
	}
	by := ""
	if a := p.attackerOf(k, p.side); a != NoSquare {
		by = fmt.Sprintf(" by the %s %s on %s", p.side, p.v.PieceName(p.board[a].Type()), a)
	}
	return newError(ErrIllegalPosition, fieldBoard, -1, "the side not to move is in check: the %s %s on %s is attacked%s",
		them, p.v.PieceName(p.board[k].Type()), k, by)
}
