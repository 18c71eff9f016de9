package rules

import (
	"fmt"
	"math/bits"
	"slices"
	"unsafe"
)

// This file estimates what a definition compiles to before any table is
// built, from the expanded shapes alone, so that a definition too large to
// serve is refused in time proportional to its shapes, not to its tables.
//
// A compiled variant holds, built by Compile: the shapes of every piece
// type, and per colour, piece type and square a move table whose leaps,
// rides, bent riders and slides each carry the squares they pass. Built
// lazily while serving, per kit (the promotion type and armies of a game,
// see kit.go): an attack table per colour and target square, whose probes
// are merged across piece types (one ray per direction, one leap per
// geometry), so that a kit's tables are bounded by those of a kit holding
// every type. A variant keeps at most kitCap kits beside the start
// position's (kitFor and with count them and start afresh beyond), so what
// it holds is bounded by Footprint; the kits of positions in flight live
// as long as those positions.

// CompileBudget is the most a definition's move tables may occupy, in
// bytes as Estimate counts them. It keeps the compilation of the largest
// accepted definition under 200 ms and 64 MB (BenchmarkCompileLargestAccepted);
// the largest built-in variants (Grand Chess, Bigorra) use about a third.
const CompileBudget = 24 << 20

// MaxShapeVisits bounds the shapes times the squares times the two colours
// that compiling walks, whether or not a shape fits on the board: the time
// of a definition whose moves mostly fall off its board.
const MaxShapeVisits = 8_000_000

// kitAllowance is what the attack tables of a variant's kits may occupy in
// all, in bytes as Estimate counts them; kitCap follows from it.
const kitAllowance = 64 << 20

// minKits is the fewest kits a variant keeps however large its attack
// tables: a game and its promotions to a few types.
const minKits = 8

// Cost is the estimated size of a compiled definition.
type Cost struct {
	// Entries counts the destinations the move tables list: one per leap
	// and one per square of a ride, bent ride or slide.
	Entries int64
	// Bytes is the estimated memory of the shapes and move tables.
	Bytes int64
	// KitBytes bounds the attack tables of one kit, built while serving.
	KitBytes int64
	// Kits is how many kits the variant keeps at most beside the start
	// position's.
	Kits int
	// Pieces holds each piece type's share of Entries and Bytes.
	Pieces []PieceCost
}

// PieceCost is one piece type's share of a Cost.
type PieceCost struct {
	Entries int64
	Bytes   int64
}

// Footprint bounds the memory of the variant: what Compile builds and the
// attack tables its kits may build while serving.
func (c *Cost) Footprint() int64 { return c.Bytes + int64(c.Kits+1)*c.KitBytes }

// Footprint returns the estimated memory of the compiled variant in bytes,
// the attack tables that serving may build included (see Cost). A cache
// of compiled variants can be bounded by the sum of their footprints.
func (v *Variant) Footprint() int64 { return v.footprint }

// Estimate returns the estimated size of what a definition compiles to.
// It checks the definition as Compile does, without building any table;
// an error is the one Compile would return, including limit-exceeded for a
// definition over CompileBudget or MaxShapeVisits.
func Estimate(d *Definition) (Cost, error) {
	v := &Variant{def: d.clone(), variantBoard: variantBoard{files: d.Files, ranks: d.Ranks}, variantArmy: variantArmy{byLetter: map[string]PieceType{}}}
	if err := v.checkHeader(); err != nil {
		return Cost{}, err
	}
	shapes, err := v.compilePieces()
	if err != nil {
		return Cost{}, err
	}
	return v.estimate(shapes)
}

// Sizes of the compiled structures, as the Go compiler lays them out.
var (
	sizeShape       = int64(unsafe.Sizeof(shape{}))
	sizeMoveTable   = int64(unsafe.Sizeof(moveTable{}))
	sizeLeapEntry   = int64(unsafe.Sizeof(leapEntry{}))
	sizeRideEntry   = int64(unsafe.Sizeof(rideEntry{}))
	sizeBentEntry   = int64(unsafe.Sizeof(bentEntry{}))
	sizeSlideEntry  = int64(unsafe.Sizeof(slideEntry{}))
	sizeAttackTable = int64(unsafe.Sizeof(attackTable{}))
	sizeLeapProbe   = int64(unsafe.Sizeof(leapProbe{}))
	sizeRayProbe    = int64(unsafe.Sizeof(rayProbe{}))
	sizeLeapGroup   = int64(unsafe.Sizeof(leapGroup{}))
	sizeBentProbe   = int64(unsafe.Sizeof(bentProbe{}))
	sizeDevProbe    = int64(unsafe.Sizeof(devProbe{}))
	sizeKit         = int64(unsafe.Sizeof(kit{}))
	sizeSquare      = int64(unsafe.Sizeof(Square(0)))
	sizePieceSet    = int64(unsafe.Sizeof(pieceSet{}))
)

// sliceBytes is the backing array of a slice of n elements grown by append
// from nil: capacities double, and no allocation is under 8 bytes.
func sliceBytes(n, size int64) int64 {
	if n == 0 {
		return 0
	}
	c := int64(1)
	for c < n {
		c *= 2
	}
	return max(c*size, 8)
}

// estimate counts the move tables the shapes compile to and bounds the
// attack tables of a kit; it fails when the definition is over budget.
func (v *Variant) estimate(shapes [][]shape) (Cost, error) {
	squares := int64(v.files * v.ranks)
	var visits int64
	for _, ss := range shapes {
		visits += int64(len(ss)) * squares * 2
	}
	if visits > MaxShapeVisits {
		weight := func(i int) int64 { return int64(len(shapes[i])) * squares * 2 }
		return Cost{}, v.overBudget(weight, MaxShapeVisits,
			func(i int) string { return fmt.Sprintf("%s shapes", count(int64(len(shapes[i])))) },
			fmt.Sprintf("%s shape visits (shapes x squares x colours)", count(visits)), fmt.Sprintf("at most %s", count(MaxShapeVisits)))
	}
	c := Cost{Bytes: 2 * int64(len(v.types)+1) * NumSquares * sizeMoveTable, Pieces: make([]PieceCost, len(shapes))}
	for ti, ss := range shapes {
		pc := &c.Pieces[ti]
		// Black's tables mirror White's across the middle rank: count
		// White's twice.
		for sq := Square(0); sq < NumSquares; sq++ {
			if v.onBoard.has(sq) {
				e, b := v.countMoves(PieceType(ti+1), White, sq, ss)
				pc.Entries += 2 * e
				pc.Bytes += 2 * b
			}
		}
		pc.Bytes += int64(len(ss)) * sizeShape
		c.Entries += pc.Entries
		c.Bytes += pc.Bytes
	}
	if c.Bytes > CompileBudget {
		weight := func(i int) int64 { return c.Pieces[i].Bytes }
		what := func(i int) string {
			return fmt.Sprintf("%s table entries, %s", count(c.Pieces[i].Entries), mib(c.Pieces[i].Bytes))
		}
		return Cost{}, v.overBudget(weight, CompileBudget, what,
			fmt.Sprintf("%s table entries, %s", count(c.Entries), mib(c.Bytes)), fmt.Sprintf("at most %s in all", mib(CompileBudget)))
	}
	c.KitBytes = sizeKit + v.attackBytes(shapes)
	c.Kits = int(min(max(kitAllowance/c.KitBytes, minKits), maxKits))
	return c, nil
}

// overBudget names the part of the definition to shrink: the piece that
// weighs most when it alone takes a 32nd of the limit (five Queens' worth
// on 16x16), else the list
// of pieces, too long for its board. weight is a piece's share of the
// measure that is over its limit.
func (v *Variant) overBudget(weight func(i int) int64, limit int64, what func(i int) string, total, most string) *Error {
	big := 0
	for i := range v.def.Pieces {
		if weight(i) > weight(big) {
			big = i
		}
	}
	board := fmt.Sprintf("%dx%d", v.files, v.ranks)
	if weight(big)*32 < limit {
		return newError(ErrLimitExceeded, "pieces", -1, "the %d piece types on a %s board compile to about %s; a definition may compile to %s",
			len(v.def.Pieces), board, total, most)
	}
	pd := v.def.Pieces[big]
	field := fmt.Sprintf("pieces[%d].betza", big)
	if pd.Betza == "" && len(pd.Bent) > 0 {
		field = fmt.Sprintf("pieces[%d].bent", big)
	}
	return newError(ErrLimitExceeded, field, -1, "the movement of piece %d (%s) compiles to about %s on a %s board, the definition to about %s; a definition may compile to %s",
		big, pd.Letter, what(big), board, total, most)
}

// countMoves counts what buildMoveTable lists for type t of colour c on
// square from: the destinations and the bytes of the entries.
func (v *Variant) countMoves(t PieceType, c Color, from Square, ss []shape) (entries, bytes int64) {
	var leaps, rides, bents, slides int64
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
			if _, ok := v.eitherSquares(from, s.either, c); ok {
				leaps++
			}
		case shapeRide, shapeHop, shapeGrass, shapeKangaroo:
			if n := v.rayLen(from, d, s.max); n > 0 {
				rides++
				entries += n
				bytes += sliceBytes(n, sizeSquare)
			}
		case shapeSlideStep:
			if n := v.rayLen(from, d, s.max); n > 0 {
				slides++
				entries += n
				bytes += 2 * sliceBytes(n, sizeSquare)
			}
		case shapeBent:
			if pivot, ok := v.step(from, d); ok {
				if n := v.rayLen(pivot, v.orient(s.v2, c), s.max); n > 0 {
					bents++
					entries += n
					bytes += sliceBytes(n, sizeSquare)
				}
			}
		}
	}
	entries += leaps
	bytes += sliceBytes(leaps, sizeLeapEntry) + sliceBytes(rides, sizeRideEntry) +
		sliceBytes(bents, sizeBentEntry) + sliceBytes(slides, sizeSlideEntry)
	return entries, bytes
}

// rayLen is len(v.ray(s, d, max)), without building the ray.
func (v *Variant) rayLen(s Square, d vec, limit int) int64 {
	n := MaxFiles + MaxRanks
	if d.df > 0 {
		n = min(n, (v.files-1-s.File())/d.df)
	} else if d.df < 0 {
		n = min(n, s.File()/-d.df)
	}
	if d.dr > 0 {
		n = min(n, (v.ranks-1-s.Rank())/d.dr)
	} else if d.dr < 0 {
		n = min(n, s.Rank()/-d.dr)
	}
	if limit > 0 {
		n = min(n, limit)
	}
	return int64(n)
}

// probeGeo is a capturing shape as buildAttackTable merges it across
// piece types: its geometry, oriented for the attacking colour.
type probeGeo struct {
	kind   shapeKind
	v1, v2 vec
	max    int
	afar   bool
}

// attackBytes bounds the attack tables of a kit holding every piece type:
// both colours, every target square.
func (v *Variant) attackBytes(shapes [][]shape) int64 {
	var total int64
	for c := White; c <= Black; c++ {
		leaps := map[shapeKey]probeGeo{} // by the leap's geometry: its legs decide the probe
		rays := map[vec]uint16{}         // by the direction back from the target: the kinds of sets it holds
		bents := map[probeGeo]bool{}
		plain := map[vec]typeSet{} // the types of each leap without legs, whose sets are grouped
		devs := int64(0)
		for ti, ss := range shapes {
			if v.types[ti].dev {
				devs++
			}
			for _, s := range ss {
				if !s.capture {
					continue
				}
				d := v.orient(s.v, c)
				switch s.kind {
				case shapeLeap:
					g := s
					g.move, g.capture, g.initial, g.promote, g.edge = false, false, false, false, false
					leaps[g.key()] = probeGeo{kind: s.kind, v1: d, afar: s.afar}
					if len(s.empty) == 0 && len(s.full) == 0 && len(s.either) == 0 && !s.afar {
						ts := plain[d]
						ts.add(PieceType(ti + 1))
						plain[d] = ts
					}
				case shapeRide, shapeHop, shapeGrass, shapeKangaroo:
					rays[d.neg()] |= 1 << s.kind
				case shapeBent, shapeSlideStep:
					bents[probeGeo{kind: s.kind, v1: d, v2: v.orient(s.v2, c), max: s.max}] = true
				}
			}
		}
		// The groups of a table are at most a third of its leaps
		// (attackTable.groupLeaps), and at most the distinct sets.
		var sets []typeSet
		for _, ts := range plain {
			if !slices.Contains(sets, ts) {
				sets = append(sets, ts)
			}
		}
		for sq := Square(0); sq < NumSquares; sq++ {
			if v.onBoard.has(sq) {
				total += v.probeBytes(sq, leaps, rays, bents, devs) + v.groupBytes(sq, plain, int64(len(sets)))
			}
		}
	}
	return total
}

// probeBytes bounds the attack table of one target square.
func (v *Variant) probeBytes(target Square, leaps map[shapeKey]probeGeo, rays map[vec]uint16, bents map[probeGeo]bool, devs int64) int64 {
	b := sizeAttackTable + 8*devs*sizeDevProbe
	var nl, nr, nb int64
	for _, g := range leaps {
		if from, ok := v.step(target, g.v1.neg()); ok {
			nl++
			if _, ok := v.step(from, g.v1.neg()); ok && g.afar {
				nl++
			}
		}
	}
	for back, sets := range rays {
		if n := v.rayLen(target, back, 0); n > 0 {
			nr++
			b += sliceBytes(n, sizeSquare) + int64(bits.OnesCount16(sets))*n*sizePieceSet
		}
	}
	for g := range bents {
		var n int64
		if g.kind == shapeSlideStep {
			if piv, ok := v.step(target, g.v2.neg()); ok {
				n = v.rayLen(piv, g.v1.neg(), g.max)
			}
		} else {
			n = v.rayLen(target, g.v2.neg(), g.max)
		}
		if n > 0 {
			nb++
			b += 2 * sliceBytes(n, sizeSquare)
		}
	}
	return b + sliceBytes(nl, sizeLeapProbe) + sliceBytes(nr, sizeRayProbe) + sliceBytes(nb, sizeBentProbe)
}

// groupBytes bounds the groups of the leaps without legs of the attack
// table of one target square (attackTable.groupLeaps): as many as the
// distinct sets of attackers, where they are at most a third of the leaps.
func (v *Variant) groupBytes(target Square, plain map[vec]typeSet, sets int64) int64 {
	var n int64
	for d := range plain {
		if _, ok := v.step(target, d.neg()); ok {
			n++
		}
	}
	if sets == 0 || 3*sets > n {
		return 0
	}
	return sliceBytes(sets, sizeLeapGroup)
}

// count writes a number of entries for people: 950, 12k, 1.2M.
func count(n int64) string {
	switch {
	case n >= 1_000_000:
		return fmt.Sprintf("%.1fM", float64(n)/1e6)
	case n >= 1000:
		return fmt.Sprintf("%dk", n/1000)
	}
	return fmt.Sprint(n)
}

// mib writes bytes for people: 24 MB, 0.6 MB.
func mib(n int64) string {
	if n >= 10<<20 {
		return fmt.Sprintf("%d MB", n>>20)
	}
	return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
}
