package rules

// This file holds the Coordinator (docs/RULES.md, "The eight exotic
// pieces"; RULES R32): it moves like the Advancer (linecapture.go), and
// when it stops on T it takes the enemy pieces standing on the two
// crossings of T's lines with its own King's: T's file and the King's rank,
// the King's file and T's rank. The King counts wherever it stands, frozen
// or not. The Chameleon takes a Coordinator the same way (chameleon.go).

// crossings returns the two squares where the lines of to meet those of
// colour us's King.
func (p *Position) crossings(to Square, us Color) (Square, Square) {
	k := p.king[us]
	return SquareAt(to.File(), k.Rank()), SquareAt(k.File(), to.Rank())
}

// coordinate adds to tk the capturable enemy pieces on the crossings of to
// with colour us's King: every such piece, or with onlyCoordinators (the
// Chameleon's mimicry) only Coordinators.
func (p *Position) coordinate(tk *takes, to Square, us Color, onlyCoordinators bool) {
	a, b := p.crossings(to, us)
	for _, s := range [2]Square{a, b} {
		if s == to || !p.capturable(s, us) {
			continue
		}
		if onlyCoordinators && p.v.types[p.board[s].Type()-1].power != powerCoordinator {
			continue
		}
		tk.add(s)
	}
}

// crosses says whether a Coordinator of colour by stopping on to would take
// a King on s.
func (p *Position) crosses(to, s Square, by Color) bool {
	a, b := p.crossings(to, by)
	return to != s && (a == s || b == s)
}
