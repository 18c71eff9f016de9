package rules

import (
	"context"
	"slices"
)

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

// eitherSquares places the two alternative first-part squares of a
// two-part leap; both are NoSquare for other leaps. A part that leaves the
// board closes its path: the other square is given twice. ok is false when
// both paths leave the board.
func (v *Variant) eitherSquares(from Square, either []vec, c Color) (out [2]Square, ok bool) {
	out = [2]Square{NoSquare, NoSquare}
	if len(either) == 0 {
		return out, true
	}
	a, okA := v.step(from, v.orient(either[0], c))
	b, okB := v.step(from, v.orient(either[1], c))
	switch {
	case okA && okB:
		return [2]Square{a, b}, true
	case okA:
		return [2]Square{a, a}, true
	case okB:
		return [2]Square{b, b}, true
	}
	return out, false
}

func (v *Variant) initialOK(t PieceType, c Color, s Square) bool {
	for _, r := range v.typ(t).InitialRanks {
		if v.relRank(s, c) == r {
			return true
		}
	}
	return false
}

func (v *Variant) isEdge(s Square) bool {
	return s.File() == 0 || s.File() == v.files-1 || s.Rank() == 0 || s.Rank() == v.ranks-1
}

// buildTables builds the move tables of every piece type. The attack tables
// depend on the piece types a game can hold and belong to its kit.
// It stops with ctx.Err() when ctx is done, checked between piece types.
func (v *Variant) buildTables(ctx context.Context, shapes [][]shape) error {
	v.shapes = shapes
	n := (len(v.types) + 1) * NumSquares
	for ti, ss := range shapes {
		v.types[ti].overlap = shapesOverlap(ss, v.types[ti].DoubleStep != nil)
		// An en passant taker of a variant with QuietFirst is filtered in
		// pieceMoves (enpassant.go), not in the hot loop of shapeMoves.
		quietEP := v.epQuietFirst && v.types[ti].epTaker
		if v.types[ti].overlap || v.types[ti].special || quietEP {
			v.dispatch.add(makePiece(PieceType(ti+1), White))
			v.dispatch.add(makePiece(PieceType(ti+1), Black))
		}
	}
	for c := White; c <= Black; c++ {
		v.moves[c] = make([]moveTable, n)
		for ti, ss := range shapes {
			if err := ctx.Err(); err != nil {
				return err
			}
			t := PieceType(ti + 1)
			for sq := Square(0); sq < NumSquares; sq++ {
				if v.onBoard.has(sq) {
					mt := v.buildMoveTable(t, c, sq, ss)
					v.plainTables = v.plainTables || mt.plainAll
					v.moves[c][int(t)*NumSquares+int(sq)] = mt
				}
			}
		}
	}
	return nil
}

// newKit returns a kit for the piece types given, its attack tables not
// yet built.
func (v *Variant) newKit(choice uint8, a *army, types typeSet) *kit {
	k := &kit{v: v, choice: choice, army: *a, types: types}
	k.root = k
	k.setPowerFlags()
	for ti, ss := range v.shapes {
		if !k.types.has(PieceType(ti + 1)) {
			continue
		}
		if v.types[ti].dev {
			k.lines = true
		}
		if v.types[ti].FrozenMoves > 0 {
			k.frozen = true
		}
		for _, sh := range ss {
			switch {
			case !sh.capture:
			case sh.kind == shapeHop, sh.kind == shapeGrass, sh.kind == shapeBent, sh.kind == shapeSlideStep, sh.kind == shapeKangaroo,
				len(sh.empty) > 0, len(sh.full) > 0, len(sh.either) > 0, sh.afar:
				k.lines = true
			}
		}
	}
	k.bulk = !k.odd
	for t := PieceType(1); int(t) <= len(v.types); t++ {
		k.bulk = k.bulk && !(k.types.has(t) && v.immune.has(makePiece(t, White)))
	}
	return k
}

// plainTo says whether a move of a piece of type t and colour c to to
// needs none of addMove's tests: no Dev in the variant, no promotion there.
func (v *Variant) plainTo(t PieceType, c Color, to Square, promote bool) bool {
	pt := v.typ(t)
	return !v.hasDev && !(promote && pt.promotesTo != nil && v.zone[c][to] != zoneNone)
}

func (v *Variant) buildMoveTable(t PieceType, c Color, from Square, ss []shape) moveTable {
	mt := moveTable{double: NoSquare, doubleMid: NoSquare, triple: NoSquare}
	for _, s := range ss {
		if s.initial && !v.initialOK(t, c, from) {
			continue
		}
		d := v.orient(s.v, c)
		switch s.kind {
		case shapeLeap:
			to, ok := v.step(from, d)
			if !ok || s.edge && !v.isEdge(from) && !v.isEdge(to) {
				continue
			}
			e := leapEntry{to: to, move: s.move, capture: s.capture, empty: [2]Square{NoSquare, NoSquare}, full: NoSquare,
				either: [2]Square{NoSquare, NoSquare}, afar: NoSquare, promote: s.promote}
			// A square that must be empty, or occupied, and is off the
			// board or not part of it (RULES R40) bars the leap.
			legs := true
			for k, off := range s.empty {
				e.empty[k], ok = v.step(from, v.orient(off, c))
				legs = legs && ok
			}
			for _, off := range s.full {
				e.full, ok = v.step(from, v.orient(off, c))
				legs = legs && ok
			}
			if !legs {
				continue
			}
			if e.either, ok = v.eitherSquares(from, s.either, c); !ok {
				continue
			}
			if s.afar {
				e.afar, _ = v.step(to, d)
			}
			if e.empty[0] == NoSquare && e.full == NoSquare && e.either[0] == NoSquare && !s.afar && v.plainTo(t, c, to, s.promote) {
				switch {
				case s.move && s.capture && !v.typ(t).epTaker:
					e.plain = plainBoth
				case s.move && !s.capture:
					e.plain = plainMove
				case s.capture && !s.move && !v.typ(t).epTaker:
					e.plain = plainCapture
				case s.capture && !s.move:
					e.plain = plainCaptureEP
				}
			}
			mt.leaps = append(mt.leaps, e)
		case shapeRide, shapeHop, shapeGrass, shapeKangaroo:
			r := v.ray(from, d, s.max)
			kind := s.kind
			if s.edge && !v.isEdge(from) {
				kind = shapeEdgeRide
			}
			if len(r) > 0 {
				e := rideEntry{ray: r, kind: kind, move: s.move, capture: s.capture, promote: s.promote}
				e.plain = kind == shapeRide && s.move && s.capture
				for _, to := range r {
					e.plain = e.plain && v.plainTo(t, c, to, s.promote)
				}
				mt.rides = append(mt.rides, e)
			}
		case shapeSlideStep:
			r := v.ray(from, d, s.max)
			se := slideEntry{move: s.move, capture: s.capture, promote: s.promote}
			for _, piv := range r {
				to, ok := v.step(piv, v.orient(s.v2, c))
				if !ok {
					to = NoSquare
				}
				se.ray = append(se.ray, piv)
				se.dest = append(se.dest, to)
			}
			if len(r) > 0 {
				mt.slides = append(mt.slides, se)
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
	fwd := v.orient(vec{0, 1}, c)
	if ds := v.typ(t).DoubleStep; ds != nil && v.stepsFrom(ds, v.typ(t).doubleFrom[c], from, c) {
		mid, ok1 := v.step(from, fwd)
		to, ok2 := v.step(mid, fwd)
		if ok1 && ok2 {
			mt.double, mt.doubleMid = to, mid
			mt.doublePromote = v.typ(t).PromotesBy == ""
		}
	}
	if ts := v.typ(t).TripleStep; ts != nil && v.stepsFrom(ts, v.typ(t).tripleFrom[c], from, c) {
		mid, ok1 := v.step(from, fwd)
		mid, ok2 := v.step(mid, fwd)
		to, ok3 := v.step(mid, fwd)
		if ok1 && ok2 && ok3 {
			mt.triple = to
			mt.doublePromote = v.typ(t).PromotesBy == ""
		}
	}
	mt.plainAll = mt.double == NoSquare && mt.triple == NoSquare && len(mt.bents) == 0 && len(mt.slides) == 0 &&
		len(mt.leaps)+len(mt.rides) > 0
	for i := range mt.leaps {
		mt.plainAll = mt.plainAll && mt.leaps[i].plain != 0 && mt.leaps[i].plain != plainCaptureEP
	}
	for i := range mt.rides {
		mt.plainAll = mt.plainAll && mt.rides[i].plain
	}
	return mt
}

// stepsFrom says whether a double or triple step ds may start on from for
// colour c: from its ranks or its squares (squares, compiled), or from
// anywhere when it names neither.
func (v *Variant) stepsFrom(ds *DoubleStepDef, squares []Square, from Square, c Color) bool {
	if len(ds.Ranks) == 0 && len(ds.Squares) == 0 {
		return true
	}
	return slices.Contains(ds.Ranks, v.relRank(from, c)) || slices.Contains(squares, from)
}

func (v *Variant) buildAttackTable(c Color, target Square, types typeSet) attackTable {
	var at attackTable
	leapIdx := map[leapProbe]int{}
	rayIdx := map[vec]int{}
	type bentKey struct {
		kind   shapeKind
		v1, v2 vec
		max    int
	}
	bentIdx := map[bentKey]int{}
	addBent := func(key bentKey, p Piece, build func() bentProbe) {
		i, ok := bentIdx[key]
		if !ok {
			bp := build()
			if len(bp.ray) == 0 {
				return
			}
			i = len(at.bents)
			bentIdx[key] = i
			at.bents = append(at.bents, bp)
		}
		at.bents[i].set.add(p)
	}
	addLeap := func(key leapProbe, p Piece) {
		i, ok := leapIdx[key]
		if !ok {
			i = len(at.leaps)
			leapIdx[key] = i
			at.leaps = append(at.leaps, key)
		}
		at.leaps[i].set.add(p)
	}
	for ti, ss := range v.shapes {
		t := PieceType(ti + 1)
		if !types.has(t) {
			continue
		}
		p := makePiece(t, c)
		for _, s := range ss {
			if !s.capture {
				continue
			}
			d := v.orient(s.v, c)
			switch s.kind {
			case shapeLeap:
				from, ok := v.step(target, d.neg())
				if !ok || s.initial && !v.initialOK(t, c, from) || s.edge && !v.isEdge(from) && !v.isEdge(target) {
					continue
				}
				key := leapProbe{from: from, empty: [2]Square{NoSquare, NoSquare}, full: NoSquare, via: NoSquare}
				for k, off := range s.empty {
					key.empty[k], _ = v.step(from, v.orient(off, c))
				}
				for _, off := range s.full {
					key.full, _ = v.step(from, v.orient(off, c))
				}
				if key.either, ok = v.eitherSquares(from, s.either, c); !ok {
					continue
				}
				addLeap(key, p)
				if s.afar {
					// The Archer attacks one more leap beyond its landing
					// square, when it can land there.
					if far, ok := v.step(from, d.neg()); ok {
						addLeap(leapProbe{from: far, empty: [2]Square{NoSquare, NoSquare}, full: NoSquare,
							either: [2]Square{NoSquare, NoSquare}, via: from}, p)
					}
				}
			case shapeSlideStep:
				// The last square of the slide is one step back from the
				// target; the slide's earlier squares and its origin lie
				// behind it.
				key := bentKey{s.kind, d, v.orient(s.v2, c), s.max}
				addBent(key, p, func() bentProbe {
					var bp bentProbe
					piv, ok := v.step(target, key.v2.neg())
					if !ok {
						return bp
					}
					full := append([]Square{piv}, v.ray(piv, d.neg(), 0)...)
					for k := 0; k+1 < len(full) && (s.max == 0 || k < s.max); k++ {
						bp.ray = append(bp.ray, full[k])
						bp.origin = append(bp.origin, full[k+1])
					}
					return bp
				})
			case shapeRide, shapeHop, shapeGrass, shapeKangaroo:
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
				case shapeKangaroo:
					sets = &rp.kangaroo
				}
				if *sets == nil {
					*sets = make([]pieceSet, len(rp.ray))
				}
				for k := range rp.ray {
					if (s.max == 0 || k < s.max) && (!s.initial || v.initialOK(t, c, rp.ray[k])) &&
						(!s.edge || v.isEdge(target) || v.isEdge(rp.ray[k])) {
						(*sets)[k].add(p)
					}
				}
			case shapeBent:
				// The pivots lie on the continuation's line back from the
				// target, the origins one first leg behind them.
				key := bentKey{s.kind, d, v.orient(s.v2, c), s.max}
				addBent(key, p, func() bentProbe {
					var bp bentProbe
					for _, piv := range v.ray(target, key.v2.neg(), s.max) {
						o, ok := v.step(piv, d.neg())
						if !ok {
							o = NoSquare
						}
						bp.ray = append(bp.ray, piv)
						bp.origin = append(bp.origin, o)
					}
					return bp
				})
			}
		}
	}
	for ti := range v.types {
		if t := PieceType(ti + 1); v.types[ti].dev && types.has(t) {
			for _, d := range devSteps {
				if ll, ok := v.step(block(target), d); ok {
					at.devs = append(at.devs, devProbe{ll: ll})
					at.devs[len(at.devs)-1].set.add(makePiece(t, c))
				}
			}
		}
	}
	// Leaps with legs first: Position.danger walks only those.
	slices.SortStableFunc(at.leaps, func(a, b leapProbe) int {
		return btoi(!a.legged()) - btoi(!b.legged())
	})
	for at.legged < len(at.leaps) && at.leaps[at.legged].legged() {
		at.legged++
	}
	at.groupLeaps()
	for i := range at.rays {
		for _, s := range at.rays[i].ray {
			at.rays[i].mask.set(s)
		}
	}
	at.reach = at.probed()
	return at
}

// groupLeaps gathers the leaps without legs by their sets of attackers,
// where that makes at most a third as many groups as leaps (a Knight's,
// a King's and a Pawn's eighteen leaps make three or four groups): a group
// is tested by the enemy pieces on its squares, not square by square.
func (at *attackTable) groupLeaps() {
	at.scan = len(at.leaps)
	var groups []leapGroup
	for i := at.legged; i < len(at.leaps); i++ {
		lp := &at.leaps[i]
		j := slices.IndexFunc(groups, func(g leapGroup) bool { return g.set == lp.set })
		if j < 0 {
			j = len(groups)
			groups = append(groups, leapGroup{set: lp.set})
		}
		groups[j].from.set(lp.from)
	}
	if len(groups) > 0 && 3*len(groups) <= len(at.leaps)-at.legged {
		at.scan, at.groups = at.legged, groups
	}
}

// probed returns the squares at's probes read.
func (at *attackTable) probed() bitboard {
	var b bitboard
	add := func(s Square) {
		if s != NoSquare {
			b.set(s)
		}
	}
	for i := range at.leaps {
		add(at.leaps[i].from)
		for _, s := range at.leaps[i].legs() {
			add(s)
		}
	}
	for i := range at.rays {
		for _, s := range at.rays[i].ray {
			add(s)
		}
	}
	for i := range at.bents {
		for k, s := range at.bents[i].ray {
			add(s)
			add(at.bents[i].origin[k])
		}
	}
	for _, dp := range at.devs {
		for _, s := range blockSquares(dp.ll) {
			add(s)
		}
	}
	return b
}

// legs returns the squares whose occupancy opens or closes the leap.
func (lp *leapProbe) legs() [6]Square {
	return [...]Square{lp.empty[0], lp.empty[1], lp.full, lp.either[0], lp.either[1], lp.via}
}

// legged says whether the leap depends on squares other than its ends.
func (lp *leapProbe) legged() bool {
	for _, s := range lp.legs() {
		if s != NoSquare {
			return true
		}
	}
	return false
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
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
		case shapeSlideStep:
			for k := 1; k <= MaxFiles && (sh.max == 0 || k <= sh.max); k++ {
				reach[vec{sh.v.df*k + sh.v2.df, sh.v.dr*k + sh.v2.dr}] = true
			}
		case shapeKangaroo:
			for k := 3; k <= MaxFiles; k++ {
				reach[vec{sh.v.df * k, sh.v.dr * k}] = true
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
