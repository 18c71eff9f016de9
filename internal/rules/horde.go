package rules

// Horde's material (insufficientMaterial "horde"): whether a side can still
// win, the question of a flag fall, as python-chess's
// HordeBoard.has_insufficient_material answers it (derived in
// stevepapazis/horde-insufficient-material-tests, which lichess follows).
// The side with the King can always win, by taking the whole horde; the
// horde's chances depend on its pieces and on the pieces of the King's
// side that could block the King's flight squares. A game is never drawn
// by material in Horde: the King's side can always win.

// hordeArmy counts the pieces the rule looks at.
type hordeArmy struct {
	pawns, knights, bishops, rooks, queens int
	light, dark                            int // Bishops on light and on dark squares
	all                                    int // every piece, the King included
}

func (p *Position) hordeArmies() [2]hordeArmy {
	var a [2]hordeArmy
	for sq := Square(0); sq < NumSquares; sq++ {
		pc := p.board[sq]
		if pc == 0 {
			continue
		}
		x := &a[pc.Color()]
		x.all++
		switch p.v.Letter(pc.Type()) {
		case "P":
			x.pawns++
		case "N":
			x.knights++
		case "B":
			x.bishops++
			if (sq.File()+sq.Rank())&1 == 1 {
				x.light++
			} else {
				x.dark++
			}
		case "R":
			x.rooks++
		case "Q":
			x.queens++
		}
	}
	return a
}

// hordeCanWin says whether side c can still win.
func (p *Position) hordeCanWin(c Color) bool {
	if c == Black {
		return true
	}
	a := p.hordeArmies()
	return !hordeInsufficient(a[White], a[Black])
}

// hordeInsufficient is python-chess's has_insufficient_material(WHITE) of
// HordeBoard: the horde h against the pieces k of the King's side.
func hordeInsufficient(h, k hordeArmy) bool {
	num := h.pawns + h.knights + h.rooks + h.queens + min(h.dark, 2) + min(h.light, 2)
	bishopLight := h.light >= 1        // the colour of the horde's Bishops' squares (light, else dark)
	opposite := func(light bool) int { // the King's side's Bishops on squares of the other colour
		if light {
			return k.dark
		}
		return k.light
	}
	same := func(light bool) int {
		if light {
			return k.light
		}
		return k.dark
	}
	notOfType := func(n int) int { return k.all - n }
	pair := func(x hordeArmy) bool { return x.light >= 1 && x.dark >= 1 }
	switch {
	case num == 0:
		return true
	case num >= 4:
		return false // four or more pieces can always mate
	case (h.pawns >= 1 || h.queens >= 1) && num >= 2:
		return false // a Pawn or a Queen with any other piece mates
	case h.rooks >= 1 && num >= 2 &&
		!(num == 2 && h.rooks == 1 && h.bishops == 1 && notOfType(same(bishopLight)) == 1):
		return false // a Rook mates but with a Bishop against a lone King
	}
	switch num {
	case 1:
		switch {
		case k.all == 1:
			return true // a lone piece cannot mate a lone King
		case h.queens == 1:
			return !(k.pawns >= 1 || k.rooks >= 1 || k.light >= 2 || k.dark >= 2)
		case h.pawns == 1:
			// The Pawn promotes: to a Queen or to a Knight.
			q, n := h, h
			q.pawns, q.queens = 0, 1
			n.pawns, n.knights = 0, 1
			return hordeInsufficient(q, k) && hordeInsufficient(n, k)
		case h.rooks == 1:
			return !(k.pawns >= 2 || k.rooks >= 1 && k.pawns >= 1 || k.rooks >= 1 && k.knights >= 1 || k.pawns >= 1 && k.knights >= 1)
		case h.bishops == 1:
			return !(opposite(bishopLight) >= 2 || opposite(bishopLight) >= 1 && k.pawns >= 1 || k.pawns >= 2)
		case h.knights == 1:
			enough := k.all >= 4 && (k.knights >= 2 || k.pawns >= 2 ||
				k.rooks >= 1 && k.knights >= 1 || k.rooks >= 1 && k.bishops >= 1 ||
				k.knights >= 1 && k.bishops >= 1 || k.rooks >= 1 && k.pawns >= 1 ||
				k.knights >= 1 && k.pawns >= 1 || k.bishops >= 1 && k.pawns >= 1 ||
				pair(k) && k.pawns >= 1) &&
				(k.dark < 2 || notOfType(k.dark) >= 3) && (k.light < 2 || notOfType(k.light) >= 3)
			return !enough
		}
	case 2: // only the horde's minor pieces are left to look at
		switch {
		case k.all == 1:
			return true
		case h.knights == 2:
			return !(k.pawns+k.bishops+k.knights >= 1)
		case pair(h):
			return !(k.pawns >= 1 || k.bishops >= 1 || k.knights >= 1 && k.rooks+k.queens >= 1)
		case h.bishops >= 1 && h.knights >= 1:
			return !(k.pawns >= 1 || opposite(bishopLight) >= 1 || notOfType(same(bishopLight)) >= 3)
		default: // two or more Bishops on squares of one colour
			o := opposite(bishopLight)
			return !(k.pawns >= 1 && o >= 1 || k.pawns >= 1 && k.knights >= 1 || o >= 1 && k.knights >= 1 ||
				o >= 2 || k.knights >= 2 || k.pawns >= 2)
		}
	case 3:
		if h.knights == 2 && h.bishops == 1 || h.knights == 3 || pair(h) {
			return false
		}
		return k.all == 1
	}
	return true
}
