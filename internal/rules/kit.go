package rules

import "sync/atomic"

// The promotion types (PromotionDef.Choice).
const (
	promoAll      uint8 = iota // any type of the piece's promotesTo
	promoCaptured              // only a type the side has fewer of than in its initial army
	promoInitial               // only a type of the side's initial army
)

var promoNames = [...]string{promoAll: "all", promoCaptured: "captured", promoInitial: "initial"}

// promoChoice reads a promotion type; "" and "list" are "all".
func promoChoice(name string) (uint8, bool) {
	switch name {
	case "", "list", "all":
		return promoAll, true
	case "captured":
		return promoCaptured, true
	case "initial":
		return promoInitial, true
	}
	return 0, false
}

// army counts, per colour and type, the pieces of an initial position that
// some piece may promote to: what the promotion types "captured" and
// "initial" refer to.
type army [2][MaxPieceTypes + 1]uint8

// armyOf counts the promotion targets on a board.
func (v *Variant) armyOf(board *[NumSquares]Piece) army {
	var a army
	for _, pc := range board {
		if pc != 0 && v.targets.has(pc.Type()) && a[pc.Color()][pc.Type()] < 255 {
			a[pc.Color()][pc.Type()]++
		}
	}
	return a
}

// typeSet is a set of piece types.
type typeSet [2]uint64

func (s *typeSet) add(t PieceType)     { s[t>>6] |= 1 << (t & 63) }
func (s typeSet) has(t PieceType) bool { return s[t>>6]>>(t&63)&1 != 0 }

// covers says whether s holds every type of o.
func (s typeSet) covers(o typeSet) bool { return o[0]&^s[0] == 0 && o[1]&^s[1] == 0 }

func (s typeSet) union(o typeSet) typeSet { return typeSet{s[0] | o[0], s[1] | o[1]} }

// kit is what a game needs beyond its variant: the promotion type with the
// initial armies it refers to, fixed for the whole game, and the attack
// tables of the piece types of its armies and its board. A variant with a
// large piece catalogue, such as Grand Chess, thus tests attacks only by
// the pieces a game holds; a promotion to a new type moves the position to
// a kit that covers it. The attack table of a square is built when first
// needed, so a game pays only for the squares its Kings visit. Kits are
// shared and safe for concurrent use.
type kit struct {
	v        *Variant
	choice   uint8
	army     army
	types    typeSet
	lines    bool                                       // some piece hops, bends or has legs: see Position.danger
	odd      bool                                       // some type has a power: see power.go
	frozen   bool                                       // some type starts frozen (RULES R20)
	bulk     bool                                       // the Pawn plans count here: no power, no piece that cannot be captured (bulk.go)
	oddSet   pieceSet                                   // the pieces Position.odd keeps, when odd
	track    bool                                       // a Fool can ever be in the game: what it copies is remembered
	foolable bool                                       // a promotion can make a Fool
	attacks  [2][NumSquares]atomic.Pointer[attackTable] // [attacking colour][target square], built on first use

	// The kits a promotion widens this one to: a root kit (one of kitFor)
	// keeps, per type, the kit with that type added; a second new type
	// leads to the root's full kit, which covers every type a piece
	// promotes to. A game thus never needs more than a root's 1 + n + 1
	// kits, however its promotions combine.
	root *kit
	next [MaxPieceTypes + 1]atomic.Pointer[kit]
	full atomic.Pointer[kit]
}

// table returns the attack table of target s for attackers of colour by.
func (k *kit) table(by Color, s Square) *attackTable {
	if at := k.attacks[by][s].Load(); at != nil {
		return at
	}
	at := k.v.buildAttackTable(by, s, k.types)
	k.attacks[by][s].CompareAndSwap(nil, &at)
	return k.attacks[by][s].Load()
}

// kitKey identifies a kit.
type kitKey struct {
	choice uint8
	army   army
	types  typeSet
}

// maxKits bounds the kits a variant keeps, roots and promotion kits; a
// variant with large attack tables keeps fewer (Variant.kitCap, see
// cost.go). When full it starts afresh, so a client sending ever new armies
// costs the rebuilding of attack tables, never memory.
const maxKits = 64

// mayPromote says whether a piece of colour c may promote to type t when
// the side has n pieces of that type.
func (k *kit) mayPromote(c Color, t PieceType, n uint8) bool {
	switch k.choice {
	case promoCaptured:
		return n < k.army[c][t]
	case promoInitial:
		return k.army[c][t] > 0
	}
	return true
}

// kitFor returns the kit of a game with the given promotion type and
// armies whose position holds the types present. It covers those types and
// the armies', so that every position of a game shares one kit. A promotion
// to a type the kit does not cover moves the position to a wider kit (see
// with), so a kit need not cover what the game's Pawns may become, which
// for the promotion type "all" is every type of the catalogue.
func (v *Variant) kitFor(choice uint8, a *army, present typeSet) *kit {
	types := present
	if v.royal != 0 {
		types.add(v.royal)
	}
	// The base kit (the start position's) covers its army's types: with
	// the same army, only the types present are left to check. This is the
	// common case, a FEN of a game from the variant's start, and the only
	// way to the base: a wider set of types is not covered either.
	if b := v.base; b != nil && b.choice == choice && b.army == *a && b.types.covers(types) {
		return b
	}
	for c := White; c <= Black; c++ {
		for t, n := range a[c] {
			if n > 0 {
				types.add(PieceType(t))
			}
		}
	}
	if b := v.base; b != nil {
		types = types.union(b.types)
	}
	key := kitKey{choice: choice, army: *a, types: types}
	v.kitMu.Lock()
	defer v.kitMu.Unlock()
	if k, ok := v.kits[key]; ok {
		return k
	}
	k := v.newKit(choice, a, types)
	if v.kits == nil || v.kitsMade.Load() >= int64(v.kitCap) {
		v.freshKits()
	}
	v.kits[key] = k
	v.kitsMade.Add(1)
	return k
}

// freshKits starts the variant's kits afresh: the kits kept so far live on
// only as long as the positions holding them. kitMu must be held.
func (v *Variant) freshKits() {
	v.kits = map[kitKey]*kit{}
	v.kitsMade.Store(0)
	if v.base != nil {
		v.base.forget()
	}
}

// forget drops the promotion kits a root kit keeps, when its variant
// starts its kits afresh; positions holding them keep them alive.
func (k *kit) forget() {
	for i := range k.next {
		k.next[i].Store(nil)
	}
	k.full.Store(nil)
}

// with returns a kit that also covers type t.
func (k *kit) with(t PieceType) *kit {
	if k.types.has(t) {
		return k
	}
	r := k.root
	slot := &r.full
	types := r.types.union(r.v.targets)
	if k == r {
		slot = &r.next[t]
		types = r.types
	}
	types.add(t)
	if n := slot.Load(); n != nil && n.types.has(t) {
		return n
	}
	n := r.v.newKit(r.choice, &r.army, types)
	n.root = r
	if r.v.kitsMade.Add(1) > int64(r.v.kitCap) {
		r.v.kitMu.Lock()
		r.v.freshKits()
		r.v.kitsMade.Add(1)
		r.v.kitMu.Unlock()
	}
	if !slot.CompareAndSwap(nil, n) {
		if m := slot.Load(); m != nil && m.types.has(t) {
			return m // another goroutine made the same kit first
		}
	}
	return n
}
