package rules

import "strings"

// This file holds the Fool (RULES R26, R35; docs/RULES.md, "The eight
// exotic pieces"): it moves and captures like the type its opponent moved
// last, with that type's powers and none of its status. The position
// remembers, for each colour, the type its Fools copy (Position.imit), and
// the one-turn effect of a Fool's move copying a Block (it cannot be taken)
// or an Immobilizer (it holds the enemy pieces around it): make updates
// them after every move (remember), the FEN writes them in a field of their
// own (fool:W/B@square), and the repetition key counts them where they
// matter.

// The one-turn effects of a Fool's last move.
const (
	effectNone   uint8 = iota
	effectImmune       // the Fool on effectSq copied a Block: nothing takes or converts it this turn
	effectFreeze       // the Fool on effectSq copied an Immobilizer: it holds the enemy pieces around it this turn
)

// The Fool's moves are those of the type it copies, made for its own
// colour: Position.powerMoves generates them. Its attack on a King is
// captureHits below, a walk of that type's move table.

// captureHits says whether a piece of type t (without a power) and colour
// by on q could take an enemy piece standing on s with one of its
// capturing moves, as shapeMoves would generate it, landing there or, with
// afar, also from afar: the reversed probe of a Fool copying t, which has
// no probes of its own in the attack tables, and the Chameleon's test of a
// replacement (landing only). TestExoticAttacksAgreeWithCaptures and the
// reference check it against generation.
func (p *Position) captureHits(q, s Square, t PieceType, by Color, afar bool) bool {
	b := &p.board
	mt := &p.v.moves[by][int(t)*NumSquares+int(q)]
	for i := range mt.leaps {
		e := &mt.leaps[i]
		if (e.to != s || !e.capture) && (!afar || e.afar != s) {
			continue
		}
		if e.afar == s && (b[e.to] == 0 && !e.move || b[e.to] != 0 && (!e.capture || !p.capturable(e.to, by))) {
			continue
		}
		if e.empty[0] != NoSquare && (b[e.empty[0]] != 0 || e.empty[1] != NoSquare && b[e.empty[1]] != 0) ||
			e.full != NoSquare && b[e.full] == 0 || e.either[0] != NoSquare && b[e.either[0]] != 0 && b[e.either[1]] != 0 {
			continue
		}
		return true
	}
	for i := range mt.rides {
		if e := &mt.rides[i]; e.capture && p.rideHits(e, s) {
			return true
		}
	}
	for i := range mt.bents {
		e := &mt.bents[i]
		if !e.capture || b[e.pivot] != 0 {
			continue
		}
		for _, to := range e.ray {
			if to == s {
				return true
			}
			if b[to] != 0 {
				break
			}
		}
	}
	for i := range mt.slides {
		e := &mt.slides[i]
		for k, piv := range e.ray {
			if b[piv] != 0 {
				break
			}
			if e.capture && e.dest[k] == s {
				return true
			}
		}
	}
	return false
}

// rideHits says whether the capturing ride e lands on s (occupied): the
// first piece of a slide, the piece after one screen for a hopper, the
// square just past the first screen for a grasshopper, the square just
// past the second for a Kangaroo.
func (p *Position) rideHits(e *rideEntry, s Square) bool {
	b := &p.board
	screens, need := 0, 0
	switch e.kind {
	case shapeHop, shapeGrass:
		need = 1
	case shapeKangaroo:
		need = 2
	}
	for k, sq := range e.ray {
		switch {
		case e.kind == shapeEdgeRide && !p.v.isEdge(sq):
			if b[sq] != 0 {
				return false
			}
			continue
		case screens < need:
			if b[sq] != 0 {
				screens++
			}
			continue
		case e.kind == shapeGrass || e.kind == shapeKangaroo:
			// Lands on the square right after the last screen.
			return sq == s && k > 0 && b[e.ray[k-1]] != 0
		}
		if sq == s {
			return true
		}
		if b[sq] != 0 {
			return false
		}
	}
	return false
}

// remember updates what the Fools copy after the move m of the piece moved
// by colour us: the opponent's Fools now copy moved's type; nothing after a
// Chameleon's move; after a Fool's move, what that Fool copied, with its
// one-turn effect when it copied a Block or an Immobilizer.
func (p *Position) remember(m Move, moved Piece, us Color) {
	them := us.Other()
	p.effect, p.effectSq = effectNone, NoSquare
	switch p.v.types[moved.Type()-1].power {
	case powerFool:
		t := p.imit[us]
		p.imit[them] = t
		if t == 0 || m.Promotion != 0 || m.Kind == MoveConvert {
			return
		}
		switch {
		case p.v.types[t-1].Immune:
			p.effect, p.effectSq = effectImmune, m.To
		case p.v.types[t-1].power == powerImmobilizer:
			p.effect, p.effectSq = effectFreeze, m.To
		}
	case powerChameleon:
		p.imit[them] = 0
	default:
		p.imit[them] = moved.Type()
	}
}

// foolsOn says whether colour c has a Fool on the board.
func (p *Position) foolsOn(c Color) bool {
	for t := range p.v.types {
		if p.v.types[t].power == powerFool && p.count[c][t+1] > 0 {
			return true
		}
	}
	return false
}

// memoryMatters says whether what the Fools copy can ever matter in the
// game: a Fool is on the board or a promotion can make one.
func (p *Position) memoryMatters() bool {
	return p.kit.track && (p.kit.foolable || p.foolsOn(White) || p.foolsOn(Black))
}

// memoryKey is the part of the repetition key that the Fools' memory
// adds: a colour's copied type where it has a Fool, and a one-turn effect.
func (p *Position) memoryKey() uint64 {
	if !p.kit.track {
		return 0
	}
	var h uint64
	for c := White; c <= Black; c++ {
		if p.imit[c] != 0 && p.foolsOn(c) {
			h ^= zobristCopy[c][p.imit[c]]
		}
	}
	if p.effect != effectNone {
		h ^= zobristEffect[p.effectSq]
	}
	return h
}

// fieldFool names the FEN's field of the Fools' memory in errors.
const fieldFool = "fool"

// isFoolField says whether a FEN field is the Fools' memory.
func isFoolField(f string) bool { return strings.HasPrefix(f, "fool:") }

// parseFool reads the field fool:W/B or fool:W/B@square: the types White's
// and Black's Fools copy (a letter of the variant, upper case, or -), and
// the square of a Fool whose last move has a one-turn effect.
func (s *Setup) parseFool(text string, off int) error {
	v := s.Variant
	body := text[len("fool:"):]
	at := off + len("fool:")
	sides, sq, hasSq := strings.Cut(body, "@")
	w, b, ok := strings.Cut(sides, "/")
	if !ok {
		return newError(ErrInvalidFEN, fieldFool, at, "the Fools' field is fool:W/B (the types White's and Black's Fools copy, or -), optionally @ and a square")
	}
	for i, l := range [2]string{w, b} {
		if i == 1 {
			at += len(w) + 1
		}
		if l == "-" {
			continue
		}
		t, ok := v.byLetter[l]
		if !ok {
			return newError(ErrInvalidFEN, fieldFool, at, "no piece of %s has letter %s (write the type's letter in upper case, or -)", v.def.ID, quoteText(l))
		}
		if pw := v.types[t-1].power; pw == powerFool || pw == powerChameleon {
			return newError(ErrInvalidFEN, fieldFool, at, "a Fool never copies a %s: write -", v.PieceName(t))
		}
		s.Copies[i] = t
	}
	if hasSq {
		at = off + len("fool:") + len(sides) + 1
		q, n := parseSquare(sq, v.files, v.ranks)
		if n == 0 || n != len(sq) {
			return newError(ErrInvalidFEN, fieldFool, at, "expected the square of the Fool that just moved, not %s", quoteText(sq))
		}
		s.FoolMoved, s.Effect = q, true
	}
	return nil
}

// foolText writes the Fools' field, or "" when it says nothing: nothing
// copied and no effect, or no Fool can ever play (memoryMatters).
func (s *Setup) foolText() string {
	if s.Copies == [2]PieceType{} && !s.Effect || !s.memoryMatters() {
		return ""
	}
	var sb strings.Builder
	sb.WriteString("fool:")
	for i, t := range s.Copies {
		if i == 1 {
			sb.WriteByte('/')
		}
		if t == 0 {
			sb.WriteByte('-')
		} else {
			sb.WriteString(s.Variant.Letter(t))
		}
	}
	if s.Effect {
		sb.WriteByte('@')
		sb.WriteString(s.FoolMoved.String())
	}
	return sb.String()
}

// setMemory checks and takes a setup's Fools' memory (NewPosition): copied
// types a Fool may copy, and a one-turn effect only for a Fool of the side
// that just moved, which copied a Block or an Immobilizer (both sides then
// copy that type). Where no Fool can ever play, the memory is dropped.
func (p *Position) setMemory(s *Setup) error {
	v := p.v
	p.effect, p.effectSq = effectNone, NoSquare
	for c, t := range s.Copies {
		if t == 0 {
			continue
		}
		if int(t) > len(v.types) {
			return newError(ErrIllegalPosition, fieldFool, -1, "invalid copied type")
		}
		if pw := v.types[t-1].power; pw == powerFool || pw == powerChameleon {
			return newError(ErrIllegalPosition, fieldFool, -1, "a Fool never copies a %s", v.PieceName(t))
		}
		p.imit[c] = t
	}
	if fm := s.FoolMoved; s.Effect {
		mover := p.side.Other()
		pc := p.PieceAt(fm)
		t := p.imit[mover]
		switch {
		case pc == 0 || pc.Color() != mover || v.types[pc.Type()-1].power != powerFool:
			return newError(ErrIllegalPosition, fieldFool, -1, "no %s Fool stands on %s to have just moved", mover, fm)
		case t == 0 || p.imit[p.side] != t:
			return newError(ErrIllegalPosition, fieldFool, -1, "a Fool that just moved copied what both sides' Fools now copy: write fool:X/X@%s", fm)
		case v.types[t-1].Immune:
			p.effect, p.effectSq = effectImmune, fm
		case v.types[t-1].power == powerImmobilizer:
			p.effect, p.effectSq = effectFreeze, fm
		default:
			return newError(ErrIllegalPosition, fieldFool, -1, "only a Fool that copied a Block or an Immobilizer has an effect after its move, not one that copied a %s", v.PieceName(t))
		}
	}
	if !p.memoryMatters() {
		p.imit, p.effect, p.effectSq = [2]PieceType{}, effectNone, NoSquare
	}
	return nil
}

// memoryMatters is Position.memoryMatters for an unchecked setup: a Fool
// stands on the board, or the setup's promotion type and armies let a
// piece promote to one.
func (s *Setup) memoryMatters() bool {
	v := s.Variant
	if v.fools == (typeSet{}) {
		return false
	}
	for _, pc := range s.Board {
		if pc != 0 && int(pc.Type()) <= len(v.types) && v.fools.has(pc.Type()) {
			return true
		}
	}
	choice := v.choice
	if c, ok := promoChoice(s.Promotion); ok && s.Promotion != "" {
		choice = c
	}
	a := v.startArmy
	if s.Army != nil {
		a = armyOfPieces(s.Army)
	}
	return v.foolable(choice, &a)
}
