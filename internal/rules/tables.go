package rules

// This file compiles the expanded Betza shapes into per-square tables: the
// forward tables that move generation walks and the reversed probes that
// attack detection walks. Both are built once per variant.

func (v *Variant) orient(d vec, c Color) vec {
	if c == Black {
		return vec{d.df, -d.dr}
	}
	return d
}

func (v *Variant) step(s Square, d vec) (Square, bool) {
	f, r := s.File()+d.df, s.Rank()+d.dr
	if !v.inside(f, r) {
		return NoSquare, false
	}
	return SquareAt(f, r), true
}

// ray returns the squares from s (exclusive) in steps of d, at most max (0: to the edge).
func (v *Variant) ray(s Square, d vec, max int) []Square {
	var out []Square
	for cur := s; max == 0 || len(out) < max; {
		next, ok := v.step(cur, d)
		if !ok {
			break
		}
		out = append(out, next)
		cur = next
	}
	return out
}

func (v *Variant) initialOK(t PieceType, c Color, s Square) bool {
	for _, r := range v.typ(t).InitialRanks {
		if v.relRank(s, c) == r {
			return true
		}
	}
	return false
}

func (v *Variant) buildTables(shapes [][]shape) {
	n := (len(v.types) + 1) * NumSquares
	for c := White; c <= Black; c++ {
		v.moves[c] = make([]moveTable, n)
		v.attacks[c] = make([]attackTable, NumSquares)
		v.danger[c] = make([]bitboard, NumSquares)
		for ti, ss := range shapes {
			t := PieceType(ti + 1)
			v.types[ti].overlap = shapesOverlap(ss, v.types[ti].DoubleStep != nil)
			for _, sh := range ss {
				if sh.capture && (sh.kind == shapeHop || sh.kind == shapeGrass || sh.kind == shapeBent) {
					v.lines = true
				}
			}
			for sq := Square(0); sq < NumSquares; sq++ {
				if v.onBoard.has(sq) {
					v.moves[c][int(t)*NumSquares+int(sq)] = v.buildMoveTable(t, c, sq, ss)
				}
			}
		}
		for sq := Square(0); sq < NumSquares; sq++ {
			if v.onBoard.has(sq) {
				v.attacks[c][sq] = v.buildAttackTable(c, sq, shapes)
				v.danger[c][sq] = v.attacks[c][sq].danger()
			}
		}
	}
}

func (v *Variant) buildMoveTable(t PieceType, c Color, from Square, ss []shape) moveTable {
	mt := moveTable{double: NoSquare, doubleMid: NoSquare}
	for _, s := range ss {
		if s.initial && !v.initialOK(t, c, from) {
			continue
		}
		d := v.orient(s.v, c)
		switch s.kind {
		case shapeLeap:
			to, ok := v.step(from, d)
			if !ok {
				continue
			}
			e := leapEntry{to: to, move: s.move, capture: s.capture, empty: [2]Square{NoSquare, NoSquare}, full: NoSquare, promote: s.promote}
			for k, off := range s.empty {
				e.empty[k], _ = v.step(from, v.orient(off, c))
			}
			for _, off := range s.full {
				e.full, _ = v.step(from, v.orient(off, c))
			}
			mt.leaps = append(mt.leaps, e)
		case shapeRide, shapeHop, shapeGrass:
			r := v.ray(from, d, s.max)
			if len(r) > 0 {
				mt.rides = append(mt.rides, rideEntry{ray: r, kind: s.kind, move: s.move, capture: s.capture, promote: s.promote})
			}
		case shapeBent:
			pivot, ok := v.step(from, d)
			if !ok {
				continue
			}
			r := v.ray(pivot, v.orient(s.v2, c), s.max)
			if len(r) > 0 {
				mt.bents = append(mt.bents, bentEntry{pivot: pivot, ray: r, move: s.move, capture: s.capture, promote: s.promote})
			}
		}
	}
	if ds := v.typ(t).DoubleStep; ds != nil {
		ok := len(ds.Ranks) == 0
		for _, r := range ds.Ranks {
			ok = ok || v.relRank(from, c) == r
		}
		fwd := v.orient(vec{0, 1}, c)
		mid, ok1 := v.step(from, fwd)
		to, ok2 := v.step(mid, fwd)
		if ok && ok1 && ok2 {
			mt.double, mt.doubleMid = to, mid
			mt.doublePromote = v.typ(t).PromotesBy == ""
		}
	}
	return mt
}

func (v *Variant) buildAttackTable(c Color, target Square, shapes [][]shape) attackTable {
	var at attackTable
	leapIdx := map[leapProbe]int{}
	rayIdx := map[vec]int{}
	type bentKey struct {
		v1, v2 vec
		max    int
	}
	bentIdx := map[bentKey]int{}
	for ti, ss := range shapes {
		t := PieceType(ti + 1)
		p := makePiece(t, c)
		for _, s := range ss {
			if !s.capture {
				continue
			}
			d := v.orient(s.v, c)
			switch s.kind {
			case shapeLeap:
				from, ok := v.step(target, d.neg())
				if !ok || s.initial && !v.initialOK(t, c, from) {
					continue
				}
				key := leapProbe{from: from, empty: [2]Square{NoSquare, NoSquare}, full: NoSquare}
				for k, off := range s.empty {
					key.empty[k], _ = v.step(from, v.orient(off, c))
				}
				for _, off := range s.full {
					key.full, _ = v.step(from, v.orient(off, c))
				}
				i, ok := leapIdx[key]
				if !ok {
					i = len(at.leaps)
					leapIdx[key] = i
					at.leaps = append(at.leaps, key)
				}
				at.leaps[i].set.add(p)
			case shapeRide, shapeHop, shapeGrass:
				back := d.neg()
				i, ok := rayIdx[back]
				if !ok {
					r := v.ray(target, back, 0)
					if len(r) == 0 {
						continue
					}
					i = len(at.rays)
					rayIdx[back] = i
					at.rays = append(at.rays, rayProbe{ray: r})
				}
				rp := &at.rays[i]
				sets := &rp.near
				switch s.kind {
				case shapeHop:
					sets = &rp.hop
				case shapeGrass:
					sets = &rp.grass
				}
				if *sets == nil {
					*sets = make([]pieceSet, len(rp.ray))
				}
				for k := range rp.ray {
					if (s.max == 0 || k < s.max) && (!s.initial || v.initialOK(t, c, rp.ray[k])) {
						(*sets)[k].add(p)
					}
				}
			case shapeBent:
				v2 := v.orient(s.v2, c)
				key := bentKey{d, v2, s.max}
				i, ok := bentIdx[key]
				if !ok {
					r := v.ray(target, v2.neg(), s.max)
					bp := bentProbe{}
					for _, piv := range r {
						o, ok := v.step(piv, d.neg())
						if !ok {
							o = NoSquare
						}
						bp.ray = append(bp.ray, piv)
						bp.origin = append(bp.origin, o)
					}
					if len(bp.ray) == 0 {
						continue
					}
					i = len(at.bents)
					bentIdx[key] = i
					at.bents = append(at.bents, bp)
				}
				at.bents[i].set.add(p)
			}
		}
	}
	return at
}

// danger returns the squares whose occupancy decides an attack in every
// position: the legs of lame and jumping leaps. The lines of hoppers and
// bent riders depend on the position and are added per node (see
// Position.danger); plain rides are covered by pins.
func (at *attackTable) danger() bitboard {
	var d bitboard
	for _, lp := range at.leaps {
		for _, s := range [...]Square{lp.empty[0], lp.empty[1], lp.full} {
			if s != NoSquare {
				d.set(s)
			}
		}
	}
	return d
}

// shapesOverlap says whether two shapes of one piece can make the same move
// (both moving or both capturing onto the same offset), so that move
// generation must drop duplicates for this piece type.
func shapesOverlap(ss []shape, doubleStep bool) bool {
	type mark struct{ move, capture bool }
	seen := map[vec]mark{}
	add := func(d vec, sh shape) bool {
		m := seen[d]
		if m.move && sh.move || m.capture && sh.capture {
			return true
		}
		seen[d] = mark{m.move || sh.move, m.capture || sh.capture}
		return false
	}
	if doubleStep && add(vec{0, 2}, shape{move: true}) {
		return true
	}
	for _, sh := range ss {
		reach := map[vec]bool{}
		switch sh.kind {
		case shapeLeap:
			reach[sh.v] = true
		case shapeRide, shapeHop, shapeGrass:
			for k := 1; k <= MaxFiles && (sh.max == 0 || k <= sh.max); k++ {
				reach[vec{sh.v.df * k, sh.v.dr * k}] = true
			}
		case shapeBent:
			for k := 1; k <= MaxFiles && (sh.max == 0 || k <= sh.max); k++ {
				reach[vec{sh.v.df + sh.v2.df*k, sh.v.dr + sh.v2.dr*k}] = true
			}
		}
		for d := range reach {
			if add(d, sh) {
				return true
			}
		}
	}
	return false
}
