package rules

// CanMate says whether side c still has the material to checkmate, the
// question a flag fall asks: under FIDE's rule a side whose flag falls
// draws instead of losing when the opponent cannot mate by any series of
// legal moves (RULES R38). The answer depends on the material alone, not
// on where it stands.
//
// In a variant with `insufficientMaterial: fide` it is the rule lichess
// applies, read from the letters of the chess pieces. Side c cannot mate
// when it has no Pawn, Rook, Queen or piece of any other letter, and
//   - it has its King alone, or
//   - it has its King and one Knight, and the opponent has nothing but its
//     King and Queens, or
//   - it has Bishops and no Knight, every Bishop on the board (both sides')
//     stands on squares of one colour, and the opponent has nothing but its
//     King, Queens, Rooks and Bishops.
//
// Any other material can mate. Where the flag piece is the royal one (King
// of the Hill, Racing Kings; flag.go) or every piece ("*"), a lone King
// can still win by reaching its flag, as lichess rules a flag fall there.
// In every other
// variant a side that has only its royal piece cannot mate, and any other
// material can.
func (p *Position) CanMate(c Color) bool {
	if f := p.v.flag; f != nil && (f.royal || f.piece == 0) {
		return true
	}
	switch p.v.material {
	case "antichess":
		return p.antichessCanWin(c)
	case "horde":
		return p.hordeCanWin(c)
	case "atomic":
		return p.atomicCanMate(c)
	}
	if p.v.material != "fide" {
		for sq := Square(0); sq < NumSquares; sq++ {
			if pc := p.board[sq]; pc != 0 && pc.Color() == c && pc.Type() != p.v.royal {
				return true
			}
		}
		return false
	}
	return p.fideCanMate(c)
}

// fideCanMate is CanMate for a variant with the chess pieces' letters.
func (p *Position) fideCanMate(c Color) bool {
	// Per colour: Knights, Bishops, Queens, Rooks, and pieces of any other
	// letter but the royal one (Pawns and unknown pieces).
	var knights, bishops, queens, rooks, others [2]int
	var shades [2]bool // the square colours the Bishops of both sides stand on
	for sq := Square(0); sq < NumSquares; sq++ {
		pc := p.board[sq]
		if pc == 0 || pc.Type() == p.v.royal {
			continue
		}
		col := pc.Color()
		switch p.v.Letter(pc.Type()) {
		case "N":
			knights[col]++
		case "B":
			bishops[col]++
			shades[(sq.File()+sq.Rank())&1] = true
		case "Q":
			queens[col]++
		case "R":
			rooks[col]++
		default:
			others[col]++
		}
	}
	them := c.Other()
	switch {
	case queens[c]+rooks[c]+others[c] > 0:
		return true
	case knights[c] > 0:
		return knights[c]+bishops[c] > 1 || knights[them]+bishops[them]+rooks[them]+others[them] > 0
	case bishops[c] > 0:
		return shades[0] && shades[1] || knights[them]+others[them] > 0
	}
	return false
}

// endFIDEMaterial is FIDE's dead position by material among a variant's
// end rules (ends.go): a draw when neither side can mate (deadByMaterial).
var endFIDEMaterial = endRule{name: "insufficientMaterial",
	judge: func(p *Position, _ *judging) (Outcome, Color) {
		if p.deadByMaterial() {
			return InsufficientMaterial, 0
		}
		return Ongoing, 0
	}}

// endKingsMaterial is the draw when both sides have only their royal
// pieces left, where any other piece can still win (three-check: a
// Knight gives check): insufficientMaterial "kings".
var endKingsMaterial = endRule{name: "insufficientMaterial",
	judge: func(p *Position, _ *judging) (Outcome, Color) {
		if !p.CanMate(White) && !p.CanMate(Black) {
			return InsufficientMaterial, 0
		}
		return Ongoing, 0
	}}
